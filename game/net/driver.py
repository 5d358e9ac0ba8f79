"""A headless networked game: computer seats and phone seats, on the main thread.

:class:`NetGame` hosts one game (board or cards) the way the TV does --
:class:`~game.net.session.HostSession`, :class:`~game.net.server.NetServer`
and :class:`~game.net.host.NetTable` -- and plays the computer seats itself;
the person seats are played over WebSockets by whoever holds their tokens
(tests and the benchmark use :class:`game.net.client.SeatClient`).  Board moves
of the phone seats are made "on the TV" (:func:`tv_move`), as a person would
with a controller.

:func:`choose` is a person's choice made from the phone's payload alone
(seeded per seat and step), and :func:`play_reference` plays the same seeded
game without any network with the same choices, so a networked game can be
compared with it action by action.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Sequence

from game.net.host import NetTable, action_reader
from game.net.payload import seat_payload
from game.net.server import NetServer
from game.net.session import HostSession

#: A game that has not ended after this many actions is stuck (a bug).
MAX_ACTIONS = 5000
_KINDS = {"board": ("suspect", "weapon", "room"), "cards": ("person", "weapon", "location")}
_FIELDS = {"board": ("suspect", "weapon", "room"), "cards": ("person", "weapon", "location")}


class NetGameError(RuntimeError):
    """A networked game did not finish within its guard (actions or seconds), or a
    person seat whose turn it is was offered nothing to do."""


# ---------------------------------------------------------------- choices
def solution(view: dict[str, Any]) -> tuple[str, str, str] | None:
    """The envelope's three cards when the seat's notebook hints name one of
    each kind (``verdict == "envelope"``), else None."""
    kinds = _KINDS[view["game"]]
    found: dict[str, str] = {}
    for entry in view.get("notebook", []):
        if entry.get("verdict") == "envelope":
            found[entry["kind"]] = entry["id"]
    if all(k in found for k in kinds):
        return tuple(found[k] for k in kinds)  # type: ignore[return-value]
    return None


def choose(view: dict[str, Any], seed: int) -> dict[str, Any] | None:
    """What a person at this phone does, from ``view`` (a payload) alone:
    show the preselected card; accuse (or join) when the notebook names the
    envelope; else suggest / ask at random, roll, or end the turn.  Random
    choices are seeded by ``seed``, the seat and the step, so the same view
    always gets the same answer.  None when the seat has nothing to do here
    (not its turn, a board move: made on the TV, the game over)."""
    if view.get("over") or view.get("actor") != view.get("seat") or view.get("move"):
        return None
    legal: list[dict[str, Any]] = view.get("legal") or []
    if not legal:
        return None
    rng = random.Random(f"{seed}:{view['seat']}:{view['step']}")
    if view.get("disprove"):
        kind = "Disprove" if view["game"] == "board" else "Show"
        return {"type": kind, "card": view["disprove"]["preselect"]}
    by_type: dict[str, list[dict[str, Any]]] = {}
    for a in legal:
        by_type.setdefault(a["type"], []).append(a)
    solved = solution(view)
    if solved is not None:
        names = dict(zip(_FIELDS[view["game"]], solved, strict=True))
        for kind in ("Accuse", "Join"):
            wanted = {"type": kind, **names}
            if wanted in by_type.get(kind, []):
                return wanted
    for kind in ("Suggest", "Ask"):
        if kind in by_type:
            return rng.choice(by_type[kind])
    for kind in ("Roll", "TakePassage", "Decline", "EndTurn"):
        if kind in by_type:
            return by_type[kind][0]
    return rng.choice(legal)


def tv_move(engine: Any, seat: int, seed: int) -> Any:
    """The board move a person makes for ``seat`` on the TV: the computer
    player's (level ``simple``) choice among the legal moves, seeded by
    ``seed``, the seat and the number of actions so far."""
    from game.ai.simple import make_player
    from game.rules.actions import Action, Move

    moves: list[Action] = [a for a in engine.legal_actions() if isinstance(a, Move)]
    player = make_player("simple", seed * 7919 + seat * 104729 + len(engine.actions))
    return player.choose(engine.view(seat), moves)


# ---------------------------------------------------------------- tables
@dataclass
class Table:
    """A seeded game to host: ``kind``, its ``engine`` factory inputs
    (``setup``; the board for board games), ``suspects`` per seat,
    ``people`` (the phone seats) and the computer players of the others."""

    kind: str
    setup: Any
    suspects: tuple[str, ...]
    people: frozenset[int]
    seed: int
    board: Any = None
    computers: dict[int, Any] = field(default_factory=dict)

    def new_engine(self, actions: Sequence[Any] = ()) -> Any:
        """A fresh engine for this table, with ``actions`` replayed."""
        if self.kind == "board":
            from game.rules.engine import Game
            return Game.replay(self.board, self.setup, list(actions))
        from game.cardgame.engine import CardGame
        return CardGame.replay(self.setup, list(actions))

    def computer_action(self, engine: Any, seat: int) -> Any:
        """The computer seat's choice from its own view."""
        return self.computers[seat].choose(engine.view(seat), engine.legal_actions())


