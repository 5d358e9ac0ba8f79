"""Whole all-computer games on the real mansion, with invariants checked.

100 seeds for each of 3, 4, 5 and 6 players."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.board.tmx import load_board
from game.commands.headless import computer_setup, play, result_line
from game.rules import events as ev
from game.rules.cards import ALL_CARDS
from game.storage import paths

BOARD = load_board(paths.MANSION_MAP)
ROOT = Path(__file__).resolve().parent.parent


def check_invariants(game) -> None:
    n = len(game.seats)
    # every card in exactly one place
    places = [c for s in game.seats for c in s.hand] + list(game.envelope)
    assert sorted(places) == sorted(ALL_CARDS)
    events = game.events
    for i, e in enumerate(events):
        if not isinstance(e, ev.SuggestionMade):
            continue
        named = {e.suspect, e.weapon, e.room}
        expected = [(e.player + k) % n for k in range(1, n)]
        asked = []
        for f in events[i + 1:]:
            if isinstance(f, ev.CannotDisprove):
                assert not named & game.seats[f.player].hand, "a player passed while holding a named card"
                asked.append(f.player)
            elif isinstance(f, ev.DisproveRequested):
                assert named & game.seats[f.player].hand
                asked.append(f.player)
            elif isinstance(f, ev.CardShown):
                assert f.card in named and f.card in game.seats[f.by].hand and f.to == e.player
                break
            elif isinstance(f, ev.NobodyDisproved):
                assert asked == expected
                break
        # disprove order: from the suggester's left, clockwise, stopping at the first holder
        assert asked == expected[:len(asked)]
    # nobody learns a card that was not shown to them
    for seat in range(n):
        for e in game.view(seat).events:
            if isinstance(e, ev.HandDealt) and e.cards is not None:
                assert e.player == seat
            if isinstance(e, ev.CardShown) and e.card is not None:
                assert seat in (e.by, e.to)
            if isinstance(e, ev.EnvelopeSeen) and e.cards is not None:
                assert e.player == seat
    assert game.over


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_hundred_seeded_games_end_with_invariants(players):
    winners = 0
    for seed in range(100):
        game = play(BOARD, computer_setup(players, seed))
        check_invariants(game)
        assert result_line(game).startswith("RESULT:")
        # the simple player accuses only when certain, so it is never wrong
        assert not any(isinstance(e, ev.PlayerEliminated) for e in game.events)
        winners += game.winner is not None
    assert winners == 100


def test_headless_command_prints_log_and_result():
    out = subprocess.run([sys.executable, "run.py", "--headless", "--players", "3", "--seed", "5"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert lines[0].startswith("The game begins.")
    assert lines[-1].startswith("RESULT:") and "wins" in lines[-1]
    assert any("suggests it was" in line for line in lines)


def test_headless_rejects_bad_player_count():
    out = subprocess.run([sys.executable, "run.py", "--headless", "--players", "9"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "3 to 6" in out.stderr and "Traceback" not in out.stderr
