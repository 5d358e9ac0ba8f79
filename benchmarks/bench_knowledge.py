"""Speed of the knowledge engine over whole games, 3 to 6 players.

Run: ``python benchmarks/bench_knowledge.py [--games G] [--players N ...]``.
Plays seeded headless games on the real mansion with medium and hard players;
after every suggestion has been answered (a card shown or nobody able to), every
seat's :class:`game.ai.knowledge.Tracker` reads the new events and recounts its
exact knowledge.  Prints p50/p95/p99/max of those update times as CPU time
(``time.thread_time``, so a busy machine does not blur them), with the goal
for 6 players (p95 <= 20 ms, worst <= 100 ms: no waiting) and the
ratio to the figures measured before the speed-up (:data:`BASELINE`,
same command).  A second table times :func:`game.ai.knowledge.joint` (hard's
exact outcome probabilities of a suggestion) on the same views.  Asserts
nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.knowledge import Tracker, joint  # noqa: E402
from game.ai.simple import make_player  # noqa: E402
from game.board.tmx import load_board  # noqa: E402
from game.commands.headless import computer_setup  # noqa: E402
from game.commands.tournament import pct  # noqa: E402
from game.rules import events as ev  # noqa: E402
from game.rules.cards import ROOMS, SUSPECTS, WEAPONS  # noqa: E402
from game.rules.engine import Game  # noqa: E402
from game.storage import paths  # noqa: E402

#: Goals for 6 players, ms of CPU.
GOAL_P95, GOAL_MAX = 20.0, 100.0
#: players -> (p95 ms, max ms) of the update before the speed-up
#: (dc0908d, ``--games 20``, CPU time).
BASELINE: dict[int, tuple[float, float]] = {3: (0.68, 1.2), 4: (2.47, 3.8), 5: (9.81, 21.2), 6: (37.23, 78.0)}
#: players -> (p95 ms, max ms) of joint() before the speed-up (commit dc0908d).
BASELINE_JOINT: dict[int, tuple[float, float]] = {3: (0.59, 1.1), 4: (2.33, 15.7), 5: (8.27, 30.6), 6: (32.19, 242.1)}


def update_times(board, players: int, seed: int, joints: list[float] | None = None) -> list[float]:
    """CPU ms of the knowledge updates of every seat over one whole game; with
    ``joints``, also times one :func:`joint` of a random trio per update into it."""
    setup = computer_setup(players, seed, "medium")
    game = Game.new(board, setup)
    ais = [make_player("hard" if i == 0 else "medium", seed * 7 + i) for i in range(players)]
    trackers = [Tracker() for _ in range(players)]
    rng = random.Random(seed)
    out = []
    while not game.over and len(game.actions) < 6000:
        a = game.actor
        new = game.apply(ais[a].choose(game.view(a), game.legal_actions()))
        if any(isinstance(e, (ev.CardShown, ev.NobodyDisproved)) for e in new):
            for s in range(players):
                v = game.view(s)
                t = time.thread_time()
                trackers[s].update(v)
                out.append((time.thread_time() - t) * 1000)
                if joints is not None:
                    trio = (rng.choice(SUSPECTS), rng.choice(WEAPONS), rng.choice(ROOMS))
                    t = time.thread_time()
                    joint(trackers[s].constraints, trio)
                    joints.append((time.thread_time() - t) * 1000)
    return out




def _row(what: str, n: int, xs: list[float], base: tuple[float, float] | None, goal: bool) -> str:
    xs.sort()
    p95, mx = pct(xs, 0.95), xs[-1]
    mark = ("met" if p95 <= GOAL_P95 and mx <= GOAL_MAX else "MISSED") if goal else "-"
    ratio = f"{base[0] / max(p95, 1e-3):.1f}x, {base[1] / max(mx, 1e-3):.1f}x faster" if base else "-"
    return (f"{what:>7} {n:>7} {len(xs):>7} {pct(xs, 0.5):>7.2f} {p95:>7.2f} {pct(xs, 0.99):>7.2f} {mx:>7.1f}"
            f"  {mark:>6}  {ratio}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6])
    a = p.parse_args(argv)
    board = load_board(paths.MANSION_MAP)
    print(f"knowledge, CPU ms (time.thread_time), {a.games} games per row; goal at 6 players: "
          f"update p95 <= {GOAL_P95:.0f}, max <= {GOAL_MAX:.0f}")
    print(f"{'what':>7} {'players':>7} {'count':>7} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7}  {'goal':>6}  "
          f"vs main (p95, max)")
    for n in a.players:
        times: list[float] = []
        joints: list[float] = []
        for seed in range(a.games):
            times += update_times(board, n, seed, joints)
        print(_row("update", n, times, BASELINE.get(n), n == 6))
        print(_row("joint", n, joints, BASELINE_JOINT.get(n), False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
