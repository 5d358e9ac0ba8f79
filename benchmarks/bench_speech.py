"""Read-aloud benchmark (prints figures; not a test): is what the game says
heard, and how long does a computer turn take with read aloud on?

Everything runs on the dummy video driver with a simulated clock (``app.step``
with fixed steps, no sleeping, the computer's choice made synchronously), so
the figures are simulated seconds, the same on a busy machine.  The speech
engine is :class:`game.ui.voice.speech.TimedDriver`: it records every line it is
given, lets each last as long as espeak-ng speaks it at its default rate
(:func:`game.ui.voice.speech.estimate_seconds`, or measured with ``espeak-ng -w``
into a WAV with ``--wav``), and keeps how much of it was heard before the
next line or a stop cut it.

Figures:

- **solo**: a board game, one person (Miss Scarlet) against three Beginner
  computer players, read aloud on, normal speed.  The person acts the way a
  child who listens does: once the voice is quiet (at most
  :data:`PATIENCE` seconds after their turn's prompt), with the keys and
  clicks of ``tests.test_ui.act_for_people``; in the picker, each pick
  after the voice has said the one before (:func:`act_listening`).  Lines heard to their end
  (goal >= 95 %), lines that say what to do heard to their end (goal 100 %),
  seconds of speech given and heard.
- **turns**: seconds of each computer turn (from its ``TurnStarted`` shown to
  the next one's) in those solo games, and at the all-computer tables of
  ``bench_pacing.py`` (Medium players: more suggestions), read aloud on (goal:
  median <= 6 s) and off (goal: median <= 2.5 s, unchanged).
- **privacy**: two-person hot-seat board games in en, es, ca, read aloud on:
  lines spoken that belong to a private screen (goal 0; a sentence that
  screen's own shared line says too, such as the keys to press, is not one).

Run: ``python benchmarks/bench_speech.py [games] [--wav]``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import wave
from itertools import pairwise
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: Seconds of one simulated frame.
DT = 1 / 30
#: Seconds a listening person waits for the voice to fall quiet before acting anyway.
PATIENCE = 30.0
#: Simulated seconds a game may take at most (a bound, never reached in practice).
LONGEST = 3 * 3600.0
#: Computer turns measured per table at most.
MAX_TURNS = 30


class Clock:
    """Simulated seconds, advanced by every ``app.step`` of the app it is :meth:`attach`-ed to."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def attach(self, app) -> None:
        step = app.step

        def timed_step(dt: float, draw: bool = True) -> bool:
            self.now += dt
            return step(dt, draw)
        app.step = timed_step


def wav_seconds(text: str, lang: str, cache: dict = {}) -> float:  # noqa: B006 -- a cache on purpose
    """Seconds of ``text`` spoken by ``espeak-ng`` in ``lang``, measured in a WAV file."""
    from game.ui.voice.speech import pick_espeak_voices

    if (text, lang) not in cache:
        voices = cache.setdefault("voices", pick_espeak_voices(["en-gb", "es", "ca"]))
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "line.wav"
            subprocess.run(["espeak-ng", "-w", str(path), "-v", voices.get(lang, "en-gb"), "--", text],
                           check=True, capture_output=True, timeout=60)
            with wave.open(str(path)) as w:
                cache[text, lang] = w.getnframes() / w.getframerate()
    return cache[text, lang]


def new_app(seed: int, clock: Clock, lang: str = "en", read_aloud: bool = True, seconds=None):
    """An :class:`~game.ui.app.App` at normal speed with read aloud ``read_aloud`` and a timed speech driver."""
    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.draw import anim
    from game.ui.voice import speech

    app = App(seed=seed, sound=False, speed=anim.NORMAL, threaded_ai=False,
              settings=Settings(read_aloud=read_aloud, language=lang))
    app.start()
    kwargs = {"seconds": seconds} if seconds else {}
    app.speech.driver = speech.TimedDriver(clock, **kwargs)
    clock.attach(app)
    return app


