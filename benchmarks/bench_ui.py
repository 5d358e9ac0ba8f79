"""UI benchmark (prints figures; not a test).

For each window size asked for (default: 1280x720, 1920x1080 and 3840x2160,
each in a fresh process so that no picture cached for one size helps another):

* start to first frame: creating the app and drawing the title (seconds, wall);
* board-scene frame time while the die tumbles and tokens walk or glide, with
  the dummy video driver: CPU time of the thread (``time.thread_time``) for one
  ``app.step`` with drawing, including ``Window.present`` (putting the picture
  of the window's resolution in the window), median, p99 and max in
  milliseconds.  Goals: p99 <= 4 ms at 1920x1080, <= 12 ms at 3840x2160.
* the same for every frame after the board's first, for a suggestion's frames (from the one it is
  played in, which makes its pictures, to the moment's end), for the frame it is played in alone,
  and for the suggestion picker's first frame (the loop closes it at once); and how many of each
  took over 50 ms (goal at 3840x2160: none).
* with ``--slowest N``: the N slowest of the animation frames, each with the animation running
  when it began and after it, whether a screen opened in it (the suggestion picker, when the
  walk ends in a room), whether a suggestion's room was wiping in or covered the table, and the
  CPU time of the cycle collector's runs in it (by generation): what the p99 is made of.

Run: ``python benchmarks/bench_ui.py [--size 1920x1080 ...] [--rolls 25] [--slowest 40]``
(it sets the dummy video and audio drivers itself)
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SIZES = ("1280x720", "1920x1080", "3840x2160")
#: CPU p99 goal per window size, milliseconds (none set at the logical size).
GOALS = {"1920x1080": 4.0, "3840x2160": 12.0}
#: A frame slower than this (milliseconds) is counted: the goal is none at 3840x2160 but the very first.
SLOW_MS = 50.0


def parse_size(text: str) -> tuple[int, int]:
    """``"1920x1080"`` as ``(1920, 1080)``; raises ``argparse.ArgumentTypeError`` otherwise."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT, like 1920x1080, not {text!r}") from None
    return w, h


def percentile(sorted_ms: list[float], q: float) -> float:
    """The ``q`` quantile (0..1, nearest rank) of ascending ``sorted_ms``."""
    return sorted_ms[min(len(sorted_ms) - 1, int(len(sorted_ms) * q))]


class Collections:
    """The cycle collector's runs (:data:`gc.callbacks`): CPU milliseconds (``time.thread_time``)
    by generation since :meth:`clear`, while :meth:`watch` is in force."""

    def __init__(self) -> None:
        self.ms: dict[int, float] = {}
        self._start = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._start = time.thread_time()
        else:
            gen = info["generation"]
            self.ms[gen] = self.ms.get(gen, 0.0) + (time.thread_time() - self._start) * 1000

    def clear(self) -> None:
        self.ms = {}

    def watch(self) -> None:
        gc.callbacks.append(self)

    def words(self) -> str:
        """``"gc: gen0 0.31 ms, gen2 18.20 ms"``, or ``""`` when none ran."""
        return "gc: " + ", ".join(f"gen{g} {v:.2f} ms" for g, v in sorted(self.ms.items())) if self.ms else ""


def _moment(show) -> str:
    """What a suggestion's stage showed: ``"room wiping in"``, ``"room over the table"`` or ``""``."""
    if show is None:
        return ""
    return "room wiping in" if not show.staged else "room over the table"


