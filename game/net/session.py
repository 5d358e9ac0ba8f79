"""The host's record of the phones: which seat each secret token opens, which
phone holds each seat, the last action number taken per seat, joins waiting
for the TV's yes.  Thread-safe: the server thread reports what sockets say
(:meth:`HostSession.hello`, :meth:`~HostSession.receive`,
:meth:`~HostSession.gone`); the main thread drains the requests
(:meth:`~HostSession.poll`), answers them (:meth:`~HostSession.answer`) and
sends views (:meth:`~HostSession.publish`).  The engine is never touched
here (``docs/network.md``).

A *link* is the server's handle on one open socket: an object with a
``client`` id (str), ``send(data: bytes)`` and ``close()``, both callable from
any thread and never blocking (:class:`Link`), and optionally ``far`` (True:
its peer is outside the home network).
"""

from __future__ import annotations

import queue
import secrets
import threading
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Protocol

from game.net import messages as m

#: How many answered acts per seat are kept to answer a repeated seq with the same ack.
ACKS_KEPT = 64
#: How far ahead of the seat's greatest seq taken or on its way a new act may be numbered.  A page
#: numbers each act one after the last; a bigger jump is refused unspent (``bad_seq``), so a
#: stranger's act numbered 2**31 cannot use up the seat's numbers.
SEQ_AHEAD = 64
GAMES = ("board", "cards")
#: The ``refused`` reason for a phone in the home network asking for a seat played from far away:
#: the page says in its own language that only that person's phone may take the seat.
FAR_SEAT = "far_seat"


class Link(Protocol):
    """One open socket, as the server hands it to the session."""

    client: str

    def send(self, data: bytes) -> None:
        """Queue ``data`` (one JSON message) for the socket; thread-safe, never blocks."""

    def close(self) -> None:
        """Close the socket after what was queued; thread-safe, never blocks."""


@dataclass(frozen=True)
class Request:
    """Something a seat's phone asked, for the main thread.

    ``kind``: ``"act"`` (``seq``, ``action``: the action dict as sent, not yet
    checked), ``"mark"`` (``card``, ``mark``), ``"pad"`` (``key``),
    ``"lang"`` (``lang``), ``"join"`` (another phone waits for the TV's yes:
    :meth:`HostSession.confirm_join`), ``"connect"`` / ``"leave"`` (the seat's
    phone came or went)."""

    seat: int
    kind: str
    seq: int = 0
    action: dict[str, Any] | None = None
    card: str = ""
    mark: str = ""
    key: str = ""
    lang: str = ""


#: The letters and digits of a seat's token: none that reads like another in the TV's font or
#: on a phone's keyboard (no 0/o, 1/l/i, 5/s, 2/z, u/v), lower case only -- a relative far
#: away may type the short address by hand.
TOKEN_ALPHABET = "346789abcdefghjkmnpqrtwxy"
#: Letters in a token: 25 ** 21 is about 2 ** 97.5 -- at least 96 bits, as a page that may face the
#: internet (a tunnel, a forwarded port) needs: the token is the seat's only key.
TOKEN_LENGTH = 21


def new_token() -> str:
    """A new random seat token: :data:`TOKEN_LENGTH` characters of
    :data:`TOKEN_ALPHABET` from :mod:`secrets` (about 97.5 bits)."""
    return "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))


