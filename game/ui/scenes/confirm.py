"""A yes / no question over the current scene ("Quit the game?").

No is focused first, and Back (Esc, B) answers No, so a mashed button never
says Yes by accident."""

from __future__ import annotations

from typing import Callable

import pygame

from game.ui import theme
from game.ui.i18n import _
from game.ui.input import Intent, Kind
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, FocusGroup, Label

BOX = pygame.Rect(340, 230, 600, 250)


class ConfirmScene(Scene):
    """Asks ``question``; Yes pops this box and calls ``on_yes``, No (or
    Back) pops it and calls ``on_no`` when given."""

    opaque = False

    def __init__(self, app, question: str, on_yes: Callable[[], None], on_no: Callable[[], None] | None = None,
                 yes: str | None = None, no: str | None = None, detail: str = "") -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes_button = Button(pygame.Rect(BOX.left + 40, BOX.bottom - 96, 240, 60), yes or _("Yes"), self.yes)
        self.no_button = Button(pygame.Rect(BOX.right - 280, BOX.bottom - 96, 240, 60), no or _("No"), self.no,
                                hint="Esc")
        self.focus = FocusGroup([self.yes_button, self.no_button], focus=1)

    def yes(self) -> None:
        self.app.play("click")
        self.app.pop(self)
        self.on_yes()

    def no(self) -> None:
        self.app.pop(self)
        if self.on_no is not None:
            self.on_no()

    def input_seat(self, intent: Intent) -> int | None:
        return None

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.BACK, Kind.MENU):
            self.no()
            return True
        return self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 150)
        theme.panel(surface, BOX, theme.PAPER, theme.BRASS, 18, 4)
        theme.blit_text(surface, self.question, (BOX.centerx, BOX.top + 30), theme.HEADING, theme.INK, True, "midtop",
                        BOX.width - 40)
        if self.detail:
            theme.blit_wrapped(surface, self.detail, pygame.Rect(BOX.left + 30, BOX.top + 84, BOX.width - 60, 90),
                               theme.BODY, (70, 50, 40), align="center")
        self.focus.draw(surface)

    def widgets(self) -> list:
        return [self.yes_button, self.no_button,
                Label(pygame.Rect(BOX.left + 20, BOX.top + 30, BOX.width - 40, 40), self.question, theme.HEADING, True)]
