"""Saved games: round trip, atomic writes, and every kind of bad file."""

from __future__ import annotations

import json
import os

import pytest

from game.board.tmx import load_board
from game.commands.headless import computer_setup, play
from game.storage import paths
from game.storage.save import (
    SAVE_VERSION,
    SavedGame,
    SaveError,
    quarantine,
    read_save,
    replay,
    save_game,
    to_document,
    write_atomic,
)

BOARD = load_board(paths.MANSION_MAP)


@pytest.fixture(scope="module")
def finished():
    return play(BOARD, computer_setup(4, 21))


def saved_at(game, n):
    return SavedGame(game.setup, list(game.actions[:n]), {0: {"rope": "X", "hall": "?"}})


@pytest.mark.parametrize("cut", [0, 1, 2, 5, 17, None])
def test_round_trip_resumes_the_same_game(tmp_path, finished, cut):
    n = len(finished.actions) if cut is None else cut
    path = tmp_path / "autosave.json"
    save_game(path, saved_at(finished, n))
    loaded = read_save(path)
    game = replay(BOARD, loaded, path)
    assert game.actions == finished.actions[:n]
    assert game.events == finished.events[:len(game.events)]
    assert loaded.notebooks == {0: {"rope": "X", "hall": "?"}}
    assert (game.turn, game.phase) == _state_after(finished, n)


def _state_after(game, n):
    from game.rules.engine import Game

    g = Game.new(BOARD, game.setup)
    for a in game.actions[:n]:
        g.apply(a)
    return g.turn, g.phase


def test_document_is_readable_json(finished):
    doc = to_document(saved_at(finished, 3))
    text = json.dumps(doc)
    assert json.loads(text)["version"] == SAVE_VERSION
    assert doc["setup"]["seats"][0]["suspect"] == finished.setup.seats[0].suspect
    assert doc["actions"][0] == {"type": "Roll"} or doc["actions"][0]["type"] in ("Roll", "TakePassage")


def test_atomic_write_keeps_old_file_on_failure(tmp_path, monkeypatch):
    path = tmp_path / "autosave.json"
    write_atomic(path, "old")

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_atomic(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]  # no temporary left behind


def write(tmp_path, text):
    path = tmp_path / "autosave.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_corrupt_json_names_line_and_column(tmp_path):
    with pytest.raises(SaveError) as info:
        read_save(write(tmp_path, '{"format": "clue-save",\n "version": 1,\n "setup": {,}}'))
    assert "line 3" in str(info.value) and "autosave.json" in str(info.value)


def test_truncated_file(tmp_path, finished):
    text = json.dumps(to_document(saved_at(finished, 10)))
    with pytest.raises(SaveError, match="damaged or cut short"):
        read_save(write(tmp_path, text[: len(text) // 2]))


def test_future_version(tmp_path, finished):
    doc = to_document(saved_at(finished, 3))
    doc["version"] = SAVE_VERSION + 1
    with pytest.raises(SaveError, match="newer version"):
        read_save(write(tmp_path, json.dumps(doc)))


def test_not_a_save(tmp_path):
    with pytest.raises(SaveError, match="not a Clue saved game"):
        read_save(write(tmp_path, '{"hello": 1}'))
    with pytest.raises(SaveError, match="not text"):
        p = tmp_path / "bin.json"
        p.write_bytes(b"\xff\xfe\x00garbage")
        read_save(p)
    with pytest.raises(SaveError, match="does not exist"):
        read_save(tmp_path / "nope.json")


def test_hand_edited_illegal_action_names_it(tmp_path, finished):
    doc = to_document(saved_at(finished, 6))
    doc["actions"][1] = {"type": "Accuse", "suspect": "green", "weapon": "rope", "room": "hall"}
    doc["actions"][2] = {"type": "Accuse", "suspect": "green", "weapon": "rope", "room": "hall"}
    path = write(tmp_path, json.dumps(doc))
    with pytest.raises(SaveError) as info:
        replay(BOARD, read_save(path), path)
    msg = str(info.value)
    assert '"actions"[' in msg and "move 2 in it (an accusation) breaks the rules" in msg   # place for the log
    assert info.value.said().startswith("it was changed by hand, and move 2 in it (an accusation) breaks the rules.")


def test_hand_edited_fields(tmp_path, finished):
    for edit, part in [
        (lambda d: d["setup"].update(seed="x"), "seed"),
        (lambda d: d["setup"]["options"].update(dice="two"), "setup.options.dice"),
        (lambda d: d["setup"]["options"].update(teleport=True), "unknown rule option"),
        (lambda d: d["setup"]["seats"].append(d["setup"]["seats"][0]), "same suspect"),
        (lambda d: d["actions"].append({"type": "Fly"}), "move 4 in it is not one the game knows"),
        (lambda d: d["notebooks"].update(x=[1]), "notebook"),
    ]:
        doc = to_document(saved_at(finished, 3))
        edit(doc)
        with pytest.raises(SaveError, match=part):
            read_save(write(tmp_path, json.dumps(doc)))


def test_quarantine_keeps_the_damaged_file(tmp_path):
    path = write(tmp_path, "{broken")
    moved = quarantine(path)
    assert moved is not None and moved.exists() and moved.read_text() == "{broken"
    assert not path.exists() and "broken" in moved.name
    path.write_text("{again")
    second = quarantine(path)
    assert second != moved and second.read_text() == "{again" and moved.read_text() == "{broken"
    assert quarantine(tmp_path / "missing.json") is None


def test_absurd_files_are_errors_not_crashes(tmp_path):
    for text in ["[" * 50000 + "]" * 50000, '{"format": "clue-save", "version": 1' + "0" * 5000 + "}"]:
        with pytest.raises(SaveError):
            read_save(write(tmp_path, text))


def test_bom_is_tolerated_and_bad_levels_refused(tmp_path, finished):
    doc = to_document(saved_at(finished, 3))
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(doc).encode())
    assert read_save(path).actions == finished.actions[:3]
    doc["setup"]["seats"][0]["level"] = "godlike"
    with pytest.raises(SaveError, match="computer level"):
        read_save(write(tmp_path, json.dumps(doc)))
    doc["setup"]["seats"][0]["level"] = "hard"
    doc["setup"]["seed"] = True
    with pytest.raises(SaveError, match="seed"):
        read_save(write(tmp_path, json.dumps(doc)))
