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
