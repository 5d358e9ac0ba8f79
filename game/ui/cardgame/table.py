"""The card-game table: no board (003).  Left: every seat (name, person or
computer, cards in hand, out or not, whose turn) and the cards lying face up
for everybody.  Right: whose turn and what happens now, the buttons of a
person's turn (Ask, Accuse, My case file) and the public log.

Turn flow (003 "Prendre el teu torn", "Acusació"), driven by the engine's
phase and actor: a person asks (:class:`~.picker.CardPickerScene`) or accuses
(behind the cover: the accusation lies face down); a person holding an asked
card picks the card to show behind the cover (:class:`~.private.CardShowScene`);
the asker sees it behind the cover (:class:`~.private.CardShownScene`); after
an accusation each other player still in decides in private whether to join
(:class:`~.private.JoinScene`); joint accusations are turned over in the
engine's order (:class:`~.gameover.RevealScene`), then the game-over screen.
Computer players decide from ``view(seat)`` only, at a human pace
(:class:`~game.ui.scene.ComputerTurn`); Enter or a click hurries them.
"""

from __future__ import annotations

import math
from collections import deque

import pygame

from game.cardgame import events as ev
from game.cardgame.engine import Accuse, Ask, Phase
from game.ui import assets, prompts, theme
from game.cardgame.cards import deck
from game.ui.i18n import _, card, fmt, level_label, ngettext
from game.ui.input import Intent, Kind
from game.ui.scene import PRIVATE_GUARD, ComputerTurn, InputGuard, Scene, TableActions
from game.ui.pacing import AI_PAUSE, CARD_PAUSES, GAME_OVER_WAIT
from game.ui.widgets import Button, FocusGroup, Label

from game.ui.cardgame.setup import deck_label, order_label

SEATS_RECT = pygame.Rect(10, 10, 670, 368)
UP_RECT = pygame.Rect(10, 388, 670, 322)
TURN_RECT = pygame.Rect(700, 10, 570, 84)
BUTTON_X, BUTTON_W, BUTTON_H, BUTTON_STEP, BUTTON_Y = 700, 570, 54, 62, 104
LOG_RECT = pygame.Rect(700, 292, 570, 418)
SEAT_Y, SEAT_STEP, SEAT_H = 54, 52, 48
#: Seat row columns (x, width): name, played by, cards in hand, out / turn.
NAME_COL, KIND_COL, COUNT_COL, STATE_COL = (64, 250), (322, 150), (478, 96), (578, 94)
#: face-up card width (pixels): the longest one-word card name ("Candlestick", 20 px bold) fits on it
UP_CARD_W = 144
LOG_SIZE = theme.SMALL


