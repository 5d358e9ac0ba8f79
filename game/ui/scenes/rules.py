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

import pygame

from game.rules.options import HOUSE_SWITCHES, OPTION_INFO, PRESETS, Options
from game.ui import theme
from game.ui.i18n import _, fmt
from game.ui.input import Intent, Kind
from game.ui.scene import Scene
from game.ui.widgets import Button, FocusGroup, Label, footer_hint

#: Layout: buttons on the left, the words beside them.
BUTTON_X, BUTTON_W, BUTTON_H = 40, 440, 56
TEXT_X, TEXT_W = 498, 744
TOP_Y, ROW_GAP, SECTION_GAP = 112, 8, 30
#: Nothing may reach below this (the footer line is under it).
BOTTOM = 672
#: The house switches in the order shown.
SWITCHES = ("two-dice", "up-to", "stay", "accuse-in-room")


def switch_label(name: str, on: bool) -> str:
    """A house switch's button text in its current state."""
    if name == "two-dice":
        return _("Two dice") if on else _("One die")
    if name == "up-to":
        return _("Move: up to the roll") if on else _("Move: exactly the roll")
    if name == "stay":
        return _("Stay to suggest: on") if on else _("Stay to suggest: off")
    return _("Accuse from the room: on") if on else _("Accuse from the room: off")


def switch_help(name: str) -> str:
    """A house switch's one-sentence explanation (from :data:`OPTION_INFO`)."""
    return _(OPTION_INFO[HOUSE_SWITCHES[name][0]].help)


def split_options(options: Options) -> tuple[str | None, tuple[str, ...]]:
    """``options`` as (preset key, house switches on), or (None, ()) when no
    preset plus switches makes them."""
    data = options.to_dict()
    on = tuple(h for h in SWITCHES if data[HOUSE_SWITCHES[h][0]] == HOUSE_SWITCHES[h][1])
    for key, preset in PRESETS.items():
        base = preset.options.to_dict()
        for h in on:
            base[HOUSE_SWITCHES[h][0]] = HOUSE_SWITCHES[h][1]
        if base == data:
            return key, on
    return None, ()


def rules_line(options: Options) -> str:
    """The active rules in one line of plain words, e.g. "Rules: Cluedo (Spain),
    Two dice, Move: up to the roll" (translated)."""
    preset, house = split_options(options)
    if preset is None:      # not a preset: every difference from classic, as describe() lists them
        parts = []
        for k, v in options.differences().items():
            value = _("on") if v is True else _("off") if v is False else str(v)
            parts.append(f"{_(OPTION_INFO[k].label)}: {value}")
        return fmt("Rules: {rules}", rules=", ".join(parts))
    parts = [_(PRESETS[preset].title)]
    for h in house:
        parts.append(switch_label(h, True) if h in ("two-dice", "up-to") else _(OPTION_INFO[HOUSE_SWITCHES[h][0]].label))
    return fmt("Rules: {rules}", rules=", ".join(parts))


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
                       lambda key=key: self.pick(key), selected=chosen, data=key)
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
                       lambda name=name: self.toggle(name), selected=on, data=name)
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
