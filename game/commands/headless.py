"""Play a whole all-computer game without a window (``run.py --headless``)."""

from __future__ import annotations

import random
from typing import Callable

from game.ai.simple import make_player
from game.board.model import Board
from game.rules import events as ev
from game.rules.cards import SUSPECTS, name
from game.rules.engine import Game
from game.rules.options import Options
from game.rules.setup import GameSetup, SeatConfig
from game.text.log import describe

#: A game that has not ended after this many actions is reported as stuck.
MAX_ACTIONS = 20_000


class StuckGameError(RuntimeError):
    """A headless game did not end within :data:`MAX_ACTIONS` actions."""


def computer_setup(players: int, seed: int, level: str = "simple", options: Options | None = None) -> GameSetup:
    """A table of ``players`` computer seats with suspects drawn by ``seed``,
    playing by ``options`` (classic when None; see
    :func:`game.rules.options.preset_options`).  Raises ``ValueError`` unless
    3 <= players <= 6."""
    if not 3 <= players <= 6:
        raise ValueError(f"Clue needs 3 to 6 players, not {players}.")
    suspects = random.Random(seed ^ 0x5EA7).sample(SUSPECTS, players)
    return GameSetup(seats=tuple(SeatConfig(s, "computer", level) for s in suspects), seed=seed,
                     options=options or Options())


def play(board: Board, setup: GameSetup, out: Callable[[str], None] | None = None) -> Game:
    """Play ``setup`` to the end with computer players on every seat, passing each
    public log line to ``out``.  Each player only ever sees ``game.view(seat)``.
    Returns the finished game; raises :class:`StuckGameError` if it never ends."""
    game = Game.new(board, setup)
    players = [make_player(s.level, setup.seed * 31 + i) for i, s in enumerate(game.setup.seats)]
    seats = tuple(s.suspect for s in game.seats)
    if out:
        for e in game.events:
            line = describe(ev.public(e), seats)
            if line:
                out(line)
    while not game.over:
        if len(game.actions) > MAX_ACTIONS:
            raise StuckGameError(f"seed {setup.seed}: no result after {MAX_ACTIONS} actions")
        actor = game.actor
        action = players[actor].choose(game.view(actor), game.legal_actions())
        for e in game.apply(action):
            line = describe(ev.public(e), seats) if out else None
            if line and out:
                out(line)
    return game


def result_line(game: Game) -> str:
    """The last line of a headless run: who won, or that nobody did."""
    s, w, r = game.envelope
    if game.winner is not None and game.events and getattr(game.events[-1], "last_standing", False):
        return (f"RESULT: {name(game.seats[game.winner].suspect)} wins as the last player in "
                f"({name(s)}, {name(w)}, {name(r)}).")
    if game.winner is not None:
        return f"RESULT: {name(game.seats[game.winner].suspect)} wins ({name(s)}, {name(w)}, {name(r)})."
    return f"RESULT: nobody wins ({name(s)}, {name(w)}, {name(r)})."
