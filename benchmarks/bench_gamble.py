"""Hard's gamble thresholds, replayed over decision logs.

Run: ``python benchmarks/bench_gamble.py [--rows ROW ...] [--games G] [--seed S]
[--workers W] [--thresholds T ...]``.

Each row plays a seated tournament (:func:`game.commands.tournament.seated_game`: the
same deals, seats and player seeds as ``benchmarks/bench_ladder.py`` and
``python -m game.commands.tournament``) with a hard that never gambles
(``hard@bold=1+bold_crowd=1``) against the row's opponents.  At every choice
where hard may accuse and is not certain, it logs the probability it states
for its best guess (:meth:`HardPlayer.stated_odds`, what
:meth:`HardPlayer.accusation` bets on), whether that
guess is the envelope, and how many opponents are still playing.

A threshold ``t`` is then replayed: in each game, the first logged choice
with probability ``>= t`` becomes an accusation, won if the guess was right
and lost otherwise; a game where no choice reaches ``t`` keeps its real
result.  Each choice also logs whether its turn is ending (no suggestion
left in it), and a threshold is replayed twice: at any choice, and ("late")
only at a turn's end, as hard does (:attr:`HardPlayer.gamble_late`).  Nothing before that choice depends on the threshold, so the replay
is exact: it is the share a real run with ``hard@bold=t+bold_crowd=t`` wins on
the same deals (a test checks this).  A gamble is counted as the tournament
counts one (:class:`game.commands.tournament.SeatResult`): an accusation its plain
exact knowledge was not certain of, so the accusation hard makes once a
silent suggestion is ruled out (:func:`~game.ai.levels.silent_suggestions`)
counts too; each game logs it (its rightness, or None) and the replay takes
it where no threshold fired first.  The table prints, per row and threshold,
the share with its 95 % Wilson interval, the gambles and how many were right;
the last line of a row replays hard as it is (``bold`` with one or two
opponents still playing, ``bold_crowd`` with three or more, never alone).

The rows against the yardsticks (``2hunter``, ``2solver``, ``3spock``,
``3hunter``, ``3solver``; run only when named in ``--rows``) replay the same thresholds against the other yardsticks, so that a
threshold that gains against two spock is seen not to lose against another
style (figures of 2026-12-07 in docs/levels.md, "Gambling earlier when an
opponent looks close").

Figures of 2026-12-02 (1,200 games a row, seed 1) are in docs/levels-history.md
and in the comments of ``HardPlayer.bold``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.levels import HardPlayer, opponents_in_race, suggestion_to_come  # noqa: E402
from game.commands.tournament import MAX_ACTIONS, is_gamble, seated_game, wilson  # noqa: E402
from game.core.workers import pool_map  # noqa: E402
from game.rules.actions import Accuse  # noqa: E402

#: Row name -> the opponents of the one hard seat.
ROWS: dict[str, tuple[str, ...]] = {
    "2spock": ("spock", "spock"),
    "2medium": ("medium", "medium"),
    "3medium": ("medium", "medium", "medium"),
    "4medium": ("medium", "medium", "medium", "medium"),
    # the yardsticks (benchmarks/hunter.py, solver.py), to check a threshold
    # chosen against spock loses nothing against another style
    "2hunter": ("hunter", "hunter"),
    "2solver": ("solver", "solver"),
    "3spock": ("spock", "spock", "spock"),
    "3hunter": ("hunter", "hunter", "hunter"),
    "3solver": ("solver", "solver", "solver"),
}
#: The rows run when ``--rows`` is not given.
DEFAULT_ROWS = ("2spock", "2medium", "3medium", "4medium")
NEVER = "hard@bold=1+bold_crowd=1"


Log = list[tuple[float, bool, int, bool]]
#: One game: (hard won, its :data:`Log`, its accusation certain only through a
#: silent suggestion -- right or wrong -- or None when it made none such).
GameLog = tuple[bool, Log, bool | None]


def log_game(args: tuple[int, tuple[str, ...], int]) -> GameLog:
    """Play one seated game (``args`` = ``(seed, levels, rotation)``, the
    never-gambling hard first in ``levels``); returns (hard won, its log:
    ``(stated probability 0-1, guess right,
    opponents still playing, the turn is ending)`` at every new choice where
    it may accuse and is not certain; the turn is ending when no suggestion
    is left in it, :func:`~game.ai.levels.suggestion_to_come`; whether an
    accusation it made that the plain exact knowledge was not certain of
    -- certain through a silent suggestion -- was right, else None)."""
    seed, levels, rotation = args
    game, players = seated_game(seed, levels, rotation)
    me = (len(levels) - rotation) % len(levels)
    log: Log = []
    silent: bool | None = None
    last = -1
    while not game.over and len(game.actions) <= MAX_ACTIONS:
        view, legal = game.view(game.actor), game.legal_actions()
        if game.actor == me and len(view.events) != last and any(isinstance(a, Accuse) for a in legal):
            last = len(view.events)
            hard = players[me]
            know = hard.knowledge(view)
            if know.solution() is None:
                guess, _ = know.best_guess()
                ending = not suggestion_to_come(view, {type(a) for a in legal})
                log.append((hard.stated_odds(view, know, guess), tuple(guess) == tuple(game.envelope),
                            opponents_in_race(view), ending))
        action = players[game.actor].choose(view, legal)
        if game.actor == me and is_gamble(view, action):
            silent = (action.suspect, action.weapon, action.room) == tuple(game.envelope)
        game.apply(action)
    return game.winner == me, log, silent


def replay_games(logs: list[GameLog], bold: float, bold_crowd: float,
                 late: bool = HardPlayer.gamble_late) -> list[tuple[bool, bool | None]]:
    """Per game, (won, the gamble's guess was right or None without a
    gamble) had hard accused at the first logged choice where it would, by
    its own rule (:meth:`HardPlayer.threshold` and :meth:`HardPlayer.gambles`;
    with ``late``, only where its turn is ending); where none fires, the
    accusation certain only through a silent suggestion, if any, is the
    gamble (as the tournament counts it)."""
    out = []
    for real, log, silent in logs:
        hit = next((right for p, right, opp, ending in log
                    if (ending or not late)
                    and HardPlayer.gambles(HardPlayer.threshold(opp, bold, bold_crowd), p)), None)
        out.append((real if hit is None else hit, silent if hit is None else hit))
    return out


def replay(logs: list[GameLog], bold: float, bold_crowd: float,
           late: bool = HardPlayer.gamble_late) -> tuple[int, int, int]:
    """(games won, gambles, gambles right) of :func:`replay_games`."""
    games = replay_games(logs, bold, bold_crowd, late)
    return (sum(w for w, _ in games), sum(h is not None for _, h in games), sum(h is True for _, h in games))


def main(argv: list[str] | None = None) -> int:
    """Command-line entry; returns the exit code (2 for bad arguments)."""
    p = argparse.ArgumentParser(prog="python benchmarks/bench_gamble.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--rows", nargs="+", default=list(DEFAULT_ROWS), choices=list(ROWS))
    p.add_argument("--games", type=int, default=1200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--thresholds", type=float, nargs="+", default=[0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7])
    a = p.parse_args(argv)
    if a.games < 1 or a.workers < 1:
        print(f"--games and --workers must be 1 or more, not {a.games} and {a.workers}", file=sys.stderr)
        return 2
    if not all(0 < t <= 1 for t in a.thresholds):
        print(f"--thresholds must be above 0 and at most 1, not {a.thresholds}", file=sys.stderr)
        return 2
    print(f"{'row':9} {'threshold':>18} {'games':>6} {'share':>7} {'95% CI':>16} {'gambles':>8} {'right':>6}")
    for name in dict.fromkeys(a.rows):
        levels = (NEVER, *ROWS[name])
        n = len(levels)
        t = time.perf_counter()
        logs = pool_map(log_game, [(a.seed + g // n, levels, g % n) for g in range(a.games)], a.workers)
        lines = [("never", 1.0, 1.0, False)]
        lines += [(f"{x:g}{' late' if late else ''}", x, x, late) for late in (False, True) for x in a.thresholds]
        lines.append((f"as it is {HardPlayer.bold:g}/{HardPlayer.bold_crowd:g}", HardPlayer.bold,
                      HardPlayer.bold_crowd, HardPlayer.gamble_late))
        for label, bold, crowd, late in lines:
            k, g, r = replay(logs, bold, crowd, late)
            lo, hi = wilson(k, len(logs))
            print(f"{name:9} {label:>18} {len(logs):>6} {k / len(logs):>7.1%} {f'[{lo:.1%}, {hi:.1%}]':>16} "
                  f"{g:>8} {r:>6}", flush=True)
        print(f"{name:9} ({time.perf_counter() - t:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
