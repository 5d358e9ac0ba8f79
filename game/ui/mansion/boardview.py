"""Drawing the mansion: the static board (pre-rendered once from the Tiled map
and scaled to the square size), room names, highlights, tokens and weapons.

Units: ``cell`` is one board square's (width, height) in logical pixels
(28 x 28 in both layouts: see :mod:`game.ui.mansion.boardlayout`); squares are
``(col, row)``.  The room names follow the text size (larger with "Large text").
"""

from __future__ import annotations

import itertools
import logging
import math
import os
import weakref
from collections.abc import Callable, Generator, Sequence
from pathlib import Path
from typing import NamedTuple

import pygame

from game.board.model import Board, Square
from game.rules.cards import SUSPECTS, WEAPONS
from game.rules.events import Position
from game.ui.draw import assets, gfx, theme
from game.ui.mansion.boardlayout import STANDARD, BoardLayout
from game.ui.mansion.drawing import FLAT, draw_mansion
from game.ui.mansion.roomlayout import Point as Spot
from game.ui.mansion.roomlayout import on_floor, room_spots
from game.ui.shell.i18n import card

log = logging.getLogger(__name__)

Point = tuple[float, float]

#: The active pawn's pool of light, as a multiple of the token's box.
GLOW_SIZE = 1.5
#: The active pawn's lift off the floor and its bob on top, as fractions of the token's box.
LIFT, LIFT_BOB = 0.1, 0.05
#: The lit destinations: a sky-blue wash (R, G, B, alpha) and its edge.  The old pale
#: yellow was CIEDE2000 7 from the corridor's tan (4 under tritanopia); this wash is
#: at least 20 from the corridor and every room floor, normally and under protanopia,
#: deuteranopia and tritanopia (tests/test_colour.py measures the drawn pixels).
LIT_FILL, LIT_EDGE = (90, 210, 255, 170), (255, 255, 255, 255)


def _tile_layer(map_path: Path, board: Board) -> pygame.Surface | None:
    """The ``floor`` tile layer at the map's own tile size, or None if the
    tiles cannot be loaded (then a plain plan is drawn instead).  The pictures
    are read once, checked by :func:`game.board.tmx.check_pictures` (never a
    named pipe, never a picture bigger than the map says), and pygame decodes
    those checked bytes, not the files."""
    try:
        import io

        import pytmx
        from pytmx.util_pygame import pygame_image_loader

        from game.board.tmx import check_pictures

        pictures = check_pictures(map_path)

        def checked_loader(filename: str, colorkey, **kwargs):
            return pygame_image_loader(io.BytesIO(pictures[os.path.normpath(filename)]), colorkey, **kwargs)

        tmx = pytmx.TiledMap(str(map_path), image_loader=checked_loader)
        layer = tmx.get_layer_by_name("floor")
        if not isinstance(layer, pytmx.TiledTileLayer):
            return None
        tw, th = tmx.tilewidth, tmx.tileheight
        surf = pygame.Surface((board.width * tw, board.height * th))
        surf.fill((60, 40, 30))
        for x, y, image in layer.tiles():
            if x < board.width and y < board.height:
                surf.blit(image, (x * tw, y * th))
        return surf
    except Exception as exc:  # any problem with images: fall back to a drawn plan
        log.warning(f"The board is drawn without its pictures: {exc}")
        return None


def _plain_plan(board: Board, px: int) -> pygame.Surface:
    surf = pygame.Surface((board.width * px, board.height * px))
    surf.fill((50, 34, 26))
    for c in range(board.width):
        for r in range(board.height):
            rect = pygame.Rect(c * px, r * px, px, px)
            if (c, r) in board.corridor:
                gfx.rect(surf, (214, 190, 140) if (c + r) % 2 else (200, 176, 128), rect)
            elif (c, r) in board.room_of:
                gfx.rect(surf, (178, 126, 78), rect)
            elif (c, r) in board.envelope:
                gfx.rect(surf, (110, 40, 40), rect)
    return surf


