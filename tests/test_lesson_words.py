"""Words and layout: the articles the Spanish and Catalan sentences need, the
short bubbles of the guided game, and screens whose text must stay whole and
in its language (the cover, Join with a phone)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.learning import tutorial
from game.text import i18n


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
    question, _sep, warning = AccuseConfirmScene.speech_prompt(SimpleNamespace(cards=cards)).partition("? ")
    assert question + "?" == said
    assert warning in ("If you are wrong, you are out of the race.", "Si te equivocas, quedas fuera.",
                       "Si t'equivoques, quedes fora.")


#: Keys of the lessons that teach what a first game may otherwise leave out.
NEW_RULES = ("tokens", "weapons", "hands", "doorway", "anyroom", "moved", "wait", "unplayed")


@pytest.mark.parametrize("lang", ("en", "es", "ca"))
def test_the_new_lessons_are_short_to_listen_to(lang):
    """Each new bubble takes at most 8 s to say at espeak-ng's default rate
    (:func:`game.ui.voice.speech.estimate_seconds`), translated in every language."""
    from game.ui.voice.speech import estimate_seconds

    i18n.set_language(lang)
    for key in NEW_RULES:
        lesson = next(ls for ls in tutorial.LESSONS if ls.key == key)
        text = i18n._(lesson.text)
        assert lang == "en" or text != lesson.text, (lang, key)       # translated
        assert estimate_seconds(text, lang) <= 8.0, (lang, key, round(estimate_seconds(text, lang), 1))


# ------------------------------------------------------------------ layout
def _scene(scene: str, lang: str, text_size: str = "normal", size=(1280, 720)):
    """A screenshot scene built as ``--screenshot --scene`` builds it, in ``lang`` and ``text_size``."""
    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.screenshots.screens import build_scene

    app = App(size=size, sound=False, threaded_ai=False, settings=Settings(language=lang, text_size=text_size),
              speed=1.0)
    build_scene(app, scene)
    return app


@pytest.mark.parametrize("lang, said", [("es", "Ahora vienen tus cartas y tu libreta."),
                                        ("ca", "Ara venen les teves cartes i la teva llibreta.")])
def test_the_cover_screenshot_says_why_in_its_language(lang, said):
    """The ``cover`` scene's reason line is translated (it showed "Your cards
    and notebook are next." in Spanish and Catalan)."""
    app = _scene("cover", lang)
    try:
        assert type(app.top).__name__ == "CoverScene"
        assert app.top.reason == said
        assert said in app.top.speech_prompt()
    finally:
        app.close()


@pytest.mark.parametrize("lang", ("en", "es", "ca"))
@pytest.mark.parametrize("text_size", ("normal", "large"))
def test_the_phones_intro_is_never_behind_the_seat_cards(lang, text_size):
    """Join with a phone: every line of the intro is drawn above the seats'
    cards (in large text its second line lay behind them), and on screen."""
    import pygame

    from game.ui.draw import theme

    app = _scene("phones", lang, text_size)
    try:
        top = app.top
        cards = [r for _s, r in top.cards()]
        theme.forget_drawn_text()
        top.draw(app.window.surface)
        drawn = list(theme.drawn_text)
        intro = theme.wrap(top.intro(), 1160, theme.SMALL)
        assert len(intro) >= 2 or text_size == "normal"          # large text: the intro takes two lines
        assert drawn
        screen = pygame.Rect(0, 0, 1280, 720)
        for r in drawn:
            assert screen.contains(r), r
            inside = any(c.contains(r) for c in cards)
            assert inside or not any(c.colliderect(r) for c in cards), (r, cards)
    finally:
        app.close()


def _drawn_text(app) -> list:
    """The text rectangles (logical pixels, inked part) the top scene draws in one frame."""
    from game.ui.draw import theme

    theme.forget_drawn_text()
    app.draw()
    return list(theme.drawn_text)


@pytest.mark.parametrize("lang", ("en", "es", "ca"))
@pytest.mark.parametrize("scene, size", [("settings-silent", (1280, 720)), ("settings-silent", (1920, 1080)),
                                         ("board", (1920, 1080)), ("board", (1280, 720))])
