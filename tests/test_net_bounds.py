"""A server a stranger cannot knock over: every message, action number,
connection, handshake and request rate is bounded, a flood is logged once
with a count, and the peers let in are an explicit list of local networks.

Every socket here goes to loopback; a stranger is played by another loopback
address (127.0.0.x: Linux routes all of 127/8 to the loopback interface)."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

aiohttp = pytest.importorskip("aiohttp", reason="the network play needs aiohttp (pip install aiohttp)")
pytest.importorskip("msgspec", reason="the network messages need msgspec (pip install msgspec)")

from game.net import messages as m  # noqa: E402
from game.net import session as session_module  # noqa: E402
from game.net.session import HostSession  # noqa: E402

#: How far ahead a page may number an act (64 when the module names none).
SEQ_AHEAD = getattr(session_module, "SEQ_AHEAD", 64)
MAX_DEPTH = getattr(m, "MAX_DEPTH", 8)


def depth(obj) -> int:
    """The message module's nesting count (the test's own when it has none)."""
    if hasattr(m, "depth"):
        return m.depth(obj)
    return 1 + max((depth(v) for v in (obj.values() if isinstance(obj, dict) else obj)), default=0) \
        if isinstance(obj, (list, dict)) else 0

#: A message of about 4 KB nested 2,000 deep: far past msgspec's own recursion guard.
DEEP = (b'{"type":"act","seq":1,"action":{"type":"Roll","x":' + b"[" * 1990 + b"]" * 1990 + b"}}")


class Link:
    """A socket as the session sees it: keeps what is sent to it."""

    def __init__(self, client: str = "phone"):
        self.client = client
        self.sent: list[dict] = []
        self.closed = False

    def send(self, data: bytes) -> None:
        self.sent.append(json.loads(data))

    def close(self) -> None:
        self.closed = True


# ------------------------------------------------------------- message depth
def test_a_message_nested_two_thousand_deep_is_refused_as_too_deep():
    assert len(DEEP) <= m.MAX_BYTES
    with pytest.raises(m.MessageError) as err:
        m.decode_client(DEEP)
    assert err.value.code == "too_deep" and str(MAX_DEPTH) in err.value.message


@pytest.mark.parametrize("levels,ok", [(MAX_DEPTH - 2, True), (MAX_DEPTH - 1, False), (300, False)])
def test_nesting_is_refused_from_just_past_the_limit(levels, ok):
    # the message is level 1 and its action level 2: `levels` lists inside the action
    data = b'{"type":"act","seq":1,"action":{"x":' + b"[" * levels + b"]" * levels + b"}}"
    assert depth(json.loads(data)) == min(levels + 2, MAX_DEPTH + 1)   # counted no deeper
    if ok:
        assert m.decode_client(data).action == json.loads(data)["action"]
    else:
        with pytest.raises(m.MessageError) as err:
            m.decode_client(data)
        assert err.value.code == "too_deep"


def test_every_real_action_shape_is_well_inside_the_depth_limit():
    square = {"type": "act", "seq": 4, "action": {"type": "Move", "square": [7, 16]}}
    assert depth(square) == 3 < MAX_DEPTH
    assert m.decode_client(json.dumps(square)).action == {"type": "Move", "square": [7, 16]}


# ------------------------------------------------------------- action numbers
def seated(session: HostSession, seat: int = 0) -> Link:
    link = Link()
    assert session.hello(link, session.tokens[seat], link.client) == "welcome"
    session.poll()
    link.sent.clear()
    return link


def test_an_action_numbered_two_to_the_31_is_refused_without_using_the_number_up():
    session = HostSession("board", [0, 1])
    link = seated(session)
    session.receive(link, 0, m.Act(2**31, {"type": "Roll"}))
    assert link.sent == [{"type": "error", "code": "bad_seq",
                          "message": "Action numbers go up one at a time: expected at most 1."}]
    assert session.poll() == [] and session.spent() == {0: 0, 1: 0}
    # the seat's next action, numbered as the page numbers it, goes on to the game
    session.receive(link, 0, m.Act(1, {"type": "Roll"}))
    [request] = session.poll()
    assert (request.seat, request.kind, request.seq) == (0, "act", 1)
    session.answer(0, 1, True)
    assert session.applied[0] == 1
    # a jump of SEQ_AHEAD is still taken (a page that lost a few acks); one more is not
    session.receive(link, 0, m.Act(1 + SEQ_AHEAD, {"type": "EndTurn"}))
    assert [r.seq for r in session.poll()] == [1 + SEQ_AHEAD]
    session.receive(link, 0, m.Act(2 + 2 * SEQ_AHEAD, {"type": "EndTurn"}))
    assert session.poll() == [] and link.sent[-1]["code"] == "bad_seq"


def test_after_a_refused_huge_number_play_again_still_takes_the_seats_actions():
    """Play again carries the seqs spent into the next game's session (an act a page still
    holds is never taken twice): a refused 2**31 must not be among them."""
    session = HostSession("board", [0])
    link = seated(session)
    session.receive(link, 0, m.Act(2**31, {"type": "Roll"}))
    again = HostSession.from_state("board", [0], {"tokens": session.state()["tokens"],
                                                 "applied": {str(s): n for s, n in session.spent().items()}})
    link = seated(again)
    assert again.spent() == {0: 0}
    again.receive(link, 0, m.Act(1, {"type": "Roll"}))
    assert [r.seq for r in again.poll()] == [1]


# ------------------------------------------------------------- which peers are local
@pytest.mark.parametrize("address", ["192.0.2.5", "198.51.100.7", "203.0.113.9", "198.18.0.1", "198.19.255.1",
                                     "::ffff:203.0.113.9", "2001:db8::1", "100.64.0.1", "100.127.255.254",
                                     "0.0.0.0", "240.0.0.1", "::"])
def test_documentation_benchmarking_and_shared_ranges_are_not_local(address):
    """``is_private`` let the TEST-NETs and 198.18/15 in (no home has them) and kept out 100.64/10."""
    from game.net.server import peer_allowed

    assert not peer_allowed(address)
    assert peer_allowed(address, remote=True)


@pytest.mark.parametrize("address", ["127.0.0.1", "127.8.9.10", "10.1.2.3", "172.31.255.1", "192.168.178.20",
                                     "169.254.3.4", "::1", "fd7a:115c:a1e0::5", "fe80::1%wlan0",
                                     "::ffff:10.0.0.8"])
def test_the_local_networks_are_let_in(address):
    from game.net.server import peer_allowed

    assert peer_allowed(address)


def test_a_vpn_range_lets_its_peers_in_and_no_other():
    from game.net.server import parse_ranges, peer_allowed

    tailscale = parse_ranges(["100.64.0.0/10", " fd7a:115c:a1e0::/48 "], "the setting “vpn_ranges”")
    assert [str(n) for n in tailscale] == ["100.64.0.0/10", "fd7a:115c:a1e0::/48"]
    assert peer_allowed("100.101.102.103", extra=tailscale) and peer_allowed("100.64.0.1", extra=tailscale)
    assert not peer_allowed("100.128.0.1", extra=tailscale) and not peer_allowed("8.8.8.8", extra=tailscale)
    assert parse_ranges(["100.100.5.5/10"], "x") == parse_ranges(["100.64.0.0/10"], "x")   # host bits dropped


@pytest.mark.parametrize("texts,named", [(["100.64.0.0/10", "100.64.0.0/33"], "'100.64.0.0/33'"),
                                         (["tailscale"], "'tailscale'"), (["100.64.0.1"], "'100.64.0.1'"),
                                         ([7], "7"), ("100.64.0.0/10", "not '100.64.0.0/10'")])
def test_a_bad_range_gets_a_message_naming_it_and_where_it_came_from(texts, named):
    from game.net.server import parse_ranges

    with pytest.raises(ValueError) as err:
        parse_ranges(texts, "the setting “vpn_ranges”")
    assert "the setting “vpn_ranges”" in str(err.value) and named in str(err.value)
    assert "100.64.0.0/10" in str(err.value)            # and what a range looks like


def test_the_vpn_range_option_reaches_the_host_and_a_bad_one_stops_with_its_name(monkeypatch, capsys):
    import game.commands.cli as cli
    import game.ui.app as app_module
    from game.ui.phones.host import HostOptions

    got = {}
    monkeypatch.setattr(app_module, "run_app", lambda **kw: got.update(kw) or 0)
    assert cli.main(["--vpn-range", "100.64.0.0/10", "--vpn-range", "fd7a:115c:a1e0::/48"]) == 0
    assert got["host"] == HostOptions(vpn_ranges=("100.64.0.0/10", "fd7a:115c:a1e0::/48"))
    got.clear()
    assert cli.main(["--vpn-range", "100.64.0.0/33"]) == 2
    err = capsys.readouterr().err
    assert "--vpn-range" in err and "'100.64.0.0/33'" in err and "Traceback" not in err and not got


def test_the_vpn_ranges_setting_is_kept_and_checked(tmp_path):
    from game.storage.settings import Settings, SettingsError, read_settings, save_settings, settings_from_dict

    path = tmp_path / "settings.json"
    save_settings(Settings(vpn_ranges=["100.64.0.0/10"]), path)
    assert read_settings(path)[0].vpn_ranges == ["100.64.0.0/10"]
    assert Settings().vpn_ranges == []
    with pytest.raises(SettingsError) as err:
        settings_from_dict({"vpn_ranges": ["100.64.0.0/10", 5]}, path)
    assert "vpn_ranges" in str(err.value)


def test_the_tv_serves_with_the_settings_vpn_ranges_and_names_a_bad_one(tmp_path):
    """The host lets in the setting's good ranges and says which one it could not read."""
    pytest.importorskip("pygame")
    from tests.test_net_tv import hosted_app, hot_seat

    app = hosted_app(tmp_path, serve=True)
    try:
        app.store.settings.vpn_ranges = ["100.64.0.0/10", "10.0.0.0/33"]
        hot_seat(app)
        server = app.phones.server
        assert server is not None and [str(n) for n in server.local] == ["100.64.0.0/10"]   # the good one counts
        assert "'10.0.0.0/33'" in app.phones.problem and "vpn_ranges" in app.phones.problem
        app.phones.detach(None)
        app.store.settings.vpn_ranges = ["100.64.0.0/10"]
        app.phones.problem = ""
        hot_seat(app)
        assert [str(n) for n in app.phones.server.local] == ["100.64.0.0/10"] and not app.phones.problem
    finally:
        app.phones.detach(None)