class Lit(NamedTuple):
    """The lit destinations' layer (:meth:`BoardView.highlight`): its ``picture`` and
    where its top-left corner lies on the board (board-local logical pixels)."""

    picture: pygame.Surface
    at: tuple[int, int]


class Stepped:
    """A :class:`Lit` built a part a :meth:`step` by a generator (:meth:`BoardView.highlight_steps`),
    kept once it is done."""

    def __init__(self, steps: Generator[None, None, Lit]) -> None:
        self._steps = steps
        #: the finished layer, None while parts are left
        self.value: Lit | None = None

    def step(self, finish: bool = False) -> Lit | None:
        """Build one more part (with ``finish``, all that are left); returns the layer once done."""
        while self.value is None:
            try:
                next(self._steps)
            except StopIteration as done:
                self.value = done.value
                break
            if not finish:
                break
        return self.value


def _whole_device_step(scale: float) -> int:
    """The smallest step of logical pixels (up to 64) that is a whole number of device pixels at
    ``scale``: a layer moved by such steps is drawn with the very same device pixels."""
    for step in range(1, 65):
        if abs(step * scale - round(step * scale)) < 1e-9:
            return step
    return 1


class BoardView:
    """Where things are on screen and how the board looks.

    ``layout`` (:class:`~game.ui.mansion.boardlayout.BoardLayout`) gives ``origin``,
    the top-left pixel of the board, ``cell``, a square's (width, height) in
    pixels (``square`` is the smaller of the two), and the pieces' sizes.
    ``static`` is the cached board picture (the furnished mansion of
    :func:`game.ui.mansion.drawing.draw_mansion`, or a plain plan when the map's
    pictures are unusable, and the room names) drawn once; everything that moves is drawn on top each frame.
    """

    def __init__(self, board: Board, map_path: Path | None, layout: BoardLayout = STANDARD) -> None:
        self.board = board
        self.layout = layout
        self.scale = gfx.output_scale()       # its pictures are drawn for this output scale
        self.origin = layout.origin
        self.cell = layout.square
        self.square = min(self.cell)
        self.rect = pygame.Rect(self.origin, (board.width * self.cell[0], board.height * self.cell[1]))
        self._map_path = map_path
        #: the board's picture while this view keeps it itself (None: see :attr:`static`)
        self._static: pygame.Surface | None = None
        #: the picture the board was painted into, whose board rectangle is the board's picture
        self._painted_into: weakref.ref[pygame.Surface] | None = None
        self.token_size = layout.token
        self.weapon_size = layout.weapon
        #: the pieces' pictures drawn on the board, kept here as well as in the pictures' shared
        #: budget: a big moment's room empties that budget at 3840 x 2160, and a pawn took 80 ms
        #: to draw again (a few hundred KB for them all)
        self._pieces: dict[tuple, pygame.Surface] = {}
        #: the pixels of the lit destinations' layer (:meth:`highlight`), kept from one roll to the next
        self._lit: pygame.Surface | None = None
        self._room_geometry()
        self._paint_static()

    # --------------------------------------------------------- geometry
    def square_rect(self, sq: Square) -> pygame.Rect:
        """The screen rectangle of a square."""
        sx, sy = self.cell
        return pygame.Rect(self.origin[0] + sq[0] * sx, self.origin[1] + sq[1] * sy, sx, sy)

    def square_centre(self, sq: Square) -> Point:
        sx, sy = self.cell
        return (self.origin[0] + (sq[0] + .5) * sx, self.origin[1] + (sq[1] + .5) * sy)

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The square under a logical pixel, or None off the board."""
        if not self.rect.collidepoint(pos):
            return None
        return (int((pos[0] - self.origin[0]) // self.cell[0]), int((pos[1] - self.origin[1]) // self.cell[1]))

    def position_at(self, pos: tuple[int, int]) -> Position | None:
        """The destination under a pixel: a room id for a room square, else the square."""
        sq = self.square_at(pos)
        if sq is None:
            return None
        return self.board.room_of.get(sq, sq)

    def _room_geometry(self) -> None:
        """Each room's bounding box (squares), its name's rectangle
        (:attr:`label_rect`, logical pixels) and the places of its pieces
        (:attr:`weapon_places`, :attr:`token_places`: six centres each, all
        twelve at once off the name, off the walls and apart, spread over the
        floor and off the furniture when they fit so; see
        :func:`game.ui.mansion.roomlayout.room_spots`).  The name stands in the
        middle of the room, or, when the pieces do not fit round it, as
        little higher or lower as lets them fit (:attr:`label_shift`, pixels),
        and if need be a little smaller (:attr:`label_cap`: its largest size
        in pixels, never below 20)."""
        self.room_box: dict[str, pygame.Rect] = {}
        self.label_rect: dict[str, pygame.Rect] = {}
        self.label_shift: dict[str, int] = {}
        self.label_cap: dict[str, int] = {}
        self.weapon_places: dict[str, Sequence[Point]] = {}
        self.token_places: dict[str, Sequence[Point]] = {}
        for rid, room in self.board.rooms.items():
            cols = [c for c, _r in room.squares]
            rows = [r for _c, r in room.squares]
            box = pygame.Rect(min(cols), min(rows), max(cols) - min(cols) + 1, max(rows) - min(rows) + 1)
            self.room_box[rid] = box
        side = max(self.token_size, self.layout.disc)
        wall = 2 * max(2, round(self.square / 10))
        for rid, room in self.board.rooms.items():
            marks = {d.inside for d in self.board.doors if d.room == rid} | (
                {room.passage_square} if room.passage_square else set())
            # what stands on the floor (not the rugs) is kept in sight when the pieces fit beside it
            things = [self._box_rect(f.box) for f in self.board.furniture if f.room == rid and f.kind not in FLAT]
            spots: tuple[list[Spot], list[Spot]] | None
            # off the thresholds and the passage with the name smaller or moved if need be; on them
            # only when no size or place of the name leaves room enough
            for keep_off, cap in itertools.product((True, False), range(theme.px(24), theme.SMALL - 1, -2)):
                self.label_cap[rid] = cap
                fitted = self._fit_pieces(rid, side, marks, things, wall, keep_off)
                if fitted is not None:
                    spots, label = fitted
                    break
            else:
                self.label_cap[rid], self.label_shift[rid] = theme.px(24), 0
                label = self._label_box(rid)
                spots = room_spots(room.squares, self.origin, self.cell, label, side, marks, strict=False,
                                   furniture=things)
            self.label_rect[rid] = label
            assert spots is not None    # not strict: the pieces always get places
            self.weapon_places[rid], self.token_places[rid] = spots

    def _box_rect(self, box: tuple[float, float, float, float]) -> pygame.Rect:
        """A box ``(x, y, w, h)`` in squares (fractions allowed) as a rectangle in logical pixels."""
        x, y, w, h = box
        sx, sy = self.cell
        return pygame.Rect(round(self.origin[0] + x * sx), round(self.origin[1] + y * sy), round(w * sx),
                           round(h * sy))

    def _label_shifts(self, rid: str) -> list[int]:
        """The name's shifts to try (pixels, up negative): none, then half a
        square more each time, up and down, and last against the top or the
        bottom wall of the room's box."""
        _size, _lines, rects = self._label_layout(rid)
        room_h = self.room_box[rid].height * self.cell[1]
        wall = max(2, round(self.square / 10))
        reach = max(0, (room_h - rects[0].unionall(rects[1:]).height - 4) // 2 - wall)   # against a wall
        step = self.cell[1] // 2
        shifts = [sign * k * step for k in range(1, reach // step + 1) for sign in (-1, 1)] + [-reach, reach]
        return [0] + sorted(set(shifts) - {0}, key=lambda d: (abs(d), d))

    def _label_box(self, rid: str) -> pygame.Rect:
        """The name's rectangle on screen, its shadow included."""
        _size, _lines, rects = self._label_layout(rid)
        return rects[0].unionall(rects[1:]).move(self.origin).inflate(4, 4)

    def piece_rect(self, kind: str, point: Point) -> pygame.Rect:
        """The rectangle (logical pixels) a piece covers at ``point``:
        ``kind`` "token" (its box) or "weapon" (its piece's box, ``layout.disc``)."""
        side = self.token_size if kind == "token" else self.layout.disc
        r = pygame.Rect(0, 0, side, side)
        r.center = (int(point[0]), int(point[1]))
        return r

    def _label_layout(self, rid: str) -> tuple[int, list[str], list[pygame.Rect]]:
        """A room name's font size, lines and line rectangles (board-local pixels),
        centred in the room's bounding box; long names shrink, then wrap."""
        box = self.room_box[rid]
        width = box.width * self.cell[0] - 12
        label = card(rid)
        smallest = theme.SMALL
        for size in range(self.label_cap.get(rid, theme.px(24)), smallest - 1, -1):   # never below 20 pixels
            if theme.font_px(size, True).size(label)[0] <= width:
                lines = [label]
                break
            wrapped = theme.wrap(label, width, size, True, exact=True)
            if all(theme.font_px(size, True).size(w)[0] <= width for w in wrapped) and len(wrapped) <= 2:
                lines = wrapped
                break
        else:
            size, lines = smallest, theme.wrap(label, width, smallest, True, exact=True)
        cx, cy = self.room_label_centre(rid)
        cx -= self.origin[0]
        cy -= self.origin[1]
        f = theme.font_px(size, True)
        lh = f.get_linesize()
        y = cy - lh * len(lines) / 2
        rects = []
        for ln in lines:
            w, h = f.size(ln)
            rects.append(pygame.Rect(0, 0, w, h))
            rects[-1].midtop = (int(cx), int(y))
            y += lh
        return size, lines, rects

    def room_label_centre(self, room: str) -> Point:
        """The centre of the room's name: the middle of its box, moved by :attr:`label_shift`."""
        box = self.room_box[room]
        return (self.origin[0] + (box.left + box.width / 2) * self.cell[0],
                self.origin[1] + (box.top + box.height / 2) * self.cell[1] + self.label_shift.get(room, 0))

    def token_point(self, suspect: str, pos: Position, others_in_room: list[str] | None = None) -> Point:
        """The pixel centre of ``suspect``'s token at ``pos`` (in a room, the
        suspect's own place, so several tokens spread over the room)."""
        if isinstance(pos, str):
            return self.token_places[pos][SUSPECTS.index(suspect) % len(self.token_places[pos])]
        return self.square_centre(pos)

    def weapon_point(self, weapon: str, room: str, rank: int | None = None) -> Point:
        """The pixel centre of a weapon in its room: the first weapon's place
        (the farthest from the walls and the name) first; ``rank`` is its
        place among the weapons in that room (default: its place among all
        weapons)."""
        places = self.weapon_places[room]
        return places[(WEAPONS.index(weapon) if rank is None else rank) % len(places)]

    def _fit_pieces(self, rid: str, side: int, marks: set[Square], things: list[pygame.Rect], wall: int,
                    keep_off: bool) -> tuple[tuple[list[Spot], list[Spot]], pygame.Rect] | None:
        """The pieces' places in room ``rid`` with its name at the size set in :attr:`label_cap`, at the
        first of its places (:meth:`_label_shifts`, set in :attr:`label_shift`) that leaves room for them
        (:func:`room_spots`, ``keep_off`` the thresholds and passage ``marks``): (the places, the name's
        box), or None."""
        room = self.board.rooms[rid]
        for dy in self._label_shifts(rid):
            self.label_shift[rid] = dy
            label = self._label_box(rid)
            if dy == 0 or on_floor(label.inflate(0, wall).clip(self.destination_rect(rid)), room.squares,
                                   self.origin, self.cell):
                spots = room_spots(room.squares, self.origin, self.cell, label, side, marks,
                                   furniture=things, keep_off=keep_off)
                if spots is not None:
                    return spots, label
        return None

    # ------------------------------------------------------------ static
    @property
    def static(self) -> pygame.Surface:
        """The board's picture (:attr:`rect`'s size, the output scale; see the class).  After
        :meth:`painted_into`, a copy of the board's rectangle of that picture while it lives (the
        view keeps none of its own: 16 MB at 3840 x 2160, the same pixels as the table's backdrop
        holds), else the board drawn again."""
        if self._static is not None:
            return self._static
        into = self._painted_into() if self._painted_into is not None else None
        if into is not None:
            part = into.subsurface(self.rect)
            # a copy of its own (a subsurface at scale 1 would keep the whole picture it is taken from alive)
            return part.copy() if part.get_parent() is not None else part
        self._painted_into = None
        self._paint_static()
        assert self._static is not None
        return self._static

    @static.setter
    def static(self, picture: pygame.Surface) -> None:
        self._static, self._painted_into = picture, None

    def painted_into(self, picture: pygame.Surface) -> None:
        """The board's picture was painted into ``picture`` (a whole screen, the table's backdrop,
        at :attr:`origin`) and nothing is ever drawn over its board rectangle: the view lets go
        of its own picture and takes it from there while ``picture`` lives (:attr:`static`)."""
        self._painted_into = weakref.ref(picture)
        self._static = None

    def _paint_static(self) -> None:
        """Draw the board's picture (:attr:`static`): the furnished mansion, or the plain plan with
        its grid when the map's pictures are unusable, and the room names."""
        tiles = _tile_layer(self._map_path, self.board) if self._map_path else None
        if tiles is None:
            pic = gfx.smoothscale(_plain_plan(self.board, 32), self.rect.size)
            self._grid_lines(pic)
        else:   # the map and its pictures are sound: the furnished mansion, drawn for this size
            pic = draw_mansion(self.board, self.rect.size)
        if pygame.display.get_surface():
            pic = gfx.in_window_format(pic)
        self._room_names(pic)
        self._static = pic

    def _grid_lines(self, target: pygame.Surface) -> None:
        """A faint grid on corridor squares so steps can be counted."""
        line = gfx.surface(self.cell, pygame.SRCALPHA)
        gfx.rect(line, (60, 40, 25, 70), line.get_rect(), 1)
        for sq in self.board.corridor:
            r = self.square_rect(sq).move(-self.origin[0], -self.origin[1])
            target.blit(line, r)

    def _room_names(self, target: pygame.Surface) -> None:
        for rid in self.board.rooms:
            self._room_name(target, rid)

    def _room_name(self, target: pygame.Surface, rid: str, shift: tuple[int, int] = (0, 0)) -> None:
        """Room ``rid``'s name, with its dark shadow, on ``target`` (board-local pixels, moved by ``shift``)."""
        size, lines, rects = self._label_layout(rid)
        rects = [r.move(shift) for r in rects]
        for ln, r in zip(lines, rects, strict=True):
            shadow = theme.render_px(ln, size, (40, 22, 12), True)
            face = theme.render_px(ln, size, (255, 244, 220), True)
            r = face.get_rect(topleft=r.topleft)
            for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (2, 2)):
                target.blit(shadow, r.move(dx, dy))
            target.blit(face, r)

    # ------------------------------------------------------------ dynamic
    def highlight(self, moves) -> Lit:
        """A transparent layer lighting every destination in ``moves`` (squares
        and whole rooms) with :data:`LIT_FILL` and an edge of :data:`LIT_EDGE`; a
        lit room's name is written again on top.  The layer covers only what is
        lit (a board-sized one is 16 MB at 3840 x 2160): blit its ``picture`` at
        :attr:`origin` moved by its ``at``.  Build it once per roll."""
        lit = Stepped(self.highlight_steps(moves)).step(finish=True)
        assert lit is not None          # finished
        return lit

    def highlight_steps(self, moves) -> Generator[None, None, Lit]:
        """:meth:`highlight` a part at a time: each ``next()`` draws one destination (a lit
        room's edge and name apart), and the generator returns the :class:`Lit` when done:
        the same operations in the same order, so the same pixels, spread over the frames
        of the die's tumble.  Until it returns, the last roll's layer is not to be drawn
        (its pixels are reused)."""
        rooms = [d for d in moves if isinstance(d, str)]
        squares = [sq for d in moves for sq in (self.board.rooms[d].squares if isinstance(d, str) else [d])]
        if not squares:
            return Lit(gfx.surface((1, 1), pygame.SRCALPHA), (0, 0))
        local = [self.square_rect(sq).move(-self.origin[0], -self.origin[1]) for sq in squares]
        local += [r for rid in rooms for r in self._label_layout(rid)[2]]
        # the edges stand a pixel or two outside their squares, a name's shadow two outside its line
        box = local[0].unionall(local[1:]).inflate(16, 16).clip(pygame.Rect((0, 0), self.rect.size))
        step = _whole_device_step(gfx.output_scale())       # the same device pixels as a board-sized layer
        left, top = box.left - box.left % step, box.top - box.top % step
        box = pygame.Rect(left, top, box.right - left, box.bottom - top)
        layer = self._lit_layer(box.size)
        shift = (-self.origin[0] - box.left, -self.origin[1] - box.top)
        fill = LIT_FILL
        lit = set(squares)
        # the lit area's edge is drawn once, before the last lit room's name: drawn before each room's
        # name, it covered the earlier names' pixels on it again, so the picture is the same
        last_room = max((i for i, d in enumerate(moves) if isinstance(d, str)), default=-1)
        for i, dest in enumerate(moves):
            for r in self._runs(self.board.rooms[dest].squares if isinstance(dest, str) else [dest]):
                layer.fill(fill, r.move(shift))
            if not isinstance(dest, str):
                r = self.square_rect(dest).move(shift)
                gfx.rect(layer, LIT_EDGE, r, 2)
            else:
                if i == last_room:
                    yield
                    for sq in squares:
                        r = self.square_rect(sq).move(shift)
                        for (dc, dr), a, b in (((0, -1), r.topleft, r.topright), ((0, 1), r.bottomleft, r.bottomright),
                                               ((-1, 0), r.topleft, r.bottomleft), ((1, 0), r.topright, r.bottomright)):
                            if (sq[0] + dc, sq[1] + dr) not in lit:
                                gfx.line(layer, LIT_EDGE, a, b, 3)
                    yield
                self._room_name(layer, dest, (-box.left, -box.top))    # over the wash: reads as well as unlit
            yield
        return Lit(layer, box.topleft)

    def _runs(self, squares) -> list[pygame.Rect]:
        """The screen rectangles (logical pixels) of ``squares`` joined along each row: a run of
        squares side by side is one rectangle.  Neighbours' edges meet exactly, so filling the
        runs lights the same device pixels as filling every square, with a fill a run (a room
        of 40 squares was 40 fills)."""
        sx, sy = self.cell
        runs: list[pygame.Rect] = []
        for col, row in sorted(squares, key=lambda sq: (sq[1], sq[0])):
            last = runs[-1] if runs else None
            r = self.square_rect((col, row))
            if last is not None and last.top == r.top and last.right == r.left:
                last.width += sx
            else:
                runs.append(r)
        return runs

    def _lit_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """A clear transparent layer of logical ``size`` at the output scale for :meth:`highlight`:
        the top-left part of the one kept from the last roll when that is large enough (its
        pixels then change: the last roll's layer is no longer drawn), else a new one, kept.
        A new layer each roll was a fresh allocation the system zeroed page by page: 10 ms of
        the frame the die lands in at 3840 x 2160, more than clearing the pixels."""
        scale = gfx.output_scale()
        device = (max(0, gfx.dev(size[0], scale)), max(0, gfx.dev(size[1], scale)))
        kept = self._lit
        if kept is None or gfx.scale_of(kept) != scale or \
                any(d > k for d, k in zip(device, pygame.Surface.get_size(gfx.raw(kept)), strict=True)):
            self._lit = gfx.surface(size, pygame.SRCALPHA)
            return self._lit
        part = pygame.Surface.subsurface(gfx.raw(kept), pygame.Rect((0, 0), device))
        pygame.Surface.fill(part, (0, 0, 0, 0))
        if isinstance(part, gfx.Canvas):    # pygame makes the subclass without calling __init__
            part.scale, part._lsize = scale, (int(size[0]), int(size[1]))
        return part

    def dest_point(self, dest: Position) -> Point:
        """Where the keyboard cursor sits for a destination."""
        if isinstance(dest, str):
            return self.room_label_centre(dest)
        return self.square_centre(dest)

    def destination_rect(self, dest: Position) -> pygame.Rect:
        """The screen rectangle (logical pixels) of a destination: a room's
        bounding box, or a corridor square."""
        if isinstance(dest, str):
            box = self.room_box[dest]
            sx, sy = self.cell
            return pygame.Rect(self.origin[0] + box.left * sx, self.origin[1] + box.top * sy, box.width * sx,
                               box.height * sy)
        return self.square_rect(dest)

    def draw_cursor(self, surface: pygame.Surface, dest: Position, t: float) -> None:
        """The keyboard cursor on a destination; ``t`` (seconds) makes it pulse."""
        grow = int(2 + 2 * math.sin(t * 6))
        r = self.destination_rect(dest).inflate(*((grow, grow) if isinstance(dest, str) else (6 + grow, 6 + grow)))
        gfx.rect(surface, (20, 14, 10), r.inflate(4, 4), 3, border_radius=6)
        gfx.rect(surface, (255, 255, 255), r, 3, border_radius=6)

    def _piece(self, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The piece's picture ``key``, from ``make()`` the first time."""
        pic = self._pieces.get(key)
        if pic is None:
            pic = self._pieces[key] = make()
        return pic

    def draw_token(self, surface: pygame.Surface, suspect: str, point: Point, active_t: float | None = None) -> None:
        """A pawn centred on ``point``.  ``active_t`` (seconds) marks the pawn
        whose turn it is: it stands on a pulsing pool of light
        (:func:`game.ui.draw.pawns.glow`) and is lifted off the floor by about an
        eighth of its size, bobbing gently, so it is found from across the room."""
        img = self._piece(("token", suspect, self.token_size, assets.language()),
                          lambda: assets.token(suspect, self.token_size))
        x, y = int(point[0]), int(point[1])
        if active_t is not None:
            pulse = 0.5 * (1 + math.sin(active_t * 4))
            glow = assets.pawn_glow(round(self.token_size * GLOW_SIZE))
            kept = glow.get_alpha()         # the cached pool itself, faded for this blit only: no copy a frame
            glow.set_alpha(round(170 + 85 * pulse))
            surface.blit(glow, glow.get_rect(center=(x, y)))
            glow.set_alpha(kept)
            y -= round(self.token_size * (LIFT + LIFT_BOB * pulse))
        surface.blit(img, img.get_rect(center=(x, y)))

    def draw_weapon(self, surface: pygame.Surface, weapon: str, point: Point) -> None:
        """A weapon's piece (:func:`game.ui.draw.assets.weapon_piece`, the size of
        its place) lying on the floor, centred on ``point``."""
        img = self._piece(("weapon", weapon, self.layout.disc), lambda: assets.weapon_piece(weapon, self.layout.disc))
        surface.blit(img, img.get_rect(center=(int(point[0]), int(point[1]))))
