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

        # rings[i][r]: bit mask of the squares at most r steps from square i
        # (all squares once r reaches the farthest one).
        self.rings: list[list[int]] = []
        for i in range(len(self.squares)):
            masks = [1 << i]
            seen, frontier = 1 << i, [i]
            while frontier:
                nxt = []
                for j in frontier:
                    for k in self.adj[j]:
                        if not seen >> k & 1:
                            seen |= 1 << k
                            nxt.append(k)
                frontier = nxt
                masks.append(seen)
            self.rings.append(masks)

    def ball(self, i: int, radius: int) -> int:
        """Bit mask of the squares at most ``radius`` steps from square ``i``."""
        masks = self.rings[i]
        return masks[radius] if radius < len(masks) else masks[-1]


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

    Method: a breadth-first search gives the shortest way to every square and
    room (a shortest path never repeats a square).  Rooms within the roll and, for
    "up to the roll", squares within it are done.  For an exact roll, squares at
    exactly ``steps`` are done too; the others with the right parity need a
    detour, found by a depth-first search over simple paths that stops as soon as
    no square still missing is within reach.
    """
    g = _graph(board)
    if steps < 1:
        return {}
    blocked = 0
    for sq in occupied:
        i = g.index.get(sq)
        if i is not None:
            blocked |= 1 << i
    squares, adj, rooms_at = g.squares, g.adj, g.rooms_at
    result: dict[Position, Path] = {}
    left_room: str | None = None
    if isinstance(start, str):
        if start not in board.rooms:
            raise ValueError(f"unknown room {start!r}")
        left_room = start
        firsts = [k for k in (g.index[sq] for sq in board.rooms[start].doors) if not blocked >> k & 1]
        start_mask = 0
        i0 = -1
    else:
        if start not in g.index:
            raise ValueError(f"square {start} is not a corridor square")
        i0 = g.index[start]
        start_mask = 1 << i0
        firsts = [k for k in adj[i0] if not (blocked | start_mask) >> k & 1]
        for room in rooms_at[i0]:
            result[room] = ()

    # Breadth-first: shortest distance and parent of every free square.
    dist: dict[int, int] = {k: 1 for k in firsts}
    parent: dict[int, int] = {k: -1 for k in firsts}
    frontier = list(firsts)
    for d in range(2, steps + 1):
        nxt = []
        for j in frontier:
            for k in adj[j]:
                if k not in dist and k != i0 and not blocked >> k & 1:
                    dist[k] = d
                    parent[k] = j
                    nxt.append(k)
        frontier = nxt

    def bfs_path(k: int) -> list[int]:
        out = []
        while k != -1:
            out.append(k)
            k = parent[k]
        return out[::-1]

    for k, d in sorted(dist.items(), key=lambda kv: kv[1]):
        if d < steps:
            for room in rooms_at[k]:
                if room != left_room and room not in result:
                    result[room] = tuple(squares[j] for j in bfs_path(k))
        if d == steps or (not exact and d <= steps):
            result[squares[k]] = tuple(squares[j] for j in bfs_path(k))
    if not exact:
        return result

    # Squares that a walk of exactly `steps` could end on: within reach of some
    # first step, with the right parity (the grid is bipartite).  From a room the
    # doors may differ in parity, so each first step is looked at on its own.
    missing = 0
    for first in firsts:
        seen_k = {first}
        frontier = [first]
        for d in range(1, steps + 1):
            if (steps - d) % 2 == 0:
                for j in frontier:
                    missing |= 1 << j
            nxt = []
            for j in frontier:
                for k in adj[j]:
                    if k not in seen_k and k != i0 and not blocked >> k & 1:
                        seen_k.add(k)
                        nxt.append(k)
            frontier = nxt
    for dest in result:
        if not isinstance(dest, str):
            missing &= ~(1 << g.index[dest])
    if not missing:
        return result

    seen: set[tuple[int, int, int]] = set()
    ball = g.ball

    def visit(i: int, remaining: int, visited: int, path: list[int]) -> None:
        nonlocal missing
        free = [k for k in adj[i] if not (visited | blocked) >> k & 1]
        if remaining == 1:
            for k in free:
                if missing >> k & 1:
                    missing &= ~(1 << k)
                    result[squares[k]] = tuple(squares[j] for j in path) + (squares[k],)
            return
        reach = ball(i, remaining)
        if not reach & missing:
            return
        key = (i, remaining, visited & reach)
        if key in seen:
            return
        seen.add(key)
        for k in free:
            path.append(k)
            visit(k, remaining - 1, visited | 1 << k, path)
            path.pop()
            if not missing:
                return

    for k in firsts:
        if missing:
            if steps == 1:
                break
            visit(k, steps - 1, start_mask | (1 << k), [k])
    return result


def is_trapped(board: Board, room: str, occupied: frozenset[Square] | set[Square]) -> bool:
    """True when every door of ``room`` is blocked by a token
    (000 "Secret passages and blocked doors")."""
    return all(sq in occupied for sq in board.rooms[room].doors)
