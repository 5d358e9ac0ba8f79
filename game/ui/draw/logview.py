"""The public log panel's scrolling list, for both games.

:class:`LogView` keeps where the reader is in the whole log and lays out the
entries that fit a text area: each entry's line wrapped, with its cards as
small pictures on the right (the cards of the entry's *public* event only:
:meth:`game.ui.bases.match.Seats.log_entries`).  The newest entry sits at the
bottom; scrolling back (Page Up, the mouse wheel over the log, a pad's right
stick: :data:`game.ui.shell.input.SCROLLS`) shows older ones, a bar on the right
shows where the view is in the whole log and a tag counts the newer entries
below.

Following the newest: while the reader is at the bottom, new entries come
into view as they are added.  Once scrolled back, the view keeps its place
(new entries are counted in the tag, so nobody reading loses the line); it
jumps back to the newest at the start of a person's turn (:meth:`follow`,
called by :meth:`game.ui.bases.table.Presenter.turn_started`) and when scrolled
down to the bottom again.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.draw import assets, gfx, theme
from game.ui.draw.widgets import Label
from game.ui.shell.i18n import ngettext

#: A card picture's side (pixels), its frame, and the gap between two pictures.
THUMB, FRAME, GAP = 30, 2, 4
#: The width of a card picture with its frame (pixels).
THUMB_W = THUMB + 2 * FRAME
#: The scroll bar's width and the room kept for it on the right of the text (pixels).
BAR_W, BAR_ROOM = 6, 14
#: The most pictures one entry shows (the card game may lay out more face-up cards).
MAX_THUMBS = 6


@dataclass
class Block:
    """One entry laid out: its wrapped ``lines``, its ``cards`` (ids), its
    index in the log, where it starts (``top``, pixels) and its height."""

    index: int
    lines: list[str]
    cards: tuple[str, ...]
    top: int
    height: int


_THUMBS: dict[tuple[str, int], pygame.Surface] = {}
gfx.on_scale_change(_THUMBS.clear)      # pictures made for one output scale


def thumb(card: str, size: int = THUMB) -> pygame.Surface:
    """A card's small picture (``size`` pixels square, and a :data:`FRAME` each
    side) framed in its category's colour (cached)."""
    key = (card, size)
    if key not in _THUMBS:
        s = gfx.surface((size + 2 * FRAME, size + 2 * FRAME), pygame.SRCALPHA)
        gfx.rect(s, theme.CATEGORY_COLOURS[assets.category(card)], s.get_rect(), border_radius=5)
        s.blit(assets.card_picture(card, size), (FRAME, FRAME))
        _THUMBS[key] = s
    return _THUMBS[key]


