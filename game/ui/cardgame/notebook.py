"""The card game's case file (003 "Arxiu del cas"): the board game's notebook
(:class:`~game.ui.bases.notebook.NotebookBase`, with its marks, Hint and All
hints buttons) holding the card game's cards, shown behind a cover when needed.

Every evidence card in play, grouped Who? / With what? / Where?.  Crossed off
for you (framed, a fact): your own cards, the face-up cards and every card shown
to you (003 "Heu de descartar la targeta d'Arxiu del cas"), from
``view(seat)`` only.  Other rows keep a manual mark (blank, X, ?, ✓).  Hints
come from :func:`game.learning.hints.card_game_hints` (:meth:`CardMatch.hints`), from
the same view.

The detective level (the setting ``card_hints``): "turn" reveals
at most one hint a turn -- one between the start of two of your own turns,
the first before your first turn -- and has no All hints button (pressing
Hint a few times must not solve the case); "unlimited" is the board game's
notebook, Hint and All hints as often as you like.
"""

from __future__ import annotations

import pygame

from game.cardgame import events as ev
from game.learning.hints import Hint
from game.ui.bases.notebook import COL_W, DONE_RECT, HEADER_H, LEFT_X, RIGHT_X, ROW_STEP, NotebookBase, note_width
from game.ui.draw.widgets import Label
from game.ui.shell.i18n import N_, _, fmt

#: The legend under the locations (at most 5 rows), down to the buttons.
LEGEND_TOP = 80 + HEADER_H + 5 * ROW_STEP + 16


class CaseFileScene(NotebookBase):
    """``seat``'s case file in a :class:`~game.ui.cardgame.match.CardMatch`.
    Esc, N or "Done — hide" closes it.  ``limited``: one hint a turn (see the module)."""

    def __init__(self, app, match, seat: int) -> None:
        super().__init__(app, match, seat)
        self.limited = getattr(app.store.settings, "card_hints", "turn") != "unlimited"
        if self.mode == "hints" and self.limited:       # no All hints: one a turn
            self.done_button.rect = DONE_RECT.copy()
            self.focus.set(self.rows + [self.hint_button, self.done_button])

    def own_turns(self) -> int:
        """How many of its own turns this seat has started (public events):
        the hint allowance comes back at the start of each."""
        return sum(isinstance(e, ev.TurnStarted) and e.player == self.seat for e in self.match.game.events)

    def _reveal(self, count: int | None) -> list[Hint]:
        """At most one new hint a turn when :attr:`limited`: a second press in
        the same turn reveals nothing and says when the next one comes."""
        if not self.limited:
            return super()._reveal(count)
        turn = self.own_turns()
        if self.match.hint_turns.get(self.seat) == turn:
            self.app.play("nope")
            self.fact_note = None
            self.hint_text = _("One hint per turn: you have had this turn's hint. The next one comes on your "
                               "next turn.")
            return []
        new = super()._reveal(1)
        if new:
            self.match.hint_turns[self.seat] = turn
        return new

    def columns(self):
        persons, weapons, locations = self.match.view(self.seat).piles
        return [(LEFT_X, [(N_("Who?"), persons), (N_("With what?"), weapons)]),
                (RIGHT_X, [(N_("Where?"), locations)])]

    def title_text(self) -> str:
        return fmt("{name}'s case file", name=self.match.suspects[self.seat])

    def legend_rect(self) -> pygame.Rect:
        return pygame.Rect(RIGHT_X, LEGEND_TOP, COL_W, 600 - LEGEND_TOP)

    def auto_text(self, card: str) -> str:
        if self.auto.get(card) == "up":
            return _("Face up")
        return super().auto_text(card)

    def hint_note(self, hint) -> str:
        """The short note on a hinted row: "Under the Crime card!", "Held by
        Colonel Mustard" or "Not under the Crime card"."""
        if hint.envelope:
            return _("Under the Crime card!")
        if hint.holder is None:
            return _("Someone has it")
        return super().hint_note(hint)

    def widgets(self) -> list:
        w = note_width(self.rows[0].rect)
        return super().widgets() + [Label(pygame.Rect(0, 0, w, 30), n, 20, True)
                                    for n in (_("Under the Crime card!"), _("Someone has it"))]
