"""Animations driven by ``dt`` (seconds).  Each has ``update(dt)``, ``done`` and
``skip()`` (jump to the end), and the board scene draws from its state.
Durations are divided by the speed setting (2.0 = twice as fast)."""

from __future__ import annotations

import math
import random
from typing import Callable

from game.ui.draw.wipe import Wipe

Point = tuple[float, float]

#: Seconds (normal speed) for the die to tumble and land, one square of
#: walking, a pulled-in token or weapon gliding, a card turning over.
DIE_TIME, STEP_TIME, GLIDE_TIME, FLIP_TIME = 0.8, 0.12, 0.5, 0.3
#: Seconds (normal speed) a token takes through a secret passage: a glide
#: long enough to see where it went.
PASSAGE_TIME = 0.6
#: Seconds a walk takes at most (normal speed): only a path longer than ten
#: squares (two dice) walks faster than :data:`STEP_TIME` a square.
WALK_MAX_TIME = 1.2

#: The speed settings of the pause menu (name, factor), in cycling order.
#: At :data:`INSTANT` the board skips every animation and computer pause.
NORMAL, FAST, INSTANT = 1.0, 2.5, 1000.0
SPEEDS = (("normal", NORMAL), ("fast", FAST), ("instant", INSTANT))


def ease(t: float) -> float:
    """Smoothstep easing 0..1 -> 0..1."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


class Animation:
    """Base: runs for ``duration`` seconds."""

    def __init__(self, duration: float) -> None:
        self.duration = max(1e-6, duration)
        self.t = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    @property
    def progress(self) -> float:
        return min(1.0, self.t / self.duration)

    def update(self, dt: float) -> None:
        self.t += dt

    def skip(self) -> None:
        self.t = self.duration


class Pause(Animation):
    """Nothing moves for a while (a computer player "thinking")."""


class DieRoll(Animation):
    """The die tumbles, lands on ``result`` and bounces once, a little.

    For :data:`LAND` of the time it hops twice while it turns and its faces
    flicker; it lands showing ``result`` and bounces :data:`BOUNCE` pixels,
    then rests.  ``face`` (1..6), ``offset`` (pixels above its place) and
    ``angle`` (degrees to turn the face, 0 once landed) are what to draw."""

    #: the share of the time spent tumbling before the die first lands
    LAND = 0.7
    #: (start, end, height in pixels) of each hop as shares of the time: two
    #: tumbling hops, then the small bounce after landing; at rest after.
    HOPS = ((0.0, 0.42, 28.0), (0.42, LAND, 12.0), (LAND, 0.88, 5.0))
    #: degrees the die turns while tumbling
    SPIN = 540.0

    def __init__(self, result: int, speed: float = 1.0, seed: int = 0) -> None:
        super().__init__(DIE_TIME / speed)
        self.result = result
        self.rng = random.Random(seed)
        self.face = self.rng.randint(1, 6)
        self._next_flip = 0.0

    @property
    def landed(self) -> bool:
        """True once the die has come down showing its result (bounce included)."""
        return self.progress >= self.LAND

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.landed:
            self.face = self.result
        elif self.t >= self._next_flip:
            self.face = self.rng.randint(1, 6)
            # the faces change more slowly as the die loses speed
            self._next_flip = self.t + self.duration * (0.07 + 0.12 * self.progress)

    def skip(self) -> None:
        super().skip()
        self.face = self.result

    @property
    def offset(self) -> float:
        p = self.progress
        for a, b, height in self.HOPS:
            if a <= p < b:
                return height * math.sin(math.pi * (p - a) / (b - a))
        return 0.0

    @property
    def angle(self) -> float:
        if self.landed:
            return 0.0
        left = 1 - self.progress / self.LAND
        return self.SPIN * left * left      # slows down, square to the table at the landing


class Walk(Animation):
    """A token walks through ``points`` (pixel centres, start first), one
    segment per square, :data:`STEP_TIME` a square on average (at most
    :data:`WALK_MAX_TIME` in all), easing at both ends.  ``on_step(i)`` runs
    as it reaches point ``i``."""

    def __init__(self, suspect: str, points: list[Point], speed: float = 1.0,
                 on_step: Callable[[int], None] | None = None) -> None:
        super().__init__(min(STEP_TIME * max(1, len(points) - 1), WALK_MAX_TIME) / speed)
        self.suspect = suspect
        self.points = points
        self.on_step = on_step
        self._reached = 0

    def update(self, dt: float) -> None:
        super().update(dt)
        reached = int(self._along())
        while self._reached < min(reached, len(self.points) - 1):
            self._reached += 1
            if self.on_step:
                self.on_step(self._reached)

    def _along(self) -> float:
        """Squares walked so far (0..n): it speeds up over the first square,
        walks the middle ones at a steady pace and slows down over the last
        (a speed that rises and falls in straight lines, never jumping)."""
        n = len(self.points) - 1
        if n <= 0:
            return 0.0
        p = self.progress
        if n == 1:
            return ease(p)
        v = n + 2.0                 # the steady pace, in squares per whole walk
        ramp = 2.0 / v              # the share of the time spent on the first (and the last) square
        if p < ramp:
            return v * v * p * p / 4
        if p > 1 - ramp:
            return n - v * v * (1 - p) * (1 - p) / 4
        return 1 + v * (p - ramp)

    @property
    def point(self) -> Point:
        if len(self.points) == 1:
            return self.points[0]
        a = self._along()
        i = min(int(a), len(self.points) - 2)
        f = a - i
        (x0, y0), (x1, y1) = self.points[i], self.points[i + 1]
        return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)


class Glide(Animation):
    """A token or a weapon (``kind`` "token"/"weapon", ``item`` its id) glides
    from ``start`` to ``end`` (pixels), easing at both ends, in ``seconds``
    at normal speed (divided by ``speed``)."""

    def __init__(self, kind: str, item: str, start: Point, end: Point, speed: float = 1.0,
                 seconds: float = GLIDE_TIME) -> None:
        super().__init__(seconds / speed)
        self.kind, self.item, self.start, self.end = kind, item, start, end

    @property
    def point(self) -> Point:
        e = ease(self.progress)
        return (self.start[0] + (self.end[0] - self.start[0]) * e, self.start[1] + (self.end[1] - self.start[1]) * e)


class Group(Animation):
    """Several animations at once; done when all are."""

    def __init__(self, parts: list[Animation]) -> None:
        super().__init__(max(p.duration for p in parts))
        self.parts = parts

    def update(self, dt: float) -> None:
        super().update(dt)
        for p in self.parts:
            if not p.done:
                p.update(dt)

    def skip(self) -> None:
        super().skip()
        for p in self.parts:
            p.skip()


class Banner(Animation):
    """A full-width banner (``text``) slides in from the left while it fades
    in, rests, then slides on to the right while it fades out, in ``duration``
    seconds.  ``alpha`` (0..255) and ``shift`` (pixels, negative: still to
    come from the left) are what to draw."""

    #: the share of the time spent sliding in, and sliding out
    EDGE = 0.2

    def __init__(self, text: str, duration: float, sub: str = "") -> None:
        super().__init__(duration)
        self.text = text
        #: a smaller line under the words (the band is taller with one), or ""
        self.sub = sub
        #: what fills the screen behind the band (a :class:`game.ui.mansion.stage.Scenery`), or None: the table
        self.stage: object = None
        #: the soft wipe that brings that scenery in as the banner comes and takes it away as it goes
        self.wipe = Wipe()
        #: it goes (:meth:`leave`) once the person it speaks to plays on (the pulled-in banner)
        self.until_acted = False

    def _edge(self) -> float:
        """-1..0 while coming in, 0 at rest, 0..1 while going out."""
        p = self.progress
        if p < self.EDGE:
            return ease(p / self.EDGE) - 1
        if p > 1 - self.EDGE:
            return ease((p - 1 + self.EDGE) / self.EDGE)
        return 0.0

    @property
    def alpha(self) -> int:
        return 0 if self.done else int(255 * (1 - abs(self._edge())))

    @property
    def shift(self) -> float:
        return self._edge() * 160

    def leave(self) -> None:
        """Go now: slide on and fade out as at the end of its time (its last :data:`EDGE`),
        from the opacity it has (coming in, it turns back from there); already going: no change."""
        p = self.progress
        if p >= 1 - self.EDGE:
            return
        # coming in, alpha = ease(p / EDGE); going, alpha = 1 - ease(u): equal at u = 1 - p / EDGE
        u = 1 - p / self.EDGE if p < self.EDGE else 0.0
        self.t = (1 - self.EDGE + u * self.EDGE) * self.duration


#: Seconds (normal speed) the three cards of a suggestion take to slide in,
#: and a "no" shake of a seat asked in turn (000 "Suggestions" 4).
CUTIN_TIME, SHAKE_TIME = 0.6, 0.18


class CutIn(Animation):
    """``count`` things slide in one after another over ``duration`` seconds,
    each taking :attr:`SLIDE` of the time and starting a little after the one
    before, so all are at rest at the end.  :meth:`along` is how far
    thing ``i`` has come, 0 (not yet in) .. 1 (at rest), eased."""

    #: the share of the whole time each thing takes to slide in
    SLIDE = 0.6

    def __init__(self, count: int, duration: float) -> None:
        super().__init__(duration)
        self.count = max(1, count)

    def along(self, i: int) -> float:
        """0..1: how far thing ``i`` (0-based) has slid in."""
        if self.done:
            return 1.0
        gap = (1 - self.SLIDE) / max(1, self.count - 1)
        return ease((self.progress - i * gap) / self.SLIDE)


class Shake(Animation):
    """A quick side-to-side shake ("no") for ``duration`` seconds: ``offset``
    is the pixels to draw it to the right (negative: to the left), dying away
    to 0 at the end."""

    #: pixels of the first swing, and the number of swings
    AMPLITUDE, SWINGS = 7.0, 3

    @property
    def offset(self) -> float:
        if self.done:
            return 0.0
        p = self.progress
        return self.AMPLITUDE * (1 - p) * math.sin(p * math.pi * 2 * self.SWINGS)
