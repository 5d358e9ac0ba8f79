"""Speed of the knowledge engine over whole games, 3 to 6 players.

Run: ``python benchmarks/bench_knowledge.py [--games G]``.  Plays seeded
headless games on the real mansion with medium and hard players; after every
suggestion has been answered (a card shown or nobody able to), every seat's
:class:`game.ai.knowledge.Tracker` reads the new events and recounts its exact
knowledge.  Prints the median, p95 and maximum of those update times in ms.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import paths  # noqa: E402
from game.ai.knowledge import Tracker  # noqa: E402
from game.ai.simple import make_player  # noqa: E402
from game.board.tmx import load_board  # noqa: E402
from game.headless import computer_setup  # noqa: E402
from game.rules import events as ev  # noqa: E402
from game.rules.engine import Game  # noqa: E402


def update_times(board, players: int, seed: int) -> list[float]:
    """Knowledge update times (ms) of every seat over one whole game."""
    setup = computer_setup(players, seed, "medium")
    game = Game.new(board, setup)
    ais = [make_player("hard" if i == 0 else "medium", seed * 7 + i) for i in range(players)]
    trackers = [Tracker() for _ in range(players)]
    out = []
    while not game.over and len(game.actions) < 6000:
        a = game.actor
        new = game.apply(ais[a].choose(game.view(a), game.legal_actions()))
        if any(isinstance(e, (ev.CardShown, ev.NobodyDisproved)) for e in new):
            for s in range(players):
                v = game.view(s)
                t = time.perf_counter()
                trackers[s].update(v)
                out.append((time.perf_counter() - t) * 1000)
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=20)
    a = p.parse_args()
    board = load_board(paths.MANSION_MAP)
    for n in (3, 4, 5, 6):
        times: list[float] = []
        for seed in range(a.games):
            times += update_times(board, n, seed)
        times.sort()
        print(f"knowledge update, {n} players: median {statistics.median(times):.2f} ms, "
              f"p95 {times[int(0.95 * len(times))]:.2f} ms, max {times[-1]:.1f} ms "
              f"({len(times)} updates over {a.games} games)")


if __name__ == "__main__":
    main()
