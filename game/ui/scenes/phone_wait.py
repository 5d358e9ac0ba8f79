"""While a seat chooses on its phone (issue 15): the TV says only who is
choosing -- "Mrs. Peacock is choosing a card to show…" -- never what.

Pushed by a table instead of the private step it would open behind the
cover (:meth:`game.ui.phones.PhoneHost.away`).  It is public: it draws no
card of that seat and opens nothing private by itself.  It closes when the
game moves on (the phone's choice came and the table plays it).  When the
phone drops before choosing, it closes and hands the choice back to the TV
(``reopen``: the table opens today's cover on its next frame); when the
phone comes back while that cover still waits for the pass, the cover
closes and this box shows again (:meth:`game.ui.phones.PhoneHost.fell_back`).  "Choose here
instead" does the same on purpose (a controller or the keyboard still works
for the seat): the cover then takes only a fresh press of that person, so
keys mashed over this screen never show a card.
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

from game.ui import assets, theme
from game.ui.i18n import _, fmt
from game.ui.input import Intent, Kind
from game.ui.registry import make
from game.ui.scene import Scene
from game.ui.widgets import Button, FocusGroup, Label, footer_hint

#: The box in the middle of the table (logical pixels).
BOX = pygame.Rect(290, 200, 700, 300)
#: What the seat is choosing: "show" a card to show, "join" whether to accuse too, else any private choice.
WHAT = ("show", "join", "choose")


def waiting_line(name: str, what: str) -> str:
    """The public line: who is choosing, and what kind of choice (never which card)."""
    if what == "show":
        return fmt("{name} is choosing a card to show…", name=name)
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
        self.focus = FocusGroup(focus=None)      # nothing focused: Enter alone chooses nothing
        self.language_changed()
        app.speech.say(self.speech_prompt())

    def language_changed(self) -> None:
        """Words and places again (another language or text size): the box grows to fit its lines."""
        self.words = self.lines()
        end = max(line.rect.bottom for line in self.words)
        self.box = BOX.copy()
        self.box.height = max(BOX.height, end + 20 + 60 + 24 - BOX.top)
        self.here = Button(pygame.Rect(BOX.centerx - 220, self.box.bottom - 84, 440, 60), _("Choose here instead"),
                           self.choose_here)
        self.focus.set([self.here])

    @property
    def name(self) -> str:
        return self.table.match.suspects[self.seat]

    def input_seat(self, intent: Intent) -> int | None:
        """Only this seat (its pad, or the shared keyboard and mouse) takes the choice back; the menu is everyone's."""
        return None if intent.kind in (Kind.MENU, Kind.BACK) else self.seat

    # ------------------------------------------------------------ moves
    def choose_here(self) -> None:
        """Take the choice back to the TV: today's cover for this seat."""
        self.app.play("click")
        self.app.phones.use_tv(self.seat)
        self.app.pop(self)
        self.reopen()

    def update(self, dt: float) -> None:
        """Close once the game moved on; hand the choice back when the phone dropped."""
        self.t += dt
        g = self.table.game
        if (len(g.events), g.actor) != self.key or g.over:
            self.app.pop(self)
        elif not self.app.phones.has_phone(self.seat):
            self.app.pop(self)
            self.app.phones.fell_back(self.seat, self.key, self.reopen)   # back before the cover is taken: wait again
            self.reopen()

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.MENU, Kind.BACK):
            self.app.push(make("menu", self.app, self.table))
            return True
        if intent.kind is Kind.CONFIRM and self.focus.focused is None:
            return True                       # Enter alone chooses nothing: the phone is choosing
        return self.focus.handle(intent)

    # ------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 120)
        theme.panel(surface, self.box, theme.PANEL, theme.BRASS, 18, 4)
        token = assets.token(self.table.match.suspects[self.seat], 72)
        surface.blit(token, token.get_rect(center=(BOX.left + 70, BOX.top + 80)))
        _phone(surface, pygame.Rect(BOX.right - 90, BOX.top + 36, 46, 84), self.t)
        for line in self.words:
            theme.blit_text(surface, line.text, line.rect.topleft, line.size, theme.CREAM if line.bold else theme.MUTED,
                            line.bold, "topleft", line.rect.width)
        self.focus.draw(surface)
        footer_hint(surface, _("{move} then {confirm}: choose here instead. {back}: menu"))

    def speech_prompt(self) -> str | None:
        """Read aloud (public): who is choosing."""
        return waiting_line(self.name, self.what)

    def lines(self) -> list[Label]:
        """The words in the box as one :class:`Label` per wrapped line (the
        text-fit test checks each), placed one under the other from the top."""
        out, y = [], BOX.top + 30
        width = BOX.width - 250
        for text, size, bold in ((waiting_line(self.name, self.what), theme.HEADING, True),
                                 (fmt("Only {name}'s phone shows the cards.", name=self.name), theme.BODY, False)):
            step = theme.font(size, bold).get_linesize() + 4
            for line in theme.wrap(text, width, size, bold):
                out.append(Label(pygame.Rect(BOX.left + 130, y, width, step), line, size, bold))
                y += step
            y += 8
        return out

    def widgets(self) -> list:
        return [self.here] + self.words


def _phone(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
    """A phone drawn in code, its screen glowing slowly (``t``: seconds)."""
    glow = 0.5 + 0.5 * math.sin(t * 3)
    pygame.draw.rect(surface, theme.INK, rect, border_radius=10)
    pygame.draw.rect(surface, theme.BRASS, rect, 3, border_radius=10)
    screen = rect.inflate(-12, -22)
    colour = tuple(int(a + (b - a) * glow) for a, b in zip(theme.PANEL, theme.BRASS))
    pygame.draw.rect(surface, colour, screen, border_radius=4)
