"""The board game's detective notebook (000 "Detective Notes"), shown behind a
cover when needed: 21 rows grouped Suspects / Weapons / Rooms.  The rows,
marks and hints are :mod:`game.ui.bases.notebook`'s."""

from __future__ import annotations

from typing import Sequence

import pygame

from game.rules.cards import ROOMS, SUSPECTS, WEAPONS
from game.ui.bases.notebook import COL_W, LEFT_X, RIGHT_X, NotebookBase
from game.ui.shell.i18n import N_, fmt

COLUMNS = ((LEFT_X, [(N_("Suspects"), SUSPECTS), (N_("Weapons"), WEAPONS)]), (RIGHT_X, [(N_("Rooms"), ROOMS)]))


class NotebookScene(NotebookBase):
    """``seat``'s notebook and cards.  Esc, N or "Done — hide" closes it."""

    def columns(self) -> Sequence[tuple[int, Sequence[tuple[str, tuple[str, ...]]]]]:
        """The columns: (x in pixels, [(English group title, card ids), ...])."""
        return COLUMNS

    def title_text(self) -> str:
        return fmt("{name}'s notebook", name=self.match.suspects[self.seat])

    def legend_rect(self) -> pygame.Rect:
        """Where the legend (or the note about a fact row) is written."""
        return pygame.Rect(RIGHT_X, 462, COL_W, 140)
