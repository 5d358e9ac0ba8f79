"""The seat interface every computer player implements.

A computer player sees only a :class:`~game.rules.view.SeatView` (its hand, the
public board and the events as its seat saw them) plus the legal actions; it
never gets the game state, so it cannot read another hand or the envelope.
"""

from __future__ import annotations

from typing import Protocol

from game.rules.actions import Action
from game.rules.view import SeatView


class ComputerPlayer(Protocol):
    """Chooses one action for its seat.

    ``choose(view, legal)`` gets the seat's view and the list from
    ``Game.legal_actions()``: every action it may take now, each one concrete
    (``Disprove(card)``, one ``Move`` per destination, ``Roll()``,
    ``TakePassage()``, every ``Suggest(suspect, weapon)``, every
    ``Accuse(suspect, weapon, room)``, ``EndTurn()``).  A player usually
    reads the kinds present (``{type(a) for a in legal}``) and names its own
    cards; whatever it returns must be one of ``legal`` (``Game.apply``
    refuses anything else with :class:`~game.core.errors.IllegalActionError`).
    """

    level: str

    def choose(self, view: SeatView, legal: list[Action]) -> Action: ...
