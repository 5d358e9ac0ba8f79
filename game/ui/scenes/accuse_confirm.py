"""The last question before an accusation: "Accuse with these three cards?"
over the accusation picker, with the three cards shown face up.

A wrong accusation ends that player's game (000 "Accusations" 4; 003
"Acusació"), so one click on Accuse! only asks.  The box is the accuser's alone
(the picker under it is already behind their cover, and this scene is
private too).  No is focused first, Back answers No and leaves the picker
with the choice kept; Yes (only Yes) waits for a fresh press (the privacy cover's
:class:`~game.ui.shell.scene.FreshPressGuard`), so Enter mashed or held down
never accuses."""

from __future__ import annotations

from typing import Callable

import pygame

from game.ui.bases.confirm import ConfirmBase
from game.ui.draw import assets, theme
from game.ui.draw.widgets import Label, shared_spoken
from game.ui.shell.i18n import _, fmt
from game.ui.shell.input import Intent, Kind
from game.ui.shell.scene import PRIVATE_GUARD, FreshPressGuard, focus_on

#: Width of each card face shown (logical pixels).
CARD_W = 170
#: The box (logical pixels): wide enough for three cards side by side.
BOX_W, BOX_H = 760, 490


class AccuseConfirmScene(ConfirmBase):
    """Asks ``seat`` (whose seat in ``match``, the
    :class:`~game.ui.bases.match.Match`-like object with ``may_act``) whether to
    accuse with ``cards`` (three card ids: who, with what, where); Yes pops
    this box and calls ``on_yes``, No / Back pops it only (the picker under it
    keeps the choice)."""

    #: always made here: it guards Yes (:meth:`guarded`)
    guard: FreshPressGuard

    def __init__(self, app, match, seat: int, cards: tuple[str, str, str], on_yes: Callable[[], None]) -> None:
        self.cards = tuple(cards)
        super().__init__(app, _("Accuse with these three cards?"), on_yes, None, yes=_("Yes, accuse"),
                         no=_("No, go back"))
        self.seat = seat
        self.private = True
        # a fresh press on the accuser's own device only: never the Enter that pressed Accuse!
        self.guard = FreshPressGuard(app.router.input, PRIVATE_GUARD, allow=(Kind.BACK, Kind.MENU, Kind.POINT),
                                     devices=lambda device: match.may_act(device, seat))

    def _box(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, BOX_W, BOX_H)
        box.center = (640, 360)
        return box

    def input_seat(self, intent: Intent) -> int | None:
        return self.seat

    def guarded(self, intent: Intent) -> bool:
        """Only Yes waits for a fresh press (moving, and No, never harm): would ``intent`` press
        Yes (confirm on it, or a click on it)?"""
        if intent.kind is Kind.CONFIRM:
            return self.focus.focused is self.yes_button
        if intent.kind is Kind.CLICK and intent.pos is not None:
            return self.yes_button.rect.collidepoint(intent.pos)
        return False

    def coach_target(self, action=None) -> pygame.Rect | None:
        """The guided game's coach points at Yes (the lesson's accusation is right)."""
        return focus_on(self, self.yes_button)

    def card_rects(self) -> list[pygame.Rect]:
        """Where the three card faces are drawn (logical pixels)."""
        w, h = assets.card_size(CARD_W)
        gap = 30
        x0 = self.box.centerx - (3 * w + 2 * gap) // 2
        return [pygame.Rect(x0 + i * (w + gap), self.box.top + 84, w, h) for i in range(3)]

    def speech_prompt(self) -> str | None:
        """Read aloud (to the accuser only: the scene is private): the question and the three cards."""
        # card ids, not names: the translation needs their forms ("al Profesor Mora", "con el Candelabro")
        return fmt("Accuse {who}, with the {what}, in the {where}?",
                   who=self.cards[0], what=self.cards[1], where=self.cards[2]) + " " + \
            _("If you are wrong, you are out of the race.")

    def speech_shared(self) -> str | None:
        """Read aloud at a table of two or more people: the question, never the three cards."""
        return _("Accuse with these three cards?")

    def speech_shared_focus(self) -> str | None:
        """Yes or No by its label: neither names a card."""
        return shared_spoken(self.focus.focused)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_box(surface, 170)
        box = self.box
        rects = self.card_rects()
        for c, r in zip(self.cards, rects, strict=True):
            surface.blit(assets.card(c, CARD_W), r)
        theme.blit_text(surface, _("If you are wrong, you are out of the race."),
                        (box.centerx, rects[0].bottom + 14), theme.BODY, theme.BAD, True, "midtop", box.width - 40)
        self.focus.draw(surface)

    def widgets(self) -> list:
        r = self.card_rects()[0]
        return super().widgets() + [Label(pygame.Rect(self.box.left + 20, r.bottom + 14, self.box.width - 40, 30),
                                          _("If you are wrong, you are out of the race."), theme.BODY, True)]
