"""Odd files and folders: a data folder the game may not enter, damaged
translations, maps that hold impossible numbers or point where no file
should, named pipes among the game's own files, a picture that claims to be
enormous, a save of a newer version, settings of a newer version and a full
disk in the card game.  Each one: a clear message naming the file, nothing
lost, no traceback, no hang.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.test_robust_files import CHILD  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
#: A child process that does not finish in this many seconds hangs (a normal run takes a few).
HANG = 120
NOBODY = 65534
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def child_env(**extra: str) -> dict[str, str]:
    """The environment of a child process: this checkout first, dummy SDL drivers."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **extra)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in [env.get("PYTHONPATH")] if p])
    return env


def run_child(args: list[str], **env: str) -> subprocess.CompletedProcess:
    """Run ``python args`` in the checkout; fails (never hangs) after :data:`HANG` seconds."""
    try:
        return subprocess.run([sys.executable, *args], cwd=ROOT, env=child_env(**env), capture_output=True,
                              text=True, timeout=HANG)
    except subprocess.TimeoutExpired:
        pytest.fail(f"python {' '.join(args)} hung for {HANG} s")


# ------------------------------------------------------------ a folder the game may not enter
#: Loads every module as root, then looks at the files as ``nobody`` (``CLUE_TEST_UID``) in
#: :data:`tests.test_robust_files.CHILD`, which starts the game on a folder and opens Learn to play.
LOCKED_CHILD = r"""
import os
from game.ui.app import App
from game.ui.lesson.coach import start_lesson
import game.storage.files, game.storage.save, game.storage.settings, game.learning.tutorial, traceback

warm = App(seed=3, sound=False, threaded_ai=False)
warm.start(); start_lesson(warm); warm.step(0.1, draw=False); warm.close()
if os.geteuid() == 0:           # root enters any folder
    os.setegid(int(os.environ["CLUE_TEST_UID"])); os.seteuid(int(os.environ["CLUE_TEST_UID"]))
""" + CHILD


@pytest.mark.skipif(not hasattr(os, "seteuid"), reason="no users here")
def test_a_data_folder_the_game_may_not_enter(tmp_path):
    """The folder of the settings and the autosave is ``chmod 000``.  Root
    enters any folder, so the child process loads the game as root, then
    takes the effective user id of ``nobody`` (``os.seteuid``) before it starts
    on that folder: the real permission check of the system, not a stand-in.
    It starts with one message naming the autosave, and Learn to play starts
    with one naming the lesson's file;
    the saved game is still there afterwards."""
    top = Path(tempfile.mkdtemp(prefix="clue-locked-"))
    try:
        top.chmod(0o755)                     # nobody may reach the folders below
        data = top / "clue-family"
        data.mkdir()
        (data / "autosave.json").write_text("{}")
        data.chmod(0)
        out = run_child(["-c", LOCKED_CHILD, str(data)], CLUE_TEST_UID=str(NOBODY))
        assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr[-3000:]
        said = json.loads(out.stdout.strip().splitlines()[-1])
        assert said["continue"] is False
        title = said["title"]                        # the settings file and the autosave, each named
        assert len(title) == 2 and {"settings.json", "autosave.json"} == {n for t in title for n in ("settings.json", "autosave.json") if n in t}, said
        assert all("not allowed to read it" in t for t in title), said
        lesson = said["lesson"]                      # its file cannot be looked at either: said, and it starts
        assert len(lesson) == 1 and "lesson.json" in lesson[0] and "A new lesson starts" in lesson[0], said
        data.chmod(0o755)
        assert (data / "autosave.json").read_text() == "{}"          # nothing lost
    finally:
        for p in (top / "clue-family", top):
            if p.exists():
                p.chmod(0o755)
        shutil.rmtree(top)


