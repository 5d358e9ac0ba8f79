"""The log a family can send: every start writes what it says on stderr to a
rotating ``clue.log`` in the user's log folder (platformdirs ``user_log_dir``,
on Linux under ``$XDG_STATE_HOME``), the error screen names that file, and a
folder that cannot be written never stops the game."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.storage import logfile
from game.ui.app import App
from game.ui.draw import theme
from game.ui.scenes.error import ErrorScene

ROOT = Path(__file__).resolve().parent.parent
#: A hang guard only: each start ends by itself in a few seconds.
TIMEOUT = 300


@pytest.fixture(autouse=True)
def logging_as_the_tests_have_it():
    """Put the tests' logging (tests/conftest.py) back after a test that set up its own."""
    yield
    logfile.setup()


def start(args: list[str], state: Path) -> subprocess.CompletedProcess:
    """``run.py ARGS`` in a fresh process whose log folder is under ``state`` ($XDG_STATE_HOME)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_STATE_HOME=str(state),
               PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, str(ROOT / "run.py"), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=TIMEOUT)


def log_of(state: Path) -> Path:
    """Where platformdirs puts the log on Linux for XDG_STATE_HOME=``state``."""
    return state / "clue-family" / "log" / logfile.FILE_NAME


@pytest.mark.parametrize("args, code", [
    (["--headless", "--players", "3", "--seed", "1"], 0),
    (["--headless", "--players", "3", "--seed", "1", "--map", "missing.tmx"], 2),
    (["--screenshot", "SHOT", "--scene", "board", "--map", "missing.tmx"], 2),
    (["--headless", "--players", "9"], 2),
], ids=["headless-game", "headless-bad-map", "screenshot-bad-map", "bad-players"])
def test_a_start_leaves_a_log_file_holding_what_stderr_said(tmp_path, args, code):
    """After a start (a headless game, a screenshot, a bad map, a bad option)
    the log file exists, says the command that started, and holds every line
    stderr showed, each with its level."""
    state = tmp_path / "state"
    args = [str(tmp_path / "shot.png") if a == "SHOT" else a for a in args]
    done = start(args, state)
    assert done.returncode == code, done.stderr
    assert "Traceback" not in done.stderr
    text = log_of(state).read_text(encoding="utf-8")
    assert "started: " + " ".join([str(ROOT / "run.py"), *args]) in text
    said = done.stderr.strip().splitlines()
    assert (said != []) == (code != 0)             # the failures say why; the game says nothing on stderr
    logged = [line.split(": ", 1)[1] for line in text.splitlines() if " ERROR game." in line]
    for line in said:
        assert line in logged, (line, text)
    if "missing.tmx" in args:
        assert said == ["Cannot load the board: map missing.tmx: the file does not exist"], said


def test_a_log_folder_that_cannot_be_made_is_said_and_the_game_goes_on(tmp_path):
    """XDG_STATE_HOME is a file, not a folder: the log folder cannot be made.
    The game plays to its end all the same and stderr says once, naming the
    folder, that there is no log file."""
    state = tmp_path / "state"
    state.write_text("not a folder")
    done = start(["--headless", "--players", "3", "--seed", "1"], state)
    assert done.returncode == 0 and done.stdout.strip().splitlines()[-1].startswith("RESULT:"), done.stdout[-500:]
    assert "Traceback" not in done.stderr
    said = done.stderr.strip().splitlines()
    assert len(said) == 1 and said[0].startswith(
        f"The log file cannot be written in {state / 'clue-family' / 'log'} ("), said
    assert said[0].endswith("): carrying on without it.")
    assert "Errno" not in said[0], said          # words for a parent ("not a directory"), not Python's


def test_a_named_pipe_in_place_of_the_log_file_is_not_opened(tmp_path, capsys):
    """A named pipe where the log file goes would block the start for ever if
    opened for writing: it is refused, said on stderr, and nothing is written."""
    os.mkfifo(tmp_path / logfile.FILE_NAME)
    assert logfile.setup(folder=tmp_path) is None
    assert logfile.log_path() is None
    err = capsys.readouterr().err
    assert f"The log file cannot be written in {tmp_path} ({tmp_path / logfile.FILE_NAME} is not an ordinary file)" \
        in err


def test_messages_reach_the_file_with_time_level_and_module_and_stderr_as_plain_text(tmp_path, capsys):
    """stderr shows a message as the game always printed it; the file adds the
    time, the level and the module; INFO and up are kept."""
    path = logfile.setup(folder=tmp_path)
    assert path == tmp_path / "clue.log" == logfile.log_path()
    logging.getLogger("game.ui.store").warning("saved game x: not moved aside (denied)")
    logging.getLogger("game.ui.phones.host").info("phones: serving the seats at http://h:1")
    logging.getLogger("game.ui.phones.host").debug("not kept")
    assert capsys.readouterr().err.splitlines() == ["saved game x: not moved aside (denied)",
                                                    "phones: serving the seats at http://h:1"]
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[-2].endswith(" WARNING game.ui.store: saved game x: not moved aside (denied)")
    assert lines[-1].endswith(" INFO game.ui.phones.host: phones: serving the seats at http://h:1")
    assert not any("not kept" in line for line in lines)


def test_the_error_screen_names_the_log_file(tmp_path):
    """The screen a family sees when the game cannot start tells them which
    file to send, and draws it inside the window."""
    path = logfile.setup(folder=tmp_path / "logs")
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map>not a mansion")
    app = App(map_path=bad, sound=False)
    app.start()
    assert isinstance(app.top, ErrorScene)
    assert app.top.log_line == f"To ask for help, send the log file {path}"
    assert f" ERROR game.ui.app: Cannot load the board: {app.map_error}\n" in path.read_text(encoding="utf-8")
    assert str(bad) in app.map_error
    theme.drawn_text.clear()
    app.top.draw(pygame.Surface((1280, 720)))
    below_quit = [r for r in theme.drawn_text if r.top >= app.top.quit_button.rect.bottom]
    assert below_quit and all(pygame.Rect(0, 0, 1280, 720).contains(r) for r in below_quit), below_quit
    app.close()
