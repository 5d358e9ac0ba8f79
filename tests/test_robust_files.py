"""Nothing a file or a disk can do stops the game or loses a game.

Damaged settings in a folder the game may not change, named pipes, folders and
devices where a file should be, huge saves, temporaries left by a kill,
hand-edited saves given to ``--replay``, messages for a parent, a save of a
newer version, a full disk.
"""

from __future__ import annotations

import copy
import errno
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import game.storage.save  # noqa: E402
import game.storage.settings  # noqa: E402
import game.text.i18n  # noqa: E402
from game.board.tmx import load_board  # noqa: E402
from game.cardgame.engine import CardSetup  # noqa: E402
from game.cardgame.headless import play as play_cards  # noqa: E402
from game.cardgame.save import CardSaved  # noqa: E402
from game.commands.headless import computer_setup, play  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.storage import paths  # noqa: E402
from game.storage.save import SavedGame, SaveError, read_save, to_document  # noqa: E402
from game.storage.settings import Settings  # noqa: E402
from game.ui import store  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402
from game.ui.scenes.confirm import ConfirmScene  # noqa: E402
from game.ui.scenes.message import MessageScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from tests.inputs import defaults_after, key  # noqa: E402,F401

ROOT = Path(__file__).resolve().parent.parent
BOARD = load_board(paths.MANSION_MAP)
#: A child process that does not finish in this many seconds hangs (a normal run takes one or two).
HANG = 120
#: Words of a programmer that a parent must never read in a message about a file.
JARGON = ("Error", "unhashable", "Traceback", "{'", "invalid literal", "recursion", "Expecting", "char ",
          "column", "NoneType", "int()", "(at ", "None", "{}", "'", "..", '"actions"', "setup.",
          # class names of the actions, quoted by the old messages ("action 6 (Disprove) is not allowed")
          "Roll", "Move", "TakePassage", "Suggest", "Disprove", "Accuse", "EndTurn", "Ask", "Show", "Join",
          "Decline")
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


@pytest.fixture(scope="module")
def board_doc() -> dict:
    """A board-game save of 12 actions with a notebook mark."""
    game = play(BOARD, computer_setup(4, 21))
    return to_document(SavedGame(game.setup, list(game.actions[:12]), {0: {"rope": "X"}}))


@pytest.fixture(scope="module")
def card_doc() -> dict:
    """A card-game save of 6 actions (seat 0 a person) with a case-file mark."""
    game = play_cards(4, 5, level="medium", out=lambda *a: None)
    setup = CardSetup(4, 5, levels=("human", "medium", "medium", "medium"))
    return to_document(CardSaved(setup, ("scarlet", "white", "peacock", "green"), list(game.actions[:6]),
                                 {0: {"rope": "X"}}))


def boxes(app: App) -> list[str]:
    """The texts of the message boxes on the stack, bottom first."""
    return [s.text for s in app.stack if isinstance(s, MessageScene)]


def started(folder: Path, **kw) -> App:
    app = App(seed=3, sound=False, threaded_ai=False, settings_path=folder / "settings.json",
              save_path=folder / "autosave.json", **kw)
    app.start()
    return app


def nested_brackets(text: str) -> bool:
    """True when a bracket opens inside another: "(it is a special file (such as …), not …)"."""
    depth = 0
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        if depth > 1:
            return True
    return False


def plain(text: str) -> bool:
    return not any(word in text for word in JARGON) and not nested_brackets(text)


