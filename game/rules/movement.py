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


def prepare(board: Board) -> None:
    """Build the board's search tables now (about 15 ms on the mansion) rather
    than on the first roll, so no frame waits for it.  Cached per board."""
    _graph(board)


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
    trees: list[dict[int, int]] = []  # a shortest-path tree from each first step
    for first in firsts:
        tree = {first: -1}
        frontier = [first]
        for d in range(1, steps + 1):
            if (steps - d) % 2 == 0:
                for j in frontier:
                    missing |= 1 << j
            nxt = []
            for j in frontier:
                for k in adj[j]:
                    if k not in tree and k != i0 and not blocked >> k & 1:
                        tree[k] = j
                        nxt.append(k)
            frontier = nxt
        trees.append(tree)
    for dest in result:
        if not isinstance(dest, str):
            missing &= ~(1 << g.index[dest])
    if not missing:
        return result

    # Most of those squares are reached by widening a shortest path with
    # two-step detours round a 2 x 2 block of free squares.
    for t in [k for k in dist if missing >> k & 1]:
        for tree in trees:
            if t not in tree:
                continue
            path, k = [], t
            while k != -1:
                path.append(k)
                k = tree[k]
            longer = _widen(adj, path[::-1], steps - len(path), start_mask, blocked, i0)
            if longer is not None:
                missing &= ~(1 << t)
                result[squares[t]] = tuple(squares[j] for j in longer)
                break
    if not missing:
        return result

    # Then a short search over simple paths towards all of them at once (it
    # finds the easy ones fast), with a budget of visits ...
    ball = g.ball
    budget = [400]
    seen: set[tuple[int, int, int]] = set()

    def sweep(i: int, remaining: int, visited: int, path: list[int]) -> None:
        nonlocal missing
        budget[0] -= 1
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
            if budget[0] <= 0 or not missing:
                return
            path.append(k)
            sweep(k, remaining - 1, visited | 1 << k, path)
            path.pop()

    for k in firsts:
        if missing and steps > 1:
            sweep(k, steps - 1, start_mask | (1 << k), [k])

    # ... and an exhaustive search for each square still missing, cut wherever
    # the square is out of reach of the steps left.
    for t in [k for k in range(len(squares)) if missing >> k & 1]:
        to_t = _distances_to(adj, t, blocked)
        failed: set[tuple[int, int, int]] = set()

        def search(i: int, remaining: int, visited: int, path: list[int]) -> bool:
            if remaining == 0:
                return i == t
            if to_t.get(i, 99) > remaining:
                return False
            # Only squares that could lie on a way from i to t still matter.
            key = (i, remaining, visited & ball(i, remaining) & ball(t, remaining))
            if key in failed:
                return False
            for k in adj[i]:
                if not (visited | blocked) >> k & 1 and (k != t or remaining == 1):
                    path.append(k)
                    if search(k, remaining - 1, visited | 1 << k, path):
                        return True
                    path.pop()
            failed.add(key)
            return False

        for k in firsts:
            path = [k]
            if search(k, steps - 1, start_mask | 1 << k, path):
                result[squares[t]] = tuple(squares[j] for j in path)
                break
    return result


def _distances_to(adj: list[tuple[int, ...]], target: int, blocked: int) -> dict[int, int]:
    """Steps from every free square to ``target`` (breadth-first)."""
    dist = {target: 0}
    frontier = [target]
    while frontier:
        nxt = []
        for j in frontier:
            for k in adj[j]:
                if k not in dist and not blocked >> k & 1:
                    dist[k] = dist[j] + 1
                    nxt.append(k)
        frontier = nxt
    return dist


def _widen(adj: list[tuple[int, ...]], path: list[int], extra: int, used: int, blocked: int,
           start: int) -> list[int] | None:
    """``path`` (square indices after the start) made ``extra`` steps longer by
    detours a -> c -> d -> b round 2 x 2 blocks of free, unused squares; None
    if that does not work out (the exhaustive search then decides)."""
    if extra <= 0 or extra % 2:
        return None
    walk = ([start] if start >= 0 else []) + list(path)
    for k in walk:
        used |= 1 << k
    while extra:
        for n in range(len(walk) - 1):
            a, b = walk[n], walk[n + 1]
            detour = next(((c, d) for c in adj[a] if not (used | blocked) >> c & 1
                           for d in adj[c] if d in adj[b] and not (used | blocked) >> d & 1), None)
            if detour is not None:
                c, d = detour
                walk[n + 1:n + 1] = [c, d]
                used |= 1 << c | 1 << d
                extra -= 2
                break
        else:
            return None
    return walk[1:] if start >= 0 else walk


def is_trapped(board: Board, room: str, occupied: frozenset[Square] | set[Square]) -> bool:
    """True when every door of ``room`` is blocked by a token
    (000 "Secret passages and blocked doors")."""
    return all(sq in occupied for sq in board.rooms[room].doors)