def measure(size: tuple[int, int], rolls_wanted: int, slowest: int = 0) -> None:
    """Print the start-up and board frame figures at window ``size`` (width, height in pixels);
    with ``slowest``, what the slowest animation frames were (see the module)."""
    t0 = time.perf_counter()
    from game.ui.app import App

    app = App(size=size, seed=3, sound=False)
    app.start()
    app.step(0.016)
    label = f"{size[0]}x{size[1]}"
    print(f"[{label}] start to first frame: {time.perf_counter() - t0:.3f} s")

    from game.rules.actions import Disprove, EndTurn, Roll, Suggest
    from game.rules.engine import Phase
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.board.picker import PickerScene
    from game.ui.board.table import BoardScene
    from game.ui.draw import anim

    t1 = time.perf_counter()
    board = BoardScene(app, Match(app.board, quick_setup(3)))
    app.push(board)
    app.step(0.016)
    print(f"[{label}] title to first board frame: {time.perf_counter() - t1:.3f} s")

    g = board.game
    times: list[float] = []
    plain: list[float] = []        # the board alone
    staged: list[float] = []       # a suggestion's stage over it (a token or weapon gliding in)
    every: list[float] = []        # every frame, whatever moves
    suggestion: list[float] = []   # every frame of a suggestion's moment, from the one that plays it
    played: list[float] = []       # the frame a suggestion is played in (its pictures are made)
    picker: list[float] = []       # the suggestion picker's first frame (it is closed at once)
    notes: list[tuple[float, int, str]] = []    # (ms, frame, what it was) of each animation frame, with --slowest
    collections = Collections()
    if slowest:
        collections.watch()
    rolls = frames = 0
    while rolls < rolls_wanted and frames < 50000 and not g.over:
        frames += 1
        while app.top is not board:          # close any overlay the person would see
            app.pop()
        if board.human_to_act:
            if g.phase is Phase.DISPROVE:
                board.do(Disprove(next(c for c in g.suggestion.cards if c in g.seats[g.actor].hand)))
            elif g.phase is Phase.START and g.can_roll():
                board.do(Roll())
                rolls += 1
            elif g.phase is Phase.MOVE:
                board.choose(next(iter(g.moves())))
            elif g.phase is Phase.SUGGEST:
                board.do(Suggest("plum", "rope"))
            else:
                board.do(EndTurn())
        watched = isinstance(board.anim, (anim.DieRoll, anim.Walk, anim.Glide, anim.Group))
        shown = board.suggestion_show
        began, top = type(board.anim).__name__, app.top
        collections.clear()
        s = time.thread_time()
        app.step(1 / 60)
        e = time.thread_time() - s
        every.append(e * 1000)
        if watched:
            times.append(e * 1000)
            if slowest:
                said = [f"{began} -> {type(board.anim).__name__}", _moment(board.suggestion_show),
                        f"opened {type(app.top).__name__}" if app.top is not top else "", collections.words()]
                notes.append((e * 1000, frames, "; ".join(w for w in said if w)))
            (staged if board.suggestion_show is not None else plain).append(e * 1000)
        if shown is not None or board.suggestion_show is not None:
            suggestion.append(e * 1000)
            if shown is None:
                played.append(e * 1000)
        if isinstance(app.top, PickerScene):
            picker.append(e * 1000)
    times.sort()
    goal = f"   (goal: p99 <= {GOALS[label]:.0f} ms)" if label in GOALS else ""
    print(f"[{label}] board frames during die/walk/glide animations: {len(times)}")
    print(f"[{label}] frame CPU time median: {statistics.median(times):.2f} ms, "
          f"p99: {percentile(times, 0.99):.2f} ms, max: {times[-1]:.2f} ms{goal}")
    for name, part in (("on the table", plain), ("with a suggestion staged", staged)):
        if part:
            part.sort()
            print(f"[{label}]   {name}: {len(part)} frames, median {statistics.median(part):.2f} ms, "
                  f"p99 {percentile(part, 0.99):.2f} ms")
    if slowest:
        print(f"[{label}] the {slowest} slowest animation frames (frame number, ms, animation then -> after):")
        for ms, n, what in sorted(notes, reverse=True)[:slowest]:
            print(f"[{label}]   #{n:5d} {ms:8.2f} ms  {what}")
    # frames no animation was running into: the ones that make a moment's pictures or open a screen
    for name, part in (("every frame", every), ("a suggestion's frames", suggestion),
                       ("the frame a suggestion is played", played), ("the suggestion picker's first frame", picker)):
        if part:
            part.sort()
            over = sum(1 for v in part if v > SLOW_MS)
            print(f"[{label}] {name}: {len(part)}, median {statistics.median(part):.2f} ms, "
                  f"p99 {percentile(part, 0.99):.2f} ms, max {part[-1]:.2f} ms, over {SLOW_MS:.0f} ms: {over}")


def noise_reference() -> None:
    """The same fixed piece of pure Python work, timed on the wall clock: how noisy this machine is now."""
    ref = []
    for _i in range(2000):
        s = time.perf_counter()
        sum(range(20000))
        ref.append((time.perf_counter() - s) * 1000)
    ref.sort()
    print(f"machine noise reference (fixed 20k-sum, wall): median {statistics.median(ref):.2f} ms, "
          f"p99 {percentile(ref, 0.99):.2f} ms")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--size", action="append", type=parse_size,
                   help="window size WIDTHxHEIGHT (repeatable; default: " + ", ".join(SIZES) + ")")
    p.add_argument("--rolls", type=int, default=25, help="die rolls of the person to watch (default 25)")
    p.add_argument("--slowest", type=int, default=0, metavar="N",
                   help="also list the N slowest animation frames and what they were (default: none)")
    args = p.parse_args(argv)
    sizes = args.size or [parse_size(s) for s in SIZES]
    if len(sizes) == 1:
        measure(sizes[0], args.rolls, args.slowest)
    else:                                    # one fresh process per size
        for w, h in sizes:
            subprocess.run([sys.executable, __file__, "--size", f"{w}x{h}", "--rolls", str(args.rolls),
                            "--slowest", str(args.slowest)], check=True)
    noise_reference()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
