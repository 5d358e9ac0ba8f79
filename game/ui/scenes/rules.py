"""The second page of New game: which rules the family plays by.

Two presets (Classic (U.S.), Cluedo (Spain)), each a button with its
plain-words description beside it, then the four house-rule switches of 002
(one die / two dice; move exactly / up to the roll; stay in a room to suggest
again; accuse only from the room), each with its one-sentence explanation.
Keyboard, pad and mouse: arrows move, confirm presses, a click presses; Done
or Back returns to the seats page with the choice kept.

The scene edits the :class:`~game.ui.scenes.setup.SetupScene` it was opened
from (its ``preset`` and ``house``); :func:`rules_line` says the active rules
in one line (the board shows it under the log).
"""

from __future__ import annotations

from functools import partial

import pygame

from game.rules.options import PRESETS
from game.ui.board.rules_text import SWITCHES, rules_line, split_options, switch_help, switch_label  # noqa: F401
from game.ui.draw import theme
from game.ui.draw.widgets import Button, FocusGroup, Label, footer_hint
from game.ui.shell.i18n import _
from game.ui.shell.input import Intent, Kind
from game.ui.shell.scene import Scene

#: Layout: buttons on the left, the words beside them.
BUTTON_X, BUTTON_W, BUTTON_H = 40, 440, 56
TEXT_X, TEXT_W = 498, 744
TOP_Y, ROW_GAP, SECTION_GAP = 112, 8, 30
#: Nothing may reach below this (the footer line is under it).
BOTTOM = 672
class RulesScene(Scene):
    """Pick a preset and the house switches for ``setup`` (a SetupScene)."""

    def __init__(self, app, setup) -> None:
        super().__init__(app)
        self.setup = setup
        self.focus = FocusGroup()
        self._build(0)

    # ----------------------------------------------------------- actions
    def pick(self, preset: str) -> None:
        self.setup.preset = preset
        self.app.play("click")
        self._build()

    def toggle(self, name: str) -> None:
        house = set(self.setup.house)
        house.symmetric_difference_update({name})
        self.setup.house = tuple(h for h in SWITCHES if h in house)
        self.app.play("click")
        self._build()

    def done(self) -> None:
        self.app.play("click")
        self.app.pop(self)

    def language_changed(self) -> None:
        self._build()

    # ------------------------------------------------------------ layout
    def _words(self, text: str, top: int) -> tuple[list[Label], int]:
        """``text`` wrapped beside a button whose top is ``top``: one Label a
        line, centred on the button when short; returns the labels and the
        height the row needs."""
        lines = theme.wrap(text, TEXT_W, theme.SMALL)
        lh = theme.font(theme.SMALL).get_linesize()
        h = lh * len(lines)
        y = top + max(0, (BUTTON_H - h) // 2)
        labels = [Label(pygame.Rect(TEXT_X, y + i * lh, TEXT_W, lh), ln, theme.SMALL) for i, ln in enumerate(lines)]
        return labels, max(BUTTON_H, h)

    def _build(self, focus: int | None = None) -> None:
        s = self.setup
        buttons: list[Button] = []
        self.words: list[Label] = []
        self.preset_buttons: dict[str, Button] = {}
        self.switch_buttons: dict[str, Button] = {}
        head_h = theme.font(theme.SMALL, True).get_linesize()
        self.headers = [Label(pygame.Rect(BUTTON_X, TOP_Y - head_h - 4, 1200, head_h),
                              _("Rules: pick one"), theme.SMALL, True, theme.BRASS)]
        y = TOP_Y
        for key, preset in PRESETS.items():
            chosen = s.preset == key
            b = Button(pygame.Rect(BUTTON_X, y, BUTTON_W, BUTTON_H), ("✓ " if chosen else "") + _(preset.title),
                       partial(self.pick, key), selected=chosen, data=key)
            self.preset_buttons[key] = b
            buttons.append(b)
            labels, h = self._words(_(preset.description), y)
            self.words += labels
            y += h + ROW_GAP
        y += SECTION_GAP
        self.headers.append(Label(pygame.Rect(BUTTON_X, y - head_h - 4, 1200, head_h),
                                  _("House rules: switch on any you play by"), theme.SMALL, True, theme.BRASS))
        for name in SWITCHES:
            on = name in s.house
            b = Button(pygame.Rect(BUTTON_X, y, BUTTON_W, BUTTON_H), switch_label(name, on),
                       partial(self.toggle, name), selected=on, data=name)
            self.switch_buttons[name] = b
            buttons.append(b)
            labels, h = self._words(switch_help(name), y)
            self.words += labels
            y += h + ROW_GAP
        self.bottom = y - ROW_GAP
        self.done_button = Button(pygame.Rect(1012, 14, 242, BUTTON_H), _("Done"), self.done, hint="Esc")
        buttons.append(self.done_button)
        old = self.focus.focus if focus is None else focus
        self.focus.set(buttons, min(max(old, 0), len(buttons) - 1))

    # ------------------------------------------------------------- input
    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.BACK, Kind.MENU):
            self.done()
            return True
        return self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        title = theme.blit_text(surface, _("Rules"), (BUTTON_X - 22, 24), theme.TITLE, theme.BRASS, True,
                                max_width=400)
        left = title.right + 28
        theme.blit_text(surface, _("Which rules does your family play by?"), (left, title.centery), theme.BODY,
                        theme.CREAM, False, "midleft", self.done_button.rect.left - 16 - left)
        for lab in self.headers + self.words:
            lab.draw(surface)
        self.focus.draw(surface)
        footer_hint(surface, _("{move} to choose, {confirm} to switch, {back} when done"))

    def widgets(self) -> list:
        return list(self.focus.buttons) + self.headers + self.words
