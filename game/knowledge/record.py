"""One seat's record of what it has seen, in a form that knows no game mode.

Each game mode has ONE reader of its events into a :class:`Record`
(:mod:`game.rules.reading` for the board game, :mod:`game.cardgame.reading`
for the card game: subclasses of :class:`Reader`).  Everything that needs to
know what a seat knows is built from the record: the notebook's hints
(:func:`game.learning.hints.table`) and the exact knowledge of the computer players
(:mod:`game.knowledge.tracker`).  A reader reads each event once: give
:meth:`Reader.feed` only the events it has not read yet and the record grows.

Honesty: a record holds only what the seat saw (its view's events, redacted
for it), never the game itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterable, Sequence


@dataclass(frozen=True)
class Question:
    """One question as this seat saw it: ``asker`` named ``cards`` (3 in the
    board game, 2 in the card game); each player in ``no_card`` said they had
    none of them; ``shower`` showed one of them (None: nobody did), and
    ``shown`` is that card when this seat saw it (it asked or it showed)."""

    asker: int
    cards: tuple[str, ...]
    no_card: tuple[int, ...] = ()
    shower: int | None = None
    shown: str | None = None


class Record:
    """What ``seat`` has seen so far, written by its game mode's :class:`Reader`.

    ``hand`` its cards; ``hand_sizes`` the number of cards of each seat;
    ``piles`` the card piles in play without the face-up cards (one card of
    each is hidden: in the envelope, 000 "Setting up" 5, or under the Crime
    card, 003); ``face_up`` cards lying face up (in nobody's hand and not
    hidden); ``questions`` in the order they were asked, the last one still
    being answered while ``open`` is True; ``looked`` the hidden cards this
    seat saw in secret after its own accusation (000 "Accusations" 2; 003
    "mirareu les cartes"); ``revealed`` the hidden cards laid out for everybody
    at the end (000 "Accusations" 3); ``wrong`` the ``(player, cards)`` of
    wrong accusations everybody heard (000 "Accusations" 4), in order."""

    def __init__(self, seat: int, hand: Iterable[str], hand_sizes: Sequence[int],
                 piles: Sequence[Sequence[str]], face_up: Iterable[str] = ()) -> None:
        self.seat = seat
        self.hand: frozenset[str] = frozenset(hand)
        self.hand_sizes: tuple[int, ...] = tuple(hand_sizes)
        self.face_up: frozenset[str] = frozenset(face_up)
        self.piles: tuple[tuple[str, ...], ...] = tuple(tuple(c for c in p if c not in self.face_up) for p in piles)
        self._done: list[Question] = []
        self._open: tuple[int, tuple[str, ...], list[int]] | None = None    # asker, cards, no_card
        self.looked: tuple[str, ...] = ()
        self.revealed: tuple[str, ...] = ()
        self.wrong: list[tuple[int, tuple[str, ...]]] = []

    @property
    def questions(self) -> tuple[Question, ...]:
        """The questions in the order they were asked, the open one last."""
        if self._open is None:
            return tuple(self._done)
        asker, cards, no_card = self._open
        return (*self._done, Question(asker, cards, tuple(no_card)))

    @property
    def open(self) -> bool:
        """True while the last question is still being answered."""
        return self._open is not None

    @property
    def asker(self) -> int | None:
        """The seat whose question is being answered now -- the one a card is
        shown to (000 "Suggestions" 3, 003 "Prendre el teu torn") -- or None
        when no question is open."""
        return self._open[0] if self._open is not None else None

    # -- written by the readers, in the order of the events
    def ask(self, asker: int, cards: Iterable[str]) -> None:
        """``asker`` names ``cards``: a new question (the previous one, if still open, ends)."""
        self._end_question(None, None)
        self._open = (asker, tuple(cards), [])

    def no(self, player: int) -> None:
        """``player`` has none of the open question's cards (ignored when no question is open)."""
        if self._open is not None:
            self._open[2].append(player)

    def show(self, by: int, card: str | None) -> None:
        """``by`` shows one of the open question's cards (``card`` None: this
        seat did not see which); the question ends.  Ignored when none is open."""
        self._end_question(by, card)

    def close(self) -> None:
        """The open question ends (nobody could show a card)."""
        self._end_question(None, None)

    def _end_question(self, shower: int | None, shown: str | None) -> None:
        if self._open is not None:
            asker, cards, no_card = self._open
            self._done.append(Question(asker, cards, tuple(no_card), shower, shown))
            self._open = None

    def look(self, cards: Iterable[str]) -> None:
        """This seat saw the hidden ``cards`` in secret."""
        self.looked = tuple(cards)

    def reveal(self, cards: Iterable[str]) -> None:
        """The hidden ``cards`` are laid out for everybody (the game is over)."""
        self.revealed = tuple(cards)

    def accused_wrongly(self, player: int, cards: Iterable[str]) -> None:
        """``player``'s accusation of ``cards`` was wrong, and everybody heard it."""
        self.wrong.append((player, tuple(cards)))

    # -- read by the computer players
    def my_shows(self) -> list[tuple[int, str]]:
        """``(asker, card)`` for each card this seat has shown, in order."""
        return [(q.asker, q.shown) for q in self._done if q.shower == self.seat and q.shown is not None]

    def shown_by_me(self) -> dict[int, set[str]]:
        """``{player: cards this seat has shown that player}``."""
        out: dict[int, set[str]] = {}
        for to, card in self.my_shows():
            out.setdefault(to, set()).add(card)
        return out

    def shown_to_me(self) -> dict[int, set[str]]:
        """``{player: cards that player has shown this seat}``."""
        out: dict[int, set[str]] = {}
        for q in self._done:      # the open question has nobody showing yet
            if q.asker == self.seat and q.shower is not None and q.shower != self.seat and q.shown is not None:
                out.setdefault(q.shower, set()).add(q.shown)
        return out


