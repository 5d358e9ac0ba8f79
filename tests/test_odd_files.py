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
from game.ui.coach import start_lesson
import game.files, game.save, game.settings, game.tutorial, traceback

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


# ------------------------------------------------------------ a save of a newer version
def test_a_save_of_a_newer_version_is_named(tmp_path):
    """The box over the title about a game of a newer version names its file
    (the whole path: a parent does not know where the game keeps it)."""
    import game.save
    from game.ui.app import App
    from game.ui.scenes.message import MessageScene

    path = tmp_path / "autosave.json"
    path.write_text(json.dumps({"format": "clue-save", "version": game.save.SAVE_VERSION + 1}))
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
