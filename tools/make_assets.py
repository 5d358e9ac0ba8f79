"""Generate every sprite and sound of the game from code (no third-party artwork).

Run from the project root::

    SDL_VIDEODRIVER=dummy python tools/make_assets.py            # into the project
    SDL_VIDEODRIVER=dummy python tools/make_assets.py --out DIR  # somewhere else

It writes, below the output folder:

* (no token sprites: the game draws the suspects' pawns in code, game/ui/draw/pawns.py);
* ``sprites/weapons/<weapon>.png``  128x128 weapon pieces for the board (in colour, a dark ink
  line round them and a thin light rim outside it, so they stand on light and dark floors
  alike; the game scales them down and adds their shadow for each size);
* ``sprites/cards/<card>.png``      720x720 card pictures (no names and no badge: the game
  writes the names and puts the suspect's token on the corner of a large enough picture);
* ``sprites/card_back.png`` 720x1035, ``sprites/envelope.png`` 672x448,
  ``sprites/dice/<1..6>.png`` 336x336, ``sprites/icon.png`` 256x256;
* ``sounds/<name>.wav``             16-bit mono 22050 Hz effects (see :data:`SOUND_SECONDS`);
* ``sounds/music/<theme>.wav``      mono 11025 Hz seamless music loops in 8-bit mu-law (G.711:
  half the size of 16-bit PCM, about 14 bits of range; see :data:`MUSIC_SECONDS`), each over a
  minute long in several sections: ``calm`` (title and play) and ``tense`` (the last round).

The painters draw in design units (a card picture in a 160 x 160 box); each
sprite is exported at as many pixels a unit as its largest use in the game
needs at 3840 x 2160 (:data:`CARD_EXPORT`, :data:`ENVELOPE_EXPORT`,
:data:`DIE_EXPORT`), so the game only ever filters it down.

Everything is deterministic: pictures are drawn at 4x and box-filtered down
(premultiplied alpha, so no dark fringes), noise comes from a fixed numpy seed,
and PNG / WAV files carry no timestamps, so two runs give identical bytes.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import struct
import sys
import wave
from itertools import pairwise
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FONT_BOLD = ROOT / "fonts" / "DejaVuSans-Bold.ttf"

SUSPECTS = ("scarlet", "mustard", "white", "green", "peacock", "plum")
WEAPONS = ("candlestick", "knife", "lead_pipe", "revolver", "rope", "wrench")
ROOMS = ("kitchen", "ballroom", "conservatory", "dining_room", "billiard_room",
         "library", "lounge", "hall", "study")
# Kept in step with game/rules/cards.py (the tool must run without the package on sys.path).
SUSPECT_COLOURS = {
    "scarlet": (200, 30, 45), "mustard": (225, 175, 30), "white": (240, 240, 235),
    "green": (40, 140, 70), "peacock": (40, 90, 200), "plum": (125, 60, 150),
}

#: Design sizes (width, height) in the painters' units: a card picture is
#: drawn in a 160 x 160 box whatever its size in pixels.
CARD_DESIGN = (160, 160)
CARD_BACK_DESIGN = (160, 230)
ENVELOPE_DESIGN = (96, 64)
DIE_DESIGN = (96, 96)
#: Pixels in the file per design unit.  A sprite is as large as its largest
#: use at 3840 x 2160 (3 device pixels per logical pixel), so that it is
#: filtered down there, never stretched: a card about 240 logical pixels
#: wide, lifted 1.12 times in a big moment, a 220-pixel portrait (720 pixels);
#: the rules' 220-pixel envelope (672); the rules' 100-pixel die (336).
CARD_EXPORT = 4.5
ENVELOPE_EXPORT = 7
DIE_EXPORT = 3.5


def exported(design: tuple[int, int], factor: float) -> tuple[int, int]:
    """The pixel size (width, height) of a sprite of ``design`` units drawn at ``factor`` pixels a unit."""
    return round(design[0] * factor), round(design[1] * factor)


#: Sprite sizes in pixels (width, height).  The weapons' pieces are drawn at
#: most 30 logical pixels wide (the TV board's squares): 128 covers 90.
WEAPON_SIZE = (128, 128)
CARD_PICTURE_SIZE = exported(CARD_DESIGN, CARD_EXPORT)          # 720 x 720
CARD_BACK_SIZE = exported(CARD_BACK_DESIGN, CARD_EXPORT)        # 720 x 1035
ENVELOPE_SIZE = exported(ENVELOPE_DESIGN, ENVELOPE_EXPORT)      # 672 x 448
DIE_SIZE = exported(DIE_DESIGN, DIE_EXPORT)                     # 336 x 336
ICON_SIZE = (256, 256)

#: Sound sample rate in Hz (16-bit mono).
SAMPLE_RATE = 22050
#: Length in seconds of each sound effect (the die's matches the die's tumble
#: and bounce on screen, game.ui.draw.anim.DieRoll: 0.8 s, landing at 70 %).
SOUND_SECONDS = {"die": 0.8, "step": 0.08, "door": 0.45, "card": 0.25,
                 "chime": 1.0, "wrong": 0.8, "click": 0.05,
                 "passage": 0.9, "suggest": 0.6, "nobody": 0.9, "nope": 0.16}
#: Seconds into the die's sound where it lands, and where its small bounce lands.
DIE_LAND, DIE_BOUNCE = 0.56, 0.70

#: Length in seconds of each music loop, in whole bars: calm 20 bars at 72 bpm
#: (five sections of four), tense 28 bars at 96 bpm (sections of 8, 8, 4, 8).
MUSIC_SECONDS = {"calm": 20 * 4 * 60 / 72, "tense": 28 * 4 * 60 / 96}
#: Sample rate in Hz of the music files: the themes are low-passed below 4 kHz,
#: so half the effects' rate loses nothing and halves the files.
MUSIC_RATE = SAMPLE_RATE // 2

SS = 4  # supersampling factor

# Palette: flat and warm.
INK = (40, 32, 30)
CREAM = (244, 236, 218)
OUTLINE_LIGHT = (246, 238, 218)
METAL = (66, 70, 82)
METAL_MID = (112, 118, 132)
METAL_HI = (170, 176, 188)
METAL_DARK = (38, 40, 48)
WOOD = (150, 98, 56)
WOOD_DARK = (104, 64, 36)
WOOD_LIGHT = (196, 146, 96)
GOLD = (214, 170, 66)
GOLD_DARK = (150, 110, 40)


# --------------------------------------------------------------------------- helpers

def mix(a, b, t):
    """Blend two RGB colours: t=0 gives a, t=1 gives b."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def shade(c, f):
    """Darken (f<1) or lighten towards white (f>1) an RGB colour."""
    if f <= 1:
        return tuple(round(v * f) for v in c[:3])
    return mix(c, (255, 255, 255), f - 1)


def rot(points, deg, centre=(50, 50)):
    """Rotate points about centre by deg degrees (clockwise on screen)."""
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    cx, cy = centre
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca)
            for x, y in points]


class Pen:
    """Draws in design units on a supersampled surface (1 unit = ``scale`` pixels)."""

    def __init__(self, surf: pygame.Surface, scale: float, offset=(0.0, 0.0)):
        self.surf = surf
        self.s = scale
        self.ox, self.oy = offset

    def p(self, pt):
        return ((pt[0] + self.ox) * self.s, (pt[1] + self.oy) * self.s)

    def w(self, width):
        return max(1, round(width * self.s)) if width else 0

    def r(self, rect):
        x, y, w, h = rect
        return pygame.Rect(round((x + self.ox) * self.s), round((y + self.oy) * self.s),
                           round(w * self.s), round(h * self.s))

    def fill(self, col):
        self.surf.fill(col)

    def _do(self, col, draw):
        """Run ``draw(surface, colour)``: translucent colours blend with what is below,
        fully transparent ones (alpha 0) erase, opaque ones are written directly."""
        if len(col) == 4 and 0 < col[3] < 255:
            layer = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
            layer.fill((0, 0, 0, 0))
            draw(layer, col)
            self.surf.blit(layer, (0, 0))
        else:
            draw(self.surf, col)

    def rect(self, col, rect, width=0, radius=0):
        self._do(col, lambda s, c: pygame.draw.rect(
            s, c, self.r(rect), self.w(width), border_radius=round(radius * self.s) if radius else -1))

    def circle(self, col, c, rad, width=0):
        self._do(col, lambda s, cc: pygame.draw.circle(s, cc, self.p(c), rad * self.s, self.w(width)))

    def ellipse(self, col, rect, width=0):
        self._do(col, lambda s, c: pygame.draw.ellipse(s, c, self.r(rect), self.w(width)))

    def poly(self, col, pts, width=0):
        self._do(col, lambda s, c: pygame.draw.polygon(s, c, [self.p(q) for q in pts], self.w(width)))

    def line(self, col, a, b, width, caps=True):
        """A thick line with (optionally) round caps."""
        (x1, y1), (x2, y2) = a, b
        dx, dy = x2 - x1, y2 - y1
        ln = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / ln * width / 2, dx / ln * width / 2
        self.poly(col, [(x1 + nx, y1 + ny), (x2 + nx, y2 + ny),
                        (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)])
        if caps:
            self.circle(col, a, width / 2)
            self.circle(col, b, width / 2)

    def stroke(self, col, pts, width, closed=False):
        """A thick polyline with round joins."""
        seq = list(pts) + ([pts[0]] if closed else [])
        for a, b in pairwise(seq):
            self.line(col, a, b, width, caps=False)
        for q in seq:
            self.circle(col, q, width / 2)

    def arc(self, col, centre, rx, ry, a0, a1, width, steps=40):
        """Thick elliptic arc from angle a0 to a1 (degrees, 0 = right, 90 = down)."""
        pts = [(centre[0] + rx * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
                centre[1] + ry * math.sin(math.radians(a0 + (a1 - a0) * i / steps)))
               for i in range(steps + 1)]
        self.stroke(col, pts, width)

    def text(self, size, txt, col, centre, outline=None, outline_w=0.0):
        font = get_font(round(size * self.s))
        img = font.render(txt, True, col)
        cx, cy = self.p(centre)
        # Centre on the ink, not the line box (the line box includes descender space).
        bounds = img.get_bounding_rect()
        x = cx - bounds.centerx
        y = cy - bounds.centery
        if outline is not None and outline_w:
            out = font.render(txt, True, outline)
            ow = outline_w * self.s
            for k in range(16):
                a = 2 * math.pi * k / 16
                self.surf.blit(out, (x + ow * math.cos(a), y + ow * math.sin(a)))
        self.surf.blit(img, (x, y))


_FONTS: dict[int, pygame.font.Font] = {}


def get_font(px: int) -> pygame.font.Font:
    if px not in _FONTS:
        _FONTS[px] = pygame.font.Font(str(FONT_BOLD), px)
    return _FONTS[px]


