"""Whole games over loopback WebSockets, one client per person seat (docs/network.md,
"Tests and figures"): the final state equals the same seeded game played
headlessly with the same choices, and every phone ends on its seat's view."""

from __future__ import annotations

import pytest

pytest.importorskip("aiohttp", reason="the network play needs aiohttp (pip install aiohttp)")
pytest.importorskip("msgspec", reason="the network messages need msgspec (pip install msgspec)")

from game.net.driver import board_table, cards_table, play_reference  # noqa: E402
from tests.netkit import Hosted  # noqa: E402

GAMES = [
    ("board", 4, 7, (0, 2)),            # two phones, two computers
    ("board", 3, 11, (0, 1, 2)),        # every seat on a phone
    ("cards", 4, 5, (1, 3)),
    ("cards", 5, 9, (0, 1, 2, 3, 4)),
    ("cards+", 6, 13, (0, 2, 3, 5)),    # the advanced deck ("+" cards)
]


def make(kind: str, players: int, seed: int, people: tuple[int, ...]):
    if kind == "board":
        return board_table(players, seed, people)
    return cards_table(players, seed, people, advanced=kind == "cards+")


@pytest.mark.parametrize("kind,players,seed,people", GAMES)
def test_a_networked_game_ends_as_the_same_game_played_headlessly(kind, players, seed, people):
    reference = play_reference(make(kind, players, seed, people))
    hosted = Hosted(make(kind, players, seed, people))
    try:
        hosted.seated()
        game = hosted.run()
        hosted.settle()
        assert game.engine.over
        assert game.engine.actions == reference.actions
        assert game.engine.winner == reference.winner
        phone_actions = [a for a in game.applied]
        assert phone_actions, "the phones took part"
        assert {a.seat for a in phone_actions} <= set(people)
        # every (seat, seq) applied once, and seqs grow one by one per seat
        for seat in people:
            seqs = [a.seq for a in phone_actions if a.seat == seat]
            assert seqs == sorted(set(seqs)) == list(range(1, len(seqs) + 1))
        for seat, client in hosted.clients.items():
            assert client.view == hosted.expected(seat)
            assert client.view["over"] and client.view["result"]["winner"] == reference.winner
            assert not client.errors
    finally:
        hosted.close()


def test_an_action_the_host_dropped_as_too_fast_is_sent_again_and_the_game_ends(monkeypatch):
    """The hang of the all-phone games under load: the host's rate (40 at once, 20 a second)
    dropped a fast seat's action unread (``too_fast``, which names no seq) and the Python
    client, having decided that step, never sent it again.  Now it sends it again with the
    same seq after ``TOO_FAST_WAIT``, as the page does; the game ends as the headless one
    and the seq is applied once.  The rate is scripted: the phone's first act is dropped."""
    from game.net import server as server_module
    from game.net.client import SeatClient

    takes: list[bool] = []

    class Scripted(server_module._Bucket):
        def take(self) -> bool:            # the first socket: hello taken, its first act dropped
            takes.append(len(takes) != 1)
            return takes[-1]

    monkeypatch.setattr(server_module, "_Bucket", Scripted)
    monkeypatch.setattr(SeatClient, "TOO_FAST_WAIT", 0.05, raising=False)
    table = make("cards", 3, 21, (0,))
    reference = play_reference(make("cards", 3, 21, (0,)))
    hosted = Hosted(table)
    try:
        hosted.seated()
        game = hosted.run()
        hosted.settle()
        client = hosted.clients[0]
        assert takes[:3] == [True, False, True]
        assert game.session.stats["too_fast"] == 1 and client.stats["too_fast"] == 1
        assert game.engine.actions == reference.actions
        seqs = [a.seq for a in game.applied]
        assert seqs == list(range(1, len(seqs) + 1)) and seqs[0] == 1
        assert client.store["pending"] == {} and not client.errors
        assert client.view == hosted.expected(0)
    finally:
        hosted.close()


def test_a_person_seat_offered_nothing_stops_the_reference_game_with_its_seed_and_seat(monkeypatch):
    from game.net import driver

    table = make("cards", 3, 21, (0, 1, 2))      # every seat a person: the first actor reads its payload
    monkeypatch.setattr(driver, "choose", lambda view, seed: None)
    with pytest.raises(driver.NetGameError, match=r"^seed 21: seat \d has no legal action$"):
        play_reference(table)
