"""Scenario tests for the classic rules (000), on a small fixed board and deal."""

from __future__ import annotations

import random

import pytest

from game.rules import events as ev
from game.rules.actions import Accuse, Disprove, EndTurn, Move, Roll, Suggest, TakePassage
from game.rules.cards import ALL_CARDS, ROOMS, SUSPECTS, WEAPONS
from game.rules.engine import Game, Phase, Seat
from game.rules.errors import GameOverError, IllegalActionError
from game.rules.movement import destinations
from game.rules.setup import GameSetup, SeatConfig
from tests.boards import small_board


class FixedDice(random.Random):
    """A die that rolls the given values in order."""

    def __init__(self, *values: int) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:  # noqa: D102
        return self.values.pop(0)


ENVELOPE = ("plum", "rope", "study")


def make_game(hands=None, positions=None, dice=(3,), suspects=("scarlet", "mustard", "white")):
    """Three players (Scarlet, Mustard, White) with a fixed deal on the small board."""
    board = small_board()
    setup = GameSetup(tuple(SeatConfig(s) for s in suspects), seed=1)
    if hands is None:
        rest = [c for c in ALL_CARDS if c not in ENVELOPE]
        hands = [rest[i::len(suspects)] for i in range(len(suspects))]
    pos = {s: board.start_squares[s] for s in SUSPECTS}
    pos.update(positions or {})
    g = Game(board=board, setup=setup,
             seats=[Seat(s, frozenset(h)) for s, h in zip(suspects, hands, strict=True)],
             # six weapons, nine rooms: a weapon in each of the first six
             positions=pos, weapons=dict(zip(WEAPONS, ROOMS, strict=False)),
             envelope=ENVELOPE, rng=FixedDice(*dice))
    g.events.append(ev.TurnStarted(0))
    return g


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_setup_deals_every_card_once(n):
    board = small_board()
    setup = GameSetup(tuple(SeatConfig(s) for s in SUSPECTS[:n]), seed=7)
    g = Game.new(board, setup)
    hands = [c for s in g.seats for c in s.hand]
    assert sorted(hands + list(g.envelope)) == sorted(ALL_CARDS)
    sizes = [len(s.hand) for s in g.seats]
    assert max(sizes) - min(sizes) <= 1 and sum(sizes) == 18
    # dealt one at a time from the first player: earlier seats get the extra cards
    assert sizes == sorted(sizes, reverse=True)
    assert g.envelope[0] in SUSPECTS and g.envelope[1] in WEAPONS and g.envelope[2] in ROOMS
    assert len(set(g.weapons.values())) == 6
    assert all(g.positions[s] == board.start_squares[s] for s in SUSPECTS)


def test_scarlet_first_and_play_to_the_left():
    board = small_board()
    g = Game.new(board, GameSetup((SeatConfig("plum"), SeatConfig("white"), SeatConfig("scarlet")), seed=3))
    assert [s.suspect for s in g.seats] == ["scarlet", "white", "plum"]
    assert g.turn == 0
    g.rng = FixedDice(1)
    g.apply(Roll())
    g.apply(Move(square=(1, 3)))
    g.apply(EndTurn())
    assert g.turn == 1


def test_without_scarlet_first_in_board_order():
    g = Game.new(small_board(), GameSetup((SeatConfig("plum"), SeatConfig("green"), SeatConfig("white")), seed=3))
    assert [s.suspect for s in g.seats] == ["white", "green", "plum"]


def test_setup_rejects_bad_tables():
    with pytest.raises(ValueError, match="3 to 6"):
        GameSetup((SeatConfig("plum"), SeatConfig("white"))).validate()
    with pytest.raises(ValueError, match="same suspect"):
        GameSetup((SeatConfig("plum"),) * 3).validate()


# ------------------------------------------------------------- movement
def test_move_exactly_the_roll():
    g = make_game(dice=(3,))
    g.apply(Roll())
    squares = {d for d in g.moves() if not isinstance(d, str)}
    assert squares == {(3, 3)}  # (0,3) -> 3 steps right; the door squares are dead ends
    with pytest.raises(IllegalActionError, match="exactly 3"):
        g.apply(Move(square=(1, 3)))


def test_entering_a_room_ends_the_move_early():
    g = make_game(dice=(6,))
    g.apply(Roll())
    assert "kitchen" in g.moves() and "lounge" in g.moves()
    g.apply(Move(room="kitchen"))
    assert g.positions["scarlet"] == "kitchen"
    assert g.phase is Phase.SUGGEST
    moved = [e for e in g.events if isinstance(e, ev.TokenMoved)][-1]
    assert moved.path == ((1, 3), (1, 2))


