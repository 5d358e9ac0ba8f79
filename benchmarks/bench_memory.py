"""Peak memory benchmark (prints figures; not a test).

Starts the game in this fresh process at a window size (default 3840x2160,
the dummy video and audio drivers) and goes through the title, setup, the
board in both layouts, the board game's big moments (a suggestion, the
question round, "Nobody can show a card!", the case solved, a wrong
accusation), game over, and the card game with its moments, using the
``--screenshot`` scene builders (:func:`game.ui.screenshots.screens.build_scene`) and
stepping each scene for ``--seconds`` simulated seconds at 60 frames a second,
drawn.  After each scene it prints the peak resident memory so far
(``resource.getrusage(RUSAGE_SELF).ru_maxrss``) in MiB.  Goal at 3840x2160:
a peak of at most 250 MiB.

Run: ``python benchmarks/bench_memory.py [--size 3840x2160] [--seconds 2]``
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_ui import parse_size  # noqa: E402  (the path above makes the benchmarks importable)

#: The scenes gone through, in order.
SCENES = ("title", "setup", "board", "board-tv", "suggestion-cutin", "question-round", "nobody-banner",
          "case-solved", "accusation-wrong", "game-over", "card-game", "card-solved", "card-wrong", "card-nobody",
          "card-over")
#: The goal for the peak at 3840x2160, MiB.
GOAL_MIB = 250


def peak_mib() -> float:
    """Peak resident memory of this process so far, MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--size", type=parse_size, default=(3840, 2160), help="window size WIDTHxHEIGHT (default 3840x2160)")
    p.add_argument("--seconds", type=float, default=2.0, help="simulated seconds each scene is stepped (default 2)")
    args = p.parse_args(argv)
    import pygame

    print(f"python and pygame imported: {peak_mib():.0f} MiB")
    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.screenshots.screens import build_scene

    app = App(size=args.size, seed=3, sound=False, threaded_ai=False, settings=Settings(), speed=1.0)
    for scene in SCENES:
        build_scene(app, scene, 3)
        for _frame in range(round(args.seconds * 60)):
            app.step(1 / 60)
        print(f"after {scene:18} peak {peak_mib():6.0f} MiB")
    app.close()
    pygame.quit()
    w, h = args.size
    goal = f"   (goal at 3840x2160: at most {GOAL_MIB} MiB)" if (w, h) == (3840, 2160) else ""
    print(f"peak resident memory at {w}x{h}: {peak_mib():.0f} MiB{goal}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
