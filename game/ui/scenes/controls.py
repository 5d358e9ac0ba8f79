"""The controls screen: what each key and pad button does, key remapping and
the fullscreen switch.  Choices are kept in the settings file.

Press a row (Enter, A or a click), then the new key: it replaces that action's
keys.  A key taken from another action is swapped (that action gets this one's
old key), so no action is ever left without a key.  Esc while waiting cancels.
Pad buttons follow the standard layout and are shown, not remapped.
"""

from __future__ import annotations

import pygame

from game.ui.draw import gfx, theme
from game.ui.draw.widgets import Button, FocusGroup, Label, footer_hint
from game.ui.shell.i18n import N_, _
from game.ui.shell.input import DEFAULT_KEYS, PAD_LABELS, REMAPPABLE, RESERVED_KEYS, Intent, Kind, key_label
from game.ui.shell.scene import Scene

ROW_X, ROW_W, ROW_H, ROW_STEP, ROW_Y = 40, 820, 48, 50, 84
#: The side text stops above the footer line.
SIDE_BOTTOM = 662
KEYS_X, PAD_X = 290, 574          # column offsets inside a row
#: At least this many pixels between a column's text and the next column (and the row's right edge).
COL_GAP = 16
SIDE_X, SIDE_W = 876, 380

ACTION_NAMES = {
    Kind.UP: N_("Move up"), Kind.DOWN: N_("Move down"), Kind.LEFT: N_("Move left"), Kind.RIGHT: N_("Move right"),
    Kind.CONFIRM: N_("Confirm / press"), Kind.BACK: N_("Back / cancel"), Kind.NOTEBOOK: N_("Notebook"),
    Kind.MENU: N_("Pause menu"), Kind.JOIN: N_("Join a seat"), Kind.FULLSCREEN: N_("Fullscreen"),
    Kind.REPEAT: N_("Read again"),
}
PAD_NAMES = {Kind.UP: N_("D-pad / stick ↑"), Kind.DOWN: N_("D-pad / stick ↓"), Kind.LEFT: N_("D-pad / stick ←"),
             Kind.RIGHT: N_("D-pad / stick →"), Kind.JOIN: N_("any button"), Kind.FULLSCREEN: "—"}


class BindingRow(Button):
    """One action: its name, its keys and its pad button."""

    owner: "ControlsScene"
    #: the action this row binds
    data: Kind

    def keys_text(self) -> str:
        if self.owner.waiting is self.data:
            return _("Press a key…")
        names = self.owner.app.router.input.keys.get(self.data.value, [])
        names = names + [k for k, kind in RESERVED_KEYS.items() if kind is self.data]   # Esc and Enter always work
        return ", ".join(dict.fromkeys(key_label(k) for k in names))

    def pad_text(self) -> str:
        return (_(PAD_NAMES[self.data]) if PAD_NAMES[self.data] != "—" else "—") if self.data in PAD_NAMES else PAD_LABELS.get(self.data, "")

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        if self.focused:
            gfx.rect(surface, theme.FOCUS, r.inflate(8, 8), border_radius=10)
        waiting = self.owner.waiting is self.data
        gfx.rect(surface, theme.BUTTON_HOVER if waiting else theme.PANEL, r, border_radius=8)
        gfx.rect(surface, theme.PANEL_EDGE, r, 2, border_radius=8)
        for (text, bold, width), x in zip(self.columns(), (14, KEYS_X, PAD_X), strict=True):
            colour = theme.CREAM if x == 14 else theme.MUTED if x == PAD_X else theme.BRASS if waiting else theme.CREAM
            theme.blit_text(surface, text, (r.left + x, r.centery), theme.BODY, colour, bold, "midleft", width)

    def columns(self) -> list[tuple[str, bool, int]]:
        """The row's three texts (action, keys, pad button): (text, bold, width in pixels),
        each ending :data:`COL_GAP` before the next column."""
        waiting = self.owner.waiting is self.data
        return [(self.label, True, KEYS_X - 14 - COL_GAP), (self.keys_text(), waiting, PAD_X - KEYS_X - COL_GAP),
                (self.pad_text(), False, ROW_W - PAD_X - COL_GAP)]

    def text_width(self) -> int:
        """How far the widest of the three columns overflows (+1000), see :meth:`available_width`."""
        cols = [(t, True, w) for t, _b, w in self.columns()]      # the keys are bold while waiting for one
        return 1000 + max(theme.fit_width(t, theme.BODY, bold, w) - w for t, bold, w in cols)

    def available_width(self) -> int:
        return 1000


