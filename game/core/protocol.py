"""The one protocol both game engines meet.

The board game's :class:`game.rules.engine.Game` (000) and the card game's
:class:`game.cardgame.engine.CardGame` (003) are driven the same way, so the
shared match (:class:`game.ui.bases.match.Seats`), the table scenes, the one replay
loop of the saves (:func:`game.storage.savefile.replay_moves`), the headless runners
and the computer players need only what :class:`Engine` names.

Shapes: an *action* is a small frozen dataclass of the engine's own
(``Roll()``, ``Suggest("plum", "rope")``, ``Ask("rope", "knife")``...), an
*event* another (``DieRolled``, ``CardShown``...); *seats* are ints ``0 ..
players - 1`` in table order.  The protocol names no engine (this package
imports none: ``pyproject.toml`` contracts); ``tests/test_protocol.py``
checks that both engines meet it, names and signatures.
"""

from __future__ import annotations

from typing import Any, Protocol, Self, runtime_checkable

from game.core.errors import N_, IllegalActionError

#: The members of :class:`Engine` (attributes, properties and methods), for the
#: tests and for a reader who wants the list at a glance.
MEMBERS = ("actions", "events", "actor", "over", "players", "legal_actions", "allows", "check_kind",
           "check", "is_legal", "apply", "view", "replay")


@runtime_checkable
class Engine(Protocol):
    """A rules engine: one game, its whole truth, driven one action at a time.

    * ``actions`` -- every action applied, in order (with the setup they
      rebuild the game: :meth:`replay`); ``events`` -- everything that
      happened, unredacted (never shown as such: see :meth:`view`).
    * :attr:`actor` must act next; :meth:`legal_actions` lists what it may
      do, and every action listed is one :meth:`apply` accepts; :meth:`allows`
      says whether any action of a kind is allowed now (the buttons of the
      table), :meth:`check_kind` says why not; :meth:`check` judges one
      concrete action.
    * Refusals raise :class:`game.core.errors.IllegalActionError` with a
      plain-words template, a ``code`` and the rule it comes from (e.g.
      ``'000 "Suggestions" 1'``, ``'003 "Prendre el teu torn"'``);
      :class:`game.core.errors.GameOverError` once the game is over.
    """

    actions: list[Any]
    events: list[Any]

    @property
    def actor(self) -> int:
        """The seat that must act now (the player whose turn it is, or the one
        who must show a card or say whether they join an accusation)."""
        ...

    @property
    def over(self) -> bool:
        """True once the game has ended (then :meth:`legal_actions` is empty)."""
        ...

    @property
    def players(self) -> int:
        """How many seats are at the table (3 to 6)."""
        ...

    def legal_actions(self) -> list[Any]:
        """Every action :attr:`actor` may take now, each one concrete (all
        names filled in), so ``apply(a)`` succeeds for every ``a`` listed;
        empty once the game is over."""
        ...

    def allows(self, kind: type) -> bool:
        """True when :attr:`actor` may take some action of class ``kind`` now
        (``allows(Suggest)``: "may this seat suggest now?"), whatever cards it
        would name.  False for anything that is not one of the engine's own
        action classes (a name such as ``"Roll"``, None, an instance, a
        subclass, the other engine's class).  Never raises."""
        ...

    def check_kind(self, kind: type) -> None:
        """Raise :class:`~game.core.errors.IllegalActionError` (the reason in
        plain words) when :attr:`actor` may take no action of class ``kind``
        now -- "Unknown action ..." (code ``unknown``) when ``kind`` is not one
        of the engine's action classes; return None when some is allowed."""
        ...

    def check(self, action: Any) -> None:
        """Raise :class:`~game.core.errors.IllegalActionError` when
        :attr:`actor` may not take ``action`` now: first the reasons of
        :meth:`check_kind`, then those of the cards or square it names (an
        empty name is "Name all the cards first.", a name that is not text --
        a list, a number -- "It names a card that is not in the game.", a
        square that is not two whole numbers or a room that is no room "You can
        only stop on a corridor square or in a room.").  Never raises anything
        else for a malformed action.  Changes nothing."""
        ...

    def is_legal(self, action: Any) -> bool:
        """True when :meth:`check` would not raise."""
        ...

    def apply(self, action: Any) -> list[Any]:
        """Apply ``action`` for :attr:`actor`; return the new events (the tail
        of ``events``).  Raises :class:`~game.core.errors.IllegalActionError`
        and changes nothing when the action is illegal or malformed (the
        reasons of :meth:`check`; never another exception)."""
        ...

    def view(self, seat: int) -> Any:
        """What ``seat`` may know now: its hand, the public table and the
        events as that seat saw them (redacted); a computer player decides
        from this alone.  Raises ``ValueError`` naming the seat and the range
        for anything but an int ``0 .. players - 1`` (never Python's negative
        indexing: ``view(-1)`` is no seat, not the last one; see
        :func:`check_seat`)."""
        ...

    @classmethod
    def replay(cls, *start_then_actions: Any) -> Self:
        """A new game rebuilt from its start and its actions: the parameters
        of the engine's ``new`` (the board game's ``board, setup``, the card
        game's ``setup``), then ``actions``.  Raises
        :class:`~game.core.errors.IllegalActionError` at the first illegal
        action."""
        ...


