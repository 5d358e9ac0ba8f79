"""Render ``--screenshot`` scenes at several window sizes, as the docs show them.

For each scene and size it writes ``OUT/<scene>-<W>x<H>.jpg``: the whole frame,
or with ``--detail`` a 1:1 piece of it (``--detail 1280x720`` cuts that many
device pixels round the point ``--at``, given as fractions of the frame), which
shows how sharp the picture is at that size without storing a 4K frame.

Usage: ``python tools/sizes.py OUT --scenes board,title --sizes 1280x720,1920x1080
[--detail 1280x720 --at 0.3,0.3] [--quality 60]``.  The language and text
size come from ``CLUE_LANG`` / ``CLUE_TEXT_SIZE``; ImageMagick's ``convert``
writes the JPEG files.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    """Write the pictures; returns the exit code (1 when a scene fails)."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out")
    ap.add_argument("--scenes", required=True)
    ap.add_argument("--sizes", default="1280x720,1920x1080,3840x2160")
    ap.add_argument("--detail", default="", help="WxH: keep only that many device pixels, 1:1")
    ap.add_argument("--at", default="0.5,0.5", help="the detail's centre, as fractions of the frame")
    ap.add_argument("--quality", type=int, default=60)
    ap.add_argument("--suffix", default="")
    a = ap.parse_args(argv)
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"))
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for scene in a.scenes.split(","):
            for size in a.sizes.split(","):
                png = os.path.join(tmp, f"{scene}-{size}.png")
                r = subprocess.run([sys.executable, str(ROOT / "run.py"), "--screenshot", png, "--scene", scene,
                                    "--size", size], env=env)
                if r.returncode:
                    print(f"sizes: {scene} at {size} failed", file=sys.stderr)
                    return 1
                cmd = ["convert", png]
                if a.detail:
                    fw, fh = (int(v) for v in size.split("x"))
                    dw, dh = (int(v) for v in a.detail.split("x"))
                    cx, cy = (float(v) for v in a.at.split(","))
                    x = max(0, min(fw - dw, round(fw * cx - dw / 2)))
                    y = max(0, min(fh - dh, round(fh * cy - dh / 2)))
                    cmd += ["-crop", f"{dw}x{dh}+{x}+{y}", "+repage"]
                name = f"{scene}-{size}{a.suffix}.jpg"
                subprocess.run(cmd + ["-quality", str(a.quality), str(out / name)], check=True)
                print(out / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
