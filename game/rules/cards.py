"""The 21 cards of classic Clue: 6 suspects, 6 weapons and 9 rooms.

Cards are plain strings (their ids, e.g. ``"scarlet"``, ``"lead_pipe"``,
``"dining_room"``).  The English display name of each card is in
:data:`CARD_NAMES`; the Tiled map names its rooms with these display names.
The ids and names live in :mod:`game.core.cards`, shared with the card game;
they are the same objects here.

Rule source: 000 "What is in the box".
"""

from __future__ import annotations

from typing import Literal

from game.core.cards import ALL_CARDS, CARD_NAMES, ROOMS, SUSPECTS, WEAPONS, Card

__all__ = ["ALL_CARDS", "CARD_NAMES", "Card", "Category", "ROOMS", "ROOM_BY_NAME", "SUSPECTS", "SUSPECT_BY_NAME",
           "SUSPECT_COLOURS", "WEAPONS", "category", "name"]

Category = Literal["suspect", "weapon", "room"]

#: Room id for each English room name, as written in the Tiled map.
ROOM_BY_NAME: dict[str, Card] = {CARD_NAMES[r]: r for r in ROOMS}
#: Suspect id for each English suspect name, as written in the Tiled map.
SUSPECT_BY_NAME: dict[str, Card] = {CARD_NAMES[s]: s for s in SUSPECTS}

#: Token colours (R, G, B) for drawing; the initial goes on top of each pawn.
SUSPECT_COLOURS: dict[Card, tuple[int, int, int]] = {
    "scarlet": (200, 30, 45), "mustard": (225, 175, 30), "white": (240, 240, 235),
    "green": (40, 140, 70), "peacock": (40, 90, 200), "plum": (125, 60, 150),
}


def category(card: Card) -> Category:
    """Return ``"suspect"``, ``"weapon"`` or ``"room"`` for a card id.

    Raises ``KeyError`` for an unknown card id.
    """
    if card in SUSPECTS:
        return "suspect"
    if card in WEAPONS:
        return "weapon"
    if card in ROOMS:
        return "room"
    raise KeyError(f"unknown card {card!r}")


def name(card: Card) -> str:
    """The English display name of a card (``"lead_pipe"`` -> ``"Lead Pipe"``)."""
    return CARD_NAMES[card]
