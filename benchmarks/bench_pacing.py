"""Pacing benchmark (prints figures; not a test): simulated seconds of each
computer turn, from its ``TurnStarted`` being shown to the next one being
shown (its thinking pauses, log pauses, die, walk and glides included).

It drives the real table scenes (:class:`~game.ui.board.table.BoardScene`,
:class:`~game.ui.cardgame.table.CardTableScene`) of an :class:`~game.ui.app.App`
on the dummy video driver with a fake clock: ``app.step(DT)`` with a fixed
``DT`` and no sleeping, the computer's choice made synchronously
(``threaded_ai=False``), so the figures are simulated seconds, the same on a
busy machine.  All-computer tables, several seeded games, each speed setting.

Run: ``python benchmarks/bench_pacing.py [games]`` (goal: median
<= 2.5 s at normal speed, <= 1 s fast, 0 instant).
"""

from __future__ import annotations

import os
import statistics
import sys
from itertools import pairwise
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: Seconds of one fake-clock frame.
DT = 1 / 60
#: Turns measured per game at most (a whole game is not needed for a median).
MAX_TURNS = 40
SUSPECTS = ("scarlet", "mustard", "white", "green", "peacock", "plum")
TOKENS = ("scarlet", "white", "peacock", "green", "mustard", "plum")


def board_table(app, seed: int, players: int = 4):
    """An all-computer board-game table for ``seed`` (pushed on ``app``)."""
    from game.rules.setup import GameSetup, SeatConfig
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene

    setup = GameSetup(seats=tuple(SeatConfig(s, "computer", "medium") for s in SUSPECTS[:players]), seed=seed)
    scene = BoardScene(app, Match(app.board, setup))
    app.push(scene)
    return scene, "rules"


def card_table(app, seed: int, players: int = 4):
    """An all-computer card-game table for ``seed`` (pushed on ``app``)."""
    from game.cardgame.engine import CardSetup
    from game.ui.cardgame.match import CardMatch
    from game.ui.cardgame.table import CardTableScene

    setup = CardSetup(players=players, seed=seed, levels=("medium",) * players, first=0)
    scene = CardTableScene(app, CardMatch(setup, TOKENS[:players]))
    app.push(scene)
    return scene, "cardgame"


def turn_seconds(make, seed: int, speed: float, max_turns: int = MAX_TURNS) -> list[float]:
    """Simulated seconds of each whole computer turn of one game made by
    ``make(app, seed)`` at ``speed``: from one ``TurnStarted`` shown to the next."""
    import importlib

    from game.ui.app import App

    app = App(seed=seed, sound=False, speed=speed, threaded_ai=False)
    app.start()
    scene, pkg = make(app, seed)
    started = importlib.import_module(f"game.{pkg}.events").TurnStarted
    clock = [0.0]
    marks: list[float] = []
    play = scene.presenter.play

    def timed_play(e):
        if isinstance(e, started):
            marks.append(clock[0])
        play(e)
    scene.presenter.play = timed_play
    limit = 60.0 * (max_turns + 2)
    while len(marks) <= max_turns and not scene.game.over and clock[0] < limit:
        while app.top is not scene and not getattr(app.top, "moment", False):   # an overlay nobody reads
            app.pop()                           # (a moment, plays its time and ends by itself)
        app.step(DT, draw=False)
        clock[0] += DT
    app.close()
    return [b - a for a, b in pairwise(marks)]


def figures(seconds: list[float]) -> str:
    """``median / p90 / max`` of ``seconds``, formatted."""
    s = sorted(seconds)
    p90 = s[min(len(s) - 1, int(0.9 * len(s)))]
    return f"n={len(s):3d}  median {statistics.median(s):5.2f} s  p90 {p90:5.2f} s  max {s[-1]:5.2f} s"


def measure(games: int = 4) -> dict[tuple[str, str], list[float]]:
    """(mode, speed name) -> every turn's seconds over ``games`` seeded games."""
    from game.ui.draw import anim

    out: dict[tuple[str, str], list[float]] = {}
    for mode, make in (("board", board_table), ("cards", card_table)):
        for name, speed in anim.SPEEDS:
            out[mode, name] = [t for seed in range(1, games + 1) for t in turn_seconds(make, seed, speed)]
    return out


def main(games: int = 6) -> None:
    for (mode, name), seconds in measure(games).items():
        print(f"{mode:5s} {name:8s} {figures(seconds)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
