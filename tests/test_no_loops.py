"""No computer player keeps a board game going: seeded games of every level of
ours (beginner, easy, medium, hard) mixed with every yardstick (spock, hunter,
solver), at 3 to 6 players, under the classic rules (000) and the Spanish
Cluedo preset (001), each end well inside the tournament's action cap.

The normal suite plays :data:`QUICK` games; ``python -m pytest -m slow
tests/test_no_loops.py`` plays :data:`SOAK` more.  A game is bounded by the cap
itself, so the test's run time is bounded by the number of games.
"""

from __future__ import annotations

import random

import pytest

from game.commands.headless import computer_setup
from game.commands.tournament import MAX_ACTIONS, _board, seat_player
from game.rules.engine import Game
from game.rules.options import preset_options
from game.rules.setup import GameSetup, SeatConfig

LEVELS = ("beginner", "easy", "medium", "hard", "spock", "hunter", "solver")
PRESETS = ("classic", "cluedo-es")
#: Well inside the cap: the longest of 270 seeded games of such mixes took 346 actions.
WELL_INSIDE = MAX_ACTIONS // 5
QUICK = 28
SOAK = 400


def table(seed: int) -> tuple[int, str, tuple[str, ...]]:
    """(players, preset, levels round the table) of game ``seed``: every player
    count and both presets in turn, the levels drawn from :data:`LEVELS`, each
    level at least once in every run of seven seeds."""
    players = 3 + seed % 4
    preset = PRESETS[seed // 4 % 2]
    rng = random.Random(seed)
    levels = [LEVELS[seed % len(LEVELS)]] + [rng.choice(LEVELS) for _ in range(players - 1)]
    rng.shuffle(levels)
    return players, preset, tuple(levels)


def actions_to_end(seed: int) -> int:
    """Play game ``seed`` (see :func:`table`) to its end or to the cap; returns
    the number of actions taken (:data:`MAX_ACTIONS` + 1 if it never ended)."""
    players, preset, levels = table(seed)
    base = computer_setup(players, seed, options=preset_options(preset))
    setup = GameSetup(tuple(SeatConfig(s.suspect, "computer", lv) for s, lv in zip(base.seats, levels, strict=True)),
                      seed=seed, options=base.options)
    game = Game.new(_board(), setup)
    bots = [seat_player(lv, seed * 31 + i) for i, lv in enumerate(levels)]
    while not game.over:
        if len(game.actions) > MAX_ACTIONS:
            return MAX_ACTIONS + 1
        a = game.actor
        game.apply(bots[a].choose(game.view(a), game.legal_actions()))
    return len(game.actions)


def test_the_tables_cover_every_level_count_and_preset():
    tables = [table(s) for s in range(QUICK)]
    assert {lv for _n, _p, levels in tables for lv in levels} == set(LEVELS)
    assert {(n, p) for n, p, _ in tables} == {(n, p) for n in range(3, 7) for p in PRESETS}


@pytest.mark.parametrize("seed", range(QUICK))
def test_every_game_ends_well_inside_the_cap(seed):
    assert actions_to_end(seed) < WELL_INSIDE, table(seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(QUICK, QUICK + SOAK))
def test_every_game_of_many_ends_well_inside_the_cap(seed):
    assert actions_to_end(seed) < WELL_INSIDE, table(seed)
