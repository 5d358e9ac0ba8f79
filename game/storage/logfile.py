"""What goes wrong, said where a family can find it: the standard
:mod:`logging` module, to stderr (what a terminal shows) and to a rotating
file ``clue.log`` in the user's log folder (platformdirs ``user_log_dir``),
which the window's error screen names so that it can be sent.

Every module logs to its own ``logging.getLogger(__name__)``, under the
``game`` logger that :func:`setup` gives its two handlers.  A double-clicked
game has no terminal: the file is then the only place its messages reach.

Not to be confused with :mod:`game.text.log`, the game's public log of events.
"""

from __future__ import annotations

import errno
import logging
import os
import platform
import sys
from pathlib import Path

from game.text.i18n import N_

#: The logger every module of the game logs under (``game.ui.store`` ...).
ROOT = "game"
#: The log file's name in :func:`log_dir`.
FILE_NAME = "clue.log"
#: The log file grows to this many bytes, then moves to ``clue.log.1`` (up to :data:`BACKUPS` old ones).
MAX_BYTES = 1_000_000
BACKUPS = 3
#: The file's lines carry the time, the level and the module; stderr shows the message alone, as before.
FILE_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

#: At most this many messages wait for the file opened after the window's first frame (:func:`open_file`).
EARLY_RECORDS = 1000

log = logging.getLogger(__name__)
_path: Path | None = None
_early: _Early | None = None
_file: logging.Handler | None = None


def log_dir() -> Path:
    """The folder of the log file: platformdirs' ``user_log_dir`` for the
    game (on Linux ``$XDG_STATE_HOME/clue-family/log``, by default
    ``~/.local/state/clue-family/log``)."""
    import platformdirs

    from game.storage.files import APP_NAME

    return Path(platformdirs.user_log_dir(APP_NAME))


def log_path() -> Path | None:
    """The log file this run writes to, or None when it writes none (no
    :func:`setup` yet, or the folder cannot be written)."""
    return _path


class _Stderr(logging.StreamHandler):
    """Writes to whatever ``sys.stderr`` is when a message comes (a test may
    capture it); nothing once it is closed (the output was piped into ``head``)."""

    def __init__(self) -> None:
        super().__init__()

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, _value) -> None:
        pass

    def emit(self, record: logging.LogRecord) -> None:
        if sys.stderr is not None and not sys.stderr.closed:
            super().emit(record)


class _Early(logging.Handler):
    """Keeps the messages (at most :data:`EARLY_RECORDS`) that come before the file is
    opened, for :func:`open_file` to write first, with their own times."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if len(self.records) < EARLY_RECORDS:
            self.records.append(record)


def _file_handler(path: Path) -> logging.Handler:
    """The rotating log file ``path``; a write that fails (disk full, the folder
    removed) is said once on stderr and the game carries on without the file.
    Raises ``OSError`` when it cannot be opened."""
    # imported here: logging.handlers brings sockets and pickling, a tenth of the window's start
    import logging.handlers

    class _File(logging.handlers.RotatingFileHandler):
        def handleError(self, record: logging.LogRecord) -> None:
            global _path
            logging.getLogger(ROOT).removeHandler(self)
            if _path == Path(self.baseFilename):
                _path = None
            exc = sys.exc_info()[1]
            if sys.stderr is not None and not sys.stderr.closed:
                print(f"The log file {self.baseFilename} cannot be written ({plain(exc)}): carrying on without it.",
                      file=sys.stderr)

    return _File(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")


def plain(exc: BaseException | None) -> str:
    """Why a file could not be written, in words for a parent rather than Python's
    (``[Errno 13] Permission denied: '...'`` is "the game is not allowed to write there").
    English, and a msgid when the reason is a common one: ``_(plain(exc))`` gives it in
    the player's language (the system's own words are left as they are)."""
    if isinstance(exc, PermissionError):
        return N_("the game is not allowed to write there")
    if isinstance(exc, OSError) and exc.errno == errno.ENOSPC:
        return N_("the disk is full")
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return str(exc)


def _check_file(folder: Path) -> Path:
    """The path of the log file in ``folder``, the folder made first.  Raises ``OSError``
    when it cannot be made, or when the log file is not an ordinary file (a named pipe
    would block the start)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILE_NAME
    if os.path.lexists(path) and not path.is_file():
        raise OSError(f"{path} is not an ordinary file")
    return path


def _open_file(folder: Path) -> logging.Handler:
    """The rotating handler of ``folder / FILE_NAME`` (:func:`_check_file` first).
    Raises ``OSError`` when it cannot be made or written."""
    return _file_handler(_check_file(folder))


def system_name() -> str:
    """The operating system, its release and the machine, e.g. ``Linux 6.1.0 x86_64``.
    Unlike ``platform.platform()`` it starts no ``uname -p`` process and reads no
    C library: that took 20 to 30 ms of every start."""
    return " ".join(part for part in (platform.system(), platform.release(), platform.machine()) if part)


def setup(to_file: bool = True, folder: Path | None = None, later: bool = False) -> Path | None:
    """Send the game's messages (level INFO and up) to stderr, as text alone,
    and with ``to_file`` to the rotating log file in ``folder`` (default
    :func:`log_dir`), each line with its time, level and module.  ``later``: the
    folder is made and checked now, but the file is opened by :func:`open_file`
    (the window calls it after its first frame); the messages until then wait,
    with their times.  Calling it again replaces what an earlier call set up.  A
    folder that cannot be made or written is said on stderr and the game goes on
    without the file: never raises.  Returns the log file's path, or None without one."""
    global _path, _early
    game_log = logging.getLogger(ROOT)
    for handler in [h for h in game_log.handlers if isinstance(h, (_Stderr, _Early)) or h is _file]:
        game_log.removeHandler(handler)
        handler.close()
    _early = None
    game_log.setLevel(logging.INFO)
    stderr = _Stderr()
    stderr.setFormatter(logging.Formatter("%(message)s"))
    game_log.addHandler(stderr)
    _path = None
    if not to_file:
        return None
    folder = folder or log_dir()
    try:
        path = _check_file(folder)
    except OSError as exc:
        _cannot_write(folder, exc)
        return None
    # for whoever reads a log that was sent: which game, which Python, which command (the file only)
    started = log.makeRecord(log.name, logging.INFO, __file__, 0, "started: %s (Python %s, %s)",
                             (" ".join(sys.argv), platform.python_version(), system_name()), None)
    _early = _Early(folder)
    _early.records.append(started)
    game_log.addHandler(_early)
    _path = path
    if not later:
        open_file()
    return _path


def _cannot_write(folder: Path, exc: OSError) -> None:
    log.warning("The log file cannot be written in %s (%s): carrying on without it.", folder, plain(exc))


def open_file() -> Path | None:
    """Open the log file :func:`setup` was asked to open later, and write the messages
    that waited; nothing when there is none to open.  A file that cannot be opened is
    said on stderr and the game goes on without it.  Returns the log file's path, or None."""
    global _path, _early, _file
    early, _early = _early, None
    if early is None:
        return _path
    game_log = logging.getLogger(ROOT)
    game_log.removeHandler(early)
    try:
        file_handler = _open_file(early.folder)
    except OSError as exc:
        _path = None
        _cannot_write(early.folder, exc)
        return None
    file_handler.setFormatter(logging.Formatter(FILE_FORMAT))
    for record in early.records:
        file_handler.handle(record)
    game_log.addHandler(file_handler)
    _file = file_handler
    return _path
