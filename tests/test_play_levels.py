"""Choosing an opponent: the title's Play row starts a game
at a level in one press (keyboard, mouse, controller), remembered in the
settings (easy before the first game), the setting checked like the others,
and New game says each level's measured strength in plain words from the
benchmark's figures (game/ai/strength.py)."""

from __future__ import annotations

import json
import os
from itertools import pairwise

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ai import strength  # noqa: E402
from game.storage.settings import PLAY_LEVELS, Settings, load_settings  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.bases.match import LEVELS  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402
from game.ui.draw import theme  # noqa: E402
from game.ui.scenes import title as title_module  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402
from game.ui.shell.i18n import strength_words  # noqa: E402
from tests.inputs import click, key  # noqa: E402

OPPONENT_CLASS = {"beginner": "BeginnerPlayer", "easy": "EasyPlayer", "medium": "MediumPlayer", "hard": "HardPlayer"}


def _app(settings_path=None) -> App:
    a = App(seed=11, sound=False, speed=20.0, threaded_ai=False, settings_path=settings_path)
    a.start()
    return a


def _opponents(app) -> list[str]:
    board = app.top
    assert isinstance(board, BoardScene)
    return [c.level for c in board.match.setup.seats if c.kind == "computer"]


def test_the_first_game_is_easy_in_one_press_and_the_level_is_remembered(tmp_path):
    path = tmp_path / "settings.json"
    app = _app(path)
    try:
        assert [b.data for b in app.top.level_buttons.values()] == list(LEVELS) == list(PLAY_LEVELS)
        assert app.top.focus.focused is app.top.level_buttons["easy"]       # no setting yet: easy
        key(app, pygame.K_RETURN)                                             # one press
        assert _opponents(app) == ["easy"] * 3
        assert {type(p).__name__ for p in app.top.match.players.values()} == {"EasyPlayer"}
        assert json.loads(path.read_text())["play_level"] == "easy"
        app.reset(title_module.TitleScene(app))
        click(app, app.top.level_buttons["hard"].rect.center)                # one click on Hard
        assert _opponents(app) == ["hard"] * 3
        assert json.loads(path.read_text())["play_level"] == "hard"
    finally:
        app.close()
    again = _app(path)                                                        # the next time: Hard focused
    try:
        assert again.top.focus.focused is again.top.level_buttons["hard"]
        key(again, pygame.K_LEFT)                                             # the row: Left reaches Medium
        assert again.top.focus.focused is again.top.level_buttons["medium"]
        key(again, pygame.K_RETURN)
        assert _opponents(again) == ["medium"] * 3
    finally:
        again.close()


