"""What a listener who cannot read still met, each decided by ear: the hot-seat
cover heard whole however Enter is mashed, the repeat key saying who is to
press what.  Simulated clocks only (:class:`game.ui.voice.speech.TimedDriver`)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules import events as ev  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.ui.shell.registry import is_scene  # noqa: E402
from tests.inputs import defaults_after, key  # noqa: E402,F401
from tests.test_speech import two_people  # noqa: E402
from tests.test_speech_gaps import DT, Clock, run, settle, timed_app  # noqa: E402

#: The hot-seat cover for Miss Scarlet (seat 0), by ear: its first and its last sentence, in each language.
COVER = {"en": ("Pass to Miss Scarlet.", "Press Enter when Miss Scarlet is ready."),
         "es": ("Pásaselo a la Señorita Amapola.", "Pulsa Intro cuando la Señorita Amapola pueda mirar."),
         "ca": ("Passa-ho a la Senyoreta Amapola.", "Prem Intro quan la Senyoreta Amapola estigui a punt.")}


def _cover(clock: Clock, lang: str):
    """Two people at the board (normal speed, timed speech in ``lang``), a card shown
    to Miss Scarlet: her cover on top.  Returns (app, cover)."""
    app = timed_app(clock, lang)
    board = two_people(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    settle(app, clock)
    board.presenter.card_shown(ev.CardShown(by=1, to=0, card="rope"))
    assert is_scene(app.top, "cover")
    return app, app.top


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_mashing_enter_on_a_cover_never_cuts_whom_it_is_for_and_repeat_says_what_to_press(lang):
    clock = Clock()
    app, cover = _cover(clock, lang)
    driver = app.speech.driver
    first = len(driver.heard)
    for _i in range(20):                 # Enter mashed every 0.1 s for 2 s: the cover's guard holds
        key(app, pygame.K_RETURN, dt=DT, draw=False)
        clock.now += DT
        run(app, clock, 2 * DT)
    assert app.top is cover and cover.too_soon
    settle(app, clock)
    heard = driver.heard[first:]
    title, last = COVER[lang]
    said = [h.text for h in heard]
    assert title in said and last in said, said
    assert all(h.whole for h in heard if h.text in (title, last))     # neither cut by a press that did nothing
    assert driver.stops == 0
    count = len(driver.heard)
    key(app, pygame.K_r, dt=DT, draw=False)                          # R: who is to press what, again
    settle(app, clock)
    assert [h.text for h in driver.heard[count:]] == [last] and app.top is cover
    app.close()
