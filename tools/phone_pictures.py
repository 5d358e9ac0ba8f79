"""Draw the phone page's pictures in ``docs/images/phones`` again, from the page as it is.

The pictures are taken by the page's own tests (``tests/test_net_page.py``): headless Chromium
at 390 x 844 (the size forced through CDP, as ``--window-size`` alone gives another viewport in
``--headless=new``) against the real host server on loopback, each test saving its pictures where
``CLUE_PAGE_SHOTS`` (the ``page-*.png``) and ``CLUE_BOARD_SHOTS`` (the phone's board after a roll
and after the walk) say.  This tool runs those tests with both pointing at a scratch folder, then
writes over each picture the folder keeps that the tests made again -- the board's two as JPEG
(quality 80, ImageMagick's ``convert``), the rest as the PNGs they are -- and says which it
wrote, which the folder keeps that no test makes (left as they are: ``far-away-*.jpg`` come
from ``tests/test_net_far_game.py``, which needs network namespaces), and which the tests made
that the folder does not keep (``--all`` adds them).  Nothing is written when a test fails.

Usage: ``python tools/phone_pictures.py [--all] [-k EXPR] [--minutes N]`` (``-k``: only the tests
pytest's ``-k`` selects; ``--minutes``: the longest the tests may take, 30 by default).  Needs
selenium, Chromium and chromedriver (``apt-get install chromium chromium-driver``).  Exit status:
0 done, 1 a test failed or timed out (nothing written), 2 Chromium, chromedriver or ``convert``
missing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PHONES = ROOT / "docs" / "images" / "phones"
#: The board pictures: the name the test saves -> the name the folder keeps (JPEG).
BOARD = {"phone-board-after-roll.png": "page-phone-board-after-roll.jpg",
         "phone-board-table-after-walk.png": "page-phone-board-table-after-walk.jpg"}
JPEG_QUALITY = 80


def missing_tools() -> list[str]:
    """What the tests or the JPEGs need and this machine lacks, in words; empty when nothing."""
    out = []
    for name, env in (("chromium", "CLUE_CHROMIUM"), ("chromedriver", "CLUE_CHROMEDRIVER")):
        if not (os.environ.get(env) or shutil.which(name) or Path(f"/usr/bin/{name}").is_file()):
            out.append(f"{name} is not installed (apt-get install chromium chromium-driver)")
    if not shutil.which("convert"):
        out.append("ImageMagick's convert is not installed (apt-get install imagemagick)")
    return out


def take(scratch: Path, select: str, minutes: float) -> bool:
    """Run the page tests (``select``: pytest's ``-k``, "" for all) with their pictures going to
    ``scratch``/pages and ``scratch``/board; True when every test selected passed in time."""
    env = dict(os.environ, CLUE_PAGE_SHOTS=str(scratch / "pages"), CLUE_BOARD_SHOTS=str(scratch / "board"),
               PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_net_page.py"]
    if select:
        cmd += ["-k", select]
    try:
        done = subprocess.run(cmd, cwd=ROOT, env=env, timeout=minutes * 60)
    except subprocess.TimeoutExpired:
        print(f"the page tests took more than {minutes:g} minutes: nothing written", file=sys.stderr)
        return False
    if done.returncode != 0:
        print(f"the page tests failed (exit {done.returncode}): nothing written", file=sys.stderr)
        return False
    return True


def made(scratch: Path) -> dict[str, Path]:
    """The pictures the tests made: the name the folder keeps (or would keep) -> the file made."""
    # the test's shoot() puts the board's two with the others when CLUE_PAGE_SHOTS is set
    return {BOARD.get(p.name, p.name): p for folder in ("pages", "board") for p in sorted((scratch / folder).glob("*.png"))}


def write(name: str, src: Path) -> None:
    """Put ``src`` in the folder as ``name`` (a ``.jpg`` name: converted to JPEG)."""
    dest = PHONES / name
    if dest.suffix == ".jpg":
        subprocess.run(["convert", str(src), "-strip", "-quality", str(JPEG_QUALITY), str(dest)], check=True)
    else:
        shutil.copyfile(src, dest)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    ap.add_argument("--all", action="store_true", help="also add the pictures the folder does not keep yet")
    ap.add_argument("-k", dest="select", default="", help="only the tests pytest's -k selects")
    ap.add_argument("--minutes", type=float, default=30.0, help="the longest the tests may take (30)")
    args = ap.parse_args(argv)
    lacking = missing_tools()
    if lacking:
        for line in lacking:
            print(line, file=sys.stderr)
        return 2
    kept = {p.name for p in PHONES.iterdir() if p.suffix in (".png", ".jpg")}
    with tempfile.TemporaryDirectory(prefix="phone-pictures-") as tmp:
        scratch = Path(tmp)
        if not take(scratch, args.select, args.minutes):
            return 1
        new = made(scratch)
        for name in sorted(new):
            if name in kept or args.all:
                write(name, new[name])
                print(f"wrote {PHONES.relative_to(ROOT) / name}")
    for name in sorted(kept - set(new)):
        print(f"kept as it was (no test selected makes it): {name}")
    for name in sorted(set(new) - kept) if not args.all else ():
        print(f"made, not kept (--all adds it): {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
