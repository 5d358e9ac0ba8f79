"""The privacy cover: "Pass to Mrs. Peacock — press Enter / click to continue".

It hides the whole board.  Private things (a hand, a notebook, the choice of a
card to show, a shown card, the envelope) are built only after the right person
accepts the cover, so nothing private is ever drawn while it is up.

The cover often appears while someone is pressing Enter to hurry the computer
players, so it takes only a *fresh* press (:class:`~game.ui.shell.scene.FreshPressGuard`):
one made at least :data:`~game.ui.shell.scene.PRIVATE_GUARD` seconds after the
cover appeared, after every confirm key, button and click had been left alone
for :data:`~game.ui.shell.scene.FRESH_QUIET` seconds, and not a key held down.
Holding or mashing Enter, Space, A or the mouse button never gets past it
(a press too soon says so on the cover).  Esc cancels an optional cover and
opens the pause menu on a required one.

What the cover opens is marked ``private`` (see :attr:`Scene.private
<game.ui.shell.scene.Scene.private>`): an overlay over it (the pause menu, a
message) hides it completely.
"""

from __future__ import annotations

from typing import Callable

import pygame

from game.ui.draw import assets, gfx, theme
from game.ui.draw.widgets import Button, FocusGroup, Label, footer_hint
from game.ui.shell import prompts
from game.ui.shell.flow import private
from game.ui.shell.i18n import _, fmt
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import find, make
from game.ui.shell.scene import PRIVATE_GUARD, FreshPressGuard, Scene, too_soon_text


class CoverScene(Scene):
    """Covers the screen for ``seat``.  On confirm it replaces itself with
    ``make()`` (the private scene); with ``optional`` Back cancels instead.
    ``reason`` says what is coming ("to see your cards").  ``moment``: for a cover in front of
    ``seat``'s choice, the game's moment of that choice (number of events, actor): once the game
    has moved past it -- the choice was made elsewhere, on the seat's phone -- the cover closes by
    itself, the very frame the game moved on."""

    def __init__(self, app, match, seat: int, make: Callable[[], Scene], optional: bool = False,
                 reason: str = "", moment: tuple[int, int] | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.seat = seat
        self.moment = moment
        self.make = make
        self.optional = optional
        self.reason = reason
        self.focus = FocusGroup()
        self.language_changed()
        # presses on another seat's controller cannot open this cover, so they do not hold it shut either
        self.guard = FreshPressGuard(app.router.input, PRIVATE_GUARD, allow=(Kind.BACK, Kind.MENU, Kind.POINT),
                                     devices=lambda device: match.may_act(device, seat))

    @property
    def too_soon(self) -> bool:
        """A confirm or click came too soon (held, mashed, or before the cover was up long enough)."""
        return self.guard.too_soon

    def language_changed(self) -> None:
        who = self.match.suspects[self.seat]
        self.title = fmt("Pass to {name}", name=who)
        self.go = Button(pygame.Rect(390, 470, 500, 64), fmt("I am {name}", name=who), self.accept)
        buttons = [self.go]
        if self.optional:
            self.cancel = Button(pygame.Rect(490, 556, 300, 56), _("Cancel"), self.back, hint="Esc")
            buttons.append(self.cancel)
        self.focus.set(buttons, 0)

    def update(self, dt: float) -> None:
        self.guard.update(dt)
        g = self.match.game
        if self.moment is not None and (g.over or (len(g.events), g.actor) != self.moment):
            self.app.pop(self)          # the choice it led to is made: nothing is left to pass on

    def accept(self) -> None:
        self.app.play("click")
        scene = private(self.make())
        scene.opened_by = self
        self.app.replace(scene)

    def again(self, scene: Scene) -> CoverScene:
        """This cover once more (the same person, words and Cancel), now for ``scene``, already
        made: passing it brings back that same scene (see :meth:`Scene.cover_again
        <game.ui.shell.scene.Scene.cover_again>`)."""
        return CoverScene(self.app, self.match, self.seat, lambda: scene, self.optional, self.reason, self.moment)

    def seat_only(self) -> int | None:
        """The cover is its seat's own way in: closing it never covers that seat's screen again."""
        return self.seat

    def back(self) -> None:
        self.app.pop(self)

    def on_resume(self) -> None:
        """Back from the pause menu (closed with a press): wait for quiet again."""
        self.guard.armed = False

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.BACK and self.optional:
            self.back()
            return True
        if intent.kind in (Kind.BACK, Kind.MENU):
            self.open_menu()
            return True
        if self.guard.blocks(intent):
            return True                 # the guard remembers a confirm or click too soon (its hint says so)
        if intent.kind is Kind.CLICK and not any(intent.pos is not None and b.rect.collidepoint(intent.pos)
                                                 for b in self.focus.buttons):
            self.accept()
            return True
        return self.focus.handle(intent)

    def open_menu(self) -> None:
        """The pause menu (the cover stays: Resume comes back to it)."""
        self.app.push(make("menu", self.app, find(self.app.stack, "board")))

    def draw(self, surface: pygame.Surface) -> None:
        suspect = self.match.suspects[self.seat]
        colour = theme.suspect_colour(suspect)
        theme.background(surface)
        gfx.rect(surface, colour, (0, 0, 1280, 16))
        gfx.rect(surface, colour, (0, 704, 1280, 16))
        img = assets.token(suspect, 150)
        surface.blit(img, img.get_rect(center=(640, 170)))
        theme.blit_text(surface, self.title, (640, 300), 56, theme.BRASS, True, "center", 1200)
        line = _("Everyone else, please look away.")
        if self.reason:
            line = self.reason + " " + line
        theme.blit_wrapped(surface, line, pygame.Rect(200, 350, 880, 80), theme.BODY, theme.CREAM, align="center")
        hint = self.guard.hint()
        if hint:
            theme.blit_text(surface, hint, (640, 440), theme.BODY, theme.BRASS, True, "center", 1200)
        else:
            theme.blit_text(surface, prompts.fmt(_("Press {confirm} or click to continue")), (640, 440), theme.BODY,
                            theme.MUTED, False, "center")
        self.focus.draw(surface)
        footer_hint(surface, fmt("Only {name} should look at the next screen.", name=self.match.suspects[self.seat]))

    def speech_prompt(self) -> str | None:
        """Read aloud (public, like everything on the cover): whose turn to
        look, and how; its last sentence names both, so the repeat key, which
        says the last sentence again, tells who is to press what."""
        who = self.match.suspects[self.seat]
        return " ".join(t for t in (self.title + ".", self.reason, _("Everyone else, please look away."),
                                     fmt("Press {confirm} when {name_the} is ready.", name=who,
                                         confirm=prompts.label(Kind.CONFIRM))) if t)

    def widgets(self) -> list:
        return list(self.focus.buttons) + [
            Label(pygame.Rect(40, 270, 1200, 60), self.title, 56, True),
            Label(pygame.Rect(40, 425, 1200, 30), too_soon_text(), theme.BODY, True)]

