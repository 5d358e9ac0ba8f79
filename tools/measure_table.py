"""Measure a rendered board screen: its largest flat area, its largest bare
felt, the contrast at its panels' edges and the whole lines its log shows.

Usage::

    python run.py --screenshot board.png --scene board
    python tools/measure_table.py board.png [--layout standard|tv] [--large]
    python run.py --screenshot cards.png --scene card-game
    python tools/measure_table.py cards.png --layout card

The panels' places come from the board layout (:mod:`game.ui.mansion.boardlayout`),
scaled from the logical 1280 x 720 picture to the screenshot's size.  The
functions are imported by the tests (``tests/test_table_panels.py``).

*Flat*: the picture is cut into cells of :data:`CELL` x :data:`CELL` logical
pixels; a cell is flat when the standard deviation of its luminance is under
:data:`FLAT_SPREAD` (a faint stripe or a smooth gradient is still flat; grain,
text and drawing are not).  The largest flat area is the largest rectangle of
flat cells.  *Bare felt*: the largest rectangle of the table panel's baize with
nothing on it (the baize's nap is not flat, but an empty one is a hole all the same).  *Edge contrast*: along each panel's edge, the WCAG contrast ratio
between the background a few pixels outside and the brightest or darkest
pixel of the frame just inside, the median over the edge.  *Whole lines*: the
bands of text rows between the log's heading and its key hint that neither
touch the area's edges nor are cut short; the rules line, when it stands above
the key hint's row, is told by its ink and not counted.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import numpy as np

#: The side of one measuring cell, logical pixels.
CELL = 10
#: A cell whose luminance spreads less than this (0-255 scale) is flat.
FLAT_SPREAD = 4.0
#: Logical pixels at the right of the log's text area left out: its scroll bar and the cards' thumbnails.
SCROLLBAR = 140


def luminance(rgb: np.ndarray) -> np.ndarray:
    """WCAG relative luminance (0-1) of an (..., 3) array of 0-255 sRGB values."""
    c = rgb.astype(np.float64) / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return lin @ np.array([0.2126, 0.7152, 0.0722])


def contrast(l1: float, l2: float) -> float:
    """WCAG contrast ratio of two relative luminances (1.0 to 21.0)."""
    hi, lo = max(l1, l2), min(l1, l2)
    return (hi + 0.05) / (lo + 0.05)


def flat_cells(rgb: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """A (rows, cols) boolean array: which cells of ``rgb`` (H x W x 3) are flat
    (cells of :data:`CELL` logical pixels, ``scale`` screen pixels each)."""
    cell = max(1, round(CELL * scale))
    grey = rgb.astype(np.float64) @ np.array([0.299, 0.587, 0.114])
    rows, cols = grey.shape[0] // cell, grey.shape[1] // cell
    blocks = grey[:rows * cell, :cols * cell].reshape(rows, cell, cols, cell)
    return blocks.std(axis=(1, 3)) < FLAT_SPREAD


def largest_rectangle(mask: np.ndarray) -> tuple[int, int, int, int]:
    """The largest all-True rectangle of ``mask`` by area: (col, row, cols, rows)."""
    best = (0, 0, 0, 0)
    heights = np.zeros(mask.shape[1], dtype=int)
    for r in range(mask.shape[0]):
        heights = np.where(mask[r], heights + 1, 0)
        stack: list[int] = []
        for c in range(len(heights) + 1):
            h = heights[c] if c < len(heights) else 0
            while stack and heights[stack[-1]] >= h:
                top = stack.pop()
                left = stack[-1] + 1 if stack else 0
                height, width = heights[top], c - left
                if width * height > best[2] * best[3]:
                    best = (left, r - height + 1, width, height)
            stack.append(c)
    return best


def largest_square(mask: np.ndarray) -> int:
    """The side (cells) of the largest all-True square of ``mask``."""
    side = np.zeros((mask.shape[0] + 1, mask.shape[1] + 1), dtype=int)
    for r in range(mask.shape[0]):
        for c in range(mask.shape[1]):
            if mask[r, c]:
                side[r + 1, c + 1] = 1 + min(side[r, c + 1], side[r + 1, c], side[r, c])
    return int(side.max())


def flat_area(rgb: np.ndarray, scale: float = 1.0) -> dict:
    """The largest flat area of ``rgb`` in logical pixels: ``rect`` (x, y, w, h)
    of the largest flat rectangle, and ``square``, the side of the largest flat square."""
    mask = flat_cells(rgb, scale)
    c, r, w, h = largest_rectangle(mask)
    return {"rect": (c * CELL, r * CELL, w * CELL, h * CELL), "square": largest_square(mask) * CELL}


#: A cell of the table's felt is bare when none of its pixels differs from the bare felt by more than this (0-255).
BARE_SPREAD = 6


def bare_felt(rgb: np.ndarray, felt: tuple[int, int, int, int], scale: float = 1.0) -> dict:
    """The largest rectangle of the felt panel ``felt`` (logical x, y, w, h; its baize inside
    the wooden rim) that shows the bare baize, nothing on it: ``rect`` (logical x, y, w, h).
    The baize has a nap, so :func:`flat_area` does not see an empty one; here the screenshot
    is compared with the same panel painted alone (:func:`game.ui.draw.tabletop.felt_panel`)."""
    import pygame

    from game.ui.draw import gfx, tabletop

    gfx.set_output_scale(scale)
    alone = gfx.Canvas((1280, 720), 0, scale)
    tabletop.felt_panel(alone, pygame.Rect(felt))
    ref = np.frombuffer(pygame.image.tobytes(gfx.raw(alone), "RGB"), np.uint8).reshape(rgb.shape)
    inner = pygame.Rect(felt).inflate(-14, -14)
    cell = max(1, round(CELL * scale))
    x0, y0 = round(inner.left * scale), round(inner.top * scale)
    cols, rows = round(inner.width * scale) // cell, round(inner.height * scale) // cell
    diff = np.abs(rgb[y0:y0 + rows * cell, x0:x0 + cols * cell].astype(int)
                  - ref[y0:y0 + rows * cell, x0:x0 + cols * cell].astype(int)).max(axis=2)
    bare = diff.reshape(rows, cell, cols, cell).max(axis=(1, 3)) <= BARE_SPREAD
    c, r, w, h = largest_rectangle(bare)
    return {"rect": (inner.left + c * CELL, inner.top + r * CELL, w * CELL, h * CELL)}


def edge_contrast(rgb: np.ndarray, rect: tuple[int, int, int, int], scale: float = 1.0,
                  corner: int = 20) -> float:
    """The median contrast at the edge of the panel ``rect`` (logical x, y, w, h):
    at each point along its sides (``corner`` pixels clear of the rounded
    corners), the background 6 pixels outside against the frame's pixel in the
    5 pixels inside that differs from it most."""
    lum = luminance(rgb)
    height, width = lum.shape
    x, y, w, h = rect
    out: list[float] = []

    def sample(px: float, py: float) -> float | None:
        ix, iy = int(px * scale), int(py * scale)
        return float(lum[iy, ix]) if 0 <= ix < width and 0 <= iy < height else None

    sides = [((x + t, y), (0, -1)) for t in range(corner, w - corner, 4)]
    sides += [((x + t, y + h - 1), (0, 1)) for t in range(corner, w - corner, 4)]
    sides += [((x, y + t), (-1, 0)) for t in range(corner, h - corner, 4)]
    sides += [((x + w - 1, y + t), (1, 0)) for t in range(corner, h - corner, 4)]
    for (px, py), (dx, dy) in sides:
        bg = sample(px + 6 * dx, py + 6 * dy)
        frame = [sample(px - k * dx, py - k * dy) for k in range(5)]
        frame = [f for f in frame if f is not None]
        if bg is None or not frame:
            continue
        out.append(max(contrast(bg, f) for f in frame))
    return float(np.median(out)) if out else 0.0


def text_bands(rgb: np.ndarray, area: tuple[int, int, int, int], scale: float = 1.0) -> list[tuple[int, int]]:
    """Runs of rows with text in ``area`` (logical x, y, w, h), as (top, height)
    in logical pixels: a row has text where a pixel stands out from the
    row's own surface (the area's median) by more than a third of the range."""
    x, y, w, h = (round(v * scale) for v in area)
    lum = luminance(rgb[y:y + h, x:x + w])
    ink = np.abs(lum - np.median(lum)) > 0.12
    rows = ink.sum(axis=1) >= max(2, round(2 * scale))
    bands: list[tuple[int, int]] = []
    start = None
    for i, on in enumerate(list(rows) + [False]):
        if on and start is None:
            start = i
        elif not on and start is not None:
            if bands and start - sum(bands[-1]) <= round(2 * scale):   # a descender's own rows: the same line
                bands[-1] = (bands[-1][0], i - bands[-1][0])
            else:
                bands.append((start, i - start))
            start = None
    return [(round(top / scale) + area[1], max(1, round(n / scale))) for top, n in bands]


def ink_colour(rgb: np.ndarray, area: tuple[int, int, int, int], band: tuple[int, int],
               scale: float = 1.0) -> tuple[float, float, float]:
    """The colour of the text in ``band`` (logical top, height) of ``area``
    (logical x, y, w, h): the median of its brighter half of ink pixels (the
    edges of letters, blended with the panel, left out)."""
    x, _y, w, _h = (round(v * scale) for v in area)
    top, n = round(band[0] * scale), max(1, round(band[1] * scale))
    px = rgb[top:top + n, x:x + w].reshape(-1, 3).astype(np.float64)
    lum = luminance(px)
    ink = px[np.abs(lum - np.median(lum)) > 0.12]
    if not len(ink):
        return (0.0, 0.0, 0.0)
    bright = ink[luminance(ink) >= np.median(luminance(ink))]
    return tuple(float(v) for v in np.median(bright, axis=0))


def whole_lines(rgb: np.ndarray, area: tuple[int, int, int, int], line: int, scale: float = 1.0,
                skip_ink: tuple[int, int, int] | None = None) -> dict:
    """The log's lines in its text ``area`` (logical x, y, w, h; one line every
    ``line`` logical pixels): ``whole``, the lines drawn whole; ``clipped``,
    the bands that touch the area's top or bottom edge or are less than
    half a line's ink tall (a line cut by the area); ``skipped``, the bands
    written in ``skip_ink`` (within 30 levels: the rules line), counted in
    neither.  The scroll bar and the thumbnails at the area's right are left out."""
    x, y, w, h = area
    text = (x, y, w - SCROLLBAR, h)
    bands = text_bands(rgb, text, scale)
    skipped = [b for b in bands if skip_ink is not None and
               np.linalg.norm(np.subtract(ink_colour(rgb, text, b, scale), skip_ink)) < 30]
    bands = [b for b in bands if b not in skipped]
    tall = float(np.median([n for _t, n in bands])) if bands else 0.0
    top, bottom = area[1], area[1] + area[3]
    clipped = [b for b in bands if b[0] <= top or b[0] + b[1] >= bottom or b[1] < tall * 0.5]
    return {"whole": len(bands) - len(clipped), "clipped": len(clipped), "skipped": len(skipped), "bands": bands}


