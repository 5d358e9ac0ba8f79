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

With ``--flood N``, a stranger in another process (from the loopback address
127.0.8.1) sends N forged hellos and guessed seat addresses (``/s/<guess>``) a
second, half each, all through every game: the latency above is then the
honest players' during the flood (goal: p95 still <= 50 ms), and the flood's
attempts and what the host let through are printed.

Run: ``python benchmarks/bench_net.py [games] [--budget MS] [--flood N] [--kinds board,cards]``
(default: 2 board games and 2 card games, broadcast budget 10 ms of CPU per frame;
``--budget 0`` means no budget: every view in the same frame).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
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


#: The stranger's process: ``FLOOD`` attempts a second at ``URL`` from 127.0.8.1, half forged hellos,
#: half guessed seat pages, until its input closes; then prints its counts as JSON.
FLOODER = r"""
import asyncio, json, sys, time
import aiohttp
url, rate = sys.argv[1], float(sys.argv[2])
counts = {"hellos": 0, "pages": 0, "refused": 0, "answered": 0}
async def hello(http, i):
    try:
        async with http.ws_connect(url + "/ws", heartbeat=None, timeout=aiohttp.ClientWSTimeout(ws_close=2)) as ws:
            await ws.send_str(json.dumps({"type": "hello", "token": "guess%012d" % i, "client": "x"}))
            await ws.receive(timeout=5)
            counts["answered"] += 1
    except Exception:
        counts["refused"] += 1
async def page(http, i):
    try:
        async with http.get(url + "/s/guess%012d" % i) as r:
            await r.read()
            counts["answered"] += 1
    except Exception:
        counts["refused"] += 1
async def main():
    stop = asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    conn = aiohttp.TCPConnector(local_addr=("127.0.8.1", 0), limit=0, force_close=True)
    async with aiohttp.ClientSession(connector=conn, timeout=aiohttp.ClientTimeout(total=5)) as http:
        tasks, i, start = set(), 0, time.monotonic()
        while not stop.done():
            due = int((time.monotonic() - start) * rate)
            while i < due and len(tasks) < 400:
                kind = "hellos" if i % 2 == 0 else "pages"
                counts[kind] += 1
                t = asyncio.ensure_future((hello if kind == "hellos" else page)(http, i))
                tasks.add(t)
                t.add_done_callback(tasks.discard)
                i += 1
            await asyncio.sleep(0.002)
        for t in list(tasks):
            t.cancel()
    counts["seconds"] = round(time.monotonic() - start, 1)
    print(json.dumps(counts), flush=True)
asyncio.run(main())
"""


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (0..100) of ``values`` (nearest rank)."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(p / 100 * len(s) + 0.5) - 1))]


def play(table, budget: float | None, flood: float = 0.0) -> tuple[list[float], list[float], int]:
    """One game hosted at 60 frames a second (with ``flood`` forged hellos and guessed
    addresses a second from another process); returns (latencies ms, frame costs ms, frames)."""
    game = NetGame(table)
    game.start()
    flooder = None
    if flood:
        root = str(Path(__file__).resolve().parent.parent)
        flooder = subprocess.Popen([sys.executable, "-c", FLOODER, game.server.base_url, str(flood)],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                   env={**os.environ, "PYTHONPATH": root})
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
        if flooder is not None:
            flooder.stdin.close()
            print(f"  flood: {flooder.stdout.readline().strip()}; host: forged hellos taken "
                  f"{game.session.stats['forged']}, refusals "
                  f"{ {k: v for k, v in game.session.stats.items() if k.startswith('refused_')} }")
            flooder.wait(30)
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
    parser.add_argument("--flood", type=float, default=0.0,
                        help="a stranger's forged hellos and guessed addresses a second during the games")
    parser.add_argument("--kinds", default="board,cards", help="the games to play (default board,cards)")
    args = parser.parse_args(argv)
    budget = args.budget / 1000 if args.budget > 0 else None
    print(f"bench_net: {PHONES} phones on loopback, host at 60 Hz, broadcast budget "
          f"{args.budget:g} ms/frame, flood {args.flood:g}/s, CPU count {os.cpu_count()}, "
          f"load {os.getloadavg()[0]:.1f}")
    for kind in args.kinds.split(","):
        lat: list[float] = []
        cost: list[float] = []
        for g in range(args.games):
            seed = 900 + g
            table = (board_table(PHONES, seed, range(PHONES)) if kind == "board"
                     else cards_table(PHONES, seed, range(PHONES), advanced=True))
            a, b, _ = play(table, budget, args.flood)
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
