"""Measure the drawn board: wall thickness, doorway thresholds, floors and the envelope.

Run from the project root::

    SDL_VIDEODRIVER=dummy python tools/measure_board.py             # the standard 1280 x 720 layout
    SDL_VIDEODRIVER=dummy python tools/measure_board.py --scale 2   # the same board drawn twice as large

It prints, in pixels of the drawn board: the thinnest wall (measured across
every wall that has neither a doorway nor a passage), every doorway
threshold's contrast against the corridor and its depth into the room, each
room floor's contrast against the corridor, and the envelope's size in the
case-file space.  Contrast is the WCAG ratio of relative luminances.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.board.model import Board  # noqa: E402
from game.board.tmx import load_board  # noqa: E402
from game.storage.paths import MANSION_MAP  # noqa: E402
from game.ui.mansion import drawing as mansion  # noqa: E402
from game.ui.mansion.boardlayout import STANDARD  # noqa: E402


def luminance(rgb) -> float:
    """WCAG relative luminance of an sRGB colour (0 black .. 1 white)."""
    def lin(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG contrast ratio of two colours (1 .. 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def near(c, ref, tol: int = 48) -> bool:
    return sum((int(c[i]) - ref[i]) ** 2 for i in range(3)) <= tol * tol


def mean(colours) -> tuple[float, float, float]:
    colours = list(colours)
    return tuple(sum(c[i] for c in colours) / len(colours) for i in range(3))


def measure(board: Board, size: tuple[int, int]) -> dict:
    """The measures of ``board`` drawn by :func:`game.ui.mansion.drawing.draw_mansion`
    at ``size`` pixels: ``wall`` (thinnest wall, px), ``doors`` (a list of
    ``(room, contrast, depth px)``), ``floors`` (room -> contrast against the
    corridor), ``envelope`` ((w, h) px) and ``cell`` ((w, h) px of a square)."""
    pic = mansion.draw_mansion(board, size)
    sx, sy = size[0] / board.width, size[1] / board.height
    at = pic.get_at

    def run(x: float, y: float, dx: int, dy: int, ok, limit: int) -> int:
        """How many pixels from (x, y) one way are ``ok``."""
        n, x, y = 0, int(x), int(y)
        while n < limit and 0 <= x < size[0] and 0 <= y < size[1] and ok(at((x, y))):
            n, x, y = n + 1, x + dx, y + dy
        return n

    corridor = mean(at((int((c + .5) * sx), int((r + .5) * sy))) for c, r in board.corridor
                    if (c, r) not in board.start_squares.values())
    skip = {d.inside for d in board.doors} | {r.passage_square for r in board.rooms.values()}
    walls = []
    for room in board.rooms.values():
        for c, r in room.squares:
            if (c, r) in skip or (c, r - 1) in room.squares:
                continue
            # across the north wall, down the middle of the square
            walls.append(run((c + .5) * sx, r * sy, 0, 1, lambda p: near(p, mansion.ROOM_WALL), int(sy)))
    doors = []
    for d in board.doors:
        (c, r), (dc, dr) = d.inside, (d.square[0] - d.inside[0], d.square[1] - d.inside[1])
        # start on the room's edge facing the corridor, walk into the room through the mat's middle
        x = (c + .5 + .5 * dc) * sx - (1 if dc > 0 else 0)
        y = (r + .5 + .5 * dr) * sy - (1 if dr > 0 else 0)
        # the mat's far edge: the last pixel of the mat's blue along that line (its light inner line included)
        line = [at((int(x - dc * k), int(y - dr * k))) for k in range(int(sx))]
        blue = [k for k, p in enumerate(line) if near(p, mansion.MAT, 40)]
        depth = blue[-1] + 1 if blue and blue[0] <= 2 else 0
        mid = at((int(x - dc * depth / 2), int(y - dr * depth / 2)))
        doors.append((d.room, round(contrast(mid, corridor), 2), depth))
    furnished = set()
    for f in board.furniture:
        x, y, w, h = f.box
        furnished |= {(c, r) for c in range(int(x), int(x + w) + 1) for r in range(int(y), int(y + h) + 1)}
    floors = {}
    for rid, room in board.rooms.items():
        inner = [sq for sq in room.squares if sq not in furnished and sq not in skip] or list(room.squares)
        samples = [at((int((c + fx) * sx), int((r + fy) * sy))) for c, r in inner
                   for fx in (.3, .5, .7) for fy in (.3, .5, .7)]
        floors[rid] = round(contrast(mean(samples), corridor), 2)
    paper = [(x, y) for y in range(size[1]) for x in range(0, size[0])
             if (int(x // sx), int(y // sy)) in board.envelope and near(at((x, y)), mansion.PAPER, 20)]
    xs, ys = [p[0] for p in paper], [p[1] for p in paper]
    envelope = (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1) if paper else (0, 0)
    return {"cell": (round(sx, 2), round(sy, 2)), "wall": min(walls), "doors": doors, "floors": floors,
            "envelope": envelope}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0, help="draw the board this many times the 1280 x 720 size")
    ap.add_argument("--map", type=Path, default=MANSION_MAP, help="the Tiled map (default: the mansion)")
    args = ap.parse_args(argv)
    board = load_board(args.map)
    w, h = board.width * STANDARD.square[0], board.height * STANDARD.square[1]
    m = measure(board, (round(w * args.scale), round(h * args.scale)))
    print(f"board {round(w * args.scale)} x {round(h * args.scale)} px, a square {m['cell'][0]} x {m['cell'][1]} px")
    print(f"thinnest wall: {m['wall']} px")
    worst = min(m["doors"], key=lambda d: d[1])
    shallow = min(m["doors"], key=lambda d: d[2])
    print(f"doorway thresholds ({len(m['doors'])}): contrast against the corridor {worst[1]}:1 at the least "
          f"({worst[0]}), depth {shallow[2]} px at the least ({shallow[0]})")
    for room, ratio, depth in m["doors"]:
        print(f"  {room:14} {ratio:5}:1 {depth:3} px")
    print("room floors against the corridor:")
    for rid, ratio in m["floors"].items():
        print(f"  {rid:14} {ratio:5}:1")
    print(f"envelope: {m['envelope'][0]} x {m['envelope'][1]} px")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