def measure(path: str, layout_name: str = "standard") -> dict:
    """All three measures of the board screenshot at ``path`` (see the module)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui.board.panels import RULES_INK, log_line, log_text_area, table_panels
    from game.ui.mansion.boardlayout import STANDARD, TV

    _init_pygame()
    img = pygame.image.load(path)
    rgb = pygame.surfarray.array3d(img).transpose(1, 0, 2)
    scale = img.get_width() / 1280
    layout = TV if layout_name == "tv" else STANDARD
    edges = {name: edge_contrast(rgb, tuple(r), scale) for name, r in table_panels(layout).items()}
    return {"flat": flat_area(rgb, scale), "edges": edges, "bare": bare_felt(rgb, tuple(layout.table_rect), scale),
            "log": whole_lines(rgb, tuple(log_text_area(layout)), log_line(), scale, RULES_INK)}


def _init_pygame() -> None:
    """pygame started for measuring; the game's fonts forgotten when pygame's font module had
    been quit (an app closed in the same process: its cached fonts are unusable)."""
    import pygame

    from game.ui.draw import theme

    stale = not pygame.font.get_init()
    pygame.init()
    if stale:
        theme.reset_caches()


def measure_card(path: str) -> dict:
    """The flat area and the panels' edge contrast of the card table's
    screenshot at ``path`` (the felt, the whose-turn panel, the log), and
    its log's whole lines (the card table has no rules line in its log)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui.cardgame import panels, tableview

    _init_pygame()
    img = pygame.image.load(path)
    rgb = pygame.surfarray.array3d(img).transpose(1, 0, 2)
    scale = img.get_width() / 1280
    rects = {"table": tableview.FELT_RECT, "turn": panels.TURN_RECT, "log": panels.LOG_RECT}
    log = panels.LOG_RECT
    area = (log.left + 14, log.top + 38, log.width - 28, log.height - 80)
    return {"flat": flat_area(rgb, scale), "edges": {k: edge_contrast(rgb, tuple(r), scale) for k, r in rects.items()},
            "log": whole_lines(rgb, area, panels.log_step(), scale)}


