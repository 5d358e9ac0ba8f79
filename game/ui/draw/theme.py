"""Colours, fonts and cached text.

One font family: DejaVu Sans (regular and bold) for all text, and its serif,
DejaVu Serif Bold, as the display face of titles only (:data:`DISPLAY_MIN`
pixels or more; ``display=True``).  Sizes in pixels: body text
:data:`BODY` (22), small but readable :data:`SMALL` (20, the minimum for text a
child must read), buttons :data:`BUTTON` (24), titles :data:`TITLE` (40) and
:data:`HUGE` (72).  Rendered text is cached, so drawing a label every frame
costs one blit.

Larger text (settings ``text_size`` "large"): :func:`set_text_scale` makes every
size :data:`LARGE_SCALE` times bigger.  Text drawn in a box of fixed width
(``max_width``: buttons, labels, titles) grows only as far as the box allows;
a long translation may also shrink there, never below 20 px (:func:`fit_px`).
"""

from __future__ import annotations

import logging
import weakref
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

import pygame

from game.rules.cards import SUSPECT_COLOURS
from game.storage import paths
from game.storage.files import FileProblem, check_regular
from game.ui.draw import gfx

log = logging.getLogger(__name__)

SMALL, BODY, BUTTON, HEADING, TITLE, HUGE = 20, 22, 24, 30, 40, 72
#: The display face (titles) is used only for text this size or larger (pixels at 1280 x 720).
DISPLAY_MIN = 36
#: The display face's file, in ``fonts/`` (DejaVu Serif Bold, same licence as DejaVu Sans).
DISPLAY_FILE = "DejaVuSerif-Bold.ttf"

# Warm palette: dark wood, cream paper, brass.
BG = (46, 30, 24)
BG_DARK = (30, 19, 15)
PANEL = (72, 48, 36)
PANEL_EDGE = (150, 110, 70)
PAPER = (246, 236, 214)
PAPER_DARK = (226, 210, 180)
INK = (40, 28, 22)
CREAM = (250, 240, 220)
MUTED = (200, 180, 150)
BRASS = (232, 184, 72)
FOCUS = (255, 214, 90)
BUTTON_BG = (120, 60, 40)
BUTTON_HOVER = (150, 78, 52)
BUTTON_DISABLED = (90, 75, 65)
GOOD = (90, 170, 90)
BAD = (200, 70, 60)
HIGHLIGHT = (255, 230, 90)
CATEGORY_COLOURS = {"suspect": (170, 50, 50), "weapon": (60, 90, 150), "room": (70, 130, 70)}


def suspect_colour(suspect: str) -> tuple[int, int, int]:
    """The token colour of a suspect (R, G, B)."""
    return SUSPECT_COLOURS[suspect]


def ink_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else CREAM


#: How much bigger the "large" text size is.
LARGE_SCALE = 1.2
_scale = {"f": 1.0}


def set_text_scale(factor: float) -> None:
    """Scale every text size by ``factor`` (1.0 normal, :data:`LARGE_SCALE` large)."""
    if factor != _scale["f"]:
        _scale["f"] = factor
        _TEXT_CACHE.clear()


def text_scale() -> float:
    return _scale["f"]


def px(size: int) -> int:
    """The pixel size text of nominal ``size`` is drawn at (with the text scale)."""
    return int(round(size * _scale["f"]))


#: The marks the game writes that pygame's built-in font has no letter for
#: (tick, cross, arrows): :class:`FallbackFont` draws them with lines.
DRAWN_MARKS = "✓✗◀▶←→↑↓"

#: pygame draws its built-in font at this fraction of the size asked for.
_BUILTIN_SCALE = 0.6875