def test_doorway_is_not_a_square():
    # from the corridor square in front of the kitchen door, a roll of 1 enters the kitchen
    g = make_game(dice=(1,), positions={"scarlet": (1, 2)})
    g.apply(Roll())
    assert "kitchen" in g.moves()


def test_no_square_twice():
    board = small_board()
    # (0,3) with 2 steps: going right and back is not allowed
    d = destinations(board, (0, 3), 2)
    assert (0, 3) not in d
    assert set(x for x in d if not isinstance(x, str)) == {(2, 3), (1, 2), (1, 4)}


def test_cannot_pass_through_or_stop_on_occupied():
    board = small_board()
    d = destinations(board, (0, 3), 4, occupied={(2, 3)})
    assert (4, 3) not in d and (2, 3) not in d
    d = destinations(board, (0, 3), 2, occupied={(2, 3)})
    assert (2, 3) not in d


def test_leaving_a_room_by_any_unblocked_door_and_not_reentering():
    g = make_game(dice=(3,), positions={"scarlet": "ballroom", "mustard": (4, 3)})
    g.apply(Roll())
    dests = g.moves()
    assert "ballroom" not in dests
    assert (6, 3) in dests and (4, 3) not in dests
    with pytest.raises(IllegalActionError, match="cannot go back into the Ballroom"):
        g.apply(Move(room="ballroom"))


def test_room_with_all_doors_blocked_traps_its_occupant():
    g = make_game(positions={"scarlet": "hall", "mustard": (5, 4)})
    with pytest.raises(IllegalActionError, match="blocked") as info:
        g.apply(Roll())
    assert info.value.code == "trapped"
    g.apply(EndTurn())  # stuck: may only wait
    assert g.turn == 1


def test_blocked_in_corridor_rolls_no_moves():
    g = make_game(dice=(2,), positions={"scarlet": (0, 3), "mustard": (1, 3), "white": (4, 3)})
    g.apply(Roll())
    assert any(isinstance(e, ev.NoMoves) for e in g.events)
    assert g.phase is Phase.AFTER


def test_secret_passage_only_from_corner_room_instead_of_rolling():
    g = make_game(positions={"scarlet": "kitchen"})
    assert g.is_legal(TakePassage())
    g.apply(TakePassage())
    assert g.positions["scarlet"] == "study" and g.phase is Phase.SUGGEST
    g2 = make_game(positions={"scarlet": "ballroom"})
    with pytest.raises(IllegalActionError, match="corner rooms"):
        g2.apply(TakePassage())
    g3 = make_game(dice=(1,), positions={"scarlet": "kitchen"})
    g3.apply(Roll())
    with pytest.raises(IllegalActionError, match="instead of rolling"):
        g3.apply(TakePassage())


# ------------------------------------------------------------ suggestions
def test_suggestion_only_in_the_room_you_are_in():
    g = make_game(dice=(3,))
    g.apply(Roll())
    g.apply(Move(square=(3, 3)))
    with pytest.raises(IllegalActionError, match="inside a room"):
        g.apply(Suggest("green", "knife"))


def test_suggestion_moves_token_and_weapon_into_the_room():
    g = make_game(dice=(2,), positions={"scarlet": (1, 3)})
    g.apply(Roll())
    g.apply(Move(room="kitchen"))
    g.apply(Suggest("white", "wrench"))
    assert g.positions["white"] == "kitchen"
    assert g.weapons["wrench"] == "kitchen"
    assert any(isinstance(e, ev.TokenSummoned) and e.suspect == "white" for e in g.events)


def test_summoned_player_may_suggest_without_moving_next_turn():
    g = make_game(dice=(2,), positions={"scarlet": (1, 3)},
                  hands=[["green"], ["knife"], ["kitchen"]])
    g.apply(Roll())
    g.apply(Move(room="kitchen"))
    g.apply(Suggest("mustard", "wrench"))  # pulls Mustard (seat 1) in
    # White holds kitchen: must disprove
    assert g.phase is Phase.DISPROVE and g.actor == 2
    g.apply(Disprove("kitchen"))
    g.apply(EndTurn())
    assert g.turn == 1 and g.positions["mustard"] == "kitchen"
    g.apply(Suggest("scarlet", "rope"))  # allowed without rolling
    assert g.events[-1] is not None


def test_no_second_suggestion_without_leaving():
    g = make_game(positions={"scarlet": "ballroom"})
    with pytest.raises(IllegalActionError, match="Leave and come back") as info:
        g.apply(Suggest("green", "knife"))
    assert info.value.code == "suggest_again"
    g2 = make_game(dice=(2,), positions={"scarlet": (1, 3)}, hands=[["green"], ["knife"], ["kitchen"]])
    g2.apply(Roll())
    g2.apply(Move(room="kitchen"))
    g2.apply(Suggest("white", "knife"))
    g2.apply(Disprove("knife"))
    with pytest.raises(IllegalActionError, match="already made a suggestion"):
        g2.apply(Suggest("white", "knife"))


