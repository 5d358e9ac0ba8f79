"""The yes / no box over the current scene ("Quit the game?"), shown as the
scene "confirm" (:mod:`game.ui.scenes.confirm`) and extended by the guided
game's "go on with the lesson?" (:class:`game.ui.scenes.lesson.LessonChoice`).

No is focused first, and Back (Esc, B) answers No, so a mashed button never
says Yes by accident.  A question that appears by itself, not for a press of
whoever sees it (a second phone asking for a seat), also takes no press that
was already on its way (``unasked``)."""

from __future__ import annotations

from typing import Callable

import pygame

from game.ui.draw import theme
from game.ui.draw.widgets import Button, FocusGroup, Label
from game.ui.shell.i18n import _
from game.ui.shell.input import Intent, Kind
from game.ui.shell.scene import PRIVATE_GUARD, FreshPressGuard, Scene

BOX = pygame.Rect(340, 230, 600, 250)


class ConfirmBase(Scene):
    """Asks ``question``; Yes pops this box and calls ``on_yes``, No (or
    Back) pops it and calls ``on_no`` when given.

    ``unasked``: the box opens by itself, not for a press of the person in front of it (a phone
    asking for a seat while someone presses Start): until its :attr:`guard` is armed it takes no
    press at all -- no Enter, click, arrow, Back or menu, only the mouse pointing -- so a press
    aimed at the screen below never answers it.  The guard (:class:`~game.ui.shell.scene.FreshPressGuard`)
    arms once the box has been up :data:`~game.ui.shell.scene.PRIVATE_GUARD` seconds of frames (each
    frame's ``dt``, at most ``MAX_FRAME``: at least eight frames drawn, never the wall clock alone)
    and every confirm and click has been let go :data:`~game.ui.shell.scene.FRESH_QUIET` seconds:
    Enter mashed or held keeps it unarmed.  No stays focused: the answer a stray press gives is the
    safe one."""

    opaque = False

    def __init__(self, app, question: str, on_yes: Callable[[], None], on_no: Callable[[], None] | None = None,
                 yes: str | None = None, no: str | None = None, detail: str = "", unasked: bool = False) -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.on_no = on_no
        self.box = self._box()
        bw = (self.box.width - 120) // 2
        self.yes_button = Button(pygame.Rect(self.box.left + 40, self.box.bottom - 96, bw, 60), yes or _("Yes"),
                                 self.yes)
        self.no_button = Button(pygame.Rect(self.box.right - 40 - bw, self.box.bottom - 96, bw, 60), no or _("No"),
                                self.no, hint="Esc")
        self.focus = FocusGroup([self.yes_button, self.no_button], focus=1)
        #: an unasked box's guard against presses already on their way (None: the box was asked for)
        self.guard = (FreshPressGuard(app.router.input, PRIVATE_GUARD, allow=(Kind.POINT,)) if unasked
                      else None)

    def speech_name(self) -> str | None:
        """Read aloud when this screen opens: the question (and its detail)."""
        return " ".join(t for t in (self.question, self.detail) if t)

    def _box(self) -> pygame.Rect:
        """The box (logical pixels): 600 wide and as tall as the question and
        the buttons need, or with a ``detail`` wider
        (800) and as tall as its wrapped lines need, centred on the screen."""
        if not self.detail:     # the question, then the buttons straight under it: no empty middle
            box = pygame.Rect(0, 0, BOX.width, 30 + theme.font(theme.HEADING).get_height() + 28 + 96)
            box.center = BOX.center
            return box
        w = 800
        lines = theme.wrap(self.detail, w - 60, theme.BODY)
        h = 84 + len(lines) * (theme.font(theme.BODY).get_height() + 4) + 20 + 96
        box = pygame.Rect(0, 0, w, max(BOX.height, h))
        box.center = BOX.center
        return box

    def yes(self) -> None:
        self.app.play("click")
        self.app.pop(self)
        self.on_yes()

    def no(self) -> None:
        self.app.pop(self)
        if self.on_no is not None:
            self.on_no()

    def input_seat(self, intent: Intent) -> int | None:
        """The seat whose question this is (a private box sets ``seat``): only
        its pad may answer; else None, everybody."""
        return getattr(self, "seat", None) if self.private else None

    def update(self, dt: float) -> None:
        if self.guard is not None:
            self.guard.update(dt)

    def guarded(self, intent: Intent) -> bool:
        """Does :attr:`guard`, while it holds, swallow ``intent``?  Every press here (an unasked
        box); a box guarding one answer only says which."""
        return True

    def handle(self, intent: Intent) -> bool:
        if self.guard is not None and self.guard.blocks(intent) and self.guarded(intent):
            return True         # swallowed: it was meant for the screen below, or is no fresh press
        if intent.kind in (Kind.BACK, Kind.MENU):
            self.no()
            return True
        return self.focus.handle(intent)

    def draw_box(self, surface: pygame.Surface, shade: int = 150) -> None:
        """Dim what is under the box (``shade``: 0-255) and draw the box with its question."""
        theme.dim(surface, shade)
        box = self.box
        theme.panel(surface, box, theme.PAPER, theme.BRASS, 18, 4)
        theme.blit_text(surface, self.question, (box.centerx, box.top + 30), theme.HEADING, theme.INK, True, "midtop",
                        box.width - 40)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_box(surface)
        box = self.box
        if self.detail:
            theme.blit_wrapped(surface, self.detail, pygame.Rect(box.left + 30, box.top + 84, box.width - 60,
                                                                 box.height - 84 - 116),
                               theme.BODY, (70, 50, 40), align="center")
        self.focus.draw(surface)

    def widgets(self) -> list:
        return [self.yes_button, self.no_button,
                Label(pygame.Rect(self.box.left + 20, self.box.top + 30, self.box.width - 40, 40), self.question,
                      theme.HEADING, True)]
