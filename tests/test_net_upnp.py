"""Asking the home router for the game's port (game/net/upnp.py).

The first tests use a stand-in for miniupnpc and check what the host is told in each
case.  The last ones are real: a home, a router running Debian's miniupnpd with NAT and
the internet, made of Linux network namespaces (tests/homenet.py); they skip, saying why,
where such namespaces cannot be made.
"""

from __future__ import annotations

import atexit
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.net import upnp
from game.net.upnp import PortMapping
from tests import homenet

ROOT = Path(__file__).resolve().parent.parent


class FakeUPnP:
    """miniupnpc.UPnP as a router of a given kind answers it."""

    def __init__(self, devices: int = 1, external: str = "81.2.69.160", accept: bool = True):
        self.devices, self.external, self.accept = devices, external, accept
        self.lanaddr = "192.168.1.20"
        self.discoverdelay = 0
        self.mapped: dict[tuple[int, str], tuple] = {}

    def discover(self) -> int:
        return self.devices

    def selectigd(self) -> str:
        if not self.devices:
            raise Exception("No UPnP device discovered")
        return "http://192.168.1.1:5000/ctl/IPConn"

    def externalipaddress(self) -> str:
        return self.external

    def addportmapping(self, eport, proto, host, iport, desc, remote, lease) -> bool:
        if not self.accept:
            raise Exception("ConflictInMappingEntry")
        self.mapped[(eport, proto)] = (host, iport, desc, lease)
        return True

    def deleteportmapping(self, eport, proto) -> bool:
        del self.mapped[(eport, proto)]
        return True


def opened(fake: FakeUPnP | None, port: int = 8765) -> tuple[PortMapping, upnp.Outcome]:
    def make():
        if fake is None:
            raise ImportError("No module named 'miniupnpc'")
        return fake
    mapping = PortMapping(port, make=make)
    return mapping, mapping.open()


def test_mapped_gives_the_public_address_and_is_removed_at_the_end():
    fake = FakeUPnP()
    mapping, out = opened(fake)
    assert out.ok and out.reason == "mapped" and out.public == "81.2.69.160:8765"
    assert "http://81.2.69.160:8765" in out.message
    assert fake.mapped == {(8765, "TCP"): ("192.168.1.20", 8765, upnp.DESCRIPTION, upnp.LEASE)}
    assert mapping.mapped
    assert mapping.close() is True and fake.mapped == {}
    assert mapping.close() is False            # twice: nothing left to remove


def test_mapping_is_removed_at_exit_when_the_game_never_ended(monkeypatch):
    """A crash skips the game's end: atexit removes the forwarding."""
    registered = []
    monkeypatch.setattr(atexit, "register", lambda f, *a: registered.append(f) or f)
    monkeypatch.setattr(atexit, "unregister", lambda f: registered.remove(f))
    fake = FakeUPnP()
    mapping, out = opened(fake)
    assert out.ok and registered == [mapping.close]
    for f in list(registered):                 # what the interpreter does on exit
        f()
    assert fake.mapped == {} and registered == []


@pytest.mark.parametrize("fake, reason, words", [
    (None, "no_library", "miniupnpc package is not installed"),
    (FakeUPnP(devices=0), "no_router", "No router on this network answers UPnP"),
    (FakeUPnP(external="100.72.9.1"), "shared", "100.64.0.0/10, carrier-grade NAT"),
    (FakeUPnP(external="192.168.0.5"), "private", "double NAT"),
    (FakeUPnP(external="203.0.113.7"), "private", "private"),   # documentation range: never reachable
    (FakeUPnP(external=""), "no_public", "says it has no public address"),
    (FakeUPnP(external="0.0.0.0"), "no_public", "carrier-grade NAT"),
    (FakeUPnP(accept=False), "refused", "would not forward TCP port 8765"),
])
def test_each_failure_is_said_plainly(fake, reason, words, caplog):
    mapping, out = opened(fake)
    assert (out.ok, out.reason, out.public) == (False, reason, "")
    assert words in out.message
    assert "docs/phones.md" in out.message            # where a family goes next
    assert not mapping.mapped and mapping.close() is False
    assert fake is None or fake.mapped == {}          # a useless forwarding is never left open
    assert any(words in r.getMessage() for r in caplog.records)   # the host's log says it too


