"""The table's own pictures: baize with a nap, a wooden rim, a sunken dice
tray, and panels set off from the background by a soft shadow and a brass
frame.

Every picture is generated for the size asked (pixels, any scale: drawn on a
canvas twice as large and filtered down, as the cards are) and cached per
size, so the same call serves the logical 1280 x 720 picture and a sharper one; the
kept pictures share one byte budget with every other cache (:func:`game.ui.draw.gfx.remember`).
"""

from __future__ import annotations

import array
import random

import pygame

from game.ui.draw import assets, gfx, theme

#: The card table's green, and its darker tray.
BAIZE = (40, 92, 60)
TRAY = (30, 70, 46)
#: The wooden rim around baize.
RIM = (112, 72, 42)
#: The bright line round every panel (>= 3:1 against the background).
FRAME = (214, 170, 96)
#: How far a panel's shadow falls (pixels, down and right).
SHADOW = 5
#: A seat plaque's glow round the seat answering, and the room its cards held take at its right (pixels).
GLOW = (255, 214, 90)
HELD_W = 36
#: The largest portrait on a plaque (pixels: the card table's, on its 62-pixel plaques).
PORTRAIT_MAX = 54


#: Rows of baize (logical pixels) drawn at once on its canvas twice as large, and the rows drawn
#: above and below each band and not kept (a fibre cut at the canvas's edge runs a pixel off course).
BAIZE_BAND, BAIZE_MARGIN = 32, 4
#: Rows of the 2x canvas in each bucket of baize fibres sorted by where they start.
BAND_ROWS = 64


