"""What only one person may see in the card game, always opened through
:func:`game.ui.shell.flow.open_private` (the private screens of
:mod:`game.ui.bases.private`, with the card game's words):

* :class:`CardShowScene` -- you hold one or both asked cards: pick the one to
  show (003 "si tenen les dues, poden triar quina t'ensenyen");
* :class:`CardShownScene` -- the card shown to you;
* :class:`JoinScene` -- another player accuses: accuse too, or not (003 "Els
  altres jugadors també poden optar per fer una acusació al mateix temps");
* :class:`CrimeScene` -- after a wrong lone accusation, the Crime cards you
  looked at in secret (003 "Només tu acusant");
* :class:`HandPeekScene` -- past your cover, your hand is turned face up on
  the table (several people share the screen).
"""

from __future__ import annotations

import pygame

from game.cardgame import events as ev
from game.cardgame.engine import Decline, Show
from game.ui.bases.private import DisproveBase, EnvelopeBase, ShownCardBase
from game.ui.draw import theme
from game.ui.draw.widgets import Button, FocusGroup, Label
from game.ui.shell import prompts
from game.ui.shell.i18n import _, fmt
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import make
from game.ui.shell.scene import PRIVATE_GUARD, InputGuard, Scene


class CardShowScene(DisproveBase):
    """``seat`` holds one or both of the two cards just asked about and picks
    the one the asker will see.  ``table`` applies the :class:`Show`."""

    def __init__(self, app, table, seat: int) -> None:
        Scene.__init__(self, app)
        self.board = table
        self.seat = seat
        view = table.game.view(seat)
        asked = next(e for e in reversed(view.events) if isinstance(e, ev.Asked))
        self.suggester = asked.player
        self.named = asked.cards
        self.offer([c for c in asked.cards if c in view.hand])

    def action(self, card: str) -> Show:
        return Show(card)

    def asked_line(self) -> str:
        first, second = self.named
        return fmt("{who} asks about {first_the} and {second_the}.", who=self.board.match.suspects[self.suggester],
                   first=first, second=second)


class CardShownScene(ShownCardBase):
    """The card ``by`` showed to ``seat``, flipping over."""

    def seen_line(self) -> str:
        if self.match.notebook_mode == "manual":
            return _("So it is not under the Crime card. Cross it off in your case file.")
        return _("So it is not under the Crime card. Your case file crosses it off.")


class CrimeScene(EnvelopeBase):
    """A wrong lone accuser sees the Crime cards in secret: out of the game,
    still answering questions (003 "perds ... encara has de respondre")."""

    def title_text(self) -> str:
        return _("Under the Crime card…")

    def verdict_text(self) -> str:
        return _("You were wrong. You are out: no more turns, but you still answer questions. Keep it secret!")

    def hide_hint(self) -> str:
        return _("Press {confirm} or click to hide the Crime cards")


class JoinScene(Scene):
    """``seat`` decides in private whether to join ``accuser``'s accusation:
    Accuse too (the accusation picker), Do not accuse, or look at the case file
    first.  A decision must be made: Esc opens the pause menu."""

    private = True

    def __init__(self, app, table, seat: int, accuser: int) -> None:
        super().__init__(app)
        self.table = table
        self.match = table.match
        self.seat = seat
        self.accuser = accuser
        self.join_button = Button(pygame.Rect(240, 400, 380, 64), _("Accuse too"), self.join)
        self.decline_button = Button(pygame.Rect(660, 400, 380, 64), _("Do not accuse"), self.decline)
        self.book_button = Button(pygame.Rect(390, 490, 500, 60), _("My case file"), self.open_case_file, hint="N")
        # "Do not accuse" is lit: Enter alone never starts an accusation (that takes an arrow, then a confirmation)
        self.focus = FocusGroup([self.join_button, self.decline_button, self.book_button], focus=1)
        self.guard = InputGuard(PRIVATE_GUARD, allow=(Kind.BACK, Kind.MENU))

    def join(self) -> None:
        self.app.play("click")
        self.app.push(make("card_picker", self.app, self.table, self.seat, "join", marks=True,
                           on_done=lambda: self.app.pop(self)))

    def decline(self) -> None:
        self.app.play("click")
        self.app.pop(self)
        self.table.do(Decline())

    def open_case_file(self) -> None:
        self.app.push(make("case_file", self.app, self.match, self.seat))

    def update(self, dt: float) -> None:
        self.guard.update(dt)

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.BACK, Kind.MENU):
            self.app.push(make("menu", self.app, self.table))
            return True
        if self.guard.blocks(intent):
            return True
        if intent.kind is Kind.NOTEBOOK:
            self.open_case_file()
            return True
        return self.focus.handle(intent)

    def title(self) -> str:
        return fmt("{name}, will you accuse too?", name=self.match.suspects[self.seat])

    def lines(self) -> list[str]:
        return [fmt("{who} is making an accusation. You may make your own at the same moment.",
                    who=self.match.suspects[self.accuser]),
                _("If several players accuse, they are checked one by one: the first who is right wins. If "
                  "everybody is wrong, everybody loses. If you are wrong, you are out.")]

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.blit_text(surface, self.title(), (640, 40), theme.TITLE, theme.BRASS, True, "midtop", 1240)
        y = 130
        for line in self.lines():
            y += theme.blit_wrapped(surface, line, pygame.Rect(190, y, 900, 130), theme.BODY, theme.CREAM,
                                    align="center") + 16
        self.focus.draw(surface)
        hint = (_("Look at your cards first…") if self.guard.active else
                prompts.fmt(_("{move} to choose, {confirm} or click to press, {back} for the menu")))
        theme.blit_text(surface, hint, (640, 700), theme.SMALL, theme.MUTED, False, "midbottom")

    def widgets(self) -> list:
        return list(self.focus.buttons) + [Label(pygame.Rect(20, 40, 1240, 50), self.title(), theme.TITLE, True)]


class HandPeekScene(Scene):
    """Made behind ``seat``'s cover (:func:`game.ui.shell.flow.open_private`): on
    its first frame it turns ``seat``'s hand face up on ``table``
    (:meth:`~game.ui.cardgame.table.CardTableScene.reveal_hand`) and leaves,
    so the table underneath shows it -- to that seat only, until anything
    else happens (see :meth:`~game.ui.cardgame.table.CardTableScene.hand_seat`)."""

    private = True
    opaque = False

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat

    def update(self, dt: float) -> None:
        self.app.pop(self)
        self.table.reveal_hand(self.seat)
