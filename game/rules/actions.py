"""Actions a player can take.  The engine's :meth:`Game.apply` takes one of these.

Every action is taken by the engine's current ``actor`` (the player whose turn it
is, or the player who must disprove).  Actions are small frozen dataclasses and
turn into JSON-able dicts with :func:`to_dict` / :func:`from_dict`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Union

from game.board.model import Square
from game.rules.cards import ALL_CARDS, ROOMS, SUSPECTS, WEAPONS


@dataclass(frozen=True)
class Roll:
    """Roll the die to move (000 "How a turn works" 1)."""


@dataclass(frozen=True)
class Move:
    """Move to a destination after rolling: a corridor square ``square``
    (column, row) or a room id ``room`` (exactly one of them is set).  The
    engine checks that the destination is reachable with the roll and walks
    the token along one legal path of that roll (000 "How a turn works" 2-3)."""

    square: Square | None = None
    room: str | None = None


@dataclass(frozen=True)
class TakePassage:
    """Use the secret passage of the corner room you start the turn in, instead
    of rolling (000 "Secret passages and blocked doors")."""


@dataclass(frozen=True)
class Suggest:
    """Suggest ``suspect`` with ``weapon`` in the room you stand in (000 "Suggestions" 1)."""

    suspect: str
    weapon: str


@dataclass(frozen=True)
class Disprove:
    """Show ``card`` (one of the named cards you hold) to the suggester (000 "Suggestions" 3)."""

    card: str


@dataclass(frozen=True)
class Accuse:
    """Accuse ``suspect`` with ``weapon`` in ``room`` (000 "Accusations" 1)."""

    suspect: str
    weapon: str
    room: str


@dataclass(frozen=True)
class EndTurn:
    """End your turn (000 "How a turn works" 4-5)."""


Action = Union[Roll, Move, TakePassage, Suggest, Disprove, Accuse, EndTurn]
ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls for cls in (Roll, Move, TakePassage, Suggest, Disprove, Accuse, EndTurn)
}


def to_dict(action: Action) -> dict[str, Any]:
    """``Move(square=(3, 4))`` -> ``{"type": "Move", "square": [3, 4], "room": None}``."""
    d: dict[str, Any] = {"type": type(action).__name__}
    for k, v in asdict(action).items():
        d[k] = list(v) if isinstance(v, tuple) else v
    return d


def _square(v: Any) -> bool:
    """A JSON square: ``[column, row]`` of two whole numbers."""
    return isinstance(v, list) and len(v) == 2 and all(type(n) is int for n in v)


#: What each field of an action may hold in JSON (a hand-edited save may hold anything).
FIELD_SHAPES: dict[str, Any] = {
    "square": lambda v: v is None or _square(v),
    "room": lambda v: v is None or v in ROOMS,
    "suspect": lambda v: v in SUSPECTS,
    "weapon": lambda v: v in WEAPONS,
    "card": lambda v: v in ALL_CARDS,
}


def from_dict(data: dict[str, Any]) -> Action:
    """Inverse of :func:`to_dict`.  Raises ``ValueError`` for an unknown action
    type or a field of the wrong shape (a square is two whole numbers, the
    other fields are ids of cards of their kind: a room that is a weapon is
    refused here, never reaches the rules as a strange move)."""
    try:
        cls = ACTION_TYPES[data["type"]]
    except (KeyError, TypeError) as exc:        # no "type", or a list / object as the type
        raise ValueError(f"not an action: {data!r}") from exc
    fields = {k: v for k, v in data.items() if k != "type"}
    for k, v in fields.items():
        if k in FIELD_SHAPES and not FIELD_SHAPES[k](v):
            raise ValueError(f"{cls.__name__}: {k} cannot be {v!r}")
    values: dict[str, Any] = {k: (tuple(v) if isinstance(v, list) else v) for k, v in fields.items()}
    try:
        return cls(**values)
    except TypeError as exc:                    # a field the action does not have
        raise ValueError(f"not an action: {data!r}") from exc
