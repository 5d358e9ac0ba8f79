"""Network benchmark (prints figures; not a test): phones as private hands on loopback.

A host loop on the main thread runs at 60 frames a second like the TV's
(each frame: :meth:`NetTable.pump`, the TV's board moves, then
:meth:`NetTable.broadcast` with a frame budget, then sleep to the next frame)
while 6 :class:`~game.net.client.SeatClient` phones -- every seat a person's --
play whole seeded games from their payloads (:func:`game.net.driver.choose`).

Figures:

* **latency**: from a phone sending an action to the last of the 6 phones
  holding a view of the game after it (every phone is sent a new view after
  every action), p50 / p95 / max in milliseconds.  Goal: p95 <= 50 ms.
  It includes waiting for the host's next frame (up to 16.7 ms), as on the TV.
* **host frame cost**: the main thread's CPU time (``time.thread_time``) of
  pump + broadcast in each frame where something was sent, p50 / p95 / max,
  against the 16.7 ms budget of a 60 Hz frame (the TV draws in the rest).

Run: ``python benchmarks/bench_net.py [games] [--budget MS]`` (default: 2
board games and 2 card games, broadcast budget 10 ms of CPU per frame;
``--budget 0`` means no budget: every view in the same frame).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.net.client import ClientPool, SeatClient  # noqa: E402
from game.net.driver import NetGame, board_table, cards_table, choose, tv_move  # noqa: E402

FRAME = 1 / 60
PHONES = 6


class TimedClient(SeatClient):
    """A phone that notes when it sent each action and when each view came."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.sent: list[tuple[int, float]] = []       # (the step it acted on, perf_counter)
        self.arrived: list[tuple[int, float]] = []    # (view step, perf_counter)

    async def _take(self, ws, msg):
        if type(msg).__name__ == "View":
            self.arrived.append((msg.view["step"], time.perf_counter()))
        await super()._take(ws, msg)

    async def _send_act(self, ws, action):
        self.sent.append((self.view["step"], time.perf_counter()))
        return await super()._send_act(ws, action)


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (0..100) of ``values`` (nearest rank)."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(p / 100 * len(s) + 0.5) - 1))]


def play(table, budget: float | None) -> tuple[list[float], list[float], int]:
    """One game hosted at 60 frames a second; returns (latencies ms, frame costs ms, frames)."""
    game = NetGame(table)
    game.start()
    pool = ClientPool()
    clients = [pool.add(TimedClient(game.server.base_url, game.session.tokens[s], keep_frames=False,
                                    decide=lambda v, seed=table.seed: choose(v, seed)))
               for s in range(PHONES)]
    costs: list[float] = []
    frames = 0
    try:
        deadline = time.monotonic() + 120
        while len(game.session.phone_seats()) < PHONES:
            game.net.pump()
            game.net.broadcast()
            time.sleep(FRAME)
            if time.monotonic() > deadline:
                raise RuntimeError("the phones did not connect")
        next_frame = time.perf_counter()
        while not game.engine.over:
            if time.monotonic() > deadline:
                raise RuntimeError(f"seed {table.seed}: not over after 120 s")
            start = time.thread_time()
            game.net.pump()
            cost = time.thread_time() - start
            engine = game.engine
            if not engine.over and table.kind == "board" and engine.phase.value == "move":
                engine.apply(tv_move(engine, engine.actor, table.seed))      # the TV's part, not counted
            start = time.thread_time()
            sent = game.net.broadcast(budget=budget)
            cost += time.thread_time() - start
            if sent:
                costs.append(cost * 1000)
            frames += 1
            next_frame += FRAME
            time.sleep(max(0.0, next_frame - time.perf_counter()))
        for _ in range(30):               # a few more frames: the last views go out
            game.net.broadcast(budget=budget)
            time.sleep(FRAME)
    finally:
        pool.close()
        game.stop()
    latencies = []
    for c in clients:
        for step, t0 in c.sent:
            ends = [next((t for s, t in other.arrived if s > step), None) for other in clients]
            if all(e is not None for e in ends):
                latencies.append((max(ends) - t0) * 1000)
    return latencies, costs, frames


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=2, help="games of each kind (default 2)")
    parser.add_argument("--budget", type=float, default=10.0,
                        help="broadcast CPU budget per frame in ms (0: none; default 10)")
    args = parser.parse_args(argv)
    budget = args.budget / 1000 if args.budget > 0 else None
    print(f"bench_net: {PHONES} phones on loopback, host at 60 Hz, broadcast budget "
          f"{args.budget:g} ms/frame, CPU count {os.cpu_count()}, load {os.getloadavg()[0]:.1f}")
    for kind in ("board", "cards"):
        lat: list[float] = []
        cost: list[float] = []
        for g in range(args.games):
            seed = 900 + g
            table = (board_table(PHONES, seed, range(PHONES)) if kind == "board"
                     else cards_table(PHONES, seed, range(PHONES), advanced=True))
            a, b, _ = play(table, budget)
            lat += a
            cost += b
        print(f"{kind:5}: action -> last of {PHONES} phones updated: n={len(lat)}  "
              f"p50 {statistics.median(lat):.1f} ms  p95 {percentile(lat, 95):.1f} ms  max {max(lat):.1f} ms"
              f"  (goal p95 <= 50 ms)")
        print(f"{kind:5}: host main thread, pump+broadcast per frame that sent views: n={len(cost)}  "
              f"p50 {statistics.median(cost):.2f} ms  p95 {percentile(cost, 95):.2f} ms  max {max(cost):.2f} ms"
              f"  ({sum(c > 1000 / 60 for c in cost)} over the 16.7 ms frame)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
