"""The stage of a big moment (a suggestion, "Nobody can show a card!", the
case solved, a wrong accusation): the room's picture filling the screen
behind it, coming in behind a soft wipe and then holding still; the players' portraits large (the suspect
cards' art) in a frame; and the case-file envelope, drawn as the cards are
drawn -- with a pen on a canvas :data:`SS` times larger, filtered down.

Every picture here is made for the size asked and cached per size, so it
stays sharp at any output scale.  Sizes are pixels; times are seconds.
Everything drawn here is public (a moment is shown to the whole table)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

import pygame

from game.ui.draw import assets, gfx, theme
from game.ui.draw.wipe import Still, Wipe

#: Supersampling of the envelope's pen (as tools/make_assets.py draws the cards).
SS = 4
#: How much larger than the screen (a share of its size) the room's picture is drawn; the
#: part shown is its bottom left.
DRIFT = 0.05
#: The backdrop's darkening (0: none, 255: black) so that words and cards read over it.
DARKEN = 110
#: Squares of the mansion kept round a room in its picture (its walls and doorways).
ROOM_MARGIN = 0.6
#: The envelope's colours: the cards' ink, manila paper, its shaded inside, the seal.
INK, MANILA, MANILA_DARK, INSIDE, SEAL, SEAL_DARK = ((40, 32, 30), (232, 204, 146), (206, 176, 118),
                                                     (126, 92, 60), (178, 28, 38), (120, 16, 24))
#: An envelope's height for its width.
ENVELOPE_RATIO = 0.64

#: The layout shared by the moments (logical pixels, 1280 x 720): the three
#: cards' width, top, the gap between two and the middle of the three (x) --
#: a card this wide has a picture over 200 pixels tall, so a suspect's
#: portrait on it is a big one; the portrait of the player who acts, left
#: of the cards (the picture itself); the dark band behind the heading.
CARD_W, CARD_TOP, CARD_GAP, CARDS_X = 232, 104, 28, 690
PORTRAIT = pygame.Rect(60, 120, 212, 212)
HEADING_BAND = 92

_CACHE: dict[tuple, pygame.Surface] = {}
gfx.on_scale_change(_CACHE.clear)      # pictures made for one output scale
#: The room behind the moment on screen, the only one kept: more than a whole screen each
#: (35 MB at 3840 x 2160), the last one is dropped before the next is drawn.
_ROOMS: dict[tuple, pygame.Surface] = {}
gfx.on_scale_change(_ROOMS.clear)


class Scenery(NamedTuple):
    """What stands behind a banner's words: the ``board`` (a
    :class:`~game.board.model.Board`) and the ``room`` whose picture fills
    the screen (None: the whole mansion), the ``suspect`` whose portrait
    stands over the words, and the public ``cards`` under them (or None)."""

    board: object
    room: str | None
    suspect: str
    cards: tuple[str, ...] | None = None


def card_spots() -> list[pygame.Rect]:
    """Where a moment's three cards lie (pixels), side by side under the heading."""
    w, h = assets.card_size(CARD_W)
    x0 = CARDS_X - (3 * w + 2 * CARD_GAP) // 2
    return [pygame.Rect(x0 + i * (w + CARD_GAP), CARD_TOP, w, h) for i in range(3)]


def heading_band(surface: pygame.Surface) -> None:
    """A dark band across the top so the heading reads over the room."""
    theme.shade(surface, pygame.Rect(0, 0, surface.get_width(), HEADING_BAND), 150)


def _cached(key: tuple, make) -> pygame.Surface:
    return gfx.remember(_CACHE, key, make, 40)


#: Rows of a pen-drawn picture (logical pixels) drawn at once: its canvas, :data:`SS` times larger
#: in each direction, is laid out band by band (a whole one is 33 MB for an envelope part at 3840 x 2160).
PEN_BAND = 24
#: Rows drawn above and below a band and not kept: a line cut at the canvas's edge is drawn a pixel
#: off its course near the cut, so the cuts stay clear of the rows a band gives.
PEN_MARGIN = 4


