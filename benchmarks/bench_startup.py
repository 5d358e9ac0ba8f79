"""Start-up benchmark (prints figures; not a test).

Paired timing of two commands, alternated in one run (A B, B A, A B ...) so
that a busy machine slows both alike, and their medians compared:

* **game**: ``python run.py`` from process start to the first frame of the
  title on screen (``CLUE_EXIT_AFTER_FIRST_FRAME=1`` makes the game close right
  after that frame is presented);
* **bare**: a bare pygame-ce script that opens a 1280 x 720 window and flips once.

Both run under ``SDL_VIDEODRIVER=dummy`` and ``SDL_AUDIODRIVER=dummy``, with the
user's config and data folders pointed at an empty temporary folder (no
settings file, no saved game to check).  Compiled byte code is kept in a
temporary folder (``PYTHONPYCACHEPREFIX``) and one unmeasured run of each
command fills it, as after a normal install; ``--compile-each-run`` instead
compiles every module from source on every run (``PYTHONDONTWRITEBYTECODE=1``,
for both commands).  For each command it prints the median
wall time and the median CPU time (user + system of the child process, from
``os.wait4``), in milliseconds, and the ratio game / bare.  The goal is a ratio
of at most 2.0.

Run: ``python benchmarks/bench_startup.py [--runs 15]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The bare pygame-ce script: open a 1280 x 720 window, flip once.
BARE = """\
import os
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.init()
pygame.display.set_mode((1280, 720))
pygame.display.flip()
pygame.quit()
"""


def run_once(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Run ``cmd`` to its end; ``(wall seconds, CPU seconds)`` of that child.
    Raises ``RuntimeError`` when it exits with an error."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {proc.returncode}:\n{err}")
    return wall, usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=15, help="runs of each command (default 15)")
    p.add_argument("--compile-each-run", action="store_true",
                   help="keep no compiled byte code: every run compiles from source")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                   XDG_CONFIG_HOME=str(Path(home, "config")), XDG_DATA_HOME=str(Path(home, "data")),
                   CLUE_EXIT_AFTER_FIRST_FRAME="1")
        env.pop("CLUE_LANG", None)
        if args.compile_each_run:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
            env.pop("PYTHONPYCACHEPREFIX", None)
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(home, "pycache"))
        commands = {"game": [sys.executable, str(ROOT / "run.py")], "bare": [sys.executable, "-c", BARE]}
        for cmd in commands.values():        # warm the disk cache and the byte-code cache; not counted
            run_once(cmd, env)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for i in range(args.runs):
            order = ("game", "bare") if i % 2 == 0 else ("bare", "game")
            for name in order:
                times[name].append(run_once(commands[name], env))
    med = {name: (statistics.median(w for w, _c in t), statistics.median(c for _w, c in t))
           for name, t in times.items()}
    print(f"{args.runs} paired runs ({'compiling every run' if args.compile_each_run else 'byte code cached'}), "
          "medians (ms):")
    print(f"  {'':6} {'wall':>8} {'cpu':>8}")
    for name, (wall, cpu) in med.items():
        print(f"  {name:6} {wall * 1000:8.1f} {cpu * 1000:8.1f}")
    ratio_wall, ratio_cpu = med["game"][0] / med["bare"][0], med["game"][1] / med["bare"][1]
    print(f"  ratio  {ratio_wall:7.2f}x {ratio_cpu:7.2f}x   (goal: at most 2.00x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
