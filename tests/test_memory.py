"""What stays in memory at a large output scale: one whole screen is 33 MB at 3840 x 2160,
so the pictures kept for later are bounded by their bytes across every cache, the background
keeps one stripe's width of itself, and a moment's room is kept once, not twice (peak memory
itself is measured in benchmarks/bench_memory.py, never here)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import weakref
from pathlib import Path

import pygame
import pytest

from game.ui.draw import gfx, theme
from tests.test_frame_cost import _pygame  # noqa: F401  (pygame on, caches and the output scale reset)

SCREEN = (1280, 720)
ROOT = Path(__file__).resolve().parent.parent


def _bytes_made(monkeypatch) -> list[int]:
    """The device bytes of every picture :func:`gfx.surface` makes from now on, in order."""
    made: list[int] = []
    real = gfx.surface

    def surface(*args, **kwargs):
        pic = real(*args, **kwargs)
        made.append(gfx.device_bytes(pic))
        return pic
    monkeypatch.setattr(gfx, "surface", surface)
    return made


def _canvases_made(monkeypatch) -> list[tuple[int, int]]:
    """The device sizes of every :class:`gfx.Canvas` made from now on, in order."""
    made: list[tuple[int, int]] = []
    real_init = gfx.Canvas.__init__

    def init(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        made.append(self.device_size())
    monkeypatch.setattr(gfx.Canvas, "__init__", init)
    return made


def _kept_while_calling(monkeypatch, owner, name: str) -> list[int]:
    """Replace ``owner.name`` with a wrapper noting :func:`gfx.kept_bytes` at each call, before
    the real one draws; the notes, in call order."""
    held: list[int] = []
    real = getattr(owner, name)

    def noting(*args, **kwargs):
        held.append(gfx.kept_bytes())
        return real(*args, **kwargs)
    monkeypatch.setattr(owner, name, noting)
    return held


def _screen_picture(shade: int) -> pygame.Surface:
    pic = gfx.surface(SCREEN)
    pic.fill((shade, shade, shade))
    return pic


def test_pictures_kept_are_bounded_by_bytes_across_caches_least_recently_used_first():
    gfx.set_output_scale(3.0)
    screen_bytes = 3840 * 2160 * 4
    first: dict = {}
    second: dict = {}
    gfx.remember(first, "title", lambda: _screen_picture(10), 8)
    gfx.remember(second, "room", lambda: _screen_picture(20), 8)
    gfx.remember(first, "title", lambda: _screen_picture(99), 8)        # used again: the newest now
    gfx.remember(second, "board", lambda: _screen_picture(30), 8)       # a third screen: the oldest goes
    assert list(first) == ["title"] and list(second) == ["board"]
    assert gfx.kept_bytes() == 2 * screen_bytes <= gfx.REMEMBER_BYTES
    assert first["title"].get_at((5, 5))[:3] == (10, 10, 10)           # kept, not made again
    for i in range(6):
        gfx.remember(second, i, lambda: _screen_picture(40), 8)
        assert gfx.kept_bytes() <= gfx.REMEMBER_BYTES
    assert len(first) + len(second) == gfx.REMEMBER_BYTES // screen_bytes


def test_a_cache_over_its_count_loses_its_oldest_picture_only():
    cache: dict = {}
    for key in "abcd":
        gfx.remember(cache, key, lambda: pygame.Surface((4, 4)), 3)
    gfx.remember(cache, "b", lambda: pygame.Surface((4, 4)), 3)          # b used: c is the oldest
    gfx.remember(cache, "e", lambda: pygame.Surface((4, 4)), 3)
    assert list(cache) == ["b", "d", "e"]


@pytest.mark.parametrize("scale", [1.0, 1.5, 3.0, 1.25])
def test_background_keeps_one_stripe_of_itself_and_draws_the_whole_gradient(scale):
    gfx.set_output_scale(scale)
    got = gfx.surface(SCREEN)
    theme.background(got)
    want = gfx.surface(SCREEN)
    theme._paint_background(want, SCREEN[1], SCREEN[0])
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")
    kept = sum(gfx.device_bytes(s) for s in theme._BG_CACHE.values())
    if scale != 1.25:                  # stripes on whole device pixels: a tile, not a screen
        assert kept * 10 < gfx.device_bytes(got)


def test_a_moments_room_is_kept_once():
    from game.board.tmx import load_board
    from game.storage.paths import MANSION_MAP
    from game.ui.mansion import stage

    gfx.set_output_scale(3.0)
    stage._CACHE.clear()
    board = load_board(MANSION_MAP)
    pic = stage.backdrop(board, "hall", (160, 90))
    assert gfx.scale_of(pic) == 3.0 and pic.get_size() == (round(160 * 1.05), round(90 * 1.05))
    assert stage.backdrop(board, "hall", (160, 90)) is pic


def test_a_cache_makes_room_before_its_new_picture_is_drawn():
    cache: dict = {}
    gfx.remember(cache, "hall", lambda: _screen_picture(10), 1)
    held_while_drawing = []

    def make() -> pygame.Surface:
        held_while_drawing.append(list(cache))
        return _screen_picture(20)
    gfx.remember(cache, "study", make, 1)
    assert held_while_drawing == [[]] and list(cache) == ["study"]


def test_only_the_moment_on_screen_keeps_its_room():
    from game.board.tmx import load_board
    from game.storage.paths import MANSION_MAP
    from game.ui.mansion import stage

    gfx.set_output_scale(3.0)
    board = load_board(MANSION_MAP)
    kept = gfx.kept_bytes()
    hall = stage.backdrop(board, "hall", (160, 90))
    study = stage.backdrop(board, "study", (160, 90))
    assert gfx.scale_of(study) == 3.0 and study.get_size() == hall.get_size() == (168, 94)
    rooms = [pic for cache in (stage._CACHE, stage._ROOMS) for pic in cache.values() if pic.get_size() == (168, 94)]
    assert rooms == [study]                              # the hall's picture went before the study's was drawn
    assert gfx.kept_bytes() == kept + gfx.device_bytes(study)


@pytest.mark.parametrize("scale", [1.0, 1.5, 3.0])
def test_shading_the_whole_screen_keeps_tiles_not_a_screen(scale):
    gfx.set_output_scale(scale)
    got, want = _screen_picture(0), _screen_picture(0)
    for pic in (got, want):
        for x in range(0, 1280, 40):
            gfx.rect(pic, (x % 256, 255 - x % 256, 90), (x, 0, 40, 720))
    theme.shade(got, pygame.Rect(3, 5, 1277, 715), 110, (20, 30, 40))
    theme.dim(got, 77)
    veil = gfx.surface((1277, 715), pygame.SRCALPHA)      # what a whole translucent picture would draw
    veil.fill((20, 30, 40, 110))
    want.blit(veil, (3, 5))
    veil = gfx.surface((1280, 720), pygame.SRCALPHA)
    veil.fill((0, 0, 0, 77))
    want.blit(veil, (0, 0))
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")
    tile = (theme.SHADE_TILE, theme.SHADE_TILE)           # 256 KB each, where a screen is 33 MB at scale 3
    assert theme._veil().get_size() == theme._shade(110, (20, 30, 40)).get_size() == tile


def test_the_forms_backdrop_does_not_keep_the_parlour_beside_it():
    from game.ui.mansion import scenery

    gfx.set_output_scale(3.0)
    size = (64, 36)
    dark = scenery.backdrop(size)
    assert scenery._PARLOURS == {}                        # the whole parlour is not kept as well
    want = scenery.parlour(size).copy()
    want.fill((scenery.BACKDROP_LIGHT,) * 3, special_flags=pygame.BLEND_RGB_MULT)
    assert pygame.image.tobytes(dark, "RGB") == pygame.image.tobytes(want, "RGB")
    assert scenery.backdrop(size) is dark


def test_the_tables_pictures_count_in_the_shared_budget():
    from game.ui.draw import tabletop

    gfx.set_output_scale(3.0)
    kept = gfx.kept_bytes()
    cloth = tabletop.baize((200, 100))
    assert tabletop.baize((200, 100)) is cloth
    assert gfx.kept_bytes() == kept + gfx.device_bytes(cloth) == kept + 600 * 300 * 4


def test_a_moments_room_is_drawn_after_the_pictures_of_other_screens_are_let_go(monkeypatch):
    from game.board.tmx import load_board
    from game.storage.paths import MANSION_MAP
    from game.ui.mansion import drawing as mansion
    from game.ui.mansion import stage

    gfx.set_output_scale(3.0)
    board = load_board(MANSION_MAP)
    monkeypatch.setattr(gfx, "REMEMBER_BYTES", 3 << 20)             # a budget of this test's size
    other: dict = {}
    part = (1 << 20) // (9 * 4)                                     # a logical area of 1 MiB at scale 3
    gfx.remember(other, "title", lambda: gfx.surface((part // 64, 64)), 8)
    gfx.remember(other, "setup", lambda: gfx.surface((part // 64, 64)), 8)
    held_while_drawing = _kept_while_calling(monkeypatch, mansion, "draw_mansion_window")
    pic = stage.backdrop(board, "kitchen", (160, 90))
    making = 504 * 282 * 4 * 3             # the picture and its canvas, bounded above
    setup_bytes = gfx.device_bytes(other["setup"])
    assert held_while_drawing == [setup_bytes] and list(other) == ["setup"]     # the oldest went first
    assert setup_bytes + making <= 3 << 20 < 2 * setup_bytes + making
    assert gfx.kept_bytes() == setup_bytes + gfx.device_bytes(pic)


def test_the_boards_picture_is_held_once_by_its_view():
    from game.board.tmx import load_board
    from game.storage.paths import MANSION_MAP
    from game.ui.mansion import drawing as mansion
    from game.ui.mansion.boardlayout import STANDARD
    from game.ui.mansion.boardview import BoardView

    pygame.display.set_mode((64, 64))             # the map's tiles load only with a display: the furnished mansion
    gfx.set_output_scale(3.0)
    board = load_board(MANSION_MAP)
    kept = gfx.kept_bytes()
    view = BoardView(board, MANSION_MAP, STANDARD)
    assert gfx.scale_of(view.static) == 3.0 and view.static.get_size() == view.rect.size
    assert view.static.get_at((10, 10)) == mansion.draw_mansion(board, view.rect.size).get_at((10, 10))
    kept_after = gfx.kept_bytes()
    pygame.display.quit()
    assert kept_after == kept                        # no second copy in a cache: the view's is the only one


def _setup_holding_a_screen():
    """An app showing the setup screen over the title, the setup holding a picture of the whole
    screen in its cycles; returns the app, the setup and a weak reference to the picture."""
    import weakref

    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.shell.registry import make

    app = App(size=SCREEN, seed=3, sound=False, threaded_ai=False, settings=Settings())
    app.start()
    setup = make("setup", app)
    app.push(setup)
    app.step(1 / 60)
    setup.picture = gfx.surface(SCREEN)        # a picture of the whole screen, held in the scene's cycles
    return app, setup, weakref.ref(setup.picture)


def test_a_scene_that_left_the_stack_lets_its_pictures_go_at_the_next_frame():
    import gc

    app, setup, gone = _setup_holding_a_screen()
    gc.disable()                               # no automatic collection by chance in between
    try:
        app.pop()
        del setup
        assert gone() is not None              # unreachable, but in cycles: only the collector frees it
        app.step(1 / 60)
        assert gone() is None
    finally:
        gc.enable()
        app.close()


def test_the_oval_table_lets_go_of_each_large_canvas_once_filtered_down(monkeypatch):
    """The card table's oval is drawn from canvases twice its size (about 30 MB each at 3840 x 2160):
    each is let go once filtered down, so no more than two are alive at once (all four were)."""
    import weakref

    from game.ui.draw import tabletop

    gfx.set_output_scale(2.0)
    size = (200, 150)
    alive: list[weakref.ref] = []
    most = [0]
    real = gfx.surface

    def surface(*args, **kwargs):
        made = real(*args, **kwargs)
        alive.append(weakref.ref(made))
        most[0] = max(most[0], sum(gfx.device_bytes(s) for s in (r() for r in alive) if s is not None))
        return made
    monkeypatch.setattr(gfx, "surface", surface)
    table = tabletop.oval_table.__wrapped__(size)
    big = (2 * size[0] * 2) * (2 * size[1] * 2) * 4          # one canvas twice the size, device bytes at scale 2
    assert gfx.scale_of(table) == 2.0 and table.get_size() == size
    assert most[0] < 2 * big


def test_two_pictures_one_frame_shows_are_not_made_again_every_frame(monkeypatch):
    """A moment's room over the card table's pictures came to more than the budget at 3840 x 2160:
    each frame the room dropped the table's pictures and the table's pictures the room, and all were
    drawn again every frame.  The pictures the frame being drawn uses stay, even over the budget."""
    gfx.set_output_scale(3.0)
    monkeypatch.setattr(gfx, "REMEMBER_BYTES", 3 * 3840 * 2160 * 4 // 2)     # one and a half screens
    table: dict = {}
    room: dict = {}
    made = []

    def picture(name: str) -> pygame.Surface:
        made.append(name)
        return _screen_picture(len(made))
    gfx.new_frame()                                     # a window counts its frames
    try:
        for _frame in range(3):
            gfx.remember(table, "table", lambda: picture("table"), 8)
            gfx.remember(room, "room", lambda: picture("room"), 1)
            gfx.new_frame()
        assert made == ["table", "room"]                # each made once, both kept while shown
        gfx.remember(room, "other room", lambda: picture("other room"), 1)   # a frame without the table
        assert list(table) == [] and list(room) == ["other room"]      # the table's picture goes, oldest
        assert gfx.kept_bytes() <= gfx.REMEMBER_BYTES
    finally:
        gfx.new_frame(counting=False)


@pytest.mark.parametrize("scale", [1.0, 1.5, 3.0])
def test_a_moments_room_is_darkened_in_strips_not_under_a_second_whole_picture(scale, monkeypatch):
    """The vignette over a moment's room was a whole translucent picture beside the room (35 MB at
    3840 x 2160): it is laid in strips of columns, the same pixels as the whole veil."""
    from game.ui.mansion import stage

    gfx.set_output_scale(scale)
    size = (1344, 756)                                  # a moment's room at 1280 x 720, 5 % larger
    got, want = gfx.surface(size), gfx.surface(size)
    for pic in (got, want):
        for x in range(0, size[0], 48):
            gfx.rect(pic, (x % 256, 255 - x % 256, 120), (x, 0, 48, size[1]))
    veil = gfx.smoothscale(stage.vignette_seed(), size)            # the whole veil, as it was laid
    want.blit(veil, (0, 0))
    made: list[int] = []
    real = pygame.transform.smoothscale

    def smoothscale(img, to, *args):
        made.append(to[0] * to[1])
        return real(img, to, *args)
    monkeypatch.setattr(pygame.transform, "smoothscale", smoothscale)
    stage.darken(got)
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")
    w, h = gfx.device_pixels(size)
    assert made and max(made) <= stage.VIGNETTE_STRIP * h < w * h // 4      # strips, never the whole veil


@pytest.mark.parametrize("scale", [1.0, 1.5, 3.0])
def test_the_lit_layer_covers_what_is_lit_not_the_whole_board(scale):
    """The destinations lit after a roll were a transparent layer the board's size (16 MB at
    3840 x 2160, held through the turn): the layer covers the lit squares and names only."""
    from game.board.tmx import load_board
    from game.storage.paths import MANSION_MAP
    from game.ui.mansion.boardlayout import STANDARD
    from game.ui.mansion.boardview import BoardView

    gfx.set_output_scale(scale)
    board = load_board(MANSION_MAP)
    view = BoardView(board, None, STANDARD)
    start = min(board.corridor)
    moves = sorted(sq for sq in board.corridor if abs(sq[0] - start[0]) + abs(sq[1] - start[1]) <= 3)
    moves.append(min(board.rooms, key=lambda r: min(abs(x - start[0]) + abs(y - start[1])
                                                    for x, y in board.rooms[r].squares)))     # the nearest room
    lit, at = view.highlight(moves)
    assert gfx.device_bytes(lit) * 2 < gfx.device_bytes(view.static)
    before = view.static.copy()
    after = view.static.copy()
    after.blit(lit, at)
    def changed(sq) -> bool:
        centre = view.square_rect(sq).move(-view.origin[0], -view.origin[1]).center
        return after.get_at(centre) != before.get_at(centre)
    assert all(changed(sq) for sq in moves[:-1])                        # every lit square is lit
    room = board.rooms[moves[-1]].squares
    assert sum(map(changed, room)) > len(room) * 3 // 4                 # the room too, but under its name
    box = pygame.Rect(at, lit.get_size())
    far = next(sq for sq in sorted(board.corridor, reverse=True)
               if not box.colliderect(view.square_rect(sq).move(-view.origin[0], -view.origin[1])))
    centre = view.square_rect(far).move(-view.origin[0], -view.origin[1]).center
    assert after.get_at(centre) == before.get_at(centre)


def test_the_boards_picture_goes_with_the_last_scene_showing_it():
    """The board's view (its picture is 16 MB at 3840 x 2160) stayed on the app through the card
    game and the screens after a board game: it is let go once no scene on the stack shows it."""
    import weakref

    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.shell.registry import make

    app = App(size=SCREEN, seed=3, sound=False, threaded_ai=False, settings=Settings())
    app.start()
    try:
        board = make("setup", app)
        board.view = app.board_view()              # a scene showing the board
        app.push(board)
        other = make("setup", app)
        app.push(other)
        app.pop()
        app.step(1 / 60)
        assert app.board_drawing is board.view     # still shown: kept
        gone = weakref.ref(board.view)
        app.pop()
        del board
        app.step(1 / 60)
        assert app.board_drawing is None and gone() is None
    finally:
        app.close()


def test_a_screen_left_lets_go_of_its_large_pictures_the_next_frame_does_not_show():
    """The title's mansion and the setup's parlour (a whole screen each, 33 MB at 3840 x 2160)
    stayed in the shared budget through the board game: once a scene leaves, the large kept
    pictures the next frame does not show go; those it shows and the small ones stay."""
    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.shell.registry import make

    app = App(size=SCREEN, seed=3, sound=False, threaded_ai=False, settings=Settings())
    app.start()
    cache: dict = {}
    try:
        gfx.remember(cache, "parlour", lambda: _screen_picture(10), 8)      # a screen left behind
        gfx.remember(cache, "icon", lambda: gfx.surface((20, 20)), 8)       # small: kept
        title = app.top
        real_draw = title.draw

        def draw(surface):                                                  # the title shows a screen of its own
            real_draw(surface)
            surface.blit(gfx.remember(cache, "mansion", lambda: _screen_picture(20), 8), (0, 0))
        title.draw = draw
        app.step(1 / 60)
        assert set(cache) == {"parlour", "icon", "mansion"}                 # no scene left yet: all kept
        app.push(make("setup", app))
        app.pop()
        app.step(1 / 60)
        assert set(cache) == {"icon", "mansion"}
        assert cache["mansion"].get_at((3, 3))[:3] == (20, 20, 20)
    finally:
        app.close()


def test_screens_a_reset_leaves_are_freed_before_the_next_screen_makes_its_pictures():
    """A reset (a new game, a scene builder, the title again) freed the screens it left only at
    the next frame: the next screen made its pictures (a moment's room, the table's picture,
    a whole screen each at 3840 x 2160) while theirs were still held."""
    import gc

    from game.ui.shell.registry import make

    app, setup, gone = _setup_holding_a_screen()
    gc.disable()                               # no automatic collection by chance in between
    try:
        del setup
        app.reset(make("title", app))
        assert gone() is None
    finally:
        gc.enable()
        app.close()


@pytest.mark.parametrize("scale", [1.0, 2.0, 3.0])
def test_the_envelope_and_the_crime_card_are_drawn_in_bands_the_same_pixels(scale, monkeypatch):
    """The solved case's envelope and the Crime card were drawn on canvases four times their size
    at the output scale, whole (33 MB an envelope part at 3840 x 2160, beside the moment's room):
    the canvas is drawn a band at a time, and the pictures are the very pixels of the whole canvas."""
    from game.ui.mansion import stage

    gfx.set_output_scale(scale)
    made = _bytes_made(monkeypatch)

    def pictures() -> list[bytes]:
        stage._CACHE.clear()
        made.clear()
        parts = [stage.envelope_back(300), stage.envelope_front(300), stage.envelope_flap(300),
                 stage.envelope_flap(300, inside=True), stage.crime_card(232)]
        return [pygame.image.tobytes(p, "RGBA") for p in parts]
    banded, most_banded = pictures(), max(made)
    monkeypatch.setattr(stage, "PEN_BAND", 1 << 20)              # one band: the whole canvas, as it was drawn
    whole, most_whole = pictures(), max(made)
    assert banded == whole
    assert most_banded * 4 < most_whole


def test_the_boards_table_picture_is_let_go_before_the_next_is_painted(monkeypatch):
    """The board's table picture (a whole screen, 33 MB at 3840 x 2160) painted again when the
    help under the log changes was held until the new one was painted: two at once."""
    import weakref

    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.screenshots.screens import build_scene

    app = App(size=SCREEN, seed=3, sound=False, threaded_ai=False, settings=Settings())
    try:
        build_scene(app, "board", 3)
        app.step(1 / 60)
        board = app.top
        old = weakref.ref(board._backdrop_surf)
        old_alive_while_made: list[bool] = []
        real = gfx.surface

        def surface(size, *args, **kwargs):
            if tuple(size) == SCREEN:
                old_alive_while_made.append(old() is not None)
            return real(size, *args, **kwargs)
        monkeypatch.setattr(gfx, "surface", surface)
        board._backdrop_hint = ("another hint", "")            # as when the help under the log changes
        app.step(1 / 60)
        assert old_alive_while_made == [False]
        assert board._backdrop_surf is not None and board._backdrop_surf.get_size() == SCREEN
    finally:
        app.close()


def test_the_boards_table_picture_is_painted_on_one_whole_screen_not_copied_into_a_second(monkeypatch):
    """The board's table picture was made, then converted to the window's pixel format (the one
    it had already): a copy, two whole screens at once (66 MB at 3840 x 2160) each time it was
    painted again.  One now, in the window's format."""
    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.screenshots.screens import build_scene

    app = App(size=(1920, 1080), seed=3, sound=False, threaded_ai=False, settings=Settings())
    try:
        build_scene(app, "board", 3)
        app.step(1 / 60)
        board = app.top
        made = _canvases_made(monkeypatch)
        board._backdrop_hint = ("another hint", "")            # as when the help under the log changes
        app.step(1 / 60)
        assert made.count((1920, 1080)) == 1
        table, window = board._backdrop_surf, gfx.raw(app.window.surface)
        assert (table.get_bitsize(), table.get_masks(), table.get_flags() & pygame.SRCALPHA) == \
            (window.get_bitsize(), window.get_masks(), 0)
    finally:
        app.close()


def test_the_boards_picture_is_made_once_not_converted_into_a_copy(monkeypatch):
    """The board's view converted its new picture to the window's format, which it had: a copy,
    the board's picture twice (32 MB at 3840 x 2160) while a board was set up."""
    from game.board.tmx import load_board
    from game.storage.paths import MANSION_MAP
    from game.ui.mansion.boardview import BoardView

    pygame.display.set_mode((1920, 1080))
    gfx.set_output_scale(1.5)
    made = _canvases_made(monkeypatch)
    view = BoardView(load_board(MANSION_MAP), MANSION_MAP)
    window = pygame.display.get_surface()
    assert made.count(view.static.device_size()) == 1
    assert (view.static.get_bitsize(), view.static.get_masks()) == (window.get_bitsize(), window.get_masks())


def test_pictures_made_in_a_not_kept_block_go_when_it_ends():
    gfx.set_output_scale(3.0)
    others = gfx.kept_bytes()                   # what tests before this one left kept
    cache: dict = {}
    gfx.remember(cache, "before", lambda: gfx.surface((400, 300)), 8)        # 4 MB, kept before the block
    with gfx.not_kept():
        gfx.remember(cache, "before", lambda: gfx.surface((400, 300)), 8)
        gfx.remember(cache, "shadow", lambda: gfx.surface((400, 300)), 8)    # 4 MB, made inside
        gfx.remember(cache, "dot", lambda: gfx.surface((10, 10)), 8)          # small: kept
        assert set(cache) == {"before", "shadow", "dot"}
    assert set(cache) == {"before", "dot"}
    assert gfx.kept_bytes() == others + gfx.device_bytes(cache["before"]) + gfx.device_bytes(cache["dot"])
    cache.clear()                               # no longer counted by the shared budget
    assert gfx.kept_bytes() == others


def test_the_tables_panels_pictures_are_not_kept_beside_the_table_picture():
    """The shadows and baize of the board's panels are painted into the table's picture (which is
    kept) and were kept in the shared budget as well: 24 MB at 3840 x 2160 for nothing until
    the table's picture is painted again."""
    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.screenshots.screens import build_scene

    app = App(size=(1920, 1080), seed=3, sound=False, threaded_ai=False, settings=Settings())
    gfx.kept_bytes()
    before = set(gfx._kept)                     # what tests before this one left kept
    try:
        build_scene(app, "board", 3)
        app.step(1 / 60)
        app.step(1 / 60)
        assert app.top._backdrop_surf is not None
        assert [(t[1], n) for t, (_cache, _pic, n) in gfx._kept.items() if n >= 1 << 20 and t not in before] == []
    finally:
        app.close()


@pytest.mark.parametrize("scale", [1.0, 3.0])
def test_baize_is_drawn_in_bands_the_same_pixels(scale, monkeypatch):
    """Baize was drawn whole on a canvas twice its size (27 MB for the board's felt at 3840 x
    2160, made again after a moment): a band of rows at a time, the same pixels as drawn whole."""
    from game.ui.draw import tabletop

    gfx.set_output_scale(scale)
    made = _bytes_made(monkeypatch)

    def cloth() -> tuple[bytes, int]:
        made.clear()
        pic = tabletop.baize.__wrapped__((300, 200), (60, 40, 30), 5)
        return pygame.image.tobytes(pic, "RGB"), max(made)
    banded, most_banded = cloth()
    monkeypatch.setattr(tabletop, "BAIZE_BAND", 1 << 20, raising=False)   # one band: the whole canvas
    whole, most_whole = cloth()
    assert banded == whole
    assert most_whole == 600 * 400 * scale * scale * 4 > 2 * most_banded


def test_the_parlour_is_painted_after_the_pictures_of_other_screens_are_let_go(monkeypatch):
    """Game over's parlour was painted (the picture and its candle light, a whole screen each at
    3840 x 2160) while the card table's pictures stayed kept beside them: they go first now."""
    from game.ui.mansion import scenery

    gfx.set_output_scale(3.0)
    monkeypatch.setattr(gfx, "REMEMBER_BYTES", 3 << 20)             # a budget of this test's size
    size = (64, 36)                                                 # 81 KB at scale 3: the two while painted
    table: dict = {}
    part = (1 << 20) // (9 * 4)                                     # a logical area of 1 MiB at scale 3
    for name in ("baize", "plaques", "oval"):
        gfx.remember(table, name, lambda: gfx.surface((part // 64, 64)), 8)
    held_while_painting = []
    real = scenery._paint_parlour

    def paint(*args):
        held_while_painting.append(list(table))
        return real(*args)
    monkeypatch.setattr(scenery, "_paint_parlour", paint)
    scenery._BACKDROPS.clear()
    scenery._PARLOURS.clear()
    scenery.backdrop(size)
    assert held_while_painting == [["plaques", "oval"]]           # the oldest made room for the painting


def test_a_long_games_lines_of_text_keep_a_bounded_number_of_bytes():
    # each roll, each log line, each prompt is a line of text never drawn again: a game renders
    # hundreds, and at a large output scale each is hundreds of KB (the note of where text was
    # drawn held them too), so what stays is bounded by bytes, not by a count of lines
    import weakref

    gfx.set_output_scale(2.0)
    screen = gfx.surface(SCREEN)
    alive = []
    for i in range(300):
        line = theme.text(f"Line {i}: Miss Scarlet rolled a {i % 11 + 2} and went to the Conservatory",
                          theme.BODY)
        theme.blit_text(screen, f"Line {i}: Miss Scarlet rolled a {i % 11 + 2} and went to the Conservatory",
                        (10, 10), theme.BODY)
        alive.append(weakref.ref(line))
    held = [r() for r in alive if r() is not None]
    line_bytes = gfx.device_bytes(held[-1])
    assert 300 * line_bytes > 4 * theme.TEXT_BYTES                  # all of them would be far over the bound
    assert sum(gfx.device_bytes(s) for s in held) <= theme.TEXT_BYTES * 4   # 4: the output scale squared
    assert held[-1] is theme.text(f"Line 299: Miss Scarlet rolled a {299 % 11 + 2} and went to the Conservatory",
                                  theme.BODY)                      # the newest kept, not drawn again


@pytest.mark.parametrize("driver, user, want", [("x11", None, "0"), ("x11", "1", "1"), ("wayland", None, None)])
def test_an_x11_window_shows_its_pixels_without_loading_gl(monkeypatch, driver, user, want):
    # with no GPU driver, the GL texture SDL shows a plain window through loads Mesa's
    # software GL (about 100 MB resident) for the very same pixels
    import os

    from game.ui.draw.window import Window

    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", user or "")    # what the test sets is undone after it
    if user is None:
        monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION")
    Window((1280, 720), "Clue")
    assert os.environ.get("SDL_FRAMEBUFFER_ACCELERATION") == want


@pytest.mark.parametrize("flags", [0, pygame.SRCALPHA])
@pytest.mark.parametrize("resize", ["smoothscale", "scale"])
def test_a_picture_resized_at_a_large_scale_is_not_copied_into_its_canvas(flags, resize, monkeypatch):
    # a soft shadow or a moment's picture resized to a whole screen at 3840 x 2160 is 33 MB: its
    # pixels are written straight into the canvas returned, not made and then copied into it
    pygame.display.set_mode((64, 64))
    gfx.set_output_scale(3.0)
    src = pygame.Surface((160, 90), flags)
    for x in range(160):
        pygame.Surface.fill(src, ((x * 7) % 256, (x * 13) % 256, (x * 29) % 256, 40 + x), (x, 0, 1, 90))
    copied: list[int] = []
    real = gfx._copy_pixels

    def copy(dst, s):
        copied.append(gfx.device_bytes(s))
        real(dst, s)
    monkeypatch.setattr(gfx, "_copy_pixels", copy)
    got = getattr(gfx, resize)(src, SCREEN)
    assert copied == []
    assert got.device_size() == (3840, 2160) and got.get_size() == SCREEN
    want = gfx.adopt(getattr(pygame.transform, resize)(src, (3840, 2160)), 3.0, SCREEN)   # the pixels as before
    assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA")
    assert got.get_flags() & pygame.SRCALPHA == flags


def test_the_wrong_stamp_is_turned_once_not_every_frame_it_comes_down(monkeypatch):
    # turned and zoomed anew each frame, the stamp was two pictures of up to 18 MB each at
    # 3840 x 2160 at its largest (the picture made, then copied into its canvas)
    from game.ui.screenshots.screens import build_moment
    from game.ui.shell.registry import is_scene
    from tests.inputs import make_app

    app = make_app()
    build_moment(app, "accusation-wrong")
    moment = app.top
    assert is_scene(moment, "accusation_wrong")
    turned: list[tuple[float, float]] = []
    real = gfx.rotozoom

    def rotozoom(img, angle, zoom):
        turned.append((angle, zoom))
        return real(img, angle, zoom)
    monkeypatch.setattr(gfx, "rotozoom", rotozoom)
    for _frame in range(60):                        # a second: the stamp comes down and rests
        app.step(1 / 60)
    assert turned == [(10, 1.0)]                    # made once, at its resting size; resized as it comes
    app.close()


def test_lines_of_text_kept_at_3840x2160_stay_within_twice_what_a_frame_draws():
    # the scale squared gave 36 MiB of lines at 3840 x 2160, where one frame asks for at most
    # 5.9 MiB (measured over sixteen screens): the lines kept are bounded by 12 MiB at any scale
    import weakref

    gfx.set_output_scale(3.0)
    screen = gfx.surface(SCREEN)
    alive = []
    for i in range(200):
        words = f"Line {i}: Colonel Mustard rolled a {i % 11 + 2} and went to the Billiard Room"
        theme.blit_text(screen, words, (10, 10), theme.BODY)
        alive.append(weakref.ref(theme.text(words, theme.BODY)))
    held = sum(gfx.device_bytes(r()) for r in alive if r() is not None)
    assert 200 * gfx.device_bytes(theme.text("Line 199: Colonel Mustard rolled a 2 and went to the Billiard Room",
                                             theme.BODY)) > 36 << 20       # all of them: over the old bound
    assert 10 << 20 < held <= 12 << 20
    gfx.set_output_scale(1.5)
    assert theme.text_budget(1.5) == 9 << 20                            # 1920 x 1080: as it was


@pytest.mark.parametrize("scale", [1.0, 1.5, 3.0])
def test_a_lifted_cards_shadow_is_the_cards_size_at_every_scale(scale):
    # its blurred shadow was resized to the card's size in device pixels taken as logical ones:
    # three times too large each way at 3840 x 2160 (28 MB made each frame of the Crime card's lift)
    from game.ui.mansion import stage

    pygame.display.set_mode((64, 64))
    gfx.set_output_scale(scale)
    card = gfx.surface((200, 280), pygame.SRCALPHA)
    card.fill((200, 30, 30, 255))
    target = gfx.surface(SCREEN)
    target.fill((0, 80, 0))
    stage.draw_lifted(target, card, (640, 360), 8, 1.0)
    turned = gfx.rotozoom(card, 8, 1.12)
    w, h = turned.get_size()
    box = pygame.Rect(0, 0, w, h)
    box.center = (640, 360)
    shade = box.move(32, 32)               # the shadow falls 6 + 26 pixels below and right when held high
    assert target.get_at((shade.right - 20, shade.centery))[:3] != (0, 80, 0)     # in the shadow
    assert target.get_at((shade.right + 30, shade.centery))[:3] == (0, 80, 0)     # beyond it: untouched


def test_the_felt_panel_holds_one_layer_of_its_size_not_a_mask_a_copy_and_four_rings(monkeypatch):
    # painted on the board's table picture (the dice and buttons' panel, 6 MB at 3840 x 2160): its
    # baize went through a mask of its size and a copy, and each ring of its inner shadow had a
    # layer of its own, while the table picture was painted beside the window's two screens
    from game.ui.draw import tabletop

    pygame.display.set_mode((64, 64))
    gfx.set_output_scale(3.0)
    rect = pygame.Rect(680, 400, 562, 312)
    target = gfx.surface(SCREEN)
    tabletop.felt_panel(target, rect)          # its baize and the rim's shadow are kept in the budget
    panel_bytes = gfx.device_bytes(gfx.surface(rect.inflate(-14, -14).size))
    made = _bytes_made(monkeypatch)
    copies: list[int] = []
    real_copy = gfx.Canvas.copy

    def copy(self):
        copies.append(gfx.device_bytes(self))
        return real_copy(self)
    monkeypatch.setattr(gfx.Canvas, "copy", copy)
    tabletop.felt_panel(target, rect)
    assert [n for n in made if n >= panel_bytes // 2] == [panel_bytes]     # one layer of the panel's size
    assert copies == []


def test_a_picture_of_another_format_resized_at_a_large_scale_makes_one_canvas(monkeypatch):
    # a picture whose pixel format a new canvas does not have (24 bits a pixel) is resized then
    # adopted: no canvas is made for it first and left unused (a whole screen at 3840 x 2160)
    pygame.display.set_mode((64, 64))
    gfx.set_output_scale(3.0)
    src = pygame.Surface((160, 90), 0, 24)
    src.fill((200, 120, 40))
    made: list[tuple[int, int]] = []
    real = gfx.Canvas.__init__

    def init(self, size, flags=0, scale=1.0, device=None):
        real(self, size, flags, scale, device)
        made.append(self.device_size())
    monkeypatch.setattr(gfx.Canvas, "__init__", init)
    got = gfx.smoothscale(src, SCREEN)
    assert made == [(3840, 2160)] and got.get_at((10, 10))[:3] == (200, 120, 40)


@pytest.mark.parametrize("scale", [1.0, 3.0])
def test_the_felt_panels_corners_keep_within_the_clip(scale):
    # a moment wiping in over the card table draws the table through a clip: nothing of the
    # panel, its blackened corners neither, may land outside it
    from game.ui.draw import tabletop

    pygame.display.set_mode((64, 64))
    gfx.set_output_scale(scale)
    rect = pygame.Rect(100, 100, 300, 200)
    target = gfx.surface(SCREEN)
    target.fill((0, 200, 0))
    target.set_clip(pygame.Rect(300, 0, 980, 720))         # the panel's left half is outside
    tabletop.felt_panel(target, rect)
    target.set_clip(None)
    assert target.get_at((108, 108))[:3] == (0, 200, 0)      # its top-left corner: untouched
    assert target.get_at((108, 291))[:3] == (0, 200, 0)
    assert target.get_at((391, 291))[:3] != (0, 200, 0)      # inside the clip: drawn


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5, 2.0, 3.0])
def test_a_panels_shadow_is_laid_from_a_small_picture_with_the_whole_ones_pixels(scale, monkeypatch):
    # the whole shadow of a panel was kept while shown: 11 MB for the card table's largest at
    # 3840 x 2160, five of them 31 MB, where its middle is one shade repeated
    from game.ui.draw import tabletop

    gfx.set_output_scale(scale)
    for rect, radius in ((pygame.Rect(300, 11, 670, 462), 14), (pygame.Rect(7, 400, 563, 301), 10),
                         (pygame.Rect(33, 90, 151, 53), 14), (pygame.Rect(3, 3, 90, 40), 6)):
        got, want = gfx.surface(SCREEN), gfx.surface(SCREEN)
        for pic in (got, want):
            for x in range(0, 1280, 40):
                gfx.rect(pic, (x % 256, 255 - x % 256, 90), (x, 0, 40, 720))
        want.blit(tabletop._shadow.__wrapped__(rect.size, radius), (rect.left - 2, rect.top - 1))
        tracked = got.track() if scale != 1.0 else None
        made = _bytes_made(monkeypatch)
        tabletop.draw_shadow(got, rect, radius)
        monkeypatch.undo()
        assert pygame.image.tobytes(gfx.raw(got), "RGB") == pygame.image.tobytes(gfx.raw(want), "RGB"), rect
        whole = gfx.device_bytes(gfx.surface((rect.width + 10, rect.height + 10)))
        if rect.width > 300:
            assert made and max(made) * 4 < whole           # a small picture, not the whole shadow
        if tracked is not None:
            box = gfx.device_rect(pygame.Rect(rect.left - 2, rect.top - 1, rect.width + 10, rect.height + 10), scale)
            rows = {r for r in range(tracked.rows) if tracked.drawn[r]}
            assert rows == set(range(box.top // gfx.TILE, (box.bottom - 1) // gfx.TILE + 1))


def test_button_pictures_count_in_the_shared_budget_and_the_oldest_go():
    # every look of every button shown stayed, outside the budget: 37 MB of them by the card game
    # at 3840 x 2160, up to 500 kept
    from game.ui.draw import widgets

    pygame.display.set_mode((64, 64))
    gfx.set_output_scale(3.0)
    widgets.clear_cache()
    kept = gfx.kept_bytes()
    first = widgets.Button(pygame.Rect(100, 100, 400, 60), "Play")
    target = gfx.surface(SCREEN)
    first.draw(target)
    picture = widgets._BUTTON_CACHE[first.look()]
    assert gfx.kept_bytes() == kept + gfx.device_bytes(picture) == kept + 412 * 3 * 72 * 3 * 4
    first.draw(target)
    assert widgets._BUTTON_CACHE[first.look()] is picture                # kept, not painted again
    for i in range(widgets.MOST_BUTTONS):
        widgets.Button(pygame.Rect(100, 100, 400, 60), f"Button {i}").draw(target)
    assert first.look() not in widgets._BUTTON_CACHE                    # the oldest went
    assert gfx.kept_bytes() <= gfx.REMEMBER_BYTES < widgets.MOST_BUTTONS * gfx.device_bytes(picture)
    pygame.display.quit()


def test_the_oval_table_is_drawn_after_the_pictures_of_other_screens_are_let_go(monkeypatch):
    # drawing it holds a canvas twice its size and three pictures of it (55 MB at 3840 x 2160):
    # the card game's first frame drew it beside the 77 MB kept for the board game's screens
    from game.ui.draw import tabletop

    gfx.set_output_scale(3.0)
    tabletop.oval_table.cache_clear()
    size = (120, 80)
    making = 7 * 360 * 240 * 4                                      # 2.3 MiB
    monkeypatch.setattr(gfx, "REMEMBER_BYTES", (3 << 19) + making)     # one of the two below and the table
    other: dict = {}
    part = (1 << 20) // (9 * 4)                                     # a logical area of 1 MiB at scale 3
    gfx.remember(other, "board", lambda: gfx.surface((part // 64, 64)), 8)
    gfx.remember(other, "moment", lambda: gfx.surface((part // 64, 64)), 8)
    held_while_drawing = []
    real = tabletop.baize.__wrapped__

    def baize(*args):
        held_while_drawing.append(gfx.kept_bytes())
        return real(*args)
    monkeypatch.setattr(tabletop.baize, "__wrapped__", baize)
    monkeypatch.setattr(tabletop, "baize", gfx.remembered(16)(baize))
    table = tabletop.oval_table(size)
    assert held_while_drawing == [gfx.device_bytes(other["moment"])] and list(other) == ["moment"]
    assert tabletop.oval_table(size) is table


def test_a_picture_drawn_on_a_large_canvas_makes_room_in_the_budget_first(monkeypatch):
    # the board's picture (16 MB at 3840 x 2160) is filtered from a canvas of 30 MB: both were
    # drawn beside the pictures kept for the screens before (a moment's room, 35 MB)
    from game.ui.mansion import drawing

    gfx.set_output_scale(1.5)
    size = (200, 100)
    making = 300 * 150 * 4 + 600 * 300 * 4                    # the picture, and the canvas 3 x size
    monkeypatch.setattr(gfx, "REMEMBER_BYTES", (2 << 20) + making)
    other: dict = {}
    gfx.remember(other, "title", lambda: gfx.surface((400, 400)), 8)      # 1.4 MB each at scale 1.5
    gfx.remember(other, "room", lambda: gfx.surface((400, 400)), 8)
    held_while_drawing = []

    def paint(canvas: pygame.Surface, ss: int) -> None:
        held_while_drawing.append((pygame.Surface.get_size(canvas), gfx.kept_bytes()))
    pic = drawing.supersampled(size, 2, paint)
    assert gfx.device_bytes(pic) == 300 * 150 * 4
    assert held_while_drawing == [((600, 300), gfx.device_bytes(other["room"]))] and list(other) == ["room"]


def test_the_boards_backdrop_is_painted_after_the_pictures_of_other_screens_are_let_go(monkeypatch):
    # the board's backdrop (a whole screen, and the panels' pictures painted into it) was made
    # beside the pictures kept for the screens before: a moment's room, 35 MB at 3840 x 2160
    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.screenshots.screens import build_scene

    app = App(size=SCREEN, seed=3, sound=False, threaded_ai=False, settings=Settings())
    try:
        build_scene(app, "board", 3)
        app.step(1 / 60)
        scene = app.top
        screen = gfx.device_bytes(app.window.surface)
        monkeypatch.setattr(gfx, "REMEMBER_BYTES", gfx.kept_bytes() + 5 * screen // 2)
        other: dict = {}
        gfx.remember(other, "room", lambda: gfx.surface(SCREEN), 1)     # a screen left, kept
        gfx.new_frame()                                                  # ... by the frame before
        held = _kept_while_calling(monkeypatch, gfx, "opaque")
        scene._backdrop_surf = None
        scene._backdrop()
        assert held and held[0] + 2 * screen <= gfx.REMEMBER_BYTES
    finally:
        gfx.new_frame(counting=False)
        app.close()


def test_a_moments_room_goes_once_no_moment_shows_it():
    """A suggestion's room (35 MB at 3840 x 2160) stayed kept after its moment, through the
    turns after it, while the pictures made ahead for the suggestion picker had been dropped to
    make room for it.  Once the table shows no stage (the suggestion's, or a banner's over a
    room) the room's picture goes, and the picker's cards dropped for it are queued again."""
    from game.ui.mansion import stage
    from game.ui.screenshots.screens import build_moment
    from tests.test_frame_dirty import _app_at

    app = _app_at((1920, 1080))
    build_moment(app, "suggestion-cutin")
    board = app.top

    def staged() -> bool:         # a suggestion's stage, or a banner over a room
        b = board.banner
        return board.suggestion_show is not None or (b is not None and not b.done and b.stage is not None)
    app.step(1 / 60)
    room = weakref.ref(next(iter(stage._ROOMS.values())))
    assert staged() and len(stage._ROOMS) == 1
    for _frame in range(60 * 60):
        if not staged():
            break
        while app.top is not board:
            app.pop()
        app.step(1 / 60)
    assert not staged() and not stage._ROOMS
    assert room() is None                   # nothing else holds it: its pixels are freed
    app.close()


def test_a_moments_room_makes_room_for_what_its_making_holds_not_three_pictures(monkeypatch):
    """At 3840 x 2160 the room's picture is drawn in its own pixels (no larger canvas): its making
    holds the picture and the vignette's strips, and asks the budget for that much, so pictures
    made ahead (the suggestion picker's cards) stay; it asked for three whole pictures (110 MB
    there, over the whole budget), which dropped every picture the frame did not show."""
    from game.board.tmx import load_board
    from game.storage.paths import MANSION_MAP
    from game.ui.mansion import drawing as mansion
    from game.ui.mansion import stage

    gfx.set_output_scale(3.0)
    monkeypatch.setattr(mansion, "MAX_CANVAS", 3 * 168)        # drawn in its own pixels, as at 3840 x 2160
    board = load_board(MANSION_MAP)
    big = (168, 94)                                            # (160, 90), 5 % larger
    picture = 504 * 282 * 4
    assert stage.backdrop_bytes(big) == picture + (504 * stage.VIGNETTE_ROWS + stage.VIGNETTE_STRIP * 282) * 4
    cards: dict = {}
    part = (1 << 20) // (9 * 4)                                # a logical area of 1 MiB at scale 3
    for name in ("suspect", "weapon"):
        gfx.remember(cards, name, lambda: gfx.surface((part // 64, 64)), 8)
    held = sum(gfx.device_bytes(c) for c in cards.values())     # 2 MiB
    monkeypatch.setattr(gfx, "REMEMBER_BYTES", held + stage.backdrop_bytes(big))
    held_while_drawing = _kept_while_calling(monkeypatch, mansion, "draw_mansion_window")
    pic = stage.backdrop(board, "kitchen", (160, 90))
    assert gfx.device_bytes(pic) == picture
    assert list(cards) == ["suspect", "weapon"] and held_while_drawing == [held]
    assert gfx.kept_bytes() == held + picture


@pytest.mark.parametrize("scale", [1.0, 1.5, 3.0])
def test_a_rooms_floor_is_drawn_on_a_byte_a_pixel_the_same_pixels(scale, monkeypatch):
    """A room's floor pattern is drawn on a tile as large as the room's box, a neighbour's larger than
    the part a moment shows (28 MB of a 37 MB picture at 3840 x 2160 at 4 bytes a pixel; two were
    held at once): at a byte a pixel, with the pattern's colours in its palette, the same pixels."""
    import types

    from game.board.tmx import load_board
    from game.storage.paths import MANSION_MAP
    from game.ui.mansion import drawing as mansion
    from game.ui.mansion import stage

    gfx.set_output_scale(scale)
    board = load_board(MANSION_MAP)
    big = (168, 94)
    want = mansion.draw_mansion_window(board, stage.room_window(board, "conservatory", big), big)
    tiles: list[tuple[int, int]] = []
    real = mansion.pygame.Surface

    def surface(size, flags=0, depth=0, *args):
        pic = real(size, flags, depth, *args) if depth else real(size, flags)
        tiles.append((pic.get_bytesize(), pic.get_width() * pic.get_height()))
        return pic
    monkeypatch.setattr(mansion, "pygame", types.SimpleNamespace(**{**vars(pygame), "Surface": surface}))
    got = mansion.draw_mansion_window(board, stage.room_window(board, "conservatory", big), big)
    monkeypatch.undo()
    assert pygame.image.tobytes(gfx.raw(got) if scale == 1.0 else gfx.device_view(got), "RGB") == \
        pygame.image.tobytes(gfx.raw(want) if scale == 1.0 else gfx.device_view(want), "RGB")
    floors = [t for t in tiles if t[1] > 1]                   # the colours are found on a pixel's picture
    canvas = max(n for _b, n in tiles)
    assert floors and all(b == 1 for b, n in floors if n < canvas)


_HOLES_PROBE = """
import pygame
from game.storage.settings import Settings
from game.ui.app import App

def resident_mib():
    return int(open("/proc/self/statm").read().split()[1]) * 4096 / 2 ** 20

app = App(size=(1280, 720), seed=3, sound=False, threaded_ai=False, settings=Settings())
app.start()
for _ in range(10):
    app.step(1 / 60)
holes, kept = [], []
for i in range(200):
    holes.append(pygame.Surface((300, 200)))      # 240 KB each, under the mmap threshold: from the heap
    holes[-1].fill((i, 1, 2))                      # touched, so resident
    kept.append(pygame.Surface((8, 8)))            # a small picture made meanwhile, kept: the holes stay apart
del holes
freed = resident_mib()
for _ in range(150):                               # two and a half seconds of frames
    app.step(1 / 60)
print(round(freed - resident_mib()))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux") or os.confstr("CS_GNU_LIBC_VERSION") is None,
                    reason="malloc_trim is glibc's")
def test_the_holes_small_pictures_leave_in_the_heap_are_given_back_within_seconds_of_frames():
    # 200 text-sized pictures freed leave 46 MiB of holes in the C heap, resident until trimmed: over a
    # whole game at 3840 x 2160 such holes grew to 26 MiB of the peak. Measured in a fresh process.
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               PYGAME_HIDE_SUPPORT_PROMPT="1", HOME=str(Path(tempfile.mkdtemp())))
    out = subprocess.run([sys.executable, "-c", _HOLES_PROBE], env=env, capture_output=True, text=True,
                         timeout=120, check=True)
    given_back = int(out.stdout.split()[-1])
    assert given_back >= 32, f"the heap gave back {given_back} MiB of 46 MiB of holes"


@pytest.mark.parametrize("scene", ["board", "board-tv"])
def test_the_board_picture_is_kept_once_in_the_tables_picture_not_beside_it(scene):
    """The board view kept its picture (16 MB at 3840 x 2160) beside the table's backdrop that holds
    the same pixels; it keeps none of its own now, and the board taken from the backdrop after frames
    of panels painted is the board as drawn."""
    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.mansion.boardview import BoardView
    from game.ui.screenshots.screens import build_scene

    app = App(size=(1920, 1080), seed=3, sound=False, threaded_ai=False, settings=Settings())
    try:
        build_scene(app, scene, 3)
        for _ in range(90):
            app.step(1 / 60)
        view = app.top.view
        own = [k for k, v in vars(view).items() if isinstance(v, pygame.Surface) and v.get_size() == view.rect.size]
        assert own == []
        fresh = BoardView(view.board, app.map_path, view.layout)
        assert pygame.image.tobytes(view.static, "RGB") == pygame.image.tobytes(fresh.static, "RGB")
    finally:
        app.close()


def test_the_boards_table_lets_go_of_its_pictures_when_the_game_over_screen_covers_it():
    """The board's backdrop (a whole screen) and the panels' clean copies of it (13 MB at 3840 x 2160)
    were kept under the game-over screen, which paints its own whole-screen parlour over them."""
    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.screenshots.screens import advance, build_scene

    app = App(size=(1920, 1080), seed=3, sound=False, threaded_ai=False, settings=Settings())
    try:
        build_scene(app, "board", 3)
        for _ in range(10):
            app.step(1 / 60)
        table = app.top
        backdrop = weakref.ref(table._backdrop_surf)
        assert table.layers._parts
        advance(table.match, lambda g: False, limit=20000)
        for _ in range(1200):                      # twenty seconds of frames at most: the last moments, then game over
            app.step(1 / 60)
            if app.top is not table and type(app.top).__name__ == "GameOverScene":
                break
        assert type(app.top).__name__ == "GameOverScene" and app.stack[-2] is table
        app.step(1 / 60)
        assert backdrop() is None and table._backdrop_surf is None and not table.layers._parts
    finally:
        app.close()


def test_the_fonts_kept_open_are_bounded_by_count_the_most_recent_kept():
    """Each font open holds its glyphs rendered at its size (0.4 MiB at 3840 x 2160); a whole game
    asked for 59 sizes and more, all kept open."""
    for pixels in range(20, 120):
        theme.font_px(pixels).render("Ag", True, theme.INK)
    assert theme.font_px.cache_info().currsize == theme.FONTS_KEPT < 40
    recent = theme.font_px(119)
    assert theme.font_px(119) is recent and theme.font_px.cache_info().hits >= 2


def test_the_heap_is_trimmed_before_a_large_picture_is_made_not_before_a_small_one(monkeypatch):
    """A moment's room sets the peak as it is made (37 MiB at 3840 x 2160): the holes small pictures
    left in the C heap since the last trim were resident beside it."""
    from game.ui.draw import heap

    events: list[str] = []
    monkeypatch.setattr(heap, "trim", lambda: events.append("trim") or True)

    def make() -> pygame.Surface:
        events.append("made")
        return pygame.Surface((4, 4))
    cache: dict = {}
    gfx.remember(cache, "room", make, 1, making=37 << 20)
    gfx.remember(cache, "chip", make, 2, making=1 << 20)
    gfx.make_room(32 << 20)
    assert events == ["trim", "made", "made", "trim"]


def test_a_moments_room_leaves_less_of_the_budget_beside_it_while_it_is_kept(monkeypatch):
    """The whole game's peak at 3840 x 2160 came while a moment's room (37 MB) was kept with 27 MB of
    other pictures beside it (the budget of 64, full): while the room is kept the others get less
    (:data:`stage.BUDGET_BESIDE_A_ROOM`), the oldest going first; once it is let go, the whole budget
    is theirs again."""
    from game.board.tmx import load_board
    from game.storage.paths import MANSION_MAP
    from game.ui.mansion import stage

    gfx.set_output_scale(3.0)
    board = load_board(MANSION_MAP)
    for tag in list(gfx._kept):                                # what tests before this one left kept
        gfx._forget(tag)
    part = (1 << 20) // (9 * 4)                                # a logical area of 1 MiB at scale 3
    room = 504 * 282 * 4                                       # the room of (160, 90), 5 % larger: 0.5 MiB
    monkeypatch.setattr(gfx, "REMEMBER_BYTES", stage.backdrop_bytes((168, 94)) + (4 << 20))
    monkeypatch.setattr(stage, "BUDGET_BESIDE_A_ROOM", room + (2 << 20), raising=False)
    cards: dict = {}
    for name in "abcd":                                        # 4 MiB of pictures made ahead
        gfx.remember(cards, name, lambda: gfx.surface((part // 64, 64)), 8)
    one = gfx.device_bytes(cards["a"])                         # just under 1 MiB
    assert gfx.kept_bytes() == 4 * one
    pic = stage.backdrop(board, "kitchen", (160, 90))
    assert gfx.device_bytes(pic) == room and list(cards) == ["c", "d"]       # the two oldest went
    assert gfx.kept_bytes() == room + 2 * one
    gfx.remember(cards, "e", lambda: gfx.surface((part // 64, 64)), 8)     # a card the moment shows
    assert list(cards) == ["d", "e"] and stage.rooms_kept() == 1
    assert gfx.kept_bytes() == room + 2 * one
    stage.let_go_rooms()                                       # the moment is over
    for name in "fgh":
        gfx.remember(cards, name, lambda: gfx.surface((part // 64, 64)), 8)
    assert list(cards) == ["d", "e", "f", "g", "h"] and gfx.kept_bytes() == 5 * one