@gfx.remembered(16)
def baize(size: tuple[int, int], colour: tuple[int, int, int] = BAIZE, seed: int = 7) -> pygame.Surface:
    """Baize of ``size`` (w, h pixels) in ``colour``: a nap of short fibres,
    lighter and darker by up to 22 levels, so no part of it reads as a flat hole.
    Drawn on a canvas twice as large, :data:`BAIZE_BAND` rows at a time at an output scale of
    whole pixels (:func:`game.ui.draw.gfx.drawn_in_bands`: the same pixels as the whole canvas,
    which is a whole screen at 3840 x 2160)."""
    w, h = max(1, size[0]), max(1, size[1])
    rng = random.Random(seed)
    fibres = array.array("i")          # x, y, x2, y2, shade: five numbers a fibre, in drawing order
    for _ in range(w * h // 3):        # fibres on the 2x canvas: about 1.3 per output pixel
        x, y = rng.randrange(w * 2), rng.randrange(h * 2)
        d = rng.randint(-22, 22)
        dx = rng.randint(-3, 3)
        fibres.extend((x, y, x + dx, y + rng.randint(-3, 3), d))
    # the fibres by where they start (buckets of BAND_ROWS rows of the 2x canvas); a band draws
    # those starting within 4 rows of its canvas (a fibre reaches 3 rows and its width), in drawing order
    rows_of: dict[int, list[int]] = {}
    for i in range(0, len(fibres), 5):
        rows_of.setdefault(fibres[i + 1] // BAND_ROWS, []).append(i)
    shades = {d: tuple(max(0, min(255, v + d)) for v in colour) for d in range(-22, 23)}

    def paint(big: pygame.Surface, up: int) -> None:
        low, high = up - 4, up + big.get_height() + 4
        drawn = sorted(i for k in range(low // BAND_ROWS, (high - 1) // BAND_ROWS + 1)
                       for i in rows_of.get(k, ()) if low <= fibres[i + 1] < high)
        big.fill(colour)
        f = fibres
        for i in drawn:
            gfx.line(big, shades[f[i + 4]], (f[i], f[i + 1] - up), (f[i + 2], f[i + 3] - up), 2)
    return gfx.drawn_in_bands((w, h), paint, 2, BAIZE_BAND, BAIZE_MARGIN)


#: The side (logical pixels) of the square of baize a panel's grain repeats: drawing the nap
#: whole is about 1.3 fibres a device pixel in Python (1.2 s of CPU for the detective report's
#: sheet at 1280 x 720, on the press that opens it); a square is 24 ms. A whole number of
#: device pixels at every output scale the window uses (1, 1.25, 1.5, 2, 3).
GRAIN_TILE = 128


@gfx.remembered(16)
def paper_grain(size: tuple[int, int], colour: tuple[int, int, int] = BAIZE, seed: int = 7) -> pygame.Surface:
    """The grain of a panel of ``size`` (w, h logical pixels) in ``colour``: one
    :data:`GRAIN_TILE` square of :func:`baize` laid edge to edge (the nap is short random
    fibres, so its repeat does not show), an opaque picture the panel copies its middle from."""
    w, h = max(1, size[0]), max(1, size[1])
    tile = baize((min(w, GRAIN_TILE), min(h, GRAIN_TILE)), colour, seed)
    if w <= GRAIN_TILE and h <= GRAIN_TILE:
        return tile
    out = gfx.surface((w, h))
    for y in range(0, h, GRAIN_TILE):
        for x in range(0, w, GRAIN_TILE):
            out.blit(tile, (x, y))
    return out


@gfx.remembered(16)
def _shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    """A soft dark shadow of a rounded box of ``size``, with :data:`SHADOW` pixels of blur around it."""
    w, h = size
    s = gfx.surface((w + 2 * SHADOW, h + 2 * SHADOW), pygame.SRCALPHA)
    for i in range(SHADOW, 0, -1):     # outer rings faint, inner ones darker
        gfx.rect(s, (0, 0, 0, 150 // (i + 1)), pygame.Rect(SHADOW - i, SHADOW - i, w + 2 * i, h + 2 * i),
                         border_radius=radius + i)
    gfx.rect(s, (0, 0, 0, 150), pygame.Rect(SHADOW, SHADOW, w, h), border_radius=radius)
    return s


#: Logical pixels of a shadow's uniform middle kept in its picture (see :func:`draw_shadow`).
SHADOW_MIDDLE = 96


def _sliced_length(length: int, radius: int, scale: float) -> int:
    """The side of the small shadow standing for a box side of ``length`` logical pixels: its
    rounded ends and :data:`SHADOW_MIDDLE` between them, and longer by a whole number of device
    pixels less than ``length`` at ``scale`` (so its far edge lands on the same device pixels,
    moved); ``length`` itself when no shorter side does."""
    for side in range(2 * (radius + SHADOW) + SHADOW_MIDDLE, length):
        if abs((length - side) * scale - round((length - side) * scale)) < 1e-9:
            return side
    return length


def _uniform_span(length: int, radius: int, scale: float) -> tuple[int, int]:
    """The device columns ``[start, end)`` of a :func:`_shadow` ``length`` logical pixels long
    (its box's side) that no rounded corner reaches: every ring of the shadow crosses them straight."""
    start, end = 0, 1 << 30
    for i in range(SHADOW + 1):     # ring i: the box grown by i, its corners rounded by radius + i
        near, far = gfx.dev(SHADOW - i, scale), gfx.dev(SHADOW + length + i, scale)
        bend = gfx.dev(radius + i, scale)
        start, end = max(start, near + bend + 1), min(end, far - bend - 1)
    return start, end


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """Lay the soft shadow of a rounded box ``rect`` (logical) on ``surface``, fallen 3 pixels
    right and 4 down: the pixels of :func:`_shadow` of ``rect``'s size laid whole, from a picture
    of its corners, edges and :data:`SHADOW_MIDDLE` of its uniform middle, that middle laid again
    across the rest (the whole picture of a panel was 11 MB at 3840 x 2160, kept while shown)."""
    at = (rect.left - SHADOW + 3, rect.top - SHADOW + 4)
    s = gfx.scale_of(surface)
    w, h = rect.size
    small_size = (_sliced_length(w, radius, s), _sliced_length(h, radius, s))
    if small_size == (w, h) or s != gfx.output_scale():      # no shorter picture: the whole one
        surface.blit(_shadow(rect.size, radius), at)
        return
    small = gfx.raw(_shadow(small_size, radius))
    target = gfx.raw(surface)
    x0, y0 = gfx.dev(at[0], s), gfx.dev(at[1], s)           # where the whole picture's corner lands
    grow = (round((w - small_size[0]) * s), round((h - small_size[1]) * s))
    spans = []
    for axis, n in enumerate(pygame.Surface.get_size(small)):      # device pixels
        start, end = _uniform_span(small_size[axis], radius, s)
        # (from, to) in the small picture, (from, to) in the whole one: ends kept, middle repeated
        spans.append(((0, start, 0, start), (start, end, start, end + grow[axis]),
                      (end, n, end + grow[axis], n + grow[axis])))
    tracker = getattr(surface, "tracker", None)
    for sx0, sx1, dx0, dx1 in spans[0]:
        for sy0, sy1, dy0, dy1 in spans[1]:
            for dx in range(dx0, dx1, sx1 - sx0):
                for dy in range(dy0, dy1, sy1 - sy0):
                    part = pygame.Rect(sx0, sy0, min(sx1 - sx0, dx1 - dx), min(sy1 - sy0, dy1 - dy))
                    done = pygame.Surface.blit(target, small, (x0 + dx, y0 + dy), part)
                    if tracker is not None:
                        tracker.note(done)


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=theme.PANEL, radius: int = 14, nap: bool = False) -> None:
    """A panel set off from the background: its soft shadow below right, its
    fill ``colour``, a dark inner line and the bright :data:`FRAME` outside it.
    ``nap``: the fill has the grain of :func:`baize` (a panel wide enough for
    its short lines of text to leave a flat hole beside them)."""
    draw_shadow(surface, rect, radius)
    gfx.rect(surface, colour, rect, border_radius=radius)
    if nap:             # the grain stays off the rounded corners, which keep the plain fill
        inner = rect.inflate(-6, -6)
        grain = paper_grain(inner.size, colour, 5)
        for part in (inner.inflate(-2 * radius, 0), inner.inflate(0, -2 * radius)):
            surface.blit(grain, part, part.move(-inner.left, -inner.top))
    gfx.rect(surface, FRAME, rect, 2, border_radius=radius)
    gfx.rect(surface, theme.BG_DARK, rect.inflate(-4, -4), 1, border_radius=max(0, radius - 2))


def felt_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int = 14) -> None:
    """A panel of baize in a wooden rim: where the buttons and the dice lie on the table."""
    panel(surface, rect, RIM, radius)
    inner = rect.inflate(-14, -14)
    surface.blit(baize(inner.size), inner)
    _black_corners(surface, inner, max(0, radius - 6))
    _inner_shadow(surface, inner, radius - 6)


def _black_corners(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """Paint black the pixels of ``rect`` (logical) outside its rounding by ``radius``: what the
    baize laid through a rounded mask (its colours' minimum with the mask's) left there.  Only the
    four corner squares are drawn, in device pixels, not a mask and a copy of the baize as large
    as the panel (6 MB each at 3840 x 2160)."""
    s = gfx.scale_of(surface)
    whole = pygame.Rect(0, 0, gfx.dev(rect.width, s), gfx.dev(rect.height, s))   # the mask's device size
    r = gfx.dev(radius, s) if s != 1.0 else radius
    if r <= 0 or not whole:
        return
    at = (gfx.dev(rect.left, s), gfx.dev(rect.top, s))      # where a blit at rect's corner lands
    tracker = getattr(surface, "tracker", None)
    side = (min(r, whole.width), min(r, whole.height))
    for x in {0, whole.width - side[0]}:
        for y in {0, whole.height - side[1]}:
            corner = gfx.surface(side, pygame.SRCALPHA, 1.0)
            corner.fill((0, 0, 0, 255))
            gfx.rect(corner, (0, 0, 0, 0), whole.move(-x, -y), border_radius=r)     # inside: left as it is
            # in device pixels, within the surface's clip (a moment wiping in draws through one)
            done = pygame.Surface.blit(gfx.raw(surface), corner, (at[0] + x, at[1] + y))
            if tracker is not None:
                tracker.note(done)


def tray(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A sunken dice tray in ``rect``: darker baize, its walls casting a shadow inside."""
    gfx.rect(surface, RIM, rect, border_radius=10)
    inner = rect.inflate(-10, -10)
    surface.blit(baize(inner.size, TRAY, 11), inner)
    _inner_shadow(surface, inner, 6, 6)
    gfx.rect(surface, FRAME, rect, 2, border_radius=10)


def _inner_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, depth: int = 4) -> None:
    """The shadow of a rim falling on what it surrounds (``depth`` pixels, darkest at the rim)."""
    edge = gfx.surface(rect.size, pygame.SRCALPHA)       # one layer, cleared for each ring
    for i in range(depth):
        theme_alpha = 120 * (depth - i) // depth
        edge.fill((0, 0, 0, 0))
        gfx.rect(edge, (0, 0, 0, theme_alpha), edge.get_rect().inflate(-2 * i, -2 * i), 1,
                         border_radius=max(0, radius - i))
        surface.blit(edge, rect)


def _oval_making(size: tuple[int, int], *_args: object) -> int:
    """The device bytes :func:`oval_table` holds at its peak for ``size``: a canvas twice as
    large each way (four pictures of ``size``), the rim filtered down, the cloth and the result."""
    w, h = gfx.device_pixels((max(8, size[0]), max(8, size[1])))
    return 7 * w * h * 4


# drawing it held 55 MB at 3840 x 2160 beside the pictures kept for the screen left: room is made first
@gfx.remembered(8, making=_oval_making)
def oval_table(size: tuple[int, int], rim: int = 12, colour: tuple[int, int, int] = BAIZE,
               seed: int = 5) -> pygame.Surface:
    """An oval card table filling ``size`` (w, h pixels; transparent outside
    the oval): a wooden rim ``rim`` pixels wide with its grain running round
    and a brass inlay, baize of ``colour`` inside with a nap, shaded under the
    rim.  The rim is drawn on a canvas twice as large and filtered down."""
    w, h = max(8, size[0]), max(8, size[1])
    big = gfx.surface((w * 2, h * 2), pygame.SRCALPHA)
    outer = big.get_rect()
    gfx.ellipse(big, RIM, outer)
    rng = random.Random(seed)
    for k in range(0, rim * 2 - 2, 2):      # grain: rings of lighter and darker wood round the table
        d = rng.randint(-18, 14)
        ring = tuple(max(0, min(255, v + d)) for v in RIM)
        gfx.ellipse(big, ring, outer.inflate(-2 * k, -2 * k), 2)
    gfx.ellipse(big, FRAME, outer.inflate(-rim * 2 + 6, -rim * 2 + 6), 3)   # the brass inlay
    gfx.ellipse(big, (0, 0, 0, 0), outer.inflate(-rim * 4, -rim * 4))      # where the baize shows
    out = gfx.smoothscale(big, (w, h))
    # each twice-as-large canvas is let go as soon as it is filtered down: at 3840 x 2160 each
    # is about 30 MB, and holding all four at once set the card game's peak memory
    del big
    cloth_rect = pygame.Rect(0, 0, w, h).inflate(-rim * 2 + 2, -rim * 2 + 2)
    table = gfx.surface(cloth_rect.size, pygame.SRCALPHA)
    table.blit(baize(cloth_rect.size, colour, seed), (0, 0))
    table.blit(_shrunk_ellipses(cloth_rect.size, [((0, 0, 0, 14 * (10 - i) // 2), 4 * i, 4)   # the rim's shadow
                                                  for i in range(10)]), (0, 0))
    table.blit(_shrunk_ellipses(cloth_rect.size, [((255, 255, 255, 255), 0, 0)]), (0, 0),
               special_flags=pygame.BLEND_RGBA_MIN)
    base = gfx.surface((w, h), pygame.SRCALPHA)
    base.blit(table, cloth_rect)
    base.blit(out, (0, 0))
    return base


def _shrunk_ellipses(size: tuple[int, int], rings: list[tuple[tuple[int, int, int, int], int, int]]
                     ) -> pygame.Surface:
    """Ellipses drawn on a transparent canvas twice ``size`` (w, h pixels) and filtered down to
    ``size``: each ring is (RGBA colour, how much smaller than the canvas in twice-size pixels,
    line width; 0 fills it)."""
    big = gfx.surface((size[0] * 2, size[1] * 2), pygame.SRCALPHA)
    for colour, inset, width in rings:
        gfx.ellipse(big, colour, big.get_rect().inflate(-inset, -inset), width)
    return gfx.smoothscale(big, size)


@gfx.remembered(16)
def plaque(size: tuple[int, int], lit: bool = False, radius: int = 12) -> pygame.Surface:
    """A seat's wooden plaque of ``size`` (w, h pixels; ``lit``: lighter wood,
    the seat acting now): grain along it, lighter at the top edge, darker
    at the bottom, rounded by ``radius``; drawn at twice the size and filtered down."""
    w, h = max(4, size[0]), max(4, size[1])
    top, bottom = ((132, 92, 62), (96, 64, 44)) if lit else ((76, 52, 38), (50, 34, 26))
    big = gfx.surface((w * 2, h * 2), pygame.SRCALPHA)
    for y in range(h * 2):                  # light falls from above
        f = y / max(1, h * 2 - 1)
        gfx.line(big, tuple(round(a + (b - a) * f) for a, b in zip(top, bottom, strict=True)), (0, y), (w * 2, y))
    rng = random.Random(w * 31 + h)
    for _ in range(h // 2):                 # the grain: long faint streaks
        y, x = rng.randrange(h * 2), rng.randrange(-w, w * 2)
        d = rng.randint(-14, 14)
        c = big.get_at((0, y))
        gfx.line(big, tuple(max(0, min(255, v + d)) for v in c[:3]), (x, y), (x + rng.randint(w // 2, w), y), 2)
    gfx.line(big, tuple(min(255, v + 40) for v in top), (radius, 3), (w * 2 - radius, 3), 2)
    mask = gfx.surface(big.get_size(), pygame.SRCALPHA)
    gfx.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius * 2)
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return gfx.smoothscale(big, (w, h))


def plaque_lines(height: int) -> int:
    """How many lines of words a seat plaque ``height`` pixels high holds: two (the name over the
    kind) when two lines of the smallest text fit, else one (the name; the kind is left out)."""
    return 2 if height >= 2 * theme.font(theme.SMALL).get_height() + 1 else 1


#: The side of the mark of what plays a seat on a plaque too low for its words (logical pixels).
KIND_MARK = 24
#: The computer levels weakest first: the bars lit on a computer's mark (one for the first), and
#: the colour of a bar not lit (dim beside the brass of a lit one).
LEVEL_BARS = ("simple", "beginner", "easy", "medium", "hard")
BAR_OFF = (78, 60, 48)


def kind_mark(surface: pygame.Surface, rect: pygame.Rect, what: str, level: str = "",
              colour: tuple[int, int, int] = theme.MUTED) -> None:
    """What plays a seat, drawn in ``rect`` (a square, logical pixels) for a plaque too low for the
    words: ``what`` "person" (a head and shoulders), "phone" (a phone, its screen lit) or
    "computer" (a screen on its stand, with as many of five bars lit as ``level`` is strong,
    :data:`LEVEL_BARS`); anything else draws nothing.  In ``colour``, the words' muted ink."""
    s = rect.width
    if what == "person":
        gfx.circle(surface, colour, (rect.centerx, rect.top + s * 3 // 10), s // 5 + 1)
        body = pygame.Rect(rect.left + s // 8, rect.top + s * 11 // 20, s - s // 4, s * 4 // 5)
        gfx.rect(surface, colour, body.clip(rect), border_top_left_radius=s // 3, border_top_right_radius=s // 3)
    elif what == "phone":
        body = pygame.Rect(0, 0, s * 11 // 20, s - 2)
        body.center = rect.center
        gfx.rect(surface, colour, body, border_radius=3)
        gfx.rect(surface, theme.BG_DARK, body.inflate(-4, -8).move(0, -1), border_radius=1)
        gfx.circle(surface, theme.BG_DARK, (body.centerx, body.bottom - 3), 1)
    elif what == "computer":
        screen = pygame.Rect(rect.left, rect.top + 1, s, s * 7 // 10)
        gfx.rect(surface, colour, screen, border_radius=3)
        glass = screen.inflate(-4, -4)
        gfx.rect(surface, theme.BG_DARK, glass, border_radius=1)
        gfx.rect(surface, colour, pygame.Rect(rect.centerx - 2, screen.bottom, 4, rect.bottom - screen.bottom - 2))
        gfx.rect(surface, colour, pygame.Rect(rect.centerx - s // 4, rect.bottom - 2, s // 2, 2))
        lit = LEVEL_BARS.index(level) + 1 if level in LEVEL_BARS else 0
        step = (glass.width - 2) / len(LEVEL_BARS)
        for i in range(len(LEVEL_BARS)):       # rising bars, the level's strength lit
            h = max(2, round((glass.height - 4) * (i + 1) / len(LEVEL_BARS)))
            bar = pygame.Rect(round(glass.left + 2 + i * step), glass.bottom - 2 - h, max(1, round(step) - 1), h)
            gfx.rect(surface, theme.BRASS if i < lit else BAR_OFF, bar)


def seat_plaque(surface: pygame.Surface, rect: pygame.Rect, suspect: str, name: str, kind: str, held: int,
                turn: bool, acting: bool, out: bool, glow: float = 0.0, mark: tuple[str, str] = ("", "")) -> None:
    """One seat's plaque in ``rect`` (logical pixels; the card table's are 196 x 62, the board's
    TV panel's as high as its seats' column leaves them) -- public things only: ``suspect``'s
    portrait (the card's art, 8 pixels less than the plaque's height up to :data:`PORTRAIT_MAX`,
    its token in the corner),
    the surname ``name``, ``kind`` (person, phone or level, or "Out" in red when ``out``: the
    portrait greyed; left out on a plaque too low for two lines, :func:`plaque_lines`, whose
    name is then red when ``out``), how many cards it holds (``held``, a card back and the number; the deal is
    face down, so the number is public); brass edge on the ``turn``, lighter wood while
    ``acting``; ``glow`` 0..1 round it.  ``mark``: (what plays the seat, its level) for
    :func:`kind_mark`, drawn on a plaque too low for ``kind``'s line, between the name and the
    cards held (the name may shrink to its least size for it)."""
    if glow > 0:
        halo = gfx.surface(rect.inflate(24, 24).size, pygame.SRCALPHA)
        gfx.rect(halo, (*GLOW, int(150 * glow)), halo.get_rect(), border_radius=18)
        surface.blit(halo, rect.inflate(24, 24))
    shadow = gfx.surface(rect.size, pygame.SRCALPHA)
    gfx.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=12)
    surface.blit(shadow, rect.move(2, 3))
    surface.blit(plaque(rect.size, acting), rect)
    gfx.rect(surface, theme.BRASS if turn else theme.PANEL_EDGE, rect, 4 if turn else 2, border_radius=12)
    side = min(rect.height - 8, PORTRAIT_MAX)        # a taller plaque keeps the room for its words
    img = assets.portrait(suspect, side)
    if out:
        img = gfx.grayscale(img)
    at = img.get_rect(midleft=(rect.left + 5, rect.centery))
    surface.blit(img, at)
    gfx.rect(surface, theme.MUTED if out else theme.suspect_colour(suspect), at.inflate(2, 2), 2,
             border_radius=3)
    tok = assets.token(suspect, side * 4 // 9)       # 24 on the card table's 54-pixel portrait
    if out:
        tok = tok.copy()
        tok.set_alpha(140)
    surface.blit(tok, tok.get_rect(bottomright=(at.right + 1, at.bottom + 1)))   # inside the portrait: clear of the words
    ink = theme.MUTED if out else theme.CREAM
    left = rect.left + side + 10
    if plaque_lines(rect.height) == 2:
        # a plaque as low as two lines keeps them apart by starting them at its edges
        top, bottom = (4, 3) if rect.height >= 56 else (0, 0)
        theme.blit_text(surface, name, (left, rect.top + top), theme.SMALL, ink, True, max_width=rect.right - 6 - left)
        theme.blit_text(surface, kind, (left, rect.bottom - bottom), theme.SMALL,
                        theme.BAD if out else theme.MUTED, out, "bottomleft", rect.right - HELD_W - 4 - left)
        back = pygame.Rect(rect.right - HELD_W, rect.bottom - 28, 15, 21)
    else:       # too low for two lines of the smallest text: the name (red when out), a mark of the kind
        end = rect.right - HELD_W - 4
        if mark[0] and not out:
            box = pygame.Rect(end - KIND_MARK, rect.centery - KIND_MARK // 2, KIND_MARK, KIND_MARK)
            kind_mark(surface, box, *mark)
            end = box.left - 4
        theme.blit_text(surface, name, (left, rect.centery), theme.SMALL, theme.BAD if out else ink, True,
                        "midleft", end - left)
        back = pygame.Rect(rect.right - HELD_W, rect.centery - 10, 15, 21)
    gfx.rect(surface, (120, 30, 40), back, border_radius=3)
    gfx.rect(surface, theme.BRASS, back, 1, border_radius=3)
    theme.blit_text(surface, str(held), (back.right + 3, back.centery), theme.SMALL, ink, True, "midleft")
