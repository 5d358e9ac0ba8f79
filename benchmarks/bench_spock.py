"""Decision time of the ``spock`` yardstick (:mod:`benchmarks.spock`).

Run: ``python benchmarks/bench_spock.py [--games G] [--players N ...]``.  Plays
seeded headless games on the real mansion, one spock seat against medium
players, and times every ``choose`` call of the spock seat as CPU time
(``time.thread_time``, so a busy machine does not blur it).  Prints p50, p99
and the maximum in ms per player count.  Asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.spock import SpockPlayer  # noqa: E402
from game.ai.simple import make_player  # noqa: E402
from game.commands.tournament import (  # noqa: E402
    MAX_ACTIONS,
    _board,
    pct,  # noqa: E402
)
from game.rules.cards import SUSPECTS  # noqa: E402
from game.rules.engine import Game  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402


def decision_times(players: int, seed: int) -> list[float]:
    """CPU ms of every decision of the spock seat (seat ``seed % players``) in one game."""
    spock_seat = seed % players
    levels = ["medium"] * players
    levels[spock_seat] = "spock"
    setup = GameSetup(tuple(SeatConfig(s, "computer", lv) for s, lv in zip(SUSPECTS[:players], levels, strict=True)), seed=seed)
    game = Game.new(_board(), setup)
    seats = [SpockPlayer(seed) if lv == "spock" else make_player(lv, seed + i) for i, lv in enumerate(levels)]
    times = []
    while not game.over and len(game.actions) < MAX_ACTIONS:
        actor = game.actor
        view, legal = game.view(actor), game.legal_actions()
        t0 = time.thread_time()
        action = seats[actor].choose(view, legal)
        if actor == spock_seat:
            times.append((time.thread_time() - t0) * 1000)
        game.apply(action)
    return times




def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=10, help="games per player count")
    p.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6])
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    print(f"{'players':>7} {'decisions':>9} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for n in a.players:
        xs = sorted(t for g in range(a.games) for t in decision_times(n, a.seed + g))
        print(f"{n:>7} {len(xs):>9} {pct(xs, 0.5):>8.2f} {pct(xs, 0.99):>8.2f} {xs[-1]:>8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
