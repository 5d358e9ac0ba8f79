"""Kill the game at random moments during play: "Continue" always resumes a
valid game.  CI runs a short version; ``python -m pytest -m slow`` runs 100 kills.

The kill moments follow the game's own progress, not the clock: each kill comes
after a random number of autosaves have been seen on disk, so the test means the
same on a busy machine, where start-up alone can take seconds."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.board.tmx import load_board
from game.storage import paths
from game.storage.save import read_save, replay

ROOT = Path(__file__).resolve().parent.parent
BOARD = load_board(paths.MANSION_MAP)


#: Each kill comes after this many autosaves (drawn at random per kill); the game
#: writes one after every move, a few hundred a second on an idle machine.
SAVES_BEFORE_KILL = (1, 300)
#: A safety net, not a timing window: fail (saying so) if the game writes no
#: autosave for this long, far more than the busiest machine needs for one move.
STUCK_SECONDS = 180.0


def _save_state(save: Path) -> tuple[int, int, int] | None:
    """What the autosave looks like on disk (inode, mtime in ns, size), None when
    there is none: every write replaces the file, so one of these changes."""
    try:
        st = save.stat()
    except FileNotFoundError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size


def wait_for_saves(proc: subprocess.Popen, save: Path, saves: int, log: Path) -> None:
    """Wait until the running game ``proc`` has written ``save`` at least ``saves``
    more times (several writes between two looks count once, so it may be
    more).  Fails the test if the game stops by itself or writes nothing for
    :data:`STUCK_SECONDS`."""
    seen, last, quiet_since = 0, _save_state(save), time.monotonic()
    while seen < saves:
        if proc.poll() is not None:
            pytest.fail(f"the game stopped by itself (exit code {proc.returncode}) after {seen} of {saves} "
                        f"autosaves; its output:\n{log.read_text(errors='replace')[-3000:]}")
        now = _save_state(save)
        if now != last:
            last = now
            if now is not None:
                seen, quiet_since = seen + 1, time.monotonic()
        elif time.monotonic() - quiet_since > STUCK_SECONDS:
            proc.kill()
            pytest.fail(f"the game wrote no autosave for {STUCK_SECONDS:.0f} s ({seen} of {saves} seen): stuck?")
        time.sleep(0.001)


def kill_and_check(folder: Path, kills: int, seed: int) -> tuple[int, int]:
    """Start the game, kill it after a random number of autosaves, check the
    autosave; repeat.  Returns (saves that resumed a game, most actions in one)."""
    rng = random.Random(seed)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    resumed = 0
    longest = 0
    save = folder / "autosave.json"
    log = folder.parent / f"{folder.name}-game.text.log"
    for k in range(kills):
        with log.open("wb") as out:
            proc = subprocess.Popen([sys.executable, "-m", "game.commands.soak", "--play-autosave", str(folder),
                                     "--seed", str(seed * 1000 + k)], cwd=ROOT, env=env,
                                    stdout=out, stderr=subprocess.STDOUT)
            try:
                wait_for_saves(proc, save, rng.randint(*SAVES_BEFORE_KILL), log)
            finally:
                proc.send_signal(signal.SIGKILL)
                proc.wait()
        leftovers = [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
        for name in leftovers:  # a temporary file cut off by the kill is never read
            (folder / name).unlink()
        assert not [p for p in folder.iterdir() if "broken" in p.name], "a save was damaged"
        if save.exists():
            saved = read_save(save)              # always a complete, readable document
            game = replay(BOARD, saved, save)    # ... that replays to a legal game
            assert not game.over
            longest = max(longest, len(saved.actions))
            resumed += 1
    return resumed, longest


def test_kill_and_continue_short(tmp_path):
    resumed, longest = kill_and_check(tmp_path, 8, seed=1)
    assert resumed >= 6 and longest > 0
    # and the title's Continue really resumes it in the app.  A game lasts about a
    # second here, so the last kill may land just after one ended (its autosave
    # removed, nothing to continue): then kill once more.
    for extra in range(5):
        if (tmp_path / "autosave.json").exists():
            break
        kill_and_check(tmp_path, 1, seed=10 + extra)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.app import App
    from game.ui.board.table import BoardScene

    app = App(seed=1, sound=False, threaded_ai=False, settings_path=tmp_path / "settings.json",
              save_path=tmp_path / "autosave.json")
    app.start()
    assert app.store.can_continue(), (sorted(p.name for p in tmp_path.iterdir()), app.store.file_messages)
    assert app.store.continue_game()
    board = app.find(BoardScene)
    assert board is not None and board.game.actions == read_save(tmp_path / "autosave.json").actions
    app.close()


@pytest.mark.slow
def test_kill_and_continue_hundred_kills(tmp_path):
    resumed, longest = kill_and_check(tmp_path, 100, seed=2)
    assert resumed >= 95 and longest > 20
