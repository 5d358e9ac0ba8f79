"""Drawing at the window's real resolution, in logical units.

Every screen is laid out on a logical 1280 x 720 picture
(:data:`~game.ui.LOGICAL_SIZE`).  The window shows it at its own size: at
1920 x 1080 each logical pixel is 1.5 window pixels, at 3840 x 2160 three.
So that text and pictures stay sharp, nothing is drawn small and stretched:
a :class:`Canvas` holds ``scale`` device pixels per logical pixel, and the
functions here draw on it in logical units -- a rectangle at (10, 10, 28, 28)
on a canvas of scale 1.5 covers device pixels (15, 15) to (57, 57); text is
rasterised at its device size (:func:`adopt`); pictures are generated or
resampled from their sources for the device size (:func:`smoothscale`).

The output scale in use is set by the window (:func:`set_output_scale`).  At
scale 1 (a 1280 x 720 window) :func:`surface` gives plain ``pygame.Surface``
objects and every function here is the ``pygame`` call it stands for, so that
picture is drawn exactly as pygame draws it.

Rule for the code in ``game/ui``: make surfaces with :func:`surface`, draw with
the functions here (``gfx.rect`` for ``pygame.draw.rect`` ...) and transform
with them (``gfx.smoothscale`` ...); ``tests/test_gfx.py`` checks that no
module calls ``pygame.draw``, ``pygame.Surface(`` or ``pygame.transform``
directly, except the pixel-space painters it names.
"""

from __future__ import annotations

import contextlib
import functools
import math
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pygame
from pygame.typing import SequenceLike

from game.ui.draw import heap

Point = SequenceLike[float]
RectLike = Any

_output = {"scale": 1.0}
#: Functions to call when the output scale changes (caches of pictures made for the old scale).
_on_change: list[Callable[[], None]] = []


def output_scale() -> float:
    """Device pixels per logical pixel of the window's picture (1.0 at 1280 x 720)."""
    return _output["scale"]


def set_output_scale(scale: float) -> None:
    """Draw new surfaces (:func:`surface`) at ``scale`` device pixels per
    logical pixel; forget every picture cached for the old scale."""
    scale = float(scale)
    if scale <= 0:
        raise ValueError(f"output scale must be positive, not {scale}")
    if scale != _output["scale"]:
        _output["scale"] = scale
        for forget in list(_on_change):
            forget()


def on_scale_change(forget: Callable[[], None]) -> Callable[[], None]:
    """Register ``forget`` (no arguments) to be called when the output scale
    changes; returns it, so it can decorate a function."""
    _on_change.append(forget)
    return forget


def dev(v: float, scale: float) -> int:
    """A logical coordinate ``v`` in device pixels at ``scale`` (rounded)."""
    return int(math.floor(v * scale + 0.5))


def dev_len(v: float, scale: float) -> int:
    """A logical line width or radius ``v`` (> 0) in device pixels, at least 1."""
    return max(1, dev(v, scale)) if v > 0 else int(v)


def scale_of(s: pygame.Surface) -> float:
    """Device pixels per logical pixel of ``s`` (1.0 for a plain surface)."""
    return getattr(s, "scale", 1.0)


def _dev_rect(rect: RectLike, scale: float) -> pygame.Rect:
    """A logical rectangle as device pixels: edges rounded, so neighbours still touch."""
    r = pygame.Rect(rect)
    left, top = dev(r.left, scale), dev(r.top, scale)
    return pygame.Rect(left, top, dev(r.right, scale) - left, dev(r.bottom, scale) - top)


def _log_rect(rect: pygame.Rect, scale: float) -> pygame.Rect:
    """A device rectangle as the logical rectangle that covers it."""
    left, top = int(math.floor(rect.left / scale)), int(math.floor(rect.top / scale))
    return pygame.Rect(left, top, int(math.ceil(rect.right / scale)) - left,
                       int(math.ceil(rect.bottom / scale)) - top)


def _dev_point(p: Point, scale: float) -> tuple[int, int]:
    return (dev(p[0], scale), dev(p[1], scale))


def _dev_pointf(p: Point, scale: float) -> tuple[float, float]:
    return (p[0] * scale, p[1] * scale)


