"""Whose notebook?  With several people at the table and a computer to move,
the notebook (or the card game's case file) opens for the seat chosen here,
behind its cover (:func:`game.ui.shell.flow.open_private`)."""

from __future__ import annotations

from functools import partial

import pygame

from game.ui.draw import theme
from game.ui.draw.widgets import Button, FocusGroup
from game.ui.shell.flow import open_private
from game.ui.shell.i18n import _
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import make as make_scene
from game.ui.shell.scene import Scene


class NotebookChooser(Scene):
    """With several people at the table and a computer to move: whose notebook?
    ``make(seat)`` builds the notebook scene (default: the board game's
    notebook, the scene named "notebook")."""

    opaque = False

    def __init__(self, app, match, make=None) -> None:
        super().__init__(app)
        self.match = match
        self.make = make or (lambda seat: make_scene("notebook", app, match, seat))
        humans = match.humans
        h = 120 + len(humans) * 66 + 70
        self.box = pygame.Rect(0, 0, 560, h)
        self.box.center = (640, 360)
        buttons = []
        for i, seat in enumerate(humans):
            buttons.append(Button(pygame.Rect(self.box.left + 40, self.box.top + 90 + i * 66, 480, 56),
                                  match.seat_name(seat), partial(self.open, seat),
                                  colour=theme.suspect_colour(match.suspects[seat])))
        buttons.append(Button(pygame.Rect(self.box.left + 40, self.box.bottom - 76, 480, 56), _("Cancel"),
                              self.cancel, hint="Esc"))
        self.focus = FocusGroup(buttons)

    def speech_name(self) -> str | None:
        """Read aloud when this screen opens: its question."""
        return _("Whose notebook?")

    def open(self, seat: int) -> None:
        self.app.pop(self)
        open_private(self.app, self.match, seat, lambda: self.make(seat), optional=True,
                     reason=_("Your cards and notebook are next."))

    def cancel(self) -> None:
        self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.BACK:
            self.cancel()
            return True
        return self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface)
        theme.panel(surface, self.box, theme.PANEL, theme.BRASS, 18, 4)
        theme.blit_text(surface, _("Whose notebook?"), (self.box.centerx, self.box.top + 24), theme.TITLE,
                        theme.BRASS, True, "midtop")
        self.focus.draw(surface)

    def widgets(self) -> list:
        return list(self.focus.buttons)