class LogView:
    """Where the reader is in the log and what fits the text area (see the module).

    ``back`` is how many entries are scrolled past below the view (0: the
    newest is in view, following new entries); ``newer`` how many of those
    came after the reader scrolled back."""

    def __init__(self) -> None:
        self.back = 0
        self.newer = 0
        self.total = 0
        self.blocks: list[Block] = []
        self.area = pygame.Rect(0, 0, 0, 0)
        self._wrap: dict[tuple, list[str]] = {}
        self._max_back = 0
        self._visible = 1

    # ------------------------------------------------------------ scroll
    def follow(self) -> None:
        """Back to the newest entry (and follow new ones again)."""
        self.back = self.newer = 0

    def scroll(self, entries: int) -> bool:
        """Scroll by ``entries`` (positive: back to older ones); True when the view moved."""
        was = self.back
        self.back = max(0, min(self._max_back, self.back + entries))
        if self.back == 0:
            self.newer = 0
        else:
            self.newer = min(self.newer, self.back)
        return self.back != was

    def page(self) -> int:
        """Entries one page scrolls: those in view less one (at least one)."""
        return max(1, self._visible - 1)

    # ------------------------------------------------------------ layout
    def _lines(self, text: str, width: int, size: int) -> list[str]:
        key = (text, width, size, theme.text_scale())
        if key not in self._wrap:
            if len(self._wrap) > 2000:
                self._wrap.clear()
            self._wrap[key] = theme.wrap(text, width, size)
        return self._wrap[key]

    def _block(self, i: int, entry: tuple[str, tuple[str, ...]], size: int, step: int) -> Block:
        text, cards = entry
        cards = cards[:MAX_THUMBS]
        pics = len(cards) * (THUMB_W + GAP) if cards else 0
        lines = self._lines(text, self.area.width - BAR_ROOM - pics, size)
        height = max(len(lines) * step, THUMB_W + GAP if cards else 0)
        return Block(i, lines, cards, 0, height)

    def layout(self, entries: list[tuple[str, tuple[str, ...]]], area: pygame.Rect, size: int,
               step: int) -> list[Block]:
        """Lay out ``entries`` ((line, cards) pairs, oldest first) in ``area``
        (pixels) in text ``size``, lines ``step`` pixels apart: the blocks in
        view, top to bottom (kept in :attr:`blocks`; the first may start above
        the area's top: its lines there are not drawn).  New entries since the
        last layout are followed, or counted in :attr:`newer` when scrolled back."""
        self.area = pygame.Rect(area)
        n = len(entries)
        added = n - self.total
        if added > 0 and self.back > 0:
            self.back += added
            self.newer += added
        elif added < 0:                 # another game, or the log written again
            self.follow()
        self.total = n
        # how far back the view may go: the oldest entries fill the area (less the tag's room) from its top
        h, k = 0, 0
        room = area.height - self.tag_rect().height - 4
        while k < n:
            h += self._block(k, entries[k], size, step).height
            if h > room:
                break
            k += 1
        self._max_back = max(0, n - max(1, k))
        self.back = min(self.back, self._max_back)
        self.newer = min(self.newer, self.back)
        blocks: list[Block] = []
        bottom = area.bottom - (self.tag_rect().height + 4 if self.back else 0)   # the tag of newer lines below
        i = n - 1 - self.back
        while i >= 0 and bottom > area.top:     # the oldest block in view may be cut by the area's top
            b = self._block(i, entries[i], size, step)
            b.top = bottom - b.height
            bottom = b.top
            blocks.append(b)
            i -= 1
        blocks.reverse()
        # shown from the top, as a book is read: the first block starts at the area's top when the log is short
        shift = blocks[0].top - area.top if blocks and blocks[0].index == 0 and blocks[0].top > area.top else 0
        for b in blocks:
            b.top -= shift
        self.blocks = blocks
        self._visible = len(blocks)
        return blocks

    def newer_text(self) -> str:
        """The tag under a scrolled-back view: how many entries are below it."""
        return ngettext("{n} newer line", "{n} newer lines", self.back).format(n=self.back)

    # -------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface, size: int, step: int, bright: int = 3) -> None:
        """Draw the blocks of the last :meth:`layout`: the newest ``bright``
        entries of the log in cream, older ones muted; the scroll bar and,
        scrolled back, the tag of newer entries."""
        area = self.area
        clip = surface.get_clip()
        surface.set_clip(area.inflate(0, 2).clip(clip))
        for b in self.blocks:
            colour = theme.CREAM if b.index >= self.total - bright else theme.MUTED
            y = b.top
            for line in b.lines:
                if y >= area.top:       # a line above the area's top is left out whole: half a line reads as noise
                    theme.blit_text(surface, line, (area.left, y), size, colour)
                y += step
            x = area.right - BAR_ROOM - len(b.cards) * (THUMB_W + GAP) + GAP
            for c in (b.cards if b.top >= area.top else ()):
                surface.blit(thumb(c), (x, b.top + 1))
                x += THUMB_W + GAP
        surface.set_clip(clip)
        self._draw_bar(surface)
        if self.back:
            self._draw_tag(surface)

    def bar_rects(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll bar's track and thumb (pixels), or None when the whole log fits."""
        if not self.blocks or (self._max_back == 0 and self.blocks[0].index == 0):
            return None
        area, n = self.area, max(1, self.total)
        track = pygame.Rect(area.right - BAR_W, area.top, BAR_W, area.height)
        first = self.blocks[0].index
        shown = len(self.blocks)
        h = max(16, track.height * shown // n)
        top = track.top + (track.height - h) * first // max(1, n - shown)
        return track, pygame.Rect(track.left, min(top, track.bottom - h), BAR_W, h)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        rects = self.bar_rects()
        if rects is None:
            return
        track, knob = rects
        gfx.rect(surface, theme.BG_DARK, track, border_radius=3)
        gfx.rect(surface, theme.BRASS if self.back else theme.PANEL_EDGE, knob, border_radius=3)

    def tag_rect(self) -> pygame.Rect:
        """Where the tag of newer entries is drawn (pixels): bottom right of the area, clear of the bar."""
        img = theme.text(self.newer_text(), theme.SMALL, theme.INK, True)
        r = pygame.Rect(0, 0, img.get_width() + 34, img.get_height() + 6)
        r.bottomright = (self.area.right - BAR_ROOM, self.area.bottom)
        return r

    def _draw_tag(self, surface: pygame.Surface) -> None:
        r = self.tag_rect()
        gfx.rect(surface, theme.BRASS, r, border_radius=8)
        cx, cy = r.left + 14, r.centery
        gfx.polygon(surface, theme.INK, [(cx - 7, cy - 4), (cx + 7, cy - 4), (cx, cy + 5)])
        theme.blit_text(surface, self.newer_text(), (r.left + 26, cy), theme.SMALL, theme.INK, True, "midleft")

    def labels(self, size: int, step: int) -> list[Label]:
        """The lines in view as :class:`Label` boxes (the text-fit test), and the tag."""
        area = self.area
        out = []
        for b in self.blocks:
            width = area.width - BAR_ROOM - (len(b.cards) * (THUMB_W + GAP) if b.cards else 0)
            out += [Label(pygame.Rect(area.left, b.top + i * step, width, step), line, size)
                    for i, line in enumerate(b.lines) if b.top + i * step >= area.top]   # cut lines: not text
        return out

    def cards_in_view(self) -> list[str]:
        """Every card drawn as a picture now, in order (the privacy test reads it)."""
        return [c for b in self.blocks for c in b.cards]
