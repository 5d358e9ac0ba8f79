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
import logging.handlers
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

log = logging.getLogger(__name__)
_path: Path | None = None


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


class _File(logging.handlers.RotatingFileHandler):
    """The rotating log file; a write that fails (disk full, the folder
    removed) is said once on stderr and the game carries on without the file."""

    def handleError(self, record: logging.LogRecord) -> None:
        global _path
        logging.getLogger(ROOT).removeHandler(self)
        if _path == Path(self.baseFilename):
            _path = None
        exc = sys.exc_info()[1]
        if sys.stderr is not None and not sys.stderr.closed:
            print(f"The log file {self.baseFilename} cannot be written ({plain(exc)}): carrying on without it.",
                  file=sys.stderr)


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


def _open_file(folder: Path) -> _File:
    """The rotating handler of ``folder / FILE_NAME``, the folder made first.
    Raises ``OSError`` when it cannot be made or written, or when the log file
    is not an ordinary file (a named pipe would block the start)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILE_NAME
    if os.path.lexists(path) and not path.is_file():
        raise OSError(f"{path} is not an ordinary file")
    return _File(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")


def system_name() -> str:
    """The operating system, its release and the machine, e.g. ``Linux 6.1.0 x86_64``.
    Unlike ``platform.platform()`` it starts no ``uname -p`` process and reads no
    C library: that took 20 to 30 ms of every start."""
    return " ".join(part for part in (platform.system(), platform.release(), platform.machine()) if part)


def setup(to_file: bool = True, folder: Path | None = None) -> Path | None:
    """Send the game's messages (level INFO and up) to stderr, as text alone,
    and with ``to_file`` to the rotating log file in ``folder`` (default
    :func:`log_dir`), each line with its time, level and module.  Calling it
    again replaces what an earlier call set up.  A folder that cannot be made
    or written is said on stderr and the game goes on without the file: never
    raises.  Returns the log file's path, or None without one."""
    global _path
    game_log = logging.getLogger(ROOT)
    for handler in [h for h in game_log.handlers if isinstance(h, (_Stderr, _File))]:
        game_log.removeHandler(handler)
        handler.close()
    game_log.setLevel(logging.INFO)
    stderr = _Stderr()
    stderr.setFormatter(logging.Formatter("%(message)s"))
    game_log.addHandler(stderr)
    _path = None
    if not to_file:
        return None
    folder = folder or log_dir()
    try:
        file_handler = _open_file(folder)
    except OSError as exc:
        log.warning("The log file cannot be written in %s (%s): carrying on without it.", folder, plain(exc))
        return None
    file_handler.setFormatter(logging.Formatter(FILE_FORMAT))
    game_log.addHandler(file_handler)
    _path = Path(file_handler.baseFilename)
    # for whoever reads a log that was sent: which game, which Python, which command (the file only)
    file_handler.handle(log.makeRecord(log.name, logging.INFO, __file__, 0, "started: %s (Python %s, %s)",
                                  (" ".join(sys.argv), platform.python_version(), system_name()), None))
    return _path
