"""What the setup scene hands to the engine: who sits where, and the seed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from game.rules.cards import ALL_CARDS, ROOMS, SUSPECTS, WEAPONS
from game.rules.options import Options

SeatKind = Literal["human", "computer"]


@dataclass(frozen=True)
class SeatConfig:
    """One seat at the table: the suspect it plays, whether a person or a computer
    player plays it, and (for a computer player) its level.  ``taken_over``: a
    computer took the seat over from a person during the game (a saved game
    keeps it), so its earlier choices were a person's: the engine's views do
    not count it as a computer seat (:attr:`game.rules.view.SeatView.computers`)."""

    suspect: str
    kind: SeatKind = "computer"
    level: str = "simple"
    taken_over: bool = False


@dataclass(frozen=True)
class FixedDeal:
    """A deal decided in advance instead of shuffled (the guided first game).

    ``envelope`` is (suspect, weapon, room); ``hands`` holds one tuple of card
    ids per seat in table order (the order :meth:`Game.new` plays them: Miss
    Scarlet first, see 000 "Setting up" 9), together the other 18 cards;
    ``weapon_rooms`` pairs each of the 6 weapons with its starting room;
    ``rolls`` are the dice of the game's first rolls in order, one tuple of
    faces (1-6) per roll; later rolls come from the seed.  :meth:`validate`
    raises ``ValueError`` in plain words when the cards do not add up."""

    envelope: tuple[str, str, str]
    hands: tuple[tuple[str, ...], ...]
    weapon_rooms: tuple[tuple[str, str], ...]
    rolls: tuple[tuple[int, ...], ...] = ()

    def validate(self, players: int, dice: int) -> None:
        """Raise ``ValueError`` unless this deal fits ``players`` seats and
        ``dice`` dice: the envelope has one card of each category, every card
        is dealt exactly once, hands differ by one card at most (000 "Setting
        up" 8), every weapon stands in a room and every roll has ``dice`` faces 1-6."""
        s, w, r = self.envelope
        if s not in SUSPECTS or w not in WEAPONS or r not in ROOMS:
            raise ValueError(f"The envelope {self.envelope!r} needs one suspect, one weapon and one room.")
        if len(self.hands) != players:
            raise ValueError(f"The deal has {len(self.hands)} hands for {players} players.")
        dealt = [c for h in self.hands for c in h] + list(self.envelope)
        if sorted(dealt) != sorted(ALL_CARDS):
            raise ValueError("The deal must give out each of the 21 cards exactly once.")
        sizes = [len(h) for h in self.hands]
        if max(sizes) - min(sizes) > 1:
            raise ValueError(f"Hands of {sizes} cards: they may differ by one card at most.")
        if sorted(w for w, _r in self.weapon_rooms) != sorted(WEAPONS) or \
                any(room not in ROOMS for _w, room in self.weapon_rooms):
            raise ValueError("Each of the 6 weapons needs a room.")
        for faces in self.rolls:
            if len(faces) != dice or any(not 1 <= f <= 6 for f in faces):
                raise ValueError(f"The roll {faces!r} must be {dice} dice of 1 to 6.")


@dataclass(frozen=True)
class GameSetup:
    """3 to 6 seats, each with a different suspect, a seed for the shuffle and
    the dice, and the rule options.  Raises ``ValueError`` from
    :meth:`validate` when the seats are not a legal table."""

    seats: tuple[SeatConfig, ...]
    seed: int = 0
    options: Options = field(default_factory=Options)
    #: a deal (and first rolls) decided in advance; None: shuffled from ``seed``
    deal: FixedDeal | None = None

    def validate(self) -> None:
        """Raise ``ValueError`` in plain words if the table is not playable."""
        if not 3 <= len(self.seats) <= 6:
            raise ValueError(f"Clue needs 3 to 6 players, not {len(self.seats)}.")
        suspects = [s.suspect for s in self.seats]
        for s in suspects:
            if s not in SUSPECTS:
                raise ValueError(f"{s!r} is not a suspect.")
        if len(set(suspects)) != len(suspects):
            raise ValueError("Two players cannot play the same suspect.")
        if self.deal is not None:
            self.deal.validate(len(self.seats), self.options.dice)
