"""Saved card games: the ``"mode": "card-game"`` document of :mod:`game.storage.save`.

Same file, format and version as the board game's save; only the part after
``"mode"`` differs::

    {"format": "clue-save", "version": 1, "mode": "card-game",
     "setup": {"players": 4, "seed": 3, "advanced": false, "order": "turn", "first": null,
               "levels": ["human", "medium", "hard", "easy"]},
     "seats": ["scarlet", "white", "peacock", "green"],
     "actions": [{"type": "Ask", "first": "rope", "second": "kitchen"}, ...],
     "notebooks": {"0": {"knife": "X"}}, "notebook_mode": "hints",
     "net": {"port": 8765, "tokens": {"0": "Qx3…"}}}

``net`` (optional) is the phones' port and tokens, as in the board game's save
(:func:`game.storage.savefile.read_net`).

``levels`` holds ``"human"`` for a person's seat; ``seats`` the suspect token
each seat plays on screen.  The engine is deterministic, so replaying the
actions gives back the same game (:meth:`CardGame.replay`;
:meth:`game.ui.cardgame.match.CardMatch.resume` for the table).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.cardgame.engine import CardAction, CardSetup, action_from_dict, action_to_dict
from game.core.cards import SUSPECTS
from game.core.notebook import DEFAULT_NOTEBOOK_MODE, NOTEBOOK_MODES

MODE = "card-game"
#: What a seat's level may be in a card-game save ("human" = a person).
SEAT_LEVELS = ("human", "beginner", "easy", "medium", "hard")


@dataclass
class CardSaved:
    """A saved card game: the ``setup`` (its ``levels`` say who is a person),
    the suspect token of each seat (``suspects``), the actions in order, the
    case-file marks (seat -> {card id: mark}) and the ``notebook_mode``
    (:data:`game.core.notebook.NOTEBOOK_MODES`)."""

    setup: CardSetup
    suspects: tuple[str, ...]
    actions: list[CardAction] = field(default_factory=list)
    notebooks: dict[int, dict[str, str]] = field(default_factory=dict)
    mode: str = MODE
    notebook_mode: str = DEFAULT_NOTEBOOK_MODE
    #: the phones' port and tokens (:func:`game.storage.savefile.read_net`), or None
    net: dict[str, Any] | None = None

    def document(self) -> dict[str, Any]:
        """The JSON-able document (see the module docstring)."""
        from game.storage.savefile import SAVE_FORMAT, SAVE_VERSION, net_document

        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "mode": MODE, "setup": self.setup.to_dict(),
                "seats": list(self.suspects), "actions": [action_to_dict(a) for a in self.actions],
                "notebooks": {str(k): dict(v) for k, v in self.notebooks.items()},
                "notebook_mode": self.notebook_mode, **net_document(self.net)}


def from_document(doc: dict[str, Any], path: str | Path) -> CardSaved:
    """The :class:`CardSaved` of a checked ``"mode": "card-game"`` document.
    Raises :class:`game.storage.save.SaveError` naming the place of the first problem."""
    from game.storage.savefile import (
        BAD_MOVES,
        BAD_NOTEBOOK_MODE,
        BAD_PLAYERS,
        UNKNOWN_MOVE,
        SaveError,
        read_net,
        read_notebooks,
    )
    from game.text.i18n import N_

    bad_setup = N_("the setup of the card game in it is not valid")

    def expect(cond: bool, problem: str, place: str, detail: str) -> None:
        if not cond:
            raise SaveError(path, problem, place, detail=detail)

    raw: Any = doc.get("setup")         # JSON as read: checked below
    expect(isinstance(raw, dict), bad_setup, '"setup"', "the setup is missing")
    expect(type(raw.get("seed")) is int, bad_setup, '"setup.seed"', "the seed must be a whole number")
    levels = raw.get("levels")
    expect(isinstance(levels, list) and all(lv in SEAT_LEVELS for lv in levels), BAD_PLAYERS, '"setup.levels"',
           "each seat's level must be one of " + ", ".join(SEAT_LEVELS))
    try:
        setup = CardSetup.from_dict(raw)
    except (ValueError, TypeError) as exc:
        raise SaveError(path, bad_setup, '"setup"', detail=str(exc)) from None
    expect(len(setup.levels) == setup.players, BAD_PLAYERS, '"setup.levels"', "levels needs one entry per player")
    seats: Any = doc.get("seats")
    expect(isinstance(seats, list) and len(seats) == setup.players and all(s in SUSPECTS for s in seats)
           and len(set(seats)) == len(seats), BAD_PLAYERS, '"seats"', "each seat needs a different suspect token")
    actions_raw = doc.get("actions", [])
    expect(isinstance(actions_raw, list), BAD_MOVES, '"actions"', "the actions must be a list")
    actions = []
    for i, a in enumerate(actions_raw):
        try:
            if not isinstance(a, dict):
                raise ValueError(f"an action must be an object, not {type(a).__name__}")
            actions.append(action_from_dict(a))
        except ValueError as exc:
            raise SaveError(path, UNKNOWN_MOVE, f'"actions"[{i}]', values={"n": i + 1}, detail=str(exc)) from None
    notebook_mode = doc.get("notebook_mode", DEFAULT_NOTEBOOK_MODE)
    expect(notebook_mode in NOTEBOOK_MODES, BAD_NOTEBOOK_MODE, '"notebook_mode"',
           "the notebook help must be one of " + ", ".join(NOTEBOOK_MODES))
    return CardSaved(setup, tuple(seats), actions, read_notebooks(doc, Path(path), setup.players),
                     notebook_mode=notebook_mode, net=read_net(doc, setup.players))
