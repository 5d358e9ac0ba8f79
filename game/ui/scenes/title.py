"""The title screen: Play (quick start), New game (full setup), Quit."""

from __future__ import annotations

import math

import pygame

from game.rules.cards import SUSPECTS
from game.ui import assets, theme
from game.ui.i18n import _
from game.ui.input import Intent, Kind
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, FocusGroup, Label, footer_hint


class TitleScene(Scene):
    """The first screen.  Play starts you as Miss Scarlet against three computer players."""

    def __init__(self, app) -> None:
        super().__init__(app)
        x, w = 640 - 200, 400
        self.buttons = [
            Button(pygame.Rect(x, 368, w, 60), _("Play"), self.quick_start),
            Button(pygame.Rect(x, 440, w, 60), _("New game"), self.new_game),
            Button(pygame.Rect(x, 512, w, 60), _("Controls"), self.controls),
            Button(pygame.Rect(x, 584, w, 60), _("Quit"), app.quit, hint="Esc"),
        ]
        self.focus = FocusGroup(self.buttons)
        self.t = 0.0

    def quick_start(self) -> None:
        from game.ui.match import Match, quick_setup
        from game.ui.scenes.board import BoardScene

        self.app.play("click")
        device = self.app.last_device      # Play pressed on a pad: that pad plays Miss Scarlet
        devices = {0: device} if device.startswith("pad:") and device in self.app.pads else {}
        match = Match(self.app.board, quick_setup(self.app.new_seed()), devices)
        self.app.push(BoardScene(self.app, match))

    def controls(self) -> None:
        from game.ui.scenes.controls import ControlsScene

        self.app.play("click")
        self.app.push(ControlsScene(self.app))

    def new_game(self) -> None:
        from game.ui.scenes.setup import SetupScene

        self.app.play("click")
        self.app.push(SetupScene(self.app))

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.BACK:
            self.app.quit()
            return True
        return self.focus.handle(intent)

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        env = assets.envelope(150)
        surface.blit(env, env.get_rect(center=(640, 92)))
        theme.blit_text(surface, _("Clue"), (644, 214), 120, (30, 15, 10), True, "center")
        theme.blit_text(surface, _("Clue"), (640, 208), 120, theme.BRASS, True, "center")
        theme.blit_text(surface, _("Who did it, where, and with what?"), (640, 300), theme.HEADING, theme.CREAM,
                        False, "center")
        n = len(SUSPECTS)
        for i, s in enumerate(SUSPECTS):
            bob = 4 * math.sin(self.t * 2 + i)
            img = assets.token(s, 56)
            side = i < n // 2
            x = 170 + i * 70 if side else 1110 - (n - 1 - i) * 70
            surface.blit(img, img.get_rect(center=(x, 470 + bob)))
        self.focus.draw(surface)
        footer_hint(surface, _("{move} or mouse to choose, {confirm} or click to press"))

    def widgets(self) -> list:
        return self.buttons + [Label(pygame.Rect(340, 270, 600, 60), _("Who did it, where, and with what?"),
                                     theme.HEADING)]