class FallbackFont(pygame.font.Font):
    """pygame's built-in font (FreeSans), used when the game's own font file is
    missing, empty or not a font.  ``pixels`` is the size DejaVu Sans would have
    been drawn at; the text comes out about as wide and tall.  The built-in font
    has no tick, cross or arrows (:data:`DRAWN_MARKS`, shown as empty boxes):
    :meth:`render` draws those with lines and :meth:`size` counts them, so every
    caller of ``render``/``size`` gets readable marks."""

    def __init__(self, pixels: int) -> None:
        super().__init__(None, max(1, round(pixels / _BUILTIN_SCALE)))
        self._mark_w = max(4, round(self.get_height() * 0.8))

    def _runs(self, s: str) -> list[str]:
        """``s`` cut into plain text runs and single drawn marks, in order."""
        runs: list[str] = []
        for ch in s:
            if ch in DRAWN_MARKS or not runs or runs[-1] in DRAWN_MARKS:
                runs.append(ch)
            else:
                runs[-1] += ch
        return runs

    def size(self, text: str | bytes) -> tuple[int, int]:
        """(width, height) in pixels of ``text`` drawn by :meth:`render`."""
        if isinstance(text, bytes) or not any(ch in DRAWN_MARKS for ch in text):
            return super().size(text)
        w, h = 0, self.get_height()
        for run in self._runs(text):
            if run in DRAWN_MARKS:
                w += self._mark_w
            else:
                rw, rh = super().size(run)
                w, h = w + rw, max(h, rh)
        return w, h

    def render(self, text, antialias, color, bgcolor=None, wraplength: int = 0) -> pygame.Surface:
        """Like :meth:`pygame.font.Font.render`; the marks of :data:`DRAWN_MARKS`
        are drawn with lines in ``color``."""
        if not any(ch in DRAWN_MARKS for ch in text):
            return super().render(text, antialias, color, bgcolor, wraplength)
        plain = super().render
        parts = [run if run in DRAWN_MARKS else plain(run, antialias, color, bgcolor) for run in self._runs(text)]
        h = max([self.get_height()] + [p.get_height() for p in parts if not isinstance(p, str)])
        out = pygame.Surface((sum(self._mark_w if isinstance(p, str) else p.get_width() for p in parts), h),
                             pygame.SRCALPHA)
        if bgcolor is not None:
            out.fill(bgcolor)
        x = 0
        for p in parts:
            if isinstance(p, str):
                _draw_mark(out, p, pygame.Rect(x, 0, self._mark_w, self.get_height()), color)
                x += self._mark_w
            else:
                out.blit(p, (x, 0))
                x += p.get_width()
        return out


def _draw_mark(surface: pygame.Surface, mark: str, box: pygame.Rect, colour) -> None:
    """Draw one of :data:`DRAWN_MARKS` with lines inside ``box`` (one letter's room)."""
    w = max(2, round(box.height / 7))
    left, right = box.left + box.width * 0.12, box.right - box.width * 0.12
    top, bottom = box.top + box.height * 0.22, box.top + box.height * 0.78
    cx, cy = (left + right) / 2, (top + bottom) / 2
    if mark == "✓":
        gfx.lines(surface, colour, False, [(left, cy), (left + (right - left) * 0.38, bottom),
                                                   (right, top)], w)
    elif mark == "✗":
        gfx.line(surface, colour, (left, top), (right, bottom), w)
        gfx.line(surface, colour, (left, bottom), (right, top), w)
    elif mark in "◀▶":
        tip, back = (left, right) if mark == "◀" else (right, left)
        gfx.polygon(surface, colour, [(tip, cy), (back, top), (back, bottom)])
    else:   # arrows: a shaft and a head at ``end``
        half = min(right - left, bottom - top) / 2
        d = {"←": (-1, 0), "→": (1, 0), "↑": (0, -1), "↓": (0, 1)}[mark]
        end = (cx + d[0] * half, cy + d[1] * half)
        gfx.line(surface, colour, (cx - d[0] * half, cy - d[1] * half), end, w)
        for side in (1, -1):
            wing = (end[0] - d[0] * half * 0.6 + d[1] * side * half * 0.6,
                    end[1] - d[1] * half * 0.6 + d[0] * side * half * 0.6)
            gfx.line(surface, colour, end, wing, w)


_font_problem_said: list[str] = []


def _say_font_problem(path, exc: BaseException) -> None:
    """One line on stderr, the first time a font file cannot be used."""
    if _font_problem_said:
        return
    try:
        empty = path.is_file() and path.stat().st_size == 0
    except OSError:
        empty = False
    why = ("it is missing" if isinstance(exc, FileNotFoundError) else exc.problem if isinstance(exc, FileProblem)
           else "it is empty" if empty else "it is not a font file that can be read")
    _font_problem_said.append(str(path))
    log.warning(f"Clue: the font file {path} cannot be used ({why}); the text is drawn with pygame's own plain "
                f"font instead. Detail: {type(exc).__name__}: {exc}")


#: The fonts :func:`font_px` keeps open, the least recently used closed first: each holds its glyphs
#: rendered at its size (0.4 MiB a font at 3840 x 2160), and a whole game there asked for 59 sizes
#: and more, where one frame asks for at most 20; opening one again takes 0.4 ms.
FONTS_KEPT = 32


