"""While a seat chooses on its phone: the TV says only who is
choosing -- "Mrs. Peacock is choosing a card to show…" -- never what.

Pushed by a table instead of the private step it would open behind the
cover (:meth:`game.ui.phones.host.PhoneHost.away`).  It is public: it draws no
card of that seat and opens nothing private by itself.  It closes when the
game moves on (the phone's choice came and the table plays it).  When the
phone drops before choosing, it closes and hands the choice back to the TV
(``reopen``: the table opens today's cover on its next frame); when the
phone comes back while that cover still waits for the pass, the cover
closes and this box shows again (:meth:`game.ui.phones.host.PhoneHost.fell_back`).  "Choose here
instead" does the same on purpose (a controller or the keyboard still works
for the seat): the cover then takes only a fresh press of that person, so
keys mashed over this screen never show a card.

A seat's whole turn played on its phone (``what="turn"``,
:meth:`game.ui.phones.host.PhoneHost.holds_turn`) shows a smaller box beside the
board ("Colonel Mustard is playing on the phone…"): the shared keyboard and
mouse act for nobody then; the phone's arrows and the seat's controller go
through to the table; "Play here instead" hands the rest of the turn to the TV.
Either button takes only a fresh press (:class:`~game.ui.shell.scene.FreshPressGuard`):
arrows and Enter mashed over the box never take the turn or the choice.

A seat that joined from far away (:meth:`game.ui.phones.host.PhoneHost.far`) is not
in the room: its choice is never handed to the TV's cover, and the box has no
"Choose here instead" (nor, for its turn, "Play here instead") -- checked every frame, so a phone from outside the home
that the TV lets take the seat while the box is open takes the button away.  While its phone is gone the box says the game waits
for it; after :data:`~game.ui.phones.host.FAR_WAIT` seconds the computer makes
the choice (:meth:`game.ui.phones.host.PhoneHost.choose_for`); a phone back before
that chooses itself.  On its own turn the wait comes once: after it the computer plays the
rest of that turn at its own pace, step by step (never an accusation), until the phone is back.
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

from game.ui.bases.pacing import computer_pause
from game.ui.draw import assets, gfx, theme
from game.ui.draw.widgets import Button, FocusGroup, Label
from game.ui.phones.host import FAR_WAIT
from game.ui.shell import prompts
from game.ui.shell.i18n import _, fmt
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import make
from game.ui.shell.scene import FreshPressGuard, Scene

#: The arrows: they move the focus to the button, so they pass the fresh-press guard.
MOVES = (Kind.UP, Kind.DOWN, Kind.LEFT, Kind.RIGHT)

#: The box in the middle of the table (logical pixels).
BOX = pygame.Rect(290, 200, 700, 300)
#: The lowest a box may reach (logical pixels): the screen's bottom, less a margin.
SCREEN_BOTTOM = 710
#: The box of a whole turn played on the phone, when the table has no log panel: beside the board.
TURN_BOX = pygame.Rect(826, 100, 444, 190)
#: Its height at least, over the table's public log (:func:`turn_area`).
TURN_H = 190


#: The box of a choice while the suggestion's stage is up (its three cards, the seats asked): the
#: band under the seats' row; it may grow up over that row, never over the cards (:data:`STAGE_CEILING`).
STAGE_BOX = pygame.Rect(200, 570, 880, 140)
#: The highest a box over the suggestion's stage may reach: just under its cards.
STAGE_CEILING = 398


def staged(table) -> bool:
    """True while ``table`` shows a suggestion's stage (the board game's three cards and the seats
    asked, kept up while the question goes round)."""
    return getattr(table, "suggestion_show", None) is not None


def turn_area(table) -> pygame.Rect:
    """Where the box of a whole turn played on the phone goes: over the table's public log
    (``table.log_panel``), which holds nothing to press -- the turn's buttons above it stay in
    view for the seat's controller -- and the board (the token walking) stays in view too."""
    log = getattr(table, "log_panel", None)
    if log is None:
        return TURN_BOX.copy()
    return pygame.Rect(log.left + 6, log.top + 6, log.width - 12, TURN_H)


