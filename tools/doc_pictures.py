"""Render the pictures of the game in ``docs/images`` again, from the code as it is.

* ``screens``: the main screens and the big moments as whole frames at 1280 x 720,
  1920 x 1080 and 3840 x 2160, ``docs/images/screens/<name>-<W>x<H>.jpg``; a moment
  is shown in its middle (``CLUE_SHOT_AT``);
* ``refresh``: every other picture of a ``--screenshot`` scene the docs keep (the
  pictures the docs link, the ``*-after`` halves of before/after pairs, the README's
  board), at its own size, language and text size (:data:`REFRESH`);
* ``details``: 1:1 pieces of 3840 x 2160 frames, ``docs/images/sharp/*-detail-after.jpg``
  (:data:`DETAILS`);
* ``strips``: every big moment as a strip of frames at simulated times, from its first
  frame on (:mod:`tools.strip`), in ``docs/images/moments/`` (and the card game's question
  going round in ``docs/images/card-game/``);
* ``motion``: a die roll and a walk as strips of 1:1 pieces of the 1280 x 720 board,
  ``docs/images/motion/{die,walk}-after.jpg``.

The ``*-before`` pictures (the look before a change) are never written: they stay as
they were drawn.  Usage: ``python tools/doc_pictures.py [PARTS]``, PARTS a comma list
(default ``screens,refresh,details,strips,motion``).  Needs ImageMagick's ``convert``; takes
several minutes.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

#: The screens: (file name, --scene); a moment is captured in its middle (:data:`MIDDLE`).
SCREENS = (("title", "title"), ("setup", "setup"), ("board", "board"), ("board-tv", "board-tv"),
           ("game-over", "game-over"), ("card-game", "card-game"), ("suggestion", "suggestion-cutin"),
           ("nobody", "nobody-banner"), ("case-solved", "case-solved"), ("accusation-wrong", "accusation-wrong"))
SIZES = ("1280x720", "1920x1080", "3840x2160")
#: A moment's middle, in simulated seconds after its first frame.
MIDDLE = {"suggestion-cutin": 0.8, "case-solved": 1.5, "accusation-wrong": 1.5, "card-solved": 1.5,
          "card-wrong": 1.5, "card-nobody": 1.5}
#: Pictures drawn again as they were: file under docs/images -> (--scene, size, language, text size,
#: size of the picture when smaller than the frame).  Moments are shown in their middle (:data:`MIDDLE`).
REFRESH: dict[str, tuple[str, str, str, str, str]] = {
    "board.png": ("board", "1280x720", "en", "normal", ""),       # the README's picture, a PNG
    **{f"playing/{scene}-1280x720.jpg": (scene, "1280x720", "en", "normal", "") for scene in (
        "accuse-confirm", "board-crowded", "log-scrolled", "pulled-banner", "recap")},
    "playing/board-tv-ca-large-1920x1080.jpg": ("board-tv", "1920x1080", "ca", "large", ""),
    "playing/pulled-banner-es-1280x720.jpg": ("pulled-banner", "1280x720", "es", "normal", ""),
    "playing/recap-large-1280x720.jpg": ("recap", "1280x720", "en", "large", ""),
    **{f"playing/{scene}-{lang}.jpg": (scene, "1280x720", lang, "normal", "")
       for scene in ("report", "report-computer", "tokens") for lang in ("en", "es", "ca")},
    **{f"card-game/{scene}-1280x720.jpg": (scene, "1280x720", "en", "normal", "") for scene in (
        "card-five", "card-hotseat", "card-hotseat-hand", "card-log-scrolled", "card-nobody", "card-over",
        "card-recap", "card-reveal", "card-wrong", "card-notebook")},
    **{f"learn-to-play/{scene}-{lang}.jpg": (scene, "1280x720", lang, "normal", "960x540")
       for scene in ("lesson-blocked", "lesson-out", "lesson-pulled", "lesson-report", "lesson-still",
                     "lesson-stuck", "lesson-twice") for lang in ("en", "es", "ca")},
    **{f"read-aloud/lesson-speech-{lang}.jpg": ("lesson-speech", "1280x720", lang, "normal", "960x540")
       for lang in ("en", "es", "ca")},
    # the newer halves of before/after pairs that no other picture shows
    "backdrops/card-over-after.jpg": ("card-over", "1280x720", "en", "normal", ""),
    "moments/after-card-solved.jpg": ("card-solved", "1280x720", "en", "normal", ""),
}
#: 1:1 pieces of 3840 x 2160 frames, ``sharp/<scene>-3840x2160-detail-after.jpg``: (--scene, the piece's
#: centre as fractions of the frame); the same places as their ``-before`` halves.
DETAILS = (("board", "0.27,0.45"), ("board-tv", "0.726,0.3"), ("card-game", "0.3,0.75"), ("title", "0.5,0.45"),
           ("case-solved", "0.35,0.4"))
#: The strips: (file under docs/images, --scene, simulated times).
MOMENT_TIMES = "0,0.15,0.4,0.9,1.5,2.4"
SUGGESTION_TIMES = "0,0.1,0.25,0.45,0.7,1.0"     # the computer players' suggestion is over in about 1.2 s
STRIPS = (("moments/strip-suggestion.jpg", "suggestion-cutin", SUGGESTION_TIMES),
          ("moments/strip-question-round.jpg", "question-round", "0,0.15,0.3,0.45,0.6"),
          ("moments/strip-nobody.jpg", "nobody-banner", "0,0.5,1.0,1.5"),
          ("moments/strip-case-solved.jpg", "case-solved", MOMENT_TIMES),
          ("moments/strip-accusation-wrong.jpg", "accusation-wrong", MOMENT_TIMES),
          ("moments/strip-card-solved.jpg", "card-solved", MOMENT_TIMES),
          ("moments/strip-card-wrong.jpg", "card-wrong", MOMENT_TIMES),
          ("moments/strip-card-nobody.jpg", "card-nobody", MOMENT_TIMES),
          ("card-game/strip-card-question-1280x720.jpg", "card-question", "0,0.4,0.8,1.2,1.6"),
          # the soft wipe a moment comes in with, frame by frame
          ("moments/wipe-case-solved.jpg", "case-solved", "0.05,0.1,0.15,0.2,0.3"),
          ("moments/wipe-suggestion.jpg", "suggestion-cutin", "0.05,0.1,0.15,0.2,0.3"))
#: Only the pictures whose path under docs/images holds this (``--only``; "" = all).
ONLY = ""
#: JPEG quality of every picture (ImageMagick's scale, 1-100); the 3840 x 2160 frames a little
#: lower, so that the folder stays small (their text is still sharp at 1:1).
QUALITY = 60
QUALITY_4K = 40


def _shot(scene: str, size: str, png: Path, lang: str = "en", text_size: str = "normal", at: float = 0) -> None:
    """``run.py --screenshot`` of ``scene`` at ``size`` into ``png``; raises ``RuntimeError`` when it fails."""
    import subprocess

    env = dict(os.environ, CLUE_LANG=lang, CLUE_TEXT_SIZE=text_size, CLUE_SHOT_AT=str(at),
               SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"))
    done = subprocess.run([sys.executable, str(ROOT / "run.py"), "--screenshot", str(png), "--scene", scene,
                           "--size", size], env=env)
    if done.returncode:
        raise RuntimeError(f"the {scene} scene at {size} could not be rendered")


def _save(png: Path, out: Path, resize: str = "", quality: int = QUALITY) -> None:
    """``png`` written to ``out``: JPEG at ``quality`` (a PNG as it is), resized to ``resize`` when given."""
    import subprocess

    out.parent.mkdir(parents=True, exist_ok=True)
    cmd = ["convert", str(png)] + (["-resize", resize] if resize else [])
    subprocess.run(cmd + ([] if out.suffix == ".png" else ["-quality", str(quality)]) + [str(out)], check=True)
    print(out.relative_to(ROOT))


def screens() -> int:
    """The whole frames at the three sizes."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        png = Path(tmp, "shot.png")
        for name, scene in SCREENS:
            for size in SIZES:
                if ONLY not in f"screens/{name}-{size}.jpg":
                    continue
                _shot(scene, size, png, at=MIDDLE.get(scene, 0))
                _save(png, IMAGES / "screens" / f"{name}-{size}.jpg",
                      quality=QUALITY_4K if size == "3840x2160" else QUALITY)
    return 0


