"""The board game's ladder of computer levels.

Run: ``python benchmarks/bench_ladder.py [--games G] [--seed S] [--workers W] [--write]
[--rows ROW ...]``.  Every row is a seated tournament on the mansion
(:func:`game.commands.tournament.run`: each deal played once per seat with the levels
rotated round the table, so every level sits in every seat of the same deals);
the share is the first level's wins per seat-game, printed with its 95 % Wilson
interval and PASS or FAIL against the row's goal.  ``--games`` overrides every
row's number of games (default: 3,000 for the 3-player rows against a
yardstick and for hard vs 2 medium, 1,200 otherwise).  Every level is
measured against every yardstick (:data:`YARDSTICKS`: spock, hunter and
solver, independent players in ``benchmarks/``): hard and medium vs two of it
at 3 players, hard vs three of it at 4.  The last rows count wrong accusations per level over all the
rows run (the goal is 0 at beginner, easy, medium and every yardstick) and hard's
gambles: accusations its own exact knowledge was not certain of, and how many
were right.  The same ``--seed`` prints the same table.  ``medium-3easy`` has
no goal: it is the figure New game says for medium; ``--write`` rewrites
``game/ai/strength.py`` (where that module exists) from the rows run.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.commands.tournament import SeatResult, run, wilson  # noqa: E402


@dataclass(frozen=True)
class Row:
    """One goal: ``seats`` (the measured level first), the default number of
    ``games``, and the share the first level must reach: at least ``low``
    (and the interval's lower bound at least ``ci_low``), at most ``high``."""

    name: str
    seats: tuple[str, ...]
    games: int
    low: float
    high: float = 1.0
    ci_low: float = 0.0

    def goal(self) -> str:
        """The goal in words, e.g. ``>= 58 %, CI low >= 55 %`` or ``8-18 %``."""
        if self.low == 0.0 and self.high == 1.0:
            return "(no goal)"
        if self.high < 1.0:
            return f"{self.low:.0%}-{self.high:.0%}"
        text = f">= {self.low:.0%}"
        return text + (f", CI low >= {self.ci_low:.0%}" if self.ci_low else "")

    def passes(self, share: float, lo: float) -> bool:
        """Whether ``share`` (0..1, interval lower bound ``lo``) meets the goal."""
        return self.low <= share <= self.high and lo >= self.ci_low


#: The independent players every level is measured against (benchmarks/spock.py,
#: hunter.py, solver.py): none of our levels is tuned against any one of them.
YARDSTICKS = ("spock", "hunter", "solver")


def yardstick_rows(y: str) -> tuple[Row, ...]:
    """The rows against yardstick ``y``: hard and medium vs two of it at 3
    players (3,000 games), hard vs three of it at 4 players (1,200 games)."""
    return (Row(f"hard-2{y}", ("hard", y, y), 3000, 0.57),
            Row(f"medium-2{y}", ("medium", y, y), 3000, 0.34),
            Row(f"hard-3{y}", ("hard", y, y, y), 1200, 0.48))


#: The ladder's rows, hardest level first.
ROWS: dict[str, Row] = {r.name: r for r in (
    Row("hard-2medium", ("hard", "medium", "medium"), 3000, 0.58, ci_low=0.55),
    Row("hard-3medium", ("hard", "medium", "medium", "medium"), 1200, 0.46),
    *(row for y in YARDSTICKS for row in yardstick_rows(y)),
    Row("easy-3medium", ("easy", "medium", "medium", "medium"), 1200, 0.08, 0.18),
    Row("beginner-3easy", ("beginner", "easy", "easy", "easy"), 1200, 0.08, 0.18),
    Row("medium-3easy", ("medium", "easy", "easy", "easy"), 1200, 0.0),
)}
#: The rows whose figures New game says (``--write``): level -> row, one step down the ladder.
STRENGTH_ROWS = {"beginner": "beginner-3easy", "easy": "easy-3medium", "medium": "medium-3easy",
                 "hard": "hard-2medium"}
#: Levels that must never accuse wrongly.
NEVER_WRONG = ("beginner", "easy", "medium") + YARDSTICKS


def share(results: list[list[SeatResult]], level: str) -> tuple[int, int]:
    """(wins, seat-games) of ``level`` in ``results``."""
    rows = [r for g in results for r in g if r.level == level]
    return sum(r.won for r in rows), len(rows)


def main(argv: list[str] | None = None) -> int:
    """Play the rows and print the table; returns 0 if every row passes, else 1."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=None, help="games per row (default: each row's own)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--rows", nargs="*", default=list(ROWS), choices=list(ROWS))
    p.add_argument("--write", action="store_true",
                   help="rewrite game/ai/strength.py (the figures New game says) from the rows run")
    a = p.parse_args(argv)
    print(f"{'match':16} {'players':>7} {'games':>6} {'share':>7} {'95% CI':>16} {'goal':>20}  result")
    wrong: dict[str, int] = {}
    measured: dict[str, dict] = {}
    gambles = gamble_wins = 0
    ok = True
    for name in a.rows:
        row = ROWS[name]
        t = time.perf_counter()
        results = run(len(row.seats), row.seats, a.games or row.games, a.seed, a.workers, track=False)
        k, n = share(results, row.seats[0])
        lo, hi = wilson(k, n)
        passed = row.passes(k / n, lo)
        ok &= passed
        measured[name] = {"opponent": row.seats[1], "players": len(row.seats), "games": n, "won": k,
                          "low": round(lo, 4), "high": round(hi, 4)}
        print(f"{name:16} {len(row.seats):>7} {len(results):>6} {k / n:>7.1%} {f'[{lo:.1%}, {hi:.1%}]':>16} "
              f"{row.goal():>20}  {'PASS' if passed else 'FAIL'}   ({time.perf_counter() - t:.0f} s)", flush=True)
        for g in results:
            for r in g:
                wrong[r.level] = wrong.get(r.level, 0) + r.wrong
                if r.level == "hard":
                    gambles += r.gambles
                    gamble_wins += r.gamble_wins
    for level in sorted(wrong):
        must = level in NEVER_WRONG
        passed = not must or wrong[level] == 0
        ok &= passed
        print(f"wrong accusations, {level}: {wrong[level]}" + (f"  goal 0  {'PASS' if passed else 'FAIL'}" if must else ""))
    if "hard" in wrong:
        print(f"hard's gambles (accusing before its exact knowledge was certain): {gambles}, right {gamble_wins}")
    if a.write:
        write_strength(measured, f"python benchmarks/bench_ladder.py --seed {a.seed}"
                       + (f" --games {a.games}" if a.games else "")
                       + (f" --rows {' '.join(a.rows)}" if a.rows != list(ROWS) else "") + " --write")
    return 0 if ok else 1


def write_strength(measured: dict[str, dict], source: str) -> None:
    """Rewrite ``game/ai/strength.py`` (branch i16-play's figures for New game)
    with the :data:`STRENGTH_ROWS` among ``measured`` (row name -> figures)."""
    try:
        from game.ai import strength
    except ImportError:
        print("game/ai/strength.py is not in this checkout: nothing written")
        return
    board = {level: measured[row] for level, row in STRENGTH_ROWS.items() if row in measured}
    print(f"wrote {strength.write(board, source)}")


if __name__ == "__main__":
    raise SystemExit(main())
