"""The 21 cards of classic Clue: 6 suspects, 6 weapons and 9 rooms, shared by
both game modes (the card game's evidence cards, :mod:`game.cardgame.cards`,
are some of them under the same ids).

Cards are plain strings (their ids, e.g. ``"scarlet"``, ``"lead_pipe"``,
``"dining_room"``).  The English display name of each card is in
:data:`CARD_NAMES`; the Tiled map names its rooms with these display names.

Rule source: 000 "What is in the box".
"""

from __future__ import annotations

Card = str

#: Suspects in the order of their start squares round the board (clockwise,
#: starting with Miss Scarlet, who always moves first: 000 "Setting up" 9).
SUSPECTS: tuple[Card, ...] = ("scarlet", "mustard", "white", "green", "peacock", "plum")
WEAPONS: tuple[Card, ...] = ("candlestick", "knife", "lead_pipe", "revolver", "rope", "wrench")
ROOMS: tuple[Card, ...] = (
    "kitchen", "ballroom", "conservatory", "dining_room", "billiard_room",
    "library", "lounge", "hall", "study",
)
ALL_CARDS: tuple[Card, ...] = SUSPECTS + WEAPONS + ROOMS

CARD_NAMES: dict[Card, str] = {
    "scarlet": "Miss Scarlet", "mustard": "Colonel Mustard", "white": "Mrs. White",
    "green": "Mr. Green", "peacock": "Mrs. Peacock", "plum": "Professor Plum",
    "candlestick": "Candlestick", "knife": "Knife", "lead_pipe": "Lead Pipe",
    "revolver": "Revolver", "rope": "Rope", "wrench": "Wrench",
    "kitchen": "Kitchen", "ballroom": "Ballroom", "conservatory": "Conservatory",
    "dining_room": "Dining Room", "billiard_room": "Billiard Room", "library": "Library",
    "lounge": "Lounge", "hall": "Hall", "study": "Study",
}
