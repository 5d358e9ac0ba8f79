"""What the saved games of both game modes share: the file's format name and
version, :class:`SaveError`, the words for a hand-edited save's problems
(for a parent; the place and the raw value go to the log), the wording of a
move the rules refuse (:func:`illegal_move`) and the notebooks' reader.

:mod:`game.storage.save` (the board game) and :mod:`game.cardgame.save` (the card
game) both build on this module and never import each other's format code.
"""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path
from typing import Any, Callable, Iterator

from game.core.errors import IllegalActionError
from game.core.protocol import Engine
from game.storage.files import FileProblem, Phrase
from game.text.i18n import N_

SAVE_FORMAT = "clue-save"
SAVE_VERSION = 1


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


def _expect(cond: bool, path: Path, problem: str, place: str, detail: str = "") -> None:
    if not cond:
        raise SaveError(path, problem, place, detail=detail)


#: Problems of a hand-edited save, in words for a parent (the place and the raw value go to the log).
NOT_A_SAVE = N_("the file is not a Clue saved game")
BAD_VERSION = N_("the version number in it is not valid")
UNKNOWN_MODE = N_("it names a game mode this version does not know")
BAD_SETUP = N_("the setup of the game in it is not valid")
UNKNOWN_OPTION = N_("it names a rule this version does not know")
BAD_OPTIONS = N_("the rule options in it are not valid")
BAD_PLAYERS = N_("the players in it are not valid")
NOT_A_SUSPECT = N_("it names a suspect that is not in the game")
BAD_MOVES = N_("the list of moves in it is damaged")
UNKNOWN_MOVE = N_("move {n} in it is not one the game knows")
BAD_NOTEBOOK_MODE = N_("the notebook help chosen in it is not valid")
#: What each kind of move is called in a message (the action's class name -> words).
MOVE_KINDS = {
    "Roll": N_("rolling the die"), "Move": N_("walking"), "TakePassage": N_("a secret passage"),
    "Suggest": N_("a suggestion"), "Disprove": N_("showing a card"), "Accuse": N_("an accusation"),
    "EndTurn": N_("ending the turn"), "Ask": N_("a question"), "Show": N_("showing a card"),
    "Join": N_("joining an accusation"), "Decline": N_("not joining an accusation"),
}
#: The engine reasons that would quote what the file holds: said in these words instead.
NOT_IN_GAME = N_("It names a card that is not in the game.")


def _names_unknown_card(action: Any, game: str) -> bool:
    """True when a text field of ``action`` (a dataclass) is no card of the
    ``game`` ("board" or "cards"): the engine's reason would quote it."""
    if game == "cards":
        from game.cardgame.cards import deck

        cards = set(deck(True))
    else:
        from game.core.cards import ALL_CARDS

        cards = set(ALL_CARDS)
    values = [getattr(action, f.name) for f in fields(action)] if hasattr(action, "__dataclass_fields__") else []
    return any(isinstance(v, str) and v not in cards for v in values)


def illegal_move(path: str | Path, i: int, action: Any, exc: Exception, game: str = "board") -> SaveError:
    """The :class:`SaveError` for action ``i`` (0-based) of a save that the
    rules refuse (``exc``, an ``IllegalActionError``; ``game`` "board" or
    "cards" picks the engine's reasons, :mod:`game.text.i18n_why`).  In words for a
    parent: "it was changed by hand, and move 6 in it (showing a card)
    breaks the rules. You do not hold the rope" (the engine's reason in the
    player's language, a card the game does not know said as such); the
    action itself and its place go to the log (``detail``, ``place``)."""
    from game.text.i18n import _
    from game.text.i18n_why import explain

    kind = type(action).__name__
    code = getattr(exc, "code", "")
    said: Callable[[], str]
    if code in ("bad_card", "unknown") or _names_unknown_card(action, game):
        english, said = NOT_IN_GAME, (lambda: _(NOT_IN_GAME))
    else:
        english, said = str(exc), (lambda: explain(exc, game).text)
    words = MOVE_KINDS.get(kind)
    return SaveError(path, N_("it was changed by hand, and move {n} in it ({kind}) breaks the rules. {reason}"),
                     f'"actions"[{i}]', detail=f"{kind}: {exc} ({action!r})",
                     values={"n": i + 1,
                             "kind": Phrase(words or kind, (lambda: _(words)) if words else (lambda: kind)),
                             "reason": Phrase(english.rstrip("."), lambda: said().rstrip("."))})


