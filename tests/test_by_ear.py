"""A whole game played by ear: what a listener who cannot read needs to hear
to know the next press, found by playing with the screen unseen and only the
spoken lines (``--speech-log``) to go by."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui.shell.input import Intent, Kind  # noqa: E402
from game.ui.shell.registry import is_scene  # noqa: E402
from game.ui.voice import speech  # noqa: E402
from tests.test_speech import new_app, said, steps  # noqa: E402


def press(app, kind: Kind, frames: int = 1) -> None:
    app.router.handle(Intent(kind, "keyboard"))
    steps(app, frames)


def new_game(app):
    """The title's New game opened: its scene."""
    steps(app, 1)
    press(app, Kind.DOWN)
    press(app, Kind.CONFIRM)
    assert is_scene(app.top, "setup")
    return app.top


def test_new_game_says_what_a_row_does_and_who_plays_each_seat():
    app = new_app(read_aloud=True)
    new_game(app)
    assert said(app)[-3:] == ["New game.", "Press a name to pick another suspect, Person or Computer to switch, "
                              "and a level to make a computer player easier or harder.",
                              "Seat 1 — Miss Scarlet — Person — press Enter"]
    press(app, Kind.DOWN)
    assert said(app)[-1] == "Seat 2 — Colonel Mustard — Computer — Medium — press Enter"
    app.close()


def test_each_seats_remove_button_is_named_so_moving_down_the_column_is_heard():
    app = new_app(read_aloud=True)
    setup = new_game(app)
    setup.focus.focus_on(setup.row_buttons[0][-1])
    steps(app, 1)
    heard = [said(app)[-1]]
    for _row in range(3):
        press(app, Kind.DOWN)
        heard.append(said(app)[-1])
    assert heard == ["Miss Scarlet — Remove — press Enter", "Colonel Mustard — Remove — press Enter",
                     "Mrs. White — Remove — press Enter", "Mrs. Peacock — Remove — press Enter"]
    app.close()


def test_the_speech_log_has_every_sentence_begun_with_its_kind(tmp_path):
    path = tmp_path / "said.tsv"
    speech.log_to(str(path))
    try:
        app = new_app(read_aloud=True)
        new_game(app)
        app.speech.driver.hold = True          # a line being spoken, then a press cuts it short
        app.speech.say("Colonel Mustard walks into the Kitchen.")
        steps(app, 1)
        app.speech.pressed()
        app.close()
    finally:
        speech.said_log.removeHandler(speech._said_to)
        speech._said_to.close()
        speech._said_to = None
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()]
    assert [r[1:] for r in rows] == [["en", "prompt", "Clue"], ["en", "focus", "Play — Easy — press Enter"],
                                     ["en", "focus", "New game — press Enter"], ["en", "prompt", "New game."],
                                     ["en", "prompt", said(app)[-3]],
                                     ["en", "focus", "Seat 1 — Miss Scarlet — Person — press Enter"],
                                     ["en", "news", "Colonel Mustard walks into the Kitchen."], ["en", "cut", ""]]
    assert all(float(r[0]) >= 0 for r in rows)
