"""Security of the host: bad messages get an error and
close nothing else; a token acts only for its own seat and only when the
engine allows; a forged token gets nothing; a second phone on a taken seat
waits for the TV; peers outside the local network are refused unless remote
play was asked for; only the page's own files and the cards are served."""

from __future__ import annotations

import asyncio
import json
import math

import pytest

aiohttp = pytest.importorskip("aiohttp", reason="the network play needs aiohttp (pip install aiohttp)")
pytest.importorskip("msgspec", reason="the network messages need msgspec (pip install msgspec)")

from game.net import messages as m  # noqa: E402
from game.net import server as server_module  # noqa: E402
from game.net.client import SeatClient  # noqa: E402
from game.net.driver import board_table, cards_table  # noqa: E402
from game.net.server import peer_allowed  # noqa: E402
from game.net.session import HostSession  # noqa: E402
from tests.netkit import Hosted, until  # noqa: E402


def stepped(game, condition, what: str) -> None:
    """Run the host's loop until ``condition()`` holds (a hang guard only)."""
    def go() -> bool:
        game.step(wait=0.005)
        return condition()
    until(go, what)


# ------------------------------------------------------------- messages
@pytest.mark.parametrize("data,code", [
    (b"x" * (m.MAX_BYTES + 1), "too_big"),
    ('{"type":"ping","pad":"' + "é" * 2100 + '"}', "too_big"),   # counted in bytes, not characters
    (b"not json", "not_json"),
    (b"\xff\xfe\x00", "not_json"),
    (b"[1, 2]", "unknown_type"),
    (b'{"token": "abc"}', "unknown_type"),
    (b'{"type": "shutdown"}', "unknown_type"),
    (b'{"type": 7}', "unknown_type"),
    (b'{"type": "act", "seq": "1", "action": {}}', "bad_shape"),
    (b'{"type": "act", "seq": 0, "action": {}}', "bad_shape"),
    (b'{"type": "act", "seq": 1, "action": []}', "bad_shape"),
    (b'{"type": "act", "seq": 1}', "bad_shape"),
    (b'{"type": "hello", "token": 5, "client": "c"}', "bad_shape"),
    (b'{"type": "hello", "token": "t", "client": "c", "lang": "fr"}', "bad_shape"),
    (b'{"type": "mark", "card": "rope", "mark": "!!"}', "bad_shape"),
    (b'{"type": "pad", "key": "jump"}', "bad_shape"),
    (b'{"type": "ping", "extra": 1}', "bad_shape"),
])
def test_a_bad_message_is_refused_with_its_reason(data, code):
    with pytest.raises(m.MessageError) as err:
        m.decode_client(data)
    assert err.value.code == code
    assert err.value.message


def test_good_messages_decode_to_their_structs():
    assert m.decode_client('{"type":"hello","token":"t","client":"c","lang":"ca"}') == m.Hello("t", "c", "ca")
    assert m.decode_client(b'{"type":"act","seq":3,"action":{"type":"Roll"}}') == m.Act(3, {"type": "Roll"})
    assert m.decode_client('{"type":"mark","card":"rope","mark":"\\u2713"}') == m.Mark("rope", "✓")
    assert m.decode_client('{"type":"pad","key":"left"}') == m.Pad("left")
    assert m.to_builtins(m.Ack(2, False, "no")) == {"type": "ack", "seq": 2, "ok": False, "error": "no"}


# ---------------------------------------------------------------- peers
@pytest.mark.parametrize("address", ["127.0.0.1", "::1", "192.168.1.20", "10.0.0.7", "172.16.4.2",
                                     "169.254.10.1", "fe80::1%eth0", "fd12:3456::1", "::ffff:192.168.0.9"])
def test_peers_on_the_local_network_are_let_in(address):
    assert peer_allowed(address)


@pytest.mark.parametrize("address", ["8.8.8.8", "81.45.3.2", "2001:4860:4860::8888", "::ffff:8.8.8.8",
                                     None, "", "not an address"])
def test_peers_from_outside_are_refused_unless_remote_play_was_asked(address):
    assert not peer_allowed(address)
    assert peer_allowed(address, remote=True)


@pytest.fixture
def refusing(monkeypatch):
    """A server of a one-seat card game that counts no peer local: every peer is refused until remote."""
    session = HostSession("cards", [0])
    srv = server_module.NetServer(session, bind="127.0.0.1")
    srv.start()
    monkeypatch.setattr(server_module, "peer_allowed", lambda address, remote=False, extra=(): remote)
    yield session, srv
    srv.stop()


