"""The furnished mansion: furniture read from the Tiled map, nine floors of
their own, thick walls, doorways that stand out, the envelope big enough to
matter -- measured on the drawn board at the 1280 x 720 layout and at twice
that size (tools/measure_board.py prints the same figures)."""

from __future__ import annotations

import importlib.util
import os
import xml.etree.ElementTree as ET
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402

from game.board.tmx import load_board  # noqa: E402
from game.rules.cards import ROOMS  # noqa: E402
from game.storage.paths import MANSION_MAP, ROOT  # noqa: E402
from game.ui.mansion import drawing as mansion  # noqa: E402
from tests.test_map import copy_map, expect_error  # noqa: E402

_spec = importlib.util.spec_from_file_location("measure_board", ROOT / "tools" / "measure_board.py")
measure_board = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(measure_board)


@pytest.fixture(scope="module")
def board():
    return load_board(MANSION_MAP)


def test_every_room_has_three_known_pieces_of_furniture_and_a_floor_of_its_own(board):
    """At least three drawn pieces in each room (rugs do not count), every kind
    one the drawings know, and nine different floors."""
    for rid in ROOMS:
        kinds = [f.kind for f in board.furniture if f.room == rid]
        solid = [k for k in kinds if k not in mansion.FLAT]
        assert len(solid) >= 3, (rid, kinds)
        assert all(k in mansion.FURNITURE for k in kinds), (rid, kinds)
    floors = {rid: mansion.FLOORS[rid] for rid in ROOMS}
    assert len({style for style, _ in floors.values()}) == 9, floors


def test_furniture_keeps_off_corridors_doorways_and_passages(board):
    keep_clear = {d.inside for d in board.doors} | {r.passage_square for r in board.rooms.values()}
    for f in board.furniture:
        x, y, w, h = f.box
        squares = {(c, r) for c in range(int(x), int(x + w - 1e-9) + 1) for r in range(int(y), int(y + h - 1e-9) + 1)}
        assert squares <= set(board.rooms[f.room].squares), f
        assert not squares & keep_clear, f


@pytest.mark.parametrize("scale", [1, 2])
def test_walls_doorways_and_envelope_measure_up(board, scale):
    """Walls at least 6 px, each threshold at least 3:1 against the corridor
    and 8 px deep, the envelope at least 60 px wide, at 1280 x 720; twice
    all that on a board drawn twice as large."""
    m = measure_board.measure(board, (672 * scale, 700 * scale))
    assert m["wall"] >= 6 * scale, m["wall"]
    assert len(m["doors"]) == len(board.doors) == 17
    for room, ratio, depth in m["doors"]:
        assert ratio >= 3.0 and depth >= 8 * scale, (room, ratio, depth)
    assert m["envelope"][0] >= 60 * scale and m["envelope"][1] >= 40 * scale, m["envelope"]
    assert min(m["floors"].values()) >= 2.0, m["floors"]


def test_the_picture_is_drawn_for_its_size(board):
    """Drawn at the size asked, the same picture each time (cached), and a fresh copy to draw on."""
    a = mansion.draw_mansion(board, (672, 700))
    b = mansion.draw_mansion(board, (672, 700))
    assert a.get_size() == (672, 700) and mansion.draw_mansion(board, (1008, 1050)).get_size() == (1008, 1050)
    assert a is not b and a.get_at((300, 300)) == b.get_at((300, 300))


def _move_furniture(name: str, x: float, y: float):
    def edit(root: ET.Element) -> None:
        for obj in root.find("objectgroup[@name='furniture']"):
            if obj.get("name") == name:
                obj.set("x", str(x))
                obj.set("y", str(y))
                return
        raise LookupError(name)
    return edit


def test_furniture_on_a_corridor_is_refused_naming_it(tmp_path: Path):
    # the billiard table moved left onto the corridor in front of the room
    path = copy_map(tmp_path, _move_furniture("billiard table", 16 * 32, 9 * 32))
    expect_error(path, '"billiard table"', "(16, 9)", "must stand inside one room")


@pytest.mark.parametrize("rotation", ["45", "90", "-0.5"])
def test_turned_furniture_is_refused_naming_it(tmp_path: Path, rotation: str):
    """The board draws furniture square to the grid: a turned piece would be drawn unturned."""
    def turn(root: ET.Element) -> None:
        next(o for o in root.find("objectgroup[@name='furniture']") if o.get("name") == "globe").set("rotation",
                                                                                                        rotation)
    expect_error(copy_map(tmp_path, turn), '"globe"', "turned", "rotation 0")


