"""The furnished mansion, drawn at any size: room floors, furniture, walls,
doorways, secret passages, the case-file space and the corridor squares.

:func:`draw_mansion` draws the whole board from a :class:`~game.board.model.Board`
(its geometry and furniture come from the Tiled map) on a supersampled canvas
and filters it down, as the cards are drawn, so the picture stays smooth at
any output size; pictures are cached per board and size.

Units: the drawing works in board squares (``(0, 0)`` the board's top-left
corner); ``cell`` is one square's (width, height) in output pixels.  At the
standard 1280 x 720 layout a square is 28 pixels, a wall :data:`WALL` of it
(about 7 pixels) and a doorway's threshold :data:`THRESHOLD_DEPTH` of it deep
(about 10 pixels).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import pygame

from game.rules.cards import SUSPECT_COLOURS
from game.ui.draw import gfx, pawns

if TYPE_CHECKING:       # the title's mansion is drawn without the board's model
    from game.board.model import Board, Furniture, Square

#: A wall's thickness, in squares (inside the room's edge squares).
WALL = 0.25
#: How deep a doorway's threshold reaches into the room, in squares (the wall and a step more).
THRESHOLD_DEPTH = 0.38
#: A start square's mark: the suspect's pawn outline (:data:`game.ui.draw.pawns.SHAPES`) drawn
#: flat in a box this many squares wide, centred on the square -- the pawn's own
#: silhouette (:func:`game.ui.draw.pawns.mask`) at that size -- its body inset this far
#: (units of the pawn's radius) inside a dark edge, so an empty start square says
#: whose it is without colour.
START_MARK, START_MARK_INSET = 0.8, 0.12
#: The widest supersampled canvas, in pixels: beyond it the canvas is drawn less finely.
MAX_CANVAS = 4200
#: The most canvas pixels per device pixel of part of the board's picture (:func:`draw_mansion_window`).
WINDOW_SUPERSAMPLING = 2

INK = (40, 32, 30)
ROOM_WALL = (62, 38, 30)
WALL_TOP = (104, 70, 52)
CORRIDOR = (226, 192, 128)
CORRIDOR_EDGE = (208, 170, 106)
CORRIDOR_GRID = (140, 100, 58)
OUTSIDE = (46, 54, 50)
OUTSIDE_HATCH = (56, 66, 60)
#: The doormat of a doorway: a deep blue, dark against the light corridor
#: (about 4:1) and unlike the brown walls under every colour vision.
MAT = (30, 70, 150)
MAT_EDGE = (236, 214, 150)
VELVET = (74, 24, 34)
VELVET_EDGE = (196, 158, 72)
MANILA = (222, 190, 120)
PAPER = (248, 240, 220)
SEAL = (178, 28, 38)
WOOD = (150, 98, 56)
WOOD_DARK = (104, 64, 36)
WOOD_LIGHT = (196, 146, 96)
METAL = (66, 70, 82)
METAL_HI = (170, 176, 188)
FELT = (34, 120, 72)
LEAF = (62, 132, 64)
LEAF_DARK = (36, 90, 44)
CUSHION = (150, 54, 60)
BRASS = (214, 170, 66)

#: Each room's floor: a pattern and its colours.  No two rooms share one.
FLOORS: dict[str, tuple[str, tuple[tuple[int, int, int], ...]]] = {
    "kitchen": ("checks", ((92, 118, 124), (66, 88, 96))),
    "ballroom": ("parquet", ((170, 112, 58), (142, 88, 44))),
    "conservatory": ("terracotta", ((176, 90, 58), (150, 74, 46))),
    "dining_room": ("planks", ((124, 62, 46), (100, 48, 36))),
    "billiard_room": ("boards", ((104, 80, 58), (84, 62, 44))),
    "library": ("narrow", ((140, 94, 58), (116, 76, 46))),
    "lounge": ("carpet", ((118, 54, 84), (96, 40, 68))),
    "hall": ("marble", ((132, 130, 122), (104, 102, 96))),
    "study": ("bordered", ((52, 68, 108), (38, 50, 84))),
}
#: The floor of a room the table above does not name.
DEFAULT_FLOOR = ("planks", ((150, 104, 66), (126, 86, 52)))


def mix(a, b, t: float) -> tuple[int, int, int]:
    """Blend two RGB colours: ``t`` 0 gives ``a``, 1 gives ``b``."""
    # spelt out, not a generator: the title's picture mixes some 5,000 colours before its first frame
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


class Pen:
    """Draws in board squares on a canvas: ``cell`` is a square's size in
    canvas pixels (width, height); widths are in squares too; ``origin`` (in
    squares) is the point drawn at the canvas's top-left corner."""

    def __init__(self, surf: pygame.Surface, cell: tuple[float, float], origin: tuple[float, float] = (0, 0)) -> None:
        self.surf = surf
        self.sx, self.sy = cell
        self.ox, self.oy = origin
        self._min = min(self.sx, self.sy)
        # A canvas of plain pixels (every supersampled one) is drawn on with pygame's own calls,
        # the very calls gfx makes at scale 1: the title's picture makes some 8,000 of them.
        self.draw = pygame.draw if gfx.scale_of(surf) == 1.0 else gfx

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.ox) * self.sx, (y - self.oy) * self.sy

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        x, y = x - self.ox, y - self.oy
        x0, y0 = round(x * self.sx), round(y * self.sy)
        return pygame.Rect(x0, y0, max(1, round((x + w) * self.sx) - x0), max(1, round((y + h) * self.sy) - y0))

    def w(self, width: float) -> int:
        return max(1, round(width * self._min))

    def rect(self, col, box, width: float = 0, radius: float = 0) -> None:
        rad = round(radius * self._min) if radius else -1
        self.draw.rect(self.surf, col, self.r(*box), self.w(width) if width else 0, border_radius=rad)

    def box(self, col, box, radius: float = 0, line: float = 0.05) -> None:
        """A filled rectangle with the cards' ink outline."""
        self.rect(col, box, radius=radius)
        self.rect(INK, box, line, radius)

    def ellipse(self, col, box, width: float = 0) -> None:
        self.draw.ellipse(self.surf, col, self.r(*box), self.w(width) if width else 0)

    def oval(self, col, box, line: float = 0.05) -> None:
        self.ellipse(col, box)
        self.ellipse(INK, box, line)

    def circle(self, col, c, rad: float, width: float = 0) -> None:
        self.ellipse(col, (c[0] - rad, c[1] - rad, 2 * rad, 2 * rad), width)

    def poly(self, col, pts, width: float = 0) -> None:
        self.draw.polygon(self.surf, col, [self.p(*q) for q in pts], self.w(width) if width else 0)

    def line(self, col, a, b, width: float) -> None:
        ox, oy, sx, sy = self.ox, self.oy, self.sx, self.sy
        self.draw.line(self.surf, col, ((a[0] - ox) * sx, (a[1] - oy) * sy), ((b[0] - ox) * sx, (b[1] - oy) * sy),
                       max(1, round(width * self._min)))


