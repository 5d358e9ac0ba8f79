"""Tournament of computer levels on the real mansion, headless.

``python -m game.commands.tournament --players 4 --seats hard,medium,medium,medium
--games 1000 --seed 1`` plays seeded full-board games.  Each deal (a seed:
suspects, cards, weapons, dice) is played ``players`` times with the levels
rotated one seat further each time, so every level sits in every seat of the
same deals.  Prints, per level:

* win rate with a 95 % Wilson interval (wins per seat-game of that level);
* mean turns to win (the winner's own turns, counting the winning one);
* mean turns until the seat's own knowledge pins the envelope (the exact
  knowledge engine run on that seat's view after every answered or unanswered
  suggestion; the count is the seat's own turns so far; the same yardstick for
  every level; seats that never got there before the game ended are left out,
  their share is printed as "pinned %");
* wrong accusations (total);
* decision time per ``choose`` call: median and p95 in ms.

Uses ``--workers`` processes (default 2).
"""

from __future__ import annotations

import argparse
import logging
import math
import random
import statistics
import time
from dataclasses import dataclass, field

from game.ai.knowledge import Tracker
from game.ai.simple import make_player
from game.core.workers import pool_map
from game.rules import events as ev
from game.rules.actions import Accuse
from game.rules.cards import SUSPECTS
from game.rules.engine import Game
from game.rules.setup import GameSetup, SeatConfig

log = logging.getLogger(__name__)

#: A game still running after this many actions is stopped and counted as
#: a game without a winner (``stuck`` in the summary).
MAX_ACTIONS = 6_000
_BOARD = None


def _board():
    global _BOARD
    if _BOARD is None:
        from game.board.tmx import load_board
        from game.storage import paths

        _BOARD = load_board(paths.MANSION_MAP)
    return _BOARD


@dataclass
class SeatResult:
    """One seat of one game: its level, whether it won, its own turns, the turn
    at which its view pinned the envelope (None if never), whether it accused
    wrongly, and the times (ms) of its decisions."""

    level: str
    won: bool
    turns: int
    pinned_at: int | None
    wrong: bool
    times: list[float] = field(default_factory=list)
    stuck: bool = False
    #: Accusations made while the seat's own exact knowledge was not certain of
    #: the triple (a deliberate gamble), and how many of them were right.
    gambles: int = 0
    gamble_wins: int = 0


#: Levels that live outside ``game`` (yardsticks in ``benchmarks/``): level ->
#: (module, factory).  Imported only when a seat asks for one, so ``game``
#: never imports ``benchmarks`` when it is loaded.
EXTERNAL_LEVELS: dict[str, tuple[str, str]] = {"spock": ("benchmarks.spock", "make_spock"),
                                                "hunter": ("benchmarks.hunter", "make_hunter"),
                                                "solver": ("benchmarks.solver", "make_solver")}


#: Seat settings that are probabilities (0 < value <= 1): hard's gamble
#: thresholds (:meth:`game.ai.levels.HardPlayer.boldness`).
PROBABILITY_SETTINGS = frozenset({"bold", "bold_crowd"})


def seat_player(level: str, seed: int):
    """A computer player of ``level``: the game's own levels
    (:func:`game.ai.simple.make_player`) or one of :data:`EXTERNAL_LEVELS`.
    ``level@name=value+name=value`` (an experiment) sets numeric attributes
    on the player, e.g. ``hard@risk=2``.  Raises ``ValueError`` for an
    unknown level or a name that is not a public number, yes/no or count
    setting of its class, a value that is not a finite number, one that is
    not whole or below 0 for a count, not 0 or 1 for a yes/no one, or
    outside 0 < value <= 1 for one of :data:`PROBABILITY_SETTINGS`."""
    if "@" in level:
        base, _, spec = level.partition("@")
        player = seat_player(base, seed)
        for item in spec.split("+"):
            name, _, value = item.partition("=")
            kind = type(getattr(type(player), name, None))     # declared on the class, not a player's state
            if name.startswith("_") or kind not in (int, float, bool):
                raise ValueError(f"level {base!r} has no setting {name!r}")
            number = _setting_number(base, name, value, whole=kind in (int, bool))
            if kind is bool and number not in (0, 1):
                raise ValueError(f"level {base!r}: setting {name!r} is 0 (off) or 1 (on), not {value!r}")
            if kind is int and number < 0:
                raise ValueError(f"level {base!r}: setting {name!r} is a count, 0 or more, not {value!r}")
            if name in PROBABILITY_SETTINGS and not 0 < number <= 1:
                raise ValueError(f"level {base!r}: setting {name!r} is a probability above 0 and at most 1, "
                                 f"not {value!r}")
            setattr(player, name, kind(number))
        return player
    if level in EXTERNAL_LEVELS:
        import importlib

        module, factory = EXTERNAL_LEVELS[level]
        return getattr(importlib.import_module(module), factory)(seed)
    return make_player(level, seed)


