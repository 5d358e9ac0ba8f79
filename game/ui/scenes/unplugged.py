"""The game pauses when a seated person's controller is pulled out.

The screen names the seat and offers three ways on: plug a controller back in
(the seat takes it at once), press any button on a controller that has no seat
(it takes the seat), or hand the seat to a computer player (Medium, deciding
from that seat's own view).  The keyboard and mouse can also simply play on
for the seat.  Nothing of the game changes while this screen is up: only the
top scene updates, so the board, a computer player's pending choice and any
private screen below wait as they are.  The screen is opaque, so a private
card screen below it is never shown to the table.
"""

from __future__ import annotations

from typing import Callable

import pygame

from game.ui.draw import assets, theme
from game.ui.draw.widgets import Button, FocusGroup, Label, footer_hint
from game.ui.shell.i18n import _, fmt
from game.ui.shell.input import DIRECTIONS, Intent, Kind
from game.ui.shell.scene import Scene

BOX = pygame.Rect(140, 40, 1000, 620)


class UnpluggedScene(Scene):
    """``seat`` of ``match`` lost its controller (``pad_label``, e.g. "Pad 2").
    ``to_computer(screen)`` hands the seat to a computer player and closes the
    person's other screens for it (``screen`` is this one, which then closes
    itself); None offers the keyboard only."""

    def __init__(self, app, match, seat: int, pad_label: str = "",
                 to_computer: Callable[["UnpluggedScene"], None] | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.on_computer = to_computer
        self.seat = seat
        self.pad_label = pad_label
        who = match.suspects[seat]
        self.title = fmt("{name}'s controller was unplugged", name=who)
        x, w = BOX.left + 60, BOX.width - 120
        self.computer_button = Button(pygame.Rect(x, 470, w, 60),
                                      fmt("A computer player takes over {name}", name=who), self.to_computer)
        self.keyboard_button = Button(pygame.Rect(x, 544, w, 60),
                                      fmt("{name} plays on with the keyboard", name=who), self.to_keyboard)
        # in the guided game the seat is the learner's own: a computer player would leave the
        # lesson's script and the lesson could not be continued, so only the keyboard is offered
        ways = [self.keyboard_button] if getattr(match, "guided", False) or to_computer is None else [
            self.computer_button, self.keyboard_button]
        self.focus = FocusGroup(ways, focus=None)

    # --------------------------------------------------------- ways on
    def take(self, device: str) -> None:
        """``device`` (a pad plugged in, or a free pad's button) now plays the seat."""
        self.match.give_device(self.seat, device)
        self.app.play("click")
        self._leave()

    def to_computer(self) -> None:
        """A computer player takes the seat; the person's open screens for it close
        (the ``to_computer`` given).  Never in the guided game (the lesson's seat
        stays the learner's)."""
        if getattr(self.match, "guided", False) or self.on_computer is None:
            return
        self.on_computer(self)
        self._leave()

    def to_keyboard(self) -> None:
        self.match.give_device(self.seat, None)
        self._leave()

    def _leave(self) -> None:
        self.app.router.input.release_all()
        self.app.pop(self)

    # ------------------------------------------------------------ input
    def input_seat(self, intent: Intent) -> int | None:
        return None        # every device reaches this screen; handle() decides

    def handle(self, intent: Intent) -> bool:
        if intent.is_pad:
            if intent.kind in DIRECTIONS or self.match.seat_of(intent.device) is not None:
                return True   # a pad of another seat never decides for this one
            if intent.device in self.app.pads:
                self.take(intent.device)
            return True
        if intent.kind in (Kind.BACK, Kind.MENU):
            return True       # nothing to go back to: one of the ways on must be chosen
        return self.focus.handle(intent)

    # ------------------------------------------------------------- draw
    def free_pads(self) -> list[str]:
        return [p.label for p in self.app.pads.pads.values() if self.match.seat_of(p.device) is None]

    def lines(self) -> list[str]:
        who = self.match.suspects[self.seat]
        free = self.free_pads()
        other = fmt("Press any button on another controller to take {name}'s seat.", name=who)
        if free:
            other += " " + _("Free now: {pads}.").format(pads=", ".join(free))
        return [_("1. Plug the controller back in: the game goes on by itself."), "2. " + other,
                _("3. Or choose below (keyboard or mouse).")]

    def draw(self, surface: pygame.Surface) -> None:
        suspect = self.match.suspects[self.seat]
        colour = theme.suspect_colour(suspect)
        theme.background(surface)
        theme.panel(surface, BOX, theme.PANEL, colour, 18, 6)
        img = assets.token(suspect, 96)
        surface.blit(img, img.get_rect(center=(BOX.centerx, BOX.top + 70)))
        theme.blit_text(surface, _("Game paused"), (BOX.centerx, BOX.top + 128), theme.HEADING, theme.CREAM,
                        True, "midtop")
        theme.blit_text(surface, self.title, (BOX.centerx, BOX.top + 170), theme.TITLE, theme.BRASS, True, "midtop",
                        BOX.width - 40)
        sub = _("Nothing is lost: the game waits exactly where it was.")
        if self.pad_label:
            sub = _("{pad} is gone.").format(pad=self.pad_label) + " " + sub
        theme.blit_text(surface, sub, (BOX.centerx, BOX.top + 226), theme.BODY, theme.MUTED, False, "midtop",
                        BOX.width - 40)
        y = BOX.top + 272
        size = self.lines_size()
        for line in self.lines():
            y += theme.blit_wrapped(surface, line, pygame.Rect(BOX.left + 60, y, BOX.width - 120, 80), size,
                                    theme.CREAM) + 6
        self.focus.draw(surface)
        footer_hint(surface, _("{move} to choose, {confirm} or click to press"), y=706)

    def lines_size(self) -> int:
        """The text size of :meth:`lines`: body text, or small text when body text
        would run into the buttons (Catalan with large text)."""
        room = self.computer_button.rect.top - 8 - (BOX.top + 272)
        width = BOX.width - 120
        for size in (theme.BODY, theme.SMALL):
            high = sum(len(theme.wrap(line, width, size)) * (theme.font(size).get_height() + 4) + 6
                       for line in self.lines())
            if high <= room:
                return size
        return theme.SMALL

    def widgets(self) -> list:
        return list(self.focus.buttons) + [
            Label(pygame.Rect(BOX.left + 20, BOX.top + 170, BOX.width - 40, 50), self.title, theme.TITLE, True),
            Label(pygame.Rect(BOX.left + 20, BOX.top + 226, BOX.width - 40, 30),
                  _("{pad} is gone.").format(pad=_("Pad {n}").format(n=9)) + " " +
                  _("Nothing is lost: the game waits exactly where it was."), theme.BODY)]
