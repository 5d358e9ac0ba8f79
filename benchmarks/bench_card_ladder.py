"""The card game's ladder: each level against the next one
up and against the SpockAI-style yardstick (``benchmarks/card_spock.py``).

Run: ``python benchmarks/bench_card_ladder.py [--games G] [--seed S]
[--workers W] [--players 3 4 5 6] [--decks normal advanced]
[--levels beginner easy medium hard]`` (``--levels``: only the rows of
these lone levels).

Each row is one seat of a level against ``players - 1`` seats of its
opponent (:func:`game.cardgame.tournament.lone`): deals ``seed, seed + 1, ...``,
each played once per seat with the lone level one place further round the
table, so a row is the same every time for the same arguments.  Printed: the
lone level's share of the games won with its 95 % Wilson interval, the fair
share (1 / players), the games nobody won, and the wrong accusations of the
lone level and of its opponents (the spock yardstick accuses only when
certain, so its column must stay 0), and the row's goal where it has one
(:data:`GOALS`: a child's rung, easy against medium).  A markdown table,
ready for a note.
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cardgame.ai import LEVELS  # noqa: E402
from game.cardgame.tournament import lone  # noqa: E402
from game.commands.tournament import wilson  # noqa: E402

#: (lone level, opponents, players) -> (lowest, highest) share the row must reach: easy is a rung a
#: child can climb, winning now and then against medium but not as often as a fair share.
GOALS: dict[tuple[str, str, int], tuple[float, float]] = {("easy", "medium", 3): (0.08, 0.18),
                                                          ("easy", "medium", 4): (0.05, 1.0)}


def goal(level: str, other: str, players: int, share: float) -> str:
    """The goal column of a row: "8-18 %: met", ">= 5 %: missed", or "" without a goal."""
    if (level, other, players) not in GOALS:
        return ""
    lo, hi = GOALS[level, other, players]
    words = f"{lo:.0%}-{hi:.0%}" if hi < 1 else f">= {lo:.0%}"
    return f"{words}: {'met' if lo <= share <= hi else 'missed'}"


def matches(levels: tuple[str, ...] = LEVELS) -> list[tuple[str, str]]:
    """(lone level, opponents) of every row: each level against the next one
    up, then each level against ``spock``."""
    return list(pairwise(levels)) + [(lv, "spock") for lv in levels]


def row(level: str, other: str, players: int, advanced: bool, games: int, seed: int, workers: int) -> str:
    """One markdown row of the table (see the module docstring)."""
    res = lone(level, other, players, advanced, games, seed, workers)
    won = sum(r.won for r in res)
    lo, hi = wilson(won, len(res))
    return (f"| {level} vs {players - 1} {other} | {players} | {'advanced' if advanced else 'normal'} | {len(res)} "
            f"| {won / len(res):.1%} [{lo:.1%}, {hi:.1%}] | {1 / players:.1%} | {sum(r.nobody for r in res)} "
            f"| {sum(r.wrong_lone for r in res)} | {sum(r.wrong_others for r in res)} "
            f"| {goal(level, other, players, won / len(res))} |")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=600, help="games per row")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6])
    p.add_argument("--decks", nargs="*", default=["normal", "advanced"], choices=["normal", "advanced"])
    p.add_argument("--levels", nargs="*", default=list(LEVELS), choices=LEVELS, help="only rows of these lone levels")
    a = p.parse_args(argv)
    t = time.perf_counter()
    print(f"card game ladder: {a.games} games per row, seed {a.seed}")
    print("| match | players | deck | games | lone level's share [95 %] | fair | nobody won | wrong acc. (lone) "
          "| wrong acc. (others) | goal |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for level, other in [m for m in matches() if m[0] in a.levels]:
        for deck in a.decks:
            for n in a.players:
                print(row(level, other, n, deck == "advanced", a.games, a.seed, a.workers), flush=True)
    print(f"wall time {time.perf_counter() - t:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