# ------------------------------------------------------------ maps with impossible numbers or files
#: Tries one map every way a person meets it: ``--headless --map``, ``--replay FILE --map``, the map
#: checker (``python -m game.board.tmx``) and the window's first screen.  With ``CLUE_TEST_UID`` it
#: loads every module as root first, then takes that user (root may read any file).
MAP_CHILD = r"""
import contextlib, io, json, os, sys
from pathlib import Path
from game.storage import paths
from game.commands.cli import main
from game.board import tmx
from game.ui.app import App
from game.ui.scenes.error import ErrorScene

bad, folder = sys.argv[1], Path(sys.argv[2])
save = folder / "game.json"

def run(fn, args):
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = fn(args)
    except SystemExit as exc:
        code = exc.code
    except BaseException as exc:        # what a person would have seen as a traceback
        code = f"Traceback: {type(exc).__name__}: {exc}"
    return {"code": code, "said": err.getvalue()}

def window(map_path):
    app = App(seed=3, sound=False, threaded_ai=False, map_path=Path(map_path),
              settings_path=folder / "settings.json", save_path=folder / "autosave.json")
    try:
        app.start()
        app.step(0.1)
        return {"error": app.map_error, "screen": [s.detail for s in app.stack if isinstance(s, ErrorScene)]}
    except BaseException as exc:
        return {"error": f"Traceback: {type(exc).__name__}: {exc}", "screen": []}
    finally:
        app.close()

if os.environ.get("CLUE_TEST_UID"):
    good = str(paths.MANSION_MAP)
    run(main, ["--headless", "--map", good, "--seed", "1", "--players", "3"])
    run(main, ["--replay", str(save), "--map", good])
    run(tmx.main, [good])
    window(good)
    os.setegid(int(os.environ["CLUE_TEST_UID"])); os.seteuid(int(os.environ["CLUE_TEST_UID"]))
said = {"headless": run(main, ["--headless", "--map", bad, "--seed", "1", "--players", "3"]),
        "replay": run(main, ["--replay", str(save), "--map", bad]),
        "checker": run(tmx.main, [bad])}
said["window"] = window(bad)
print(json.dumps(said))
"""


def _set(group: str, index: int, name: str, value: str):
    """An edit of the map: attribute ``name`` of object ``index`` of ``group`` set to ``value``."""
    def edit(folder: Path) -> None:
        import xml.etree.ElementTree as ET

        tree = ET.parse(folder / "mansion.tmx")
        tree.getroot().find(f"objectgroup[@name='{group}']")[index].set(name, value)
        tree.write(folder / "mansion.tmx", encoding="UTF-8", xml_declaration=True)
    return edit


def _tileset_at(source: str):
    def edit(folder: Path) -> None:
        text = (folder / "mansion.tmx").read_text(encoding="utf-8")
        (folder / "mansion.tmx").write_text(text.replace('source="mansion.tsx"', f'source="{source}"'),
                                            encoding="utf-8")
    return edit


def _tileset_links_to_the_map(folder: Path) -> None:
    (folder / "mansion.tsx").unlink()
    os.symlink("mansion.tmx", folder / "mansion.tsx")


def _unreadable(name: str):
    def edit(folder: Path) -> None:
        (folder / name).chmod(0)            # read as nobody: the system's own refusal
    return edit


#: kind: (how the copy of the mansion is spoilt, what the message must hold besides the map's path)
BAD_MAPS = {
    "room x nan": (_set("rooms", 0, "x", "nan"), ['object 1 "Kitchen"', 'x "nan"', "not a number"]),
    "room width inf": (_set("rooms", 2, "width", "inf"), ['object 3 "Ballroom"', 'width "inf"']),
    "door x nan": (_set("doors", 0, "x", "nan"), ['object 15 "Kitchen door"', 'x "nan"']),
    "door y inf": (_set("doors", 1, "y", "inf"), ['object 16 "Ballroom door"', 'y "inf"']),
    "door height -inf": (_set("doors", 0, "height", "-inf"), ['object 15 "Kitchen door"', 'height "-inf"']),
    "passage y -inf": (_set("passages", 0, "y", "-inf"), ['object 32 "Kitchen to Study"', 'y "-inf"']),
    "start x nan": (_set("starts", 0, "x", "nan"), ['object 36 "Miss Scarlet"', 'x "nan"']),
    "start y 1e999": (_set("starts", 1, "y", "1e999"), ['"Colonel Mustard"', 'y "1e999"']),
    "envelope y inf": (_set("envelope", 0, "y", "inf"), ['object 42 "Case File"', 'y "inf"']),
    "envelope height nan": (_set("envelope", 0, "height", "nan"), ['object 42 "Case File"', 'height "nan"']),
    "map unreadable": (_unreadable("mansion.tmx"), ["the file cannot be read", "not allowed to read it"]),
    "tileset unreadable": (_unreadable("mansion.tsx"), ["the tileset file mansion.tsx cannot be read",
                                                        "not allowed to read it"]),
    "tileset /proc/self/mem": (_tileset_at("/proc/self/mem"), ["the tileset file /proc/self/mem cannot be read",
                                                               "Input/output error"]),
    "tileset links to the map": (_tileset_links_to_the_map, ["the tileset file mansion.tsx is not a Tiled "
                                                             "tileset"]),
}


