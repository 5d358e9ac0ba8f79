"""Autosave and Continue: the game in progress is saved after every
action, Continue resumes it exactly at every step of a turn, computer players
decide the same after a resume, and bad files are kept aside with a message."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules.engine import Phase  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.storage.save import read_save, save_game, to_document  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.board.picker import PickerScene  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402
from game.ui.scenes.cover import CoverScene  # noqa: E402
from game.ui.scenes.message import MessageScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from tests.test_ui import DT, act_for_people, key  # noqa: E402

TWO_PEOPLE = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "human"),
                              SeatConfig("white", "computer", "medium"), SeatConfig("peacock", "computer", "hard")),
                       seed=6)


def new_app(path, **kw) -> App:
    a = App(seed=11, sound=False, speed=20.0, threaded_ai=False, save_path=path, **kw)
    a.start()
    return a


def settle(app: App, steps: int = 40) -> None:
    for _ in range(steps):
        app.step(DT, draw=False)
        board = app.find(BoardScene)
        if board is not None and not board.busy and not board.thinking:
            break
    app.step(DT, draw=False)


def state(app: App) -> dict:
    board = app.find(BoardScene)
    g = board.game
    top = app.top
    return {"events": list(g.events), "phase": g.phase, "actor": g.actor, "positions": dict(g.positions),
            "weapons": dict(g.weapons), "shown": dict(board.shown_pos), "die": board.die_value,
            "lit": sorted(map(str, g.moves())), "top": type(top).__name__, "top_seat": getattr(top, "seat", None),
            "notebooks": {k: dict(v) for k, v in board.match.notebooks.items()}, "log": list(board.match.log)}


STEPS = {
    "start": lambda app, b: b.human_to_act and b.game.phase is Phase.START and b.turn_no > 1,
    "move": lambda app, b: b.human_to_act and b.game.phase is Phase.MOVE,
    "suggest": lambda app, b: isinstance(app.top, PickerScene),
    "disprove": lambda app, b: b.game.phase is Phase.DISPROVE and b.match.is_human(b.game.actor)
    and isinstance(app.top, CoverScene),
    "after": lambda app, b: b.human_to_act and b.game.phase is Phase.AFTER and app.top is b,
}


@pytest.mark.parametrize("step", list(STEPS))
def test_continue_resumes_every_step_of_a_turn(tmp_path, step):
    path = tmp_path / "autosave.json"
    first = new_app(path)
    board = BoardScene(first, Match(first.board, TWO_PEOPLE))
    first.push(board)
    board.match.notebooks[0]["rope"] = "X"
    stop = STEPS[step]
    for _ in range(6000):
        if stop(first, board) and not board.busy:
            break
        act_for_people(first)
    else:
        raise AssertionError(f"never reached {step}")
    settle(first)
    assert stop(first, board)
    before = state(first)
    first.close()
    assert read_save(path).actions == list(before["events"] and board.game.actions)

    second = new_app(path)
    title = second.top
    assert isinstance(title, TitleScene) and title.continue_button is not None
    assert title.focus.focused is title.continue_button          # Continue comes first
    key(second, pygame.K_RETURN)
    settle(second)
    after = state(second)
    for field in before:
        assert after[field] == before[field], field
    assert stop(second, second.find(BoardScene))
    second.close()


def test_computer_players_decide_the_same_after_a_resume(tmp_path):
    from game.board.tmx import load_board
    from game.storage import paths

    board = load_board(paths.MANSION_MAP)
    setup = GameSetup(seats=tuple(SeatConfig(s, "computer", lvl) for s, lvl in
                                  zip(("scarlet", "mustard", "white", "peacock"), ("easy", "medium", "hard", "simple"),
                                      strict=True)),
                      seed=5)

    def play(m: Match, n: int | None = None) -> None:
        k = 0
        while not m.game.over and (n is None or k < n):
            m.game.apply(m.computer_choice())
            k += 1

    whole = Match(board, setup)
    play(whole)
    for cut in (9, 57, len(whole.game.actions) // 2):
        part = Match(board, setup)
        play(part, cut)
        path = tmp_path / f"cut{cut}.json"
        save_game(path, part.saved())
        again = Match.resume(board, read_save(path))
        play(again)
        assert again.game.events == whole.game.events, cut


def test_autosave_after_every_action_and_removed_at_the_end(tmp_path):
    path = tmp_path / "autosave.json"
    app = new_app(path)
    key(app, pygame.K_RETURN)                                    # Play
    board = app.find(BoardScene)
    assert path.exists() and read_save(path).actions == []
    for _ in range(400):
        act_for_people(app)
        if len(board.game.actions) >= 6:
            break
    assert read_save(path).actions == board.game.actions
    assert read_save(path).notebooks == board.match.notebooks
    app.close()
    robots = GameSetup(seats=tuple(SeatConfig(s, "computer") for s in ("scarlet", "mustard", "white")), seed=4)
    app = new_app(path)
    app.speed = 1000.0
    board = BoardScene(app, Match(app.board, robots))
    app.push(board)
    for _ in range(5000):
        if board.game.over:
            break
        app.step(DT, draw=False)
    assert board.game.over and not path.exists()                 # Continue never offers a finished game
    app.close()


def test_no_save_path_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = App(seed=3, sound=False, threaded_ai=False)
    app.start()
    key(app, pygame.K_RETURN)
    assert app.store.save_path is None and list(tmp_path.iterdir()) == []
    app.close()


# ------------------------------------------------------------- bad files
def _good_doc(tmp_path) -> dict:
    from game.board.tmx import load_board
    from game.storage import paths

    m = Match(load_board(paths.MANSION_MAP), TWO_PEOPLE)
    from game.ui.screenshots.screens import advance

    advance(m, lambda g: len(g.actions) >= 5)
    return to_document(m.saved())


BAD = {
    "truncated": lambda doc: json.dumps(doc)[:-40],
    "corrupt": lambda doc: "\x00\x9f garbage }{",
    "illegal": lambda doc: json.dumps({**doc, "actions": doc["actions"] + [{"type": "Disprove", "card": "rope"}]}),
    "hand-edited": lambda doc: json.dumps({**doc, "setup": {**doc["setup"], "seed": "three"}}),
}
WORDS = {"truncated": "cut short", "corrupt": "damaged", "illegal": "move 6 in it (showing a card) breaks the rules",
         "hand-edited": "the setup of the game in it is not valid"}


@pytest.mark.parametrize("kind", list(BAD))
def test_a_bad_autosave_is_kept_aside_with_a_message(tmp_path, kind):
    path = tmp_path / "autosave.json"
    text = BAD[kind](_good_doc(tmp_path))
    path.write_bytes(text.encode("utf-8", "surrogatepass") if kind != "corrupt" else b"\x00\x9f garbage }{")
    content = path.read_bytes()
    app = new_app(path)
    assert isinstance(app.top, MessageScene) and isinstance(app.stack[0], TitleScene)
    message = app.top.text
    assert WORDS[kind] in message and "autosave.broken-" in message, message
    assert app.stack[0].continue_button is None                   # nothing to continue
    kept = list(tmp_path.glob("autosave.broken-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content and not path.exists()
    assert kept[0].name in message
    app.draw()
    key(app, pygame.K_RETURN)                                     # OK: the title, the game still starts
    assert isinstance(app.top, TitleScene)
    key(app, pygame.K_RETURN)                                     # Play
    assert app.find(BoardScene) is not None and path.exists()     # a new autosave, the broken one kept
    assert kept[0].read_bytes() == content
    app.close()


def test_a_broken_settings_file_is_kept_aside_with_a_message(tmp_path):
    settings = tmp_path / "settings.json"
    settings.write_text('{"volume": 7, "language": "en"')
    app = App(sound=False, settings_path=settings, save_path=tmp_path / "autosave.json")
    app.start()
    assert isinstance(app.top, MessageScene) and isinstance(app.stack[0], TitleScene)
    assert f"settings file {settings} could not be read" in app.top.text, app.top.text
    assert f"kept as {tmp_path / 'settings.broken-'}" in app.top.text, app.top.text
    assert len(list(tmp_path.glob("settings.broken-*.json"))) == 1
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TitleScene)
    app.close()


def test_both_bad_files_give_two_messages(tmp_path):
    (tmp_path / "settings.json").write_text("nonsense")
    (tmp_path / "autosave.json").write_text("{")
    app = App(sound=False, settings_path=tmp_path / "settings.json", save_path=tmp_path / "autosave.json")
    app.start()
    assert [type(s).__name__ for s in app.stack] == ["TitleScene", "MessageScene", "MessageScene"]
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TitleScene)
    app.close()