class Judge:
    """:meth:`Engine.allows` and :meth:`Engine.is_legal` from the engine's own
    :meth:`Engine.check_kind` and :meth:`Engine.check` (a base class both
    engines share).  Each engine lists its action classes in
    :attr:`ACTIONS`."""

    #: The engine's own action classes; anything else is no kind of action (:meth:`knows`).
    ACTIONS: tuple[type, ...] = ()

    def knows(self, kind: Any) -> bool:
        """True when ``kind`` is exactly one of :attr:`ACTIONS` (not a
        subclass, a name, an instance or None).  Never raises."""
        return any(kind is k for k in self.ACTIONS)

    def _refuse_unknown(self, kind: Any, action: Any) -> None:
        """Raise the :class:`IllegalActionError` for a ``kind`` that is not
        one of :attr:`ACTIONS` (``action``: the object given, if any)."""
        raise IllegalActionError(N_("Unknown action {action!r}."), "unknown", "",
                                 action=kind if action is None else action)

    def check_kind(self, kind: type) -> None:  # pragma: no cover - each engine has its own
        raise NotImplementedError

    def check(self, action: Any) -> None:  # pragma: no cover - each engine has its own
        raise NotImplementedError

    def allows(self, kind: type) -> bool:
        """True when the actor may take some action of class ``kind`` now
        (``allows(Suggest)``: may this seat suggest, whatever it names?),
        i.e. :meth:`check_kind` does not raise; False for anything :meth:`knows`
        not.  Never raises."""
        if not self.knows(kind):
            return False
        try:
            self.check_kind(kind)
        except IllegalActionError:
            return False
        return True

    def is_legal(self, action: Any) -> bool:
        """True if :meth:`check` would not raise."""
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True


def name_fault(action: Any) -> str | None:
    """What is wrong with the names a card-naming action gives (every field
    of the dataclass ``action`` holds a card id): ``"empty"`` for a name left
    empty (``""`` or None), ``"not_text"`` for one that is not a ``str`` at all
    (a list, a number, bytes...), None when every name is text (known cards
    or not: the engine judges those).  Never raises."""
    values = [getattr(action, f) for f in getattr(action, "__dataclass_fields__", {})]
    if any(v is None or (isinstance(v, str) and not v) for v in values):
        return "empty"
    if any(not isinstance(v, str) for v in values):
        return "not_text"
    return None


def check_seat(seat: Any, players: int) -> int:
    """``seat`` when it is an int ``0 .. players - 1`` (a bool is not a
    seat); else raise ``ValueError`` naming it and the range, e.g. "seat -1 is
    not at the table: seats are 0..3" (a caller's mistake, never shown to a
    player, so English only).  :meth:`Engine.view` uses it: a negative seat
    must never read as Python's "from the end" and show another seat's hand."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat {seat!r} is not at the table: seats are 0..{players - 1}")
    return seat


def start_parameters(engine: type[Any]) -> list[str]:
    """The names of the parameters ``engine.new`` takes (the game's start):
    ``["board", "setup"]`` for the board game, ``["setup"]`` for the card
    game.  :meth:`Engine.replay` takes these, then ``actions``."""
    import inspect

    return list(inspect.signature(engine.new).parameters)
