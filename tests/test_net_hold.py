"""The TV holds the game -- its pause menu is open, or its join screen waits for Start -- and every
phone is told why (its view's ``"tv"``: ``"paused"`` or ``"start"``, public, the same for every
seat); an action a phone sends meanwhile is kept and counts as soon as the game goes on, never lost
and never a silent "Sent…"; the arrows rest until then."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.rules.engine import Phase  # noqa: E402
from game.ui.phones.phone_screens import LocalPhone  # noqa: E402
from game.ui.shell.registry import is_scene  # noqa: E402
from tests.inputs import key  # noqa: E402
from tests.test_net_tv import PHONES, before_start, hosted_app  # noqa: E402
from tests.test_ui import DT  # noqa: E402


def tv_of(phone: LocalPhone) -> str | None:
    """What the phone's newest view says of the TV (its ``"tv"``)."""
    view = phone.last("view")
    assert view is not None, "the phone got no view"
    return view["view"]["tv"]


def acks(phone: LocalPhone) -> list[dict]:
    return [m for m in phone.sent if m["type"] == "ack"]


def test_before_start_every_phone_is_told_and_a_press_counts_once_the_tv_starts():
    app = hosted_app()
    try:
        board, phones = before_start(app)                # the join screen: Start not pressed yet
        assert [tv_of(phones[s]) for s in PHONES] == ["start", "start"]
        g = board.game
        assert g.actor == 0 and g.phase is Phase.START
        seq = phones[0].act({"type": "Roll"})             # Miss Scarlet rolls before the TV started
        for _ in range(5):
            app.step(DT, draw=False)
        assert acks(phones[0]) == [] and g.actions == []    # kept, not refused, not lost
        assert tv_of(phones[0]) == "start"
        key(app, pygame.K_RETURN, draw=False)              # Start
        app.step(DT, draw=False)
        assert acks(phones[0]) == [{"type": "ack", "seq": seq, "ok": True, "error": None}]
        assert type(g.actions[0]).__name__ == "Roll"
        assert [tv_of(phones[s]) for s in PHONES] == [None, None]
        assert acks(phones[2]) == []                       # the answer went to the seat that asked alone
    finally:
        app.close()


def test_the_pause_menu_tells_every_phone_and_a_press_counts_once_it_closes():
    from tests.test_net_tv import hot_seat

    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        g = board.game
        captured: list[tuple[int, bytes]] = []
        app.phones.session.tap = lambda seat, data: captured.append((seat, data))
        assert [tv_of(phones[s]) for s in PHONES] == [None, None]
        key(app, pygame.K_ESCAPE, draw=False)              # the pause menu
        assert any(is_scene(s, "menu") for s in app.stack)
        app.step(DT, draw=False)
        assert [tv_of(phones[s]) for s in PHONES] == ["paused", "paused"]
        assert g.actor == 0 and g.phase is Phase.START
        seq = phones[0].act({"type": "Roll"})
        for _ in range(5):
            app.step(DT, draw=False)
        assert acks(phones[0]) == [] and g.actions == []
        key(app, pygame.K_ESCAPE, draw=False)              # the menu closes: the game goes on
        app.step(DT, draw=False)
        assert not any(is_scene(s, "menu") for s in app.stack)
        assert acks(phones[0]) == [{"type": "ack", "seq": seq, "ok": True, "error": None}]
        assert type(g.actions[0]).__name__ == "Roll"
        assert [tv_of(phones[s]) for s in PHONES] == [None, None]
        # privacy: each seat's bytes reached that seat alone, and the hold is one public word
        import json

        for seat, data in captured:
            msg = json.loads(data)
            assert data in phones[seat].raw
            assert all(data not in phones[s].raw for s in PHONES if s != seat)
            if msg["type"] == "view":
                assert msg["view"]["tv"] in ("paused", None)
        assert {json.loads(d)["type"] for s, d in captured if s == 2} == {"view"}
    finally:
        app.close()
