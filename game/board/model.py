"""The board as plain data: squares, rooms, doors, secret passages, start squares.

This module knows nothing about files or drawing; :mod:`game.board.tmx` builds a
:class:`Board` from a Tiled map.  A square is ``(col, row)`` in board squares,
``(0, 0)`` top left, ``col`` in ``0..width-1`` and ``row`` in ``0..height-1``.

Movement model (000 "How a turn works" 2-3): a token stands either on a corridor
square or in a room.  One step goes between two orthogonally adjacent corridor
squares, or through a doorway between the corridor square in front of a door and
its room (the doorway itself is not a square).
"""

from __future__ import annotations

from dataclasses import dataclass, field

Square = tuple[int, int]


@dataclass(frozen=True)
class Door:
    """A doorway: ``square`` is the corridor square in front of it, ``room`` the
    room id it opens into and ``inside`` the room square just behind it (for
    drawing the threshold)."""

    square: Square
    room: str
    inside: Square


@dataclass(frozen=True)
class Furniture:
    """A piece of furniture, only looks: ``kind`` names the drawing (for
    example ``"billiard table"``), ``room`` the room id it stands in and
    ``box`` its rectangle ``(x, y, w, h)`` in squares (fractions allowed;
    ``(0, 0)`` is the board's top-left corner).  It never covers a corridor
    square, a doorway's threshold or a secret passage."""

    kind: str
    room: str
    box: tuple[float, float, float, float]


@dataclass(frozen=True)
class Room:
    """A room: its id (a room card id), the squares it covers, the corridor squares
    in front of its doors, the room its secret passage leads to (or None), and
    the room square where that passage's picture stands (or None: for drawing,
    so that no piece is put on it)."""

    id: str
    squares: frozenset[Square]
    doors: tuple[Square, ...]
    passage_to: str | None = None
    passage_square: Square | None = None


@dataclass(frozen=True, eq=False)
class Board:
    """The whole mansion.

    ``corridor``: every corridor square (start squares included);
    ``rooms``: room id -> :class:`Room`; ``doors``: every doorway;
    ``start_squares``: suspect id -> start square; ``envelope``: the squares of
    the central case-file space (not walkable); ``source``: the file it came from;
    ``furniture``: the rooms' furniture (:class:`Furniture`, drawn under everything else).
    """

    width: int
    height: int
    corridor: frozenset[Square]
    rooms: dict[str, Room]
    doors: tuple[Door, ...]
    start_squares: dict[str, Square]
    envelope: frozenset[Square] = frozenset()
    source: str = "<memory>"
    furniture: tuple[Furniture, ...] = ()
    neighbours: dict[Square, tuple[Square, ...]] = field(init=False, repr=False, compare=False)
    door_rooms: dict[Square, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    room_of: dict[Square, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        neighbours: dict[Square, tuple[Square, ...]] = {}
        for c, r in self.corridor:
            neighbours[(c, r)] = tuple(
                sq for sq in ((c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)) if sq in self.corridor
            )
        door_rooms: dict[Square, list[str]] = {}
        for d in self.doors:
            door_rooms.setdefault(d.square, []).append(d.room)
        room_of = {sq: room.id for room in self.rooms.values() for sq in room.squares}
        object.__setattr__(self, "neighbours", neighbours)
        object.__setattr__(self, "door_rooms", {k: tuple(v) for k, v in door_rooms.items()})
        object.__setattr__(self, "room_of", room_of)

    def passage(self, room: str) -> str | None:
        """The room at the other end of ``room``'s secret passage, or None
        (000 "Secret passages and blocked doors")."""
        return self.rooms[room].passage_to

    def is_door_square(self, square: Square) -> bool:
        """True when ``square`` is a corridor square in front of a doorway."""
        return square in self.door_rooms
