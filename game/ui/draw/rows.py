"""Copying device pixels row by row without SDL's slow tail.

SDL copies a row of a 32-bit picture 64 bytes (16 pixels) at a time with
streaming stores that go past the cache, then copies what is left of the row
(under 64 bytes) with ``memcpy``; that last copy waits for the streamed stores
of the same row, so a band of a width that is not a multiple of 16 pixels
costs about half a microsecond a row: a 72-pixel band 1080 rows tall took
0.5 ms, and 0.1 ms in two parts, the first a multiple of 16 pixels wide and
the second under 16.  Every pixel of a blit is blended or copied on its own,
so the two parts give the very pixels of the one blit.
"""

from __future__ import annotations

import pygame

#: Pixels of a row SDL copies in one go with streaming stores (64 bytes of 32-bit pixels).
ROW_UNIT = 16


def blit(dst: pygame.Surface, src: pygame.Surface, at: tuple[int, int], area: pygame.Rect,
         flags: int = 0) -> pygame.Rect:
    """``pygame.Surface.blit(dst, src, at, area, flags)`` in device pixels (whatever the
    surfaces' scale), in two parts when ``area`` is wider than :data:`ROW_UNIT` pixels and
    not a multiple of it: the same pixels, without the slow tail of each row.  ``area`` lies
    inside ``src``; returns the device rectangle of ``dst`` drawn (clipped as blit clips)."""
    area = pygame.Rect(area)
    tail = area.width % ROW_UNIT
    if area.width <= ROW_UNIT or not tail:
        return pygame.Surface.blit(dst, src, at, area, flags)
    head = area.width - tail
    first = pygame.Surface.blit(dst, src, at, pygame.Rect(area.left, area.top, head, area.height), flags)
    second = pygame.Surface.blit(dst, src, (at[0] + head, at[1]),
                                 pygame.Rect(area.left + head, area.top, tail, area.height), flags)
    if not first.width or not first.height:
        return second
    return first.union(second) if second.width and second.height else first
