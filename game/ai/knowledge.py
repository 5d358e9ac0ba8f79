"""The board game's knowledge: the exact counting engine
(:mod:`game.knowledge.counting`) fed with what one board seat has seen, as
read by the board game's one reader (:mod:`game.rules.reading`) and turned
into constraints by :mod:`game.knowledge.tracker`.

The engine itself (:class:`Constraints`, :class:`Knowledge`, :func:`solve`,
:func:`joint`, :class:`ContradictionError`) is imported from
:mod:`game.knowledge.counting`, which knows no game mode.
"""

from __future__ import annotations

from game.knowledge import tracker
from game.knowledge.counting import Card, Constraints, ContradictionError, Joints, Knowledge, joint, sample, solve
from game.rules.reading import PILES, BoardReader
from game.rules.view import SeatView

__all__ = ["CLASSIC_CATEGORIES", "Card", "Constraints", "ContradictionError", "Joints", "Knowledge", "Tracker",
           "constraints_from_view", "joint", "sample", "solve"]

#: The classic deck: suspects, weapons, rooms (000 "What is in the box").
CLASSIC_CATEGORIES: tuple[tuple[Card, ...], ...] = PILES


def constraints_from_view(view: SeatView, categories: tuple[tuple[Card, ...], ...] = CLASSIC_CATEGORIES) -> Constraints:
    """The :class:`Constraints` of a :class:`~game.rules.view.SeatView`: its own
    hand, the hand sizes and every public event as the seat saw it."""
    reader = BoardReader(view.seat, view.hand, view.hand_sizes, categories)
    return tracker.constraints(reader.feed(view.events))


class Tracker(tracker.Tracker):
    """Incremental knowledge of one board seat over a game
    (:class:`game.knowledge.tracker.Tracker` with the board's reader): call
    :meth:`update` with each new view; only the new events are read, and the
    counting is redone only when the constraints changed.  ``knowledge`` is
    the latest :class:`Knowledge`; ``record`` what the seat has seen (its
    questions, the cards it showed and was shown)."""

    def __init__(self) -> None:
        super().__init__(BoardReader.of)
