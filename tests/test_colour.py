"""Colour is never the only cue, measured on the drawn pixels.

* The lit destinations differ from the same square unlit by CIEDE2000 >= 20,
  normally and under protanopia, deuteranopia and tritanopia (Machado et al.
  2009 through colorspacious), on corridor squares and on every room floor.
* An empty start square carries its suspect's pawn outline: the shape drawn on
  it overlaps that pawn's mask more than any other suspect's.
* The notebook's fact rows (ticked for you) carry a dark frame and a dark mark
  box that plain rows lack, and the legend says so instead of "green rows".
"""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

pytest.importorskip("colorspacious")

import colorspacious  # noqa: E402

from game.board.tmx import load_board  # noqa: E402
from game.rules.cards import SUSPECT_COLOURS  # noqa: E402
from game.storage.paths import MANSION_MAP  # noqa: E402
from game.text import i18n  # noqa: E402
from game.ui.draw import assets, pawns, theme  # noqa: E402
from game.ui.mansion import drawing as mansion
from game.ui.mansion.boardlayout import STANDARD, TV  # noqa: E402
from game.ui.mansion.boardview import BoardView  # noqa: E402
from tests.test_pieces import MIN_DELTA_E, VISIONS, ciede2000, iou, seen  # noqa: E402

#: A start square's mark fills this much of the square's width (inside its dark frame).
MARK = 0.8
#: Normal vision and the three simulated ones.
ALL_VISIONS = ("normal", *VISIONS)


def lab(rgb, vision: str) -> np.ndarray:
    """``rgb`` (0-255) as CIELab, seen with ``vision`` ("normal" or one of :data:`VISIONS`)."""
    if vision == "normal":
        return colorspacious.cspace_convert(np.array(rgb[:3]) / 255, "sRGB1", "CIELab")
    return seen(tuple(rgb[:3]), vision)


def delta_e(a, b, vision: str) -> float:
    """CIEDE2000 between two RGB colours as seen with ``vision``."""
    return ciede2000(lab(a, vision), lab(b, vision))


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> np.ndarray:
    """The RGB pixels of ``rect`` as an [n, 3] int array."""
    return pygame.surfarray.array3d(surface.subsurface(rect)).reshape(-1, 3).astype(int)


def distance(rgb: np.ndarray, colour) -> np.ndarray:
    """Each pixel's distance in RGB (0-255 each) from ``colour``: ``rgb`` [..., 3] -> [...]."""
    return np.sqrt(((rgb - np.array(colour[:3])) ** 2).sum(axis=-1))


def mode(px: np.ndarray) -> tuple[int, int, int]:
    """The most common colour of ``px`` ([n, 3])."""
    values, counts = np.unique(px, axis=0, return_counts=True)
    return tuple(int(v) for v in values[counts.argmax()])


@pytest.fixture(scope="module")
def board():
    pygame.font.init()
    i18n.set_language("en")
    return load_board(MANSION_MAP)


# ---------------------------------------------------------------- lit squares
def lit_and_unlit(view: BoardView, moves) -> tuple[pygame.Surface, pygame.Surface]:
    """The board as drawn without and with the lit layer for ``moves`` (board-local pixels)."""
    unlit = view.static.copy()
    lit = view.static.copy()
    lit.blit(*view.highlight(moves))
    return unlit, lit


@pytest.mark.parametrize("layout", [STANDARD, TV], ids=lambda lay: lay.name)
def test_lit_squares_stand_out_for_every_colour_vision(board, layout):
    """Each lit corridor square's own colour (the most common inside its edge)
    and each lit room's floor differ from the same place unlit by CIEDE2000 >= 20
    under every vision.  The old pale yellow wash measured 6.9 normally and 3.6
    under tritanopia on the corridor."""
    view = BoardView(board, MANSION_MAP, layout)
    corridor = sorted(board.corridor)[::40]
    unlit, lit = lit_and_unlit(view, corridor + list(board.rooms))
    worst = {}
    for sq in corridor:
        r = view.square_rect(sq).move(-view.origin[0], -view.origin[1]).inflate(-8, -8)
        before, after = mode(pixels(unlit, r)), mode(pixels(lit, r))
        for vision in ALL_VISIONS:
            worst[vision, "corridor"] = min(worst.get((vision, "corridor"), 99), delta_e(before, after, vision))
    for rid, room in board.rooms.items():
        inside = [view.square_rect(sq).move(-view.origin[0], -view.origin[1]) for sq in room.squares]
        before = np.concatenate([pixels(unlit, r) for r in inside])
        after = np.concatenate([pixels(lit, r) for r in inside])
        floor = mode(before)                              # the floor's commonest colour, and what it became
        became = mode(after[(before == floor).all(axis=1)])
        for vision in ALL_VISIONS:
            worst[vision, rid] = delta_e(floor, became, vision)
    low = {k: round(v, 1) for k, v in worst.items() if v < MIN_DELTA_E}
    assert not low, low


def test_a_lit_room_keeps_its_name_readable(board):
    """The name is written again over the wash: its letters' light face covers
    as many pixels lit as unlit (the wash made it pale blue on pale blue)."""
    view = BoardView(board, MANSION_MAP, STANDARD)
    unlit, lit = lit_and_unlit(view, ["lounge"])
    box = view.label_rect["lounge"].move(-view.origin[0], -view.origin[1])
    face = np.array((255, 244, 220))

    def letters(img):
        return int((np.abs(pixels(img, box) - face).sum(axis=1) <= 12).sum())

    assert letters(unlit) > 100
    assert letters(lit) >= 0.95 * letters(unlit), (letters(lit), letters(unlit))


