"""Where a token can go with a roll (000 "How a turn works" 1-3).

Pure functions over a :class:`~game.board.model.Board`.  A move is a simple path
(no square twice) of orthogonal steps through free corridor squares.  It ends
either after exactly ``steps`` steps on a corridor square, or early by stepping
through a doorway into a room (the doorway is not a square: the step from the
corridor square in front of a door into the room is one step).  A token in a room
leaves by the corridor square in front of any unblocked door (that is its first
step) and may not come back into the room it left in the same turn.

With ``exact=False`` (house rule 002 "Movement") every square on the way is also
a destination.
"""

from __future__ import annotations

from functools import lru_cache

from game.board.model import Board, Square
from game.rules.events import Position

Path = tuple[Square, ...]


class _Graph:
    """The board's corridor squares as bit indices, for a fast search."""

    def __init__(self, board: Board) -> None:
        self.squares: list[Square] = sorted(board.corridor)
        self.index = {sq: i for i, sq in enumerate(self.squares)}
        self.adj: list[tuple[int, ...]] = [
            tuple(self.index[n] for n in board.neighbours[sq]) for sq in self.squares
        ]
        self.rooms_at: list[tuple[str, ...]] = [board.door_rooms.get(sq, ()) for sq in self.squares]
        self._balls: dict[tuple[int, int], int] = {}

    def ball(self, i: int, radius: int) -> int:
        """Bit mask of the squares at most ``radius`` steps from square ``i``."""
        key = (i, radius)
        mask = self._balls.get(key)
        if mask is None:
            mask = 1 << i
            frontier = [i]
            for _ in range(radius):
                nxt = []
                for j in frontier:
                    for k in self.adj[j]:
                        if not mask >> k & 1:
                            mask |= 1 << k
                            nxt.append(k)
                frontier = nxt
            self._balls[key] = mask
        return mask


@lru_cache(maxsize=8)
def _graph(board: Board) -> _Graph:
    return _Graph(board)


def destinations(
    board: Board,
    start: Position,
    steps: int,
    occupied: frozenset[Square] | set[Square] = frozenset(),
    exact: bool = True,
) -> dict[Position, Path]:
    """Every place a token at ``start`` may end its move with a roll of ``steps``.

    Returns ``{destination: path}`` where a destination is a corridor square
    ``(col, row)`` or a room id, and ``path`` is one legal sequence of corridor
    squares stepped on (start excluded).  ``occupied`` are corridor squares with
    another token on them: they can be neither passed through nor stopped on
    (000 "How a turn works" 2), so a door whose square is occupied is blocked.
    The room the token starts in is never a destination (no re-entering the room
    you left).  Raises ``ValueError`` if ``start`` is not on the board.
    """
    g = _graph(board)
    if steps < 1:
        return {}
    blocked = 0
    for sq in occupied:
        i = g.index.get(sq)
        if i is not None:
            blocked |= 1 << i
    result: dict[Position, Path] = {}
    seen: set[tuple[int, int, int]] = set()
    left_room: str | None = None
    if isinstance(start, str):
        if start not in board.rooms:
            raise ValueError(f"unknown room {start!r}")
        left_room = start
        firsts = [g.index[sq] for sq in board.rooms[start].doors]
        start_mask = 0
    else:
        if start not in g.index:
            raise ValueError(f"square {start} is not a corridor square")
        firsts = None
        start_mask = 1 << g.index[start]

    squares = g.squares
    adj = g.adj
    rooms_at = g.rooms_at

    def visit(i: int, remaining: int, visited: int, path: list[int]) -> None:
        # Arrived on corridor square i with `remaining` steps left.
        key = (i, remaining, visited & g.ball(i, remaining))
        if key in seen:
            return
        seen.add(key)
        if remaining == 0 or not exact:
            sq = squares[i]
            if sq not in result:
                result[sq] = tuple(squares[j] for j in path)
        if remaining == 0:
            return
        for room in rooms_at[i]:
            if room != left_room and room not in result:
                result[room] = tuple(squares[j] for j in path)
        for k in adj[i]:
            bit = 1 << k
            if not (visited | blocked) & bit:
                path.append(k)
                visit(k, remaining - 1, visited | bit, path)
                path.pop()

    if firsts is None:
        i0 = g.index[start]  # type: ignore[index]
        if rooms_at[i0]:
            for room in rooms_at[i0]:
                result.setdefault(room, ())
        for k in adj[i0]:
            bit = 1 << k
            if not (start_mask | blocked) & bit:
                visit(k, steps - 1, start_mask | bit, [k])
    else:
        for k in firsts:
            bit = 1 << k
            if not blocked & bit:
                visit(k, steps - 1, bit, [k])
    return result


def is_trapped(board: Board, room: str, occupied: frozenset[Square] | set[Square]) -> bool:
    """True when every door of ``room`` is blocked by a token
    (000 "Secret passages and blocked doors")."""
    return all(sq in occupied for sq in board.rooms[room].doors)
