"""Does a person get turns in the default card game?

Run: ``python benchmarks/bench_card_turns.py [--games G] [--seed S]``.

The default card game started from the title is 4 players with the normal
deck, the person in the first seat, three computer players of
:data:`game.cardgame.ai.DEFAULT_LEVEL` and the first turn drawn by lot
(``game/ui/cardgame/setup.py``).  Each row plays deals ``seed, seed + 1, ...``
with a computer level standing in for the person (it decides as that level
would, so its questions teach the others what a person's would) and counts
the person's turns.  Printed: the share of games in which the person had two
turns or more (95 % Wilson interval), the games a computer won before the
person's second turn, and how often the person won.  Rows besides the default
show why it is the default: stronger opponents, or the person starting.  The
goal: two turns or more in at least 95 % of 1,000 games of the default setup.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cardgame import events as ev  # noqa: E402
from game.cardgame.ai import DEFAULT_LEVEL, make_card_player  # noqa: E402
from game.cardgame.headless import play  # noqa: E402
from game.commands.tournament import wilson  # noqa: E402

#: The person's seat in the default setup (the setup screen puts the person first).
PERSON = 0


def person_turns(seed: int, opponents: str = DEFAULT_LEVEL, stand_in: str = "easy", first: int | None = None,
                 players: int = 4, advanced: bool = False) -> tuple[int, int | None]:
    """(the person's turns, the winner's seat or None) of one game with
    ``players - 1`` computer seats of ``opponents`` and the person (seat
    :data:`PERSON`) played by ``stand_in``; ``first`` as in
    :func:`game.cardgame.headless.play` (None: drawn by lot)."""
    levels = ("human",) + (opponents,) * (players - 1)
    g = play(players, seed, advanced=advanced, levels=levels, first=first,
             factory=lambda lv, s: make_card_player(stand_in if lv == "human" else lv, s))
    return sum(isinstance(e, ev.TurnStarted) and e.player == PERSON for e in g.events), g.winner


def row(opponents: str, stand_in: str, first: int | None, games: int, seed: int) -> str:
    """One markdown row of the table (see the module docstring)."""
    results = [person_turns(s, opponents, stand_in, first) for s in range(seed, seed + games)]
    two = sum(n >= 2 for n, _w in results)
    lo, hi = wilson(two, games)
    early = sum(n < 2 and w not in (None, PERSON) for n, w in results)
    won = sum(w == PERSON for _n, w in results)
    return (f"| {opponents}{' (default)' if opponents == DEFAULT_LEVEL and first is None else ''} | "
            f"{'by lot' if first is None else 'the person'} | {stand_in} | {games} | "
            f"{two / games:.1%} [{lo:.1%}, {hi:.1%}] | {early} | {won / games:.1%} |")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=1000, help="games per row")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    t = time.perf_counter()
    print(f"default card game (4 players, normal deck): {a.games} games per row, seed {a.seed}")
    print("| opponents | first turn | person played as | games | person had 2+ turns [95 %] "
          "| a computer won before the person's 2nd turn | person won |")
    print("|---|---|---|---|---|---|---|")
    rows = [(DEFAULT_LEVEL, stand, None) for stand in ("beginner", "easy", "medium")]
    rows += [(lv, "easy", first) for lv in ("easy", "medium") for first in (None, PERSON)]
    for opponents, stand_in, first in rows:
        print(row(opponents, stand_in, first, a.games, a.seed), flush=True)
    print(f"wall time {time.perf_counter() - t:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