class SilentIGD(FakeUPnP):
    """A router miniupnpc finds but cannot use, failing with the C library's errno 0 as its words."""

    def selectigd(self) -> str:
        raise Exception("Success")


def test_miniupnpcs_empty_words_are_left_out(caplog):
    """miniupnpc's "Success" on a failure says nothing: neither the message nor the log repeats it."""
    mapping, out = opened(SilentIGD())
    assert out.reason == "no_router"
    assert out.message.startswith("No router on this network answers UPnP: turn UPnP on")
    said = [r.getMessage() for r in caplog.records if "answers UPnP" in r.getMessage()]
    assert len(said) == 1 and "Success" not in said[0]
    assert "(ConflictInMappingEntry)" in opened(FakeUPnP(accept=False))[1].message   # real words stay


def test_the_tv_asks_for_the_port_with_remote_and_gives_it_back_when_the_game_ends(monkeypatch):
    """The TV's host (--remote): the router forwards the served port while the game is hosted."""
    from game.ui.app import App
    from game.ui.phones.host import HostOptions
    from tests.netkit import until
    from tests.test_net_tv import hot_seat

    fake = FakeUPnP()
    monkeypatch.setattr(upnp, "_library", lambda: fake)
    app = App(seed=11, sound=False, speed=20.0, threaded_ai=False,
              host=HostOptions(bind="127.0.0.1", serve=True, remote=True))
    app.start()
    try:
        hot_seat(app, phones=())
        port = app.phones.port
        until(lambda: app.phones.forwarding.outcome is not None, "the router's answer")
        assert fake.mapped == {(port, "TCP"): ("192.168.1.20", port, upnp.DESCRIPTION, upnp.LEASE)}
        assert app.phones.forwarding.outcome.public == f"81.2.69.160:{port}"
    finally:
        app.close()
    assert fake.mapped == {}                    # the game ended: the router forwards nothing


def join_screen(app):
    """The join screen of the three-people board game hosted by ``app`` (before Start)."""
    import pygame

    from game.ui.board.match import Match
    from game.ui.phones.phone_screens import LocalPhone
    from game.ui.shell.registry import is_scene, make
    from tests.test_net_tv import DT, THREE_PEOPLE

    app.push(make("board", app, Match(app.board, THREE_PEOPLE)))
    assert LocalPhone(app.phones, 0, "phone-0").hello() == "welcome"
    app.step(DT, draw=False)
    assert is_scene(app.top, "phones")
    app.top.draw(pygame.Surface((1280, 720)))          # it draws whatever the router said
    return app.top


def shown(scene) -> str:
    """Every word drawn on the join screen (buttons and wrapped lines), one text."""
    return " ".join(getattr(w, "text", None) or w.label for w in scene.widgets())


def test_the_join_screen_says_one_true_thing_when_the_router_gives_no_way_in():
    """--remote and no UPnP router: the home's way in (same Wi-Fi), then why family far away cannot
    get in yet and what to do (by hand, or a tunnel: the families' page) -- never "from anywhere"."""
    from game.ui.app import App
    from game.ui.phones.host import HostOptions

    app = App(seed=11, sound=False, speed=20.0, threaded_ai=False,
              host=HostOptions(port=8765, remote=True, serve=False))
    app.start()
    try:
        scene = join_screen(app)
        app.phones.forwarding = opened(FakeUPnP(devices=0))[0]
        assert scene.intro() == (
            "In the room, scan your seat's code with your phone's camera, on the same Wi-Fi as this "
            "computer. No router on this network answers UPnP, so family far away cannot get in yet. Turn UPnP "
            "on in the router's settings, forward port 8765 to this computer by hand, or use a tunnel "
            "(see docs/phones.md).")
        for words in (shown(scene), scene.speech_prompt()):      # what is drawn and what is read aloud
            assert "from anywhere" not in words and "(see docs/phones.md)" in words
    finally:
        app.close()