@pytest.mark.parametrize("layer", ["rooms", "doors", "passages", "starts", "envelope"])
def test_a_turned_object_of_any_layer_is_refused_naming_it(tmp_path: Path, layer: str):
    """The board reads every object as a rectangle square to the grid: a turned room, door,
    passage, start square or case file would be read unturned without a word."""
    named: list[str] = []

    def turn(root: ET.Element) -> None:
        obj = root.find(f"objectgroup[@name='{layer}']")[0]
        obj.set("rotation", "30")
        named.append(obj.get("name") or "")
    path = copy_map(tmp_path, turn)
    expect_error(path, f'"{named[0]}"', "turned (rotation 30)", "rotation 0")


def test_a_whole_turn_is_no_turn(tmp_path: Path):
    def turn(root: ET.Element) -> None:
        next(o for o in root.find("objectgroup[@name='furniture']") if o.get("name") == "globe").set("rotation", "360")
    assert any(f.kind == "globe" for f in load_board(copy_map(tmp_path, turn)).furniture)


def test_unturned_furniture_is_accepted(tmp_path: Path):
    def turn(root: ET.Element) -> None:
        next(o for o in root.find("objectgroup[@name='furniture']") if o.get("name") == "globe").set("rotation", "0")
    assert any(f.kind == "globe" for f in load_board(copy_map(tmp_path, turn)).furniture)


def test_furniture_on_a_doorway_s_threshold_is_refused(tmp_path: Path):
    # the globe on the study's threshold, the square behind the door at (17, 20)
    path = copy_map(tmp_path, _move_furniture("globe", 17 * 32, 21 * 32))
    expect_error(path, '"globe"', "(17, 21)", "threshold or a secret passage")


@pytest.mark.parametrize("layout", ["standard", "tv"])
def test_the_pieces_spread_over_every_room(board, layout):
    """In every room the six weapon places, and the six token places, each
    reach over at least a third of the room's floor (their bounding box
    against the room's), none on another or on the name; the same board
    always gives the same places."""
    import pygame

    from game.ui.mansion.boardlayout import STANDARD, TV
    from game.ui.mansion.boardview import BoardView
    from game.ui.mansion.roomlayout import floor_rect

    pygame.init()
    view = BoardView(board, None, {"standard": STANDARD, "tv": TV}[layout])
    for rid, room in board.rooms.items():
        floor = floor_rect(room.squares, view.origin, view.cell)
        rects = []
        for kind, places in (("weapon", view.weapon_places[rid]), ("token", view.token_places[rid])):
            boxes = [view.piece_rect(kind, p) for p in places]
            reach = boxes[0].unionall(boxes[1:])
            assert reach.width * reach.height >= floor.width * floor.height / 3, (rid, kind, reach, floor)
            rects += boxes
        for i, r in enumerate(rects):
            assert not r.colliderect(view.label_rect[rid]), (rid, i)
            assert r.collidelist(rects[i + 1:]) < 0, (rid, i)
    again = BoardView(board, None, {"standard": STANDARD, "tv": TV}[layout])
    assert again.weapon_places == view.weapon_places and again.token_places == view.token_places


@pytest.mark.parametrize("layout", ["standard", "tv"])
def test_no_piece_stands_on_a_threshold_or_a_doorway(board, layout):
    """With all twelve pieces in a room (six weapons, six tokens), none touches a threshold (the
    square inside a door) or the doorway's square outside it, in any of the nine rooms and in
    either layout: two of the Billiard Room's stood on its thresholds, its name taking two lines."""
    import pygame

    from game.ui.mansion.boardlayout import STANDARD, TV
    from game.ui.mansion.boardview import BoardView

    pygame.init()
    view = BoardView(board, None, {"standard": STANDARD, "tv": TV}[layout])
    sx, sy = view.cell
    assert len(board.rooms) == 9
    for rid in board.rooms:
        doors = [d for d in board.doors if d.room == rid]
        assert doors, rid
        squares = {d.inside for d in doors} | {d.square for d in doors}
        marks = [pygame.Rect(view.origin[0] + c * sx, view.origin[1] + r * sy, sx, sy) for c, r in squares]
        pieces = [view.piece_rect("weapon", p) for p in view.weapon_places[rid]] + [
            view.piece_rect("token", p) for p in view.token_places[rid]]
        assert len(pieces) == 12
        for piece in pieces:
            assert piece.collidelist(marks) < 0, (layout, rid, piece, [m for m in marks if piece.colliderect(m)])


def test_a_bare_room_s_pieces_stand_all_over_it():
    """A plain 10 x 8 room of 20-pixel squares, a small name in its middle:
    the weapons alone, and the tokens alone, reach into all four quarters."""
    import pygame

    from game.ui.mansion.roomlayout import room_spots

    room = pygame.Rect(0, 0, 200, 160)
    label = pygame.Rect(0, 0, 60, 20)
    label.center = room.center
    spots = room_spots([(c, r) for c in range(10) for r in range(8)], (0, 0), (20, 20), label, 16)
    assert spots is not None
    for places in spots:
        quarters = {(x >= room.centerx, y >= room.centery) for x, y in places}
        assert len(quarters) == 4, places


