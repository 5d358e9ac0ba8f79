"""The card table's panels (003): left, the table itself
(:mod:`~game.ui.cardgame.tableview`) -- every seat round the felt (token,
surname, person or computer, cards in hand, out or not, whose turn), the
Crime cards face down in the middle, the question's two cards travelling
from seat to seat, and along the bottom a hand fanned face up (only where
its seat alone may see it: :meth:`~game.ui.cardgame.table.CardTableScene.hand_seat`)
and the cards lying face up for everybody; right, whose turn and what
happens now, the buttons of a person's turn (Ask, Accuse, My case file) and
the public log.

:class:`CardPanels` is the drawing half of
:class:`~game.ui.cardgame.table.CardTableScene` (a mixin: it reads the
scene's ``game`` and ``match``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.cardgame import events as ev
from game.cardgame.cards import deck
from game.cardgame.engine import CardGame, Phase
from game.core.cards import SUSPECTS
from game.ui.bases.banner import banner_label, begin_scenery, draw_banner
from game.ui.bases.table import (
    ComputerTurn,
    draw_log_frame,
    draw_thinking,
    draw_turn,
    status_rect,
    thinking_rect,
    turn_labels,
)
from game.ui.cardgame import tableview as tv
from game.ui.cardgame.labels import deck_label, order_label
from game.ui.cardgame.match import CardMatch
from game.ui.draw import assets, tabletop, theme
from game.ui.draw.anim import Banner
from game.ui.draw.logview import Block, LogView
from game.ui.draw.widgets import Button, CardButton, FocusGroup, Label
from game.ui.shell import prompts
from game.ui.shell.i18n import _, card, fmt, level_label

TURN_RECT = pygame.Rect(700, 10, 570, 100)    # tall enough to wrap a long status onto two lines
BUTTON_X, BUTTON_W, BUTTON_H, BUTTON_STEP, BUTTON_Y = 700, 570, 54, 62, 120
LOG_RECT = pygame.Rect(700, 308, 570, 402)
#: The baize the buttons lie on, between the whose-turn panel and the log.
BUTTONS_RECT = pygame.Rect(TURN_RECT.left, TURN_RECT.bottom + 2, TURN_RECT.width, LOG_RECT.top - 4 - TURN_RECT.bottom - 2)
#: The hot-seat button that shows a hand on the table (after the cover): over its backs along the strip.
HAND_BUTTON = pygame.Rect(tv.STRIP_RECT.left + 14, tv.STRIP_RECT.top + tv.CAPTION_H + 74, 320, 54)
LOG_SIZE = theme.SMALL


def log_step() -> int:
    """Pixels from one log line to the next."""
    return theme.font(LOG_SIZE).get_linesize() + 1


class CardPanels:
    """What the card table draws and says (see the module)."""

    #: where the mouse wheel scrolls the log (:func:`game.ui.bases.table.scroll_log`)
    log_panel: pygame.Rect | None = LOG_RECT

    # What the host scene supplies: the shared turn loop (:class:`~game.ui.bases.table.TableScene`)
    # and the card table (:class:`~game.ui.cardgame.table.CardTableScene`).
    game: CardGame
    match: CardMatch
    focus: FocusGroup
    book_button: Button
    log_view: LogView
    computer: ComputerTurn
    banner: Banner | None
    #: seconds the table has been open
    t: float
    #: the question's two cards on their way round the table, or None
    question: tv.Question | None

    if TYPE_CHECKING:
        @property
        def human_to_act(self) -> bool: ...

        @property
        def busy(self) -> bool: ...

        @property
        def phone_plays(self) -> bool: ...

        def open_ask(self) -> None: ...

        def open_accuse(self) -> None: ...

        def show_hand(self) -> None: ...

        def hand_seat(self) -> int | None: ...

        def refresh_buttons(self) -> None: ...

        def draw_too_soon(self, surface: pygame.Surface) -> None: ...

    def build_buttons(self) -> None:
        """A person's turn to ask: Ask and Accuse; the case file when people
        play; with several people, the button that shows the hand of the
        person to act (behind their cover; it hides itself again)."""
        buttons: list[Button] = []
        if self.human_to_act and self.game.phase is Phase.ASK and not self.phone_plays:
            buttons = [Button(pygame.Rect(BUTTON_X, BUTTON_Y, BUTTON_W, BUTTON_H), _("Ask about two cards"),
                              self.open_ask),
                       Button(pygame.Rect(BUTTON_X, BUTTON_Y + BUTTON_STEP, BUTTON_W, BUTTON_H), _("Accuse"),
                              self.open_accuse)]
        if self.match.humans:
            buttons.append(self.book_button)
        if self.human_to_act and self.game.phase is Phase.ASK and self.match.needs_cover and \
                self.hand_seat() is None:
            buttons.append(Button(HAND_BUTTON.copy(), _("Show my cards"), self.show_hand))
        self.focus.set(buttons, 0)
        if not self.human_to_act:
            self.focus.clear()

    def status(self) -> str:
        """What happens now, in one line."""
        g, m = self.game, self.match
        if g.over:
            return self.checking() or _("The game is over.")
        actor = g.actor
        name = m.suspects[actor]
        if not m.is_human(actor):
            if g.phase is Phase.SHOW:
                return fmt("{name} picks a card to show.", name=name)
            if g.phase is Phase.JOIN:
                return fmt("{name} decides: accuse too?", name=name)
            return fmt("{name} is thinking…", name=name)
        if self.busy:
            return _("One moment…")
        if g.phase is Phase.SHOW:
            return fmt("{name} must show a card.", name=name)
        if g.phase is Phase.JOIN:
            return fmt("{name} may accuse too.", name=name)
        return _("Ask about two cards, or accuse.")

    def checking(self) -> str:
        """While the end of the game is still being played (the accusation
        turned over, the reveal): "The accusation is being checked…" (or
        "accusations", when several accused together), so the header never
        says the game is over before the accusations are revealed; "" once
        every event has been shown."""
        if not self.busy:
            return ""
        start = max((i for i, e in enumerate(self.game.events) if isinstance(e, ev.AccusationStarted)), default=0)
        placed = sum(isinstance(e, ev.AccusationPlaced) for e in self.game.events[start:])
        return _("The accusations are being checked…") if placed > 1 else _("The accusation is being checked…")

    def speech_prompt(self) -> str | None:
        """Read aloud on a person's turn: what to do now (the status line);
        nothing while others play (their log lines say it)."""
        return self.status() if self.human_to_act else None

    def seat_state(self, seat: int) -> str:
        """ "Out", "Turn", or "" for a seat's last column."""
        if self.seat_out(seat):
            return _("Out")
        if seat == self.game.turn and not self.game.over:
            return _("Turn")
        return ""

    def seat_out(self, seat: int) -> bool:
        """True once ``seat``'s wrong accusation has been shown (its event
        played, not merely decided by the engine): the table never gives an
        accusation away before it is turned over."""
        return any(isinstance(e, ev.AccusationWrong) and e.player == seat for e in self.match.log_events)

    def seat_kind(self, seat: int) -> str:
        """ "Person", or the computer player's level."""
        m = self.match
        return _("Person") if m.is_human(seat) else level_label(m.levels[seat])

    def log_blocks(self) -> list[Block]:
        """The log entries in view (:meth:`game.ui.draw.logview.LogView.layout`), above the key hint."""
        area = pygame.Rect(LOG_RECT.left + 14, LOG_RECT.top + 38, LOG_RECT.width - 28, LOG_RECT.height - 80)
        return self.log_view.layout(self.match.log_entries(), area, LOG_SIZE, log_step())

    def rules_line(self) -> str:
        """The deck and the order of checking joint accusations, in one line."""
        return deck_label(self.game.setup.advanced) + " · " + order_label(self.game.setup.order)

    # =============================================================== draw
    def bottom_seat(self) -> int:
        """The seat drawn at the bottom of the table, next to the hand: the
        first person (the only one, when people play alone), else seat 0."""
        humans = self.match.humans
        return humans[0] if humans else 0

    def draw(self, surface: pygame.Surface) -> None:
        g, m = self.game, self.match
        self.refresh_buttons()
        begin_scenery(surface, self.banner)     # a room's picture coming in: what it covers is not drawn
        theme.background(surface)
        tabletop.panel(surface, TURN_RECT)
        tabletop.felt_panel(surface, BUTTONS_RECT)
        tabletop.felt_panel(surface, tv.STRIP_RECT)
        hint = prompts.fmt(_("{notebook}: case file    {menu}: menu")) if m.humans else prompts.fmt(_("{menu}: menu"))
        draw_log_frame(surface, LOG_RECT, hint)
        self._draw_table(surface)
        self._draw_strip(surface)
        thinking = self.computer.pending is not None and not self.busy
        r = draw_turn(surface, TURN_RECT, m.suspects[g.turn], m.seat_name(g.turn), self.status(), thinking)
        if thinking:
            draw_thinking(surface, self.t, TURN_RECT, r)
        self.focus.draw(surface)
        if not m.is_human(g.actor) and not g.over:
            theme.blit_wrapped(surface, prompts.fmt(_("Computer players are taking their turn. Press {confirm} or "
                                                       "click to hurry them.")),
                               pygame.Rect(BUTTON_X + 18, BUTTON_Y + 4, BUTTON_W - 36, 110), theme.SMALL, theme.MUTED)
        self.log_blocks()
        self.log_view.draw(surface, LOG_SIZE, log_step())
        draw_banner(surface, self.banner)
        self.draw_too_soon(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        """The felt, the Crime cards, the question on its way, then the words over it: the
        Crime cards' caption and the seats round the table (the question's cards slide under them,
        never hiding a word; at rest they cover none)."""
        g, m = self.game, self.match
        tv.draw_felt(surface)
        tv.draw_crime(surface, "")
        q, bottom = self.question, self.bottom_seat()
        if q is not None:
            tv.draw_question(surface, q, g.players, bottom)
        tv.draw_crime_caption(surface, _("Crime cards"))
        answering = q.at if q is not None and q.kind == "has" else None
        for seat in range(g.players):
            rect = tv.badge_rect(seat, g.players, bottom)
            out = self.seat_out(seat)
            kind = _("Out") if out else self.seat_kind(seat)
            glow = q.glow() if q is not None and seat == answering else 0.0
            tv.draw_badge(surface, rect, m.suspects[seat], seat_surname(m.suspects[seat]), kind,
                          self._held(seat),
                          seat == g.turn and not g.over, seat == g.actor and not g.over, out, glow)

    def _held(self, seat: int) -> int:
        """How many cards ``seat`` holds (public: 003 deals them face down)."""
        return self.game.view(seat).hand_sizes[seat]

    def _draw_strip(self, surface: pygame.Surface) -> None:
        """Along the bottom: the hand that may be seen now, fanned face up
        (or the backs of the hand of the person to act, in hot-seat), then the
        cards face up for everybody."""
        g, m = self.game, self.match
        x = tv.STRIP_RECT.left + 14
        seat = self.hand_seat()
        if seat is not None:
            hand = g.view(seat).hand          # a set: drawn in the deck's order, the same at every start
            cards = [c for c in deck(True) if c in hand]
            tv.draw_hand(surface, x, cards, True, self.hand_caption(seat))
            x += tv.hand_room(len(cards)) + tv.GAP
        elif m.humans:
            owner = g.actor if m.is_human(g.actor) and not g.over else self.bottom_seat()
            n = self._held(owner)
            tv.draw_hand(surface, x, [""] * n, False, seat_surname(m.suspects[owner]))
            x += max(tv.hand_room(n), HAND_BUTTON.width) + tv.GAP
        tv.draw_face_up(surface, x, g.face_up, _("Face up for everybody"),
                        _("No cards lie face up: every evidence card was dealt."))
        for text, x, anchor in ((deck_label(g.setup.advanced), tv.FELT_RECT.left + 12, "bottomleft"),
                                (order_label(g.setup.order), tv.FELT_RECT.right - 12, "bottomright")):
            lines = corner_lines(text)      # the felt's lower corners, clear of every seat
            for i, line in enumerate(reversed(lines)):
                theme.blit_text(surface, line, (x, tv.FELT_RECT.bottom - 6 - i * 24), theme.SMALL, theme.MUTED,
                                False, anchor, RULES_W)

    def hand_caption(self, seat: int) -> str:
        """ "Your hand" over the hand shown (only its seat sees it)."""
        return _("Your hand")

    def mark_rects(self) -> list[pygame.Rect]:
        """The thinking dots while a computer player thinks (see :meth:`Scene.mark_rects <game.ui.shell.scene.Scene.mark_rects>`)."""
        if self.computer.pending is not None and not self.busy:
            return [thinking_rect(TURN_RECT, status_rect(TURN_RECT, self.status()))]
        return []

    def widgets(self) -> list[Any]:
        self.refresh_buttons()
        g = self.game
        out: list[Any] = list(self.focus.buttons)
        thinking = [fmt(t, name=name) for t in ("{name} picks a card to show.", "{name} decides: accuse too?",
                                                "{name} is thinking…") for name in SUSPECTS]
        checks = [_("The accusation is being checked…"), _("The accusations are being checked…")]
        out += turn_labels(TURN_RECT, self.match.seat_name(g.turn), [self.status()] + checks, thinking)  # every name
        for s in SUSPECTS:          # every seat's badge: its surname, its kind of player
            out.append(Label(pygame.Rect(0, 0, tv.NAME_W, 26), seat_surname(s), theme.SMALL, True))
            out.append(Label(pygame.Rect(0, 0, tv.CAPTION_W, 26), seat_surname(s), theme.SMALL, True))
        out.append(Label(pygame.Rect(0, 0, tv.KIND_W, 26), _("Out"), theme.SMALL, True))
        for kind in (_("Person"), level_label("beginner"), level_label("easy"), level_label("medium"), level_label("hard")):
            out.append(Label(pygame.Rect(0, 0, tv.KIND_W, 26), kind, theme.SMALL))
        out.append(Label(pygame.Rect(0, 0, tv.CAPTION_W, 26), _("Your hand"), theme.SMALL, True))
        out.append(Label(pygame.Rect(0, 0, FACE_UP_W, 26), _("Face up for everybody"), theme.SMALL, True))
        out.append(Label(pygame.Rect(0, 0, tv.CRIME_CAPTION_W, 26), _("Crime cards"), theme.SMALL, True))
        self.log_blocks()
        out += self.log_view.labels(LOG_SIZE, log_step())
        out += [Label(pygame.Rect(0, 0, RULES_W, 26), line, theme.SMALL)
                for text in (deck_label(g.setup.advanced), order_label(g.setup.order))
                for line in corner_lines(text)]
        cw, ch = assets.card_size(tv.CARD_W)      # every card of the deck could lie face up: its name must fit
        out += [CardButton(pygame.Rect(0, 0, cw, ch), card(c), data=c) for c in deck(True)]
        return out + [banner_label()]


#: Pixels the face-up caption has at least (after a two-card hand; a three-card hand leaves no card face up).
FACE_UP_W = tv.STRIP_RECT.width - 26 - tv.hand_width(2) - tv.GAP
#: Pixels for the deck line and the order line, in the felt's lower corners (two lines each at most).
RULES_W = 200


def seat_surname(suspect: str) -> str:
    """The last word of a suspect's name in the language in use ("Scarlet"): a badge's name."""
    return card(suspect).split()[-1]


def corner_lines(text: str) -> list[str]:
    """``text`` on at most two lines of a felt's corner (:data:`RULES_W` wide): a
    "name: value" too long for one line breaks after its colon ("Normal game:" over
    "9 cards"), never between a number and its word."""
    if theme.font(theme.SMALL).size(text)[0] > RULES_W and ": " in text:
        text = text.replace(": ", ":\n", 1)
    return theme.wrap(text, RULES_W, theme.SMALL)[:2]
