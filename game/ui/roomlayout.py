"""Where the pieces stand inside a room: every token and every weapon at
once, none on the room's name, none on a wall, none on another.

Pure geometry on logical pixels (``pygame.Rect`` only): :func:`room_spots`
gets a room's squares (from the Tiled map, :mod:`game.board.tmx`), how
squares map to pixels, the name's rectangle and the pieces' size, and
returns the centres of six weapon places and six token places.  The weapons
fill rows from the top of the room, the tokens rows from the bottom, each
row from the middle outwards.
"""

from __future__ import annotations

from typing import Iterable

import pygame

Square = tuple[int, int]
Point = tuple[float, float]

#: Candidate centres are tried every this many pixels.
STEP = 2


def _covered(rect: pygame.Rect, floor: set[Square], origin: tuple[int, int], cell: tuple[int, int]) -> bool:
    """True when every square ``rect`` (pixels) touches is in ``floor``."""
    sx, sy = cell
    c0, c1 = (rect.left - origin[0]) // sx, (rect.right - 1 - origin[0]) // sx
    r0, r1 = (rect.top - origin[1]) // sy, (rect.bottom - 1 - origin[1]) // sy
    return all((c, r) in floor for c in range(c0, c1 + 1) for r in range(r0, r1 + 1))


def _candidates(floor: set[Square], origin: tuple[int, int], cell: tuple[int, int], label: pygame.Rect,
                side: int, wall: int, gap: int) -> list[pygame.Rect]:
    """Every place (``side`` x ``side`` pixels, on a :data:`STEP` grid) that
    stays ``wall`` pixels inside ``floor`` and ``gap`` pixels off ``label``."""
    if not floor:
        return []
    sx, sy = cell
    cols = [c for c, _r in floor]
    rows = [r for _c, r in floor]
    left, top = origin[0] + min(cols) * sx, origin[1] + min(rows) * sy
    right, bottom = origin[0] + (max(cols) + 1) * sx, origin[1] + (max(rows) + 1) * sy
    keep_off = label.inflate(2 * gap, 2 * gap)
    out = []
    for y in range(top, bottom - side + 1, STEP):
        for x in range(left, right - side + 1, STEP):
            r = pygame.Rect(x, y, side, side)
            if not r.colliderect(keep_off) and _covered(r.inflate(2 * wall, 2 * wall), floor, origin, cell):
                out.append(r)
    return out


def _pick(candidates: list[pygame.Rect], taken: list[pygame.Rect], n: int, gap: int) -> list[pygame.Rect]:
    """The first ``n`` of ``candidates`` (in their order) that keep ``gap``
    pixels off ``taken`` and off each other (``taken`` grows)."""
    out = []
    for r in candidates:
        if len(out) == n:
            break
        grown = r.inflate(2 * gap, 2 * gap)
        if grown.collidelist(taken) < 0:
            out.append(r)
            taken.append(r)
    return out


def room_spots(squares: Iterable[Square], origin: tuple[int, int], cell: tuple[int, int], label: pygame.Rect,
               side: int, avoid: Iterable[Square] = (), count: int = 6) -> tuple[list[Point], list[Point]]:
    """The centres (logical pixels) of ``count`` weapon places and ``count``
    token places in a room, as ``(weapons, tokens)``, best first.

    ``squares``: the room's squares ``(col, row)``; ``origin``: the board's
    top-left pixel; ``cell``: a square's (width, height) in pixels;
    ``label``: the room name's rectangle; ``side``: a piece's box (pixels,
    the larger of a token and a weapon's plate); ``avoid``: squares kept free
    while there is room elsewhere (the secret passage's picture, the
    thresholds inside the doors).  A piece keeps a tenth of a square off the
    walls and 2 pixels off the name and the other pieces.  When the room is
    too small for that, the margins shrink, then the avoided squares are
    used; when even that fails, places repeat (a room must be drawn).
    """
    floor = set(squares)
    avoid = set(avoid)
    wall = max(2, round(min(cell) / 10))
    cands, weapons, tokens = [], [], []
    for wall_px, gap, banned in ((wall, 2, avoid), (wall, 0, avoid), (wall, 2, set()), (1, 0, set())):
        cands = _candidates(floor - banned, origin, cell, label, side, wall_px, gap)
        if not cands:
            continue
        cx = sum(r.centerx for r in cands) / len(cands)
        taken: list[pygame.Rect] = []
        weapons = _pick(sorted(cands, key=lambda r: (r.top, abs(r.centerx - cx), r.left)), taken, count, gap)
        tokens = _pick(sorted(cands, key=lambda r: (-r.top, abs(r.centerx - cx), r.left)), taken, count, gap)
        if len(weapons) == len(tokens) == count:
            break
    else:
        cands = cands or [pygame.Rect(label.topleft, (side, side))]
        weapons = weapons or cands[:1]
        tokens = tokens or cands[-1:]
        weapons += [weapons[i % len(weapons)] for i in range(count - len(weapons))]
        tokens += [tokens[i % len(tokens)] for i in range(count - len(tokens))]
    return [r.center for r in weapons], [r.center for r in tokens]