@lru_cache(maxsize=FONTS_KEPT)
def font_px(pixels: int, bold: bool = False, display: bool = False) -> pygame.font.Font:
    """The game font at exactly ``pixels`` (the last :data:`FONTS_KEPT` asked for kept open; no text scale); ``display``:
    the titles' face (:data:`DISPLAY_FILE`, always bold).  A missing, empty or
    damaged font file never stops the game: a title falls back to DejaVu Sans
    Bold, other text to :class:`FallbackFont`, and stderr says so once."""
    if display:
        return _display_font(pixels)
    path = paths.FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    try:
        check_regular(path)           # a named pipe would block the font loader for ever
        f = pygame.font.Font(str(path), pixels)
        f.render("Ag", True, INK)     # a file of random bytes loads, then fails here ("Passed a NULL pointer")
        return f
    except (OSError, ValueError, pygame.error) as exc:   # ValueError: a file of 0 bytes
        _say_font_problem(path, exc)
        return FallbackFont(pixels)


def _display_font(pixels: int) -> pygame.font.Font:
    """The display face at ``pixels``, or DejaVu Sans Bold when its file cannot be used."""
    path = paths.FONTS / DISPLAY_FILE
    try:
        check_regular(path)
        f = pygame.font.Font(str(path), pixels)
        f.render("Ag", True, INK)
        return f
    except (OSError, ValueError, pygame.error) as exc:
        plain = font_px(pixels, True)
        if not isinstance(plain, FallbackFont):   # else the plain font's own problem was said
            _say_font_problem(path, exc)
        return plain


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game font for nominal ``size`` (scaled by the text scale)."""
    return font_px(px(size), bold)


def fit_px(s: str, size: int, bold: bool, width: int | None, display: bool = False) -> int:
    """The pixel size to draw ``s`` at: the scaled size, shrunk until it fits
    ``width`` — but never below :data:`SMALL` (20 px, the smallest text a
    child must read), nor below ``size`` when that is smaller.  ``display``:
    in the titles' face (see :func:`font_px`)."""
    big = px(size)
    if width is None:
        return big
    floor = min(size, SMALL)
    for p in range(big, floor - 1, -1):
        if font_px(p, bold, display and p >= DISPLAY_MIN).size(s)[0] <= width:
            return p
    return floor


def fit_width(s: str, size: int, bold: bool, width: int | None) -> int:
    """How wide ``s`` is drawn in a box ``width`` pixels wide (see :func:`fit_px`)."""
    return font_px(fit_px(s, size, bold, width), bold).size(s)[0]


#: The device bytes of rendered lines of text kept for later at output scale 1, times the
#: scale squared above it (9 MiB at 1920 x 1080; see :data:`TEXT_MOST`).  A frame draws at most about 1.2 MB of text
#: at 1280 x 720, but a whole game renders thousands of lines drawn once (each roll, each log
#: line), 0.1 to 0.5 MB each at 3840 x 2160, so a count of lines did not bound memory.
TEXT_BYTES = 4 << 20
#: ... but never more than this many device bytes (12 MiB: 9 MiB at 1920 x 1080 stays as it is;
#: at 3840 x 2160 twice the most one frame asked for over sixteen screens, 5.9 MiB, not the
#: 36 MiB of the scale squared).
TEXT_MOST = 12 << 20
#: Rendered lines, least recently used first: key -> the picture (see :func:`render_px`).
_TEXT_CACHE: OrderedDict[tuple, pygame.Surface] = OrderedDict()
#: The device bytes :data:`_TEXT_CACHE` holds (in a list: changed in place, never rebound).
_text_bytes = [0]


def reset_caches() -> None:
    """Forget fonts and rendered text (needed after ``pygame.quit()``); no frame is being drawn."""
    font_px.cache_clear()
    gfx.new_frame(counting=False)
    _forget_pictures()


@gfx.on_scale_change
def _forget_pictures() -> None:
    """Forget rendered text and backgrounds (made for one output scale)."""
    _shade.cache_clear()
    _veil.cache_clear()
    _TEXT_CACHE.clear()
    _text_bytes[0] = 0
    _BG_CACHE.clear()
    _INK.clear()