def test_a_controller_starts_at_the_level_it_presses():
    from tests.test_controllers import A, plug, press

    app = _app()
    try:
        plug(app, 3)
        press(app, 3, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        press(app, 3, A)
        assert _opponents(app) == ["medium"] * 3 and app.top.match.devices == {0: "pad:3"}
    finally:
        app.close()


def test_continue_stays_first_and_the_row_sits_under_it(monkeypatch):
    app = _app()
    try:
        monkeypatch.setattr(app.store, "can_continue", lambda: True)
        app.store.saved_game = None
        app.reset(title_module.TitleScene(app))
        title = app.top
        assert title.focus.focused is title.continue_button
        assert all(b.rect.top == title.continue_button.rect.bottom + 4 + title_module.ROW_CLEAR for b in title.level_buttons.values())
        key(app, pygame.K_DOWN)                                                 # the row, at the remembered level
        assert title.focus.focused is title.level_buttons["easy"]
        key(app, pygame.K_RIGHT)
        assert title.focus.focused is title.level_buttons["medium"]
        key(app, pygame.K_DOWN)
        assert title.focus.focused is title.new_game_button
        key(app, pygame.K_LEFT)                                                 # the column: Left goes nowhere
        assert title.focus.focused is title.new_game_button
        key(app, pygame.K_UP)
        assert title.focus.focused is title.level_buttons["easy"]
        key(app, pygame.K_UP)
        assert title.focus.focused is title.continue_button
    finally:
        app.close()


@pytest.mark.parametrize("levels", [("easy", "medium", "hard"), ("beginner", "easy", "medium", "hard")])
@pytest.mark.parametrize("large", [False, True])
def test_the_row_fits_with_beginner_slotted_in(monkeypatch, levels, large):
    """Three or four levels (with the ladder's beginner) fit on the
    screen beside the caption, apart, and the longest Spanish and Catalan level
    names fit their buttons."""
    monkeypatch.setattr(title_module, "LEVELS", levels)
    app = _app()
    try:
        if large:
            app.prefs.set_text_size("large", save=False)
        app.reset(title_module.TitleScene(app))
        title = app.top
        row = list(title.level_buttons.values())
        assert [b.data for b in row] == list(levels)
        rects = [title.play_label.rect] + [b.rect for b in row]
        assert rects[0].left >= 0 and rects[-1].right <= 1280
        for a, b in pairwise(rects):
            assert a.right < b.left
        for w in row + [title.play_label]:
            assert w.text_width() <= w.available_width()
        for word in ("Novato", "Novell", "Difícil", "Medio", "Mitjà"):     # the es/ca level names
            assert theme.fit_width(word, theme.BUTTON, True, row[0].available_width()) <= row[0].available_width()
        app.draw()
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_the_play_row_is_centred_on_the_column_with_a_clear_margin(lang):
    """The caption "Play" and its level buttons make one line of the menu: centred on the
    column's axis (the same margin left and right) and at least 80 px off each side of the
    screen (the caption stood 38 px off the left edge, the row off centre by 44 px)."""
    from game.text.i18n import set_language

    app = _app()
    try:
        set_language(lang)
        app.reset(title_module.TitleScene(app))
        title = app.top
        column = title.new_game_button.rect
        left = title.play_label.rect.left
        right = max(b.rect.right for b in title.level_buttons.values())
        assert abs((left + right) / 2 - column.centerx) <= 1, (left, right, column.centerx)
        assert left >= 80 and 1280 - right >= 80, (left, right)
        assert title.play_row.left == left and title.play_row.right == right
    finally:
        set_language("en")
        app.close()


def test_a_remembered_level_the_game_does_not_have_falls_back_to_easy(monkeypatch):
    app = App(seed=1, sound=False, speed=20.0, threaded_ai=False, settings=Settings(play_level="beginner"))
    monkeypatch.setattr(title_module, "LEVELS", ("easy", "medium", "hard"))
    try:
        app.start()
        assert app.top.remembered_level() == "easy" and app.top.focus.focused is app.top.level_buttons["easy"]
    finally:
        app.close()


def test_a_bad_play_level_in_the_settings_file_is_named_with_the_file(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"play_level": "grandmaster"}))
    settings, message = load_settings(path)
    assert settings.play_level == "easy"
    assert "settings.json" in message and "play_level" in message and "beginner, easy, medium, hard" in message
    path.write_text(json.dumps({"play_level": 3}))
    settings, message = load_settings(path)
    assert settings.play_level == "easy" and "play_level" in message
    path.write_text(json.dumps({"play_level": "hard"}))
    assert load_settings(path) == (Settings(play_level="hard"), None)
    assert PLAY_LEVELS == ("beginner", "easy", "medium", "hard")


def test_strength_in_plain_words_from_the_figures():
    row = {"opponent": "easy", "players": 4, "games": 1000, "won": 0, "low": 0.0, "high": 0.0}
    said = {won: strength_words("medium", {"medium": {**row, "won": won}}) for won in (0, 12, 94, 900, 960)}
    assert said == {0: "Medium: wins fewer than 1 game in 100 against 3 Easy players.",
                    12: "Medium: wins about 1 game in 100 against 3 Easy players.",
                    94: "Medium: wins about 1 game in 10 against 3 Easy players.",
                    900: "Medium: wins about 9 games in 10 against 3 Easy players.",
                    960: "Medium: wins almost every game against 3 Easy players."}
    assert strength_words("beginner", {}) == ""                    # not measured: nothing said


def test_the_strength_module_is_rewritten_by_its_writer_and_reads_back():
    board = {"beginner": {"opponent": "easy", "players": 4, "games": 1200, "won": 150, "low": 0.107, "high": 0.145},
             "hard": {"opponent": "medium", "players": 3, "games": 3000, "won": 1800, "low": 0.58, "high": 0.62}}
    text = strength.module_text(board, "bench_ladder.py --write, seed 1")
    space: dict = {}
    exec(compile(text, "strength.py", "exec"), space)
    assert space["BOARD"] == board and space["SOURCE"] == "bench_ladder.py --write, seed 1"
    assert strength.module_text(space["BOARD"], space["SOURCE"]) == text                # stable
    assert strength.module_text(strength.BOARD, strength.SOURCE) == \
        open(strength.__file__, encoding="utf-8").read()                             # the committed file is its own output
    with pytest.raises(ValueError):
        strength.module_text({"hard": {"opponent": "medium", "players": 3}}, "x")