class _Logical:
    """The logical drawing of a :class:`Canvas` and of the window's :class:`Frame`: sizes,
    blits, fills, the clip and reads in logical pixels, on the device pixels :meth:`_px` gives."""

    scale: float = 1.0
    _lsize: tuple[int, int] = (0, 0)
    #: What was drawn on it (a :class:`Tracker`), when it is a window's picture (:meth:`track`); else None.
    tracker: Tracker | None = None

    def _px(self) -> pygame.Surface:
        raise NotImplementedError

    # --- sizes, logical
    def get_size(self) -> tuple[int, int]:
        return self._lsize

    def get_width(self) -> int:
        return self._lsize[0]

    def get_height(self) -> int:
        return self._lsize[1]

    def get_rect(self, **kw: Any) -> pygame.Rect:
        r = pygame.Rect(0, 0, *self._lsize)
        for k, v in kw.items():
            setattr(r, k, v)
        return r

    def device_size(self) -> tuple[int, int]:
        """The surface's size in device pixels."""
        return pygame.Surface.get_size(self._px())

    def track(self) -> Tracker:
        """Note from now on which device pixels are drawn on this canvas (the window's picture:
        :func:`lay` and :func:`take_dirty` use the notes); returns the :class:`Tracker`."""
        self.tracker = Tracker(self.device_size())
        return self.tracker

    def get_bounding_rect(self, min_alpha: int = 1) -> pygame.Rect:
        return _log_rect(pygame.Surface.get_bounding_rect(self._px(), min_alpha), self.scale)

    # --- drawing, logical
    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: RectLike | None = None,
             special_flags: int = 0) -> pygame.Rect:
        s = self.scale
        if isinstance(dest, pygame.Rect) or (hasattr(dest, "__len__") and len(dest) == 4):
            dest = pygame.Rect(dest).topleft
        at = _dev_point(dest, s)
        src_scale = scale_of(source)
        if src_scale == s:
            dev_area = _dev_rect(area, s) if area is not None else None
            r = pygame.Surface.blit(self._px(), raw(source), at, dev_area, special_flags)
        else:
            img = _resampled(raw(source), src_scale, s, area)
            r = pygame.Surface.blit(self._px(), img, at, None, special_flags)
        if self.tracker is not None:
            self.tracker.note(r)
        return _log_rect(r, s)

    def fill(self, color: Any, rect: RectLike | None = None, special_flags: int = 0) -> pygame.Rect:
        dev_rect = _dev_rect(rect, self.scale) if rect is not None else None
        r = pygame.Surface.fill(self._px(), color, dev_rect, special_flags)
        if self.tracker is not None:
            self.tracker.note(r)
        return _log_rect(r, self.scale)

    def set_clip(self, rect: RectLike | None = None) -> None:
        pygame.Surface.set_clip(self._px(), _dev_rect(rect, self.scale) if rect is not None else None)

    def get_clip(self) -> pygame.Rect:
        return _log_rect(pygame.Surface.get_clip(self._px()), self.scale)

    def get_at(self, pos: Point) -> pygame.Color:
        return pygame.Surface.get_at(self._px(), _dev_point(pos, self.scale))

    # --- copies keep the scale
    def _like(self, device: tuple[int, int] | None = None) -> Canvas:
        return Canvas(self._lsize, self._px().get_flags() & pygame.SRCALPHA, self.scale, device or self.device_size())

    def copy(self) -> Canvas:
        out = self._like()
        _copy_pixels(out, self._px())
        return out

    def premul_alpha(self) -> Canvas:
        """A copy with its colours multiplied by its alpha, at this canvas's scale.
        pygame's own makes a bare ``Canvas`` of scale 1 and size 0, which the
        next resize took for a picture of logical pixels: it came out soft."""
        out = self.copy()
        pygame.Surface.premul_alpha_ip(out)
        return out

    def convert(self, *args: Any) -> Canvas:
        out = Canvas(self._lsize, 0, self.scale, self.device_size())
        pygame.Surface.blit(out, self._px(), (0, 0))
        return out

    def convert_alpha(self, *args: Any) -> Canvas:
        out = Canvas(self._lsize, pygame.SRCALPHA, self.scale, self.device_size())
        _copy_pixels(out, self._px())
        return out

    def subsurface(self, *rect: Any) -> pygame.Surface:    # a copy, not shared pixels: the callers only read it
        r = pygame.Rect(*rect)
        part = pygame.Surface.subsurface(self._px(), _dev_rect(r, self.scale))
        return adopt(part, self.scale, r.size)


class Canvas(_Logical, pygame.Surface):
    """A surface of logical size ``size`` (width, height) holding ``scale``
    device pixels per logical pixel.  ``get_size``, ``get_rect``, ``blit``,
    ``fill`` and the clip speak logical pixels; :meth:`device_size` the real
    ones.  ``flags`` as for ``pygame.Surface`` (``pygame.SRCALPHA``);
    ``device``: the device size when it is not ``size`` times ``scale``
    rounded (a picture adopted from pixels, :func:`adopt`)."""

    def __init__(self, size: Sequence[float], flags: int = 0, scale: float = 1.0,
                 device: tuple[int, int] | None = None) -> None:
        w, h = int(round(size[0])), int(round(size[1]))
        if device is None:
            device = (max(0, dev(w, scale)), max(0, dev(h, scale)))
        super().__init__(device, flags)
        self.scale = float(scale)
        self._lsize = (w, h)

    def _px(self) -> pygame.Surface:
        return self


class Frame(_Logical):
    """The window's picture: a logical canvas of ``size`` (width, height) at ``scale`` whose
    device pixels are ``pixels``, a plain ``pygame.Surface`` it does not copy (the window's own,
    so a frame is drawn once, not drawn and then copied).  It draws as a :class:`Canvas` does
    and is tracked (:meth:`track`); it is not a ``pygame.Surface``: code that hands the picture
    to pygame itself (``pygame.draw``, ``tobytes``, ``surfarray``) asks :func:`raw` for
    ``pixels``.  Other attributes (``get_flags``, ``get_bitsize`` ...) are ``pixels``'s.
    :meth:`rebind` points it at new pixels after the window's surface changed (a resize,
    fullscreen), before anything is drawn."""

    def __init__(self, pixels: pygame.Surface, size: Sequence[float], scale: float) -> None:
        self.rebind(pixels, size, scale)

    def rebind(self, pixels: pygame.Surface, size: Sequence[float], scale: float) -> None:
        """Draw from now on onto ``pixels`` (logical ``size`` at ``scale``); what was noted as
        drawn is forgotten: all of it is to be shown, nothing laid is assumed there."""
        self.pixels = pixels
        self.scale = float(scale)
        self._lsize = (int(round(size[0])), int(round(size[1])))
        self.track()

    def _px(self) -> pygame.Surface:
        return self.pixels

    def __getattr__(self, name: str) -> Any:
        if name == "pixels":            # not set yet: no recursion through the line below
            raise AttributeError(name)
        return getattr(self.pixels, name)


def raw(s: Any) -> pygame.Surface:
    """The ``pygame.Surface`` holding ``s``'s device pixels: the window's pixels for the
    window's :class:`Frame`, ``s`` itself for any surface (to hand to pygame directly)."""
    return s.pixels if type(s) is Frame else s


