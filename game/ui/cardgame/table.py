"""The card-game table: no board (003), on the shared turn loop
(:class:`game.ui.bases.table.TableScene`); the drawing is
:class:`~game.ui.cardgame.panels.CardPanels`, the events are played by
:class:`~game.ui.cardgame.presenter.CardPresenter`.

Turn flow (003 "Prendre el teu torn", "Acusació"), driven by the engine's
phase and actor: a person asks (the "card_picker" screen) or accuses
(behind the cover: the accusation lies face down); a person holding an asked
card picks the card to show behind the cover ("card_show"); the asker sees
it behind the cover ("card_shown"); after an accusation each other player
still in decides in private whether to join ("join"); joint accusations are
turned over in the engine's order ("reveal"), then the game-over screen.
Computer players decide from ``view(seat)`` only, at a human pace
(:class:`~game.ui.bases.table.ComputerTurn`); Enter or a click hurries them.
Other screens are made by name (:mod:`game.ui.shell.registry`).
"""

from __future__ import annotations

import pygame

from game.cardgame.engine import Accuse, Ask, Phase
from game.ui.bases.table import TableScene
from game.ui.cardgame.panels import BUTTON_H, BUTTON_STEP, BUTTON_W, BUTTON_X, BUTTON_Y, CardPanels
from game.ui.cardgame.presenter import CardPresenter
from game.ui.cardgame.tableview import Question
from game.ui.draw.widgets import Button
from game.ui.shell.i18n import _, fmt
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import make as make_scene


