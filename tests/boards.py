"""Small boards for rule scenarios, drawn as text (test data only).

Legend: ``.`` corridor square; ``#`` wall; an upper-case letter is a room square
of the room that letter maps to; a lower-case letter is a corridor square in
front of a door into the adjacent room of the same upper-case letter.
"""

from __future__ import annotations

from game.board.model import Board, Door, Room

ROOM_LETTERS = {
    "K": "kitchen", "B": "ballroom", "C": "conservatory", "D": "dining_room",
    "I": "billiard_room", "L": "library", "O": "lounge", "H": "hall", "S": "study",
}


def board_from_text(text: str, starts: dict[str, tuple[int, int]], passages: dict[str, str] | None = None) -> Board:
    """Build a :class:`Board` from ``text`` (see the module legend).  ``starts``
    maps suspect ids to start squares; ``passages`` maps a room id to the room its
    secret passage reaches (both ways are added)."""
    rows = [r for r in text.strip("\n").splitlines()]
    width, height = max(len(r) for r in rows), len(rows)
    cells = {(c, r): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}
    corridor = {sq for sq, ch in cells.items() if ch == "." or ch.islower()}
    room_squares: dict[str, set] = {}
    for sq, ch in cells.items():
        if ch.isupper() and ch in ROOM_LETTERS:
            room_squares.setdefault(ROOM_LETTERS[ch], set()).add(sq)
    doors = []
    for (c, r), ch in cells.items():
        if ch.islower():
            room = ROOM_LETTERS[ch.upper()]
            for n in ((c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)):
                if n in room_squares.get(room, ()):
                    doors.append(Door((c, r), room, n))
                    break
    passages = dict(passages or {})
    for a, b in list(passages.items()):
        passages[b] = a
    rooms = {
        rid: Room(rid, frozenset(sqs), tuple(d.square for d in doors if d.room == rid), passages.get(rid))
        for rid, sqs in room_squares.items()
    }
    return Board(width, height, frozenset(corridor), rooms, tuple(doors), dict(starts))


# A 12 x 7 test mansion: three rooms on top, three below, a corridor between.
SMALL = """
KKK#BBBB#CCC
KKK#BBBB#CCC
#k###b####c#
............
#o###h####s#
OOO#HHHH#SSS
OOO#HHHH#SSS
"""
SMALL_STARTS = {
    "scarlet": (0, 3), "mustard": (11, 3), "white": (10, 3),
    "green": (9, 3), "peacock": (8, 3), "plum": (7, 3),
}


def small_board() -> Board:
    """The SMALL board with passages Kitchen-Study and Conservatory-Lounge.
    Other rooms of the 9 are missing, which the engine does not need."""
    return board_from_text(SMALL, SMALL_STARTS, {"kitchen": "study", "conservatory": "lounge"})