def _setting_number(level: str, name: str, value: str, whole: bool) -> float:
    """``value`` of setting ``name`` as a finite number (a whole one if
    ``whole``).  Raises ``ValueError`` naming the level and the setting."""
    try:
        number = float(value)
    except ValueError:
        number = math.nan       # not a number at all: refused below with nan and inf
    if not math.isfinite(number):
        raise ValueError(f"level {level!r}: setting {name!r} needs a finite number (name=value), not {value!r}")
    if whole and number != int(number):
        raise ValueError(f"level {level!r}: setting {name!r} needs a whole number, not {value!r}")
    return number


def seated_game(seed: int, levels: tuple[str, ...], rotation: int) -> tuple[Game, list]:
    """Deal ``seed`` on the mansion (classic rules) with one seat per level,
    ``levels`` rotated by ``rotation`` round the table, and the computer
    player of each seat (:func:`seat_player`; seat ``i`` seeded with
    ``seed * 31 + i``): what a tournament plays.  Raises ``ValueError`` for an
    unknown level or setting."""
    n = len(levels)
    rng = random.Random(seed ^ 0x70_0A)
    suspects = rng.sample(SUSPECTS, n)
    suspects.sort(key=SUSPECTS.index)  # table order, so rotation moves levels round the table
    lv = levels[rotation:] + levels[:rotation]
    setup = GameSetup(tuple(SeatConfig(s, "computer", level) for s, level in zip(suspects, lv, strict=True)), seed=seed)
    game = Game.new(_board(), setup)
    return game, [seat_player(s.level, seed * 31 + i) for i, s in enumerate(game.setup.seats)]


def is_gamble(view, action) -> bool:
    """Whether ``action`` is an accusation that the plain exact knowledge of
    ``view`` (its seat's view before the action; no silent-suggestion
    assumption) is not certain of: a deliberate gamble, as
    :attr:`SeatResult.gambles` counts it (000 "Accusations" 1-4)."""
    return isinstance(action, Accuse) and \
        Tracker().update(view).solution() != (action.suspect, action.weapon, action.room)


