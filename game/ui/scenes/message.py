"""A message box over the current scene: a plain-words reason and an OK button."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.i18n import _
from game.ui.input import Intent, Kind
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, FocusGroup, Label


class MessageScene(Scene):
    """Shows ``text`` (wrapped) with a ``title`` and an OK button (Enter, Esc or click)."""

    opaque = False

    def __init__(self, app, text: str, title: str | None = None) -> None:
        super().__init__(app)
        self.text = text
        self.title = title if title is not None else _("Not now")
        lines = theme.wrap(text, 600, theme.BODY)
        h = 150 + len(lines) * 30 + 70
        self.box = pygame.Rect(0, 0, 680, h)
        self.box.center = (640, 360)
        self.ok = Button(pygame.Rect(self.box.centerx - 110, self.box.bottom - 76, 220, 56), _("OK"), self.close)
        self.focus = FocusGroup([self.ok])

    def close(self) -> None:
        self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.BACK, Kind.CONFIRM):
            self.close()
            return True
        if intent.kind is Kind.CLICK:
            self.close()
            return True
        return self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 140)
        theme.panel(surface, self.box, theme.PAPER, theme.BRASS, 18, 4)
        theme.blit_text(surface, self.title, (self.box.centerx, self.box.top + 24), theme.HEADING, theme.INK, True,
                        "midtop")
        theme.blit_wrapped(surface, self.text, pygame.Rect(self.box.left + 40, self.box.top + 80, 600, 400),
                           theme.BODY, theme.INK, align="center")
        self.focus.draw(surface)

    def widgets(self) -> list:
        return [self.ok, Label(pygame.Rect(self.box.left + 20, self.box.top + 20, self.box.width - 40, 40),
                               self.title, theme.HEADING, True)]
