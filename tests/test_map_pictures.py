"""A bad picture of the map (the tileset picture, or any other picture
the map names) never hangs the game and never takes gigabytes.

It is refused before anything opens it: a named pipe, a folder, a missing file,
a file that is not a PNG, a PNG whose header says 20000 x 20000 pixels or
another size than the map declares.  The game still plays, on a plainly drawn
board, and says over the title which picture is wrong and why.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.board.tmx import load_board  # noqa: E402
from game.storage.paths import MANSION_MAP, MAPS, ROOT  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.mansion.boardview import BoardView  # noqa: E402
from game.ui.scenes.message import MessageScene  # noqa: E402

#: A child process that does not finish in this many seconds hangs (a normal run takes one or two).
HANG = 120
TILES = "mansion_tiles.png"


def png_header(width: int, height: int, data: bytes = b"") -> bytes:
    """A PNG whose IHDR says ``width`` x ``height`` (8-bit RGBA), with ``data``
    packed into one IDAT chunk (it need not be complete) and an IEND."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(data, 9)) \
        + chunk(b"IEND", b"")


def map_copy(folder: Path, image_layer: str | None = None) -> Path:
    """The mansion map, its tileset and its picture copied into ``folder``; with
    ``image_layer``, the map also has an image layer showing that picture."""
    for name in ("mansion.tmx", "mansion.tsx", TILES):
        shutil.copy(MAPS / name, folder / name)
    path = folder / "mansion.tmx"
    if image_layer:
        tree = ET.parse(path)
        layer = ET.SubElement(tree.getroot(), "imagelayer", id="99", name="backdrop")
        ET.SubElement(layer, "image", source=image_layer)
        tree.write(path, encoding="UTF-8", xml_declaration=True)
    return path


def _folder(picture: Path) -> None:
    picture.unlink()
    picture.mkdir()


def _huge(picture: Path) -> None:
    # 1 MB of zero rows, a header claiming 20000 x 20000 (1.6 GB unpacked): refused from the header
    picture.write_bytes(png_header(20000, 20000, bytes(1 << 20)))


def _other_size(picture: Path) -> None:
    pygame.image.save(pygame.Surface((64, 48)), str(picture))     # a real PNG, not the 512 x 192 of the .tsx


def _not_png(picture: Path) -> None:
    picture.write_bytes(b"BM" + bytes(200))                      # a bitmap's start, named .png


def _missing(picture: Path) -> None:
    picture.unlink()


BAD = {  # how the picture is spoiled, what the message says
    "folder": (_folder, "it is a folder, not a file"),
    "huge": (_huge, "the picture is 20000 x 20000 pixels; the game uses pictures of at most 4096 x 4096"),
    "other size": (_other_size, "the picture is 64 x 48 pixels, but the map says 512 x 192"),
    "not png": (_not_png, "it is not a PNG picture"),
    "missing": (_missing, "the file does not exist"),
}


@pytest.fixture
def loads(monkeypatch) -> list[str]:
    """The file names pygame is asked to load pictures from: each is noted and
    refused unread (a 20000 x 20000 picture would take gigabytes).  Checked
    bytes come as file objects and are loaded."""
    seen: list[str] = []
    real = pygame.image.load

    def load(source, *args):
        if isinstance(source, (str, os.PathLike)):
            seen.append(os.fspath(source))
            raise pygame.error(f"this test does not let pygame open {source}")
        return real(source, *args)
    monkeypatch.setattr(pygame.image, "load", load)
    return seen


def started(map_path: Path) -> App:
    app = App(seed=3, sound=False, threaded_ai=False, map_path=map_path)
    app.start()
    return app


def pixels(view: BoardView) -> bytes:
    return pygame.image.tobytes(view.static, "RGB")


@pytest.mark.parametrize("where", ["tileset", "image layer"])
@pytest.mark.parametrize("kind", list(BAD))
def test_a_bad_picture_is_refused_unopened_and_the_board_is_drawn_plainly(tmp_path, loads, capsys, kind, where):
    """The bad picture (the .tsx's tileset picture, or a picture of an image
    layer in the .tmx) is never given to pygame; the game starts (no map
    error), says over the title which picture is wrong and why, and the board
    is the plain plan."""
    make, said = BAD[kind]
    if where == "tileset":
        path, picture = map_copy(tmp_path), tmp_path / TILES
    else:
        path, picture = map_copy(tmp_path, image_layer="backdrop.png"), tmp_path / "backdrop.png"
        shutil.copy(MAPS / TILES, picture)
        if kind == "other size":    # an image layer declares no size: only the bound applies
            make, said = _huge, BAD["huge"][1]
    make(picture)
    app = started(path)
    try:
        assert app.map_error is None and app.board is not None
        texts = [s.text for s in app.stack if isinstance(s, MessageScene)]
        assert len(texts) == 1, texts
        assert picture.name in texts[0] and said in texts[0] and "drawn plainly" in texts[0], texts[0]
        view = app.board_view()
        assert pixels(view) == pixels(BoardView(app.board, None))
        assert str(picture) not in loads and os.path.normpath(str(picture)) not in loads
        assert said in capsys.readouterr().err
    finally:
        app.close()


def test_the_mansion_s_pictures_pass_and_are_drawn(loads):
    """The real map: no message, and the board is drawn from its tiles (not the plain plan)."""
    app = started(MANSION_MAP)
    try:
        assert app.map_pictures_ok
        assert not [s for s in app.stack if isinstance(s, MessageScene)]
        assert pixels(app.board_view()) != pixels(BoardView(app.board, None))
    finally:
        app.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("scene", ["title", "board"])
def test_a_named_pipe_as_the_tileset_picture_does_not_hang(tmp_path, scene):
    """A named pipe in place of mansion_tiles.png: the title and the board
    (what Play shows) are drawn, the board plainly, and the log names the
    picture; opening the pipe would wait for ever."""
    path = map_copy(tmp_path)
    (tmp_path / TILES).unlink()
    os.mkfifo(tmp_path / TILES)
    shot = tmp_path / "shot.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    try:
        out = subprocess.run([sys.executable, "run.py", "--map", str(path), "--screenshot", str(shot),
                              "--scene", scene], cwd=ROOT, env=env, capture_output=True, text=True, timeout=HANG)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the game hung for {HANG} s on a named pipe as the tileset picture")
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    assert TILES in out.stderr and "not an ordinary file" in out.stderr, out.stderr
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)
    assert load_board(path).source      # the map itself is fine: only its picture is refused
