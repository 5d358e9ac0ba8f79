"""The mansion seen from its drive at night, the picture behind the title's
menu, and its parlour inside (wallpaper, wood panelling, candles, a rug),
darkened behind the setup screens and game over.  Drawn in code with the
board's pen (:class:`game.ui.mansion.drawing.Pen`: ink outlines, the cards' palette)
on a supersampled canvas and filtered down, so it is sharp at any size;
cached per size.

Units: the drawing works on a grid of :data:`UNITS` (64 x 36 units, one unit
20 pixels at 1280 x 720); the whole picture always fills the size asked for.
The house keeps a clear sky above its middle (the game's title) and its
lawn at the bottom, where the title screen stands the pawns.
"""

from __future__ import annotations

import math
import random

import pygame

from game.ui.draw import gfx
from game.ui.mansion.drawing import INK, Pen, mix, remember, supersampled

#: The picture's grid, in units (width, height).
UNITS = (64, 36)
#: The lawn's top edge, in units from the top.
LAWN_Y = 29.0

SKY_TOP = (16, 22, 48)
SKY_LOW = (58, 62, 100)
CLOUD = (72, 76, 116)
STAR = (250, 240, 200)
MOON = (246, 236, 200)
BRICK = (128, 64, 50)
BRICK_SEAM = (92, 44, 36)
STONE = (200, 184, 150)
SLATE = (54, 58, 76)
SLATE_SEAM = (34, 36, 52)
LIT = (252, 208, 112)
LIT_GLOW = (255, 236, 170)
DARK_GLASS = (40, 46, 70)
DOOR = (96, 52, 34)
LAWN = (44, 86, 50)
LAWN_DARK = (30, 64, 38)
GRAVEL = (164, 144, 110)
TREE = (30, 70, 44)
TREE_HI = (52, 104, 62)
TRUNK = (70, 46, 30)
CURTAIN = (150, 52, 48)
BRASS_WARM = (214, 170, 66)
PAPER_WARM = (248, 240, 220)


def _sky(pen: Pen, rng: random.Random) -> None:
    """A night sky: bands from deep blue to a lighter horizon, drifting clouds, stars and a moon."""
    w, h = UNITS
    bands = 48
    for i in range(bands):
        y = LAWN_Y * i / bands
        pen.rect(mix(SKY_TOP, SKY_LOW, i / bands), (0, y, w, LAWN_Y / bands + 0.05))
    # the Milky Way: a faint band of dust and small stars across the sky, behind the clouds
    for _k in range(500):
        t = rng.random()
        x = -4 + t * (w + 8)
        y = 17 - 14 * t + rng.gauss(0, 1.4)
        pen.circle(mix(SKY_LOW, SKY_TOP, rng.uniform(0.3, 0.7)), (x, y), rng.uniform(0.15, 0.4))
    for _k in range(700):
        t = rng.random()
        x, y = -4 + t * (w + 8), 17 - 14 * t + rng.gauss(0, 2.2)
        pen.circle(mix(STAR, SKY_LOW, rng.uniform(0.2, 0.7)), (x, y), rng.uniform(0.04, 0.08))
    for _k in range(14):
        cx, cy = rng.uniform(-4, w), rng.uniform(2, 18)
        cw = rng.uniform(6, 14)
        col = mix(CLOUD, SKY_TOP, rng.uniform(0.0, 0.4))
        for j in range(4):
            box = (cx + j * cw / 5, cy + rng.uniform(-0.4, 0.4), cw / 2, rng.uniform(0.8, 1.6))
            pen.ellipse(col, box)
            # the moon catches each puff's upper edge
            pen.ellipse(mix(col, MOON, 0.35), (box[0] + box[2] * 0.15, box[1], box[2] * 0.7, box[3] * 0.35))
            pen.ellipse(col, (box[0] + box[2] * 0.1, box[1] + box[3] * 0.12, box[2] * 0.8, box[3] * 0.4))
    for _k in range(420):
        x, y = rng.uniform(0, w), rng.uniform(0, 22)
        pen.circle(mix(STAR, SKY_TOP, rng.uniform(0, 0.5)), (x, y), rng.uniform(0.05, 0.14))
    for r, t in ((2.8, 0.85), (2.3, 0.7), (1.9, 0.45)):
        pen.circle(mix(MOON, SKY_TOP, t), (20, 4.2), r)
    pen.circle(MOON, (20, 4.2), 1.4)
    pen.circle(mix(MOON, STONE, 0.5), (19.5, 3.8), 0.35)
    pen.circle(mix(MOON, STONE, 0.5), (20.6, 4.8), 0.25)