class CardTableScene(CardPanels, TableScene):
    """Plays one :class:`~game.ui.cardgame.match.CardMatch`."""

    refuse_game = "cards"
    book_scene = "case_file"
    game_over_scene = "card_game_over"

    def __init__(self, app, match) -> None:
        self.delay = 0.0                 # seconds before the next queued event is played
        self.opened: tuple | None = None  # (events, actor) a private choice was opened for
        #: hot-seat: (seat, events) whose hand was turned face up behind its cover, at that moment
        self.peek: tuple[int, int] | None = None
        #: the question's two cards on their way round the table (public), or None
        self.question: Question | None = None
        super().__init__(app, match)
        self.book_button = Button(pygame.Rect(BUTTON_X, BUTTON_Y + 2 * BUTTON_STEP, BUTTON_W, BUTTON_H),
                                  self.book_texts()[0], self.open_case_file, hint="N")
        self.queue.extend(match.resume_tail)   # a resumed game plays its last action again
        match.resume_tail = []
        app.store.autosave(match)

    def make_presenter(self) -> CardPresenter:
        return CardPresenter(self, self)

    # =========================================================== actions
    @property
    def busy(self) -> bool:
        """True while events are still being played."""
        return bool(self.queue) or self.delay > 0

    def open_ask(self) -> None:
        """The picker of two cards to ask about; it shows the case-file marks
        when nobody else needs to look away."""
        if not self.may(Ask):
            return
        self.app.push(make_scene("card_picker", self.app, self, self.game.actor, "ask",
                                 marks=not self.match.needs_cover))

    def open_accuse(self) -> None:
        """The accusation picker, behind the cover (the accusation lies face down)."""
        if not self.may(Accuse):
            return
        seat = self.game.actor
        self.presenter.private(seat, "card_picker", self, seat, "accuse", marks=True, optional=True,
                               reason=_("Your accusation stays face down."))

    def open_case_file(self, seat: int | None = None) -> None:
        """The case file of ``seat`` or of the person who may look now (behind
        a cover when needed); with several people and a computer to act, ask
        whose (:meth:`TableScene.open_book`)."""
        self.open_book(seat)

    # ============================================================= hand
    def hand_seat(self) -> int | None:
        """The seat whose hand lies face up on the table now, or None.

        One person with computer players: that person's, always (nobody
        else looks).  Several people (003: a hand is its holder's alone):
        only the hand of the person to act, on their turn to ask, after they
        passed their cover (:meth:`show_hand`), while this table is on top
        and nothing has happened since -- their question, a menu, a message
        or another seat's moment hides it again.  No person: none."""
        m, g = self.match, self.game
        if not m.humans:
            return None
        if not m.needs_cover:
            return None if self.app.phones.has_phone(m.humans[0]) else m.humans[0]   # a phone holds it
        if self.peek is None or self.app.top is not self or not self.human_to_act or g.phase is not Phase.ASK:
            return None
        seat, events = self.peek
        return seat if seat == g.actor and events == len(g.events) else None

    @property
    def private(self) -> bool:  # type: ignore[override]  # read-only: it follows the hand, nothing sets it
        """True while a hand lies face up with several people at the table:
        a public screen over it (the pause menu) must hide the table (see
        :attr:`Scene.private <game.ui.shell.scene.Scene.private>`)."""
        return self.match.needs_cover and self.hand_seat() is not None

    def show_hand(self) -> None:
        """Several people: the person to act sees their hand on the table, behind their cover."""
        seat = self.game.actor
        self.presenter.private(seat, "card_hand", self, seat, optional=True,
                               reason=_("Your cards are next, face up on the table."))

    def reveal_hand(self, seat: int) -> None:
        """``seat``'s hand face up from now until anything happens (its cover was passed)."""
        self.peek = (seat, len(self.game.events))
        self._buttons_key = None

    def seat_only(self) -> int | None:
        """The seat whose hand lies face up (:meth:`hand_seat`) while the table is private, else None."""
        return self.hand_seat() if self.private else None

    def cover_again(self) -> None:
        """Back on top after a screen not of the hand's seat (a menu or box, closed by anybody's
        press): the hand turns face down and goes back behind its cover (:meth:`show_hand`)."""
        self.peek = None
        self.show_hand()

    def speech_focus(self) -> str | None:
        """The focused button of this moment, read aloud (the buttons rebuilt
        first: not the Ask of the frame drawn last); while the table plays
        (the others answering), only the case file's button, never a turn's."""
        if not self.human_to_act:
            book = self.book_button
            return book.spoken() if book.focused and self.match.humans else None
        self.refresh_buttons()
        return super().speech_focus()

    def book_texts(self) -> tuple[str, str, str]:
        return (_("My case file"), _("Only people keep a case file. All players here are computers."),
                _("Your cards and case file are next."))

    def human_turn(self, actor: int) -> None:
        """A person must show a card, or may join an accusation: in private
        (on their phone when one is connected), once for each moment of the game."""
        g, m = self.game, self.match
        key = (len(g.events), actor)
        if g.phase in (Phase.SHOW, Phase.JOIN) and self.opened != key:
            self.opened = key
            if self.app.phones.away(actor):       # on the phone: the TV says only who is choosing
                self.app.push(make_scene("phone_wait", self.app, self, actor,
                                         "show" if g.phase is Phase.SHOW else "join",
                                         lambda: setattr(self, "opened", None)))
            elif g.phase is Phase.SHOW:
                self.presenter.private(actor, "card_show", self, actor, reason=_("You must show a card."), moment=key)
            else:
                self.presenter.private(actor, "join", self, actor, g.turn, moment=key,
                                       reason=fmt("{who} is making an accusation.", who=m.suspects[g.turn]))

    # ============================================================== input
    def handle_turn(self, intent: Intent) -> bool:
        """The buttons; Enter or a click hurries a computer player."""
        if self.focus.handle(intent):
            return True
        if not self.human_to_act and intent.kind in (Kind.CONFIRM, Kind.CLICK):
            self.computer.hurry()
            return True
        return False

    def advance(self, dt: float) -> None:
        """Move the question's cards on, count the pause down, then play the
        queued events (all at once while skipping)."""
        if self.question is not None:
            self.question.update(dt)
        self.delay = 0.0 if self.skipping else max(0.0, self.delay - dt)
        while self.delay <= 0 and self.queue and self.app.top is self and not self.speech_holds():
            self.presenter.play(self.queue.popleft())
        if self.skipping and self.question is not None:
            self.question.skip()
