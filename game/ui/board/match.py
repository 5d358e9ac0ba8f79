"""The board game at the table: the engine's :class:`Game`, who is a person
and who a computer player, the computer players themselves, the public log
and each person's notebook marks (the shared part: :class:`game.ui.bases.match.Seats`).

Computer players only ever receive ``game.view(seat)`` and the legal actions.
They think on a worker thread (:meth:`Match.think`), so the frame keeps drawing:
the view and the legal actions are built on the main thread and handed over as
a snapshot; the worker never touches the :class:`Game`.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from game.ai.simple import make_player
from game.board.model import Board
from game.learning.hints import DEFAULT_NOTEBOOK_MODE, NOTEBOOK_MODES
from game.rules import events as ev
from game.rules.cards import ALL_CARDS
from game.rules.engine import Game
from game.rules.setup import GameSetup, SeatConfig
from game.text.log import describe, line_cards
from game.ui.bases.match import Seats


class Match(Seats[Game, GameSetup]):
    """The game at the table.  ``kinds[seat]`` is ``"human"`` or ``"computer"``;
    ``notebooks[seat]`` is a plain JSON-able dict ``{card id: mark}`` for each
    person; ``log`` holds the public log lines in order.  ``devices[seat]`` is
    the controller a person joined with (``"pad:<instance id>"``); a person's
    seat without one is played with the shared keyboard and mouse, which may
    act for any person whose turn it is.  ``notebook_mode`` is how much the
    notebooks help (:data:`game.learning.hints.NOTEBOOK_MODES`: ``"manual"``,
    ``"assisted"`` or ``"hints"``; anything else means the default);
    ``hints_seen[seat]`` lists the cards whose hint that person has revealed
    (kept while the game runs, not saved: a hint can always be asked again)."""

    public_event = staticmethod(ev.public)
    describe_event = staticmethod(describe)
    line_cards = staticmethod(line_cards)
    card_shown_event = ev.CardShown

    def __init__(self, board: Board, setup: GameSetup, devices: dict[int, str] | None = None,
                 notebook_mode: str = DEFAULT_NOTEBOOK_MODE) -> None:
        self.notebook_mode = notebook_mode if notebook_mode in NOTEBOOK_MODES else DEFAULT_NOTEBOOK_MODE
        self.hints_seen: dict[int, list[str]] = {}
        #: with Hints, the seats told "You can accuse now" (once each), and those told whose own
        #: screen has not shown it yet (a table of two or more people: never spoken)
        self.accuse_told: set[int] = set()
        self.accuse_unseen: set[int] = set()
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
        self.resume_positions: dict[str, ev.Position] | None = None
        self.resume_weapons: dict[str, str] | None = None
        self.devices: dict[int, str] = {seat: d for seat, d in (devices or {}).items()
                                        if 0 <= seat < len(self.kinds) and self.kinds[seat] == "human"}

    def make_player(self, level: str, seed: int):
        """A board-game computer player of ``level`` (:func:`game.ai.simple.make_player`;
        ``ValueError`` for an unknown level)."""
        return make_player(level, seed)

    def people_seats(self) -> list[int]:
        """The seats a person plays, or played before a computer took them
        over: a person's in the setup (live), or marked ``taken_over``
        (continued)."""
        return [i for i, c in enumerate(self.setup.seats) if c.kind == "human" or c.taken_over]

    # -------------------------------------------------------- save / resume
    def saved(self):
        """This match as a :class:`game.storage.save.SavedGame`: the setup (with the
        seats as played now: a seat a computer took over is a computer seat,
        marked ``taken_over`` since a person played it before), the actions so
        far and the notebooks."""
        from dataclasses import replace

        from game.storage.save import SavedGame

        people = self.people_seats()
        seats = tuple(SeatConfig(c.suspect, self.kinds[i], self.levels[i],
                                 taken_over=self.kinds[i] == "computer" and i in people)
                      for i, c in enumerate(self.setup.seats))
        return SavedGame(replace(self.setup, seats=seats), list(self.game.actions),
                         {k: dict(v) for k, v in self.notebooks.items()}, notebook_mode=self.notebook_mode,
                         net=self.net)

    @classmethod
    def resume(cls, board: Board, saved, path="<memory>") -> "Match":
        """The match of a saved game, rebuilt by replaying its actions (the
        engine is deterministic: same deal, positions, turn and step; each
        computer player's knowledge comes from ``game.view(seat)``).

        The events of the *last* action are kept aside in :attr:`resume_tail`
        with the token and weapon places from before it
        (:attr:`resume_positions`, :attr:`resume_weapons`), so the board plays
        them again as it would have (a walk, the card shown to a person, the
        private choice that follows).  Raises :class:`game.storage.save.SaveError`
        for an action the rules refuse."""
        match = cls(board, saved.setup, notebook_mode=getattr(saved, "notebook_mode", DEFAULT_NOTEBOOK_MODE))
        g = match.game
        last = len(saved.actions) - 1

        def before(i: int) -> None:
            if i == last:
                match.resume_positions = dict(g.positions)
                match.resume_weapons = dict(g.weapons)

        match.replay_saved(saved, path, before)
        match.net = getattr(saved, "net", None)
        return match

    # ----------------------------------------------------------- notebook
    def auto_ticks(self, seat: int) -> dict[str, str]:
        """Card -> why it is ticked for ``seat``: "hand" or "shown:<seat>"
        (:meth:`facts`).  Computed only from ``game.view(seat).events``.
        Nothing is ticked for you in the ``"manual"`` notebook mode."""
        return self.facts(seat)

    def dealt(self, seat: int, view) -> dict[str, str]:
        """The cards dealt to ``seat`` (its ``HandDealt`` event) -> "hand"."""
        return {c: "hand" for e in view.events if isinstance(e, ev.HandDealt) and e.player == seat and e.cards
                for c in e.cards}

    def deduce(self, seat: int) -> dict:
        """:func:`game.learning.hints.board_hints` of ``game.view(seat)`` only."""
        from game.learning.hints import board_hints

        return board_hints(self.game.view(seat))

    def report(self, seat: int):
        """:func:`game.learning.report.board_report` of ``game.view(seat)`` only: the
        detective report of ``seat`` (private to it when it is a person; a
        computer's about it by name, not "you")."""
        from game.learning.report import board_report

        return board_report(self.game.view(seat), about=not self.is_human(seat))

    def cards(self) -> tuple[str, ...]:
        """The 21 cards of the board game."""
        return ALL_CARDS