def _bricks(pen: Pen, x: float, y: float, w: float, h: float) -> None:
    """A brick wall filling the box: courses of staggered bricks with dark seams."""
    pen.rect(BRICK, (x, y, w, h))
    row, brick = 0.45, 1.1
    r = 0
    yy = y
    while yy < y + h - 0.05:
        pen.line(BRICK_SEAM, (x, yy), (x + w, yy), 0.06)
        xx = x + (brick / 2 if r % 2 else 0)
        while xx < x + w:
            pen.line(BRICK_SEAM, (xx, yy), (xx, min(y + h, yy + row)), 0.06)
            xx += brick
        yy += row
        r += 1
    pen.rect(INK, (x, y, w, h), 0.1)


def _roof(pen: Pen, pts: list[tuple[float, float]]) -> None:
    """A slate roof over the polygon ``pts`` (units), with rows of slates."""
    pen.poly(SLATE, pts)
    left, top = min(p[0] for p in pts), min(p[1] for p in pts)
    right, bottom = max(p[0] for p in pts), max(p[1] for p in pts)
    box = pen.r(left, top, right - left, bottom - top)
    # the slate rows are drawn on a piece the roof's size, cut to its outline, then laid on
    rows = pygame.Surface(box.size, pygame.SRCALPHA)
    rows.fill((0, 0, 0, 0))
    local = [(x - box.x / pen.sx, y - box.y / pen.sy) for x, y in pts]
    rpen = Pen(rows, (pen.sx, pen.sy))
    y = 0.5
    while y < bottom - top:
        rpen.line((*SLATE_SEAM, 255), (0, y), (right - left, y), 0.07)
        y += 0.5
    shape = pygame.Surface(box.size, pygame.SRCALPHA)
    shape.fill((0, 0, 0, 0))
    Pen(shape, (pen.sx, pen.sy)).poly((255, 255, 255, 255), local)
    rows.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pen.surf.blit(rows, box)
    pen.poly(INK, pts, 0.12)


def _window(pen: Pen, x: float, y: float, w: float, h: float, lit: bool, arch: bool = False) -> None:
    """A sash window with a stone sill and lintel; a lit one glows warm."""
    if lit:
        pen.ellipse(mix(LIT, BRICK, 0.78), (x - w * 0.3, y - h * 0.2, w * 1.6, h * 1.4))
    pen.box(STONE, (x - 0.2, y - 0.3, w + 0.4, 0.3), line=0.06)
    pen.box(STONE, (x - 0.3, y + h, w + 0.6, 0.3), line=0.06)
    pen.box(LIT if lit else DARK_GLASS, (x, y, w, h), line=0.1)
    if lit:
        pen.rect(LIT_GLOW, (x + w * 0.15, y + h * 0.12, w * 0.25, h * 0.35))
        for side in (x, x + w * 0.78):           # drawn curtains either side of the lit room
            pen.rect(CURTAIN, (side, y, w * 0.22, h))
            for k in range(3):
                pen.line(mix(CURTAIN, INK, 0.35), (side + w * 0.05 * (k + 1), y), (side + w * 0.05 * (k + 1), y + h),
                         0.04)
    pen.line(INK, (x + w / 2, y), (x + w / 2, y + h), 0.1)
    pen.line(INK, (x, y + h / 2), (x + w, y + h / 2), 0.1)
    if arch:
        pen.ellipse(LIT if lit else DARK_GLASS, (x, y - w / 2, w, w))
        pen.ellipse(INK, (x, y - w / 2, w, w), 0.1)


