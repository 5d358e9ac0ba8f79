"""Couch mode: the TV layout, the board's names with the
text size, and every token and weapon of the game in one room at once."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules.cards import SUSPECTS, WEAPONS  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.settings import Settings, SettingsError, settings_from_dict  # noqa: E402
from game.ui import pawns, theme  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402

#: Pixels a piece keeps inside its room: the walls are drawn inside the room's edge squares.
WALL = 2


def _app(size=(1280, 720), **settings) -> App:
    app = App(size=size, seed=5, sound=False, speed=20.0, threaded_ai=False, settings=Settings(**settings))
    app.start()
    return app


def _six_players(app) -> BoardScene:
    seats = (SeatConfig("scarlet", "human"),) + tuple(SeatConfig(s, "computer") for s in SUSPECTS[1:])
    board = BoardScene(app, Match(app.board, GameSetup(seats=seats, seed=5)))
    app.push(board)
    return board


def _crowd(board: BoardScene, room: str) -> list[tuple[str, pygame.Rect]]:
    """Every token and every weapon shown in ``room``; the rectangles they are
    drawn in, as the board's draw() places them."""
    board.shown_pos = {s: room for s in SUSPECTS}
    board.shown_weapons = {w: room for w in WEAPONS}
    v = board.view
    out = [(s, v.piece_rect("token", v.token_point(s, room))) for s in SUSPECTS]
    return out + [(w, v.piece_rect("weapon", board.weapon_point(w, board.shown_weapons))) for w in WEAPONS]


def _on_floor(view, rect: pygame.Rect, room: str) -> bool:
    """Every pixel of ``rect`` grown by :data:`WALL` lies on a square of ``room`` (sampled every 2 pixels)."""
    r = rect.inflate(2 * WALL, 2 * WALL)
    xs = list(range(r.left, r.right, 2)) + [r.right - 1]
    ys = list(range(r.top, r.bottom, 2)) + [r.bottom - 1]
    return all(view.board.room_of.get(view.square_at((x, y))) == room for x in xs for y in ys)


@pytest.mark.parametrize("layout,size", [("standard", (1280, 720)), ("tv", (1920, 1080)), ("tv", (1280, 720))])
@pytest.mark.parametrize("text_size", ["normal", "large"])
@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_every_token_and_weapon_fit_in_every_room(layout, size, text_size, lang):
    app = _app(size, layout=layout if size == (1280, 720) else "auto", text_size=text_size, language=lang)
    try:
        board = _six_players(app)
        assert board.view.layout.name == layout
        for room in app.board.rooms:
            pieces = _crowd(board, room)
            label = board.view.label_rect[room]
            for i, (name, rect) in enumerate(pieces):
                assert not rect.colliderect(label), (room, name, "on the name")
                assert _on_floor(board.view, rect, room), (room, name, "off the floor or on a wall")
                for other, rect2 in pieces[i + 1:]:
                    assert not rect.colliderect(rect2), (room, name, other)
            app.draw()                    # and it draws
    finally:
        app.close()
        theme.set_text_scale(1.0)


def _ink_width(suspect: str, size: int) -> int:
    """The pawn's drawn width and height, the smaller of the two (pixels of its box)."""
    box = pawns.mask(pawns.SHAPES[suspect], size).get_bounding_rects()
    union = box[0].unionall(box[1:])
    return min(union.width, union.height)


def test_tv_layout_at_1920x1080_measures_up(capsys):
    app = _app((1920, 1080))
    try:
        board = _six_players(app)
        v = board.view
        scale = app.window.view_rect().width / app.window.surface.get_width()      # window pixels per logical pixel
        board_share = v.rect.width * scale / app.window.get_size()[0]
        token = min(_ink_width(s, v.token_size) for s in SUSPECTS) * scale
        weapon = v.weapon_size * scale
        plate = v.layout.disc * scale
        with capsys.disabled():
            print(f"\nTV 1920x1080: board {v.rect.width * scale:.0f} px = {board_share:.1%} of the width; "
                  f"smallest token drawn {token:.1f} px (box {v.token_size * scale:.0f}); "
                  f"weapon icon {weapon:.0f} px on a {plate:.0f} px plate")
        assert v.layout.name == "tv"
        assert board_share >= 0.65 and token >= 32 and weapon >= 30
        assert v.rect.bottom <= 720 and v.rect.right < board.hud.turn_rect.left      # on screen, left of the panels
    finally:
        app.close()


def test_standard_layout_stays_at_1280x720_and_auto_follows_the_window():
    app = _app()
    try:
        board = _six_players(app)
        assert board.view.layout.name == "standard" and board.view.rect == pygame.Rect(10, 10, 672, 700)
        assert [b.rect.x for b in board.buttons()] == [834] * len(board.buttons())
        app.prefs.set_layout("tv", save=False)        # chosen in Settings: the board takes it on its next frame
        app.step(0.01)
        assert board.view.layout.name == "tv" and board.notebook_button.rect.x == 852
        assert board.view.rect.contains(board.die_rect)                               # the die on the board
        app.prefs.set_layout("auto", save=False)
        app.step(0.01)
        assert board.view.layout.name == "standard" and board.notebook_button.rect.x == 834
    finally:
        app.close()
    wide = _app((1601, 900))
    try:
        assert wide.board_view().layout.name == "tv"
        wide.prefs.set_layout("standard", save=False)
        assert wide.board_view().layout.name == "standard"
    finally:
        wide.close()
    assert settings_from_dict({"layout": "tv"}).layout == "tv"
    with pytest.raises(SettingsError):
        settings_from_dict({"layout": "sofa"})


@pytest.mark.parametrize("text_size", ["normal", "large"])
@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_tv_panels_fit_and_do_not_overlap(lang, text_size):
    from tests.test_ui import _all_scenes

    app = _app(layout="tv", language=lang, text_size=text_size)
    try:
        scenes, _match = _all_scenes(app)
        boards = [s for s in scenes if isinstance(s, BoardScene)]
        assert boards and all(b.view.layout.name == "tv" for b in boards)
        for board in boards:
            hud = board.hud
            panels = [hud.turn_rect, hud.log_rect] + [b.rect for b in board.buttons()]
            for i, r in enumerate(panels):
                assert pygame.Rect(0, 0, 1280, 720).contains(r) and not r.colliderect(board.view.rect)
                assert all(not r.colliderect(o) for o in panels[i + 1:]), (r, panels)
            assert board.view.rect.contains(board.die_rect)
            for w in board.widgets():
                assert w.text_width() <= w.available_width(), (lang, text_size, getattr(w, "label", None))
                if w.rect.left == hud.turn_rect.left + 80:      # name and status: two lines at most, in the panel
                    assert hud.turn_rect.contains(w.rect), (lang, text_size, getattr(w, "text", None))
    finally:
        app.close()
        theme.set_text_scale(1.0)


def test_large_text_makes_the_room_names_bigger():
    sizes = {}
    for text_size in ("normal", "large"):
        app = _app(text_size=text_size)
        try:
            v = app.board_view()
            sizes[text_size] = {rid: v._label_layout(rid)[0] for rid in v.board.rooms}
            heights = {rid: v.label_rect[rid].height for rid in v.board.rooms}
            assert all(h >= 20 for h in heights.values())
        finally:
            app.close()
            theme.set_text_scale(1.0)
    bigger = [rid for rid in sizes["normal"] if sizes["large"][rid] > sizes["normal"][rid]]
    assert len(bigger) >= 6, (sizes, bigger)        # the long names in small rooms may stay as they are
    assert sizes["normal"]["kitchen"] == 24 and sizes["large"]["kitchen"] == 29