class _Band:
    """The pen on one band of a canvas :data:`SS` times larger than its picture: the shapes are
    given in the whole canvas's logical pixels and drawn ``top`` rows higher on ``canvas``."""

    def __init__(self, canvas: pygame.Surface, top: int) -> None:
        self.canvas, self.top = canvas, top

    def _at(self, p: Sequence[float]) -> tuple[float, float]:
        return (p[0], p[1] - self.top)

    def rect(self, colour, rect, width: int = 0, border_radius: int = 0) -> None:
        """``gfx.rect`` on the band."""
        gfx.rect(self.canvas, colour, pygame.Rect(rect).move(0, -self.top), width, border_radius)

    def polygon(self, colour, points: Sequence[Sequence[float]], width: int = 0) -> None:
        """``gfx.polygon`` on the band."""
        gfx.polygon(self.canvas, colour, [self._at(p) for p in points], width)

    def lines(self, colour, closed: bool, points: Sequence[Sequence[float]], width: int = 1) -> None:
        """``gfx.lines`` on the band."""
        gfx.lines(self.canvas, colour, closed, [self._at(p) for p in points], width)

    def circle(self, colour, centre: Sequence[float], radius: float, width: int = 0) -> None:
        """``gfx.circle`` on the band."""
        gfx.circle(self.canvas, colour, self._at(centre), radius, width)

    def arc(self, colour, rect, start: float, stop: float, width: int = 1) -> None:
        """``gfx.arc`` on the band (angles in radians)."""
        gfx.arc(self.canvas, colour, pygame.Rect(rect).move(0, -self.top), start, stop, width)


def _pen_drawn(size: tuple[int, int], paint) -> pygame.Surface:
    """A transparent picture of ``size`` (width, height) pixels: ``paint(pen, w, h)`` draws it with
    ``pen`` (a :class:`_Band`) on a canvas ``w`` x ``h`` = :data:`SS` times ``size``, filtered down,
    :data:`PEN_BAND` rows of the picture at a time (:func:`game.ui.draw.gfx.drawn_in_bands`); at an
    output scale that is not a whole number (1920 x 1080) the canvas is drawn whole."""
    w, h = size[0] * SS, size[1] * SS
    out_w, out_h = gfx.device_pixels(size)
    # at a scale of whole pixels only: a shape at a half pixel is rounded its own way above the band
    whole = gfx.device_pixels((w, h)) != (out_w * SS, out_h * SS)
    return gfx.drawn_in_bands(size, lambda canvas, top: paint(_Band(canvas, top), w, h), SS, PEN_BAND,
                              PEN_MARGIN, pygame.SRCALPHA, whole)


# ------------------------------------------------------------------ the room behind
def room_window(board, room: str | None, size: tuple[int, int]) -> tuple[float, float, float, float]:
    """The squares (column, row, width, height) shown behind a moment in
    ``room``: the room and its walls, widened to the shape of ``size`` so it
    fills it; the whole board when ``room`` is not one of the board's rooms."""
    aspect = size[0] / size[1]
    x: float
    y: float
    w: float
    h: float
    if room in board.rooms:
        from game.ui.mansion.drawing import room_box

        x, y, w, h = room_box(board.rooms[room])
        x, y, w, h = x - ROOM_MARGIN, y - ROOM_MARGIN, w + 2 * ROOM_MARGIN, h + 2 * ROOM_MARGIN
    else:
        x, y, w, h = 0, 0, board.width, board.height
    cx, cy = x + w / 2, y + h / 2
    if w / h < aspect:
        w = h * aspect
    else:
        h = w / aspect
    return cx - w / 2, cy - h / 2, w, h


#: The device bytes all kept pictures may hold together while a moment's room is kept (see
#: :func:`game.ui.draw.gfx.remember`): the room (37 MB at 3840 x 2160) and 11 MB beside it, where
#: the budget is 64.  The whole game's peak memory is set then, the table's pictures held beneath
#: the moment; the pictures pushed out (the suggestion picker's cards made ahead) are made again
#: once it is over.
BUDGET_BESIDE_A_ROOM = 48 << 20


def backdrop(board, room: str | None, size: tuple[int, int]) -> pygame.Surface:
    """The picture behind a moment in ``room`` (a board room id; None or
    another place: the whole mansion), :data:`DRIFT` larger than ``size``,
    darkened towards its edges; the last one asked for is kept."""
    big = (round(size[0] * (1 + DRIFT)), round(size[1] * (1 + DRIFT)))

    def make() -> pygame.Surface:
        from game.ui.mansion.drawing import draw_mansion_window

        pic = draw_mansion_window(board, room_window(board, room, big), big)
        darken(pic)
        return pic
    # room is made first for what drawing it holds (the picture, its canvas where there is one,
    # the vignette's strips), no more: asking for three whole pictures (110 MB at 3840 x 2160,
    # over the whole budget) dropped every picture this frame does not show, the suggestion
    # picker's cards made ahead among them, to be made again the next time they are shown
    return gfx.remember(_ROOMS, (id(board), room, big), make, 1, making=backdrop_bytes(big),
                        budget_while_kept=BUDGET_BESIDE_A_ROOM)


