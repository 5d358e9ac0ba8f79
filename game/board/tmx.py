"""Build a :class:`~game.board.model.Board` from the Tiled map of the mansion.

All board geometry comes from the map file; the only knowledge in Python is
the card names of :mod:`game.rules.cards` (rooms and suspects are named in the
map by their English names, e.g. ``"Dining Room"``, ``"Miss Scarlet"``).

Map conventions (Tiled 1.10, orthogonal, 24 x 25 squares; pixel coordinates are
turned into squares by dividing by the map's tile size):

* tile layer ``floor``: every tile carries a string property ``kind``; tiles
  whose kind is ``corridor`` or ``start`` are corridor squares, everything else
  (``room``, ``door``, ``passage``, ``wall``, ``envelope`` ...) is only looks.
* object group ``rooms``: rectangles of type ``room`` whose name is the room's
  English name.  Several rectangles with the same name form one room.
* object group ``doors``: objects of type ``door`` on the corridor square in
  front of a doorway, string property ``room``.  Exactly one square of that
  room must be orthogonally next to the door square (the square "inside").
* object group ``passages``: objects of type ``passage`` with string properties
  ``from`` and ``to`` (room names), standing on a square of the ``from`` room.
  One object per pair or one per direction: passages always work both ways.
* object group ``starts``: objects of type ``start`` on a corridor square with
  string property ``suspect`` (suspect's English name), one per suspect.
* object group ``envelope``: rectangle(s) of type ``envelope``, the central
  case-file space (not walkable).
* object group ``furniture`` (optional): rectangles of type ``furniture`` named
  by what they are (``"sofa"``, ``"billiard table"``...), only looks; each must
  lie inside one room, off its doorways' thresholds and its secret passage,
  and be unturned (rotation 0: the board draws it square to the grid).

Objects are identified by their Tiled id (names are not unique).  Run
``python -m game.board.tmx [PATH]`` to check a map and print a summary.
"""

from __future__ import annotations

import base64
import binascii
import io
import logging
import math
import os
import sys
import zlib
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, ParseError, iterparse

log = logging.getLogger(__name__)

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# pytmx ships no type hints (pyproject.toml tells mypy so): its objects are Any here
import pytmx  # noqa: E402

from game.board.model import Board, Door, Furniture, Room, Square  # noqa: E402
from game.core.cards import CARD_NAMES, ROOMS, SUSPECTS  # noqa: E402
from game.storage.files import FileProblem, NotAFileError, read_file_bytes, read_picture  # noqa: E402

#: A pytmx map object (``pytmx.TiledObject``) or layer: pytmx has no type hints.
PytmxObject = Any

#: The map names rooms and start squares by the cards' display names.
ROOM_BY_NAME = {CARD_NAMES[r]: r for r in ROOMS}
SUSPECT_BY_NAME = {CARD_NAMES[s]: s for s in SUSPECTS}

#: The size of the mansion, in squares.
MAP_WIDTH, MAP_HEIGHT = 24, 25
#: Floor tile kinds that make a corridor square.
CORRIDOR_KINDS = frozenset({"corridor", "start"})
#: The largest map or tileset file read (bytes); the mansion's are about 10 KB.
MAX_FILE_BYTES = 2 * 1024 * 1024
#: The largest tile, in pixels (the mansion's are 32).
MAX_TILE_PX = 128
#: The most tiles one tileset picture may be cut into (the mansion's: 96).
MAX_TILESET_TILES = 4096

__all__ = ["MapError", "load_board", "check_pictures", "read_picture", "summary", "main", "MAP_WIDTH",
           "MAP_HEIGHT"]


class MapError(ValueError):
    """The map file is missing, unreadable or does not describe a playable mansion.

    The message names the file, and when it applies the map object (Tiled id and
    name) and the square ``(col, row)`` at fault.  The parts are also kept as
    attributes: ``path``, ``problem``, ``object_id``, ``object_name``, ``square``.
    """

    def __init__(self, path: str | Path, problem: str, *, object_id: int | None = None,
                 object_name: str | None = None, square: Square | None = None) -> None:
        self.path = str(path)
        self.problem = problem
        self.object_id = object_id
        self.object_name = object_name
        self.square = square
        where = [f"map {self.path}"]
        if object_id is not None:
            where.append(f'object {object_id} "{object_name or ""}"')
        if square is not None:
            where.append(f"square ({square[0]}, {square[1]})")
        super().__init__(", ".join(where) + ": " + problem)


