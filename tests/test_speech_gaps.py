"""Read aloud, what a child who cannot read still missed: a computer's turn
told in one sentence, every screen and choice spoken, private lines kept to
their screen.  Simulated clocks only (:class:`game.ui.speech.TimedDriver`)."""

from __future__ import annotations

import os
import statistics

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.rules import events as ev  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.ui import anim, speech  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.registry import make  # noqa: E402

#: Seconds of one simulated frame.
DT = 1 / 30


class Clock:
    """Simulated seconds, moved on only by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def timed_app(clock: Clock, lang: str = "en", read_aloud: bool = True) -> App:
    """An app at normal speed, read aloud ``read_aloud``, its lines timed on ``clock``."""
    app = App(seed=11, sound=False, speed=anim.NORMAL, threaded_ai=False,
              settings=Settings(read_aloud=read_aloud, language=lang))
    app.start()
    app.speech.driver = speech.TimedDriver(clock)
    return app


def run(app: App, clock: Clock, seconds: float, until=lambda: False) -> None:
    """Step ``app`` for at most ``seconds`` simulated seconds, or until ``until()``."""
    for _i in range(int(seconds / DT)):
        if until():
            return
        clock.now += DT
        app.step(DT, draw=False)


def computer_table(app: App, seed: int = 1):
    """Four Medium computer players at the board, pushed on ``app``."""
    names = ("scarlet", "mustard", "white", "green")
    board = make("board", app, Match(app.board, GameSetup(
        seats=tuple(SeatConfig(n, "computer", "medium") for n in names), seed=seed)))
    app.push(board)
    return board


def turn_marks(app: App, board, clock: Clock, turns: int) -> list[float]:
    """Simulated seconds at which each of the next ``turns`` turns began."""
    marks: list[float] = []
    play = board.presenter.play

    def timed_play(e):
        if isinstance(e, ev.TurnStarted):
            marks.append(clock.now)
        play(e)
    board.presenter.play = timed_play
    run(app, clock, 60.0 * turns, until=lambda: len(marks) > turns or board.game.over)
    return marks


# ------------------------------------------------------- a computer's turn
@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_a_computers_suggestion_and_its_answer_are_one_sentence(lang):
    clock = Clock()
    app = timed_app(clock, lang)
    try:
        board = computer_table(app)
        turn_marks(app, board, clock, 12)
        lines = app.speech.driver.lines
        expected = {"en": "Colonel Mustard suggests Professor Plum, with the Candlestick, in the Dining Room; "
                          "Mrs. White shows a card.",
                    "es": "El Coronel Rubio sugiere al Profesor Mora, con el Candelabro, en el Comedor; "
                          "la Señora Blanco enseña una carta.",
                    "ca": "El Coronel Rubio suggereix el Professor Mora, amb el Canelobre, al Menjador; "
                          "la Senyora Blanco ensenya una carta."}[lang]
        assert expected in lines
        suggestions = [line for line in lines if " suggests " in line or " sugiere " in line or " suggereix " in line]
        assert len(suggestions) >= 4 and all(";" in line for line in suggestions)   # never the two lines
        assert not any("secret" in line for line in lines)
    finally:
        app.close()


def test_a_computer_turn_read_aloud_takes_at_most_six_seconds_at_normal_speed():
    """The median computer turn, read aloud on, normal speed (it was 6.7 s: a
    suggestion and the card shown were two sentences)."""
    for seed in (1, 2):
        clock = Clock()
        app = timed_app(clock)
        try:
            board = computer_table(app, seed)
            marks = turn_marks(app, board, clock, 30)
            turns = [b - a for a, b in zip(marks, marks[1:])]
            assert len(turns) == 30
            assert statistics.median(turns) <= 6.0, (seed, sorted(turns))
            assert not [h.text for h in app.speech.driver.heard[:-1] if not h.whole]   # none cut short (the
            # last one is still being said)
        finally:
            app.close()
