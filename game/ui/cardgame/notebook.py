"""The card game's case file (003 "Arxiu del cas"): the board game's notebook
(:class:`~game.ui.bases.notebook.NotebookBase`, with its marks, Hint and All
hints buttons) holding the card game's cards, shown behind a cover when needed.

Every evidence card in play, grouped Who? / With what? / Where?.  Crossed off
for you (green, a fact): your own cards, the face-up cards and every card shown
to you (003 "Heu de descartar la targeta d'Arxiu del cas"), from
``view(seat)`` only.  Other rows keep a manual mark (blank, X, ?, ✓).  Hints
come from :func:`game.hints.card_game_hints` (:meth:`CardMatch.hints`), from
the same view.
"""

from __future__ import annotations

import pygame

from game.ui.i18n import N_, _, fmt
from game.ui.bases.notebook import COL_W, HEADER_H, LEFT_X, RIGHT_X, ROW_STEP, NotebookBase, note_width
from game.ui.widgets import Label

#: The legend under the locations (at most 5 rows), down to the buttons.
LEGEND_TOP = 80 + HEADER_H + 5 * ROW_STEP + 16


class CaseFileScene(NotebookBase):
    """``seat``'s case file in a :class:`~game.ui.cardgame.match.CardMatch`.
    Esc, N or "Done — hide" closes it."""

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
