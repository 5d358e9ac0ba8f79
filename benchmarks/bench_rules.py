"""Speed of the rules engine: reachable destinations and whole headless games.

Run: ``python benchmarks/bench_rules.py``.  Prints figures; asserts nothing."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import paths  # noqa: E402
from game.board.tmx import load_board  # noqa: E402
from game.headless import computer_setup, play  # noqa: E402
from game.rules import movement  # noqa: E402


def main() -> None:
    t = time.perf_counter()
    board = load_board(paths.MANSION_MAP)
    print(f"map load: {(time.perf_counter() - t) * 1000:.1f} ms")
    t = time.perf_counter()
    movement._graph(board)
    print(f"movement graph build (once per board): {(time.perf_counter() - t) * 1000:.1f} ms")
    starts = list(board.corridor) + list(board.rooms)
    for steps in (6, 12):
        per_start = []
        for s in starts:
            samples = []
            for _ in range(5):
                t0 = time.perf_counter()
                movement.destinations(board, s, steps)
                samples.append((time.perf_counter() - t0) * 1000)
            per_start.append((statistics.median(samples), s))
        per_start.sort()
        med_all = statistics.median(ms for ms, _ in per_start)
        worst_ms, worst = per_start[-1]
        print(f"destinations, roll {steps:2d}: median over all {len(starts)} starts {med_all:.2f} ms; "
              f"worst start {worst}: {worst_ms:.2f} ms (median of 5)")
    for n in (3, 4, 5, 6):
        times = []
        for seed in range(20):
            t0 = time.perf_counter()
            play(board, computer_setup(n, seed))
            times.append(time.perf_counter() - t0)
        print(f"headless game, {n} players: median {statistics.median(times) * 1000:.0f} ms over 20 seeds")


if __name__ == "__main__":
    main()
