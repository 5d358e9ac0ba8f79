"""What the setup scene hands to the engine: who sits where, and the seed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from game.rules.cards import SUSPECTS
from game.rules.options import Options

SeatKind = Literal["human", "computer"]


@dataclass(frozen=True)
class SeatConfig:
    """One seat at the table: the suspect it plays, whether a person or a computer
    player plays it, and (for a computer player) its level."""

    suspect: str
    kind: SeatKind = "computer"
    level: str = "simple"


@dataclass(frozen=True)
class GameSetup:
    """3 to 6 seats, each with a different suspect, a seed for the shuffle and
    the dice, and the rule options.  Raises ``ValueError`` from
    :meth:`validate` when the seats are not a legal table."""

    seats: tuple[SeatConfig, ...]
    seed: int = 0
    options: Options = field(default_factory=Options)

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