def refresh() -> int:
    """The pictures of :data:`REFRESH`."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        png = Path(tmp, "shot.png")
        for rel, (scene, size, lang, text_size, resize) in REFRESH.items():
            if ONLY not in rel:
                continue
            _shot(scene, size, png, lang, text_size, MIDDLE.get(scene, 0))
            _save(png, IMAGES / rel, resize)
    return 0


def details() -> int:
    """The 1:1 pieces of 3840 x 2160 frames (:data:`DETAILS`), with :mod:`tools.sizes`."""
    import sizes

    for scene, at in DETAILS:
        if ONLY not in f"sharp/{scene}-3840x2160-detail-after.jpg":
            continue
        if sizes.main([str(IMAGES / "sharp"), "--scenes", scene, "--sizes", "3840x2160", "--detail", "1280x720",
                       "--at", at, "--suffix=-detail-after", "--quality", str(QUALITY)]):
            return 1
    return 0


def strips() -> int:
    """Every moment's strip, from its first frame."""
    import tempfile

    import strip

    with tempfile.TemporaryDirectory() as tmp:
        for rel, scene, times in STRIPS:
            if ONLY not in rel:
                continue
            png = Path(tmp, "strip.png")
            if strip.main([scene, str(png), "--at", times, "--scale", "0.3"]):
                return 1
            _save(png, IMAGES / rel)
    return 0


