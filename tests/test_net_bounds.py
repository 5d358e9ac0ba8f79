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
    import game.cli as cli
    import game.ui.app as app_module
    from game.ui.phones import HostOptions

    got = {}
    monkeypatch.setattr(app_module, "run_app", lambda **kw: got.update(kw) or 0)
    assert cli.main(["--vpn-range", "100.64.0.0/10", "--vpn-range", "fd7a:115c:a1e0::/48"]) == 0
    assert got["host"] == HostOptions(vpn_ranges=("100.64.0.0/10", "fd7a:115c:a1e0::/48"))
    got.clear()
    assert cli.main(["--vpn-range", "100.64.0.0/33"]) == 2
    err = capsys.readouterr().err
    assert "--vpn-range" in err and "'100.64.0.0/33'" in err and "Traceback" not in err and not got


def test_the_vpn_ranges_setting_is_kept_and_checked(tmp_path):
    from game.settings import Settings, SettingsError, read_settings, save_settings, settings_from_dict

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