def _tree(pen: Pen, x: float, base: float, size: float, rng: random.Random) -> None:
    """A round garden tree standing at (``x``, ``base``), ``size`` units tall."""
    pen.box(TRUNK, (x - size * 0.06, base - size * 0.35, size * 0.12, size * 0.35), line=0.08)
    for _k in range(7):
        dx, dy = rng.uniform(-0.3, 0.3) * size, rng.uniform(-0.85, -0.45) * size
        r = rng.uniform(0.2, 0.3) * size
        pen.circle(TREE, (x + dx, base + dy), r)
        pen.circle(INK, (x + dx, base + dy), r, 0.08)
    for _k in range(7):
        dx, dy = rng.uniform(-0.25, 0.25) * size, rng.uniform(-0.8, -0.5) * size
        pen.circle(TREE_HI if _k % 2 else TREE, (x + dx, base + dy), rng.uniform(0.12, 0.2) * size)
    for _k in range(int(size * 14)):              # leaves catching the moonlight
        dx, dy = rng.uniform(-0.45, 0.45) * size, rng.uniform(-1.05, -0.3) * size
        pen.circle(mix(TREE_HI, TREE, rng.random()), (x + dx, base + dy), rng.uniform(0.08, 0.16))


def _house(pen: Pen, rng: random.Random) -> None:
    """The mansion: a wide brick front, a central gable, two towers and chimneys."""
    # chimneys behind the roofs
    for cx in (19, 44):
        pen.box(BRICK, (cx, 7.5, 1.6, 4), line=0.1)
        pen.box(STONE, (cx - 0.2, 7.2, 2.0, 0.5), line=0.08)
    # the main block's hipped roof and walls
    _roof(pen, [(10.5, 13.5), (16, 9.0), (48, 9.0), (53.5, 13.5)])
    _bricks(pen, 11, 13.5, 42, LAWN_Y - 13.5)
    pen.box(STONE, (10.6, 13.3, 42.8, 0.5), line=0.08)
    pen.box(STONE, (10.8, 20.8, 42.4, 0.35), line=0.06)
    # central gable over the front door
    _roof(pen, [(25, 11.5), (32, 5.8), (39, 11.5)])
    _bricks(pen, 26, 11.5, 12, LAWN_Y - 11.5)
    # a dark round window in the gable: the game's title is written over it
    pen.circle(STONE, (32, 9.4), 1.5)
    pen.circle(DARK_GLASS, (32, 9.4), 1.15)
    pen.circle(INK, (32, 9.4), 1.15, 0.1)
    pen.line(INK, (30.85, 9.4), (33.15, 9.4), 0.1)
    pen.line(INK, (32, 8.25), (32, 10.55), 0.1)
    # towers at the ends
    for tx in (6, 52):
        _roof(pen, [(tx - 0.6, 11), (tx + 3, 3.5), (tx + 6.6, 11)])
        _bricks(pen, tx, 11, 6, LAWN_Y - 11)
        pen.box(STONE, (tx - 0.3, 10.8, 6.6, 0.5), line=0.08)
        for wy, lit in ((12.6, tx < 30), (17.4, True), (22.6, tx > 30)):
            _window(pen, tx + 2, wy, 2.0, 2.8, lit, arch=True)
        pen.line(INK, (tx + 3, 3.5), (tx + 3, 2.3), 0.12)
        pen.circle(STONE, (tx + 3, 2.2), 0.2)
    # the two floors of windows along the front
    lit_plan = [True, False, True, True, False, True, False, True]
    xs = [13.5, 17.5, 21.5, 40.3, 44.3, 48.3]
    for i, wx in enumerate(xs):
        _window(pen, wx, 15.2, 2.2, 3.2, lit_plan[i % len(lit_plan)])
        _window(pen, wx, 22.4, 2.2, 3.6, lit_plan[(i + 3) % len(lit_plan)])
    _window(pen, 27.5, 14.6, 2.0, 3.0, False)
    _window(pen, 34.5, 14.6, 2.0, 3.0, True)
    # the front door under a stone porch, steps down to the drive
    pen.box(STONE, (28.2, 20.6, 7.6, 0.7), line=0.08)
    pen.box(STONE, (28.6, 21.3, 0.7, 6.2), line=0.06)
    pen.box(STONE, (34.7, 21.3, 0.7, 6.2), line=0.06)
    pen.ellipse(LIT, (30.2, 21.6, 3.6, 2.4))
    pen.box(DOOR, (30.2, 22.8, 3.6, 4.8), line=0.1)
    pen.line(INK, (32, 22.8), (32, 27.6), 0.08)
    for px in (31.6, 32.4):
        pen.circle((214, 170, 66), (px, 25.4), 0.14)
    for i in range(3):
        pen.box(mix(STONE, INK, 0.1 * i), (29.4 - i * 0.6, 27.6 + i * 0.5, 5.2 + i * 1.2, 0.5), line=0.05)
    # ivy climbing the corners
    for vx in (11.2, 52.2):
        for _k in range(22):
            pen.circle(mix(TREE, TREE_HI, rng.random()), (vx + rng.uniform(-0.6, 0.8), rng.uniform(20, LAWN_Y)),
                       rng.uniform(0.18, 0.35))