# ------------------------------------------------------------- disproving
def four_players(hands):
    return make_game(dice=(2,), positions={"scarlet": (1, 3)}, hands=hands,
                     suspects=("scarlet", "mustard", "white", "green"))


def test_disprove_starts_left_and_stops_at_first_holder():
    g = four_players([["plum"], ["lounge"], ["knife", "kitchen"], ["green"]])
    g.apply(Roll())
    g.apply(Move(room="kitchen"))
    g.apply(Suggest("green", "knife"))
    passes = [e.player for e in g.events if isinstance(e, ev.CannotDisprove)]
    assert passes == [1]
    assert g.phase is Phase.DISPROVE and g.actor == 2
    with pytest.raises(IllegalActionError, match="named cards"):
        g.apply(Disprove("lounge"))
    g.apply(Disprove("kitchen"))  # chooses which of two to show
    shown = [e for e in g.events if isinstance(e, ev.CardShown)]
    assert shown == [ev.CardShown(2, 0, "kitchen")]
    # Mr. Green (seat 3) also held a named card but is never asked
    assert not any(isinstance(e, (ev.CannotDisprove, ev.DisproveRequested)) and e.player == 3 for e in g.events)


def test_disprove_wraps_round_the_table():
    g = four_players([["plum"], ["lounge"], ["kitchen"], ["knife"]])
    g.turn = 2
    g.positions["white"] = "kitchen"
    g._may_stay = True
    g.apply(Suggest("green", "knife"))
    passes = [e.player for e in g.events if isinstance(e, ev.CannotDisprove)]
    requested = [e.player for e in g.events if isinstance(e, ev.DisproveRequested)]
    assert requested == [3]
    g2 = four_players([["knife"], ["lounge"], ["kitchen"], ["plum"]])
    g2.turn = 2
    g2.positions["white"] = "ballroom"
    g2._may_stay = True
    g2.apply(Suggest("mustard", "knife"))
    passes = [e.player for e in g2.events if isinstance(e, ev.CannotDisprove)]
    assert passes == [3] and g2.actor == 0


def test_shown_card_seen_only_by_suggester():
    g = four_players([["plum"], ["lounge"], ["knife", "kitchen"], ["green"]])
    g.apply(Roll())
    g.apply(Move(room="kitchen"))
    g.apply(Suggest("green", "knife"))
    g.apply(Disprove("knife"))
    for seat in range(4):
        shown = [e for e in g.view(seat).events if isinstance(e, ev.CardShown)]
        assert shown[0].card == ("knife" if seat in (0, 2) else None)


def test_nobody_disproves():
    g = four_players([["plum"], ["lounge"], ["ballroom"], ["hall"]])
    g.apply(Roll())
    g.apply(Move(room="kitchen"))
    g.apply(Suggest("green", "knife"))
    assert isinstance(g.events[-1], ev.NobodyDisproved)
    assert g.phase is Phase.AFTER
    assert g.allows(Accuse) and g.is_legal(EndTurn())


def test_eliminated_player_still_disproves():
    g = four_players([["plum"], ["knife"], ["ballroom"], ["hall"]])
    g.seats[1].eliminated = g.seats[1].accused = True
    g.apply(Roll())
    g.apply(Move(room="kitchen"))
    g.apply(Suggest("green", "knife"))
    assert g.actor == 1


# ------------------------------------------------------------ accusations
def test_correct_accusation_wins():
    g = make_game()
    g.apply(Accuse(*ENVELOPE[:2], ENVELOPE[2]))
    assert g.over and g.winner == 0
    assert isinstance(g.events[-1], ev.GameWon)
    with pytest.raises(GameOverError):
        g.apply(EndTurn())


def test_wrong_accusation_eliminates_but_token_stays_movable():
    g = make_game(positions={"scarlet": (1, 2)})  # on the kitchen doorway square
    # stepping off the doorway: the default in every preset (tests/test_options.py)
    g.apply(Accuse("green", "rope", "study"))
    assert g.seats[0].eliminated and not g.over
    assert g.positions["scarlet"] == "kitchen"  # moved off the doorway
    assert any(isinstance(e, ev.TokenPushedIn) for e in g.events)
    assert g.turn == 1
    # the envelope is seen only by the accuser
    assert [e.cards for e in g.view(0).events if isinstance(e, ev.EnvelopeSeen)] == [ENVELOPE]
    assert [e.cards for e in g.view(1).events if isinstance(e, ev.EnvelopeSeen)] == [None]
    # skipped from now on
    g.rng = FixedDice(3, 3)
    g.apply(Roll())
    g.apply(EndTurn())
    assert g.turn == 2
    g.apply(Roll())
    g.apply(Move(room="study"))
    g.apply(EndTurn())
    assert g.turn == 1


