"""What every game at the table shares (:class:`Seats`): people, computer
players and controllers round one shared screen, thinking on a worker
thread, resuming a saved game, the public log and the notebooks.  Each game
mode's match subclasses it: the board game's
:class:`game.ui.board.match.Match`, the card game's
:class:`game.ui.cardgame.match.CardMatch`.

Computer players only ever receive ``game.view(seat)`` and the legal actions.
They think on a worker thread (:meth:`Seats.think`), so the frame keeps drawing:
the view and the legal actions are built on the main thread and handed over as
a snapshot; the worker never touches the game.
"""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Generic, Protocol, TypeVar

from game.core.protocol import Engine
from game.rules.actions import Action
from game.rules.setup import GameSetup, SeatConfig
from game.ui.shell.i18n import card, fmt


@dataclass(frozen=True)
class LogNote:
    """A public log line that no engine event makes (the table's own news: the computer chose
    for a far seat whose phone was away), kept among the log's events so that it is written
    again in another language.  ``text``: an English template marked ``N_`` with ``{name}``;
    ``suspect``: the card id of the seat it names.  Names no card but that suspect."""

    text: str
    suspect: str

    def line(self) -> str:
        """The line in the language in use."""
        return fmt(self.text, name=self.suspect)


#: Notebook marks a person cycles through, in order ("" is blank).
MARKS = ("", "X", "?", "✓")

#: Default quick-start table: you as Miss Scarlet against three computer players.
QUICK_OPPONENTS = ("mustard", "white", "peacock")

#: The computer levels a person can pick in the board game's setup scene, in
#: cycling order (beginner: the first rung, for a young child; the card game
#: has its own, :data:`game.cardgame.ai.LEVELS`).
LEVELS = ("beginner", "easy", "medium", "hard")
#: The level of a new computer seat and of the quick start's opponents.
DEFAULT_LEVEL = "medium"


def quick_setup(seed: int, level: str = DEFAULT_LEVEL) -> GameSetup:
    """Miss Scarlet (a person) against three computer players of ``level`` (one of :data:`LEVELS`)."""
    seats = (SeatConfig("scarlet", "human"),) + tuple(SeatConfig(s, "computer", level)
                                                        for s in QUICK_OPPONENTS)
    return GameSetup(seats=seats, seed=seed)


class Seeded(Protocol):
    """A game mode's setup as :class:`Seats` reads it: only its random seed."""

    @property
    def seed(self) -> int: ...


class Chooser(Protocol):
    """A computer player of either game: ``choose(view, legal)`` gets its seat's
    view and the engine's legal actions and returns one of them
    (:class:`game.ai.base.ComputerPlayer`, :class:`game.cardgame.ai.CardPlayer`)."""

    def choose(self, view: Any, legal: list[Any]) -> Any: ...


#: the engine of a match (:class:`game.rules.engine.Game`, :class:`game.cardgame.engine.CardGame`)
E = TypeVar("E", bound=Engine)
#: the setup of a match (:class:`game.rules.setup.GameSetup`, :class:`game.cardgame.engine.CardSetup`)
S = TypeVar("S", bound=Seeded)


