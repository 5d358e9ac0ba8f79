"""Saved games: a readable, versioned JSON document, written atomically.

A saved game is the setup (seats, seed, rule options), the actions taken and
each person's notebook marks — never pickle.  The engine is deterministic, so
replaying the actions on the same board gives back exactly the same game: the
deal, the positions, whose turn it is and which step of the turn, and every
event each computer player has seen (its knowledge is rebuilt from its view).

Document shape (``version`` 1)::

    {"format": "clue-save", "version": 1, "mode": "board",
     "setup": {"seed": 3, "options": {...},
               "seats": [{"suspect": "scarlet", "kind": "human", "level": "medium",
                          "taken_over": false}, ...]},
     "actions": [{"type": "Roll"}, {"type": "Move", "square": [6, 18], "room": null}, ...],
     "notebooks": {"0": {"rope": "X"}}, "notebook_mode": "hints",
     "net": {"port": 8765, "tokens": {"0": "Qx3…"}}}

``taken_over`` (optional, false when missing) marks a seat a computer took
over from a person during the game (:class:`game.rules.setup.SeatConfig`).

``net`` (optional: older saves have none) is the port the game served the
phones on and each person seat's token (:func:`game.storage.savefile.read_net`).

``notebook_mode`` (how much the notebooks help: ``"manual"``, ``"assisted"``
or ``"hints"``, see :data:`game.learning.hints.NOTEBOOK_MODES`) came later: a save
without it loads with :data:`game.learning.hints.DEFAULT_NOTEBOOK_MODE`.

A card game (``"mode": "card-game"``) has its own setup and actions after
the mode: see :mod:`game.cardgame.save`.

Bad files never crash the game and are never overwritten silently: every
problem is a :class:`SaveError` naming the file and the place, and
:func:`quarantine` renames a damaged file aside so it is kept.

The file helpers (reading any of the game's own files safely, writing
atomically, :func:`quarantine`) live in :mod:`game.storage.files` and can still be
imported from here.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.board.model import Board
from game.learning.hints import DEFAULT_NOTEBOOK_MODE, NOTEBOOK_MODES
from game.rules.actions import Action, from_dict, to_dict
from game.rules.cards import SUSPECTS
from game.rules.engine import Game
from game.rules.options import Options
from game.rules.setup import GameSetup, SeatConfig
from game.storage.files import (  # noqa: F401
    APP_NAME,
    DAMAGED,
    MAX_FILE_BYTES,
    STALE_TMP_SECONDS,
    FileProblem,
    NotAFileError,
    Phrase,
    clean_stale_temporaries,
    quarantine,
    read_file_text,
    read_json,
    write_atomic,
)
from game.storage.savefile import (  # noqa: F401  (one save format for both games; these names stay importable here)
    BAD_MOVES,
    BAD_NOTEBOOK_MODE,
    BAD_OPTIONS,
    BAD_PLAYERS,
    BAD_SETUP,
    BAD_VERSION,
    MOVE_KINDS,
    NOT_A_SAVE,
    NOT_A_SUSPECT,
    NOT_IN_GAME,
    SAVE_FORMAT,
    SAVE_VERSION,
    UNKNOWN_MODE,
    UNKNOWN_MOVE,
    UNKNOWN_OPTION,
    NewerSaveError,
    SaveError,
    _expect,
    illegal_move,
    net_document,
    read_net,
    read_notebooks,
    replay_moves,
)
from game.text.i18n import N_

if TYPE_CHECKING:
    from game.cardgame.save import CardSaved

#: Computer levels a seat may have (game.ai.simple.make_player).
LEVELS = ("simple", "beginner", "easy", "medium", "hard")


@dataclass
class SavedGame:
    """What a save holds: the setup, the actions in order, the notebooks
    (seat index -> {card id: mark}) and the ``notebook_mode`` (one of
    :data:`game.learning.hints.NOTEBOOK_MODES`)."""

    setup: GameSetup
    actions: list[Action] = field(default_factory=list)
    notebooks: dict[int, dict[str, str]] = field(default_factory=dict)
    mode: str = "board"
    notebook_mode: str = DEFAULT_NOTEBOOK_MODE
    #: the phones' port and tokens (:func:`game.storage.savefile.read_net`), or None
    net: dict | None = None


# ------------------------------------------------------------------ writing
def to_document(saved: SavedGame | CardSaved) -> dict[str, Any]:
    """The JSON-able document for ``saved`` (see the module docstring; a card
    game, :class:`game.cardgame.save.CardSaved`, writes its own)."""
    if not isinstance(saved, SavedGame):
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
        **net_document(saved.net),
    }


def save_game(path: str | Path, saved: SavedGame | CardSaved) -> None:
    """Write ``saved`` to ``path`` as indented JSON, atomically."""
    write_atomic(path, json.dumps(to_document(saved), indent=1, ensure_ascii=False) + "\n")


# ------------------------------------------------------------------ reading
def from_document(doc: Any, path: str | Path = "<memory>") -> SavedGame | CardSaved:
    """Check a parsed document and turn it into a :class:`SavedGame` (a card
    game's: a :class:`game.cardgame.save.CardSaved`).  Raises
    :class:`SaveError` naming the place of the first problem."""
    path = Path(path)
    _expect(isinstance(doc, dict), path, NOT_A_SAVE, "top", f"not a JSON object: {type(doc).__name__}")
    _expect(doc.get("format") == SAVE_FORMAT, path, NOT_A_SAVE, '"format"', f"format {doc.get('format')!r}")
    version = doc.get("version")
    _expect(type(version) is int, path, N_("the version number is missing"), '"version"', f"version {version!r}")
    if version > SAVE_VERSION:
        raise NewerSaveError(path, version)
    _expect(version >= 1, path, BAD_VERSION, '"version"', f"unknown save format {version}")
    mode = doc.get("mode", "board")
    if mode == "card-game":   # the 2018 Clue Card Game (game/cardgame/save.py)
        from game.cardgame.save import from_document as card_game

        return card_game(doc, path)
    _expect(mode == "board", path, UNKNOWN_MODE, '"mode"', f"unknown game mode {mode!r}")
    setup = doc.get("setup")
    _expect(isinstance(setup, dict), path, BAD_SETUP, '"setup"', "the setup is missing")
    seed = setup.get("seed")
    _expect(type(seed) is int, path, BAD_SETUP, '"setup.seed"', f"the seed must be a whole number, not {seed!r}")
    raw_options = setup.get("options", {})
    _expect(isinstance(raw_options, dict), path, BAD_OPTIONS, '"setup.options"', "the options must be an object")
    known = {f.name: f for f in fields(Options)}
    for key, value in raw_options.items():
        _expect(key in known, path, UNKNOWN_OPTION, f'"setup.options.{key}"', f"unknown rule option {key!r}")
        default = getattr(Options(), key)
        _expect(type(value) is type(default), path, BAD_OPTIONS, f'"setup.options.{key}"',
                f"the option {key!r} must be {type(default).__name__}, not {value!r}")
    try:
        options = Options(**raw_options)
    except (TypeError, ValueError) as exc:
        raise SaveError(path, BAD_OPTIONS, '"setup.options"', detail=str(exc)) from None
    seats_raw = setup.get("seats")
    _expect(isinstance(seats_raw, list), path, BAD_PLAYERS, '"setup.seats"', "the seats are missing")
    seats = []
    for i, s in enumerate(seats_raw):
        place = f'"setup.seats"[{i}]'
        _expect(isinstance(s, dict) and isinstance(s.get("suspect"), str), path, BAD_PLAYERS, place,
                f"a seat needs a suspect: {s!r}")
        _expect(s.get("kind", "computer") in ("human", "computer"), path, BAD_PLAYERS, place,
                f"a seat is either human or computer, not {s.get('kind')!r}")
        _expect(s.get("level", "medium") in LEVELS, path, BAD_PLAYERS, place,
                f"the computer level must be one of {', '.join(LEVELS)}, not {s.get('level')!r}")
        _expect(isinstance(s.get("taken_over", False), bool), path, BAD_PLAYERS, place,
                f"taken_over is true or false, not {s.get('taken_over')!r}")
        seats.append(SeatConfig(s["suspect"], s.get("kind", "computer"), s.get("level", "medium"),
                                taken_over=s.get("taken_over", False)))
    game_setup = GameSetup(tuple(seats), seed, options)
    try:
        game_setup.validate()
    except ValueError as exc:
        unknown = any(s.suspect not in SUSPECTS for s in seats)
        raise SaveError(path, NOT_A_SUSPECT if unknown else BAD_PLAYERS, '"setup.seats"', detail=str(exc)) from None
    actions_raw = doc.get("actions", [])
    _expect(isinstance(actions_raw, list), path, BAD_MOVES, '"actions"', "the actions must be a list")
    actions = []
    for i, a in enumerate(actions_raw):
        if not isinstance(a, dict):
            raise SaveError(path, UNKNOWN_MOVE, f'"actions"[{i}]', values={"n": i + 1},
                            detail=f"an action must be an object, not {type(a).__name__}")
        try:
            actions.append(from_dict(a))
        except ValueError as exc:
            raise SaveError(path, UNKNOWN_MOVE, f'"actions"[{i}]', values={"n": i + 1}, detail=str(exc)) from None
    notebook_mode = doc.get("notebook_mode", DEFAULT_NOTEBOOK_MODE)
    _expect(notebook_mode in NOTEBOOK_MODES, path, BAD_NOTEBOOK_MODE, '"notebook_mode"',
            f"the notebook help must be one of {', '.join(NOTEBOOK_MODES)}, not {notebook_mode!r}"[:200])
    return SavedGame(game_setup, actions, read_notebooks(doc, path, len(seats)), mode, notebook_mode,
                     read_net(doc, len(seats)))


def read_save(path: str | Path) -> SavedGame | CardSaved:
    """Read and check a saved game (a card game's: a
    :class:`game.cardgame.save.CardSaved`).  Raises :class:`SaveError` for a missing,
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
        raise SaveError(path, DAMAGED, detail=f"{type(exc).__name__}: {exc}") from None


def replay(board: Board, saved: SavedGame, path: str | Path = "<memory>") -> Game:
    """Rebuild the game from a save.  Raises :class:`SaveError` naming the
    first illegal action (``"actions"[i]``) and the rule's plain-words reason."""
    game = Game.new(board, saved.setup)
    for _i, _events in replay_moves(game, saved.actions, path):
        pass
    return game


