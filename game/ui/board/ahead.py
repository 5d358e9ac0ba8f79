"""Pictures made ahead, on frames where nothing moves on the table.

The suggestion picker shows a card for every suspect and weapon; each card's
picture is decoded, scaled and lettered the first time it is drawn (20-30 ms a
card at 1920 x 1080), and all twelve on the picker's first frame held the table
still for a quarter of a second just as the person's token reached a room.
:class:`Ahead` makes them one a frame while a computer player thinks (or a
person has not acted yet), and the cards of the rooms a person may enter while
they choose where to go, so the picker opens on pictures already kept.  The
last question's tray is resized whenever a die's landing lays the buttons out
anew, and drew its three cards' pictures at the new side on that frame (a
sprite decoded for each, 12 ms): they are made ahead too, at every side the
tray has drawn them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from game.rules.cards import SUSPECTS, WEAPONS
from game.ui.draw import assets

#: The width (logical pixels) of a suspect's or a weapon's card in the suggestion picker.
PICK_CARD = 150
#: The width (logical pixels) of the room's card in the suggestion picker.
ROOM_CARD = 180


class Ahead:
    """Cards made one per call of :meth:`step`, each once: the suggestion picker's suspect and
    weapon cards (:func:`game.ui.draw.assets.card` at :data:`PICK_CARD`), and before those
    left, the room cards asked for by :meth:`rooms` (at :data:`ROOM_CARD`); before all of these, the
card pictures asked for by :meth:`pictures`.  They are kept by the pictures' cache
    (within its budget) like any card drawn.  :meth:`restart` after a change of language or
    output scale (the cache made for the old one is emptied); :meth:`again` once pictures may
    have been dropped to make room (after a big moment)."""

    def __init__(self) -> None:
        self._todo: deque[tuple[str, int]] = deque()
        #: every card asked for, in the order asked (a dict: an order that does not hang on hashing)
        self._asked: dict[tuple[str, int], None] = {}
        #: card pictures to make, each card's at several sizes, and every such asked for
        self._pictures: deque[tuple[str, tuple[int, ...]]] = deque()
        self._pictures_asked: dict[tuple[str, tuple[int, ...]], None] = {}
        self.restart()

    def restart(self) -> None:
        """Make every card again from the next :meth:`step` on (the rooms asked for only when asked again)."""
        self._todo = deque((c, PICK_CARD) for c in SUSPECTS + WEAPONS)
        self._asked = dict.fromkeys(self._todo)
        self._pictures.clear()
        self._pictures_asked.clear()

    def rooms(self, rooms: Iterable[str]) -> None:
        """Make the picker's card of each of ``rooms`` (room ids) too: the rooms a person may
        enter with this roll, made while they choose."""
        for room in rooms:
            if (room, ROOM_CARD) not in self._asked:
                self._asked[(room, ROOM_CARD)] = None
                self._todo.appendleft((room, ROOM_CARD))      # wanted first: the person may choose soon

    def pictures(self, cards: Iterable[str], sizes: Iterable[int]) -> None:
        """Make the pictures (:func:`game.ui.draw.assets.card_picture`) of each of ``cards`` at
        every one of ``sizes`` (logical pixels) too, one card a :meth:`step` before any card,
        its sprite decoded once: the last question's tray at the sides it has been drawn at."""
        wanted = tuple(sorted(set(sizes)))
        for card in cards:
            if card and wanted and (card, wanted) not in self._pictures_asked:
                self._pictures_asked[(card, wanted)] = None
                self._pictures.append((card, wanted))

    def again(self) -> int:
        """Make again, from the next :meth:`step` on, the cards made before that the pictures'
        budget has dropped since (a moment's room picture makes room for itself: at 3840 x 2160
        it drops every picture the frame does not use); returns how many were queued again."""
        queued = set(self._todo)
        lost = [key for key in self._asked if key not in queued and not assets.card_kept(*key)]
        self._todo.extend(lost)
        return len(lost)

    def step(self) -> str | None:
        """Make (or find kept) the next card; returns its id, or None when none is left to make."""
        if self._pictures:
            card, sizes = self._pictures.popleft()
            assets.card_pictures(card, list(sizes))
            return card
        if not self._todo:
            return None
        card, width = self._todo.popleft()
        assets.card(card, width)
        return card