def canvas(size, ss=SS):
    """A transparent supersampled surface for a sprite of ``size`` pixels."""
    surf = pygame.Surface((size[0] * ss, size[1] * ss), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    return surf


def downsample(surf: pygame.Surface, k: int = SS) -> pygame.Surface:
    """Box-filter a surface down by k with premultiplied alpha (deterministic AA)."""
    a8 = pygame.surfarray.array_alpha(surf)
    w, h = a8.shape
    w2, h2 = w // k, h // k
    # Integer sums of k x k blocks, a band of columns at a time: exact, and a
    # large sprite's canvas never needs a float copy of itself.
    prem = np.empty((w2, h2, 3), np.float64)
    asum = np.empty((w2, h2), np.float64)
    band = max(1, 4_000_000 // max(1, h * k))
    for x0 in range(0, w2, band):
        x1 = min(w2, x0 + band)
        rgb = pygame.surfarray.pixels3d(surf)[x0 * k:x1 * k, :h2 * k].astype(np.uint32)
        a = a8[x0 * k:x1 * k, :h2 * k].astype(np.uint32)
        prem[x0:x1] = (rgb * a[..., None]).reshape(x1 - x0, k, h2, k, 3).sum(axis=(1, 3))
        asum[x0:x1] = a.reshape(x1 - x0, k, h2, k).sum(axis=(1, 3))
    safe = np.where(asum > 0, asum, 1.0)
    out_rgb = np.where(asum[..., None] > 0, prem / safe[..., None], 0.0)
    out_a = asum / (k * k)
    out = pygame.Surface((w2, h2), pygame.SRCALPHA)
    px = pygame.surfarray.pixels3d(out)
    px[...] = np.clip(np.rint(out_rgb), 0, 255).astype(np.uint8)
    del px
    pa = pygame.surfarray.pixels_alpha(out)
    pa[...] = np.clip(np.rint(out_a), 0, 255).astype(np.uint8)
    del pa
    return out


def dilate_alpha(alpha: np.ndarray, radius: int) -> np.ndarray:
    """Morphological dilation of an alpha array (columns x rows) by a disc of
    ``radius`` pixels: each pixel becomes the largest value within the disc.
    Each row of the disc is a run of columns; runs of any length are looked
    up in a table of maxima over runs of 1, 2, 4... columns, so the work
    grows with the radius, not with its square."""
    w, h = alpha.shape
    pad = np.pad(alpha, radius)
    levels = [pad]                         # levels[j][x] = max of pad[x : x + 2**j] (along columns)
    while 2 ** len(levels) <= 2 * radius + 1:
        prev, step = levels[-1], 2 ** (len(levels) - 1)
        nxt = prev.copy()
        np.maximum(nxt[:-step], prev[step:], out=nxt[:-step])
        levels.append(nxt)
    out = np.zeros_like(alpha)
    for dy in range(-radius, radius + 1):
        half = math.isqrt(radius * radius - dy * dy)
        run = 2 * half + 1
        j = run.bit_length() - 1
        table = levels[j]
        x0 = radius - half                  # the run covers pad columns x0 + x .. x0 + x + run - 1
        rows = slice(radius + dy, radius + dy + h)
        np.maximum(out, table[x0:x0 + w, rows], out=out)
        x1 = x0 + run - 2 ** j
        if x1 != x0:
            np.maximum(out, table[x1:x1 + w, rows], out=out)
    return out


def solid_layer(alpha: np.ndarray, colour, alpha_scale=1.0) -> pygame.Surface:
    """A surface of one colour whose alpha is the given array."""
    w, h = alpha.shape
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((*colour, 0))
    pa = pygame.surfarray.pixels_alpha(s)
    pa[...] = np.clip(alpha.astype(np.float64) * alpha_scale, 0, 255).astype(np.uint8)
    del pa
    return s


def with_outline(art: pygame.Surface, radius_px: int, colour=OUTLINE_LIGHT,
                 rim_px: int = 0, rim_colour=INK, rim_alpha=0.55) -> pygame.Surface:
    """Put a solid outline of ``radius_px`` (and an optional thin dark rim) round art."""
    alpha = pygame.surfarray.array_alpha(art)
    grown = dilate_alpha(alpha, radius_px)
    result = pygame.Surface(art.get_size(), pygame.SRCALPHA)
    result.fill((0, 0, 0, 0))
    if rim_px:
        result.blit(solid_layer(dilate_alpha(grown, rim_px), rim_colour, rim_alpha), (0, 0))
    result.blit(solid_layer(grown, colour), (0, 0))
    result.blit(art, (0, 0))
    return result


def save(surf: pygame.Surface, path: Path, written: list) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))
    written.append(path)


# --------------------------------------------------------------------------- weapons
# Each weapon is drawn in a 100x100 design box, in colour; the outline is added after.

def weapon_candlestick(p: Pen):
    # Flame and candle.
    p.poly((250, 160, 40), [(50, 1), (56, 9), (55, 14), (50, 17), (45, 14), (44, 9)])
    p.poly((255, 226, 120), [(50, 7), (53, 12), (50, 15), (47, 12)])
    p.rect((248, 240, 220), (44, 16, 12, 22))
    p.rect((220, 208, 180), (52, 16, 4, 22))
    p.circle((248, 240, 220), (45, 22), 2.5)
    # Drip tray and cup.
    p.ellipse(METAL, (28, 36, 44, 10))
    p.poly(METAL, [(40, 40), (60, 40), (56, 48), (44, 48)])
    # Stem with knobs.
    p.rect(METAL, (45, 46, 10, 34))
    p.ellipse(METAL, (39, 54, 22, 9))
    p.ellipse(METAL, (41, 68, 18, 7))
    # Foot.
    p.poly(METAL, [(42, 78), (58, 78), (72, 90), (28, 90)])
    p.ellipse(METAL, (24, 86, 52, 10))
    # Highlights.
    p.line(METAL_HI, (47.5, 48), (47.5, 78), 2)
    p.line(METAL_HI, (32, 40), (44, 41), 2)
    p.line(METAL_HI, (31, 89), (45, 82), 2)


def weapon_knife(p: Pen):
    handle = [(6, 44), (38, 43), (38, 57), (6, 56)]
    blade = [(44, 42), (86, 42), (97, 45), (88, 51), (70, 56.5), (44, 57)]
    bolster = [(38, 39), (45, 39), (45, 61), (38, 61)]
    a = -40
    p.poly(METAL_MID, rot(blade, a))
    p.poly(METAL_HI, rot([(46, 51), (72, 50.5), (90, 49.5), (88, 51), (70, 56.5), (46, 57)], a))
    p.line(METAL, *rot([(46, 45), (84, 45)], a), 1.5)
    p.poly(WOOD_DARK, rot(handle, a))
    h = rot([(6, 50)], a)[0]
    p.circle(WOOD_DARK, h, 6)
    p.poly(METAL, rot(bolster, a))
    for x in (14, 24, 33):
        p.circle(METAL_HI, rot([(x, 50)], a)[0], 2.2)


def weapon_lead_pipe(p: Pen):
    col, hi, dark = (88, 94, 108), (150, 158, 172), (58, 62, 74)
    # L-shaped pipe: long run, an elbow, a short rise.
    run_y, w = 70, 15
    elbow_c = (70, 50)
    p.line(col, (12, run_y), (70, run_y), w, caps=False)
    pts_out, pts_in = [], []
    for i in range(21):
        ang = math.radians(90 - 90 * i / 20)
        pts_out.append((elbow_c[0] + (20 + w / 2) * math.cos(ang), elbow_c[1] + (20 + w / 2) * math.sin(ang)))
        pts_in.append((elbow_c[0] + (20 - w / 2) * math.cos(ang), elbow_c[1] + (20 - w / 2) * math.sin(ang)))
    p.poly(col, pts_out + pts_in[::-1])
    p.line(col, (90, 50), (90, 18), w, caps=False)
    # Highlight along the pipe.
    p.line(hi, (14, run_y - 4), (68, run_y - 4), 3)
    p.arc(hi, elbow_c, 16, 16, 90, 0, 3)
    p.line(hi, (86, 50), (86, 22), 3)
    # Collars (joints) at both ends and beside the elbow.
    p.rect(dark, (6, run_y - 11, 10, 22), radius=2)
    p.rect(dark, (79, 8, 22, 10), radius=2)
    p.rect(dark, (54, run_y - 10, 7, 20), radius=2)
    p.line(hi, (8, run_y - 8), (8, run_y + 8), 1.5)
    p.line(hi, (81, 10), (99, 10), 1.5)


def weapon_revolver(p: Pen):
    wood, wood_dk = (120, 72, 40), (84, 50, 28)
    # Grip (wood) first, below the frame.
    grip = [(20, 44), (38, 48), (34, 76), (28, 86), (14, 86), (8, 80), (14, 56)]
    p.poly(wood, grip)
    p.line(wood_dk, (17, 60), (28, 62), 1.5)
    p.line(wood_dk, (15, 68), (27, 70), 1.5)
    p.line(wood_dk, (13, 76), (25, 78), 1.5)
    p.circle(GOLD, (24, 66), 2)
    # Trigger guard and trigger.
    p.circle(METAL, (45, 54), 9, 3.5)
    p.poly(METAL, [(42, 46), (46, 46), (44, 56), (41, 57)])
    # Frame.
    p.poly(METAL, [(18, 30), (60, 30), (60, 50), (52, 50), (44, 47), (36, 50), (22, 46), (16, 38)])
    # Hammer.
    p.poly(METAL, [(19, 32), (15, 23), (19, 21), (27, 30)])
    # Barrel, rib and front sight.
    p.rect(METAL, (54, 30, 42, 10))
    p.rect(METAL, (90, 25, 4, 6))
    p.rect(METAL_MID, (58, 40, 30, 5))
    # Cylinder.
    p.rect(METAL_MID, (34, 27, 24, 24), radius=5)
    for x in (39.5, 46, 52.5):
        p.line(METAL_DARK, (x, 30), (x, 48), 2, caps=False)
    # Highlights.
    p.line(METAL_HI, (56, 32.5), (92, 32.5), 2)
    p.line(METAL_HI, (20, 32.5), (32, 32.5), 2)


def rope_loops():
    """Point lists of a hank of rope: three loops gathered under a binding at the top."""
    loops = []
    for half_w, height, dx in ((14, 62, -2), (29, 72, 2)):
        pts = []
        for i in range(73):
            t = 2 * math.pi * i / 72
            pts.append((50 + dx * (1 - math.cos(t)) / 2 + half_w * math.sin(t),
                        16 + height * (1 - math.cos(t)) / 2))
        loops.append(pts)
    return loops


def weapon_rope(p: Pen):
    rope, rope_dk, rope_hi = (200, 154, 88), (104, 70, 36), (232, 198, 140)
    width = 8
    loops = rope_loops()
    tail = [(60 + 30 * math.sin(k / 12 * math.pi / 2) ** 1.5, 24 + 5.6 * k) for k in range(13)]
    strands = []
    for seq in loops[::-1] + [tail]:
        p.stroke(rope_dk, seq, width + 3, closed=seq is not tail)
        p.stroke(rope, seq, width, closed=seq is not tail)
        strands.append(seq)
    # Twist marks: short slanted strokes along every strand.
    for seq in strands:
        for i in range(2, len(seq) - 1, 3 if seq is not tail else 1):
            (x0, y0), (x1, y1) = seq[i - 1], seq[i + 1]
            ln = math.hypot(x1 - x0, y1 - y0) or 1
            tx, ty = (x1 - x0) / ln, (y1 - y0) / ln
            nx, ny = -ty, tx
            cx, cy = seq[i]
            p.line(shade(rope, 0.72), (cx - nx * 2.8 - tx * 1.6, cy - ny * 2.8 - ty * 1.6),
                   (cx + nx * 2.8 + tx * 1.6, cy + ny * 2.8 + ty * 1.6), 1.3)
    # Frayed end of the tail.
    tip = tail[-1]
    p.rect(rope_dk, (tip[0] - 6, tip[1] - 3, 12, 5), radius=2)
    for dx in (-3.5, 0, 3.5):
        p.line(rope, (tip[0] + dx * 0.7, tip[1] + 2), (tip[0] + dx * 1.4, tip[1] + 9), 2.2)
    # Binding wrapped round the top of the hank.
    p.rect(rope_dk, (36, 12, 28, 16), radius=5)
    p.rect(rope, (38, 14, 24, 12), radius=4)
    for x in (44, 50, 56):
        p.line(rope_dk, (x, 14), (x, 26), 1.4, caps=False)
    p.line(rope_hi, (40, 16), (60, 16), 1.2, caps=False)


