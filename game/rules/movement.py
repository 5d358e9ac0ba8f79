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
        # colour[i]: bit mask of the squares of square i's colour (chessboard)
        by_colour = [0, 0]
        for i, (x, y) in enumerate(self.squares):
            by_colour[(x + y) % 2] |= 1 << i
        self.colour: list[int] = [by_colour[(x + y) % 2] for x, y in self.squares]
        # detours[a, b] for neighbours a, b: every (c, d) with a - c - d - b a walk
        self.detours: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {
            (a, b): tuple((c, d) for c in self.adj[a] for d in self.adj[c] if d in self.adj[b])
            for a in range(len(self.squares)) for b in self.adj[a]}
        #: True when every step changes colour (orthogonal steps between squares)
        self.bipartite = all((x + y) % 2 != sum(self.squares[k]) % 2
                             for (x, y), ks in zip(self.squares, self.adj, strict=True) for k in ks)

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
    detour: two-step detours round 2 x 2 blocks, then a short budgeted search
    over simple paths, then one exhaustive search for all the squares still
    missing, cut where none of them is within reach, has the right colour and
    is not yet stepped on (about 1 ms from the worst start with 12; searching
    for each square on its own took 5-8 ms).
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
    n_squares = len(squares)
    no_go = blocked | (start_mask if i0 >= 0 else 0)
    trees: list[list[int]] = []  # a shortest-path tree from each first step (parent, -1 at the root, -2 unseen)
    for first in firsts:
        tree = [-2] * n_squares
        tree[first] = -1
        frontier = [first]
        for d in range(1, steps + 1):
            if (steps - d) % 2 == 0:
                for j in frontier:
                    missing |= 1 << j
            nxt = []
            for j in frontier:
                for k in adj[j]:
                    if tree[k] == -2 and not no_go >> k & 1:
                        tree[k] = j
                        nxt.append(k)
            frontier = nxt
        trees.append(tree)
    index = g.index
    for dest in result:
        if not isinstance(dest, str):
            missing &= ~(1 << index[dest])
    if not missing:
        return result

    # Most of those squares are reached by widening a shortest path with
    # two-step detours round a 2 x 2 block of free squares.
    for t in [k for k in dist if missing >> k & 1]:
        for tree in trees:
            if tree[t] == -2:
                continue
            path, k = [], t
            while k != -1:
                path.append(k)
                k = tree[k]
            longer = _widen(g, path[::-1], steps - len(path), start_mask, blocked, i0)
            if longer is not None:
                missing &= ~(1 << t)
                result[squares[t]] = tuple(squares[j] for j in longer)
                break
    if not missing:
        return result

    # Then a short search over simple paths towards all of them at once (it
    # finds the easy ones fast), with a budget of visits ...
    rings = g.rings
    budget = 400
    seen: set[tuple[int, int, int]] = set()

    def sweep(i: int, remaining: int, visited: int, path: list[int]) -> None:
        nonlocal missing, budget
        budget -= 1
        taken = visited | blocked
        if remaining == 1:
            for k in adj[i]:
                if not taken >> k & 1 and missing >> k & 1:
                    missing &= ~(1 << k)
                    result[squares[k]] = tuple(squares[j] for j in path) + (squares[k],)
            return
        masks = rings[i]
        reach = masks[remaining] if remaining < len(masks) else masks[-1]
        if not reach & missing:
            return
        key = (i, remaining, visited & reach)
        if key in seen:
            return
        seen.add(key)
        for k in adj[i]:
            if taken >> k & 1:
                continue
            if budget <= 0 or not missing:
                return
            path.append(k)
            sweep(k, remaining - 1, visited | 1 << k, path)
            path.pop()

    for k in firsts:
        if missing and steps > 1:
            sweep(k, steps - 1, start_mask | (1 << k), [k])

    # ... and one exhaustive search for all the squares still missing at once:
    # it finds a path to each reachable one and proves the others unreachable
    # (searching for each square on its own took a whole search per square
    # that cannot be reached).
    if missing:
        found = _exact_paths(g, firsts, steps, start_mask, blocked, missing)
        for t in sorted(found):
            result[squares[t]] = tuple(squares[j] for j in found[t])
    return result