# ----------------------------------------------------------------- floors
def _floor_pattern(pen: Pen, style: str, cols, x0: int, y0: int, w: int, h: int) -> None:
    """Fill squares ``(x0, y0, w, h)`` with a floor pattern (later clipped to the room)."""
    a, b = cols
    seam = mix(b, INK, 0.35)
    pen.rect(a, (x0, y0, w, h))
    if style == "checks":        # kitchen tiles, two to a square
        for i in range(2 * w):
            for j in range(2 * h):
                if (i + j) % 2:
                    pen.rect(b, (x0 + i / 2, y0 + j / 2, .5, .5))
        for i in range(2 * w + 1):
            pen.line(seam, (x0 + i / 2, y0), (x0 + i / 2, y0 + h), .02)
        for j in range(2 * h + 1):
            pen.line(seam, (x0, y0 + j / 2), (x0 + w, y0 + j / 2), .02)
    elif style == "parquet":     # herringbone-like blocks: alternate pairs of short planks
        for i in range(2 * w):
            for j in range(2 * h):
                x, y = x0 + i / 2, y0 + j / 2
                if (i + j) % 2:
                    pen.rect(b, (x, y, .5, .25))
                    pen.line(seam, (x, y + .25), (x + .5, y + .25), .02)
                else:
                    pen.rect(b, (x, y, .25, .5))
                    pen.line(seam, (x + .25, y), (x + .25, y + .5), .02)
                pen.rect(seam, (x, y, .5, .5), .02)
    elif style == "terracotta":  # big square tiles with light grout
        grout = mix(a, (240, 220, 190), .45)
        for i in range(w):
            for j in range(h):
                pen.rect(b if (i * 3 + j) % 4 == 0 else a, (x0 + i, y0 + j, 1, 1))
                pen.rect(mix(a, (255, 200, 150), .18), (x0 + i + .12, y0 + j + .12, .76, .76))
                pen.rect(grout, (x0 + i, y0 + j, 1, 1), .05)
    elif style in ("planks", "boards", "narrow"):  # wooden boards, seams staggered
        n = {"planks": 3, "boards": 2, "narrow": 4}[style]
        for j in range(h * n):
            y = y0 + j / n
            pen.rect(b if j % 2 else a, (x0, y, w, 1 / n))
            pen.line(seam, (x0, y), (x0 + w, y), .025)
            off = (j * 0.37) % 1.0
            for k in range(-1, w + 1):
                xs = x0 + k * 1.5 + off
                if x0 < xs < x0 + w:
                    pen.line(seam, (xs, y), (xs, y + 1 / n), .025)
    elif style == "carpet":      # a soft carpet with a small diamond motif
        for i in range(w):
            for j in range(h):
                cx, cy = x0 + i + .5, y0 + j + .5
                pen.poly(b, [(cx, cy - .3), (cx + .3, cy), (cx, cy + .3), (cx - .3, cy)])
                pen.circle(mix(a, (230, 190, 120), .35), (cx, cy), .06)
    elif style == "marble":      # grey stone laid on the diagonal
        for i in range(w + 1):
            for j in range(h + 1):
                cx, cy = x0 + i, y0 + j
                pen.poly(b, [(cx, cy - .5), (cx + .5, cy), (cx, cy + .5), (cx - .5, cy)])
        for i in range(-h, w + 1):
            pen.line(seam, (x0 + i, y0), (x0 + i + h, y0 + h), .02)
            pen.line(seam, (x0 + i, y0 + h), (x0 + i + h, y0), .02)
    elif style == "bordered":    # a study carpet with a gold-lined border
        for i in range(w):
            for j in range(h):
                pen.rect(b, (x0 + i + .2, y0 + j + .2, .6, .6), .04)


