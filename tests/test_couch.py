"""Couch mode: the TV layout, the board's names with the
text size, and every token and weapon of the game in one room at once."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules.cards import SUSPECTS, WEAPONS  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.storage.settings import Settings, SettingsError, settings_from_dict  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402
from game.ui.draw import pawns, theme  # noqa: E402

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


def _three_at_the_table(app, dice: int) -> BoardScene:
    """A classic game (one or two dice) of Miss Scarlet and two computer players, seed 5, on top."""
    from game.rules.options import preset_options

    seats = (SeatConfig("scarlet", "human"),) + tuple(SeatConfig(s, "computer") for s in SUSPECTS[1:3])
    options = preset_options("classic", ("two-dice",) if dice == 2 else ())
    board = BoardScene(app, Match(app.board, GameSetup(seats=seats, seed=5, options=options)))
    app.push(board)
    return board


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
    """The pawn's drawn width and height, the smaller of the two: window pixels
    of a token ``size`` logical pixels wide, drawn for the output scale in use."""
    box = pawns.mask(pawns.SHAPES[suspect], size).get_bounding_rects()
    union = box[0].unionall(box[1:])
    return min(union.width, union.height)


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_tv_layout_measures_up(size, capsys):
    """What reaches the sofa, in window pixels: square squares that grow with
    the window, tokens larger than the standard layout's in the same window,
    the die on the board (under the envelope), panels wider than the stretched layout left them (422),
    and the seats' plaques beside the buttons."""
    from game.ui.draw import gfx
    from game.ui.mansion.boardlayout import STANDARD

    app = _app(size)
    try:
        board = _six_players(app)
        v, scale = board.view, gfx.output_scale()
        square = [gfx.dev(c, scale) for c in v.cell]
        token = min(_ink_width(s, v.token_size) for s in SUSPECTS)             # drawn for the window: its pixels
        standard = min(_ink_width(s, STANDARD.token) for s in SUSPECTS)
        die = gfx.dev(board.die_face_px(), scale)
        with capsys.disabled():
            print(f"\nTV {size[0]}x{size[1]}: squares {square[0]} x {square[1]} px, board {v.rect.width * scale:.0f} x "
                  f"{v.rect.height * scale:.0f} px ({v.rect.height / 720:.1%} of the height); smallest token drawn "
                  f"{token} px (box {gfx.dev(v.token_size, scale)}; standard layout's {standard}); weapon piece "
                  f"{gfx.dev(v.layout.disc, scale)} px; die {die} px; panels {gfx.dev(v.layout.hud_w, scale)} px wide")
        assert v.layout.name == "tv"
        assert square[0] == square[1] == round(28 * scale)
        assert v.rect.height >= 0.97 * 720 and token > standard and token >= 20 * scale
        # the die lies under the envelope's picture, clear of it: the case file leaves it 48 logical pixels
        assert die >= 48 * scale and v.layout.hud_w > 422
        # where the standard layout has the die's tray, the seats' plaques; the buttons right of them, ending
        # where the standard's do
        seats = v.layout.seats_rect
        assert seats is not None and seats.right + 12 == v.layout.button_x and v.layout.button_w >= 320
        assert v.layout.button_x + v.layout.button_w == STANDARD.button_x + STANDARD.button_w
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
        assert board.view.layout.name == "tv" and board.notebook_button.rect.x == 694
        assert board.view.rect == pygame.Rect(10, 10, 672, 700)                     # the same square board
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


