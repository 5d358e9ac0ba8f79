"""The host's web server: the seat page and the WebSocket, on its own thread.

:class:`NetServer` runs an aiohttp application on a daemon thread with its own
asyncio loop.  It never touches the engine: what sockets say goes to the
:class:`game.net.session.HostSession` (thread-safe), and the main thread
answers through the same session.

Routes (every answer ``Cache-Control: no-store``, ``Referrer-Policy: no-referrer``):

* ``GET /`` -- a page that names nothing private ("scan your seat's code").
* ``GET /s/{token}`` -- the seat's page (``game/net/web/index.html``); 404 for
  a token no seat has.
* ``GET /web/{file}`` -- a file of ``game/net/web/`` (plain names only: no
  folders, no dot files).
* ``GET /cards/{id}.png`` -- a card's picture from ``sprites/cards/``
  (``game.storage.paths``), only for the game's card ids.
* ``GET /ws`` -- the WebSocket (messages: :mod:`game.net.messages`).

Peers: only those of :data:`LOCAL_NETWORKS` (and the VPN ranges the host
adds) unless ``remote=True`` (:func:`peer_allowed`); others get 403.  Each socket may send
:data:`RATE_BURST` messages at once and :data:`RATE_PER_SECOND` a second after
that; more are answered ``error`` ``too_fast`` and dropped.  Everything a
stranger could pile up is bounded (:class:`Limits`): connections in all and
per address, the time to send a request's headers and to say hello, new
connections, page loads and hellos per address per second; what goes over is
refused at once and logged once per address with a count (:class:`Floods`).
"""

from __future__ import annotations

import asyncio
import errno
import html
import ipaddress
import json
import logging
import re
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from aiohttp import WSMsgType, web

from game.core.cards import ALL_CARDS
from game.net import messages as m
from game.net.session import HostSession
from game.storage import paths

if TYPE_CHECKING:
    from aiohttp.typedefs import Handler
    from aiohttp.web_protocol import RequestHandler

log = logging.getLogger(__name__)

WEB_DIR = Path(__file__).resolve().parent / "web"
CARDS_DIR = paths.SPRITES / "cards"
RATE_PER_SECOND = 20.0
RATE_BURST = 40
#: Frames bigger than this are cut by aiohttp itself (the socket closes); between
#: :data:`game.net.messages.MAX_BYTES` and this the host answers ``too_big``.
FRAME_LIMIT = 64 * 1024
#: Seconds :meth:`NetServer.stop` gives a socket to answer its close and a handler to end.
SHUTDOWN = 2.0
_FILE = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,80}$")
_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".png": "image/png",
          ".svg": "image/svg+xml", ".json": "application/json", ".ico": "image/x-icon", ".txt": "text/plain",
          ".webmanifest": "application/manifest+json"}
_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}

_HOME = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Clue</title></head>
<body style="font-family:sans-serif;font-size:1.4em;text-align:center;padding:2em">
<h1>Clue</h1><p>Scan your seat's code on the TV to open your seat.</p></body></html>"""
_NO_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>Clue</title></head>
<body><p>The seat page is missing from this copy of the game (game/net/web/index.html).</p></body></html>"""
#: The page for an address that opens no seat, in the phone's language (``Accept-Language``).
_NO_SEAT_WORDS = {
    "en": ("No seat has this address", "Scan your seat's QR code on the TV again to open your seat."),
    "es": ("Ningún asiento tiene esta dirección",
           "Vuelve a escanear el código QR de tu asiento en la tele para abrirlo."),
    "ca": ("Cap seient té aquesta adreça",
           "Torna a escanejar el codi QR del teu seient a la tele per obrir-lo."),
}
_NO_SEAT_PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer">
<title>Clue</title><style>
body{{margin:0;font-family:"DejaVu Sans",system-ui,sans-serif;font-size:21px;line-height:1.35;
background:#f6ecd6;color:#281c16}}
header{{background:#2e1e18;color:#faf0dc;padding:14px 16px;font-weight:bold;font-size:22px}}
main{{padding:20px 16px;max-width:600px;margin:0 auto}}
h1{{font-size:26px;margin:8px 0 14px}}
p{{margin:0;padding:14px;background:#fffaf0;border:3px solid #e8b848;border-radius:14px}}
</style></head><body><header>Clue</header><main><h1>{title}</h1><p>{text}</p></main></body></html>"""