class _Inks:
    """Stands for ``pygame.draw`` under a :class:`Pen` and notes the colours drawn, nothing else."""

    def __init__(self) -> None:
        self.colours: dict[tuple[int, ...], None] = {}      # in the order first drawn

    def _note(self, _surface: pygame.Surface, colour, *_args: object, **_kwargs: object) -> None:
        self.colours[tuple(pygame.Color(colour))[:3]] = None

    rect = ellipse = polygon = line = _note


def _floor_tile(style: str, colours, cell: tuple[float, float], w: int, h: int) -> pygame.Surface:
    """A room's floor pattern (:func:`_floor_pattern`) over its box of ``w`` x ``h`` squares of
    ``cell`` pixels, on a picture of 8 bits a pixel whose palette is exactly the colours the pattern
    draws (found by drawing it once with a pen that only notes them): the same pixels once blitted
    as on a picture of 32 bits, a quarter of the bytes.  A room's tile is as large as the room in
    the picture and a neighbour's larger than the part shown (28 MB at 3840 x 2160 behind a moment
    in the conservatory), and two were held at once: 30-44 MB of the suggestion's frame's peak."""
    inks = _Inks()
    noting = Pen(pygame.Surface((1, 1)), cell)
    noting.draw = inks                  # type: ignore[assignment]  # it speaks the four calls a pen makes
    _floor_pattern(noting, style, colours, 0, 0, w, h)
    size = Pen(noting.surf, cell).r(0, 0, w, h).size
    if len(inks.colours) > 256:         # more than a palette holds: a picture of 32 bits
        tile = pygame.Surface(size)
    else:
        tile = pygame.Surface(size, 0, 8)
        tile.set_palette(list(inks.colours))
    _floor_pattern(Pen(tile, cell), style, colours, 0, 0, w, h)
    return tile


def _draw_floors(pen: Pen, canvas: pygame.Surface, board: Board) -> None:
    flat = Pen(canvas, (pen.sx, pen.sy))     # the tiles' own coordinates, whatever the picture's origin
    for rid, room in board.rooms.items():
        x0, y0, w, h = room_box(room)
        if not canvas.get_rect().colliderect(pen.r(x0, y0, w, h)):
            continue                        # out of the picture: its tile would be drawn for nothing
        style, colours = FLOORS.get(rid, DEFAULT_FLOOR)
        tile = _floor_tile(style, colours, (pen.sx, pen.sy), w, h)
        for c, r in room.squares:
            src = flat.r(c - x0, r - y0, 1, 1)
            canvas.blit(tile, pen.r(c, r, 1, 1), src)
        del tile                            # before the next room's is made, not after


def room_box(room) -> tuple[int, int, int, int]:
    """The squares' box (column, row, width, height) round ``room``'s squares."""
    cols = [c for c, _ in room.squares]
    rows = [r for _, r in room.squares]
    return min(cols), min(rows), max(cols) - min(cols) + 1, max(rows) - min(rows) + 1


def _draw_corridors(pen: Pen, board: Board) -> None:
    """Light carpet squares, each framed so a child can count them."""
    for c, r in board.corridor:
        pen.rect(CORRIDOR, (c, r, 1, 1))
        pen.rect(CORRIDOR_EDGE, (c + .08, r + .08, .84, .84), .05)
        pen.rect(CORRIDOR_GRID, (c, r, 1, 1), .035)
    for sid, (c, r) in board.start_squares.items():
        colour = SUSPECT_COLOURS.get(sid, (200, 200, 200))
        pen.rect(INK, (c + .06, r + .06, .88, .88), .04, .15)
        if sid in pawns.SHAPES:
            _start_mark(pen, pawns.SHAPES[sid], colour, (c + .5, r + .5))
        else:       # a suspect without a pawn shape: the old ring in its colour
            pen.rect(colour, (c + .1, r + .1, .8, .8), .12, .14)


def _start_mark(pen: Pen, shape: str, colour, centre: tuple[float, float]) -> None:
    """The flat outline of a pawn ``shape`` in ``colour`` on a dark edge, centred on
    ``centre`` (squares), in the proportions of the pawn in its box (:data:`START_MARK`)."""
    radius = pawns.RADIUS * START_MARK
    for grow, ink in ((pawns.OUTLINE, INK), (pawns.OUTLINE - START_MARK_INSET, colour)):
        for prim in pawns.primitives(shape, grow):
            if prim[0] == "circle":
                (x, y), rad = prim[1], prim[2]
                pen.circle(ink, (centre[0] + x * radius, centre[1] + y * radius), rad * radius)
            else:
                pen.poly(ink, [(centre[0] + x * radius, centre[1] + y * radius) for x, y in prim[1]])


def _draw_outside(pen: Pen, board: Board) -> None:
    pen.rect(OUTSIDE, (0, 0, board.width, board.height))
    for k in range(-board.height, board.width, 1):
        pen.line(OUTSIDE_HATCH, (k, board.height), (k + board.height, 0), .06)


