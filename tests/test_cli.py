"""The command line: clear errors, never a traceback."""

from __future__ import annotations

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