def backdrop_bytes(big: tuple[int, int]) -> int:
    """The bytes held at the peak of making :func:`backdrop`'s picture of logical size ``big`` at
    the output scale now: the picture and its canvas (:func:`game.ui.mansion.drawing.supersampled_bytes`),
    and the vignette's widened rows and one strip (:func:`darken`)."""
    from game.ui.mansion.drawing import WINDOW_SUPERSAMPLING, supersampled_bytes

    w, h = gfx.device_pixels(big)
    return supersampled_bytes(big, WINDOW_SUPERSAMPLING) + (w * VIGNETTE_ROWS + VIGNETTE_STRIP * h) * 4


def rooms_kept() -> int:
    """How many moment's room pictures (:func:`backdrop`) are kept now: 0 or 1."""
    return len(_ROOMS)


def let_go_rooms() -> None:
    """Drop the kept room picture (:func:`backdrop`): once no moment shows it, it is only
    a whole screen and more held (35 MB at 3840 x 2160) that pushes the pictures made ahead
    (the suggestion picker's cards) out of the pictures' budget.  A moment that wants it
    again makes it again, as it does for any other room."""
    _ROOMS.clear()


#: Device pixels of the vignette laid at once: a strip of columns, never a second whole picture.
VIGNETTE_STRIP = 256
#: Rows of the vignette's seed (:func:`vignette_seed`), and its columns.
VIGNETTE_ROWS, VIGNETTE_COLUMNS = 18, 32


def vignette_seed() -> pygame.Surface:
    """The vignette drawn small (32 x 18, black with alpha): :data:`DARKEN` in the middle,
    darker towards the edges; smoothed up to any size it is a soft gradient."""
    w, h = VIGNETTE_COLUMNS, VIGNETTE_ROWS
    small = pygame.Surface((w, h), pygame.SRCALPHA)
    for x in range(w):
        for y in range(h):
            d = math.hypot((x + .5) / w - .5, (y + .5) / h - .5) / math.hypot(.5, .5)
            small.set_at((x, y), (0, 0, 0, min(255, round(DARKEN + 110 * d * d))))
    return small


def darken(pic: pygame.Surface) -> None:
    """Lay the vignette (:func:`vignette_seed` smoothed up to ``pic``'s device size) over
    ``pic``, so the middle of the stage stands out.  It is laid in strips of
    :data:`VIGNETTE_STRIP` columns: the smoothing widens the seed's rows first, then
    stretches each column down on its own, so a strip is the same pixels as the same
    columns of the whole veil (a whole veil is 35 MB more at 3840 x 2160)."""
    device = gfx.device_view(pic) if isinstance(pic, gfx.Canvas) else pic
    w, h = device.get_size()
    seed = vignette_seed()
    rows = pygame.transform.smoothscale(seed, (w, seed.get_height()))      # widened: w x 18
    for x in range(0, w, VIGNETTE_STRIP):
        cols = rows.subsurface((x, 0, min(VIGNETTE_STRIP, w - x), seed.get_height()))
        device.blit(pygame.transform.smoothscale(cols, (cols.get_width(), h)), (x, 0))