def test_new_game_says_the_focused_levels_strength():
    app = _app()
    try:
        setup = SetupScene(app)
        app.push(setup)
        assert setup.strength_tip() == ""                                           # a name focused
        setup.focus.focus_on(setup.level_buttons[1])
        assert setup.strength_tip() == strength_words("easy") != ""               # a first table: the Play row's Easy
        setup.cycle_level(1)
        setup.cycle_level(1)                                                        # Easy -> Medium -> Hard
        setup.focus.focus_on(setup.level_buttons[1])
        figures = strength.BOARD["hard"]
        assert setup.strength_tip() == (f"Hard: wins about {round(10 * figures['won'] / figures['games'])} games "
                                        f"in 10 against {figures['players'] - 1} Medium players.")
        app.draw()
        from game.ui.cardgame.setup import CardSetupScene
        card = CardSetupScene(app)
        card.focus.focus_on(card.level_buttons[1])
        assert card.strength_tip() == ""                                            # board figures: not the card game's
    finally:
        app.close()


def test_new_game_after_play_at_hard_opens_with_hard_computer_players(tmp_path):
    """A parent who pressed Play at Hard on the title, back on the title, presses New game: the
    table opens with its computer players at Hard (the last table's seats and rules kept, and
    read back from the settings file the next time)."""
    path = tmp_path / "settings.json"
    app = _app(path)
    try:
        click(app, app.top.level_buttons["hard"].rect.center)
        assert _opponents(app) == ["hard"] * 3
        app.reset(title_module.TitleScene(app))
        app.top.new_game()
        setup = app.top
        assert isinstance(setup, SetupScene)
        assert setup.seats == [["scarlet", "human", "hard"], ["mustard", "computer", "hard"],
                               ["white", "computer", "hard"], ["peacock", "computer", "hard"]]
        setup.cycle_level(1)                      # Hard -> Easy for Colonel Mustard, one more seat, started
        setup.seats.append(["green", "computer", "medium"])
        setup.start()
        app.reset(title_module.TitleScene(app))
        click(app, app.top.level_buttons["medium"].rect.center)
        app.reset(title_module.TitleScene(app))
    finally:
        app.close()
    again = _app(path)
    try:
        again.top.new_game()
        assert again.top.seats == [["scarlet", "human", "hard"], ["mustard", "computer", "medium"],
                                   ["white", "computer", "medium"], ["peacock", "computer", "medium"],
                                   ["green", "computer", "medium"]]
    finally:
        again.close()


def test_the_first_new_game_opens_at_the_level_the_play_row_shows(tmp_path):
    """A fresh install: the title's Play row shows Easy, so New game's first table has its
    computer players at Easy too (they were at Medium), and a seat added takes Easy."""
    app = _app(tmp_path / "settings.json")
    try:
        assert app.top.remembered_level() == "easy"
        app.top.new_game()
        setup = app.top
        assert isinstance(setup, SetupScene)
        assert [lvl for _s, kind, lvl in setup.seats if kind == "computer"] == ["easy"] * 3
        setup.add()                               # a fifth seat, a computer player
        assert len(setup.seats) == 5 and setup.seats[-1][1:] == ["computer", "easy"]
    finally:
        app.close()


def test_play_and_start_show_they_were_pressed_before_the_game_is_set_up(monkeypatch):
    """Setting up a new game takes seconds: the press shows at once. The frame shown right after
    Play (the title's level button) or Start (New game's, the card game's) reads "Opening…" while
    the title or the setup is still on top, and the title's button reads its level again after."""
    from game.ui.cardgame.setup import CardSetupScene

    app = _app()
    shown: list[tuple[str, str]] = []
    real = app.window.present

    def noting() -> None:
        top = app.top
        button = getattr(top, "start_button", None) or getattr(top, "level_buttons", {}).get("easy")
        shown.append((type(top).__name__, button.label if button is not None else ""))
        real()

    monkeypatch.setattr(app.window, "present", noting)
    try:
        click(app, app.top.level_buttons["easy"].rect.center)
        assert isinstance(app.top, BoardScene)
        assert ("TitleScene", "Opening…") in shown
        assert app.stack[0].level_buttons["easy"].label == "Easy"
        for setup in (SetupScene(app), CardSetupScene(app)):
            app.reset(title_module.TitleScene(app))
            app.push(setup)
            shown.clear()
            setup.start()
            assert shown == [(type(setup).__name__, "Opening…")], shown
            assert app.top is not setup
    finally:
        app.close()