def test_accuse_right_after_suggestion_and_only_once():
    g = make_game(dice=(2,), positions={"scarlet": (1, 3)}, hands=[["green"], ["knife"], ["kitchen"]])
    g.apply(Roll())
    g.apply(Move(room="kitchen"))
    g.apply(Suggest("white", "knife"))
    g.apply(Disprove("knife"))
    assert g.allows(Accuse)
    g.seats[0].accused = True
    with pytest.raises(IllegalActionError, match="only one accusation"):
        g.apply(Accuse("plum", "rope", "study"))


def test_accusation_names_any_room():
    g = make_game()
    g.apply(Accuse("plum", "rope", "study"))  # Scarlet stands in a corridor
    assert g.winner == 0


def test_everybody_out_nobody_wins():
    g = make_game()
    for _ in range(3):
        g.apply(Accuse("green", "knife", "hall"))
    assert g.over and g.winner is None
    assert isinstance(g.events[-1], ev.GameOverNoWinner)
    assert (g.events[-1].suspect, g.events[-1].weapon, g.events[-1].room) == ENVELOPE


def test_errors_are_typed_and_plain():
    g = make_game()
    with pytest.raises(IllegalActionError) as info:
        g.apply(Move(square=(3, 3)))
    assert info.value.code == "roll_first" and "Roll" in str(info.value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(IllegalActionError):
        g.apply(Disprove("knife"))


def test_illegal_action_changes_nothing():
    g = make_game()
    before = (dict(g.positions), len(g.events), len(g.actions), g.phase)
    with pytest.raises(IllegalActionError):
        g.apply(Suggest("green", "knife"))
    assert before == (dict(g.positions), len(g.events), len(g.actions), g.phase)


def test_replay_rebuilds_the_same_game():
    board = small_board()
    setup = GameSetup(tuple(SeatConfig(s) for s in SUSPECTS[:4]), seed=11)
    from game.commands.headless import play
    g = play(board, setup)
    again = Game.replay(board, g.setup, list(g.actions))
    assert again.events == g.events and again.winner == g.winner


# ------------------------------------------------- why a square cannot be reached
def _mansion_move(roll: int):
    from game.board.tmx import load_board
    from game.storage import paths

    board = load_board(paths.MANSION_MAP)
    setup = GameSetup(tuple(SeatConfig(s) for s in ("scarlet", "mustard", "white")), seed=1)
    g = Game.new(board, setup)
    g.rng = FixedDice(roll)
    g.apply(Roll())
    assert g.phase is Phase.MOVE and g.roll == roll
    return g


def _why(g, action) -> str:
    with pytest.raises(IllegalActionError) as info:
        g.check(action)
    return info.value.template


def test_a_square_further_than_the_roll_is_too_far_said_once():
    g = _mansion_move(2)
    me = g.seats[g.turn].suspect
    occ = g.occupied(ignore=me)
    far = destinations(g.board, g.positions[me], 99, occ, exact=False)
    near = destinations(g.board, g.positions[me], 2, occ, exact=False)
    square = next(p for p in far if not isinstance(p, str) and p not in near)
    room = next(p for p in far if isinstance(p, str) and p not in near)
    assert _why(g, Move(square=square)) == "That square is too far away: you rolled {roll}."
    assert _why(g, Move(room=room)) == "The {room} is too far away: you rolled {roll}."
    odd = next(p for p in near if not isinstance(p, str) and p not in g.moves())     # 1 step: not exactly 2
    assert _why(g, Move(square=odd)).startswith("You rolled {roll}: you must walk exactly")


def test_a_square_no_way_can_reach_says_the_tokens_block_it():
    g = _mansion_move(6)
    me = g.seats[g.turn].suspect
    start = g.positions[me]
    first = next(iter(g.moves()[next(iter(g.moves()))]))       # a square next to the start
    walled = {sq for sq in g.board.corridor if abs(sq[0] - start[0]) + abs(sq[1] - start[1]) == 1}
    for i, sq in enumerate(sorted(walled)):                    # put the other tokens all around the start
        g.positions[("mustard", "white", "green", "peacock", "plum")[i]] = sq
    g._moves = None
    assert first in walled and not g.moves()
    target = next(sq for sq in g.board.corridor if sq not in walled and sq != start)
    assert _why(g, Move(square=target)) == "Other tokens block every way to that square."
