"""The settings screen: language, volume, music volume, sound on/off, fullscreen, text size,
the board's layout (automatic, standard, TV), animation speed, read aloud, the card game's hints
(one a turn or unlimited), and the way to the Controls screen (key mapping).

Opened from the title screen and from the pause menu.  Each row shows
"Name: value" with ◀ ▶ arrows: Left / Right (keyboard arrows, d-pad, stick)
change the value of the focused row, Enter / A steps it forward, a click on
the ◀ half steps back and on the ▶ half forward; on a volume bar (effects,
music) a click sets that volume.  Up / Down move between rows.  Every change takes effect at
once and is saved to the settings file (:meth:`game.ui.store.Store.save_settings`).
When read aloud is known not to be heard here (no speech engine, no voice for the
language, the engine failed), its row says "unavailable" and can only be turned off (its
dot stays lit while it is on: a live control; greyed only when off, with nothing to change)
and the line under the buttons says why, in plain words
(:meth:`game.ui.voice.speech.Speaker.problem`).
"""

from __future__ import annotations

from typing import Callable

import pygame

from game.storage.settings import CARD_HINTS, LAYOUTS, SPEEDS, TEXT_SIZES
from game.text.i18n import LANGUAGE_NAMES, LANGUAGES
from game.ui.draw import gfx, theme
from game.ui.draw.widgets import Button, FocusGroup, Label, footer_hint
from game.ui.shell.i18n import _
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import make
from game.ui.shell.scene import Scene

ROW_X, ROW_W, ROW_H, ROW_STEP, ROW_Y = 200, 880, 48, 50, 74
#: Controls and Back sit in the title line, left and right of the title (ten rows fill the rest).
CORNER_W, CORNER_Y = 320, 14
TITLE_W = 1280 - 2 * (30 + CORNER_W + 12)
#: The value area at the right of a row: ◀ arrow, bar (volume) or pips (choices), ▶ arrow.
ARROW_W, BAR_W = 44, 220
VALUE_W = 2 * ARROW_W + BAR_W + 16
#: Volume steps (10 %).
VOLUME_STEP = 0.1
#: The line under the rows: a notice there names a file, so it takes the screen's whole width.
NOTE_X, NOTE_W = 20, 1240
#: The bottom of the footer's line of keys (pixels).
FOOTER_Y = 700


def language_label(app) -> str:
    """ "Language: Español" — the language's name written in that language."""
    return _("Language: {name}").format(name=LANGUAGE_NAMES.get(app.store.settings.language, "English"))


def text_size_label(app) -> str:
    """ "Text size: normal" or "Text size: large"."""
    return _("Text size: large") if app.store.settings.text_size == "large" else _("Text size: normal")