def _garden(pen: Pen, rng: random.Random) -> None:
    """The lawn with mown stripes and grass, the gravel drive to the door, hedges and trees."""
    w, h = UNITS
    pen.rect(LAWN, (0, LAWN_Y, w, h - LAWN_Y))
    for i in range(int(w / 2) + 1):
        pen.poly(LAWN_DARK, [(i * 4, LAWN_Y), (i * 4 + 2, LAWN_Y), (i * 8 - w / 2 + 4, h), (i * 8 - w / 2, h)])
    for _k in range(1600):
        x, y = rng.uniform(0, w), rng.uniform(LAWN_Y + 0.2, h)
        pen.line(mix(TREE_HI, LAWN, rng.random()), (x, y), (x + rng.uniform(-0.15, 0.15), y - 0.35), 0.06)
    pen.poly(GRAVEL, [(29.4, LAWN_Y), (34.6, LAWN_Y), (42, h), (22, h)])
    for _k in range(1000):
        t = rng.random()
        half = 2.6 + (10 - 2.6) * t
        y = LAWN_Y + t * (h - LAWN_Y)
        pen.circle(mix(GRAVEL, INK, rng.uniform(0.1, 0.35)), (32 + rng.uniform(-half, half), y), 0.07)
    pen.line(INK, (29.4, LAWN_Y), (22, h), 0.1)
    pen.line(INK, (34.6, LAWN_Y), (42, h), 0.1)
    # low hedges along the front
    for hx, hw in ((11, 16.5), (36.5, 16.5)):
        pen.box(TREE, (hx, LAWN_Y - 1.2, hw, 1.6), radius=0.7, line=0.08)
        for k in range(int(hw * 2)):
            pen.circle(TREE_HI, (hx + 0.3 + k * 0.5, LAWN_Y - 0.9 + (k % 2) * 0.3), 0.2)
    for x, base, size in ((2.5, 31.5, 9.5), (61.5, 31.0, 9.0), (-0.5, 35.0, 7.0), (64.5, 35.5, 7.5)):
        _tree(pen, x, base, size, rng)


WALLPAPER = (52, 80, 66)
WALLPAPER_STRIPE = (70, 104, 86)
DAMASK = (150, 128, 74)
PANEL = (118, 72, 42)
PANEL_DARK = (84, 50, 30)
PANEL_LIGHT = (160, 108, 66)
GILT = (196, 156, 72)
GILT_DARK = (132, 98, 40)
FLOOR_BOARD = (108, 70, 44)
RUG = (132, 36, 44)
RUG_BORDER = (206, 170, 90)
CANDLE = (240, 230, 204)
FLAME = (255, 214, 110)
#: The parlour's dado rail (top of the panelling) and skirting board, in units from the top.
DADO_Y, SKIRT_Y = 22.0, 31.0


#: The parlour wall's gilt-framed paintings: (left, top, width, height) of each picture, in units;
#: the house itself hangs in the first.
PAINTINGS = ((24.5, 5.5, 15, 8.4), (6, 7, 7, 5.5), (51, 7, 7, 5.5))
#: The depth of the wooden cornice along the top of the wall, in units (to its ink line).
CORNICE = 1.0


def wall_features(size: tuple[int, int] = (1280, 720)) -> list[pygame.Rect]:
    """What stands out on the parlour wall of a picture ``size`` (width, height) pixels: the
    cornice along its top, then each of :data:`PAINTINGS` in its gilt frame (the frame's beads
    and ink line included), as rectangles in pixels covering them; a picture hung on the wall
    that touches none of them hangs on the bare wallpaper."""
    ux, uy = size[0] / UNITS[0], size[1] / UNITS[1]

    def cover(x: float, y: float, w: float, h: float) -> pygame.Rect:
        left, top = math.floor(x * ux), math.floor(y * uy)
        return pygame.Rect(left, top, math.ceil((x + w) * ux) - left, math.ceil((y + h) * uy) - top)
    return [cover(0, 0, UNITS[0], CORNICE + 0.05)] + [cover(x - 0.7, y - 0.7, w + 1.4, h + 1.4)
                                                      for x, y, w, h in PAINTINGS]