@pytest.mark.parametrize("key, value, named, kept", [
    ("trusted_proxies", ["127.0.0.1", "nginx.local"], "nginx.local", ["127.0.0.1"]),
    ("trusted_proxies", ["10.0.0.0/8", 7], "7", ["10.0.0.0/8"]),
    ("vpn_ranges", ["100.64.0.0"], "100.64.0.0", []),        # an address alone is no range
    ("vpn_ranges", ["fd7a:115c:a1e0::/200"], "fd7a:115c:a1e0::/200", []),
])
def test_a_damaged_network_setting_names_the_file_and_the_key(tmp_path, key, value, named, kept):
    """The settings file's ranges are checked when it is read: a bad one is named with the
    file and the key, only it is dropped (the good entries stay), and the file is kept aside
    (no traceback)."""
    from game.storage.settings import read_settings

    path = tmp_path / "settings.json"
    text = json.dumps({"language": "es", key: value})
    path.write_text(text)
    settings, trouble = read_settings(path)
    assert trouble is not None and getattr(settings, key) == kept and settings.language == "es"
    said = trouble.message()
    assert str(path) in said and f"“{key}”" in said and f"“{named}”" in said, said
    assert trouble.kept is not None and trouble.kept.read_text() == text          # nothing lost


def test_the_trusted_proxies_setting_is_kept_and_the_tv_trusts_it(tmp_path):
    """A proxy named in the settings file is trusted by the host as --trust-proxy's are: through it a
    client's own address is judged (a stranger's behind the proxy is refused, the home's let in)."""
    pytest.importorskip("pygame")
    import urllib.error
    import urllib.request

    from game.storage.settings import Settings, read_settings, save_settings
    from tests.test_net_tv import hosted_app, hot_seat

    path = tmp_path / "settings.json"
    save_settings(Settings(trusted_proxies=["127.0.0.1", "10.9.0.0/16"], vpn_ranges=["100.64.0.0/10"]), path)
    read, trouble = read_settings(path)
    assert trouble is None and read.trusted_proxies == ["127.0.0.1", "10.9.0.0/16"]
    assert Settings().trusted_proxies == []

    app = hosted_app(tmp_path, serve=True)
    try:
        app.store.settings.trusted_proxies = ["127.0.0.1"]
        hot_seat(app)
        server = app.phones.server
        assert [str(n) for n in server.trusted] == ["127.0.0.1/32"] and not app.phones.problem

        def status(forwarded_for: str) -> int:
            req = urllib.request.Request(server.base_url + "/", headers={"X-Forwarded-For": forwarded_for})
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    return resp.status
            except urllib.error.HTTPError as exc:
                return exc.code
        assert status("81.2.69.160") == 403                  # a stranger behind the proxy
        assert status("192.168.1.30") == 200                 # a phone at home behind the proxy
    finally:
        app.phones.detach(None)