def text(s: str, size: int = BODY, colour=CREAM, bold: bool = False, max_width: int | None = None,
         display: bool = False) -> pygame.Surface:
    """A rendered line of text (cached by content, size, colour and weight);
    with ``max_width`` the larger text size grows only as far as that width.
    ``display``: a title in the display face, when drawn at :data:`DISPLAY_MIN`
    pixels or more (a title shrunk below that keeps the sans face).  Its
    logical size is the text's size at ``size`` pixels; its letters are
    rasterised at the output scale's size (:func:`render_px`)."""
    p = fit_px(s, size, bold, max_width, display)
    return render_px(s, p, colour, bold, display and p >= DISPLAY_MIN)


def render_px(s: str, pixels: int, colour=CREAM, bold: bool = False, display: bool = False) -> pygame.Surface:
    """``s`` in the game font at exactly ``pixels`` (logical; no text scale, no
    fitting), rasterised at the output scale: at 1920 x 1080 a 20-pixel line is
    drawn with a 30-pixel font, not stretched.  Its logical size is the one
    the font gives at ``pixels``, so layout is the same at every window size.
    Cached by content, size, colour, weight and scale."""
    scale = gfx.output_scale()
    key = (s, pixels, tuple(colour), bold, display, scale)
    surf = _TEXT_CACHE.get(key)
    if surf is not None:
        _TEXT_CACHE.move_to_end(key)
    else:
        f = font_px(pixels, bold, display)
        if scale == 1.0:
            surf = f.render(s, True, colour)
        else:
            sharp = font_px(gfx.dev(pixels, scale), bold, display).render(s, True, colour)
            w, h = f.size(s)
            room = gfx.dev(w, scale)
            if sharp.get_width() > room:    # the larger font's hinting ran wider: keep within what layout measured
                sharp = pygame.transform.smoothscale(sharp, (room, sharp.get_height()))
            surf = gfx.adopt(sharp, scale, (w, h))
        _keep_text(key, surf, text_budget(scale))
    return surf


def text_budget(scale: float) -> float:
    """The device bytes of rendered lines kept at output ``scale`` (:data:`TEXT_BYTES` times the
    scale squared above 1, at most :data:`TEXT_MOST`)."""
    return min(TEXT_BYTES * max(1.0, scale) ** 2, TEXT_MOST)


def _keep_text(key: tuple, surf: pygame.Surface, budget: float) -> None:
    """Keep ``surf`` in :data:`_TEXT_CACHE` under ``key``, the least recently used lines
    dropped first while the cache holds more than ``budget`` device bytes."""
    if len(_TEXT_CACHE) == 0:
        _text_bytes[0] = 0             # emptied by a change of language, text size or scale
    _TEXT_CACHE[key] = surf
    _text_bytes[0] += gfx.device_bytes(surf)
    while _text_bytes[0] > budget and len(_TEXT_CACHE) > 1:
        _old, pic = _TEXT_CACHE.popitem(last=False)
        _text_bytes[0] -= gfx.device_bytes(pic)


def wrap(s: str, width: int, size: int = BODY, bold: bool = False, exact: bool = False,
         cut: bool = False) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels; a single word wider
    than ``width`` gets a line of its own.  ``cut``: such a word (a long file path)
    is cut into lines of its own instead, after a ``/`` or ``\\`` where it can, else
    between any two letters.  ``exact``: ``size`` in pixels, without the text scale."""
    f = font_px(size, bold) if exact else font(size, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            test = f"{line} {word}" if line else word
            if f.size(test)[0] <= width or not line:
                line = test
            else:
                lines.append(line)
                line = word
            if cut and f.size(line)[0] > width and " " not in line:     # one word alone, too wide
                *whole, line = _cut_word(line, width, f)
                lines.extend(whole)
        lines.append(line)
    return lines


def _cut_word(word: str, width: int, f: pygame.font.Font) -> list[str]:
    """``word`` in pieces each no wider than ``width`` in font ``f`` (one letter at least),
    cut after the last path separator that fits, else after the last letter that fits."""
    pieces: list[str] = []
    while word and f.size(word)[0] > width:
        n = 1
        while n < len(word) and f.size(word[:n + 1])[0] <= width:
            n += 1
        sep = max(word.rfind("/", 0, n), word.rfind("\\", 0, n))
        cut = sep + 1 if sep > 0 else n
        pieces.append(word[:cut])
        word = word[cut:]
    return pieces + [word]


#: The lines of text drawn on the whole screen (the 1280 x 720 logical surface)
#: since :func:`forget_drawn_text`, in logical pixels: what the guided game's
#: arrow and ring keep clear of (see :mod:`game.ui.lesson.pointer`).
drawn_text: list[pygame.Rect] = []


#: The inked part of each line of text drawn, by its picture; weak, so that a line the text
#: cache has dropped is freed (this held up to 4000 lines' pictures of its own).
_INK: weakref.WeakKeyDictionary[pygame.Surface, pygame.Rect] = weakref.WeakKeyDictionary()


def note_text(surface: pygame.Surface, rect: pygame.Rect, img: pygame.Surface | None = None) -> None:
    """Remember that text was drawn at ``rect`` when ``surface`` is the whole
    screen: only its inked pixels when the text's picture ``img`` is given."""
    if surface.get_size() != (1280, 720):
        return
    if len(drawn_text) > 1000:           # nobody asked for a while
        drawn_text.clear()
    if img is not None:
        ink = _INK.get(img)
        if ink is None:
            ink = _INK[img] = img.get_bounding_rect()
        rect = ink.move(rect.topleft)
    drawn_text.append(rect)
    for kept in _recorders:
        kept.append(rect)


