"""The pause menu over the board: Resume, speed (normal, fast, instant), Title screen, Quit."""

from __future__ import annotations

import pygame

from game.ui import anim, theme
from game.ui.i18n import _
from game.ui.input import Intent, Kind
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, FocusGroup, footer_hint


class MenuScene(Scene):
    """Opened with Esc on the board; Esc again resumes."""

    opaque = False

    def __init__(self, app, board) -> None:
        super().__init__(app)
        self.board = board
        self.box = pygame.Rect(390, 110, 500, 490)
        x, w = self.box.left + 50, 400
        self.speed_button = Button(pygame.Rect(x, 254, w, 60), "", self.toggle_speed)
        self.focus = FocusGroup([
            Button(pygame.Rect(x, 184, w, 60), _("Resume"), self.resume, hint="Esc"),
            self.speed_button,
            Button(pygame.Rect(x, 324, w, 60), _("Controls"), self.controls),
            Button(pygame.Rect(x, 394, w, 60), _("Title screen"), self.to_title),
            Button(pygame.Rect(x, 464, w, 60), _("Quit game"), app.quit),
        ])
        self._label()

    def speed_name(self) -> str:
        """The setting the app's speed falls under: "normal", "fast" or "instant"."""
        name = anim.SPEEDS[0][0]
        for n, factor in anim.SPEEDS:
            if self.app.speed >= factor:
                name = n
        return name

    def _label(self) -> None:
        self.speed_button.label = {"normal": _("Speed: normal"), "fast": _("Speed: fast"),
                                   "instant": _("Speed: instant")}[self.speed_name()]

    def toggle_speed(self) -> None:
        """Normal -> fast -> instant -> normal."""
        names = [n for n, _f in anim.SPEEDS]
        nxt = anim.SPEEDS[(names.index(self.speed_name()) + 1) % len(names)]
        self.app.speed = nxt[1]
        self._label()

    def resume(self) -> None:
        self.app.pop(self)

    def controls(self) -> None:
        from game.ui.scenes.controls import ControlsScene

        self.app.push(ControlsScene(self.app))

    def to_title(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.BACK, Kind.MENU):
            self.resume()
            return True
        return self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface)
        theme.panel(surface, self.box, theme.PANEL, theme.BRASS, 18, 4)
        theme.blit_text(surface, _("Paused"), (self.box.centerx, self.box.top + 20), theme.TITLE, theme.BRASS,
                        True, "midtop")
        self.focus.draw(surface)
        footer_hint(surface, _("{move} to choose, {confirm} to press, {back} to resume"))

    def widgets(self) -> list:
        return list(self.focus.buttons)
