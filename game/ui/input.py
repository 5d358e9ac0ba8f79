"""Raw pygame events become *intents*; scenes read intents, never raw keys.

An :class:`Intent` says what the player means (``UP``, ``CONFIRM``, ``BACK`` ...)
and which ``device`` it came from (``"keyboard"``, ``"mouse"``; later one
``"pad:<instance id>"`` per controller), so a later issue can bind a
controller to a seat.  Mouse intents carry their position in *logical*
coordinates (pixels of the 1280 x 720 drawing surface).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Callable

import pygame


class Kind(enum.Enum):
    """What a player means."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    CONFIRM = "confirm"
    BACK = "back"
    NOTEBOOK = "notebook"
    MENU = "menu"
    CLICK = "click"      # mouse button 1 pressed at ``pos``
    POINT = "point"      # mouse moved to ``pos``


@dataclass(frozen=True)
class Intent:
    """One intent: its ``kind``, the ``device`` it came from and, for the mouse,
    ``pos`` in logical pixels."""

    kind: Kind
    device: str = "keyboard"
    pos: tuple[int, int] | None = None

    @property
    def is_mouse(self) -> bool:
        return self.pos is not None


#: Keyboard bindings: pygame key -> intent kind.
KEYMAP: dict[int, Kind] = {
    pygame.K_UP: Kind.UP, pygame.K_w: Kind.UP,
    pygame.K_DOWN: Kind.DOWN, pygame.K_s: Kind.DOWN,
    pygame.K_LEFT: Kind.LEFT, pygame.K_a: Kind.LEFT,
    pygame.K_RIGHT: Kind.RIGHT, pygame.K_d: Kind.RIGHT,
    pygame.K_RETURN: Kind.CONFIRM, pygame.K_KP_ENTER: Kind.CONFIRM, pygame.K_SPACE: Kind.CONFIRM,
    pygame.K_ESCAPE: Kind.BACK, pygame.K_BACKSPACE: Kind.BACK,
    pygame.K_n: Kind.NOTEBOOK,
    pygame.K_m: Kind.MENU, pygame.K_F10: Kind.MENU,
}


class InputHandler:
    """Turns pygame events into intents.

    ``to_logical`` maps a window pixel to a logical pixel (or None outside the
    drawn area).  Further devices (game pads) get their own ``_from_*`` method
    here and tag intents with their own ``device``.
    """

    def __init__(self, to_logical: Callable[[tuple[int, int]], tuple[int, int] | None]) -> None:
        self.to_logical = to_logical

    def translate(self, event: pygame.event.Event) -> list[Intent]:
        """The intents in one pygame event (often none)."""
        if event.type == pygame.KEYDOWN:
            kind = KEYMAP.get(event.key)
            return [Intent(kind, "keyboard")] if kind else []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = self.to_logical(event.pos)
            return [Intent(Kind.CLICK, "mouse", pos)] if pos else []
        if event.type == pygame.MOUSEMOTION:
            pos = self.to_logical(event.pos)
            return [Intent(Kind.POINT, "mouse", pos)] if pos else []
        return []
