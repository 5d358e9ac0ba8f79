"""Events the engine emits.  Scenes animate them, the log prints them, and the
computer players learn from them.

Privacy: :func:`for_seat` returns what one seat may see of an event at a real
table.  A hand is seen only by its holder, a shown card only by the suggester
and the player who showed it, and the envelope only by the accuser (until the
game ends).  Everybody else gets a redacted copy (the card replaced by None) or
nothing.  Computer players only ever receive events through :func:`for_seat`.

Players are seat indices (``int``, 0-based, increasing to the left).  A position
is a corridor square ``(col, row)`` or a room id (``str``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional, Union

from game.board.model import Square

Position = Union[Square, str]


@dataclass(frozen=True)
class Event:
    """Base class of all events."""


@dataclass(frozen=True)
class GameStarted(Event):
    """``seats``: suspect per seat; ``weapons``: weapon id -> room id at the start."""

    seats: tuple[str, ...]
    weapons: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class HandDealt(Event):
    """``player`` was dealt ``count`` cards; ``cards`` is None for other seats
    (000 "Setting up" 6-7)."""

    player: int
    count: int
    cards: Optional[tuple[str, ...]]


@dataclass(frozen=True)
class TurnStarted(Event):
    player: int


@dataclass(frozen=True)
class DieRolled(Event):
    """``dice``: the face of each die (1-6); the total is their sum."""

    player: int
    dice: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.dice)


@dataclass(frozen=True)
class TokenMoved(Event):
    """A token moved by its player: ``path`` lists the corridor squares stepped on
    in order (not the start); ``end`` is the last square or the room entered.
    ``passage`` is True for a secret-passage move (empty path)."""

    suspect: str
    start: Position
    path: tuple[Square, ...]
    end: Position
    passage: bool = False


@dataclass(frozen=True)
class NoMoves(Event):
    """The player rolled but every way was blocked (000 "Secret passages and blocked doors")."""

    player: int


@dataclass(frozen=True)
class SuggestionMade(Event):
    player: int
    suspect: str
    weapon: str
    room: str


@dataclass(frozen=True)
class TokenSummoned(Event):
    """A suspect token pulled into ``room`` by a suggestion (000 "Suggestions" 1)."""

    suspect: str
    start: Position
    room: str


@dataclass(frozen=True)
class WeaponMoved(Event):
    weapon: str
    start: str
    room: str


@dataclass(frozen=True)
class CannotDisprove(Event):
    """``player`` holds none of the named cards; the question passes left (000 "Suggestions" 4)."""

    player: int


@dataclass(frozen=True)
class DisproveRequested(Event):
    """``player`` holds a named card and must choose one to show."""

    player: int
    suggester: int


@dataclass(frozen=True)
class CardShown(Event):
    """``by`` showed a card to ``to``; ``card`` is None for everybody else
    (000 "Suggestions" 3)."""

    by: int
    to: int
    card: Optional[str]


@dataclass(frozen=True)
class NobodyDisproved(Event):
    """Nobody could show a card (000 "Suggestions" 6)."""

    player: int


@dataclass(frozen=True)
class AccusationMade(Event):
    player: int
    suspect: str
    weapon: str
    room: str


@dataclass(frozen=True)
class EnvelopeSeen(Event):
    """The accuser looks into the envelope in secret (000 "Accusations" 2);
    ``cards`` is None for everybody else."""

    player: int
    cards: Optional[tuple[str, str, str]]


@dataclass(frozen=True)
class PlayerEliminated(Event):
    """A wrong accusation: no more turns, still disproves (000 "Accusations" 4)."""

    player: int


@dataclass(frozen=True)
class TokenPushedIn(Event):
    """An eliminated player's token left on a doorway square moves into the room,
    so it does not block the door (option ``eliminated_pushed_in``, on in every
    preset: 000 "Secret passages and blocked doors" 2 and "Accusations" 4; 001
    "ACUSAR Y GANAR": "Si su pieza está bloqueando una puerta, se traslada a la habitación")."""

    suspect: str
    square: Square
    room: str


@dataclass(frozen=True)
class TurnEnded(Event):
    player: int


@dataclass(frozen=True)
class GameWon(Event):
    """A correct accusation; the envelope is laid out for all (000 "Accusations" 3).
    ``last_standing`` True: nobody accused correctly, but everybody else is out,
    so the last player still in wins (option ``last_player_wins``, 001 "ACUSAR
    Y GANAR")."""

    player: int
    suspect: str
    weapon: str
    room: str
    last_standing: bool = False


@dataclass(frozen=True)
class GameOverNoWinner(Event):
    """Every player is out; the envelope is revealed and nobody wins."""

    suspect: str
    weapon: str
    room: str


def for_seat(event: Event, seat: int) -> Event | None:
    """What ``seat`` may see of ``event``: the event itself, a redacted copy, or
    None when the seat learns nothing from it."""
    if isinstance(event, HandDealt) and event.player != seat:
        return replace(event, cards=None)
    if isinstance(event, CardShown) and seat not in (event.by, event.to):
        return replace(event, card=None)
    if isinstance(event, EnvelopeSeen) and event.player != seat:
        return replace(event, cards=None)
    return event


def public(event: Event) -> Event:
    """The copy of ``event`` that anybody watching the shared screen may see."""
    redacted = for_seat(event, -1)
    assert redacted is not None
    return redacted