@pytest.mark.parametrize("fake, words", [
    (FakeUPnP(), "starts with 81.2.69.160:8765 instead of 127.0.0.1:8765"),
    (None, "miniupnpc package is not installed"),
    (FakeUPnP(devices=0), "No router on this network answers UPnP"),
    (FakeUPnP(external="100.72.9.1"), "the internet provider shares one between many homes"),
    (FakeUPnP(external="192.168.0.5"), "Another router sits in front of the home router"),
    (FakeUPnP(accept=False), "would not open port 8765"),
])
def test_the_join_screen_says_the_public_address_or_why_there_is_none(fake, words):
    """With --remote the TV's join screen (and its spoken line) holds what the router gave."""
    from game.ui.app import App
    from game.ui.phones.host import HostOptions

    app = App(seed=11, sound=False, speed=20.0, threaded_ai=False,
              host=HostOptions(port=8765, remote=True, serve=False))
    app.start()
    try:
        scene = join_screen(app)
        mapping, out = opened(fake)
        app.phones.forwarding = mapping                # as the host's thread leaves it once the router answered
        assert words in scene.speech_prompt() and words in shown(scene)
        assert ("81.2.69.160" in shown(scene)) is out.ok
        assert "docs/phones.md" in shown(scene) or out.ok
        mapping.outcome = None                         # still asking
        assert "Asking the home router" in scene.speech_prompt()
    finally:
        app.close()


def test_invite_family_far_away_lets_them_in_and_shows_the_public_address(monkeypatch):
    """Without --remote the join screen offers the invitation: pressed, the server takes peers from
    anywhere, the router is asked, and the screen says the public address."""
    from game.ui.app import App
    from game.ui.phones.host import HostOptions
    from tests.netkit import until

    fake = FakeUPnP()
    monkeypatch.setattr(upnp, "_library", lambda: fake)
    app = App(seed=11, sound=False, speed=20.0, threaded_ai=False, host=HostOptions(bind="127.0.0.1"))
    app.start()
    try:
        scene = join_screen(app)
        assert not app.phones.server.remote and app.phones.forwarding is None
        assert "far away" not in scene.speech_prompt()
        invite = next(b for b in scene.focus.buttons if b.label == "Invite family far away")
        assert scene.focus.buttons[0] is scene.go            # Enter still starts the game
        invite.on_press()
        assert app.phones.server.remote and app.phones.remote
        assert invite not in scene.focus.buttons              # asked once
        until(lambda: app.phones.forwarding.outcome is not None, "the router's answer")
        port = app.phones.port
        assert fake.mapped == {(port, "TCP"): ("192.168.1.20", port, upnp.DESCRIPTION, upnp.LEASE)}
        assert f"starts with 81.2.69.160:{port}" in scene.speech_prompt()
    finally:
        app.close()
    assert fake.mapped == {}                                 # the game ended: the router forwards nothing


def test_a_bad_port_is_refused():
    with pytest.raises(ValueError, match="1-65535"):
        PortMapping(70000)


# ------------------------------------------------------------------ for real, in namespaces
def _why_not() -> str:
    why = homenet.why_not()
    if not why:
        try:
            import miniupnpc  # noqa: F401
        except ImportError:
            why = "the miniupnpc package is not installed (pip install miniupnpc)"
    return why


