"""From one seat's :class:`~game.knowledge.record.Record` to the exact
counting engine's :class:`~game.knowledge.counting.Constraints`, and the
:class:`Tracker` the computer players keep over a game.

What a record means as constraints on the deal (owners ``0 .. n-1`` are the
players, ``n`` the hidden cards):

* ``has``   -- own hand (000 "Setting up" 7); a card shown to this seat, or by
  it (000 "Suggestions" 3 and 5; 003 "Prendre el teu torn"); the hidden cards
  seen in secret or laid out at the end (000 "Accusations" 2-3);
* ``lacks`` -- every card outside the own hand; the named cards for each player
  who could not show one (000 "Suggestions" 4);
* ``some``  -- a card shown to somebody else: the shower holds one of the
  named cards (000 "Suggestions" 3); face-up cards are left out of the named
  ones (003 "Si podeu veure una targeta de prova, no pot estar a sota de la
  targeta de crim"), and nothing is learnt when none is left;
* ``not_solutions`` -- the cards of a wrong accusation (000 "Accusations" 4).
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence

from game.knowledge.counting import Constraints, ContradictionError, Knowledge, solve
from game.knowledge.record import Reader, Record


class SeatView(Protocol):
    """What a tracker reads of a game mode's view of one seat: the seat and
    every event it may see so far, oldest first."""

    @property
    def seat(self) -> int: ...

    @property
    def events(self) -> Sequence[Any]: ...


class RecordConstraints:
    """Keeps ``cons`` (:class:`Constraints`) in step with a growing ``record``:
    :meth:`update` reads only what was added since the last call (a question
    still being answered is read again until it ends)."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.cons = Constraints(record.piles, record.hand_sizes)
        me = record.seat
        for pile in record.piles:
            for c in pile:
                (self.cons.has if c in record.hand else self.cons.lacks).add((me, c))
        self._questions = 0     # questions read for good (ended)
        self._wrong = 0

    def update(self) -> bool:
        """Read what the record gained; True when the constraints changed."""
        cons, r = self.cons, self.record
        before = (len(cons.has), len(cons.lacks), len(cons.some), len(cons.not_solutions))
        up = r.face_up
        questions = r.questions
        lacks = cons.lacks
        for q in questions[self._questions:]:
            named = tuple(c for c in q.cards if c not in up) if up else q.cards
            for p in q.no_card:
                for c in named:
                    lacks.add((p, c))
            if q.shower is not None:
                if q.shown is not None:
                    cons.has.add((q.shower, q.shown))
                elif named:
                    some = (q.shower, frozenset(named))
                    if some not in cons.some:
                        cons.some.append(some)
        self._questions = len(questions) - (1 if r.open else 0)
        for _player, cards in r.wrong[self._wrong:]:
            cons.not_solutions.add(cards)
        self._wrong = len(r.wrong)
        env = cons.envelope
        for c in r.looked + r.revealed:
            cons.has.add((env, c))
        return before != (len(cons.has), len(cons.lacks), len(cons.some), len(cons.not_solutions))


def constraints(record: Record) -> Constraints:
    """The :class:`Constraints` of everything in ``record``."""
    rc = RecordConstraints(record)
    rc.update()
    return rc.cons


class Tracker:
    """Incremental knowledge of one seat over a game: call :meth:`update` with
    each new view; only the new events are read (by the game mode's reader,
    made by ``reader(view)``), and the counting is redone only when the
    constraints changed.  ``knowledge`` is the latest :class:`Knowledge`,
    ``record`` and ``constraints`` what it was counted from (None before the
    first view).  A view of another seat, or with fewer events, starts over.

    :meth:`assume_not_solutions` adds the caller's own assumptions (triples
    ruled out by how the opponents play, not by what was seen); when they
    contradict what was seen, :meth:`update` drops them all and
    :attr:`assumptions_broken` stays True, so that later assumptions are
    refused too and a tracker rebuilt from the same view ends the same."""

    def __init__(self, reader: Callable[[Any], Reader]) -> None:
        self.make_reader = reader
        self.reader: Reader | None = None
        self._cons: RecordConstraints | None = None
        self._dirty = False
        self.knowledge: Knowledge | None = None
        #: Triples ruled out by assumption (:meth:`assume_not_solutions`), kept in the constraints.
        self.assumed: set[tuple[str, ...]] = set()
        #: True once the assumptions contradicted what was seen (then none are taken any more).
        self.assumptions_broken = False

    @property
    def record(self) -> Record | None:
        return self.reader.record if self.reader else None

    @property
    def constraints(self) -> Constraints | None:
        return self._cons.cons if self._cons else None

    def read(self, view: SeatView) -> Record:
        """Read the events of ``view`` not read yet (no counting); returns the record."""
        r = self.reader
        if r is None or r.record.seat != view.seat or r.events_read > len(view.events):
            r = self.reader = self.make_reader(view)
            self._cons = RecordConstraints(r.record)
            self.knowledge = None
            self.assumed, self.assumptions_broken = set(), False
        r.feed(view.events[r.events_read:])
        assert self._cons is not None
        self._dirty |= self._cons.update()
        return r.record

    def update(self, view: SeatView) -> Knowledge:
        """Read the events of ``view`` not read yet and return the knowledge.
        Raises :class:`~game.knowledge.counting.ContradictionError` for an
        inconsistent view."""
        self.read(view)
        if self._dirty or self.knowledge is None:
            assert self._cons is not None
            try:
                self.knowledge = solve(self._cons.cons)
            except ContradictionError:
                if not self.assumed:
                    raise
                self._drop_assumptions()
                self.knowledge = solve(self._cons.cons)
            self._dirty = False
        return self.knowledge

    def assume_not_solutions(self, triples: Any) -> None:
        """Also rule out each of ``triples`` (one card per category, in
        category order) as the hidden cards, by assumption: counted from the
        next :meth:`update` on, unless the assumptions have contradicted what
        was seen (:attr:`assumptions_broken`).  Call after :meth:`read`."""
        if self.assumptions_broken or self._cons is None:
            return
        cons = self._cons.cons
        new = {tuple(t) for t in triples} - cons.not_solutions
        if new:
            cons.not_solutions |= new
            self.assumed |= new
            self._dirty = True

    def _drop_assumptions(self) -> None:
        """The assumptions contradict what was seen: take them out of the
        constraints (a triple a wrong accusation ruled out stays) for good."""
        assert self._cons is not None
        record_wrong = {tuple(cards) for _player, cards in self._cons.record.wrong}
        self._cons.cons.not_solutions -= self.assumed - record_wrong
        self.assumed = set()
        self.assumptions_broken = True
        self._dirty = True
