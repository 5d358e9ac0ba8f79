"""Equivalence harness: the computer players' choices, recorded and compared.

Plays many seeded all-computer games of both engines through the engine calls
only (``legal_actions()``, ``view(seat)``, ``apply(action)``) and writes one
line per game: the table (seed, players, levels, options) and every action
applied, as ``repr``.  Run it before and after a change to the engines or the
computer players and compare the files byte for byte::

    python -m benchmarks.equivalence --out /tmp/before.txt
    ... change ...
    python -m benchmarks.equivalence --out /tmp/after.txt
    cmp /tmp/before.txt /tmp/after.txt

``--small`` plays the short set the test suite checks against a recorded digest
(tests/test_protocol.py).  Prints ``N games, N actions, sha256``.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from typing import Iterator

#: Board-game levels, mixed round the table.
BOARD_LEVELS = ("simple", "easy", "medium", "hard")
#: Rule sets of the board games: preset name and house switches.
BOARD_RULES = (("classic", ()), ("cluedo-es", ()), ("classic", ("stay", "accuse-in-room")),
               ("classic", ("two-dice", "up-to")), ("cluedo-es", ("stay", "accuse-in-room", "two-dice")))
CARD_LEVELS = ("beginner", "medium", "hard")
#: Card-game levels under the names the recordings were made with: the card game's easy of the
#: recordings is the beginner of today (the same player, renamed when a kinder easy came).
RECORDED_CARD_NAMES = {"beginner": "easy"}
#: Between two actions of a line.
SEP = " ; "


def board_games(seeds: range) -> Iterator[str]:
    """One line per board game: table, then the actions applied (``repr``)."""
    from game.ai.simple import make_player
    from game.commands.headless import computer_setup
    from game.commands.tournament import _board
    from game.rules.engine import Game
    from game.rules.options import preset_options
    from game.rules.setup import GameSetup, SeatConfig

    board = _board()
    for seed in seeds:
        players = 3 + seed % 4
        preset, house = BOARD_RULES[seed % len(BOARD_RULES)]
        levels = tuple(BOARD_LEVELS[(seed + i) % len(BOARD_LEVELS)] for i in range(players))
        base = computer_setup(players, seed, options=preset_options(preset, house))
        setup = GameSetup(tuple(SeatConfig(s.suspect, "computer", lv) for s, lv in zip(base.seats, levels, strict=True)),
                          seed=seed, options=base.options)
        game = Game.new(board, setup)
        bots = [make_player(s.level, seed * 31 + i) for i, s in enumerate(game.setup.seats)]
        while not game.over and len(game.actions) < 3000:
            a = game.actor
            game.apply(bots[a].choose(game.view(a), game.legal_actions()))
        yield f"board seed={seed} rules={preset}+{','.join(house)} levels={levels} | " + \
            SEP.join(repr(x) for x in game.actions)


def card_games(seeds: range) -> Iterator[str]:
    """One line per card game: table, then the actions applied (``repr``)."""
    from game.cardgame.headless import play

    for seed in seeds:
        players = 3 + seed % 4
        levels = tuple(CARD_LEVELS[(seed + i) % len(CARD_LEVELS)] for i in range(players))
        adv, order = bool(seed // 4 % 2), ("turn", "lot")[seed // 8 % 2]
        game = play(players, seed, advanced=adv, levels=levels, order=order)
        recorded = tuple(RECORDED_CARD_NAMES.get(level, level) for level in levels)
        yield f"cards seed={seed} advanced={adv} order={order} levels={recorded} | " + \
            SEP.join(repr(x) for x in game.actions)


def record(board: int, cards: int) -> tuple[list[str], int]:
    """The lines of ``board`` board games and ``cards`` card games, and the number of actions."""
    lines = list(board_games(range(board))) + list(card_games(range(cards)))
    actions = sum(line.count(SEP) + 1 for line in lines if not line.endswith("| "))
    return lines, actions


def digest(lines: list[str]) -> str:
    """sha256 of the lines joined by newlines."""
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--board", type=int, default=60, help="board games (seeds 0..N-1)")
    p.add_argument("--cards", type=int, default=200, help="card games (seeds 0..N-1)")
    p.add_argument("--small", action="store_true", help="the short set of the tests (10 + 10 games)")
    p.add_argument("--out", help="write the lines here (default: only the figures)")
    args = p.parse_args(argv)
    if args.small:
        args.board, args.cards = 10, 10
    lines, actions = record(args.board, args.cards)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} games, {actions} actions, sha256 {digest(lines)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
