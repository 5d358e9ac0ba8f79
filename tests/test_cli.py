"""The command line: clear errors, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "run.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_bad_size_is_refused():
    for size in ("10x10", "big", "99999x99999"):
        out = run("--size", size, "--screenshot", "/dev/null")
        assert out.returncode == 2 and "--size must" in out.stderr and "Traceback" not in out.stderr


def test_headless_with_missing_map(tmp_path):
    out = run("--headless", "--map", str(tmp_path / "nope.tmx"))
    assert out.returncode == 2
    assert "Cannot load the board" in out.stderr and "nope.tmx" in out.stderr and "Traceback" not in out.stderr


def test_screenshot_with_broken_map_says_why(tmp_path):
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map>")
    out = run("--screenshot", str(tmp_path / "shot.png"), "--scene", "board", "--map", str(broken))
    assert "Cannot load the board" in out.stderr and "broken.tmx" in out.stderr
    assert "Traceback" not in out.stderr
    assert (tmp_path / "shot.png").exists()  # the error screen itself


def _saves(tmp_path):
    from game.board.tmx import load_board
    from game.commands.headless import computer_setup, play
    from game.storage import paths
    from game.storage.save import SavedGame, save_game

    game = play(load_board(paths.MANSION_MAP), computer_setup(3, 8))
    save_game(tmp_path / "full.json", SavedGame(game.setup, list(game.actions)))
    save_game(tmp_path / "half.json", SavedGame(game.setup, list(game.actions[:9])))
    doc = json.loads((tmp_path / "half.json").read_text())
    doc["actions"][4] = {"type": "Roll"}
    (tmp_path / "bad.json").write_text(json.dumps(doc))
    return game


def test_replay_command(tmp_path):
    game = _saves(tmp_path)
    out = run("--replay", str(tmp_path / "full.json"))
    assert out.returncode == 0 and out.stdout.strip().splitlines()[-1].startswith("RESULT:")
    out = run("--replay", str(tmp_path / "half.json"))
    assert out.returncode == 0 and out.stdout.strip().splitlines()[-1].startswith("SAVED: the game goes on")
    out = run("--replay", str(tmp_path / "bad.json"))
    last = out.stdout.strip().splitlines()[-1]
    assert out.returncode == 2 and "move 5 in it (rolling the die) breaks the rules" in last and "already moved" in last
    assert '"actions"[4]' in out.stderr                          # the place, for a programmer
    out = run("--replay", str(tmp_path / "missing.json"))
    assert out.returncode == 2 and "does not exist" in out.stdout and "Traceback" not in out.stderr
    assert game.over


def test_help_names_the_rules_by_title_not_by_number():
    """--help says the rules' titles: the numbers of the rules texts are for the code's citations."""
    import re

    from game.rules.options import PRESETS

    out = run("--help")
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())            # argparse wraps lines anywhere
    assert not re.search(r"\b00\d\b", text), re.findall(r".{40}\b00\d\b.{10}", text)
    for key, preset in PRESETS.items():
        assert f"{key} = {preset.title}" in text, (key, preset.title)
    assert "House rules switch on top of any preset" in text and "the 2018 Clue Card Game for --headless" in text


def test_screenshot_into_a_named_pipe_or_a_folder_is_refused(tmp_path):
    """Writing a PNG into a named pipe would wait for a reader for ever: a path that exists and
    is not an ordinary file is refused at once, naming it (the subprocess timeout bounds a hang);
    so are an empty path (an unset shell variable opened the window) and a missing folder (a
    traceback)."""
    import os

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    plain = tmp_path / "plain"
    plain.write_text("x")
    for target, words in ((fifo, "it is a special file"), (tmp_path, "it is a folder"), ("", "the path is empty"),
                          (tmp_path / "nowhere" / "x.png", f"there is no folder {tmp_path / 'nowhere'}"),
                          (plain / "x.png", f"there is no folder {plain}")):
        try:
            out = subprocess.run([sys.executable, "run.py", "--screenshot", str(target), "--scene", "board"], cwd=ROOT,
                                 capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"--screenshot {target} did not come back in 60 s") from None
        assert out.returncode == 2, (target, out.returncode, out.stderr[-500:])
        assert f"--screenshot {target}: {words}" in out.stderr and "Traceback" not in out.stderr, out.stderr
    assert fifo.is_fifo()                                       # left as it was