class Reader:
    """Reads one seat's events into its :attr:`record`, each event once.

    A game mode's reader (one subclass per mode) says which of its event
    classes is which step of the table talk, and the record is written the
    same way for every mode:

    * ``asked`` -- ``player`` asks about the cards :meth:`named` gives;
    * ``no_card`` -- ``player`` has none of them;
    * ``shown`` -- ``by`` shows ``card`` (None when this seat did not see it);
    * ``nobody`` -- nobody could show one;
    * ``seen`` -- ``player`` looks at the hidden ``cards`` in secret (None for
      the other seats);
    * ``end`` -- the game is over and the hidden cards :meth:`hidden` gives are
      laid out for everybody;
    * ``also`` -- the mode's own events, ``{event class: method name}`` (the
      method takes the event).

    Events are matched by their exact class; any other event teaches
    nothing.  :meth:`feed` takes the events in order and may be called again
    with only the new ones; ``events_read`` counts them."""

    asked: ClassVar[type]
    no_card: ClassVar[type]
    shown: ClassVar[type]
    nobody: ClassVar[type]
    seen: ClassVar[type]
    end: ClassVar[tuple[type, ...]]
    also: ClassVar[dict[type, str]] = {}
    _steps: ClassVar[dict[type, Callable[[Any, Any], None]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        steps: dict[type, Callable[[Any, Any], None]] = {
            cls.asked: Reader._asked, cls.no_card: Reader._no_card, cls.shown: Reader._shown,
            cls.nobody: Reader._nobody, cls.seen: Reader._seen}
        steps.update({t: Reader._end for t in cls.end})
        steps.update({t: getattr(cls, name) for t, name in cls.also.items()})
        cls._steps = steps

    def __init__(self, record: Record) -> None:
        self.record = record
        self.events_read = 0

    def feed(self, events: Iterable[Any]) -> Record:
        """Read ``events`` (the ones not read yet, in order); returns the record."""
        steps = self._steps
        n = 0
        for e in events:
            n += 1
            step = steps.get(type(e))
            if step is not None:
                step(self, e)
        self.events_read += n
        return self.record

    def named(self, e: Any) -> tuple[str, ...]:
        """The cards an ``asked`` event names (the game mode's part)."""
        raise NotImplementedError

    def hidden(self, e: Any) -> tuple[str, ...]:
        """The hidden cards an ``end`` event lays out (the game mode's part)."""
        raise NotImplementedError

    # -- the steps
    def _asked(self, e: Any) -> None:
        self.record.ask(e.player, self.named(e))

    def _no_card(self, e: Any) -> None:
        self.record.no(e.player)

    def _shown(self, e: Any) -> None:
        self.record.show(e.by, e.card)

    def _nobody(self, e: Any) -> None:
        self.record.close()

    def _seen(self, e: Any) -> None:
        if e.cards is not None and e.player == self.record.seat:
            self.record.look(e.cards)

    def _end(self, e: Any) -> None:
        self.record.reveal(self.hidden(e))