# ------------------------------------------------------------------ item 1
def test_damaged_settings_in_a_folder_the_game_cannot_change(tmp_path, monkeypatch, capsys):
    """Moving the damaged file aside is refused (a read-only folder, a file of
    another user; tests run as root, so the refusal is simulated): the game
    starts with the default for the bad setting (and the file's others), leaves the file as it is and
    says so once."""
    path = tmp_path / "settings.json"
    path.write_text('{"volume": 7, "language": "en"}')
    before = path.read_bytes()

    def refused(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied", str(src))

    monkeypatch.setattr(os, "replace", refused)
    app = App(seed=3, sound=False, threaded_ai=False, settings_path=path, save_path=tmp_path / "autosave.json")
    assert app.store.settings.volume == Settings().volume and app.store.settings.keys == {}
    app.start()
    texts = boxes(app)
    assert len(texts) == 1, texts
    assert "settings.json" in texts[0] and "could not be repaired" in texts[0] and "not allowed" in texts[0]
    assert "volume" in texts[0] and "your other settings" in texts[0] and plain(texts[0])
    key(app, pygame.K_RETURN, draw=False)                     # OK
    assert isinstance(app.top, TitleScene)
    assert app.prefs.set_language("es") is not None                 # saving fails too: said by the settings screen
    app.prefs.set_language("en", save=False)
    app.top.on_resume()
    app.step(0.1, draw=False)
    assert boxes(app) == []                                   # said once
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]
    assert "Permission denied" in capsys.readouterr().err
    app.close()


# ------------------------------------------------------------------ item 3
CHILD = r"""
import json, sys
from pathlib import Path
from game.ui.app import App
from game.ui.lesson.coach import start_lesson
from game.ui.scenes.message import MessageScene

folder = Path(sys.argv[1])
app = App(seed=3, sound=False, threaded_ai=False, settings_path=folder / "settings.json",
          save_path=folder / "autosave.json")
app.start()
title = [s.text for s in app.stack if isinstance(s, MessageScene)]
can_continue = app.store.can_continue()
for s in [s for s in app.stack if isinstance(s, MessageScene)]:
    app.pop(s)
start_lesson(app)
lesson = [s.text for s in app.stack if isinstance(s, MessageScene)]
app.close()
print(json.dumps({"title": title, "lesson": lesson, "continue": can_continue}))
"""


def start_in_child(folder: Path) -> dict:
    """Start the game on ``folder`` in another process, then press Learn to
    play; the messages shown.  Fails (never hangs) when that process hangs."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    try:
        out = subprocess.run([sys.executable, "-c", CHILD, str(folder)], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=HANG)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the game hung for {HANG} s at start-up")
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("a folder where a file should be")


def _device(path: Path) -> None:
    os.symlink(os.devnull, path)


SPECIAL = {"named pipe": pytest.param(_fifo, marks=needs_fifo),
           "folder": _folder,
           "device": pytest.param(_device, marks=pytest.mark.skipif(not Path(os.devnull).is_char_device(),
                                                                   reason="no character device"))}
WHERE = {"settings.json": "title", "autosave.json": "title", "lesson.json": "lesson"}


@pytest.mark.parametrize("name", list(WHERE))
@pytest.mark.parametrize("kind", list(SPECIAL))
def test_something_that_is_not_a_file_is_refused_unopened(tmp_path, kind, name):
    """A named pipe, a folder or a device at the settings, autosave or lesson
    path: start-up and Learn to play go on (a pipe is never opened: it would
    wait for ever), the message names the file and says what it is, and the
    thing is never moved aside.  The settings and the autosave stay as they
    are; the new lesson's file takes the place of a pipe (a folder stays)."""
    make = {"named pipe": _fifo, "folder": _folder, "device": _device}[kind]
    path = tmp_path / name
    make(path)
    mode = os.lstat(path).st_mode
    shown = start_in_child(tmp_path)
    texts = shown[WHERE[name]]
    assert len(texts) == 1, shown
    said = "it is a folder, not a file" if kind == "folder" else "not an ordinary file"
    assert said in texts[0] and name in texts[0] and plain(texts[0]), texts[0]
    assert not [p for p in tmp_path.iterdir() if "broken" in p.name]
    assert shown["continue"] is False
    if name == "lesson.json":
        assert "A new lesson starts" in texts[0]
        assert kind != "folder" or os.lstat(path).st_mode == mode
    else:
        assert "left where it is" in texts[0] and os.lstat(path).st_mode == mode   # not moved, not replaced


def never_open(monkeypatch, what: str) -> None:
    """Make every way of opening a file fail the test (so a test of a pipe
    fails, rather than hangs, on code that opens it)."""
    import builtins
    import io

    def fail(*_a, **_k):
        pytest.fail(f"{what} was opened")

    for owner, name in [(os, "open"), (builtins, "open"), (io, "open"), (Path, "open"),
                        (Path, "read_text"), (Path, "read_bytes")]:
        monkeypatch.setattr(owner, name, fail)