# ------------------------------------------------------------- a server a stranger cannot knock over
import os  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

from tests.netkit import until  # noqa: E402


def stranger(host: str, port: int, source: str, guard: float = 10.0) -> socket.socket:
    """A TCP connection to the host from the loopback address ``source`` that says nothing."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(guard)
    s.bind((source, 0))
    s.connect((host, port))
    return s


def closed_by_host(s: socket.socket) -> bool:
    """True once the host closed (or reset) ``s``: a read answers nothing."""
    s.setblocking(False)
    try:
        return s.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def seat_a_phone(base_url: str, token: str):
    """A phone's client that holds its seat (waits for the welcome); returns (pool, client)."""
    from game.net.client import ClientPool, SeatClient

    pool = ClientPool()
    client = pool.add(SeatClient(base_url, token, store={}))
    until(lambda: client.state == "seated" and client.welcome is not None, "the phone to take its seat")
    return pool, client


HOST = r"""
import json, resource, sys
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (256, min(hard, 256) if hard != resource.RLIM_INFINITY else 256))
from game.net.server import NetServer
from game.net.session import HostSession
session = HostSession("cards", [0])
srv = NetServer(session, bind="127.0.0.1")
srv.start()
print(json.dumps({"port": srv.port, "token": session.tokens[0], "cap": srv.limits.cap(),
                  "nofile": resource.getrlimit(resource.RLIMIT_NOFILE)[0]}), flush=True)
for line in sys.stdin:                   # "n": how many connections now; the end of input: stop
    print(json.dumps({"connections": srv.connections}), flush=True)
srv.stop()
print(json.dumps({"stats": dict(session.stats)}), flush=True)
"""


