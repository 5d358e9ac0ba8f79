"""Decision time of the computer players, every level, 3 to 6 players.

Run: ``python benchmarks/bench_decisions.py [--games G] [--levels hard ...]
[--players 6 ...] [--seed S]``.  For each level and player count it plays
``G`` seeded headless games on the real mansion: one seat of that level (the
seat moves round the table from game to game), the others medium, and times
every ``choose`` call of that seat as CPU time (``time.thread_time``, so a busy
machine does not blur it).  A decision includes the seat's knowledge update
(its tracker reads the new events and recounts).  Prints p50/p95/p99/max in ms,
the goal next to p99 and max (p99 <= 300 ms, worst <= 1 s: no
waiting), and the ratio to the figures measured before the speed-up
(:data:`BASELINE`, same command, same seeds) and to the figures before hard's
counts were shared between interchangeable cards and its stated odds
reckoned once per opponent's likeness of deals (:data:`BEFORE_SHARED`).  ``spock``, ``hunter`` and
``solver`` (benchmarks/) are yardsticks, measured the same way; ``per s`` is
decisions per second of CPU (their count over their summed time).  Asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.commands.tournament import (  # noqa: E402
    MAX_ACTIONS,
    _board,
    pct,  # noqa: E402
    seat_player,
)
from game.rules.cards import SUSPECTS  # noqa: E402
from game.rules.engine import Game  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402

LEVELS = ("easy", "medium", "hard", "spock", "hunter", "solver")
#: Goals in ms of CPU.
GOAL_P99, GOAL_MAX = 300.0, 1000.0
#: (level, players) -> (p99 ms, max ms) before the speed-up (commit dc0908d), with the
#: default arguments (``--games 8 --seed 1``), measured on a busy machine.
BASELINE: dict[tuple[str, int], tuple[float, float]] = {
    ('easy', 3): (0.43, 0.71), ('easy', 4): (0.37, 6.0), ('easy', 5): (0.42, 0.65), ('easy', 6): (0.38, 0.57),
    ('medium', 3): (0.95, 7.57), ('medium', 4): (2.65, 3.2), ('medium', 5): (12.32, 13.26), ('medium', 6): (44.7, 51.92),
    ('hard', 3): (12.53, 17.37), ('hard', 4): (43.89, 75.41), ('hard', 5): (156.77, 240.67), ('hard', 6): (361.79, 489.73),
    ('spock', 3): (64.34, 69.94), ('spock', 4): (78.5, 105.5), ('spock', 5): (76.76, 137.38), ('spock', 6): (134.83, 166.99),
}

#: (level, players) -> (p99 ms, max ms) at commit 8558b76, before the joint counts were shared between
#: interchangeable cards (:class:`game.knowledge.counting.Joints`), the draws kept each step's choices and the
#: stated odds reckoned an opponent's part once per likeness of deals; default arguments, measured in the
#: same minutes as the figures after (load average 7-8 on 2 cores): hard at 6 players then p99 127.6, max 164.4.
BEFORE_SHARED: dict[tuple[str, int], tuple[float, float]] = {
    ('easy', 6): (0.97, 1.07), ('medium', 6): (15.59, 19.74), ('hard', 6): (346.39, 376.44),
    ('spock', 6): (65.52, 68.44), ('hunter', 6): (0.25, 0.29), ('solver', 6): (92.23, 100.01),
    ('hard', 3): (158.43, 193.11),
}


def decision_times(level: str, players: int, seed: int) -> list[float]:
    """CPU ms of every decision of the ``level`` seat (seat ``seed % players``,
    the others medium) over one seeded game."""
    seat = seed % players
    levels = ["medium"] * players
    levels[seat] = level
    setup = GameSetup(tuple(SeatConfig(s, "computer", lv) for s, lv in zip(SUSPECTS[:players], levels, strict=True)), seed=seed)
    game = Game.new(_board(), setup)
    bots = [seat_player(lv, seed * 31 + i) for i, lv in enumerate(levels)]
    out = []
    while not game.over and len(game.actions) < MAX_ACTIONS:
        actor = game.actor
        view, legal = game.view(actor), game.legal_actions()
        t0 = time.thread_time()
        action = bots[actor].choose(view, legal)
        if actor == seat:
            out.append((time.thread_time() - t0) * 1000)
        game.apply(action)
    return out




def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=8, help="games per level and player count")
    p.add_argument("--levels", nargs="*", default=list(LEVELS))
    p.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6])
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    print(f"decision CPU time (time.thread_time), ms; goal p99 <= {GOAL_P99:.0f}, max <= {GOAL_MAX:.0f}")
    print(f"{'level':>7} {'players':>7} {'decisions':>9} {'p50':>7} {'p95':>7} {'p99':>8} {'max':>8}"
          f" {'per s':>8}  {'goal':>6}  vs dc0908d (p99, max)  vs 8558b76")
    for level in a.levels:
        for n in a.players:
            xs = sorted(t for g in range(a.games) for t in decision_times(level, n, a.seed + g))
            p99, mx = pct(xs, 0.99), xs[-1]
            ok = "met" if p99 <= GOAL_P99 and mx <= GOAL_MAX else "MISSED"
            base = BASELINE.get((level, n))
            ratio = f"{base[0] / max(p99, 1e-3):.1f}x, {base[1] / max(mx, 1e-3):.1f}x faster" if base else "-"
            before = BEFORE_SHARED.get((level, n))
            ratio2 = f"{before[0] / max(p99, 1e-3):.1f}x, {before[1] / max(mx, 1e-3):.1f}x" if before else "-"
            print(f"{level:>7} {n:>7} {len(xs):>9} {pct(xs, 0.5):>7.2f} {pct(xs, 0.95):>7.2f} {p99:>8.2f} "
                  f"{mx:>8.2f} {len(xs) / max(sum(xs) / 1000, 1e-9):>8.0f}  {ok:>6}  {ratio:<22} {ratio2}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
