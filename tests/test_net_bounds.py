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
