"""Memory through whole games (prints figures; not a test).

Where ``bench_memory.py`` builds each kind of screen once, this plays as a person
would, through the real UI loop of one :class:`~game.ui.app.App` (dummy video and
audio drivers, a fake clock of 60 frames a second, every frame drawn): the title's
Play (Miss Scarlet against three easy computers) and Enter every ``--every``
simulated seconds until the board game is over; Esc back to the title; its Card
game button, its setup's Start, and Enter every ``--every`` seconds
until that game is over; Esc; and so on for ``--rounds`` rounds.  The presses are
pygame events posted to the event queue, as a keyboard sends them.

It prints the resident memory (``VmRSS``) and its peak (``VmHWM``, both from
``/proc/self/status``, MiB) every ``--report`` presses and after each game, and
after each game where memory goes: the pygame Surfaces alive, by size (width x
height x bytes a pixel, summed; found through every object the cycle collector
tracks, as Surfaces themselves are not tracked), and with ``--trace`` the top lines
of :mod:`tracemalloc` (Python's own allocations, against the first game's start).

Run: ``python benchmarks/bench_memory_game.py [--size 1920x1080] [--rounds 2]
[--speed 1] [--every 1.2] [--trace]`` (goal at 3840x2160: a peak of at most 250 MiB).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_ui import parse_size  # noqa: E402  (the path above makes the benchmarks importable)

#: Seconds of one fake-clock frame.
DT = 1 / 60
#: Presses one game may take at most (a game that never ends stops the run with a message).
MAX_PRESSES = 2000
#: The goal for the peak at 3840x2160, MiB.
GOAL_MIB = 250


def status_mib() -> tuple[float, float]:
    """(VmRSS, VmHWM) of this process, MiB, from ``/proc/self/status`` ((0, 0) where there is none)."""
    got = {}
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                name, _, value = line.partition(":")
                if name in ("VmRSS", "VmHWM"):
                    got[name] = int(value.split()[0]) / 1024
    except OSError:
        pass
    return got.get("VmRSS", 0.0), got.get("VmHWM", 0.0)


def live_surfaces() -> list:
    """Every pygame Surface reachable from an object the cycle collector tracks (each once).

    Surfaces are not tracked themselves, nor is a tuple or a dict holding only untracked things
    (a cache of pictures by their text), so the referents of every tracked object are searched,
    and the untracked tuples and dicts among them too."""
    import pygame

    seen: dict[int, pygame.Surface] = {}
    untracked_seen: set[int] = set()
    todo = list(gc.get_objects())
    while todo:
        obj = todo.pop()
        if isinstance(obj, pygame.Surface):
            seen[id(obj)] = obj
            continue
        for ref in gc.get_referents(obj):
            if isinstance(ref, pygame.Surface):
                seen[id(ref)] = ref
            elif type(ref) in (tuple, dict) and not gc.is_tracked(ref) and id(ref) not in untracked_seen:
                untracked_seen.add(id(ref))
                todo.append(ref)
    return list(seen.values())


def surface_bytes(s) -> int:
    """Bytes of ``s``'s own pixels (a subsurface shares its parent's: 0); device pixels for a Canvas."""
    if s.get_parent() is not None:
        return 0
    size = s.device_size() if hasattr(s, "device_size") else s.get_size()
    return size[0] * size[1] * s.get_bytesize()


def surfaces_report(top: int = 8) -> str:
    """The Surfaces alive: their count, their MiB, and the ``top`` sizes holding the most bytes."""
    by_size: Counter = Counter()
    count: Counter = Counter()
    total = 0
    for s in live_surfaces():
        b = surface_bytes(s)
        key = "x".join(map(str, s.device_size() if hasattr(s, "device_size") else s.get_size()))
        by_size[key] += b
        count[key] += 1
        total += b
    lines = [f"    surfaces alive: {sum(count.values())}, {total / 2**20:.1f} MiB"]
    for key, b in by_size.most_common(top):
        lines.append(f"      {key:>11} x{count[key]:<4} {b / 2**20:7.1f} MiB")
    return "\n".join(lines)


class Player:
    """Presses keys for a person on ``app`` and steps it frame by frame, drawn.

    ``every``: simulated seconds between presses; ``report``: print the memory every so many presses."""

    def __init__(self, app, every: float, report: int) -> None:
        self.app, self.every, self.report = app, every, report
        self.presses = 0

    def frames(self, seconds: float) -> None:
        """Step the app ``seconds`` simulated seconds, every frame drawn."""
        for _ in range(max(1, round(seconds / DT))):
            self.app.step(DT)

    def key(self, k: int) -> None:
        """Press and let go key ``k``, then wait ``every`` seconds."""
        import pygame

        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))
        self.presses += 1
        self.frames(self.every)
        if self.report and self.presses % self.report == 0:
            rss, hwm = status_mib()
            print(f"  {self.presses:5} presses  {type(self.app.top).__name__:24} RSS {rss:6.0f}  peak {hwm:6.0f} MiB",
                  flush=True)

    def click(self, button) -> None:
        """Click ``button``'s centre (window pixels), then wait ``every`` seconds."""
        import pygame

        from game.ui import LOGICAL_SIZE

        view = self.app.window.view_rect()          # logical pixels to the window's
        x, y = button.rect.center
        pos = (view.left + x * view.width // LOGICAL_SIZE[0], view.top + y * view.height // LOGICAL_SIZE[1])
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        self.presses += 1
        self.frames(self.every)

    def until(self, names: tuple[str, ...], what: str) -> None:
        """Press Enter until the top scene's class is one of ``names``.

        Raises SystemExit naming ``what`` after :data:`MAX_PRESSES` presses."""
        import pygame

        for _ in range(MAX_PRESSES):
            top = self.app.top
            if type(top).__name__ in names:
                return
            focused = getattr(getattr(top, "focus", None), "focused", None)
            # a picker's chip just picked: the next one (asking in the card game takes two)
            self.key(pygame.K_DOWN if getattr(focused, "selected", False) else pygame.K_RETURN)
        raise SystemExit(f"bench_memory_game: {what} did not end in {MAX_PRESSES} presses "
                         f"(top scene {type(self.app.top).__name__})")


def title(app):
    """The title scene on top (Esc pressed until it is, at most 10 times)."""
    import pygame

    for _ in range(10):
        if type(app.top).__name__ == "TitleScene":
            return app.top
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        for _ in range(30):
            app.step(DT)
    raise SystemExit(f"bench_memory_game: Esc did not lead back to the title (top {type(app.top).__name__})")


def after(label: str, trace: bool, start_snapshot) -> None:
    """Print the memory after ``label``: RSS, peak, Surfaces alive, and the tracemalloc top lines."""
    gc.collect()
    rss, hwm = status_mib()
    print(f"after {label:28} RSS {rss:6.0f}  peak {hwm:6.0f} MiB", flush=True)
    print(surfaces_report())
    if trace:
        import tracemalloc

        now = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
        print(f"    python objects: {tracemalloc.get_traced_memory()[0] / 2**20:.1f} MiB; grown since the start:")
        for stat in now.compare_to(start_snapshot, "lineno")[:8]:
            print(f"      {stat}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--size", type=parse_size, default=(1920, 1080), help="window size WIDTHxHEIGHT (default 1920x1080)")
    p.add_argument("--rounds", type=int, default=2, help="rounds of a board game and a card game (default 2)")
    p.add_argument("--speed", type=float, default=1.0, help="animation speed (1 normal, 2 fast; default 1)")
    p.add_argument("--every", type=float, default=1.2, help="simulated seconds between presses (default 1.2)")
    p.add_argument("--report", type=int, default=50, help="print the memory every so many presses (0: never)")
    p.add_argument("--seed", type=int, default=3, help="seed of the first game (default 3)")
    p.add_argument("--trace", action="store_true", help="also trace Python's allocations (slower)")
    args = p.parse_args(argv)
    import pygame

    if args.trace:
        import tracemalloc

        tracemalloc.start(1)
    from game.storage.settings import Settings
    from game.ui.app import App

    wall = time.perf_counter()
    random.seed(args.seed)         # the games after the first are seeded from it: the same run each time
    app = App(size=args.size, seed=args.seed, sound=False, threaded_ai=False, settings=Settings(), speed=args.speed)
    app.start()
    player = Player(app, args.every, args.report)
    player.frames(1.0)
    snapshot = None
    if args.trace:
        import tracemalloc

        snapshot = tracemalloc.take_snapshot()
    after("the title", args.trace, snapshot)
    for round_ in range(1, args.rounds + 1):
        player.key(pygame.K_RETURN)                      # Play: the focused level
        player.until(("GameOverScene",), "the board game")
        player.frames(3.0)
        title(app)
        after(f"board game {round_} ({player.presses} presses)", args.trace, snapshot)
        player.click(app.top.buttons[[b.on_press for b in app.top.buttons].index(app.top.card_game)])
        player.click(app.top.start_button)               # the card game's setup: Start as it is
        player.until(("CardGameOverScene",), "the card game")
        player.frames(3.0)
        title(app)
        after(f"card game {round_} ({player.presses} presses)", args.trace, snapshot)
    app.close()
    pygame.quit()
    w, h = args.size
    rss, hwm = status_mib()
    goal = f"   (goal at 3840x2160: at most {GOAL_MIB} MiB)" if (w, h) == (3840, 2160) else ""
    print(f"whole games at {w}x{h}: peak {hwm:.0f} MiB, RSS at the end {rss:.0f} MiB{goal}; "
          f"{player.presses} presses, {time.perf_counter() - wall:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
