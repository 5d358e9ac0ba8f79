"""Cost of the detective report (:mod:`game.learning.report`): what pressing a seat's
"Detective report" button on the game-over screen costs in CPU time.

Run: ``python benchmarks/bench_report.py [--games G]``.  Plays seeded
headless board games (3 to 6 players, simple computer players: long games,
many seats that solve the case) and card games (3 to 6 players, normal and
advanced deck), and times ``board_report`` / ``card_game_report`` of every
seat's final view with :func:`time.thread_time` (CPU time of this thread, so
other programs on the machine do not count).  Prints the median, p95 and
maximum in ms per game kind and table size, and how many reports named a
solved turn and a key deduction.  Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.board.tmx import load_board  # noqa: E402
from game.cardgame.ai import make_card_player  # noqa: E402
from game.cardgame.engine import CardGame, CardSetup  # noqa: E402
from game.commands.headless import computer_setup, play  # noqa: E402
from game.learning.report import board_report, card_game_report  # noqa: E402
from game.storage import paths  # noqa: E402


def _time(fn, view) -> tuple[float, object]:
    t0 = time.thread_time()
    r = fn(view)
    return (time.thread_time() - t0) * 1000, r


def board_times(board, players: int, seed: int) -> list[tuple[float, object]]:
    """(CPU ms, report) of every seat at the end of one board game."""
    game = play(board, computer_setup(players, seed, "simple"))
    return [_time(board_report, game.view(s)) for s in range(players)]


def card_times(players: int, seed: int, advanced: bool) -> list[tuple[float, object]]:
    """(CPU ms, report) of every seat at the end of one card game."""
    game = CardGame.new(CardSetup(players=players, seed=seed, advanced=advanced))
    ais = [make_card_player("medium", seed * 7 + i) for i in range(players)]
    while not game.over:
        game.apply(ais[game.actor].choose(game.view(game.actor), game.legal_actions()))
    return [_time(card_game_report, game.view(s)) for s in range(players)]


def _line(name: str, runs: list[tuple[float, object]]) -> str:
    """One row: the time percentiles and how many reports were solved / had a key."""
    times = sorted(t for t, _r in runs)
    solved = sum(1 for _t, r in runs if r.solved_turn is not None)
    keys = sum(1 for _t, r in runs if r.key is not None)
    return (f"{name:<26} reports {len(times):4d}   median {statistics.median(times):6.1f} ms   "
            f"p95 {times[int(0.95 * (len(times) - 1))]:6.1f} ms   max {times[-1]:6.1f} ms   "
            f"solved {solved:3d}   key {keys:3d}")


def rows(board):
    """(row name, seed -> runs) for every game kind and table size."""
    for n in range(3, 7):
        yield f"board game, {n} players", lambda seed, n=n: board_times(board, n, seed)
    for plus in ("", " +"):
        for n in range(3, 7):
            yield f"card game{plus}, {n} players", lambda seed, n=n, plus=plus: card_times(n, seed, bool(plus))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10, help="games per row (default 10)")
    games = p.parse_args(argv).games
    for name, runs in rows(load_board(paths.MANSION_MAP)):
        print(_line(name, [x for seed in range(games) for x in runs(seed)]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