def test_a_places_clearance_is_its_chessboard_distance_out_of_the_pool():
    """:func:`roomlayout._clearance` (two passes over a grid) gives, for every place, the steps to the
    nearest place outside the pool, the larger of across and down, times the step: on an L-shaped
    pool with a hole, checked against every place outside it."""
    import pygame

    from game.ui.mansion import roomlayout

    step = roomlayout.STEP
    cells = {(c, r) for c in range(3, 30) for r in range(5, 20)} | {(c, r) for c in range(3, 12) for r in range(20, 40)}
    cells -= {(c, r) for c in range(15, 18) for r in range(9, 12)}                    # a hole
    pool = [pygame.Rect(c * step + 1, r * step + 1, 8, 8) for c, r in sorted(cells, key=lambda p: (p[1], p[0]))]
    out = {(c, r) for c in range(0, 33) for r in range(2, 43)} - cells
    want = [step * min(max(abs(c - oc), abs(r - orow)) for oc, orow in out)
            for c, r in sorted(cells, key=lambda p: (p[1], p[0]))]
    got = roomlayout._clearance(pool)
    assert got == want and max(got) >= 4 * step and roomlayout._clearance([]) == []


def test_a_places_candidates_stand_their_margin_inside_whole_squares_of_floor():
    """:func:`roomlayout._candidates` keeps exactly the places whose box, grown by the wall's margin,
    covers floor pixels only and keeps the gap off the name: checked pixel by pixel on a room of
    irregular shape whose squares are not a multiple of the step."""
    import pygame

    from game.ui.mansion import roomlayout

    cell, origin, side, wall, gap = (7, 9), (3, 5), 6, 2, 2
    floor = {(c, r) for c in range(6) for r in range(5)} | {(6, 1), (6, 2), (7, 2)} - {(0, 0), (3, 4)}
    label = pygame.Rect(20, 30, 12, 6)
    floor_pixels = {(origin[0] + c * cell[0] + x, origin[1] + r * cell[1] + y)
                    for c, r in floor for x in range(cell[0]) for y in range(cell[1])}
    box = roomlayout.floor_rect(floor, origin, cell)
    want = []
    for y in range(box.top, box.bottom - side + 1, roomlayout.STEP):
        for x in range(box.left, box.right - side + 1, roomlayout.STEP):
            r = pygame.Rect(x, y, side, side)
            grown = r.inflate(2 * wall, 2 * wall)
            if not r.colliderect(label.inflate(2 * gap, 2 * gap)) and all(
                    (px, py) in floor_pixels for px in range(grown.left, grown.right) for py in range(grown.top, grown.bottom)):
                want.append(r)
    got = roomlayout._candidates(floor, origin, cell, label, side, wall, gap)
    assert got == want and len(want) > 20


def _on_furniture(view, rid: str) -> int:
    """How much (square logical pixels) of the boxes of all twelve pieces in room ``rid`` (six tokens
    and six weapons at once, each the larger of a token and a weapon's plate) lies on its drawn
    furniture (rugs aside: a piece may stand on a rug)."""
    import pygame

    things = [view._box_rect(f.box) for f in view.board.furniture if f.room == rid and f.kind not in mansion.FLAT]
    side = max(view.token_size, view.layout.disc)
    total = 0
    for centre in list(view.weapon_places[rid]) + list(view.token_places[rid]):
        box = pygame.Rect(0, 0, side, side)
        box.center = centre
        total += sum(box.clip(t).width * box.clip(t).height for t in things)
    return total


@pytest.mark.parametrize("layout", ["standard", "tv"])
def test_a_crowded_room_keeps_its_pieces_off_the_furniture_where_the_floor_has_room(board, layout):
    """Six tokens and six weapons in one room: none stands on the Dining Room's sideboard, plant
    or fireplace, nor on the Ballroom's piano or sofa (they did: the pieces fell back to any
    place as soon as the floor could not hold them all spread out); over the nine rooms, a
    third less lies on furniture than did (21608 square pixels)."""
    import pygame

    from game.text import i18n
    from game.ui.mansion.boardlayout import STANDARD, TV
    from game.ui.mansion.boardview import BoardView

    pygame.font.init()          # the rooms' names are measured: in English (a test before may leave another language)
    before = i18n.language()
    i18n.set_language("en")
    try:
        view = BoardView(board, MANSION_MAP, STANDARD if layout == "standard" else TV)
    finally:
        i18n.set_language(before)
    covered = {rid: _on_furniture(view, rid) for rid in ROOMS}
    assert covered["dining_room"] == covered["ballroom"] == 0, covered
    assert sum(covered.values()) <= 15000, covered
