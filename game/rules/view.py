"""A seat's view of the game: exactly what that player could know at a real
table.  Computer players decide from a :class:`SeatView` and nothing else."""

from __future__ import annotations

from dataclasses import dataclass

from game.board.model import Board
from game.rules.events import Event, Position
from game.rules.movement import Path
from game.rules.options import Options


@dataclass(frozen=True)
class SeatView:
    """``seat``'s knowledge: its ``hand``; public facts (``seats`` suspects in
    table order, ``hand_sizes``, ``eliminated``, token ``positions`` and weapon
    rooms, whose ``turn`` and which ``phase``, the ``roll``); ``moves`` (the
    destinations, only when this seat must move); and ``events`` as this seat saw
    them (other hands, other players' shown cards and the envelope redacted);
    ``computers``: per seat, whether a computer player has played it since the
    game began (public: the table knows who is a computer; a seat a computer
    took over from a person is not one; empty when not given)."""

    seat: int
    suspect: str
    hand: frozenset[str]
    seats: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    eliminated: tuple[bool, ...]
    positions: dict[str, Position]
    weapons: dict[str, str]
    board: Board
    options: Options
    turn: int
    phase: str
    roll: int | None
    moves: dict[Position, Path]
    events: tuple[Event, ...]
    computers: tuple[bool, ...] = ()
