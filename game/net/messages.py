"""The messages phones and the host send each other over the WebSocket (JSON text).

Every message is one JSON object tagged by its ``"type"``.  Shapes are checked
with msgspec (:func:`decode_client`): a message that is too big, not JSON, of
an unknown type or with fields of the wrong shape raises :class:`MessageError`
with a short ``code`` and a plain-English ``message``; the server answers it
with an :class:`Error` and keeps the socket open (``docs/network.md``).

Client -> host (:data:`ClientMessage`):

* ``{"type": "hello", "token": str, "client": str, "lang": "en"|"es"|"ca"}`` --
  the first message on a socket: the seat's secret ``token`` and the page's
  own random ``client`` id (kept in localStorage).
* ``{"type": "act", "seq": int, "action": {...}}`` -- an engine action in its
  ``to_dict`` form; ``seq`` (>= 1) grows by one per action of the seat.
* ``{"type": "mark", "card": str, "mark": ""|"X"|"?"|"✓"}`` -- a notebook mark.
* ``{"type": "lang", "lang": ...}``, ``{"type": "pad", "key": "up"|"down"|"left"|
  "right"|"ok"|"back"}``, ``{"type": "ping"}``.

Host -> client (:data:`HostMessage`): ``welcome``, ``view``, ``ack``,
``error``, ``waiting``, ``refused``, ``pong`` (see each class).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import msgspec

#: The biggest message a client may send, in bytes (UTF-8).  Bigger ones are
#: answered with an ``error`` of code ``too_big``.
MAX_BYTES = 4096
#: The deepest nesting of arrays and objects a client message may have (the message itself is
#: level 1, an action 2, a square inside it 3).  Deeper ones are answered ``too_deep``.
MAX_DEPTH = 8
#: Languages a seat may choose.
LANGS = ("en", "es", "ca")
#: Notebook marks a phone may set ("" clears).
MARKS = ("", "X", "?", "✓")
#: The phone's arrow pad keys.
PAD_KEYS = ("up", "down", "left", "right", "ok", "back")

Lang = Literal["en", "es", "ca"]
Text = Annotated[str, msgspec.Meta(max_length=200)]
Seq = Annotated[int, msgspec.Meta(ge=1, le=2**31)]


class MessageError(ValueError):
    """A client message the host cannot take.  ``code`` is one of
    ``"too_big"``, ``"too_deep"``, ``"not_json"``, ``"unknown_type"``,
    ``"bad_shape"`` (and, from the server, ``"too_fast"``, ``"no_hello"``,
    ``"not_seated"``, ``"bad_seq"``);
    ``message`` says what was wrong in plain English."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


# --------------------------------------------------------------- client -> host
class Hello(msgspec.Struct, tag="hello", tag_field="type", forbid_unknown_fields=True):
    """First message on a socket: take the seat whose secret is ``token``."""

    token: Text
    client: Text
    lang: Lang = "en"


class Act(msgspec.Struct, tag="act", tag_field="type", forbid_unknown_fields=True):
    """Take ``action`` (an engine action's ``to_dict``) as this seat's ``seq``-th action."""

    seq: Seq
    action: dict[str, Any]


class Mark(msgspec.Struct, tag="mark", tag_field="type", forbid_unknown_fields=True):
    """Set this seat's notebook mark of ``card`` ("" clears it)."""

    card: Text
    mark: Literal["", "X", "?", "✓"]


class SetLang(msgspec.Struct, tag="lang", tag_field="type", forbid_unknown_fields=True):
    """Show this seat's texts in ``lang`` from now on."""

    lang: Lang


class Pad(msgspec.Struct, tag="pad", tag_field="type", forbid_unknown_fields=True):
    """One press of the phone's arrow pad (moves on the TV, device ``"phone:<seat>"``)."""

    key: Literal["up", "down", "left", "right", "ok", "back"]


class Ping(msgspec.Struct, tag="ping", tag_field="type", forbid_unknown_fields=True):
    """Are you there?  Answered with :class:`Pong`."""


ClientMessage = Union[Hello, Act, Mark, SetLang, Pad, Ping]
CLIENT_TYPES = ("hello", "act", "mark", "lang", "pad", "ping")


# --------------------------------------------------------------- host -> client
class Welcome(msgspec.Struct, tag="welcome", tag_field="type"):
    """The socket holds ``seat`` of a ``game`` ("board" or "cards"); ``applied``
    is the last seq the host took for this seat (0: none), so the page resends
    only actions with a greater seq (one still on its way is dropped as
    ``in_flight`` and answered once taken); ``spent`` is the greatest seq the
    host took or is taking (at least ``applied``), so a page that lost its
    count (a new phone, a reloaded tab) numbers its next action after it;
    ``match`` is the id of this game (new for every new game, kept by
    Continue): a page drops an action it still holds from another game."""

    seat: int
    game: str
    applied: int
    spent: int = 0
    match: str = ""


