"""The speed-ups of issue 16 part 3 ("No waiting") change no choice: seeded
games, mostly of hard players (the level whose search was bounded), replay
exactly the actions recorded on main before the speed-up.

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
from game.headless import computer_setup
from game.rules.engine import Game
from game.rules.options import preset_options
from game.rules.setup import GameSetup, SeatConfig
from game.tournament import _board

FULL = Path(__file__).parent / "data" / "hard6_actions.txt"

#: (players, seed, levels round the table, house switches)
CASES = [
    (6, 3, ("hard",) * 6, ()),
    (6, 8, ("hard", "medium", "hard", "medium", "hard", "medium"), ("two-dice",)),
    (5, 5, ("hard",) * 5, ("two-dice", "up-to")),
    (4, 2, ("hard", "easy", "hard", "medium"), ("stay", "accuse-in-room")),
    (3, 7, ("hard", "hard", "medium"), ()),
]

#: Recorded on main (dc0908d) before the speed-up.
DIGESTS = {
    '6p seed 3 hard,hard,hard,hard,hard,hard classic': '44caae64a04d61c15f289716a2bffbbd84de44bf11c4bfa7ca4883cb127ad4b3',
    '6p seed 8 hard,medium,hard,medium,hard,medium two-dice': 'd4b7a26f6c411ab364e93977c22b2f6740693992e45b670bc0e1ad8e5ce094b2',
    '5p seed 5 hard,hard,hard,hard,hard two-dice+up-to': 'd167d1c06e746a8b96db21775f3398ed8503c8d9348b3901f643b28cd658ba16',
    '4p seed 2 hard,easy,hard,medium stay+accuse-in-room': '84de320293391794b24b94fe786e10a18ffc0aba3c73cb329f2c059b1f4eac53',
    '3p seed 7 hard,hard,medium classic': 'a0c4e745e28d1a5ccd13c5fda2234b02b8d07865414a4f311de455f2b454b954',
}


def actions(players: int, seed: int, levels: tuple[str, ...], house: tuple[str, ...]) -> list[str]:
    """The ``repr`` of every action of one seeded all-computer board game."""
    base = computer_setup(players, seed, options=preset_options("classic", house))
    setup = GameSetup(tuple(SeatConfig(s.suspect, "computer", lv) for s, lv in zip(base.seats, levels)),
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
    first = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), None)
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
