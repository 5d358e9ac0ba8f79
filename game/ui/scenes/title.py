"""The title screen: Continue (a saved game), Play (quick start), New game (full
setup), Rules (how to play), Settings (language, sound, text size, speed, controls ...), Quit."""

from __future__ import annotations

import math

import pygame

from game.rules.cards import SUSPECTS
from game.ui import assets, theme
from game.ui.i18n import _
from game.ui.input import Intent, Kind
from game.ui.registry import make
from game.ui.scene import Scene, SharedScreens
from game.ui.widgets import Button, FocusGroup, Label, footer_hint


class TitleScene(SharedScreens, Scene):
    """The first screen.  Play starts you as Miss Scarlet against three computer players."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.t = 0.0
        self.focus = FocusGroup()
        self._build()

    def _build(self) -> None:
        """One column of buttons, 400 x 48 pixels every 52 from y 256:
        Continue (when a game was saved), Play, New game, Learn to play, Card
        game, Rules, Settings, Quit — Up and Down reach every one."""
        app = self.app
        entries: list[tuple[str, object]] = []
        if app.store.can_continue():   # a game in progress was saved: Continue comes first
            card_game = getattr(app.store.saved_game, "mode", "board") == "card-game"
            entries.append((_("Continue the card game") if card_game else _("Continue"), self.continue_game))
        entries += [(_("Play"), self.quick_start), (_("New game"), self.new_game), (_("Learn to play"), self.learn),
                    (_("Card game"), self.card_game), (_("Rules"), self.rules), (_("Settings"), self.settings),
                    (_("Quit"), self.ask_quit)]
        x, w, step = 640 - 200, 400, 52
        self.buttons = [Button(pygame.Rect(x, 256 + i * step, w, 48), label, fn)
                        for i, (label, fn) in enumerate(entries)]
        by_fn = {b.on_press: b for b in self.buttons}
        self.continue_button = by_fn.get(self.continue_game)
        self.rules_button, self.settings_button = by_fn[self.rules], by_fn[self.settings]
        self.quit_button = by_fn[self.ask_quit]
        self.focus.set(self.buttons, self.focus.focus if self.focus.buttons else 0)

    def language_changed(self) -> None:
        self._build()

    def quick_start(self) -> None:
        from game.ui.board.match import Match
        from game.ui.match import quick_setup

        self.app.play("click")
        device = self.app.router.last_device      # Play pressed on a pad: that pad plays Miss Scarlet
        devices = {0: device} if device.startswith("pad:") and device in self.app.pads else {}

        def start() -> None:
            match = Match(self.app.board, quick_setup(self.app.new_seed()), devices)
            self.app.push(make("board", self.app, match))
        self.app.store.replacing_saved(start)

    def learn(self) -> None:
        """The guided first game (:mod:`game.ui.coach`)."""
        from game.ui.coach import start_lesson

        self.app.play("click")
        start_lesson(self.app)

    def new_game(self) -> None:
        self.app.play("click")
        self.app.push(make("setup", self.app))

    def card_game(self) -> None:
        """The 2018 Clue Card Game's setup (:mod:`game.ui.cardgame`)."""
        self.app.play("click")
        self.app.push(make("card_setup", self.app))

    def continue_game(self) -> None:
        """Resume the saved game exactly where it was."""
        self.app.play("click")
        if not self.app.store.continue_game():
            self._build()          # the file went bad meanwhile: no Continue any more
            self.app.store.show_file_messages()

    def ask_quit(self) -> None:
        """Quit, after a Yes."""
        self.app.play("click")
        self.app.push(make("confirm", self.app, _("Quit the game?"), self.app.quit))

    def on_resume(self) -> None:
        if (self.continue_button is not None) != self.app.store.can_continue():
            self._build()          # a game was saved or finished meanwhile: the first item (Continue) focused
            self.focus.set(self.buttons, 0)

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.BACK:
            # never quits at once: Quit asks first; a held Back (the Esc that left a finished game) stays put
            if not intent.repeat:
                self.focus.focus_on(self.quit_button)
            return True
        return self.focus.handle(intent)

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        env = assets.envelope(84)
        surface.blit(env, env.get_rect(center=(640, 46)))
        theme.blit_text(surface, _("Clue"), (643, 137), 88, (30, 15, 10), True, "center")
        theme.blit_text(surface, _("Clue"), (640, 133), 88, theme.BRASS, True, "center")
        theme.blit_text(surface, _("Who did it, where, and with what?"), (640, 212), theme.HEADING, theme.CREAM,
                        False, "center", 600)
        n = len(SUSPECTS)
        for i, s in enumerate(SUSPECTS):
            bob = 4 * math.sin(self.t * 2 + i)
            img = assets.token(s, 56)
            side = i < n // 2
            x = 170 + i * 70 if side else 1110 - (n - 1 - i) * 70
            surface.blit(img, img.get_rect(center=(x, 420 + bob)))
        self.focus.draw(surface)
        footer_hint(surface, _("{move} or mouse to choose, {confirm} or click to press"))

    def widgets(self) -> list:
        return self.buttons + [Label(pygame.Rect(340, 182, 600, 60), _("Who did it, where, and with what?"),
                                     theme.HEADING)]
