"""A soft wipe: a picture comes in over what is on screen behind a feathered
edge that sweeps from the left edge of the screen to the right.

A big moment's room comes in this way instead of a whole-screen fade: a fade
blends every pixel every frame, a wipe changes only the band its edge
crossed since the last frame.  On the window's tracked canvas
(:meth:`game.ui.draw.gfx.Canvas.track`) a :class:`Wipe` keeps what it laid
from one frame to the next: the columns the picture fully covers are put
back only where something was drawn over them, the band of the edge is
blended again, and what lies behind is drawn only right of the picture
(:meth:`Wipe.begin` clips it there).  Anywhere else (a plain surface, the
first frame) the picture is laid over all it covers: the same pixels.

Progress ``p`` runs 0 (nothing of the picture) to 1 (the picture fills the
screen); the feather is :data:`FEATHER` logical pixels wide.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import NamedTuple

import pygame

from game.ui.draw import gfx, rows, theme

#: The width of the wipe's feathered edge (logical pixels): the picture fades from
#: opaque to clear across it.
FEATHER = 48


def edge(p: float, width: int, scale: float) -> int:
    """The device column where the feather starts at progress ``p`` (0..1) on a
    picture ``width`` logical pixels wide drawn at ``scale``: every column left of
    it shows the picture alone; at 0 the feather lies just off the left edge, at 1
    just off the right edge."""
    p = min(1.0, max(0.0, p))
    return math.floor((-FEATHER + (width + FEATHER) * p) * scale + 0.5)


@lru_cache(maxsize=4)
def _ramp(columns: int, height: int) -> pygame.Surface:
    """White with alpha rising from clear to opaque across ``columns`` device pixels,
    ``height`` tall: multiplied into what lies behind the feather, which fades out
    across it as the picture fades in."""
    ramp = gfx.surface((columns, height), pygame.SRCALPHA, 1.0)
    for x in range(columns):
        ramp.fill((255, 255, 255, 255 - round(255 * (1 - (x + 0.5) / columns))), (x, 0, 1, height))
    return ramp


class Still(NamedTuple):
    """A picture that stays put over a wiped-in picture (a moment's heading, a portrait,
    a card at rest): its ``name``, a ``key`` that changes whenever its look changes, the
    logical ``rect`` it draws within, and ``paint(surface)`` drawing it (clipped by the caller)."""

    name: str
    key: Hashable
    rect: pygame.Rect
    paint: Callable[[pygame.Surface], object]


class Wipe:
    """The state of one soft wipe between frames: which device columns of the
    window's canvas hold the picture alone, and under which picture.  One per
    moment (a suggestion, a banner, a verdict); call :meth:`begin` before drawing
    what lies behind (it may be skipped) and :meth:`draw` after."""

    def __init__(self) -> None:
        #: (the tracker, its ``base`` after the last frame, the columns of the picture alone,
        #: the picture's id, its device area), or None: nothing kept
        self._kept: tuple | None = None
        self._clipped = False
        #: :meth:`begin` found what the last frame kept and clipped what is drawn behind
        self._begun = False
        #: (a weak reference to the picture laid last, its device area)
        self._picture: tuple = (lambda: None, pygame.Rect(0, 0, 0, 0))
        #: the stills on the canvas: name -> (key, device rectangle), or None: none kept
        self._stills: dict[str, tuple] | None = None
        #: the words each still drew when it was last painted (for the coach)
        self._texts: dict[str, list] = {}
        #: the strip that holds what lies behind the feather (:meth:`_strip`), or None
        self._behind: pygame.Surface | None = None

    def _strip(self, size: tuple[int, int]) -> pygame.Surface:
        """A transparent-capable strip of ``size`` device pixels (width, height) kept from one
        frame to the next: a new one each frame was a fresh allocation (1.2 MB at 3840 x 2160)
        whose pages the system zeroed every frame.  Its content is whatever was last put in it."""
        strip = self._behind
        if strip is None or pygame.Surface.get_size(strip) != size:
            strip = self._behind = gfx.surface(size, pygame.SRCALPHA, 1.0)
        return strip

    def _zone(self, surface: pygame.Surface, p: float) -> int:
        """Device columns ``[0, zone)`` the picture covers alone at ``p``, rounded down
        to whole squares of the tracker."""
        e = edge(p, surface.get_width(), gfx.scale_of(surface))
        width = pygame.Surface.get_width(gfx.raw(surface))
        return width if e >= width else max(0, e) // gfx.TILE * gfx.TILE

    def _valid(self, surface: pygame.Surface) -> tuple | None:
        """What the last frame kept, when the canvas still holds it: nothing laid over it
        whole since, and nothing laid at all unless :meth:`begin` clipped it."""
        tracker = getattr(surface, "tracker", None)
        kept = self._kept
        if tracker is None or kept is None or kept[0]() is not tracker or tracker.base is not kept[1] \
                or (tracker.lays != kept[6] and not self._begun):
            return None
        return kept

    def begin(self, surface: pygame.Surface, p: float) -> None:
        """Before drawing what lies behind the picture at progress ``p``: clip the
        drawing to the columns not covered by the picture alone, and have the
        columns the picture leaves (a wipe going back) put back by what is drawn."""
        kept = self._valid(surface)
        if kept is None:
            return
        tracker = kept[0]()
        zone = self._zone(surface, p)
        width, height = pygame.Surface.get_size(gfx.raw(surface))
        if zone < kept[2]:
            tracker.note(pygame.Rect(zone, 0, kept[2] - zone, height))
        pygame.Surface.set_clip(gfx.raw(surface), pygame.Rect(zone, 0, width - zone, height))
        self._clipped = self._begun = True

    def draw(self, surface: pygame.Surface, picture: pygame.Surface, area: pygame.Rect, p: float,
             stills: Sequence[Still] = (), keep: bool = False) -> None:
        """Lay ``picture``'s logical ``area`` (the size of ``surface``, at its scale)
        over ``surface`` at progress ``p`` (0..1) with ``stills`` (bottom first) over it:
        opaque left of the edge, feathered across it, nothing right of it.  Ends
        :meth:`begin`'s clip; inside another clip (a wipe over this one) only what lies
        in it is drawn.  ``keep``: once the picture fills a tracked canvas (or, while it
        comes in, left of its edge), the stills are drawn only where the picture was put
        back this frame or where one of them changed (its ``key`` or ``rect``); the rest
        stays from the frames before (for a wipe that only comes in, and nothing else
        laid over the stills: a banner's picture puts back only what was drawn)."""
        if self._clipped:
            pygame.Surface.set_clip(gfx.raw(surface), None)
            self._clipped = False
        kept = self._valid(surface)
        self._begun = False
        s = gfx.scale_of(surface)
        width, height = pygame.Surface.get_size(gfx.raw(surface))
        at = gfx.device_rect(area, s)
        tracker = getattr(surface, "tracker", None)
        if kept is not None and (kept[3], kept[4]) != (id(picture), tuple(at)):
            kept = None
        e = edge(p, surface.get_width(), s)
        fd = gfx.dev(FEATHER, s)
        zone = self._zone(surface, p) if tracker is not None else max(0, min(width, e))
        end = max(0, min(width, e + fd))             # the feather's right end: nothing of the picture beyond
        left = max(zone, e)                           # the feather's columns still left of it are in the zone
        behind = None
        if end > left:       # what lies behind the feather, faded across it, to lay back over the picture
            behind = self._strip((fd, height))
            pygame.Surface.blit(behind, gfx.raw(surface), (0, 0), pygame.Rect(left, 0, end - left, height))
            pygame.Surface.blit(behind, _ramp(fd, height), (0, 0), pygame.Rect(left - e, 0, end - left, height),
                                pygame.BLEND_RGBA_MULT)
        laid: list[int] | None = None
        if tracker is None:
            if end > 0:
                rows.blit(gfx.raw(surface), picture, (0, 0), pygame.Rect(at.left, at.top, end, height))
        else:       # what was drawn over the picture since, the columns it covers anew and the feather's
            cols = (1 << (zone // gfx.TILE if zone < width else tracker.cols)) - 1
            old = (1 << (kept[2] // gfx.TILE if kept[2] < width else tracker.cols)) - 1 if kept else 0
            inside = gfx.clip_columns(surface)
            band = gfx.Tracker(tracker.size)
            band.drawn = [0] * tracker.rows
            band.note(pygame.Rect(zone, 0, end - zone, height))
            put = [((d & old) | (cols & ~old)) & inside & cols for d in tracker.drawn]
            self._put(surface, picture, at, put)
            if end > zone:              # the feather's columns, no further: the squares' rest is what lies behind
                rows.blit(gfx.raw(surface), picture, (zone, 0), pygame.Rect(at.left + zone, at.top, end - zone, height))
                tracker.note(pygame.Rect(zone, 0, end - zone, height))
            laid = [p | (b & inside) for p, b in zip(put, band.drawn, strict=True)]
            tracker.drawn = [(d & ~(inside & cols)) | b for d, b in zip(tracker.drawn, band.drawn, strict=True)]
        self._paint(surface, stills, laid, kept, zone, end, keep)
        if behind is not None:
            pygame.Surface.blit(gfx.raw(surface), behind, (left, 0), pygame.Rect(0, 0, end - left, height))
        else:
            self._behind = None         # the feather has left the screen: no strip held for it
        if tracker is None:
            return
        if zone >= width:          # the picture alone, under what is drawn from now on: a lay of it puts back only that
            gfx.hold(surface, picture, area)
        self._kept = (weakref.ref(tracker), tracker.base, zone, id(picture), tuple(at), end, tracker.lays)
        self._picture = (weakref.ref(picture), at)

    @staticmethod
    def _put(surface: pygame.Surface, picture: pygame.Surface, at: pygame.Rect, masks: list[int]) -> None:
        """Put ``picture`` (device ``at`` its area) back over the squares set in ``masks``
        of ``surface``'s tracker (a tracked canvas)."""
        tracker = getattr(surface, "tracker", None)
        assert tracker is not None, "a wipe puts a picture back on a tracked canvas only"
        for r in tracker.rects(masks):
            rows.blit(gfx.raw(surface), picture, r.topleft, r.move(at.topleft))
            tracker.note(r)

    def _paint(self, surface: pygame.Surface, stills: Sequence[Still], laid: list[int] | None,
               kept: tuple | None, zone: int, end: int, keep: bool) -> None:
        """Draw ``stills`` left of device column ``end`` (see :meth:`draw`): where the picture
        was put back (``laid``) and where one changed, when ``keep`` and what ``kept`` says
        allow; else all of them (first putting the picture back under those kept so far)."""
        tracker = getattr(surface, "tracker", None)
        clip = pygame.Surface.get_clip(gfx.raw(surface))
        region = clip.clip(pygame.Rect(0, 0, end, clip.bottom))
        picture = self._picture[0]()
        growing = kept is not None and kept[2] <= zone and kept[5] <= end
        zone_cols = (1 << -(-zone // gfx.TILE)) - 1 if tracker is not None else 0
        if tracker is None or laid is None or not keep or not growing or picture is None:
            if self._stills and tracker is not None and laid is not None and picture is not None:
                # the stills kept so far are under what is painted now: the picture goes back first (right
                # of the zone what lies behind is drawn again over them)
                self._put(surface, picture, self._picture[1],
                          [m & ~d & gfx.clip_columns(surface) & zone_cols for m, d in
                           zip(self._squares(tracker, [r for _k, r in self._stills.values()]), laid, strict=True)])
            self._stills = None
            if stills and region:
                pygame.Surface.set_clip(gfx.raw(surface), region)
                for still in stills:
                    still.paint(surface)
                pygame.Surface.set_clip(gfx.raw(surface), clip)
            return
        s = gfx.scale_of(surface)
        before = self._stills or {}
        now = {st.name: (st.key, tuple(gfx.device_rect(st.rect, s))) for st in stills}
        changed = [r for name in set(before) | set(now) if before.get(name) != now.get(name)
                   for _key, r in filter(None, (before.get(name), now.get(name)))]
        inside = gfx.clip_columns(surface)
        extra = [m & ~d & inside & zone_cols for m, d in zip(self._squares(tracker, changed), laid, strict=True)]
        self._put(surface, picture, self._picture[1], extra)
        drawn = list(tracker.drawn)         # the stills stay: the next frame does not put the picture back over them
        texts: dict[str, list] = {}
        for r in tracker.rects([a | b for a, b in zip(laid, extra, strict=True)]):
            r = r.clip(region)
            if not r:
                continue
            pygame.Surface.set_clip(gfx.raw(surface), r)
            for st in stills:
                if r.colliderect(now[st.name][1]):
                    with theme.recording_text() as said:
                        st.paint(surface)
                    texts.setdefault(st.name, said)
        pygame.Surface.set_clip(gfx.raw(surface), clip)
        tracker.drawn = drawn
        for st in stills:             # the words of those kept are on screen still: the coach keeps clear of them
            if st.name not in texts:
                theme.replay_text(self._texts.get(st.name, []))
        self._texts = {**self._texts, **texts}
        self._stills = now

    @staticmethod
    def _squares(tracker: gfx.Tracker, rects: list) -> list[int]:
        """The squares of ``tracker`` that the device ``rects`` touch, one mask a row."""
        marks = gfx.Tracker(tracker.size)
        marks.drawn = [0] * tracker.rows
        for r in rects:
            marks.note(pygame.Rect(r))
        return marks.drawn
