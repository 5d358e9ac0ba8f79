"""Autosave problems are said on screen; notebook marks are saved at once."""

from __future__ import annotations

from functools import partial

import pygame

from game.storage.save import read_save
from game.ui.app import App
from game.ui.board.notebook import NotebookScene
from game.ui.board.table import BoardScene
from game.ui.scenes.message import MessageScene
from tests import inputs

key = partial(inputs.key, draw=False)


def test_unwritable_autosave_is_said_once(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the save folder should be")
    app = App(seed=3, sound=False, threaded_ai=False, settings_path=tmp_path / "s.json",
              save_path=blocker / "autosave.json")
    app.start()
    key(app, pygame.K_RETURN)                       # Play: the first autosave fails
    assert app.store.autosave_error is not None
    boxes = [s for s in app.stack if isinstance(s, MessageScene)]
    assert len(boxes) == 1 and "cannot be saved" in boxes[0].text
    board = app.find(BoardScene)
    app.store.autosave(board.match)                        # failing again does not pile up boxes
    assert len([s for s in app.stack if isinstance(s, MessageScene)]) == 1
    app.close()


def test_notebook_mark_is_saved_at_once(tmp_path):
    path = tmp_path / "autosave.json"
    app = App(seed=3, sound=False, threaded_ai=False, settings_path=tmp_path / "s.json", save_path=path)
    app.start()
    key(app, pygame.K_RETURN)                       # Play (one person: no cover)
    board = app.find(BoardScene)
    seat = board.match.humans[0]
    app.push(NotebookScene(app, board.match, seat))
    card = next(c for c in ("rope", "knife", "hall", "plum", "green") if c not in board.game.seats[seat].hand)
    app.top.cycle(card)
    assert read_save(path).notebooks[seat][card] == "X"   # on disk before the notebook closes
    app.close()
