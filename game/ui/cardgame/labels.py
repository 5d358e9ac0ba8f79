"""The card game's choices in words, for its setup and its table: the deck
(normal, or advanced with the "+" cards: 003 "Joc de cartes Clue avançat")
and the order in which joint accusations are checked."""

from __future__ import annotations

from game.cardgame.cards import piles
from game.ui.shell.i18n import _, fmt


def deck_label(advanced: bool) -> str:
    """ "Normal game: 9 cards" or "Advanced game: 12 cards" (counted from the deck)."""
    n = sum(len(p) for p in piles(advanced))
    if advanced:
        return fmt("Advanced game: {n} cards", n=n)
    return fmt("Normal game: {n} cards", n=n)


def order_label(order: str) -> str:
    """The button text for an order of :data:`~game.cardgame.engine.ORDERS`."""
    return {"turn": _("Accusers in turn order"), "lot": _("Accusers in an order drawn by lot")}[order]
