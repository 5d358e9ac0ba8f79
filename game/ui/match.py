"""One game being played at the table: the engine's :class:`Game`, who is a
person and who a computer player, the computer players themselves, the public
log and each person's notebook marks.

Computer players only ever receive ``game.view(seat)`` and the legal actions.
They think on a worker thread (:meth:`Match.think`), so the frame keeps drawing:
the view and the legal actions are built on the main thread and handed over as
a snapshot; the worker never touches the :class:`Game`.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from game.ai.simple import make_player
from game.board.model import Board
from game.log import describe
from game.rules import events as ev
from game.rules.actions import Action
from game.rules.cards import ALL_CARDS, name
from game.rules.engine import Game
from game.rules.setup import GameSetup, SeatConfig
from game.ui.i18n import _

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


class Match:
    """The game at the table.  ``kinds[seat]`` is ``"human"`` or ``"computer"``;
    ``notebooks[seat]`` is a plain JSON-able dict ``{card id: mark}`` for each
    person; ``log`` holds the public log lines in order.  ``devices[seat]`` is
    the controller a person joined with (``"pad:<instance id>"``); a person's
    seat without one is played with the shared keyboard and mouse, which may
    act for any person whose turn it is."""

    def __init__(self, board: Board, setup: GameSetup, devices: dict[int, str] | None = None) -> None:
        self.game = Game.new(board, setup)
        self.setup = self.game.setup
        seats = self.setup.seats
        self.kinds = [c.kind for c in seats]
        self.players = {i: make_player(c.level, self.setup.seed * 31 + i)
                        for i, c in enumerate(seats) if c.kind == "computer"}
        self.notebooks: dict[int, dict[str, str]] = {i: {} for i, k in enumerate(self.kinds) if k == "human"}
        self.log: list[str] = []
        self.suspects = tuple(s.suspect for s in self.game.seats)
        for e in self.game.events:
            self.add_log(e)
        self._executor: ThreadPoolExecutor | None = None
        self.closed = False
        self.devices: dict[int, str] = {seat: d for seat, d in (devices or {}).items()
                                        if 0 <= seat < len(self.kinds) and self.kinds[seat] == "human"}

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
        self.devices.pop(seat, None)
        self.players[seat] = make_player(level, self.setup.seed * 31 + seat)

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
        return _(name(self.suspects[seat]))

    # ---------------------------------------------------------------- log
    def add_log(self, event: ev.Event) -> str | None:
        """Add the public log line of ``event`` (redacted first); returns it."""
        line = describe(ev.public(event), self.suspects)
        if line:
            self.log.append(_(line))
        return line

    # --------------------------------------------------------- computers
    def computer_choice(self) -> Action:
        """The computer actor's choice, from its own view only (on this thread)."""
        seat = self.game.actor
        return self.players[seat].choose(self.game.view(seat), self.game.legal_actions())

    def think(self, threaded: bool = True) -> Future:
        """Ask the computer actor for its choice; returns a future of the action.

        ``game.view(seat)`` and ``game.legal_actions()`` are built here, on the
        calling (main) thread; with ``threaded`` the player's ``choose`` runs on
        this match's one worker thread, otherwise right away (the future is
        then already done).  Apply the result on the main thread."""
        seat = self.game.actor
        player = self.players[seat]
        view, legal = self.game.view(seat), self.game.legal_actions()
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

    # ----------------------------------------------------------- notebook
    def auto_ticks(self, seat: int) -> dict[str, str]:
        """Card -> why it is ticked for ``seat``: "hand" or "shown:<seat>".
        Computed only from ``game.view(seat).events``."""
        out: dict[str, str] = {}
        for e in self.game.view(seat).events:
            if isinstance(e, ev.HandDealt) and e.player == seat and e.cards:
                for c in e.cards:
                    out[c] = "hand"
            elif isinstance(e, ev.CardShown) and e.to == seat and e.card is not None:
                out.setdefault(e.card, f"shown:{e.by}")
        return out

    def cycle_mark(self, seat: int, card: str) -> str:
        """Move ``card``'s manual mark to the next of :data:`MARKS`; returns it.
        A card ticked automatically (in the hand, shown) is a fact: its mark
        does not cycle (returns "")."""
        if card in self.auto_ticks(seat):
            return ""
        book = self.notebooks.setdefault(seat, {})
        mark = MARKS[(MARKS.index(book.get(card, "")) + 1) % len(MARKS)]
        if mark:
            book[card] = mark
        else:
            book.pop(card, None)
        return mark

    @staticmethod
    def cards() -> tuple[str, ...]:
        return ALL_CARDS
