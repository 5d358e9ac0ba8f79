"""Kill the game at random moments during play: "Continue" always resumes a
valid game.  CI runs a short version; ``python -m pytest -m slow`` runs 100 kills."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import paths
from game.board.tmx import load_board
from game.save import read_save, replay

ROOT = Path(__file__).resolve().parent.parent
BOARD = load_board(paths.MANSION_MAP)


def kill_and_check(folder: Path, kills: int, seed: int) -> tuple[int, int]:
    """Start the game, kill it after a random time, check the autosave; repeat.
    Returns (kills, saves that resumed a game)."""
    rng = random.Random(seed)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    resumed = 0
    longest = 0
    for k in range(kills):
        proc = subprocess.Popen([sys.executable, "-m", "game.soak", "--play-autosave", str(folder),
                                 "--seed", str(seed * 1000 + k)], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.4, 2.5))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        save = folder / "autosave.json"
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
    # and the title's Continue really resumes it in the app
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.app import App
    from game.ui.scenes.board import BoardScene

    app = App(seed=1, sound=False, threaded_ai=False, settings_path=tmp_path / "settings.json",
              save_path=tmp_path / "autosave.json")
    app.start()
    assert app.store.can_continue() and app.store.continue_game()
    board = app.find(BoardScene)
    assert board is not None and board.game.actions == read_save(tmp_path / "autosave.json").actions
    app.close()


@pytest.mark.slow
def test_kill_and_continue_hundred_kills(tmp_path):
    resumed, longest = kill_and_check(tmp_path, 100, seed=2)
    assert resumed >= 95 and longest > 20
