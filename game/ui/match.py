"""One game being played at the table: the engine's :class:`Game`, who is a
person and who a computer player, the computer players themselves, the public
log and each person's notebook marks.

Computer players only ever receive ``game.view(seat)`` and the legal actions.
They think on a worker thread (:meth:`Match.think`), so the frame keeps drawing:
the view and the legal actions are built on the main thread and handed over as
a snapshot; the worker never touches the :class:`Game`.
"""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor

from game.ai.simple import make_player
from game.board.model import Board
from game.log import describe
from game.rules import events as ev
from game.rules.actions import Action
from game.rules.cards import ALL_CARDS
from game.rules.engine import Game
from game.rules.setup import GameSetup, SeatConfig
from game.hints import DEFAULT_NOTEBOOK_MODE, NOTEBOOK_MODES
from game.ui.i18n import card

#: Notebook marks a person cycles through, in order ("" is blank).
MARKS = ("", "X", "?", "✓")

#: Default quick-start table: you as Miss Scarlet against three computer players.
QUICK_OPPONENTS = ("mustard", "white", "peacock")

#: The computer levels a person can pick in the setup scene, in cycling order.
LEVELS = ("easy", "medium", "hard")
#: The level of a new computer seat and of the quick start's opponents.
DEFAULT_LEVEL = "medium"


def quick_setup(seed: int) -> GameSetup:
    """Miss Scarlet (a person) against three computer players of the default level."""
    seats = (SeatConfig("scarlet", "human"),) + tuple(SeatConfig(s, "computer", DEFAULT_LEVEL)
                                                        for s in QUICK_OPPONENTS)
    return GameSetup(seats=seats, seed=seed)


class Seats:
    """People, computer players and controllers round one shared screen: the
    part of a match both the board game (:class:`Match`) and the card game
    (:class:`game.ui.cardgame.match.CardMatch`) need.

    A subclass sets ``game`` (an engine with ``actor``, ``view(seat)``,
    ``legal_actions()``, ``actions``), ``setup`` (with a ``seed``), ``kinds``
    and ``levels`` per seat, ``suspects`` (the token each seat plays, a
    suspect id), ``players`` (seat -> computer player with
    ``choose(view, legal)``), ``devices`` and ``closed``/``_executor``, and
    :meth:`make_player`."""

    def make_player(self, level: str, seed: int):
        """A computer player of ``level`` for this game (``ValueError`` for an unknown level)."""
        return make_player(level, seed)

    # ------------------------------------------------------------ devices
    def seat_of(self, device: str) -> int | None:
        """The seat ``device`` plays, or None."""
        for seat, d in self.devices.items():
            if d == device:
                return seat
        return None

    def may_act(self, device: str, seat: int) -> bool:
        """May ``device`` act for ``seat``?  The shared keyboard and mouse may
        act for any person; a pad only for the seat it joined."""
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

    def _ready(self, seat: int, view) -> object:
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
    public_event = None
    describe_event = None
    #: "board" or "cards": which engine's reasons a refused saved move is said with
    save_kind = "board"

    def replay_saved(self, saved, path, before=None) -> None:
        """Play ``saved.actions`` on this (new) match's game: the events of
        every action but the last go to the log, the last action's to
        :attr:`resume_tail` (the table plays them again, as they looked);
        then the notebook marks of people, only known cards and marks
        (:meth:`cards`).  ``before(i)`` is called before action ``i``.
        Raises :class:`game.save.SaveError` for a move the rules refuse."""
        from game.savefile import replay_moves

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

    def retranslate(self) -> None:
        """Write the log again in the language now in use."""
        describe = type(self).describe_event
        self.log = [line for line in (describe(e, self.suspects) for e in self.log_events) if line]

    def cards(self) -> tuple[str, ...]:
        """Every card a notebook of this game may mark."""
        raise NotImplementedError

    # ----------------------------------------------------------- notebook
    def facts(self, seat: int) -> dict[str, str]:
        """Card -> why its mark is a fact for ``seat`` (not to be cycled)."""
        raise NotImplementedError

    def own_cards(self, seat: int) -> frozenset[str]:
        """The cards in ``seat``'s hand (from that seat's own view)."""
        raise NotImplementedError

    def deduce(self, seat: int) -> dict:
        """``{card id: Hint}`` from ``seat``'s view (the game's own hints
        function); raises ``game.hints.InconsistentViewError``."""
        raise NotImplementedError

    def hints(self, seat: int) -> dict:
        """``seat``'s hints (:meth:`deduce`, from what that seat saw only):
        ``{card id: Hint}`` in the order found; empty for a view that
        contradicts itself (it cannot happen in a real game)."""
        from game.hints import InconsistentViewError

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