def device_view(canvas: pygame.Surface) -> pygame.Surface:
    """A surface of scale 1 sharing ``canvas``'s device pixels: what is drawn on it in
    device pixels is drawn on ``canvas`` (a painter filling a picture without a copy)."""
    canvas = raw(canvas)
    view = pygame.Surface.subsurface(canvas, pygame.Rect((0, 0), pygame.Surface.get_size(canvas)))
    if isinstance(view, Canvas):    # pygame makes the subclass without calling __init__
        view.scale, view._lsize = 1.0, pygame.Surface.get_size(view)
    return view


def _copy_pixels(dst: pygame.Surface, src: pygame.Surface) -> None:
    """Copy ``src``'s device pixels (alpha too) onto the fresh ``dst`` of the same device size."""
    if src.get_flags() & pygame.SRCALPHA:
        pygame.Surface.fill(dst, (0, 0, 0, 0))
        pygame.Surface.blit(dst, src, (0, 0), None, pygame.BLEND_RGBA_MAX)
    else:
        pygame.Surface.blit(dst, src, (0, 0))
    key = src.get_colorkey()
    if key is not None:
        dst.set_colorkey(key)
    alpha = src.get_alpha()
    if alpha is not None and not src.get_flags() & pygame.SRCALPHA:
        dst.set_alpha(alpha)


def _resampled(source: pygame.Surface, src_scale: float, scale: float, area: RectLike | None) -> pygame.Surface:
    """``source`` (``src_scale`` device pixels per logical one) resampled to ``scale``;
    ``area``: only that logical part of it."""
    if area is not None:
        r = _dev_rect(area, src_scale).clip(pygame.Rect((0, 0), pygame.Surface.get_size(source)))
        source = pygame.Surface.subsurface(source, r)
    w, h = pygame.Surface.get_size(source)
    size = (max(1, dev(w / src_scale, scale)), max(1, dev(h / src_scale, scale)))
    if size == (w, h):
        return source
    if source.get_bitsize() not in (24, 32):
        source = source.convert_alpha() if source.get_flags() & pygame.SRCALPHA else source.convert(32, 0)
    return pygame.transform.smoothscale(source, size)


def adopt(pixels: pygame.Surface, scale: float, size: Sequence[float] | None = None) -> pygame.Surface:
    """``pixels`` (a plain surface drawn in device pixels) as a picture of
    ``scale`` device pixels per logical pixel; its logical ``size`` defaults
    to its device size divided by ``scale``.  At scale 1 ``pixels`` itself."""
    if scale == 1.0 and size is None:
        return pixels
    dw, dh = pygame.Surface.get_size(pixels)
    if size is None:
        size = (dw / scale, dh / scale)
    out = Canvas(size, pixels.get_flags() & pygame.SRCALPHA, scale, (dw, dh))
    _copy_pixels(out, pixels)
    return out


def surface(size: Sequence[float], flags: int = 0, scale: float | None = None) -> pygame.Surface:
    """A new surface of logical ``size`` at the output scale (or ``scale``):
    a plain ``pygame.Surface`` at scale 1, else a :class:`Canvas`."""
    s = output_scale() if scale is None else scale
    if s == 1.0:
        return pygame.Surface((int(size[0]), int(size[1])), flags)
    return Canvas(size, flags, s)


def opaque(size: Sequence[float], scale: float | None = None) -> pygame.Surface:
    """A new opaque surface of logical ``size`` at the output scale (or ``scale``) in the
    window's pixel format, as ``surface(size).convert()`` gives, without the second picture
    that ``convert`` copies it into (a whole screen is 33 MB at 3840 x 2160).  Needs the
    display initialised (``pygame.error`` otherwise)."""
    return in_window_format(surface(size, 0, scale))


def in_window_format(pic: pygame.Surface) -> pygame.Surface:
    """``pic`` (a new opaque picture, not shared) in the window's pixel format: ``pic`` itself
    when it is in that format already, else ``pic.convert()``: convert copies it even then."""
    window = pygame.display.get_surface()
    if window is None or pic.get_flags() & pygame.SRCALPHA or pic.get_bitsize() != window.get_bitsize() \
            or pic.get_masks() != window.get_masks():
        return pic.convert()
    return pic


def device_pixels(size: Sequence[float], scale: float | None = None) -> tuple[int, int]:
    """A logical ``size`` in device pixels at the output scale (or ``scale``): the
    size to generate a picture at (then :func:`adopt` it)."""
    s = output_scale() if scale is None else scale
    return (max(1, dev(size[0], s)), max(1, dev(size[1], s)))


# ---------------------------------------------------------------- drawing only what changed
#: The side (device pixels) of the squares in which a :class:`Tracker` notes what was drawn.
TILE = 64