# ----------------------------------------------------------------- walls, doors, passages
def _draw_walls(pen: Pen, board: Board) -> None:
    """A thick wall inside each room's edge, with a gap for each doorway."""
    doors = {(d.inside, (d.square[0] - d.inside[0], d.square[1] - d.inside[1])) for d in board.doors}
    t = WALL
    for room in board.rooms.values():
        sq = room.squares
        for c, r in sq:
            for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                if (c + dc, r + dr) in sq:
                    continue
                band = {(0, -1): (c, r, 1, t), (0, 1): (c, r + 1 - t, 1, t),
                        (-1, 0): (c, r, t, 1), (1, 0): (c + 1 - t, r, t, 1)}[(dc, dr)]
                pen.rect(ROOM_WALL, band)
                if ((c, r), (dc, dr)) in doors:
                    _draw_doorway(pen, (c, r), (dc, dr))
            # the inner corner of an L-shaped room
            for dc, dr in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
                if (c + dc, r) in sq and (c, r + dr) in sq and (c + dc, r + dr) not in sq:
                    x = c + 1 - t if dc > 0 else c
                    y = r + 1 - t if dr > 0 else r
                    pen.rect(ROOM_WALL, (x, y, t, t))


def _draw_doorway(pen: Pen, inside: Square, out: tuple[int, int]) -> None:
    """A gap in the wall with a doormat reaching :data:`THRESHOLD_DEPTH` into the room."""
    c, r = inside
    d, stub = THRESHOLD_DEPTH, 0.1
    if out[1]:
        y = r if out[1] < 0 else r + 1 - d
        mat = (c + stub, y, 1 - 2 * stub, d)
    else:
        x = c if out[0] < 0 else c + 1 - d
        mat = (x, r + stub, d, 1 - 2 * stub)
    pen.rect(MAT, mat)
    x, y, w, h = mat
    pen.rect(MAT_EDGE, (x + .06, y + .06, w - .12, h - .12), .035)
    # the mat's weave: two short bars across, so it reads as a mat, not a hole
    for k in (1, 2):
        if out[1]:
            pen.line(MAT_EDGE, (x + w * k / 3, y + .09), (x + w * k / 3, y + h - .09), .03)
        else:
            pen.line(MAT_EDGE, (x + .09, y + h * k / 3), (x + w - .09, y + h * k / 3), .03)


def _draw_passage(pen: Pen, board: Board, square: Square) -> None:
    """Stairs going down into the room's corner, filling the square inside its walls."""
    c, r = square
    room = board.room_of.get(square)
    squares = board.rooms[room].squares if room else {square}
    west = (c - 1, r) not in squares
    north = (c, r - 1) not in squares
    x0, y0 = c + (WALL if west else 0), r + (WALL if north else 0)
    x1 = c + 1 - (WALL if (c + 1, r) not in squares else 0)
    y1 = r + 1 - (WALL if (c, r + 1) not in squares else 0)
    pen.rect((30, 22, 20), (x0, y0, x1 - x0, y1 - y0))
    steps = 5
    w, h = x1 - x0, y1 - y0
    for k in range(steps):
        # treads going down towards the outer wall: the lowest (darkest) by the wall
        f = k / steps
        y = y0 + h * f if not north else y1 - h * (f + 1 / steps)
        pen.rect(mix((240, 224, 188), (60, 44, 38), f), (x0, y, w, h / steps + .01))
        pen.line(INK, (x0, y if north else y + h / steps), (x1, y if north else y + h / steps), .04)
    pen.rect(WOOD_DARK, (x0, y0, w * .14, h))          # the stringers either side
    pen.rect(WOOD_DARK, (x1 - w * .14, y0, w * .14, h))
    pen.rect(BRASS, (x0, y0, x1 - x0, y1 - y0), .07)


def case_file_boxes(board: Board) -> tuple[tuple[float, float, float, float], tuple[float, float, float, float]]:
    """The folder's and the sealed envelope's boxes on the case file's place (the map's envelope
    squares, which must not be empty): each (x, y, width, height) in squares of the board."""
    cols = [c for c, _ in board.envelope]
    rows = [r for _, r in board.envelope]
    x0, y0 = min(cols), min(rows)
    w, h = max(cols) - x0 + 1, max(rows) - y0 + 1
    cx, cy = x0 + w / 2, y0 + h / 2
    fw, fh = min(w - .8, 4.2), min(h - 1.0, 5.2)
    ew, eh = min(fw - .5, 3.6), min(fh - 1.0, 2.4)
    return (cx - fw / 2, cy - fh / 2, fw, fh), (cx - ew / 2, cy - eh / 2, ew, eh)


def _draw_centre(pen: Pen, board: Board) -> None:
    """The case file's place: a velvet cloth, a folder and the sealed envelope on it."""
    if not board.envelope:
        return
    cols = [c for c, _ in board.envelope]
    rows = [r for _, r in board.envelope]
    x0, y0 = min(cols), min(rows)
    w, h = max(cols) - x0 + 1, max(rows) - y0 + 1
    for c, r in board.envelope:
        pen.rect(VELVET, (c, r, 1, 1))
    pen.rect(VELVET_EDGE, (x0 + .2, y0 + .2, w - .4, h - .4), .08, .2)
    folder, env = case_file_boxes(board)
    fw = folder[2]
    pen.box(mix(MANILA, INK, .15), (folder[0] + .6, folder[1] - .3, fw * .4, .5), .1)    # the folder's tab
    pen.box(MANILA, folder, .12)
    ew, eh = env[2], env[3]
    pen.box(PAPER, env, .06, .07)
    ex, ey = env[0], env[1]
    pen.poly(mix(PAPER, INK, .12), [(ex, ey), (ex + ew / 2, ey + eh * .58), (ex + ew, ey)])
    pen.line(INK, (ex, ey), (ex + ew / 2, ey + eh * .58), .06)
    pen.line(INK, (ex + ew / 2, ey + eh * .58), (ex + ew, ey), .06)
    pen.circle(SEAL, (ex + ew / 2, ey + eh * .58), .42)
    pen.circle(INK, (ex + ew / 2, ey + eh * .58), .42, .05)
    pen.circle(mix(SEAL, (255, 255, 255), .3), (ex + ew / 2, ey + eh * .58), .24, .05)