def _wallpaper(pen: Pen, rng: random.Random) -> None:
    """Striped wallpaper with rows of small gold damask lozenges, under a wooden cornice."""
    w = UNITS[0]
    pen.rect(WALLPAPER, (0, 0, w, DADO_Y))
    x = 0.0
    while x < w:               # stripes narrower than a measuring cell: the wall never reads as a flat fill
        pen.rect(WALLPAPER_STRIPE, (x, 0, 0.3, DADO_Y))
        x += 0.6
    for r in range(int(DADO_Y / 1.2) + 1):
        y = 1.6 + r * 1.2
        for c in range(int(w / 1.2) + 2):
            cx = c * 1.2 + (0.6 if r % 2 else 0)
            pen.poly(DAMASK, [(cx, y - 0.32), (cx + 0.2, y), (cx, y + 0.32), (cx - 0.2, y)])
            pen.circle(mix(DAMASK, WALLPAPER, 0.4), (cx, y - 0.5), 0.07)
    pen.rect(PANEL_DARK, (0, 0, w, CORNICE))
    pen.rect(PANEL, (0, 0.2, w, 0.5))
    pen.line(PANEL_LIGHT, (0, 0.3), (w, 0.3), 0.08)
    pen.line(INK, (0, CORNICE), (w, CORNICE), 0.1)


def _painting(pen: Pen, box: tuple[float, float, float, float], picture: pygame.Surface | None,
              rng: random.Random) -> None:
    """A gilt frame on the wall around ``picture`` (scaled in), or a moonlit landscape drawn in it."""
    x, y, w, h = box
    pen.box(GILT, (x - 0.6, y - 0.6, w + 1.2, h + 1.2), line=0.1)
    pen.rect(GILT_DARK, (x - 0.3, y - 0.3, w + 0.6, h + 0.6), 0.1)
    for k in range(int(w / 0.5) + 1):              # the frame's carved beads
        pen.circle(GILT_DARK, (x - 0.3 + k * (w + 0.6) / int(w / 0.5), y - 0.45), 0.07)
        pen.circle(GILT_DARK, (x - 0.3 + k * (w + 0.6) / int(w / 0.5), y + h + 0.45), 0.07)
    inner = pen.r(x, y, w, h)
    if picture is not None:
        pen.surf.blit(pygame.transform.smoothscale(picture, inner.size), inner)
    else:
        pen.rect(SKY_LOW, (x, y, w, h))
        pen.rect(mix(SKY_LOW, SKY_TOP, 0.5), (x, y, w, h * 0.35))
        pen.circle(MOON, (x + w * 0.75, y + h * 0.25), min(w, h) * 0.1)
        pen.poly(TREE, [(x, y + h * 0.7), (x + w * 0.3, y + h * 0.45), (x + w * 0.65, y + h * 0.65),
                        (x + w, y + h * 0.5), (x + w, y + h), (x, y + h)])
        pen.poly(LAWN, [(x, y + h * 0.85), (x + w * 0.5, y + h * 0.7), (x + w, y + h * 0.8), (x + w, y + h),
                        (x, y + h)])
        for _k in range(5):
            tx = x + rng.uniform(0.1, 0.9) * w
            pen.circle(TREE_HI, (tx, y + h * 0.7), min(w, h) * 0.08)
    pen.rect(INK, (x, y, w, h), 0.08)