def _exact_paths(g: _Graph, firsts: list[int], steps: int, start_mask: int,
                 blocked: int, targets: int) -> dict[int, list[int]]:
    """``{target: path}`` for the squares of the bit mask ``targets`` that some
    simple path of exactly ``steps`` steps, starting with a step onto one of
    ``firsts``, ends on (``path``: the square indices stepped on); the other
    targets cannot be reached.

    One exhaustive search over simple paths for all the targets: cut where no
    target not reached yet is within reach of the steps left, and never
    repeated from the same (square, steps left, visited squares that could
    still matter) -- a square matters only within reach of the steps left
    from here and from a target not reached yet -- and wherever every target
    still within reach has been stepped on already or has the wrong colour
    (the grid is bipartite)."""
    adj, rings, colour = g.adj, g.rings, g.colour
    every = colour[0] | colour[1]
    seen: set[tuple[int, int, int]] = set()
    left = targets
    wanted = 0
    found: dict[int, list[int]] = {}
    near: list[int] = [-1] * (steps + 1)    # r -> squares within r of a target left (-1: not yet)

    def around(r: int) -> int:
        m = near[r]
        if m < 0:
            m = 0
            bits = left
            while bits:
                low = bits & -bits
                masks = rings[low.bit_length() - 1]
                m |= masks[r] if r < len(masks) else masks[-1]
                bits ^= low
            near[r] = m
        return m

    def search(i: int, remaining: int, visited: int, path: list[int]) -> None:
        nonlocal left, near
        taken = visited | blocked
        if remaining == 0:
            if left >> i & 1:
                left &= ~(1 << i)
                found[i] = list(path)
            return
        if remaining == 1:
            for k in adj[i]:
                if left >> k & 1 and not taken >> k & 1:
                    left &= ~(1 << k)
                    near = [-1] * (steps + 1)
                    found[k] = path + [k]
            return
        masks = rings[i]
        reach = masks[remaining] if remaining < len(masks) else masks[-1]
        if not reach & left & ~visited & wanted:
            return
        key = (i, remaining, visited & reach & around(remaining))
        if key in seen:
            return
        seen.add(key)
        for k in adj[i]:
            if not taken >> k & 1:
                path.append(k)
                search(k, remaining - 1, visited | 1 << k, path)
                path.pop()
                if not left:
                    return

    for k in firsts:
        # the grid is bipartite: a walk of exactly `steps` from here ends on
        # squares of one colour only
        wanted = every if not g.bipartite else colour[k] if steps % 2 else colour[k] ^ every
        if left & wanted:
            search(k, steps - 1, start_mask | 1 << k, [k])
    return found


def _widen(g: _Graph, path: list[int], extra: int, used: int, blocked: int,
           start: int) -> list[int] | None:
    """``path`` (square indices after the start) made ``extra`` steps longer by
    detours a -> c -> d -> b round 2 x 2 blocks of free, unused squares; None
    if that does not work out (the exhaustive search then decides)."""
    if extra <= 0 or extra % 2:
        return None
    walk = ([start] if start >= 0 else []) + list(path)
    for k in walk:
        used |= 1 << k
    detours = g.detours
    first = 0   # the pairs before the last detour had none free, and never will (squares only get used)
    while extra:
        taken = used | blocked
        at = -1
        for n in range(first, len(walk) - 1):
            for c, d in detours[walk[n], walk[n + 1]]:
                if not taken >> c & 1 and not taken >> d & 1:
                    at = n
                    break
            if at >= 0:
                break
        if at < 0:
            return None
        walk[at + 1:at + 1] = [c, d]
        used |= 1 << c | 1 << d
        extra -= 2
        first = at
    return walk[1:] if start >= 0 else walk


def is_trapped(board: Board, room: str, occupied: frozenset[Square] | set[Square]) -> bool:
    """True when every door of ``room`` is blocked by a token
    (000 "Secret passages and blocked doors")."""
    return all(sq in occupied for sq in board.rooms[room].doors)