#: The lists :func:`recording_text` is filling now.
_recorders: list[list[pygame.Rect]] = []


@contextmanager
def recording_text() -> Iterator[list[pygame.Rect]]:
    """Collect, in the list this yields, every text rectangle noted (:func:`note_text`) while the
    block runs; they go to :data:`drawn_text` as usual too.  A picture drawn once and shown again
    in later frames notes them again with :func:`replay_text`, so the coach's pointer keeps clear
    of its words in every frame."""
    kept: list[pygame.Rect] = []
    _recorders.append(kept)
    try:
        yield kept
    finally:
        _recorders.remove(kept)


def replay_text(rects: list[pygame.Rect]) -> None:
    """Note again, in this frame's :data:`drawn_text`, the text rectangles (logical pixels) that
    :func:`recording_text` collected when a kept picture was drawn."""
    if len(drawn_text) + len(rects) > 1000:     # nobody asked for a while (as note_text)
        drawn_text.clear()
    drawn_text.extend(rects)


def forget_drawn_text() -> None:
    """Start a new frame's :data:`drawn_text`."""
    drawn_text.clear()


def blit_text(surface: pygame.Surface, s: str, pos: tuple[int, int], size: int = BODY, colour=CREAM,
              bold: bool = False, anchor: str = "topleft", max_width: int | None = None,
              display: bool = False) -> pygame.Rect:
    """Draw one line of text with its ``anchor`` (a pygame.Rect attribute name) at
    ``pos``; returns the rectangle drawn.  ``max_width`` and ``display``: see :func:`text`."""
    surf = text(s, size, colour, bold, max_width, display)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    note_text(surface, rect, surf)
    return rect