class Tracker:
    """What was drawn on a canvas of ``size`` (device width, height), in squares of
    :data:`TILE` pixels: since the window last showed it (:func:`take_dirty`) and
    since a picture was last laid over the whole of it (:func:`lay`).  One bit a
    square, one integer a row, so noting a blit costs a few integer operations."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.cols, self.rows = -(-size[0] // TILE), -(-size[1] // TILE)
        self.dirty = [(1 << self.cols) - 1] * self.rows      # all of it: the window has not shown it yet
        self.drawn = [0] * self.rows
        self.base: tuple | None = None       # (a weak reference to the picture laid, its device area)
        self.lays = 0                        # how many times a picture was laid (:func:`lay`)

    def note(self, r: pygame.Rect) -> None:
        """Device rectangle ``r`` was drawn."""
        left, top = max(0, r.left), max(0, r.top)
        right, bottom = min(self.size[0], r.right), min(self.size[1], r.bottom)
        if right <= left or bottom <= top:
            return
        c0, c1 = left // TILE, (right - 1) // TILE
        bits = ((1 << (c1 - c0 + 1)) - 1) << c0
        dirty, drawn = self.dirty, self.drawn
        for row in range(top // TILE, (bottom - 1) // TILE + 1):
            dirty[row] |= bits
            drawn[row] |= bits

    def rects(self, masks: list[int]) -> list[pygame.Rect]:
        """The squares set in ``masks`` (one per row) as few device rectangles: runs
        along a row, joined with the rows below that have the same squares set."""
        out: list[pygame.Rect] = []
        row = 0
        while row < self.rows:
            m = masks[row]
            end = row + 1
            while end < self.rows and masks[end] == m:
                end += 1
            while m:
                c0 = (m & -m).bit_length() - 1
                run = m >> c0
                n = ((run + 1) & ~run).bit_length() - 1         # the run's length: its trailing ones
                m &= ~(((1 << n) - 1) << c0)
                r = pygame.Rect(c0 * TILE, row * TILE, n * TILE, (end - row) * TILE)
                out.append(r.clip(pygame.Rect((0, 0), self.size)))
            row = end
        return out


def lay(surface: pygame.Surface, picture: pygame.Surface, area: RectLike | None = None) -> None:
    """Blit ``picture`` (its logical ``area``, default all of it) at (0, 0) over the
    whole of ``surface``: the first thing drawn in a frame.  On a tracked canvas
    (:meth:`Canvas.track`) that still holds the same picture and area from the
    last time, only the squares drawn over since are put back: the same pixels
    as blitting all of it, with a fraction of the copying."""
    tracker = getattr(surface, "tracker", None)
    s = scale_of(surface)
    if tracker is None or scale_of(picture) != s:
        surface.blit(picture, (0, 0), area)
        return
    dev_area = _dev_rect(area if area is not None else picture.get_rect(), s)
    base = tracker.base
    if base is not None and base[0]() is picture and base[1] == tuple(dev_area):
        for r in tracker.rects(tracker.drawn):
            pygame.Surface.blit(raw(surface), picture, r.topleft, r.move(dev_area.topleft))
        tracker.dirty = [a | b for a, b in zip(tracker.dirty, tracker.drawn, strict=True)]
    else:
        surface.blit(picture, (0, 0), area)
        opaque = not picture.get_flags() & pygame.SRCALPHA and picture.get_alpha() is None \
            and picture.get_colorkey() is None
        covers = opaque and dev_area.size == tracker.size and \
            pygame.Rect((0, 0), pygame.Surface.get_size(picture)).contains(dev_area)
        try:
            tracker.base = (weakref.ref(picture), tuple(dev_area)) if covers else None
        except TypeError:                   # a surface that takes no weak reference: lay it whole each time
            tracker.base = None
    # under a clip (a soft wipe draws the rest) only the squares inside it were put back
    inside = clip_columns(surface)
    tracker.drawn = [d & ~inside for d in tracker.drawn]
    tracker.lays += 1


def clip_columns(surface: pygame.Surface) -> int:
    """The columns of squares of ``surface``'s tracker (:meth:`Canvas.track`) wholly inside
    its clip, as a bit mask (-1: the clip is the whole surface; 0 for a clip that does not
    span the surface's height); ``surface`` must be tracked."""
    tracker = getattr(surface, "tracker", None)
    assert tracker is not None, "clip_columns of a surface not tracked"
    clip = pygame.Surface.get_clip(raw(surface))
    if clip.size == tracker.size:
        return -1
    if clip.top > 0 or clip.bottom < tracker.size[1]:
        return 0
    c0 = -(-clip.left // TILE)
    c1 = tracker.cols if clip.right >= tracker.size[0] else clip.right // TILE
    return ((1 << max(0, c1 - c0)) - 1) << c0


def device_rect(rect: RectLike, scale: float) -> pygame.Rect:
    """A logical rectangle as device pixels at ``scale``, edges rounded as drawing rounds them."""
    return _dev_rect(rect, scale)


def hold(surface: pygame.Surface, picture: pygame.Surface, area: RectLike) -> None:
    """Note that ``surface`` (a tracked canvas) now shows ``picture``'s logical ``area``
    under the squares drawn since it was last shown: the next :func:`lay` of the same
    picture and area puts back only those.  For a painter that laid it by parts."""
    tracker = getattr(surface, "tracker", None)
    if tracker is None:
        return
    at = tuple(_dev_rect(area, scale_of(surface)))
    base = tracker.base
    if base is None or base[0]() is not picture or base[1] != at:   # kept as it is when it is the same
        tracker.base = (weakref.ref(picture), at)


def take_dirty(surface: pygame.Surface) -> list[pygame.Rect] | None:
    """The device rectangles of ``surface`` drawn since the last call (and forget
    them); None when ``surface`` is not tracked (:meth:`Canvas.track`): take all of it."""
    tracker = getattr(surface, "tracker", None)
    if tracker is None:
        return None
    out = tracker.rects(tracker.dirty)
    tracker.dirty = [0] * tracker.rows
    return out


# ---------------------------------------------------------------- pygame.draw in logical units
def _drawn(surf: pygame.Surface, r: pygame.Rect, s: float) -> pygame.Rect:
    """Note the device rectangle ``r`` that ``pygame.draw`` reports on ``surf`` (a tracked
    canvas); returns it in logical units."""
    tracker = getattr(surf, "tracker", None)
    if tracker is not None:
        tracker.note(r.inflate(2, 2))      # anti-aliased edges may spill a pixel past the reported box
    return _log_rect(r, s)


def rect(surf: pygame.Surface, color: Any, rect: RectLike, width: int = 0, border_radius: int = 0,
         border_top_left_radius: int = -1, border_top_right_radius: int = -1,
         border_bottom_left_radius: int = -1, border_bottom_right_radius: int = -1) -> pygame.Rect:
    """``pygame.draw.rect`` in logical units (returns the logical rectangle touched)."""
    s = scale_of(surf)
    if s == 1.0:
        return pygame.draw.rect(surf, color, rect, width, border_radius, border_top_left_radius,
                                border_top_right_radius, border_bottom_left_radius, border_bottom_right_radius)

    def rad(v: int) -> int:
        return dev(v, s) if v > 0 else v
    r = pygame.draw.rect(raw(surf), color, _dev_rect(rect, s), dev_len(width, s), rad(border_radius),
                         rad(border_top_left_radius), rad(border_top_right_radius),
                         rad(border_bottom_left_radius), rad(border_bottom_right_radius))
    return _drawn(surf, r, s)


def line(surf: pygame.Surface, color: Any, start: Point, end: Point, width: int = 1) -> pygame.Rect:
    """``pygame.draw.line`` in logical units."""
    s = scale_of(surf)
    if s == 1.0:
        return pygame.draw.line(surf, color, start, end, width)
    return _drawn(surf, pygame.draw.line(raw(surf), color, _dev_point(start, s), _dev_point(end, s), dev_len(width, s)), s)


def lines(surf: pygame.Surface, color: Any, closed: bool, points: Sequence[Point], width: int = 1) -> pygame.Rect:
    """``pygame.draw.lines`` in logical units."""
    s = scale_of(surf)
    if s == 1.0:
        return pygame.draw.lines(surf, color, closed, points, width)
    return _drawn(surf, pygame.draw.lines(raw(surf), color, closed, [_dev_point(p, s) for p in points], dev_len(width, s)), s)


def aaline(surf: pygame.Surface, color: Any, start: Point, end: Point, blend: int = 1) -> pygame.Rect:
    """``pygame.draw.aaline`` in logical units."""
    s = scale_of(surf)
    if s == 1.0:
        return pygame.draw.aaline(surf, color, start, end)
    return _drawn(surf, pygame.draw.aaline(raw(surf), color, _dev_pointf(start, s), _dev_pointf(end, s)), s)


def aalines(surf: pygame.Surface, color: Any, closed: bool, points: Sequence[Point], blend: int = 1) -> pygame.Rect:
    """``pygame.draw.aalines`` in logical units."""
    s = scale_of(surf)
    if s == 1.0:
        return pygame.draw.aalines(surf, color, closed, points)
    return _drawn(surf, pygame.draw.aalines(raw(surf), color, closed, [_dev_pointf(p, s) for p in points]), s)


def circle(surf: pygame.Surface, color: Any, center: Point, radius: float, width: int = 0, **quadrants: bool
           ) -> pygame.Rect:
    """``pygame.draw.circle`` in logical units."""
    s = scale_of(surf)
    if s == 1.0:
        return pygame.draw.circle(surf, color, center, radius, width, **quadrants)
    return _drawn(surf, pygame.draw.circle(raw(surf), color, _dev_pointf(center, s), radius * s, dev_len(width, s),
                                        **quadrants), s)


def aacircle(surf: pygame.Surface, color: Any, center: Point, radius: float, width: int = 0) -> pygame.Rect:
    """``pygame.draw.aacircle`` in logical units."""
    s = scale_of(surf)
    if s == 1.0:
        return pygame.draw.aacircle(surf, color, center, radius, width)
    return _drawn(surf, pygame.draw.aacircle(raw(surf), color, _dev_pointf(center, s), radius * s, dev_len(width, s)), s)


def ellipse(surf: pygame.Surface, color: Any, rect: RectLike, width: int = 0) -> pygame.Rect:
    """``pygame.draw.ellipse`` in logical units."""
    s = scale_of(surf)
    if s == 1.0:
        return pygame.draw.ellipse(surf, color, rect, width)
    return _drawn(surf, pygame.draw.ellipse(raw(surf), color, _dev_rect(rect, s), dev_len(width, s)), s)


def arc(surf: pygame.Surface, color: Any, rect: RectLike, start_angle: float, stop_angle: float,
        width: int = 1) -> pygame.Rect:
    """``pygame.draw.arc`` in logical units (angles in radians)."""
    s = scale_of(surf)
    if s == 1.0:
        return pygame.draw.arc(surf, color, rect, start_angle, stop_angle, width)
    return _drawn(surf, pygame.draw.arc(raw(surf), color, _dev_rect(rect, s), start_angle, stop_angle, dev_len(width, s)), s)


def polygon(surf: pygame.Surface, color: Any, points: Sequence[Point], width: int = 0) -> pygame.Rect:
    """``pygame.draw.polygon`` in logical units."""
    s = scale_of(surf)
    if s == 1.0:
        return pygame.draw.polygon(surf, color, points, width)
    return _drawn(surf, pygame.draw.polygon(raw(surf), color, [_dev_pointf(p, s) for p in points], dev_len(width, s)), s)


# ---------------------------------------------------------------- pygame.transform keeping the scale
def smoothscale(img: pygame.Surface, size: Sequence[float]) -> pygame.Surface:
    """``img`` resized to logical ``size``.  A plain picture (a PNG, a canvas of
    pixels) is resampled straight to the output scale's device size, so a large
    source gives a sharp result; a :class:`Canvas` keeps its scale."""
    s = scale_of(img) if isinstance(img, Canvas) else output_scale()
    w, h = int(size[0]), int(size[1])
    if s == 1.0:
        return pygame.transform.smoothscale(img, (w, h))
    return _resized(pygame.transform.smoothscale, img, s, (w, h))


def _resized(transform: Callable[..., pygame.Surface], img: pygame.Surface, s: float,
             size: tuple[int, int]) -> pygame.Surface:
    """``transform(img, device size, dest)`` (``pygame.transform.smoothscale`` or ``scale``) for
    logical ``size`` at scale ``s``, written straight into the :class:`Canvas` it returns: the
    pixels :func:`adopt` would give, without a second picture as large (33 MB for a whole screen
    at 3840 x 2160) held while they are copied.  A picture of another pixel format than a new
    canvas's is resized and adopted as before."""
    device = (max(1, dev(size[0], s)), max(1, dev(size[1], s)))
    flags = img.get_flags() & pygame.SRCALPHA
    probe = pygame.Surface((1, 1), flags)       # the format a new canvas gets, before one is made
    if probe.get_bitsize() != img.get_bitsize() or probe.get_masks() != img.get_masks():
        return adopt(transform(img, device), s, size)
    out = Canvas(size, flags, s, device)
    transform(img, device, out)
    key, alpha = img.get_colorkey(), img.get_alpha()
    if key is not None:
        out.set_colorkey(key)
    if alpha is not None and not img.get_flags() & pygame.SRCALPHA:
        out.set_alpha(alpha)
    return out


def smoothscale_onto(img: pygame.Surface, surface: pygame.Surface, rect: RectLike,
                     area: RectLike | None = None) -> None:
    """``img`` (its logical ``area``, default all of it) resized into the logical ``rect`` of
    ``surface`` (a :class:`Canvas` of ``img``'s scale, or plain): its pixels, alpha too, replace
    those there (no blending), as :func:`smoothscale` would give them, without a picture of
    their own."""
    if area is not None:
        img = pygame.Surface.subsurface(img, _dev_rect(area, scale_of(img)))
    dest = pygame.Surface.subsurface(raw(surface), _dev_rect(rect, scale_of(surface)))
    pygame.transform.smoothscale(img, pygame.Surface.get_size(dest), dest)


def drawn_in_bands(size: Sequence[int], paint: Callable[[pygame.Surface, int], object], ss: int, band: int,
                   margin: int, flags: int = 0, whole: bool = False) -> pygame.Surface:
    """A picture of logical ``size`` (width, height) drawn on a canvas ``ss`` times larger in
    each direction and filtered down (:func:`smoothscale_onto`), without holding that whole
    canvas: ``paint(canvas, top)`` draws on ``canvas`` the canvas's rows from ``top`` down (its
    own pixels: a shape at canvas row ``y`` goes to ``y - top``), ``band`` rows of the picture
    at a time with ``margin`` rows above and below drawn and not kept (a shape cut at a canvas's
    edge is drawn a pixel off its course near the cut).  The filter averages whole blocks of
    ``ss`` x ``ss``, so the bands give the pixels of the whole canvas; at an output scale that
    is not a whole number, for a picture no taller than ``band``, or when ``whole``, the
    canvas is drawn whole (one call, ``top`` 0).  ``flags``: ``pygame.SRCALPHA`` for a
    transparent picture and canvas."""
    w, h = int(size[0]), int(size[1])
    s = output_scale()
    if whole or s != int(s) or h <= band:
        band, margin = max(1, h), 0
    out = surface((w, h), flags)
    for top in range(0, h, band):
        rows = min(band, h - top)
        canvas = surface((w * ss, (rows + 2 * margin) * ss), flags)
        paint(canvas, (top - margin) * ss)
        smoothscale_onto(canvas, out, pygame.Rect(0, top, w, rows), pygame.Rect(0, margin * ss, w * ss, rows * ss))
        del canvas                  # let go before the next band is made
    return out


def scale(img: pygame.Surface, size: Sequence[float]) -> pygame.Surface:
    """``pygame.transform.scale`` to logical ``size`` (see :func:`smoothscale`)."""
    s = scale_of(img) if isinstance(img, Canvas) else output_scale()
    w, h = int(size[0]), int(size[1])
    if s == 1.0:
        return pygame.transform.scale(img, (w, h))
    return _resized(pygame.transform.scale, img, s, (w, h))


def _same_scale(img: pygame.Surface, pixels: pygame.Surface) -> pygame.Surface:
    s = scale_of(img)
    return pixels if s == 1.0 else adopt(pixels, s)


def rotate(img: pygame.Surface, angle: float) -> pygame.Surface:
    """``pygame.transform.rotate`` (degrees, anticlockwise), keeping the scale."""
    return _same_scale(img, pygame.transform.rotate(img, angle))


def rotozoom(img: pygame.Surface, angle: float, zoom: float) -> pygame.Surface:
    """``pygame.transform.rotozoom``, keeping the scale."""
    return _same_scale(img, pygame.transform.rotozoom(img, angle, zoom))


def flip(img: pygame.Surface, flip_x: bool, flip_y: bool) -> pygame.Surface:
    """``pygame.transform.flip``, keeping the scale."""
    return _same_scale(img, pygame.transform.flip(img, flip_x, flip_y))


#: A blur this wide (logical pixels) or wider is computed on the logical pixels (see :func:`gaussian_blur`).
BLUR_LOGICAL = 4


def soft_blur(pixels: pygame.Surface, radius: int) -> pygame.Surface:
    """A Gaussian-like blur of ``pixels`` (a plain surface) by ``radius`` pixels: from 4 pixels
    on, three box blurs of 0.85 times the radius, within 10/255 of ``pygame.transform.gaussian_blur`` and
    about seven times quicker (the six pawns' shadows were most of the title's first frame)."""
    if radius < 1:
        return pixels
    if radius < 4:      # small boxes cannot follow the bell's shape; and a small Gaussian is quick
        return pygame.transform.gaussian_blur(pixels, radius)
    box = max(1, round(radius * 0.85))
    for _pass in range(3):
        pixels = pygame.transform.box_blur(pixels, box)
    return pixels


def gaussian_blur(img: pygame.Surface, radius: int) -> pygame.Surface:
    """A soft blur (:func:`soft_blur`) with ``radius`` in logical pixels, keeping the scale.
    A blur of :data:`BLUR_LOGICAL` or more is computed on the logical pixels and filtered up to
    the device size: it holds no detail finer than its radius, and its cost grows with pixels
    times radius (27 times at scale 3)."""
    s = scale_of(img)
    if s == 1.0:
        return soft_blur(img, radius)
    if radius < BLUR_LOGICAL:
        return _same_scale(img, soft_blur(img, dev(radius, s)))
    device = pygame.Surface.get_size(img)
    small = pygame.transform.smoothscale(img, (max(1, round(device[0] / s)), max(1, round(device[1] / s))))
    return _same_scale(img, pygame.transform.smoothscale(soft_blur(small, radius), device))


def mask(img: pygame.Surface, threshold: int = 127) -> pygame.mask.Mask:
    """``pygame.mask.from_surface`` of ``img``'s device pixels."""
    return pygame.mask.from_surface(img, threshold)


def grayscale(img: pygame.Surface) -> pygame.Surface:
    """``pygame.transform.grayscale``, keeping the scale."""
    return _same_scale(img, pygame.transform.grayscale(img))


def device_bytes(s: pygame.Surface) -> int:
    """The bytes of ``s``'s device pixels."""
    w, h = pygame.Surface.get_size(raw(s))
    return w * h * s.get_bytesize()


#: The device bytes all pictures kept by :func:`remember` may hold together: a moment's room
#: (37 MB at 3840 x 2160, where one screen is 33 MB) and the small pictures beside it.  The room
#: asks for what its making holds, so the pictures made ahead stay beside it: at 80 MB that
#: set the peak memory of the moments after it (benchmarks/bench_memory.py 261 MiB at
#: 3840 x 2160; 242 at 64).
REMEMBER_BYTES = 64 << 20
#: Every picture :func:`remember` keeps, least recently used first:
#: (id of its cache, key) -> (the cache, id of the picture, its device bytes).
_kept: OrderedDict[tuple[int, Any], tuple[dict, int, int]] = OrderedDict()
#: The kept pictures that lower the budget while they are kept (:func:`remember`'s ``budget_while_kept``):
#: (id of its cache, key) -> the bytes all kept pictures may hold together meanwhile.
_budget_while: dict[tuple[int, Any], int] = {}


def budget() -> int:
    """The device bytes all kept pictures may hold together now: :data:`REMEMBER_BYTES`, or less
    while a picture that asked for less beside it is kept (a moment's room, see :func:`remember`)."""
    return min([REMEMBER_BYTES, *(most for t, most in _budget_while.items()
                                  if t in _kept and id(_kept[t][0].get(t[1])) == _kept[t][1])])


#: The kept pictures asked for since the window's last frame (:func:`new_frame`), which the
#: budget does not drop; None while no window counts frames (tests, tools).
_in_frame: set[tuple[int, Any]] | None = None


#: The kept pictures the last frame drawn asked for (:func:`let_go_unshown`); None before one.
_last_frame: set[tuple[int, Any]] | None = None


def new_frame(counting: bool = True) -> None:
    """A frame was drawn: from now on :func:`remember` notes the pictures the next frame asks for,
    and keeps them all even over the budget, so that two pictures one frame shows (a moment's
    room over the card table's) are not each made again every frame, one dropping the other.
    ``counting`` False: no window counts frames any more (every picture may be dropped)."""
    global _in_frame, _last_frame
    _last_frame = _in_frame if counting else None
    _in_frame = set() if counting else None


def let_go_unshown(least: int) -> int:
    """Drop every kept picture of ``least`` device bytes or more that the last frame drawn did
    not ask for (:func:`new_frame`): after a screen is left, its large pictures (the title's
    mansion, the setup's parlour: a whole screen each, 33 MB at 3840 x 2160) are not held for
    a screen that may not come back.  Nothing is dropped before a window counts frames.
    Returns the bytes dropped."""
    if _last_frame is None:
        return 0
    kept_bytes()                                   # forget the entries of caches emptied meanwhile
    gone = [t for t, (_cache, _pic, n) in _kept.items() if n >= least and t not in _last_frame]
    dropped = sum(_kept[t][2] for t in gone)
    for tag in gone:
        _forget(tag)
    return dropped


@contextlib.contextmanager
def not_kept(least: int = 1 << 20) -> Iterator[None]:
    """A block whose new kept pictures (:func:`remember`) of ``least`` device bytes or more are
    dropped when it ends: for pictures painted once into a larger picture that is kept (the
    table's panels' shadows and baize, 24 MB at 3840 x 2160, are in the table's picture and
    wanted again only when it is painted again).  Pictures kept before the block stay."""
    before = set(_kept)
    try:
        yield
    finally:
        kept_bytes()                               # forget the entries of caches emptied meanwhile
        for tag in [t for t, (_cache, _pic, n) in _kept.items() if n >= least and t not in before]:
            _forget(tag)


def _droppable(tag: tuple[int, Any]) -> bool:
    """Whether the budget may drop kept picture ``tag``: not while the frame being drawn uses it."""
    return _in_frame is None or tag not in _in_frame


def _forget(tag: tuple[int, Any]) -> None:
    """Drop the kept picture ``tag`` from its cache (if the cache still holds it)."""
    cache, pic_id, _size = _kept.pop(tag)
    _budget_while.pop(tag, None)
    if id(cache.get(tag[1])) == pic_id:
        del cache[tag[1]]


def kept_bytes() -> int:
    """The device bytes of the pictures :func:`remember` keeps now (caches emptied
    meanwhile, by a change of output scale, no longer count)."""
    for tag in [t for t, (cache, pic_id, _n) in _kept.items() if id(cache.get(t[1])) != pic_id]:
        del _kept[tag]
        _budget_while.pop(tag, None)
    return sum(n for _cache, _pic, n in _kept.values())


def remember(cache: dict, key: Any, make: Callable[[], pygame.Surface], most: int,
             most_bytes: int | None = None, making: int = 0,
             budget_while_kept: int | None = None) -> pygame.Surface:
    """``cache[key]``, made by ``make()`` (no arguments) the first time.  Before a
    new picture is added, the least recently used pictures are dropped: from
    ``cache`` while it holds ``most`` or more, and from every cache using this
    function while all of them together would hold more than ``most_bytes``
    (default :func:`budget`, :data:`REMEMBER_BYTES` mostly) of device pixels: at 3840 x 2160 one whole screen
    is 33 MB, so a count alone does not bound memory.  ``making``: the bytes ``make()``
    holds at its peak (a whole screen and the canvas it is filtered from): room is made
    for them in the budget before it runs, so pictures not on screen are not held beside
    them.  ``budget_while_kept``: while the new picture is kept, all kept pictures together
    hold at most these bytes (:func:`budget`; a moment's room, a whole screen and more, leaves
    less beside it than the budget does: the peak memory is set while it is on screen).
    Register the cache with :func:`on_scale_change` (its pictures are made for one output scale)."""
    tag = (id(cache), key)
    pic = cache.get(key)
    if _in_frame is not None:
        _in_frame.add(tag)
    if pic is not None:
        if tag in _kept:
            _kept.move_to_end(tag)
        return pic
    total = kept_bytes()
    # the cache's own count is made room for before the new picture is made, so that the
    # old one is not held while the new one is drawn (a whole screen each, for a moment's room)
    for old in [t for t in _kept if t[0] == id(cache)]:     # oldest first
        if len(cache) < most:
            break
        total -= _kept[old][2]
        _forget(old)
    while len(cache) >= most and cache:                      # pictures put there without this function
        cache.pop(next(iter(cache)))
    most_bytes = budget() if most_bytes is None else most_bytes
    total = _drop_oldest(total + making, most_bytes) - making
    _trim_before(making)
    pic = make()
    size = device_bytes(pic)
    _drop_oldest(kept_bytes() + size, most_bytes)      # make() may have remembered pictures of its own
    cache[key] = pic
    _kept[tag] = (cache, id(pic), size)
    if budget_while_kept is not None:
        _budget_while[tag] = budget_while_kept
        _drop_oldest(kept_bytes(), budget())          # the others it leaves less room to go now
    return pic


def make_room(nbytes: int) -> int:
    """Before a large picture that no cache keeps is drawn (``nbytes`` device bytes held at the
    drawing's peak: a board's picture and the canvas it is filtered from, a whole screen), drop
    kept pictures, least recently used first and never those the frame being drawn uses, until
    they and ``nbytes`` fit in the budget (:func:`budget`).  Returns the bytes still kept."""
    left = _drop_oldest(kept_bytes() + nbytes, budget()) - nbytes
    _trim_before(nbytes)
    return left


#: A picture whose making holds this many bytes or more (a moment's room, a board: whole screens at
#: 3840 x 2160) is made after the C heap's freed bytes are given back (:func:`game.ui.draw.heap.trim`).
TRIM_BEFORE = 8 << 20


def _trim_before(making: int) -> None:
    """Before a large picture is made (``making`` bytes held while it is): the heap's holes left
    by the small pictures freed since the last trim are given back, so they are not resident
    beside it at the peak it sets (under 1 ms, in a frame that takes hundreds)."""
    if making >= TRIM_BEFORE:
        heap.trim()


def _drop_oldest(total: int, budget: int) -> int:
    """Drop kept pictures, least recently used first, while ``total`` (bytes) is over ``budget``,
    except those the frame being drawn uses; returns what is left of ``total``."""
    for tag in [t for t in _kept if _droppable(t)]:
        if total <= budget:
            break
        total -= _kept[tag][2]
        _forget(tag)
    return total


def remembered(most: int, making: Callable[..., int] | None = None
               ) -> Callable[[Callable[..., pygame.Surface]], Callable[..., pygame.Surface]]:
    """Decorator: a picture-making function whose results (per hashable
    arguments, positional or by name) are kept by :func:`remember`, at most
    ``most`` of them and all kept pictures within :data:`REMEMBER_BYTES`;
    forgotten when the output scale changes.  ``making``: the bytes the function
    holds at its peak for the same arguments (see :func:`remember`).  The wrapped
    function's ``cache_clear()`` forgets them too."""
    def wrap(make: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
        cache: dict = {}

        @functools.wraps(make)
        def get(*args: Any, **kwargs: Any) -> pygame.Surface:
            key = (args, tuple(sorted(kwargs.items())))
            held = 0 if making is None or key in cache else making(*args, **kwargs)
            return remember(cache, key, lambda: make(*args, **kwargs), most, making=held)
        get.cache_clear = cache.clear      # type: ignore[attr-defined]
        on_scale_change(cache.clear)
        return get
    return wrap