def felt_area(table) -> pygame.Rect | None:
    """Where the box of a whole turn played on the phone goes first: the board table's felt
    beside the die's tray (or the seats' plaques) and above *My cards & notebook*, empty while the phone plays (the
    table shows no buttons then: ``table.phone_plays``), so the room can still read the log.
    None where the table has no such felt (the card table) or shows buttons there."""
    hud = getattr(table, "hud", None)
    felt = getattr(hud, "table_rect", None)
    if felt is None or not getattr(table, "phone_plays", False):
        return None
    area = felt.inflate(-12, -12)
    # right of the die's tray (standard layout) or of the seats' plaques (TV), which stay in view
    for beside in (getattr(table, "die_rect", None), getattr(hud, "seats_rect", None)):
        if beside is not None and beside.colliderect(area):
            area.width, area.left = area.right - (beside.right + 8), beside.right + 8
    book = getattr(getattr(table, "notebook_button", None), "rect", None)
    if book is not None and book.colliderect(area):
        area.height = book.top - 6 - area.top
    return area if area.width > 0 < area.height else None
#: What the seat is choosing: "show" a card to show, "join" whether to accuse too, "turn" its own
#: turn (rolling, moving with the phone's arrows, suggesting, ending), else any private choice.
WHAT = ("show", "join", "choose", "turn")


def waiting_line(name: str, what: str) -> str:
    """The public line: who is choosing, and what kind of choice (never which card)."""
    if what == "show":
        return fmt("{name} is choosing a card to show…", name=name)
    if what == "turn":
        return fmt("{name} is playing on the phone…", name=name)
    return fmt("{name} is choosing on the phone…", name=name)


