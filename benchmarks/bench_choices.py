"""Every choice spoken (prints figures; not a test): in a solo board game
against Beginners with read aloud on, at normal speed, a person who listens
looks around with the arrow keys before each step (the way a child who
cannot read finds what is on a screen), then acts with the keys and clicks
of ``tests.test_ui.act_for_people``.

Figures, on a simulated clock (``benchmarks/bench_speech.py``'s: fixed
frames, no sleeping; the speech engine is :class:`game.ui.voice.speech.TimedDriver`):

- **focus changes**: each arrow press after which the focused control (a
  button, a card, a notebook row, a lit square or room: the top screen's
  :meth:`~game.ui.shell.scene.Scene.speech_focus`) is another one or in another state;
- **spoken within 0.3 s**: of those, the ones whose line reached the speech
  engine no later than 0.3 simulated seconds after the press (goal: all);
- **focus lines given**: :attr:`game.ui.voice.speech.Speaker.focus_lines`.

Run: ``python benchmarks/bench_choices.py [games]``; ``--show N`` prints N spoken lines of the first game.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_speech import DT, LONGEST, PATIENCE, Clock, board_match, new_app, quiet  # noqa: E402

#: The arrows pressed to look around before each step of a person's turn.
LOOK = ("RIGHT", "DOWN", "LEFT", "UP")
#: Seconds within which a focus change must reach the speech engine.
WITHIN = 0.3


def focus_key(app):
    """(the top screen, what its focus line says) — what a focus change changes."""
    top = app.top
    return (id(top), top.speech_focus() if top is not None else None)


def look_around(app, clock: Clock, changes: list, late: list) -> None:
    """Press each arrow of :data:`LOOK` once; each press that changed the
    focus must reach the speech engine within :data:`WITHIN` seconds."""
    import pygame

    from tests.inputs import key

    driver = app.speech.driver
    for name in LOOK:
        before = focus_key(app)
        given = len(driver.said)
        key(app, getattr(pygame, f"K_{name}"), dt=DT, draw=False)
        clock.now += DT
        after = focus_key(app)
        if after == before or after[1] is None:
            continue
        changes.append(after[1])
        start = clock.now
        while clock.now - start < WITHIN and after[1] not in driver.lines[given:]:
            app.step(DT, draw=False)
        if after[1] not in driver.lines[given:]:
            late.append(after[1])


def solo(seed: int) -> dict:
    """One solo game against Beginners with the person looking around first."""
    from tests.test_ui import act_for_people, human_waiting

    clock = Clock()
    app = new_app(seed, clock)
    board = board_match(app, seed, ("human", "computer", "computer", "computer"), "beginner")
    changes: list[str] = []
    late: list[str] = []
    waited = 0.0
    while not board.game.over and clock.now < LONGEST:
        if human_waiting(app) and (quiet(app) or waited >= PATIENCE):
            waited = 0.0
            look_around(app, clock, changes, late)
            if human_waiting(app):
                act_for_people(app)
        else:
            waited = waited + DT if human_waiting(app) else 0.0
            app.step(DT, draw=False)
    out = {"changes": len(changes), "late": late, "focus_lines": app.speech.focus_lines,
           "lines": list(app.speech.driver.lines), "seconds": clock.now}
    app.close()
    return out


def main(games: int = 2, show: int = 0) -> None:
    total = late = given = 0
    for seed in range(1, games + 1):
        r = solo(seed)
        total, late, given = total + r["changes"], late + len(r["late"]), given + r["focus_lines"]
        print(f"game {seed}: {r['changes']} focus changes, {r['changes'] - len(r['late'])} spoken within "
              f"{WITHIN} s, {r['focus_lines']} focus lines given; {r['seconds']:.0f} simulated s")
        for line in r["late"][:5]:
            print("   not spoken in time:", line)
        if seed == 1 and show:
            for line in r["lines"][:show]:
                print("   said:", line)
    print(f"all: {total - late}/{total} focus changes spoken within {WITHIN} s "
          f"({100 * (total - late) / max(1, total):.1f} %), {given} focus lines given")


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Every choice spoken: focus changes vs focus lines.")
    parser.add_argument("games", nargs="?", type=int, default=2)
    parser.add_argument("--show", type=int, default=0, help="print this many spoken lines of the first game")
    ns = parser.parse_args()
    main(ns.games, ns.show)