def test_300_silent_connections_under_256_files_do_not_keep_a_phone_out():
    """The host in a process that may open 256 files (macOS's default): 150 silent
    connections from one address and 150 from 150 others, then a phone joins."""
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    proc = subprocess.Popen([sys.executable, "-c", HOST], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    killer = __import__("threading").Timer(240, proc.kill)      # a hang guard only
    killer.start()
    socks: list[socket.socket] = []
    try:
        first = json.loads(proc.stdout.readline())
        assert first["nofile"] == 256 and first["cap"] == 96
        port = first["port"]
        for i in range(150):
            socks.append(stranger("127.0.0.1", port, "127.0.1.1"))
            socks.append(stranger("127.0.0.1", port, f"127.0.2.{i + 1}"))
        proc.stdin.write("n\n")
        proc.stdin.flush()
        held = json.loads(proc.stdout.readline())["connections"]
        assert held <= first["cap"]
        pool, client = seat_a_phone(f"http://127.0.0.1:{port}", first["token"])
        pool.close()
        open_now = [s for s in socks if not closed_by_host(s)]
        assert len(open_now) < 300
        proc.stdin.close()
        last = json.loads(proc.stdout.readline())["stats"]
        err = proc.stderr.read()
        proc.wait(30)
    finally:
        killer.cancel()
        for s in socks:
            s.close()
        if proc.poll() is None:
            proc.kill()
    print(f"\n300 silent connections under 256 files: {held} held (cap {first['cap']}), {len(open_now)} still "
          f"open when the phone sat down; refusals {last}; host stderr {len(err)} bytes")
    # shut out at once (one address opening too many, too fast) or pushed out by newcomers (the server full)
    shut = last.get("refused_connects", 0) + last.get("refused_connections", 0) + last.get("refused_crowd", 0)
    assert shut >= 300 - first["cap"] and last["refused_crowd"] >= 1
    assert last["connects"] == 1                                  # the phone took its seat
    assert "Traceback" not in err and len(err) < 4000, err[-2000:]


def test_a_connection_over_the_limits_is_shut_before_aiohttp_makes_anything_for_it(monkeypatch):
    """Refusing a flood costs an accept and a look-up: no HTTP handler is made for a
    connection over the per-address rate (benchmarks/bench_flood.py: the host's CPU per attempt)."""
    from aiohttp import web_protocol

    from game.net.server import Limits, NetServer

    made = []
    real = web_protocol.RequestHandler.__init__
    monkeypatch.setattr(web_protocol.RequestHandler, "__init__",
                        lambda self, *a, **kw: (made.append(1), real(self, *a, **kw))[1])
    session = HostSession("cards", [0])
    srv = NetServer(session, bind="127.0.0.1", limits=Limits(connects=(0.01, 3)))
    srv.start()
    socks = []
    try:
        for _n in range(40):
            socks.append(stranger("127.0.0.1", srv.port, "127.0.6.1"))
        until(lambda: session.stats["refused_connects"] == 37, lambda: f"40 connections judged ({session.stats})")
        until(lambda: sum(closed_by_host(s) for s in socks) == 37, "the refused ones to be shut")
        assert len(made) == 3 and srv.connections == 3          # only the three let in got a handler
    finally:
        for s in socks:
            s.close()
        srv.stop()


def test_a_silent_or_dripping_connection_is_closed_after_the_handshake_time():
    from game.net.server import Limits, NetServer

    session = HostSession("cards", [0])
    srv = NetServer(session, bind="127.0.0.1", limits=Limits(handshake=1.0))
    srv.start()
    try:
        silent = stranger("127.0.0.1", srv.port, "127.0.5.1")
        drip = stranger("127.0.0.1", srv.port, "127.0.5.2")
        drip.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        sent = 0

        def dripped_out() -> bool:              # one more header byte per look: never a whole request
            nonlocal sent
            if closed_by_host(drip):
                return True
            try:
                drip.setblocking(True)
                drip.sendall(b"X")
                sent += 1
            except OSError:
                return True
            time.sleep(0.05)
            return sent > 2000                  # a bound on the loop: 100 s of dripping
        until(dripped_out, "the dripping connection to be closed", guard=60)
        assert sent <= 2000
        until(lambda: closed_by_host(silent), "the silent connection to be closed", guard=60)
        until(lambda: srv.connections == 0, "the server to hold no connection", guard=60)
    finally:
        srv.stop()


def test_500_websockets_are_not_all_held_and_those_without_hello_are_closed():
    from game.net.server import Limits, NetServer

    limits = Limits(hello=2.0)
    session = HostSession("cards", [0])
    srv = NetServer(session, bind="127.0.0.1", limits=limits)
    srv.start()

    async def open_many():
        sessions = [aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(f"127.0.6.{a}", 0),
                                                                       limit=0, force_close=True))
                    for a in range(1, 6)]

        async def one(http):
            try:
                return await http.ws_connect(srv.base_url + "/ws", timeout=aiohttp.ClientWSTimeout(ws_close=5),
                                             heartbeat=None)
            except (aiohttp.ClientError, asyncio.TimeoutError, OSError):
                return None
        sockets = await asyncio.gather(*(one(sessions[i % 5]) for i in range(500)))
        held = srv.connections
        opened = [ws for ws in sockets if ws is not None]
        # wait (bounded) until the host closed every socket that said nothing
        deadline = time.monotonic() + 60
        while srv.connections and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        left = srv.connections
        for ws in opened:
            await ws.close()
        for http in sessions:
            await http.close()
        return len(opened), held, left

    try:
        opened, held, left = asyncio.run(open_many())
        print(f"\n500 WebSockets from 5 addresses: {opened} upgraded, {held} held at once, {left} left after "
              f"the hello time")
        # sockets closed for saying nothing free their places, so more than the bound may open over time
        # (on a slow machine the 500 take longer than the hello time): the bound is on those held at once
        assert srv.peak_connections <= min(limits.cap(), 5 * limits.per_address) and held <= srv.peak_connections
        assert opened >= 1
        assert left == 0 and session.stats["refused_hello"] >= 1
        pool, client = seat_a_phone(srv.base_url, session.tokens[0])      # and a phone still joins
        pool.close()
    finally:
        srv.stop()


