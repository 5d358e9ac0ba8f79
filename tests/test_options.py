"""Scenario tests for the rule options and presets (000 classic, 001 Cluedo as
played in Spain, 002 house rules), on the small test board and fixed deals."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from game.board.tmx import load_board
from game.commands.headless import computer_setup, play
from game.rules import events as ev
from game.rules.actions import Accuse, Disprove, EndTurn, Move, Roll, Suggest
from game.rules.cards import ALL_CARDS, ROOMS, SUSPECTS, WEAPONS
from game.rules.engine import Game, Phase, Seat
from game.rules.errors import IllegalActionError
from game.rules.options import HOUSE_SWITCHES, OPTION_INFO, PRESETS, Options, describe, preset_options
from game.rules.setup import GameSetup, SeatConfig
from game.storage import paths
from tests.boards import small_board

ROOT = Path(__file__).resolve().parent.parent
ENVELOPE = ("plum", "rope", "study")


class FixedDice(random.Random):
    """Dice that roll the given values in order."""

    def __init__(self, *values: int) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:  # noqa: D102
        return self.values.pop(0)


def make_game(options: Options | None = None, hands=None, positions=None, dice=(3,),
              suspects=("scarlet", "mustard", "white"), all_tokens=True):
    board = small_board()
    if options is None:
        options = Options()
    setup = GameSetup(tuple(SeatConfig(s) for s in suspects), seed=1, options=options)
    if hands is None:
        rest = [c for c in ALL_CARDS if c not in ENVELOPE]
        hands = [rest[i::len(suspects)] for i in range(len(suspects))]
    pos = {s: board.start_squares[s] for s in (SUSPECTS if all_tokens else suspects)}
    pos.update(positions or {})
    g = Game(board=board, setup=setup, seats=[Seat(s, frozenset(h)) for s, h in zip(suspects, hands, strict=True)],
             # six weapons, nine rooms: a weapon in each of the first six
             positions=pos, weapons=dict(zip(WEAPONS, ROOMS, strict=False)),
             envelope=ENVELOPE, rng=FixedDice(*dice))
    g.events.append(ev.TurnStarted(0))
    return g


def raises(game, action, code, rule_start):
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert info.value.code == code
    assert info.value.rule.startswith(rule_start)
    return info.value


# ------------------------------------------------------------- presets
def test_presets_and_plain_words():
    assert list(PRESETS) == ["classic", "cluedo-es"]
    assert PRESETS["classic"].options == Options()
    es = PRESETS["cluedo-es"].options
    assert es.differences() == {"all_suspects_on_board": False, "last_player_wins": True}
    assert es.stay_to_suggest is False and es.weapon_rooms == "different"  # 001: one weapon per room
    assert set(OPTION_INFO) == {f.name for f in fields(Options)}
    for info in OPTION_INFO.values():
        assert info.help.endswith(".") and info.rule[:3] in ("000", "001", "002")
    assert describe(Options()) == []
    assert describe(preset_options("classic", ["two-dice", "stay"])) == ["Dice: 2", "Stay to suggest again: on"]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_options_round_trip_through_json(preset):
    for house in ([], list(HOUSE_SWITCHES)):
        o = preset_options(preset, house)
        data = json.loads(json.dumps(o.to_dict()))
        assert Options.from_dict(data) == o
    full = preset_options(preset, list(HOUSE_SWITCHES))
    assert (full.dice, full.exact_roll, full.stay_to_suggest, full.accuser_in_room) == (2, False, True, True)


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="unknown rule option"):
        Options.from_dict({"dice": 1, "jump": True})
    with pytest.raises(ValueError, match="dice must be 1 or 2"):
        Options(dice=3)
    with pytest.raises(ValueError, match="true or false"):
        Options.from_dict({"stay_to_suggest": "yes"})
    with pytest.raises(ValueError, match="weapon_rooms"):
        Options(weapon_rooms="kitchen")
    with pytest.raises(ValueError, match="unknown rules"):
        preset_options("monopoly")
    with pytest.raises(ValueError, match="unknown house rule"):
        preset_options("classic", ["fly"])


def test_saved_game_keeps_the_options(tmp_path):
    from game.storage import save

    setup = GameSetup(tuple(SeatConfig(s) for s in SUSPECTS[:3]), seed=4,
                      options=preset_options("cluedo-es", ["two-dice", "accuse-in-room"]))
    assert json.loads(json.dumps(setup.options.to_dict()))["last_player_wins"] is True
    path = tmp_path / "s.json"
    save.save_game(path, save.SavedGame(setup, [Roll()]))
    back = save.read_save(path)
    assert back.setup.options == setup.options and back.setup.options.dice == 2


# ------------------------------------------------- 001: tokens on the board
def test_only_chosen_characters_on_the_board():
    board = small_board()
    seats = (SeatConfig("plum"), SeatConfig("white"), SeatConfig("green"))
    g = Game.new(board, GameSetup(seats, seed=5, options=PRESETS["cluedo-es"].options))
    assert set(g.positions) == {"plum", "white", "green"}
    # every card is still in the game: an unplayed suspect can be the murderer (001 "21 tarjetas")
    assert sorted([c for s in g.seats for c in s.hand] + list(g.envelope)) == sorted(ALL_CARDS)
    classic = Game.new(board, GameSetup(seats, seed=5))
    assert set(classic.positions) == set(SUSPECTS)
    # played seats and the deal do not depend on this option
    assert [s.hand for s in g.seats] == [s.hand for s in classic.seats] and g.envelope == classic.envelope


def test_suggesting_an_absent_suspect_moves_no_token():
    g = make_game(PRESETS["cluedo-es"].options, dice=(2,), positions={"scarlet": (1, 3)},
                  hands=[["kitchen"], ["rope"], ["peacock"]], all_tokens=False)
    g.apply(Roll())
    g.apply(Move(room="kitchen"))
    events = g.apply(Suggest("peacock", "knife"))  # Mrs. Peacock has no token on the board
    assert "peacock" not in g.positions
    assert not any(isinstance(e, ev.TokenSummoned) for e in events)
    assert any(isinstance(e, ev.WeaponMoved) and e.weapon == "knife" for e in events)
    # the question still goes round: Mustard has nothing, White shows Mrs. Peacock
    assert [type(e).__name__ for e in events][-2:] == ["CannotDisprove", "DisproveRequested"]
    g.apply(Disprove("peacock"))
    assert g.phase is Phase.AFTER


# ------------------------------------------------- weapons' starting rooms
def test_weapon_rooms_different_or_any():
    seats = tuple(SeatConfig(s) for s in SUSPECTS[:4])
    board = small_board()
    for seed in range(30):
        g = Game.new(board, GameSetup(seats, seed=seed))
        assert len(set(g.weapons.values())) == 6
    shared = 0
    for seed in range(30):
        g = Game.new(board, GameSetup(seats, seed=seed, options=Options(weapon_rooms="any")))
        assert set(g.weapons) == set(WEAPONS) and set(g.weapons.values()) <= set(ROOMS)
        shared += len(set(g.weapons.values())) < 6
    assert shared >= 20  # six weapons in nine rooms share one 83% of the time


# ---------------------------------------------------- 002: dice and roll
def test_two_dice_roll_their_sum():
    g = make_game(Options(dice=2), dice=(2, 5))
    events = g.apply(Roll())
    rolled = [e for e in events if isinstance(e, ev.DieRolled)][0]
    assert rolled.dice == (2, 5) and rolled.total == 7 and g.roll == 7


def test_move_up_to_the_roll():
    exact = make_game(dice=(3,))
    exact.apply(Roll())
    assert (1, 3) not in exact.moves()  # one step of a 3 is not allowed
    raises(exact, Move(square=(1, 3)), "unreachable", '000 "How a turn works"')
    upto = make_game(Options(exact_roll=False), dice=(3,))
    upto.apply(Roll())
    assert {(1, 3), (2, 3), (3, 3)} <= set(upto.moves())
    upto.apply(Move(square=(1, 3)))
    assert upto.positions["scarlet"] == (1, 3)


# ------------------------------------------------ staying to suggest again
def _in_kitchen_next_turn(options):
    g = make_game(options, dice=(2, 1, 1), positions={"scarlet": (1, 3)}, hands=[["green"], ["knife"], ["kitchen"]])
    g.apply(Roll())
    g.apply(Move(room="kitchen"))
    g.apply(Suggest("white", "knife"))
    g.apply(Disprove("knife"))
    g.apply(EndTurn())
    for _ in range(2):  # Mustard and White roll and walk along the corridor
        g.apply(Roll())
        g.apply(Move(square=next(d for d in g.moves() if not isinstance(d, str))))
        g.apply(EndTurn())
    assert g.turn == 0 and g.positions["scarlet"] == "kitchen"
    return g


@pytest.mark.parametrize("preset", ["classic", "cluedo-es"])
def test_no_staying_to_suggest_again(preset):
    g = _in_kitchen_next_turn(PRESETS[preset].options)
    raises(g, Suggest("green", "rope"), "suggest_again", '000 "Secret passages')


def test_house_rule_stay_and_suggest_again():
    g = _in_kitchen_next_turn(Options(stay_to_suggest=True))
    assert g.allows(Suggest)
    events = g.apply(Suggest("green", "rope"))
    assert isinstance(events[0], ev.SuggestionMade) and events[0].room == "kitchen"


# ----------------------------------------------- the accuser in the room
def test_accuser_must_stand_in_the_accused_room():
    g = make_game(Options(accuser_in_room=True), dice=(2,), positions={"scarlet": (1, 3)})
    err = raises(g, Accuse("plum", "rope", "study"), "accuse_in_room", '002 "Making an Accusation"')
    assert "room" in str(err)
    assert not g.allows(Accuse)  # not in a room: no accusation at all
    g.apply(Roll())
    g.apply(Move(room="kitchen"))
    raises(g, Accuse("plum", "rope", "study"), "accuse_in_room", '002 "Making an Accusation"')
    g.apply(Accuse("plum", "rope", "kitchen"))  # wrong, but legal from the kitchen
    assert g.seats[0].eliminated


def test_classic_accuser_may_name_any_room():
    g = make_game()
    g.apply(Accuse("plum", "rope", "study"))
    assert g.winner == 0


# ------------------------------------- 001: eliminated piece and last player
@pytest.mark.parametrize("house", [(), tuple(HOUSE_SWITCHES)])
@pytest.mark.parametrize("preset", [None, *PRESETS])
def test_eliminated_token_on_a_door_moves_into_the_room_under_every_preset(preset, house):
    """000 "Secret passages and blocked doors" 2 / "Accusations" 4: a token left on a
    doorway by a player who is out would block that door for good; it steps into the room
    under the default options and every preset, with or without house rules."""
    options = Options() if preset is None else preset_options(preset, house)
    if options.accuser_in_room:
        options = Options(**{**options.to_dict(), "accuser_in_room": False})  # accuse from the doorway
    g = make_game(options, positions={"scarlet": (1, 2)})  # the kitchen doorway
    events = g.apply(Accuse("green", "rope", "study"))
    assert g.seats[0].eliminated
    assert g.positions["scarlet"] == "kitchen"
    assert ev.TokenPushedIn("scarlet", (1, 2), "kitchen") in events
    # The door is free: the next player may walk through it.
    assert (1, 2) not in set(g.positions.values())


def test_eliminated_token_stays_when_the_option_is_off():
    """Old saves store ``eliminated_pushed_in: false``: they replay as they were played."""
    g = make_game(Options(eliminated_pushed_in=False), positions={"scarlet": (1, 2)})
    events = g.apply(Accuse("green", "rope", "study"))
    assert g.positions["scarlet"] == (1, 2)
    assert not any(isinstance(e, ev.TokenPushedIn) for e in events)


def test_last_player_still_in_wins_under_cluedo_es():
    g = make_game(PRESETS["cluedo-es"].options)
    g.apply(Accuse("green", "rope", "study"))
    assert not g.over and g.turn == 1
    events = g.apply(Accuse("white", "rope", "study"))
    assert g.over and g.winner == 2
    assert events[-1] == ev.GameWon(2, *ENVELOPE, last_standing=True)


def test_last_player_plays_on_in_classic():
    g = make_game()
    g.apply(Accuse("green", "rope", "study"))
    g.apply(Accuse("white", "rope", "study"))
    assert not g.over and g.turn == 2 and g.winner is None
    g.apply(Accuse("plum", "rope", "study"))
    assert g.winner == 2 and not g.events[-1].last_standing


# ------------------------------------------------- computer players and CLI
BOARD = load_board(paths.MANSION_MAP)


def test_cluedo_es_headless_100_seeds_each_table():
    """All-computer games under 001 for 3..6 players and 100 seeds: each ends
    with a winner (a correct accusation or the last player in)."""
    options = PRESETS["cluedo-es"].options
    last = 0
    for n in range(3, 7):
        for seed in range(100):
            g = play(BOARD, computer_setup(n, seed, "simple", options))
            assert g.over and g.winner is not None
            assert set(g.positions) == {s.suspect for s in g.seats}
            last += g.events[-1].last_standing
    assert last == 0  # simple players only accuse when certain


@pytest.mark.parametrize("level", ["simple", "easy", "medium", "hard"])
def test_every_level_plays_legally_with_all_house_rules(level):
    options = preset_options("cluedo-es", list(HOUSE_SWITCHES))
    for seed in range(3 if level == "hard" else 6):
        g = play(BOARD, computer_setup(4, seed, level, options))
        assert g.over
        rolls = [e for e in g.events if isinstance(e, ev.DieRolled)]
        assert rolls and all(len(e.dice) == 2 for e in rolls)
        where: dict[str, object] = {s.suspect: BOARD.start_squares[s.suspect] for s in g.seats}
        for e in g.events:  # every accusation was made from the accused room
            if isinstance(e, (ev.TokenMoved, ev.TokenPushedIn)):
                where[e.suspect] = e.end if isinstance(e, ev.TokenMoved) else e.room
            elif isinstance(e, ev.TokenSummoned):
                where[e.suspect] = e.room
            elif isinstance(e, ev.AccusationMade):
                assert where[g.seats[e.player].suspect] == e.room


def test_cli_rules_and_house_switches():
    out = subprocess.run([sys.executable, "run.py", "--headless", "--rules", "cluedo-es", "--players", "3",
                          "--seed", "11", "--dice", "2", "--up-to", "--stay", "--accuse-in-room"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1].startswith("RESULT: ")
    bad = subprocess.run([sys.executable, "run.py", "--headless", "--house", "fly"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "unknown house rule" in bad.stderr
