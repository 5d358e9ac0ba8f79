"""Start-up does only what the first frame needs."""

from __future__ import annotations

from tests.inputs import defaults_after  # noqa: F401  (English and normal text after each test)


def test_exit_after_first_frame(monkeypatch):
    """``CLUE_EXIT_AFTER_FIRST_FRAME=1`` (the start-up benchmark) closes the
    game right after its first frame, with exit code 0."""
    from game.ui.app import App

    monkeypatch.setenv("CLUE_EXIT_AFTER_FIRST_FRAME", "1")
    app = App(sound=False)
    app.start()
    frames = []
    real_step = app.step

    def step(dt, draw=True):
        frames.append(dt)
        real_step(dt, draw)
        return len(frames) < 5          # without the variable the loop would stop only after five frames

    monkeypatch.setattr(app, "step", step)
    assert app.run() == 0
    assert len(frames) == 1


def test_first_frame_is_not_held_back_by_the_frame_cap(monkeypatch):
    """The loop caps frames at 60 a second, but the first frame is drawn at
    once: no wait of up to 1/60 s before the title appears."""
    from game.ui.app import App

    app = App(sound=False)
    app.start()
    caps = []

    class Clock:
        def tick(self, framerate=0):
            caps.append(framerate)
            return 16

    app.clock = Clock()
    steps = []
    monkeypatch.setattr(app, "step", lambda dt, draw=True: steps.append(dt) or len(steps) < 3)
    app.run()
    assert caps[-3:] == [0, 60, 60]       # the first frame uncapped, every later one at most 60 a second
    assert len(steps) == 3


CHILD = r"""
import sys
import game.ui.app

at_first_frame = []
real_step = game.ui.app.App.step


def step(self, dt, draw=True):
    going = real_step(self, dt, draw)
    if not at_first_frame:                  # the modules in memory once the first frame is on screen
        at_first_frame.extend(sorted(sys.modules))
    return going


game.ui.app.App.step = step
import game.commands.cli
rc = game.commands.cli.main([])
print(rc)
print(" ".join(at_first_frame))
"""

#: Modules the title's first frame does not need: the scenes after it, both games' rules engines,
#: their options and matches, the computer players, the card game, saved games (no autosave here),
#: the --screenshot states, the map and its reader (read at the next frame), and the rotating log
#: file's handlers (opened at the next frame: they bring sockets and pickling).
NOT_AT_START = ("game.ui.board", "game.ui.scenes.setup", "game.ui.bases.match", "game.ui.lesson.coach", "game.ui.screenshots.screens",
                "game.ui.cardgame", "game.cardgame", "game.ai", "game.rules.engine", "game.rules.options",
                "game.learning.hints", "game.storage.save", "game.ui.mansion.boardview", "game.board",
                "pytmx", "xml.etree", "logging.handlers", "socket", "pickle", "game.net")


def test_start_up_imports_only_what_the_first_frame_needs(tmp_path):
    """``python run.py`` up to the title's first frame imports no scene after
    the title, no computer player, no card game, no rules engine or rule
    options, not the map's reader (the map is read at the next frame) and not
    the log file's rotating handler (opened at the next frame)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CLUE_EXIT_AFTER_FIRST_FRAME="1",
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_STATE_HOME=str(tmp_path / "state"))
    out = subprocess.run([sys.executable, "-c", CHILD], cwd=root, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    rc, modules = out.stdout.strip().splitlines()[-2:]
    assert rc == "0"
    loaded = modules.split()
    assert "game.ui.scenes.title" in loaded and "game.ui.draw.window" in loaded
    assert [m for m in loaded if m.startswith(NOT_AT_START)] == []
    # the window closed after its first frame: the log file was opened then, and holds the start
    log = tmp_path / "state" / "clue-family" / "log" / "clue.log"
    assert " INFO game.storage.logfile: started: -c (Python " in log.read_text(encoding="utf-8")


def test_the_map_is_read_at_the_frame_after_the_first(tmp_path):
    """A real start (``map_later``) shows the title without reading the map; the next frame
    reads it, and a broken map's message replaces the title then.  What was logged before
    reaches the log file, opened at that frame too, with the start's line first."""
    from game.storage import logfile
    from game.ui.app import App
    from game.ui.scenes.error import ErrorScene
    from game.ui.scenes.title import TitleScene

    bad = tmp_path / "broken.tmx"
    bad.write_text("<map>")
    try:
        assert logfile.setup(folder=tmp_path / "log", later=True) == tmp_path / "log" / logfile.FILE_NAME
        logfile.log.info("said before the first frame")
        app = App(sound=False, map_path=bad)
        app.start(map_later=True)
        assert app._map is None and isinstance(app.top, TitleScene)
        assert not (tmp_path / "log" / logfile.FILE_NAME).exists()
        app.first_frame = True
        app.step(0)
        assert app._map is None and isinstance(app.top, TitleScene)     # the first frame: the title, no map
        app.first_frame = False
        app.step(1 / 60)
        assert isinstance(app.top, ErrorScene) and str(bad) in app.map_error
        lines = (tmp_path / "log" / logfile.FILE_NAME).read_text(encoding="utf-8").splitlines()
        assert " INFO game.storage.logfile: started: " in lines[0]
        assert lines[1].endswith(" INFO game.storage.logfile: said before the first frame")
        assert " ERROR game.ui.app: Cannot load the board: " in lines[2]
        app.close()
    finally:
        logfile.setup()         # as tests/conftest.py has it