def test_a_flood_of_forged_hellos_and_guessed_addresses_is_slowed_and_logged_once(caplog):
    from game.net.server import Limits, NetServer

    limits = Limits()
    session = HostSession("cards", [0])
    srv = NetServer(session, bind="127.0.0.1", limits=limits)
    srv.start()

    async def flood():
        conn = aiohttp.TCPConnector(local_addr=("127.0.7.1", 0), limit=0, force_close=True)
        async with aiohttp.ClientSession(connector=conn) as http:
            async def hello(i):
                try:
                    async with http.ws_connect(srv.base_url + "/ws", heartbeat=None) as ws:
                        await ws.send_str(json.dumps({"type": "hello", "token": f"guess{i:012d}", "client": "x"}))
                        await ws.receive(timeout=10)
                except (aiohttp.ClientError, asyncio.TimeoutError, OSError):
                    pass

            async def page(i):
                try:
                    async with http.get(f"{srv.base_url}/s/guess{i:012d}") as r:
                        return r.status
                except (aiohttp.ClientError, OSError):
                    return None
            start = time.monotonic()
            statuses = []
            for batch in range(10):
                await asyncio.gather(*(hello(batch * 30 + i) for i in range(30)))
                statuses += await asyncio.gather(*(page(batch * 30 + i) for i in range(30)))
            return time.monotonic() - start, statuses

    with caplog.at_level(logging.WARNING, logger="game.net.server"):
        try:
            elapsed, statuses = asyncio.run(flood())
            pool, client = seat_a_phone(srv.base_url, session.tokens[0])    # an honest phone still joins
            pool.close()
        finally:
            srv.stop()
    rate, burst = limits.hellos
    print(f"\n300 forged hellos + 300 guessed seat addresses in {elapsed:.2f} s: {session.stats['forged']} hellos "
          f"reached the session, pages {statuses.count(404)} x 404, {statuses.count(429)} x 429, "
          f"{statuses.count(None)} refused at connect; stats {dict(session.stats)}")
    assert session.stats["forged"] <= burst + rate * elapsed + 1
    page_rate, page_burst = limits.pages
    assert statuses.count(404) <= page_burst + page_rate * elapsed + 1
    lines = [r.getMessage() for r in caplog.records if "127.0.7.1" in r.getMessage()]
    kinds = [line.split(" from ")[0] for line in lines if line.startswith("clue net: refusing")]
    assert len(kinds) == len(set(kinds)) >= 1                    # each kind of flood said once at first...
    assert any(line.startswith("clue net: refused ") and " more " in line for line in lines)   # ...then counted
    assert not any(r.exc_info for r in caplog.records)


