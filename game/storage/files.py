"""The game's own files (the autosave, the settings, the lesson): read safely,
written atomically, a damaged one set aside.

:func:`read_file_text` is how the game reads any of its own files: it
refuses, without opening it, anything that is not an ordinary file (a named
pipe would block for ever) or is bigger than :data:`MAX_FILE_BYTES`;
:func:`read_json` adds the JSON parsing.  Every problem is a
:class:`FileProblem` in plain words.  :func:`write_atomic` never leaves half
a file, :func:`clean_stale_temporaries` removes what a kill during it left
behind, and :func:`quarantine` renames a damaged file aside so it is kept.

This module imports nothing of the game's rules, so the settings can be read
at start-up without them.
"""

from __future__ import annotations

import json
import os
import re
import stat
import struct
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterable

from game.text import i18n
from game.text.i18n import N_

#: The folder name of the game's files in the user's config and data folders (platformdirs).
APP_NAME = "clue-family"


def default_save_path() -> Path:
    """The autosave file in the user's data folder (platformdirs)."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME)) / "autosave.json"


#: The largest saved game, settings or lesson file the game reads, in bytes.  A
#: real one is a few kilobytes (a long game well under 100 kB); anything
#: bigger is refused before a byte of it is read.
MAX_FILE_BYTES = 5 * 1024 * 1024
#: A temporary file of :func:`write_atomic` older than this (seconds) belongs to
#: no write in progress: a kill left it behind.
STALE_TMP_SECONDS = 60


class Phrase:
    """A value of a :class:`FileProblem` message that has its own words in
    each language (the engine's reason for an illegal move): ``str()`` is the
    English, :meth:`said` calls ``said`` for the player's language."""

    def __init__(self, english: str, said: Callable[[], str]) -> None:
        self.english, self._said = english, said

    def __str__(self) -> str:
        return self.english

    def __format__(self, spec: str) -> str:
        return format(self.english, spec)

    def said(self) -> str:
        """The words in the player's language."""
        return self._said()


class FileProblem(ValueError):
    """A file the game cannot use.

    ``path`` is the file; ``problem`` what is wrong, in plain words for a
    parent (English; a msgid, filled with ``values`` when given: :meth:`said`
    gives it in the player's language; ``str()`` is for the log: the path,
    the place, the problem and the detail); ``detail`` the technical detail (the
    parser's message, the kind of special file) and ``place`` where in the
    file (``"line 3, column 7"``, ``'"actions"[12]'``), both for the log, not
    the screen.  ``movable`` is False for what must stay where it is (not an
    ordinary file, or a save of a newer version): never renamed aside."""

    def __init__(self, path: str | Path, problem: str, place: str | None = None, *,
                 values: dict[str, Any] | None = None, detail: str = "", movable: bool = True) -> None:
        self.path, self.template, self.values = Path(path), problem, dict(values or {})
        self.place, self.detail, self.movable = place, detail, movable
        self.problem = problem.format(**self.values) if self.values else problem
        super().__init__(self._line() + (f" [{detail}]" if detail else ""))

    def _line(self) -> str:
        where = f", {self.place}" if self.place else ""
        return f"{self.path}{where}: {self.problem}"

    def said(self) -> str:
        """``problem`` in the player's language (English where there is no translation)."""
        from game.text.i18n import _

        text = _(self.template)
        values = {k: v.said() if isinstance(v, Phrase) else v for k, v in self.values.items()}
        try:
            return text.format(**values) if values else text
        except (KeyError, IndexError, ValueError):     # a broken translation: English
            return self.problem

    def for_log(self) -> str:
        """One line for stderr: the whole path, the place, the problem and the technical detail."""
        return str(self)

    def sentence(self, template: str, **values: object) -> str:
        """``template`` (a msgid with ``{problem}`` and the ``values``) in the
        player's language, with :meth:`said` as the problem: the one line a
        parent reads.  Raises nothing for a broken translation (English)."""
        from game.text.i18n import fmt

        return fmt(template, problem=self.said(), **values)


#: The problem of a file whose text is not what the game wrote (nested too deep, huge numbers).
DAMAGED = N_("the file is damaged")
#: The problem of a file the system refuses to read (the system's reason goes to the log).
UNREADABLE = N_("the computer cannot read it from the disk")


class NotAFileError(FileProblem):
    """Something that is not an ordinary file (a folder, a named pipe, a
    device) where the game keeps a file: never opened, never moved."""

    def __init__(self, path: str | Path, problem: str, detail: str) -> None:
        super().__init__(path, problem, detail=detail, movable=False)


def _size(n: int) -> str:
    """``157286400`` -> ``"150 MB"`` (``"5.5 MB"`` under 10 MB)."""
    mb = n / (1024 * 1024)
    return f"{mb:.0f} MB" if mb >= 10 else f"{mb:.1f} MB".replace(".0 MB", " MB")


def _check_stat(path: Path, st: os.stat_result, limit: int) -> None:
    """Raise :class:`NotAFileError` or a too-big :class:`FileProblem` for ``st``."""
    mode = st.st_mode
    if stat.S_ISDIR(mode):
        raise NotAFileError(path, N_("it is a folder, not a file"), detail="a directory")
    if not stat.S_ISREG(mode):
        kind = ("a named pipe (FIFO)" if stat.S_ISFIFO(mode) else "a character device" if stat.S_ISCHR(mode)
                else "a block device" if stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode)
                else f"mode {mode:o}")
        raise NotAFileError(path, N_("it is a special file (such as a named pipe or a device), not an "
                                     "ordinary file"), detail=kind)
    if st.st_size > limit:
        raise _too_big(path, st.st_size, limit)


