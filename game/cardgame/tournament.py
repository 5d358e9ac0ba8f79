"""Card-game tournament: two computer levels against each other.

``python -m game.cardgame.tournament --a hard --b medium --games 400`` plays
``games`` games for each table size 3..6 (normal and advanced deck), seats
alternating between the two levels and the first seat rotating with the seed,
and prints the win share of each level with a 95% interval.  Either level may
be one of :data:`EXTERNAL_LEVELS` (``spock``: the SpockAI-style yardstick in
``benchmarks/card_spock.py``).  :func:`lone` plays one seat of a level against
the rest of another, the seat rotated over the same deals
(``benchmarks/bench_card_ladder.py``)."""

from __future__ import annotations

import argparse
import importlib
import math
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable

from game.cardgame import events as ev
from game.cardgame.ai import CardPlayer, make_card_player
from game.cardgame.headless import play
from game.core.workers import pool_map

#: Levels that live outside ``game`` (yardsticks in ``benchmarks/``): level ->
#: (module, factory).  Imported only when a seat asks for one, so ``game``
#: never imports ``benchmarks`` when it is loaded.
EXTERNAL_LEVELS: dict[str, tuple[str, str]] = {"spock": ("benchmarks.card_spock", "make_card_spock")}


def seat_player(level: str, seed: int) -> CardPlayer:
    """A card-game computer player of ``level``: the game's own levels
    (:func:`game.cardgame.ai.make_card_player`) or one of :data:`EXTERNAL_LEVELS`.
    Raises ``ValueError`` for an unknown level."""
    if level not in EXTERNAL_LEVELS:
        return make_card_player(level, seed)
    make: Callable[[int], CardPlayer] = getattr(importlib.import_module(EXTERNAL_LEVELS[level][0]),
                                                EXTERNAL_LEVELS[level][1])
    return make(seed)


@dataclass(frozen=True)
class LoneResult:
    """One game of :func:`lone`: did the lone seat win, did anybody win, and
    how many wrong accusations the lone seat and the others made."""

    won: bool
    nobody: bool
    wrong_lone: int
    wrong_others: int


def _lone_game(job: tuple[str, str, int, bool, int, int]) -> LoneResult:
    level, other, players, advanced, seed, seat = job
    levels = tuple(level if i == seat else other for i in range(players))
    g = play(players, seed, advanced=advanced, levels=levels, factory=seat_player)
    wrong = [e.player for e in g.events if isinstance(e, ev.AccusationWrong)]
    return LoneResult(g.winner == seat, g.winner is None, wrong.count(seat), len(wrong) - wrong.count(seat))


def lone(level: str, other: str, players: int, advanced: bool, games: int, seed: int = 0,
         workers: int = 1) -> list[LoneResult]:
    """``games`` games of one ``level`` seat against ``players - 1`` seats of
    ``other``: deals ``seed, seed + 1, ...``, each played ``players`` times
    with the lone seat one place further round the table (the last deal may be
    partial), so the result is the same for the same arguments.  Uses
    ``workers`` processes."""
    jobs = [(level, other, players, advanced, seed + g // players, g % players) for g in range(games)]
    return pool_map(_lone_game, jobs, workers)


def run(a: str = "hard", b: str = "medium", games: int = 200, players: Iterable[int] = (3, 4, 5, 6),
        advanced: Iterable[bool] = (False, True)) -> dict[tuple[int, bool], Counter[str]]:
    """Play the games; returns {(players, advanced): Counter(level -> wins, "none")}.
    With an odd table the levels swap the extra seat every other seed."""
    out: dict[tuple[int, bool], Counter[str]] = {}
    for adv in advanced:
        for n in players:
            c: Counter[str] = Counter()
            for seed in range(games):
                levels = tuple(a if (i + seed) % 2 == 0 else b for i in range(n))
                g = play(n, seed, advanced=adv, levels=levels, factory=seat_player)
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
