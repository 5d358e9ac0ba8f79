"""The first screens (title, setup), game over and the detective reports and
recap opened from it show the house, the suspects' portraits and a case file's
paper, not a flat wooden background: at most a set share of
each is flat background (``tools/measure_screens.py``), the mansion picture
is drawn for any size, and titles use the display face."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from measure_screens import measure_scene  # noqa: E402

#: The most flat background each screen may show (share of the frame, buttons left out).
FLAT_LIMITS = {scene: 0.30 for scene in ("title", "setup", "setup-strength", "game-over", "card-over",
                                         "report", "report-computer", "card-report", "recap", "card-recap")}


@pytest.mark.parametrize("scene", sorted(FLAT_LIMITS))
def test_first_screens_are_mostly_picture_not_flat_background(scene):
    share = measure_scene(scene)
    assert share <= FLAT_LIMITS[scene], f"{scene}: {100 * share:.1f} % flat"


@pytest.mark.parametrize("picture", ["mansion_front", "parlour"])
def test_the_pictures_are_drawn_for_the_size_asked(picture):
    from game.ui.mansion import scenery

    pygame.init()
    draw = getattr(scenery, picture)
    small, big = draw((640, 360)), draw((1920, 1080))
    assert small.get_size() == (640, 360) and big.get_size() == (1920, 1080)
    assert draw((640, 360)) is small            # cached per size
    # the same picture at both sizes: the big one scaled down is close to the small one
    down = pygame.transform.smoothscale(big, (640, 360))
    a, b = pygame.surfarray.array3d(small).astype(int), pygame.surfarray.array3d(down).astype(int)
    assert abs(a - b).mean() < 12


def test_the_parlour_is_darkened_behind_forms():
    from game.ui.mansion import scenery

    pygame.init()
    a = pygame.surfarray.array3d(scenery.parlour((640, 360))).astype(int)
    dark = pygame.surfarray.array3d(scenery.backdrop((640, 360))).astype(int)
    # every pixel at most BACKDROP_LIGHT/255 of the picture's, so words and buttons keep their contrast
    assert (dark <= a * scenery.BACKDROP_LIGHT // 255 + 1).all() and dark.mean() < 0.65 * a.mean()


def test_titles_use_the_display_face_and_body_text_does_not():
    from game.ui.draw import theme

    pygame.init()
    assert "Serif" in theme.font_px(48, True, True).name
    assert "Serif" not in theme.font_px(22, True).name
    # a title shrunk below the display size keeps the plain face
    assert theme.text("Clue", 30, display=True).get_size() == theme.text("Clue", 30).get_size()


@pytest.mark.parametrize("scene, other", [("setup", "card_setup"), ("card_setup", "setup")])
def test_new_game_opens_on_the_last_table_started(tmp_path, monkeypatch, scene, other):
    """Start a game with three seats (a Hard computer, a second person): the next New game of
    that game opens on the same seats, levels and choices, read back from the settings file by
    a new start of the game; the other game keeps its own first table.  A remembered table the
    game cannot seat (an unknown suspect or level) opens on the first game's table, no traceback."""
    import json

    from game.rules.options import PRESETS
    from game.storage.settings import read_settings
    from game.ui.app import App
    from game.ui.shell.registry import make

    monkeypatch.setenv("HOME", str(tmp_path))
    path = tmp_path / "settings.json"

    def opened(kind: str):
        app = App(seed=3, sound=False, threaded_ai=False, settings_path=path)
        app.start()
        setup = make(kind, app)
        app.push(setup)
        return app, setup

    app, setup = opened(scene)
    first = [list(seat) for seat in setup.seats]
    setup.remove(3)
    setup.seats[1][1], setup.seats[2][2] = "human", setup.levels[-1]
    if scene == "setup":
        setup.preset = next(p for p in PRESETS if p != "classic")
    else:
        setup.advanced = True
    chosen = [list(seat) for seat in setup.seats]
    setup.remember_table()
    app.close()
    assert read_settings(path)[0].tables[setup.kind]["seats"] == chosen

    app, again = opened(scene)
    assert again.seats == chosen and len(again.pads) == 3
    assert (again.preset != "classic") if scene == "setup" else again.advanced
    app.close()
    app, fresh = opened(other)
    assert fresh.seats == fresh.default_seats()
    app.close()

    data = json.loads(path.read_text())
    data["tables"][setup.kind]["seats"][0][0] = "nobody"
    path.write_text(json.dumps(data))
    app, fallback = opened(scene)
    assert fallback.seats == first
    app.close()


@pytest.mark.parametrize("saved", [False, True])
def test_a_focused_play_level_keeps_its_halo_off_the_buttons_above_and_below(monkeypatch, saved):
    """The title's Play row stands clear of New game (and of Continue when a game was saved):
    a focused level's halo (5 pixels round it) touches no button of the column."""
    from game.ui.app import App
    from game.ui.shell.registry import make

    app = App(seed=3, sound=False, threaded_ai=False)
    app.start()
    monkeypatch.setattr(app.store, "can_continue", lambda: saved)
    title = make("title", app)
    column = [b for b in title.buttons if b not in title.level_buttons.values()]
    assert len(column) == (7 if saved else 6)
    for level in title.level_buttons.values():
        assert level.rect.inflate(10, 10).collidelist([b.rect for b in column]) < 0, level.label
    assert max(b.rect.bottom for b in column) <= 672           # clear of the footer's line
    app.close()


def test_keyboard_on_a_persons_seat_stands_on_a_plate_not_on_the_wall():
    """The grey "Keyboard" where a person's level would be is drawn on a dark plate: the
    wallpaper and its candles do not show through as they are (every pixel of the plate differs)."""
    from game.ui.app import App
    from game.ui.bases.setup import LEVEL_COL, ROW_H, ROW_Y
    from game.ui.draw import theme
    from game.ui.mansion import scenery
    from game.ui.shell.registry import make

    app = App(seed=3, sound=False, threaded_ai=False)
    app.start()
    setup = make("setup", app)
    assert setup.seats[0][1] == "human"
    screen = pygame.Surface((1280, 720))
    setup.draw(screen)
    wall = scenery.backdrop((1280, 720))
    strip = pygame.Rect(LEVEL_COL[0] + LEVEL_COL[1] - 40, ROW_Y + 2, 36, ROW_H - 4)   # right of the word
    def off_plate(colour) -> int:       # how far a colour is from the plate's
        return sum(abs(a - b) for a, b in zip(colour[:3], theme.BG_DARK, strict=True))

    spots = [(x, y) for x in range(strip.left, strip.right, 4) for y in range(strip.top, strip.bottom, 4)]
    nearer = [off_plate(screen.get_at(p)) < off_plate(wall.get_at(p)) for p in spots]
    assert all(off_plate(screen.get_at(p)) <= off_plate(wall.get_at(p)) for p in spots)
    assert sum(nearer) >= 0.9 * len(spots)
    app.close()
