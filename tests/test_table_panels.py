"""The board screen's table has no holes and its log no cut lines, measured on
the rendered picture (tools/measure_table.py) as a person would see it."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent


def _measure_module():
    spec = importlib.util.spec_from_file_location("measure_table", ROOT / "tools" / "measure_table.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def shot(tmp_path: Path, scene: str, size: str = "1280x720", text_size: str = "normal") -> Path:
    """``scene`` rendered by run.py --screenshot at ``size`` with ``text_size`` text."""
    out = tmp_path / f"{scene}-{size}-{text_size}.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               CLUE_TEXT_SIZE=text_size)
    subprocess.run([sys.executable, str(ROOT / "run.py"), "--screenshot", str(out), "--scene", scene, "--size", size],
                   cwd=ROOT, env=env, check=True, capture_output=True, timeout=180)
    return out


@pytest.mark.parametrize("scene,size,layout", [("board", "1280x720", "standard"), ("board-tv", "1280x720", "tv"),
                                               ("board", "1920x1080", "tv")])
def test_the_board_screen_has_no_flat_hole_and_eight_whole_log_lines(tmp_path: Path, scene, size, layout) -> None:
    m = _measure_module().measure(str(shot(tmp_path, scene, size)), layout)
    x, y, w, h = m["flat"]["rect"]
    assert m["flat"]["square"] <= 150, m["flat"]          # no flat 150 x 150 anywhere on the screen
    assert w * h <= 150 * 150, m["flat"]
    assert m["log"]["clipped"] == 0, m["log"]["bands"]      # the top line was cut in half before
    assert m["log"]["whole"] >= 8, m["log"]["bands"]
    assert min(m["edges"].values()) >= 3.0, m["edges"]


@pytest.mark.parametrize("text_size", ["normal", "large"])
@pytest.mark.parametrize("scene,layout", [("board", "standard"), ("board-tv", "tv")])
def test_the_log_shows_every_line_its_panel_fits_besides_the_rules(tmp_path: Path, scene, layout, text_size) -> None:
    """The rules line takes no entry's row: the log shows as many whole entry
    lines as fit between its heading and its key hint (8 in normal text, 6 in
    large), none cut, counted without the rules line."""
    from game.ui.bases.table import log_frame_rows
    from game.ui.board.panels import log_line
    from game.ui.draw import theme
    from game.ui.mansion.boardlayout import STANDARD, TV

    path = shot(tmp_path, scene, text_size=text_size)
    pygame.init()
    theme.set_text_scale(theme.LARGE_SCALE if text_size == "large" else 1.0)
    try:
        top, bottom = log_frame_rows((TV if layout == "tv" else STANDARD).log_rect)
        fit = (bottom - top - theme.font(theme.SMALL).get_height()) // log_line() + 1
        m = _measure_module().measure(str(path), layout)
    finally:
        theme.set_text_scale(1.0)
    assert fit == {"normal": 8, "large": 6}[text_size]
    assert m["log"]["clipped"] == 0, m["log"]["bands"]
    assert m["log"]["whole"] == fit, m["log"]["bands"]


def test_a_log_line_above_the_area_is_left_out_whole() -> None:
    """Scrolled so that an entry starts above the log's area, none of its lines is drawn in part."""
    from game.ui.draw import theme
    from game.ui.draw.logview import LogView

    pygame.init()
    surf = pygame.Surface((600, 300))
    surf.fill((60, 40, 30))
    view = LogView()
    area = pygame.Rect(10, 40, 560, 110)          # 4.4 lines of 25: the oldest in view starts above it
    entries = [(f"Entry number {i} is a long line that takes two lines of the log at this width here", ())
               for i in range(6)]
    view.layout(entries, area, theme.SMALL, 25)
    assert view.blocks[0].top < area.top          # the case the test is about
    view.draw(surf, theme.SMALL, 25)
    m = _measure_module().whole_lines(pygame.surfarray.array3d(surf).transpose(1, 0, 2), tuple(area), 25)
    assert m["clipped"] == 0, m["bands"]
    assert m["whole"] == 4, m["bands"]


@pytest.mark.parametrize("scene", ["card-game", "card-five", "card-question", "card-hotseat"])
def test_the_card_table_has_no_flat_hole_and_framed_panels(tmp_path: Path, scene) -> None:
    """The card table's felt has a nap, the strip under it and the buttons'
    place lie on baize: no flat 150 x 150 anywhere; every panel >= 3:1 at its edge."""
    m = _measure_module().measure_card(str(shot(tmp_path, scene)))
    x, y, w, h = m["flat"]["rect"]
    assert m["flat"]["square"] < 150 and w * h < 150 * 150, m["flat"]   # 210 px square (the strip) before
    assert min(m["edges"].values()) >= 3.0, m["edges"]
    assert m["log"]["clipped"] == 0, m["log"]["bands"]