class ControlsScene(Scene):
    """Opened from the title screen or the pause menu; Back returns."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.waiting: Kind | None = None
        self.message = ""
        self.rows: list[BindingRow] = []
        for i, kind in enumerate(REMAPPABLE):
            b = BindingRow(pygame.Rect(ROW_X, ROW_Y + i * ROW_STEP, ROW_W, ROW_H), _(ACTION_NAMES[kind]), data=kind)
            b.owner = self
            b.on_press = lambda k=kind: self.start_capture(k)
            self.rows.append(b)
        self.fullscreen_button = Button(pygame.Rect(SIDE_X, ROW_Y, SIDE_W, 60), "", self.toggle_fullscreen)
        self.reset_button = Button(pygame.Rect(SIDE_X, ROW_Y + 74, SIDE_W, 60), _("Default keys"), self.reset)
        self.back_button = Button(pygame.Rect(SIDE_X, ROW_Y + 148, SIDE_W, 60), _("Back"), self.back, hint="Esc")
        self.focus = FocusGroup(self.rows + [self.fullscreen_button, self.reset_button, self.back_button])
        self._label()

    def speech_name(self) -> str | None:
        """Read aloud when this screen opens: its heading."""
        return _("Controls")

    def _label(self) -> None:
        fullscreen = self.app.store.settings.fullscreen
        self.fullscreen_button.label = _("Fullscreen: on") if fullscreen else _("Fullscreen: off")

    # ---------------------------------------------------------- actions
    def start_capture(self, kind: Kind) -> None:
        self.waiting = kind
        self.message = _("Press the new key for “{action}” (Esc cancels).").format(action=_(ACTION_NAMES[kind]))
        self.app.router.capture = self.got_key

    def got_key(self, code: int | None) -> None:
        """The key pressed while waiting (None: cancelled by a pad button)."""
        kind, self.waiting = self.waiting, None
        if kind is None or code is None or code == pygame.K_ESCAPE:
            self.message = _("Nothing changed.")
            return
        name = pygame.key.name(code)
        if name in RESERVED_KEYS and RESERVED_KEYS[name] is not kind:
            self.app.play("nope")
            self.message = _("Enter always confirms and Esc always goes back: pick another key.")
            return
        self.message = self.bind(kind, name)

    def bind(self, kind: Kind, key: str) -> str:
        """Make ``key`` the key of ``kind``; returns the sentence to show."""
        keys = {k: list(v) for k, v in self.app.router.input.keys.items()}
        old = keys.get(kind.value, [])
        for other, names in keys.items():
            if other != kind.value and key in names:
                names.remove(key)
                if not names:   # swap: the other action takes this one's old key
                    names.append(next((k for k in old if k != key), DEFAULT_KEYS[other][0]))
        keys[kind.value] = [key]
        err = self.app.prefs.set_keys(keys)
        self.app.play("click")
        return err or _("{action}: {key}").format(action=_(ACTION_NAMES[kind]), key=key_label(key))

    def reset(self) -> None:
        err = self.app.prefs.set_keys({k: list(v) for k, v in DEFAULT_KEYS.items()})
        self.message = err or _("The default keys are back.")

    def toggle_fullscreen(self) -> None:
        self.app.prefs.toggle_fullscreen()
        self._label()

    def back(self) -> None:
        self.app.router.capture = None
        self.app.pop(self)

    def on_exit(self) -> None:
        if self.app.router.capture == self.got_key:
            self.app.router.capture = None

    def handle(self, intent: Intent) -> bool:
        self._label()
        if intent.kind is Kind.BACK:
            self.back()
            return True
        return self.focus.handle(intent)

    # ------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        self._label()
        # The title sits over the side column, clear of the column headings at any text size.
        theme.blit_text(surface, _("Controls"), (SIDE_X, ROW_Y - 12), theme.TITLE, theme.BRASS, True, "bottomleft",
                        SIDE_W)
        for text, x in ((_("Action"), ROW_X + 14), (_("Keys"), ROW_X + KEYS_X), (_("Controller"), ROW_X + PAD_X)):
            theme.blit_text(surface, text, (x, ROW_Y - 8), theme.SMALL, theme.BRASS, True, "bottomleft")
        self.focus.draw(surface)
        side = pygame.Rect(SIDE_X, ROW_Y + 226, SIDE_W, SIDE_BOTTOM - ROW_Y - 226)
        y = side.top
        line_h = theme.font(theme.SMALL).get_linesize() + 4
        for line in self.side_text():
            # a paragraph that would run into the footer is left out (the controls list says it all)
            if y + len(theme.wrap(line, side.width, theme.SMALL)) * line_h > side.bottom:
                break
            y += theme.blit_wrapped(surface, line, pygame.Rect(side.left, y, side.width, 200), theme.SMALL,
                                    theme.CREAM) + 10
        if self.message:
            theme.blit_text(surface, self.message, (ROW_X, ROW_Y + len(self.rows) * ROW_STEP + 8), theme.BODY,
                            theme.BRASS, True, max_width=ROW_W)
        footer_hint(surface, _("{move} to move, {confirm} to change a key, {back} to go back. F11: fullscreen"))

    def side_text(self) -> list[str]:
        pads = [p.label + ": " + p.name for p in self.app.pads.pads.values()]
        return [_("Esc (back) and Enter (confirm) always work, whatever keys you choose."),
                _("Controllers: A confirms, B goes back, Y opens your notebook, Start pauses. "
                  "The d-pad or the left stick moves (hold to repeat)."),
                # (joining a seat with any button is the "Join a seat" row's)
                _("Choosing where to go: Tab or LB picks a room to head for."),
                _("PgUp/PgDn, the mouse wheel or the right stick scroll the log."),
                (_("Connected: {pads}").format(pads="; ".join(pads)) if pads else _("No controller connected."))]

    def widgets(self) -> list:
        return list(self.focus.buttons) + [
            Label(pygame.Rect(ROW_X, 0, ROW_W, 30), _("Press the new key for “{action}” (Esc cancels).").format(
                action=_(ACTION_NAMES[Kind.CONFIRM])), theme.BODY, True)]
