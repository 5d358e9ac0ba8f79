"""Generate the mansion as a Tiled map: ``maps/mansion_tiles.png``,
``maps/mansion.tsx`` and ``maps/mansion.tmx``.

Run from the project root (the output is deterministic)::

    SDL_VIDEODRIVER=dummy python tools/make_map.py
    SDL_VIDEODRIVER=dummy python tools/make_map.py --preview /tmp/mansion_preview.png

The layout below follows the classic board (24 columns x 25 rows of squares).
This script is the only place that knows the layout; the game reads the map
through :func:`game.board.tmx.load_board`.  All art is drawn here with pygame
(our own flat drawings, no Hasbro artwork).

Map conventions (see also game/board/tmx.py):

* tile layer ``floor``: the look of every square; tiles whose ``kind`` property
  is ``corridor`` or ``start`` are the corridor squares.
* object group ``rooms``: rectangles of type ``room`` named after the room
  (several rectangles with the same name make an L-shaped room).
* object group ``doors``: one-square objects of type ``door`` on the corridor
  square in front of a doorway, string property ``room``.
* object group ``passages``: one-square objects of type ``passage`` standing in
  the room the passage starts from, string properties ``from`` and ``to``; this
  map writes one object per direction (Kitchen->Study and Study->Kitchen ...).
* object group ``starts``: one-square objects of type ``start``, string
  property ``suspect``.
* object group ``envelope``: one rectangle of type ``envelope``.
* object group ``furniture``: rectangles of type ``furniture`` named by what
  they are (``"billiard table"``, ``"bookshelf"``...), string property
  ``room``; only looks, drawn by :mod:`game.ui.mansion.drawing` under the names and
  the pieces.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.rules.cards import CARD_NAMES, SUSPECT_COLOURS, SUSPECTS  # noqa: E402

TILE = 32
COLS, ROWS = 24, 25

# ---------------------------------------------------------------------------
# The layout.  '#' blocked (outside the mansion), '.' corridor, 'X' the central
# case-file space, letters are rooms (see ROOM_LETTERS).
# ---------------------------------------------------------------------------
LAYOUT = [
    #0123456789012345678901234
    "#########.####.#########",  # 0
    "KKKKKK#...BBBB...#CCCCCC",  # 1
    "KKKKKK..BBBBBBBB..CCCCCC",  # 2
    "KKKKKK..BBBBBBBB..CCCCCC",  # 3
    "KKKKKK..BBBBBBBB..CCCCCC",  # 4
    "KKKKKK..BBBBBBBB..CCCCC#",  # 5
    "KKKKKK..BBBBBBBB........",  # 6
    "#.......BBBBBBBB.......#",  # 7
    "#.................RRRRRR",  # 8
    "DDDDD.............RRRRRR",  # 9
    "DDDDDDDD..XXXXX...RRRRRR",  # 10
    "DDDDDDDD..XXXXX...RRRRRR",  # 11
    "DDDDDDDD..XXXXX...RRRRRR",  # 12
    "DDDDDDDD..XXXXX........#",  # 13
    "DDDDDDDD..XXXXX...LLLLL#",  # 14
    "DDDDDDDD..XXXXX..LLLLLLL",  # 15
    "#.........XXXXX..LLLLLLL",  # 16
    ".................LLLLLLL",  # 17
    "#........HHHHHH...LLLLL#",  # 18
    "OOOOOOO..HHHHHH.........",  # 19
    "OOOOOOO..HHHHHH........#",  # 20
    "OOOOOOO..HHHHHH..YYYYYYY",  # 21
    "OOOOOOO..HHHHHH..YYYYYYY",  # 22
    "OOOOOOO..HHHHHH..YYYYYYY",  # 23
    "OOOOOOO.#HHHHHH##YYYYYYY",  # 24
]

ROOM_LETTERS = {
    "K": "Kitchen", "B": "Ballroom", "C": "Conservatory", "D": "Dining Room",
    "R": "Billiard Room", "L": "Library", "O": "Lounge", "H": "Hall", "Y": "Study",
}

#: (corridor square in front of the doorway, room name), in map order.
DOORS = [
    ((4, 7), "Kitchen"),
    ((7, 5), "Ballroom"), ((16, 5), "Ballroom"), ((9, 8), "Ballroom"), ((14, 8), "Ballroom"),
    ((18, 6), "Conservatory"),
    ((8, 12), "Dining Room"), ((6, 16), "Dining Room"),
    ((17, 9), "Billiard Room"), ((22, 13), "Billiard Room"),
    ((20, 13), "Library"), ((16, 16), "Library"),
    ((6, 18), "Lounge"),
    ((11, 17), "Hall"), ((12, 17), "Hall"), ((15, 20), "Hall"),
    ((17, 20), "Study"),
]

#: suspect id -> start square (corridor squares on the board edge).
STARTS = {
    "scarlet": (7, 24), "mustard": (0, 17), "white": (9, 0),
    "green": (14, 0), "peacock": (23, 6), "plum": (23, 19),
}

#: (from room, to room, square of the passage object inside the from room).
PASSAGES = [
    ("Kitchen", "Study", (0, 1)),
    ("Study", "Kitchen", (23, 24)),
    ("Conservatory", "Lounge", (23, 1)),
    ("Lounge", "Conservatory", (0, 24)),
]

#: The furniture: (what it is, room, (x, y, w, h) in squares).  Drawn by
#: game.ui.mansion.drawing; each piece stays inside its room, off the doorways'
#: thresholds and the secret passages (game.board.tmx checks it).
FURNITURE = [
    ("range", "Kitchen", (1.2, 1.1, 2.6, 0.85)),
    ("sink", "Kitchen", (4.1, 1.1, 1.6, 0.85)),
    ("cupboard", "Kitchen", (5.2, 2.2, 0.65, 2.2)),
    ("kitchen table", "Kitchen", (0.45, 4.4, 2.3, 1.4)),
    ("round rug", "Ballroom", (10.0, 2.6, 4.0, 3.6)),
    ("grand piano", "Ballroom", (8.35, 2.2, 1.9, 1.7)),
    ("sofa", "Ballroom", (10.4, 1.15, 3.2, 0.75)),
    ("armchair", "Ballroom", (14.5, 2.3, 1.2, 1.1)),
    ("plant", "Ballroom", (8.2, 6.1, 0.9, 0.9)),
    ("plant", "Ballroom", (14.9, 6.1, 0.9, 0.9)),
    ("plant", "Conservatory", (18.15, 1.15, 1.4, 1.4)),
    ("bench", "Conservatory", (19.8, 1.15, 2.5, 0.65)),
    ("plant", "Conservatory", (22.3, 3.3, 1.4, 1.4)),
    ("round table", "Conservatory", (19.3, 4.0, 1.4, 1.4)),
    ("sideboard", "Dining Room", (0.3, 9.15, 3.4, 0.65)),
    ("dining table", "Dining Room", (0.9, 11.1, 5.4, 2.4)),
    ("fireplace", "Dining Room", (0.05, 13.8, 0.75, 1.9)),
    ("plant", "Dining Room", (6.3, 10.1, 0.9, 0.9)),
    ("billiard table", "Billiard Room", (19.3, 9.25, 3.5, 2.0)),
    ("cue rack", "Billiard Room", (23.2, 8.3, 0.6, 2.6)),
    ("armchair", "Billiard Room", (18.25, 11.2, 1.1, 1.1)),
    ("bookshelf", "Library", (18.1, 14.1, 1.8, 0.6)),
    ("bookshelf", "Library", (21.05, 14.1, 1.85, 0.6)),
    ("bookshelf", "Library", (23.3, 15.1, 0.6, 2.8)),
    ("armchair", "Library", (18.2, 17.3, 1.1, 1.1)),
    ("desk", "Library", (20.7, 17.1, 1.9, 1.0)),
    ("rug", "Lounge", (1.2, 20.6, 4.4, 2.6)),
    ("fireplace", "Lounge", (2.2, 19.1, 2.2, 0.75)),
    ("armchair", "Lounge", (0.2, 20.3, 1.15, 1.15)),
    ("sofa", "Lounge", (1.6, 23.25, 3.6, 0.8)),
    ("rug", "Hall", (9.6, 19.2, 4.3, 2.8)),
    ("staircase", "Hall", (10.5, 22.4, 3.0, 2.5)),
    ("clock", "Hall", (9.1, 18.1, 0.7, 1.2)),
    ("side table", "Hall", (14.1, 22.3, 0.8, 1.4)),
    ("rug", "Study", (18.4, 22.4, 4.2, 2.3)),
    ("desk", "Study", (19.6, 21.1, 2.6, 1.0)),
    ("bookshelf", "Study", (23.3, 21.1, 0.6, 2.7)),
    ("globe", "Study", (17.25, 23.35, 1.0, 1.0)),
]

# ---------------------------------------------------------------------------
# Tileset: local tile ids (gid = id + 1 in the map).
# ---------------------------------------------------------------------------
T_CORRIDOR, T_WALL, T_ENVELOPE, T_ENVELOPE_MARK = 0, 1, 2, 3
T_START = 4            # 4..9: one per suspect, in SUSPECTS order
T_PASSAGE = 10         # 10..13: corners NW, NE, SE, SW
T_SPARE = 14           # 14, 15: unused
T_ROOM = 16            # 16..31: room floor, + wall mask (N=1, E=2, S=4, W=8)
T_DOOR = 32            # 32..95: door threshold: 32 + 16 * side + wall mask
TILE_COUNT = 96
TS_COLUMNS = 16

N, E, S, W = 1, 2, 4, 8
SIDES = [N, E, S, W]
SIDE_NAMES = {N: "north", E: "east", S: "south", W: "west"}
CORNERS = ["NW", "NE", "SE", "SW"]
CORNER_WALLS = {"NW": N | W, "NE": N | E, "SE": S | E, "SW": S | W}

# Palette: flat and warm.
CARPET = (222, 184, 118)
CARPET_DARK = (206, 164, 98)
CARPET_GRID = (150, 108, 62)
WOOD = [(196, 142, 90), (184, 132, 82), (202, 150, 96), (178, 126, 78)]
WOOD_SEAM = (142, 98, 60)
ROOM_WALL = (74, 46, 34)
OUTSIDE = (56, 62, 58)
OUTSIDE_HATCH = (64, 71, 66)
VELVET = (112, 36, 44)
VELVET_DOT = (150, 110, 60)
THRESHOLD = (244, 226, 176)
PAPER = (246, 236, 210)
INK = (60, 40, 30)


def tile_kind(tid: int) -> dict[str, str]:
    """The Tiled properties of local tile ``tid``."""
    if tid == T_CORRIDOR:
        return {"kind": "corridor"}
    if tid == T_WALL:
        return {"kind": "wall"}
    if tid in (T_ENVELOPE, T_ENVELOPE_MARK):
        return {"kind": "envelope"}
    if T_START <= tid < T_START + 6:
        return {"kind": "start", "suspect": CARD_NAMES[SUSPECTS[tid - T_START]]}
    if T_PASSAGE <= tid < T_PASSAGE + 4:
        return {"kind": "passage", "corner": CORNERS[tid - T_PASSAGE]}
    if T_ROOM <= tid < T_ROOM + 16:
        return {"kind": "room"}
    if T_DOOR <= tid < T_DOOR + 64:
        return {"kind": "door", "facing": SIDE_NAMES[SIDES[(tid - T_DOOR) // 16]]}
    return {"kind": "unused"}


# ---------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------
def draw_carpet(s: pygame.Surface) -> None:
    s.fill(CARPET)
    # a small diamond pattern, 4 diamonds per tile
    for cx in (8, 24):
        for cy in (8, 24):
            pygame.draw.polygon(s, CARPET_DARK, [(cx, cy - 5), (cx + 5, cy), (cx, cy + 5), (cx - 5, cy)])
    pygame.draw.circle(s, CARPET_DARK, (16, 16), 2)
    # thin grid line on the top and left edges: adjacent tiles make a full grid
    pygame.draw.line(s, CARPET_GRID, (0, 0), (TILE - 1, 0))
    pygame.draw.line(s, CARPET_GRID, (0, 0), (0, TILE - 1))


def draw_wood(s: pygame.Surface) -> None:
    seams = [6, 22, 14, 30]
    for i in range(4):
        y = i * 8
        pygame.draw.rect(s, WOOD[i], (0, y, TILE, 8))
        pygame.draw.line(s, WOOD_SEAM, (0, y + 7), (TILE - 1, y + 7))
        pygame.draw.line(s, WOOD_SEAM, (seams[i], y), (seams[i], y + 6))


def draw_walls(s: pygame.Surface, mask: int, door_side: int = 0) -> None:
    t = 4
    rects = {N: (0, 0, TILE, t), S: (0, TILE - t, TILE, t), W: (0, 0, t, TILE), E: (TILE - t, 0, t, TILE)}
    for side in SIDES:
        if mask & side:
            pygame.draw.rect(s, ROOM_WALL, rects[side])
    if door_side:
        # the doorway: a light threshold strip with short wall stubs at each end
        x, y, w, h = rects[door_side]
        pygame.draw.rect(s, ROOM_WALL, (x, y, w, h))
        if door_side in (N, S):
            pygame.draw.rect(s, THRESHOLD, (x + 5, y, w - 10, h))
        else:
            pygame.draw.rect(s, THRESHOLD, (x, y + 5, w, h - 10))
        # a small chevron pointing into the room
        c = 16
        pts = {N: [(c - 5, 8), (c, 13), (c + 5, 8)], S: [(c - 5, 23), (c, 18), (c + 5, 23)],
               W: [(8, c - 5), (13, c), (8, c + 5)], E: [(23, c - 5), (18, c), (23, c + 5)]}[door_side]
        pygame.draw.lines(s, THRESHOLD, False, pts, 3)


def draw_outside(s: pygame.Surface) -> None:
    s.fill(OUTSIDE)
    for k in range(-TILE, TILE, 8):
        pygame.draw.line(s, OUTSIDE_HATCH, (k, TILE), (k + TILE, 0), 2)


def draw_velvet(s: pygame.Surface) -> None:
    s.fill(VELVET)
    for cx in (8, 24):
        for cy in (8, 24):
            pygame.draw.circle(s, VELVET_DOT, (cx, cy), 1)


def draw_envelope_mark(s: pygame.Surface) -> None:
    draw_velvet(s)
    r = pygame.Rect(3, 8, 26, 17)
    pygame.draw.rect(s, PAPER, r)
    pygame.draw.rect(s, INK, r, 1)
    pygame.draw.lines(s, INK, False, [(r.left, r.top), (r.centerx, r.top + 9), (r.right - 1, r.top)], 1)
    pygame.draw.circle(s, (190, 30, 40), (r.centerx, r.top + 9), 3)


def draw_start(s: pygame.Surface, colour: tuple[int, int, int]) -> None:
    # A hollow frame in the suspect's colour: it marks the square without
    # looking like a pawn standing on it.
    draw_carpet(s)
    pygame.draw.rect(s, INK, pygame.Rect(2, 2, 28, 28), 1, border_radius=4)
    pygame.draw.rect(s, colour, pygame.Rect(3, 3, 26, 26), 3, border_radius=4)
    pygame.draw.rect(s, INK, pygame.Rect(6, 6, 20, 20), 1, border_radius=3)


def draw_passage(s: pygame.Surface, corner: str) -> None:
    draw_wood(s)
    draw_walls(s, CORNER_WALLS[corner])
    # a dark stairwell in the tile with a light diagonal arrow pointing out of
    # the corner (towards the opposite corner of the mansion)
    hole = pygame.Rect(6, 6, 20, 20)
    pygame.draw.rect(s, (40, 28, 24), hole)
    for k in range(4):
        pygame.draw.line(s, (70, 52, 44), (hole.left, hole.top + 4 + 4 * k), (hole.right - 1, hole.top + 4 + 4 * k))
    dx = 1 if "W" in corner else -1
    dy = 1 if "N" in corner else -1
    ax, ay = (8 if dx > 0 else 23), (8 if dy > 0 else 23)
    bx, by = ax + 15 * dx, ay + 15 * dy
    pygame.draw.line(s, THRESHOLD, (ax, ay), (bx, by), 3)
    pygame.draw.polygon(s, THRESHOLD, [(bx + 2 * dx, by + 2 * dy), (bx - 7 * dx, by), (bx, by - 7 * dy)])


def make_tiles() -> list[pygame.Surface]:
    """Draw every tile of the tileset, in local id order."""
    tiles = []
    for tid in range(TILE_COUNT):
        s = pygame.Surface((TILE, TILE))
        if tid == T_CORRIDOR:
            draw_carpet(s)
        elif tid == T_WALL:
            draw_outside(s)
        elif tid == T_ENVELOPE:
            draw_velvet(s)
        elif tid == T_ENVELOPE_MARK:
            draw_envelope_mark(s)
        elif T_START <= tid < T_START + 6:
            draw_start(s, SUSPECT_COLOURS[SUSPECTS[tid - T_START]])
        elif T_PASSAGE <= tid < T_PASSAGE + 4:
            draw_passage(s, CORNERS[tid - T_PASSAGE])
        elif T_ROOM <= tid < T_ROOM + 16:
            draw_wood(s)
            draw_walls(s, tid - T_ROOM)
        elif T_DOOR <= tid < T_DOOR + 64:
            side = SIDES[(tid - T_DOOR) // 16]
            draw_wood(s)
            draw_walls(s, (tid - T_DOOR) % 16 & ~side, door_side=side)
        else:
            s.fill(OUTSIDE)
        tiles.append(s)
    return tiles


def tileset_image(tiles: list[pygame.Surface]) -> pygame.Surface:
    rows = math.ceil(len(tiles) / TS_COLUMNS)
    img = pygame.Surface((TS_COLUMNS * TILE, rows * TILE))
    for tid, t in enumerate(tiles):
        img.blit(t, ((tid % TS_COLUMNS) * TILE, (tid // TS_COLUMNS) * TILE))
    return img


# ---------------------------------------------------------------------------
# The map
# ---------------------------------------------------------------------------
def check_layout() -> None:
    assert len(LAYOUT) == ROWS and all(len(r) == COLS for r in LAYOUT), "layout must be 24 x 25"
    for (c, r), room in DOORS:
        assert LAYOUT[r][c] == ".", f"door {room} at {(c, r)} not on corridor"
    for sid, (c, r) in STARTS.items():
        assert LAYOUT[r][c] == ".", f"start {sid} not on corridor"
    for frm, _to, (c, r) in PASSAGES:
        assert ROOM_LETTERS.get(LAYOUT[r][c]) == frm, f"passage {frm} square not in room"


def letter(c: int, r: int) -> str:
    return LAYOUT[r][c] if 0 <= c < COLS and 0 <= r < ROWS else "#"


def door_inside(square: tuple[int, int], room: str) -> tuple[tuple[int, int], int]:
    """The room square behind a door and the side of that square facing the door."""
    c, r = square
    found = [((c, r + 1), N), ((c - 1, r), E), ((c, r - 1), S), ((c + 1, r), W)]
    found = [(sq, side) for sq, side in found if ROOM_LETTERS.get(letter(*sq)) == room]
    assert len(found) == 1, f"door {room} at {square} touches {len(found)} room squares"
    return found[0]


def floor_ids() -> list[list[int]]:
    """Local tile id of every square, [row][col]."""
    doors_at = {}
    for sq, room in DOORS:
        inside, side = door_inside(sq, room)
        assert inside not in doors_at, f"two doors behind {inside}"
        doors_at[inside] = side
    passages_at = {sq: frm for frm, _to, sq in PASSAGES}
    starts_at = {sq: SUSPECTS.index(sid) for sid, sq in STARTS.items()}
    xs = [c for r in range(ROWS) for c in range(COLS) if LAYOUT[r][c] == "X"]
    ys = [r for r in range(ROWS) for c in range(COLS) if LAYOUT[r][c] == "X"]
    env_mark = ((min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2)
    grid = []
    for r in range(ROWS):
        row = []
        for c in range(COLS):
            ch = LAYOUT[r][c]
            if ch == "#":
                tid = T_WALL
            elif ch == ".":
                tid = T_START + starts_at[(c, r)] if (c, r) in starts_at else T_CORRIDOR
            elif ch == "X":
                tid = T_ENVELOPE_MARK if (c, r) == env_mark else T_ENVELOPE
            else:
                mask = 0
                for side, (dc, dr) in ((N, (0, -1)), (E, (1, 0)), (S, (0, 1)), (W, (-1, 0))):
                    if letter(c + dc, r + dr) != ch:
                        mask |= side
                if (c, r) in passages_at:
                    corner = next(k for k, v in CORNER_WALLS.items() if v == mask)
                    tid = T_PASSAGE + CORNERS.index(corner)
                elif (c, r) in doors_at:
                    side = doors_at[(c, r)]
                    tid = T_DOOR + 16 * SIDES.index(side) + mask
                else:
                    tid = T_ROOM + mask
            row.append(tid)
        grid.append(row)
    return grid


def rectangles(ch: str) -> list[tuple[int, int, int, int]]:
    """Cover the squares marked ``ch`` with rectangles (col, row, w, h): runs of a
    row are merged downwards while the next row has the same run."""
    runs_by_row = []
    for r in range(ROWS):
        runs, c = [], 0
        while c < COLS:
            if LAYOUT[r][c] == ch:
                start = c
                while c < COLS and LAYOUT[r][c] == ch:
                    c += 1
                runs.append((start, c - start))
            else:
                c += 1
        runs_by_row.append(runs)
    rects, open_ = [], {}
    for r in range(ROWS + 1):
        runs = runs_by_row[r] if r < ROWS else []
        new_open = {}
        for run in runs:
            if run in open_:
                new_open[run] = open_.pop(run)
            else:
                new_open[run] = r
        for (c, w), r0 in open_.items():
            rects.append((c, r0, w, r - r0))
        open_ = new_open
    return sorted(rects, key=lambda t: (t[1], t[0]))


def props_xml(props: dict[str, str], indent: str) -> str:
    lines = [f"{indent}<properties>"]
    for k, v in props.items():
        lines.append(f"{indent} <property name={quoteattr(k)} value={quoteattr(v)}/>")
    lines.append(f"{indent}</properties>")
    return "\n".join(lines)


def tsx_text(image_w: int, image_h: int) -> str:
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="1.10.2" name="mansion" tilewidth="{TILE}" '
        f'tileheight="{TILE}" tilecount="{TILE_COUNT}" columns="{TS_COLUMNS}">',
        f' <image source="mansion_tiles.png" width="{image_w}" height="{image_h}"/>',
    ]
    for tid in range(TILE_COUNT):
        out.append(f' <tile id="{tid}">')
        out.append(props_xml(tile_kind(tid), "  "))
        out.append(" </tile>")
    out.append("</tileset>")
    return "\n".join(out) + "\n"


def px(squares: float) -> str:
    """A length in squares as Tiled pixels (whole pixels written without a fraction)."""
    v = round(squares * TILE, 2)
    return str(int(v)) if v == int(v) else str(v)


def tmx_text(grid: list[list[int]]) -> str:
    next_id = 1
    groups: list[tuple[str, list[str]]] = []

    def obj(name: str, typ: str, col: int, row: int, w: int = 1, h: int = 1,
            props: dict[str, str] | None = None) -> str:
        nonlocal next_id
        head = (f'  <object id="{next_id}" name={quoteattr(name)} type="{typ}" x="{px(col)}" '
                f'y="{px(row)}" width="{px(w)}" height="{px(h)}"')
        next_id += 1
        if not props:
            return head + "/>"
        return head + ">\n" + props_xml(props, "   ") + "\n  </object>"

    rooms = []
    for ch, name in ROOM_LETTERS.items():
        for c, r, w, h in rectangles(ch):
            rooms.append(obj(name, "room", c, r, w, h))
    groups.append(("rooms", rooms))
    doors = [obj(f"{room} door", "door", c, r, props={"room": room}) for (c, r), room in DOORS]
    groups.append(("doors", doors))
    passages = [obj(f"{frm} to {to}", "passage", c, r, props={"from": frm, "to": to})
                for frm, to, (c, r) in PASSAGES]
    groups.append(("passages", passages))
    starts = [obj(CARD_NAMES[sid], "start", *STARTS[sid], props={"suspect": CARD_NAMES[sid]})
              for sid in SUSPECTS]
    groups.append(("starts", starts))
    (c, r, w, h), = rectangles("X")
    groups.append(("envelope", [obj("Case File", "envelope", c, r, w, h)]))
    furniture = [obj(kind, "furniture", x, y, fw, fh, props={"room": room})
                 for kind, room, (x, y, fw, fh) in FURNITURE]
    # first after the floor: in Tiled, as in the game, it lies under everything else
    groups.insert(0, ("furniture", furniture))

    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{COLS}" height="{ROWS}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="{len(groups) + 2}" nextobjectid="{next_id}">',
        ' <tileset firstgid="1" source="mansion.tsx"/>',
        f' <layer id="1" name="floor" width="{COLS}" height="{ROWS}">',
        '  <data encoding="csv">',
        ",\n".join(",".join(str(t + 1) for t in row) for row in grid),
        "</data>",
        " </layer>",
    ]
    colours = {"furniture": "#806040", "rooms": "#ffaa00", "doors": "#00c000", "passages": "#aa00ff",
               "starts": "#ff0000", "envelope": "#0055ff"}
    for i, (gname, objs) in enumerate(groups, start=2):
        out.append(f' <objectgroup id="{i}" name="{gname}" color="{colours[gname]}">')
        out.extend(objs)
        out.append(" </objectgroup>")
    out.append("</map>")
    return "\n".join(out) + "\n"


def render_preview(tiles: list[pygame.Surface], grid: list[list[int]], path: Path) -> None:
    """Compose the whole board with room names and start initials, for eyeballing."""
    pygame.font.init()
    fonts = ROOT / "fonts"
    big = pygame.font.Font(str(fonts / "DejaVuSans-Bold.ttf"), 17)
    small = pygame.font.Font(str(fonts / "DejaVuSans-Bold.ttf"), 13)
    img = pygame.Surface((COLS * TILE, ROWS * TILE))
    for r, row in enumerate(grid):
        for c, tid in enumerate(row):
            img.blit(tiles[tid], (c * TILE, r * TILE))

    def label(text: str, font: pygame.font.Font, centre: tuple[float, float], colour=INK) -> None:
        shadow = font.render(text, True, (250, 240, 215))
        t = font.render(text, True, colour)
        rect = t.get_rect(center=(int(centre[0]), int(centre[1])))
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            img.blit(shadow, rect.move(dx, dy))
        img.blit(t, rect)

    for ch, name in ROOM_LETTERS.items():
        c, r, w, h = max(rectangles(ch), key=lambda t: t[2] * t[3])
        label(name.upper(), big, ((c + w / 2) * TILE, (r + h / 2) * TILE))
    (c, r, w, h), = rectangles("X")
    label("CASE FILE", small, ((c + w / 2) * TILE, (r + 1.5) * TILE), PAPER)
    for sid, (c, r) in STARTS.items():
        short = CARD_NAMES[sid].split()[-1][:2 if sid in ("peacock", "plum") else 1]
        label(short, small, ((c + 0.5) * TILE, (r + 0.5) * TILE))
    pygame.image.save(img, str(path))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "maps", help="output folder (default: maps/)")
    ap.add_argument("--preview", type=Path, help="also write a PNG preview of the whole board here")
    args = ap.parse_args(argv)

    # no pygame.init(): drawing and saving need no display or audio
    check_layout()
    tiles = make_tiles()
    grid = floor_ids()
    args.out.mkdir(parents=True, exist_ok=True)
    img = tileset_image(tiles)
    pygame.image.save(img, str(args.out / "mansion_tiles.png"))
    (args.out / "mansion.tsx").write_text(tsx_text(img.get_width(), img.get_height()), encoding="utf-8")
    (args.out / "mansion.tmx").write_text(tmx_text(grid), encoding="utf-8")
    print(f"wrote {args.out / 'mansion.tmx'}, mansion.tsx, mansion_tiles.png")
    if args.preview:
        render_preview(tiles, grid, args.preview)
        print(f"wrote preview {args.preview}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