@pytest.mark.parametrize("kind", list(BAD_MAPS))
def test_a_bad_map_is_said_in_words_everywhere(tmp_path, kind):
    """A copy of the mansion spoilt one way: ``--headless --map``, ``--replay
    FILE --map`` and the map checker each exit 2 with one message naming the
    map and the object or file at fault (before: a traceback, ValueError or
    OverflowError for ``nan``/``inf``, PermissionError, OSError EIO, a
    RecursionError after seconds), and the window's error screen shows that
    same message, not Python's words ("cannot convert float NaN to integer")."""
    from game.storage import paths

    spoil, parts = BAD_MAPS[kind]
    as_nobody = "unreadable" in kind
    if as_nobody and (not hasattr(os, "seteuid") or os.geteuid() != 0):
        pytest.skip("needs root, to take another user")
    # nobody must reach the folder: pytest's own is root's alone
    top = Path(tempfile.mkdtemp(prefix="clue-map-")) if as_nobody else tmp_path
    try:
        top.chmod(0o755)
        folder, home = top / "maps", top / "home"
        shutil.copytree(paths.MANSION_MAP.parent, folder)
        spoil(folder)
        bad = folder / "mansion.tmx"
        home.mkdir(mode=0o777)
        home.chmod(0o777)
        (home / "game.json").write_text("{}")
        out = run_child(["-c", MAP_CHILD, str(bad), str(home)],
                        **({"CLUE_TEST_UID": str(NOBODY)} if as_nobody else {}))
    finally:
        if as_nobody:
            shutil.rmtree(top)
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr[-3000:]
    said = json.loads(out.stdout.strip().splitlines()[-1])
    for way in ("headless", "replay", "checker"):
        line = said[way]["said"]
        assert said[way]["code"] == 2 and "Traceback" not in line, (way, said[way])
        assert str(bad) in line and all(p in line for p in parts), (way, line)
        assert "convert" not in line and "Errno" not in line, (way, line)
    error = said["window"]["error"]
    assert str(bad) in error and all(p in error for p in parts), error
    assert said["window"]["screen"] == [error], said["window"]


# ------------------------------------------------------------ a save of a newer version
def test_a_save_of_a_newer_version_is_named(tmp_path):
    """The box over the title about a game of a newer version names its file
    (the whole path: a parent does not know where the game keeps it)."""
    import game.storage.save
    from game.ui.app import App
    from game.ui.scenes.message import MessageScene

    path = tmp_path / "autosave.json"
    path.write_text(json.dumps({"format": "clue-save", "version": game.storage.save.SAVE_VERSION + 1}))
    app = App(seed=3, sound=False, threaded_ai=False, save_path=path)
    app.start()
    texts = [s.text for s in app.stack if isinstance(s, MessageScene)]
    app.close()
    assert len(texts) == 1 and str(path) in texts[0] and "newer version" in texts[0], texts


# ------------------------------------------------------------ settings of a newer version
def test_settings_a_newer_version_wrote_survive_a_change(tmp_path):
    """Settings this version does not know are written back unchanged when a
    setting is changed on screen (the volume), beside the new value."""
    from game.ui.app import App

    path = tmp_path / "settings.json"
    newer = {"language": "en", "volume": 0.3, "subtitles": {"size": 2, "colour": "yellow"}, "hand_size": 7}
    path.write_text(json.dumps(newer))
    app = App(seed=3, sound=False, threaded_ai=False, settings_path=path)
    app.start()
    assert app.prefs.set_volume(0.6) is None
    app.close()
    written = json.loads(path.read_text())
    assert written["subtitles"] == {"size": 2, "colour": "yellow"} and written["hand_size"] == 7, written
    assert written["volume"] == 0.6 and "unknown" not in written, written


