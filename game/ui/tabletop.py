"""The table's own pictures: baize with a nap, a wooden rim, a sunken dice
tray, and panels set off from the background by a soft shadow and a brass
frame.

Every picture is generated for the size asked (pixels, any scale: drawn on a
canvas twice as large and filtered down, as the cards are) and cached per
size, so the same call serves the logical 1280 x 720 picture and a sharper one.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from game.ui import theme

#: The card table's green, and its darker tray.
BAIZE = (40, 92, 60)
TRAY = (30, 70, 46)
#: The wooden rim around baize.
RIM = (112, 72, 42)
#: The bright line round every panel (>= 3:1 against the background).
FRAME = (214, 170, 96)
#: How far a panel's shadow falls (pixels, down and right).
SHADOW = 5


@lru_cache(maxsize=16)
def baize(size: tuple[int, int], colour: tuple[int, int, int] = BAIZE, seed: int = 7) -> pygame.Surface:
    """Baize of ``size`` (w, h pixels) in ``colour``: a nap of short fibres,
    lighter and darker by up to 22 levels, so no part of it reads as a flat hole."""
    w, h = max(1, size[0]), max(1, size[1])
    big = pygame.Surface((w * 2, h * 2))
    big.fill(colour)
    rng = random.Random(seed)
    for _ in range(w * h // 3):        # fibres on the 2x canvas: about 1.3 per output pixel
        x, y = rng.randrange(w * 2), rng.randrange(h * 2)
        d = rng.randint(-22, 22)
        c = tuple(max(0, min(255, v + d)) for v in colour)
        pygame.draw.line(big, c, (x, y), (x + rng.randint(-3, 3), y + rng.randint(-3, 3)), 2)
    return pygame.transform.smoothscale(big, (w, h))


@lru_cache(maxsize=16)
def _shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    """A soft dark shadow of a rounded box of ``size``, with :data:`SHADOW` pixels of blur around it."""
    w, h = size
    s = pygame.Surface((w + 2 * SHADOW, h + 2 * SHADOW), pygame.SRCALPHA)
    for i in range(SHADOW, 0, -1):     # outer rings faint, inner ones darker
        pygame.draw.rect(s, (0, 0, 0, 150 // (i + 1)), pygame.Rect(SHADOW - i, SHADOW - i, w + 2 * i, h + 2 * i),
                         border_radius=radius + i)
    pygame.draw.rect(s, (0, 0, 0, 150), pygame.Rect(SHADOW, SHADOW, w, h), border_radius=radius)
    return s


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=theme.PANEL, radius: int = 14) -> None:
    """A panel set off from the background: its soft shadow below right, its
    fill ``colour``, a dark inner line and the bright :data:`FRAME` outside it."""
    surface.blit(_shadow(rect.size, radius), (rect.left - SHADOW + 3, rect.top - SHADOW + 4))
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, FRAME, rect, 2, border_radius=radius)
    pygame.draw.rect(surface, theme.BG_DARK, rect.inflate(-4, -4), 1, border_radius=max(0, radius - 2))


def felt_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int = 14) -> None:
    """A panel of baize in a wooden rim: where the buttons and the dice lie on the table."""
    panel(surface, rect, RIM, radius)
    inner = rect.inflate(-14, -14)
    cloth = baize(inner.size)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(0, radius - 6))
    cloth = cloth.copy()
    cloth.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(cloth, inner)
    _inner_shadow(surface, inner, radius - 6)


def tray(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A sunken dice tray in ``rect``: darker baize, its walls casting a shadow inside."""
    pygame.draw.rect(surface, RIM, rect, border_radius=10)
    inner = rect.inflate(-10, -10)
    surface.blit(baize(inner.size, TRAY, 11), inner)
    _inner_shadow(surface, inner, 6, 6)
    pygame.draw.rect(surface, FRAME, rect, 2, border_radius=10)


def _inner_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, depth: int = 4) -> None:
    """The shadow of a rim falling on what it surrounds (``depth`` pixels, darkest at the rim)."""
    for i in range(depth):
        theme_alpha = 120 * (depth - i) // depth
        edge = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(edge, (0, 0, 0, theme_alpha), edge.get_rect().inflate(-2 * i, -2 * i), 1,
                         border_radius=max(0, radius - i))
        surface.blit(edge, rect)
