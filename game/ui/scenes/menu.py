"""The pause menu over the board: Resume, speed (normal, fast, instant) and
sound on/off (quick switches mid-game), Settings (everything else: language,
volume, text size, fullscreen, Controls), Rules (how to play), Phones… (the
seats' codes, while phones are hosted), Title screen, Quit.  Speed
and sound are kept in the settings file."""

from __future__ import annotations

import pygame

from game.ui.draw import anim, theme
from game.ui.draw.widgets import Button, FocusGroup, footer_hint
from game.ui.shell.i18n import _
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import make
from game.ui.shell.scene import Scene, SharedScreens


class MenuScene(SharedScreens, Scene):
    """Opened with Esc on the board; Esc again resumes."""

    opaque = False

    def __init__(self, app, board) -> None:
        super().__init__(app)
        self.board = board
        #: the phones' codes have a button while phones are hosted; the box grows by one row
        self.phones = app.phones.active and getattr(board, "match", None) is app.phones.table.match
        self.box = pygame.Rect(370, 28, 540, 646) if self.phones else pygame.Rect(370, 60, 540, 580)
        self.focus = FocusGroup()
        self._build()

    def speech_name(self) -> str | None:
        """Read aloud when this screen opens: its heading."""
        return _("Paused")

    def _build(self) -> None:
        x, w, h, step, y0 = self.box.left + 40, 460, 56, 66, self.box.top + 86
        app = self.app
        extra = [Button(pygame.Rect(x, y0 + 5 * step, w, h), _("Phones…"), self.show_phones)] if self.phones else []
        y1 = y0 + len(extra) * step
        self.speed_button = Button(pygame.Rect(x, y0 + step, w, h), "", self.toggle_speed)
        self.sound_button = Button(pygame.Rect(x, y0 + 2 * step, w, h), "", self.toggle_sound)
        self.settings_button = Button(pygame.Rect(x, y0 + 3 * step, w, h), _("Settings"), self.settings)
        self.rules_button = Button(pygame.Rect(x, y0 + 4 * step, w, h), _("Rules"), self.rules)
        self.focus.set([
            Button(pygame.Rect(x, y0, w, h), _("Resume"), self.resume, hint="Esc"),
            self.speed_button, self.sound_button, self.settings_button, self.rules_button, *extra,
            Button(pygame.Rect(x, y1 + 5 * step, w, h), _("Title screen"), self.to_title),
            Button(pygame.Rect(x, y1 + 6 * step, w, h), _("Quit game"), app.quit),
        ], self.focus.focus if self.focus.buttons else 0)
        self._label()

    def language_changed(self) -> None:
        self._build()

    def toggle_sound(self) -> None:
        """Sound on / off, kept in the settings file."""
        self.app.prefs.set_muted(not self.app.store.settings.muted)
        self.app.play("click")
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
        self.sound_button.label = _("Sound: off") if self.app.store.settings.muted else _("Sound: on")

    def toggle_speed(self) -> None:
        """Normal -> fast -> instant -> normal."""
        names = [n for n, _f in anim.SPEEDS]
        nxt = anim.SPEEDS[(names.index(self.speed_name()) + 1) % len(names)]
        self.app.prefs.set_speed(nxt[0])        # kept in the settings file (animation_speed)
        self._label()

    def show_phones(self) -> None:
        """The seats' codes and which have a phone."""
        self.app.push(make("phones", self.app, self.board.match, self.app.phones, first=False))

    def resume(self) -> None:
        self.app.pop(self)

    def on_resume(self) -> None:
        self._label()            # speed or sound may have changed on the settings screen

    def to_title(self) -> None:
        self.app.reset(make("title", self.app))

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.BACK, Kind.MENU):
            self.resume()
            return True
        return self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface)
        theme.panel(surface, self.box, theme.PANEL, theme.BRASS, 18, 4)
        theme.blit_text(surface, _("Paused"), (self.box.centerx, self.box.top + 20), theme.TITLE, theme.BRASS,
                        True, "midtop", self.box.width - 40)
        self.focus.draw(surface)
        footer_hint(surface, _("{move} to choose, {confirm} to press, {back} to resume"))

    def widgets(self) -> list:
        return list(self.focus.buttons)
