"""A monkey test: long random streams of input through every scene.

Sends key presses, mouse clicks and moves, controller buttons, sticks, plug
and unplug events and window resizes to a real :class:`game.ui.app.App` (dummy
video driver), stepping it between events, and checks invariants after every
step: the app always has a scene, and any game in progress keeps every card in
exactly one place.  An exception is a failure.  When the monkey quits the game
(it may press Quit), a new app is started and the run goes on.

``python -m game.soak --events 200000 --seed 1`` prints the figures; the test
suite runs a short version.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.rules.cards import ALL_CARDS  # noqa: E402

KEYS = [pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_UP, pygame.K_DOWN,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_n, pygame.K_m, pygame.K_j, pygame.K_a, pygame.K_q,
        pygame.K_F10]
BUTTONS = [pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_Y,
           pygame.CONTROLLER_BUTTON_START, pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
           pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT]


@dataclass
class SoakReport:
    """Figures of one run: events sent, steps, scenes visited (class name ->
    steps spent on top), apps started, games finished, exceptions."""

    events: int = 0
    steps: int = 0
    scenes: Counter = field(default_factory=Counter)
    apps: int = 0
    games_over: int = 0
    exceptions: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def lines(self) -> list[str]:
        return [
            f"events sent: {self.events}",
            f"app steps: {self.steps}",
            f"apps started: {self.apps}",
            f"scenes visited: {len(self.scenes)} ({', '.join(f'{k} {v}' for k, v in self.scenes.most_common())})",
            f"game-over screens reached: {self.games_over}",
            f"exceptions: {len(self.exceptions)}",
            f"wall time: {self.seconds:.1f} s",
        ] + [f"  {e}" for e in self.exceptions[:10]]


def _check(app) -> None:
    assert app.stack, "the app has no scene"
    match = getattr(app, "match", None)
    game = getattr(match, "game", None) if match is not None else None
    if game is not None:
        places = [c for s in game.seats for c in s.hand] + list(game.envelope)
        assert sorted(places) == sorted(ALL_CARDS), "a card is lost or doubled"


def _new_app(rng: random.Random, folder: Path):
    from game.ui.app import App

    kwargs = dict(seed=rng.randrange(1000), sound=False, threaded_ai=False,
                  settings_path=folder / "settings.json")
    try:
        app = App(save_path=folder / "autosave.json", **kwargs)  # type: ignore[call-arg]
    except TypeError:  # an App without autosave
        app = App(**kwargs)
    app.start()
    return app


def soak(events: int, seed: int = 0, folder: Path | None = None) -> SoakReport:
    """Send ``events`` random inputs; return the figures (never raises for a
    failure inside the game: exceptions are recorded in the report)."""
    rng = random.Random(seed)
    report = SoakReport()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(folder or tmp)
        app = _new_app(rng, folder)
        report.apps = 1
        pads: list[int] = []
        next_iid = 100
        while report.events < events:
            r = rng.random()
            try:
                if r < 0.45:
                    k = rng.choice(KEYS)
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
                    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
                elif r < 0.65:
                    w, h = app.window.get_size() if hasattr(app, "window") else (1280, 720)
                    pos = (rng.randrange(w), rng.randrange(h))
                    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
                    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
                elif r < 0.85 and pads:
                    iid = rng.choice(pads)
                    if rng.random() < 0.8:
                        b = rng.choice(BUTTONS)
                        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=iid, button=b))
                        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=iid, button=b))
                    else:
                        axis = rng.choice([pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY])
                        pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=iid,
                                                             axis=axis, value=rng.randint(-32768, 32767)))
                elif r < 0.92:
                    if pads and rng.random() < 0.5:
                        iid = pads.pop(rng.randrange(len(pads)))
                        pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=iid))
                    elif hasattr(app, "pads") and len(pads) < 4:
                        app.pads.on_added(next_iid, f"Monkey pad {next_iid}")
                        pads.append(next_iid)
                        next_iid += 1
                else:
                    size = (rng.randint(960, 1920), rng.randint(540, 1080))
                    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
                report.events += 1
                for _ in range(rng.choice((1, 1, 2, 5))):
                    app.step(rng.choice((0.016, 0.05, 0.2)))
                    report.steps += 1
                    top = app.stack[-1] if app.stack else None
                    report.scenes[type(top).__name__] += 1
                    if type(top).__name__ == "GameOverScene":
                        report.games_over += 1
                    _check(app)
                if not app.running:
                    app.close()
                    app = _new_app(rng, folder)
                    report.apps += 1
                    pads = []
            except Exception as exc:  # noqa: BLE001 - the monkey records every failure
                report.exceptions.append(f"event {report.events}: {type(exc).__name__}: {exc}")
                try:
                    app.close()
                except Exception:  # noqa: BLE001
                    pass
                app = _new_app(rng, folder)
                report.apps += 1
                pads = []
        app.close()
    report.seconds = time.perf_counter() - start
    return report


def play_with_autosave(folder: Path, seed: int, seconds: float = 60.0) -> None:
    """Keep playing with autosave on (``folder/autosave.json``) until killed or
    ``seconds`` pass: continue the saved game if there is one, else start a quick
    game; press confirm and arrows for the person, let the computers play, and
    start a new game whenever one ends.  Used by the kill-and-continue test."""
    from game.ui.app import App
    from game.ui.match import Match, quick_setup
    from game.ui.scenes.board import BoardScene

    rng = random.Random(seed)
    app = App(seed=seed, sound=False, speed=50.0, threaded_ai=False, settings_path=folder / "settings.json",
              save_path=folder / "autosave.json")
    app.start()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if app.find(BoardScene) is None or not app.running:
            while len(app.stack) > 1:
                app.pop()
            if not app.continue_game():
                app.push(BoardScene(app, Match(app.board, quick_setup(rng.randrange(1 << 20)))))
        k = rng.choice([pygame.K_RETURN, pygame.K_RETURN, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP,
                        pygame.K_LEFT, pygame.K_SPACE])
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
        app.step(0.1, draw=False)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.soak", description="Monkey test of every scene.")
    p.add_argument("--events", type=int, default=20000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--play-autosave", metavar="DIR", help="play with autosave in DIR until killed")
    a = p.parse_args(argv)
    if a.play_autosave:
        play_with_autosave(Path(a.play_autosave), a.seed)
        return 0
    report = soak(a.events, a.seed)
    print("\n".join(report.lines()))
    return 1 if report.exceptions else 0


if __name__ == "__main__":
    raise SystemExit(main())
