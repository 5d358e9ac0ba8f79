"""Events of the card game, and what each seat may see of them.

Players are seat indices (``int``, 0-based, increasing to the left).  A card is
an id from :mod:`game.cardgame.cards`.  Privacy (:func:`for_seat`): a hand is
seen only by its holder; a shown card only by the asker and the shower (003
"T'han d'ensenyar la targeta de manera que els altres jugadors no vegin quina
carta s'ha mostrat"); a face-down accusation only by its maker until the
accusations are revealed together; the Crime cards only by a lone accuser
(003 "mirareu les cartes ... sense que els altres jugadors les vegin") until
the game ends.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

Triple = tuple[str, str, str]


@dataclass(frozen=True)
class Event:
    """Base class of all card-game events."""


@dataclass(frozen=True)
class GameStarted(Event):
    """``players`` seats, ``first`` moves first, ``advanced`` deck, and the
    ``face_up`` leftover cards everybody sees (003 "es col·locaran boca amunt")."""

    players: int
    first: int
    advanced: bool
    face_up: tuple[str, ...]


@dataclass(frozen=True)
class HandDealt(Event):
    """``player`` got ``count`` cards; ``cards`` is None for other seats."""

    player: int
    count: int
    cards: Optional[tuple[str, ...]]


@dataclass(frozen=True)
class TurnStarted(Event):
    player: int


@dataclass(frozen=True)
class Asked(Event):
    """``player`` asks about two evidence cards (003 "Prendre el teu torn")."""

    player: int
    cards: tuple[str, str]


@dataclass(frozen=True)
class NoCard(Event):
    """``player`` holds neither asked card and says so; the question passes left."""

    player: int


@dataclass(frozen=True)
class ShowRequested(Event):
    """``player`` holds at least one asked card and must show one to ``asker``."""

    player: int
    asker: int


@dataclass(frozen=True)
class CardShown(Event):
    """``by`` showed ``card`` to ``to``; ``card`` is None for everybody else."""

    by: int
    to: int
    card: Optional[str]


@dataclass(frozen=True)
class NobodyShowed(Event):
    """Everybody said no to ``player``'s question."""

    player: int


@dataclass(frozen=True)
class AccusationStarted(Event):
    """``player`` (whose turn it is) accuses; the others may join (003 "Acusació")."""

    player: int


@dataclass(frozen=True)
class AccusationPlaced(Event):
    """``player`` put an accusation face down; ``cards`` None for the others."""

    player: int
    cards: Optional[Triple]


@dataclass(frozen=True)
class JoinDeclined(Event):
    """``player`` does not join the accusation."""

    player: int


@dataclass(frozen=True)
class AccusationsRevealed(Event):
    """Two or more accusers turn their cards up together; ``accusations`` lists
    ``(player, triple)`` in the order they are checked (003 "Dos o més
    jugadors que acusen")."""

    accusations: tuple[tuple[int, Triple], ...]


@dataclass(frozen=True)
class CrimeSeen(Event):
    """A lone accuser looks at the Crime cards in secret; ``cards`` None for others."""

    player: int
    cards: Optional[Triple]


@dataclass(frozen=True)
class AccusationWrong(Event):
    """``player`` accused wrongly: out, no more turns, still answers (003 "perds")."""

    player: int


@dataclass(frozen=True)
class TurnEnded(Event):
    player: int


@dataclass(frozen=True)
class GameWon(Event):
    """``player`` accused correctly; the Crime cards are shown to all."""

    player: int
    crime: Triple


@dataclass(frozen=True)
class EverybodyLost(Event):
    """Every accuser of a joint accusation was wrong: everybody loses (003
    "Si tots els jugadors estan equivocats, tots els jugadors perdran")."""

    crime: Triple


@dataclass(frozen=True)
class NoPlayersLeft(Event):
    """Every player has accused wrongly one by one: nobody wins."""

    crime: Triple


def for_seat(event: Event, seat: int) -> Event:
    """What ``seat`` may see of ``event`` (a redacted copy or the event itself).
    ``seat = -1`` gives the public copy."""
    if isinstance(event, HandDealt) and event.player != seat:
        return replace(event, cards=None)
    if isinstance(event, CardShown) and seat not in (event.by, event.to):
        return replace(event, card=None)
    if isinstance(event, AccusationPlaced) and event.player != seat:
        return replace(event, cards=None)
    if isinstance(event, CrimeSeen) and event.player != seat:
        return replace(event, cards=None)
    return event