# ----------------------------------------------------------------- furniture
def _chair(pen: Pen, x: float, y: float, s: float, back: str) -> None:
    """A chair seen from above: a seat and its back on side ``back`` (n, e, s, w)."""
    pen.box(WOOD_LIGHT, (x, y, s, s), .06)
    t = s * .28
    bx = {"n": (x, y, s, t), "s": (x, y + s - t, s, t), "w": (x, y, t, s), "e": (x + s - t, y, t, s)}[back]
    pen.box(WOOD_DARK, bx, .04)


def _sofa(pen: Pen, x, y, w, h, colour=CUSHION) -> None:
    """A sofa, its back along the longer side away from the room's middle (the top or the left)."""
    pen.box(mix(colour, INK, .25), (x, y, w, h), .15)
    if w >= h:
        pen.box(colour, (x + .18, y + h * .35, w - .36, h * .6), .1)
        for k in range(1, 3 if w > 2 else 2):
            xx = x + .18 + (w - .36) * k / (3 if w > 2 else 2)
            pen.line(INK, (xx, y + h * .4), (xx, y + h * .9), .04)
    else:
        pen.box(colour, (x + w * .35, y + .18, w * .6, h - .36), .1)


def _range(pen: Pen, x, y, w, h) -> None:
    pen.box(METAL, (x, y, w, h), .08)
    n = max(2, round(w / .6))
    for k in range(n):
        cx = x + w * (k + .5) / n
        for yy in (y + h * .3, y + h * .7) if h > .8 else (y + h / 2,):
            rad = min(w / n, h / 2) * .32
            pen.circle((30, 30, 36), (cx, yy), rad)
            pen.circle((214, 90, 40), (cx, yy), rad, .05)


def _sink(pen: Pen, x, y, w, h) -> None:
    pen.box((214, 206, 190), (x, y, w, h), .05)
    pen.box(METAL_HI, (x + w * .2, y + h * .2, w * .6, h * .6), .12)
    pen.circle(METAL, (x + w / 2, y + h / 2), .06)


def _cupboard(pen: Pen, x, y, w, h) -> None:
    pen.box(WOOD, (x, y, w, h), .05)
    if h >= w:
        pen.line(INK, (x + w / 2, y + .1), (x + w / 2, y + h - .1), .04)
    else:
        pen.line(INK, (x + .1, y + h / 2), (x + w - .1, y + h / 2), .04)


def _table(pen: Pen, x, y, w, h, chairs: bool = True, round_: bool = False) -> None:
    """A table with chairs round it (drawn first, so the table overlaps their seats)."""
    s = min(.42, min(w, h) * .36)
    if chairs:
        nx = max(1, round((w - .4) / .8))
        for k in range(nx):
            cx = x + .2 + (w - .4) * (k + .5) / nx - s / 2
            _chair(pen, cx, y - s * .05, s, "n")
            _chair(pen, cx, y + h - s * .95, s, "s")
        if h > 1.2 or not round_:
            _chair(pen, x - s * .05, y + h / 2 - s / 2, s, "w")
            _chair(pen, x + w - s * .95, y + h / 2 - s / 2, s, "e")
    inset = s * .6 if chairs else 0
    top = (x + inset, y + inset, w - 2 * inset, h - 2 * inset)
    if round_:
        pen.oval(WOOD, top, .06)
        pen.ellipse(WOOD_LIGHT, (top[0] + top[2] * .2, top[1] + top[3] * .2, top[2] * .6, top[3] * .6), .04)
    else:
        pen.box(WOOD, top, .1, .06)
        pen.rect(WOOD_LIGHT, (top[0] + .12, top[1] + .12, top[2] - .24, top[3] - .24), .04, .05)


def _dining_table(pen: Pen, x, y, w, h) -> None:
    _table(pen, x, y, w, h)
    # plates and a candelabra down the middle
    s = min(.42, min(w, h) * .36) * .6
    nx = max(1, round((w - .4) / .8))
    for k in range(nx):
        cx = x + .2 + (w - .4) * (k + .5) / nx
        for cy in (y + s + .22, y + h - s - .22):
            pen.circle(PAPER, (cx, cy), .14)
            pen.circle(INK, (cx, cy), .14, .03)
    pen.circle(BRASS, (x + w / 2, y + h / 2), .16)
    pen.circle(INK, (x + w / 2, y + h / 2), .16, .04)


