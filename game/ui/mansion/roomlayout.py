"""Where the pieces stand inside a room: every token and every weapon at
once, none on the room's name, none on a wall, none on another.

Pure geometry on logical pixels (``pygame.Rect`` and ``pygame.Mask``):
:func:`room_spots` gets a room's squares (from the Tiled map,
:mod:`game.board.tmx`), how squares map to pixels, the name's rectangle and
the pieces' size, and returns the centres of six weapon places and six token
places.  The weapons fill rows from the top of the room, the tokens rows
from the bottom, each row from the middle outwards.
"""

from __future__ import annotations

from typing import Iterable

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


def _outside(floor: set[Square], origin: tuple[int, int], cell: tuple[int, int], box: pygame.Rect,
             margin: int) -> pygame.Mask:
    """A mask of ``box`` grown by ``margin`` (its top-left at ``box.topleft``
    minus ``margin``): set where there is no square of ``floor``."""
    sx, sy = cell
    mask = pygame.Mask((box.width + 2 * margin, box.height + 2 * margin), fill=True)
    for c, r in floor:
        hole = pygame.Mask((sx, sy), fill=True)
        mask.erase(hole, (origin[0] + c * sx - box.left + margin, origin[1] + r * sy - box.top + margin))
    return mask


def _candidates(floor: set[Square], origin: tuple[int, int], cell: tuple[int, int], label: pygame.Rect,
                side: int, wall: int, gap: int) -> list[pygame.Rect]:
    """Every place (``side`` x ``side`` pixels, on a :data:`STEP` grid) that
    stays ``wall`` pixels inside ``floor`` and ``gap`` pixels off ``label``."""
    if not floor:
        return []
    box = floor_rect(floor, origin, cell)
    outside = _outside(floor, origin, cell, box, wall)
    piece = pygame.Mask((side + 2 * wall, side + 2 * wall), fill=True)
    keep_off = label.inflate(2 * gap, 2 * gap)
    out = []
    for y in range(box.top, box.bottom - side + 1, STEP):
        for x in range(box.left, box.right - side + 1, STEP):
            r = pygame.Rect(x, y, side, side)
            if not r.colliderect(keep_off) and outside.overlap(piece, (x - box.left, y - box.top)) is None:
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


def room_spots(squares: Iterable[Square], origin: tuple[int, int], cell: tuple[int, int], label: pygame.Rect,
               side: int, avoid: Iterable[Square] = (), count: int = 6,
               strict: bool = True) -> tuple[list[Point], list[Point]] | None:
    """The centres (logical pixels) of ``count`` weapon places and ``count``
    token places in a room, as ``(weapons, tokens)``, best first.

    ``squares``: the room's squares ``(col, row)``; ``origin``: the board's
    top-left pixel; ``cell``: a square's (width, height) in pixels;
    ``label``: the room name's rectangle; ``side``: a piece's box (pixels,
    the larger of a token and a weapon's plate); ``avoid``: squares kept
    free unless the pieces do not fit without them (the secret passage's
    picture, the thresholds inside the doors).  A
    piece keeps a tenth of a square off the walls and 2 pixels off the name
    and the other pieces; when the room is too small for that, the margins
    shrink to 1 pixel and 0.  When even that fails: None if ``strict``, else
    places repeat (a room must be drawn).
    """
    floor = set(squares)
    avoid = set(avoid)
    wall = max(2, round(min(cell) / 10))
    weapons: list[pygame.Rect] = []
    tokens: list[pygame.Rect] = []
    cands: list[pygame.Rect] = []
    for wall_px, gap in ((wall, 2), (wall, 0), (1, 0)):
        cands = _candidates(floor, origin, cell, label, side, wall_px, gap)
        if not cands:
            continue
        clear = [r for r in cands if on_floor(r, floor - avoid, origin, cell)]    # off the passage, thresholds
        for pool in (clear, cands):
            taken: list[pygame.Rect] = []
            weapons = _fill(pool, taken, count, side, gap, from_top=True)
            tokens = _fill(pool, taken, count, side, gap, from_top=False)
            if len(weapons) == len(tokens) == count:
                return [r.center for r in weapons], [r.center for r in tokens]
    if strict:
        return None
    cands = cands or [pygame.Rect(label.topleft, (side, side))]
    weapons = weapons or cands[:1]
    tokens = tokens or cands[-1:]
    weapons += [weapons[i % len(weapons)] for i in range(count - len(weapons))]
    tokens += [tokens[i % len(tokens)] for i in range(count - len(tokens))]
    return [r.center for r in weapons], [r.center for r in tokens]
