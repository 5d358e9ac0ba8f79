"""The suspects' pawns, drawn in code: one outline shape per suspect.

Colour alone does not tell the pawns apart for everybody: under deuteranopia
Miss Scarlet's red and Mr. Green's green become one olive, and Mrs. Peacock's
blue and Professor Plum's purple one blue.  So each suspect's pawn also has its
own outline (:data:`SHAPES`): a star, a square, a cross, a clover, a drop
(the eye of a peacock's feather) and a circle.  The same pawn is the token on the board and the badge on a
suspect's card (see :mod:`game.ui.draw.assets`, which writes the initials on it).

Shapes are described in units of the pawn's nominal radius ``R`` (centre
``(0, 0)``, y down) and drawn supersampled, so every size in pixels gets
smooth edges without any sprite file.
"""

from __future__ import annotations

import math

import pygame

from game.ui.draw import gfx

#: The outline of each suspect's pawn.
SHAPES = {"scarlet": "star", "mustard": "square", "white": "cross",
          "green": "clover", "peacock": "drop", "plum": "circle"}

#: The nominal radius ``R`` as a fraction of the pawn's box (the shapes reach at most 1.16 R).
RADIUS = 0.43
#: Layers outwards-in, as the growth of the outline in units of R: the dark
#: edge line, the base (a darker plinth round the body), the body in the
#: suspect's colour, which stands a little inside the base so the base shows.
_EDGE, _BASE, _BODY = 0.07, 0.0, -0.16
#: The outline the pawn covers (:func:`mask`): its shape grown by the edge line (units of R).
OUTLINE = _EDGE
#: The soft shadow on the floor: offset (x, y) and blur radius in units of R,
#: and its darkest alpha (0-255, under 127: the shadow is never part of the
#: pawn's outline, see :func:`mask`).
_SHADOW = (0.08, 0.13, 0.12, 120)
#: The body's own shading: its lower-right side this much darker, offset
#: this far (units of R), so the body reads as raised above its base.
_BODY_SHADE, _BODY_SHADE_AT = 0.78, 0.07
#: The highlight: a soft white spot on the body's upper left, its centre
#: (x, y) and radius in units of R, and its strongest alpha.
_HIGHLIGHT = (-0.40, -0.46, 0.46, 175)
#: Pawns smaller than this (pixels: a card's corner badge) keep a flat body
#: as wide as :data:`_FLAT_BODY` allows, without shading or highlight (at that
#: size they would tint the whole body, and the letters cover the rest).
_DETAIL_MIN, _FLAT_BODY = 24, -0.09
#: Drawn this many times larger, then scaled down.
_SS = 4
_EDGE_INK = (30, 20, 15)

Point = tuple[float, float]
Prim = tuple  # ("poly", [points]) or ("circle", centre, radius), units of R


def _star(points: int, outer: float, inner: float) -> list[Point]:
    out = []
    for k in range(2 * points):
        r = outer if k % 2 == 0 else inner
        a = math.pi * k / points - math.pi / 2
        out.append((r * math.cos(a), r * math.sin(a)))
    return out


def _offset(poly: list[Point], grow: float) -> list[Point]:
    """``poly`` (clockwise on screen) with every edge moved ``grow`` outwards
    (mitred corners, the mitre at most three times ``grow``)."""
    n = len(poly)
    out = []
    for i in range(n):
        (x0, y0), (x1, y1), (x2, y2) = poly[i - 1], poly[i], poly[(i + 1) % n]
        normals = []
        for (ax, ay), (bx, by) in (((x0, y0), (x1, y1)), ((x1, y1), (x2, y2))):
            dx, dy = bx - ax, by - ay
            length = math.hypot(dx, dy)
            normals.append((dy / length, -dx / length))   # outwards for a clockwise polygon (y down)
        (n1x, n1y), (n2x, n2y) = normals
        k = 1 + n1x * n2x + n1y * n2y
        mx, my = (n1x + n2x) / k, (n1y + n2y) / k
        m = math.hypot(mx, my)
        if m > 3:
            mx, my = mx * 3 / m, my * 3 / m
        out.append((x1 + grow * mx, y1 + grow * my))
    return out


def _drop(r: float, cy: float, apex: float) -> list[Point]:
    """A drop (a feather's eye): a circle of radius ``r`` at ``(0, cy)`` drawn
    up to a point at ``(0, apex)``, clockwise on screen."""
    beta = math.acos(r / (cy - apex))          # from "up" to the tangent points, seen from the centre
    start, span = -math.pi / 2 + beta, 2 * math.pi - 2 * beta
    return [(0.0, apex)] + [(r * math.cos(start + span * k / 32), cy + r * math.sin(start + span * k / 32))
                            for k in range(33)]


def _box(hw: float, hh: float) -> list[Point]:
    return [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]


def primitives(shape: str, grow: float = 0.0) -> list[Prim]:
    """The pieces whose union is ``shape`` grown by ``grow`` (units of R;
    negative shrinks).  Raises ``KeyError`` for an unknown shape."""
    if shape == "circle":
        return [("circle", (0.0, 0.0), 0.84 + grow)]
    if shape == "clover":        # three round leaves round a round middle
        leaves = [("circle", (0.52 * math.cos(a), 0.52 * math.sin(a)), 0.58 + grow)
                  for a in (math.radians(d) for d in (-90, 30, 150))]
        return leaves + [("circle", (0.0, 0.0), 0.55 + grow)]
    polys = {"star": [_star(5, 1.16, 0.66)],
             "square": [_box(0.9, 0.9)],
             "drop": [_drop(0.8, 0.3, -1.14)],
             "cross": [_box(0.46, 1.02), _box(1.02, 0.46)]}[shape]
    return [("poly", _offset(p, grow)) for p in polys]


