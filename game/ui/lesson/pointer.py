"""The guided game's pointer: a ring round the thing to press and a short
arrow beside it, placed so that neither covers a word.

The arrow goes on the first side of the target (above, below, left, right)
where its box — the arrow and its bobbing — stays on the screen and clear of
the words (the lines of text drawn this frame, the speech bubble) and of the
other buttons; else a short arrow; failing that, where it covers least,
words weighing far more than buttons.  The ring hugs the
target closer when a wider one would touch text.  All sizes are logical pixels.
"""

from __future__ import annotations

import math
from typing import Sequence

import pygame

from game.ui.draw import assets, gfx, theme
from game.ui.draw.widgets import Button, CardButton

#: The arrow: length along its axis (a short one where there is little room), half its width, its
#: gap from the target, how far it bobs.
ARROW_LEN, SHORT_LEN, ARROW_HALF, ARROW_GAP, BOB = 56, 30, 22, 6, 8
#: The sides tried, in order of preference.
SIDES = ("above", "below", "left", "right")
#: The ring's margin round the target: it pulses from ``RING_PULSE`` to ``RING_MAX``, down to ``RING_MIN`` when
#: text is near (below 0 the ring runs just inside the target's edge); its dark edge reaches
#: ``RING_EDGE`` pixels further out, its bright line ``RING_LINE`` pixels in.
RING_PULSE, RING_MAX, RING_MIN, RING_EDGE, RING_LINE = 3, 8, -3, 3, 5
SCREEN = pygame.Rect(0, 0, 1280, 720)


def name_box(button: Button) -> pygame.Rect:
    """Where ``button``'s words are: a card's name under its picture, else the whole button."""
    if isinstance(button, CardButton):
        r = button.rect
        top = r.top + assets.card_name_top(r.width)
        room = assets.card_name_room(r.width)
        return pygame.Rect(r.centerx - room // 2, top, room, r.bottom - max(6, r.width // 16) - top)
    return button.rect


def arrow_box(target: pygame.Rect, side: str, length: int = ARROW_LEN) -> pygame.Rect:
    """Everything the arrow (``length`` pixels long) on ``side`` of ``target`` may cover while it bobs."""
    length += BOB
    if side == "above":
        return pygame.Rect(target.centerx - ARROW_HALF, target.top - ARROW_GAP - length, 2 * ARROW_HALF, length)
    if side == "below":
        return pygame.Rect(target.centerx - ARROW_HALF, target.bottom + ARROW_GAP, 2 * ARROW_HALF, length)
    if side == "left":
        return pygame.Rect(target.left - ARROW_GAP - length, target.centery - ARROW_HALF, length, 2 * ARROW_HALF)
    return pygame.Rect(target.right + ARROW_GAP, target.centery - ARROW_HALF, length, 2 * ARROW_HALF)


def _covered(box: pygame.Rect, obstacles: list[pygame.Rect]) -> int:
    return sum(box.clip(o).width * box.clip(o).height for o in obstacles)


def arrow_place(target: pygame.Rect, words: list[pygame.Rect],
                others: Sequence[pygame.Rect] = ()) -> tuple[str, int] | None:
    """(side, length) of the arrow at ``target``: the first of :data:`SIDES`
    whose :func:`arrow_box` is on the screen and clear of ``words`` and
    ``others`` (those centred on the target itself do not count), long, else
    short; else the first clear of the words only (over a card's picture);
    None when every place would cover a word (the ring alone shows the way)."""
    words = [o for o in words if not target.collidepoint(o.center)]
    clear = [o for o in others if not target.collidepoint(o.center)]
    for obstacles in (words + clear, words):
        for length in (ARROW_LEN, SHORT_LEN):
            for side in SIDES:
                box = arrow_box(target, side, length)
                if SCREEN.contains(box) and box.collidelist(obstacles) == -1:
                    return side, length
    return None


def ring_margin(target: pygame.Rect, words: list[pygame.Rect], wanted: int = RING_MAX,
                inside: Sequence[pygame.Rect] = ()) -> int:
    """The ring's margin (pixels) round ``target``: ``wanted`` or less (else more), so that
    the ring (:func:`ring_bands`) touches none of the ``words`` outside the
    target nor the target's own words (``inside``, e.g. a card's name); when no
    margin does, the one touching least."""
    near = [o for o in words if not target.collidepoint(o.center)] + list(inside)
    costs = []
    wanted = max(RING_MIN, min(RING_MAX, wanted))
    for margin in list(range(wanted, RING_MIN - 1, -1)) + list(range(wanted + 1, RING_MAX + 1)):
        cost = sum(_covered(band, near) for band in ring_bands(target, margin))
        if cost == 0:
            return margin
        costs.append((cost, -margin))
    return -min(costs)[1]


def ring_box(target: pygame.Rect, margin: int) -> pygame.Rect:
    """The ring's outer edge at ``margin``."""
    return target.inflate(2 * (margin + RING_EDGE), 2 * (margin + RING_EDGE))


def ring_bands(target: pygame.Rect, margin: int) -> list[pygame.Rect]:
    """The ring as four strips, from its dark outer edge to the inner side
    of its bright line (the target's own label inside it is not covered)."""
    outer = ring_box(target, margin)
    inner = target.inflate(2 * (margin - RING_LINE), 2 * (margin - RING_LINE))
    return [pygame.Rect(outer.left, outer.top, outer.width, inner.top - outer.top),
            pygame.Rect(outer.left, inner.bottom, outer.width, outer.bottom - inner.bottom),
            pygame.Rect(outer.left, inner.top, inner.left - outer.left, inner.height),
            pygame.Rect(inner.right, inner.top, outer.right - inner.right, inner.height)]


def draw_ring(surface: pygame.Surface, target: pygame.Rect, margin: int) -> None:
    """A bright ring with a dark edge, ``margin`` pixels round ``target``."""
    r = target.inflate(2 * margin, 2 * margin)
    gfx.rect(surface, (20, 14, 10), r.inflate(2 * RING_EDGE, 2 * RING_EDGE), 3, border_radius=12)
    gfx.rect(surface, theme.HIGHLIGHT, r, RING_LINE, border_radius=12)


def draw_arrow(surface: pygame.Surface, target: pygame.Rect, side: str, t: float, shake: float = 0.0,
               length: int = ARROW_LEN) -> None:
    """The arrow (``length`` pixels) on ``side`` of ``target`` pointing at it,
    bobbing with the clock ``t`` (seconds) and shaking faster while ``shake``
    > 0; always inside its :func:`arrow_box`."""
    wave = math.sin(shake * 60) if shake else math.sin(t * 5)
    away = int(BOB * (1 - wave) / 2)                   # 0 .. BOB pixels back from the target
    box = arrow_box(target, side, length)
    if side == "above":
        tip, d = (box.centerx, box.bottom - away), (0, -1)
    elif side == "below":
        tip, d = (box.centerx, box.top + away), (0, 1)
    elif side == "left":
        tip, d = (box.right - away, box.centery), (-1, 0)
    else:
        tip, d = (box.left + away, box.centery), (1, 0)
    # the arrow drawn pointing along -d: (along, across) -> screen
    shape = [(0, 0), (26, -22), (26, -9), (length, -9), (length, 9), (26, 9), (26, 22)]
    pts = [(tip[0] + d[0] * a - d[1] * c, tip[1] + d[1] * a + d[0] * c) for a, c in shape]
    gfx.polygon(surface, theme.HIGHLIGHT, pts)
    gfx.polygon(surface, (20, 14, 10), pts, 3)