def blit_wrapped(surface: pygame.Surface, s: str, rect: pygame.Rect, size: int = BODY, colour=CREAM,
                 bold: bool = False, align: str = "left", line_gap: int = 4, cut: bool = False) -> int:
    """Draw ``s`` wrapped into ``rect``'s width (``cut``: see :func:`wrap`); returns the height used (pixels)."""
    y = rect.top
    for line in wrap(s, rect.width, size, bold, cut=cut):
        surf = text(line, size, colour, bold)
        if align == "center":
            r = surf.get_rect(midtop=(rect.centerx, y))
        else:
            r = surf.get_rect(topleft=(rect.left, y))
        surface.blit(surf, r)
        note_text(surface, r, surf)
        y += surf.get_height() + line_gap
    return y - rect.top


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=PANEL, edge=PANEL_EDGE, radius: int = 14,
          width: int = 3) -> None:
    """A rounded panel with an edge."""
    gfx.rect(surface, colour, rect, border_radius=radius)
    if width:
        gfx.rect(surface, edge, rect, width, border_radius=radius)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (behind an overlay) with black at ``alpha`` (0-255)."""
    # One veil tile, filled again when the alpha changes: a fade's every step would make (and keep)
    # a picture of its own.
    veil = _veil()
    if veil.get_at((0, 0)).a != alpha:
        veil.fill((0, 0, 0, alpha))
    _lay_tiles(surface, surface.get_rect(), veil)


def shade(surface: pygame.Surface, rect: pygame.Rect, alpha: int, colour=(0, 0, 0)) -> None:
    """Cover ``rect`` (logical pixels) with ``colour`` at ``alpha`` (0-255)."""
    _lay_tiles(surface, rect, _shade(alpha, tuple(colour)))


#: The side of the translucent tiles laid side by side to shade an area (device pixels): a
#: whole screen's translucent picture would be 33 MB at 3840 x 2160, a tile is 256 KB.
SHADE_TILE = 256


def _lay_tiles(surface: pygame.Surface, rect: pygame.Rect, tile: pygame.Surface) -> None:
    """Blend the uniform ``tile`` over the device pixels a picture of ``rect``'s size blitted
    at its corner would cover: each pixel blends alone, so the result is that blit's."""
    rect = pygame.Rect(rect)
    s = gfx.scale_of(surface)
    x0, y0 = gfx.dev(rect.left, s), gfx.dev(rect.top, s)
    w, h = (gfx.dev(rect.width, s), gfx.dev(rect.height, s)) if s != 1.0 else rect.size
    # only the part inside the clip is drawn: a still painted again square by square (a soft wipe)
    # lays its shade under a small clip, and noting all of it showed the whole band each time
    pixels = gfx.raw(surface)
    drawn = pygame.Rect(x0, y0, w, h).clip(pygame.Surface.get_clip(pixels))
    if not drawn:
        return
    for y in range(y0, y0 + h, SHADE_TILE):
        for x in range(x0, x0 + w, SHADE_TILE):
            part = pygame.Rect(x, y, min(SHADE_TILE, x0 + w - x), min(SHADE_TILE, y0 + h - y))
            if part.colliderect(drawn):
                pygame.Surface.blit(pixels, tile, (x, y), (0, 0, part.width, part.height))
    tracker = getattr(surface, "tracker", None)
    if tracker is not None:         # drawn like any blit: put back and shown with the rest
        tracker.note(drawn)


@lru_cache(maxsize=1)
def _veil() -> pygame.Surface:
    return gfx.surface((SHADE_TILE, SHADE_TILE), pygame.SRCALPHA, 1.0)


@lru_cache(maxsize=16)
def _shade(alpha: int, colour: tuple[int, int, int] = (0, 0, 0)) -> pygame.Surface:
    tile = gfx.surface((SHADE_TILE, SHADE_TILE), pygame.SRCALPHA, 1.0)
    tile.fill((*colour, alpha))
    return tile


#: The background's stripes are this far apart (logical pixels).
BG_STRIPE = 90
_BG_CACHE: dict[tuple[int, int], pygame.Surface] = {}


def _paint_background(bg: pygame.Surface, height: int, stripes_to: int) -> None:
    """The gradient of ``height`` pixels on ``bg`` and its stripes, every :data:`BG_STRIPE` pixels
    from x = 0 to before ``stripes_to``."""
    w, scale = bg.get_width(), gfx.scale_of(bg)
    dw, dh = gfx.device_pixels((w, height), scale)
    column = pygame.Surface((1, dh))        # the gradient, one device row at a time, then widened
    for y in range(dh):
        t = y / max(1, dh - 1)
        column.set_at((0, y), tuple(int(BG[i] * (1 - t) + BG_DARK[i] * t) for i in range(3)))
    bg.blit(gfx.adopt(pygame.transform.scale(column, (dw, dh)), scale, (w, height)), (0, 0))
    for x in range(0, stripes_to, BG_STRIPE):
        gfx.line(bg, tuple(max(0, v - 8) for v in BG), (x, 0), (x, height), 2)


def background(surface: pygame.Surface) -> None:
    """Fill with the warm wood background (a gradient with soft stripes).  Where the stripes
    fall on whole device pixels, one stripe's width of it is cached and laid side by side
    (a whole screen of it is 33 MB at 3840 x 2160); else the whole picture is cached."""
    size = surface.get_size()
    s = gfx.scale_of(surface)
    tiled = float(BG_STRIPE * s).is_integer()
    key = (BG_STRIPE + 1, size[1]) if tiled else size
    bg = _BG_CACHE.get(key)
    if bg is None:
        _BG_CACHE.clear()                  # one size in use at a time
        # a tile one pixel wider than the stripes' spacing holds the next stripe's left edge too
        bg = _BG_CACHE[key] = gfx.surface(key)
        _paint_background(bg, size[1], BG_STRIPE + 1 if tiled else size[0])
    if not tiled:
        surface.blit(bg, (0, 0))
        return
    for x in range(0, size[0], BG_STRIPE):
        surface.blit(bg, (x, 0))