class _Loader:
    """One load of one file; keeps the path and tile size for messages."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tw = self.th = 32
        #: the pictures the map uses, found by :meth:`precheck`: (path, declared width, height; 0 if not said)
        self.pictures: list[tuple[str, int, int]] = []

    def error(self, problem: str, obj: PytmxObject = None, square: Square | None = None) -> MapError:
        if obj is None:
            return MapError(self.path, problem, square=square)
        return MapError(self.path, problem, object_id=obj.id, object_name=obj.name, square=square)

    # -- reading ---------------------------------------------------------------
    def read(self) -> pytmx.TiledMap:
        self.precheck()
        try:
            return pytmx.TiledMap(str(self.path), load_all=False)
        except OSError as e:     # changed since the precheck read it
            raise MapError(self.path, f"the file cannot be read ({e.strerror or e})") from None
        except ParseError as e:
            raise MapError(self.path, f"the file is not valid XML ({e})") from None
        except Exception as e:  # pytmx raises bare Exception/ValueError/KeyError on bad content
            raise MapError(self.path, f"the file is not a readable Tiled map ({e})") from None

    # -- sizes, checked before pytmx reads anything -------------------------------
    def read_file(self, path: Path, what: str) -> bytes:
        """The bytes of the map or a tileset file ``path`` (``what`` names it in
        messages), read with :func:`game.storage.files.read_file_bytes`: only an
        ordinary file of at most :data:`MAX_FILE_BYTES` is opened (a pipe or a
        device would hang the reader, a huge file would take minutes).  Raises
        ``FileNotFoundError``, or :class:`MapError` for anything else that
        stops it being read (a folder, no permission, a disk error)."""
        try:
            return read_file_bytes(path, MAX_FILE_BYTES)
        except FileNotFoundError:
            raise
        except NotAFileError as e:
            kind = "a folder, not a map file" if e.detail == "a directory" else "not an ordinary file"
            raise MapError(self.path, f"{what} is {kind}") from None
        except FileProblem as e:            # too big
            size = int(e.detail.split()[0]) if e.detail else MAX_FILE_BYTES + 1
            raise MapError(self.path, f"{what} is {size / 2 ** 20:.1f} MB; the mansion's map files are a few "
                                      f"KB, and files over {MAX_FILE_BYTES // (1024 * 1024)} MB are not read"
                           ) from None
        except PermissionError:
            raise MapError(self.path, f"{what} cannot be read: the game is not allowed to read it") from None
        except OSError as e:                # a disk error, /proc/self/mem, a loop of links
            raise MapError(self.path, f"{what} cannot be read ({e.strerror or e})") from None

    def number(self, el: Element, name: str, what: str) -> int:
        """The whole-number attribute ``name`` of element ``el`` (0 when absent)."""
        raw = el.get(name)
        if raw is None:
            return 0
        try:
            value = float(raw)
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise MapError(self.path, f'{what} has {name} "{raw[:20]}", which is not a number')
        return int(value)

    def precheck(self) -> None:
        """Check the declared sizes with a cheap pass over the XML before pytmx
        parses it: the map and every tile layer must be 24 x 25 squares, tiles
        1 to :data:`MAX_TILE_PX` pixels, packed layer data must not unpack to
        more squares than that, and a tileset picture must not be cut into more
        than :data:`MAX_TILESET_TILES` tiles.  Raises :class:`MapError` in plain
        words; a map that claims 10000 x 10000 squares is refused at once."""
        try:
            data = self.read_file(self.path, "the file")
        except FileNotFoundError:
            raise MapError(self.path, "the file does not exist") from None
        self.check_xml(self.path, data, "the map")

    def check_xml(self, path: Path, data: bytes, where: str) -> None:
        """One pass of :meth:`precheck` over ``data``, the text of the map or a
        tileset file ``path``.  Every object of the map must have numbers for
        its place, size and turn (``nan`` or ``inf`` would reach the squares)."""
        layer: str | None = None
        tileset: tuple[int, int, int, int] | None = None    # tile width, height, spacing, margin
        stack: list[str] = []
        try:
            for event, el in iterparse(io.BytesIO(data), events=("start", "end")):
                if event == "end":
                    stack.pop()
                    if el.tag == "data" and layer is not None:
                        self.check_data(el, layer)
                    if el.tag in ("data", "layer", "object", "tile"):
                        el.clear()
                    continue
                parent = stack[-1] if stack else None
                stack.append(el.tag)
                if parent is None and where == "the map" and el.tag != "map":
                    raise MapError(self.path, "the file is not a Tiled map (it does not start with <map>)")
                if parent is None and where != "the map" and el.tag != "tileset":
                    # a tileset file that is the map again (a link to it) would be read for ever
                    raise MapError(self.path, f"{where} is not a Tiled tileset (it does not start with "
                                              f"<tileset>)")
                if el.tag == "map":
                    self.check_map_header(el)
                elif el.tag == "layer":
                    layer = el.get("name") or ""
                    w, h = (self.number(el, k, f'the layer "{layer}"') for k in ("width", "height"))
                    if (w, h) != (MAP_WIDTH, MAP_HEIGHT):
                        raise MapError(self.path, f'the layer "{layer}" is {w} x {h} squares; every layer of '
                                                  f"the mansion must be {MAP_WIDTH} x {MAP_HEIGHT}")
                elif el.tag == "chunk":
                    raise MapError(self.path, f'the layer "{layer}" is stored in chunks, as in an infinite '
                                              f"map; the mansion must be a fixed {MAP_WIDTH} x {MAP_HEIGHT} map")
                elif el.tag == "tileset":
                    source = el.get("source")
                    if source and parent == "map":
                        tsx = Path(os.path.join(os.path.dirname(str(self.path)), source))
                        what = f"the tileset file {source}"
                        try:
                            self.check_xml(tsx, self.read_file(tsx, what), what)
                        except FileNotFoundError:   # reported when the map is read
                            pass
                        continue
                    what = f"the tileset in {where}" if where == "the map" else where
                    tw, th = (self.number(el, k, what) for k in ("tilewidth", "tileheight"))
                    if not (1 <= tw <= MAX_TILE_PX and 1 <= th <= MAX_TILE_PX):
                        raise MapError(self.path, f"{what} has tiles of {tw} x {th} pixels; tiles must be 1 "
                                                  f"to {MAX_TILE_PX} pixels wide and high")
                    tileset = (tw, th, self.number(el, "spacing", what), self.number(el, "margin", what))
                elif el.tag == "object" and parent == "objectgroup" and where == "the map":
                    self.check_object(el)
                elif el.tag == "image":
                    if parent == "tileset" and tileset is not None:
                        self.check_tileset_image(el, tileset, where)
                    self.add_picture(el, path, where)
        except ParseError as e:
            raise MapError(self.path, f"{'the file' if where == 'the map' else where} is not valid XML ({e})"
                           ) from None

    def check_object(self, el: Element) -> None:
        """The place, size and turn of a map object are numbers of pixels
        (degrees): ``nan``, ``inf`` or words are refused naming the object."""
        for name in ("x", "y", "width", "height", "rotation"):
            raw = el.get(name)
            if raw is None:
                continue
            try:
                finite = math.isfinite(float(raw))
            except ValueError:
                finite = False
            ident = el.get("id") or ""
            where: dict[str, Any] = dict(object_id=int(ident) if ident.isdigit() else None, object_name=el.get("name"))
            if not finite:
                raise MapError(self.path, f'the object has {name} "{raw[:20]}", which is not a number of '
                                          f"{'degrees' if name == 'rotation' else 'pixels'}", **where)
            # the board reads every object as a rectangle square to the grid: a turned one would be read unturned
            if name == "rotation" and float(raw) % 360 != 0:
                raise MapError(self.path, f"the object is turned (rotation {raw[:20]}); every object of the mansion "
                                          "must have rotation 0", **where)

    def check_map_header(self, el: Element) -> None:
        w, h = (self.number(el, k, "the map") for k in ("width", "height"))
        if el.get("infinite") == "1":
            raise MapError(self.path, f"the map is an infinite map; the mansion must be a fixed {MAP_WIDTH} x "
                                      f"{MAP_HEIGHT} map")
        if (w, h) != (MAP_WIDTH, MAP_HEIGHT):
            raise MapError(self.path, f"the map is {w} x {h} squares; the mansion must be {MAP_WIDTH} x "
                                      f"{MAP_HEIGHT}")
        tw, th = (self.number(el, k, "the map") for k in ("tilewidth", "tileheight"))
        if tw == 0 or th == 0:
            raise MapError(self.path, "the map has no tile size")
        if not (1 <= tw <= MAX_TILE_PX and 1 <= th <= MAX_TILE_PX):
            raise MapError(self.path, f"the map's squares are {tw} x {th} pixels; they must be 1 to "
                                      f"{MAX_TILE_PX} pixels wide and high")

    def add_picture(self, el: Element, path: Path, where: str) -> None:
        """Note the picture of an ``<image>`` (of a tileset, a tile or an image
        layer) in :attr:`pictures`, its path as pytmx finds it (next to the file
        that names it)."""
        source = el.get("source")
        if source:
            w, h = (self.number(el, k, f"the picture {source} in {where}") for k in ("width", "height"))
            self.pictures.append((os.path.normpath(os.path.join(os.path.dirname(str(path)), source)), w, h))

    def check_tileset_image(self, el: Element, tileset: tuple[int, int, int, int], where: str) -> None:
        """The tileset picture is cut into at most :data:`MAX_TILESET_TILES` tiles
        (counted as pytmx cuts it)."""
        tw, th, spacing, margin = tileset
        iw, ih = (self.number(el, k, f"the tileset picture in {where}") for k in ("width", "height"))
        if tw + spacing < 1 or th + spacing < 1:
            raise MapError(self.path, f"the tileset in {where} has a spacing of {spacing} pixels, which "
                                      f"does not fit its {tw} x {th} tiles")
        n = (len(range(margin, iw + margin - tw + 1, tw + spacing))
             * len(range(margin, ih + margin - th + 1, th + spacing)))
        if n > MAX_TILESET_TILES:
            raise MapError(self.path, f"the tileset picture in {where} ({iw} x {ih} pixels) is cut into {n} "
                                      f"tiles; a tileset may have at most {MAX_TILESET_TILES}")

    def check_data(self, el: Element, layer: str) -> None:
        """The squares of a 24 x 25 tile layer: packed data must not unpack to
        more than 24 x 25 squares (4 bytes each)."""
        squares = MAP_WIDTH * MAP_HEIGHT
        text = (el.text or "").strip()
        too_many = (f'the layer "{layer}" holds more squares than a {MAP_WIDTH} x {MAP_HEIGHT} map has '
                    f"({squares})")
        if el.get("encoding") == "csv":
            if text.count(",") + 1 > squares:
                raise MapError(self.path, too_many)
            return
        if el.get("encoding") != "base64":
            return                       # pytmx reports other encodings
        try:
            raw = base64.b64decode(text)
        except (binascii.Error, ValueError):
            raise MapError(self.path, f'the squares of layer "{layer}" are damaged (not base64 text)') from None
        compression = el.get("compression")
        if compression in ("zlib", "gzip"):
            unpack = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
            try:
                raw = unpack.decompress(raw, squares * 4 + 1)
            except zlib.error:
                raise MapError(self.path, f'the squares of layer "{layer}" are damaged (their {compression} '
                                          "packing cannot be undone)") from None
        if len(raw) > squares * 4:
            raise MapError(self.path, too_many)

    def object_square(self, obj: PytmxObject) -> Square:
        """The square of a one-square object (or under a point); for a bigger
        rectangle, its top-left square."""
        x = obj.x + min(obj.width or 0, self.tw) / 2
        y = obj.y + min(obj.height or 0, self.th) / 2
        return int(x // self.tw), int(y // self.th)

    def object_squares(self, obj: PytmxObject) -> Iterator[Square]:
        """Every square covered by a rectangle object (which must be grid-aligned), row by row."""
        vals = (obj.x / self.tw, obj.y / self.th, (obj.width or 0) / self.tw, (obj.height or 0) / self.th)
        if any(abs(v - round(v)) > 1e-6 for v in vals) or vals[2] < 1 or vals[3] < 1:
            raise self.error("the rectangle is not lined up with the squares "
                             f"(x, y, width, height must be multiples of {self.tw} pixels)",
                             obj, self.object_square(obj))
        c0, r0, w, h = (round(v) for v in vals)
        # one at a time: the callers stop at the first square off the board, so a
        # rectangle claiming a million squares costs no more than the board
        return ((c, r) for r in range(r0, r0 + h) for c in range(c0, c0 + w))

    def in_bounds(self, sq: Square) -> bool:
        return 0 <= sq[0] < MAP_WIDTH and 0 <= sq[1] < MAP_HEIGHT

    def check_type(self, obj: PytmxObject, expected: str, layer: str) -> None:
        kind = obj.type or getattr(obj, "class", None) or obj.properties.get("class")
        if kind and kind != expected:
            raise self.error(f'the object in layer "{layer}" has type "{kind}"; it should be "{expected}"',
                             obj, self.object_square(obj))

    def text_prop(self, obj: PytmxObject, *names: str) -> str | None:
        for n in names:
            v = obj.properties.get(n)
            if v is not None and str(v).strip():
                return str(v).strip()
        return None

    # -- building --------------------------------------------------------------
    def load(self) -> Board:
        tmx = self.read()
        if tmx.width != MAP_WIDTH or tmx.height != MAP_HEIGHT:
            raise MapError(self.path, f"the map is {tmx.width} x {tmx.height} squares; "
                                      f"the mansion must be {MAP_WIDTH} x {MAP_HEIGHT}")
        if not tmx.tilewidth or not tmx.tileheight:
            raise MapError(self.path, "the map has no tile size")
        self.tw, self.th = tmx.tilewidth, tmx.tileheight

        layers: dict[str, PytmxObject] = {}
        for layer in tmx.layers:
            layers.setdefault(layer.name, layer)

        def group(name: str, required: bool = True) -> list[PytmxObject]:
            layer = layers.get(name)
            if layer is None:
                if required:
                    raise MapError(self.path, f'the map has no object layer named "{name}"')
                return []
            if not isinstance(layer, pytmx.TiledObjectGroup):
                raise MapError(self.path, f'the layer "{name}" should be an object layer')
            return sorted(layer, key=lambda o: o.id)

        corridor = self.corridor(tmx, layers.get("floor"))
        rooms, room_obj = self.rooms(group("rooms"), corridor)
        envelope = self.envelope(group("envelope", required=False), corridor, rooms)
        doors = self.doors(group("doors"), corridor, rooms)
        for rid in ROOMS:
            if not any(d.room == rid for d in doors):
                obj = room_obj[rid]
                raise self.error(f"no door leads into the {CARD_NAMES[rid]}: every room needs at least "
                                 'one object in layer "doors" with property room = '
                                 f'"{CARD_NAMES[rid]}"', obj, min(rooms[rid], key=lambda s: (s[1], s[0])))
        insides = {d.inside for d in doors}
        for tile_sq in sorted(self.door_tiles, key=lambda s: (s[1], s[0])):
            if tile_sq not in insides:
                raise MapError(self.path, 'the "floor" layer draws a doorway here but no object in layer '
                                          '"doors" stands in front of it', square=tile_sq)
        passages = self.passages(group("passages", required=False), rooms)
        starts = self.starts(group("starts"), corridor)
        self.check_connected(corridor, starts, doors, tmx)
        furniture = self.furniture(group("furniture", required=False), rooms,
                                   {d.inside for d in doors} | set(self.passage_squares.values()))

        room_models = {
            rid: Room(id=rid, squares=frozenset(rooms[rid]),
                      doors=tuple(d.square for d in doors if d.room == rid),
                      passage_to=passages.get(rid), passage_square=self.passage_squares.get(rid))
            for rid in ROOMS
        }
        return Board(width=MAP_WIDTH, height=MAP_HEIGHT, corridor=frozenset(corridor), rooms=room_models,
                     doors=tuple(doors), start_squares=starts, envelope=frozenset(envelope),
                     source=str(self.path), furniture=furniture)

    def corridor(self, tmx: pytmx.TiledMap, floor: PytmxObject) -> set[Square]:
        if floor is None or not isinstance(floor, pytmx.TiledTileLayer):
            raise MapError(self.path, 'the map has no tile layer named "floor"')
        squares = set()
        self.door_tiles: dict[Square, str | None] = {}
        for r, row in enumerate(floor.data):
            for c, gid in enumerate(row):
                props = tmx.tile_properties.get(gid) or {}
                if props.get("kind") == "door":
                    self.door_tiles[(c, r)] = props.get("facing")
                if props.get("kind") in CORRIDOR_KINDS:
                    squares.add((c, r))
        if not squares:
            raise MapError(self.path, 'the "floor" layer has no corridor squares '
                                      '(tiles with property kind = "corridor" or "start")')
        return squares

    def rooms(self, objs: list[PytmxObject], corridor: set[Square]) -> tuple[dict[str, set[Square]], dict[str, object]]:
        rooms: dict[str, set[Square]] = {}
        first: dict[str, object] = {}
        owner: dict[Square, str] = {}
        for obj in objs:
            self.check_type(obj, "room", "rooms")
            name = (obj.name or "").strip()
            rid = ROOM_BY_NAME.get(name)
            if rid is None:
                raise self.error(f'unknown room name "{name}"; the rooms are: ' + ", ".join(ROOM_BY_NAME),
                                 obj, self.object_square(obj))
            for sq in self.object_squares(obj):
                if not self.in_bounds(sq):
                    raise self.error(f"the {name} reaches outside the board", obj, sq)
                if sq in corridor:
                    raise self.error(f"this square of the {name} is a corridor square in the floor layer",
                                     obj, sq)
                other = owner.get(sq)
                if other is not None and other != rid:
                    raise self.error(f"the {name} overlaps the {CARD_NAMES[other]}", obj, sq)
                owner[sq] = rid
                rooms.setdefault(rid, set()).add(sq)
            first.setdefault(rid, obj)
        for rid in ROOMS:
            if rid not in rooms:
                raise MapError(self.path, f'the map has no {CARD_NAMES[rid]}: layer "rooms" needs a '
                                          f'rectangle named "{CARD_NAMES[rid]}"')
        return rooms, first

    def envelope(self, objs: list[PytmxObject], corridor: set[Square], rooms: dict[str, set[Square]]) -> set[Square]:
        squares: set[Square] = set()
        for obj in objs:
            self.check_type(obj, "envelope", "envelope")
            for sq in self.object_squares(obj):
                if not self.in_bounds(sq):
                    raise self.error("the envelope space reaches outside the board", obj, sq)
                if sq in corridor:
                    raise self.error("the envelope space covers a corridor square", obj, sq)
                if any(sq in s for s in rooms.values()):
                    raise self.error("the envelope space covers a room square", obj, sq)
                squares.add(sq)
        return squares

    def doors(self, objs: list[PytmxObject], corridor: set[Square], rooms: dict[str, set[Square]]) -> list[Door]:
        doors: list[Door] = []
        seen: set[tuple[Square, str]] = set()
        for obj in objs:
            self.check_type(obj, "door", "doors")
            sq = self.object_square(obj)
            name = self.text_prop(obj, "room")
            if name is None:
                raise self.error('the door has no "room" property naming the room it opens into', obj, sq)
            rid = ROOM_BY_NAME.get(name)
            if rid is None:
                raise self.error(f'the door opens into an unknown room "{name}"; the rooms are: '
                                 + ", ".join(ROOM_BY_NAME), obj, sq)
            if not self.in_bounds(sq):
                raise self.error("the door stands outside the map", obj, sq)
            if sq not in corridor:
                raise self.error(f"the door does not join a corridor square to the {name}: the door must "
                                 "stand on the corridor square in front of the doorway, and this square "
                                 "is not a corridor square", obj, sq)
            c, r = sq
            inside = [s for s in ((c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)) if s in rooms[rid]]
            if len(inside) != 1:
                why = (f"no square of the {name} is next to it" if not inside
                       else f"{len(inside)} squares of the {name} are next to it, so the doorway is unclear")
                raise self.error(f"the door does not join a corridor square to the {name}: {why}", obj, sq)
            if (sq, rid) in seen:
                raise self.error(f"there are two doors into the {name} on this square", obj, sq)
            seen.add((sq, rid))
            facing = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}[
                (c - inside[0][0], r - inside[0][1])]
            if self.door_tiles.get(inside[0]) != facing:
                raise self.error(f"the door's doorway square {inside[0]} in the {name} is not drawn as a "
                                 f"doorway facing {facing} in the \"floor\" layer, so players would see the "
                                 "door somewhere else", obj, sq)
            doors.append(Door(square=sq, room=rid, inside=inside[0]))

        doors.sort(key=lambda d: (ROOMS.index(d.room), d.square[1], d.square[0]))
        return doors

    def passages(self, objs: list[PytmxObject], rooms: dict[str, set[Square]]) -> dict[str, str]:
        links: dict[str, str] = {}
        self.passage_squares: dict[str, Square] = {}     # where each passage's picture stands (its "from" room)
        for obj in objs:
            self.check_type(obj, "passage", "passages")
            sq = self.object_square(obj)
            frm = self.text_prop(obj, "from", "from_room")
            to = self.text_prop(obj, "to", "to_room")
            names = ", ".join(ROOM_BY_NAME)
            if frm is None or to is None:
                raise self.error('the passage does not join two rooms: it needs both a "from" and a "to" '
                                 "property naming rooms", obj, sq)
            for n in (frm, to):
                if n not in ROOM_BY_NAME:
                    raise self.error(f'the passage does not join two rooms: unknown room "{n}"; the rooms '
                                     f"are: {names}", obj, sq)
            a, b = ROOM_BY_NAME[frm], ROOM_BY_NAME[to]
            if a == b:
                raise self.error(f"the passage does not join two rooms: it leads from the {frm} to itself",
                                 obj, sq)
            if sq not in rooms[a]:
                raise self.error(f"the passage does not join two rooms: the object must stand in the {frm} "
                                 "(its \"from\" room), and this square is not in it", obj, sq)
            for x, y in ((a, b), (b, a)):
                if links.get(x, y) != y:
                    raise self.error(f"the {CARD_NAMES[x]} already has a secret passage to the "
                                     f"{CARD_NAMES[links[x]]}; a room has at most one", obj, sq)
                links[x] = y
            self.passage_squares[a] = sq
        return links

    def furniture(self, objs: list[PytmxObject], rooms: dict[str, set[Square]], keep_clear: set[Square]) -> tuple[Furniture, ...]:
        """The furniture: rectangles of type ``furniture`` named by what they
        are, each inside one room and off its doorways' thresholds and its
        secret passage (``keep_clear``), so that nothing a player needs is hidden."""
        out = []
        room_at = {sq: rid for rid, squares in rooms.items() for sq in squares}
        for obj in objs:
            self.check_type(obj, "furniture", "furniture")
            kind = (obj.name or "").strip().lower()
            if not kind:
                raise self.error('the object in layer "furniture" has no name (what it is, e.g. "sofa")', obj,
                                 self.object_square(obj))
            w, h = obj.width or 0, obj.height or 0
            if w <= 0 or h <= 0:
                raise self.error(f'the furniture "{kind}" has no size', obj, self.object_square(obj))
            # every square the rectangle touches (its inside, not its edges)
            c0, c1 = math.floor(obj.x / self.tw), math.ceil((obj.x + w) / self.tw)
            r0, r1 = math.floor(obj.y / self.th), math.ceil((obj.y + h) / self.th)
            if not (self.in_bounds((c0, r0)) and self.in_bounds((c1 - 1, r1 - 1))):
                raise self.error(f'the furniture "{kind}" reaches outside the map', obj, self.object_square(obj))
            touched = [(c, r) for r in range(r0, r1) for c in range(c0, c1)]
            homes = {room_at.get(sq) for sq in touched}
            for sq in touched:
                if sq not in room_at or homes != {room_at[sq]}:
                    raise self.error(f'the furniture "{kind}" must stand inside one room; it covers this square, '
                                     "which is not in the same room", obj, sq)
                if sq in keep_clear:
                    raise self.error(f'the furniture "{kind}" covers a doorway\'s threshold or a secret passage '
                                     "here; players must see them", obj, sq)
            out.append(Furniture(kind=kind, room=room_at[touched[0]],
                                 box=(obj.x / self.tw, obj.y / self.th, w / self.tw, h / self.th)))
        return tuple(out)

    def starts(self, objs: list[PytmxObject], corridor: set[Square]) -> dict[str, Square]:
        starts: dict[str, Square] = {}
        names = ", ".join(SUSPECT_BY_NAME)
        for obj in objs:
            self.check_type(obj, "start", "starts")
            sq = self.object_square(obj)
            name = self.text_prop(obj, "suspect")
            if name is None:
                raise self.error('the start square has no "suspect" property', obj, sq)
            sid = SUSPECT_BY_NAME.get(name)
            if sid is None:
                raise self.error(f'unknown suspect "{name}"; the suspects are: {names}', obj, sq)
            if sid in starts:
                raise self.error(f"{name} has a second start square", obj, sq)
            if not self.in_bounds(sq):
                raise self.error(f"{name}'s start square is outside the map", obj, sq)
            if sq not in corridor:
                raise self.error(f"{name}'s start square is not a corridor square", obj, sq)
            if sq in starts.values():
                raise self.error(f"{name}'s start square is already another suspect's start square", obj, sq)
            starts[sid] = sq
        for sid in SUSPECTS:
            if sid not in starts:
                raise MapError(self.path, f"there is no start square for {CARD_NAMES[sid]}: layer "
                                          f'"starts" needs an object with property suspect = '
                                          f'"{CARD_NAMES[sid]}"')
        return {sid: starts[sid] for sid in SUSPECTS}

    def check_connected(self, corridor: set[Square], starts: dict[str, Square], doors: list[Door],
                        tmx: pytmx.TiledMap) -> None:
        """Every corridor square (so every door and start) is reachable from the first start."""
        first = SUSPECTS[0]
        seen = {starts[first]}
        todo = deque(seen)
        while todo:
            c, r = todo.popleft()
            for sq in ((c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)):
                if sq in corridor and sq not in seen:
                    seen.add(sq)
                    todo.append(sq)
        cut = corridor - seen
        if not cut:
            return
        for d in doors:
            if d.square in cut:
                obj = next((o for o in tmx.get_layer_by_name("doors") if self.object_square(o) == d.square),
                           None)
                raise self.error(f"this door of the {CARD_NAMES[d.room]} cannot be reached from "
                                 f"{CARD_NAMES[first]}'s start square along corridor squares", obj, d.square)
        sq = min(cut, key=lambda s: (s[1], s[0]))
        raise MapError(self.path, f"this corridor square cannot be reached from {CARD_NAMES[first]}'s start "
                                  "square: the corridors must all be joined", square=sq)


def load_board(path: str | Path) -> Board:
    """Read a Tiled ``.tmx`` map and return the :class:`Board` it describes.

    Squares are ``(col, row)`` board squares (``0..23``, ``0..24``); the map's
    pixel coordinates are divided by its tile size.  No images are loaded and no
    display is needed.

    Raises :class:`MapError` (naming the file, the object id and name, and the
    square) when the file is missing or not a Tiled map, the map is not 24 x 25
    squares, a layer is missing, a room or suspect name is unknown, a room is
    missing or has no door, a door does not join a corridor square to its room,
    a passage does not join two rooms, a suspect has no start square, or part
    of the corridor cannot be reached.  Sizes are checked before the file is
    parsed or any layer unpacked (:meth:`_Loader.precheck`): a map or tileset
    file over :data:`MAX_FILE_BYTES`, a map or layer not declared 24 x 25, packed
    squares that unpack to more than that, tiles over :data:`MAX_TILE_PX`
    pixels or a tileset cut into over :data:`MAX_TILESET_TILES` tiles are
    refused at once.
    """
    return _Loader(Path(path)).load()


def check_pictures(path: str | Path) -> dict[str, bytes]:
    """Every picture the map ``path`` uses (tileset pictures, pictures of single
    tiles and of image layers, in the map or its ``.tsx`` tileset files), read
    and checked with :func:`read_picture`; keys are the normalised paths as
    pytmx joins them.  The map and tileset files are checked first as by
    :func:`load_board` (:class:`MapError`); a bad picture raises
    :class:`~game.storage.files.FileProblem`.  Never opens anything that is not an
    ordinary file."""
    loader = _Loader(Path(path))
    loader.precheck()
    pictures: dict[str, bytes] = {}
    for name, w, h in loader.pictures:
        if name not in pictures:
            pictures[name] = read_picture(name, w, h)
    return pictures


def summary(board: Board) -> str:
    """A short plain-text description of a board: rooms with their doors,
    passages, start squares (squares as ``(col, row)``)."""
    lines = [f"{board.source}: {board.width} x {board.height} squares, "
             f"{len(board.corridor)} corridor squares, {len(board.doors)} doors"]
    lines.append("Rooms:")
    for room in board.rooms.values():
        doors = " ".join(f"({c}, {r})" for c, r in room.doors)
        n = len(room.doors)
        lines.append(f"  {CARD_NAMES[room.id]:<14} {n} door{'s' if n != 1 else ' '}  {doors}")
    lines.append("Secret passages:")
    done = set()
    for room in board.rooms.values():
        if room.passage_to and frozenset((room.id, room.passage_to)) not in done:
            done.add(frozenset((room.id, room.passage_to)))
            lines.append(f"  {CARD_NAMES[room.id]} <-> {CARD_NAMES[room.passage_to]}")
    lines.append("Start squares:")
    for sid, (c, r) in board.start_squares.items():
        lines.append(f"  {CARD_NAMES[sid]:<16} ({c}, {r})")
    if board.envelope:
        cs = [c for c, _ in board.envelope]
        rs = [r for _, r in board.envelope]
        lines.append(f"Envelope: columns {min(cs)}-{max(cs)}, rows {min(rs)}-{max(rs)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """``python -m game.board.tmx [PATH]``: check a map (default: the mansion)
    and print its summary; on a bad map print the reason and return 2."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1 or (args and args[0] in ("-h", "--help")):
        log.error("usage: python -m game.board.tmx [PATH]")
        return 2 if len(args) > 1 else 0
    if args:
        path = Path(args[0])
    else:
        from game.storage.paths import MANSION_MAP
        path = MANSION_MAP
    try:
        board = load_board(path)
    except MapError as e:
        log.error("error: " + " ".join(str(e).split()))      # one line
        return 2
    except Exception as e:  # never show a traceback to someone checking a map
        log.error(f"error: map {path}: could not be checked ({type(e).__name__}: " + " ".join(str(e).split()) + ")")
        return 2
    print(summary(board))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