def test_a_refused_peer_gets_403_and_nothing_else(refusing):
    session, srv = refusing

    async def go():
        async with aiohttp.ClientSession() as http:
            for path in ("/", f"/s/{session.tokens[0]}", "/cards/rope.png", "/ws"):
                async with http.get(srv.base_url + path) as r:
                    assert r.status == 403, path
                    assert session.tokens[0] not in await r.text()
    asyncio.run(go())
    srv.remote = True
    asyncio.run(_status(srv.base_url + "/", 200))


@pytest.mark.parametrize("accept, words", [
    (None, ("This game is only for the home network", "Your address, 127.0.0.1,", "“vpn_ranges”",
            "--vpn-range RANGE", "--remote", "“Invite family far away”")),
    ("es-ES,es;q=0.9,en;q=0.5", ("Esta partida es solo para la red de casa", "Tu dirección, 127.0.0.1,",
                                 "“vpn_ranges”", "--remote", "“Invitar a familia lejana”")),
    ("ca", ("Aquesta partida és només per a la xarxa de casa", "“vpn_ranges”", "--remote",
            "“Convidar qui és lluny”")),
])
def test_a_phone_outside_the_home_ranges_reads_why_and_what_to_do_in_its_language(refusing, accept, words):
    """A phone on the TV's own network but outside the listed home ranges (a VPN's 100.64/10, say) is
    refused with a phone-sized page in its language: its address, the setting and the options to use."""
    session, srv = refusing

    async def go():
        async with aiohttp.ClientSession() as http:
            headers = {"Accept-Language": accept} if accept else {}
            async with http.get(f"{srv.base_url}/s/{session.tokens[0]}", headers=headers) as r:
                return r.status, r.headers.get("Content-Type", ""), await r.text()
    status, kind, text = asyncio.run(go())
    assert status == 403 and kind.startswith("text/html") and 'name="viewport"' in text
    assert all(w in text for w in words), text
    assert session.tokens[0] not in text


def test_the_refusal_page_escapes_the_address():
    page = server_module.not_local_page("en", "<b>")
    assert "Your address, &lt;b&gt;," in page and "<b>" not in page


async def _status(url: str, status: int) -> bytes:
    async with aiohttp.ClientSession() as http:
        async with http.get(url) as r:
            assert r.status == status, url
            return await r.read()


def test_only_the_pages_files_and_the_cards_are_served(tmp_path):
    (tmp_path / "index.html").write_text("<p>seat page</p>")
    (tmp_path / "app.js").write_text("// app")
    session = HostSession("board", [0, 1])
    srv = server_module.NetServer(session, bind="127.0.0.1", web_dir=tmp_path)
    srv.start()
    base = srv.base_url
    try:
        async def go():
            assert b"seat page" in await _status(f"{base}/s/{session.tokens[1]}", 200)
            await _status(f"{base}/s/forged-token", 404)
            assert await _status(f"{base}/web/app.js", 200) == b"// app"
            for bad in ("/web/..%2Fserver.py", "/web/.hidden", "/web/%2Fetc%2Fpasswd", "/web/nothing.js",
                        "/cards/notacard.png", "/cards/..%2F..%2Fmaps%2Fmansion.png", "/s/"):
                await _status(base + bad, 404)
            assert (await _status(f"{base}/cards/rope.png", 200))[:4] == b"\x89PNG"
            home = await _status(f"{base}/", 200)
            assert all(t.encode() not in home for t in session.tokens.values())
        asyncio.run(go())
    finally:
        srv.stop()


def test_the_board_picture_is_served_only_when_the_host_gave_one():
    """``/board.png`` and ``/board.json`` answer 404 until the host gives the picture, then
    exactly the bytes given (the same for everyone: the routes hold no token); not a PNG is refused."""
    session = HostSession("board", [0, 1])
    srv = server_module.NetServer(session, bind="127.0.0.1")
    srv.start()
    base = srv.base_url
    png = b"\x89PNG\r\n\x1a\n" + b"the empty board"
    grid = {"size": [10, 10], "origin": [0, 0], "cell": [1, 1], "squares": [10, 10], "rooms": {}}
    try:
        async def get_all():
            return [await _status(f"{base}/board.png", 200), await _status(f"{base}/board.json", 200)]

        async def missing():
            for path in ("/board.png", "/board.json"):
                await _status(base + path, 404)
        asyncio.run(missing())
        srv.set_board(png, grid)
        got_png, got_grid = asyncio.run(get_all())
        assert got_png == png and json.loads(got_grid) == grid
        with pytest.raises(ValueError):
            srv.set_board(b"<svg>", grid)
        srv.set_board(None, None)
        asyncio.run(missing())
    finally:
        srv.stop()