def _piano(pen: Pen, x, y, w, h) -> None:
    """A grand piano from above: the curved case, the open lid's line and the keyboard."""
    k = h * .22
    body = [(x, y + k), (x + w, y + k), (x + w, y + h * .55), (x + w * .75, y + h * .7),
            (x + w * .6, y + h), (x + w * .15, y + h), (x, y + h * .8)]
    pen.poly((30, 26, 28), body)
    pen.poly(INK, body, .05)
    pen.line((90, 86, 92), (x + w * .12, y + k + .12), (x + w * .55, y + h * .88), .05)
    pen.box(PAPER, (x + w * .04, y, w * .92, k), 0, .04)
    n = max(6, round(w / .12))
    for i in range(n):
        if i % 7 in (1, 2, 4, 5, 6):
            pen.rect(INK, (x + w * .04 + w * .92 * (i + .65) / n, y, w * .92 / n * .6, k * .6))


def _plant(pen: Pen, x, y, w, h) -> None:
    """A potted palm from above: a pot rim and a star of leaves."""
    cx, cy, rad = x + w / 2, y + h / 2, min(w, h) / 2
    pen.circle((176, 96, 60), (cx, cy), rad * .5)
    pen.circle(INK, (cx, cy), rad * .5, .05)
    for i in range(7):
        a = 2 * math.pi * i / 7 + .3
        tip = (cx + rad * .98 * math.cos(a), cy + rad * .98 * math.sin(a))
        side = (-math.sin(a) * rad * .2, math.cos(a) * rad * .2)
        mid = (cx + rad * .5 * math.cos(a), cy + rad * .5 * math.sin(a))
        leaf = [(cx, cy), (mid[0] + side[0], mid[1] + side[1]), tip, (mid[0] - side[0], mid[1] - side[1])]
        pen.poly(LEAF if i % 2 else LEAF_DARK, leaf)
        pen.poly(INK, leaf, .035)


def _armchair(pen: Pen, x, y, w, h) -> None:
    pen.box(mix(CUSHION, INK, .2), (x, y, w, h), .15)
    pen.box(CUSHION, (x + w * .22, y + h * .3, w * .56, h * .6), .1)


def _bench(pen: Pen, x, y, w, h) -> None:
    pen.box((226, 210, 170), (x, y, w, h), .08)
    n = max(3, round(w / .25))
    for i in range(1, n):
        xx = x + w * i / n
        pen.line(mix((226, 210, 170), INK, .4), (xx, y + .06), (xx, y + h - .06), .03)


def _fireplace(pen: Pen, x, y, w, h) -> None:
    """A fireplace against a wall: the stone hearth, the dark grate and a flame."""
    pen.box((176, 168, 156), (x, y, w, h), .04)
    if w >= h:
        grate = (x + w * .22, y, w * .56, h * .62)
    else:
        grate = (x, y + h * .22, w * .62, h * .56)
    pen.box((36, 28, 26), grate, .06)
    gx, gy, gw, gh = grate
    pen.ellipse((232, 120, 40), (gx + gw * .2, gy + gh * .2, gw * .6, gh * .6))
    pen.ellipse((250, 210, 90), (gx + gw * .35, gy + gh * .35, gw * .3, gh * .3))


def _billiard_table(pen: Pen, x, y, w, h) -> None:
    pen.box(WOOD_DARK, (x, y, w, h), .18)
    r = .2
    pen.box(FELT, (x + r, y + r, w - 2 * r, h - 2 * r), .04)
    for px in (x + r, x + w / 2, x + w - r):
        for py in (y + r, y + h - r):
            pen.circle(INK, (px, py), .1)
    pen.line(mix(FELT, (255, 255, 255), .3), (x + w * .3, y + r), (x + w * .3, y + h - r), .025)
    balls = [((250, 246, 236)), (220, 40, 40), (240, 200, 40), (40, 60, 170), (20, 20, 20)]
    for i, col in enumerate(balls):
        bx = x + w * (.25 if i == 0 else .62 + .06 * (i % 2))
        by = y + h / 2 + (0 if i == 0 else (i - 2.5) * .16)
        pen.circle(col, (bx, by), .08)
        pen.circle(INK, (bx, by), .08, .02)
    pen.line(WOOD_LIGHT, (x + w * .05, y + h * .8), (x + w * .24, y + h * .55), .05)


def _cue_rack(pen: Pen, x, y, w, h) -> None:
    pen.box(WOOD, (x, y, w, h), .05)
    n = 4
    for i in range(n):
        if h >= w:
            yy = y + h * (i + .5) / n
            pen.line(WOOD_LIGHT, (x + w * .15, yy), (x + w * .85, yy), .06)
        else:
            xx = x + w * (i + .5) / n
            pen.line(WOOD_LIGHT, (xx, y + h * .15), (xx, y + h * .85), .06)


def _bookshelf(pen: Pen, x, y, w, h) -> None:
    """A shelf against a wall, seen from above: the books' tops in a row of colours."""
    pen.box(WOOD_DARK, (x, y, w, h), .04)
    colours = [(150, 40, 40), (40, 80, 140), (60, 120, 60), (200, 160, 60), (110, 60, 120), (170, 90, 40)]
    along = w >= h
    length = w if along else h
    n = max(3, round(length / .14))
    for i in range(n):
        col = colours[(i * 5) % len(colours)]
        f0, f1 = i / n, (i + .82) / n
        if along:
            pen.rect(col, (x + .06 + (w - .12) * f0, y + h * .18, (w - .12) * (f1 - f0), h * .64))
        else:
            pen.rect(col, (x + w * .18, y + .06 + (h - .12) * f0, w * .64, (h - .12) * (f1 - f0)))


