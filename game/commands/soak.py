"""A monkey test: long random streams of input through every scene.

Sends key presses, mouse clicks and moves, controller buttons, sticks, plug
and unplug events and window resizes to a real :class:`game.ui.app.App` (dummy
video driver), stepping it between events, and checks invariants after every
step: the app always has a scene, and any game in progress keeps every card in
exactly one place.  An exception is a failure.  When the monkey quits the game
(it may press Quit), a new app is started and the run goes on.

Random keys alone hardly ever get far into a game (40,000 events never reached
the card game's table), so the run is cut into episodes of a few hundred
events (:data:`EPISODE_EVENTS`), each begun from the title screen with one of
:data:`EPISODES`: a board game or a card game of 3 to 6 seats with 1 to 3
people (some on controllers), random rules and notebook help, already played
some way by computer stand-ins; the guided lesson, sometimes already at one of
its later lessons; the menus as they are; or, now and then, an app whose map
file is broken.  Within an episode the input is random as before.

``python -m game.commands.soak --events 20000 --seed 1`` prints the figures — steps per
scene and per mode, episodes started, and every scene never visited; the test
suite runs a short version.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import pkgutil
import random
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger(__name__)

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.rules.cards import ALL_CARDS  # noqa: E402

KEYS = [pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_UP, pygame.K_DOWN,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_n, pygame.K_m, pygame.K_j, pygame.K_a, pygame.K_q,
        pygame.K_F10]
#: The keys that play on in a game (no Esc, pause or quit): in a game episode
#: most key presses come from these, so the monkey stays at the table longer.
PLAY_KEYS = [pygame.K_RETURN, pygame.K_SPACE, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
             pygame.K_n, pygame.K_a]
BUTTONS = [pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_Y,
           pygame.CONTROLLER_BUTTON_START, pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
           pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT]


#: What an episode starts with (see the module text); "broken-map" comes once
#: every few rounds, the rest once per round, in a shuffled order.
EPISODES = ("board", "card", "lesson", "menus")
#: Events per episode, drawn for each one.
EPISODE_EVENTS = (150, 450)
#: The modes a step can be in (:func:`mode_of`).
MODES = ("board game", "card game", "lesson", "menus")


def all_scene_names() -> list[str]:
    """The class names of every scene of the game: the subclasses of
    :class:`game.ui.shell.scene.Scene` in ``game.ui.scenes``, ``game.ui.board``,
    ``game.ui.cardgame`` and ``game.ui.lesson.coach`` (sorted; not the bases of
    ``game.ui.bases``, never shown themselves, nor a base class marked
    ``base = True`` in its own body, nor a scene only ``--screenshot``
    shows: ``screenshot_only``)."""
    from game.ui import board, cardgame, scenes
    from game.ui.shell.scene import Scene

    modules = [importlib.import_module("game.ui.lesson.coach")]
    for pkg in (scenes, board, cardgame):
        modules += [importlib.import_module(f"{pkg.__name__}.{m.name}") for m in pkgutil.iter_modules(pkg.__path__)]
    found = {obj.__name__ for mod in modules for obj in vars(mod).values()
             if isinstance(obj, type) and issubclass(obj, Scene) and obj is not Scene
             and obj.__module__ == mod.__name__ and not getattr(obj, "screenshot_only", False)
             and not obj.__dict__.get("base", False)}
    return sorted(found)


def mode_of(app) -> str:
    """Which of :data:`MODES` the app is in: the guided lesson, a card game, a
    board game (a table in the scene stack) or the menus."""
    if getattr(app, "coach", None) is not None:
        return "lesson"
    names = {type(s).__name__ for s in app.stack}
    if "CardTableScene" in names:
        return "card game"
    if "BoardScene" in names:
        return "board game"
    return "menus"


@dataclass
class SoakReport:
    """Figures of one run: events sent, steps, scenes visited (class name ->
    steps spent on top), steps per mode (:data:`MODES`), episodes started (kind
    -> count), apps started, games finished, exceptions."""

    events: int = 0
    steps: int = 0
    scenes: Counter = field(default_factory=Counter)
    pushed: Counter = field(default_factory=Counter)
    modes: Counter = field(default_factory=Counter)
    episodes: Counter = field(default_factory=Counter)
    apps: int = 0
    games_over: int = 0
    exceptions: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def unvisited(self) -> list[str]:
        """The scenes of :func:`all_scene_names` never on top nor pushed."""
        return [n for n in all_scene_names() if n not in self.scenes and n not in self.pushed]

    def lines(self) -> list[str]:
        missing = self.unvisited()
        return [
            f"events sent: {self.events}",
            f"app steps: {self.steps}",
            f"apps started: {self.apps}",
            f"episodes started: {', '.join(f'{k} {v}' for k, v in self.episodes.most_common())}",
            f"steps per mode: {', '.join(f'{m} {self.modes[m]}' for m in MODES)}",
            f"scenes visited: {len(self.scenes)} of {len(self.scenes) + len(missing)} "
            f"({', '.join(f'{k} {v}' for k, v in self.scenes.most_common())})",
            f"scenes never visited: {', '.join(missing) or 'none'}",
            f"game-over screens reached: {self.games_over}",
            f"exceptions: {len(self.exceptions)}",
            f"wall time: {self.seconds:.1f} s",
        ] + [f"  {e}" for e in self.exceptions[:10]]


def _check(app) -> None:
    assert app.stack, "the app has no scene"
    match = app.router.match()
    game = match.game if match is not None else None
    if game is None:
        return
    if hasattr(game, "crime"):           # the card game: hands, face-up cards and the Crime cards
        from game.cardgame.cards import deck

        places = [c for h in game.hands for c in h] + list(game.face_up) + list(game.crime)
        assert sorted(places) == sorted(deck(game.setup.advanced)), "a card is lost or doubled"
    else:
        places = [c for s in game.seats for c in s.hand] + list(game.envelope)
        assert sorted(places) == sorted(ALL_CARDS), "a card is lost or doubled"


def _new_app(rng: random.Random, folder: Path, broken_map: bool = False):
    """A started app saving in ``folder``; ``broken_map``: its map file is garbage
    (the app opens on the error screen)."""
    from game.storage.paths import MANSION_MAP
    from game.ui.app import App

    map_path = MANSION_MAP
    if broken_map:
        map_path = folder / "broken.tmx"
        map_path.write_bytes(bytes(rng.randrange(256) for _ in range(200)))
    app = App(seed=rng.randrange(1000), sound=False, threaded_ai=False, settings_path=folder / "settings.json",
              save_path=folder / "autosave.json", map_path=map_path)
    app.start()
    return app


def _count_pushes(app, report: SoakReport) -> None:
    """Count in ``report.pushed`` every scene ``app`` puts on its stack from now on (once per app)."""
    if app.__dict__.get("_soak_report") is report:
        return
    app._soak_report = report
    for name in ("push", "replace", "reset"):
        setattr(app, name, _counting(getattr(app, name), report))


def _counting(real, report: SoakReport):
    """``real`` (one of the app's push, replace, reset), counting the scene it is given."""
    def put(scene, *args, **kwargs):
        report.pushed[type(scene).__name__] += 1
        return real(scene, *args, **kwargs)

    return put


def _people_seats(rng: random.Random, players: int) -> set[int]:
    """1 to 3 seats of ``players`` played by people (the rest by computers)."""
    return set(rng.sample(range(players), rng.randint(1, min(3, players))))


def _devices(rng: random.Random, app, people: set[int], pads: list[int]) -> dict[int, str]:
    """Some of the people's seats get one of the monkey's controllers."""
    free = [app.pads.pads[i].device for i in pads if i in app.pads.pads]
    rng.shuffle(free)
    return {seat: free.pop() for seat in sorted(people) if free and rng.random() < 0.5}


def _board_match(rng: random.Random, app, pads: list[int]):
    """A board game of 3 to 6 seats, random rules, played some way already."""
    from game.learning.hints import NOTEBOOK_MODES
    from game.rules.cards import SUSPECTS
    from game.rules.options import HOUSE_SWITCHES, PRESETS, preset_options
    from game.rules.setup import GameSetup, SeatConfig
    from game.ui.bases.match import LEVELS
    from game.ui.board.match import Match
    from game.ui.screenshots.screens import advance

    players = rng.randint(3, 6)
    people = _people_seats(rng, players)
    seats = tuple(SeatConfig(s, "human" if i in people else "computer", rng.choice(LEVELS))
                  for i, s in enumerate(rng.sample(SUSPECTS, players)))
    try:
        options = preset_options(rng.choice(list(PRESETS)), rng.sample(list(HOUSE_SWITCHES), rng.randint(0, 2)))
    except ValueError:      # two house rules that do not go together
        options = preset_options(rng.choice(list(PRESETS)))
    setup = GameSetup(seats=seats, seed=rng.randrange(1 << 20), options=options)
    match = Match(app.board, setup, _devices(rng, app, people, pads), rng.choice(NOTEBOOK_MODES))
    played = rng.choice((0, rng.randrange(250)))     # a whole game: 90 to 300 actions
    advance(match, lambda g: len(g.actions) >= played)
    return match


def _card_match(rng: random.Random, app, pads: list[int]):
    """A card game of 3 to 6 seats, either deck and order, played some way
    already; and whether a person is to accuse at once (then there are one or
    two people, and the fast-forward stops on a person's turn)."""
    from game.cardgame.ai import LEVELS
    from game.cardgame.engine import ORDERS, CardSetup, Phase
    from game.learning.hints import NOTEBOOK_MODES
    from game.ui.cardgame.match import CARD_TOKENS, CardMatch
    from game.ui.screenshots.card_screens import card_advance

    players = rng.randint(3, 6)
    accuse = rng.random() < 0.3       # a person accuses at once: the others may join, the accusations are revealed
    # alone, the accuser sees the Crime cards after a wrong guess; with a second person, that one may join
    people = set(rng.sample(range(players), rng.choice((1, 2)))) if accuse else _people_seats(rng, players)
    setup = CardSetup(players=players, seed=rng.randrange(1 << 20), advanced=rng.random() < 0.5,
                      order=rng.choice(ORDERS), first=rng.choice((None, 0)),
                      levels=tuple("human" if i in people else rng.choice(LEVELS) for i in range(players)))
    match = CardMatch(setup, tuple(rng.sample(CARD_TOKENS, players)), _devices(rng, app, people, pads),
                      rng.choice(NOTEBOOK_MODES))
    played = rng.choice((0, rng.randrange(30)))      # a whole game: 10 to 40 actions

    def person_asks(g) -> bool:
        return g.phase is Phase.ASK and match.is_human(g.actor)

    card_advance(match, lambda g: len(g.actions) >= played and (not accuse or person_asks(g)))
    return match, accuse and person_asks(match.game)


def _start_episode(app, kind: str, rng: random.Random, folder: Path, pads: list[int]):
    """Go back to the title screen and start ``kind`` (one of :data:`EPISODES`
    or "broken-map"); returns the app (a new one after a broken map)."""
    from game.ui.scenes.title import TitleScene

    if kind == "broken-map" or app.map_error:
        app.close()
        app = _new_app(rng, folder, broken_map=kind == "broken-map")
        pads.clear()
        if kind == "broken-map":
            return app
    app.reset(TitleScene(app))
    app.step(0.016)                      # a lesson left this way lets its coach go
    if kind == "board":
        from game.ui.board.table import BoardScene

        app.push(BoardScene(app, _board_match(rng, app, pads)))
    elif kind == "card":
        from game.cardgame.engine import Accuse
        from game.ui.cardgame.table import CardTableScene

        match, accuse = _card_match(rng, app, pads)
        table = CardTableScene(app, match)
        app.push(table)
        if accuse:     # a person accuses (a wrong guess, mostly): the others may join, the Crime cards are seen
            persons, weapons, locations = match.game.view(match.game.actor).piles
            table.do(Accuse(rng.choice(persons), rng.choice(weapons), rng.choice(locations)))
    elif kind == "lesson":
        from game.learning.tutorial import LESSONS
        from game.ui.lesson.coach import play_until, start_lesson

        start_lesson(app)                # a lesson left half way asks "go on?" first
        if app.coach is not None and app.coach.done == 0 and rng.random() < 0.6:
            play_until(app, rng.choice(LESSONS).key)
    return app


def soak(events: int, seed: int = 0, folder: Path | None = None,
         episode_events: tuple[int, int] = EPISODE_EVENTS) -> SoakReport:
    """Send ``events`` random inputs in episodes of ``episode_events`` (fewest,
    most) events; return the figures (never raises for a failure inside the
    game: exceptions are recorded in the report)."""
    rng = random.Random(seed)
    report = SoakReport()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(folder or tmp)
        app = _new_app(rng, folder)
        report.apps = 1
        pads: list[int] = []
        next_iid = 100
        next_episode, rounds, kind = 0, 0, "menus"
        todo: list[str] = []
        while report.events < events:
            doing = ""
            try:
                if report.events >= next_episode:
                    if not todo:
                        todo = list(EPISODES) + (["broken-map"] if rounds % 4 == 3 else [])
                        rng.shuffle(todo)
                        rounds += 1
                    kind = todo.pop()
                    next_episode = report.events + rng.randint(*episode_events)
                    report.episodes[kind] += 1
                    old, doing = app, f" (starting a {kind} episode)"
                    app = _start_episode(app, kind, rng, folder, pads)
                    report.apps += app is not old
                    doing = ""
                r = rng.random()
                if r < 0.45:
                    k = rng.choice(PLAY_KEYS if kind in ("board", "card", "lesson") and rng.random() < 0.7 else KEYS)
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
                resting = app.stack and type(app.stack[-1]).__name__ == "CoverScene" and rng.random() < 0.3
                # at a "Pass to ..." cover the monkey sometimes lets go for a second, as a person does:
                # a cover opens only for a press after a quiet moment, so this reaches the private screens
                _count_pushes(app, report)
                for _ in range(20 if resting else rng.choice((1, 1, 2, 5))):
                    app.step(0.05 if resting else rng.choice((0.016, 0.05, 0.2)))
                    report.steps += 1
                    top = app.stack[-1] if app.stack else None
                    report.scenes[type(top).__name__] += 1
                    report.modes[mode_of(app)] += 1
                    if type(top).__name__ == "GameOverScene":
                        report.games_over += 1
                    _check(app)
                if not app.running:
                    app.close()
                    app = _new_app(rng, folder)
                    report.apps += 1
                    pads = []
            except Exception as exc:  # noqa: BLE001 - the monkey records every failure
                top = type(app.stack[-1]).__name__ if getattr(app, "stack", None) else "no scene"
                where = f"seed {seed}, event {report.events}{doing}, {top} on top ({kind} episode)"
                report.exceptions.append(f"{where}: {type(exc).__name__}: {exc}")
                log.error(f"soak: {where}:", exc_info=True)
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
    start a new game whenever one ends (as Play again does: the game-over
    screen's Play again takes no mashed key).  Used by the kill-and-continue test."""
    from game.ui.app import App
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene

    rng = random.Random(seed)
    app = App(seed=seed, sound=False, speed=50.0, threaded_ai=False, settings_path=folder / "settings.json",
              save_path=folder / "autosave.json")
    app.start()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        board = app.find(BoardScene)
        over = board is not None and board.game.over      # a new game (mashed keys never press Play again)
        if board is None or over or not app.running:
            while len(app.stack) > 1:
                app.pop()
            if over or not app.store.continue_game():
                app.push(BoardScene(app, Match(app.board, quick_setup(rng.randrange(1 << 20)))))
        k = rng.choice([pygame.K_RETURN, pygame.K_RETURN, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP,
                        pygame.K_LEFT, pygame.K_SPACE])
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))   # a press, not a
        app.step(0.1, draw=False)                                                               # key held down


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.commands.soak", description="Monkey test of every scene.")
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