class View(msgspec.Struct, tag="view", tag_field="type"):
    """The seat's whole current payload (:func:`game.net.payload.seat_payload`);
    ``rev`` grows with every view sent to the seat.  The page shows the newest."""

    rev: int
    view: dict[str, Any]


class Ack(msgspec.Struct, tag="ack", tag_field="type"):
    """The answer to ``act`` number ``seq``: applied (``ok``) or refused with
    ``error`` in the seat's language (plain words).  A repeated seq gets the
    same answer again."""

    seq: int
    ok: bool
    error: str | None = None


class Error(msgspec.Struct, tag="error", tag_field="type"):
    """A bad message (see :class:`MessageError` codes); the socket stays open."""

    code: str
    message: str


class Waiting(msgspec.Struct, tag="waiting", tag_field="type"):
    """The seat is held by another phone: the TV is asked to confirm this one."""

    reason: str = "confirm"


class Refused(msgspec.Struct, tag="refused", tag_field="type"):
    """The TV said no (or another phone took the seat); the socket closes."""

    reason: str = ""


class Pong(msgspec.Struct, tag="pong", tag_field="type"):
    """The answer to :class:`Ping`."""


HostMessage = Union[Welcome, View, Ack, Error, Waiting, Refused, Pong]

_client_decoder = msgspec.json.Decoder(ClientMessage)
_host_decoder = msgspec.json.Decoder(HostMessage)
_encoder = msgspec.json.Encoder()


def decode_client(data: bytes | str) -> ClientMessage:
    """One client message from the text (or bytes) of a WebSocket frame.
    Raises :class:`MessageError`: ``too_big`` (over :data:`MAX_BYTES` bytes),
    ``too_deep`` (arrays and objects nested over :data:`MAX_DEPTH` levels), ``not_json``, ``unknown_type`` (no ``"type"`` or one not in
    :data:`CLIENT_TYPES`), ``bad_shape`` (a field missing, unknown or of the
    wrong type or value)."""
    raw = data.encode("utf-8", "replace") if isinstance(data, str) else bytes(data)
    if len(raw) > MAX_BYTES:
        raise MessageError("too_big", f"A message may hold at most {MAX_BYTES} bytes, not {len(raw)}.")
    try:
        obj = msgspec.json.decode(raw)
    except msgspec.DecodeError:
        raise MessageError("not_json", "The message is not JSON.") from None
    except RecursionError:              # msgspec's own guard, far deeper than MAX_DEPTH
        raise _too_deep() from None
    if depth(obj) > MAX_DEPTH:
        raise _too_deep()
    if not isinstance(obj, dict) or obj.get("type") not in CLIENT_TYPES:
        kind = obj.get("type") if isinstance(obj, dict) else None
        raise MessageError("unknown_type", f"Unknown message type {kind!r}; known: {', '.join(CLIENT_TYPES)}.")
    try:
        return _client_decoder.decode(raw)
    except msgspec.ValidationError as exc:
        raise MessageError("bad_shape", f"Bad {obj['type']!r} message: {exc}") from None


def depth(obj: Any) -> int:
    """How deep lists and dicts nest in ``obj`` (a scalar: 0, ``[]``: 1,
    ``{"a": [1]}``: 2), counted without recursion and only up to
    :data:`MAX_DEPTH` + 1: a deeper value returns that."""
    deepest = 0
    stack = [(obj, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            if level > MAX_DEPTH:
                return level
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _too_deep() -> MessageError:
    return MessageError("too_deep", f"A message may nest lists and objects at most {MAX_DEPTH} deep.")


def decode_host(data: bytes | str) -> HostMessage:
    """One host message (the Python client's side).  Raises
    :class:`MessageError` (``not_json`` / ``bad_shape``) for anything else."""
    try:
        return _host_decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise MessageError("bad_shape", str(exc)) from None
    except msgspec.DecodeError:
        raise MessageError("not_json", "The message is not JSON.") from None


def encode(message: ClientMessage | HostMessage) -> bytes:
    """The JSON bytes of one message (UTF-8, with its ``"type"``)."""
    return _encoder.encode(message)


def encode_text(message: ClientMessage | HostMessage) -> str:
    """:func:`encode` as text, for ``send_str``."""
    return _encoder.encode(message).decode("utf-8")


def to_builtins(message: ClientMessage | HostMessage) -> dict[str, Any]:
    """The message as a plain dict (with ``"type"``), e.g. for tests."""
    out: dict[str, Any] = msgspec.to_builtins(message)
    return out
