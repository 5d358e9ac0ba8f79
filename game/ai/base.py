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
    ``Game.legal_actions()`` (a ``Suggest``/``Accuse`` with empty names means
    "you may suggest/accuse": fill in the names).  It returns one legal action.
    """

    level: str

    def choose(self, view: SeatView, legal: list[Action]) -> Action: ...