def _sconce(pen: Pen, x: float, y: float) -> None:
    """A brass wall sconce with two lit candles at (``x``, ``y``) (the plate's centre)."""
    pen.oval(BRASS_WARM, (x - 0.35, y - 0.6, 0.7, 1.2), 0.06)
    pen.line(BRASS_WARM, (x, y + 0.2), (x, y + 0.9), 0.14)
    pen.line(BRASS_WARM, (x - 1.2, y + 0.9), (x + 1.2, y + 0.9), 0.14)
    for cx in (x - 1.1, x + 1.1):
        pen.box(BRASS_WARM, (cx - 0.35, y + 0.55, 0.7, 0.3), line=0.05)
        pen.box(CANDLE, (cx - 0.16, y - 0.6, 0.32, 1.15), line=0.05)
        pen.ellipse(FLAME, (cx - 0.14, y - 1.15, 0.28, 0.55))
        pen.ellipse(STAR, (cx - 0.06, y - 0.95, 0.12, 0.3))


def _glow(canvas: pygame.Surface, pen: Pen, spots: list[tuple[float, float]]) -> None:
    """Warm candle light added round each spot (units): drawn small, smoothed up
    and added, so the wallpaper's pattern shows through the light."""
    small = pygame.Surface((UNITS[0] * 2, UNITS[1] * 2))      # pixels, like the canvas it lights
    small.fill((0, 0, 0))
    for x, y in spots:
        for r, k in ((5, 10), (3.4, 16), (2.2, 22), (1.3, 28)):
            gfx.circle(small, (k * 2, round(k * 1.5), k // 2), (x * 2, y * 2), r * 2)
    canvas.blit(pygame.transform.smoothscale(small, canvas.get_size()), (0, 0), special_flags=pygame.BLEND_RGB_ADD)


def _panelling(pen: Pen, rng: random.Random) -> None:
    """Wood panelling below the dado rail: raised panels with bevelled edges and grain, a skirting board."""
    w = UNITS[0]
    pen.rect(PANEL_DARK, (0, DADO_Y, w, SKIRT_Y - DADO_Y))
    pen.box(PANEL, (-0.1, DADO_Y - 0.3, w + 0.2, 0.7), line=0.08)
    pen.line(PANEL_LIGHT, (0, DADO_Y - 0.15), (w, DADO_Y - 0.15), 0.08)
    step, top, bottom = 5.0, DADO_Y + 1.2, SKIRT_Y - 0.8
    x = 0.6
    while x < w:
        pw = step - 1.0
        pen.rect(PANEL, (x, top, pw, bottom - top))
        for _k in range(int(pw * 3)):            # the grain, running down each panel
            gx = x + rng.uniform(0.2, pw - 0.2)
            pen.line(mix(PANEL, PANEL_DARK, rng.uniform(0.3, 0.7)), (gx, top + 0.2),
                     (gx + rng.uniform(-0.2, 0.2), bottom - 0.2), 0.05)
        pen.line(PANEL_LIGHT, (x, top), (x + pw, top), 0.12)            # light from above: bright top and left
        pen.line(PANEL_LIGHT, (x, top), (x, bottom), 0.12)
        pen.line(INK, (x, bottom), (x + pw, bottom), 0.12)
        pen.line(INK, (x + pw, top), (x + pw, bottom), 0.12)
        x += step
    pen.box(PANEL, (-0.1, SKIRT_Y, w + 0.2, 1.0), line=0.08)


def _floor(pen: Pen, rng: random.Random) -> None:
    """Floorboards running away from us, and a red rug with a gold border and a fringe."""
    w, h = UNITS
    pen.rect(FLOOR_BOARD, (0, SKIRT_Y + 1.0, w, h - SKIRT_Y - 1.0))
    for k in range(int(w / 0.8) + 1):
        x = k * 0.8
        pen.line(mix(FLOOR_BOARD, INK, 0.5), (x, SKIRT_Y + 1.0), (x + (x - w / 2) * 0.25, h), 0.06)
    y0 = SKIRT_Y + 2.0
    pen.box(RUG, (6, y0, w - 12, h - y0 + 1), line=0.08)
    pen.rect(RUG_BORDER, (6.5, y0 + 0.5, w - 13, h - y0), 0.25)
    for k in range(int((w - 13) / 1.0)):
        pen.poly(RUG_BORDER, [(7.5 + k, y0 + 1.3), (7.9 + k, y0 + 1.0), (8.3 + k, y0 + 1.3), (7.9 + k, y0 + 1.6)])
    for k in range(int((w - 12) / 0.3)):          # the fringe along the rug's far edge
        pen.line(mix(RUG_BORDER, PAPER_WARM, 0.5), (6.1 + k * 0.3, y0), (6.1 + k * 0.3, y0 - 0.35), 0.06)


def _parlour(pen: Pen, rng: random.Random) -> None:
    """The whole parlour wall: wallpaper, paintings, sconces, panelling and floor."""
    _wallpaper(pen, rng)
    front = mansion_front((640, 360))
    for box, picture in zip(PAINTINGS, (front, None, None), strict=True):
        _painting(pen, box, picture, rng)
    for sx in (19, 45):
        _sconce(pen, sx, 10)
    _panelling(pen, rng)
    _floor(pen, rng)


_CACHE: dict[tuple[int, int], pygame.Surface] = {}
gfx.on_scale_change(_CACHE.clear)      # pictures made for one output scale


def mansion_front_ready(size: tuple[int, int]) -> bool:
    """Is :func:`mansion_front` at ``size`` already painted (a blit away)?"""
    return (max(1, int(size[0])), max(1, int(size[1]))) in _CACHE


def mansion_front(size: tuple[int, int]) -> pygame.Surface:
    """The mansion at night, ``size`` (width, height) pixels: drawn on a canvas
    twice as large (up to 4200 pixels wide) and filtered down, cached per size (a surface
    shared by callers: blit it, do not draw on it).  Always the same picture
    (a fixed seed)."""
    size = (max(1, int(size[0])), max(1, int(size[1])))

    def paint(canvas: pygame.Surface, ss: int) -> None:
        pen = Pen(canvas, (size[0] * ss / UNITS[0], size[1] * ss / UNITS[1]))
        rng = random.Random(1887)
        _sky(pen, rng)
        _house(pen, rng)
        _garden(pen, rng)
    # twice the size is smooth enough for a picture behind a menu, and quick for the first frame
    return remember(_CACHE, size, 4, lambda: supersampled(size, 2, paint))


_PARLOURS: dict[tuple[int, int], pygame.Surface] = {}
gfx.on_scale_change(_PARLOURS.clear)      # pictures made for one output scale


def parlour(size: tuple[int, int]) -> pygame.Surface:
    """The mansion's parlour, ``size`` (width, height) pixels: striped damask
    wallpaper, gilt-framed paintings (the house itself in the middle), candle
    sconces with their warm light, wood panelling and a rug on the boards.
    Drawn like :func:`mansion_front` (twice the size, filtered down), cached
    per size; a shared surface: blit it, do not draw on it."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    return remember(_PARLOURS, size, 4, lambda: _paint_parlour(size))


def _paint_parlour(size: tuple[int, int]) -> pygame.Surface:
    """A new picture of the parlour, ``size`` (width, height) pixels (see :func:`parlour`)."""
    def paint(canvas: pygame.Surface, ss: int) -> None:
        pen = Pen(canvas, (size[0] * ss / UNITS[0], size[1] * ss / UNITS[1]))
        _parlour(pen, random.Random(1926))
        _glow(canvas, pen, [(19, 9), (45, 9)])
    return supersampled(size, 2, paint)


#: How dark the picture is behind a form (0 black, 255 the picture itself).
BACKDROP_LIGHT = 150
_BACKDROPS: dict[tuple, pygame.Surface] = {}
gfx.on_scale_change(_BACKDROPS.clear)      # pictures made for one output scale


def backdrop(size: tuple[int, int], light: int = BACKDROP_LIGHT) -> pygame.Surface:
    """:func:`parlour` darkened to ``light`` (0-255), so text and buttons on
    it keep their contrast: the picture behind the setup screens and game
    over (cached per size and light; a shared surface: blit it).  The parlour
    itself is not kept beside it (a whole screen more at 3840 x 2160)."""
    size = (max(1, int(size[0])), max(1, int(size[1])))

    def make() -> pygame.Surface:
        out = _PARLOURS[size].copy() if size in _PARLOURS else _paint_parlour(size)
        out.fill((light, light, light), special_flags=pygame.BLEND_RGB_MULT)
        return out
    # while painted: the picture and the candle light smoothed up to its size, a whole screen each,
    # so the pictures of screens not shown (the card table's) go first, not after
    w, h = gfx.device_pixels(size)
    return gfx.remember(_BACKDROPS, (size, light), make, 4, making=2 * w * h * 4)
