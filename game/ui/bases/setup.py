"""The setup form both games share: 3 to 6 seats, each a person or a computer
player (with its level: Easy, Medium or Hard — Beginner too where the game
has it —; the board game's setup says each level's measured strength while
its button has the focus), each a different suspect;
Start or Back.  The board game's setup (:mod:`game.ui.scenes.setup`) and the
card game's (:mod:`game.ui.cardgame.setup`) say what Start and the top-right
button do.

Joining with a controller: any button on a controller that has no seat yet
joins the first person's seat without a controller (or turns the first
computer seat into a person, or adds a seat).  J does the same for the
keyboard (a computer seat becomes a person played at the keyboard).  A
person's seat without a controller is played with the shared keyboard and mouse."""

from __future__ import annotations

import logging
from functools import partial

import pygame

from game.learning.hints import DEFAULT_NOTEBOOK_MODE, NOTEBOOK_MODE_NAMES, NOTEBOOK_MODES
from game.rules.cards import SUSPECTS
from game.ui.bases.match import DEFAULT_LEVEL, LEVELS
from game.ui.draw import assets, theme
from game.ui.draw.widgets import Button, FocusGroup, Label, footer_hint
from game.ui.mansion import scenery
from game.ui.shell import prompts
from game.ui.shell.i18n import N_, _, card, fmt, level_label, ngettext, strength_words
from game.ui.shell.input import DIRECTIONS, Intent, Kind, Pad
from game.ui.shell.registry import make
from game.ui.shell.scene import Scene

log = logging.getLogger(__name__)

ROW_Y, ROW_H, ROW_STEP = 110, 52, 60
#: Row columns, left to right (x, width): the token, "Seat n", then the buttons
#: suspect, Person/Computer, level (computer seats only) and Remove.  The last three are each as wide
#: as their longest English word needs at full size beside its key hint ("Computer", "Beginner", "Remove").
TOKEN_X, SEAT_X, SEAT_W = 40, 70, 66
NAME_COL, KIND_COL, LEVEL_COL, REMOVE_COL = (146, 370), (528, 246), (786, 235), (1033, 221)
HEADER_Y = 92
#: The side of each seat's portrait (the suspect card's picture), pixels: the row's height less a little.
PORTRAIT = 50
#: The Rules button, top right (the title's subtitle stops before it).
RULES_RECT = pygame.Rect(804, 14, 450, 58)
#: The "Notebook help" button, under the sixth seat's row, left of Start.
NOTEBOOK_RECT = pygame.Rect(NAME_COL[0], ROW_Y + 6 * ROW_STEP + 4, KIND_COL[0] + KIND_COL[1] - NAME_COL[0], ROW_H)
#: What each notebook mode does, said under the seats while its button has the focus.
NOTEBOOK_HELP = {
    "manual": N_("Manual: nothing is ticked for you. You keep your notebook yourself, as with paper."),
    "assisted": N_("Assisted: your own cards and the cards shown to you are ticked for you."),
    "hints": N_("Hints: like Assisted, and a Hint button in the notebook tells what you can work out "
                "from what you have seen, and why."),
}