# ------------------------------------------------------------ over the socket
class Raw:
    """A bare WebSocket to the host (no SeatClient manners)."""

    def __init__(self, url: str):
        self.url = url

    async def __aenter__(self):
        self.http = aiohttp.ClientSession()
        self.ws = await self.http.ws_connect(self.url + "/ws")
        return self

    async def __aexit__(self, *exc):
        await self.ws.close()
        await self.http.close()

    async def send(self, data):
        if isinstance(data, bytes):
            await self.ws.send_bytes(data)
        elif isinstance(data, str):
            await self.ws.send_str(data)
        else:
            await self.ws.send_str(json.dumps(data))

    async def get(self, guard: float = 20) -> dict | None:
        frame = await self.ws.receive(timeout=guard)
        if frame.type != aiohttp.WSMsgType.TEXT:
            return None
        return json.loads(frame.data)

    async def until(self, kind: str) -> dict:
        while True:
            msg = await self.get()
            assert msg is not None, f"socket closed before a {kind!r}"
            if msg["type"] == kind:
                return msg


def test_bad_messages_get_an_error_and_the_socket_and_the_game_go_on():
    hosted = Hosted(cards_table(3, 4, (0,)), decide=False)
    game = hosted.game
    try:
        hosted.seated()

        async def go():
            async with Raw(game.server.base_url) as raw:
                await raw.send({"type": "hello", "token": game.session.tokens[0], "client": hosted.stores[0]["client"],
                                "lang": "en"})
                assert (await raw.until("welcome"))["seat"] == 0
                for bad, code in [("{oops", "not_json"), (b"\x00\x01", "not_json"), ({"type": "nope"}, "unknown_type"),
                                  ({"type": "act", "seq": -1, "action": {}}, "bad_shape"),
                                  ("x" * 5000, "too_big"), ({"type": "hello", "token": "t", "client": "c"}, "bad_shape")]:
                    await raw.send(bad)
                    reply = await raw.until("error")
                    assert reply["code"] == code, bad
                await raw.send({"type": "ping"})
                assert (await raw.until("pong")) == {"type": "pong"}
        asyncio.run(go())
        assert game.session.stats["bad_messages"] == 5
        assert game.engine.actions == []       # nothing the bad messages said reached the engine
        # the game goes on: the real phone of seat 0 still plays, to the end
        hosted.pool.kill(hosted.clients[0])
        hosted.decide = True
        hosted.connect(0)
        hosted.run()
        assert game.engine.over
    finally:
        hosted.close()


def test_a_token_acts_only_for_its_own_seat_and_only_when_the_engine_allows():
    table = board_table(3, 21, (0, 1, 2))
    hosted = Hosted(table, decide=False)
    game = hosted.game
    try:
        hosted.seated()
        actor = game.engine.actor
        other = (actor + 1) % 3
        clients = hosted.clients
        stepped(game, lambda: all(c.view for c in clients.values()), "the first views")
        before = list(game.engine.actions)
        # another seat's token, while `actor` must act: refused, nothing applied
        seq = hosted.pool.call(clients[other].act({"type": "Roll"}))
        stepped(game, lambda: seq in clients[other].acks, "the refusal")
        assert clients[other].acks[seq] == m.Ack(seq, False, "It is not your turn now.")
        # the actor's own token, but an action the rules do not allow now (no suggestion before moving
        # unless in a room; a card to show when nobody asked): refused with the engine's reason
        seq = hosted.pool.call(clients[actor].act({"type": "Disprove", "card": "rope"}))
        stepped(game, lambda: seq in clients[actor].acks, "the refusal")
        ack = clients[actor].acks[seq]
        assert not ack.ok and ack.error
        # nonsense shaped as an action
        seq = hosted.pool.call(clients[actor].act({"type": "Move", "room": "the moon"}))
        stepped(game, lambda: seq in clients[actor].acks, "the refusal")
        assert not clients[actor].acks[seq].ok
        assert game.engine.actions == before
        # the same token, a legal action: taken
        seq = hosted.pool.call(clients[actor].act({"type": "Roll"}))
        stepped(game, lambda: seq in clients[actor].acks, "the answer")
        assert clients[actor].acks[seq].ok
        assert len(game.engine.actions) > len(before) and type(game.engine.actions[len(before)]).__name__ == "Roll"
        # the same seq again (a lost ack): the same answer, applied once
        n = len(game.engine.actions)
        hosted.pool.call(clients[actor].send(m.Act(seq, {"type": "Roll"})))
        stepped(game, lambda: game.session.stats["duplicates"] == 1, "the repeated answer")
        assert len(game.engine.actions) == n
    finally:
        hosted.close()


