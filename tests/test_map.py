"""The mansion map (maps/mansion.tmx) and its loader (game.board.tmx)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import deque
from pathlib import Path

import pytest

from game.board.model import Board
from game.board.tmx import MapError, load_board
from game.rules.cards import ROOMS, SUSPECTS
from game.storage.paths import MANSION_MAP, MAPS, ROOT

DOOR_COUNTS = {
    "kitchen": 1, "ballroom": 4, "conservatory": 1, "dining_room": 2, "billiard_room": 2,
    "library": 2, "lounge": 1, "hall": 3, "study": 1,
}


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board(MANSION_MAP)


def cols(board: Board, room: str) -> list[int]:
    return [c for c, _ in board.rooms[room].squares]


def rows(board: Board, room: str) -> list[int]:
    return [r for _, r in board.rooms[room].squares]


def centre(board: Board, room: str) -> tuple[float, float]:
    sq = board.rooms[room].squares
    return sum(c for c, _ in sq) / len(sq), sum(r for _, r in sq) / len(sq)


# --- the real map ---------------------------------------------------------------

def test_size_and_source(board: Board) -> None:
    assert (board.width, board.height) == (24, 25)
    assert board.source.endswith("mansion.tmx")
    assert all(0 <= c < 24 and 0 <= r < 25 for c, r in board.corridor)


def test_nine_rooms_with_classic_door_counts(board: Board) -> None:
    assert list(board.rooms) == list(ROOMS)
    assert {rid: len(room.doors) for rid, room in board.rooms.items()} == DOOR_COUNTS
    assert len(board.doors) == sum(DOOR_COUNTS.values())


def test_doors_join_corridor_to_room(board: Board) -> None:
    for d in board.doors:
        assert d.square in board.corridor
        assert d.inside in board.rooms[d.room].squares
        assert abs(d.square[0] - d.inside[0]) + abs(d.square[1] - d.inside[1]) == 1
        assert d.square in board.rooms[d.room].doors
        assert board.is_door_square(d.square)


def test_rooms_do_not_overlap_corridor_or_each_other(board: Board) -> None:
    seen: set = set()
    for room in board.rooms.values():
        assert not room.squares & board.corridor
        assert not room.squares & seen
        seen |= room.squares


def test_secret_passages_both_ways(board: Board) -> None:
    assert board.passage("kitchen") == "study"
    assert board.passage("study") == "kitchen"
    assert board.passage("conservatory") == "lounge"
    assert board.passage("lounge") == "conservatory"
    for rid in ("ballroom", "dining_room", "billiard_room", "library", "hall"):
        assert board.passage(rid) is None


def test_classic_layout(board: Board) -> None:
    mid_c, mid_r = 12, 12.5
    # top row of rooms
    assert max(cols(board, "kitchen")) < mid_c and max(rows(board, "kitchen")) < mid_r
    assert 8 <= centre(board, "ballroom")[0] <= 16 and max(rows(board, "ballroom")) < mid_r
    assert min(cols(board, "conservatory")) >= mid_c and max(rows(board, "conservatory")) < mid_r
    # left and right
    assert max(cols(board, "dining_room")) < mid_c and 7 < centre(board, "dining_room")[1] < 17
    for rid in ("billiard_room", "library"):
        assert min(cols(board, rid)) >= mid_c and 6 < centre(board, rid)[1] < 19
    assert max(rows(board, "billiard_room")) < min(rows(board, "library"))
    # bottom row of rooms
    assert max(cols(board, "lounge")) < mid_c and min(rows(board, "lounge")) > mid_r
    assert 8 <= centre(board, "hall")[0] <= 16 and min(rows(board, "hall")) > mid_r
    assert min(cols(board, "study")) >= mid_c and min(rows(board, "study")) > mid_r
    # corner rooms touch their corners
    assert (0, 1) in board.rooms["kitchen"].squares
    assert (23, 1) in board.rooms["conservatory"].squares
    assert (0, 24) in board.rooms["lounge"].squares
    assert (23, 24) in board.rooms["study"].squares


def test_envelope_in_centre_and_not_walkable(board: Board) -> None:
    assert board.envelope
    assert (11, 12) in board.envelope and (12, 12) in board.envelope
    assert not board.envelope & board.corridor
    assert all(not board.envelope & room.squares for room in board.rooms.values())
    assert all(9 <= c <= 15 and 8 <= r <= 17 for c, r in board.envelope)


def test_start_squares_on_edge_in_classic_gaps(board: Board) -> None:
    s = board.start_squares
    assert list(s) == list(SUSPECTS)
    assert len(set(s.values())) == 6
    for sq in s.values():
        c, r = sq
        assert sq in board.corridor
        assert c in (0, 23) or r in (0, 24)
    # Miss Scarlet: bottom edge between the Lounge and the Hall
    c, r = s["scarlet"]
    assert r == 24 and max(cols(board, "lounge")) < c < min(cols(board, "hall"))
    # Colonel Mustard: left edge between the Dining Room and the Lounge
    c, r = s["mustard"]
    assert c == 0 and max(rows(board, "dining_room")) < r < min(rows(board, "lounge"))
    # Mrs. White and Mr. Green: top edge, either side of the Ballroom
    ball = centre(board, "ballroom")[0]
    assert s["white"][1] == 0 and s["green"][1] == 0
    assert s["white"][0] < ball < s["green"][0]
    # Mrs. Peacock: right edge between the Conservatory and the Billiard Room
    c, r = s["peacock"]
    assert c == 23 and max(rows(board, "conservatory")) < r < min(rows(board, "billiard_room"))
    # Professor Plum: right edge between the Library and the Study
    c, r = s["plum"]
    assert c == 23 and max(rows(board, "library")) < r < min(rows(board, "study"))


def test_corridor_is_one_piece(board: Board) -> None:
    start = next(iter(board.corridor))
    seen = {start}
    todo = deque([start])
    while todo:
        for n in board.neighbours[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == board.corridor


@pytest.mark.parametrize("suspect", SUSPECTS)
def test_every_room_reachable_from_every_start(board: Board, suspect: str) -> None:
    start = board.start_squares[suspect]
    seen = {start}
    todo = deque([start])
    reached: set[str] = set()
    while todo:
        sq = todo.popleft()
        reached.update(board.door_rooms.get(sq, ()))
        for n in board.neighbours[sq]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert reached == set(ROOMS)


def test_corridors_are_narrow(board: Board) -> None:
    # classic board: corridors 1-3 squares wide, no 4x4 block of open corridor anywhere
    for c, r in board.corridor:
        block = {(c + dc, r + dr) for dc in range(4) for dr in range(4)}
        assert not block <= board.corridor, (c, r)


# --- broken maps ------------------------------------------------------------------

def copy_map(tmp_path: Path, edit=None, name: str = "broken.tmx") -> Path:
    """Copy the mansion map (with its tileset and image) into tmp_path, letting
    ``edit(root)`` change the XML first."""
    shutil.copy(MAPS / "mansion.tsx", tmp_path / "mansion.tsx")
    shutil.copy(MAPS / "mansion_tiles.png", tmp_path / "mansion_tiles.png")
    tree = ET.parse(MANSION_MAP)
    if edit is not None:
        edit(tree.getroot())
    out = tmp_path / name
    tree.write(out, encoding="UTF-8", xml_declaration=True)
    return out


def find(root: ET.Element, group: str, **props: str) -> ET.Element:
    """The first object of ``group`` whose name or properties match."""
    for obj in root.find(f"objectgroup[@name='{group}']"):
        values = {p.get("name"): p.get("value") for p in obj.iter("property")}
        values["name"] = obj.get("name")
        if all(values.get(k) == v for k, v in props.items()):
            return obj
    raise LookupError(props)


def remove(root: ET.Element, group: str, obj: ET.Element) -> None:
    root.find(f"objectgroup[@name='{group}']").remove(obj)


def set_prop(obj: ET.Element, name: str, value: str) -> None:
    for p in obj.iter("property"):
        if p.get("name") == name:
            p.set("value", value)
            return
    raise LookupError(name)


def move(obj: ET.Element, col: int, row: int) -> None:
    obj.set("x", str(col * 32))
    obj.set("y", str(row * 32))


def expect_error(path: Path, *parts: str) -> MapError:
    with pytest.raises(MapError) as info:
        load_board(path)
    msg = str(info.value)
    assert path.name in msg
    for part in parts:
        assert part in msg, (part, msg)
    return info.value


def test_copy_of_the_map_loads(tmp_path: Path) -> None:
    assert len(load_board(copy_map(tmp_path, name="copy.tmx")).doors) == 17


def test_door_not_next_to_its_room(tmp_path: Path) -> None:
    ids = {}

    def edit(root):
        door = find(root, "doors", room="Kitchen")
        ids["id"] = door.get("id")
        move(door, 4, 8)  # a corridor square with no Kitchen square next to it

    err = expect_error(copy_map(tmp_path, edit), f'object {ids["id"]} "Kitchen door"', "(4, 8)",
                       "does not join a corridor square to the Kitchen")
    assert err.square == (4, 8) and err.object_id == int(ids["id"])


def test_door_not_on_a_corridor_square(tmp_path: Path) -> None:
    ids = {}

    def edit(root):
        door = find(root, "doors", room="Lounge")
        ids["id"] = door.get("id")
        move(door, 6, 19)  # inside the Lounge itself

    expect_error(copy_map(tmp_path, edit), f'object {ids["id"]} "Lounge door"', "(6, 19)",
                 "does not join a corridor square to the Lounge")


def test_room_without_door(tmp_path: Path) -> None:
    ids = {}

    def edit(root):
        remove(root, "doors", find(root, "doors", room="Study"))
        ids["id"] = find(root, "rooms", name="Study").get("id")

    expect_error(copy_map(tmp_path, edit), f'object {ids["id"]} "Study"', "(17, 21)",
                 "no door leads into the Study")


def test_missing_start_square(tmp_path: Path) -> None:
    def edit(root):
        remove(root, "starts", find(root, "starts", suspect="Mrs. Peacock"))

    expect_error(copy_map(tmp_path, edit), "no start square for Mrs. Peacock")


def test_passage_to_the_same_room(tmp_path: Path) -> None:
    ids = {}

    def edit(root):
        p = find(root, "passages", **{"from": "Kitchen"})
        ids["id"] = p.get("id")
        set_prop(p, "to", "Kitchen")

    expect_error(copy_map(tmp_path, edit), f'object {ids["id"]} "Kitchen to Study"', "(0, 1)",
                 "does not join two rooms")


def test_passage_to_an_unknown_room(tmp_path: Path) -> None:
    ids = {}

    def edit(root):
        p = find(root, "passages", **{"from": "Lounge"})
        ids["id"] = p.get("id")
        set_prop(p, "to", "Cellar")

    expect_error(copy_map(tmp_path, edit), f'object {ids["id"]} "Lounge to Conservatory"', "(0, 24)",
                 "does not join two rooms", "Cellar")


def test_passage_outside_its_room(tmp_path: Path) -> None:
    ids = {}

    def edit(root):
        p = find(root, "passages", **{"from": "Study"})
        ids["id"] = p.get("id")
        move(p, 16, 22)  # a corridor square

    expect_error(copy_map(tmp_path, edit), f'object {ids["id"]} "Study to Kitchen"', "(16, 22)",
                 "does not join two rooms")


def test_unknown_room_name(tmp_path: Path) -> None:
    ids = {}

    def edit(root):
        room = find(root, "rooms", name="Kitchen")
        ids["id"] = room.get("id")
        room.set("name", "Scullery")

    expect_error(copy_map(tmp_path, edit), f'object {ids["id"]} "Scullery"', "(0, 1)",
                 'unknown room name "Scullery"')


def test_unknown_room_on_a_door(tmp_path: Path) -> None:
    ids = {}

    def edit(root):
        door = find(root, "doors", room="Hall")
        ids["id"] = door.get("id")
        set_prop(door, "room", "Great Hall")

    expect_error(copy_map(tmp_path, edit), f'object {ids["id"]} "Hall door"', "(11, 17)",
                 'unknown room "Great Hall"')


def test_unknown_suspect_name(tmp_path: Path) -> None:
    ids = {}

    def edit(root):
        start = find(root, "starts", suspect="Miss Scarlet")
        ids["id"] = start.get("id")
        set_prop(start, "suspect", "Miss Scarlett")

    expect_error(copy_map(tmp_path, edit), f'object {ids["id"]} "Miss Scarlet"', "(7, 24)",
                 'unknown suspect "Miss Scarlett"')


def test_start_not_on_corridor(tmp_path: Path) -> None:
    ids = {}

    def edit(root):
        start = find(root, "starts", suspect="Mr. Green")
        ids["id"] = start.get("id")
        move(start, 13, 0)  # a wall square on the top edge

    expect_error(copy_map(tmp_path, edit), f'object {ids["id"]} "Mr. Green"', "(13, 0)",
                 "not a corridor square")


def test_wrong_map_size(tmp_path: Path) -> None:
    def edit(root):
        root.set("width", "23")

    expect_error(copy_map(tmp_path, edit), "23 x 25", "24 x 25")


def test_missing_file(tmp_path: Path) -> None:
    expect_error(tmp_path / "nowhere.tmx", "does not exist")


def test_not_xml(tmp_path: Path) -> None:
    path = tmp_path / "garbage.tmx"
    path.write_text("<map width='24' <<< this is not xml", encoding="utf-8")
    expect_error(path, "not valid XML")


def test_missing_tileset(tmp_path: Path) -> None:
    path = copy_map(tmp_path)
    (tmp_path / "mansion.tsx").unlink()
    expect_error(path, "not a readable Tiled map")


def test_cut_off_corridor(tmp_path: Path) -> None:
    def edit(root):
        data = root.find("layer[@name='floor']/data")
        grid = [row.rstrip(",").split(",") for row in data.text.strip().splitlines()]
        wall = grid[0][0]
        for c in (7, 8):  # wall off the bottom of the Lounge-Hall corridor (Scarlet's start)
            grid[22][c] = wall
        data.text = "\n" + ",\n".join(",".join(row) for row in grid) + "\n"

    expect_error(copy_map(tmp_path, edit), "cannot be reached from Miss Scarlet's start square")


# --- the command line ---------------------------------------------------------------

def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "game.board.tmx", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_cli_summary() -> None:
    res = run_cli(str(MANSION_MAP))
    assert res.returncode == 0, res.stderr
    assert "Ballroom" in res.stdout and "4 doors" in res.stdout
    assert "Kitchen <-> Study" in res.stdout
    assert "Miss Scarlet" in res.stdout


def test_cli_broken_map_exits_2_without_traceback(tmp_path: Path) -> None:
    path = copy_map(tmp_path, lambda root: remove(root, "starts", find(root, "starts", suspect="Mr. Green")))
    res = run_cli(str(path))
    assert res.returncode == 2
    assert "Traceback" not in res.stderr
    assert "broken.tmx" in res.stderr and "Mr. Green" in res.stderr


def test_cli_garbage_file_exits_2_without_traceback(tmp_path: Path) -> None:
    path = tmp_path / "broken.tmx"
    path.write_bytes(b"\x00\x01 not a map")
    res = run_cli(str(path))
    assert res.returncode == 2
    assert "Traceback" not in res.stderr and "broken.tmx" in res.stderr


def test_door_object_away_from_its_drawn_doorway(tmp_path: Path) -> None:
    ids = {}

    def edit(root):
        door = find(root, "doors", room="Kitchen")
        door.set("x", str(float(door.get("x")) + 32))  # one square right of the drawn doorway
        ids["id"] = door.get("id")

    expect_error(copy_map(tmp_path, edit), f'object {ids["id"]} "Kitchen door"', "(5, 7)",
                 "not drawn as a doorway")


def test_door_outside_the_map(tmp_path: Path) -> None:
    def edit(root):
        find(root, "doors", room="Kitchen").set("x", "9000")

    expect_error(copy_map(tmp_path, edit), "outside the map")


def test_map_path_is_a_folder(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="folder, not a map file"):
        load_board(tmp_path)


# --- sizes checked before the map is read ----------------------

HUGE = 10000          # squares a side, as in a hostile map


@pytest.fixture(scope="module")
def packed_huge_layer() -> str:
    """Base64 text of zlib-packed floor data for HUGE x HUGE squares (400 MB
    unpacked, about 0.5 MB packed)."""
    import base64
    import zlib

    packer, chunk, parts = zlib.compressobj(9), b"\x01\x00\x00\x00" * (1 << 18), []
    for _ in range(HUGE * HUGE * 4 // len(chunk)):
        parts.append(packer.compress(chunk))
    parts.append(packer.flush())
    return base64.b64encode(b"".join(parts)).decode()


def huge_map(tmp_path: Path, packed: str, map_size=(HUGE, HUGE), layer_size: int = HUGE) -> Path:
    """A copy of the mansion claiming ``map_size`` (width, height) squares, its
    floor layer ``layer_size`` a side, holding ``packed`` (base64 zlib) data."""
    def edit(root):
        root.set("width", str(map_size[0]))
        root.set("height", str(map_size[1]))
        floor = root.find("layer[@name='floor']")
        floor.set("width", str(layer_size))
        floor.set("height", str(layer_size))
        data = floor.find("data")
        data.attrib.update(encoding="base64", compression="zlib")
        data.text = packed

    return copy_map(tmp_path, edit, name="huge.tmx")


@pytest.fixture
def pytmx_calls(monkeypatch) -> list:
    """Records every call of pytmx.TiledMap (and refuses to read): a map with a
    wrong declared size must be refused before pytmx parses or unpacks it."""
    import game.board.tmx as tmx

    calls = []

    def refuse(*args, **kw):
        calls.append(args)
        raise RuntimeError("pytmx was asked to read the map")

    monkeypatch.setattr(tmx.pytmx, "TiledMap", refuse)
    return calls


def test_map_claiming_10000_squares_is_refused_before_reading(tmp_path, packed_huge_layer, pytmx_calls):
    expect_error(huge_map(tmp_path, packed_huge_layer), "the map is 10000 x 10000 squares", "must be 24 x 25")
    assert pytmx_calls == []


def test_layer_claiming_10000_squares_is_refused_before_reading(tmp_path, packed_huge_layer, pytmx_calls):
    expect_error(huge_map(tmp_path, packed_huge_layer, map_size=(24, 25)), 'the layer "floor" is 10000 x 10000 squares',
                 "must be 24 x 25")
    assert pytmx_calls == []


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_packed_layer_that_unpacks_too_big_is_refused(tmp_path, pytmx_calls, compression):
    import base64
    import gzip
    import zlib

    big = bytes(4 * 24 * 25 * 1000)          # a thousand boards' worth of squares

    def edit(root):
        data = root.find("layer[@name='floor']/data")
        data.attrib.update(encoding="base64", compression=compression)
        data.text = base64.b64encode((zlib.compress if compression == "zlib" else gzip.compress)(big)).decode()

    expect_error(copy_map(tmp_path, edit), 'the layer "floor" holds more squares than a 24 x 25 map has')
    assert pytmx_calls == []


@pytest.mark.parametrize("attrs, words", [
    ({"tilewidth": "100000"}, "100000 x 32 pixels"),
    ({"tileheight": "-32"}, "32 x -32 pixels"),
    ({"width": "many"}, 'width "many", which is not a number'),
    ({"height": "1e999"}, 'height "1e999", which is not a number'),
    ({"infinite": "1"}, "infinite map"),
])
def test_wrong_map_header_is_refused_before_reading(tmp_path, pytmx_calls, attrs, words):
    expect_error(copy_map(tmp_path, lambda root: root.attrib.update(attrs)), words)
    assert pytmx_calls == []


def test_damaged_packed_layer(tmp_path, pytmx_calls):
    def edit(root):
        data = root.find("layer[@name='floor']/data")
        data.attrib.update(encoding="base64", compression="zlib")
        data.text = "bm90IHBhY2tlZCBhdCBhbGw="      # "not packed at all"

    expect_error(copy_map(tmp_path, edit), 'the squares of layer "floor" are damaged')
    assert pytmx_calls == []


def test_tileset_cut_into_too_many_tiles(tmp_path, pytmx_calls):
    path = copy_map(tmp_path)
    tsx = tmp_path / "mansion.tsx"
    text = tsx.read_text(encoding="utf-8")
    text = text.replace('tilewidth="32" tileheight="32"', 'tilewidth="1" tileheight="1"', 1)
    text = text.replace('width="512" height="192"', 'width="100000" height="100000"', 1)
    tsx.write_text(text, encoding="utf-8")
    expect_error(path, "the tileset file mansion.tsx", "cut into 10000000000 tiles", "at most 4096")
    assert pytmx_calls == []


def test_map_file_over_2_mb_is_not_read(tmp_path, pytmx_calls):
    path = copy_map(tmp_path)
    with path.open("a", encoding="utf-8") as f:
        f.write("<!-- " + "x" * (3 * 1024 * 1024) + " -->\n")
    expect_error(path, "the file is 3.0 MB", "not read")
    assert pytmx_calls == []


def test_cli_refuses_the_10000_square_map_in_one_line(tmp_path, packed_huge_layer):
    # before the fix this ran for minutes and 2 GB; the timeout makes it fail instead
    path = huge_map(tmp_path, packed_huge_layer)
    assert path.stat().st_size > 500_000
    res = run_cli(str(path))
    assert res.returncode == 2
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert "huge.tmx" in lines[0] and "10000 x 10000 squares" in lines[0] and "24 x 25" in lines[0]


def test_room_claiming_a_million_squares_a_side(tmp_path):
    # the room's squares are checked one at a time, so the first wrong one stops
    # the check (before, a list of 10^12 squares was built first; the timeout fails it)
    def edit(root):
        room = find(root, "rooms", name="Kitchen")
        room.set("width", str(32 * 10 ** 6))
        room.set("height", str(32 * 10 ** 6))

    path = copy_map(tmp_path, edit)
    res = run_cli(str(path))
    assert res.returncode == 2
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "broken.tmx" in lines[0] and '"Kitchen"' in lines[0], lines