def _period(profile) -> int:
    """The repeat (pixels) of a luminance ``profile`` along a run of squares:
    the shortest shift at which it matches itself nearly as well as it ever does."""
    import numpy as np

    p = np.asarray(profile, float) - np.mean(profile)
    lags = range(16, len(p) // 3)
    score = {k: float(np.mean(p[:-k] * p[k:])) for k in lags}
    best = max(score.values())
    return min(k for k, s in score.items() if s >= 0.9 * best)


def _runs(squares: set, along: int) -> tuple[tuple[int, int], int]:
    """The longest straight run of ``squares`` (along 0: a row, 1: a column): (its first square, its length)."""
    best = ((0, 0), 0)
    for sq in squares:
        step = (1, 0) if along == 0 else (0, 1)
        if (sq[0] - step[0], sq[1] - step[1]) in squares:
            continue                                   # not the start of a run
        n = 1
        while (sq[0] + n * step[0], sq[1] + n * step[1]) in squares:
            n += 1
        best = max(best, (sq, n), key=lambda b: (b[1], b[0]))
    return best


@pytest.mark.parametrize("size,choice", [((1920, 1080), "auto"), ((3840, 2160), "auto"), ((1280, 720), "tv"),
                                         ((1280, 720), "standard")])
def test_every_square_is_square_in_the_window_picture(size, choice):
    """Measured in the window's own pixels, as a screenshot shows them: the
    corridor squares repeat every as many pixels across as down (the TV
    layout stretched them to 35 x 28 before), 28 logical pixels each."""
    import numpy as np

    from game.ui.draw import gfx

    app = _app(size, layout=choice)
    try:
        board = _six_players(app)
        board.shown_pos, board.shown_weapons = {}, {}            # the bare floor: no piece on a square
        app.draw()
        app.window.present()
        v, scale = board.view, gfx.output_scale()
        assert v.layout.name == ("standard" if choice == "standard" else "tv")
        rgb = pygame.surfarray.array3d(app.window.screen).astype(float)       # [x, y, rgb], window pixels
        lum = rgb @ np.array([0.299, 0.587, 0.114])
        left, top = app.window.view_rect().topleft
        corridor = set(v.board.corridor) - set(v.board.start_squares.values())
        periods = []
        for along in (0, 1):
            first, n = _runs(corridor, along)
            assert n >= 6, (along, first, n)
            a = v.square_rect(first)
            z = v.square_rect((first[0] + (n - 1) * (along == 0), first[1] + (n - 1) * (along == 1)))
            if along == 0:
                y = top + gfx.dev(a.centery, scale)
                profile = lum[left + gfx.dev(a.left, scale):left + gfx.dev(z.right, scale), y]
            else:
                x = left + gfx.dev(a.centerx, scale)
                profile = lum[x, top + gfx.dev(a.top, scale):top + gfx.dev(z.bottom, scale)]
            periods.append(_period(profile))
        assert periods[0] == periods[1] == round(28 * scale), (size, choice, periods)
        assert v.cell == (28, 28) and v.square == 28
    finally:
        app.close()


@pytest.mark.parametrize("size,layout", [((1920, 1080), "auto"), ((1280, 720), "tv")])
@pytest.mark.parametrize("dice", [1, 2])
def test_the_die_on_the_tv_board_leaves_the_envelope_in_view(dice, size, layout):
    """In the TV layout the die lies in the case-file space under the envelope: at rest and
    rolled, one die or two, in a full-HD window or the TV layout chosen at 1280 x 720, the
    envelope's picture (its paper and its seal, as the bare board draws them) is still the same
    pixels in the window (99 %: the die never lies on its edge)."""
    import numpy as np

    from game.ui.draw import gfx
    from game.ui.mansion.drawing import PAPER, SEAL

    app = _app(size, layout=layout)
    try:
        board = _three_at_the_table(app, dice)
        v, scale = board.view, gfx.output_scale()
        assert v.layout.name == "tv" and len(board.die_centres()) == dice
        w, h = pygame.Surface.get_size(v.static)                              # the board alone, device pixels
        bare = np.frombuffer(pygame.image.tobytes(v.static, "RGB"), np.uint8).reshape(h, w, 3)
        bare = bare.transpose(1, 0, 2).astype(int)
        squares = [v.square_rect(sq) for sq in v.board.envelope]
        case = squares[0].unionall(squares[1:])
        x0, y0 = (gfx.dev(case.left - v.origin[0], scale), gfx.dev(case.top - v.origin[1], scale))
        x1, y1 = (gfx.dev(case.right - v.origin[0], scale), gfx.dev(case.bottom - v.origin[1], scale))
        area = bare[x0:x1, y0:y1]
        envelope = (abs(area - PAPER).sum(-1) < 24) | (abs(area - SEAL).sum(-1) < 24)
        assert envelope.sum() > 0.10 * envelope.size                          # the picture is there to be covered
        left, top = app.window.view_rect().topleft
        ox, oy = left + gfx.dev(v.origin[0], scale), top + gfx.dev(v.origin[1], scale)
        for rolled in (False, True):
            board.die_value, board.dice_faces = (7, [3, 4][:dice]) if rolled else (0, [])
            app.draw()
            app.window.present()
            shown = pygame.surfarray.array3d(app.window.screen).astype(int)[ox + x0:ox + x1, oy + y0:oy + y1]
            kept = (abs(shown - area).sum(-1) < 24)[envelope].mean()
            assert kept >= 0.99, (dice, rolled, round(float(kept), 3))
            assert all(case.collidepoint(c) for c in board.die_centres())    # and the die is on the board
    finally:
        app.close()


@pytest.mark.parametrize("size,layout", [((1920, 1080), "auto"), ((1280, 720), "tv")])
@pytest.mark.parametrize("dice", [1, 2])
def test_the_die_on_the_tv_board_lies_clear_of_the_envelope(dice, size, layout):
    """The die (each die, turned aslant at rest) lies wholly under the envelope's picture with a
    gap of at least 4 pixels, and on the case file's velvet: it never lies on the envelope's edge."""
    from game.ui.mansion.drawing import case_file_boxes

    app = _app(size, layout=layout)
    try:
        board = _three_at_the_table(app, dice)
        v = board.view
        assert v.layout.name == "tv"
        _folder, env = case_file_boxes(v.board)
        env_bottom = v.origin[1] + (env[1] + env[3]) * v.cell[1]
        squares = [v.square_rect(sq) for sq in v.board.envelope]
        case = squares[0].unionall(squares[1:])
        px = board.die_face_px()
        reach = px * (0.5 * (abs(math.cos(math.radians(12))) + abs(math.sin(math.radians(12)))))  # aslant: 12 degrees
        for cx, cy in board.die_centres():
            assert cy - reach >= env_bottom + 4, (cy - reach, env_bottom)
            assert case.top <= cy - reach and cy + reach <= case.bottom and case.left <= cx - reach
        assert px >= 40                                                     # still a die to see from the sofa
    finally:
        app.close()