# ------------------------------------------------------------ damaged translations
def _damage(path: Path, kind: str) -> None:
    path.unlink()
    if kind == "random":
        path.write_bytes(os.urandom(4096))           # "Bad magic number"
    elif kind == "empty":
        path.write_bytes(b"")                        # struct.error
    else:
        path.write_bytes(b"\xde\x12\x04\x95" + b"\x00" * 12)   # the right magic, then nothing


@pytest.fixture
def locale_copy(tmp_path, monkeypatch):
    """A copy of ``locale/`` that the game reads instead of the real one."""
    from game.storage import paths
    from game.text import i18n

    copy = tmp_path / "locale"
    shutil.copytree(paths.LOCALE, copy)
    monkeypatch.setattr(paths, "LOCALE", copy)
    monkeypatch.setitem(i18n._state, "logged", set())
    yield copy
    i18n.set_language("en")


DAMAGES = ["random", "empty", "cut"]


@pytest.mark.parametrize("kind", DAMAGES)
def test_a_damaged_translation_falls_back_to_english(locale_copy, kind, caplog):
    """``set_language`` with a damaged ``.mo``: English, the file named once in
    the log however often the language is asked for again, and Spanish back
    when the file is whole again."""
    from game.text import i18n

    mo = locale_copy / "es" / "LC_MESSAGES" / "clue.mo"
    good = (locale_copy.parent / "good.mo")
    shutil.copy(mo, good)
    _damage(mo, kind)
    with caplog.at_level("WARNING", logger="game.text.i18n"):
        for _ in range(3):
            assert i18n.set_language("es") == "en"
    assert i18n._("Rope") == "Rope" and i18n.damaged_catalogue() == mo
    assert str(mo) in i18n.damaged_message() and "English" in i18n.damaged_message()
    warnings = [r.getMessage() for r in caplog.records if str(mo) in r.getMessage()]
    assert len(warnings) == 1 and "English" in warnings[0], caplog.text
    mo.unlink()
    shutil.copy(good, mo)
    assert i18n.set_language("es") == "es" and i18n.pgettext("card", "Rope") == "Soga"
    assert i18n.damaged_catalogue() is None


def test_a_damaged_translation_at_start_and_in_settings(locale_copy, tmp_path):
    """Spanish saved in the settings with a damaged Spanish file: the game
    starts in English with one box naming the file.  Switching to Catalan
    (also damaged) in Settings says so on the screen, keeps the choice (the
    next step goes on to English, not back to Catalan) and saves it."""
    from game.text import i18n
    from game.ui.app import App
    from game.ui.scenes.message import MessageScene

    for lang, kind in (("es", "random"), ("ca", "empty")):
        _damage(locale_copy / lang / "LC_MESSAGES" / "clue.mo", kind)
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"language": "es"}))
    app = App(seed=3, sound=False, threaded_ai=False, settings_path=settings)
    app.start()
    boxes = [s.text for s in app.stack if isinstance(s, MessageScene)]
    assert len(boxes) == 1 and str(locale_copy / "es" / "LC_MESSAGES" / "clue.mo") in boxes[0], boxes
    assert i18n.language() == "en" and i18n._("Yes") == "Yes"
    said = app.prefs.set_language("ca")
    assert said is not None and str(locale_copy / "ca" / "LC_MESSAGES" / "clue.mo") in said, said
    assert app.store.settings.language == "ca" and json.loads(settings.read_text())["language"] == "ca"
    assert app.prefs.set_language("en") is None and i18n.language() == "en"
    app.close()


@pytest.mark.parametrize("kind", ["random", "empty"])
def test_replay_with_a_damaged_translation(tmp_path, kind):
    """``--replay FILE --lang ca`` with a damaged Catalan file: the replay runs
    in English (exit 0) and the log names the file."""
    from game.board.tmx import load_board
    from game.commands.headless import computer_setup, play
    from game.storage import paths
    from game.storage.save import SavedGame, save_game

    locale = tmp_path / "locale"
    shutil.copytree(paths.LOCALE, locale)
    for lang in ("es", "ca"):
        _damage(locale / lang / "LC_MESSAGES" / "clue.mo", kind)
    game = play(load_board(paths.MANSION_MAP), computer_setup(3, 5, "simple"), out=lambda *a: None)
    save = tmp_path / "game.json"
    save_game(save, SavedGame(game.setup, list(game.actions)))
    use_copy = f"import sys, game.storage.paths; game.storage.paths.LOCALE = game.storage.paths.Path({str(locale)!r}); "
    out = run_child(["-c", use_copy + "from game.commands.cli import main; sys.exit(main(sys.argv[1:]))",
                     "--lang", "ca", "--replay", str(save)])
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr[-3000:]
    assert str(locale / "ca" / "LC_MESSAGES" / "clue.mo") in out.stderr and "English" in out.stderr, out.stderr
    assert " wins" in out.stdout and "Miss Scarlet" in out.stdout, out.stdout[-500:]    # the log, in English


