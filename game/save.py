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
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.board.model import Board
from game.hints import DEFAULT_NOTEBOOK_MODE, NOTEBOOK_MODES
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


class SaveError(ValueError):
    """A saved game that cannot be used.  ``path`` is the file, ``place`` where
    in it (``"line 3, column 7"``, ``"actions[12]"``, ...), ``problem`` what is
    wrong, in plain words."""

    def __init__(self, path: str | Path, problem: str, place: str | None = None) -> None:
        self.path, self.problem, self.place = Path(path), problem, place
        where = f", {place}" if place else ""
        super().__init__(f"saved game {self.path}{where}: {problem}")


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
    _expect(isinstance(doc, dict), path, "the file is not a saved game (no JSON object at the top)", "top")
    _expect(doc.get("format") == SAVE_FORMAT, path, "the file is not a Clue saved game", '"format"')
    version = doc.get("version")
    _expect(isinstance(version, int), path, "the version number is missing", '"version"')
    if version > SAVE_VERSION:
        raise SaveError(path, f"it was saved by a newer version of the game (save format {version}; "
                              f"this game reads up to {SAVE_VERSION})", '"version"')
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
        raise SaveError(path, f"the rule options are not valid ({exc})", '"setup.options"') from None
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
        raise SaveError(path, str(exc), '"setup.seats"') from None
    actions_raw = doc.get("actions", [])
    _expect(isinstance(actions_raw, list), path, "the actions must be a list", '"actions"')
    actions = []
    for i, a in enumerate(actions_raw):
        try:
            _expect(isinstance(a, dict), path, "an action must be an object", f'"actions"[{i}]')
            actions.append(from_dict(a))
        except ValueError as exc:
            if isinstance(exc, SaveError):
                raise
            raise SaveError(path, f"this is not an action ({exc})", f'"actions"[{i}]') from None
    notebook_mode = doc.get("notebook_mode", DEFAULT_NOTEBOOK_MODE)
    _expect(notebook_mode in NOTEBOOK_MODES, path,
            "the notebook help must be one of " + ", ".join(NOTEBOOK_MODES), '"notebook_mode"')
    return SavedGame(game_setup, actions, read_notebooks(doc, path), mode, notebook_mode)


def read_notebooks(doc: dict, path: Path) -> dict[int, dict[str, str]]:
    """The ``"notebooks"`` of a document: seat -> {card id: mark}.  Raises
    :class:`SaveError` for anything else."""
    notebooks_raw = doc.get("notebooks", {})
    _expect(isinstance(notebooks_raw, dict), path, "the notebooks must be an object", '"notebooks"')
    notebooks: dict[int, dict[str, str]] = {}
    for k, marks in notebooks_raw.items():
        _expect(k.isdigit() and isinstance(marks, dict)
                and all(isinstance(c, str) and isinstance(m, str) for c, m in marks.items()),
                path, "a notebook is a seat number with card marks", f'"notebooks"."{k}"')
        notebooks[int(k)] = dict(marks)
    return notebooks


def read_save(path: str | Path) -> SavedGame:
    """Read and check a saved game.  Raises :class:`SaveError` for a missing,
    unreadable, truncated, corrupt, hand-broken or future-version file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")  # a file hand-edited in Notepad may start with a BOM
    except FileNotFoundError:
        raise SaveError(path, "the file does not exist") from None
    except UnicodeDecodeError:
        raise SaveError(path, "the file is not text (it may be damaged)") from None
    except OSError as exc:
        raise SaveError(path, f"the file cannot be read ({exc.strerror})") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(path, f"the file is damaged or cut short ({exc.msg})",
                        f"line {exc.lineno}, column {exc.colno}") from None
    except (RecursionError, ValueError) as exc:  # absurdly deep nesting, huge numbers
        raise SaveError(path, f"the file is damaged ({type(exc).__name__})") from None
    try:
        return from_document(doc, path)
    except (RecursionError, OverflowError) as exc:
        raise SaveError(path, f"the file is damaged ({type(exc).__name__})") from None


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


def quarantine(path: str | Path) -> Path | None:
    """Rename a damaged file aside (``autosave.json`` ->
    ``autosave.broken-20261130-021500.json``) so that it is kept and never
    overwritten.  Returns the new path, or None if the file was not there."""
    path = Path(path)
    if not path.exists():
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.broken-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.broken-{stamp}-{n}{path.suffix}")
    os.replace(path, target)
    return target
