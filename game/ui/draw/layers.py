"""Panels drawn once and kept: parts of a table's panels (the whose-turn
panel, the buttons, the log) painted onto the table's static picture, its
*backdrop*, and painted again only when what they show changes.

A table lays its backdrop at the start of every frame
(:func:`game.ui.draw.gfx.lay`), which on a large window puts back only the
squares drawn over since the last frame.  Words and buttons drawn on the
window's picture each frame are put back and drawn again each frame; painted
on the backdrop instead, a part costs nothing in the frames in which it stays
the same.  The pixels are the same as drawing the part on the window's
picture after laying the backdrop, as long as nothing drawn earlier in the
frame lies inside the part's rectangle.

Each part has a rectangle (logical pixels) and a key (any hashable value:
the texts, focus, state, the log's lines and scroll ... everything its
picture depends on).  When the key changes, the part's rectangle of the
backdrop is put back as it was before any part was painted (a copy of those
pixels is kept), the part is painted again, clipped to its rectangle, and
its rectangle is copied to the window's picture.  The text rectangles the
part noted for the coach's pointer (:data:`game.ui.draw.theme.drawn_text`)
are kept and noted again in every frame that shows the part.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui.draw import gfx, rows, theme


@dataclass
class _Part:
    """One kept part: where it is (logical and device pixels), the backdrop's pixels there before
    it was painted, the key it was painted for, what its painter returned, the text rectangles
    it noted and the squares it drew on (a :class:`~game.ui.draw.gfx.Tracker`'s rows; None: all)."""

    rect: pygame.Rect
    device: pygame.Rect
    clean: pygame.Surface
    key: Hashable = None
    result: Any = None
    texts: list[pygame.Rect] = field(default_factory=list)
    painted: bool = False
    squares: list[int] | None = None


class PanelLayers:
    """The kept parts of one backdrop (see the module).  :meth:`use` names the
    backdrop (a new one forgets every part); :meth:`part` shows a part."""

    def __init__(self) -> None:
        self.backdrop: pygame.Surface | None = None
        self._parts: dict[str, _Part] = {}

    def use(self, backdrop: pygame.Surface) -> None:
        """Paint the parts on ``backdrop`` (the picture the table lays each frame, of the
        window's picture's logical size and scale); a backdrop other than the last one starts
        with no part painted."""
        if backdrop is not self.backdrop:
            self.backdrop = backdrop
            self._parts.clear()

    def let_go(self) -> None:
        """Forget the backdrop and its parts (before a new backdrop is painted, so that the old
        one, a whole screen, is not held beside it); :meth:`use` names the next one."""
        self.backdrop = None
        self._parts.clear()

    def part(self, surface: pygame.Surface, name: str, rect: pygame.Rect, key: Hashable,
             paint: Callable[[pygame.Surface], Any]) -> Any:
        """Show the part ``name`` in ``rect`` (logical pixels) of ``surface``, the window's
        picture on which the backdrop was laid this frame: when ``key`` differs from the one it
        was last painted for, ``paint(backdrop)`` draws it again (clipped to ``rect``) and what
        changed is copied to ``surface``; else it is already there.  Returns what ``paint``
        returned when it last ran.  Raises ``RuntimeError`` before :meth:`use`."""
        backdrop = self.backdrop
        if backdrop is None:
            raise RuntimeError("PanelLayers.part before use(backdrop)")
        canvas = backdrop if isinstance(backdrop, gfx.Canvas) else None
        rect = pygame.Rect(rect)
        kept = self._parts.get(name)
        if kept is None or kept.rect != rect:
            if kept is not None:            # moved: put back what it covered
                self._put_back(kept, None)
            clip = pygame.Surface.get_clip(backdrop)
            backdrop.set_clip(rect)
            device = pygame.Surface.get_clip(backdrop)      # the rectangle in device pixels, as drawing clips it
            pygame.Surface.set_clip(backdrop, clip)
            kept = self._parts[name] = _Part(rect, device, backdrop.subsurface(rect).copy())
        if kept.painted and kept.key == key:
            theme.replay_text(kept.texts)
            return kept.result
        old = kept.squares if kept.painted else [0] * (-(-pygame.Surface.get_size(backdrop)[1] // gfx.TILE))
        self._put_back(kept, old)
        # while it paints, the backdrop notes which squares it draws on (a canvas of the output scale)
        noted = gfx.Tracker(pygame.Surface.get_size(backdrop)) if canvas is not None else None
        was, clip = getattr(backdrop, "tracker", None), pygame.Surface.get_clip(backdrop)
        if canvas is not None and noted is not None:
            noted.drawn = [0] * noted.rows
            canvas.tracker = noted
        backdrop.set_clip(rect)
        try:
            with theme.recording_text() as texts:
                kept.result = paint(backdrop)
        finally:
            pygame.Surface.set_clip(backdrop, clip)
            if canvas is not None:
                canvas.tracker = was
        kept.key, kept.texts, kept.painted = key, texts, True
        kept.squares = noted.drawn if noted is not None else None
        if noted is None or old is None or gfx.scale_of(surface) != gfx.scale_of(backdrop):
            surface.blit(backdrop, rect.topleft, rect)
            return kept.result
        # what was painted before and what is painted now: the squares of the window's picture that change
        for r in noted.rects([a | b for a, b in zip(old, noted.drawn, strict=True)]):
            r = r.clip(kept.device)
            if r:
                rows.blit(gfx.raw(surface), backdrop, r.topleft, r)
                shown = getattr(surface, "tracker", None)
                if shown is not None:
                    shown.note(r)
        return kept.result

    def _put_back(self, kept: _Part, squares: list[int] | None) -> None:
        """Put back the backdrop's clean pixels of ``kept``: in the ``squares`` it painted
        (a tracker's rows), or all of its rectangle (None)."""
        backdrop = self.backdrop
        assert backdrop is not None     # parts exist only once a backdrop is in use
        if squares is None:
            backdrop.blit(kept.clean, kept.rect.topleft)
            return
        at = kept.device
        for r in gfx.Tracker(pygame.Surface.get_size(backdrop)).rects(squares):
            r = r.clip(at)
            if r:
                rows.blit(backdrop, kept.clean, r.topleft, r.move(-at.left, -at.top))