class Match(Seats):
    """The game at the table.  ``kinds[seat]`` is ``"human"`` or ``"computer"``;
    ``notebooks[seat]`` is a plain JSON-able dict ``{card id: mark}`` for each
    person; ``log`` holds the public log lines in order.  ``devices[seat]`` is
    the controller a person joined with (``"pad:<instance id>"``); a person's
    seat without one is played with the shared keyboard and mouse, which may
    act for any person whose turn it is.  ``notebook_mode`` is how much the
    notebooks help (:data:`game.hints.NOTEBOOK_MODES`: ``"manual"``,
    ``"assisted"`` or ``"hints"``; anything else means the default);
    ``hints_seen[seat]`` lists the cards whose hint that person has revealed
    (kept while the game runs, not saved: a hint can always be asked again)."""

    public_event = staticmethod(ev.public)
    describe_event = staticmethod(describe)

    def __init__(self, board: Board, setup: GameSetup, devices: dict[int, str] | None = None,
                 notebook_mode: str = DEFAULT_NOTEBOOK_MODE) -> None:
        self.notebook_mode = notebook_mode if notebook_mode in NOTEBOOK_MODES else DEFAULT_NOTEBOOK_MODE
        self.hints_seen: dict[int, list[str]] = {}
        self.game = Game.new(board, setup)
        self.setup = self.game.setup
        seats = self.setup.seats
        self.kinds = [c.kind for c in seats]
        self.levels = [c.level for c in seats]
        self.players = {i: make_player(c.level, self.setup.seed * 31 + i)
                        for i, c in enumerate(seats) if c.kind == "computer"}
        self.notebooks: dict[int, dict[str, str]] = {i: {} for i, k in enumerate(self.kinds) if k == "human"}
        self.log: list[str] = []
        #: the public events behind the log lines (to write them again in another language)
        self.log_events: list[ev.Event] = []
        self.suspects = tuple(s.suspect for s in self.game.seats)
        for e in self.game.events:
            self.add_log(e)
        self._executor: ThreadPoolExecutor | None = None
        self.closed = False
        #: set by :meth:`resume`: the last action's events, to be played again by the board
        self.resume_tail: list[ev.Event] = []
        self.resume_positions: dict | None = None
        self.resume_weapons: dict | None = None
        self.devices: dict[int, str] = {seat: d for seat, d in (devices or {}).items()
                                        if 0 <= seat < len(self.kinds) and self.kinds[seat] == "human"}

    # -------------------------------------------------------- save / resume
    def saved(self):
        """This match as a :class:`game.save.SavedGame`: the setup (with the
        seats as played now: a seat a computer took over is a computer seat),
        the actions so far and the notebooks."""
        from dataclasses import replace

        from game.save import SavedGame

        seats = tuple(SeatConfig(c.suspect, self.kinds[i], self.levels[i]) for i, c in enumerate(self.setup.seats))
        return SavedGame(replace(self.setup, seats=seats), list(self.game.actions),
                         {k: dict(v) for k, v in self.notebooks.items()}, notebook_mode=self.notebook_mode)

    @classmethod
    def resume(cls, board: Board, saved, path="<memory>") -> "Match":
        """The match of a saved game, rebuilt by replaying its actions (the
        engine is deterministic: same deal, positions, turn and step; each
        computer player's knowledge comes from ``game.view(seat)``).

        The events of the *last* action are kept aside in :attr:`resume_tail`
        with the token and weapon places from before it
        (:attr:`resume_positions`, :attr:`resume_weapons`), so the board plays
        them again as it would have (a walk, the card shown to a person, the
        private choice that follows).  Raises :class:`game.save.SaveError`
        for an action the rules refuse."""
        match = cls(board, saved.setup, notebook_mode=getattr(saved, "notebook_mode", DEFAULT_NOTEBOOK_MODE))
        g = match.game
        last = len(saved.actions) - 1

        def before(i: int) -> None:
            if i == last:
                match.resume_positions = dict(g.positions)
                match.resume_weapons = dict(g.weapons)

        match.replay_saved(saved, path, before)
        return match

    # ----------------------------------------------------------- notebook
    def auto_ticks(self, seat: int) -> dict[str, str]:
        """Card -> why it is ticked for ``seat``: "hand" or "shown:<seat>".
        Computed only from ``game.view(seat).events``.  Nothing is ticked for
        you in the ``"manual"`` notebook mode."""
        if self.notebook_mode == "manual":
            return {}
        out: dict[str, str] = {}
        for e in self.game.view(seat).events:
            if isinstance(e, ev.HandDealt) and e.player == seat and e.cards:
                for c in e.cards:
                    out[c] = "hand"
            elif isinstance(e, ev.CardShown) and e.to == seat and e.card is not None:
                out.setdefault(e.card, f"shown:{e.by}")
        return out

    def facts(self, seat: int) -> dict[str, str]:
        """The notebook rows that are facts for ``seat`` (:meth:`auto_ticks`)."""
        return self.auto_ticks(seat)

    def own_cards(self, seat: int) -> frozenset[str]:
        return self.game.view(seat).hand

    def deduce(self, seat: int) -> dict:
        """:func:`game.hints.board_hints` of ``game.view(seat)`` only."""
        from game.hints import board_hints

        return board_hints(self.game.view(seat))

    def cards(self) -> tuple[str, ...]:
        """The 21 cards of the board game."""
        return ALL_CARDS

