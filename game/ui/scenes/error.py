"""A clear on-screen message when the game cannot start (e.g. a bad map)."""

from __future__ import annotations

import pygame

from game.ui.draw import theme
from game.ui.draw.widgets import Button, FocusGroup, Label
from game.ui.shell.i18n import _
from game.ui.shell.input import Intent, Kind
from game.ui.shell.scene import Scene


class ErrorScene(Scene):
    """Shows ``title`` and the ``detail`` text (e.g. the MapError message), the
    log file to send to whoever helps (:func:`game.storage.logfile.log_path`; nothing
    when this run writes none) and a Quit button."""

    def __init__(self, app, title: str, detail: str) -> None:
        from game.storage.logfile import log_path

        super().__init__(app)
        self.title = title
        self.detail = detail
        path = log_path()
        self.log_line = _("To ask for help, send the log file {path}").format(path=path) if path else ""
        self.quit_button = Button(pygame.Rect(490, 560, 300, 60), _("Quit"), app.quit, hint="Esc")
        self.focus = FocusGroup([self.quit_button])

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.BACK:
            self.app.quit()
            return True
        return self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.blit_text(surface, self.title, (640, 110), theme.TITLE, theme.BRASS, True, "center")
        box = pygame.Rect(140, 180, 1000, 340)
        theme.panel(surface, box, theme.PAPER, theme.PANEL_EDGE)
        theme.blit_wrapped(surface, self.detail, box.inflate(-40, -40), theme.BODY, theme.INK)
        if self.log_line:
            theme.blit_wrapped(surface, self.log_line, pygame.Rect(140, 640, 1000, 70), theme.BODY, theme.CREAM,
                               align="center")
        self.focus.draw(surface)

    def widgets(self) -> list:
        return [self.quit_button, Label(pygame.Rect(0, 80, 1280, 60), self.title, theme.TITLE, True)]