def _desk(pen: Pen, x, y, w, h) -> None:
    pen.box(WOOD, (x, y, w, h), .05)
    pen.box((60, 110, 70), (x + w * .3, y + h * .15, w * .4, h * .5), .04)
    pen.box(PAPER, (x + w * .08, y + h * .2, w * .16, h * .35), 0, .03)
    pen.circle(BRASS, (x + w * .85, y + h * .3), min(w, h) * .12)
    pen.circle(INK, (x + w * .85, y + h * .3), min(w, h) * .12, .03)
    _chair(pen, x + w / 2 - .2, y + h - .1, .4, "s")


def _globe(pen: Pen, x, y, w, h) -> None:
    cx, cy, rad = x + w / 2, y + h / 2, min(w, h) / 2
    pen.circle(WOOD_DARK, (cx, cy), rad)
    pen.circle((70, 130, 190), (cx, cy), rad * .78)
    pen.poly(LEAF, [(cx - rad * .4, cy - rad * .3), (cx, cy - rad * .5), (cx + rad * .1, cy),
                    (cx - rad * .2, cy + rad * .4)])
    pen.circle(INK, (cx, cy), rad * .78, .04)
    pen.circle(INK, (cx, cy), rad, .04)


def _rug(pen: Pen, x, y, w, h, colour=(160, 120, 60)) -> None:
    pen.rect(colour, (x, y, w, h), radius=.1)
    pen.rect(mix(colour, (250, 230, 170), .45), (x + .15, y + .15, w - .3, h - .3), .06, .08)
    pen.rect(mix(colour, INK, .3), (x + .35, y + .35, w - .7, h - .7), .04)
    pen.rect(INK, (x, y, w, h), .04, .1)


def _round_rug(pen: Pen, x, y, w, h) -> None:
    pen.oval((190, 150, 90), (x, y, w, h), .04)
    pen.ellipse((150, 60, 60), (x + w * .12, y + h * .12, w * .76, h * .76), .06)
    pen.ellipse((230, 200, 140), (x + w * .3, y + h * .3, w * .4, h * .4), .04)


def _staircase(pen: Pen, x, y, w, h) -> None:
    """The hall's grand staircase going up from the room: treads that narrow, with banisters."""
    n = 6
    for i in range(n):
        f = i / n
        col = mix((208, 176, 130), (150, 110, 70), f)
        inset = w * .08 * f
        step = (x + inset, y + h * f, w - 2 * inset, h / n + .02)
        pen.rect(col, step)
        pen.line(INK, (step[0], step[1]), (step[0] + step[2], step[1]), .04)
    pen.poly(INK, [(x, y), (x + w, y), (x + w - w * .08, y + h), (x + w * .08, y + h)], .06)
    pen.line(WOOD_DARK, (x + .05, y), (x + w * .08 + .05, y + h), .14)
    pen.line(WOOD_DARK, (x + w - .05, y), (x + w - w * .08 - .05, y + h), .14)
    pen.rect(CUSHION, (x + w * .35, y, w * .3, h))     # the runner


def _clock(pen: Pen, x, y, w, h) -> None:
    """A grandfather clock against the wall: a long case with a round face."""
    pen.box(WOOD_DARK, (x, y, w, h), .05)
    r = min(w, h) * .32
    pen.circle(PAPER, (x + w / 2, y + h * .3), r)
    pen.circle(INK, (x + w / 2, y + h * .3), r, .04)
    pen.line(INK, (x + w / 2, y + h * .3), (x + w / 2 + r * .6, y + h * .3 - r * .3), .04)
    pen.circle(BRASS, (x + w / 2, y + h * .72), r * .55)


def _side_table(pen: Pen, x, y, w, h) -> None:
    pen.box(WOOD, (x, y, w, h), .1)
    pen.circle((236, 226, 200), (x + w / 2, y + h * .35), min(w, h) * .25)     # a lamp's shade
    pen.circle(INK, (x + w / 2, y + h * .35), min(w, h) * .25, .03)


def _fallback(pen: Pen, x, y, w, h) -> None:
    """A piece the drawings do not know: a plain chest."""
    pen.box(WOOD, (x, y, w, h), .06)
    pen.line(INK, (x + .05, y + h / 2), (x + w - .05, y + h / 2), .03)


FURNITURE: dict[str, Callable[..., None]] = {
    "range": _range, "sink": _sink, "cupboard": _cupboard, "sideboard": _cupboard,
    "kitchen table": lambda pen, x, y, w, h: _table(pen, x, y, w, h),
    "round table": lambda pen, x, y, w, h: _table(pen, x, y, w, h, chairs=True, round_=True),
    "dining table": _dining_table, "grand piano": _piano, "plant": _plant, "armchair": _armchair,
    "sofa": _sofa, "bench": _bench, "fireplace": _fireplace, "billiard table": _billiard_table,
    "cue rack": _cue_rack, "bookshelf": _bookshelf, "desk": _desk, "globe": _globe, "rug": _rug,
    "round rug": _round_rug, "staircase": _staircase, "clock": _clock, "side table": _side_table,
}
#: Drawn before the rest of the furniture, so they lie under it.
FLAT = frozenset({"rug", "round rug"})


def draw_furniture(pen: Pen, piece: Furniture) -> None:
    """One piece of furniture in its box (squares); an unknown kind is drawn as a chest."""
    FURNITURE.get(piece.kind, _fallback)(pen, *piece.box)