class PhoneWaitScene(Scene):
    """``seat`` of ``table`` chooses on its phone (``what``: :data:`WHAT`);
    ``reopen()`` gives the choice back to the table (its cover)."""

    opaque = False

    def __init__(self, app, table, seat: int, what: str, reopen: Callable[[], None]) -> None:
        super().__init__(app)
        self.table, self.seat, self.what, self.reopen = table, seat, what, reopen
        self.key = (len(table.game.events), table.game.actor)
        self.t = 0.0
        #: how long a far-away seat's phone has been gone (:attr:`far`) while this box waits, summed
        #: over its drops: a phone that comes back and drops again does not restart :data:`FAR_WAIT`
        self.gone = 0.0
        #: seconds this seat's own turn already waited for its phone in earlier boxes (the wait is one a turn)
        self.before = app.phones.far_waited.get((seat, table.turn_no), 0.0) if what == "turn" else 0.0
        #: the far-away seat's phone is gone right now
        self.away = False
        #: where the box goes when its words fit (:attr:`area` moves up when they would pass the
        #: screen's bottom, never above :attr:`ceiling`; see :meth:`place`)
        self.home, self.ceiling = self.place()
        self.area = self.home.copy()
        self.focus = FocusGroup(focus=None)      # nothing focused: Enter alone chooses nothing
        #: the button takes only a fresh press of this seat's devices: keys mashed over the box never take it
        self.guard = FreshPressGuard(app.router.input, 0.0, allow=(Kind.BACK, Kind.MENU, Kind.POINT, *MOVES),
                                     devices=lambda device: table.match.may_act(device, seat))
        self.language_changed()
        said = (seat, table.turn_no) if what == "turn" else None
        if said is None or app.phones.said != said:     # a turn's line once, not after each of its steps
            app.phones.said = said
            app.speech.say(self.speech_prompt())

    def place(self) -> tuple[pygame.Rect, int]:
        """(where the box goes, the highest its top may move): a turn's box over the table's log,
        never up over the turn's buttons and the notebook above it; a choice's box in the middle,
        or -- while the suggestion's stage shows its cards -- in the band under them, never over them."""
        if self.what == "turn":
            home = turn_area(self.table)
            return home, home.top
        if staged(self.table):
            return STAGE_BOX.copy(), STAGE_CEILING
        return BOX.copy(), 10

    def language_changed(self) -> None:
        """Words and places again (another language or text size): the box grows to fit its lines,
        upwards once it would pass the screen's bottom but never above :attr:`ceiling`; when it
        still does not fit, its words get smaller (:meth:`lines`' ``level``).  A far seat's box has
        no button to make room for.  A turn's box never ends across a line of the log (:meth:`snap`)."""
        #: :attr:`far` as the box was laid out: a change (another phone holds the seat) lays it out again
        self.laid_far = self.far
        self.laid_staged = staged(self.table)
        felt = felt_area(self.table) if self.what == "turn" else None
        self.laid_felt = felt is not None
        # the key hint goes in the box, under the button: a footer band across the screen would hide
        # the board's bottom row (the Lounge, the Hall, the Study, Miss Scarlet's start)
        self.hint_h = (1 if self.laid_far else 2) * (theme.font(theme.SMALL).get_linesize() + 2)
        #: True while the box lies over the table's log (else on the empty felt, the log in view)
        self.over_log = not (felt is not None and self._lay(felt, felt.top, felt.bottom, 1))
        if self.over_log:
            self.home, self.ceiling = self.place()
            self._lay(self.home, self.ceiling, SCREEN_BOTTOM, 3)
        label = _("Play here instead") if self.what == "turn" else _("Choose here instead")
        width = min(440, self.area.width - 40)
        self.here = Button(pygame.Rect(self.area.centerx - width // 2, 0, width, 60), label, self.choose_here)
        self.box = self.area.copy()
        self.box.height = self.need
        self.snap()
        self.focus.set([] if self.laid_far else [self.here])

    def _lay(self, home: pygame.Rect, ceiling: int, floor: int, smallest: int) -> bool:
        """Lay the words out in ``home``: the box grows to fit them, upwards once it would pass
        ``floor`` but never above ``ceiling``; the words get smaller (:meth:`lines`' ``level``) up
        to ``smallest`` when they would not fit.  False when even those do not fit (then the box is
        laid at its smallest, spilling past ``floor``)."""
        self.home, self.ceiling = home.copy(), ceiling
        button_h = 0 if self.laid_far else 60 + 24
        for level in range(smallest + 1):     # the words smaller only when they would not fit
            self.area = self.home.copy()
            self.words = self.lines(level)
            end = max(line.rect.bottom for line in self.words)
            #: the height the box's words, button and hint need; :attr:`need` at least the home's height
            self.least = end + 20 + button_h + self.hint_h - self.area.top
            self.need = max(self.area.height, self.least)
            over = self.area.top + self.need - floor
            room = self.area.top - self.ceiling
            if over <= room or level == smallest:   # it fits (moved up if need be), or is at its smallest
                if over > 0:
                    self.area = self.area.move(0, -min(over, room))
                    self.words = self.lines(level)
                return over <= room
        return False

    def snap(self) -> None:
        """A turn's box over the log ends between two of its entries, never across one (half a
        line reads as noise): it stops short of the entry it would cut when its words leave room,
        else it covers that entry whole.  Then the key hint and the button go at its bottom."""
        bottom = self.area.top + self.need
        view = getattr(self.table, "log_view", None)
        if self.what == "turn" and self.over_log and view is not None:
            area = view.area
            spans = [(max(b.top, area.top), b.top + b.height) for b in view.blocks]
            for _again in range(len(spans) + 1):      # stopping short of one entry may land in the one above
                cut = next(((top, end) for top, end in spans if top < bottom < end), None)
                if cut is None:
                    break
                top, end = cut
                bottom = top if top >= self.area.top + self.least else end   # ends where an entry begins or ends
            panel = getattr(self.table, "log_panel", None)
            if panel is not None and bottom > area.bottom:
                bottom = max(bottom, panel.bottom - 6)   # into the panel's key-hint row: all of it, never across it
        self.box.height = min(bottom, SCREEN_BOTTOM + 8) - self.box.top
        self.hint_rect = pygame.Rect(self.box.left + 12, self.box.bottom - 12 - self.hint_h, self.box.width - 24,
                                     self.hint_h)
        self.here.rect.top = self.hint_rect.top - 72

    @property
    def far(self) -> bool:
        """True while the seat's phone is held from far away (:meth:`game.ui.phones.host.PhoneHost.far`),
        read anew each time: a phone from outside the home may take the seat while the box is open,
        and from then on its choice is never offered to the room."""
        return self.app.phones.far(self.seat)

    @property
    def too_soon(self) -> bool:
        """A confirm or click came too soon (held or mashed): the footer says to stop a moment."""
        return self.guard.too_soon

    @property
    def name(self) -> str:
        return self.table.match.suspects[self.seat]

    def input_seat(self, intent: Intent) -> int | None:
        """Only this seat (its pad, or the shared keyboard and mouse) takes the choice back; the menu is everyone's."""
        return None if intent.kind in (Kind.MENU, Kind.BACK) else self.seat

    # ------------------------------------------------------------ moves
    def choose_here(self) -> None:
        """Take the choice back to the TV: today's cover for this seat (a
        choice), or the rest of the seat's turn on the TV (``"turn"``)."""
        if self.far:
            return                            # nobody in the room may choose for a seat far away
        self.app.play("click")
        if self.what == "turn":
            self.app.phones.play_here(self.seat)
        else:
            self.app.phones.use_tv(self.seat)
        self.app.pop(self)
        self.reopen()

    def update(self, dt: float) -> None:
        """Close once the game moved on; hand the choice back when the phone dropped.  The
        table's banner runs on under this box ("You were brought to the Lounge!" ends in its time)."""
        from game.ui.bases.table import run_banner

        self.t += dt
        self.guard.update(dt)
        run_banner(self.table, dt)
        g = self.table.game
        if self.what == "turn" and self.table.human_to_act:
            self.table.guard.update(dt)       # the turn's own hurry guard runs on under this line
        if self.far != self.laid_far:         # the seat changed hands (home <-> far): the button comes or goes
            self.gone, self.before, self.away = 0.0, 0.0, False
            self.language_changed()
        elif staged(self.table) != self.laid_staged or (self.what == "turn"
                                                         and (felt_area(self.table) is not None) != self.laid_felt):
            self.language_changed()           # the suggestion's stage or the turn's buttons came or went: the box moves
        else:
            self.snap()                       # the log got a line under the box
        if (len(g.events), g.actor) != self.key or g.over:
            self.app.pop(self)
        elif self.far:
            self._wait_far(dt)
        elif not self.app.phones.has_phone(self.seat):
            self.app.pop(self)
            if self.what != "turn":           # (a turn just goes on at the table)
                self.app.phones.fell_back(self.seat, self.key, self.reopen)   # back before the cover is taken: wait
            self.reopen()

    @property
    def late(self) -> bool:
        """True when this is the seat's own turn and its far phone was already waited for once
        this turn (:meth:`game.ui.phones.host.PhoneHost.late`): the computer plays on at its pace."""
        return self.what == "turn" and self.app.phones.late(self.seat)

    @property
    def limit(self) -> float:
        """Seconds a gone far phone is waited for before the computer acts: :data:`FAR_WAIT`, or
        once it was waited for this turn a computer player's own pause for the step."""
        if self.late:
            return computer_pause(self.table.game.phase) / self.app.speed
        return FAR_WAIT

    @property
    def left(self) -> int:
        """Whole seconds left of :data:`FAR_WAIT` (the host's own wait) before the computer chooses."""
        return max(0, math.ceil(FAR_WAIT - self.waited))

    @property
    def waited(self) -> float:
        """Seconds the phone has been waited for: this box's :attr:`gone`, and on the seat's own turn
        the turn's earlier boxes too; once :attr:`late`, this box's alone (the computer's pause)."""
        return self.gone if self.late else self.before + self.gone

    def _wait_far(self, dt: float) -> None:
        """A far-away seat: while its phone is gone, wait (saying so, and the time left), then the
        computer chooses."""
        self.away = not self.app.phones.has_phone(self.seat)
        if self.away:
            self.gone += dt
            if self.what == "turn":
                self.app.phones.far_waited[(self.seat, self.table.turn_no)] = self.before + self.gone
        if self.away != self.phone_gone or (self.shown_left is not None and self.left != self.shown_left):
            self.language_changed()             # the phone went or came back, or a second passed
        if self.away and self.waited >= self.limit:
            self.app.phones.choose_for(self.seat)


    def on_resume(self) -> None:
        """Back from the pause menu (closed with a press): wait for quiet again."""
        self.guard.armed = False

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.MENU, Kind.BACK):
            self.app.push(make("menu", self.app, self.table))
            return True
        if self.what == "turn" and (intent.is_pad or intent.device.startswith("phone:")):
            return self.table.handle(intent)  # the seat's controller and the phone's arrows play the turn
        book = getattr(self.table, "notebook_button", None)
        if self.what == "turn" and self.far and not intent.repeat and (
                intent.kind is Kind.NOTEBOOK or intent.kind is Kind.CLICK and book is not None
                and intent.pos is not None and book.rect.collidepoint(intent.pos)):
            # My cards & notebook stays in view beside the box: for a far seat the TV says that only
            # that phone shows them (a mashed key in the room opens nothing of a phone's seat)
            self.table.open_notebook()
            return True
        if intent.kind is Kind.CONFIRM and self.focus.focused is None:
            return True                       # Enter alone chooses nothing: the phone is choosing
        if self.guard.blocks(intent):
            return True                       # mashed or held: only a fresh press takes the choice
        return self.focus.handle(intent)

    # ------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        self.snap()                           # the table under it has just laid its log out for this frame
        turn = self.what == "turn"
        if not turn:                          # a whole turn leaves the board in view
            theme.dim(surface, 120)
        theme.panel(surface, self.box, theme.PANEL, theme.BRASS, 18, 4)
        if not turn:
            token = assets.token(self.table.match.suspects[self.seat], 72)
            surface.blit(token, token.get_rect(center=(self.area.left + 70, self.area.top + 80)))
        _phone(surface, pygame.Rect(self.area.right - 64, self.area.top + 18, 40, 70) if turn
               else pygame.Rect(self.area.right - 90, self.area.top + 36, 46, 84), self.t)
        for line in self.words:
            theme.blit_text(surface, line.text, line.rect.topleft, line.size, theme.CREAM if line.bold else theme.MUTED,
                            line.bold, "topleft", line.rect.width)
        self.focus.draw(surface)
        theme.blit_wrapped(surface, prompts.fmt(self.footer()), self.hint_rect, theme.SMALL, theme.MUTED,
                           align="center", line_gap=2)

    def footer(self) -> str:
        """The key hint under the table (or, after a press too soon, to stop a moment)."""
        if self.far:
            return _("{back}: menu")          # nothing here to press too soon: no button for a far seat
        hint = self.guard.hint()
        if hint:
            return hint
        if self.what == "turn":
            return _("{move} then {confirm}: play here instead. {back}: menu")
        return _("{move} then {confirm}: choose here instead. {back}: menu")

    def speech_prompt(self) -> str | None:
        """Read aloud (public): who is choosing."""
        return waiting_line(self.name, self.what)

    def lines(self, level: int = 0) -> list[Label]:
        """The words in the box as one :class:`Label` per wrapped line (the
        text-fit test checks each), placed one under the other from the top.
        ``level`` 1 writes the explanations smaller, 2 the heading too, 3 leaves the
        explanations out (a box that would not fit otherwise: large text, a far seat's turn)."""
        area, turn = self.area, self.what == "turn"
        out, y = [], area.top + (20 if turn or level else 30)
        left, width = (area.left + 24, area.width - 24 - 90) if turn else (area.left + 130, area.width - 250)
        heading = theme.BODY if turn else theme.HEADING
        if level >= 2:
            heading = theme.SMALL if turn else theme.BODY
        body = theme.SMALL if level >= 1 else theme.BODY
        texts = [(waiting_line(self.name, self.what), heading, True)]
        if not turn:
            texts.append((fmt("Only {name}'s phone shows the cards.", name=self.name), body, False))
        gone = self.far and self.away
        late = gone and self.late
        #: the whole seconds left before the computer chooses, as the box shows them (None: not shown)
        self.shown_left = self.left if gone and not late else None
        if late:
            texts.append((fmt("{name}'s phone is away: the computer plays the rest of this turn for {name}.",
                              name=self.name), body, False))
        elif gone:
            secs = self.shown_left or 0
            clock = "%d:%02d" % divmod(secs, 60)
            if turn:
                texts.append((fmt("{name}'s phone is away. The game waits for it, then the computer plays for "
                                  "{name}.", name=self.name), body, False))
                texts.append((fmt("The computer plays in {time}.", time=clock), body, True))
            else:
                texts.append((fmt("{name}'s phone is away. The game waits for it, then the computer chooses for "
                                  "{name}.", name=self.name), body, False))
                texts.append((fmt("The computer chooses in {time}.", time=clock), body, True))
        #: the box says a far-away seat's phone is gone and the game waits for it
        self.phone_gone = gone
        if level >= 3:          # still too long (large text, a long language): who, and the time left only
            texts = [t for t in texts if t[2]]
        for text, size, bold in texts:
            step = theme.font(size, bold).get_linesize() + 4
            for line in theme.wrap(text, width, size, bold):
                out.append(Label(pygame.Rect(left, y, width, step), line, size, bold))
                y += step
            y += 8
        return out

    def widgets(self) -> list:
        return ([] if self.far else [self.here]) + self.words


def _phone(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
    """A phone drawn in code, its screen glowing slowly (``t``: seconds)."""
    glow = 0.5 + 0.5 * math.sin(t * 3)
    gfx.rect(surface, theme.INK, rect, border_radius=10)
    gfx.rect(surface, theme.BRASS, rect, 3, border_radius=10)
    screen = rect.inflate(-12, -22)
    colour = tuple(int(a + (b - a) * glow) for a, b in zip(theme.PANEL, theme.BRASS, strict=True))
    gfx.rect(surface, colour, screen, border_radius=4)
