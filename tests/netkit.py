"""Helpers of the network tests (tests/test_net_*.py): host a seeded game on
loopback, one :class:`SeatClient` per person seat, wait on the game's progress."""

from __future__ import annotations

import time
from typing import Any, Callable

from game.net.client import ClientPool, SeatClient
from game.net.driver import NetGame, Table, choose
from game.net.payload import seat_payload

#: A hang guard only: every wait below ends as soon as the game has progressed; a whole
#: game's run fails only after this long with no new action (NetGame.run), so a busy
#: machine slows the tests down but never fails them.
GUARD = 180.0


def until(condition: Callable[[], bool], what: str | Callable[[], str], guard: float = GUARD) -> None:
    """Wait until ``condition()`` holds (the game's progress), failing after
    ``guard`` seconds only if it never does (a hang)."""
    deadline = time.monotonic() + guard
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"hung waiting for {what() if callable(what) else what}")
        time.sleep(0.005)


class Hosted:
    """A hosted game with its phones: :attr:`game` (replaced on a restart),
    :attr:`pool`, :attr:`clients` seat -> SeatClient, :attr:`stores` seat ->
    the page's saved state (shared by every client of that seat)."""

    def __init__(self, table: Table, *, decide: bool = True, keep_frames: bool = True,
                 classes: dict[int, type] | None = None, phone_moves: tuple[int, ...] = ()):
        self.table = table
        self.game = NetGame(table, phone_moves=phone_moves)
        self.game.start()
        self.pool = ClientPool()
        self.stores: dict[int, dict[str, Any]] = {s: {} for s in table.people}
        self.clients: dict[int, SeatClient] = {}
        self.decide = decide
        self.keep_frames = keep_frames
        self.retired: list[SeatClient] = []
        for seat in sorted(table.people):
            self.connect(seat, cls=(classes or {}).get(seat, SeatClient))

    def decider(self) -> Callable[[dict[str, Any]], dict[str, Any] | None] | None:
        seed = self.table.seed
        return (lambda view: choose(view, seed)) if self.decide else None

    def connect(self, seat: int, *, store: dict[str, Any] | None = None, cls: type = SeatClient,
                **kw: Any) -> SeatClient:
        """A (new) client for ``seat`` on its page's store (a reloaded tab: the old
        tab on that store is closed first, as a reload does -- two live tabs with one
        client id would take the seat from each other and one of them stop, refused)."""
        old = self.clients.get(seat)
        if old is not None and store is None and old.store is self.stores[seat]:
            self.pool.kill(old)
        client = cls(self.game.server.base_url, self.game.session.tokens[seat],
                            store=self.stores[seat] if store is None else store,
                            decide=kw.pop("decide", self.decider()), keep_frames=self.keep_frames, **kw)
        old = self.clients.get(seat)
        if old is not None and store is None:
            self.retired.append(old)
        self.clients[seat] = client
        return self.pool.add(client)

    def seated(self) -> None:
        """Wait until every seat's client holds its seat and has a view."""
        until(lambda: all(self.game.session.has_phone(s) for s in self.table.people), "phones to connect")

    def run(self, each: Callable[[NetGame], NetGame | None] | None = None) -> NetGame:
        self.game = self.game.run(timeout=GUARD, each=each)
        return self.game

    def settle(self) -> None:
        """After the game: wait until each client holds the last view sent to its seat."""
        session, net = self.game.session, self.game.net

        def arrived() -> bool:
            net.pump()
            net.broadcast()              # as the host's loop does every frame (a phone may come back late)
            return all(c.rev == session.revs[s] and c.state == "seated" and session.has_phone(s)
                       for s, c in self.clients.items())
        until(arrived, lambda: "the last views to arrive: " + repr(
            {s: (c.state, c.rev, session.revs[s], session.has_phone(s)) for s, c in self.clients.items()}))

    def expected(self, seat: int) -> dict[str, Any]:
        """``seat_payload`` for ``seat`` now, built afresh (no cache)."""
        g = self.game
        return seat_payload(self.table.kind, g.engine, seat, suspects=self.table.suspects,
                            marks=g.net.notebooks.get(seat, {}), lang=g.session.lang(seat),
                            phones=g.session.phone_seats())

    def close(self) -> None:
        self.pool.close()
        self.game.stop()