def test_every_seat_is_a_plaque_with_its_suspects_portrait(tmp_path: Path) -> None:
    """Each seat round the table shows its suspect card's art (its portrait),
    not a letter badge: the plaque's portrait matches the card picture."""
    from game.ui.cardgame import tableview as tv
    from game.ui.draw import assets

    img = pygame.image.load(str(shot(tmp_path, "card-five")))
    pygame.display.set_mode((1, 1))
    seats = ["scarlet", "white", "peacock", "green", "mustard"]   # card-five's seats, in order
    for seat, suspect in enumerate(seats):
        rect = tv.badge_rect(seat, len(seats), 0)
        want = assets.card_picture(suspect, tv.PORTRAIT)      # the suspect card's own picture
        at = want.get_rect(midleft=(rect.left + 5, rect.centery))
        got = img.subsurface(at)
        # inside the frame, clear of the token in the lower right corner: the upper-left three quarters
        box = pygame.Rect(2, 2, tv.PORTRAIT * 3 // 4 - 2, tv.PORTRAIT * 3 // 4 - 2)
        a = pygame.surfarray.array3d(got.subsurface(box)).astype(int)
        b = pygame.surfarray.array3d(want.subsurface(box)).astype(int)
        assert abs(a - b).mean() < 12, (suspect, abs(a - b).mean())   # a letter badge there: 60 and more


def test_the_die_before_any_roll_shows_no_number(monkeypatch) -> None:
    """Before the first roll the die waits in its tray aslant, a "?" for its pips: no face with
    pips (which would read as a roll) is drawn, yet a die is plainly there, as bright as a rolled
    one (a dimmed blank face read as a grey tile)."""
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene
    from game.ui.draw import assets
    from tests.inputs import make_app

    app = make_app()
    try:
        scene = BoardScene(app, Match(app.board, quick_setup(3)))
        app.push(scene)
        faces, real = [], assets.die_face
        monkeypatch.setattr(assets, "die_face", lambda value, size: faces.append(value) or real(value, size))
        app.draw()
        assert not scene.die_value and faces == [], faces             # no number shown before the roll
        surf, r = app.window.surface, scene.die_rect
        light = [surf.get_at((x, y)) for x in range(r.left, r.right) for y in range(r.top, r.bottom)
                 if min(surf.get_at((x, y))[:3]) > 120]
        assert len(light) > 2000, len(light)                          # the die is there (84 px, aslant)
        assert max(sum(c[:3]) / 3 for c in light) > 240               # bright: the rolled face's white
        centre = [surf.get_at((x, y)) for x in range(r.centerx - 12, r.centerx + 12)
                  for y in range(r.centery - 16, r.centery + 16)]
        assert sum(1 for c in centre if sum(c[:3]) / 3 < 160) > 40      # the "?" inked in its middle
    finally:
        app.close()


STATUSES = ("Señorita Amapola, tu turno: tira los dados.", "Elige una casilla o habitación iluminada.",
            "La Senyoreta Amapola ha d'ensenyar una carta.", "Pick a lit square or room.")


@pytest.mark.parametrize("scale", [1.0, "large"], ids=["normal", "large"])
def test_a_long_status_stays_inside_the_whose_turn_panel(scale) -> None:
    """Every whose-turn panel (the board's two layouts, the card table) draws a long status
    inside itself, at 20 px or more, in normal and large text: wrapped onto two lines only
    where both fit the panel's height (in large text two lines of the larger size did not:
    the second was cut by the panel's edge)."""
    from game.ui.bases.table import _status_images, status_width
    from game.ui.cardgame.panels import TURN_RECT
    from game.ui.draw import theme
    from game.ui.mansion import boardlayout

    pygame.init()
    pygame.display.set_mode((1280, 720))
    theme.set_text_scale(theme.LARGE_SCALE if scale == "large" else 1.0)
    try:
        for rect in (boardlayout.STANDARD.turn_rect, boardlayout.TV.turn_rect, TURN_RECT):
            for status in STATUSES:
                for thinking in (False, True):
                    images = _status_images(rect, status, thinking)
                    assert 1 <= len(images) <= 2
                    for img, top in images:
                        assert rect.top + top + img.get_height() <= rect.bottom, (rect, status, top)
                        assert img.get_width() <= status_width(rect, thinking), (rect, status)
                        assert img.get_height() >= theme.font_px(theme.SMALL).get_height() - 1
    finally:
        theme.set_text_scale(1.0)


@pytest.mark.parametrize("which", ["hand", "face up"])
def test_the_card_strip_captions_stay_whole_in_large_text(which: str) -> None:
    """In large text a caption over the card strip is taller than its row: it is drawn over
    the cards' tops, never under them (the cards cut its lower rows)."""
    from game.ui.cardgame import tableview as tv
    from game.ui.draw import theme

    pygame.init()
    pygame.display.set_mode((1280, 720))
    theme.set_text_scale(theme.LARGE_SCALE)
    try:
        surface = pygame.Surface((1280, 720))
        surface.fill((20, 70, 40))
        x, caption = 300, "Face up for everybody"
        if which == "hand":
            tv.draw_hand(surface, x, ["mustard", "library", "rope"], True, caption)
            width = tv.hand_room(3)
        else:
            tv.draw_face_up(surface, x, ("kitchen", "knife"), caption, "none")
            width = tv.STRIP_RECT.right - 12 - x
        img = theme.text(caption, theme.SMALL, theme.BRASS, True, max_width=width)
    finally:
        theme.set_text_scale(1.0)
    top = tv.STRIP_RECT.top + tv.CAPTION_Y
    glyph = [(gx, gy) for gy in range(img.get_height() * 3 // 5, img.get_height()) for gx in range(img.get_width())
             if img.get_at((gx, gy)).a > 200]             # the caption's lowest rows, where the cards reach
    assert len(glyph) > 20
    brass = sum(1 for gx, gy in glyph
                if max(abs(a - b) for a, b in zip(surface.get_at((x + gx, top + gy))[:3], theme.BRASS, strict=True))
                < 40)
    assert brass / len(glyph) > 0.95, brass / len(glyph)