def motion() -> int:
    """The die roll and the walk, as strips of pieces of the board at 1280 x 720."""
    import tempfile

    import pygame

    from game.rules.engine import Phase
    from game.ui.app import App
    from game.ui.board.table import BoardScene
    from game.ui.screenshots.screens import build_scene

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    app = App(sound=False, threaded_ai=False, speed=1.0)
    build_scene(app, "pause-menu")           # a person's turn, before the roll, under the pause menu
    app.pop()
    board = app.top
    assert isinstance(board, BoardScene)

    def frames(times: list[float], area: pygame.Rect, action) -> list[pygame.Surface]:
        """Pieces ``area`` of the frames at ``times`` (seconds after ``action``, 60 frames a second)."""
        action()
        shots, now = [], 0.0
        for t in times:
            for _frame in range(round((t - now) * 60)):
                app.step(1 / 60)
            now = t
            app.draw()
            shots.append(app.window.surface.subsurface(area).copy())
        return shots

    g = board.match.game
    assert g.phase is Phase.START
    die = board.die_rect.inflate(24, 24)
    rolled = frames([0, .1, .2, .3, .4, .5, .6, .8, 1.0], die, board.roll)
    for _frame in range(600):               # the die at rest and the lit squares shown
        if not board.busy:
            break
        app.step(1 / 60)
    assert g.phase is Phase.MOVE
    # the longest walk to a corridor square the roll allows, and the squares it crosses
    dest, steps = max(((d, p) for d, p in g.moves().items() if isinstance(d, tuple)), key=lambda dp: len(dp[1]))
    crossed = [board.view.square_rect(q) for q in [*steps, dest] if isinstance(q, tuple)]
    path = crossed[0].unionall(crossed[1:]).inflate(120, 48).clip(app.window.surface.get_rect())
    walked = frames([i * 0.12 for i in range(len(crossed) + 2)], path, lambda: board.choose(dest))
    with tempfile.TemporaryDirectory() as tmp:
        for name, shots in (("die", rolled), ("walk", walked)):
            w, h = shots[0].get_size()
            out = pygame.Surface((len(shots) * (w + 4) - 4, h))
            out.fill((20, 20, 24))
            for i, shot in enumerate(shots):
                out.blit(shot, (i * (w + 4), 0))
            png = Path(tmp, f"{name}.png")
            pygame.image.save(out, str(png))
            _save(png, IMAGES / "motion" / f"{name}-after.jpg")
    app.close()
    pygame.quit()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Write the pictures asked for; returns the exit code (1 when one fails)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("parts", nargs="?", default="screens,refresh,details,strips,motion",
                    help="comma list of screens, refresh, details, strips, motion (default: all)")
    ap.add_argument("--only", default="", metavar="TEXT",
                    help="only the pictures whose path under docs/images holds TEXT, e.g. strip-suggestion")
    args = ap.parse_args(argv)
    global ONLY
    ONLY = args.only
    parts = {"screens": screens, "refresh": refresh, "details": details, "strips": strips, "motion": motion}
    for part in args.parts.split(","):
        if part not in parts:
            print(f"doc_pictures: no part {part!r}; the parts are {', '.join(parts)}", file=sys.stderr)
            return 2
        try:
            if parts[part]():
                return 1
        except RuntimeError as exc:
            print(f"doc_pictures: {exc}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