class HostSession:
    """The seats that may use phones and what their phones are doing.

    ``kind``: ``"board"`` or ``"cards"``; ``person_seats``: the seats played
    by people (ints, table order); ``tokens``: seat -> token to reuse (from an
    autosave), new random ones (:func:`new_token`: 21 letters and digits
    that cannot be mistaken for one another, 97.5 bits) for the rest; ``applied``: seat -> the last seq taken; ``clients``: seat -> the
    client id that holds it; ``revs``: seat -> the last view number sent;
    ``game_id``: this game's id (:attr:`game_id`; a new one when None);
    ``far``: the seats whose phone joined from outside the home network (:meth:`is_far`).
    Raises ``ValueError`` for an unknown kind, a seat that is not a whole
    number >= 0, or tokens that are not distinct non-empty texts.
    """

    def __init__(self, kind: str, person_seats: Iterable[int], tokens: dict[int, str] | None = None, *,
                 applied: dict[int, int] | None = None, clients: dict[int, str] | None = None,
                 revs: dict[int, int] | None = None, game_id: str | None = None, far: Iterable[int] = ()):
        if kind not in GAMES:
            raise ValueError(f"game kind must be one of {GAMES}, not {kind!r}")
        seats = sorted(set(person_seats))
        if any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in seats):
            raise ValueError(f"seats must be whole numbers >= 0: {seats!r}")
        given = {s: t for s, t in (tokens or {}).items() if s in seats}
        if any(not isinstance(t, str) or not t for t in given.values()) or len(set(given.values())) < len(given):
            raise ValueError("tokens must be distinct non-empty texts")
        self.kind = kind
        self.seats: tuple[int, ...] = tuple(seats)
        self.tokens: dict[int, str] = {s: given.get(s) or new_token() for s in seats}
        self.applied: dict[int, int] = {s: int((applied or {}).get(s, 0)) for s in seats}
        self.clients: dict[int, str] = {s: c for s, c in (clients or {}).items() if s in seats and c}
        self.revs: dict[int, int] = {s: int((revs or {}).get(s, 0)) for s in seats}
        #: This game's id, in every welcome: new for every new game (Play again too), kept by
        #: Continue (:meth:`state`), so a page drops an action it still holds from another game.
        self.game_id: str = game_id or new_token()
        self.langs: dict[int, str] = {}
        self.stats: Counter[str] = Counter()
        #: Called with (seat, bytes) for every message sent to a seat's phone (tests: the privacy capture).
        self.tap: Callable[[int, bytes], None] | None = None
        self._lock = threading.RLock()
        self._requests: queue.Queue[Request] = queue.Queue()
        self._arrived = threading.Event()
        self._links: dict[int, Link] = {}
        self._pending: dict[int, tuple[Link, str, str]] = {}
        self._inflight: dict[int, set[int]] = {s: set() for s in seats}
        self._acks: dict[int, dict[int, bytes]] = {s: {} for s in seats}
        self._views: dict[int, bytes] = {}
        self._stale: set[int] = set()
        #: The seats whose phone last said hello from outside the home network (``link.far``): they
        #: are not in the room, so the TV never offers their choices to whoever sits in front of it.
        self._far: set[int] = {s for s in far if s in seats}

    # ------------------------------------------------------------ saving
    def state(self) -> dict[str, Any]:
        """What the autosave keeps (JSON-able, seat keys as text): ``tokens``,
        ``applied``, ``clients``, ``revs``, ``far`` (the seats whose phone joined
        from far away: :meth:`is_far`) and ``game`` (:attr:`game_id`).
        :meth:`from_state` reads it back."""
        with self._lock:
            return {"kind": self.kind,
                    "tokens": {str(s): t for s, t in self.tokens.items()},
                    "applied": {str(s): n for s, n in self.applied.items()},
                    "clients": {str(s): c for s, c in self.clients.items()},
                    "revs": {str(s): n for s, n in self.revs.items()},
                    "far": {str(s): True for s in sorted(self._far)},
                    "game": self.game_id}

    @classmethod
    def from_state(cls, kind: str, person_seats: Iterable[int], state: Any) -> "HostSession":
        """A session from :meth:`state` (a restarted host: the phones' tokens
        still work, repeated seqs are still refused).  A damaged or missing
        part of ``state`` is left out (new tokens, nothing applied), never an
        error; raises ``ValueError`` only for a bad ``kind`` or seats."""
        def part(name: str, ok: Callable[[Any], bool]) -> dict[int, Any]:
            raw = state.get(name) if isinstance(state, dict) else None
            out: dict[int, Any] = {}
            if isinstance(raw, dict):
                for k, v in raw.items():
                    if isinstance(k, str) and k.isdigit() and ok(v):
                        out[int(k)] = v
            return out

        def whole(v: Any) -> bool:
            return type(v) is int and v >= 0

        def text(v: Any) -> bool:
            return isinstance(v, str) and 0 < len(v) <= 200

        tokens = part("tokens", text)
        if len(set(tokens.values())) < len(tokens):
            tokens = {}
        game_id = state.get("game") if isinstance(state, dict) else None
        return cls(kind, person_seats, tokens, game_id=game_id if text(game_id) else None,
                   applied=part("applied", whole), clients=part("clients", text),
                   revs=part("revs", whole), far=part("far", lambda v: v is True))

    # ------------------------------------------------------ main thread
    def url(self, seat: int, base: str) -> str:
        """The seat's page: ``base`` (``"http://192.168.1.20:8765"``) + ``/s/<token>``.
        Raises ``KeyError`` for a seat that may not use a phone."""
        return f"{base.rstrip('/')}/s/{self.tokens[seat]}"

    def phone_seats(self) -> set[int]:
        """The seats whose phone is connected now."""
        with self._lock:
            return set(self._links)

    def has_phone(self, seat: int) -> bool:
        """True while ``seat``'s phone is connected."""
        with self._lock:
            return seat in self._links

    def is_far(self, seat: int) -> bool:
        """True when ``seat``'s phone last joined from outside the home network
        (a far-away relative), connected now or not."""
        with self._lock:
            return seat in self._far

    def lang(self, seat: int, default: str = "en") -> str:
        """The language ``seat``'s phone asked for (``default`` before any)."""
        with self._lock:
            return self.langs.get(seat, default)

    def wait(self, timeout: float) -> bool:
        """Block up to ``timeout`` seconds until a phone asks something
        (headless drivers; the UI polls every frame instead).  True if it did."""
        return self._arrived.wait(timeout)

    def poll(self) -> list[Request]:
        """Drain what the phones asked since the last call, in arrival order."""
        self._arrived.clear()
        out: list[Request] = []
        while True:
            try:
                out.append(self._requests.get_nowait())
            except queue.Empty:
                return out

    def answer(self, seat: int, seq: int, ok: bool, error: str | None = None) -> None:
        """Answer ``seat``'s act ``seq``: taken (``ok``) or refused with
        ``error`` (plain words, the seat's language).  Either way the seq is
        spent: ``applied`` becomes at least ``seq`` and a repeat of it gets
        this same answer.  Thread-safe."""
        data = m.encode(m.Ack(seq, ok, None if ok else (error or "")))
        with self._lock:
            self._inflight[seat].discard(seq)
            self.applied[seat] = max(self.applied[seat], seq)
            acks = self._acks[seat]
            acks[seq] = data
            while len(acks) > ACKS_KEPT:
                del acks[min(acks)]
            self._send(seat, data)

    def publish(self, seat: int, payload: dict[str, Any]) -> int:
        """Send ``seat``'s phone its whole view ``payload`` (kept, and sent
        again whenever the phone comes back).  Returns the view's ``rev``.
        Thread-safe."""
        with self._lock:
            self.revs[seat] += 1
            rev = self.revs[seat]
            data = m.encode(m.View(rev, payload))
            self._views[seat] = data
            self._stale.discard(seat)
            self._send(seat, data)
            return rev

    def spent(self) -> dict[int, int]:
        """Seat -> the greatest seq taken or on its way to the game (at least
        ``applied``): what a phone's next action must be numbered after."""
        with self._lock:
            return {s: self._spent(s) for s in self.applied}

    def take_stale(self) -> set[int]:
        """The seats that need a fresh view whatever changed (a phone came,
        or changed its language) -- emptied by the call."""
        with self._lock:
            out, self._stale = self._stale, set()
            return out

    def pending_joins(self) -> list[int]:
        """The seats where a new phone waits for the TV to say yes or no."""
        with self._lock:
            return sorted(self._pending)

    def confirm_join(self, seat: int, allow: bool) -> None:
        """The TV's answer to the phone waiting for ``seat``: yes seats it
        (the phone that held the seat is told ``refused`` and closed), no
        sends it ``refused`` and closes it.  Nothing when no phone waits."""
        with self._lock:
            waiting = self._pending.pop(seat, None)
            if waiting is None:
                return
            link, client, lang = waiting
            if not allow:
                self.stats["joins_refused"] += 1
                link.send(m.encode(m.Refused("The TV said no.")))
                link.close()
                return
            self.stats["joins_confirmed"] += 1
            self._seat(seat, link, client, lang)

    def close_all(self) -> None:
        """Close every phone's socket (the host is stopping)."""
        with self._lock:
            for link in list(self._links.values()) + [p[0] for p in self._pending.values()]:
                link.close()
            self._links.clear()
            self._pending.clear()

    # ---------------------------------------------------- server thread
    def seat_of_token(self, token: Any) -> int | None:
        """The seat ``token`` opens, or None (compared in constant time).  A token of
        :data:`TOKEN_ALPHABET` (lower case) is read in any case -- a relative typing the address
        by hand may get the case wrong -- and keeps its 97.5 bits, as none differs from another by
        case alone; a mixed-case token an older save kept must match exactly."""
        if not isinstance(token, str):
            return None
        found, given = None, token.encode("utf-8", "replace")
        folded = token.lower().encode("utf-8", "replace")
        for seat, t in self.tokens.items():
            if secrets.compare_digest(t.encode(), folded if t == t.lower() else given):
                found = seat
        return found

    def seat_of_link(self, link: Link) -> int | None:
        """The seat ``link`` holds now, or None (waiting, refused, or replaced)."""
        with self._lock:
            for seat, held in self._links.items():
                if held is link:
                    return seat
        return None

    def hello(self, link: Link, token: str, client: str, lang: str = "en") -> str:
        """A socket said hello.  Returns ``"welcome"`` (seated: sent
        ``welcome`` and the last view), ``"waiting"`` (another phone holds the
        seat: sent ``waiting``, the TV is asked), ``"far_seat"`` (the seat plays
        from far away and this socket is in the home network, not the page that
        held the seat: sent ``refused`` with the reason :data:`FAR_SEAT` and
        closed; the TV is not asked) or ``"forged"`` (no seat has this token:
        nothing is sent about any seat)."""
        seat = self.seat_of_token(token)
        if seat is None:
            self.stats["forged"] += 1
            return "forged"
        with self._lock:
            held_by = self.clients.get(seat)
            if seat in self._far and not getattr(link, "far", False) and held_by != client:
                # its person is not in the room: a phone here would see their cards, so the TV is not
                # even asked (only the very page that played it from far away may come home with it)
                self.stats["far_refused"] += 1
                link.send(m.encode(m.Refused(FAR_SEAT)))
                link.close()
                return "far_seat"
            if held_by is not None and held_by != client:
                old = self._pending.get(seat)
                if old is not None and old[0] is not link:
                    old[0].send(m.encode(m.Refused("Another phone asked for this seat.")))
                    old[0].close()
                self._pending[seat] = (link, client, lang)
                link.send(m.encode(m.Waiting("confirm")))
                self._put(Request(seat, "join"))
                self.stats["joins_asked"] += 1
                return "waiting"
            self._seat(seat, link, client, lang)
            return "welcome"

    def receive(self, link: Link, seat: int, msg: m.ClientMessage) -> None:
        """A seated socket's message (after ``hello``).  Acts go to the main
        thread once each: a seq already answered gets its answer again
        (counted ``duplicates``), one on its way is dropped (``in_flight``), one
        numbered more than :data:`SEQ_AHEAD` after the seat's spent seq is
        answered ``error`` ``bad_seq`` and spends nothing."""
        with self._lock:
            if self._links.get(seat) is not link:     # replaced by another phone meanwhile
                return
            if isinstance(msg, m.Ping):
                link.send(m.encode(m.Pong()))
            elif isinstance(msg, m.Act):
                if msg.seq <= self.applied[seat]:
                    self.stats["duplicates"] += 1
                    link.send(self._acks[seat].get(msg.seq) or m.encode(m.Ack(msg.seq, False, "Already done.")))
                elif msg.seq in self._inflight[seat]:
                    self.stats["in_flight"] += 1
                elif msg.seq > self._spent(seat) + SEQ_AHEAD:
                    self.stats["bad_seq"] += 1
                    link.send(m.encode(m.Error("bad_seq", f"Action numbers go up one at a time: "
                                                          f"expected at most {self._spent(seat) + 1}.")))
                else:
                    self._inflight[seat].add(msg.seq)
                    self.stats["acts"] += 1
                    self._put(Request(seat, "act", seq=msg.seq, action=msg.action))
            elif isinstance(msg, m.Mark):
                self._put(Request(seat, "mark", card=msg.card, mark=msg.mark))
            elif isinstance(msg, m.Pad):
                self._put(Request(seat, "pad", key=msg.key))
            elif isinstance(msg, m.SetLang):
                self.langs[seat] = msg.lang
                self._stale.add(seat)
                self._put(Request(seat, "lang", lang=msg.lang))

    def gone(self, link: Link) -> None:
        """A socket closed (or broke): free its seat or its place in the queue."""
        with self._lock:
            for seat, held in list(self._links.items()):
                if held is link:
                    del self._links[seat]
                    self.stats["leaves"] += 1
                    self._put(Request(seat, "leave"))
            for seat, waiting in list(self._pending.items()):
                if waiting[0] is link:
                    del self._pending[seat]

    # ------------------------------------------------------------ inside
    def _seat(self, seat: int, link: Link, client: str, lang: str) -> None:
        """Give ``seat`` to ``link`` (lock held): welcome, the last view, stale."""
        old = self._links.get(seat)
        if old is not None and old is not link:
            old.send(m.encode(m.Refused("Another phone took this seat.")))
            old.close()
        self.stats["reconnects" if seat in self.clients else "connects"] += 1
        self._links[seat] = link
        self.clients[seat] = client
        if getattr(link, "far", False):
            self._far.add(seat)
        else:
            self._far.discard(seat)
        self.langs[seat] = lang
        self._stale.add(seat)
        # an act still on its way (an old phone's, or a reloaded tab's) spends its seq too
        self._send(seat, m.encode(m.Welcome(seat, self.kind, self.applied[seat], self._spent(seat), self.game_id)))
        if seat in self._views:
            self._send(seat, self._views[seat])
        self._put(Request(seat, "connect", lang=lang))

    def _spent(self, seat: int) -> int:
        """The greatest seq of ``seat`` taken or on its way (lock held)."""
        return max(self.applied[seat], max(self._inflight[seat], default=0))

    def _put(self, request: Request) -> None:
        self._requests.put(request)
        self._arrived.set()

    def _send(self, seat: int, data: bytes) -> None:
        """Send to ``seat``'s phone if one is connected (lock held)."""
        link = self._links.get(seat)
        if link is not None:
            if self.tap is not None:
                self.tap(seat, data)
            link.send(data)