@needs_fifo
def test_read_save_never_opens_a_pipe(tmp_path, monkeypatch):
    pipe = tmp_path / "autosave.json"
    os.mkfifo(pipe)
    never_open(monkeypatch, "a named pipe")
    with pytest.raises(SaveError, match="not an ordinary file") as info:
        read_save(pipe)
    assert not info.value.movable and "named pipe" in info.value.detail


# ------------------------------------------------------------------ item 4
def test_a_save_over_5_mb_is_refused(tmp_path, board_doc):
    """A valid save padded to 6 MB: refused, its size named (before: read and played)."""
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(board_doc) + " " * (6 * 1024 * 1024))
    with pytest.raises(SaveError) as info:
        read_save(path)
    assert "far too big (6 MB" in info.value.problem and "at most 5 MB" in info.value.problem
    assert game.storage.save.MAX_FILE_BYTES == 5 * 1024 * 1024


def test_a_150_mb_save_is_refused_without_reading_it(tmp_path, monkeypatch):
    """A 150 MB save (sparse: no disk used) is refused from its size alone:
    the file is never opened, so it takes no time at all."""
    path = tmp_path / "autosave.json"
    with open(path, "wb") as f:
        f.truncate(150 * 1024 * 1024)
    with monkeypatch.context() as m:
        never_open(m, "a 150 MB file")
        with pytest.raises(SaveError) as info:
            read_save(path)
    assert "far too big (150 MB" in info.value.problem
    app = started(tmp_path)
    assert any("autosave.json" in t and "far too big (150 MB" in t for t in boxes(app)), boxes(app)
    assert app.stack[0].continue_button is None
    app.close()


# ------------------------------------------------------------------ item 5
def _tmp(folder: Path, name: str, age: float) -> Path:
    """A temporary file as :func:`game.storage.save.write_atomic` makes it, last changed ``age`` seconds ago."""
    fd, tmp = tempfile.mkstemp(prefix=name + ".", suffix=".tmp", dir=folder)
    os.write(fd, b'{"half": ')
    os.close(fd)
    when = time.time() - age
    os.utime(tmp, (when, when))
    return Path(tmp)


def test_stale_temporaries_are_cleaned_at_start_and_nothing_else(tmp_path):
    data, config = tmp_path / "data", tmp_path / "config"
    data.mkdir()
    config.mkdir()
    stale = [_tmp(data, "autosave.json", 3600), _tmp(data, "autosave.json", 600), _tmp(data, "lesson.json", 3600),
             _tmp(config, "settings.json", 3600)]
    fresh = _tmp(data, "autosave.json", 0)           # a save being written right now by another window
    others = [data / "autosave.json.tmp", data / "other.json.abcd1234.tmp", data / "autosave.json.abcd1234.tmp.bak",
              data / "autosave.json.ABCD1234.tmp", data / "notes.txt", config / "autosave.json.abcd1234.tmp"]
    for p in others:
        p.write_text("not ours")
        os.utime(p, (time.time() - 3600,) * 2)
    folder_like = data / "autosave.json.dir12345.tmp"
    folder_like.mkdir()
    os.utime(folder_like, (time.time() - 3600,) * 2)
    app = App(seed=3, sound=False, threaded_ai=False, settings_path=config / "settings.json",
              save_path=data / "autosave.json")
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and all(p.exists() for p in others) and folder_like.is_dir()
    app.close()


def test_clean_stale_temporaries_by_age(tmp_path):
    old = _tmp(tmp_path, "autosave.json", 100)
    clean = game.storage.save.clean_stale_temporaries
    assert clean([tmp_path / "autosave.json"], older_than=200) == []
    assert clean([tmp_path / "autosave.json", None], older_than=60) == [old]
    assert not old.exists()


