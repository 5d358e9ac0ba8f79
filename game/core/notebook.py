"""How much a detective notebook (board game) or case file (card game)
helps: a choice of the setup that both game modes and their saves share."""

from __future__ import annotations

#: How much the notebook helps (the setup's "Notebook help" row): ``manual``
#: nothing is ticked for you; ``assisted`` your own cards and the cards shown
#: to you are ticked; ``hints`` assisted, plus a Hint button.
NOTEBOOK_MODES: tuple[str, ...] = ("manual", "assisted", "hints")
#: The default: hints, because they appear only when asked for (nothing is
#: given away unless the child presses Hint) and can be turned off in New game.
DEFAULT_NOTEBOOK_MODE = "hints"
