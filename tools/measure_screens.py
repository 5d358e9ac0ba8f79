"""Measure how much of a rendered screen is flat background.

Usage::

    python tools/measure_screens.py --scene title [--scene setup ...]   # renders each scene
    python tools/measure_screens.py title.png [more.png ...]           # screenshots

The picture is cut into cells of :data:`measure_table.CELL` x ``CELL``
logical pixels (10, scaled to the screenshot's size); a cell is flat when the
standard deviation of its luminance is under ``measure_table.FLAT_SPREAD``
(see ``tools/measure_table.py``: a faint stripe or a smooth gradient is still
flat).  The share printed is flat cells over all cells, in per cent.  For a
screenshot the inside of a plain button counts as flat too; a scene measured
by name (``--scene``, rendered at 1280 x 720 as ``run.py --screenshot`` does)
leaves its buttons out (they are not background), so that figure is the flat
background.  ``CLUE_LANG`` and ``CLUE_TEXT_SIZE`` choose the language and
text size as for a screenshot.  The functions are imported by the tests
(``tests/test_first_screens.py``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure_table import flat_cells  # noqa: E402


def flat_share(rgb, scale: float = 1.0) -> float:
    """The share (0-1) of the flat cells of ``rgb`` (an H x W x 3 array of
    0-255 values; ``scale`` screen pixels per logical pixel)."""
    mask = flat_cells(rgb, scale)
    return float(mask.mean()) if mask.size else 0.0


def flat_background(rgb, skip=(), scale: float = 1.0) -> float:
    """The share (0-1) of all cells of ``rgb`` that are flat and whose centre
    lies outside every rectangle of ``skip`` (logical (x, y, w, h): buttons)."""
    from measure_table import CELL

    mask = flat_cells(rgb, scale).copy()
    for x, y, w, h in skip:
        c0, r0 = max(0, (x + CELL // 2) // CELL), max(0, (y + CELL // 2) // CELL)
        c1, r1 = (x + w - CELL // 2) // CELL + 1, (y + h - CELL // 2) // CELL + 1
        mask[r0:max(r0, r1), c0:max(c0, c1)] = False
    return float(mask.mean()) if mask.size else 0.0


def measure_scene(scene: str, seed: int = 3) -> float:
    """The flat background share (0-1) of ``scene`` (a ``--scene`` name) drawn
    at 1280 x 720, its buttons left out."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import pygame

    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.draw.widgets import Button
    from game.ui.screenshots.screens import build_scene

    app = App(size=(1280, 720), seed=seed, sound=False, threaded_ai=False, speed=1.0,
              settings=Settings(language=os.environ.get("CLUE_LANG", "en"),
                                text_size=os.environ.get("CLUE_TEXT_SIZE", "normal")))
    try:
        build_scene(app, scene, seed)
        app.draw()
        rgb = pygame.surfarray.array3d(app.window.surface).transpose(1, 0, 2)
        buttons = [tuple(w.rect) for w in app.top.widgets() if isinstance(w, Button)]
        return flat_background(rgb, buttons)
    finally:
        app.close()


def measure(path: str) -> float:
    """The flat share (0-1) of the screenshot at ``path`` (a PNG any size of 16:9)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    img = pygame.image.load(path)
    rgb = pygame.surfarray.array3d(img).transpose(1, 0, 2)
    return flat_share(rgb, img.get_width() / 1280)


def main(argv: list[str] | None = None) -> int:
    """Print the flat share of each screenshot named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("png", nargs="*", help="screenshots (run.py --screenshot)")
    parser.add_argument("--scene", action="append", default=[], help="a scene to render and measure, buttons left out")
    args = parser.parse_args(argv)
    for scene in args.scene:
        print(f"{scene}: flat background {100 * measure_scene(scene):.1f} %")
    for path in args.png:
        print(f"{path}: flat {100 * measure(path):.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