def weapon_wrench(p: Pen):
    a = -45
    # Handle.
    p.poly(METAL, rot([(24, 44.5), (76, 45.5), (76, 54.5), (24, 55.5)], a))
    # Open jaw on the left: a disc with a slot cut out.
    jc = rot([(16, 50)], a)[0]
    p.circle(METAL, jc, 16)
    slot = rot([(-4, 43), (16, 44.5), (16, 55.5), (-4, 57)], a + 20, centre=(16, 50))
    slot = rot(slot, a)
    p.poly((0, 0, 0, 0), slot)
    p.circle((0, 0, 0, 0), rot(rot([(16, 50)], a + 20, centre=(16, 50)), a)[0], 5.5)
    # Ring end on the right.
    rc = rot([(84, 50)], a)[0]
    p.circle(METAL, rc, 13)
    p.circle((0, 0, 0, 0), rc, 6.5)
    # Highlights.
    p.line(METAL_HI, *rot([(28, 47), (72, 47.5)], a), 2)
    p.arc(METAL_HI, rc, 10, 10, 200 + a, 290 + a, 1.8)


WEAPON_DRAW = {
    "candlestick": weapon_candlestick, "knife": weapon_knife, "lead_pipe": weapon_lead_pipe,
    "revolver": weapon_revolver, "rope": weapon_rope, "wrench": weapon_wrench,
}


def weapon_art(weapon: str, px: int, margin: float = 7.0, outline: float = 3.2,
               rim: float = 0.8) -> pygame.Surface:
    """Weapon picture at SS x ``px`` pixels with its light outline (still supersampled)."""
    surf = canvas((px, px))
    scale = SS * px / (100 + 2 * margin)
    WEAPON_DRAW[weapon](Pen(surf, scale, (margin, margin)))
    return with_outline(surf, max(1, round(outline * scale)),
                        rim_px=max(1, round(rim * scale)) if rim else 0)


def make_weapon(weapon: str, px: int = WEAPON_SIZE[0]) -> pygame.Surface:
    """The board's piece for ``weapon``, ``px`` pixels square: the card's
    drawing with a dark ink line round it and a thin light rim outside that."""
    surf = canvas((px, px))
    margin = 5.0
    scale = SS * px / (100 + 2 * margin)
    WEAPON_DRAW[weapon](Pen(surf, scale, (margin, margin)))
    inked = with_outline(surf, max(1, round(2.4 * scale)), colour=INK,
                         rim_px=max(1, round(2.2 * scale)), rim_colour=OUTLINE_LIGHT, rim_alpha=0.85)
    return downsample(inked)


# --------------------------------------------------------------------------- cards

SKIN = {"scarlet": (242, 204, 176), "mustard": (226, 178, 140), "white": (240, 208, 184),
        "green": (196, 146, 108), "peacock": (238, 198, 168), "plum": (214, 168, 130)}
CARD_BG = {"scarlet": (246, 214, 206), "mustard": (246, 230, 190), "white": (168, 186, 204),
           "green": (206, 230, 208), "peacock": (204, 218, 244), "plum": (226, 208, 232)}


def face(p: Pen, suspect: str, cx=80, cy=70, eyes_y=72):
    skin = SKIN[suspect]
    p.circle(shade(skin, 0.8), (cx - 29, eyes_y + 4), 6)  # ears
    p.circle(shade(skin, 0.8), (cx + 29, eyes_y + 4), 6)
    p.ellipse(skin, (cx - 28, cy - 34, 56, 66))
    p.circle(INK, (cx - 11, eyes_y), 3.4)
    p.circle(INK, (cx + 11, eyes_y), 3.4)
    p.circle((255, 255, 255), (cx - 10, eyes_y - 1.2), 1.1)
    p.circle((255, 255, 255), (cx + 12, eyes_y - 1.2), 1.1)
    p.ellipse(shade(skin, 1.25), (cx - 24, eyes_y + 8, 10, 6))  # cheeks
    p.ellipse(shade(skin, 1.25), (cx + 14, eyes_y + 8, 10, 6))
    p.line(shade(skin, 0.7), (cx, eyes_y + 4), (cx - 2, eyes_y + 12), 2)


def smile(p: Pen, cx, y, col=INK, w=2.2, span=9):
    p.arc(col, (cx, y - 4), span, 5, 30, 150, w)


def bust(p: Pen, colour, cx=80):
    """Shoulders in the suspect's colour, with a darker edge."""
    p.ellipse(shade(colour, 0.7), (cx - 62, 118, 124, 90))
    p.ellipse(colour, (cx - 59, 121, 118, 86))


def suspect_picture(suspect: str, p: Pen):
    colour = SUSPECT_COLOURS[suspect]
    bg = CARD_BG[suspect]
    p.fill(bg)
    p.circle(shade(bg, 1.35), (80, 80), 66)
    skin = SKIN[suspect]
    if suspect == "scarlet":
        hair = (44, 26, 32)
        p.ellipse(hair, (40, 28, 80, 88))                        # bob, behind the head
        p.rect(skin, (70, 96, 20, 26))                           # neck
        bust(p, colour)
        p.poly(skin, [(66, 120), (94, 120), (80, 142)])          # V neckline
        face(p, suspect)
        p.poly(hair, [(50, 52), (60, 34), (84, 30), (108, 40), (112, 60), (96, 52),
                      (78, 50), (64, 60)])                       # side-swept fringe
        p.ellipse((214, 40, 56), (70, 88, 20, 8))                # red lips
        p.line((150, 20, 30), (72, 92), (88, 92), 1.2)
        for k in range(5):                                       # flower in the hair
            ang = math.radians(72 * k)
            p.circle(colour, (108 + 6 * math.cos(ang), 40 + 6 * math.sin(ang)), 5)
        p.circle(GOLD, (108, 40), 3.5)
        p.circle(GOLD, (52, 84), 3)                              # earring
        p.circle(GOLD, (108, 84), 3)
    elif suspect == "mustard":
        p.rect(skin, (70, 96, 20, 26))
        bust(p, colour)
        p.poly((250, 250, 244), [(68, 118), (92, 118), (80, 134)])
        p.poly(shade(colour, 0.7), [(70, 118), (80, 134), (90, 118), (80, 160)])
        for x in (28, 102):                                      # epaulettes
            p.rect(GOLD, (x, 124, 30, 9), radius=4)
            for k in range(5):
                p.line(GOLD_DARK, (x + 4 + k * 5.5, 133), (x + 4 + k * 5.5, 139), 1.6)
        p.rect((200, 40, 40), (98, 140, 8, 10))                  # medals
        p.rect((40, 80, 170), (108, 140, 8, 10))
        p.circle(GOLD, (102, 153), 3.5)
        p.circle(GOLD, (112, 153), 3.5)
        face(p, suspect)
        tache = (120, 80, 44)
        p.poly(tache, [(80, 84), (70, 82), (58, 86), (52, 80), (56, 90), (70, 92), (80, 89),
                       (90, 92), (104, 90), (108, 80), (102, 86), (90, 82)])
        p.ellipse(shade(skin, 0.6), (74, 96, 12, 4))
        # Peaked military cap.
        cap = shade(colour, 0.62)
        p.ellipse(cap, (42, 18, 76, 30))
        p.rect(cap, (50, 30, 60, 14))
        p.rect((130, 30, 30), (50, 40, 60, 7))
        p.ellipse(INK, (48, 44, 64, 12))
        p.rect(skin, (48, 50, 64, 3))
        p.circle(GOLD, (80, 32), 5.5)
        p.circle(GOLD_DARK, (80, 32), 2.5)
    elif suspect == "white":
        hair = (206, 206, 212)
        p.circle(hair, (80, 32), 15)                             # bun
        p.ellipse(hair, (46, 36, 68, 60))
        p.rect(skin, (70, 96, 20, 26))
        bust(p, (66, 66, 78))                                    # dark dress
        p.poly((250, 250, 248), [(50, 126), (110, 126), (104, 160), (56, 160)])   # apron bib
        p.poly((250, 250, 248), [(64, 116), (80, 126), (96, 116), (100, 124), (80, 134), (60, 124)])
        p.line((190, 190, 196), (50, 126), (110, 126), 1.2)
        face(p, suspect)
        p.ellipse(hair, (50, 38, 60, 22))                        # hair over the forehead
        p.line((150, 150, 160), (80, 40), (80, 56), 1.4)
        smile(p, 80, 94)
        # Frilly maid's cap.
        for k in range(7):
            p.circle((252, 252, 250), (56 + k * 8, 36 - 6 * math.sin(math.pi * k / 6)), 5.5)
        p.rect((252, 252, 250), (58, 30, 44, 9), radius=4)
        p.line((190, 190, 196), (56, 40), (104, 40), 1)
        p.circle((120, 120, 140), (60, 80), 2)
        # Dark outline round the white apron so it reads on any background.
        p.poly((130, 130, 140), [(50, 126), (110, 126), (104, 160), (56, 160)], 1)
    elif suspect == "green":
        p.rect(skin, (70, 96, 20, 26))
        bust(p, colour)
        p.poly((250, 250, 244), [(66, 118), (94, 118), (80, 140)])      # shirt
        p.poly((30, 70, 50), [(77, 122), (83, 122), (86, 150), (80, 158), (74, 150)])  # tie
        p.poly(shade(colour, 0.75), [(58, 122), (80, 160), (64, 160), (50, 128)])      # lapels
        p.poly(shade(colour, 0.75), [(102, 122), (80, 160), (96, 160), (110, 128)])
        face(p, suspect)
        smile(p, 80, 94)
        p.rect((56, 36, 24), (52, 44, 56, 8))                           # hair at the sides
        # Fedora.
        hat = (34, 84, 52)
        p.ellipse(hat, (30, 38, 100, 16))
        p.poly(hat, [(50, 46), (54, 18), (70, 14), (80, 20), (90, 14), (106, 18), (110, 46)])
        p.rect(INK, (50, 36, 60, 8))
        p.line(shade(hat, 1.3), (34, 46), (60, 48), 1.6)
    elif suspect == "peacock":
        hair = (70, 42, 30)
        # Peacock feather sticking up on the right.
        p.line((60, 120, 90), (98, 50), (124, 8), 2.2)
        p.ellipse((30, 150, 140), (112, 2, 22, 30))
        p.ellipse((40, 110, 60), (116, 8, 14, 18))
        p.ellipse((30, 60, 170), (119, 12, 8, 10))
        p.ellipse(hair, (46, 20, 68, 52))                         # up-do, behind
        p.circle(hair, (80, 22), 16)
        p.rect(skin, (70, 96, 20, 26))
        bust(p, colour)
        p.poly(skin, [(62, 120), (98, 120), (80, 138)])
        for k in range(9):                                        # pearls
            ang = math.radians(30 + 15 * k)
            p.circle((250, 248, 240), (80 + 20 * math.cos(ang), 108 + 18 * math.sin(ang)), 2.6)
        face(p, suspect)
        p.ellipse(hair, (50, 36, 60, 20))
        p.ellipse((196, 60, 90), (72, 89, 16, 6))
        p.circle((250, 248, 240), (52, 86), 3)
        p.circle((250, 248, 240), (108, 86), 3)
    elif suspect == "plum":
        p.rect(skin, (70, 96, 20, 26))
        bust(p, colour)
        p.poly((250, 250, 244), [(66, 118), (94, 118), (80, 140)])
        p.poly(shade(colour, 0.7), [(58, 122), (80, 160), (64, 160), (50, 128)])
        p.poly(shade(colour, 0.7), [(102, 122), (80, 160), (96, 160), (110, 128)])
        p.poly((90, 30, 110), [(66, 116), (80, 122), (66, 128)])        # bow tie
        p.poly((90, 30, 110), [(94, 116), (80, 122), (94, 128)])
        p.circle((70, 20, 90), (80, 122), 3)
        face(p, suspect)
        p.ellipse((150, 140, 140), (48, 50, 12, 26))                    # grey tufts
        p.ellipse((150, 140, 140), (100, 50, 12, 26))
        p.poly((120, 110, 110), [(70, 94), (90, 94), (84, 108), (80, 110), (76, 108)])  # goatee
        # Round glasses.
        p.circle((40, 30, 40), (69, 72), 8, 2)
        p.circle((40, 30, 40), (91, 72), 8, 2)
        p.line((40, 30, 40), (77, 71), (83, 71), 1.6)
        # Mortarboard.
        p.rect(INK, (56, 30, 48, 14), radius=3)
        p.poly((52, 42, 50), [(80, 12), (122, 26), (80, 40), (38, 26)])
        p.circle((90, 30, 110), (80, 26), 2.5)
        p.line(colour, (80, 26), (116, 30), 1.6)
        p.line(colour, (116, 30), (116, 46), 1.6)
        p.rect(colour, (112, 44, 8, 10), radius=2)


