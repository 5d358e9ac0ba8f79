"""Speed of the rules engine: reachable destinations and whole headless games.

Run: ``python benchmarks/bench_rules.py [--repeat R] [--games G]``.  For each
roll (one die: 6; two dice: up to 12) and both movement rules (exact roll, "up
to the roll"), times :func:`game.rules.movement.destinations` from every start
(each corridor square and each room) on the empty mansion, ``R`` times each,
as CPU time (``time.thread_time``, so a busy machine does not blur it).  Per
start the median of the ``R`` runs counts; prints p50/p95/p99/max over the
starts, the worst start, the goal for a roll of 12 (:data:`GOAL_WORST_12`: the
squares to move to show at once, so nobody waits after a roll) and the ratio to main before the speed-up (:data:`BASELINE`).
Then whole headless games.  Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.board.tmx import load_board  # noqa: E402
from game.commands.headless import computer_setup, play  # noqa: E402
from game.commands.tournament import pct  # noqa: E402
from game.rules import movement  # noqa: E402
from game.storage import paths  # noqa: E402

#: Goal for the worst start with a roll of 12, ms of CPU.
GOAL_WORST_12 = 2.0
#: (roll, exact) -> worst start's ms before the speed-up (commit dc0908d, same command).
BASELINE: dict[tuple[int, bool], float] = {(6, True): 0.46, (6, False): 0.09, (12, True): 3.39, (12, False): 0.33}




def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeat", type=int, default=7, help="runs per start (the median counts)")
    p.add_argument("--games", type=int, default=20, help="headless games per player count")
    a = p.parse_args(argv)
    t = time.thread_time()
    board = load_board(paths.MANSION_MAP)
    print(f"map load: {(time.thread_time() - t) * 1000:.1f} ms CPU")
    t = time.thread_time()
    movement.prepare(board)
    print(f"movement tables (once per board): {(time.thread_time() - t) * 1000:.1f} ms CPU")
    starts = list(board.corridor) + list(board.rooms)
    print(f"destinations from each of {len(starts)} starts, CPU ms (median of {a.repeat} runs per start); "
          f"goal: roll 12, worst start <= {GOAL_WORST_12:.0f} ms")
    print(f"{'roll':>4} {'rule':>6} {'p50':>6} {'p95':>6} {'p99':>6} {'max':>6}  {'worst start':<16} "
          f"{'goal':>6}  vs main (max)")
    for steps in (6, 12):
        for exact in (True, False):
            per_start = []
            for s in starts:
                samples = []
                for _ in range(a.repeat):
                    t0 = time.thread_time()
                    movement.destinations(board, s, steps, exact=exact)
                    samples.append((time.thread_time() - t0) * 1000)
                per_start.append((statistics.median(samples), str(s)))
            per_start.sort()
            xs = [ms for ms, _ in per_start]
            worst_ms, worst = per_start[-1]
            goal = ("met" if worst_ms <= GOAL_WORST_12 else "MISSED") if steps == 12 else "-"
            base = BASELINE.get((steps, exact))
            ratio = f"{base / max(worst_ms, 1e-3):.1f}x faster" if base else "-"
            print(f"{steps:>4} {'exact' if exact else 'up to':>6} {pct(xs, 0.5):>6.2f} {pct(xs, 0.95):>6.2f} "
                  f"{pct(xs, 0.99):>6.2f} {worst_ms:>6.2f}  {worst:<16} {goal:>6}  {ratio}", flush=True)
    for n in (3, 4, 5, 6):
        times = []
        for seed in range(a.games):
            t0 = time.thread_time()
            play(board, computer_setup(n, seed))
            times.append(time.thread_time() - t0)
        print(f"headless game, {n} players: median {statistics.median(times) * 1000:.0f} ms CPU over {a.games} seeds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