def test_a_forged_token_gets_nothing():
    hosted = Hosted(cards_table(3, 8, (0, 1)), decide=False)
    game = hosted.game
    try:
        hosted.seated()

        async def go():
            async with Raw(game.server.base_url) as raw:
                await raw.send({"type": "hello", "token": "A" * 16, "client": "thief", "lang": "en"})
                reply = await raw.get()
                assert reply == {"type": "error", "code": "not_seated", "message": "No seat has this token."}
                assert await raw.get() is None                # closed: nothing else, ever
            async with Raw(game.server.base_url) as raw:      # no hello at all
                await raw.send({"type": "act", "seq": 1, "action": {"type": "Decline"}})
                assert (await raw.get())["code"] == "no_hello"
                await raw.send({"type": "mark", "card": "rope", "mark": "X"})
                assert (await raw.get())["code"] == "no_hello"
        asyncio.run(go())
        assert game.session.stats["forged"] == 1
        assert game.engine.actions == []
    finally:
        hosted.close()


def test_a_token_typed_in_the_wrong_case_still_opens_its_seat_and_nothing_else():
    """A relative typing the address by hand gets the case wrong: the page and the hello take the seat;
    a token one letter off still opens nothing; an older save's mixed-case token must match exactly."""
    hosted = Hosted(cards_table(3, 8, (0, 1)), decide=False)
    game = hosted.game
    token = game.session.tokens[1]
    wrong = ("4" if token[0] != "4" else "6") + token[1:]
    try:
        hosted.seated()                                   # its own phone holds the seat first: no race

        async def go():
            async with aiohttp.ClientSession() as http:
                for t, status in ((token.upper(), 200), (token.title(), 200), (wrong.upper(), 404)):
                    async with http.get(f"{game.server.base_url}/s/{t}") as r:
                        assert r.status == status, t
            async with Raw(game.server.base_url) as raw:
                await raw.send({"type": "hello", "token": token.upper(), "client": "typed", "lang": "en"})
                assert (await raw.get())["type"] == "waiting"   # the seat's own: its phone holds it, the TV is asked
            async with Raw(game.server.base_url) as raw:
                await raw.send({"type": "hello", "token": wrong.upper(), "client": "typed", "lang": "en"})
                assert (await raw.get())["code"] == "not_seated"
        asyncio.run(go())
        assert game.session.seat_of_token(token.swapcase()) == 1
    finally:
        hosted.close()
    old = HostSession("board", [0, 1], tokens={0: "sc4rLet-Qx3kL9mN"})
    assert old.seat_of_token("sc4rLet-Qx3kL9mN") == 0
    assert old.seat_of_token("sc4rlet-qx3kl9mn") is None and old.seat_of_token("SC4RLET-QX3KL9MN") is None


def test_a_second_phone_on_a_taken_seat_waits_for_the_tv():
    table = cards_table(3, 8, (0, 1))
    hosted = Hosted(table, decide=False)
    game = hosted.game
    session = game.session
    try:
        hosted.seated()
        first = hosted.clients[0]
        stepped(game, lambda: first.view is not None, "the first view")
        second = hosted.pool.add(SeatClient(game.server.base_url, session.tokens[0], store={}))
        until(lambda: second.state == "waiting", "the second phone to wait")
        assert session.pending_joins() == [0]
        assert second.view is None and second.welcome is None   # nothing of the seat before the TV's yes
        requests = game.net.pump()
        assert any(r.kind == "join" and r.seat == 0 for r in requests)
        session.confirm_join(0, False)
        until(lambda: second.state == "refused", "the refusal")
        assert second.view is None
        assert first.state == "seated" and session.has_phone(0)
        third = hosted.pool.add(SeatClient(game.server.base_url, session.tokens[0], store={}))
        until(lambda: session.pending_joins() == [0], "the third phone to wait")
        session.confirm_join(0, True)
        game.net.broadcast()
        until(lambda: third.view is not None and first.state == "refused", "the seat to change hands")
        assert third.view["seat"] == 0
    finally:
        hosted.close()


def test_a_phone_flooding_the_host_is_slowed_and_stays_connected():
    session = HostSession("cards", [0])
    srv = server_module.NetServer(session, bind="127.0.0.1", rate=5, burst=10)
    srv.start()
    try:
        async def go():
            async with Raw(srv.base_url) as raw:
                for _ in range(40):
                    await raw.send({"type": "ping"})
                kinds = [(await raw.get())["type"] for _ in range(40)]
                assert kinds.count("pong") >= 10 and "error" in kinds
                while True:                   # still connected: once the bucket refills, hello is taken
                    await raw.send({"type": "hello", "token": session.tokens[0], "client": "c"})
                    reply = await raw.get()
                    if reply["type"] == "welcome":
                        break
                    assert reply["code"] == "too_fast"
        asyncio.run(go())
        assert session.stats["too_fast"] >= 1
    finally:
        srv.stop()