def quiet(app) -> bool:
    """True when nothing is being said or waits to be."""
    sp = app.speech
    return not sp.speaking and not getattr(sp, "waiting", None) and not sp.pending


def play_people(app, board, clock: Clock, private: list[str] | None = None, prompts: set[str] | None = None):
    """Play ``board``'s game to its end: the people act once the voice is
    quiet (:data:`PATIENCE`), everything else runs.  ``prompts`` collects every
    screen's prompt seen on top, ``private`` every private screen's."""
    from game.ui.voice.speech import sentences
    from tests.test_ui import human_waiting

    waited = 0.0
    while not board.game.over and clock.now < LONGEST:
        top = app.top
        line = top.speech_prompt() if top is not None else None
        if line and prompts is not None:
            prompts.add(line)
        if line and private is not None and top.private:
            # a sentence its shared line says too (the keys to press) is said to everybody by design
            shared = set(sentences(top.speech_shared() or ""))
            private.append(" ".join(t for t in sentences(line) if t not in shared))
        if human_waiting(app) and (quiet(app) or waited >= PATIENCE):
            waited = 0.0
            act_listening(app, clock)
        else:
            waited = waited + DT if human_waiting(app) else 0.0
            app.step(DT, draw=False)


def act_listening(app, clock: Clock) -> None:
    """One step of a person's turn as a listening child takes it: in the
    suggestion and accusation picker each press waits for the voice to fall
    quiet (at most :data:`PATIENCE`), as the picks are spoken one by one;
    elsewhere one press, as ``tests.test_ui.act_for_people`` makes it."""
    from game.ui.board.picker import PickerScene
    from tests.inputs import answer_accusation, click
    from tests.test_ui import act_for_people

    top = app.top
    if not isinstance(top, PickerScene):
        act_for_people(app)
        return

    def listen() -> None:
        start = clock.now
        while not quiet(app) and clock.now - start < PATIENCE:
            app.step(DT, draw=False)

    targets = [top.items["suspect"][1], top.items["weapon"][2]] if top.mode == "suggest" else []
    for target in [*targets, top.ok]:
        click(app, target.rect.center)
        listen()
    if top.mode == "accuse":
        answer_accusation(app)


def board_match(app, seed: int, kinds: tuple[str, ...], level: str):
    from game.rules.setup import GameSetup, SeatConfig
    from game.ui.board.match import Match
    from game.ui.shell.registry import make

    names = ("scarlet", "mustard", "white", "green")
    seats = tuple(SeatConfig(n, k, level) if k == "computer" else SeatConfig(n, k) for n, k in zip(names, kinds, strict=True))
    board = make("board", app, Match(app.board, GameSetup(seats=seats, seed=seed)))
    app.push(board)
    return board


def solo(seed: int, seconds=None) -> tuple[list, set[str], list[float]]:
    """One solo game against Beginners: (every line heard, the prompts seen,
    the seconds of each computer turn: from its ``TurnStarted`` shown to the next one's)."""
    from game.rules import events as ev

    clock = Clock()
    app = new_app(seed, clock, seconds=seconds)
    board = board_match(app, seed, ("human", "computer", "computer", "computer"), "beginner")
    prompts: set[str] = set()
    marks: list[tuple[float, int]] = []
    play = board.presenter.play

    def timed_play(e):
        if isinstance(e, ev.TurnStarted):
            marks.append((clock.now, e.player))
        play(e)
    board.presenter.play = timed_play
    play_people(app, board, clock, prompts=prompts)
    for _i in range(int(20 / DT)):               # the last lines are said
        if quiet(app):
            break
        app.step(DT, draw=False)
    heard = app.speech.driver.heard
    turns = [b - a for (a, seat), (b, _s) in pairwise(marks) if seat != 0]
    app.close()
    return heard, prompts, turns