def test_a_saved_game_to_check_reads_the_map_before_the_first_frame(tmp_path):
    """With an autosave to check (the title's Continue needs the board to replay it) the
    map is read at once, as are the log's messages (the title shows them)."""
    from game.ui.app import App

    save = tmp_path / "autosave.json"
    save.write_text("{}")
    app = App(sound=False, save_path=save)
    app.start(map_later=True)
    assert app._map is not None and app.board is not None
    app.close()


SPAWN_CHILD = r"""
import sys
started = []
sys.addaudithook(lambda event, args: started.append(event) if event in (
    "subprocess.Popen", "os.posix_spawn", "os.fork", "os.forkpty", "os.exec", "os.spawn", "os.system") else None)
import game.commands.cli
rc = game.commands.cli.main([])
print(rc)
print(" ".join(started) or "-")
"""


def test_start_up_starts_no_other_program(tmp_path):
    """Up to the title's first frame the game starts no other program: the log
    file's first line names the system without ``platform.platform()``, which
    ran ``uname -p`` (a process of its own, 20 to 30 ms of every start)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CLUE_EXIT_AFTER_FIRST_FRAME="1",
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_STATE_HOME=str(tmp_path / "state"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    out = subprocess.run([sys.executable, "-c", SPAWN_CHILD], cwd=root, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    rc, started = out.stdout.strip().splitlines()[-2:]
    assert (rc, started) == ("0", "-")
    logs = list(tmp_path.rglob("*.log"))
    assert len(logs) == 1
    from game.storage.logfile import system_name

    assert f"Python {sys.version.split()[0]}, {system_name()})" in logs[0].read_text()


def test_screenshot_parses_the_map_once(tmp_path, monkeypatch):
    """``run.py --screenshot`` reads the Tiled map once (it was read twice:
    once by the command line to say a broken map, once by the game)."""
    import pytmx

    from game.commands.cli import main

    parsed = []

    class Counting(pytmx.TiledMap):
        def __init__(self, filename=None, *args, **kwargs):
            parsed.append(filename)
            super().__init__(filename, *args, **kwargs)

    monkeypatch.setattr(pytmx, "TiledMap", Counting)
    try:
        assert main(["--screenshot", str(tmp_path / "title.png"), "--scene", "title"]) == 0
    finally:   # the screenshot ends with pygame.quit(): fonts cached until then are no longer valid
        from game.ui.draw import assets, theme, widgets

        theme.reset_caches()
        widgets.clear_cache()
        assets.clear_cache()
    assert len(parsed) == 1 and (tmp_path / "title.png").exists()


def test_sounds_are_read_when_first_played(monkeypatch):
    """Opening the sounds reads no wav file (the window opens without waiting
    for them); the first effect played reads them."""
    import pygame

    from game.ui.voice.sound import Sounds

    read = []
    real = pygame.mixer.Sound
    monkeypatch.setattr(pygame.mixer, "Sound", lambda path: read.append(path) or real(path))
    sounds = Sounds(volume=0.5)
    if not sounds.available:     # no mixer on this machine: nothing is ever read
        assert sounds.names == () and read == []
        return
    assert read == []
    sounds.play("click")
    assert len(read) >= 7 and "click" in sounds.names
    sounds.play("die")
    assert len(read) >= 7 and len(read) == len(set(read))     # read once
    sounds.close()


def test_the_window_opens_before_the_title_picture_is_painted(monkeypatch):
    """The first frame of a real start shows the title's words and buttons on wood at once; the
    mansion (a tenth of a second to paint) and the suspects fade in over the next frames, and then
    the title is exactly the one every later start and every screenshot shows."""
    import pygame

    from game.ui.app import App
    from game.ui.draw import theme
    from game.ui.mansion import scenery

    scenery._CACHE.clear()
    app = App(sound=False)
    app.start()
    frames = []
    real_step = app.step

    def step(dt, draw=True):
        painted = scenery.mansion_front_ready((1280, 720))
        real_step(1 / 60, draw)
        frames.append((painted, scenery.mansion_front_ready((1280, 720)),
                       pygame.image.tobytes(app.window.surface, "RGB")))
        return len(frames) < 40

    monkeypatch.setattr(app, "step", step)
    app.run()
    assert frames[0][1] is False                        # the first frame did not paint the mansion
    assert frames[1][1] is True                         # the second did
    assert frames[5][2] != frames[30][2]                # ... and faded it in
    pygame.init()
    app2 = App(sound=False)                              # a later start: the picture is painted already
    app2.start()
    app2.draw()
    app2.top.t = app.top.t if app.top is not None else 40 / 60      # the suspects bob with the clock
    app2.draw()
    above_lawn = 560 * 1280 * 3
    assert frames[-1][2][:above_lawn] == pygame.image.tobytes(app2.window.surface, "RGB")[:above_lawn]
    app2.close()
    theme.reset_caches()
