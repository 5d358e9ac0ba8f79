"""Calibration of hard's odds: the probability it states against how often it was right.

Run: ``python benchmarks/bench_calibration.py [--yardsticks Y ...] [--games G]
[--seed S] [--workers W] [--players P] [--hard LEVEL]`` (``--hard`` a hard
seat with settings, e.g. ``hard@table_refits=1``, to measure a variant on
the same deals).

For each yardstick (``benchmarks/spock.py``, ``hunter.py``, ``solver.py``) it
plays seated games of one hard against ``P - 1`` of it
(:func:`game.commands.tournament.seated_game`: the same deals, seats and player seeds
as ``benchmarks/bench_ladder.py``).  Hard's odds are read at two kinds of
moment:

* a **gamble**: hard accuses a guess it is not certain of;
* a **weighed moment**: hard may accuse as its turn ends (no suggestion left
  in it), is not certain, and some opponent is still racing it (it weighs a
  gamble there: :meth:`HardPlayer.gambles`); every gamble is also one of
  these.

At each it logs the probability hard states for its best guess
(:meth:`HardPlayer.stated_odds`, what it bets on) and whether the guess is
the envelope.  The reliability table puts them in bins of stated probability
(tenths) and prints, per bin, the count, the mean stated probability, the
observed rate with its 95 % Wilson interval, and ``ok`` when the two are
within 5 points (``--`` below 50 in the bin: too few to judge).  Moments of one
game are not independent, so a weighed-moment interval is a little too narrow.
The last line of each yardstick is hard's share of the games with its
Wilson interval (the ladder's row for those games).  The same ``--seed``
prints the same tables.

``--also LEVEL ...`` (hard seats with settings, e.g. ``hard@table_fitted=0``)
states each variant's odds for the same guess at the same weighed moments of
the same games (the hard seat plays as ``--hard``), and prints the Brier score
of the hard seat's stated odds, then per variant its Brier score minus that
one (below 0: better) with its standard error, each game's moments summed
apart so that a game counts as one draw (a game's moments share its envelope).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.levels import HardPlayer, suggestion_to_come  # noqa: E402
from game.commands.tournament import MAX_ACTIONS, is_gamble, seat_player, seated_game, wilson  # noqa: E402
from game.core.workers import pool_map  # noqa: E402
from game.rules.actions import Accuse  # noqa: E402

YARDSTICKS = ("spock", "hunter", "solver")
#: Bins hold at least this many moments before their gap is judged.
JUDGED = 50
#: The goal: stated and observed within this much (0-1) in every judged bin.
TOLERANCE = 0.05

#: One moment: (stated probability 0-1, guess right, hard gambled there, each ``--also`` variant's stated
#: probability; a gamble certain only through a silent suggestion states 1 for all).
Moment = tuple[float, bool, bool, tuple[float, ...]]


def log_game(args: tuple[int, tuple[str, ...], int, tuple[str, ...]]) -> tuple[bool, list[Moment]]:
    """Play one seated game (``args`` = ``(seed, levels, rotation, variants)``,
    hard first in ``levels``, ``variants`` the ``--also`` levels); returns
    (hard won, its moments)."""
    seed, levels, rotation, variants = args
    game, players = seated_game(seed, levels, rotation)
    me = (len(levels) - rotation) % len(levels)
    hard = players[me]
    others = [seat_player(v, 0) for v in variants]
    moments: list[Moment] = []
    while not game.over and len(game.actions) <= MAX_ACTIONS:
        view, legal = game.view(game.actor), game.legal_actions()
        stated = None
        if game.actor == me and any(isinstance(a, Accuse) for a in legal):
            know = hard.knowledge(view)
            ending = not suggestion_to_come(view, {type(a) for a in legal})
            if know.solution() is None and ending:
                guess, _ = know.best_guess()
                if hard.boldness(view) < 1.0:
                    stated = (hard.stated_odds(view, know, guess), tuple(guess) == tuple(game.envelope),
                              tuple(o.stated_odds(view, o.knowledge(view), guess) for o in others))
        action = players[game.actor].choose(view, legal)
        if game.actor == me and is_gamble(view, action):
            right = (action.suspect, action.weapon, action.room) == tuple(game.envelope)
            if stated is None:      # certain only through a silent suggestion: stated 1
                stated = (1.0, right, (1.0,) * len(others))
            moments.append((stated[0], right, True, stated[2]))
        elif stated is not None:
            moments.append((stated[0], stated[1], False, stated[2]))
        game.apply(action)
    return game.winner == me, moments


def reliability(moments: list[tuple[float, bool]], bins: int = 10) -> list[tuple[str, int, float, float, float, float, str]]:
    """Rows (bin label, count, mean stated, observed rate, Wilson low, high,
    verdict) of ``moments`` = ``[(stated 0-1, right), ...]``, one per
    non-empty bin of width ``1 / bins``; verdict ``ok`` / ``OFF`` when the
    bin holds :data:`JUDGED` or more, else ``--``."""
    rows = []
    for b in range(bins):
        lo_b, hi_b = b / bins, (b + 1) / bins
        xs = [(p, r) for p, r in moments if lo_b <= p < hi_b or (b == bins - 1 and p == 1.0)]
        if not xs:
            continue
        k = sum(r for _, r in xs)
        mean = sum(p for p, _ in xs) / len(xs)
        lo, hi = wilson(k, len(xs))
        rate = k / len(xs)
        verdict = "--" if len(xs) < JUDGED else ("ok" if abs(rate - mean) <= TOLERANCE else "OFF")
        rows.append((f"{lo_b:.1f}-{hi_b:.1f}", len(xs), mean, rate, lo, hi, verdict))
    return rows


def paired_brier(games: list[list[Moment]], variant: int) -> tuple[float, float]:
    """(Brier score of variant ``variant``'s stated odds minus the hard seat's,
    over every moment of ``games``, its standard error), each game's moments
    summed apart so that a game counts as one draw.  ``(0.0, 0.0)`` without
    moments."""
    moments = sum(len(ms) for ms in games)
    if not moments:
        return 0.0, 0.0
    diffs = [sum((m[3][variant] - m[1]) ** 2 - (m[0] - m[1]) ** 2 for m in ms) for ms in games]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / max(len(diffs) - 1, 1)
    return sum(diffs) / moments, (len(diffs) * var) ** 0.5 / moments


def print_table(title: str, moments: list[tuple[float, bool]]) -> bool:
    """Print one reliability table; True when every judged bin is ``ok``."""
    print(f"  {title}: {len(moments)}")
    print(f"    {'stated':9} {'count':>6} {'mean':>6} {'right':>6} {'95% CI':>16}  within 5 points")
    ok = True
    for label, n, mean, rate, lo, hi, verdict in reliability(moments):
        ok &= verdict != "OFF"
        print(f"    {label:9} {n:>6} {mean:>6.1%} {rate:>6.1%} {f'[{lo:.1%}, {hi:.1%}]':>16}  {verdict}")
    return ok


def main(argv: list[str] | None = None) -> int:
    """Command-line entry; returns 0 when every judged bin is within 5 points,
    1 when one is not, 2 for bad arguments."""
    p = argparse.ArgumentParser(prog="python benchmarks/bench_calibration.py",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--yardsticks", nargs="+", default=list(YARDSTICKS), choices=list(YARDSTICKS))
    p.add_argument("--games", type=int, default=600)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--players", type=int, default=3, choices=(3, 4, 5, 6))
    p.add_argument("--hard", default="hard",
                   help="the hard seat, settings allowed (e.g. hard@table_refits=1)")
    p.add_argument("--also", nargs="*", default=[],
                   help="hard seats whose odds are stated beside it at the same moments (e.g. hard@table_fitted=0)")
    a = p.parse_args(argv)
    if a.games < 1 or a.workers < 1:
        print(f"--games and --workers must be 1 or more, not {a.games} and {a.workers}", file=sys.stderr)
        return 2
    for flag, level in [("--hard", a.hard)] + [("--also", v) for v in a.also]:
        try:
            seat = seat_player(level, 0)
        except ValueError as e:
            print(f"{flag} {level}: {e}", file=sys.stderr)
            return 2
        if not isinstance(seat, HardPlayer):
            print(f"{flag} {level}: the seat must be hard (its odds are what is measured), not {seat.level}",
                  file=sys.stderr)
            return 2
    ok = True
    for y in dict.fromkeys(a.yardsticks):
        levels = (a.hard,) + (y,) * (a.players - 1)
        n = len(levels)
        t = time.perf_counter()
        games = pool_map(log_game, [(a.seed + g // n, levels, g % n, tuple(a.also)) for g in range(a.games)],
                         a.workers)
        print(f"{a.hard} vs {a.players - 1} {y}, {a.players} players, seed {a.seed}")
        moments = [m for _, ms in games for m in ms]
        ok &= print_table("gambles", [(s, r) for s, r, g, _ in moments if g])
        ok &= print_table("weighed moments", [(s, r) for s, r, _, _ in moments])
        if a.also and moments:
            brier = sum((s - r) ** 2 for s, r, _, _ in moments) / len(moments)
            print(f"  Brier score of {a.hard}'s stated odds: {brier:.4f} ({len(moments)} moments)")
            for i, v in enumerate(a.also):
                d, se = paired_brier([ms for _, ms in games], i)
                print(f"    {v}: {d:+.4f} ({se:.4f})")
        won = sum(w for w, _ in games)
        lo, hi = wilson(won, len(games))
        print(f"  hard won {won} of {len(games)}: {won / len(games):.1%} [{lo:.1%}, {hi:.1%}]"
              f"  ({time.perf_counter() - t:.0f} s)", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
