"""The public board for the phones: the empty board as PNG
bytes and where things stand in that picture, for ``GET /board.png`` and
``GET /board.json`` (:meth:`game.net.server.NetServer.set_board`).

The picture is :class:`~game.ui.mansion.boardview.BoardView`'s static board -- the
Tiled map's tiles, the corridor grid and the room names in the language in
use -- with no token, no weapon and no highlight: nothing that depends on a
seat or on the deal, so every seat gets the same bytes.
"""

from __future__ import annotations

import io
from typing import Any

import pygame

from game.ui.mansion.boardview import BoardView


def board_picture(view: BoardView) -> tuple[bytes, dict[str, Any]]:
    """``(png, grid)`` for the board drawn by ``view``: ``png`` the PNG bytes
    of its static picture (``view.rect.size`` pixels); ``grid`` a JSON-able
    dict in that picture's pixels (the board's top-left corner is ``[0, 0]``):
    ``size`` [w, h], ``origin`` [x, y], ``cell`` [w, h] of one square,
    ``squares`` [cols, rows] and ``rooms``: room id -> ``{"centre": [x, y]``
    (its name's centre), ``"box": [x, y, w, h]``, ``"tokens"`` and
    ``"weapons"``: six ``[x, y]`` piece centres each, the places the TV uses
    (:meth:`BoardView.token_point` takes ``tokens[i % 6]`` for the ``i``-th
    suspect; a weapon stands on ``weapons[rank % 6]``, ``rank`` its place
    among the weapon ids in that room, sorted, as on the TV's table)}``."""
    out = io.BytesIO()
    pygame.image.save(view.static, out, "board.png")
    ox, oy = view.origin

    def local(p: Any) -> list[int]:
        return [round(p[0] - ox), round(p[1] - oy)]

    rooms = {}
    for rid in view.board.rooms:
        box = view.destination_rect(rid)
        rooms[rid] = {"centre": local(view.room_label_centre(rid)),
                      "box": [box.x - ox, box.y - oy, box.w, box.h],
                      "tokens": [local(p) for p in view.token_places[rid]],
                      "weapons": [local(p) for p in view.weapon_places[rid]]}
    grid = {"size": list(view.rect.size), "origin": [0, 0], "cell": list(view.cell),
            "squares": [view.board.width, view.board.height], "rooms": rooms}
    return out.getvalue(), grid