# ------------------------------------------------------------------ item 6
BOARD_EDITS = {
    "square is an object": lambda d: d["actions"][1].update(square={"x": 1}),
    "room is an object": lambda d: d["actions"][1].update(square=None, room={"a": 1}),
    "notebook seat ²": lambda d: d["notebooks"].update({"²": {"rope": "X"}}),
    "version true": lambda d: d.update(version=True),
}
CARD_EDITS = {
    "asked card is an object": lambda d: d["actions"][0].update(first={"x": 1}),
    "notebook seat ²": lambda d: d["notebooks"].update({"²": {}}),
    "first seat 1.5": lambda d: d["setup"].update(first=1.5),
    "advanced is a word": lambda d: d["setup"].update(advanced="yes"),
}


def _edited(doc: dict, edit) -> dict:
    doc = copy.deepcopy(doc)
    edit(doc)
    return doc


EDITS = [("board", e) for e in BOARD_EDITS] + [("card", e) for e in CARD_EDITS]


def _edited_save(folder: Path, board_doc: dict, card_doc: dict, game_kind: str, edit: str) -> Path:
    doc = _edited(board_doc, BOARD_EDITS[edit]) if game_kind == "board" else _edited(card_doc, CARD_EDITS[edit])
    path = folder / "autosave.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def replay_cli(path: Path, lang: str = "en") -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    try:
        return subprocess.run([sys.executable, "run.py", "--lang", lang, "--replay", str(path)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=HANG)
    except subprocess.TimeoutExpired:
        pytest.fail(f"--replay {path.name} hung for {HANG} s")


def assert_one_plain_line(out: subprocess.CompletedProcess, path: Path) -> str:
    """The one line a parent reads (stdout, no log before it: the file was
    refused before any move); the detail is on stderr."""
    lines = out.stdout.strip().splitlines()
    assert out.returncode == 2 and len(lines) == 1 and str(path) in out.stderr, (out.returncode, out.stdout,
                                                                                 out.stderr)
    assert lines[0].startswith(f"Cannot read the saved game {path}: ") and plain(lines[0]), lines[0]
    return lines[0]


@pytest.mark.parametrize("game_kind, edit", EDITS)
def test_replay_of_a_hand_edited_save_says_one_line(tmp_path, board_doc, card_doc, game_kind, edit):
    """Each hand-edited save: exit code 2 and one line saying what is wrong —
    before: a TypeError or ValueError traceback (board), or a card game read
    as fine ("reads board games only")."""
    path = _edited_save(tmp_path, board_doc, card_doc, game_kind, edit)
    line = assert_one_plain_line(replay_cli(path), path)
    assert "board games only" not in line


@needs_fifo
def test_replay_of_a_named_pipe_says_one_line(tmp_path):
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    line = assert_one_plain_line(replay_cli(pipe), pipe)
    assert "not an ordinary file" in line


@pytest.mark.parametrize("game_kind, edit", EDITS)
def test_hand_edited_saves_are_save_errors_in_words(tmp_path, board_doc, card_doc, game_kind, edit):
    """Read in the game (Continue): a SaveError whose problem is plain words."""
    with pytest.raises(SaveError) as info:
        read_save(_edited_save(tmp_path, board_doc, card_doc, game_kind, edit))
    assert plain(info.value.problem), info.value.problem


# ------------------------------------------------------------------ item 7
DAMAGED_SAVES = {
    "nested too deep": lambda doc: "[" * 50000 + "]" * 50000,
    "a huge number": lambda doc: '{"format": "clue-save", "version": 1' + "0" * 5000 + "}",
    "cut short": lambda doc: json.dumps(doc)[:-30],
    "a square that is an object": lambda doc: json.dumps(_edited(doc, BOARD_EDITS["square is an object"])),
    "an action type that is a list": lambda doc: json.dumps(
        _edited(doc, lambda d: d["actions"].insert(2, {"type": ["Roll"]}))),
}


@pytest.mark.parametrize("damage", list(DAMAGED_SAVES))
def test_damaged_autosave_message_is_for_a_parent(tmp_path, board_doc, damage, capsys):
    """The message names the file and says what is wrong in words; the
    parser's detail goes to stderr only."""
    (tmp_path / "autosave.json").write_text(DAMAGED_SAVES[damage](board_doc))
    app = started(tmp_path)
    texts = boxes(app)
    assert len(texts) == 1 and f"The saved game {tmp_path / 'autosave.json'} could not be continued" in texts[0], texts
    assert plain(texts[0]) and "autosave.broken-" in texts[0], texts[0]
    err = capsys.readouterr().err
    assert str(tmp_path / "autosave.json") in err
    app.close()


def test_damaged_file_boxes_give_whole_paths_and_the_log_file(tmp_path, monkeypatch):
    """A family must find the damaged file and its copy: the boxes give whole paths
    (the folder too, as the newer-version box does) and name the log file with the details."""
    import game.storage.logfile

    log_file = tmp_path / "logs" / "clue.log"
    monkeypatch.setattr(game.storage.logfile, "_path", log_file)          # this run's log file
    (tmp_path / "settings.json").write_text("{not json")
    (tmp_path / "autosave.json").write_text("{")
    app = started(tmp_path)
    try:
        texts = boxes(app)
        copies = {p.name.split(".")[0]: p for p in tmp_path.glob("*.broken-*.json")}
        assert sorted(copies) == ["autosave", "settings"], copies
        settings_box = next(t for t in texts if "settings file" in t)
        save_box = next(t for t in texts if "saved game" in t)
        assert f"settings file {tmp_path / 'settings.json'} could not" in settings_box, settings_box
        assert f"kept as {copies['settings']}." in settings_box, settings_box
        assert f"saved game {tmp_path / 'autosave.json'} could not" in save_box, save_box
        assert f"kept as {copies['autosave']}." in save_box, save_box
        assert all(f"The details are in the log file {log_file}." in t for t in texts), texts
    finally:
        app.close()


def test_damaged_settings_and_lesson_messages_are_for_a_parent(tmp_path, capsys):
    (tmp_path / "settings.json").write_text("[" * 50000 + "]" * 50000)
    app = started(tmp_path)
    texts = boxes(app)
    assert len(texts) == 1 and f"The settings file {tmp_path / 'settings.json'} could not be read: the file is damaged" \
        in texts[0], texts
    assert plain(texts[0]), texts[0]
    assert "RecursionError" in capsys.readouterr().err          # the detail is in the log
    key(app, pygame.K_RETURN, draw=False)
    (tmp_path / "lesson.json").write_text('{"format": "clue-lesson", "version": 1, "actions": [')
    from game.ui.lesson.coach import start_lesson

    start_lesson(app)
    texts = boxes(app)
    assert len(texts) == 1 and "lesson.broken-" in texts[0] and "the file is damaged" in texts[0]
    assert plain(texts[0]), texts[0]
    assert "lesson.json" in capsys.readouterr().err
    app.close()


def test_settings_problems_name_the_setting_in_words(tmp_path):
    path = tmp_path / "settings.json"
    for data, words, keys in [({"volume": 10 ** 400}, "the setting “volume” must be between 0 and 1", {}),
                              ({"fullscreen": "yes"}, "the setting “fullscreen” holds something", {}),
                              ({"keys": {"confirm": ["return"], "back": ["return"]}}, "is used for both",
                               {"confirm": ["return"]})]:                # only the second action loses its keys
        path.write_text(json.dumps(data))
        settings, message = game.storage.settings.load_settings(path)
        assert words in message and plain(message), message
        assert message.count(str(tmp_path)) == 2, message   # the file and its kept copy, nothing else
        assert settings == Settings(language=settings.language, keys=keys)


# ------------------------------------------------------------ items 6, 7: words
#: Hand-edited saves: (game, how the file is changed, words the message must hold in English).
WORD_CASES = {
    "mode is an object": ("board", lambda d: d.update(mode={}), "a game mode this version does not know"),
    "mode is null": ("board", lambda d: d.update(mode=None), "a game mode this version does not know"),
    "an unknown rule": ("board", lambda d: d["setup"]["options"].update({"dïce": 1}),
                        "a rule this version does not know"),
    "an empty suspect": ("board", lambda d: d["setup"]["seats"][0].update(suspect=""),
                         "a suspect that is not in the game"),
    "a walk to the attic": ("board", lambda d: d["actions"][1].update(square=None, room="attic"),
                            "move 2 in it is not one the game knows"),
    "a walk into the Rope": ("board", lambda d: d["actions"][1].update(square=None, room="rope"),
                             "move 2 in it is not one the game knows"),
    "a walk too far": ("board", lambda d: d["actions"][1].update(square=[7, 7]),
                       "move 2 in it (walking) breaks the rules."),
    "cut short": ("board", lambda d: json.dumps(d)[:480], "the file is damaged or cut short"),
    "not a save": ("board", lambda d: [d], "the file is not a Clue saved game"),
    "asks about a unicorn": ("card", lambda d: d["actions"][0].update(first="unicorn"),
                             "move 1 in it (a question) breaks the rules. It names a card that is not in the game"),
    "shows a card not asked about": ("card", lambda d: d["actions"][1].update(card="rope"),
                                     "move 2 in it (showing a card) breaks the rules."),
}


def _word_case(folder: Path, board_doc: dict, card_doc: dict, case: str, lang: str) -> Path:
    """``folder`` with the hand-edited autosave of ``case`` and settings in ``lang``."""
    kind, edit, _words = WORD_CASES[case]
    doc = copy.deepcopy(board_doc if kind == "board" else card_doc)
    out = edit(doc)
    text = out if isinstance(out, str) else json.dumps(doc if out is None else out, ensure_ascii=False)
    (folder / "settings.json").write_text(json.dumps({"language": lang}))
    path = folder / "autosave.json"
    path.write_text(text, encoding="utf-8")
    return path


def said_about(folder: Path, board_doc: dict, card_doc: dict, case: str, lang: str) -> tuple[str, str, str]:
    """(the message box at start-up, the --replay line, the --replay stderr) for ``case`` in ``lang``.
    Checks what holds in every language: one box naming the file, exit code 2, one line after
    the log, the detail (the place in the file) on stderr only."""
    path = _word_case(folder, board_doc, card_doc, case, lang)
    out = replay_cli(path, lang)
    lines = out.stdout.strip().splitlines()
    assert out.returncode == 2 and lines and str(path) in lines[-1], (out.returncode, out.stdout, out.stderr)
    assert not any(str(path) in ln for ln in lines[:-1]), lines        # one line about the file
    err = out.stderr.strip().splitlines()
    assert len(err) == 1 and str(path) in err[0] and " [" in err[0], err      # the detail, for a programmer
    try:
        app = started(folder)
        texts = boxes(app)
        app.close()
    finally:
        game.text.i18n.set_language("en")
    assert len(texts) == 1 and "autosave.json" in texts[0] and "autosave.broken-" in texts[0], texts
    return texts[0], lines[-1], err[0]


@pytest.mark.parametrize("case", list(WORD_CASES))
def test_hand_edited_save_is_said_in_words_on_screen_and_by_replay(tmp_path, board_doc, card_doc, case):
    """Before: "unknown game mode {}", "'' is not a suspect", "unknown rule option 'dïce'", "action 1 (Ask)
    is not allowed: 'unicorn' is not an evidence card of this game..", "(at line 1, column 488)", and the
    card game's moves were not checked by --replay at all."""
    screen, line, err = said_about(tmp_path, board_doc, card_doc, case, "en")
    words = WORD_CASES[case][2]
    assert words in screen and plain(screen), screen
    assert words in line and plain(line), line
    assert line.startswith(("Cannot read the saved game ", "Cannot replay the saved game ")), line


def _spanish_catalogue_has(msgid: str) -> bool:
    import gettext

    try:
        tr = gettext.translation("clue", localedir=str(paths.LOCALE), languages=["es"])
    except OSError:
        return False
    return tr.gettext(msgid) != msgid


@pytest.mark.skipif(not _spanish_catalogue_has("Cannot replay the saved game {path}: {problem}."),
                    reason="the new messages are not in the Spanish catalogue yet")
@pytest.mark.parametrize("case", list(WORD_CASES))
def test_hand_edited_save_is_said_in_spanish(tmp_path, board_doc, card_doc, case):
    """With Spanish chosen, the box and ``--lang es --replay`` say it in Spanish: not one English
    word run of the English message is left (before: --replay printed English whatever --lang)."""
    (tmp_path / "en").mkdir()
    (tmp_path / "es").mkdir()
    en = said_about(tmp_path / "en", board_doc, card_doc, case, "en")
    es = said_about(tmp_path / "es", board_doc, card_doc, case, "es")
    for english, spanish in zip(en[:2], es[:2], strict=True):
        assert plain(spanish), spanish
        english_words = [w for w in english.replace(str(tmp_path / "en"), "").split() if w.isalpha()]
        runs = {" ".join(english_words[i:i + 3]) for i in range(len(english_words) - 2)}
        assert not any(run in spanish for run in runs), (english, spanish)


def test_read_only_settings_folder_is_said_in_words(tmp_path, monkeypatch):
    """A damaged settings file in a read-only folder: the system's "Read-only file system" goes to the log,
    the screen says the folder cannot be written; the problem is not said twice."""
    path = tmp_path / "settings.json"
    path.write_text("{")

    def refused(src, dst):
        raise OSError(errno.EROFS, "Read-only file system", str(src))

    monkeypatch.setattr(os, "replace", refused)
    settings, message = game.storage.settings.load_settings(path)
    assert "the folder cannot be written" in message and "Read-only" not in message, message
    assert message.count("damaged") == 1 and plain(message), message


# ------------------------------------------------------------------ item 8
def test_a_save_of_a_newer_version_is_left_where_it_is(tmp_path, board_doc, capsys):
    path = tmp_path / "autosave.json"
    newer = dict(board_doc, version=game.storage.save.SAVE_VERSION + 1, future_field={"x": 1})
    path.write_text(json.dumps(newer))
    content = path.read_bytes()
    app = started(tmp_path)
    texts = boxes(app)
    assert len(texts) == 1 and texts[0].startswith(f"The game in {path} was saved by a newer version of Clue."), texts
    assert app.top.title == "A game from a newer version"
    key(app, pygame.K_RETURN, draw=False)                        # OK
    title = app.top
    assert isinstance(title, TitleScene) and title.continue_button is None   # this version cannot continue it
    title.on_resume()
    assert not app.store.can_continue() and boxes(app) == []          # read once, said once
    assert path.read_bytes() == content and [p.name for p in tmp_path.iterdir()] == ["autosave.json"]
    key(app, pygame.K_RETURN, draw=False)                        # Play: asks first
    assert isinstance(app.top, ConfirmScene) and "newer version" in app.top.detail
    key(app, pygame.K_RETURN, draw=False)                        # Enter answers "Keep it"
    assert isinstance(app.top, TitleScene) and path.read_bytes() == content
    key(app, pygame.K_RETURN, draw=False)                        # Play again ...
    app.top.yes()                                                # ... "New game"
    board = app.find(BoardScene)
    assert board is not None
    kept = list(tmp_path.glob("autosave.newer-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content    # set aside, not written over
    assert read_save(path).actions == board.game.actions         # the new game saves itself
    app.close()


# ------------------------------------------------------------------ item 9
ROBOTS = GameSetup(seats=tuple(SeatConfig(s, "computer") for s in ("scarlet", "mustard", "white")), seed=4)


def boxes_while_saving(tmp_path, monkeypatch, fails, writes: int):
    """A computer board game whose autosave write number n (from 1) fails with a full
    disk where ``fails(n)``, played until ``writes`` writes were tried: the message boxes
    as (text, writes tried when it was seen), the save's path and the board scene."""
    real = game.storage.save.write_atomic
    calls = {"n": 0}

    def disk(path, text):
        calls["n"] += 1
        if fails(calls["n"]):
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text)

    monkeypatch.setattr(game.storage.save, "write_atomic", disk)
    path = tmp_path / "autosave.json"
    app = App(seed=3, sound=False, speed=1000.0, threaded_ai=False, save_path=path)
    app.start()
    board = BoardScene(app, Match(app.board, ROBOTS))
    app.push(board)
    seen = []
    for _ in range(5000):
        if calls["n"] >= writes or board.game.over:
            break
        if isinstance(app.top, MessageScene):
            seen.append((app.top.text, calls["n"]))
            key(app, pygame.K_RETURN, draw=False)
        else:
            app.step(0.1, draw=False)
    app.close()
    assert calls["n"] >= writes and not board.game.over
    return seen, path, board


def said_once_each_way(capsys) -> None:
    """stderr held one "cannot be saved" line and one "saved again" line."""
    err = capsys.readouterr().err.splitlines()
    assert len([ln for ln in err if "cannot be saved" in ln]) == 1
    assert len([ln for ln in err if "can be saved again" in ln]) == 1


def test_a_disk_on_the_edge_of_full_is_said_once_not_at_every_flip(tmp_path, monkeypatch, capsys):
    """A disk on the edge of full lets every other write through for 12 autosaves,
    then has room again: one "cannot be saved" box, and one "saved again" box only
    once saves have worked several times in a row (before, 12 boxes flipped back
    and forth); the game on disk is the game on screen."""
    seen, path, board = boxes_while_saving(tmp_path, monkeypatch, lambda n: n <= 12 and n % 2, 20)
    assert [text[:30] for text, _ in seen] == ["Your game cannot be saved to " + str(path)[0],
                                                "Your game can be saved again: "], seen
    # said at the first failure (the box opens at the frame's end), and once the saves after
    # the last failure (write 11) worked SAVED_AGAIN_AFTER times in a row
    assert seen[0][1] <= 2 and seen[1][1] >= 11 + store.SAVED_AGAIN_AFTER, seen
    said_once_each_way(capsys)
    assert read_save(path).actions == board.game.actions


def test_a_full_disk_is_said_once_and_its_end_once(tmp_path, monkeypatch, capsys):
    """Saving fails for 8 autosaves in a row (a full disk), then works: one
    message and one stderr line for the failure, one of each when it works
    again, and the game on disk is the game on screen."""
    seen, path, board = boxes_while_saving(tmp_path, monkeypatch, lambda n: n <= 8, 14)
    texts = [text for text, _ in seen]
    assert len(texts) == 2, texts
    assert "cannot be saved" in texts[0] and "No space left on device" in texts[0] and "saved again" not in texts[0]
    assert "can be saved again" in texts[1]
    said_once_each_way(capsys)
    assert read_save(path).actions == board.game.actions



@pytest.mark.parametrize("size", ("normal", "large"))
def test_a_long_file_path_wraps_inside_the_message_box(tmp_path, size):
    """A settings file deep in long folders: every line of the box is no wider than its text column,
    the words end above the OK button and the box fits the screen (1280 x 720 logical, so also
    3840 x 2160), in normal and large text, and the whole path can still be read, piece by piece."""
    from game.ui.draw import theme

    deep = tmp_path / "a-very-long-folder-name-that-a-family-might-really-have" / ("x" * 90) / "clue-family"
    deep.mkdir(parents=True)
    path = deep / "settings.json"
    path.write_text(json.dumps({"volume": 7, "language": "en", "text_size": size}))
    app = App(seed=3, sound=False, threaded_ai=False, settings_path=path, save_path=tmp_path / "autosave.json")
    try:
        app.start()
        box = next(s for s in app.stack if isinstance(s, MessageScene))
        assert str(path) in box.text
        column = box.box.width - 80                                          # the text's column
        lines = theme.wrap(box.text, column, theme.BODY, True, cut=True)
        assert all(theme.font(theme.BODY, True).size(line)[0] <= column for line in lines), lines
        assert "".join(lines).replace(" ", "") == box.text.replace(" ", "")      # nothing cut away
        words_end = box.box.top + 80 + len(lines) * (theme.font(theme.BODY, True).get_linesize() + 4)
        assert words_end <= box.ok.rect.top, (words_end, box.ok.rect)
        assert pygame.Rect(0, 0, 1280, 720).contains(box.box)
        app.draw()
    finally:
        app.close()
        theme.set_text_scale(1.0)
