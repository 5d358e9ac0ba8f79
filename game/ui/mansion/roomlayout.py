"""Where the pieces stand inside a room: every token and every weapon at
once, none on the room's name, none on a wall, none on another.

Pure geometry on logical pixels (``pygame.Rect``):
:func:`room_spots` gets a room's squares (from the Tiled map,
:mod:`game.board.tmx`), how squares map to pixels, the name's rectangle and
the pieces' size, and returns the centres of six weapon places and six token
places.  The twelve places spread over the room's free floor (off the
furniture when there is room; else on it only where the bare floor holds no
more, and as little as can be), as far apart and as far off the walls and
the name as lets all twelve stand apart (:func:`_spread`, or, in a room too
small for that, the rows of :func:`_fill` opened out by :func:`_relax`);
weapon and token places alternate (:func:`_deal`: the first by the name,
then each farthest from those of its kind before it), so the weapons alone
or the tokens alone spread over the room too.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

import pygame

Square = tuple[int, int]
Point = tuple[int, int]

#: Candidate places are tried every this many pixels.
STEP = 2


def floor_rect(squares: Iterable[Square], origin: tuple[int, int], cell: tuple[int, int]) -> pygame.Rect:
    """The bounding rectangle (pixels) of ``squares``."""
    sx, sy = cell
    rects = [pygame.Rect(origin[0] + c * sx, origin[1] + r * sy, sx, sy) for c, r in squares]
    return rects[0].unionall(rects[1:])


def on_floor(rect: pygame.Rect, squares: Iterable[Square], origin: tuple[int, int], cell: tuple[int, int]) -> bool:
    """True when every square ``rect`` (pixels) touches is one of ``squares``."""
    floor = set(squares)
    sx, sy = cell
    c0, c1 = (rect.left - origin[0]) // sx, (rect.right - 1 - origin[0]) // sx
    r0, r1 = (rect.top - origin[1]) // sy, (rect.bottom - 1 - origin[1]) // sy
    return all((c, r) in floor for c in range(c0, c1 + 1) for r in range(r0, r1 + 1))


def _floor_test(floor: set[Square], origin: tuple[int, int], cell: tuple[int, int]
                ) -> Callable[[pygame.Rect], bool]:
    """:func:`on_floor` for many rectangles on one ``floor``: the answer kept for each run of squares
    touched (the candidate places of a room touch a few dozen such runs between them)."""
    sx, sy = cell
    known: dict[tuple[int, int, int, int], bool] = {}

    def test(rect: pygame.Rect) -> bool:
        key = ((rect.left - origin[0]) // sx, (rect.right - 1 - origin[0]) // sx,
               (rect.top - origin[1]) // sy, (rect.bottom - 1 - origin[1]) // sy)
        got = known.get(key)
        if got is None:
            c0, c1, r0, r1 = key
            got = known[key] = all((c, r) in floor for c in range(c0, c1 + 1) for r in range(r0, r1 + 1))
        return got
    return test


def _candidates(floor: set[Square], origin: tuple[int, int], cell: tuple[int, int], label: pygame.Rect,
                side: int, wall: int, gap: int) -> list[pygame.Rect]:
    """Every place (``side`` x ``side`` pixels, on a :data:`STEP` grid) that
    stays ``wall`` pixels inside ``floor`` and ``gap`` pixels off ``label``."""
    if not floor:
        return []
    box = floor_rect(floor, origin, cell)
    # the floor is whole squares: a place is ``wall`` inside it when every square its box grown by
    # ``wall`` touches is floor (asked once for each run of squares, not once a place)
    inside = _floor_test(floor, origin, cell)
    grown = side + 2 * wall
    keep_off = label.inflate(2 * gap, 2 * gap)
    out = []
    for y in range(box.top, box.bottom - side + 1, STEP):
        for x in range(box.left, box.right - side + 1, STEP):
            r = pygame.Rect(x, y, side, side)
            if not r.colliderect(keep_off) and inside(pygame.Rect(x - wall, y - wall, grown, grown)):
                out.append(r)
    return out


def _runs(xs: list[int]) -> list[tuple[int, int]]:
    """The runs ``(first, last)`` of consecutive places (:data:`STEP` apart) in sorted ``xs``."""
    runs: list[tuple[int, int]] = []
    for x in xs:
        if runs and x - runs[-1][1] == STEP:
            runs[-1] = (runs[-1][0], x)
        else:
            runs.append((x, x))
    return runs


def _band(xs: list[int], pitch: int) -> list[int]:
    """As many left edges as fit in the places ``xs`` (sorted), ``pitch``
    apart, each run's pieces centred in that run."""
    out = []
    for a, b in _runs(xs):
        k = (b - a) // pitch + 1
        start = a + STEP * (((b - a) - (k - 1) * pitch) // (2 * STEP))
        out += [start + i * pitch for i in range(k)]
    return out


def _fill(cands: list[pygame.Rect], taken: list[pygame.Rect], n: int, side: int, gap: int,
          from_top: bool) -> list[pygame.Rect]:
    """Up to ``n`` places among ``cands`` (all ``side`` pixels square) in
    rows ``side + gap`` apart, from the top or from the bottom, each row as
    full as it can be and its pieces nearest the middle first; they keep
    ``gap`` pixels off ``taken`` and off each other (``taken`` grows)."""
    rows: dict[int, list[int]] = {}
    for r in cands:
        rows.setdefault(r.top, []).append(r.left)
    if not rows:
        return []
    middle = sum(r.centerx for r in cands) / len(cands)
    out: list[pygame.Rect] = []
    last = None
    for y in sorted(rows, reverse=not from_top):
        if len(out) == n:
            break
        if last is not None and abs(y - last) < side + gap:
            continue
        free = sorted(x for x in rows[y]
                      if pygame.Rect(x, y, side, side).inflate(2 * gap, 2 * gap).collidelist(taken) < 0)
        lefts = sorted(_band(free, side + gap), key=lambda x: (abs(x + side / 2 - middle), x))[:n - len(out)]
        if lefts:
            last = y
            placed = [pygame.Rect(x, y, side, side) for x in lefts]
            out += placed
            taken += placed
    return out


def _clearance(pool: list[pygame.Rect]) -> list[int]:
    """For each place of ``pool`` (all on one :data:`STEP` grid), how far
    (pixels, the larger of across and down) it can move before it leaves the
    pool: a place at the pool's edge has :data:`STEP`, one a step further in
    twice that."""
    if not pool:
        return []
    # the chessboard distance to the nearest grid point outside the pool, in two passes over the
    # grid (exact for this distance): the same figures as a search inwards from the edge, a third
    # of the work
    cols = [r.x // STEP for r in pool]
    rows = [r.y // STEP for r in pool]
    c0, r0 = min(cols) - 1, min(rows) - 1
    width = max(cols) - c0 + 2
    grid = [[0] * width for _ in range(max(rows) - r0 + 2)]     # a border of zeros all round
    for c, r in zip(cols, rows, strict=True):
        grid[r - r0][c - c0] = 1
    for y in range(1, len(grid) - 1):
        above, line = grid[y - 1], grid[y]
        for x in range(1, width - 1):
            if line[x]:
                line[x] = 1 + min(above[x - 1], above[x], above[x + 1], line[x - 1])
    for y in range(len(grid) - 2, 0, -1):
        below, line = grid[y + 1], grid[y]
        for x in range(width - 2, 0, -1):
            if line[x]:
                line[x] = min(line[x], 1 + min(below[x - 1], below[x], below[x + 1], line[x + 1]))
    return [STEP * grid[r - r0][c - c0] for c, r in zip(cols, rows, strict=True)]


def _apart(r: pygame.Rect, others: list[pygame.Rect]) -> int:
    """How far (pixels) ``r`` is from the nearest of ``others``: the larger
    of across and down, so boxes of one size ``side`` that are ``d`` apart
    keep ``d - side`` pixels between them."""
    return min((max(abs(r.x - o.x), abs(r.y - o.y)) for o in others), default=1 << 30)


def _spread(pool: list[pygame.Rect], clear: list[int], n: int, need: int) -> list[pygame.Rect]:
    """``n`` places among ``pool``, at least ``need`` pixels apart
    (:func:`_apart`), or ``[]`` when the greedy choice cannot fit ``n``.

    Each next place is the one whose score is highest: its distance to the
    nearest place chosen, or ``clear`` (its distance to the pool's edge,
    weighted), whichever is less; so the pieces go as far apart as they can
    and keep off the walls and the name in proportion.  Ties go to the
    topmost, then leftmost, so the same room always gives the same places."""
    order = sorted(range(len(pool)), key=lambda i: (pool[i].y, pool[i].x))
    near = list(clear)
    apart = [1 << 30] * len(pool)
    out: list[pygame.Rect] = []
    for _ in range(n):
        best = -1
        for i in order:
            if apart[i] >= need and (best < 0 or near[i] > near[best]):
                best = i
        if best < 0:
            return []
        pick = pool[best]
        out.append(pick)
        for i, r in enumerate(pool):
            d = max(abs(r.x - pick.x), abs(r.y - pick.y))
            if d < apart[i]:
                apart[i] = d
                near[i] = min(near[i], d)
    return out


def _relax(clear: dict[tuple[int, int], int], places: list[pygame.Rect], need: int,
           rounds: int = 16) -> list[pygame.Rect]:
    """``places`` (``need`` pixels apart) moved, each in turn and a few
    rounds over, a step of 2 to 16 pixels to where its score of
    :func:`_spread` is higher (``clear``: every place a piece may stand, by
    its top-left, and its distance to the edge; the others stay ``need``
    apart): rows packed against a wall open out over the floor that is
    free.  The same input always gives the same output."""
    out = list(places)
    moves = [(dx * k * STEP, dy * k * STEP) for k in (1, 2, 4, 8) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
             if dx or dy]
    for _ in range(rounds):
        moved = False
        for k, cur in enumerate(out):
            others = out[:k] + out[k + 1:]
            best, best_score = cur, min(clear[cur.topleft], _apart(cur, others))
            for dx, dy in moves:
                c = clear.get((cur.x + dx, cur.y + dy), 0)
                if c <= best_score:                 # cannot do better there
                    continue
                r = cur.move(dx, dy)
                d = _apart(r, others)
                if d >= need and min(c, d) > best_score:
                    best, best_score = r, min(c, d)
            if best is not cur:
                out[k], moved = best, True
        if not moved:
            break
    return out


def _deal(places: list[pygame.Rect], middle: tuple[int, int]) -> list[pygame.Rect]:
    """``places`` in the order they are dealt, a weapon's and a token's in
    turn (:func:`_split`): first the one nearest ``middle`` (the room's
    middle, where its name stands: a piece alone stands by the name), then
    each time the one farthest from those of its kind dealt, and of those
    the farthest from all dealt (ties: the topmost, then leftmost); so the
    first few of each kind are apart, and the weapons alone or the tokens
    alone reach over the room."""
    rest = sorted(places, key=lambda r: (r.y, r.x))
    out = [min(rest, key=lambda r: (r.centerx - middle[0]) ** 2 + (r.centery - middle[1]) ** 2)]
    rest.remove(out[0])
    while rest:
        kind = out[len(out) % 2::2]
        pick = max(rest, key=lambda r: (_apart(r, kind), _apart(r, out)))
        out.append(pick)
        rest.remove(pick)
    return out


def _split(places: list[pygame.Rect]) -> tuple[list[Point], list[Point]]:
    """Dealt places as ``(weapons, tokens)`` centres: a weapon's, a token's, in turn."""
    return [r.center for r in places[0::2]], [r.center for r in places[1::2]]


def room_spots(squares: Iterable[Square], origin: tuple[int, int], cell: tuple[int, int], label: pygame.Rect,
               side: int, avoid: Iterable[Square] = (), count: int = 6,
               strict: bool = True,
               furniture: Iterable[pygame.Rect] = (), keep_off: bool = False) -> tuple[list[Point], list[Point]] | None:
    """The centres (logical pixels) of ``count`` weapon places and ``count``
    token places in a room, as ``(weapons, tokens)``, best first.

    ``squares``: the room's squares ``(col, row)``; ``origin``: the board's
    top-left pixel; ``cell``: a square's (width, height) in pixels;
    ``label``: the room name's rectangle; ``side``: a piece's box (pixels,
    the larger of a token and a weapon's plate); ``avoid``: squares kept
    free unless the pieces do not fit without them (the secret passage's
    picture, the thresholds inside the doors); ``furniture``: rectangles
    (pixels) kept free when the pieces spread over the room without them,
    so that the furniture under the pieces can still be seen; ``keep_off``: ``avoid`` is never
    stood on (None when the pieces do not fit without it, even if not ``strict``).  The places
    spread over the free floor (see the module's summary), the weapons' and
    the tokens' in turn.  A piece keeps a tenth of a square off the walls
    and 2 pixels off the name and the other pieces; when the room is too small for that, the margins
    shrink to 1 pixel and 0.  When even that fails: None if ``strict``, else
    places repeat (a room must be drawn).  Worked out once for each room
    and size (a fraction of a second), then remembered.
    """
    got = _spots(tuple(sorted(set(squares))), tuple(origin), tuple(cell), tuple(label), side,
                 tuple(sorted(set(avoid))), count, strict, tuple(tuple(r) for r in furniture), keep_off)
    return None if got is None else (list(got[0]), list(got[1]))


@functools.lru_cache(maxsize=256)
def _spots(squares: tuple[Square, ...], origin: tuple[int, int], cell: tuple[int, int],
           label_box: tuple[int, ...], side: int, avoid_squares: tuple[Square, ...], count: int, strict: bool,
           furniture: tuple[tuple[int, ...], ...],
           keep_off: bool) -> tuple[tuple[Point, ...], tuple[Point, ...]] | None:
    """:func:`room_spots` on hashable arguments, the answer kept (tuples, so that no caller changes it)."""
    got = _work_out(squares, origin, cell, pygame.Rect(label_box), side, avoid_squares, count, strict,
                    [pygame.Rect(r) for r in furniture], keep_off)
    return None if got is None else (tuple(got[0]), tuple(got[1]))


def _room_to_spare(cands: list[pygame.Rect], clear: list[pygame.Rect], edge: list[int]
                   ) -> dict[tuple[int, int], int]:
    """Every place a piece may stand (``cands``, by its top-left) and its room to spare for :func:`_relax`
    (see :func:`_spread`): twice its ``edge`` distance for a place of ``clear``, none on the passage or
    a threshold, so nothing moves there."""
    return dict.fromkeys((r.topleft for r in cands), 0) | {r.topleft: 2 * c for r, c in zip(clear, edge, strict=True)}


def _on_things(r: pygame.Rect, things: list[pygame.Rect]) -> int:
    """How much of ``r`` (square pixels) lies on ``things`` (the furniture)."""
    return sum(r.clip(t).width * r.clip(t).height for t in things)


def _work_out(squares: Iterable[Square], origin: tuple[int, int], cell: tuple[int, int], label: pygame.Rect,
              side: int, avoid: Iterable[Square], count: int, strict: bool,
              furniture: list[pygame.Rect], keep_off: bool = False) -> tuple[list[Point], list[Point]] | None:
    """What :func:`room_spots` answers, worked out."""
    floor = set(squares)
    avoid = set(avoid)
    things = furniture
    middle = floor_rect(floor, origin, cell).center if floor else label.center
    wall = max(2, round(min(cell) / 10))
    weapons: list[pygame.Rect] = []
    tokens: list[pygame.Rect] = []
    cands: list[pygame.Rect] = []
    tiers = []
    standing = _floor_test(floor - avoid, origin, cell)
    for wall_px, gap in ((wall, 2), (wall, 0), (1, 0)):   # off the passage and the thresholds if at all possible
        cands = _candidates(floor, origin, cell, label, side, wall_px, gap)
        if not cands:
            continue
        clear = list(filter(standing, cands))
        edge = _clearance(clear)
        tiers.append((cands, gap, clear, edge))
        # how much of each place's box lies on the furniture: a place is bare when none of it does
        over = [_on_things(r, things) for r in clear]
        bare = [i for i, a in enumerate(over) if not a]
        x0, y0 = cands[0].topleft
        for keep in (bare, range(len(clear))):      # off the furniture first, so that it can be seen
            # every other place across and down: a quarter of the work, and still 4 pixels fine
            sub = [i for i in keep if not (clear[i].x - x0) % (2 * STEP) and not (clear[i].y - y0) % (2 * STEP)]
            for weight in (2, 0):
                # with every place: on the furniture only where the bare floor has no room left for one
                # more piece, and there as little of the piece as can be (the score below every bare one's)
                spread = _spread([clear[i] for i in sub],
                                 [-over[i] if over[i] else weight * edge[i] if weight else 1 << 30 for i in sub],
                                 2 * count, side + gap)
                if spread:
                    return _split(_deal(spread, middle))
        taken: list[pygame.Rect] = []     # too small to spread at once: rows, opened out
        weapons = _fill(clear, taken, count, side, gap, from_top=True)
        tokens = _fill(clear, taken, count, side, gap, from_top=False)
        if len(weapons) == len(tokens) == count:
            return _split(_deal(_relax(_room_to_spare(cands, clear, edge), weapons + tokens, side + gap), middle))
    if keep_off:
        return None
    for cands, gap, clear, edge in tiers:      # on a threshold if need be, and off it where the rows open out
        taken = []
        weapons = _fill(cands, taken, count, side, gap, from_top=True)
        tokens = _fill(cands, taken, count, side, gap, from_top=False)
        if len(weapons) == len(tokens) == count:
            return _split(_deal(_relax(_room_to_spare(cands, clear, edge), weapons + tokens, side + gap), middle))
    if strict:
        return None
    cands = cands or [pygame.Rect(label.topleft, (side, side))]
    weapons = weapons or cands[:1]
    tokens = tokens or cands[-1:]
    weapons += [weapons[i % len(weapons)] for i in range(count - len(weapons))]
    tokens += [tokens[i % len(tokens)] for i in range(count - len(tokens))]
    return [r.center for r in weapons], [r.center for r in tokens]