def says_what_to_do(text: str, prompts: set[str]) -> bool:
    """True when ``text`` is a prompt seen on screen or one of its sentences."""
    from game.ui.voice.speech import sentences

    return any(text == p or text in sentences(p) or (len(p) > 8 and p in text) for p in prompts)


def computer_turns(make, seed: int, read_aloud: bool, seconds=None) -> list[float]:
    """Simulated seconds of each computer turn at an all-computer table made by ``make(app, seed)``."""
    import importlib

    clock = Clock()
    app = new_app(seed, clock, read_aloud=read_aloud, seconds=seconds)
    scene, pkg = make(app, seed)
    started = importlib.import_module(f"game.{pkg}.events").TurnStarted
    marks: list[float] = []
    play = scene.presenter.play

    def timed_play(e):
        if isinstance(e, started):
            marks.append(clock.now)
        play(e)
    scene.presenter.play = timed_play
    limit = 60.0 * (MAX_TURNS + 2)
    while len(marks) <= MAX_TURNS and not scene.game.over and clock.now < limit:
        while app.top is not scene and not getattr(app.top, "moment", False):
            app.pop()
        app.step(DT, draw=False)
    app.close()
    return [b - a for a, b in pairwise(marks)]


def privacy(lang: str, seed: int) -> tuple[int, int]:
    """A two-person hot-seat game in ``lang``: (lines spoken, lines of a private screen among them)."""
    from game.ui.voice.speech import sentences

    clock = Clock()
    app = new_app(seed, clock, lang=lang)
    board = board_match(app, seed, ("human", "computer", "human", "computer"), "easy")
    private: list[str] = []
    play_people(app, board, clock, private=private)
    spoken = app.speech.driver.lines
    secret = {s for p in private for s in [p, *sentences(p)]}
    public = set(board.match.log)
    app.close()
    return len(spoken), sum(1 for line in spoken if line in secret and line not in public)


def median_line(seconds: list[float]) -> str:
    s = sorted(seconds)
    return f"n={len(s):3d}  median {statistics.median(s):5.2f} s  p90 {s[min(len(s) - 1, int(0.9 * len(s)))]:5.2f} s"


def main(games: int = 2, use_wav: bool = False) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_pacing import board_table, card_table

    seconds = wav_seconds if use_wav else None
    print(f"durations: {'espeak-ng -w' if use_wav else 'estimated from espeak-ng rate'}")
    lines = []
    todo = done = 0
    solo_turns: list[float] = []
    for seed in range(1, games + 1):
        heard, prompts, turns = solo(seed, seconds)
        solo_turns += turns
        lines += heard
        todo += sum(says_what_to_do(h.text, prompts) for h in heard)
        done += sum(says_what_to_do(h.text, prompts) and h.whole for h in heard)
    whole = sum(h.whole for h in lines)
    print(f"solo vs Beginners ({games} games): {len(lines)} lines, {whole} heard to their end "
          f"({100 * whole / max(1, len(lines)):.1f} %, goal 95); what to do: {done}/{todo} "
          f"({100 * done / max(1, todo):.1f} %, goal 100); speech {sum(h.seconds for h in lines):.0f} s, "
          f"heard {sum(h.heard for h in lines):.0f} s")
    print(f"solo vs Beginners, computer turn, read aloud on: {median_line(solo_turns)} (goal <= 6.0)")
    for mode, make in (("board", board_table), ("cards", card_table)):
        for on in (True, False):
            turns = [t for seed in range(1, games + 1) for t in computer_turns(make, seed, on, seconds)]
            goal = 6.0 if on else 2.5
            print(f"{mode:5s} computer turn, read aloud {'on ' if on else 'off'}: {median_line(turns)} (goal <= {goal})")
    for lang in ("en", "es", "ca"):
        total, secret = privacy(lang, 1)
        print(f"hot seat, two people, {lang}: {total} lines spoken, {secret} private (goal 0)")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(int(args[0]) if args else 2, "--wav" in sys.argv)
