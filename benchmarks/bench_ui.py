"""UI benchmark (prints figures; not a test).

* start to first frame: creating the app and drawing the title (seconds);
* board-scene frame time while the die tumbles and tokens walk or glide, at
  1280 x 720 with the dummy video driver (median and p99, milliseconds).

Run: ``python benchmarks/bench_ui.py`` (it sets the dummy video and audio drivers itself)
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(rolls_wanted: int = 25) -> None:
    t0 = time.perf_counter()
    from game.ui.app import App

    app = App(size=(1280, 720), seed=3, sound=False)
    app.start()
    app.step(0.016)
    print(f"start to first frame: {time.perf_counter() - t0:.3f} s")

    from game.rules.actions import Disprove, EndTurn, Roll, Suggest
    from game.rules.engine import Phase
    from game.ui import anim
    from game.ui.board.match import Match
    from game.ui.match import quick_setup
    from game.ui.board.table import BoardScene

    t1 = time.perf_counter()
    board = BoardScene(app, Match(app.board, quick_setup(3)))
    app.push(board)
    app.step(0.016)
    print(f"title to first board frame: {time.perf_counter() - t1:.3f} s")

    g = board.game
    times: list[float] = []
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
        s = time.perf_counter()
        app.step(1 / 60)
        e = time.perf_counter() - s
        if watched:
            times.append(e * 1000)
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"board frames during die/walk/glide animations: {len(times)}")
    print(f"frame time median: {statistics.median(times):.2f} ms, p99: {p99:.2f} ms, max: {times[-1]:.2f} ms")
    # reference: the same loop of pure Python work shows how noisy this machine is
    ref = []
    for _i in range(2000):
        s = time.perf_counter()
        sum(range(20000))
        ref.append((time.perf_counter() - s) * 1000)
    ref.sort()
    print(f"machine noise reference (fixed 20k-sum): median {statistics.median(ref):.2f} ms, "
          f"p99 {ref[int(len(ref) * 0.99)]:.2f} ms")


if __name__ == "__main__":
    main()
