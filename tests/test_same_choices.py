"""The speed-ups of the search (so that nobody waits) change no choice: seeded
games, mostly of hard players (the level whose search was bounded), replay
exactly the actions recorded before the speed-up.

Each case is (players, seed, levels, rules); the digest is the sha256 of the
``repr`` of every action applied, one per line.  One 6-player all-hard game is
also kept in full (tests/data/hard6_actions.txt) so a difference shows where it
starts.  Re-record (only for a deliberate change of strategy) with
``python -m tests.test_same_choices``.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

from game.ai.simple import make_player
from game.commands.headless import computer_setup
from game.commands.tournament import _board
from game.rules.engine import Game
from game.rules.options import preset_options
from game.rules.setup import GameSetup, SeatConfig

FULL = Path(__file__).parent / "data" / "hard6_actions.txt"

#: (players, seed, levels round the table, house switches)
CASES = [
    (6, 3, ("hard",) * 6, ()),
    (6, 8, ("hard", "medium", "hard", "medium", "hard", "medium"), ("two-dice",)),
    (5, 5, ("hard",) * 5, ("two-dice", "up-to")),
    (4, 2, ("hard", "easy", "hard", "medium"), ("stay", "accuse-in-room")),
    (3, 7, ("hard", "hard", "medium"), ()),
]

#: sha256 of each game's actions.  Re-recorded only when a level's play changes on
#: purpose (which games changed, and why, is kept in docs/levels-history.md, "Recorded games").
DIGESTS = {
    '6p seed 3 hard,hard,hard,hard,hard,hard classic': '5143e88b84301adf02639b38f1b29df603ee8e569dbb1f7cf1dcbe82e629f1ce',
    '6p seed 8 hard,medium,hard,medium,hard,medium two-dice': '3863806f0c784edeb5dfa3e9de4fb893927ed345f6d4f1e627720b70dec59de7',
    '5p seed 5 hard,hard,hard,hard,hard two-dice+up-to': '98312c9aa9409513e278c072741de262acc89a5667487f55d433f179d7e8326f',
    '4p seed 2 hard,easy,hard,medium stay+accuse-in-room': '8c84738dc3ab15b1e2d041765229cd9651f78c30a2170ef94d82079d5e26dbec',
    '3p seed 7 hard,hard,medium classic': '1caca33d96471775f0b3d9a8961990a428038d1779151cd6a34a89156385d405',
}


def actions(players: int, seed: int, levels: tuple[str, ...], house: tuple[str, ...]) -> list[str]:
    """The ``repr`` of every action of one seeded all-computer board game."""
    base = computer_setup(players, seed, options=preset_options("classic", house))
    setup = GameSetup(tuple(SeatConfig(s.suspect, "computer", lv) for s, lv in zip(base.seats, levels, strict=True)),
                      seed=seed, options=base.options)
    game = Game.new(_board(), setup)
    bots = [make_player(lv, seed * 31 + i) for i, lv in enumerate(levels)]
    while not game.over and len(game.actions) < 3000:
        a = game.actor
        game.apply(bots[a].choose(game.view(a), game.legal_actions()))
    return [repr(x) for x in game.actions]


def digest(lines: list[str]) -> str:
    """sha256 of the lines joined by newlines."""
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def _key(case) -> str:
    players, seed, levels, house = case
    return f"{players}p seed {seed} {','.join(levels)} {'+'.join(house) or 'classic'}"


def test_the_full_six_player_hard_game_is_unchanged():
    want = FULL.read_text(encoding="utf-8").splitlines()
    got = actions(*CASES[0])
    # a game shorter or longer than the record fails on the lengths below, after the first difference
    first = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), None)
    assert first is None and len(got) == len(want), f"first difference at action {first}"


@pytest.mark.parametrize("case", CASES[1:], ids=_key)
def test_seeded_games_make_the_recorded_choices(case):
    assert digest(actions(*case)) == DIGESTS[_key(case)]


if __name__ == "__main__":
    FULL.parent.mkdir(exist_ok=True)
    FULL.write_text("\n".join(actions(*CASES[0])) + "\n", encoding="utf-8")
    for c in CASES:
        print(f"    {_key(c)!r}: {digest(actions(*c))!r},")
    sys.exit(0)
