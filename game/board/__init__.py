"""The mansion board: a pure data model and its Tiled map loader."""

from game.board.model import Board, Door, Room, Square

__all__ = ["Board", "Door", "Room", "Square"]
