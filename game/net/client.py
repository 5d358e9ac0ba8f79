"""A Python seat client: what the phone page does, for the tests and the
benchmark (``clue --join`` opens the page in a browser instead).

:class:`SeatClient` connects to a host's ``/ws``, says hello with its seat's
token, keeps the last view, sends actions with increasing ``seq`` and, like
the page, keeps its state in a ``store`` dict (the page's localStorage: the
client id, the last seq, the actions not yet acknowledged) so that a new
client on the same store -- a reloaded tab -- goes on where the old one
stopped.  It reconnects with backoff until stopped.

:class:`ClientPool` runs many clients on one background thread's asyncio
loop so that a synchronous caller (a test's main thread driving the host)
can use them.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import secrets
import threading
import time
from typing import Any, Callable

import aiohttp

from game.net import messages as m


class SeatClient:
    """One seat's phone.

    ``base_url``: ``http://host:port``; ``token``: the seat's secret;
    ``store``: the page's saved state (created when None: ``client`` id,
    ``seq``, ``pending`` seq -> action, ``decided`` step -> seq);
    ``decide(view) -> action dict | None``: called once per game step when the
    view says this seat must act (None: do nothing); ``backoff``: the first
    and the longest wait between reconnection attempts, in seconds.

    Read: :attr:`view` (the last payload), :attr:`rev`, :attr:`welcome`,
    :attr:`acks` (seq -> Ack), :attr:`frames` (every text frame received,
    raw, for the privacy capture), :attr:`errors` (the ``error`` messages
    but ``too_fast``), :attr:`stats` (``connects``, ``resends``,
    ``dropped``, ``too_fast``...).  An action the host dropped unread
    (``too_fast``: over the socket's rate) is sent again with the same seq
    after :data:`TOO_FAST_WAIT` seconds, as the page does.  ``ssl``: for an
    ``https://`` base (``wss://``), aiohttp's ``ssl`` argument (an ``SSLContext``
    trusting the proxy's certificate; default: the system's).  ``trust_applied=False`` makes a careless
    page that resends every unacknowledged action after a reconnect, even one
    the host says it took (tests: the host must refuse the duplicates).
    """

    #: Seconds to wait for a connection (and its upgrade's answer) before trying again.
    CONNECT_TIMEOUT = 5.0
    #: Seconds between pings; a host silent for half of it more is taken as gone.
    HEARTBEAT = 10.0
    #: Seconds to wait before sending again the actions the host dropped unread
    #: (``error`` ``too_fast``), as the page does.
    TOO_FAST_WAIT = 1.5

    def __init__(self, base_url: str, token: str, *, lang: m.Lang = "en", store: dict[str, Any] | None = None,
                 decide: Callable[[dict[str, Any]], dict[str, Any] | None] | None = None,
                 backoff: tuple[float, float] = (0.02, 0.5), keep_frames: bool = True,
                 trust_applied: bool = True, ssl: Any = True):
        self.ssl = ssl
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.lang = lang
        self.store = store if store is not None else {}
        self.store.setdefault("client", secrets.token_hex(8))
        self.store.setdefault("seq", 0)
        self.store.setdefault("pending", {})
        self.store.setdefault("decided", {})
        self.decide = decide
        self.backoff = backoff
        self.keep_frames = keep_frames
        self.trust_applied = trust_applied
        self.view: dict[str, Any] | None = None
        self.rev = 0
        self.welcome: m.Welcome | None = None
        self.acks: dict[int, m.Ack] = {}
        self.errors: list[m.Error] = []
        self.frames: list[str] = []
        self.view_times: list[tuple[int, float]] = []
        self.state = "new"            # new, connecting, waiting, seated, refused, stopped
        self.stats: dict[str, int] = {"connects": 0, "resends": 0, "dropped": 0, "views": 0, "too_fast": 0}
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._stop = False
        self._changed: asyncio.Event | None = None
        self._again: asyncio.Task[None] | None = None

    @property
    def seat(self) -> int | None:
        """The seat the host gave (None before the first welcome)."""
        return self.welcome.seat if self.welcome else None

    # ----------------------------------------------------------- running
    async def run(self) -> None:
        """Connect, and connect again after every drop (waiting ``backoff``,
        doubling up to its longest), until :meth:`stop` or a ``refused``."""
        self._changed = asyncio.Event()
        wait = self.backoff[0]
        # sock_read bounds the wait for the upgrade's answer too (aiohttp lifts it once the socket is
        # open): a host that took the connection but never answers is left, never waited on forever.
        timeout = aiohttp.ClientTimeout(total=None, connect=self.CONNECT_TIMEOUT, sock_connect=self.CONNECT_TIMEOUT,
                                        sock_read=self.CONNECT_TIMEOUT)
        async with aiohttp.ClientSession(timeout=timeout) as http:
            while not self._stop and self.state != "refused":
                try:
                    self.state = "connecting"
                    async with http.ws_connect(f"{self.base_url}/ws", heartbeat=self.HEARTBEAT,
                                               autoping=True, ssl=self.ssl) as ws:
                        self._ws = ws
                        wait = self.backoff[0]
                        await self._session(ws)
                except (aiohttp.ClientError, OSError, asyncio.TimeoutError):
                    pass
                finally:
                    self._ws = None
                if self._stop or self.state == "refused":
                    break
                self.state = "connecting"
                await asyncio.sleep(wait)
                wait = min(self.backoff[1], wait * 2)
        if self._again is not None:
            self._again.cancel()
        self.state = "stopped" if self.state != "refused" else "refused"

    async def _session(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.stats["connects"] += 1
        await ws.send_str(m.encode_text(m.Hello(self.token, self.store["client"], self.lang)))
        async for frame in ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                continue
            if self.keep_frames:
                self.frames.append(frame.data)
            await self._take(ws, m.decode_host(frame.data))
            if self.state == "refused":
                break

    async def _take(self, ws: aiohttp.ClientWebSocketResponse, msg: m.HostMessage) -> None:
        if isinstance(msg, m.Welcome):
            self.welcome = msg
            self.state = "seated"
            pending = self.store["pending"]
            if msg.match and self.store.get("match") != msg.match:
                if self.store.get("match"):       # another game (Play again): nothing held is sent into it
                    pending.clear()
                    self.store["decided"].clear()
                self.store["match"] = msg.match
            for seq in sorted(int(s) for s in pending):
                if seq <= msg.applied and self.trust_applied:
                    del pending[seq]              # taken (or refused) while we were away (a seq still on
                                                  # its way is resent: the host drops it, then answers once)
                else:
                    self.stats["resends"] += 1
                    await ws.send_str(m.encode_text(m.Act(seq, pending[seq])))
            # never reuse a seq the host has spent, taken or on its way (as the page does): a new
            # phone on the seat starts at seq 0, and its seq 1 would get another answer, unapplied
            self.store["seq"] = max(self.store["seq"], msg.applied, msg.spent)
        elif isinstance(msg, m.View):
            self.rev, self.view = msg.rev, msg.view
            self.stats["views"] += 1
            self.view_times.append((msg.rev, time.perf_counter()))
            await self._maybe_decide(ws)
        elif isinstance(msg, m.Ack):
            self.acks[msg.seq] = msg
            self.store["pending"].pop(msg.seq, None)
        elif isinstance(msg, m.Error) and msg.code == "too_fast":
            self.stats["too_fast"] += 1
            if self._again is None or self._again.done():
                self._again = asyncio.ensure_future(self._send_again(ws))
        elif isinstance(msg, m.Error):
            self.errors.append(msg)
        elif isinstance(msg, m.Waiting):
            self.state = "waiting"
        elif isinstance(msg, m.Refused):
            self.state = "refused"
        if self._changed is not None:
            self._changed.set()

    async def _send_again(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        """After ``too_fast`` (which names no seq): wait :data:`TOO_FAST_WAIT`
        seconds, then send every action still unacknowledged again with its
        own seq on the same socket.  The host answers a seq it already took
        with the same ack and drops one still on its way, so nothing is
        applied twice; after a reconnect the welcome resends instead."""
        await asyncio.sleep(self.TOO_FAST_WAIT)
        if ws is not self._ws or ws.closed:
            return
        pending = self.store["pending"]
        for seq in sorted(int(s) for s in pending):
            if seq in pending:
                self.stats["resends"] += 1
                try:
                    await ws.send_str(m.encode_text(m.Act(seq, pending[seq])))
                except (ConnectionError, RuntimeError, aiohttp.ClientError):
                    return                    # resent after the next welcome

    async def _maybe_decide(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        """Once per step where this seat must act: ask :attr:`decide` and send."""
        view = self.view
        if self.decide is None or view is None or view.get("over") or view.get("actor") != view.get("seat"):
            return
        step = view.get("step")
        if step in self.store["decided"]:
            return
        action = self.decide(view)
        if action is None:
            return
        self.store["decided"][step] = await self._send_act(ws, action)

    async def _send_act(self, ws: aiohttp.ClientWebSocketResponse | None, action: dict[str, Any]) -> int:
        self.store["seq"] += 1
        seq: int = self.store["seq"]
        self.store["pending"][seq] = action
        if ws is not None and not ws.closed:
            try:
                await ws.send_str(m.encode_text(m.Act(seq, action)))
            except (ConnectionError, RuntimeError, aiohttp.ClientError):
                pass                          # resent after the next welcome
        return seq

    async def act(self, action: dict[str, Any]) -> int:
        """Send ``action`` (an action dict) with the next seq; returns the seq.
        Kept until acknowledged, resent after a reconnect if not applied."""
        return await self._send_act(self._ws, action)

    async def send_raw(self, data: str | bytes) -> None:
        """Send any frame as it is (security tests: bad messages)."""
        if self._ws is None:
            raise ConnectionError("not connected")
        if isinstance(data, bytes):
            await self._ws.send_bytes(data)
        else:
            await self._ws.send_str(data)

    async def send(self, message: m.ClientMessage) -> None:
        """Send one client message (mark, lang, pad, ping...)."""
        await self.send_raw(m.encode_text(message))

    async def drop(self) -> None:
        """Break the connection (a fault: Wi-Fi gone); :meth:`run` reconnects."""
        ws = self._ws
        if ws is not None and not ws.closed:
            self.stats["dropped"] += 1
            await ws.close()

    async def stop(self) -> None:
        """Stop reconnecting and close."""
        self._stop = True
        await self.drop()


class ClientPool:
    """Clients on one background thread's asyncio loop, for synchronous callers.

    ``add(client)`` starts its :meth:`SeatClient.run`; ``call(coro)`` runs a
    coroutine on the loop and returns its result (``timeout`` seconds, a hang
    guard); ``close()`` stops every client and the thread.
    """

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.clients: list[SeatClient] = []
        self._tasks: dict[int, concurrent.futures.Future[None]] = {}
        self._thread = threading.Thread(target=self.loop.run_forever, name="clue-net-clients", daemon=True)
        self._thread.start()

    def add(self, client: SeatClient) -> SeatClient:
        self.clients.append(client)
        self._tasks[id(client)] = asyncio.run_coroutine_threadsafe(client.run(), self.loop)
        return client

    def call(self, coro: Any, timeout: float = 30.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def kill(self, client: SeatClient) -> None:
        """End ``client`` at once (a closed tab): it never reconnects."""
        self.call(client.stop())
        fut = self._tasks.pop(id(client), None)
        if fut is not None:
            try:
                fut.result(10)
            except Exception:
                pass
        if client in self.clients:
            self.clients.remove(client)

    def close(self) -> None:
        for c in list(self.clients):
            try:
                self.kill(c)
            except Exception:
                pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5)