def test_large_text_lines_are_whole_and_apart(lang, scene, size):
    """In large text, no line of text runs into another or off the screen:
    the "Read aloud is silent" notice and the footer in Settings, the log's
    top line and its "What happened" header on the board at 1920x1080."""
    import pygame

    app = _scene(scene, lang, "large", size)
    try:
        drawn = _drawn_text(app)
        assert len(drawn) > 5
        screen = pygame.Rect(0, 0, 1280, 720)
        for i, r in enumerate(drawn):
            assert screen.contains(r), r
            assert not [o for o in drawn[i + 1:] if o.colliderect(r)], r
    finally:
        app.close()


@pytest.mark.parametrize("lang", ("en", "es", "ca"))
def test_every_lesson_bubble_is_short_to_listen_to(lang):
    """Every lesson is shown in parts of whole sentences, each at most 8 s to
    say at espeak-ng's rate, that put together are the whole lesson (before,
    bubbles ran up to 15.6 s: 13 of 29 lessons over 8 s in English, 19 in
    Spanish, 20 in Catalan)."""
    from game.ui.lesson.coach import BUBBLE_SECONDS, bubble_parts
    from game.ui.voice.speech import estimate_seconds, sentences

    i18n.set_language(lang)
    cut = 0
    for lesson in tutorial.LESSONS:
        text = i18n._(lesson.text)
        parts = bubble_parts(text, lang)
        assert " ".join(parts) == " ".join(sentences(text)), lesson.key
        for part in parts:
            assert estimate_seconds(part, lang) <= BUBBLE_SECONDS == 8.0, (lesson.key, part)
        cut += len(parts) > 1
    assert cut >= 10                                   # the long lessons really are cut


def test_a_long_lesson_is_read_part_by_part_with_confirm(tmp_path):
    """In the lesson, a long bubble shows its first part; confirm (after the
    read guard) shows the next part under its own key, so read aloud says it,
    and only after the last part is the lesson seen."""
    from game.ui.app import App
    from game.ui.lesson.coach import bubble_parts, play_until
    from game.ui.shell.input import Intent, Kind

    app = App(speed=100.0, threaded_ai=False, sound=False, save_path=tmp_path / "autosave.json")
    try:
        from game.ui.lesson.coach import start_lesson

        app.start()
        start_lesson(app)
        play_until(app, "welcome")
        coach = app.coach
        parts = bubble_parts(i18n._(tutorial.LESSONS[0].text), "en")
        assert len(parts) == 2 and coach.bubble_text == parts[0] and coach.bubble.key == "welcome"
        for _i in range(6):
            app.step(0.1, draw=False)
        app.router.handle(Intent(Kind.CONFIRM, device="keyboard"))
        assert coach.bubble_text == parts[1] and coach.bubble.key == "welcome:2" and coach.lesson.key == "welcome"
        assert "welcome" not in coach.match.seen
        app.router.handle(Intent(Kind.CONFIRM, device="keyboard"))   # within the new part's read guard: kept
        assert coach.bubble_text == parts[1]
        for _i in range(6):
            app.step(0.1, draw=False)
        app.router.handle(Intent(Kind.CONFIRM, device="keyboard"))
        assert "welcome" in coach.match.seen and (coach.bubble is None or coach.lesson.key != "welcome")
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["es", "ca"])
def test_the_lessons_write_the_card_names_as_the_game_does(lang):
    """One convention: a card named in a lesson is written as every other screen writes it
    ("con la Soga", "al Saló", "en la sala" for the Spanish Lounge), not "con la soga" beside
    the log's "la Soga"; a name that begins a sentence keeps its capital."""
    import re

    from game.rules.cards import CARD_NAMES

    i18n.set_language(lang)
    wrong = []
    for c in CARD_NAMES:
        name = i18n.card(c)
        form = re.search(re.escape(name), i18n.card(c, "the"), re.I)
        written = form.group(0) if form else name        # as it stands after its article
        for lesson in tutorial.LESSONS:
            text = i18n._(lesson.text)
            for m in re.finditer(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.I):
                before = text[:m.start()].rstrip()
                starts = not before or before[-1] in ".!?¡¿"
                if m.group(0) not in ((written, written[0].upper() + written[1:]) if starts else (written,)):
                    wrong.append((lesson.key, m.group(0), written))
    assert not wrong, wrong
