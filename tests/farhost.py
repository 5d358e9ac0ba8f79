"""The TV of a family whose two people play from far away: the real app (pygame, drawn every frame;
the dummy video driver is enough) hosting a board game of two phone seats (Miss Scarlet, Colonel
Mustard) and two computer seats, with ``--remote``'s setting, so it asks the home router for its
port (UPnP).

Run as a program (``python -m tests.farhost PORT SEED TRUSTED_PROXY OUT.pickle``) so it can run
inside the "home" network namespace of :mod:`tests.homenet`.  It prints one JSON line per step
on stdout:

1. what the router said (``reason``, ``public``, ``message``) and the seats' ``tokens``;
2. once the game is over: ``over``, ``actions``, ``moves`` (seat -> moves its phone sent),
   ``phone_actions`` (seat -> actions its phone sent), ``far`` (seats that joined from outside
   the home network), ``covers`` (cover screens pushed for a phone seat: none expected);

then writes ``OUT.pickle`` (the engine's setup and actions, to check the phones' frames against)
and keeps the TV running, so the last views reach the phones, until a line arrives on stdin.
Every wait is bounded; a game with no new action for :data:`STALL` seconds stops with the
scene on top named on stderr.
"""

from __future__ import annotations

import json
import os
import pickle
import select
import signal
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.phones.host import HostOptions  # noqa: E402
from game.ui.shell.registry import is_scene, make  # noqa: E402

PHONES = (0, 1)
#: Hang guards only (seconds): each wait ends as soon as what it waits for happens.
GUARD = 180.0
STALL = 180.0
FRAME = 1 / 30


def say(**fields) -> None:
    print(json.dumps(fields), flush=True)


def step(app: App, last: list[float]) -> None:
    """One frame of the TV, drawn, with the wall-clock time since the last one (as the real loop)."""
    now = time.monotonic()
    app.step(min(now - last[0], 0.1), draw=True)
    spare = FRAME - (time.monotonic() - now)
    last[0] = now
    if spare > 0:
        time.sleep(spare)


def until(app: App, last: list[float], cond, what: str, guard: float = GUARD) -> None:
    end = time.monotonic() + guard
    while not cond():
        if time.monotonic() > end:
            raise SystemExit(f"farhost: no {what} after {guard:.0f} s (top: {type(app.top).__name__})")
        step(app, last)


def main(port: int, seed: int, trusted: str, out: Path) -> int:
    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "human"),
                             SeatConfig("white", "computer", "medium"), SeatConfig("peacock", "computer", "medium")),
                      seed=seed)
    app = App(seed=seed, sound=False, speed=4.0, threaded_ai=False,
              host=HostOptions(port=port, remote=True, trusted_proxies=(trusted,)))
    app.start()
    last = [time.monotonic()]
    try:
        board = make("board", app, Match(app.board, setup))
        app.push(board)
        phones = app.phones
        until(app, last, lambda: phones.forwarding is not None and phones.forwarding.outcome is not None,
              "answer from the router")
        said = phones.forwarding.outcome
        say(reason=said.reason, public=said.public, message=said.message,
            tokens={str(s): phones.session.tokens[s] for s in PHONES})
        until(app, last, lambda: all(phones.has_phone(s) for s in PHONES), "phones to join")
        until(app, last, lambda: is_scene(app.top, "phones"), "join screen")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        g = board.game
        covers, seen, quiet = 0, 0, time.monotonic()
        while not g.over:
            step(app, last)
            covers += sum(1 for s in app.stack if (is_scene(s, "cover") or s.private)
                          and getattr(s, "seat", None) in PHONES)
            if len(g.actions) != seen:
                seen, quiet = len(g.actions), time.monotonic()
                if seen % 20 == 0:
                    print(f"farhost: {seen} actions, actor {g.actor}, {g.phase}, top {type(app.top).__name__}",
                          file=sys.stderr, flush=True)
            elif time.monotonic() - quiet > STALL:
                raise SystemExit(f"farhost: no action for {STALL:.0f} s after {seen} "
                                 f"(actor {g.actor}, phase {g.phase}, top {type(app.top).__name__})")
        applied = phones.net.applied
        kinds: dict[int, dict[str, int]] = {}
        for a in applied:
            by = kinds.setdefault(a.seat, {})
            by[type(a.action).__name__] = by.get(type(a.action).__name__, 0) + 1
        say(over=True, actions=len(g.actions), winner=getattr(g, "winner", None),
            moves={str(s): kinds.get(s, {}).get("Move", 0) for s in PHONES},
            phone_actions={str(s): kinds.get(s, {}) for s in PHONES},
            far=[s for s in PHONES if phones.session.is_far(s)], covers=covers)
        with open(out, "wb") as f:
            pickle.dump({"setup": g.setup, "actions": list(g.actions), "suspects": setup_suspects(g)}, f)
        end = time.monotonic() + GUARD       # the TV stays on until the phones have their last view
        while time.monotonic() < end and not select.select([sys.stdin], [], [], 0)[0]:
            step(app, last)
    finally:
        app.close()
    return 0


def setup_suspects(g) -> tuple[str, ...]:
    return tuple(s.suspect for s in g.seats)


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))     # the app closes: the router's forwarding goes
    raise SystemExit(main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], Path(sys.argv[4])))
