"""The evidence deck of the 2018 Clue Card Game (003).

Rule source: 003 "busqueu totes les cartes amb un símbol + ... Eliminaràs
aquestes cartes del joc" (normal game without the "+" cards) and 003 "Joc de
cartes Clue avançat": the "+" cards "afegiran una arma addicional i dues
ubicacions noves" (one more weapon and two more locations).

How the deck was decided.  003 names, in its examples, three persons (professor
Plum / "professor Pruna", coronel Mustard, Sr. Green), three weapons (ganivet =
knife, corda = rope, canelobre = candlestick) and two locations (sala de billar
= billiard room, menjador = dining room).  Each player's case file in the real
box has 12 cards including the "+" ones, so the normal deck is 3 persons, 3
weapons and 3 locations, and the advanced deck adds 1 weapon and 2 locations
(3 + 4 + 5 = 12).  The cards 003 does not name (the third location and the
three "+" cards) are our choice, taken from the classic board game, and are
marked ``from_003=False``; their Catalan names are ours too.

Cards are plain string ids (``"knife"``); :data:`CARDS` holds each card's
:class:`CardInfo`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["person", "weapon", "location"]
KINDS: tuple[Kind, ...] = ("person", "weapon", "location")


@dataclass(frozen=True)
class CardInfo:
    """One evidence card: ``id``, ``kind`` (person, weapon or location), the
    English ``name``, the Catalan name ``ca`` (as 003 writes it when
    ``from_003``), and ``plus`` True for a "+" card of the advanced game."""

    id: str
    kind: Kind
    name: str
    ca: str
    plus: bool = False
    from_003: bool = True


CARDS: dict[str, CardInfo] = {c.id: c for c in (
    CardInfo("plum", "person", "Professor Plum", "professor Pruna"),
    CardInfo("mustard", "person", "Colonel Mustard", "coronel Mustard"),
    CardInfo("green", "person", "Mr. Green", "Sr. Green"),
    CardInfo("knife", "weapon", "Knife", "ganivet"),
    CardInfo("rope", "weapon", "Rope", "corda"),
    CardInfo("candlestick", "weapon", "Candlestick", "canelobre"),
    CardInfo("lead_pipe", "weapon", "Lead Pipe", "tub de plom", plus=True, from_003=False),
    CardInfo("billiard_room", "location", "Billiard Room", "sala de billar"),
    CardInfo("dining_room", "location", "Dining Room", "menjador"),
    CardInfo("kitchen", "location", "Kitchen", "cuina", from_003=False),
    CardInfo("library", "location", "Library", "biblioteca", plus=True, from_003=False),
    CardInfo("lounge", "location", "Lounge", "saló", plus=True, from_003=False),
)}


def piles(advanced: bool = False) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The (persons, weapons, locations) piles in play: 3/3/3 cards in the
    normal game, 3/4/5 with the "+" cards (``advanced``; 003 "Joc de cartes
    Clue avançat")."""
    return tuple(  # type: ignore[return-value]
        tuple(c.id for c in CARDS.values() if c.kind == k and (advanced or not c.plus)) for k in KINDS)


def deck(advanced: bool = False) -> tuple[str, ...]:
    """Every evidence card in play, persons then weapons then locations."""
    return tuple(c for pile in piles(advanced) for c in pile)


def name(card: str) -> str:
    """English name of a card id (``"dining_room"`` -> ``"Dining Room"``).
    Raises ``KeyError`` for an unknown id."""
    return CARDS[card].name


def kind(card: str) -> Kind:
    """``"person"``, ``"weapon"`` or ``"location"``.  Raises ``KeyError`` for an unknown id."""
    return CARDS[card].kind
