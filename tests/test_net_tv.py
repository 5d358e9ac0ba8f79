"""Phones at the table, the TV side (issue 15): the autosave keeps the phones'
port and tokens, Continue serves the same codes again; the TV never covers
for a seat whose phone is connected, shows only public words while that
phone chooses, and falls back to its cover when the phone drops."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.cardgame.engine import CardSetup  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.save import read_save, save_game  # noqa: E402
from game.savefile import read_net  # noqa: E402
from tests.inputs import defaults_after  # noqa: E402,F401

THREE_PEOPLE = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "human"),
                                SeatConfig("white", "human"), SeatConfig("peacock", "computer", "medium")),
                         seed=6)
NET = {"port": 40123, "tokens": {0: "AAAAbbbbCCCC1234", 1: "zzzz-yyyy_xxxx99", 2: "QQQQwwwwEEEErrrr"}}


# ------------------------------------------------------------------ the save
def test_board_autosave_keeps_port_and_tokens(tmp_path):
    from game.ui.board.match import Match
    from game.board.tmx import load_board
    from game import paths

    match = Match(load_board(paths.MANSION_MAP), THREE_PEOPLE)
    match.net = NET
    path = tmp_path / "autosave.json"
    save_game(path, match.saved())
    doc = json.loads(path.read_text())
    assert doc["net"] == {"port": 40123, "tokens": {"0": "AAAAbbbbCCCC1234", "1": "zzzz-yyyy_xxxx99",
                                                    "2": "QQQQwwwwEEEErrrr"}}
    again = Match.resume(load_board(paths.MANSION_MAP), read_save(path), path)
    assert again.net == NET


def test_card_autosave_keeps_port_and_tokens(tmp_path):
    from game.ui.cardgame.match import CardMatch

    match = CardMatch(CardSetup(players=4, seed=3, levels=("human", "human", "medium", "medium")),
                      ("scarlet", "white", "peacock", "green"))
    match.net = {"port": 5000, "tokens": {1: "abcdefgh12345678"}}
    path = tmp_path / "autosave.json"
    save_game(path, match.saved())
    assert json.loads(path.read_text())["net"] == {"port": 5000, "tokens": {"1": "abcdefgh12345678"}}
    assert CardMatch.resume(read_save(path), path).net == {"port": 5000, "tokens": {1: "abcdefgh12345678"}}


def test_old_saves_without_phones_still_load(tmp_path):
    from game.ui.board.match import Match
    from game.board.tmx import load_board
    from game import paths

    match = Match(load_board(paths.MANSION_MAP), THREE_PEOPLE)
    path = tmp_path / "autosave.json"
    save_game(path, match.saved())
    assert "net" not in json.loads(path.read_text())
    assert read_save(path).net is None


@pytest.mark.parametrize("net", [
    {"port": "80", "tokens": {}}, {"port": 70000, "tokens": {}}, {"port": 80, "tokens": {"9": "abcdefgh1234"}},
    {"port": 80, "tokens": {"0": "<script>"}}, {"port": 80, "tokens": {"0": "short"}}, [], "x"])
def test_a_damaged_phones_part_is_dropped_and_the_game_loads(net):
    assert read_net({"net": net}, 4) is None