# ------------------------------------------------------------- the session
def test_the_session_keeps_what_continue_needs():
    session = HostSession("board", [0, 2])
    session.applied[2] = 7
    session.clients[2] = "phone-a"
    state = json.loads(json.dumps(session.state()))
    again = HostSession.from_state("board", [0, 2], state)
    assert again.tokens == session.tokens and again.applied == {0: 0, 2: 7} and again.clients == {2: "phone-a"}
    broken = HostSession.from_state("board", [0, 2], {"tokens": {"0": 5, "x": "y"}, "applied": "no"})
    assert set(broken.tokens) == {0, 2} and broken.applied == {0: 0, 2: 0}
    assert HostSession.from_state("board", [0], None).tokens[0]
    with pytest.raises(ValueError):
        HostSession("chess", [0])
    assert session.url(2, "http://192.168.1.5:8765/") == f"http://192.168.1.5:8765/s/{session.tokens[2]}"
    assert len(set(HostSession("board", range(6)).tokens.values())) == 6


@pytest.mark.parametrize("kind", ["board", "cards"])
def test_any_action_a_phone_sends_is_answered_and_never_raises_on_the_host(kind):
    """Seeded junk shaped like actions (wrong types, unknown fields, cards of the
    other kind, squares that are not squares) is refused with a reason; the
    engine is unchanged and pump() never raises."""
    import random

    from game.net.host import NetTable
    from game.net.session import Request

    table = board_table(3, 2, (0, 1, 2)) if kind == "board" else cards_table(3, 2, (0, 1, 2))
    engine = table.new_engine()
    session = HostSession(kind, (0, 1, 2))
    net = NetTable(kind, engine, table.suspects, session)
    rng = random.Random(15)
    types = ["Roll", "Move", "TakePassage", "Suggest", "Disprove", "Accuse", "EndTurn", "Ask", "Show", "Join",
             "Decline", "", None, 3, ["Roll"], {"a": 1}]
    values = [None, "", "rope", "hall", "plum", "knife", "study", 0, -1, 2**40, 1.5, True, [1, 2], [1], [1, "a"],
              {"x": 1}, "x" * 150, [[1, 2]]]
    fields = ["square", "room", "suspect", "weapon", "card", "first", "second", "person", "location", "zzz"]
    for seq in range(1, 601):
        action = {"type": rng.choice(types)} if rng.random() < 0.9 else {}
        for f in rng.sample(fields, rng.randrange(4)):
            action[f] = rng.choice(values)
        session._put(Request(engine.actor if rng.random() < 0.8 else (engine.actor + 1) % 3, "act", seq=seq,
                             action=action))
        net.pump()
    legal_taken = len(engine.actions)
    assert session.stats["refused"] + legal_taken == 600
    assert session.stats["refused"] > 500


def test_seat_tokens_use_no_letters_that_look_alike():
    """A relative far away may type the short address: a new token never mixes
    0/o, 1/l/i and the like, is lower case, and is long enough not to guess."""
    from game.net.session import TOKEN_ALPHABET, HostSession

    tokens = [t for _ in range(50) for t in HostSession("board", range(6)).tokens.values()]
    assert len(set(tokens)) == len(tokens) == 300
    used = set("".join(tokens))
    assert used <= set(TOKEN_ALPHABET) and not used & set("0o1liIO5s2zuvAZ")
    assert all(len(t) == 21 for t in tokens)
    assert math.log2(len(TOKEN_ALPHABET)) * 21 >= 96      # at least 96 random bits: the page may face the internet
    assert len(used) == len(TOKEN_ALPHABET)        # every letter of the alphabet shows up over 300 tokens


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_the_invite_button_on_the_join_screen_holds_its_words_in_every_language(lang):
    """The join screen's "Invite family far away" (380 x 60) holds its words at the button's
    size in each language: the Spanish "Invitar a la familia que está lejos" ran past its edge."""
    import pygame

    from game.text import i18n
    from game.ui.draw.widgets import Button
    from game.ui.shell.i18n import _
    from tests.inputs import make_app

    app = make_app()
    i18n.set_language(lang)
    try:
        button = Button(pygame.Rect(820, 620, 380, 60), _("Invite family far away"), lambda: None)
        assert button.text_width() <= button.available_width(), button.label     # fitted, at a readable size
    finally:
        i18n.set_language("en")
        app.close()
