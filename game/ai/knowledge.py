"""The board game's knowledge: the exact counting engine
(:mod:`game.knowledge.counting`) fed with what one board seat has seen.

The engine itself (:class:`Constraints`, :class:`Knowledge`, :func:`solve`,
:func:`joint`, :class:`ContradictionError`) is imported from
:mod:`game.knowledge.counting`, which knows no game mode.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from game.knowledge.counting import Card, Constraints, ContradictionError, Knowledge, joint, solve
from game.rules import events as ev
from game.rules.cards import ROOMS, SUSPECTS, WEAPONS

__all__ = ["CLASSIC_CATEGORIES", "Card", "ConstraintBuilder", "Constraints", "ContradictionError", "Knowledge",
           "Tracker", "constraints_from_view", "joint", "solve"]

#: The classic deck: suspects, weapons, rooms (000 "What is in the box").
CLASSIC_CATEGORIES: tuple[tuple[Card, ...], ...] = (SUSPECTS, WEAPONS, ROOMS)


# ---------------------------------------------------------------------------
# From a seat's view
# ---------------------------------------------------------------------------

class ConstraintBuilder:
    """Turns the events a seat saw into :class:`Constraints`, incrementally.

    ``feed(events)`` takes the events as :func:`game.rules.events.for_seat`
    gave them (the seat's :class:`~game.rules.view.SeatView` ``events``), in
    order; it may be called again with only the new events.
    """

    def __init__(self, seat: int, hand: Iterable[Card], hand_sizes: Sequence[int],
                 categories: tuple[tuple[Card, ...], ...] = CLASSIC_CATEGORIES) -> None:
        self.seat = seat
        self.cons = Constraints(tuple(tuple(p) for p in categories), tuple(hand_sizes))
        hand = set(hand)
        for c in (c for pile in categories for c in pile):
            self.cons.lacks.discard((seat, c))
            if c in hand:
                self.cons.has.add((seat, c))
            else:
                self.cons.lacks.add((seat, c))
        self.seen = 0
        self._named: tuple[Card, ...] = ()
        self._suggester = -1
        self._accusation: tuple[int, tuple[Card, ...]] | None = None
        # What each player has been shown by this seat (for "show a card they have seen").
        self.shown_by_me: dict[int, set[Card]] = {}
        # What each player has shown to this seat.
        self.shown_to_me: dict[int, set[Card]] = {}
        # The suggestions made by anybody: (player, suspect, weapon, room).
        self.suggestions: list[tuple[int, Card, Card, Card]] = []
        self.events_count = 0

    def feed(self, events: Sequence[ev.Event]) -> bool:
        """Read ``events`` (the new ones).  Returns True when the constraints changed."""
        before = (len(self.cons.has), len(self.cons.lacks), len(self.cons.some), len(self.cons.not_solutions))
        env = self.cons.envelope
        for e in events:
            self.events_count += 1
            if isinstance(e, ev.SuggestionMade):
                self._named = (e.suspect, e.weapon, e.room)
                self._suggester = e.player
                self.suggestions.append((e.player, e.suspect, e.weapon, e.room))
            elif isinstance(e, ev.CannotDisprove):
                for c in self._named:
                    self.cons.lacks.add((e.player, c))
            elif isinstance(e, ev.CardShown):
                if e.card is not None:
                    self.cons.has.add((e.by, e.card))
                    if e.by == self.seat:
                        self.shown_by_me.setdefault(e.to, set()).add(e.card)
                    elif e.to == self.seat:
                        self.shown_to_me.setdefault(e.by, set()).add(e.card)
                else:
                    some = (e.by, frozenset(self._named))
                    if some not in self.cons.some:
                        self.cons.some.append(some)
            elif isinstance(e, ev.AccusationMade):
                self._accusation = (e.player, (e.suspect, e.weapon, e.room))
            elif isinstance(e, ev.PlayerEliminated):
                if self._accusation and self._accusation[0] == e.player:
                    self.cons.not_solutions.add(self._accusation[1])
            elif isinstance(e, ev.EnvelopeSeen) and e.cards is not None:
                for c in e.cards:
                    self.cons.has.add((env, c))
            elif isinstance(e, ev.GameWon):
                for c in (e.suspect, e.weapon, e.room):
                    self.cons.has.add((env, c))
        after = (len(self.cons.has), len(self.cons.lacks), len(self.cons.some), len(self.cons.not_solutions))
        return before != after


def constraints_from_view(view, categories: tuple[tuple[Card, ...], ...] = CLASSIC_CATEGORIES) -> Constraints:
    """The :class:`Constraints` of a :class:`~game.rules.view.SeatView`: its own
    hand, the hand sizes and every public event as the seat saw it."""
    b = ConstraintBuilder(view.seat, view.hand, view.hand_sizes, categories)
    b.feed(view.events)
    return b.cons


class Tracker:
    """Incremental knowledge of one seat over a game: call :meth:`update` with
    each new view; only the new events are read, and the counting is redone only
    when the constraints changed.  ``knowledge`` is the latest
    :class:`Knowledge`; ``builder`` keeps the suggestion history."""

    def __init__(self) -> None:
        self.builder: ConstraintBuilder | None = None
        self.knowledge: Knowledge | None = None
        self._key = None

    def update(self, view) -> Knowledge:
        """Read the events of ``view`` not read yet and return the knowledge.
        Raises :class:`ContradictionError` for an inconsistent view."""
        b = self.builder
        if b is None or b.seat != view.seat or b.events_count > len(view.events):
            b = self.builder = ConstraintBuilder(view.seat, view.hand, view.hand_sizes)
            self.knowledge = None
        changed = b.feed(view.events[b.events_count:])
        if changed or self.knowledge is None:
            self.knowledge = solve(b.cons)
        return self.knowledge