class SettingRow(Button):
    """One setting: its "Name: value" label, then ◀ pips-or-bar ▶.  ``step(+1 / -1)``
    changes the value; ``position()`` gives (index, count) for the pips or
    bar; ``set_fraction(f)`` (volume only) sets the value from a click on the bar."""

    step: Callable[[int], None]
    position: Callable[[], tuple[int, int]]
    set_fraction: Callable[[float], None] | None = None
    dimmed: Callable[[], bool] | None = None

    def shown_hint(self) -> str:
        return ""

    def spoken(self) -> str:
        """Read aloud: the setting, its value and how to change it
        ("Read aloud: on — left or right to change")."""
        return self.label + " — " + _("left or right to change")

    def value_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - VALUE_W - 10, self.rect.top + 6, VALUE_W, self.rect.height - 12)

    def left_arrow(self) -> pygame.Rect:
        v = self.value_rect()
        return pygame.Rect(v.left, v.top, ARROW_W, v.height)

    def right_arrow(self) -> pygame.Rect:
        v = self.value_rect()
        return pygame.Rect(v.right - ARROW_W, v.top, ARROW_W, v.height)

    def bar_rect(self) -> pygame.Rect:
        v = self.value_rect()
        return pygame.Rect(v.left + ARROW_W + 8, v.centery - 9, BAR_W, 18)

    def available_width(self) -> int:
        return self.rect.width - VALUE_W - 20 - 24

    def press(self) -> None:
        if self.enabled:
            self.step(+1)

    def click(self, pos: tuple[int, int]) -> None:
        """A click: ◀ steps back, ▶ steps forward, the bar sets the volume,
        anywhere else on the row steps forward."""
        if self.left_arrow().collidepoint(pos):
            self.step(-1)
        elif self.set_fraction is not None and self.bar_rect().inflate(8, 30).collidepoint(pos):
            bar = self.bar_rect()
            self.set_fraction((pos[0] - bar.left) / bar.width)
        else:
            self.step(+1)

    def draw(self, surface: pygame.Surface) -> None:
        self._paint(surface)          # few rows, and the bar follows the volume: no picture cache

    def _paint(self, surface: pygame.Surface) -> None:
        super()._paint(surface)
        index, count = self.position()
        colour = theme.MUTED if self.dimmed is not None and self.dimmed() else theme.BRASS
        for arrow, sign in ((self.left_arrow(), -1), (self.right_arrow(), 1)):
            c = arrow.center
            pts = [(c[0] + sign * 10, c[1]), (c[0] - sign * 8, c[1] - 12), (c[0] - sign * 8, c[1] + 12)]
            gfx.polygon(surface, theme.FOCUS if self.focused else theme.CREAM, pts)
        bar = self.bar_rect()
        if self.set_fraction is not None:       # volume: a bar filled to the value
            gfx.rect(surface, theme.BG_DARK, bar, border_radius=9)
            fill = bar.copy()
            fill.width = round(bar.width * index / max(1, count - 1))
            if fill.width:
                gfx.rect(surface, colour, fill, border_radius=9)
            gfx.rect(surface, theme.PANEL_EDGE, bar, 2, border_radius=9)
        else:                                   # a choice: one pip per value, the chosen one filled
            gap = bar.width // max(1, count)
            for i in range(count):
                centre = (bar.left + gap // 2 + i * gap, bar.centery)
                gfx.circle(surface, theme.BG_DARK, centre, 9)
                if i == index:
                    gfx.circle(surface, colour, centre, 8)
                gfx.circle(surface, theme.PANEL_EDGE, centre, 9, 2)


class SettingsScene(Scene):
    """Opened from the title screen or the pause menu; Back (Esc, B) returns."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.message = ""
        self.focus = FocusGroup()
        self._build()

    # ----------------------------------------------------------- layout
    def speech_name(self) -> str | None:
        """Read aloud when this screen opens: its heading."""
        return _("Settings")

    def _row(self, i: int, step, position, set_fraction=None, dimmed=None) -> SettingRow:
        row = SettingRow(pygame.Rect(ROW_X, ROW_Y + i * ROW_STEP, ROW_W, ROW_H), "")
        row.step, row.position, row.set_fraction, row.dimmed = step, position, set_fraction, dimmed
        return row

    def _build(self) -> None:
        self.language_row = self._row(0, self.step_language,
                                      lambda: (_index(LANGUAGES, self.app.store.settings.language), len(LANGUAGES)))
        self.volume_row = self._row(1, self.step_volume,
                                    lambda: (round(self.app.store.settings.volume * 10), 11),
                                    set_fraction=self.set_volume_fraction, dimmed=lambda: self.app.store.settings.muted)
        self.music_row = self._row(2, self.step_music,
                                   lambda: (round(self.app.store.settings.music_volume * 10), 11),
                                   set_fraction=lambda f: self.set_music(round(max(0.0, min(1.0, f)) * 10) / 10),
                                   dimmed=lambda: self.app.store.settings.muted)
        self.sound_row = self._row(3, lambda d: self.set_muted(not self.app.store.settings.muted),
                                   lambda: (0 if self.app.store.settings.muted else 1, 2))
        self.fullscreen_row = self._row(4, lambda d: self.set_fullscreen(not self.app.store.settings.fullscreen),
                                        lambda: (1 if self.app.store.settings.fullscreen else 0, 2))
        self.text_row = self._row(5, self.step_text_size,
                                  lambda: (_index(TEXT_SIZES, self.app.store.settings.text_size), len(TEXT_SIZES)))
        self.layout_row = self._row(6, self.step_layout,
                                    lambda: (_index(LAYOUTS, self.app.store.settings.layout), len(LAYOUTS)))
        self.speed_row = self._row(7, self.step_speed,
                                   lambda: (_index(SPEEDS, self.app.store.settings.animation_speed), len(SPEEDS)))
        self.read_row = self._row(8, lambda d: self.set_read_aloud(not self.app.speech.enabled),
                                  lambda: (1 if self.app.speech.enabled else 0, 2),
                                  # greyed only when it cannot be changed (unavailable and off)
                                  dimmed=lambda: not self.app.speech.enabled and self.app.speech.problem() is not None)
        self.hints_row = self._row(9, self.step_card_hints,
                                   lambda: (_index(CARD_HINTS, self.app.store.settings.card_hints), len(CARD_HINTS)))
        self.phones_row = self._row(10, lambda d: self.set_phones(not self.app.store.settings.phones),
                                    lambda: (1 if self.app.store.settings.phones else 0, 2))
        self.rows = [self.language_row, self.volume_row, self.music_row, self.sound_row, self.fullscreen_row,
                     self.text_row, self.layout_row, self.speed_row, self.read_row, self.hints_row, self.phones_row]
        self.controls_button = Button(pygame.Rect(30, CORNER_Y, CORNER_W, ROW_H), _("Controls"), self.controls)
        self.back_button = Button(pygame.Rect(1250 - CORNER_W, CORNER_Y, CORNER_W, ROW_H), _("Back"), self.back,
                                  hint="Esc")
        self.focus.set(self.rows + [self.controls_button, self.back_button],
                       self.focus.focus if self.focus.buttons else 0)
        self._label()

    def _label(self) -> None:
        s = self.app.store.settings
        self.language_row.label = language_label(self.app)
        self.volume_row.label = _("Volume: {percent}%").format(percent=round(s.volume * 100))
        self.music_row.label = _("Music: {percent}%").format(percent=round(s.music_volume * 100))
        self.sound_row.label = _("Sound: off") if s.muted else _("Sound: on")
        self.fullscreen_row.label = _("Fullscreen: on") if s.fullscreen else _("Fullscreen: off")
        self.text_row.label = text_size_label(self.app)
        self.layout_row.label = {"standard": _("Layout: standard"), "tv": _("Layout: TV")}.get(
            s.layout, _("Layout: automatic"))
        self.speed_row.label = {"normal": _("Speed: normal"), "fast": _("Speed: fast"),
                                "instant": _("Speed: instant")}.get(s.animation_speed, _("Speed: normal"))
        self.read_row.label = (_("Read aloud: unavailable") if self.app.speech.problem() is not None
                               else _("Read aloud: on") if self.app.speech.enabled else _("Read aloud: off"))
        # unavailable and off: nothing to change (the line under the rows says why); on: it may still be turned off
        self.read_row.enabled = self.app.speech.enabled or self.app.speech.problem() is None
        self.hints_row.label = (_("Case file hints: unlimited") if s.card_hints == "unlimited"
                                else _("Case file hints: one per turn"))
        self.phones_row.label = _("Phones: on") if s.phones else _("Phones: off")

    def language_changed(self) -> None:
        self._build()

    # ---------------------------------------------------------- actions
    def _done(self, err: str | None) -> None:
        """After a change: the sentence to show (an error, or nothing) and fresh labels."""
        self.message = err or ""
        self._label()

    def step_language(self, delta: int) -> None:
        code = LANGUAGES[(_index(LANGUAGES, self.app.store.settings.language) + delta) % len(LANGUAGES)]
        self.app.play("click")
        self._done(self.app.prefs.set_language(code))

    def step_volume(self, delta: int) -> None:
        self.set_volume(round(self.app.store.settings.volume * 10 + delta) / 10)

    def set_volume_fraction(self, fraction: float) -> None:
        self.set_volume(round(max(0.0, min(1.0, fraction)) * 10) / 10)

    def set_volume(self, volume: float) -> None:
        """The new volume, then a click at that volume (so you hear it)."""
        err = self.app.prefs.set_volume(max(0.0, min(1.0, volume)))
        self.app.play("click")
        self._done(err)

    def step_music(self, delta: int) -> None:
        self.set_music(round(self.app.store.settings.music_volume * 10 + delta) / 10)

    def set_music(self, volume: float) -> None:
        """The new music volume (heard at once: the music plays on every screen)."""
        self.app.play("click")
        self._done(self.app.prefs.set_music_volume(max(0.0, min(1.0, volume))))

    def set_muted(self, muted: bool) -> None:
        err = self.app.prefs.set_muted(muted)
        self.app.play("click")
        self._done(err)

    def set_fullscreen(self, on: bool) -> None:
        self.app.play("click")
        self.app.prefs.set_fullscreen(on)
        self._done(None)

    def step_text_size(self, delta: int) -> None:
        size = TEXT_SIZES[(_index(TEXT_SIZES, self.app.store.settings.text_size) + delta) % len(TEXT_SIZES)]
        self.app.play("click")
        self._done(self.app.prefs.set_text_size(size))

    def step_layout(self, delta: int) -> None:
        """The board's layout: automatic (TV in a window wider than 1600 pixels), standard or TV."""
        layout = LAYOUTS[(_index(LAYOUTS, self.app.store.settings.layout) + delta) % len(LAYOUTS)]
        self.app.play("click")
        self._done(self.app.prefs.set_layout(layout))

    def step_speed(self, delta: int) -> None:
        speed = SPEEDS[(_index(SPEEDS, self.app.store.settings.animation_speed) + delta) % len(SPEEDS)]
        self.app.play("click")
        self._done(self.app.prefs.set_speed(speed))

    def step_card_hints(self, delta: int) -> None:
        """The card game's detective level: one hint a turn, or unlimited."""
        name = CARD_HINTS[(_index(CARD_HINTS, self.app.store.settings.card_hints) + delta) % len(CARD_HINTS)]
        self.app.play("click")
        self._done(self.app.prefs.set_card_hints(name))

    def set_read_aloud(self, on: bool) -> None:
        """Read aloud on or off (inside Learn to play: for the lesson).  Where it is known
        not to speak (:meth:`game.ui.voice.speech.Speaker.problem`) it may be turned off, never on."""
        if on and self.app.speech.problem() is not None:
            return
        self.app.play("click")
        self._done(self.app.prefs.set_read_aloud(on))
        if on:      # heard at once, or the reason it is silent shows at once (the engine starts now)
            self.app.speech.say(_("Read aloud is on."))

    def set_phones(self, on: bool) -> None:
        """Phones on or off: from the next game a game with people
        serves their private screens to phones, or no server runs at all."""
        self.app.store.settings.phones = bool(on)
        self._done(self.app.store.save_settings())

    def controls(self) -> None:
        self.app.play("click")
        self.app.push(make("controls", self.app))

    def back(self) -> None:
        self.app.play("click")
        self.app.pop(self)

    def on_resume(self) -> None:
        self._label()            # F11 on the Controls screen may have changed fullscreen

    # ------------------------------------------------------------ input
    def handle(self, intent: Intent) -> bool:
        k = intent.kind
        if k is Kind.BACK:
            self.back()
            return True
        focused = self.focus.focused
        if k in (Kind.LEFT, Kind.RIGHT) and isinstance(focused, SettingRow):
            focused.step(-1 if k is Kind.LEFT else +1)
            return True
        if (focused is self.controls_button and k is Kind.RIGHT) or (focused is self.back_button and k is Kind.LEFT):
            # side by side: left / right go to each other, never up to the wide row above
            self.focus.focus_on(self.back_button if k is Kind.RIGHT else self.controls_button)
            return True
        if k is Kind.CLICK and intent.pos:
            for row in self.rows:
                if row.rect.collidepoint(intent.pos):
                    self.focus.focus_on(row)
                    row.click(intent.pos)
                    return True
        used = self.focus.handle(intent)
        self._label()
        return used

    # ------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        self._label()
        theme.blit_text(surface, _("Settings"), (640, 10), theme.TITLE, theme.BRASS, True, "midtop", TITLE_W)
        self.focus.draw(surface)
        y = ROW_Y + len(self.rows) * ROW_STEP + 2
        notice = self._notice()             # a file that cannot be saved, or read aloud that cannot be heard
        if notice:
            line_h = theme.font(theme.SMALL).get_height() + 4
            footer_top = FOOTER_Y - theme.font(theme.SMALL).get_height()
            if y + len(theme.wrap(notice, NOTE_W, theme.SMALL)) * line_h > footer_top:
                # no room above the footer (large text, a long path): the notice takes the footer's place,
                # since what went wrong matters more than the keys, which the rows already show
                surface.fill(theme.BG_DARK, pygame.Rect(0, y - 2, surface.get_width(), surface.get_height() - y + 2))
                theme.blit_wrapped(surface, notice, pygame.Rect(NOTE_X, y, NOTE_W, 0), theme.SMALL, theme.BRASS,
                                   align="center")
                return
            theme.blit_wrapped(surface, notice, pygame.Rect(NOTE_X, y, NOTE_W, 0), theme.SMALL, theme.BRASS,
                               align="center")
        else:
            theme.blit_text(surface, _("Changes are saved at once."), (640, y), theme.BODY, theme.MUTED,
                            False, "midtop", ROW_W)
        footer_hint(surface, _("{move} to choose and change, {confirm} to press, {back} to go back"), FOOTER_Y)

    def _notice(self) -> str | None:
        """What the line under the rows must say instead of "Changes are saved at once."
        (wrapped: it names a file, and a path can be long), or None."""
        return self.message or self.app.speech.problem()

    def widgets(self) -> list:
        y = ROW_Y + len(self.rows) * ROW_STEP + 2
        notice = self._notice()
        lines = theme.wrap(notice, NOTE_W, theme.SMALL) if notice else []
        step = theme.font(theme.SMALL).get_linesize() + 4
        return list(self.focus.buttons) + [
            Label(pygame.Rect(640 - TITLE_W // 2, 10, TITLE_W, 50), _("Settings"), theme.TITLE, True),
            Label(pygame.Rect(640 - ROW_W // 2, y, ROW_W, 30), _("Changes are saved at once."), theme.BODY)] + [
            Label(pygame.Rect(NOTE_X, y + i * step, NOTE_W, step), line, theme.SMALL) for i, line in enumerate(lines)]


def _index(choices: tuple[str, ...], value: str) -> int:
    return choices.index(value) if value in choices else 0
