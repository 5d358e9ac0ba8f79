"""Render an animation as a strip of frames: one ``--screenshot`` scene
captured at several simulated moments (``CLUE_SHOT_AT``), scaled and joined
side by side into one PNG.

Usage: ``python tools/strip.py SCENE OUT.png [--at 0,0.2,0.4,0.8] [--size 1280x720]
[--scale 0.35]``.  Times are simulated seconds after the scene is built;
the language and text size come from ``CLUE_LANG`` / ``CLUE_TEXT_SIZE``."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    """Write the strip; returns the exit code (1 when a frame fails)."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("scene")
    ap.add_argument("out")
    ap.add_argument("--at", default="0,0.15,0.3,0.6,1.0")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--scale", type=float, default=0.35)
    a = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    frames = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, at in enumerate(a.at.split(",")):
            png = os.path.join(tmp, f"{i}.png")
            env = dict(os.environ, CLUE_SHOT_AT=at)
            r = subprocess.run([sys.executable, str(ROOT / "run.py"), "--screenshot", png, "--scene", a.scene,
                                "--size", a.size], env=env)
            if r.returncode:
                print(f"strip: frame at {at} s of {a.scene} failed", file=sys.stderr)
                return 1
            img = pygame.image.load(png)
            w, h = img.get_size()
            frames.append((at, pygame.transform.smoothscale(img, (int(w * a.scale), int(h * a.scale)))))
    pygame.font.init()
    font = pygame.font.Font(None, 22)
    fw, fh = frames[0][1].get_size()
    strip = pygame.Surface((len(frames) * (fw + 6) - 6, fh + 22))
    strip.fill((20, 20, 24))
    for i, (at, img) in enumerate(frames):
        strip.blit(img, (i * (fw + 6), 22))
        strip.blit(font.render(f"t = {at} s", True, (230, 230, 230)), (i * (fw + 6) + 4, 3))
    pygame.image.save(strip, a.out)
    print(a.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