def _too_big(path: Path, size: int, limit: int) -> FileProblem:
    return FileProblem(path, N_("it is far too big ({size}; the game reads files of at most {limit})"),
                       values={"size": _size(size), "limit": _size(limit)}, detail=f"{size} bytes")


def may_be_there(path: str | Path) -> bool:
    """False only when ``path`` is surely not there.  Something in a folder
    the game may not look into (another user's, ``chmod 000``) is True, so
    that reading it says so in words, where ``Path.exists`` would raise
    ``PermissionError``.  Never raises."""
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except (OSError, ValueError):       # not allowed to look, a path the system refuses: let the reader say
        pass
    return True


def check_regular(path: str | Path, limit: int = MAX_FILE_BYTES) -> None:
    """Check, without opening it, that ``path`` is an ordinary file of at most
    ``limit`` bytes, before a library that takes a path (a font, a sound)
    opens it: a named pipe would block it for ever.  Raises
    ``FileNotFoundError``, :class:`NotAFileError`, :class:`FileProblem` (too
    big) or ``OSError``."""
    path = Path(path)
    _check_stat(path, os.stat(path), limit)


def read_file_bytes(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a file the game reads (a save, the settings, a picture of the
    map).  Before opening it, ``os.stat`` checks that it is an ordinary file of
    at most ``limit`` bytes: a named pipe, a folder or a device is never opened
    (reading one could wait for ever) and a huge file is never read.  Raises
    ``FileNotFoundError``, :class:`NotAFileError`, :class:`FileProblem` (too
    big) or ``OSError`` (it cannot be read)."""
    path = Path(path)
    _check_stat(path, os.stat(path), limit)
    # O_NONBLOCK: should a pipe be swapped in after the check, opening it does not wait
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as f:
        _check_stat(path, os.fstat(f.fileno()), limit)
        data = f.read(limit + 1)
    if len(data) > limit:                       # it grew while we looked
        raise _too_big(path, len(data), limit)
    return data


#: The largest picture file of a map or sprite read (bytes); the mansion's tileset is about 5 KB.
MAX_PICTURE_BYTES = 8 * 1024 * 1024
#: The widest and highest picture of a map, in pixels (the mansion's tileset: 512 x 192).
MAX_PICTURE_PX = 4096
#: How every PNG file starts.
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def read_picture(path: str | Path, width: int = 0, height: int = 0) -> bytes:
    """The bytes of one picture (of a map, or a sprite), checked before a picture
    loader sees them: an ordinary file (a named pipe, a folder or a device is never opened)
    of at most :data:`MAX_PICTURE_BYTES`, a PNG whose header (IHDR) says at
    most :data:`MAX_PICTURE_PX` x :data:`MAX_PICTURE_PX` pixels, and exactly
    ``width`` x ``height`` pixels when those are given (not 0), as the map
    declares them.  A picture that would unpack to gigabytes is refused from
    its first 24 bytes.  Raises :class:`FileProblem` naming the
    file, the problem in plain words (translatable: ``said()``), the detail
    for the log."""
    path = Path(path)
    try:
        data = read_file_bytes(path, MAX_PICTURE_BYTES)
    except FileNotFoundError:
        raise FileProblem(path, N_("the file does not exist")) from None
    except FileProblem:
        raise
    except OSError as e:
        raise FileProblem(path, N_("the file cannot be read ({reason})"), values={"reason": e.strerror or e},
                          detail=str(e)) from None
    if len(data) < 24 or not data.startswith(PNG_SIGNATURE) or data[12:16] != b"IHDR":
        raise FileProblem(path, N_("it is not a PNG picture"), detail=f"starts with {data[:16]!r}")
    w, h = struct.unpack(">II", data[16:24])
    if not (1 <= w <= MAX_PICTURE_PX and 1 <= h <= MAX_PICTURE_PX):
        raise FileProblem(path, N_("the picture is {width} x {height} pixels; the game uses pictures of at most "
                                   "{most} x {most} pixels"), values={"width": w, "height": h, "most": MAX_PICTURE_PX})
    if width and height and (w, h) != (width, height):
        raise FileProblem(path, N_("the picture is {width} x {height} pixels, but the map says {map_width} x "
                                   "{map_height}"), values={"width": w, "height": h, "map_width": width,
                                                            "map_height": height})
    return data


def read_file_text(path: str | Path, limit: int = MAX_FILE_BYTES) -> str:
    """The text of one of the game's files (UTF-8; a byte-order mark from
    Notepad is dropped), read with :func:`read_file_bytes`.  Raises what it
    raises, and ``UnicodeDecodeError`` (not text)."""
    return read_file_bytes(path, limit).decode("utf-8-sig")


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically: a temporary file in the same
    folder, flushed to disk, then renamed over ``path``.  A crash leaves either
    the old file or the new one, never half of one.  Raises ``OSError``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _temporaries(path: Path) -> list[Path]:
    """The files :func:`write_atomic` makes for ``path`` (``autosave.json.k3x_9q2a.tmp``)
    that are in its folder now."""
    pattern = re.compile(re.escape(path.name) + r"\.[a-z0-9_]{8}\.tmp")
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    return [path.parent / n for n in names if pattern.fullmatch(n)]


def clean_stale_temporaries(paths: Iterable[str | Path | None], older_than: float = STALE_TMP_SECONDS, now: float | None = None) -> list[Path]:
    """Remove the temporary files that a kill during :func:`write_atomic` left
    next to each of ``paths`` (the game's own files): only ordinary files
    named ``<name>.<8 letters or digits>.tmp`` last changed more than
    ``older_than`` seconds before ``now`` (a write in progress in another
    window of the game is left alone).  Never raises; returns what was removed."""
    now = time.time() if now is None else now
    removed = []
    for path in paths:
        if path is None:
            continue
        for tmp in _temporaries(Path(path)):
            try:
                st = os.lstat(tmp)
                if stat.S_ISREG(st.st_mode) and now - st.st_mtime > older_than:
                    os.unlink(tmp)
                    removed.append(tmp)
            except OSError:
                pass
    return removed


def read_json(path: str | Path, error: type[FileProblem] = FileProblem) -> Any:
    """The JSON document in one of the game's files (read with
    :func:`read_file_text`).  Raises ``error`` (:class:`FileProblem` or a
    subclass) with the problem in plain words and the parser's message as the
    detail — not-a-file and too-big included — or ``FileNotFoundError``."""
    path = Path(path)
    try:
        text = read_file_text(path)
    except FileProblem as exc:
        raise error(path, exc.template, values=exc.values, detail=exc.detail, movable=exc.movable) from None
    except UnicodeDecodeError as exc:
        raise error(path, N_("the file is not text (it may be damaged)"), detail=str(exc)) from None
    except FileNotFoundError:
        raise
    except PermissionError as exc:
        raise error(path, N_("the game is not allowed to read it"), detail=str(exc)) from None
    except OSError as exc:
        raise error(path, UNREADABLE, detail=str(exc)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(path, N_("the file is damaged or cut short"), place=f"line {exc.lineno}, column {exc.colno}",
                    detail=exc.msg) from None
    except (RecursionError, ValueError) as exc:  # absurdly deep nesting, huge numbers
        raise error(path, DAMAGED, detail=f"{type(exc).__name__}: {exc}") from None


def quarantine(path: str | Path, label: str = "broken") -> Path | None:
    """Rename a damaged file aside (``autosave.json`` ->
    ``autosave.broken-20261130-021500.json``; ``label`` names the kind, e.g.
    ``"newer"``) so that it is kept and never overwritten.  Returns the new
    path, or None if the file was not there.  Raises ``OSError`` when it
    cannot be renamed (a read-only folder): the file is then untouched."""
    path = Path(path)
    if not path.exists():
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.{label}-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.{label}-{stamp}-{n}{path.suffix}")
    os.replace(path, target)
    return target


# The translations are read as every other file of the game (a named pipe is never opened);
# i18n takes the reader from here so that it imports nothing of this module.
i18n.use_file_reader(read_file_bytes, lambda exc: exc.for_log() if isinstance(exc, FileProblem) else None)