# ------------------------------------------------------------ named pipes among the game's own files
#: Loads the fonts, the sound effects and the calm music loop from the folders in
#: ``argv`` (the loaders open files in C, holding the interpreter: only another
#: process can be bounded in time), then prints what it got.
PIPES_CHILD = r"""
import json, logging, sys
from pathlib import Path
import pygame
from game.storage import paths
paths.FONTS = Path(sys.argv[1])
from game.ui.draw import theme
from game.ui.voice.sound import Music, Sounds

class Opening:
    # stands in for pygame.mixer.music: opens the file, as SDL does
    loaded = []
    def load(self, path):
        with open(path, "rb") as f:
            f.read(16)
        self.loaded.append(path)
    def __getattr__(self, name):
        return lambda *a: None

pygame.font.init()
font = theme.font_px(20)
sounds = Sounds(folder=Path(sys.argv[2]))
names = sounds.names
music = Music(folder=Path(sys.argv[2]) / "music", backend=Opening())
music.update(0.1, "calm")
print(json.dumps({"fallback": isinstance(font, theme.FallbackFont), "sounds": list(names),
                  "mixer": sounds.available, "music": Opening.loaded, "playing": music.playing}))
"""


def folder_with_a_pipe(src: Path, dst: Path, name: str) -> Path:
    """A copy of the folder ``src`` at ``dst`` with ``name`` a named pipe."""
    shutil.copytree(src, dst)
    (dst / name).unlink()
    os.mkfifo(dst / name)
    return dst / name


@needs_fifo
def test_named_pipes_for_a_font_a_sound_and_a_music_loop(tmp_path):
    """The font, a sound effect and a music loop are named pipes: nothing waits
    on them (the child process ends; before, it hung for ever), the text is drawn
    with pygame's own font, the other effects load, the music stays silent for
    that theme, and stderr names each file."""
    from game.storage import paths

    font = folder_with_a_pipe(paths.FONTS, tmp_path / "fonts", "DejaVuSans.ttf")
    click = folder_with_a_pipe(paths.SOUNDS, tmp_path / "sounds", "click.wav")
    calm = tmp_path / "sounds" / "music" / "calm.wav"
    calm.unlink()
    os.mkfifo(calm)
    out = run_child(["-c", PIPES_CHILD, str(tmp_path / "fonts"), str(tmp_path / "sounds")])
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr[-3000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["fallback"] is True and str(font) in out.stderr, out.stderr
    assert got["music"] == [] and got["playing"] is None and str(calm) in out.stderr, out.stderr
    if got["mixer"]:                                 # a mixer opened (SDL's dummy driver): the effects loaded
        assert "click" not in got["sounds"] and "step" in got["sounds"] and str(click) in out.stderr, got


# ------------------------------------------------------------ a picture that claims to be enormous
def test_a_sprite_claiming_30000_pixels_is_never_decoded(tmp_path, monkeypatch, caplog):
    """A card sprite whose PNG header claims 30000 x 30000 pixels is refused from
    its header (the decoder is never called for it: it took 10-17 s a frame and
    3.4 GB), the card is drawn plainly and the log names the file."""
    import struct
    import zlib

    from game.storage import paths
    from game.ui.draw import assets

    shutil.copytree(paths.SPRITES, tmp_path / "sprites")
    huge = tmp_path / "sprites" / "cards" / "rope.png"
    ihdr = struct.pack(">IIBBBBB", 30000, 30000, 8, 6, 0, 0, 0)
    huge.write_bytes(b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr
                     + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr)) + b"\x00" * 64)
    monkeypatch.setattr(paths, "SPRITES", tmp_path / "sprites")
    decoded = []
    real = pygame.image.load

    def spy(src, *a):
        decoded.append(getattr(src, "name", None) or (a[0] if a else src))
        if "rope" in str(decoded[-1]):
            raise AssertionError("the 30000 x 30000 picture went to the decoder")
        return real(src, *a)

    monkeypatch.setattr(pygame.image, "load", spy)
    assets.clear_cache()
    with caplog.at_level("WARNING"):
        assert assets._load("cards/rope.png") is None
        assert assets._load("cards/knife.png") is not None       # the others still load
    assets.clear_cache()
    assert str(huge) in caplog.text and "30000 x 30000" in caplog.text, caplog.text


