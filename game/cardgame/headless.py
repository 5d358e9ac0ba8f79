"""An all-computer card game without a window (``run.py --headless --mode card-game``)."""

from __future__ import annotations

from typing import Callable, Iterable

from game.cardgame import events as ev
from game.cardgame.ai import CardPlayer, make_card_player
from game.cardgame.cards import name
from game.cardgame.engine import CardGame, CardSetup
from game.cardgame.log import describe, public
from game.text.i18n import fmt

#: A game still running after this many actions is a bug.
MAX_ACTIONS = 5_000


def play(players: int, seed: int, advanced: bool = False, level: str = "medium",
         out: Callable[[str], None] | None = None, levels: tuple[str, ...] = (),
         order: str = "turn", factory: Callable[[str, int], CardPlayer] = make_card_player,
         first: int | None = None) -> CardGame:
    """Play one game of ``players`` computer seats (all at ``level``, or
    ``levels`` per seat) to the end, passing to ``out`` a first line naming
    the table ("4 players, normal game.") and then each public log line
    (:func:`game.cardgame.log.describe`, the seats named "Player 1" ...).
    Each player sees only ``game.view(seat)``; ``factory(level, seed)`` makes
    each seat's computer player (the tournament passes one that also knows
    its yardstick levels).  ``first`` is the seat that starts (None: drawn
    by lot, as at the table).  Raises ``RuntimeError`` if the
    game does not end within :data:`MAX_ACTIONS` actions, ``ValueError`` for a
    bad setup."""
    setup = CardSetup(players=players, seed=seed, advanced=advanced, order=order, first=first,
                      levels=tuple(levels) or (level,) * players)
    game = CardGame.new(setup)
    bots = [factory(lv, seed * 31 + i) for i, lv in enumerate(setup.levels)]

    seats = tuple(fmt("Player {n}", n=i + 1) for i in range(players))

    def emit(events: Iterable[ev.Event]) -> None:
        if out:
            for e in events:
                line = describe(public(e), seats)
                if line:
                    out(line)

    if out:
        out(f"{players} players, {'advanced' if advanced else 'normal'} game.")
    emit(game.events)
    while not game.over:
        if len(game.actions) > MAX_ACTIONS:
            raise RuntimeError(f"card game seed {seed}: no result after {MAX_ACTIONS} actions")
        a = game.actor
        emit(game.apply(bots[a].choose(game.view(a), game.legal_actions())))
    return game


def result_line(game: CardGame) -> str:
    """The last line of a headless card game: who won, or that nobody did."""
    p, w, loc = (name(c) for c in game.crime)
    if game.winner is not None:
        return f"RESULT: Player {game.winner + 1} wins ({p}, {w}, {loc})."
    if isinstance(game.events[-1], ev.EverybodyLost):
        return f"RESULT: everybody loses ({p}, {w}, {loc})."
    return f"RESULT: nobody wins ({p}, {w}, {loc})."