# ----------------------------------------------------------------- the whole board
def draw_mansion(board: Board, size: tuple[int, int]) -> pygame.Surface:
    """The board's picture, ``size`` (width, height) pixels for its
    ``board.width`` x ``board.height`` squares: outside, corridors, floors,
    furniture, walls, doorways, passages and the case file, in that order
    (nothing that moves: no piece, no name).  Drawn on a canvas two or three
    times larger and filtered down.  A new picture each call, not cached, so
    callers may draw on it: its one caller, the board's view, is kept while
    its layout is in use (a cached copy beside it is 16 MB at 3840 x 2160)."""
    def paint(canvas: pygame.Surface, ss: int) -> None:
        _paint(Pen(canvas, (size[0] * ss / board.width, size[1] * ss / board.height)), canvas, board)
    return supersampled(size, 3, paint)


def draw_mansion_window(board: Board, window: tuple[float, float, float, float],
                        size: tuple[int, int]) -> pygame.Surface:
    """Part of the board's picture: the squares ``window`` (column, row,
    width, height; fractions allowed, beyond the board is the grounds)
    drawn into ``size`` (width, height) pixels, as sharp as :func:`draw_mansion`
    at that scale (a room filling a TV screen is drawn for the TV, not
    enlarged).  A new picture each call, not cached: its one caller, the staged
    moments' backdrop, keeps what it shows (a second copy is a whole screen at 3840 x 2160)."""
    def paint(canvas: pygame.Surface, ss: int) -> None:
        canvas.fill(OUTSIDE)
        x, y, w, h = window
        _paint(Pen(canvas, (size[0] * ss / w, size[1] * ss / h), (x, y)), canvas, board)
    return supersampled(size, WINDOW_SUPERSAMPLING, paint)


def _paint(pen: Pen, canvas: pygame.Surface, board: Board) -> None:
    """Everything of the board that does not move, in the order it is stacked."""
    _draw_outside(pen, board)
    _draw_corridors(pen, board)
    _draw_floors(pen, canvas, board)
    _draw_centre(pen, board)
    for piece in sorted(board.furniture, key=lambda f: f.kind not in FLAT):
        draw_furniture(pen, piece)
    _draw_walls(pen, board)
    for room in board.rooms.values():
        if room.passage_square:
            _draw_passage(pen, board, room.passage_square)


def _supersampling(size: tuple[int, int], most: int) -> int:
    """Canvas pixels per logical pixel :func:`supersampled` draws a picture of ``size`` on."""
    scale = gfx.output_scale()
    ss = max(1, min(math.ceil(most * scale), MAX_CANVAS // max(size)))
    if scale != 1.0:    # the device pixels are fine already: one extra step of smoothing, not a 68 MB canvas
        ss = max(1, min(ss, math.ceil(scale) + 1))
    return ss


def supersampled_bytes(size: tuple[int, int], most: int) -> int:
    """The bytes :func:`supersampled` holds at its peak for a picture of logical ``size`` (and
    ``most``) at the output scale now: the picture's device pixels, and the canvas it is filtered
    from where there is one (none where the canvas is the picture's own pixels: 3840 x 2160)."""
    ss = _supersampling(size, most)
    canvas = size[0] * ss * size[1] * ss * 4
    if gfx.output_scale() == 1.0:
        return canvas + (size[0] * size[1] * 4 if ss > 1 else 0)
    w, h = gfx.device_pixels(size)
    return w * h * 4 + (0 if (w, h) == (size[0] * ss, size[1] * ss) else canvas)


def supersampled(size: tuple[int, int], most: int, paint) -> pygame.Surface:
    """A picture of logical ``size`` (width, height) for the output scale: ``paint(canvas, ss)``
    draws on a plain canvas ``ss`` device pixels per logical pixel (``ss`` up to ``most`` times
    the output scale, the canvas at most :data:`MAX_CANVAS` wide), which is then filtered down
    to the output scale's device size (:mod:`game.ui.draw.gfx`)."""
    scale = gfx.output_scale()
    ss = _supersampling(size, most)
    if scale != 1.0:
        device = gfx.device_pixels(size)
        direct = device == (size[0] * ss, size[1] * ss)
        # the board's picture and its canvas were 46 MB at 3840 x 2160, drawn beside the pictures
        # kept for the screens before: room is made for them first
        gfx.make_room(supersampled_bytes(size, most))
        out = gfx.Canvas(size, 0, scale, device)
        if direct:
            # the painters draw straight into the picture's pixels: no second and third whole copy
            paint(gfx.device_view(out), ss)
            return out
    canvas = pygame.Surface((size[0] * ss, size[1] * ss))    # pixels: the painters draw in device units
    paint(canvas, ss)
    if scale == 1.0:
        return pygame.transform.smoothscale(canvas, size) if ss > 1 else canvas
    pygame.transform.smoothscale(canvas, device, out)     # filtered into the picture itself, not via a copy
    return out


def remember(cache: dict, key, most: int, make) -> pygame.Surface:
    """``cache[key]``, made by ``make()`` the first time; a cache holding more than ``most``
    pictures, and all pictures kept over :data:`game.ui.draw.gfx.REMEMBER_BYTES`, lose their least
    recently used first (see :func:`game.ui.draw.gfx.remember`)."""
    return gfx.remember(cache, key, make, most)