def _fill(surface: pygame.Surface, shape: str, grow: float, colour, centre: Point, scale: float) -> None:
    """Draw ``shape`` grown by ``grow`` in ``colour`` at ``centre`` (pixels), R = ``scale`` pixels."""
    cx, cy = centre
    for prim in primitives(shape, grow):
        if prim[0] == "circle":
            (x, y), r = prim[1], prim[2]
            gfx.circle(surface, colour, (cx + x * scale, cy + y * scale), r * scale)
        else:
            gfx.polygon(surface, colour, [(cx + x * scale, cy + y * scale) for x, y in prim[1]])


def shade(colour, f: float) -> tuple[int, int, int]:
    """``colour`` (R, G, B) darkened by the factor ``f`` (< 1)."""
    return tuple(round(v * f) for v in colour[:3])


def _lighten(colour, f: float) -> tuple[int, int, int]:
    """``colour`` (R, G, B) moved the fraction ``f`` of the way to white."""
    return tuple(round(v + (255 - v) * f) for v in colour[:3])


#: A blur this wide (pixels of the supersampled layer) or wider is computed at half the size.
_HALF_BLUR = 8


def _blurred(surface: pygame.Surface, radius: float) -> pygame.Surface:
    """``surface`` softened by a Gaussian blur of ``radius`` pixels (none under one pixel).
    From :data:`_HALF_BLUR` pixels on, the blur runs on a half-size copy filtered back up:
    it holds no detail that fine, and it costs a quarter (the six pawns on the title were
    a third of its first frame)."""
    r = round(radius)
    if r < _HALF_BLUR:
        return gfx.gaussian_blur(surface, r) if r >= 1 else surface
    w, h = surface.get_size()
    half = gfx.smoothscale(surface, (max(1, w // 2), max(1, h // 2)))
    return gfx.smoothscale(gfx.gaussian_blur(half, round(radius / 2)), (w, h))


def _layer(size: int) -> pygame.Surface:
    s = gfx.surface((size, size), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    return s


def draw(colour, shape: str, size: int) -> pygame.Surface:
    """A blank pawn (no letters) of ``size`` x ``size`` pixels, seen from above
    as a playing piece: a soft shadow on the floor, a dark edge, a base (a
    darker plinth), the body in ``colour`` (R, G, B) raised on it (shaded on
    its lower right) and a soft highlight on its upper left, all in ``shape``
    and centred in the box (under :data:`_DETAIL_MIN` pixels, without the
    shading and the highlight).  Drawn :data:`_SS` times larger and scaled
    down, so any size is smooth.  Raises ``KeyError`` for an unknown shape."""
    big = size * _SS
    centre = (big / 2, big / 2)
    scale = RADIUS * big
    colour = tuple(colour[:3])
    s = _layer(big)
    dx, dy, blur, alpha = _SHADOW
    shadow = _layer(big)
    _fill(shadow, shape, _EDGE, (0, 0, 0), (centre[0] + dx * scale, centre[1] + dy * scale), scale)
    shadow = _blurred(shadow, blur * scale)
    shadow.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    s.blit(shadow, (0, 0))
    _fill(s, shape, _EDGE, _EDGE_INK, centre, scale)
    # The base: a light lip on its upper left, then its darker face.
    _fill(s, shape, _BASE, _lighten(colour, 0.35), (centre[0] - 0.03 * scale, centre[1] - 0.03 * scale), scale)
    _fill(s, shape, _BASE - 0.02, shade(colour, 0.45), (centre[0] + 0.01 * scale, centre[1] + 0.01 * scale), scale)
    side = (centre[0] + _BODY_SHADE_AT * scale, centre[1] + _BODY_SHADE_AT * scale)
    if size < _DETAIL_MIN:
        _fill(s, shape, _FLAT_BODY, colour, centre, scale)
        return gfx.smoothscale(s, (size, size))
    _fill(s, shape, _BODY, shade(colour, _BODY_SHADE), side, scale)
    _fill(s, shape, _BODY, colour, centre, scale)
    # The highlight is a soft spot kept inside the body: the body's shape in
    # opaque white, multiplied by the blurred spot.
    hx, hy, hr, ha = _HIGHLIGHT
    spot = _layer(big)
    spot.fill((255, 255, 255, 0))
    gfx.circle(spot, (255, 255, 255, ha), (centre[0] + hx * scale, centre[1] + hy * scale), hr * scale)
    spot = _blurred(spot, hr * scale / 2)
    body = _layer(big)
    _fill(body, shape, _BODY, (255, 255, 255), centre, scale)
    body.blit(spot, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    s.blit(body, (0, 0))
    return gfx.smoothscale(s, (size, size))


def glow(size: int) -> pygame.Surface:
    """The light under the pawn whose turn it is, ``size`` x ``size`` pixels
    (about 1.5 times the pawn's box, centred on it): a soft warm-white halo
    with a dark outer ring, so it stands out on light and dark floors alike
    and under every colour vision (it is a brightness cue, not a hue)."""
    big = size * _SS
    c = (big / 2, big / 2)
    s = _layer(big)
    gfx.circle(s, (20, 12, 8, 150), c, big * 0.47)
    gfx.circle(s, (255, 246, 200, 255), c, big * 0.40)
    s = _blurred(s, big * 0.035)
    return gfx.smoothscale(s, (size, size))


def mask(shape: str, size: int) -> pygame.Mask:
    """The pixels ``shape``'s pawn covers at ``size`` pixels (its edge line included, no shadow)."""
    s = pygame.Surface((size * _SS, size * _SS), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    _fill(s, shape, _EDGE, (255, 255, 255), (size * _SS / 2, size * _SS / 2), RADIUS * size * _SS)
    return gfx.mask(gfx.smoothscale(s, (size, size)), 127)