def test_a_deep_message_over_the_socket_gets_too_deep_and_no_traceback(caplog):
    from game.net.server import NetServer

    session = HostSession("cards", [0])
    srv = NetServer(session, bind="127.0.0.1")
    srv.start()

    async def go():
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(srv.base_url + "/ws") as ws:
                await ws.send_str(json.dumps({"type": "hello", "token": session.tokens[0], "client": "c"}))
                assert json.loads((await ws.receive(timeout=20)).data)["type"] == "welcome"
                replies = []
                for _ in range(3):
                    await ws.send_bytes(DEEP)
                    while True:
                        msg = json.loads((await ws.receive(timeout=20)).data)
                        if msg["type"] == "error":
                            replies.append(msg["code"])
                            break
                return replies
    with caplog.at_level(logging.DEBUG):
        try:
            assert asyncio.run(go()) == ["too_deep"] * 3
        finally:
            srv.stop()
    assert not any("Recursion" in r.getMessage() or r.exc_info for r in caplog.records)


def test_a_flood_is_logged_once_then_counted(caplog):
    from collections import Counter

    from game.net.server import Floods

    stats: Counter = Counter()
    floods = Floods(stats)
    with caplog.at_level(logging.WARNING, logger="game.net.server"):
        for _ in range(1000):
            floods.note("hellos", "203.0.113.9")
        floods.report()
    said = [r.getMessage() for r in caplog.records]
    assert said == ["clue net: refusing hellos from 203.0.113.9; more are counted, not logged one by one",
                    "clue net: refused 999 more hellos from 203.0.113.9 in 0 s"]
    assert stats["refused_hellos"] == 1000
