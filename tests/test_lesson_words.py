"""Words read aloud and shown in Spanish and Catalan: the articles the
sentences need, and the short bubbles of the guided game."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game import i18n, tutorial


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang, cards, said", [
    ("en", ("plum", "candlestick", "lounge"), "Accuse Professor Plum, with the Candlestick, in the Lounge?"),
    ("es", ("plum", "candlestick", "lounge"), "¿Acusar al Profesor Mora, con el Candelabro, en la sala?"),
    ("es", ("white", "rope", "kitchen"), "¿Acusar a la Señora Blanco, con la Soga, en la Cocina?"),
    ("ca", ("plum", "candlestick", "lounge"), "Acusar el Professor Mora, amb el Canelobre, al Saló?"),
    ("ca", ("white", "rope", "kitchen"), "Acusar la Senyora Blanco, amb la Corda, a la Cuina?"),
])
def test_the_spoken_accusation_question_has_its_articles(lang, cards, said):
    """The accusation's last question, as read aloud, names each card with
    the article its language needs (before: "¿Acusar a Profesor Mora, con
    Candelabro, en La sala?", "Acusar Professor Mora, amb Canelobre, a Saló?")."""
    from game.ui.scenes.accuse_confirm import AccuseConfirmScene

    i18n.set_language(lang)
    assert AccuseConfirmScene.speech_prompt(SimpleNamespace(cards=cards)) == said


#: Keys of the lessons that teach what a first game may otherwise leave out.
NEW_RULES = ("tokens", "weapons", "hands", "doorway", "anyroom", "moved", "wait", "unplayed")


@pytest.mark.parametrize("lang", ("en", "es", "ca"))
def test_the_new_lessons_are_short_to_listen_to(lang):
    """Each new bubble takes at most 8 s to say at espeak-ng's default rate
    (:func:`game.ui.speech.estimate_seconds`), translated in every language."""
    from game.ui.speech import estimate_seconds

    i18n.set_language(lang)
    for key in NEW_RULES:
        lesson = next(ls for ls in tutorial.LESSONS if ls.key == key)
        text = i18n._(lesson.text)
        assert lang == "en" or text != lesson.text, (lang, key)       # translated
        assert estimate_seconds(text, lang) <= 8.0, (lang, key, round(estimate_seconds(text, lang), 1))