def draw_backdrop(surface: pygame.Surface, board, room: str | None, shown: float = 255,
                  wipe: Wipe | None = None, stills: Sequence[Still] = (), keep: bool = False) -> None:
    """Fill ``surface`` with the picture of ``room`` (see :func:`backdrop`), held
    still, coming in over what is drawn behind a soft wipe (:mod:`game.ui.draw.wipe`)
    that has come ``shown`` of the way (0-255; 255: all of it), with ``stills`` drawn
    over it (see :meth:`game.ui.draw.wipe.Wipe.draw`, and ``keep``).  ``wipe``: the
    moment's :class:`~game.ui.draw.wipe.Wipe`, so that a frame draws only what changed
    (without it the picture is laid whole).  Without a board (the map failed) the
    table is dimmed instead."""
    if board is None:
        theme.dim(surface, round(shown) * 190 // 255)
        for still in stills:
            still.paint(surface)
        return
    size = surface.get_size()
    pic = backdrop(board, room, size)
    area = pygame.Rect(0, pic.get_height() - size[1], *size)
    if gfx.scale_of(pic) == gfx.scale_of(surface):
        (wipe or Wipe()).draw(surface, pic, area, shown / 255, stills, keep)
        return
    kept = pic.get_alpha()            # a picture of another scale than the one it was drawn for
    pic.set_alpha(min(255, round(shown)))
    surface.blit(pic, (0, 0), area)
    pic.set_alpha(kept)
    for still in stills:
        still.paint(surface)


def laid_band(size: tuple[int, int], scale: float, board, room: str | None, height: int,
              paint: Callable[[pygame.Surface], object]) -> pygame.Surface | None:
    """The top ``height`` logical pixels of a surface of logical ``size`` at output ``scale``
    as :func:`draw_backdrop` lays the picture of ``room`` there, with ``paint`` (drawing in
    the surface's logical pixels) drawn over it: an opaque picture ``size``'s width, in the
    window's format, to blit at (0, 0) for a still that does not change during a moment (one
    copy a frame instead of its shading and lettering again).  The same device pixels as
    ``paint`` over the laid picture.  None when there is no board, or the room's picture is
    not at ``scale`` (it is then blended in, not laid)."""
    if board is None:
        return None
    pic = backdrop(board, room, size)
    if gfx.scale_of(pic) != scale:
        return None
    band = gfx.opaque((size[0], height), scale)
    at = gfx.device_rect(pygame.Rect(0, pic.get_height() - size[1], *size), scale)
    pygame.Surface.blit(gfx.raw(band), gfx.raw(pic), (0, 0), pygame.Rect(at.topleft, pygame.Surface.get_size(band)))
    paint(band)
    return band


# ------------------------------------------------------------------ portraits
def portrait(suspect: str, side: int) -> pygame.Surface:
    """A suspect's portrait (:func:`game.ui.draw.assets.portrait`) ``side`` pixels square in
    a cream mat with the cards' ink line and a soft shadow; the surface is
    a little larger than ``side`` (see :func:`portrait_margin`)."""
    def make() -> pygame.Surface:
        m = portrait_margin(side)
        s = gfx.surface((side + 2 * m, side + 2 * m), pygame.SRCALPHA)
        for k in range(m, 0, -2):                               # the soft shadow under the frame
            gfx.rect(s, (0, 0, 0, 22), pygame.Rect(m - k // 2, m + k // 3, side + k, side + k),
                             border_radius=k)
        mat = pygame.Rect(m // 2, m // 2, side + m, side + m)
        gfx.rect(s, theme.PAPER, mat, border_radius=max(4, m // 2))
        s.blit(assets.portrait(suspect, side), (m, m))          # who plays, never the card as evidence
        gfx.rect(s, INK, (m, m, side, side), max(2, side // 90))
        gfx.rect(s, theme.BRASS, mat, max(2, side // 70), border_radius=max(4, m // 2))
        return s
    return _cached(("portrait", suspect, side, id(pygame.display.get_surface())), make)


def portrait_margin(side: int) -> int:
    """Pixels of frame round a portrait ``side`` pixels square."""
    return max(6, side // 16)


def draw_portrait(surface: pygame.Surface, suspect: str, rect: pygame.Rect, alpha: int = 255) -> pygame.Rect:
    """Draw ``suspect``'s framed portrait with its picture filling ``rect``
    (square: its height is used); returns the picture's rect."""
    img = portrait(suspect, rect.height)
    m = portrait_margin(rect.height)
    if alpha < 255:     # the cached picture itself, for this blit only: no copy per frame
        kept = img.get_alpha()
        img.set_alpha(alpha)
        surface.blit(img, (rect.left - m, rect.top - m))
        img.set_alpha(kept)
    else:
        surface.blit(img, (rect.left - m, rect.top - m))
    return pygame.Rect(rect.left, rect.top, rect.height, rect.height)


# ------------------------------------------------------------------ the envelope
def _envelope_size(width: int) -> tuple[int, int]:
    """An envelope part's size (pixels) for its ``width``."""
    return (width, round(width * ENVELOPE_RATIO))


def envelope_back(width: int) -> pygame.Surface:
    """The envelope's back and its shaded inside, ``width`` pixels wide (the part behind the cards)."""
    def paint(pen: _Band, w: int, h: int) -> None:
        line = max(SS, w // 90)
        body = pygame.Rect(0, 0, w, h).inflate(-line, -line)
        pen.rect(MANILA_DARK, body, border_radius=w // 40)
        pen.rect(INSIDE, body.inflate(-w // 14, -h // 12).move(0, -h // 30), border_radius=w // 60)
        pen.rect(INK, body, line, border_radius=w // 40)
    return _cached(("env-back", width), lambda: _pen_drawn(_envelope_size(width), paint))


def envelope_front(width: int) -> pygame.Surface:
    """The envelope's front pocket, ``width`` pixels wide: its side folds and
    the bottom fold, in the cards' ink line (the part over the rising cards)."""
    def paint(pen: _Band, w: int, h: int) -> None:
        line = max(SS, w // 90)
        top = h // 3
        pts = [(line // 2, top), (w // 2, top + (h - top) * 9 // 20), (w - line // 2, top),
               (w - line // 2, h - line // 2), (line // 2, h - line // 2)]
        pen.polygon(MANILA, pts)
        # the side folds, a shade darker, meeting under the middle
        pen.polygon(MANILA_DARK, [(line // 2, top), (w * 11 // 25, h * 3 // 4), (line // 2, h - line)])
        pen.polygon(MANILA_DARK, [(w - line // 2, top), (w * 14 // 25, h * 3 // 4), (w - line, h - line)])
        pen.polygon(MANILA, [(line, h - line), (w // 2, h * 11 // 20), (w - line, h - line)])
        pen.lines(INK, False, [(line, h - line), (w // 2, h * 11 // 20), (w - line, h - line)],
                          max(1, line * 2 // 3))
        pen.polygon(INK, pts, line)
        # a band of red tape across the pocket, as on a case file
        band = pygame.Rect(0, 0, w // 9, h - top - 2 * line)
        band.midbottom = (w * 4 // 5, h - line)
        pen.rect((150, 40, 40), band)
        pen.rect(INK, band, max(1, line * 2 // 3))
    return _cached(("env-front", width), lambda: _pen_drawn(_envelope_size(width), paint))


def envelope_flap(width: int, inside: bool = False) -> pygame.Surface:
    """The envelope's flap pointing down, ``width`` pixels wide: closed, with
    its wax seal, or (``inside``) its plain inside as seen once opened."""
    def paint(pen: _Band, w: int, h: int) -> None:
        line = max(SS, w // 90)
        tip = h * 11 // 20
        pts = [(line // 2, line // 2), (w - line // 2, line // 2), (w // 2, tip)]
        pen.polygon(MANILA_DARK if inside else MANILA, pts)
        pen.polygon(INK, pts, line)
        if inside:
            return
        r = w // 11
        c = (w // 2, tip - r // 2)
        pen.circle(SEAL_DARK, (c[0] + line, c[1] + line), r)
        for k in range(8):                      # the wax runs out in lobes round the seal
            a = k * math.pi / 4
            pen.circle(SEAL, (round(c[0] + r * .72 * math.cos(a)), round(c[1] + r * .72 * math.sin(a))),
                               r // 3)
        pen.circle(SEAL, c, r)
        pen.circle(SEAL_DARK, c, r * 3 // 5, max(1, line))
        pen.circle((222, 92, 88), (c[0] - r // 3, c[1] - r // 3), max(1, r // 6))
    return _cached(("env-flap", width, inside), lambda: _pen_drawn(_envelope_size(width), paint))


def draw_envelope(surface: pygame.Surface, centre: tuple[int, int], width: int, opened: float, part: str) -> None:
    """Draw one ``part`` of the envelope ``width`` pixels wide centred on
    ``centre``: "back" (its back, and the flap once it has folded up),
    "front" (the pocket, and the flap while still folded down); ``opened``
    0..1 folds the flap from closed over the front to open above it."""
    h = round(width * ENVELOPE_RATIO)
    top = centre[1] - h // 2
    left = centre[0] - width // 2
    flap = envelope_flap(width, inside=opened > 0.5)
    fold = abs(1 - 2 * opened)                       # the flap's height as it turns over its top edge
    fh = max(1, round(flap.get_height() * fold))
    img = gfx.smoothscale(flap, (width, fh))
    if part == "back":
        surface.blit(envelope_back(width), (left, top))
        if opened > 0.5:
            surface.blit(gfx.flip(img, False, True), (left, top - fh))
        return
    surface.blit(envelope_front(width), (left, top))
    if opened <= 0.5:
        surface.blit(img, (left, top))


# ------------------------------------------------------------------ the card game's Crime card
#: The Crime card's colours: its deep red frame, the darker band, the fingerprint's ink.
CRIME_RED, CRIME_DARK, PRINT_INK = (150, 34, 44), (96, 18, 28), (70, 46, 40)


def crime_card(width: int) -> pygame.Surface:
    """The card game's Crime card (the card the three cards of the case lie
    under), ``width`` pixels wide and as tall as a card of that width
    (:func:`game.ui.draw.assets.card_size`): a red frame in the cards' ink line,
    brass corners, and on cream paper a fingerprint under a wax seal -- no
    words, so it reads in every language.  Drawn with a pen :data:`SS` times
    larger and filtered down, for its size; cached per size."""
    def paint(pen: _Band, w: int, h: int) -> None:
        line = max(SS, w // 60)
        radius = w // 14
        card = pygame.Rect(0, 0, w, h).inflate(-line, -line)
        pen.rect(CRIME_RED, card, border_radius=radius)
        paper = card.inflate(-w // 7, -w // 7)
        pen.rect(theme.PAPER, paper, border_radius=radius // 2)
        pen.rect(INK, paper, max(1, line * 2 // 3), border_radius=radius // 2)
        pen.rect(theme.BRASS, card.inflate(-w // 16, -w // 16), max(1, line // 2), border_radius=radius)
        for cx, cy in ((card.left + w // 14, card.top + w // 14), (card.right - w // 14, card.top + w // 14),
                       (card.left + w // 14, card.bottom - w // 14), (card.right - w // 14, card.bottom - w // 14)):
            d = w // 30
            pen.polygon(theme.BRASS, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])
        # the fingerprint: ridges as nested arcs round a whorl, thinning out at the top
        c = (paper.centerx, paper.centery - paper.height // 14)
        rw, rh = paper.width * 0.36, paper.height * 0.34
        ridge = max(2, w // 70)
        for k in range(1, 9):
            box = pygame.Rect(0, 0, round(rw * k / 8 * 2), round(rh * k / 8 * 2))
            box.center = (c[0] + (k % 2) * ridge // 2, c[1])
            start = 0.25 if k > 6 else -0.6
            pen.arc(PRINT_INK, box, start, math.pi * 2 - 0.9 + start, ridge)
        # a wax seal over the print's foot: the case is closed until someone solves it
        r = w // 8
        seal = (paper.centerx, paper.bottom - r - paper.height // 10)
        pen.circle(SEAL_DARK, (seal[0] + line, seal[1] + line), r)
        pen.circle(SEAL, seal, r)
        pen.circle(SEAL_DARK, seal, r * 3 // 5, max(1, line))
        pen.circle((222, 92, 88), (seal[0] - r // 3, seal[1] - r // 3), max(1, r // 6))
        pen.rect(INK, card, line, border_radius=radius)
    return _cached(("crime-card", width), lambda: _pen_drawn(assets.card_size(width), paint))


def draw_lifted(surface: pygame.Surface, img: pygame.Surface, centre: tuple[int, int], angle: float,
                height: float) -> None:
    """Draw ``img`` turned by ``angle`` degrees with its centre at
    ``centre``, lifted ``height`` (0: lying on the table, 1: held up high):
    it grows a little and its soft shadow falls further below and right."""
    scale = 1 + 0.12 * height
    pic = gfx.rotozoom(img, angle, scale)
    # the mask's picture is in device pixels: adopted at the card's scale, so the shadow has the
    # card's logical size (taken as logical, it was three times too large each way at 3840 x 2160)
    shadow = gfx.adopt(gfx.mask(pic).to_surface(setcolor=(0, 0, 0, 90), unsetcolor=(0, 0, 0, 0)), gfx.scale_of(pic))
    off = round(6 + 26 * height)
    small = gfx.smoothscale(shadow, (max(1, shadow.get_width() // 6), max(1, shadow.get_height() // 6)))
    shadow = gfx.smoothscale(small, shadow.get_size())      # blurred: a soft shadow
    surface.blit(shadow, shadow.get_rect(center=(centre[0] + off, centre[1] + off)))
    surface.blit(pic, pic.get_rect(center=centre))
