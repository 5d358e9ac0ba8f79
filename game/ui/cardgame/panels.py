"""The card table's panels (003): left, every seat (name, person or
computer, cards in hand, out or not, whose turn) and the cards lying face up
for everybody; right, whose turn and what happens now, the buttons of a
person's turn (Ask, Accuse, My case file) and the public log.

:class:`CardPanels` is the drawing half of
:class:`~game.ui.cardgame.table.CardTableScene` (a mixin: it reads the
scene's ``game`` and ``match``).
"""

from __future__ import annotations

import pygame

from game.cardgame.cards import deck
from game.cardgame.engine import Phase
from game.ui import assets, prompts, theme
from game.ui.banner import banner_label, draw_banner
from game.ui.cardgame.labels import deck_label, order_label
from game.core.cards import SUSPECTS
from game.ui.i18n import _, card, fmt, level_label, ngettext
from game.ui.table import draw_log_frame, draw_thinking, draw_turn, status_rect, thinking_rect, turn_labels
from game.ui.widgets import Button, CardButton, Label

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


def log_step() -> int:
    """Pixels from one log line to the next."""
    return theme.font(LOG_SIZE).get_linesize() + 1


class CardPanels:
    """What the card table draws and says (see the module)."""

    #: where the mouse wheel scrolls the log (:func:`game.ui.table.scroll_log`)
    log_panel = LOG_RECT

    def build_buttons(self) -> None:
        """A person's turn to ask: Ask and Accuse; the case file when people play."""
        buttons: list[Button] = []
        if self.human_to_act and self.game.phase is Phase.ASK:
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

    def speech_prompt(self) -> str | None:
        """Read aloud on a person's turn: what to do now (the status line);
        nothing while others play (their log lines say it)."""
        return self.status() if self.human_to_act else None

    def seat_state(self, seat: int) -> str:
        """ "Out", "Turn", or "" for a seat's last column."""
        if self.game.out[seat]:
            return _("Out")
        if seat == self.game.turn and not self.game.over:
            return _("Turn")
        return ""

    def seat_kind(self, seat: int) -> str:
        """ "Person", or the computer player's level."""
        m = self.match
        return _("Person") if m.is_human(seat) else level_label(m.levels[seat])

    def log_blocks(self) -> list:
        """The log entries in view (:meth:`game.ui.logview.LogView.layout`), above the key hint."""
        area = pygame.Rect(LOG_RECT.left + 14, LOG_RECT.top + 38, LOG_RECT.width - 28, LOG_RECT.height - 80)
        return self.log_view.layout(self.match.log_entries(), area, LOG_SIZE, log_step())

    def rules_line(self) -> str:
        """The deck and the order of checking joint accusations, in one line."""
        return deck_label(self.game.setup.advanced) + " · " + order_label(self.game.setup.order)

    # =============================================================== draw
    def draw(self, surface: pygame.Surface) -> None:
        g, m = self.game, self.match
        self.refresh_buttons()
        theme.background(surface)
        for r in (SEATS_RECT, UP_RECT, TURN_RECT):
            theme.panel(surface, r)
        hint = prompts.fmt(_("{notebook}: case file    {menu}: menu")) if m.humans else prompts.fmt(_("{menu}: menu"))
        draw_log_frame(surface, LOG_RECT, hint)
        self._draw_seats(surface)
        self._draw_face_up(surface)
        thinking = self.computer.pending is not None and not self.busy
        r = draw_turn(surface, TURN_RECT, m.suspects[g.turn], m.seat_name(g.turn), self.status(), thinking)
        if thinking:
            draw_thinking(surface, self.t, TURN_RECT, r)
        self.focus.draw(surface)
        if not m.is_human(g.actor) and not g.over:
            theme.blit_wrapped(surface, prompts.fmt(_("Computer players are taking their turn. Press {confirm} or "
                                                       "click to hurry them.")),
                               pygame.Rect(BUTTON_X + 8, BUTTON_Y + 4, BUTTON_W - 16, 110), theme.SMALL, theme.MUTED)
        self.log_blocks()
        self.log_view.draw(surface, LOG_SIZE, log_step())
        draw_banner(surface, self.banner)

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

    def mark_rects(self) -> list[pygame.Rect]:
        """The thinking dots while a computer player thinks (see :meth:`Scene.mark_rects <game.ui.scene.Scene.mark_rects>`)."""
        if self.computer.pending is not None and not self.busy:
            return [thinking_rect(TURN_RECT, status_rect(TURN_RECT, self.status()))]
        return []

    def widgets(self) -> list:
        self.refresh_buttons()
        g = self.game
        out: list = list(self.focus.buttons)
        thinking = [fmt(t, name=name) for t in ("{name} picks a card to show.", "{name} decides: accuse too?",
                                                "{name} is thinking…") for name in SUSPECTS]
        out += turn_labels(TURN_RECT, self.match.seat_name(g.turn), [self.status()], thinking)   # every name
        for seat in range(g.players):
            for (x, w), text, size, bold, _c in self._seat_cells(seat):
                out.append(Label(pygame.Rect(x, 0, w, SEAT_H), text, size, bold))
            out.append(Label(pygame.Rect(STATE_COL[0], 0, STATE_COL[1], SEAT_H), _("Out"), theme.SMALL, True))
            out.append(Label(pygame.Rect(STATE_COL[0], 0, STATE_COL[1], SEAT_H), _("Turn"), theme.SMALL, True))
        self.log_blocks()
        out += self.log_view.labels(LOG_SIZE, log_step())
        out.append(Label(pygame.Rect(0, 0, UP_RECT.width - 32, 30), self.rules_line(), theme.SMALL))
        cw, ch = assets.card_size(UP_CARD_W)      # every card of the deck could lie face up: its name must fit
        out += [CardButton(pygame.Rect(0, 0, cw, ch), card(c), data=c) for c in deck(True)]
        return out + [banner_label()]
