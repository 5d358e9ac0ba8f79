"""The independent yardsticks beside ``spock`` (benchmarks/hunter.py,
benchmarks/solver.py): whole seeded games with legal actions only and no wrong
accusation, each plays to its documented style, no code shared with the
game's own computer players, and their place in the tournament."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.hunter import HunterPlayer
from benchmarks.solver import SolverPlayer
from benchmarks.yardkit import INDEX
from game.commands.tournament import MAX_ACTIONS, seat_player, seated_game
from game.rules import events as ev
from game.rules.actions import Accuse, Suggest

ROOT = Path(__file__).resolve().parent.parent

TABLES = [("hunter", "medium", "solver"), ("solver", "solver", "hunter", "medium"),
          ("hunter", "hunter", "easy", "solver", "spock"), ("solver", "hard", "hunter", "medium", "easy", "solver")]


@pytest.mark.parametrize("seed", range(8))
def test_they_play_to_the_end_legally_and_never_accuse_wrongly(seed):
    levels = TABLES[seed % len(TABLES)]
    game, players = seated_game(seed, levels, seed % len(levels))
    while not game.over:
        assert len(game.actions) < MAX_ACTIONS, f"seed {seed}: no end"
        legal = game.legal_actions()
        action = players[game.actor].choose(game.view(game.actor), legal)
        assert action in legal, f"seed {seed}: {action} is not legal"
        game.apply(action)
    ours = {i for i, s in enumerate(game.setup.seats) if s.level in ("hunter", "solver")}
    out = {e.player for e in game.events if isinstance(e, ev.PlayerEliminated)}
    assert not out & ours, f"seed {seed}: a wrong accusation"
    assert game.winner is not None


def test_the_solver_never_loses_the_true_envelope_and_narrows_to_it():
    """At every decision of two solvers the envelope is among their solutions,
    every solution of a seat fits what that seat was shown, and a solver that
    accuses has exactly one left."""
    sizes = []
    for seed in (3, 4):
        game, players = seated_game(seed, ("solver", "medium", "solver"), 0)
        truth = tuple(INDEX[c] for c in game.envelope)
        while not game.over:
            a = game.actor
            view = game.view(a)
            action = players[a].choose(view, game.legal_actions())
            if isinstance(players[a], SolverPlayer):
                sols = players[a].solutions
                assert truth in sols, f"seed {seed}: the envelope was ruled out"
                mine = {INDEX[c] for c in view.hand}
                assert not any(set(t) & mine for t in sols)
                sizes.append(len(sols))
                if isinstance(action, Accuse):
                    assert len(sols) == 1
            game.apply(action)
    assert max(sizes) > 100 and min(sizes) == 1


def test_the_hunter_names_only_cards_it_has_not_located():
    """Every suspect and weapon it names is neither in its hand nor was shown
    to it, unless that category is solved and the card is the envelope's."""
    suggestions = 0
    for seed in (1, 2, 3):
        game, players = seated_game(seed, ("hunter", "medium", "medium", "hunter"), 0)
        while not game.over:
            a = game.actor
            view = game.view(a)
            action = players[a].choose(view, game.legal_actions())
            if isinstance(action, Suggest) and isinstance(players[a], HunterPlayer):
                seen = set(view.hand) | {e.card for e in view.events if isinstance(e, ev.CardShown) and e.to == a}
                assert action.suspect not in seen and action.weapon not in seen, (seed, action)
                assert view.positions[view.suspect] not in seen
                suggestions += 1
            game.apply(action)
    assert suggestions > 20


def _modules_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys; print('\\n'.join(sys.modules))"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    return set(out.stdout.split())


@pytest.mark.parametrize("module", ["benchmarks.hunter", "benchmarks.solver"])
def test_they_share_no_code_with_the_game_players_or_spock(module):
    loaded = _modules_after(f"import {module}")
    assert module in loaded
    shared = {m for m in loaded if m.split(".")[:2] in (["game", "ai"], ["game", "knowledge"])
              or m == "benchmarks.spock"}
    assert not shared


def test_the_tournament_seats_them_but_does_not_import_them_until_asked():
    loaded = _modules_after("import game.commands.tournament")
    assert not {"benchmarks.hunter", "benchmarks.solver"} & loaded
    assert isinstance(seat_player("hunter", 3), HunterPlayer)
    assert isinstance(seat_player("solver", 3), SolverPlayer)
