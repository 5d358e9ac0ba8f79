"""Pictures made ahead, on frames where nothing moves on the table.

The suggestion picker shows a card for every suspect and weapon; each card's
picture is decoded, scaled and lettered the first time it is drawn (20-30 ms a
card at 1920 x 1080), and all twelve on the picker's first frame held the table
still for a quarter of a second just as the person's token reached a room.
:class:`Ahead` makes them one a frame while a computer player thinks (or
nobody has acted yet), so the picker opens on pictures already kept.
"""

from __future__ import annotations

from collections.abc import Iterator

from game.rules.cards import SUSPECTS, WEAPONS
from game.ui.draw import assets

#: The width (logical pixels) of a suspect's or a weapon's card in the suggestion picker.
PICK_CARD = 150
#: The width (logical pixels) of the room's card in the suggestion picker.
ROOM_CARD = 180


class Ahead:
    """The suggestion picker's suspect and weapon cards (:func:`game.ui.draw.assets.card`
    at :data:`PICK_CARD`), made one per call of :meth:`step`, each once: they are kept by
    the pictures' cache (within its budget) like any card drawn.  :meth:`restart` after a
    change of language or output scale (the cache made for the old one is emptied)."""

    def __init__(self) -> None:
        self._todo: Iterator[str] = iter(())
        self.restart()

    def restart(self) -> None:
        """Make every card again from the next :meth:`step` on."""
        self._todo = iter(SUSPECTS + WEAPONS)

    def step(self) -> str | None:
        """Make (or find kept) the next card; returns its id, or None when all are made."""
        card = next(self._todo, None)
        if card is not None:
            assets.card(card, PICK_CARD)
        return card
