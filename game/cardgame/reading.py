"""The card game's one reader of events into knowledge: what a seat saw (its
:class:`~game.cardgame.engine.CardView` events) becomes its
:class:`~game.knowledge.record.Record`, from which the case file's hints
(:mod:`game.learning.hints`) and the computer players' exact knowledge
(:mod:`game.cardgame.ai`) are both built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from game.cardgame import events as ev
from game.knowledge.record import Reader, Record

if TYPE_CHECKING:
    from game.cardgame.engine import CardView


class CardReader(Reader):
    """Reads a card-game seat's events: the piles in play without the face-up
    cards (003 "Si podeu veure una targeta de prova, no pot estar a sota de
    la targeta de crim"), questions from ``Asked`` / ``NoCard`` /
    ``CardShown`` (003 "Prendre el teu torn"), the Crime cards seen after its
    own lone accusation or at the end.  A wrong accusation teaches the others
    nothing: a lone one stays face down, a joint one ends the game."""

    asked = ev.Asked
    no_card = ev.NoCard
    shown = ev.CardShown
    nobody = ev.NobodyShowed
    seen = ev.CrimeSeen
    end = (ev.GameWon, ev.EverybodyLost, ev.NoPlayersLeft)

    def __init__(self, seat: int, hand: Iterable[str], hand_sizes: Sequence[int],
                 piles: Sequence[Sequence[str]], face_up: Iterable[str] = ()) -> None:
        super().__init__(Record(seat, hand, hand_sizes, piles, face_up))

    @classmethod
    def of(cls, view: CardView) -> "CardReader":
        """A reader for ``view``'s seat, hand, hand sizes, piles and face-up cards, nothing read yet."""
        return cls(view.seat, view.hand, view.hand_sizes, view.piles, view.face_up)

    def named(self, e: ev.Asked) -> tuple[str, ...]:
        return tuple(e.cards)

    def hidden(self, e: ev.GameWon | ev.EverybodyLost | ev.NoPlayersLeft) -> tuple[str, ...]:
        return tuple(e.crime)


def read(view: CardView) -> Record:
    """The :class:`~game.knowledge.record.Record` of a whole
    :class:`~game.cardgame.engine.CardView`."""
    return CardReader.of(view).feed(view.events)