class SetupBase(Scene):
    """Seats are ``[suspect, kind, level]`` (kind "human" or "computer"; the
    level counts only for a computer seat, and is kept while a seat is switched
    to a person and back).  A game's scene says :meth:`start`,
    :meth:`open_rules` and :meth:`rules_label` (the top-right button)."""

    #: the title at the top left (English; translated when drawn)
    heading = N_("New game")
    #: offer the "Notebook help" row (the board game's notebook modes)
    notebook_help = True
    #: the computer levels a seat cycles through (the card game has its own)
    levels: tuple[str, ...] = LEVELS
    #: the level a new computer seat gets (the card game has its own)
    default_level: str = DEFAULT_LEVEL
    #: say a level's measured strength while its button has the focus
    #: (:func:`game.ui.shell.i18n.strength_words`: the board game's figures)
    says_strength = True

    #: the game's name in the settings' ``tables`` (the last table it was started with)
    kind = "board"
    #: the suspects a seat may play
    tokens: tuple[str, ...] = tuple(SUSPECTS)
    #: the suspects of a first game's table, the person first (Mrs. Peacock's blue rather than
    #: Mr. Green beside Colonel Mustard's yellow: four colours told apart at a glance)
    first_table: tuple[str, ...] = ("scarlet", "mustard", "white", "peacock")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.seats: list[list[str]] = self.default_seats()
        self.note = ""      # the last join / leave, said in words
        #: the rules: a preset of :data:`PRESETS` and the house switches on
        #: (names of :data:`~game.rules.options.HOUSE_SWITCHES`), see :meth:`options`
        self.preset = "classic"
        self.house: tuple[str, ...] = ()
        #: how much the notebooks help (:data:`game.learning.hints.NOTEBOOK_MODES`).
        #: Hints by default: a parent expects help for a child who is stuck,
        #: and a hint appears only when the Hint button is pressed.
        self.notebook_mode = DEFAULT_NOTEBOOK_MODE
        self.restore_table()
        #: each seat's controller ("pad:<id>") or None (keyboard and mouse)
        self.pads: list[str | None] = [None] * len(self.seats)
        self.focus = FocusGroup()
        self._build(0)

    def default_seats(self) -> list[list[str]]:
        """The table of a first game: one person and three computer players at :attr:`default_level`."""
        lv = self.default_level
        return [[self.first_table[0], "human", lv]] + [[s, "computer", lv] for s in self.first_table[1:]]

    # ----------------------------------------------------- the last table
    def table_choices(self) -> dict:
        """The game's own choices to remember with the seats (JSON words)."""
        return {"preset": self.preset, "house": list(self.house), "notebook": self.notebook_mode}

    def restore_choices(self, table: dict) -> None:
        """Take back the choices of :meth:`table_choices` from ``table``; one the game does
        not know (an older or newer version wrote it) keeps its default."""
        from game.rules.options import HOUSE_SWITCHES, PRESETS

        if table.get("preset") in PRESETS:
            self.preset = table["preset"]
        house = table.get("house")
        if isinstance(house, list) and all(h in HOUSE_SWITCHES for h in house):
            self.house = tuple(house)
        if table.get("notebook") in NOTEBOOK_MODES:
            self.notebook_mode = table["notebook"]

    def remember_table(self) -> None:
        """Keep the table being started (seats, levels, the game's choices) in the settings
        file, so the next New game of this game opens on it (a file that cannot be written:
        the log says so, and the game starts all the same)."""
        self.app.store.settings.tables[self.kind] = {"seats": [list(seat) for seat in self.seats],
                                                     **self.table_choices()}
        self.app.store.save_settings()

    def restore_table(self) -> None:
        """Open on the last table started (:meth:`remember_table`) when the settings hold
        one this game can seat: 3 to 6 different suspects of :attr:`tokens`, each a person or
        a computer player of one of :attr:`levels`.  Anything else (an older version's, a
        hand-edited file's) is left aside for the first game's table."""
        table = self.app.store.settings.tables.get(self.kind)
        if not isinstance(table, dict):
            return
        seats = table.get("seats")
        if not (isinstance(seats, list) and 3 <= len(seats) <= 6
                and all(isinstance(seat, list) and len(seat) == 3 and seat[0] in self.tokens
                        and seat[1] in ("human", "computer") and seat[2] in self.levels for seat in seats)
                and len({seat[0] for seat in seats}) == len(seats)):
            log.warning("settings: the last %s table could not be used; the first game's table is shown", self.kind)
            return
        self.seats = [list(seat) for seat in seats]
        self.restore_choices(table)

    # ----------------------------------------------------------- actions
    def speech_name(self) -> str | None:
        """Read aloud when this screen opens: its heading ("New game")."""
        return _(self.heading)

    def speech_prompt(self) -> str | None:
        """Read aloud after the name: what the rows' buttons do (the help under
        the seats), so a listener knows to move along a row."""
        return self.tip()

    def tip(self) -> str:
        """The help under the seats: the shared screen's warning with two or
        more people, else what each button of a row does."""
        if sum(1 for seat in self.seats if seat[1] == "human") >= 2:
            return _("Everyone shares this screen. Private cards appear behind a cover, so the others look away.")
        return _("Press a name to pick another suspect, Person or Computer to switch, "
                 "and a level to make a computer player easier or harder.")

    def _free(self) -> list[str]:
        used = {seat[0] for seat in self.seats}
        return [s for s in self.tokens if s not in used]

    def next_suspect(self, i: int) -> None:
        """Give seat ``i`` the next suspect nobody else plays."""
        used = {seat[0] for j, seat in enumerate(self.seats) if j != i}
        k = SUSPECTS.index(self.seats[i][0])
        for step in range(1, len(SUSPECTS) + 1):
            cand = SUSPECTS[(k + step) % len(SUSPECTS)]
            if cand not in used:
                self.seats[i][0] = cand
                break
        self.app.play("click")
        self._build()

    def toggle_kind(self, i: int) -> None:
        self.seats[i][1] = "computer" if self.seats[i][1] == "human" else "human"
        self.pads[i] = None
        self.app.play("click")
        self._build()

    def cycle_level(self, i: int) -> None:
        """Give computer seat ``i`` the next level of :attr:`levels` (Easy -> Medium -> Hard -> Easy,
        with Beginner first when the game has it)."""
        lvl, levels = self.seats[i][2], self.levels
        self.seats[i][2] = levels[(levels.index(lvl) + 1) % len(levels)] if lvl in levels else self.default_level
        self.app.play("click")
        self._build()

    def remove(self, i: int) -> None:
        """Remove seat ``i``; the focus stays on the same row (the row above
        when the last row went), never jumping to Back."""
        if len(self.seats) > 3:
            del self.seats[i]
            del self.pads[i]
            self.app.play("click")
            row = min(i, len(self.seats) - 1)
            self._build()
            self.focus.focus_on(self.row_buttons[row][-1])

    def ask_remove(self, i: int) -> None:
        """The Remove button of seat ``i``: asks first ("Remove Mrs. White?",
        No focused), so a press too many, or Enter pressed again and again,
        never takes a seat away without a word."""
        self.app.play("click")
        self.app.push(make("confirm", self.app, fmt("Remove {name}?", name=self.seats[i][0]),
                           partial(self.remove, i), yes=_("Remove"), no=_("Keep")))

    def add(self) -> None:
        free = self._free()
        if len(self.seats) < 6 and free:
            self.seats.append([free[0], "computer", self.default_level])
            self.pads.append(None)
            self.app.play("click")
            self._build()

    def show_starting(self) -> None:
        """Start reads "Opening…" and the screen shows it at once: setting up a game takes
        seconds, and a press that seems lost gets pressed again."""
        self.start_button.label = _("Opening…")
        self.app.show_now()

    def start(self) -> None:
        """Start the game chosen (the game's own)."""
        raise NotImplementedError

    def cycle_notebook(self) -> None:
        """The next notebook help: Manual -> Assisted -> Hints -> Manual."""
        i = NOTEBOOK_MODES.index(self.notebook_mode) if self.notebook_mode in NOTEBOOK_MODES else -1
        self.notebook_mode = NOTEBOOK_MODES[(i + 1) % len(NOTEBOOK_MODES)]
        self.app.play("click")
        self._build()

    def notebook_label(self) -> str:
        """The notebook button's text: "Notebook help: Hints"."""
        return fmt("Notebook help: {mode}", mode=_(NOTEBOOK_MODE_NAMES[self.notebook_mode]))

    def open_rules(self) -> None:
        """The top-right button's page (the game's own)."""
        raise NotImplementedError

    def rules_label(self) -> str:
        """The top-right button's text (the game's own)."""
        raise NotImplementedError

    def on_resume(self) -> None:
        self._build()        # back from the rules page: show the choice

    # ------------------------------------------------------- controllers
    def join(self, device: str | None) -> int | None:
        """``device`` (a pad, or None for the keyboard) takes a seat; returns it
        (None when the table is full)."""
        if device is not None and device in self.pads:
            return self.pads.index(device)
        seat = None
        if device is not None:
            seat = next((i for i, (_s, k, _l) in enumerate(self.seats) if k == "human" and self.pads[i] is None),
                        None)
        if seat is None:
            seat = next((i for i, (_s, k, _l) in enumerate(self.seats) if k == "computer"), None)
        if seat is None and len(self.seats) < 6 and self._free():
            self.seats.append([self._free()[0], "human", self.default_level])
            self.pads.append(None)
            seat = len(self.seats) - 1
        if seat is None:
            self.note = _("The table is full: six people already play.")
            self.app.play("nope")
            return None
        self.seats[seat][1] = "human"
        self.pads[seat] = device
        who = self.seats[seat][0]
        self.note = (fmt("{pad} plays {name}.", pad=self.app.pads.label(device), name=who) if device
                     else fmt("{name} is played at the keyboard.", name=who))
        self.app.play("click")
        self._build()
        return seat

    def pad_changed(self, what: str, pad: Pad) -> None:
        """A pad pulled out frees its seat (the person plays on at the keyboard or joins again)."""
        if what == "removed" and pad.device in self.pads:
            i = self.pads.index(pad.device)
            self.pads[i] = None
            self.note = fmt("{pad} was unplugged: {name} is played at the keyboard until a controller "
                            "joins.", pad=pad.label, name=self.seats[i][0])
            self._build()
        elif what == "added":
            self.note = _("{pad} is plugged in: press any button on it to join.").format(pad=pad.label)

    def device_label(self, i: int) -> str:
        """What plays person's seat ``i``: "Pad 2" or "Keyboard"."""
        d = self.pads[i]
        return self.app.pads.label(d) if d else _("Keyboard")

    def back(self) -> None:
        """Back to the title; with controllers joined, ask first (the joins would be lost)."""
        if any(d is not None for d in self.pads):
            self.app.push(make("confirm", self.app, _("Leave the setup?"), lambda: self.app.pop(self),
                               yes=_("Leave"), no=_("Stay"), detail=_("The joined seats are lost.")))
            return
        self.app.pop(self)

    # ------------------------------------------------------------ layout
    def _build(self, focus: int | None = None) -> None:
        buttons: list[Button] = []
        self.labels: list[Label] = []
        #: each seat's buttons, left to right (name, kind, level for a computer
        #: seat, and Remove while there are more than 3)
        self.row_buttons: list[list[Button]] = []
        #: seat index -> its level button (computer seats only)
        self.level_buttons: dict[int, Button] = {}
        for i, (s, kind, level) in enumerate(self.seats):
            y = ROW_Y + i * ROW_STEP
            seat = _("Seat {n}").format(n=i + 1)     # read aloud before each button of the row
            who = _("Person") if kind == "human" else _("Computer")
            # the seat's name says the whole row, so a listener knows who plays it without moving along it
            whole = " — ".join([seat, card(s), who] + ([level_label(level)] if kind == "computer" else []))
            row = [Button(pygame.Rect(NAME_COL[0], y, NAME_COL[1], ROW_H), card(s),
                          partial(self.next_suspect, i), colour=theme.suspect_colour(s), speech=whole),
                   Button(pygame.Rect(KIND_COL[0], y, KIND_COL[1], ROW_H), who, partial(self.toggle_kind, i),
                          speech=f"{card(s)} — {who}")]
            if kind == "computer":
                lb = Button(pygame.Rect(LEVEL_COL[0], y, LEVEL_COL[1], ROW_H), level_label(level),
                            partial(self.cycle_level, i), data=level, speech=f"{card(s)} — {level_label(level)}")
                self.level_buttons[i] = lb
                row.append(lb)
            if len(self.seats) > 3:
                row.append(Button(pygame.Rect(REMOVE_COL[0], y, REMOVE_COL[1], ROW_H), _("Remove"),
                                  partial(self.ask_remove, i), speech=f"{card(s)} — {_('Remove')}"))
            self.row_buttons.append(row)
            buttons += row
            self.labels.append(Label(pygame.Rect(SEAT_X, y, SEAT_W, ROW_H), _("Seat {n}").format(n=i + 1),
                                     theme.SMALL))
            if kind == "human":
                self.labels.append(Label(pygame.Rect(LEVEL_COL[0] + 12, y, LEVEL_COL[1] - 12, ROW_H),
                                         self.device_label(i), theme.BODY, True,
                                         theme.BRASS if self.pads[i] else theme.MUTED))
        self.headers = [Label(pygame.Rect(x, HEADER_Y - 12, w, 24), text, theme.SMALL, True, theme.BRASS)
                        for (x, w), text in ((NAME_COL, _("Suspect")), (KIND_COL, _("Played by")),
                                             (LEVEL_COL, _("Level or controller")))]
        self.rules_button = Button(RULES_RECT.copy(), self.rules_label(), self.open_rules)
        n = len(self.house)
        self.house_label = Label(pygame.Rect(REMOVE_COL[0], HEADER_Y - 12, REMOVE_COL[1], 24),
                                 ngettext("+ {n} house rule", "+ {n} house rules", n).format(n=n) if n else "",
                                 theme.SMALL, True, theme.BRASS)
        if n:
            self.headers.append(self.house_label)
        y = ROW_Y + len(self.seats) * ROW_STEP
        if len(self.seats) < 6:
            buttons.append(Button(pygame.Rect(NAME_COL[0], y, NAME_COL[1], ROW_H), _("Add a player"), self.add))
        if self.notebook_help:
            self.notebook_button = Button(NOTEBOOK_RECT.copy(), self.notebook_label(), self.cycle_notebook,
                                          data=self.notebook_mode)
            buttons.append(self.notebook_button)
        self.start_button = Button(pygame.Rect(1012, 520, 242, 64), _("Start"), self.start)
        self.back_button = Button(pygame.Rect(1012, 600, 242, 64), _("Back"), self.back, hint="Esc")
        buttons += [self.start_button, self.back_button, self.rules_button]
        old = self.focus.focus if focus is None else focus
        self.focus.set(buttons, min(old, len(buttons) - 1))

    def handle(self, intent: Intent) -> bool:
        if intent.is_pad and intent.device not in self.pads and intent.kind not in DIRECTIONS:
            self.join(intent.device)   # a free controller's first button joins a seat
            return True
        if intent.kind is Kind.JOIN:
            self.join(None if not intent.is_pad else intent.device)
            return True
        if intent.kind is Kind.BACK:
            self.back()
            return True
        return self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(scenery.backdrop(surface.get_size()), (0, 0))
        title = theme.blit_text(surface, _(self.heading), (TOKEN_X - 22, 24), theme.TITLE, theme.BRASS, True,
                                display=True)
        room = RULES_RECT.left - 16 - title.right - 28
        who = _("Who is playing? 3 to 6 players.")
        if theme.fit_width(who, theme.BODY, False, room) <= room:     # a long title leaves no room: left out
            line = theme.text(who, theme.BODY, theme.CREAM, False, room).get_rect(midleft=(title.right + 28,
                                                                                       title.centery))
            theme.shade(surface, line.inflate(20, 8), 170, theme.BG_DARK)     # words stand off the picture
            theme.blit_text(surface, who, (title.right + 28, title.centery), theme.BODY, theme.CREAM, False,
                            "midleft", room)
        for i, seat in enumerate(self.seats):
            if seat[1] == "human":      # "Keyboard" / a controller's name on a plate: the wall's candles read through
                theme.shade(surface, pygame.Rect(LEVEL_COL[0], ROW_Y + i * ROW_STEP, LEVEL_COL[1], ROW_H), 170,
                            theme.BG_DARK)
        for lab in self.labels + self.headers:
            lab.draw(surface)
        for i, seat in enumerate(self.seats):
            img = assets.framed_portrait(seat[0], PORTRAIT)
            surface.blit(img, img.get_rect(center=(TOKEN_X, ROW_Y + i * ROW_STEP + ROW_H // 2)))
        tip = self.tip()
        if self.notebook_help and self.focus.focused is self.notebook_button:
            tip = _(NOTEBOOK_HELP[self.notebook_mode])
        tip = self.strength_tip() or tip
        join = self.note or prompts.fmt(_("Controllers: press any button to join a seat. Keyboard: {join}."),
                                        pad=False)
        lines = len(theme.wrap(join, 860, theme.SMALL)) + len(theme.wrap(tip, 860, theme.SMALL))
        theme.shade(surface, pygame.Rect(NAME_COL[0] - 10, 536, 880, 8 + lines * (theme.px(theme.SMALL) + 8)),
                    170, theme.BG_DARK)
        h = theme.blit_wrapped(surface, join, pygame.Rect(NAME_COL[0], 540, 860, 60), theme.SMALL, theme.BRASS)
        theme.blit_wrapped(surface, tip, pygame.Rect(NAME_COL[0], 540 + h + 4, 860, 100), theme.SMALL, theme.MUTED)
        self.focus.draw(surface)
        footer_hint(surface, _("{move} to move, {confirm} to change or start, {back} to go back"))

    def strength_tip(self) -> str:
        """While a level button has the focus, how strong that level measured
        (:func:`game.ui.shell.i18n.strength_words`), else ""."""
        focused = self.focus.focused
        if not self.says_strength or focused is None or focused not in self.level_buttons.values():
            return ""
        assert isinstance(focused.data, str)    # a level button's data is its level
        return strength_words(focused.data)

    def widgets(self) -> list:
        return list(self.focus.buttons) + self.labels + self.headers
