"""Flood benchmark (prints figures; not a test): what a stranger's flood costs the host.

The host (this process: :class:`~game.net.server.NetServer` on loopback, its own thread)
serves a board game.  An honest phone in another process says hello with its seat's
token and pings the host 20 times a second; its round trips are the honest reply time.
For ``--quiet`` seconds nobody else talks; then a stranger in a third process (from
127.0.8.1) sends ``--rate`` attempts a second for ``--seconds`` seconds -- half forged
hellos over new WebSockets, half guessed seat addresses (``/s/<guess>``), the flood of
``bench_net.py --flood``.

Figures, quiet and flooded:

* the host's CPU time (``time.process_time`` of this process: the server's thread, the
  main thread sleeps) in ms per second of wall time, and during the flood per attempt --
  the ratio that does not depend on how busy the machine is;
* the honest phone's ping round trip p50 / p95 / max in ms (wall time: read it with the
  load average printed next to it).  Goal: p95 <= 50 ms during the flood.

Run: ``python benchmarks/bench_flood.py [--rate 2000] [--seconds 10] [--quiet 5]``
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_net import FLOODER, percentile  # noqa: E402
from game.net.driver import NetGame, board_table  # noqa: E402

#: The honest phone: hello with its token, then a ping every 50 ms; each round trip (ms) and
#: when it was sent (monotonic) printed as one JSON list per line when its input says "mark".
HONEST = r"""
import asyncio, json, sys, time
import aiohttp
url, token = sys.argv[1], sys.argv[2]
rtts = []
async def main():
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(url + "/ws", heartbeat=None) as ws:
            await ws.send_str(json.dumps({"type": "hello", "token": token, "client": "honest"}))
            print("ready", flush=True)
            loop = asyncio.get_running_loop()
            lines = asyncio.Queue()
            loop.add_reader(sys.stdin.fileno(), lambda: lines.put_nowait(sys.stdin.readline()))
            while True:
                while not lines.empty():
                    word = lines.get_nowait().strip()
                    if word in ("mark", "stop", ""):
                        print(json.dumps(rtts), flush=True)
                        rtts.clear()
                    if word in ("stop", ""):
                        return
                t0 = time.perf_counter()
                await ws.send_str(json.dumps({"type": "ping"}))
                while True:
                    msg = await ws.receive(timeout=30)
                    if json.loads(msg.data).get("type") == "pong":
                        break
                rtts.append((time.perf_counter() - t0) * 1000)
                await asyncio.sleep(0.05)
asyncio.run(main())
"""


def spawn(code: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", code, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})


def phase(honest: subprocess.Popen, seconds: float) -> tuple[float, list[float]]:
    """Wait ``seconds``; returns (host CPU ms per wall second, the honest round trips in ms)."""
    cpu, wall = time.process_time(), time.perf_counter()
    time.sleep(seconds)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    honest.stdin.write("mark\n")
    honest.stdin.flush()
    return cpu * 1000 / wall, json.loads(honest.stdout.readline())


def line(name: str, cpu: float, rtts: list[float]) -> str:
    return (f"{name:7}: host CPU {cpu:6.1f} ms/s   honest ping n={len(rtts)} p50 {percentile(rtts, 50):.1f} ms  "
            f"p95 {percentile(rtts, 95):.1f} ms  max {max(rtts):.1f} ms   load {os.getloadavg()[0]:.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=2000.0, help="the stranger's attempts a second")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long the flood lasts")
    parser.add_argument("--quiet", type=float, default=5.0, help="seconds measured before the flood")
    args = parser.parse_args(argv)
    game = NetGame(board_table(3, 7, [0]))
    game.start()
    honest = spawn(HONEST, game.server.base_url, game.session.tokens[0])
    try:
        if honest.stdout.readline().strip() != "ready":
            raise RuntimeError("the honest phone did not connect")
        print(f"bench_flood: CPU count {os.cpu_count()}, flood {args.rate:g}/s for {args.seconds:g} s")
        phase(honest, 1.0)                              # warm-up, not counted
        quiet_cpu, quiet = phase(honest, args.quiet)
        print(line("quiet", quiet_cpu, quiet))
        flooder = spawn(FLOODER, game.server.base_url, str(args.rate))
        flood_cpu, flooded = phase(honest, args.seconds)
        flooder.stdin.close()
        counts = json.loads(flooder.stdout.readline())
        flooder.wait(30)
        print(line("flood", flood_cpu, flooded))
        attempts = counts["hellos"] + counts["pages"]
        extra = (flood_cpu - quiet_cpu) * args.seconds
        print(f"flood  : {attempts} attempts ({counts}); host CPU per attempt "
              f"{extra / max(1, attempts) * 1000:.0f} µs; refusals "
              f"{ {k: v for k, v in game.session.stats.items() if k.startswith('refused_')} }")
    finally:
        honest.stdin.close()
        honest.wait(30)
        game.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