class Seats(Generic[E, S]):
    """People, computer players and controllers round one shared screen: the
    part of a match both the board game (:class:`game.ui.board.match.Match`) and the card game
    (:class:`game.ui.cardgame.match.CardMatch`) need.

    A subclass sets ``game`` (an engine with ``actor``, ``view(seat)``,
    ``legal_actions()``, ``actions``), ``setup`` (with a ``seed``), ``kinds``
    and ``levels`` per seat, ``suspects`` (the token each seat plays, a
    suspect id), ``players`` (seat -> computer player with
    ``choose(view, legal)``), ``devices`` and ``closed``/``_executor``, and
    :meth:`make_player` (the game mode's computer players)."""

    game: E
    setup: S
    #: per seat: "human" or "computer", and the computer level
    kinds: list[str]
    levels: list[str]
    #: per seat: the suspect token it plays (a suspect id)
    suspects: tuple[str, ...]
    #: seat -> its computer player
    players: dict[int, Chooser]
    #: seat -> the controller a person joined with ("pad:<id>"); none: the shared keyboard and mouse
    devices: dict[int, str]
    #: seat -> {card id: mark} for each person
    notebooks: dict[int, dict[str, str]]
    #: how much the notebooks help (:data:`game.learning.hints.NOTEBOOK_MODES`)
    notebook_mode: str
    #: the public log lines and the public events behind them
    log: list[str]
    log_events: list[Any]
    #: the last action's events, to be played again by the table (:meth:`replay_saved`)
    resume_tail: list[Any]
    closed: bool
    _executor: ThreadPoolExecutor | None

    #: the phones of this game: ``{"port": int, "tokens": {seat: token}}`` while a host
    #: serves them (kept in the autosave, so Continue serves the same codes), else None
    net: dict | None = None

    def make_player(self, level: str, seed: int):
        """A computer player of ``level`` for this game (``ValueError`` for an unknown level)."""
        raise NotImplementedError

    # ------------------------------------------------------------ devices
    def seat_of(self, device: str) -> int | None:
        """The seat ``device`` plays, or None."""
        for seat, d in self.devices.items():
            if d == device:
                return seat
        return None

    def may_act(self, device: str, seat: int) -> bool:
        """May ``device`` act for ``seat``?  The shared keyboard and mouse may
        act for any person; a pad only for the seat it joined; a phone's
        arrows (``"phone:<seat>"``) only for its own seat."""
        if device.startswith("phone:"):
            return device == f"phone:{seat}"
        if not device.startswith("pad:"):
            return True
        return self.devices.get(seat) == device

    def give_device(self, seat: int, device: str | None) -> None:
        """``device`` now plays ``seat`` (None: the shared keyboard and mouse)."""
        for s, d in list(self.devices.items()):
            if d == device:
                del self.devices[s]
        if device is None:
            self.devices.pop(seat, None)
        else:
            self.devices[seat] = device

    def to_computer(self, seat: int, level: str = DEFAULT_LEVEL) -> None:
        """A computer player takes over ``seat`` (it then decides from that
        seat's own view, like every computer player)."""
        self.kinds[seat] = "computer"
        self.levels[seat] = level
        self.devices.pop(seat, None)
        self.players[seat] = self.make_player(level, self.setup.seed * 31 + seat)

    # ------------------------------------------------------------- people
    @property
    def humans(self) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if k == "human"]

    def people_seats(self) -> list[int]:
        """The seats a person plays, or played before a computer took them
        over (the phones' codes are kept for these across Play again)."""
        return self.humans

    def is_human(self, seat: int) -> bool:
        return self.kinds[seat] == "human"

    @property
    def needs_cover(self) -> bool:
        """Two or more people share the screen, so private things need a cover."""
        return len(self.humans) >= 2

    def seat_name(self, seat: int) -> str:
        return card(self.suspects[seat])

    # --------------------------------------------------------- computers
    def decision_seed(self, seat: int) -> str:
        """The seed of ``seat``'s next choice: the setup's seed, the seat and
        the number of actions so far — so a resumed game (rebuilt by replaying
        the actions) makes exactly the same choices as one never interrupted."""
        return f"{self.setup.seed}:{seat}:{len(self.game.actions)}"

    def _ready(self, seat: int, view: Any) -> Chooser:
        """``seat``'s player, made ready for one choice: a fresh random
        generator seeded by :meth:`decision_seed`, and the bits of history the
        player keeps besides its view (the suggestions it made, the turns it
        stayed in a room) rebuilt from that view, so nothing depends on what
        this object happened to see before (the player's own ``restore``)."""
        player = self.players[seat]
        if hasattr(player, "rng"):
            player.rng = random.Random(self.decision_seed(seat))
        restore = getattr(player, "restore", None)
        if restore is not None:
            restore(view)
        return player

    def computer_choice(self) -> Action:
        """The computer actor's choice, from its own view only (on this thread)."""
        seat = self.game.actor
        view = self.game.view(seat)
        return self._ready(seat, view).choose(view, self.game.legal_actions())

    def think(self, threaded: bool = True) -> Future:
        """Ask the computer actor for its choice; returns a future of the action.

        ``game.view(seat)`` and ``game.legal_actions()`` are built here, on the
        calling (main) thread; with ``threaded`` the player's ``choose`` runs on
        this match's one worker thread, otherwise right away (the future is
        then already done).  Apply the result on the main thread."""
        seat = self.game.actor
        view, legal = self.game.view(seat), self.game.legal_actions()
        player = self._ready(seat, view)
        if threaded and not self.closed:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="clue-ai")
            return self._executor.submit(player.choose, view, legal)
        fut: Future = Future()
        try:
            fut.set_result(player.choose(view, legal))
        except Exception as exc:   # same as the worker: the error comes out of result()
            fut.set_exception(exc)
        return fut

    def close(self) -> None:
        """Stop the worker thread: queued thinking is cancelled and nothing
        waits for a choice still running (it finishes on its own, unused).
        Safe to call twice; :meth:`think` then works synchronously."""
        self.closed = True
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    # ----------------------------------------------------- resume and log
    #: the game mode's redaction of an event for everybody (``events.public``)
    #: and its log line (``log.describe(event, suspects)``), set by each match class
    public_event: Callable[[Any], Any]
    describe_event: Callable[[Any, tuple[str, ...]], str | None]
    #: the game mode's small pictures of a log line (``log.line_cards(public event)``: public cards only)
    line_cards: Callable[[Any], tuple[str, ...]] | None = None
    #: "board" or "cards": which engine's reasons a refused saved move is said with
    save_kind = "board"

    def replay_saved(self, saved, path, before=None) -> None:
        """Play ``saved.actions`` on this (new) match's game: the events of
        every action but the last go to the log, the last action's to
        :attr:`resume_tail` (the table plays them again, as they looked);
        then the notebook marks of people, only known cards and marks
        (:meth:`cards`).  ``before(i)`` is called before action ``i``.
        Raises :class:`game.storage.save.SaveError` for a move the rules refuse."""
        from game.storage.savefile import replay_moves

        last = len(saved.actions) - 1
        for i, events in replay_moves(self.game, saved.actions, path, self.save_kind, before):
            if i == last:
                self.resume_tail = list(events)
            else:
                for e in events:
                    self.add_log(e)
        cards = set(self.cards())
        for seat, marks in saved.notebooks.items():
            if seat in self.notebooks:
                self.notebooks[seat] = {c: m for c, m in marks.items() if c in cards and m in MARKS}

    def add_log(self, event) -> str | None:
        """Add the public log line of ``event`` (redacted first); returns it."""
        public = type(self).public_event(event)
        line = type(self).describe_event(public, self.suspects)
        if line:
            self.log.append(line)
            self.log_events.append(public)
        return line

    def add_note(self, note: LogNote) -> str:
        """Add the table's own public line ``note`` to the log; returns it."""
        line = note.line()
        self.log.append(line)
        self.log_events.append(note)
        return line

    def log_entries(self) -> list[tuple[str, tuple[str, ...]]]:
        """The whole public log as (line, its cards) pairs, oldest first: the
        cards a line may show as small pictures come from its public (redacted)
        event only (``line_cards``), never from a private one."""
        cards = type(self).line_cards
        return [(line, tuple(cards(e)) if cards and not isinstance(e, LogNote) else ())
                for line, e in zip(self.log, self.log_events, strict=True)]

    def retranslate(self) -> None:
        """Write the log again in the language now in use."""
        describe = type(self).describe_event
        self.log = [line for line in (e.line() if isinstance(e, LogNote) else describe(e, self.suspects)
                                      for e in self.log_events) if line]

    def cards(self) -> tuple[str, ...]:
        """Every card a notebook of this game may mark."""
        raise NotImplementedError

    # ----------------------------------------------------------- notebook
    #: the game mode's event of a card shown to one seat (with ``to``, ``by`` and ``card``)
    card_shown_event: type[Any] = type(None)

    def facts(self, seat: int) -> dict[str, str]:
        """Card -> why its mark is a fact for ``seat`` (not to be cycled):
        what the seat knows from the deal (:meth:`dealt`: ``"hand"``, the card
        game's ``"up"``) and ``"shown:<seat>"`` for a card shown to it, from
        ``game.view(seat)`` only.  Nothing in the ``"manual"`` notebook mode."""
        if self.notebook_mode == "manual":
            return {}
        view = self.game.view(seat)
        out = self.dealt(seat, view)
        for e in view.events:
            if isinstance(e, self.card_shown_event) and e.to == seat and e.card is not None:
                out.setdefault(e.card, f"shown:{e.by}")
        return out

    def dealt(self, seat: int, view) -> dict[str, str]:
        """Card -> ``"hand"`` (or the card game's ``"up"``): what ``seat``
        knows from the deal, in ``view`` (its own view)."""
        raise NotImplementedError

    def own_cards(self, seat: int) -> frozenset[str]:
        """The cards in ``seat``'s hand (from that seat's own view)."""
        return self.game.view(seat).hand

    def deduce(self, seat: int) -> dict:
        """``{card id: Hint}`` from ``seat``'s view (the game's own hints
        function); raises ``game.learning.hints.InconsistentViewError``."""
        raise NotImplementedError

    def hints(self, seat: int) -> dict:
        """``seat``'s hints (:meth:`deduce`, from what that seat saw only):
        ``{card id: Hint}`` in the order found; empty for a view that
        contradicts itself (it cannot happen in a real game)."""
        from game.learning.hints import InconsistentViewError

        try:
            return self.deduce(seat)
        except InconsistentViewError:
            return {}

    def cycle_mark(self, seat: int, card: str) -> str:
        """Move ``card``'s manual mark to the next of :data:`MARKS`; returns it.
        A card ticked automatically (:meth:`facts`: in the hand, shown ...) is a
        fact: its mark does not cycle (returns "")."""
        if card in self.facts(seat):
            return ""
        book = self.notebooks.setdefault(seat, {})
        mark = MARKS[(MARKS.index(book.get(card, "")) + 1) % len(MARKS)]
        if mark:
            book[card] = mark
        else:
            book.pop(card, None)
        return mark