def play_game(args: tuple[int, tuple[str, ...], int, bool]) -> list[SeatResult]:
    """Play deal ``seed`` with ``levels`` rotated by ``rotation`` (``args`` =
    ``(seed, levels, rotation, track)``; ``track`` False skips the per-seat
    "pinned at" count, which costs an exact count per seat after every
    answer); returns one :class:`SeatResult` per seat (all marked ``stuck`` if
    the game had not ended after :data:`MAX_ACTIONS` actions)."""
    seed, levels, rotation, track = args
    n = len(levels)
    game, players = seated_game(seed, levels, rotation)
    trackers = [Tracker() for _ in range(n)]
    res = [SeatResult(s.level, False, 0, None, False) for s in game.setup.seats]
    res[0].turns = 1
    while not game.over:
        if len(game.actions) > MAX_ACTIONS:
            for r in res:
                r.stuck = True
            break
        actor = game.actor
        view = game.view(actor)
        legal = game.legal_actions()
        t0 = time.perf_counter()
        action = players[actor].choose(view, legal)
        res[actor].times.append((time.perf_counter() - t0) * 1000)
        if is_gamble(view, action):
            res[actor].gambles += 1
            res[actor].gamble_wins += game.envelope == (action.suspect, action.weapon, action.room)
        new = game.apply(action)
        if track and any(isinstance(e, (ev.CardShown, ev.NobodyDisproved, ev.PlayerEliminated)) for e in new):
            for i in range(n):
                if res[i].pinned_at is None and trackers[i].update(game.view(i)).solution() is not None:
                    res[i].pinned_at = res[i].turns
        for e in new:
            if isinstance(e, ev.TurnStarted):
                res[e.player].turns += 1
    if game.winner is not None:
        res[game.winner].won = True
    for e in game.events:
        if isinstance(e, ev.PlayerEliminated):
            res[e.player].wrong = True
    return res


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion ``k / n`` (0..1)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``xs``, nearest rank below (NaN when empty); the
    benchmarks print their p50/p95/p99 with it."""
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def summarise(results: list[list[SeatResult]], levels: tuple[str, ...]) -> str:
    """The per-level table as text."""
    lines = []
    games = len(results)
    lines.append(f"{games} games, {len(levels)} players, seats {','.join(levels)}")
    lines.append(f"{'level':8} {'seat-games':>10} {'win rate':>9} {'95% CI':>15} {'turns/win':>9} "
                 f"{'pinned at':>9} {'pinned %':>8} {'wrong acc':>9} {'dec med ms':>10} {'dec p95 ms':>10}")
    for level in dict.fromkeys(levels):
        rows = [r for g in results for r in g if r.level == level]
        n = len(rows)
        wins = [r for r in rows if r.won]
        lo, hi = wilson(len(wins), n)
        pinned = [r.pinned_at for r in rows if r.pinned_at is not None]
        times = [t for r in rows for t in r.times]
        wrong = sum(r.wrong for r in rows)
        lines.append(
            f"{level:8} {n:>10} {len(wins) / n:>9.3f} {f'[{lo:.3f}, {hi:.3f}]':>15} "
            f"{statistics.mean(r.turns for r in wins) if wins else float('nan'):>9.2f} "
            f"{statistics.mean(pinned) if pinned else float('nan'):>9.2f} {len(pinned) / n:>8.1%} "
            f"{wrong:>9} {statistics.median(times) if times else float('nan'):>10.2f} {pct(times, 0.95):>10.2f}")
    no_winner = sum(1 for g in results if not any(r.won for r in g))
    stuck = sum(1 for g in results if g and g[0].stuck)
    lines.append(f"games without a winner: {no_winner} (stopped as stuck: {stuck}); fair share 1/{len(levels)} = {1 / len(levels):.3f}")
    return "\n".join(lines)


def run(players: int, levels: tuple[str, ...], games: int, seed: int, workers: int = 2,
        track: bool = True) -> list[list[SeatResult]]:
    """Play ``games`` games (deals ``seed, seed+1, ...``, each deal ``players``
    times with rotated levels; the last deal may be partial).  ``track``: see
    :func:`play_game`."""
    jobs = [(seed + g // players, levels, g % players, track) for g in range(games)]
    return pool_map(play_game, jobs, workers)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry; returns the exit code (2 for bad arguments)."""
    p = argparse.ArgumentParser(prog="python -m game.commands.tournament", description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, required=True, help="3 to 6")
    p.add_argument("--seats", required=True, help="levels, comma separated, one per seat (beginner, easy, medium, hard, simple; yardsticks spock, hunter, solver)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=2)
    a = p.parse_args(argv)
    levels = tuple(x.strip() for x in a.seats.split(",") if x.strip())
    if not 3 <= a.players <= 6:
        log.error(f"--players must be 3 to 6, not {a.players}")
        return 2
    if a.games < 1 or a.workers < 1:
        log.error("--games and --workers must be 1 or more")
        return 2
    if len(levels) != a.players:
        log.error(f"--seats needs {a.players} levels, got {len(levels)}")
        return 2
    for lv in levels:
        try:
            seat_player(lv, 0)
        except ValueError as exc:
            log.error(exc)
            return 2
    t = time.perf_counter()
    results = run(a.players, levels, a.games, a.seed, a.workers)
    print(summarise(results, levels))
    print(f"wall time {time.perf_counter() - t:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