class CardTableScene(TableActions, Scene):
    """Plays one :class:`~game.ui.cardgame.match.CardMatch`."""

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.queue: deque[ev.Event] = deque()
        self.delay = 0.0                 # seconds before the next queued event is played
        self.skipping = False
        self.t = 0.0
        self.computer = ComputerTurn()
        self.opened: tuple | None = None  # (events, actor) a private choice was opened for
        self.over_wait = 0.0
        self.over_shown = False
        self.turn_no = 0
        self.guard = InputGuard(0.0)
        self.focus = FocusGroup()
        self._buttons_key = None
        self._log_cache: dict[str, list[str]] = {}
        self.book_button = Button(pygame.Rect(BUTTON_X, BUTTON_Y + 2 * BUTTON_STEP, BUTTON_W, BUTTON_H),
                                  _("My case file"), self.open_case_file, hint="N")
        self.queue.extend(match.resume_tail)   # a resumed game plays its last action again
        match.resume_tail = []
        app.store.autosave(match)

    # =========================================================== actions
    def refuse(self, reason) -> None:
        from game.ui.flow import refuse

        refuse(self.app, reason, "cards")

    @property
    def busy(self) -> bool:
        """True while events are still being played."""
        return bool(self.queue) or self.delay > 0

    @property
    def human_to_act(self) -> bool:
        return not self.busy and not self.game.over and self.match.is_human(self.game.actor)

    def open_ask(self) -> None:
        """The picker of two cards to ask about; it shows the case-file marks
        when nobody else needs to look away."""
        from game.ui.cardgame.picker import CardPickerScene

        if not self.may(Ask):
            return
        self.app.push(CardPickerScene(self.app, self, self.game.actor, "ask", marks=not self.match.needs_cover))

    def open_accuse(self) -> None:
        """The accusation picker, behind the cover (the accusation lies face down)."""
        from game.ui.cardgame.picker import CardPickerScene
        from game.ui.flow import open_private

        if not self.may(Accuse):
            return
        seat = self.game.actor
        open_private(self.app, self.match, seat,
                     lambda: CardPickerScene(self.app, self, seat, "accuse", marks=True),
                     optional=True, reason=_("Your accusation stays face down."))

    def open_case_file(self, seat: int | None = None) -> None:
        """The case file of ``seat`` or of the person who may look now (behind
        a cover when needed); with several people and a computer to act, ask whose."""
        from game.ui.cardgame.notebook import CaseFileScene
        from game.ui.flow import open_private
        from game.ui.scenes.notebook import NotebookChooser

        humans = self.match.humans
        if not humans:
            self.refuse(_("Only people keep a case file. All players here are computers."))
            return
        if seat is None and len(humans) == 1:
            seat = humans[0]
        elif seat is None and self.match.is_human(self.game.actor) and not self.game.over:
            seat = self.game.actor
        if seat is None:
            self.app.push(NotebookChooser(self.app, self.match, lambda s: CaseFileScene(self.app, self.match, s)))
            return
        open_private(self.app, self.match, seat, lambda: CaseFileScene(self.app, self.match, seat),
                     optional=True, reason=_("Your cards and case file are next."))

    # ============================================================== input
    def input_seat(self, intent: Intent) -> int | None:
        """The person to act may use the table with their pad; the menu, the
        case file and hurrying are open to every device."""
        if intent.kind in (Kind.MENU, Kind.NOTEBOOK) or not self.human_to_act:
            return None
        return self.game.actor

    def on_resume(self) -> None:
        self._buttons_key = None
        self.app.store.autosave(self.match)

    def on_exit(self) -> None:
        """Leaving the table: drop the pending choice and stop the worker thread."""
        self.computer.cancel()
        self.match.close()

    def language_changed(self) -> None:
        self._log_cache.clear()
        self._buttons_key = None
        self.book_button.label = _("My case file")
        self.match.retranslate()

    def handle(self, intent: Intent) -> bool:
        self._refresh_buttons()
        k = intent.kind
        if k in (Kind.MENU, Kind.BACK):
            from game.ui.scenes.menu import MenuScene

            self.app.push(MenuScene(self.app, self))
            return True
        if k is Kind.NOTEBOOK:
            seat = self.match.seat_of(intent.device) if intent.is_pad else None
            if not intent.is_pad or (seat is not None and self.match.is_human(seat)):
                self.open_case_file(seat)
            return True
        if self.busy:
            if k in (Kind.CONFIRM, Kind.CLICK):
                self.skipping = True
                return True
            return False
        if self.human_to_act and self.guard.blocks(intent):
            return True
        if self.focus.handle(intent):
            return True
        if not self.human_to_act and k in (Kind.CONFIRM, Kind.CLICK):
            self.computer.hurry()
            return True
        return False

    # ============================================================= update
    def update(self, dt: float) -> None:
        self.t += dt
        if self.app.speed >= 1e3:
            self.skipping = True
        self.delay = 0.0 if self.skipping else max(0.0, self.delay - dt)
        while self.delay <= 0 and self.queue and self.app.top is self:
            self._play(self.queue.popleft())
        if self.human_to_act:
            self.guard.update(dt)
        if self.busy or self.app.top is not self:
            return
        self.skipping = False
        self._decide(dt)

    def _decide(self, dt: float) -> None:
        g, m = self.game, self.match
        if g.over:
            self.over_wait += dt
            if not self.over_shown and self.over_wait >= GAME_OVER_WAIT / self.app.speed:
                from game.ui.cardgame.gameover import CardGameOverScene

                self.over_shown = True
                self.app.push(CardGameOverScene(self.app, m))
            return
        actor = g.actor
        if not m.is_human(actor):
            action = self.computer.poll(m, dt, AI_PAUSE / self.app.speed, self.app.threaded_ai)
            if action is not None:
                self.do(action)
            return
        key = (len(g.events), actor)
        if g.phase in (Phase.SHOW, Phase.JOIN) and self.opened != key:
            from game.ui.cardgame.private import CardShowScene, JoinScene
            from game.ui.flow import open_private

            self.opened = key
            if g.phase is Phase.SHOW:
                open_private(self.app, m, actor, lambda: CardShowScene(self.app, self, actor),
                             reason=_("You must show a card."))
            else:
                open_private(self.app, m, actor, lambda: JoinScene(self.app, self, actor, g.turn),
                             reason=fmt("{who} is making an accusation.", who=m.suspects[g.turn]))

    # ----------------------------------------------------- event playback
    def _play(self, e: ev.Event) -> None:
        """Play one engine event: its log line, a pause, and the private screen
        it may open for a person (the card shown to them, the Crime cards)."""
        from game.ui.flow import open_private

        m = self.match
        m.add_log(e)
        self.delay = 0.0 if self.skipping else CARD_PAUSES.get(type(e), 0.0) / self.app.speed
        if isinstance(e, ev.TurnStarted):
            self.turn_no += 1
            if m.is_human(e.player) and self.turn_no > 1:
                self.guard = InputGuard(PRIVATE_GUARD, allow=(Kind.MENU, Kind.BACK, Kind.NOTEBOOK, Kind.POINT))
        elif isinstance(e, ev.CardShown):
            self.app.play("card")
            if e.card is not None and m.is_human(e.to):
                from game.ui.cardgame.private import CardShownScene

                open_private(self.app, m, e.to, lambda: CardShownScene(self.app, m, e.to, e.by, e.card),
                             reason=fmt("{name} has a card to show you.", name=m.suspects[e.by]))
        elif isinstance(e, ev.CrimeSeen):
            if e.cards and m.is_human(e.player) and self.game.winner != e.player:
                from game.ui.cardgame.private import CrimeScene

                accused = next(x.cards for x in reversed(self.game.events)
                               if isinstance(x, ev.AccusationPlaced) and x.player == e.player)
                open_private(self.app, m, e.player, lambda: CrimeScene(self.app, m, e.player, accused, e.cards),
                             reason=_("Look under the Crime card."))
        elif isinstance(e, ev.AccusationsRevealed):
            from game.ui.cardgame.gameover import RevealScene

            self.app.push(RevealScene(self.app, m, e.accusations))
        elif isinstance(e, ev.AccusationWrong):
            self.app.play("wrong")
        elif isinstance(e, ev.GameWon):
            self.app.play("chime")

    # ============================================================= HUD state
    def _refresh_buttons(self) -> None:
        g = self.game
        key = (len(g.events), g.actor, g.phase, self.busy)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        buttons: list[Button] = []
        if self.human_to_act and g.phase is Phase.ASK:
            buttons = [Button(pygame.Rect(BUTTON_X, BUTTON_Y, BUTTON_W, BUTTON_H), _("Ask about two cards"),
                              self.open_ask),
                       Button(pygame.Rect(BUTTON_X, BUTTON_Y + BUTTON_STEP, BUTTON_W, BUTTON_H), _("Accuse"),
                              self.open_accuse)]
        if self.match.humans:
            buttons.append(self.book_button)
        self.focus.set(buttons, 0)
        if not self.human_to_act:
            self.focus.clear()

    def status(self) -> str:
        """What happens now, in one line."""
        g, m = self.game, self.match
        if g.over:
            return _("The game is over.")
        actor = g.actor
        name = m.suspects[actor]
        if not m.is_human(actor):
            if g.phase is Phase.SHOW:
                return fmt("{name} is choosing a card to show.", name=name)
            if g.phase is Phase.JOIN:
                return fmt("{name} is deciding whether to accuse too.", name=name)
            return fmt("{name} is thinking…", name=name)
        if self.busy:
            return _("One moment…")
        if g.phase is Phase.SHOW:
            return fmt("{name} must show a card.", name=name)
        if g.phase is Phase.JOIN:
            return fmt("{name} may accuse too.", name=name)
        return _("Ask about two cards, or accuse.")

    def seat_state(self, seat: int) -> str:
        """ "Out", "Turn", or "" for a seat's last column."""
        if self.game.out[seat]:
            return _("Out")
        if seat == self.game.turn and not self.game.over:
            return _("Turn")
        return ""

    def seat_kind(self, seat: int) -> str:
        m = self.match
        return _("Person") if m.is_human(seat) else level_label(m.levels[seat])

    def log_lines(self) -> list[str]:
        """The newest public log lines, wrapped, as many as fit the log panel."""
        lines: list[str] = []
        width = LOG_RECT.width - 28
        for entry in self.match.log[-16:]:
            if entry not in self._log_cache:
                self._log_cache[entry] = theme.wrap(entry, width, LOG_SIZE)
            lines.extend(self._log_cache[entry])
        step = theme.font(LOG_SIZE).get_linesize() + 1
        room = (LOG_RECT.height - 80) // step
        return lines[-room:]

    # =============================================================== draw
    def draw(self, surface: pygame.Surface) -> None:
        g, m = self.game, self.match
        self._refresh_buttons()
        theme.background(surface)
        for r in (SEATS_RECT, UP_RECT, TURN_RECT):
            theme.panel(surface, r)
        theme.panel(surface, LOG_RECT, (60, 40, 30))
        self._draw_seats(surface)
        self._draw_face_up(surface)
        # whose turn, and what happens now
        img = assets.token(m.suspects[g.turn], 56)
        surface.blit(img, img.get_rect(center=(TURN_RECT.left + 40, TURN_RECT.centery)))
        theme.blit_text(surface, m.seat_name(g.turn), (TURN_RECT.left + 80, TURN_RECT.top + 10), theme.HEADING,
                        theme.CREAM, True, max_width=TURN_RECT.width - 90)
        r = theme.blit_text(surface, self.status(), (TURN_RECT.left + 80, TURN_RECT.top + 50), theme.SMALL,
                            theme.BRASS, max_width=TURN_RECT.width - 90)
        if self.computer.pending is not None and not self.busy:
            self._draw_thinking(surface, r)
        self.focus.draw(surface)
        if not m.is_human(g.actor) and not g.over:
            theme.blit_wrapped(surface, prompts.fmt(_("Computer players are taking their turn. Press {confirm} or "
                                                       "click to hurry them.")),
                               pygame.Rect(BUTTON_X + 8, BUTTON_Y + 4, BUTTON_W - 16, 110), theme.SMALL, theme.MUTED)
        # the public log
        theme.blit_text(surface, _("What happened"), (LOG_RECT.left + 14, LOG_RECT.top + 8), theme.SMALL,
                        theme.BRASS, True)
        lines = self.log_lines()
        step = theme.font(LOG_SIZE).get_linesize() + 1
        y = LOG_RECT.top + 38
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, (LOG_RECT.left + 14, y), LOG_SIZE,
                            theme.CREAM if i >= len(lines) - 3 else theme.MUTED)
            y += step
        hint = prompts.fmt(_("{notebook}: case file    {menu}: menu")) if m.humans else prompts.fmt(_("{menu}: menu"))
        theme.blit_text(surface, hint, (LOG_RECT.right - 14, LOG_RECT.bottom - 8), theme.SMALL, (170, 150, 120),
                        False, "bottomright")

    def _draw_seats(self, surface: pygame.Surface) -> None:
        g, m = self.game, self.match
        x0, y0 = SEATS_RECT.left, SEATS_RECT.top
        theme.blit_text(surface, _("Players"), (x0 + 16, y0 + 10), theme.SMALL, theme.BRASS, True)
        for seat in range(g.players):
            row = pygame.Rect(x0 + 8, y0 + SEAT_Y + seat * SEAT_STEP, SEATS_RECT.width - 16, SEAT_H)
            if seat == g.actor and not g.over:
                pygame.draw.rect(surface, (96, 66, 46), row, border_radius=10)
            if seat == g.turn and not g.over:
                pygame.draw.rect(surface, theme.BRASS, row, 3, border_radius=10)
            img = assets.token(m.suspects[seat], 40)
            surface.blit(img, img.get_rect(center=(x0 + 34, row.centery)))
            out = g.out[seat]
            ink = theme.MUTED if out else theme.CREAM
            for (x, w), text, size, bold, colour in self._seat_cells(seat, ink):
                theme.blit_text(surface, text, (x0 + x, row.centery), size, colour, bold, "midleft", w)

    def _seat_cells(self, seat: int, ink=theme.CREAM) -> list:
        """The texts of a seat row: ((x, width), text, size, bold, colour) per column."""
        n = self.game.view(seat).hand_sizes[seat]
        state = self.seat_state(seat)
        return [(NAME_COL, self.match.seat_name(seat), theme.BODY, True, ink),
                (KIND_COL, self.seat_kind(seat), theme.SMALL, False, theme.MUTED),
                (COUNT_COL, ngettext("{n} card", "{n} cards", n).format(n=n), theme.SMALL, False, ink),
                (STATE_COL, state, theme.SMALL, True, theme.BAD if state == _("Out") else theme.BRASS)]

    def _draw_face_up(self, surface: pygame.Surface) -> None:
        g = self.game
        x0, y0 = UP_RECT.left + 16, UP_RECT.top + 10
        theme.blit_text(surface, _("Face up for everybody"), (x0, y0), theme.SMALL, theme.BRASS, True)
        cw, ch = assets.card_size(UP_CARD_W)
        if g.face_up:
            for i, c in enumerate(g.face_up):
                surface.blit(assets.card(c, UP_CARD_W), (x0 + i * (cw + 14), y0 + 30))
            note = _("These cards are not under the Crime card.")
        else:
            note = _("No cards lie face up: every evidence card was dealt.")
        theme.blit_wrapped(surface, note, pygame.Rect(x0, y0 + 36 + ch, UP_RECT.width - 32, 50), theme.SMALL,
                           theme.CREAM)
        theme.blit_text(surface, self.rules_line(), (x0, UP_RECT.bottom - 12), theme.SMALL, theme.MUTED,
                        False, "bottomleft", UP_RECT.width - 32)

    def rules_line(self) -> str:
        """The deck and the order of checking joint accusations, in one line."""
        return deck_label(self.game.setup.advanced) + " · " + order_label(self.game.setup.order)

    def _draw_thinking(self, surface: pygame.Surface, text_rect: pygame.Rect) -> None:
        """Three pulsing dots after the "… is thinking" line."""
        x = min(text_rect.right + 16, TURN_RECT.right - 50)
        for i in range(3):
            glow = 0.5 + 0.5 * math.sin(self.t * 6 - i * 0.9)
            colour = tuple(int(a + (b - a) * glow) for a, b in zip(theme.PANEL_EDGE, theme.BRASS))
            pygame.draw.circle(surface, colour, (x + i * 14, TURN_RECT.top + 61), 4 + int(glow * 1.5))

    def widgets(self) -> list:
        self._refresh_buttons()
        g = self.game
        out: list = list(self.focus.buttons)
        out.append(Label(pygame.Rect(TURN_RECT.left + 80, TURN_RECT.top + 10, TURN_RECT.width - 90, 36),
                         self.match.seat_name(g.turn), theme.HEADING, True))
        out.append(Label(pygame.Rect(TURN_RECT.left + 80, TURN_RECT.top + 48, TURN_RECT.width - 90, 28),
                         self.status(), theme.SMALL))
        for seat in range(g.players):
            for (x, w), text, size, bold, _c in self._seat_cells(seat):
                out.append(Label(pygame.Rect(x, 0, w, SEAT_H), text, size, bold))
            out.append(Label(pygame.Rect(STATE_COL[0], 0, STATE_COL[1], SEAT_H), _("Out"), theme.SMALL, True))
            out.append(Label(pygame.Rect(STATE_COL[0], 0, STATE_COL[1], SEAT_H), _("Turn"), theme.SMALL, True))
        for line in self.log_lines():
            out.append(Label(pygame.Rect(LOG_RECT.left + 14, 0, LOG_RECT.width - 28, 25), line, LOG_SIZE))
        out.append(Label(pygame.Rect(0, 0, UP_RECT.width - 32, 30), self.rules_line(), theme.SMALL))
        from game.ui.scenes.picker import CardButton

        cw, ch = assets.card_size(UP_CARD_W)      # every card of the deck could lie face up: its name must fit
        out += [CardButton(pygame.Rect(0, 0, cw, ch), card(c), data=c) for c in deck(True)]
        return out