# ------------------------------------------------------------ a full disk in the card game
class FullDisk:
    """Stands in for :func:`game.storage.files.write_atomic` on a disk with ``free``
    bytes: a write fails as a full disk does (ENOSPC) when the file already
    there and the new text do not both fit (the new file is written beside the
    old one, then renamed over it).  ``results`` is ``"."`` or ``"x"`` per write."""

    def __init__(self, free: int) -> None:
        from game.storage.files import write_atomic

        self.free, self.results, self._write = free, [], write_atomic

    def __call__(self, path, text: str) -> None:
        old = os.stat(path).st_size if os.path.exists(path) else 0
        if old + len(text.encode()) > self.free:
            self.results.append("x")
            raise OSError(errno.ENOSPC, "No space left on device")
        self._write(path, text)
        self.results.append(".")


def test_a_full_disk_in_a_whole_card_game_is_said_once_each_way(tmp_path, monkeypatch):
    """A whole card game (a person and two computers; the person marks a card
    in the case file at every turn, so the save also shrinks when a mark is
    taken off) on a disk that fills up part way: one "cannot be saved" box;
    writes that fail after it say nothing; when space comes back, one "saved
    again" box; the finished game removes its autosave."""
    import game.storage.save
    from game.cardgame.engine import Phase
    from game.ui.app import App
    from game.ui.cardgame.notebook import CaseFileScene
    from game.ui.cardgame.table import CardTableScene
    from game.ui.scenes.message import MessageScene
    from tests.inputs import key
    from tests.test_cardgame_ui import CardGameOverScene, Driver, ready, start

    disk = FullDisk(free=1900)             # the first ~20 saves fit (measured: they are 0.3-1.3 KB)
    monkeypatch.setattr(game.storage.save, "write_atomic", disk)

    class Marking(Driver):
        """The Driver of the card table tests, and a person who opens the case file
        once at each of their turns and moves one mark on (blank, X, ?, tick, blank)."""
        looked = -1

        def act(self, top) -> None:
            table = self.app.find(CardTableScene)
            if (isinstance(top, CardTableScene) and top.human_to_act and table.game.phase is Phase.ASK
                    and self.looked != len(table.game.actions)):
                self.looked = len(table.game.actions)
                key(self.app, pygame.K_n)
            elif isinstance(top, CaseFileScene):
                top.cycle(next(c for c in ("knife", "rope", "wrench") if c not in top.auto))
                key(self.app, pygame.K_ESCAPE)
            else:
                super().act(top)

    path = tmp_path / "autosave.json"
    app = App(seed=11, sound=False, speed=20.0, threaded_ai=False, save_path=path)
    app.start()
    start(app, ("human", "medium", "beginner"), seed=1)    # beginner: the easy this game was measured with
    person = Marking(app)
    boxes: list[tuple[str, int]] = []       # (first words, writes failed so far)
    for _ in range(20000):
        top = app.top
        if isinstance(top, CardGameOverScene):
            break
        if disk.results.count("x") >= 8:
            disk.free = 1 << 20               # space comes back
        if isinstance(top, MessageScene):
            boxes.append((top.text[:40], disk.results.count("x")))
            key(app, pygame.K_RETURN)
        elif not ready(top):
            app.step(0.1)
        else:
            person.act(top)
    app.close()
    assert isinstance(top, CardGameOverScene), top
    said = "".join(disk.results)
    fails = said.count("x")
    assert fails >= 8 and "." + "x" * fails + "." in said, said     # fitted, failed in a row, fitted again
    assert [t for t, _ in boxes] == ["Your game cannot be saved to " + str(path)[:11],
                                     "Your game can be saved again: it is save"], boxes
    assert boxes[0][1] == 1 and boxes[1][1] == fails, boxes       # said at the first failure and when space came back
    assert not path.exists()                                  # the finished game is not offered to continue