def page_lang(accept: str | None) -> str:
    """The first of en/es/ca named in an ``Accept-Language`` header (by its q weights), else "en"."""
    best, best_q = "en", -1.0
    for i, part in enumerate((accept or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        lang = tag.strip().lower()[:2]
        q = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if lang in _NO_SEAT_WORDS and q > 0 and q - i * 1e-6 > best_q:
            best, best_q = lang, q - i * 1e-6
    return best


def no_seat_page(accept: str | None) -> str:
    """The small phone-sized HTML page saying no seat has this address (in en/es/ca)."""
    lang = page_lang(accept)
    title, text = _NO_SEAT_WORDS[lang]
    return _NO_SEAT_PAGE.format(lang=lang, title=title, text=text)


#: The page for a peer outside the home networks while remote play is off (``{address}``: the peer's).
_NOT_LOCAL_WORDS = {
    "en": ("This game is only for the home network",
           "Your address, {address}, is not one of the home network's ranges. If you are in the same home "
           "(or on the family's VPN), the person at the TV can add your network's range to the setting "
           "“vpn_ranges” in the game's settings.json, or start the game with --vpn-range RANGE. To let family "
           "far away in, start the game with --remote, or press “Invite family far away” on the TV."),
    "es": ("Esta partida es solo para la red de casa",
           "Tu dirección, {address}, no está en los rangos de la red de casa. Si estás en la misma casa "
           "(o en la VPN de la familia), quien está en la tele puede añadir el rango de tu red al ajuste "
           "“vpn_ranges” del archivo settings.json del juego, o empezar el juego con --vpn-range RANGO. Para "
           "dejar entrar a la familia que está lejos, empieza el juego con --remote, o pulsa “Invitar a familia "
           "lejana” en la tele."),
    "ca": ("Aquesta partida és només per a la xarxa de casa",
           "La teva adreça, {address}, no és en els rangs de la xarxa de casa. Si ets a la mateixa casa "
           "(o a la VPN de la família), qui és a la tele pot afegir el rang de la teva xarxa al paràmetre "
           "“vpn_ranges” del fitxer settings.json del joc, o començar el joc amb --vpn-range RANG. Per deixar "
           "entrar la família que és lluny, comença el joc amb --remote, o prem “Convidar qui és lluny” a la "
           "tele."),
}


def not_local_page(accept: str | None, address: str | None) -> str:
    """The small phone-sized HTML page (in en/es/ca, from ``accept``: an ``Accept-Language``) for a
    peer at ``address`` outside the home networks while remote play is off: why it may not join and
    what the person at the TV can do (the setting ``vpn_ranges``, ``--vpn-range``, ``--remote``)."""
    lang = page_lang(accept)
    title, text = _NOT_LOCAL_WORDS[lang]
    return _NO_SEAT_PAGE.format(lang=lang, title=title, text=html.escape(text.format(address=address or "?")))


Network = ipaddress.IPv4Network | ipaddress.IPv6Network
#: The networks whose peers are "on this network" (:func:`peer_allowed`), an explicit list: Python's
#: ``is_private`` also lets in the documentation and benchmarking ranges (192.0.2/24, 198.51.100/24,
#: 203.0.113/24, 198.18/15), which no home uses, and refuses 100.64/10, which VPNs such as
#: Tailscale use (add such a range with the setting ``vpn_ranges`` or ``--vpn-range``).
LOCAL_NETWORKS: tuple[Network, ...] = tuple(
    ipaddress.ip_network(n) for n in (
        "127.0.0.0/8",                                      # loopback
        "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16",    # private (RFC 1918)
        "169.254.0.0/16",                                   # link-local (no DHCP server)
        "::1/128",                                          # IPv6 loopback
        "fc00::/7",                                         # IPv6 unique local (RFC 4193)
        "fe80::/10",                                        # IPv6 link-local
    ))


def parse_ranges(texts: Any, where: str) -> tuple[Network, ...]:
    """The network ranges ``texts`` (a list of texts such as ``"100.64.0.0/10"``
    or ``"fd7a:115c:a1e0::/48"``; host bits are allowed and dropped) as
    networks.  Raises ``ValueError`` naming ``where`` (the setting or option
    they came from) and the first text that is not a range."""
    if isinstance(texts, str) or not isinstance(texts, (list, tuple)):
        raise ValueError(f"{where} must be a list of network ranges such as 100.64.0.0/10, not {texts!r}")
    out = []
    for text in texts:
        try:
            if not isinstance(text, str) or "/" not in text:
                raise ValueError("no /prefix length")
            out.append(ipaddress.ip_network(text.strip(), strict=False))
        except ValueError as exc:
            raise ValueError(f"{where}: {text!r} is not a network range such as 100.64.0.0/10 ({exc})") from None
    return tuple(out)


def peer_allowed(address: str | None, remote: bool = False, extra: Iterable[Network] = ()) -> bool:
    """True when a peer at ``address`` (an IPv4 or IPv6 text, as
    ``request.remote`` gives it) may use the server: any address when
    ``remote``; otherwise only one in :data:`LOCAL_NETWORKS` or in ``extra``
    (the VPN ranges the host added: :func:`parse_ranges`).  An IPv4-mapped
    IPv6 address is judged as its IPv4; a missing or unreadable address is
    refused."""
    if remote:
        return True
    ip = _ip(address or "")
    return ip is not None and any(ip in net for net in (*LOCAL_NETWORKS, *extra))


def parse_proxies(texts: Any, where: str) -> tuple[Network, ...]:
    """The reverse proxies the host trusts to say who their clients are: ``texts``
    lists addresses (``"127.0.0.1"``) or ranges (``"10.0.0.0/8"``).  Raises
    ``ValueError`` naming ``where`` and the first text that is neither."""
    if isinstance(texts, str) or not isinstance(texts, (list, tuple)):
        raise ValueError(f"{where} must be a list of addresses such as 127.0.0.1, not {texts!r}")
    whole = [t.strip() if isinstance(t, str) and "/" in t else
             f"{t.strip()}/{128 if ':' in t else 32}" if isinstance(t, str) else t for t in texts]
    return parse_ranges(whole, where)


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        ip = ipaddress.ip_address(text.strip().split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def client_address(peer: str | None, forwarded_for: str | None, trusted: Iterable[Network]) -> str:
    """Who is on the other end: ``peer`` (the TCP peer's address), unless it is one of the
    ``trusted`` proxies; then the nearest address of ``forwarded_for`` (an
    ``X-Forwarded-For`` header, "client, proxy1, proxy2") that is not itself a trusted proxy,
    read from the right -- what a client writes on the left is believed only through
    trusted proxies.  An unreadable entry stops the walk at the last address believed."""
    trusted = tuple(trusted)
    address = peer or ""
    ip = _ip(address)
    if ip is None or not any(ip in net for net in trusted) or not forwarded_for:
        return address
    for entry in reversed(forwarded_for.split(",")):
        hop = _ip(entry)
        if hop is None:
            break
        address = str(hop)
        if not any(hop in net for net in trusted):
            break
    return address


def lan_address() -> str:
    """This computer's address on the local network (the one a phone on the
    same Wi-Fi reaches), found by asking the system which interface would
    route to a public address (no packet is sent); ``"127.0.0.1"`` when
    there is no network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))        # TEST-NET-1: never routed, nothing sent
            address: str = s.getsockname()[0]
            return address
    except OSError:
        return "127.0.0.1"


class _Bucket:
    """A token bucket: :data:`RATE_BURST` at once, :data:`RATE_PER_SECOND` after."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, burst
        self.level = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False


@dataclass(frozen=True)
class Limits:
    """What one address, and all of them together, may hold or ask of the server.

    ``connections``: open TCP connections in all (fewer when the process may
    open few files: :meth:`cap`); ``per_address``: open connections from one
    address; ``handshake``: seconds a connection has to send a request's
    whole headers (and an idle keep-alive connection stays open);
    ``hello``: seconds a WebSocket has to say hello with a seat's token;
    ``connects``, ``pages``, ``hellos``: ``(per second, at once)`` from one
    address -- new connections, page loads (``/``, ``/s/...`` and anything
    answered 404: guessed seat addresses) and hellos.  A family's phones
    each have their own address at home; behind one router far away they
    share one, hence the bursts.
    """

    connections: int = 256
    per_address: int = 48
    handshake: float = 10.0
    hello: float = 10.0
    connects: tuple[float, int] = (20.0, 100)
    pages: tuple[float, int] = (5.0, 30)
    hellos: tuple[float, int] = (5.0, 30)

    def cap(self) -> int:
        """:attr:`connections`, but at most half the files this process may
        still open (``RLIMIT_NOFILE`` less 64 for the game's own files), so a
        crowd of sockets never leaves the host unable to accept a phone."""
        try:
            import resource

            soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        except (ImportError, OSError, ValueError):      # no such limit here (Windows)
            return self.connections
        if soft == resource.RLIM_INFINITY:
            return self.connections
        return max(8, min(self.connections, (soft - 64) // 2))


#: What each kind of refusal is called in the log.
_REFUSED = {"connects": "new connections", "connections": "connections over the per-address limit",
            "crowd": "the oldest connections without a seat (the server is full)", "pages": "page loads", "hellos": "hellos",
            "handshake": "connections silent past the handshake time", "hello": "sockets that never said hello",
            "internal": "messages the host could not handle",
            "files": "connections while the process had no file left to open them"}
#: Connections asyncio accepts in one go (the listening socket's backlog).
ACCEPT_BACKLOG = 16
#: Seconds between two log lines about the same flood.
FLOOD_REPORT = 60.0


class Floods:
    """Refusals of what goes over a limit, logged once per kind and address:
    the first one at once, then a count at most every :data:`FLOOD_REPORT`
    seconds and at :meth:`report` -- never a line per message.  ``stats``
    (a Counter) gets ``refused_<kind>`` for each.  Thread: the server's loop."""

    def __init__(self, stats: Counter[str]):
        self.stats = stats
        self._open: dict[tuple[str, str], list[float]] = {}      # (kind, address) -> [count, since]

    def note(self, kind: str, address: str, detail: str = "") -> None:
        """One refusal of ``kind`` (a key of the log's names) from ``address``."""
        self.stats[f"refused_{kind}"] += 1
        key, now = (kind, address), time.monotonic()
        entry = self._open.get(key)
        if entry is None:
            if len(self._open) >= 1024:           # a crowd of addresses: say what is known, start again
                self.report()
            self._open[key] = [0, now]
            log.warning(f"clue net: refusing {_REFUSED.get(kind, kind)} from {address or 'any address'}"
                        f"{' (' + detail + ')' if detail else ''}; more are counted, not logged one by one")
            return
        entry[0] += 1
        if now - entry[1] >= FLOOD_REPORT:
            self._say(key, entry, now)

    def report(self) -> None:
        """Log the counts not yet said and forget them (the server stops)."""
        now = time.monotonic()
        for key, entry in list(self._open.items()):
            self._say(key, entry, now)
        self._open.clear()

    def _say(self, key: tuple[str, str], entry: list[float], now: float) -> None:
        if entry[0]:
            log.warning(f"clue net: refused {int(entry[0])} more {_REFUSED.get(key[0], key[0])} from "
                        f"{key[1] or 'any address'} in {now - entry[1]:.0f} s")
        entry[0], entry[1] = 0, now


class _Buckets:
    """One :class:`_Bucket` per address, ``(rate, burst)``; at most ``keep`` addresses remembered
    (a bucket left alone long enough to refill is forgotten first)."""

    def __init__(self, spec: tuple[float, int], keep: int = 4096):
        self.rate, self.burst = spec
        self.keep = keep
        self._by: dict[str, _Bucket] = {}

    def take(self, address: str) -> bool:
        bucket = self._by.get(address)
        if bucket is None:
            if len(self._by) >= self.keep:
                full = time.monotonic() - self.burst / self.rate
                self._by = {a: b for a, b in self._by.items() if b.at > full}
                if len(self._by) >= self.keep:
                    self._by.clear()
            bucket = self._by[address] = _Bucket(self.rate, self.burst)
        return bucket.take()


class _Gate(asyncio.Protocol):
    """The first protocol of every accepted connection: it asks ``server`` (a :class:`NetServer`)
    whether to let it in (:meth:`NetServer._refusal`); refused, the connection is aborted and
    nothing else is made for it; let in, aiohttp's own handler (from ``factory``) takes over the
    transport before a byte is read."""

    __slots__ = ("server", "factory")

    def __init__(self, server: "NetServer", factory: web.Server):
        self.server, self.factory = server, factory

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)     # a TCP server's connections are streams
        if self.server._refusal(transport):
            transport.abort()
            return
        handler = self.factory()
        transport.set_protocol(handler)
        handler.connection_made(transport)


class _GatedSite(web.TCPSite):
    """aiohttp's TCP site whose connections meet ``gate()`` (a :class:`_Gate`) first."""

    #: The port listened on once started (the one the system picked for port 0).
    bound_port: int

    def __init__(self, *args: Any, gate: Callable[[], _Gate], **kw: Any):
        super().__init__(*args, **kw)
        self._gate = gate

    async def start(self) -> None:
        await web.BaseSite.start(self)          # registers the site with its runner
        loop = asyncio.get_running_loop()
        self._server = server = await loop.create_server(self._gate, self._host, self._port,
                                                         backlog=self._backlog, reuse_address=self._reuse_address)
        self._bound_port = self.bound_port = server.sockets[0].getsockname()[1] if server.sockets else self._port


class _Conn:
    """One open TCP connection: its peer's address, transport, and whether it holds a seat (or
    waits for one with a true token): only such a one is never pushed out for a newcomer."""

    __slots__ = ("address", "transport", "seated")

    def __init__(self, address: str, transport: asyncio.Transport):
        self.address, self.transport, self.seated = address, transport, False


class _SocketLink:
    """One socket as the session sees it (:class:`game.net.session.Link`):
    ``send`` and ``close`` queue onto the server's loop from any thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop, client: str = "", address: str = "", far: bool = False):
        self.loop = loop
        self.client = client
        self.address = address
        #: the peer is outside the local networks (let in by ``remote``): not in the room
        self.far = far
        self.out: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.closed = False

    def send(self, data: bytes) -> None:
        if not self.closed:
            self.loop.call_soon_threadsafe(self.out.put_nowait, data)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.loop.call_soon_threadsafe(self.out.put_nowait, None)


class NetServer:
    """The web server of one hosted game.

    ``session``: the game's :class:`HostSession`; ``port``: 0 picks a free
    one; ``remote``: let peers from outside the local network in;
    ``local``: more ranges whose peers count as local (VPNs: :func:`parse_ranges`);
    ``bind``: the interface ("0.0.0.0": every one; tests use "127.0.0.1");
    ``web_dir``: where the seat page lives (default ``game/net/web/``);
    ``board_png`` / ``board_grid``: the public board's picture and its
    geometry (:meth:`set_board`), or None: no picture is served;
    ``limits``: what strangers may hold and ask (:class:`Limits`);
    ``trusted``: the reverse proxies whose ``X-Forwarded-For`` names the client
    (:func:`parse_proxies`): the local check and the limits per address then judge
    the client's address, and the proxy's own connections are limited only in total.
    """

    def __init__(self, session: HostSession, *, port: int = 0, remote: bool = False,
                 local: Iterable[Network] = (), bind: str = "0.0.0.0",
                 web_dir: Path | None = None, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST,
                 board_png: bytes | None = None, board_grid: dict[str, Any] | None = None,
                 limits: Limits = Limits(), trusted: Iterable[Network] = ()):
        self.session = session
        self.trusted = tuple(trusted)
        self.limits = limits
        self.floods = Floods(session.stats)
        self._conns: dict[RequestHandler, _Conn] = {}          # aiohttp's handler of each connection, oldest first
        self._per: Counter[str] = Counter()
        #: the most TCP connections held at once since start (tests, the load benchmark)
        self.peak_connections = 0
        self._buckets = {kind: _Buckets(getattr(limits, kind)) for kind in ("connects", "pages", "hellos")}
        self.port = port
        self.remote = remote
        self.local = tuple(local)
        self.bind = bind
        self.web_dir = Path(web_dir) if web_dir else WEB_DIR
        self.rate, self.burst = rate, burst
        self.address: tuple[str, int] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._links: set[_SocketLink] = set()
        self._sockets: set[web.WebSocketResponse] = set()
        self._stopping = False
        self.board_png: bytes | None = None
        self.board_grid: bytes | None = None
        self.set_board(board_png, board_grid)

    def set_board(self, png: bytes | None, grid: dict[str, Any] | None) -> None:
        """Serve ``png`` (the PNG bytes of the empty board: no pieces, nothing
        private -- the same for every seat) at ``GET /board.png`` and ``grid``
        (JSON-able: where the squares and the rooms' piece spots are in that
        picture, pixels; ``docs/network.md``) at ``GET /board.json``; None
        (either): both answer 404 and the page lists the places instead.
        Any thread; the server only serves the bytes it is given.  Raises
        ``ValueError`` for bytes that are not a PNG."""
        if png is not None and not png.startswith(b"\x89PNG\r\n\x1a\n"):
            raise ValueError("the board picture must be PNG bytes")
        both = png is not None and grid is not None
        self.board_png = png if both else None
        self.board_grid = json.dumps(grid).encode("utf-8") if both else None

    # ---------------------------------------------------------- control
    def start(self, timeout: float = 10.0) -> tuple[str, int]:
        """Start serving on a daemon thread; return ``(address, port)``: the
        address phones use (:func:`lan_address`, or ``bind`` when it names
        one interface) and the port bound.  Raises ``OSError`` with a plain
        message when the port is taken or cannot be bound."""
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            asyncio.set_event_loop(loop)
            loop.set_exception_handler(self._loop_problem)
            try:
                loop.run_until_complete(self._open())
            except BaseException as exc:      # reported to start(), never a traceback on the thread
                failure.append(exc)
                ready.set()
                loop.close()
                return
            ready.set()
            try:
                loop.run_forever()
            finally:
                loop.run_until_complete(self._shut())
                loop.close()

        self._thread = threading.Thread(target=run, name="clue-net", daemon=True)
        self._thread.start()
        if not ready.wait(timeout):
            raise OSError(f"The game's web server did not start within {timeout:.0f} s.")
        if failure:
            exc = failure[0]
            raise OSError(f"Cannot serve on port {self.port}: {exc}. Choose another port.") from exc
        host = self.bind if self.bind not in ("0.0.0.0", "::", "") else lan_address()
        self.address = (host, self.port)
        return self.address

    @property
    def base_url(self) -> str:
        """``http://address:port`` once started (:meth:`start`)."""
        if self.address is None:
            raise RuntimeError("the server is not started")
        return f"http://{self.address[0]}:{self.address[1]}"

    def stop(self, timeout: float = 30.0) -> None:
        """Stop listening, close every socket and stop the thread; returns
        once the thread has ended (up to ``timeout`` s), so the port is free
        and no phone is left on this server.  Safe to call twice or before
        :meth:`start`."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        if loop.is_running():
            loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)
        self._loop = self._thread = None

    def drop_all(self) -> int:
        """Break every open socket at once (fault injection in tests: as if
        the Wi-Fi dropped).  Returns how many were open."""
        loop = self._loop
        if loop is None:
            return 0
        fut = asyncio.run_coroutine_threadsafe(self._drop(), loop)
        return fut.result(5)

    def _loop_problem(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The server loop's own errors: running out of files while accepting (a crowd of
        sockets; asyncio pauses accepting for a second) is a flood, counted, never a traceback;
        anything else is logged in one plain line."""
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
            self.floods.note("files", "")
            return
        log.warning(f"clue net: {context.get('message', 'a problem in the server')}"
                    f"{': ' + type(exc).__name__ + ': ' + str(exc) if exc else ''}")

    # ------------------------------------------------------------ inside
    async def _open(self) -> None:
        app = web.Application(middlewares=[self._guard], client_max_size=FRAME_LIMIT)
        app.router.add_get("/", self._home)
        app.router.add_get("/s/{token}", self._seat_page)
        app.router.add_get("/web/{name}", self._static)
        app.router.add_get("/cards/{card}.png", self._card)
        app.router.add_get("/board.png", self._board)
        app.router.add_get("/board.json", self._board)
        app.router.add_get("/ws", self._ws)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=SHUTDOWN,
                                     keepalive_timeout=self.limits.handshake)
        await self._runner.setup()
        # aiohttp tells its server of every connection made and lost: the place to count them
        server = self._runner.server
        assert server is not None                  # made by setup()
        made, lost = server.connection_made, server.connection_lost

        def connection_made(handler: RequestHandler, transport: asyncio.Transport) -> None:
            made(handler, transport)
            self._admit(handler, transport)

        def connection_lost(handler: RequestHandler, exc: BaseException | None = None) -> None:
            self._conns_lost(handler)
            lost(handler, exc)

        # aiohttp has no hook for these: its own methods are wrapped on this one instance
        server.connection_made = connection_made  # type: ignore[method-assign]
        server.connection_lost = connection_lost  # type: ignore[method-assign]
        # every connection meets the gate first: one over the limits is shut before aiohttp makes
        # anything for it, so a flood costs the host an accept and a look-up each.  A short
        # backlog: asyncio accepts that many at a time, so a crowd never takes every file at once
        site = _GatedSite(self._runner, self.bind, self.port, reuse_address=True, backlog=ACCEPT_BACKLOG,
                          gate=lambda: _Gate(self, server))
        await site.start()
        self.port = site.bound_port             # the bound port when port=0

    async def _shut(self) -> None:
        """Stop listening first -- a phone reconnecting now is refused and
        tries again (the restarted host on the same port), never seated on
        this dying session -- then close every socket and the handlers."""
        self._stopping = True
        if self._runner is not None:
            for site in list(self._runner.sites):
                await site.stop()
        await self._drop()
        if self._runner is not None:
            await self._runner.cleanup()
        self.floods.report()

    async def _drop(self) -> int:
        socks = list(self._sockets)
        await asyncio.gather(*(ws.close(code=1001, message=b"host going away") for ws in socks),
                             return_exceptions=True)
        return len(socks)

    def _refusal(self, transport: asyncio.BaseTransport) -> str:
        """Why a new TCP connection is shut at once (its address opens too many too fast, or
        holds too many; the server is full of seated sockets), or "" to let it in.  When the
        server is full, the oldest connection that holds no seat makes room (a crowd of silent
        sockets never keeps a phone out).  Called by :class:`_Gate` before any HTTP."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else ""
        ip = _ip(address)
        proxy = ip is not None and any(ip in net for net in self.trusted)
        refused = "" if proxy else (   # a trusted proxy brings many clients: judged per request, by theirs
                   "connects" if not self._buckets["connects"].take(address)
                   else "connections" if self._per[address] >= self.limits.per_address else "")
        if not refused and len(self._conns) >= self.limits.cap():
            oldest = next((h for h, c in self._conns.items() if not c.seated), None)
            if oldest is None:
                refused = "crowd"
            else:
                self.floods.note("crowd", "")         # many addresses at once: one line, not one each
                self._conns[oldest].transport.abort()
                self._conns_lost(oldest)
        if refused:
            self.floods.note(refused, address)
        return refused

    def _admit(self, handler: RequestHandler, transport: asyncio.Transport) -> None:
        """A connection the gate let in: counted (in all and for its address) until it is lost."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else ""
        self._conns[handler] = _Conn(address, transport)
        self._per[address] += 1
        self.peak_connections = max(self.peak_connections, len(self._conns))

    def _conns_lost(self, handler: RequestHandler) -> None:
        conn = self._conns.pop(handler, None)
        if conn is not None:
            self._per[conn.address] -= 1
            if self._per[conn.address] <= 0:
                del self._per[conn.address]

    @property
    def connections(self) -> int:
        """How many TCP connections the server holds now (tests, the load benchmark)."""
        return len(self._conns)

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if self.trusted:
            client = client_address(request.remote, request.headers.get("X-Forwarded-For"), self.trusted)
            if client != request.remote:
                request = request.clone(remote=client)
        if not peer_allowed(request.remote, self.remote, self.local):
            return web.Response(status=403, text=not_local_page(request.headers.get("Accept-Language"),
                                                                request.remote),
                                content_type="text/html", headers=_HEADERS)
        page = request.path == "/" or request.path.startswith("/s/")
        if page and not self._buckets["pages"].take(request.remote or ""):
            return self._too_many(request)
        try:
            response = await handler(request)
        except web.HTTPNotFound:                    # no route: a guess, counted as a page load
            if not page and not self._buckets["pages"].take(request.remote or ""):
                return self._too_many(request)
            raise
        if response.status == 404 and not page and not self._buckets["pages"].take(request.remote or ""):
            return self._too_many(request)          # guessing addresses elsewhere counts as loading pages
        if not isinstance(response, web.WebSocketResponse):
            response.headers.update(_HEADERS)
        return response

    def _too_many(self, request: web.Request) -> web.Response:
        self.floods.note("pages", request.remote or "")
        return web.Response(status=429, text="Too many pages asked for from this address; wait a moment.",
                            headers={**_HEADERS, "Retry-After": "2"})

    async def _home(self, request: web.Request) -> web.Response:
        return web.Response(text=_HOME, content_type="text/html")

    async def _seat_page(self, request: web.Request) -> web.StreamResponse:
        if self.session.seat_of_token(request.match_info["token"]) is None:
            return web.Response(status=404, text=no_seat_page(request.headers.get("Accept-Language")),
                                content_type="text/html")
        page = self.web_dir / "index.html"
        if not page.is_file():
            return web.Response(text=_NO_PAGE, content_type="text/html")
        return web.Response(body=page.read_bytes(), content_type="text/html", charset="utf-8")

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        path = self.web_dir / name
        if not _FILE.match(name) or not path.is_file() or path.resolve().parent != self.web_dir.resolve():
            return web.Response(status=404, text="No such file.")
        kind = _TYPES.get(path.suffix, "application/octet-stream")
        return web.Response(body=path.read_bytes(), content_type=kind,
                            charset="utf-8" if kind.startswith("text") or kind.endswith("javascript") else None)

    async def _card(self, request: web.Request) -> web.StreamResponse:
        card = request.match_info["card"]
        path = CARDS_DIR / f"{card}.png"
        if card not in ALL_CARDS or not path.is_file():
            return web.Response(status=404, text="No such card.")
        return web.Response(body=path.read_bytes(), content_type="image/png")

    async def _board(self, request: web.Request) -> web.StreamResponse:
        png, grid = self.board_png, self.board_grid
        if png is None or grid is None:
            return web.Response(status=404, text="No board picture in this game.")
        if request.path.endswith(".json"):
            return web.Response(body=grid, content_type="application/json")
        return web.Response(body=png, content_type="image/png")

    async def _ws(self, request: web.Request) -> web.WebSocketResponse:
        if self._stopping:
            raise web.HTTPServiceUnavailable(text="The game is stopping.")
        ws = web.WebSocketResponse(max_msg_size=FRAME_LIMIT, heartbeat=20.0, timeout=SHUTDOWN)
        await ws.prepare(request)
        loop = asyncio.get_running_loop()
        link = _SocketLink(loop, address=request.remote or "",
                           far=not peer_allowed(request.remote, False, self.local))
        self._sockets.add(ws)
        writer = asyncio.create_task(self._write(ws, link))
        seat: int | None = None
        bucket = _Bucket(self.rate, self.burst)
        hello_by = loop.time() + self.limits.hello
        try:
            while True:
                # until a hello with a seat's token, the socket has limits.hello seconds
                wait = None if link.client else max(0.001, hello_by - loop.time())
                try:
                    frame = await ws.receive(timeout=wait)
                except asyncio.TimeoutError:
                    self.floods.note("hello", link.address)
                    break
                if frame.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    break
                if frame.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    continue
                if not bucket.take():
                    link.send(m.encode(m.Error("too_fast", "Too many messages; this one was dropped.")))
                    self.session.stats["too_fast"] += 1
                    continue
                try:
                    seat = self._take(link, seat, frame.data)
                except Exception as exc:      # a bug of ours: logged once per address, the game goes on
                    self.floods.note("internal", link.address, repr(exc)[:200])
                    link.send(m.encode(m.Error("internal", "The game could not read this message.")))
                if link.client and not link.closed:
                    conn = self._conns.get(request.protocol)
                    if conn is not None:      # a true token: this socket is never pushed out for a newcomer
                        conn.seated = True
                if link.closed:
                    break
        finally:
            self.session.gone(link)
            link.close()
            self._sockets.discard(ws)
            try:
                await asyncio.wait_for(writer, 2)
            except (asyncio.TimeoutError, Exception):
                writer.cancel()
            if not ws.closed:
                await ws.close()
        return ws

    def _take(self, link: _SocketLink, seat: int | None, data: str | bytes) -> int | None:
        """One frame from a socket: decode it and hand it to the session.
        Returns the socket's seat (None until a hello seats it).  Bad frames
        get an ``error`` answer; nothing raises."""
        try:
            msg = m.decode_client(data)
        except m.MessageError as exc:
            self.session.stats["bad_messages"] += 1
            link.send(m.encode(m.Error(exc.code, exc.message)))
            return seat
        if isinstance(msg, m.Hello):
            if seat is not None or link.client:
                link.send(m.encode(m.Error("bad_shape", "This socket already said hello.")))
                return seat
            # only a hello naming no seat spends the address's allowance: a family's honest
            # reconnects (a phone waking, a tab reloaded) are never held back by a stranger's guesses
            known = self.session.seat_of_token(msg.token) is not None
            if not known and not self._buckets["hellos"].take(link.address):
                self.floods.note("hellos", link.address)
                link.send(m.encode(m.Error("too_fast", "Too many hellos from this address; wait a moment.")))
                link.close()
                return None
            link.client = msg.client
            outcome = self.session.hello(link, msg.token, msg.client, msg.lang)
            if outcome == "forged":
                link.send(m.encode(m.Error("not_seated", "No seat has this token.")))
                link.close()
                return None
            return self.session.seat_of_token(msg.token) if outcome == "welcome" else None
        if isinstance(msg, m.Ping):
            link.send(m.encode(m.Pong()))
            return seat
        if seat is None:
            seat = self.session.seat_of_link(link)
        if seat is None:
            link.send(m.encode(m.Error("no_hello", "Say hello with your seat's token first.")))
            return None
        self.session.receive(link, seat, msg)
        return seat

    @staticmethod
    async def _write(ws: web.WebSocketResponse, link: _SocketLink) -> None:
        """Send what the session queued for this socket, in order, until closed."""
        while True:
            data = await link.out.get()
            if data is None or ws.closed:
                break
            try:
                await ws.send_str(data.decode("utf-8"))
            except (ConnectionError, RuntimeError):
                break
        if not ws.closed:
            await ws.close()
