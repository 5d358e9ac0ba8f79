"""Speed of the notebook hints (:mod:`game.learning.hints`) over whole games.

Run: ``python benchmarks/bench_hints.py [--games G]``.  Plays seeded headless
board games (3 to 6 players, medium computer players) and card games (3 to 6
players, normal and advanced deck); after every answered question it times
``board_hints`` / ``card_game_hints`` for every seat — what pressing Hint
costs (the notebook works the hints out once per press).  Prints the median,
p95 and maximum time in ms per game kind and table size.  Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.simple import make_player  # noqa: E402
from game.board.tmx import load_board  # noqa: E402
from game.cardgame import events as cev  # noqa: E402
from game.cardgame.ai import make_card_player  # noqa: E402
from game.cardgame.engine import CardGame, CardSetup  # noqa: E402
from game.commands.headless import computer_setup  # noqa: E402
from game.learning.hints import board_hints, card_game_hints  # noqa: E402
from game.rules import events as ev  # noqa: E402
from game.rules.engine import Game  # noqa: E402
from game.storage import paths  # noqa: E402


def _time(fn, view) -> float:
    t0 = time.perf_counter()
    fn(view)
    return (time.perf_counter() - t0) * 1000


def board_times(board, players: int, seed: int) -> list[float]:
    """Hint times (ms) of every seat after each answered suggestion of one board game."""
    game = Game.new(board, computer_setup(players, seed, "medium"))
    ais = [make_player("medium", seed * 7 + i) for i in range(players)]
    out = []
    while not game.over and len(game.actions) < 6000:
        a = game.actor
        new = game.apply(ais[a].choose(game.view(a), game.legal_actions()))
        if any(isinstance(e, (ev.CardShown, ev.NobodyDisproved)) for e in new):
            out += [_time(board_hints, game.view(s)) for s in range(players)]
    return out


def card_times(players: int, seed: int, advanced: bool) -> list[float]:
    """Hint times (ms) of every seat after each answered question of one card game."""
    game = CardGame.new(CardSetup(players=players, seed=seed, advanced=advanced))
    ais = [make_card_player("medium", seed * 7 + i) for i in range(players)]
    out = []
    while not game.over:
        a = game.actor
        new = game.apply(ais[a].choose(game.view(a), game.legal_actions()))
        if any(isinstance(e, (cev.CardShown, cev.NobodyShowed)) for e in new):
            out += [_time(card_game_hints, game.view(s)) for s in range(players)]
    return out


def _line(name: str, times: list[float]) -> str:
    times = sorted(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    return (f"{name:<28} calls {len(times):6d}   median {statistics.median(times):6.2f} ms   "
            f"p95 {p95:6.2f} ms   max {times[-1]:6.2f} ms")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10, help="games per row (default 10)")
    args = p.parse_args(argv)
    board = load_board(paths.MANSION_MAP)
    for n in range(3, 7):
        times = [t for seed in range(args.games) for t in board_times(board, n, seed)]
        print(_line(f"board game, {n} players", times))
    for advanced in (False, True):
        for n in range(3, 7):
            times = [t for seed in range(args.games) for t in card_times(n, seed, advanced)]
            print(_line(f"card game{' +' if advanced else ''}, {n} players", times))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