def main(argv: list[str] | None = None) -> int:
    """Print the measures of each screenshot named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("png", nargs="+", help="board screenshots (run.py --screenshot)")
    parser.add_argument("--layout", choices=("standard", "tv", "card"), default="standard",
                        help="the board screen's layout, or card: the card table (scenes card-game, card-five...)")
    parser.add_argument("--large", action="store_true", help="the screenshots were taken with large text")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    if args.large:
        from game.ui.draw import theme
        theme.set_text_scale(theme.LARGE_SCALE)
    for path in args.png:
        m = measure_card(path) if args.layout == "card" else measure(path, args.layout)
        x, y, w, h = m["flat"]["rect"]
        print(f"{path}:")
        print(f"  largest flat area: {w} x {h} px at ({x}, {y}); largest flat square: {m['flat']['square']} px")
        if "bare" in m:
            x, y, w, h = m["bare"]["rect"]
            print(f"  largest bare felt: {w} x {h} px at ({x}, {y})")
        print("  panel edge contrast: " + ", ".join(f"{k} {v:.2f}:1" for k, v in m["edges"].items()))
        print(f"  log: {m['log']['whole']} whole lines, {m['log']['clipped']} clipped "
              f"(not counted: {m['log']['skipped']} rules line(s) above the key hint)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