real = pytest.mark.skipif(bool(_why_not()), reason=f"no simulated home router: {_why_not()}")
PORT = 8765
#: The host: a board game with seat 0 on a phone, serving every interface with --remote's
#: setting; it asks the router for the port, says what happened, plays the game to its end,
#: removes the forwarding.  With "crash" it raises once mapped (atexit must clean up).
HOST = textwrap.dedent("""
    import json, sys
    from game.net.driver import NetGame, board_table
    from game.net.upnp import PortMapping
    game = NetGame(board_table(3, 5, [0]), port={port}, bind="0.0.0.0", remote=True)
    game.start()
    mapping = PortMapping({port}, discover_ms=1000)
    out = mapping.open()
    print(json.dumps({{"reason": out.reason, "public": out.public, "message": out.message,
                      "token": game.session.tokens[0]}}), flush=True)
    if sys.argv[1] == "crash":
        raise RuntimeError("the host crashed")
    if out.ok:
        game.run(timeout=120)
        print(json.dumps({{"over": game.engine.over, "applied": len(game.applied)}}), flush=True)
    mapping.close()
    game.stop()
""")
#: The relative far away: plays seat 0 from the public address until the game is over.
CLIENT = textwrap.dedent("""
    import json, sys, time
    from game.net.client import ClientPool, SeatClient
    from game.net.driver import choose
    client = SeatClient(sys.argv[1], sys.argv[2], decide=lambda v: choose(v, 5))
    pool = ClientPool()
    pool.add(client)
    deadline = time.monotonic() + 120
    while not (client.view and client.view.get("over")) and time.monotonic() < deadline:
        time.sleep(0.05)
    print(json.dumps({"seat": client.seat, "over": bool(client.view and client.view.get("over")),
                      "acks": len(client.acks), "frames": len(client.frames)}), flush=True)
    pool.close()
""")


def _python(home: homenet.Home, ns: str, code: str, *args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen(home.exec(ns, sys.executable, "-c", code, *args), cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _first_line(proc: subprocess.Popen) -> dict:
    line = proc.stdout.readline()        # bounded: the host prints it after discovery (1 s) or dies
    if not line:
        proc.wait(homenet.GUARD)
        raise AssertionError(f"the host said nothing: {proc.stderr.read()[-2000:]}")
    return json.loads(line)


@real
def test_a_relative_far_away_plays_through_the_routers_forwarded_port(tmp_path):
    with homenet.home_router(tmp_path) as home:
        host = _python(home, home.home, HOST.format(port=PORT), "play")
        try:
            said = _first_line(host)
            assert said["reason"] == "mapped", said["message"]
            assert said["public"] == f"{home.wan}:{PORT}"
            assert f"dport {PORT}" in home.forwarded() and "192.168.77.2" in home.forwarded()
            # the internet has no route into the home: only the forwarded port reaches the host
            client = _python(home, home.internet, CLIENT, f"http://{said['public']}", said["token"])
            played, _err = client.communicate(timeout=180)
            result = json.loads(played.strip().splitlines()[-1])
            assert result["seat"] == 0 and result["over"] and result["acks"] > 0, (result, _err[-2000:])
            out, err = host.communicate(timeout=60)
            assert json.loads(out.strip().splitlines()[-1])["over"] is True, err[-2000:]
            assert host.returncode == 0, err[-2000:]
        finally:
            if host.poll() is None:
                host.kill()
                host.wait(homenet.GUARD)
        assert f"dport {PORT}" not in home.forwarded()          # removed when the game ended


@real
def test_a_crashed_host_leaves_no_forwarding(tmp_path):
    with homenet.home_router(tmp_path) as home:
        host = _python(home, home.home, HOST.format(port=PORT), "crash")
        said = _first_line(host)
        assert said["reason"] == "mapped", said["message"]
        _out, err = host.communicate(timeout=60)
        assert host.returncode == 1 and "the host crashed" in err
        assert f"dport {PORT}" not in home.forwarded()          # atexit removed it


@real
@pytest.mark.parametrize("wan, upnp_on, reason", [
    ("100.72.0.1/24", True, "no_public"),     # the provider's shared address: miniupnpd gives none
    ("11.77.0.1/24", False, "no_router"),     # UPnP off on the router
])
def test_a_router_that_cannot_help_is_named(tmp_path, wan, upnp_on, reason):
    with homenet.home_router(tmp_path, wan=wan, upnp=upnp_on) as home:
        host = _python(home, home.home, HOST.format(port=PORT), "play")
        said = _first_line(host)
        host.communicate(timeout=60)
        assert said["reason"] == reason, said["message"]
        assert said["public"] == ""
        assert f"dport {PORT}" not in home.forwarded()