def weapon_picture(weapon: str, p: Pen):
    bg = (240, 230, 208)
    p.fill(bg)
    p.circle((248, 242, 228), (80, 80), 70)
    p.circle((226, 212, 184), (80, 80), 70, 1.5)
    # the weapon is drawn on a canvas of its own at the pen's scale, 136 units square, 12 in
    art = weapon_art(weapon, round(136 * p.s / SS), margin=4, outline=2.4, rim=0.6)
    p.surf.blit(art, p.p((12, 12)))


def wall_and_floor(p: Pen, wall, floor, floor_y=112, floor_line=None, skirting=WOOD_DARK):
    p.fill(wall)
    p.rect(floor, (0, floor_y, 160, 160 - floor_y))
    p.rect(skirting, (0, floor_y - 4, 160, 5))
    if floor_line:
        for x in range(-40, 200, 20):
            p.line(floor_line, (x, floor_y + 1), (x - 14 + (x - 80) * 0.4, 160), 1.2, caps=False)
        for y in (124, 140):
            p.line(floor_line, (0, y), (160, y), 1, caps=False)


def room_kitchen(p: Pen):
    p.fill((236, 226, 200))
    for y in range(0, 108, 12):                                   # wall tiles
        for x in range(0, 160, 12):
            if (x // 12 + y // 12) % 2 == 0:
                p.rect((214, 226, 230), (x, y, 12, 12))
    p.rect((230, 226, 214), (0, 112, 160, 48))
    for y in range(112, 160, 12):                                 # checker floor
        for x in range(0, 160, 12):
            if (x // 12 + y // 12) % 2:
                p.rect((120, 90, 70), (x, y, 12, 12))
    p.rect(WOOD_DARK, (0, 108, 160, 4))
    # Hood and chimney.
    p.poly((150, 92, 60), [(50, 0), (110, 0), (126, 30), (34, 30)])
    p.rect((120, 72, 46), (32, 28, 96, 6))
    # Stove.
    body = (60, 62, 70)
    p.rect(body, (30, 62, 100, 70), radius=4)
    p.rect((86, 90, 100), (26, 56, 108, 10), radius=3)
    p.rect((40, 42, 46), (38, 80, 50, 40), radius=3)              # oven door
    p.rect((250, 160, 60), (46, 92, 34, 16), radius=3)            # glowing window
    p.rect((252, 206, 110), (50, 96, 26, 8), radius=2)
    p.line(METAL_HI, (40, 76), (86, 76), 3)                       # handle
    for y in (76, 90, 104):                                       # side drawers / knobs
        p.circle(GOLD, (104, y), 4)
    p.rect((40, 42, 46), (94, 112, 30, 12), radius=2)
    # Pot with lid and steam.
    p.rect((196, 86, 50), (40, 34, 38, 22), radius=4)
    p.rect((160, 64, 36), (36, 30, 46, 6), radius=3)
    p.circle((60, 62, 70), (59, 27), 3.5)
    p.line((160, 64, 36), (30, 40), (38, 40), 3)
    p.line((160, 64, 36), (80, 40), (88, 40), 3)
    for k, x in enumerate((48, 60, 72)):
        pts = [(x + 4 * math.sin(i * 0.6 + k), 22 - i * 2.2) for i in range(9)]
        p.stroke((255, 255, 255), pts, 2.4)
    # Kettle on the right.
    p.ellipse((70, 130, 140), (92, 36, 30, 22))
    p.rect((70, 130, 140), (92, 47, 30, 9))
    p.line((70, 130, 140), (92, 46), (84, 38), 4)
    p.arc((40, 90, 100), (107, 38), 10, 8, 180, 360, 2.5)


def room_ballroom(p: Pen):
    p.fill((232, 214, 190))
    for x in range(0, 160, 16):                                   # wallpaper stripes
        p.rect((222, 200, 174), (x, 0, 8, 112))
    # Parquet (herringbone-ish).
    p.rect((184, 128, 76), (0, 112, 160, 48))
    for y in range(112, 160, 8):
        for x in range(-8, 168, 16):
            off = 8 if (y // 8) % 2 else 0
            p.line((150, 100, 56), (x + off, y), (x + off + 8, y + 8), 1.2, caps=False)
    p.rect(WOOD_DARK, (0, 108, 160, 4))
    # Red curtains at the sides.
    for x0, sgn in ((0, 1), (160, -1)):
        p.poly((170, 40, 50), [(x0, 0), (x0 + sgn * 30, 0), (x0 + sgn * 18, 60), (x0 + sgn * 26, 112),
                               (x0, 112)])
        p.line((130, 26, 36), (x0 + sgn * 10, 4), (x0 + sgn * 10, 108), 2)
        p.rect(GOLD, (min(x0, x0 + sgn * 22), 56, 22, 5), radius=2)
    p.rect(GOLD_DARK, (0, 0, 160, 5))
    # Chandelier.
    p.line(GOLD_DARK, (80, 0), (80, 30), 2.5)
    p.ellipse(GOLD, (64, 26, 32, 14))
    p.arc(GOLD, (80, 46), 40, 18, 0, 180, 3.5)
    p.arc(GOLD, (80, 46), 22, 10, 0, 180, 3)
    p.poly(GOLD, [(72, 38), (88, 38), (84, 66), (76, 66)])
    p.circle(GOLD, (80, 68), 5)
    for x, y in ((40, 46), (58, 46), (80, 50), (102, 46), (120, 46)):
        p.rect(GOLD_DARK, (x - 6, y - 3, 12, 5), radius=2)
        p.rect((250, 244, 226), (x - 2.5, y - 16, 5, 14))
        p.poly((250, 170, 40), [(x, y - 25), (x + 3, y - 19), (x, y - 16), (x - 3, y - 19)])
    for x, y in ((46, 58), (62, 62), (80, 76), (98, 62), (114, 58)):   # crystal drops
        p.line((190, 210, 230), (x, y - 6), (x, y), 1)
        p.poly((200, 228, 250), [(x, y), (x + 3, y + 4), (x, y + 9), (x - 3, y + 4)])
    # Sparkles.
    for x, y in ((30, 84), (130, 88), (60, 96), (104, 92)):
        p.line((255, 250, 220), (x - 4, y), (x + 4, y), 1.2)
        p.line((255, 250, 220), (x, y - 4), (x, y + 4), 1.2)


def leaf(p: Pen, col, base, ang, length, width):
    a = math.radians(ang)
    tip = (base[0] + length * math.cos(a), base[1] + length * math.sin(a))
    mid = (base[0] + length * 0.5 * math.cos(a), base[1] + length * 0.5 * math.sin(a))
    nx, ny = -math.sin(a) * width / 2, math.cos(a) * width / 2
    p.poly(col, [base, (mid[0] + nx, mid[1] + ny), tip, (mid[0] - nx, mid[1] - ny)])
    p.line(shade(col, 0.7), base, tip, 1, caps=False)


def room_conservatory(p: Pen):
    p.fill((196, 226, 224))
    # Glass panes with white frames and an arch.
    p.rect((214, 236, 230), (10, 10, 140, 100))
    frame = (250, 250, 246)
    p.arc(frame, (80, 60), 70, 52, 180, 360, 4)
    for x in (10, 45, 80, 115, 150):
        p.line(frame, (x, 14), (x, 110), 3, caps=False)
    for y in (40, 76):
        p.line(frame, (10, y), (150, y), 3, caps=False)
    p.line((250, 250, 246), (20, 30), (36, 20), 2)                 # glint
    # Terracotta floor.
    p.rect((206, 128, 92), (0, 110, 160, 50))
    for y in (124, 140):
        p.line((176, 100, 70), (0, y), (160, y), 1.2, caps=False)
    for x in range(0, 160, 20):
        p.line((176, 100, 70), (x, 110), (x, 160), 1.2, caps=False)
    # Palm in a big pot (left).
    p.line((110, 80, 50), (40, 118), (42, 64), 4)
    for ang, ln in ((-160, 34), (-130, 30), (-95, 26), (-60, 30), (-25, 34), (-175, 26), (5, 28)):
        leaf(p, (60, 150, 70), (42, 64), ang, ln, 11)
    p.poly((190, 96, 60), [(24, 112), (58, 112), (52, 146), (30, 146)])
    p.rect((160, 78, 48), (22, 108, 38, 7), radius=2)
    # Fern in a pot (right).
    for ang in range(-170, -5, 20):
        leaf(p, (80, 170, 90), (118, 104), ang, 28, 8)
    p.poly((190, 96, 60), [(104, 104), (132, 104), (128, 132), (108, 132)])
    p.rect((160, 78, 48), (102, 100, 32, 6), radius=2)
    # Flowers in a small pot (middle).
    for k, (dx, col) in enumerate(((-8, (230, 80, 110)), (0, (250, 200, 60)), (8, (200, 90, 200)))):
        top = (80 + dx, 104 - (k % 2) * 8)
        p.line((70, 140, 70), (80, 130), top, 2)
        for j in range(5):
            ang = math.radians(72 * j)
            p.circle(col, (top[0] + 3.5 * math.cos(ang), top[1] + 3.5 * math.sin(ang)), 3)
        p.circle((255, 240, 180), top, 2)
    p.poly((190, 96, 60), [(70, 128), (90, 128), (87, 146), (73, 146)])


def chair_back(p: Pen, x, y, col):
    p.rect(col, (x, y, 26, 60), radius=8)
    p.rect(shade(col, 1.25), (x + 5, y + 6, 16, 30), radius=6)


def room_dining_room(p: Pen):
    wall_and_floor(p, (190, 90, 80), (150, 100, 60), floor_line=(126, 82, 48))
    for x in range(8, 160, 20):
        p.line((176, 80, 70), (x, 0), (x, 108), 3, caps=False)
    # Painting.
    p.rect(GOLD, (56, 10, 48, 32), radius=2)
    p.rect((110, 150, 170), (60, 14, 40, 24))
    p.poly((90, 130, 80), [(60, 38), (74, 24), (86, 32), (100, 22), (100, 38)])
    # Chairs behind the table.
    chair_back(p, 22, 54, (110, 64, 36))
    chair_back(p, 112, 54, (110, 64, 36))
    # Table with a white cloth.
    p.rect((116, 72, 40), (26, 104, 6, 40))
    p.rect((116, 72, 40), (128, 104, 6, 40))
    p.rect((250, 248, 240), (12, 84, 136, 30), radius=3)
    for x in range(12, 148, 12):
        p.circle((250, 248, 240), (x + 6, 114), 6)
    p.line((220, 214, 200), (12, 92), (148, 92), 1.2)
    # Plates, glasses and a fruit bowl.
    for x in (36, 124):
        p.ellipse((200, 200, 210), (x - 13, 82, 26, 8))
        p.ellipse((250, 250, 252), (x - 10, 83, 20, 6))
    p.ellipse((170, 110, 60), (62, 74, 36, 14))
    for x, y, col in ((70, 72, (220, 50, 50)), (80, 68, (250, 200, 50)), (90, 72, (120, 180, 60)),
                      (76, 74, (200, 60, 60)), (86, 75, (250, 150, 40))):
        p.circle(col, (x, y), 5)
    p.ellipse((170, 110, 60), (60, 78, 40, 10))
    for x in (54, 106):
        p.poly((210, 230, 240), [(x - 4, 68), (x + 4, 68), (x + 2, 78), (x - 2, 78)])
        p.line((210, 230, 240), (x, 78), (x, 84), 1.2)


def room_billiard_room(p: Pen):
    # Seen from above: dark floor, wooden table, green felt.
    p.fill((96, 60, 40))
    for y in range(0, 160, 14):
        p.line((84, 52, 34), (0, y), (160, y), 1.2, caps=False)
    p.rect(WOOD_DARK, (14, 20, 132, 120), radius=10)
    p.rect(WOOD, (18, 24, 124, 112), radius=8)
    p.rect((40, 130, 80), (28, 34, 104, 92), radius=2)
    p.line((60, 150, 100), (52, 34), (52, 126), 1.2, caps=False)
    for c in ((28, 34), (132, 34), (28, 126), (132, 126), (28, 80), (132, 80)):
        p.circle(INK, c, 6)
    # Racked balls and the white ball.
    cols = [(230, 200, 40), (40, 80, 190), (200, 40, 40), (120, 50, 140), (240, 130, 40),
            (40, 130, 60), (130, 40, 40), (20, 20, 20), (230, 200, 40), (40, 80, 190)]
    k = 0
    for row in range(4):
        for j in range(row + 1):
            x = 92 + row * 8
            y = 80 + (j - row / 2) * 9
            p.circle(cols[k % len(cols)], (x, y), 4.4)
            p.circle((255, 255, 255, 120), (x - 1.3, y - 1.3), 1.2)
            k += 1
    p.circle((250, 250, 246), (52, 80), 4.4)
    # Cue stick.
    p.line((230, 200, 150), (14, 146), (46, 84), 3.4)
    p.line((90, 50, 30), (14, 146), (24, 127), 4.2)
    p.line((80, 140, 200), (45.5, 85), (46.5, 83), 3.4)


def room_library(p: Pen):
    p.fill((120, 78, 48))
    rng = random.Random(7)
    p.rect((92, 58, 34), (6, 4, 148, 150))
    shelves = (8, 52, 96)
    for sy in shelves:
        p.rect((70, 40, 24), (10, sy, 140, 42))
        x = 12.0
        while x < 146:
            w = rng.choice((6, 7, 8, 9, 10))
            if x + w > 148:
                break
            h = rng.choice((30, 32, 34, 36, 38))
            col = rng.choice([(170, 40, 40), (40, 90, 150), (50, 120, 70), (200, 160, 60),
                              (110, 60, 130), (150, 90, 50), (40, 60, 90), (210, 120, 80)])
            if rng.random() < 0.12 and x + 12 < 146:              # leaning book
                p.poly(col, [(x, sy + 42), (x + 7, sy + 42), (x + 16, sy + 8), (x + 9, sy + 6)])
                x += 17
                continue
            top = sy + 42 - h
            p.rect(col, (x, top, w, h))
            p.line(shade(col, 1.4), (x + 1, top + 5), (x + w - 1, top + 5), 1.1, caps=False)
            p.line(shade(col, 1.4), (x + 1, top + h - 6), (x + w - 1, top + h - 6), 1.1, caps=False)
            x += w + 0.8
        p.rect((150, 100, 60), (8, sy + 42, 144, 4))
    p.rect((150, 100, 60), (6, 4, 148, 4))
    p.rect((70, 40, 24), (0, 142, 160, 18))
    # Ladder leaning on the shelves.
    p.line((190, 140, 90), (112, 6), (126, 156), 3)
    p.line((190, 140, 90), (136, 6), (150, 156), 3)
    for k in range(1, 8):
        y = 6 + k * 19
        t = (y - 6) / 150
        p.line((190, 140, 90), (112 + 14 * t, y), (136 + 14 * t, y), 2.4)


def room_lounge(p: Pen):
    wall_and_floor(p, (120, 150, 130), (156, 104, 64), floor_line=(130, 84, 50))
    p.ellipse((170, 60, 60), (10, 120, 140, 34))                  # rug
    p.ellipse((200, 140, 80), (20, 125, 120, 24), 2)
    # Picture on the wall.
    p.rect(GOLD, (96, 10, 40, 30), radius=2)
    p.rect((240, 210, 160), (100, 14, 32, 22))
    p.circle((230, 120, 60), (116, 25), 6)
    # Standing lamp on the left.
    p.line(GOLD_DARK, (24, 36), (24, 118), 2.5)
    p.ellipse(GOLD_DARK, (14, 114, 20, 6))
    p.poly((250, 220, 140), [(14, 36), (34, 36), (30, 16), (18, 16)])
    p.poly((255, 240, 190, 90), [(14, 36), (34, 36), (44, 70), (4, 70)])
    # Sofa.
    sofa, sofa_dk = (60, 90, 150), (40, 62, 110)
    p.rect(sofa_dk, (38, 56, 104, 48), radius=14)                 # back
    for x in range(50, 140, 22):                                  # buttons
        p.circle(shade(sofa_dk, 0.8), (x, 70), 1.6)
    p.rect(sofa, (44, 84, 92, 20), radius=6)                      # seat cushions
    p.line(sofa_dk, (90, 86), (90, 104), 1.4)
    p.rect(sofa_dk, (30, 74, 20, 42), radius=9)                   # arms
    p.rect(sofa_dk, (130, 74, 20, 42), radius=9)
    p.rect(sofa, (32, 74, 16, 14), radius=7)
    p.rect(sofa, (132, 74, 16, 14), radius=7)
    p.rect(sofa_dk, (40, 104, 100, 8), radius=3)
    for x in (42, 134):
        p.rect(WOOD_DARK, (x, 112, 5, 8))
    p.rect((230, 180, 70), (54, 70, 22, 18), radius=5)            # cushion
    p.rect((210, 90, 80), (106, 70, 22, 18), radius=5)


def room_hall(p: Pen):
    p.fill((214, 196, 170))
    # Chequered marble floor.
    p.rect((240, 236, 228), (0, 112, 160, 48))
    for y in range(112, 160, 12):
        for x in range(0, 160, 12):
            if (x // 12 + y // 12) % 2:
                p.rect((60, 56, 60), (x, y, 12, 12))
    p.rect(WOOD_DARK, (0, 108, 160, 4))
    # Grand double front door with an arched window.
    door, door_dk = (130, 74, 40), (90, 50, 26)
    p.rect((230, 220, 200), (24, 12, 64, 100))
    p.circle((230, 220, 200), (56, 34), 32)
    p.circle((170, 210, 230), (56, 36), 24)
    p.rect((214, 196, 170), (24, 36, 64, 4))
    for ang in (-150, -120, -90, -60, -30):
        a = math.radians(ang)
        p.line((230, 220, 200), (56, 36), (56 + 24 * math.cos(a), 36 + 24 * math.sin(a)), 1.6)
    p.rect(door_dk, (30, 40, 52, 72))
    p.rect(door, (32, 42, 23, 70))
    p.rect(door, (57, 42, 23, 70))
    for x in (35, 60):
        p.rect(door_dk, (x, 48, 17, 24), 1.4)
        p.rect(door_dk, (x, 80, 17, 24), 1.4)
    p.circle(GOLD, (52, 78), 2.6)
    p.circle(GOLD, (60, 78), 2.6)
    # Staircase on the right.
    step = (176, 120, 76)
    for k in range(7):
        y = 108 - k * 12
        x = 98 + k * 8
        p.rect(step, (x, y, 160 - x, 12))
        p.line(WOOD_DARK, (x, y), (160, y), 1.2, caps=False)
    p.line(WOOD_DARK, (98, 72), (154, 16), 3)                     # banister
    for k in range(7):
        x = 102 + k * 8
        p.line(WOOD_DARK, (x, 108 - k * 12), (x, 70 - k * 8), 1.6, caps=False)
    p.circle(WOOD_DARK, (98, 72), 4)
    p.rect(WOOD_DARK, (95, 72, 6, 36))


def room_study(p: Pen):
    wall_and_floor(p, (90, 110, 90), (140, 92, 56), floor_line=(116, 74, 42))
    # Framed certificate / window.
    p.rect((230, 220, 200), (18, 12, 42, 36))
    p.rect((170, 200, 220), (22, 16, 34, 28))
    p.line((230, 220, 200), (39, 16), (39, 44), 2)
    p.line((230, 220, 200), (22, 30), (56, 30), 2)
    # Globe on a stand (right).
    p.line(GOLD_DARK, (130, 74), (130, 110), 3)
    p.ellipse(GOLD_DARK, (118, 106, 24, 6))
    p.circle((70, 130, 200), (130, 50), 20)
    p.poly((90, 170, 90), [(120, 36), (132, 34), (136, 44), (126, 52), (118, 46)])
    p.poly((90, 170, 90), [(132, 58), (142, 52), (146, 62), (136, 68)])
    p.arc(GOLD_DARK, (130, 50), 24, 24, 100, 260, 2.5)
    # Desk.
    desk, desk_dk = (124, 70, 36), (90, 48, 24)
    p.rect(desk_dk, (10, 84, 110, 8), radius=2)
    p.rect(desk, (14, 92, 34, 48))
    p.rect(desk, (82, 92, 34, 48))
    for y in (98, 114, 128):
        p.rect(desk_dk, (18, y, 26, 10), 1.2)
        p.circle(GOLD, (31, y + 5), 1.8)
        p.rect(desk_dk, (86, y, 26, 10), 1.2)
        p.circle(GOLD, (99, y + 5), 1.8)
    p.rect((60, 110, 60), (40, 82, 50, 3))                         # green leather top
    # Banker's lamp.
    p.rect(GOLD_DARK, (20, 80, 16, 4), radius=2)
    p.line(GOLD_DARK, (28, 80), (28, 66), 2)
    p.ellipse((40, 130, 80), (14, 56, 28, 14))
    p.rect((40, 130, 80), (14, 62, 28, 6))
    p.poly((255, 240, 170, 120), [(16, 68), (40, 68), (46, 84), (10, 84)])
    # Open book and a quill.
    p.poly((250, 246, 232), [(56, 82), (72, 80), (72, 74), (56, 76)])
    p.poly((250, 246, 232), [(72, 80), (88, 82), (88, 76), (72, 74)])
    p.line((160, 150, 130), (72, 74), (72, 80), 1)
    for y in (77.5, 79):
        p.line((170, 160, 140), (59, y), (69, y - 1.5), 0.8, caps=False)
        p.line((170, 160, 140), (75, y - 1.5), (85, y), 0.8, caps=False)
    p.rect(INK, (94, 76, 8, 8), radius=2)
    p.line((250, 250, 246), (98, 76), (110, 56), 1.6)
    p.poly((250, 250, 246), [(104, 64), (112, 52), (110, 60)])


ROOM_DRAW = {
    "kitchen": room_kitchen, "ballroom": room_ballroom, "conservatory": room_conservatory,
    "dining_room": room_dining_room, "billiard_room": room_billiard_room,
    "library": room_library, "lounge": room_lounge, "hall": room_hall, "study": room_study,
}


def make_card_picture(card: str, export: float = CARD_EXPORT) -> pygame.Surface:
    """The picture of ``card`` (a card id), :data:`CARD_DESIGN` units drawn at
    ``export`` pixels a unit (:data:`CARD_PICTURE_SIZE` by default)."""
    surf = canvas(exported(CARD_DESIGN, export))
    p = Pen(surf, SS * export)
    if card in SUSPECTS:
        suspect_picture(card, p)
    elif card in WEAPONS:
        weapon_picture(card, p)
    else:
        ROOM_DRAW[card](p)
    return downsample(surf)


# --------------------------------------------------------------------------- other sprites

def magnifier(p: Pen, c, r, handle_angle=45, handle_len=None, rim=GOLD, lens=(214, 236, 248, 70)):
    """A magnifying glass: lens centre c and radius r, handle pointing at handle_angle."""
    handle_len = handle_len or r * 1.3
    a = math.radians(handle_angle)

    def at(d):
        return (c[0] + d * math.cos(a), c[1] + d * math.sin(a))

    p.line(INK, at(r * 1.1), at(r + handle_len), r * 0.42 + 2)
    p.line((70, 40, 26), at(r * 1.1), at(r + handle_len), r * 0.42)
    p.line(INK, at(r), at(r * 1.38), r * 0.46 + 2, caps=False)
    p.line(rim, at(r), at(r * 1.36), r * 0.46, caps=False)
    p.circle(lens, c, r)
    p.circle(INK, c, r + r * 0.16 + 1, r * 0.16 + 2)
    p.circle(rim, c, r + r * 0.16, r * 0.16)
    p.arc((255, 255, 255), c, r * 0.62, r * 0.62, 200, 250, max(1.5, r * 0.1))


def make_card_back() -> pygame.Surface:
    """The cards' back, :data:`CARD_BACK_SIZE` pixels."""
    w, h = CARD_BACK_DESIGN
    surf = canvas(CARD_BACK_SIZE)
    base = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    base.fill((0, 0, 0, 0))
    p = Pen(base, SS * CARD_EXPORT)
    red, red_dk = (128, 34, 44), (104, 24, 36)
    p.fill(red)
    for k in range(-16, 30):                                       # diamond lattice
        x = k * 14
        p.line(red_dk, (x, 0), (x + 230, 230), 2.2, caps=False)
        p.line(red_dk, (x, 0), (x - 230, 230), 2.2, caps=False)
    for row in range(0, 24):
        for col in range(0, 14):
            cx = col * 14 + (7 if row % 2 else 0)
            cy = row * 7 * 2 + 0
            p.circle((150, 52, 60), (cx, cy), 1.6)
    p.rect(GOLD, (7, 7, w - 14, h - 14), 2, radius=8)
    p.rect(GOLD, (11, 11, w - 22, h - 22), 1, radius=6)
    p.circle(GOLD, (80, 115), 44)
    p.circle(CREAM, (80, 115), 41)
    p.circle(GOLD, (80, 115), 36, 1)
    magnifier(p, (72, 106), 20, handle_angle=45, handle_len=24)
    for cx, cy in ((24, 24), (136, 24), (24, 206), (136, 206)):   # corner ornaments
        p.poly(GOLD, [(cx, cy - 6), (cx + 6, cy), (cx, cy + 6), (cx - 6, cy)])
    # Cut rounded corners.
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    Pen(mask, p.s).rect((255, 255, 255, 255), (0, 0, w, h), radius=10)
    surf.blit(base, (0, 0))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return downsample(surf)


def make_envelope() -> pygame.Surface:
    """The case-file envelope, :data:`ENVELOPE_SIZE` pixels."""
    w, h = ENVELOPE_DESIGN
    surf = canvas(ENVELOPE_SIZE)
    p = Pen(surf, SS * ENVELOPE_EXPORT)
    manila, manila_dk, edge = (226, 194, 132), (204, 168, 106), (130, 96, 50)
    p.rect((0, 0, 0, 60), (3, 5, w - 4, h - 6), radius=5)           # shadow
    p.rect(edge, (1, 2, w - 4, h - 5), radius=5)
    p.rect(manila, (2, 3, w - 6, h - 7), radius=4)
    p.poly(manila_dk, [(2, 58), (46, 30), (90, 58)])               # lower folds
    p.line(edge, (3, 57), (46, 30), 1.2)
    p.line(edge, (89, 57), (46, 30), 1.2)
    p.poly(edge, [(2, 4), (90, 4), (46, 38)])                      # flap
    p.poly((236, 208, 150), [(4, 4), (88, 4), (46, 36)])
    p.rect((180, 40, 40), (6, 44, 20, 3))                          # red "confidential" band
    p.rect((180, 40, 40), (66, 44, 20, 3))
    p.circle((120, 20, 26), (46, 36), 10.5)                        # wax seal
    p.circle((176, 34, 40), (46, 36), 9.5)
    p.circle((150, 24, 32), (46, 36), 7, 1)
    p.text(11, "?", (250, 226, 200), (46, 36))
    return downsample(surf)


PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def make_die(n: int) -> pygame.Surface:
    """The die's face ``n`` (1-6), :data:`DIE_SIZE` pixels."""
    surf = canvas(DIE_SIZE)
    p = Pen(surf, SS * DIE_EXPORT)
    p.rect((0, 0, 0, 70), (5, 8, 88, 86), radius=18)               # shadow (drawn, no blend)
    p.rect((120, 98, 76), (4, 4, 88, 88), radius=17)               # edge
    p.rect((214, 204, 186), (6, 6, 84, 84), radius=15)             # side shade
    p.rect((250, 245, 232), (6, 6, 84, 78), radius=15)             # face
    for gx, gy in PIPS[n]:
        x, y = 26 + gx * 22, 23 + gy * 21
        p.circle((200, 30, 45) if n == 1 else INK, (x, y + 1), 9.5 if n == 1 else 8)
        p.circle(shade((200, 30, 45) if n == 1 else INK, 1.3), (x - 1.5, y - 0.5), 2.2)
    return downsample(surf)


def make_icon() -> pygame.Surface:
    surf = canvas(ICON_SIZE)
    p = Pen(surf, SS)
    p.rect((60, 30, 40), (8, 8, 240, 240), radius=44)
    p.rect((104, 44, 58), (12, 12, 232, 232), radius=40)
    p.circle((124, 56, 70), (128, 128), 100)
    # Pawn (side view) in scarlet.
    col, dk = SUSPECT_COLOURS["scarlet"], shade(SUSPECT_COLOURS["scarlet"], 0.7)
    p.ellipse((40, 14, 20, 120), (52, 196, 120, 28))
    p.ellipse(INK, (56, 176, 112, 36))
    p.ellipse(dk, (58, 178, 108, 32))
    p.poly(INK, [(94, 100), (130, 100), (156, 190), (68, 190)])
    p.poly(col, [(96, 102), (128, 102), (154, 188), (70, 188)])
    p.poly(dk, [(112, 102), (128, 102), (154, 188), (112, 188)])
    p.ellipse(INK, (74, 92, 76, 22))
    p.ellipse(col, (76, 94, 72, 18))
    p.circle(INK, (112, 70), 32)
    p.circle(col, (112, 70), 30)
    p.circle((255, 255, 255, 90), (102, 60), 10)
    p.ellipse(col, (62, 180, 100, 16))
    # Magnifying glass over it.
    magnifier(p, (150, 104), 52, handle_angle=50, handle_len=62,
              lens=(210, 236, 250, 110))
    return downsample(surf)


# --------------------------------------------------------------------------- sounds

def _t(seconds: float) -> np.ndarray:
    return np.arange(int(round(seconds * SAMPLE_RATE))) / SAMPLE_RATE


def _band(x: np.ndarray, lo: float, hi: float) -> np.ndarray:
    """Band-pass by FFT with soft edges (lo/hi in Hz; lo=0 for a low-pass)."""
    spec = np.fft.rfft(x)
    f = np.fft.rfftfreq(len(x), 1 / SAMPLE_RATE)
    gain = np.ones_like(f)
    if lo > 0:
        gain *= 1 / (1 + (lo / np.maximum(f, 1e-3)) ** 4)
    if hi > 0:
        gain *= 1 / (1 + (f / hi) ** 4)
    return np.fft.irfft(spec * gain, len(x))


def _fade(x: np.ndarray, fade_in=0.002, fade_out=0.01) -> np.ndarray:
    n_in = max(1, int(fade_in * SAMPLE_RATE))
    n_out = max(1, int(fade_out * SAMPLE_RATE))
    x = x.copy()
    x[:n_in] *= np.linspace(0, 1, n_in)
    x[-n_out:] *= np.linspace(1, 0, n_out)
    return x


def _norm(x: np.ndarray, peak: float) -> np.ndarray:
    m = np.max(np.abs(x)) or 1.0
    return x / m * peak


def sound_die(rng) -> np.ndarray:
    t = _t(SOUND_SECONDS["die"])
    out = np.zeros_like(t)
    # the clatter while it tumbles, then the landing and the small bounce
    hits = np.concatenate([[0.005], np.sort(rng.uniform(0.03, DIE_LAND - 0.08, 9)), [DIE_LAND, DIE_BOUNCE]])
    for k, h in enumerate(hits):
        i0 = int(h * SAMPLE_RATE)
        n = len(t) - i0
        tt = t[:n]
        amp = 0.5 + 0.5 * rng.random()
        if k == len(hits) - 2:
            amp = 0.8
        elif k == len(hits) - 1:
            amp = 0.3
        f = rng.uniform(900, 1900)
        knock = np.sin(2 * np.pi * f * tt) * np.exp(-tt / 0.012)
        knock += 0.5 * np.sin(2 * np.pi * f * 2.3 * tt) * np.exp(-tt / 0.006)
        click = rng.standard_normal(n) * np.exp(-tt / 0.003)
        out[i0:] += amp * (knock + 0.6 * click)
    out = _band(out, 300, 6000)
    return _fade(_norm(out, 0.75), fade_out=0.03)


def sound_step(rng) -> np.ndarray:
    t = _t(SOUND_SECONDS["step"])
    env = (1 - np.exp(-t / 0.004)) * np.exp(-t / 0.018)
    noise = _band(rng.standard_normal(len(t)), 80, 900)
    thump = np.sin(2 * np.pi * 110 * t) * np.exp(-t / 0.02)
    return _fade(_norm(noise * env + 0.6 * thump * env, 0.45))


def sound_door(rng) -> np.ndarray:
    t = _t(SOUND_SECONDS["door"])
    out = np.zeros_like(t)
    # Creak: stick-slip pulses whose rate rises, 0..0.28 s.
    pos = 0.0
    while pos < 0.28:
        rate = 70 + 160 * pos / 0.28
        i = int(pos * SAMPLE_RATE)
        out[i] += 1.0 + 0.3 * rng.standard_normal()
        pos += 1 / rate * (1 + 0.15 * rng.standard_normal())
    creak = _band(out, 500, 2500) * 3
    creak *= np.clip(t / 0.05, 0, 1) * (t < 0.3)
    # Latch and a soft wooden thud at 0.3 s.
    i0 = int(0.3 * SAMPLE_RATE)
    tt = t[: len(t) - i0]
    thud = np.zeros_like(t)
    thud[i0:] = (np.sin(2 * np.pi * 110 * tt) * np.exp(-tt / 0.05)
                 + 0.5 * np.sin(2 * np.pi * 260 * tt) * np.exp(-tt / 0.025)
                 + 0.4 * _band(rng.standard_normal(len(tt)), 60, 600) * np.exp(-tt / 0.03)
                 + 0.3 * np.sin(2 * np.pi * 1400 * tt) * np.exp(-tt / 0.004))
    return _fade(_norm(0.45 * creak / (np.max(np.abs(creak)) or 1) + thud, 0.7), fade_out=0.04)


def sound_card(rng) -> np.ndarray:
    t = _t(SOUND_SECONDS["card"])
    d = SOUND_SECONDS["card"]
    env = np.sin(np.pi * np.clip(t / (0.8 * d), 0, 1)) ** 2
    noise = _band(rng.standard_normal(len(t)), 1500, 7000)
    swish = noise * env
    snap = np.zeros_like(t)
    i0 = int(0.8 * d * SAMPLE_RATE)
    tt = t[: len(t) - i0]
    snap[i0:] = _band(rng.standard_normal(len(tt)), 1000, 5000) * np.exp(-tt / 0.006) * 1.5
    return _fade(_norm(swish + snap, 0.5))


def _bell(t, f, tau):
    return ((np.sin(2 * np.pi * f * t) + 0.35 * np.sin(2 * np.pi * 2 * f * t)
             + 0.12 * np.sin(2 * np.pi * 3.01 * f * t)) * np.exp(-t / tau)
            * (1 - np.exp(-t / 0.004)))


def sound_chime(rng) -> np.ndarray:
    t = _t(SOUND_SECONDS["chime"])
    out = np.zeros_like(t)
    for k, f in enumerate((523.25, 659.25, 783.99, 1046.5)):
        i0 = int(k * 0.11 * SAMPLE_RATE)
        out[i0:] += (1.0 if k < 3 else 1.2) * _bell(t[: len(t) - i0], f, 0.32 if k < 3 else 0.4)
    return _fade(_norm(out, 0.6), fade_out=0.08)


def sound_wrong(rng) -> np.ndarray:
    t = _t(SOUND_SECONDS["wrong"])
    out = np.zeros_like(t)
    for start, length, f in ((0.0, 0.3, 196.0), (0.3, 0.5, 155.56)):
        i0, n = int(start * SAMPLE_RATE), int(length * SAMPLE_RATE)
        tt = t[:n]
        ph = 2 * np.pi * f * tt + 0.15 * np.sin(2 * np.pi * 5.5 * tt)
        tone = np.sin(ph) + 0.3 * np.sin(3 * ph) + 0.12 * np.sin(5 * ph)
        env = (1 - np.exp(-tt / 0.01)) * np.exp(-tt / (length * 0.7))
        env *= np.clip((length - tt) / 0.02, 0, 1)
        out[i0:i0 + n] += tone * env
    return _fade(_norm(_band(out, 0, 1800), 0.55), fade_out=0.05)


def sound_click(rng) -> np.ndarray:
    t = _t(SOUND_SECONDS["click"])
    out = (np.sin(2 * np.pi * 1800 * t) * np.exp(-t / 0.004)
           + 0.5 * np.sin(2 * np.pi * 900 * t) * np.exp(-t / 0.008)
           + 0.2 * rng.standard_normal(len(t)) * np.exp(-t / 0.001))
    return _fade(_norm(out, 0.45), fade_in=0.0005)


def sound_passage(rng) -> np.ndarray:
    """A secret passage: a stone panel grinds aside, air rushes down the
    stairs (noise sliding from high to low), a soft thud at the bottom."""
    t = _t(SOUND_SECONDS["passage"])
    grind_rate = 14 + 10 * rng.random()
    grind = _band(rng.standard_normal(len(t)), 60, 420)
    grind *= (0.6 + 0.4 * np.sign(np.sin(2 * np.pi * grind_rate * t))) * np.clip(t / 0.05, 0, 1) * np.exp(-t / 0.25)
    rush = np.zeros_like(t)
    for k, (lo, hi) in enumerate(((1400, 2400), (800, 1400), (420, 800), (200, 420))):
        centre = 0.12 + 0.14 * k         # each band a little later: the sound goes down the stairs
        rush += _band(rng.standard_normal(len(t)), lo, hi) * np.exp(-((t - centre) / 0.09) ** 2)
    thud = np.zeros_like(t)
    i0 = int(0.66 * SAMPLE_RATE)
    tt = t[: len(t) - i0]
    thud[i0:] = np.sin(2 * np.pi * 75 * tt) * np.exp(-tt / 0.06) * (1 - np.exp(-tt / 0.003))
    out = 0.8 * grind / (np.max(np.abs(grind)) or 1) + rush / (np.max(np.abs(rush)) or 1) + 0.9 * thud
    return _fade(_norm(out, 0.65), fade_out=0.06)


def sound_suggest(rng) -> np.ndarray:
    """A suggestion: three soft wooden notes rising, a question (E4 G4 B4)."""
    t = _t(SOUND_SECONDS["suggest"])
    out = np.zeros_like(t)
    for k, f in enumerate((329.63, 392.0, 493.88)):
        i0 = int(k * 0.12 * SAMPLE_RATE)
        tt = t[: len(t) - i0]
        out[i0:] += ((np.sin(2 * np.pi * f * tt) + 0.25 * np.sin(2 * np.pi * 4 * f * tt) * np.exp(-tt / 0.02))
                     * np.exp(-tt / (0.12 if k < 2 else 0.25)) * (1 - np.exp(-tt / 0.003)))
    return _fade(_norm(out, 0.45), fade_out=0.05)


def sound_nobody(rng) -> np.ndarray:
    """Nobody can show a card: two low plucks falling a tritone (D3, G#2)
    under a held, trembling high note: suspense, not success or failure."""
    t = _t(SOUND_SECONDS["nobody"])
    out = np.zeros_like(t)
    for start, f in ((0.0, 146.83), (0.22, 103.83)):
        i0 = int(start * SAMPLE_RATE)
        tt = t[: len(t) - i0]
        out[i0:] += ((np.sin(2 * np.pi * f * tt) + 0.5 * np.sin(2 * np.pi * 2 * f * tt) + 0.2 * np.sin(2 * np.pi * 3 * f * tt))
                     * np.exp(-tt / 0.22) * (1 - np.exp(-tt / 0.004)))
    trem = 0.6 + 0.4 * np.sin(2 * np.pi * 7 * t)
    high = 0.18 * np.sin(2 * np.pi * 880.0 * t) * trem * np.clip(t / 0.15, 0, 1) * np.exp(-t / 0.5)
    return _fade(_norm(_band(out + high, 40, 3000), 0.6), fade_out=0.1)


def sound_nope(rng) -> np.ndarray:
    """A press that cannot be done: two short soft low blips ("uh-uh"), kept
    apart from the wrong accusation's low tone."""
    t = _t(SOUND_SECONDS["nope"])
    out = np.zeros_like(t)
    for start, f in ((0.0, 330.0), (0.08, 262.0)):
        i0, n = int(start * SAMPLE_RATE), int(0.07 * SAMPLE_RATE)
        tt = t[:n]
        out[i0:i0 + n] += np.sin(2 * np.pi * f * tt) * np.sin(np.pi * tt / 0.07) ** 2
    return _fade(_norm(out, 0.4))


SOUND_MAKERS = {"die": sound_die, "step": sound_step, "door": sound_door, "card": sound_card,
                "chime": sound_chime, "wrong": sound_wrong, "click": sound_click,
                "passage": sound_passage, "suggest": sound_suggest, "nobody": sound_nobody, "nope": sound_nope}


# --------------------------------------------------------------------------- music

#: Note names -> semitones above C.
_PITCH = {"C": 0, "C#": 1, "D": 2, "Eb": 3, "E": 4, "F": 5, "F#": 6, "G": 7, "G#": 8, "A": 9, "Bb": 10, "B": 11}


def hz(note: str) -> float:
    """Frequency in Hz of a note name with its octave, e.g. ``"A4"`` -> 440.0."""
    name, octave = note[:-1], int(note[-1])
    return 440.0 * 2 ** ((_PITCH[name] + 12 * (octave + 1) - 69) / 12)


def _tone(f: float, seconds: float, attack: float, decay: float, harmonics=(1.0, 0.3, 0.1)) -> np.ndarray:
    """One note: a few harmonics of ``f`` Hz under an attack / exponential-decay envelope."""
    t = _t(seconds)
    wave_ = sum(a * np.sin(2 * np.pi * f * (k + 1) * t) for k, a in enumerate(harmonics))
    env = np.clip(t / attack, 0, 1) * np.exp(-t / decay)
    return wave_ * env * np.clip((seconds - t) / 0.05, 0, 1)     # ends at zero


def _place(buf: np.ndarray, start: float, note: np.ndarray) -> None:
    """Add ``note`` into ``buf`` from ``start`` seconds, wrapping its tail round to
    the beginning: the loop has no seam."""
    idx = (int(round(start * SAMPLE_RATE)) + np.arange(len(note))) % len(buf)
    np.add.at(buf, idx, note)


def _song(seconds: float, bpm: float, sections) -> np.ndarray:
    """Lay out ``sections``, each ``(chords, voices)``: one list of note names
    per bar, played by each voice ``voice(buf, bar_start, beat, chord)``;
    the sections follow one another and the whole wraps round into a loop."""
    buf = np.zeros(int(round(seconds * SAMPLE_RATE)))
    beat = 60.0 / bpm
    bar = 0
    for chords, voices in sections:
        for chord in chords:
            for voice in voices:
                voice(buf, bar * 4 * beat, beat, chord)
            bar += 1
    assert abs(bar * 4 * beat - seconds) < 1e-6, (bar, seconds)    # whole bars: the loop has no seam
    return buf


def _melody(phrases, level: float, decay: float, harmonics=(1.0, 0.35, 0.12)):
    """A voice that plays one phrase per bar, in order: each phrase a list of
    ``(beat, note, beats)``; bells that ring for their length."""
    bars = iter(phrases)

    def voice(buf, at, beat, chord):
        for start, note, beats in next(bars):
            _place(buf, at + start * beat, level * _tone(hz(note), beats * beat + 0.4, 0.01, decay, harmonics))
    return voice


def _up(note: str, octaves: int = 1) -> str:
    return note[:-1] + str(int(note[-1]) + octaves)


def music_calm() -> np.ndarray:
    """The calm theme, 72 bpm, five sections of four bars (about 67 s): the
    arpeggio alone (C Am F G); the same with a tune over it; a turn to F G Em
    Am with a walking bass and a slower tune; a quiet bridge (Dm G C Am) of
    pad and long bells; the opening again with a new tune, leading home."""
    home = [["C4", "E4", "G4"], ["A3", "C4", "E4"], ["F3", "A3", "C4"], ["G3", "B3", "D4"]]
    turn = [["F3", "A3", "C4"], ["G3", "B3", "D4"], ["E3", "G3", "B3"], ["A3", "C4", "E4"]]
    bridge = [["D3", "F3", "A3"], ["G3", "B3", "D4"], ["C4", "E4", "G4"], ["A3", "C4", "E4"]]

    def pad(buf, at, beat, chord):
        for n in chord:
            _place(buf, at, 0.16 * _tone(hz(n), 4 * beat + 0.6, 0.5, 3.0, (1.0, 0.15)))

    def arpeggio(buf, at, beat, chord):
        up = [_up(n) for n in chord]
        for k, n in enumerate([chord[0], chord[1], chord[2], up[0], up[1], up[0], chord[2], chord[1]]):
            _place(buf, at + k * beat / 2, 0.2 * _tone(hz(n), 1.2, 0.006, 0.35, (1.0, 0.35, 0.12)))

    def bass(buf, at, beat, chord):
        root = chord[0][:-1] + "2"
        for k in (0, 2):
            _place(buf, at + k * beat, 0.35 * _tone(hz(root), 2 * beat, 0.02, 0.9, (1.0, 0.5, 0.1)))

    def walking(buf, at, beat, chord):
        for k, n in enumerate((chord[0], chord[1], chord[2], chord[1])):
            _place(buf, at + k * beat, 0.3 * _tone(hz(_up(n, -1)), beat, 0.02, 0.5, (1.0, 0.5, 0.1)))

    tune = _melody([
        [(0, "E5", 1.5), (1.5, "D5", 0.5), (2, "C5", 1), (3, "G4", 1)],
        [(0, "A4", 1), (1, "C5", 1), (2, "E5", 2)],
        [(0, "F5", 1), (1, "E5", 1), (2, "C5", 1), (3, "A4", 1)],
        [(0, "B4", 1.5), (1.5, "C5", 0.5), (2, "D5", 2)]], 0.2, 0.6)
    slow = _melody([
        [(0, "C5", 2), (2, "A4", 2)], [(0, "B4", 2), (2, "D5", 2)],
        [(0, "E5", 3), (3, "D5", 1)], [(0, "C5", 4)]], 0.2, 0.9)
    bells = _melody([
        [(0, "F5", 4)], [(0, "D5", 4)], [(0, "E5", 2), (2, "G5", 2)], [(0, "A5", 4)]], 0.14, 1.4, (1.0, 0.2, 0.3))
    again = _melody([
        [(0, "G5", 1), (1, "E5", 1), (2, "C5", 1), (3, "E5", 1)],
        [(0, "A5", 2), (2, "E5", 2)],
        [(0, "F5", 1.5), (1.5, "A5", 0.5), (2, "G5", 1), (3, "F5", 1)],
        [(0, "D5", 2), (2, "B4", 1), (3, "G4", 1)]], 0.18, 0.6)
    out = _song(MUSIC_SECONDS["calm"], 72, [
        (home, (pad, arpeggio, bass)), (home, (pad, arpeggio, bass, tune)), (turn, (pad, walking, slow)),
        (bridge, (pad, bells)), (home, (pad, arpeggio, bass, again))])
    return _norm(_band(out, 0, 3500), 0.5)


def music_tense() -> np.ndarray:
    """The tense theme, 96 bpm, 28 bars (70 s): Am F Dm E twice with a pulsing
    low A, a tremolo pad and a ticking clock; a darker turn (Dm Am E Am F Dm E
    E) in half time with a falling tune; a four-bar hush of the clock over a
    drone; the opening again with a tune above it."""
    opening = [["A3", "C4", "E4"], ["F3", "A3", "C4"], ["D3", "F3", "A3"], ["E3", "G#3", "B3"]] * 2
    darker = [["D3", "F3", "A3"], ["A3", "C4", "E4"], ["E3", "G#3", "B3"], ["A3", "C4", "E4"],
              ["F3", "A3", "C4"], ["D3", "F3", "A3"], ["E3", "G#3", "B3"], ["E3", "G#3", "B3"]]
    hush = [["A2", "E3", "A3"], ["A2", "E3", "A3"], ["F2", "C3", "F3"], ["E2", "B2", "E3"]]

    def pulse(buf, at, beat, chord):
        for k in range(8):
            note = "A1" if k % 4 else "A2"
            _place(buf, at + k * beat / 2, 0.3 * _tone(hz(note), beat / 2, 0.004, 0.12, (1.0, 0.6, 0.3, 0.15)))

    def half_pulse(buf, at, beat, chord):
        root = chord[0][:-1] + "1"
        for k in range(4):
            _place(buf, at + k * beat, (0.34 if k % 2 == 0 else 0.22)
                   * _tone(hz(root if k % 2 == 0 else _up(root)), beat, 0.004, 0.2, (1.0, 0.6, 0.3, 0.15)))

    def pad(buf, at, beat, chord):
        n = int(round((4 * beat + 0.3) * SAMPLE_RATE))
        trem = 0.75 + 0.25 * np.sin(2 * np.pi * 6.0 * np.arange(n) / SAMPLE_RATE)
        for note in chord:
            _place(buf, at, 0.13 * trem * _tone(hz(note), n / SAMPLE_RATE, 0.3, 4.0, (1.0, 0.4, 0.2)))

    def drone(buf, at, beat, chord):
        _place(buf, at, 0.22 * _tone(hz(chord[0]), 4 * beat + 0.3, 0.4, 6.0, (1.0, 0.3)))
        n = int(round((4 * beat) * SAMPLE_RATE))
        trem = 0.5 + 0.5 * np.sin(2 * np.pi * 9.0 * np.arange(n) / SAMPLE_RATE)
        _place(buf, at, 0.05 * trem * _tone(hz(_up(chord[2], 2)), n / SAMPLE_RATE, 0.5, 3.0, (1.0,)))

    def tick(buf, at, beat, chord):
        for k in range(4):
            _place(buf, at + k * beat, (0.12 if k else 0.18) * _tone(hz("E6"), 0.12, 0.001, 0.02, (1.0, 0.5)))

    def top(buf, at, beat, chord):
        _place(buf, at + 2 * beat, 0.14 * _tone(hz(_up(chord[2])), 2 * beat, 0.05, 1.0, (1.0, 0.2)))

    falling = _melody([
        [(0, "A4", 2), (2, "F4", 2)], [(0, "E4", 3), (3, "C5", 1)], [(0, "B4", 2), (2, "G#4", 2)], [(0, "A4", 4)],
        [(0, "C5", 2), (2, "A4", 2)], [(0, "F4", 2), (2, "D4", 2)], [(0, "E4", 2), (2, "G#4", 2)], [(0, "B4", 4)]],
        0.15, 0.9, (1.0, 0.25))
    above = _melody([
        [(0, "E5", 1), (1, "C5", 1), (2, "A4", 2)], [(0, "F5", 1), (1, "C5", 1), (2, "A4", 2)],
        [(0, "D5", 1), (1, "F5", 1), (2, "A5", 2)], [(0, "G#5", 2), (2, "B5", 2)],
        [(0, "A5", 1), (1, "E5", 1), (2, "C5", 2)], [(0, "C6", 1), (1, "A5", 1), (2, "F5", 2)],
        [(0, "F5", 1), (1, "D5", 1), (2, "A4", 2)], [(0, "B4", 2), (2, "E5", 2)]], 0.11, 0.5, (1.0, 0.25))
    out = _song(MUSIC_SECONDS["tense"], 96, [
        (opening, (pulse, pad, tick, top)), (darker, (half_pulse, pad, falling)), (hush, (drone, tick)),
        (opening, (pulse, pad, tick, above))])
    return _norm(_band(out, 40, 4000), 0.5)


def to_music_rate(samples: np.ndarray) -> np.ndarray:
    """A loop at :data:`SAMPLE_RATE` resampled to :data:`MUSIC_RATE` through its
    spectrum (the loop is periodic, so the seam stays smooth); nothing above the
    new Nyquist frequency is kept."""
    factor = SAMPLE_RATE // MUSIC_RATE
    n = len(samples) // factor * factor
    spec = np.fft.rfft(samples[:n])
    m = n // factor
    return np.fft.irfft(spec[: m // 2 + 1], m) / factor


MUSIC_MAKERS = {"calm": music_calm, "tense": music_tense}


def write_wav(path: Path, samples: np.ndarray, written: list) -> None:
    """Write float samples (-1..1) as 16-bit mono PCM at :data:`SAMPLE_RATE` Hz."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = np.clip(np.rint(samples * 32767), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SAMPLE_RATE)
        w.writeframes(data.tobytes())
    written.append(path)


def ulaw_encode(samples: np.ndarray) -> np.ndarray:
    """Float samples (-1..1) -> G.711 mu-law bytes (uint8), the standard bit layout."""
    pcm = np.clip(np.rint(samples * 32767), -32768, 32767).astype(np.int32)
    sign = (pcm < 0).astype(np.int32)
    mag = np.minimum(np.abs(pcm), 32635) + 0x84
    exponent = np.floor(np.log2(mag)).astype(np.int32) - 7
    mantissa = (mag >> (exponent + 3)) & 0x0F
    return (~((sign << 7) | (exponent << 4) | mantissa) & 0xFF).astype(np.uint8)


def ulaw_decode(data: np.ndarray) -> np.ndarray:
    """G.711 mu-law bytes -> float samples (-1..1); the inverse of :func:`ulaw_encode`."""
    u = ~np.asarray(data, dtype=np.int32) & 0xFF
    exponent, mantissa = (u >> 4) & 7, u & 0x0F
    mag = (((mantissa << 3) + 0x84) << exponent) - 0x84
    return np.where(u & 0x80, -mag, mag) / 32767


def write_ulaw_wav(path: Path, samples: np.ndarray, written: list, rate: int = SAMPLE_RATE) -> None:
    """Write float samples (-1..1) as an 8-bit mu-law mono WAV at ``rate`` Hz
    (format 7 with its ``fact`` chunk; SDL_mixer streams it with ``pygame.mixer.music``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = ulaw_encode(samples).tobytes()
    fmt = struct.pack("<HHIIHHH", 7, 1, rate, rate, 1, 8, 0)
    body = (b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt
            + b"fact" + struct.pack("<II", 4, len(data)) + b"data" + struct.pack("<I", len(data)) + data)
    if len(data) % 2:
        body += b"\0"
    path.write_bytes(b"RIFF" + struct.pack("<I", len(body)) + body)
    written.append(path)


def read_ulaw_wav(path: Path) -> tuple[int, np.ndarray]:
    """(sample rate in Hz, float samples) of a file written by :func:`write_ulaw_wav`.
    Raises ValueError for anything else."""
    raw = Path(path).read_bytes()
    if raw[:4] != b"RIFF" or raw[8:12] != b"WAVE":
        raise ValueError(f"{path}: not a WAV file")
    pos, rate, data = 12, None, None
    while pos + 8 <= len(raw):
        tag, size = raw[pos:pos + 4], struct.unpack("<I", raw[pos + 4:pos + 8])[0]
        chunk = raw[pos + 8:pos + 8 + size]
        if tag == b"fmt ":
            code, channels, rate = struct.unpack("<HHI", chunk[:8])
            if (code, channels) != (7, 1):
                raise ValueError(f"{path}: not mono mu-law")
        elif tag == b"data":
            data = np.frombuffer(chunk, dtype=np.uint8)
        pos += 8 + size + size % 2
    if rate is None or data is None:
        raise ValueError(f"{path}: no fmt or data chunk")
    return rate, ulaw_decode(data)


# --------------------------------------------------------------------------- main

def generate(out: Path) -> list[Path]:
    """Write every asset below ``out``; return the paths written."""
    pygame.font.init()
    out = Path(out)
    sprites, sounds = out / "sprites", out / "sounds"
    written: list[Path] = []
    for w in WEAPONS:
        save(make_weapon(w), sprites / "weapons" / f"{w}.png", written)
    for c in SUSPECTS + WEAPONS + ROOMS:
        save(make_card_picture(c), sprites / "cards" / f"{c}.png", written)
    save(make_card_back(), sprites / "card_back.png", written)
    save(make_envelope(), sprites / "envelope.png", written)
    for n in range(1, 7):
        save(make_die(n), sprites / "dice" / f"{n}.png", written)
    icon = make_icon()
    save(icon, sprites / "icon.png", written)
    # the desktop icon installed by `pip install .` (pyproject data-files)
    save(icon, out / "packaging" / "linux" / "clue-family.png", written)
    for k, (name, maker) in enumerate(SOUND_MAKERS.items()):
        rng = np.random.default_rng(1000 + k)
        write_wav(sounds / f"{name}.wav", maker(rng), written)
    for name, maker in MUSIC_MAKERS.items():
        write_ulaw_wav(sounds / "music" / f"{name}.wav", to_music_rate(maker()), written, MUSIC_RATE)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT,
                        help="folder that receives sprites/ and sounds/ (default: project root)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing")
    args = parser.parse_args(argv)
    written = generate(args.out)
    if not args.quiet:
        total = sum(p.stat().st_size for p in written)
        print(f"wrote {len(written)} files ({total / 1024:.0f} KiB) below {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