def board_table(players: int, seed: int, people: Sequence[int], level: str = "medium") -> Table:
    """A board game of ``players`` seats (suspects drawn by ``seed``), ``people`` on phones."""
    from game.ai.simple import make_player
    from game.board.tmx import load_board
    from game.commands.headless import computer_setup
    from game.rules.engine import Game
    from game.storage.paths import MANSION_MAP

    board = _board_cache.get("mansion") or _board_cache.setdefault("mansion", load_board(MANSION_MAP))
    setup = computer_setup(players, seed, level)
    engine = Game.new(board, setup)
    # the phones' seats are people's (their views say so: SeatView.computers); same deal, same order
    engine = Game.new(board, replace(engine.setup, seats=tuple(
        replace(c, kind="human") if i in people else c for i, c in enumerate(engine.setup.seats))))
    suspects = tuple(s.suspect for s in engine.seats)
    computers = {i: make_player(level, seed * 31 + i) for i in range(players) if i not in people}
    return Table("board", engine.setup, suspects, frozenset(people), seed, board, computers)


def cards_table(players: int, seed: int, people: Sequence[int], level: str = "medium",
                advanced: bool = False) -> Table:
    """A card game of ``players`` seats, ``people`` on phones."""
    from game.cardgame.ai import make_card_player
    from game.cardgame.engine import CardSetup
    from game.core.cards import SUSPECTS

    setup = CardSetup(players=players, seed=seed, advanced=advanced, levels=(level,) * players)
    suspects = tuple(random.Random(seed ^ 0x5EA7).sample(SUSPECTS, players))
    computers = {i: make_card_player(level, seed * 31 + i) for i in range(players) if i not in people}
    return Table("cards", setup, suspects, frozenset(people), seed, None, computers)


_board_cache: dict[str, Any] = {}


def play_reference(table: Table) -> Any:
    """The same game with no network: person seats choose with :func:`choose`
    from their :func:`seat_payload`, board moves with :func:`tv_move`.
    Returns the finished engine; raises :class:`NetGameError` if stuck."""
    engine = table.new_engine()
    read = action_reader(table.kind)
    cache: dict[Any, Any] = {}
    while not engine.over:
        if len(engine.actions) > MAX_ACTIONS:
            raise NetGameError(f"seed {table.seed}: no result after {MAX_ACTIONS} actions")
        seat = engine.actor
        if seat in table.computers:
            engine.apply(table.computer_action(engine, seat))
            continue
        view = seat_payload(table.kind, engine, seat, suspects=table.suspects, phones=table.people, cache=cache)
        if view["move"]:
            engine.apply(tv_move(engine, seat, table.seed))
        else:
            action = choose(view, table.seed)
            if action is None:        # the actor's payload offers nothing to do
                raise NetGameError(f"seed {table.seed}: seat {seat} has no legal action")
            engine.apply(read(action))
    return engine


