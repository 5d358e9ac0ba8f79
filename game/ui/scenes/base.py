"""The scene interface (a stack of states, Tuxemon style)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.input import Intent

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """One screen or overlay.

    ``handle(intent) -> bool`` (True when used), ``update(dt)`` with ``dt`` in
    seconds, ``draw(surface)`` on the logical 1280 x 720 surface.  An overlay sets
    ``opaque = False``; the app then draws the scene below first.  Only the top
    scene gets intents and updates.  ``widgets()`` lists the buttons and labels
    on screen (used by the text-fit test).
    """

    opaque = True

    def __init__(self, app: "App") -> None:
        self.app = app

    def handle(self, intent: Intent) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def widgets(self) -> list:
        return []

    def on_resume(self) -> None:
        """Called when the scene above it is popped."""
