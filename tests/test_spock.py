"""The ``spock`` yardstick (benchmarks/spock.py): whole seeded
games with legal actions only and no wrong accusation, no code shared with the
game's own computer players, and its place in the tournament."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.spock import SpockPlayer
from game.ai.simple import make_player
from game.commands.tournament import MAX_ACTIONS, _board, seat_player, seated_game
from game.rules import events as ev
from game.rules.cards import SUSPECTS
from game.rules.engine import Game
from game.rules.setup import GameSetup, SeatConfig

ROOT = Path(__file__).resolve().parent.parent


def _play(seed: int, levels: tuple[str, ...]) -> Game:
    # the first len(levels) suspects sit down: the zip stops with the levels
    setup = GameSetup(tuple(SeatConfig(s, "computer", lv) for s, lv in zip(SUSPECTS, levels, strict=False)),
                      seed=seed)
    game = Game.new(_board(), setup)
    seats = [SpockPlayer(seed + i) if lv == "spock" else make_player(lv, seed + i) for i, lv in enumerate(levels)]
    while not game.over:
        assert len(game.actions) < MAX_ACTIONS, f"seed {seed}: no end"
        legal = game.legal_actions()
        action = seats[game.actor].choose(game.view(game.actor), legal)
        assert action in legal, f"seed {seed}: {action} is not legal"
        game.apply(action)
    return game


@pytest.mark.parametrize("seed", range(20))
def test_plays_to_the_end_legally_and_never_accuses_wrongly(seed):
    levels = ("spock", "spock", "medium") if seed % 2 else ("medium", "spock", "spock", "spock")
    game = _play(seed, levels)
    out = {e.player for e in game.events if isinstance(e, ev.PlayerEliminated)}
    assert not out & {i for i, lv in enumerate(levels) if lv == "spock"}, f"seed {seed}: a wrong accusation"
    assert game.winner is not None


def _modules_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys; print('\\n'.join(sys.modules))"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_spock_shares_no_code_with_the_game_players():
    loaded = _modules_after("import benchmarks.spock")
    assert "benchmarks.spock" in loaded
    shared = {m for m in loaded if m.split(".")[:2] in (["game", "ai"], ["game", "knowledge"])}
    assert not shared


def test_the_tournament_seats_spock_but_does_not_import_it_until_asked():
    assert "benchmarks.spock" not in _modules_after("import game.commands.tournament")
    assert isinstance(seat_player("spock", 3), SpockPlayer)
    with pytest.raises(ValueError):
        seat_player("nobody", 0)


def test_spock_does_not_shuttle_between_two_rooms_it_learns_nothing_in():
    """Deal 534 of the ladder's hard-2spock row: hard is out early and both
    spocks only lack the room, which the eliminated hard holds or the envelope
    hides; the nearest rooms (Lounge and Conservatory, a secret passage apart)
    tell them nothing.  They shuttled there until the action cap; now they walk
    on and one of them solves the case."""
    game, players = seated_game(534, ("hard", "spock", "spock"), 0)
    while not game.over and len(game.actions) < MAX_ACTIONS:
        game.apply(players[game.actor].choose(game.view(game.actor), game.legal_actions()))
    assert game.over and len(game.actions) < 600, len(game.actions)
    assert game.winner in (1, 2) and game.envelope == ("green", "lead_pipe", "kitchen")
