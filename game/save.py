"""Saved games: a readable, versioned JSON document, written atomically.

A saved game is the setup (seats, seed, rule options), the actions taken and
each person's notebook marks — never pickle.  The engine is deterministic, so
replaying the actions on the same board gives back exactly the same game: the
deal, the positions, whose turn it is and which step of the turn, and every
event each computer player has seen (its knowledge is rebuilt from its view).

Document shape (``version`` 1)::

    {"format": "clue-save", "version": 1, "mode": "board",
     "setup": {"seed": 3, "options": {...},
               "seats": [{"suspect": "scarlet", "kind": "human", "level": "medium"}, ...]},
     "actions": [{"type": "Roll"}, {"type": "Move", "square": [6, 18], "room": null}, ...],
     "notebooks": {"0": {"rope": "X"}}, "notebook_mode": "hints"}

``notebook_mode`` (how much the notebooks help: ``"manual"``, ``"assisted"``
or ``"hints"``, see :data:`game.hints.NOTEBOOK_MODES`) came later: a save
without it loads with :data:`game.hints.DEFAULT_NOTEBOOK_MODE`.

A card game (``"mode": "card-game"``) has its own setup and actions after
the mode: see :mod:`game.cardgame.save`.

Bad files never crash the game and are never overwritten silently: every
problem is a :class:`SaveError` naming the file and the place, and
:func:`quarantine` renames a damaged file aside so it is kept.

:func:`read_file_text` is how the game reads any of its own files (the save,
the settings, the lesson): it refuses, without opening it, anything that is
not an ordinary file (a named pipe would block for ever) or is bigger than
:data:`MAX_FILE_BYTES`.  :func:`clean_stale_temporaries` removes what a kill
during :func:`write_atomic` left behind.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.board.model import Board
from game.hints import DEFAULT_NOTEBOOK_MODE, NOTEBOOK_MODES
from game.i18n import N_
from game.rules.actions import Action, from_dict, to_dict
from game.rules.engine import Game
from game.rules.errors import IllegalActionError
from game.rules.options import Options
from game.rules.setup import GameSetup, SeatConfig

SAVE_FORMAT = "clue-save"
#: Computer levels a seat may have (game.ai.simple.make_player).
LEVELS = ("simple", "easy", "medium", "hard")
SAVE_VERSION = 1
APP_NAME = "clue-family"


#: The largest saved game, settings or lesson file the game reads, in bytes.  A
#: real one is a few kilobytes (a long game well under 100 kB); anything
#: bigger is refused before a byte of it is read.
MAX_FILE_BYTES = 5 * 1024 * 1024
#: A temporary file of :func:`write_atomic` older than this (seconds) belongs to
#: no write in progress: a kill left it behind.
STALE_TMP_SECONDS = 60


class FileProblem(ValueError):
    """A file the game cannot use.

    ``path`` is the file; ``problem`` what is wrong, in plain words for a
    parent (English; a msgid, filled with ``values`` when given: :meth:`said`
    gives it in the player's language); ``detail`` the technical detail (the
    parser's message, the kind of special file) and ``place`` where in the
    file (``"line 3, column 7"``, ``'"actions"[12]'``), both for the log, not
    the screen.  ``movable`` is False for what must stay where it is (not an
    ordinary file, or a save of a newer version): never renamed aside."""

    def __init__(self, path: str | Path, problem: str, place: str | None = None, *,
                 values: dict[str, Any] | None = None, detail: str = "", movable: bool = True) -> None:
        self.path, self.template, self.values = Path(path), problem, dict(values or {})
        self.place, self.detail, self.movable = place, detail, movable
        self.problem = problem.format(**self.values) if self.values else problem
        super().__init__(self._line())

    def _line(self) -> str:
        where = f", {self.place}" if self.place else ""
        return f"{self.path}{where}: {self.problem}"

    def said(self) -> str:
        """``problem`` in the player's language (English where there is no translation)."""
        from game.i18n import _

        text = _(self.template)
        try:
            return text.format(**self.values) if self.values else text
        except (KeyError, IndexError, ValueError):     # a broken translation: English
            return self.problem

    def for_log(self) -> str:
        """One line for stderr: the whole path, the place, the problem and the technical detail."""
        return str(self) + (f" [{self.detail}]" if self.detail else "")


class SaveError(FileProblem):
    """A saved game that cannot be used (see :class:`FileProblem`):
    ``str()`` is ``saved game <path>, <place>: <problem>``."""

    def _line(self) -> str:
        return "saved game " + super()._line()


class NewerSaveError(SaveError):
    """A save written by a newer version of the game (its ``version`` is above
    :data:`SAVE_VERSION`): not damaged, so it stays where it is (``movable`` False)."""

    def __init__(self, path: str | Path, version: int) -> None:
        super().__init__(path, N_("it was saved by a newer version of Clue"), '"version"',
                         detail=f"save format {version}; this game reads up to {SAVE_VERSION}", movable=False)


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


def read_file_text(path: str | Path, limit: int = MAX_FILE_BYTES) -> str:
    """The text of one of the game's files (UTF-8; a byte-order mark from
    Notepad is dropped).  Before opening it, ``os.stat`` checks that it is an
    ordinary file of at most ``limit`` bytes: a named pipe, a folder or a
    device is never opened (reading one could wait for ever) and a huge file
    is never read.  Raises ``FileNotFoundError``, :class:`NotAFileError`,
    :class:`FileProblem` (too big), ``UnicodeDecodeError`` (not text) or
    ``OSError`` (it cannot be read)."""
    path = Path(path)
    _check_stat(path, os.stat(path), limit)
    # O_NONBLOCK: should a pipe be swapped in after the check, opening it does not wait
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as f:
        _check_stat(path, os.fstat(f.fileno()), limit)
        data = f.read(limit + 1)
    if len(data) > limit:                       # it grew while we looked
        raise _too_big(path, len(data), limit)
    return data.decode("utf-8-sig")


@dataclass
class SavedGame:
    """What a save holds: the setup, the actions in order, the notebooks
    (seat index -> {card id: mark}) and the ``notebook_mode`` (one of
    :data:`game.hints.NOTEBOOK_MODES`)."""

    setup: GameSetup
    actions: list[Action] = field(default_factory=list)
    notebooks: dict[int, dict[str, str]] = field(default_factory=dict)
    mode: str = "board"
    notebook_mode: str = DEFAULT_NOTEBOOK_MODE


def default_save_path() -> Path:
    """The autosave file in the user's data folder (platformdirs)."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME)) / "autosave.json"


# ------------------------------------------------------------------ writing
def to_document(saved: SavedGame) -> dict[str, Any]:
    """The JSON-able document for ``saved`` (see the module docstring; a card
    game, :class:`game.cardgame.save.CardSaved`, writes its own)."""
    if saved.mode != "board":
        return saved.document()
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "mode": saved.mode,
        "setup": {
            "seed": saved.setup.seed,
            "options": asdict(saved.setup.options),
            "seats": [asdict(s) for s in saved.setup.seats],
        },
        "actions": [to_dict(a) for a in saved.actions],
        "notebooks": {str(k): dict(v) for k, v in saved.notebooks.items()},
        "notebook_mode": saved.notebook_mode,
    }


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


def clean_stale_temporaries(paths, older_than: float = STALE_TMP_SECONDS, now: float | None = None) -> list[Path]:
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


def save_game(path: str | Path, saved: SavedGame) -> None:
    """Write ``saved`` to ``path`` as indented JSON, atomically."""
    write_atomic(path, json.dumps(to_document(saved), indent=1, ensure_ascii=False) + "\n")


# ------------------------------------------------------------------ reading
def _expect(cond: bool, path: Path, problem: str, place: str) -> None:
    if not cond:
        raise SaveError(path, problem, place)


def from_document(doc: Any, path: str | Path = "<memory>") -> SavedGame:
    """Check a parsed document and turn it into a :class:`SavedGame`.  Raises
    :class:`SaveError` naming the place of the first problem."""
    path = Path(path)
    _expect(isinstance(doc, dict), path, N_("the file is not a Clue saved game"), "top (no JSON object)")
    _expect(doc.get("format") == SAVE_FORMAT, path, N_("the file is not a Clue saved game"), '"format"')
    version = doc.get("version")
    _expect(type(version) is int, path, N_("the version number is missing"), '"version"')
    if version > SAVE_VERSION:
        raise NewerSaveError(path, version)
    _expect(version >= 1, path, f"unknown save format {version}", '"version"')
    mode = doc.get("mode", "board")
    if mode == "card-game":   # the 2018 Clue Card Game (game/cardgame/save.py)
        from game.cardgame.save import from_document as card_game

        return card_game(doc, path)
    _expect(mode == "board", path, f"unknown game mode {mode!r}", '"mode"')
    setup = doc.get("setup")
    _expect(isinstance(setup, dict), path, "the setup is missing", '"setup"')
    seed = setup.get("seed")
    _expect(type(seed) is int, path, "the seed must be a whole number", '"setup.seed"')
    raw_options = setup.get("options", {})
    _expect(isinstance(raw_options, dict), path, "the options must be an object", '"setup.options"')
    known = {f.name: f for f in fields(Options)}
    for key, value in raw_options.items():
        _expect(key in known, path, f"unknown rule option {key!r}", f'"setup.options.{key}"')
        default = getattr(Options(), key)
        _expect(type(value) is type(default), path,
                f"the option {key!r} must be {type(default).__name__}", f'"setup.options.{key}"')
    try:
        options = Options(**raw_options)
    except (TypeError, ValueError) as exc:
        raise SaveError(path, N_("the rule options in it are not valid"), '"setup.options"',
                        detail=str(exc)) from None
    seats_raw = setup.get("seats")
    _expect(isinstance(seats_raw, list), path, "the seats are missing", '"setup.seats"')
    seats = []
    for i, s in enumerate(seats_raw):
        place = f'"setup.seats"[{i}]'
        _expect(isinstance(s, dict) and isinstance(s.get("suspect"), str), path, "a seat needs a suspect", place)
        _expect(s.get("kind", "computer") in ("human", "computer"), path,
                "a seat is either human or computer", place)
        _expect(s.get("level", "medium") in LEVELS, path,
                "the computer level must be one of " + ", ".join(LEVELS), place)
        seats.append(SeatConfig(s["suspect"], s.get("kind", "computer"), s.get("level", "medium")))
    game_setup = GameSetup(tuple(seats), seed, options)
    try:
        game_setup.validate()
    except ValueError as exc:
        raise SaveError(path, str(exc).rstrip("."), '"setup.seats"') from None
    actions_raw = doc.get("actions", [])
    _expect(isinstance(actions_raw, list), path, "the actions must be a list", '"actions"')
    actions = []
    for i, a in enumerate(actions_raw):
        _expect(isinstance(a, dict), path, "an action must be an object", f'"actions"[{i}]')
        try:
            actions.append(from_dict(a))
        except ValueError as exc:
            raise SaveError(path, N_("move {n} in it is not one the game knows"), f'"actions"[{i}]',
                            values={"n": i + 1}, detail=str(exc)) from None
    notebook_mode = doc.get("notebook_mode", DEFAULT_NOTEBOOK_MODE)
    _expect(notebook_mode in NOTEBOOK_MODES, path,
            "the notebook help must be one of " + ", ".join(NOTEBOOK_MODES), '"notebook_mode"')
    return SavedGame(game_setup, actions, read_notebooks(doc, path, len(seats)), mode, notebook_mode)


def read_notebooks(doc: dict, path: Path, seats: int) -> dict[int, dict[str, str]]:
    """The ``"notebooks"`` of a document: seat (``"0"`` .. ``seats - 1``) ->
    {card id: mark}.  Raises :class:`SaveError` for anything else."""
    notebooks_raw = doc.get("notebooks", {})
    _expect(isinstance(notebooks_raw, dict), path, "the notebooks must be an object", '"notebooks"')
    notebooks: dict[int, dict[str, str]] = {}
    for k, marks in notebooks_raw.items():
        # ASCII digits only: "²".isdigit() is true, yet int("²") fails
        _expect(re.fullmatch(r"[0-9]{1,2}", k) is not None and int(k) < seats and isinstance(marks, dict)
                and all(isinstance(c, str) and isinstance(m, str) for c, m in marks.items()),
                path, N_("a notebook in it is not a seat number with card marks"), f'"notebooks"."{k}"')
        notebooks[int(k)] = dict(marks)
    return notebooks


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
        raise error(path, N_("the file cannot be read ({reason})"), values={"reason": exc.strerror or exc},
                    detail=str(exc)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(path, N_("the file is damaged or cut short"), place=f"line {exc.lineno}, column {exc.colno}",
                    detail=exc.msg) from None
    except (RecursionError, ValueError) as exc:  # absurdly deep nesting, huge numbers
        raise error(path, N_("the file is damaged"), detail=f"{type(exc).__name__}: {exc}") from None


def read_save(path: str | Path) -> SavedGame:
    """Read and check a saved game.  Raises :class:`SaveError` for a missing,
    unreadable, truncated, corrupt, hand-broken, too big or not-a-file
    (``movable`` False) file, :class:`NewerSaveError` for a newer version's."""
    path = Path(path)
    try:
        doc = read_json(path, SaveError)
    except FileNotFoundError:
        raise SaveError(path, N_("the file does not exist")) from None
    try:
        return from_document(doc, path)
    except (RecursionError, OverflowError) as exc:
        raise SaveError(path, N_("the file is damaged"), detail=f"{type(exc).__name__}: {exc}") from None


def replay(board: Board, saved: SavedGame, path: str | Path = "<memory>") -> Game:
    """Rebuild the game from a save.  Raises :class:`SaveError` naming the
    first illegal action (``"actions"[i]``) and the rule's plain-words reason."""
    game = Game.new(board, saved.setup)
    for i, action in enumerate(saved.actions):
        try:
            game.apply(action)
        except IllegalActionError as exc:
            raise SaveError(path, f"action {i + 1} ({type(action).__name__}) is not allowed: {exc}",
                            f'"actions"[{i}]') from None
    return game


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
