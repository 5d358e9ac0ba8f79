"""Starting a new game never silently throws away a saved game in progress
(board game or card game): the person is asked first, and "Keep it" is the
answer an Enter gives."""

from __future__ import annotations

import pytest

from game.storage.save import SavedGame, read_save, save_game
from game.ui.bases.match import quick_setup
from game.ui.shell.input import Intent, Kind

CONFIRM = Intent(Kind.CONFIRM, device="keyboard")


def _app(tmp_path):
    from game.ui.app import App

    return App(speed=100.0, threaded_ai=False, sound=False, save_path=tmp_path / "autosave.json")


def _press(app, fn_name):
    title = app.top
    button = (title.level_buttons[title.remembered_level()] if fn_name == "quick_start"     # Play's row
              else next(b for b in title.buttons if b.on_press == getattr(title, fn_name)))
    app.router.handle(Intent(Kind.CLICK, pos=button.rect.center, device="mouse"))


@pytest.mark.parametrize("answer", ("keep", "replace"))
def test_play_asks_before_replacing_a_saved_game(tmp_path, answer):
    from game.ui.scenes.confirm import ConfirmScene

    save_game(tmp_path / "autosave.json", SavedGame(quick_setup(7)))
    before = (tmp_path / "autosave.json").read_bytes()
    app = _app(tmp_path)
    try:
        app.start()
        assert app.top.continue_button is not None
        _press(app, "quick_start")
        box = app.top
        assert isinstance(box, ConfirmScene) and box.focus.focused is box.no_button
        if answer == "keep":
            app.router.handle(CONFIRM)                    # Enter: "Keep it"
            assert type(app.top).__name__ == "TitleScene"
            assert (tmp_path / "autosave.json").read_bytes() == before
        else:
            app.router.handle(Intent(Kind.CLICK, pos=box.yes_button.rect.center, device="mouse"))
            assert type(app.top).__name__ == "BoardScene"
            assert read_save(tmp_path / "autosave.json").setup.seed != 7
    finally:
        app.close()


def test_card_game_start_asks_too_and_continue_names_the_mode(tmp_path):
    from game.ui.scenes.confirm import ConfirmScene

    save_game(tmp_path / "autosave.json", SavedGame(quick_setup(7)))
    app = _app(tmp_path)
    try:
        app.start()
        assert app.top.continue_button.label == "Continue"
        _press(app, "card_game")
        setup = app.top
        setup.start()
        assert isinstance(app.top, ConfirmScene)
        app.router.handle(CONFIRM)                        # keep the board game
        assert app.top is setup
        assert read_save(tmp_path / "autosave.json").mode == "board"
        setup.start()
        app.router.handle(Intent(Kind.CLICK, pos=app.top.yes_button.rect.center, device="mouse"))
        assert type(app.top).__name__ == "CardTableScene"
        assert read_save(tmp_path / "autosave.json").mode == "card-game"
        from game.ui.scenes.title import TitleScene

        app.reset(TitleScene(app))
        assert app.top.continue_button.label == "Continue the card game"
    finally:
        app.close()


def test_no_question_without_a_saved_game(tmp_path):
    app = _app(tmp_path)
    try:
        app.start()
        _press(app, "quick_start")
        assert type(app.top).__name__ == "BoardScene"
    finally:
        app.close()
