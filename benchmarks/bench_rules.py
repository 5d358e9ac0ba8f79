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


def time_destinations(board, start, steps, repeat=30, cold=True):
    """Median and max ms; ``cold`` drops the graph's cached reach masks each time."""
    samples = []
    for _ in range(repeat):
        if cold:
            movement._graph.cache_clear()
            movement._graph(board)
        t = time.perf_counter()
        movement.destinations(board, start, steps)
        samples.append((time.perf_counter() - t) * 1000)
    return statistics.median(samples), max(samples)


def main() -> None:
    t = time.perf_counter()
    board = load_board(paths.MANSION_MAP)
    print(f"map load: {(time.perf_counter() - t) * 1000:.1f} ms")
    t = time.perf_counter()
    movement._graph(board)
    print(f"movement graph build (once per board): {(time.perf_counter() - t) * 1000:.1f} ms")
    starts = list(board.corridor) + list(board.rooms)
    for steps in (6, 12):
        worst, worst_ms = None, -1.0
        for s in starts:
            movement._graph.cache_clear()
            movement._graph(board)
            t0 = time.perf_counter()
            movement.destinations(board, s, steps)
            ms = (time.perf_counter() - t0) * 1000
            if ms > worst_ms:
                worst, worst_ms = s, ms
        med, mx = time_destinations(board, worst, steps)
        wmed, wmx = time_destinations(board, worst, steps, cold=False)
        print(f"destinations, roll {steps:2d}, worst start {worst}: cold median {med:.2f} ms (max {mx:.2f}), "
              f"warm median {wmed:.2f} ms (max {wmx:.2f})")
    for n in (3, 4, 5, 6):
        times = []
        for seed in range(20):
            t0 = time.perf_counter()
            play(board, computer_setup(n, seed))
            times.append(time.perf_counter() - t0)
        print(f"headless game, {n} players: median {statistics.median(times) * 1000:.0f} ms over 20 seeds")


if __name__ == "__main__":
    main()
