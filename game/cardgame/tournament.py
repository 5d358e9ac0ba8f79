"""Card-game tournament: two computer levels against each other.

``python -m game.cardgame.tournament --a hard --b medium --games 400`` plays
``games`` games for each table size 3..6 (normal and advanced deck), seats
alternating between the two levels and the first seat rotating with the seed,
and prints the win share of each level with a 95% interval."""

from __future__ import annotations

import argparse
import math
from collections import Counter

from game.cardgame.headless import play


def run(a: str = "hard", b: str = "medium", games: int = 200, players=(3, 4, 5, 6),
        advanced=(False, True)) -> dict[tuple[int, bool], Counter]:
    """Play the games; returns {(players, advanced): Counter(level -> wins, "none")}.
    With an odd table the levels swap the extra seat every other seed."""
    out: dict[tuple[int, bool], Counter] = {}
    for adv in advanced:
        for n in players:
            c: Counter = Counter()
            for seed in range(games):
                levels = tuple(a if (i + seed) % 2 == 0 else b for i in range(n))
                g = play(n, seed, advanced=adv, levels=levels)
                c[levels[g.winner] if g.winner is not None else "none"] += 1
                c["seats_" + a] += levels.count(a)
            out[(n, adv)] = c
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--a", default="hard")
    p.add_argument("--b", default="medium")
    p.add_argument("--games", type=int, default=200)
    args = p.parse_args(argv)
    res = run(args.a, args.b, args.games)
    print(f"players deck      {args.a:>6} {args.b:>6}  none  {args.a} share (95%)  {args.a} seat share")
    for (n, adv), c in res.items():
        total = args.games
        share = c[args.a] / total
        half = 1.96 * math.sqrt(share * (1 - share) / total)
        seat_share = c["seats_" + args.a] / (total * n)
        print(f"{n:>7} {'advanced' if adv else 'normal  '} {c[args.a]:>6} {c[args.b]:>6} {c['none']:>5}"
              f"  {share:.2f} ± {half:.2f}          {seat_share:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
