"""The main-thread glue between the phones and the engine: :class:`NetTable`.

The UI's table (every frame) and the headless driver call :meth:`NetTable.pump`
to take what the phones asked -- each action checked with the engine for the
seat that sent it and applied only when that seat is the engine's actor -- and
:meth:`NetTable.broadcast` to send every connected seat its whole view when
something it shows changed.  Only this thread touches the engine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from game.core.errors import IllegalActionError
from game.net.payload import seat_payload, speaking
from game.net.session import HostSession, Request
from game.text.i18n import _


@dataclass(frozen=True)
class Applied:
    """An action a phone took: ``seat``, its ``seq``, the engine ``action`` and the ``events`` it made."""

    seat: int
    seq: int
    action: Any
    events: list[Any]


def action_reader(kind: str) -> Callable[[dict[str, Any]], Any]:
    """The function turning an action dict into the ``kind`` game's action
    (``from_dict`` of :mod:`game.rules.actions` or the card engine's
    ``action_from_dict``); it raises ``ValueError`` for a bad dict."""
    if kind == "board":
        from game.rules.actions import from_dict
        return from_dict
    from game.cardgame.engine import action_from_dict
    return action_from_dict


class NetTable:
    """One hosted game's phones, driven from the main thread.

    ``kind``: ``"board"`` or ``"cards"``; ``engine``: the game (``Game`` /
    ``CardGame``; :attr:`engine` may be replaced, e.g. after a resume);
    ``suspects[s]``: the suspect token of seat ``s``; ``session``: the
    :class:`HostSession` the server feeds; ``notebooks``: seat -> its marks
    (card id -> mark), shared with the UI's match and changed in place by the
    phones' ``mark`` messages; ``notebook_mode``: the setup's notebook help;
    ``apply(seat, action) -> events``: how an accepted action is applied
    (default ``engine.apply``; the UI passes its table's ``do`` so the
    events are shown and the game autosaved); ``build``: the payload builder
    (default :func:`game.net.payload.seat_payload`, same signature);
    ``cursor() -> (seat, destination) | None``: the move cursor the TV shows
    now (public: every phone shows it; a change sends new views), None: none;
    ``hold() -> "paused" | "start" | None``: why the TV holds the game now (its pause menu, its
    join screen before Start; public: every phone says so, and a change sends new views), None:
    it plays on.
    """

    def __init__(self, kind: str, engine: Any, suspects: Sequence[str], session: HostSession, *,
                 notebooks: dict[int, dict[str, str]] | None = None, notebook_mode: str = "hints",
                 apply: Callable[[int, Any], list[Any]] | None = None,
                 build: Callable[..., dict[str, Any]] = seat_payload,
                 cursor: Callable[[], tuple[int, Any] | None] | None = None,
                 hold: Callable[[], str | None] | None = None):
        self.kind = kind
        self.engine = engine
        self.suspects = tuple(suspects)
        self.session = session
        self.notebooks = notebooks if notebooks is not None else {}
        self.notebook_mode = notebook_mode
        self._apply = apply
        self._build = build
        self._cursor = cursor or (lambda: None)
        self._hold = hold or (lambda: None)
        self._read = action_reader(kind)
        self._cache: dict[Any, Any] = {}
        self._stamps: dict[int, tuple[Any, ...]] = {}
        self._sent: dict[int, dict[str, Any]] = {}
        self._dirty: set[int] = set()
        self._phones: frozenset[int] = frozenset()
        #: Every action a phone took, in order (tests, the benchmark).
        self.applied: list[Applied] = []
        #: seat -> the indices, in that seat's own view's events, of choices the computer made for it
        #: (its far-away phone was gone): its view says which of its cards went to whom
        self.chosen: dict[int, set[int]] = {}

    # ------------------------------------------------------------- pump
    def pump(self) -> list[Request]:
        """Take what the phones asked since the last call.  Acts are checked
        and applied (or refused with the reason in the seat's language, never
        an exception); marks change :attr:`notebooks`; a language or a phone
        coming marks the seat for a new view.  Returns every request taken
        (acts included) so the UI can react to pads, joins and phones coming
        and going."""
        requests = self.session.poll()
        for req in requests:
            if req.kind == "act":
                self._act(req)
            elif req.kind == "mark":
                self._mark(req)
            elif req.kind in ("lang", "connect", "leave"):
                self._dirty.add(req.seat)
        return requests

    def _act(self, req: Request) -> None:
        """Check ``req``'s action for its seat with the engine; apply it or say why not."""
        seat, lang = req.seat, self.session.lang(req.seat)
        try:
            action = self._read(req.action or {})
        except ValueError:
            self._refuse(req, lang, None, _("That is not an action of this game."))
            return
        if self.engine.over:
            self._refuse(req, lang, None, _("The game is over."))
            return
        if self.engine.actor != seat:
            self._refuse(req, lang, None, _("It is not your turn now."))
            return
        try:
            self.engine.check(action)
        except IllegalActionError as exc:
            self._refuse(req, lang, exc, "")
            return
        try:
            events = self._apply(seat, action) if self._apply else self.engine.apply(action)
        except IllegalActionError as exc:
            self._refuse(req, lang, exc, "")
            return
        self.session.answer(seat, req.seq, True)
        self.applied.append(Applied(seat, req.seq, action, list(events or [])))

    def _refuse(self, req: Request, lang: str, exc: IllegalActionError | None, text: str) -> None:
        """Answer ``req`` refused: ``exc`` explained, or ``text`` (an English msgid), in ``lang``."""
        from game.text.i18n_why import explain
        with speaking(lang):
            words = explain(exc, self.kind).text if exc is not None else _(text)
        self.session.stats["refused"] += 1
        self.session.answer(req.seat, req.seq, False, words)

    def _mark(self, req: Request) -> None:
        """Set (or clear) a notebook mark of the seat's own notebook."""
        if req.card not in self._cards() or req.card in self._facts(req.seat):
            return                        # a card of no notebook, or a fact (hand, face up, shown): not marked
        book = self.notebooks.setdefault(req.seat, {})
        if req.mark:
            book[req.card] = req.mark
        else:
            book.pop(req.card, None)
        self._dirty.add(req.seat)

    def _facts(self, seat: int) -> set[str]:
        """The cards whose notebook line is a fact for ``seat`` (its hand,
        the face-up cards, the cards shown to it), from its own view."""
        view = self.engine.view(seat)
        out = set(view.hand) | set(getattr(view, "face_up", ()))
        out.update(e.card for e in view.events if type(e).__name__ == "CardShown"
                   and getattr(e, "to", None) == seat and e.card is not None)
        return out

    def _cards(self) -> tuple[str, ...]:
        if self.kind == "board":
            from game.core.cards import ALL_CARDS
            return ALL_CARDS
        from game.cardgame.cards import deck
        return deck(self.engine.setup.advanced)

    # -------------------------------------------------------- broadcast
    def payload(self, seat: int) -> dict[str, Any]:
        """``seat``'s whole view now, in its phone's language (what :meth:`broadcast` sends)."""
        return self._build(self.kind, self.engine, seat, suspects=self.suspects,
                           marks=self.notebooks.get(seat, {}), lang=self.session.lang(seat),
                           phones=self._phones, notebook_mode=self.notebook_mode, cache=self._cache,
                           cursor=self._cursor(), chosen=self.chosen.get(seat, frozenset()), tv=self._hold())

    def broadcast(self, force: bool = False, budget: float | None = None) -> int:
        """Send each seat with a phone its view if anything it shows may have
        changed (new events, the TV's move cursor or its hold, its marks or language, the phones
        present, or ``force``) and the view differs from the last one sent.  With
        ``budget`` (seconds of this thread's CPU, e.g. 0.008 in a 60 Hz
        frame) it stops once the budget is spent -- after at least one view,
        the actor's first -- and the next call goes on.  Returns how many
        views were sent."""
        start = time.thread_time()
        phones = frozenset(self.session.phone_seats())
        if phones != self._phones:
            self._phones = phones
            force = True
        self._dirty |= self.session.take_stale()
        moment = (len(self.engine.events), self.engine.over, self._cursor(), self._hold())
        actor = None if self.engine.over else self.engine.actor
        sent = built = 0
        for seat in sorted(phones, key=lambda s: (s != actor, s)):
            stamp = (moment, self.session.lang(seat))
            if not force and seat not in self._dirty and self._stamps.get(seat) == stamp:
                continue
            if budget is not None and built and time.thread_time() - start > budget:
                self._dirty.add(seat)         # the next call goes on with this seat
                continue
            payload = self.payload(seat)
            built += 1
            self._stamps[seat] = stamp
            if seat in self._dirty or self._sent.get(seat) != payload:
                self.session.publish(seat, payload)
                self._sent[seat] = payload
                sent += 1
            self._dirty.discard(seat)
        return sent

    def marks(self) -> Mapping[int, Mapping[str, str]]:
        """Every seat's notebook marks (seat -> card -> mark)."""
        return self.notebooks