# --------------------------------------------------------------- hosting
class NetGame:
    """One hosted game, stepped on the caller's (main) thread.

    ``table``: what to play; ``port``: 0 picks one (kept across
    :meth:`restart`); ``state``: a :meth:`HostSession.state` to resume
    with; ``actions``: the actions to replay (a resumed game);
    ``phone_moves``: person seats whose board moves come from their phone
    (a tap on the page's board) instead of being made on the TV;
    ``bind`` and ``remote``: the server's interface and whether peers from
    outside the local network may join (:class:`NetServer`).
    :attr:`snapshot` is the autosave: the actions and the session state
    after every step.
    """

    def __init__(self, table: Table, *, port: int = 0, state: dict[str, Any] | None = None,
                 actions: Sequence[Any] = (), phone_moves: Iterable[int] = (),
                 bind: str = "127.0.0.1", remote: bool = False):
        self.table = table
        self.phone_moves = frozenset(phone_moves)
        self.engine = table.new_engine(actions)
        if state is not None:
            self.session = HostSession.from_state(table.kind, table.people, state)
        else:
            self.session = HostSession(table.kind, table.people)
        self.bind, self.remote = bind, remote
        self.server = NetServer(self.session, port=port, bind=bind, remote=remote)
        self.net = NetTable(table.kind, self.engine, table.suspects, self.session)
        self.snapshot: tuple[list[Any], dict[str, Any]] = (list(self.engine.actions), self.session.state())
        self.applied: list[Any] = []

    def start(self) -> str:
        """Serve; returns the base URL."""
        self.server.start()
        return self.server.base_url

    def url(self, seat: int) -> str:
        return self.session.url(seat, self.server.base_url)

    def step(self, wait: float = 0.05) -> bool:
        """One turn of the loop: take the phones' requests, let the computer
        seats and the TV act, send the views, keep the autosave.  Waits up to
        ``wait`` seconds for a phone when nothing else can happen.  Returns
        True once the game is over."""
        progressed = False
        self.net.pump()
        if self.net.applied:
            self.applied.extend(self.net.applied)
            self.net.applied.clear()
            progressed = True
        while not self.engine.over:
            seat = self.engine.actor
            if seat in self.table.computers:
                self.engine.apply(self.table.computer_action(self.engine, seat))
            elif self.table.kind == "board" and self.engine.phase.value == "move" and seat not in self.phone_moves:
                self.engine.apply(tv_move(self.engine, seat, self.table.seed))
            else:
                break
            progressed = True
        for seat in self.session.pending_joins():
            self.session.confirm_join(seat, True)
        self.net.broadcast()
        self.snapshot = (list(self.engine.actions), self.session.state())
        if not progressed and not self.engine.over:
            self.session.wait(wait)
        over: bool = self.engine.over
        return over

    def run(self, timeout: float = 60.0,
            each: Callable[["NetGame"], "NetGame | None"] | None = None) -> "NetGame":
        """Step until the game is over; ``each(game)`` after every step may
        inject a fault and return the game to go on with (a restarted host)
        or None.  Returns the game that finished (``self`` unless restarted).
        Raises :class:`NetGameError` when ``timeout`` seconds pass with no
        new action applied (a hang guard tied to the game's progress, never a
        pass/fail window: a slow, busy machine only makes each step slower)
        or after :data:`MAX_ACTIONS`."""
        game = self
        seen = len(game.engine.actions)
        deadline = time.monotonic() + timeout
        while not game.step():
            if each is not None:
                game = each(game) or game
            if len(game.engine.actions) != seen:
                seen = len(game.engine.actions)
                deadline = time.monotonic() + timeout
            elif time.monotonic() > deadline:
                raise NetGameError(f"seed {game.table.seed}: no action for {timeout:.0f} s "
                                   f"({len(game.engine.actions)} actions, actor {game.engine.actor})")
            if len(game.engine.actions) > MAX_ACTIONS:
                raise NetGameError(f"seed {game.table.seed}: no result after {MAX_ACTIONS} actions")
        game.net.broadcast()
        return game

    def restart(self) -> "NetGame":
        """Kill this host and start another from the autosave (the actions and
        the session state) on the same port, as Continue does.  Returns the
        new game; the phones find it again by themselves."""
        actions, state = self.snapshot
        port = self.server.port
        self.stop()
        again = NetGame(self.table, port=port, state=state, actions=actions, phone_moves=self.phone_moves,
                        bind=self.bind, remote=self.remote)
        again.applied = self.applied
        again.start()
        return again

    def stop(self) -> None:
        """Stop serving (every socket closes)."""
        self.server.stop()
