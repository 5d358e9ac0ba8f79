"""Phones at the table, more of the TV's side: a seat that joined from far
away (no cover offered to the room; the computer chooses for it after a
longer wait), and what a family playing with phones ran into -- the first OK
after a roll, the footer over the board's bottom row, an allowed phone kept by
Continue, the pad's Back, ``--join`` without a seat, ``--seed`` with Continue
and Play again, the detective report after the game."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402


# ------------------------------------------------------------------ the cli
@pytest.mark.parametrize("address", ["10.77.0.1:8765", "10.77.0.1:8765/", "http://10.77.0.1:8765/s/",
                                     "https://clue.example.org/game/", "10.77.0.1:8765/web/app.js"])
def test_join_without_the_seats_part_says_so_and_opens_nothing(address, capsys, caplog):
    """The host's address alone (or a page that is no seat) would open only the home page: say so, exit 2."""
    from game.cli import _join

    opened, asked = [], []
    code = _join(address, opener=lambda url: opened.append(url) or True,
                 check=lambda url: asked.append(url) or ("ok", ""))
    assert (code, opened, asked) == (2, [], [])
    assert "names the game but not your seat" in caplog.text and repr(address) in caplog.text
    assert "Your seat plays there" not in capsys.readouterr().out


def test_join_keeps_a_proxys_path_prefix():
    from game.cli import seat_url

    assert seat_url("https://clue.example.org/family/s/abc") == "https://clue.example.org/family/s/abc"


# ------------------------------------------------------------- the table
import json  # noqa: E402

import pygame  # noqa: E402

from game.rules import actions as ra  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.ui.phone_screens import LocalPhone  # noqa: E402
from game.ui.registry import is_scene  # noqa: E402
from tests.inputs import key  # noqa: E402
from tests.test_net_tv import PHONES, drive, hosted_app, hot_seat  # noqa: E402
from tests.test_ui import DT  # noqa: E402


def test_continue_keeps_a_phone_the_tv_allowed_before_the_seat_acted(tmp_path):
    """Allow phone B on Mrs. White's seat, quit before she acts, Continue: B holds the seat at once."""
    app = hosted_app(tmp_path)
    try:
        board, phones = hot_seat(app)
        other = LocalPhone(app.phones, 2, "phone-b")
        assert other.hello() == "waiting"
        app.step(DT, draw=False)
        assert is_scene(app.top, "confirm")
        app.top.yes()                                   # Allow
        assert app.phones.session.clients[2] == "phone-b"
        acted = len(app.phones.net.applied)
    finally:
        app.close()
    assert acted == 0                                   # nobody acted since: only the allow could save it
    assert json.loads((tmp_path / "autosave.json").read_text())["net"]["clients"]["2"] == "phone-b"
    again = hosted_app(tmp_path)
    try:
        assert again.store.continue_game()
        back = LocalPhone(again.phones, 2, "phone-b")
        assert back.hello() == "welcome"                # no second question on the TV
        again.step(DT, draw=False)
        assert not any(is_scene(s, "confirm") for s in again.stack) and again.phones.has_phone(2)
    finally:
        again.close()


def test_the_phones_back_takes_the_cursor_back_arrow_by_arrow():
    """The pad's Back undoes its seat's arrows one by one (and does nothing for another seat)."""
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        g = board.game
        drive(app, board, phones, lambda: g.phase is Phase.MOVE and g.actor in PHONES and not board.busy
              and len(list(g.moves())) > 3 and is_scene(app.top, "phone_wait") and app.top.what == "turn")
        seat = g.actor
        for _ in range(30):                              # the turn's guard ends
            app.step(DT, draw=False)
        start, trail = board.cursor, []
        for k in ("right", "down", "left", "up", "right", "down"):
            phones[seat].pad(k)
            app.step(DT, draw=False)
            if board.cursor != (trail or [start])[-1]:
                trail.append(board.cursor)
        assert len(trail) >= 2, trail
        phones[2 if seat == 0 else 0].pad("back")        # another seat's Back moves nothing
        app.step(DT, draw=False)
        assert board.cursor == trail[-1]
        for want in reversed([start] + trail[:-1]):
            phones[seat].pad("back")
            app.step(DT, draw=False)
            assert board.cursor == want
        phones[seat].pad("back")                         # at the start: stays, and no menu opens on the TV
        app.step(DT, draw=False)
        assert board.cursor == start and not any(is_scene(s, "menu") for s in app.stack)
        assert g.phase is Phase.MOVE and g.actor == seat
    finally:
        app.close()
