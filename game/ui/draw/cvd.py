"""What a picture looks like to a colour-blind person, for the screenshot scenes.

The simulation of Machado, Oliveira and Fernandes 2009 ("A physiologically-based
model for simulation of color vision deficiency", IEEE TVCG 15(6)) at severity
1.0: a 3 x 3 matrix applied to linear sRGB.  It gives the same colours as
colorspacious' ``"sRGB1+CVD"`` space (the tests check it); plain Python, so
the game needs no numpy.
"""

from __future__ import annotations

import pygame

#: The severity-1.0 matrices of Machado et al. 2009, on linear sRGB (rows: R, G, B out).
MATRICES = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def colour(rgb: tuple[int, int, int], kind: str) -> tuple[int, int, int]:
    """``rgb`` (0-255 each) as seen with ``kind`` ("protanopia", "deuteranopia"
    or "tritanopia"), clipped to 0-255.  Raises ``KeyError`` for another kind."""
    m = MATRICES[kind]
    lin = [_linear(c / 255) for c in rgb[:3]]
    r, g, b = (round(255 * _gamma(sum(row[i] * lin[i] for i in range(3)))) for row in m)
    return r, g, b


def surface(img: pygame.Surface, kind: str) -> pygame.Surface:
    """A copy of ``img`` with every pixel's colour passed through :func:`colour`
    (alpha kept).  Plain Python, pixel by pixel: for small pictures such as
    the tokens."""
    out = img.copy()
    seen: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    w, h = pygame.Surface.get_size(out)          # device pixels, whatever the picture's scale
    for y in range(h):
        for x in range(w):
            r, g, b, a = pygame.Surface.get_at(out, (x, y))
            if a == 0:
                continue
            key = (r, g, b)
            if key not in seen:
                seen[key] = colour(key, kind)
            pygame.Surface.set_at(out, (x, y), (*seen[key], a))
    return out
