"""How strong each computer level of the board game measured.

The New game screen says these figures in plain words while a level button
has the focus (:func:`game.ui.shell.i18n.strength_words`).  They come from the
levels' benchmark: ``python benchmarks/bench_ladder.py --write`` rewrites this
file with :func:`write` (keep the format: one dict per level).

:data:`BOARD`: level -> the match that measured it: one seat of ``level``
against ``players - 1`` seats of ``opponent`` on the mansion (classic rules,
seats rotated over the same deals), ``won`` of ``games`` (seat-games of that
level), with the 95 % interval ``low``..``high`` of the share (0..1).  A level
without an entry has not been measured yet (nothing is said for it).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TypedDict


class Row(TypedDict):
    """One level's match: its ``opponent`` level, the ``players`` at the table,
    the seat-``games`` played and ``won``, the share's 95 % interval ``low``..``high`` (0..1)."""

    opponent: str
    players: int
    games: int
    won: int
    low: float
    high: float


#: Where :data:`BOARD` comes from (the command that measured it).
SOURCE = 'python benchmarks/bench_ladder.py --seed 1 --rows beginner-3easy easy-3medium medium-3easy hard-2medium --write'

BOARD: dict[str, Row] = {
    'beginner': {'opponent': 'easy', 'players': 4, 'games': 1200, 'won': 150, 'low': 0.1075, 'high': 0.1449},
    'easy': {'opponent': 'medium', 'players': 4, 'games': 1200, 'won': 113, 'low': 0.0789, 'high': 0.112},
    'medium': {'opponent': 'easy', 'players': 4, 'games': 1200, 'won': 666, 'low': 0.5268, 'high': 0.5829},
    'hard': {'opponent': 'medium', 'players': 3, 'games': 3000, 'won': 1768, 'low': 0.5716, 'high': 0.6068},
}

FIELDS = ("opponent", "players", "games", "won", "low", "high")


def share(level: str) -> float | None:
    """The measured share of games ``level`` won (0..1), or None when not measured."""
    row = BOARD.get(level)
    return row["won"] / row["games"] if row and row["games"] else None


def module_text(board: Mapping[str, Row], source: str) -> str:
    """This module's source with ``board`` (level -> dict of :data:`FIELDS`)
    and ``source`` in it.  Raises ``ValueError`` when a row misses a field or
    holds a share outside 0..1."""
    for level, row in board.items():
        missing = [f for f in FIELDS if f not in row]
        if missing or not 0 <= row["won"] <= row["games"] or not 0 <= row["low"] <= row["high"] <= 1:
            raise ValueError(f"strength of {level!r}: bad row {row!r}")
    text = Path(__file__).read_text(encoding="utf-8")
    head, rest = text.split("SOURCE = ", 1)
    tail = rest[rest.index("\nFIELDS = "):]
    # a Row read as a plain mapping: its fields are looked up by name
    fields: dict[str, Mapping[str, object]] = dict(board)
    rows = "".join(f"    {level!r}: {{{', '.join(f'{f!r}: {row[f]!r}' for f in FIELDS)}}},\n"
                   for level, row in fields.items())
    return f"{head}SOURCE = {source!r}\n\nBOARD: dict[str, Row] = {{\n{rows}}}\n{tail}"


def write(board: Mapping[str, Row], source: str) -> Path:
    """Rewrite this file with new figures (:func:`module_text`); returns its path."""
    path = Path(__file__)
    path.write_text(module_text(board, source), encoding="utf-8")
    return path
