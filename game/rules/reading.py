"""The board game's one reader of events into knowledge: what a seat saw
(its :class:`~game.rules.view.SeatView` events) becomes its
:class:`~game.knowledge.record.Record`, from which the notebook's hints
(:mod:`game.learning.hints`) and the computer players' exact knowledge
(:mod:`game.ai.knowledge`) are both built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from game.knowledge.record import Reader, Record
from game.rules import events as ev
from game.rules.cards import ROOMS, SUSPECTS, WEAPONS

if TYPE_CHECKING:
    from game.rules.view import SeatView

#: All 21 cards in three piles whatever the rule options (001 "21 tarjetas":
#: an unplayed suspect's card still counts); one of each is in the envelope
#: (000 "Setting up" 5).
PILES: tuple[tuple[str, ...], ...] = (SUSPECTS, WEAPONS, ROOMS)


class BoardReader(Reader):
    """Reads a board seat's events: questions from the suggestions (000
    "Suggestions" 3-4), the envelope after its own accusation (000
    "Accusations" 2) or at the end (GameWon, GameOverNoWinner), and the wrong
    accusations everybody heard (000 "Accusations" 4).  ``piles`` are the
    card piles (:data:`PILES` unless a test deck is given)."""

    asked = ev.SuggestionMade
    no_card = ev.CannotDisprove
    shown = ev.CardShown
    nobody = ev.NobodyDisproved
    seen = ev.EnvelopeSeen
    end = (ev.GameWon, ev.GameOverNoWinner)
    also = {ev.AccusationMade: "_accused", ev.PlayerEliminated: "_eliminated"}

    def __init__(self, seat: int, hand: Iterable[str], hand_sizes: Sequence[int],
                 piles: Sequence[Sequence[str]] = PILES) -> None:
        super().__init__(Record(seat, hand, hand_sizes, piles))
        self._accusation: tuple[int, tuple[str, ...]] | None = None

    @classmethod
    def of(cls, view: SeatView) -> "BoardReader":
        """A reader for ``view``'s seat, hand and hand sizes, nothing read yet."""
        return cls(view.seat, view.hand, view.hand_sizes)

    def named(self, e: ev.SuggestionMade) -> tuple[str, ...]:
        return (e.suspect, e.weapon, e.room)

    def hidden(self, e: ev.GameWon | ev.GameOverNoWinner) -> tuple[str, ...]:
        return (e.suspect, e.weapon, e.room)

    def _accused(self, e: ev.AccusationMade) -> None:
        self._accusation = (e.player, (e.suspect, e.weapon, e.room))

    def _eliminated(self, e: ev.PlayerEliminated) -> None:
        """An accusation followed by its accuser's elimination was wrong."""
        if self._accusation is not None and self._accusation[0] == e.player:
            self.record.accused_wrongly(*self._accusation)


def read(view: SeatView) -> Record:
    """The :class:`~game.knowledge.record.Record` of a whole
    :class:`~game.rules.view.SeatView`."""
    return BoardReader.of(view).feed(view.events)