# ---------------------------------------------------------------- start squares
@pytest.mark.parametrize("scale", [1, 2])
def test_an_empty_start_square_shows_its_suspects_pawn_shape(board, scale):
    """The mark inside each start square (the pixels nearer its colour or its
    dark edge than the carpet, inside the square's dark frame) overlaps its own
    suspect's pawn mask best: intersection over union >= 0.8 and at least 0.05
    above any other pawn's (at 1280 x 720, 0.81-0.95 against at most 0.80; at
    twice the size 0.94-0.97 against 0.79).  Before, every start square held
    the same small square in a ring of the suspect's colour."""
    px = 28 * scale
    picture = mansion.draw_mansion(board, (board.width * px, board.height * px))
    side = round(MARK * px)
    carpet = mansion.CORRIDOR
    for sid, (c, r) in board.start_squares.items():
        ring = pygame.Rect(0, 0, side, side)
        ring.center = (round((c + .5) * px), round((r + .5) * px))
        # inside the dark frame's inner edge (0.1 of a square in from the square's), a pixel clear of it
        edge = math.ceil(0.1 * px) + 1
        inside = pygame.Rect(c * px + edge, r * px + edge, px - 2 * edge, px - 2 * edge).move(-ring.x, -ring.y)
        keep = pygame.mask.Mask((side, side))
        keep.draw(pygame.mask.Mask(inside.size, fill=True), inside.topleft)
        rgb = pygame.surfarray.array3d(picture.subsurface(ring)).astype(int)
        drawn = pygame.mask.Mask((side, side))
        # a pixel is the mark's when it is nearer the suspect's colour or the dark edge than the carpet
        near = np.minimum(distance(rgb, SUSPECT_COLOURS[sid]), distance(rgb, mansion.INK))
        for x, y in zip(*np.nonzero(near < distance(rgb, carpet)), strict=True):
            drawn.set_at((int(x), int(y)))
        drawn = drawn.overlap_mask(keep, (0, 0))
        scores = {s: iou(drawn, pawns.mask(shape, side).overlap_mask(keep, (0, 0)))
                  for s, shape in pawns.SHAPES.items()}
        best = max(scores, key=scores.get)
        runner_up = max(v for s, v in scores.items() if s != sid)
        assert best == sid and scores[sid] >= 0.8 and scores[sid] - runner_up >= 0.05, (
            sid, {s: round(v, 2) for s, v in scores.items()})


# ---------------------------------------------------------------- the notebooks
@pytest.fixture
def app():
    from game.ui.app import App

    a = App(seed=11, sound=False, speed=20.0, threaded_ai=False)
    yield a
    a.close()
    i18n.set_language("en")
    assets.clear_cache()


@pytest.mark.parametrize("scene", ["notebook", "notebook-hints", "card-notebook"])
def test_fact_rows_are_marked_by_more_than_tint(app, scene):
    """On every fact row (and on no other row) the frame just inside the row's
    edge and the mark box are dark: CIEDE2000 >= 20 from a plain row's paper at
    the same place under every vision.  Before, only the background differed
    (2.3 under deuteranopia, 1.0 under protanopia)."""
    from game.ui.bases.notebook import RowButton
    from game.ui.screenshots.screens import build_scene

    build_scene(app, scene, 3)
    nb = app.top
    surface = app.window.surface
    nb.draw(surface)
    rows = [w for w in nb.focus.buttons if isinstance(w, RowButton)]
    facts = [r for r in rows if r.data in nb.auto]
    assert facts and len(facts) < len(rows)
    for row in rows:
        r = row.rect
        # the frame's top edge over the name (no picture, no text there) and the mark box's corner
        frame = tuple(surface.get_at((r.left + r.height + 40, r.top + 2)))[:3]
        box = tuple(surface.get_at((row.mark_rect().left + 5, row.mark_rect().top + 5)))[:3]
        paper = tuple(surface.get_at((r.left + r.height + 40, r.centery - 12)))[:3]
        for vision in ALL_VISIONS:
            if row in facts:
                assert delta_e(frame, paper, vision) >= MIN_DELTA_E, (row.data, vision, frame, paper)
                assert delta_e(box, theme.PAPER, vision) >= MIN_DELTA_E, (row.data, vision, box)
            else:                       # no dark box; no frame but the newest hint's own blue edge
                assert delta_e(box, (255, 252, 244), vision) < 5, (row.data, vision, box)
                assert row.data == nb.latest or delta_e(frame, paper, vision) < 5, (row.data, vision, frame, paper)


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_the_legend_describes_what_is_drawn(app, lang):
    """The legend names the frame and the dark box, never a colour, in every language."""
    from game.ui.screenshots.screens import build_scene

    i18n.set_language(lang)
    build_scene(app, "notebook", 3)
    text = app.top.legend().lower()
    assert {"en": "framed", "es": "enmarcadas", "ca": "emmarcades"}[lang] in text, text
    assert not any(word in text for word in ("green", "verde", "verd")), text