def read_notebooks(doc: dict[str, Any], path: Path, seats: int) -> dict[int, dict[str, str]]:
    """The ``"notebooks"`` of a document: seat (``"0"`` .. ``seats - 1``) ->
    {card id: mark}.  Raises :class:`SaveError` for anything else."""
    notebooks_raw = doc.get("notebooks", {})
    _expect(isinstance(notebooks_raw, dict), path, N_("a notebook in it is not a seat number with card marks"),
            '"notebooks"', "the notebooks must be an object")
    notebooks: dict[int, dict[str, str]] = {}
    for k, marks in notebooks_raw.items():
        # ASCII digits only: "²".isdigit() is true, yet int("²") fails
        _expect(re.fullmatch(r"[0-9]{1,2}", k) is not None and int(k) < seats and isinstance(marks, dict)
                and all(isinstance(c, str) and isinstance(m, str) for c, m in marks.items()),
                path, N_("a notebook in it is not a seat number with card marks"), f'"notebooks"."{k}"')
        notebooks[int(k)] = dict(marks)
    return notebooks


#: A phone token (``game.net.session.new_token``, or the URL-safe tokens of earlier versions): letters, digits, ``-`` and ``_``.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}")
#: The parts of the phones' record besides the tokens, and what each seat's value must be.
_NET_PARTS: dict[str, Callable[[Any], bool]] = {"applied": lambda v: type(v) is int and 0 <= v < 1 << 53, "revs": lambda v: type(v) is int and 0 <= v < 1 << 53,
              "clients": lambda v: isinstance(v, str) and 0 < len(v) <= 200, "far": lambda v: v is True}


def read_net(doc: dict[str, Any], seats: int) -> dict[str, Any] | None:
    """The ``"net"`` part of a save (the phones of the game), or None.

    Shape: ``{"port": 0..65535, "tokens": {"<seat>": "<token>"}, "applied":
    {"<seat>": n}, "clients": {"<seat>": "<id>"}, "revs": {"<seat>": n},
    "far": {"<seat>": true}, "game": "<id>"}`` --
    the TCP port the host served on, each person seat's secret token, the
    last action number taken from each phone, the phone holding each seat and
    the last view number sent, the seats whose phone joined from outside the
    home network, this game's id (a page drops an action it
    holds from another game; :meth:`game.net.session.HostSession.state`), so
    Continue serves on the same port with the same tokens and the phones find it
    again.  Older saves have none (None).  Damaged tokens or port drop the whole
    part (None: the game still loads, the phones get new codes); a damaged
    other part is left out."""
    net = doc.get("net")
    if not isinstance(net, dict):
        return None
    port, tokens = net.get("port"), net.get("tokens")
    if type(port) is not int or not 0 <= port <= 65535 or not isinstance(tokens, dict):
        return None

    def seat_ok(k: object) -> bool:
        return isinstance(k, str) and re.fullmatch(r"[0-9]{1,2}", k) is not None and int(k) < seats

    if not all(seat_ok(k) and isinstance(t, str) and _TOKEN.fullmatch(t) for k, t in tokens.items()):
        return None
    out = {"port": port, "tokens": dict(tokens)}
    for name, ok in _NET_PARTS.items():
        part = net.get(name)
        if isinstance(part, dict) and all(seat_ok(k) and ok(v) for k, v in part.items()):
            out[name] = dict(part)
    game = net.get("game")
    if isinstance(game, str) and _TOKEN.fullmatch(game):
        out["game"] = game
    return out


def net_document(net: dict[str, Any] | None) -> dict[str, Any]:
    """``{"net": {...}}`` for a save document (see :func:`read_net`), or ``{}`` when there is none."""
    if not net:
        return {}
    return {"net": {k: net[k] for k in ("port", "tokens", *_NET_PARTS, "game") if k in net}}


def replay_moves(game: Engine, actions: list[Any], path: str | Path, kind: str = "board",
                 before: Callable[[int], None] | None = None) -> Iterator[tuple[int, list[Any]]]:
    """Play a save's ``actions`` on ``game`` (a new board :class:`~game.rules.engine.Game`
    or :class:`~game.cardgame.engine.CardGame`: only :class:`~game.core.protocol.Engine`'s
    ``apply`` is used) in order; yields ``(i, events)``
    after action ``i`` (0-based) is applied.  ``before(i)``, when given, is
    called just before action ``i`` (a resume keeps the places from before the
    last one).  The one replay loop of both games' saves: raises
    :class:`SaveError` (:func:`illegal_move`, ``kind`` "board" or "cards" for
    the engine's reasons) at the first move the rules refuse."""
    for i, action in enumerate(actions):
        if before is not None:
            before(i)
        try:
            events = game.apply(action)
        except IllegalActionError as exc:
            raise illegal_move(path, i, action, exc, kind) from None
        yield i, events
