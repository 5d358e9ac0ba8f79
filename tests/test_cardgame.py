"""Scenario tests for the 2018 Clue Card Game (003): deck, deal, questions,
showing, joint accusations, privacy, computer players and the headless runner."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.ai.knowledge import solve
from game.cardgame import events as ev
from game.cardgame.ai import constraints, make_card_player
from game.cardgame.cards import CARDS, deck, piles
from game.cardgame.engine import (
    Accuse,
    Ask,
    CardGame,
    CardSetup,
    Decline,
    Join,
    Phase,
    Show,
    action_from_dict,
    action_to_dict,
)
from game.cardgame.headless import play, result_line
from game.rules.errors import GameOverError, IllegalActionError

ROOT = Path(__file__).resolve().parent.parent
CRIME = ("plum", "rope", "kitchen")


def fixed(hands, crime=CRIME, face_up=(), turn=0, order="turn", advanced=False):
    """A game with a fixed deal: ``hands`` per seat, turn of seat ``turn``."""
    n = len(hands)
    g = CardGame(setup=CardSetup(players=n, order=order, advanced=advanced, first=turn),
                 hands=[frozenset(h) for h in hands], face_up=tuple(face_up), crime=crime,
                 rng=random.Random(0), first=turn, turn=turn, out=[False] * n)
    g.events.append(ev.TurnStarted(turn))
    return g


def code_of(game, action):
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert info.value.rule.startswith("003") or info.value.code == "bad_card"
    return info.value.code


# ---------------------------------------------------------------- deck
def test_deck_normal_and_advanced():
    assert piles(False) == (("plum", "mustard", "green"), ("knife", "rope", "candlestick"),
                            ("billiard_room", "dining_room", "kitchen"))
    extra = set(deck(True)) - set(deck(False))
    assert {CARDS[c].kind for c in extra} == {"weapon", "location"}
    assert Counter(CARDS[c].kind for c in extra) == {"weapon": 1, "location": 2}  # 003 "una arma ... dues ubicacions"
    assert all(CARDS[c].plus for c in extra)
    assert CARDS["plum"].ca == "professor Pruna" and CARDS["dining_room"].ca == "menjador"


@pytest.mark.parametrize("advanced", [False, True])
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_deal_even_with_leftovers_face_up(n, advanced):
    g = CardGame.new(CardSetup(players=n, seed=9, advanced=advanced))
    cards = deck(advanced)
    per = (len(cards) - 3) // n
    assert all(len(h) == per for h in g.hands)
    assert len(g.face_up) == len(cards) - 3 - per * n
    everything = [c for h in g.hands for c in h] + list(g.face_up) + list(g.crime)
    assert sorted(everything) == sorted(cards)
    assert tuple(g.crime[i] in piles(advanced)[i] for i in range(3)) == (True, True, True)
    # the case file starts with own cards and the face-up cards crossed off
    for seat in range(n):
        assert g.view(seat).crossed == g.hands[seat] | set(g.face_up)
        # privacy: other hands are hidden
        dealt = [e for e in g.view(seat).events if isinstance(e, ev.HandDealt)]
        assert [e.cards is not None for e in dealt] == [i == seat for i in range(n)]
    assert g.turn == g.first and 0 <= g.first < n


def test_setup_refuses_bad_tables_and_round_trips():
    for bad in (CardSetup(players=2), CardSetup(players=7), CardSetup(players=3, order="age")):
        with pytest.raises(ValueError):
            CardGame.new(bad)
    s = CardSetup(players=4, seed=3, advanced=True, order="lot", first=2, levels=("hard",) * 4)
    assert CardSetup.from_dict(json.loads(json.dumps(s.to_dict()))) == s


# ------------------------------------------------------------ questions
def test_left_player_shows_the_one_card_they_hold():
    g = fixed([["knife"], ["green", "candlestick"], ["mustard"]])
    events = g.apply(Ask("candlestick", "dining_room"))
    assert events == [ev.Asked(0, ("candlestick", "dining_room")), ev.ShowRequested(1, 0)]
    assert g.phase is Phase.SHOW and g.actor == 1
    assert g.legal_actions() == [Show("candlestick")]
    assert code_of(g, Show("green")) == "not_asked"
    g.apply(Show("candlestick"))
    assert g.turn == 1 and g.phase is Phase.ASK  # the turn passes left at once
    assert "candlestick" in g.view(0).crossed
    # only the asker and the shower see the card
    shown = [[e.card for e in g.view(s).events if isinstance(e, ev.CardShown)] for s in range(3)]
    assert shown == [["candlestick"], ["candlestick"], [None]]


def test_holder_of_both_chooses_which_to_show():
    g = fixed([["knife"], ["green", "candlestick"], ["mustard"]])
    g.apply(Ask("candlestick", "green"))
    assert set(g.legal_actions()) == {Show("candlestick"), Show("green")}
    g.apply(Show("green"))
    assert [e for e in g.events if isinstance(e, ev.CardShown)] == [ev.CardShown(1, 0, "green")]


def test_question_passes_left_until_someone_shows_or_all_say_no():
    g = fixed([["knife"], ["green"], ["mustard"], ["candlestick"]], turn=1)
    events = g.apply(Ask("knife", "billiard_room"))  # seats 2 and 3 say no, seat 0 holds the knife
    assert events[1:] == [ev.NoCard(2), ev.NoCard(3), ev.ShowRequested(0, 1)]
    g.apply(Show("knife"))
    assert g.turn == 2
    events = g.apply(Ask("plum", "rope"))  # the Crime cards: everybody says no
    assert events[1:] == [ev.NoCard(3), ev.NoCard(0), ev.NoCard(1), ev.NobodyShowed(2), ev.TurnEnded(2),
                          ev.TurnStarted(3)]


def test_ask_two_different_cards_of_any_kinds():
    g = fixed([["knife"], ["green"], ["mustard"]])
    assert code_of(g, Ask("rope", "rope")) == "same_card"
    assert code_of(g, Ask("rope", "lounge")) == "bad_card"  # a "+" card outside the advanced game
    assert code_of(g, Ask("rope", "")) == "bad_card"
    g.apply(Ask("rope", "knife"))  # two weapons is fine (003 "dos de la mateixa")
    adv = fixed([["knife"], ["green"], ["lounge"]], advanced=True)
    adv.apply(Ask("lead_pipe", "lounge"))
    assert adv.actor == 2


# ----------------------------------------------------------- accusations
def test_lone_accuser_right_wins():
    g = fixed([["knife"], ["green"], ["mustard"]])
    g.apply(Accuse(*CRIME))
    assert g.phase is Phase.JOIN and g.actor == 1
    assert code_of(g, Ask("rope", "knife")) == "waiting_join"
    g.apply(Decline())
    events = g.apply(Decline())
    assert g.winner == 0 and g.over
    assert events[-1] == ev.GameWon(0, CRIME)
    with pytest.raises(GameOverError):
        g.apply(Ask("rope", "knife"))


def test_lone_accuser_wrong_is_out_in_secret_but_still_answers():
    g = fixed([["knife"], ["green"], ["mustard"]])
    g.apply(Accuse("green", "rope", "kitchen"))
    g.apply(Decline())
    g.apply(Decline())
    assert g.out == [True, False, False] and not g.over and g.turn == 1
    # the wrong accusation and the Crime cards stay secret to the others
    for seat, seen in ((0, True), (1, False), (2, False)):
        placed = [e for e in g.view(seat).events if isinstance(e, ev.AccusationPlaced)]
        crime = [e for e in g.view(seat).events if isinstance(e, ev.CrimeSeen)]
        assert (placed[0].cards is not None, crime[0].cards is not None) == (seen, seen)
    g.apply(Ask("mustard", "knife"))  # seat 2, on the left of seat 1, holds the mustard
    assert g.actor == 2
    g.apply(Show("mustard"))
    assert g.turn == 2
    g.apply(Ask("knife", "rope"))  # the out player still answers
    assert g.actor == 0 and g.legal_actions() == [Show("knife")]
    g.apply(Show("knife"))
    assert g.turn == 1  # seat 0 takes no more turns


def test_joint_accusations_checked_in_turn_order_first_correct_wins():
    g = fixed([["knife"], ["green"], ["mustard"], ["candlestick"]], turn=1)
    g.apply(Accuse("green", "rope", "kitchen"))  # wrong
    assert [g.actor] == [2]
    g.apply(Decline())
    g.apply(Join(*CRIME))  # seat 3, right
    # face down until all have chosen: seat 2 does not see seat 3's cards yet
    assert [e.cards for e in g.view(2).events if isinstance(e, ev.AccusationPlaced)] == [None, None]
    events = g.apply(Join("mustard", "rope", "kitchen"))  # seat 0, wrong
    revealed = [e for e in events if isinstance(e, ev.AccusationsRevealed)][0]
    assert [p for p, _ in revealed.accusations] == [1, 3, 0]
    assert g.winner == 3 and g.out == [False, True, False, False]
    assert events[-1] == ev.GameWon(3, CRIME)


def test_joint_accusations_all_wrong_everybody_loses():
    g = fixed([["knife"], ["green"], ["mustard"]])
    g.apply(Accuse("green", "rope", "kitchen"))
    g.apply(Join("mustard", "rope", "kitchen"))
    events = g.apply(Join("plum", "knife", "kitchen"))
    assert g.over and g.winner is None
    assert isinstance(events[-1], ev.EverybodyLost) and events[-1].crime == CRIME
    assert result_line(g).startswith("RESULT: everybody loses")


def test_first_correct_wins_even_when_a_later_one_is_right_too():
    g = fixed([["knife"], ["green"], ["mustard"]], turn=2)
    g.apply(Accuse(*CRIME))
    g.apply(Join(*CRIME))
    g.apply(Join(*CRIME))
    assert g.winner == 2  # the turn player is checked first


def test_accusation_order_by_lot_is_seeded():
    winners = set()
    for seed in range(12):
        g = fixed([["knife"], ["green"], ["mustard"]], order="lot")
        g.rng = random.Random(seed)
        g.apply(Accuse(*CRIME))
        g.apply(Join(*CRIME))
        g.apply(Join(*CRIME))
        winners.add(g.winner)
    assert winners == {0, 1, 2}


def test_out_players_cannot_join_and_last_wrong_ends_the_game():
    g = fixed([["knife"], ["green"], ["mustard"]])
    g.out = [False, True, True]
    g.apply(Accuse("green", "rope", "kitchen"))  # nobody may join: resolved at once
    assert g.over and isinstance(g.events[-1], ev.NoPlayersLeft)
    assert code_of(fixed([["knife"], ["green"], ["mustard"]]), Join(*CRIME)) == "no_join"


def test_replay_and_actions_round_trip():
    g = play(4, 21, level="medium")
    data = json.loads(json.dumps([action_to_dict(a) for a in g.actions]))
    again = CardGame.replay(g.setup, [action_from_dict(d) for d in data])
    assert again.events == g.events and again.winner == g.winner


# ------------------------------------------------------- computer players
def test_knowledge_uses_face_up_cards_and_answers():
    g = fixed([["knife", "green"], ["mustard", "candlestick"], ["billiard_room", "dining_room"]])
    g.apply(Ask("mustard", "rope"))
    g.apply(Show("mustard"))
    know = solve(constraints(g.view(0)))
    assert know.certain_owner("mustard") == 1
    # seat 2 saw a card shown but not which: seat 1 holds mustard or rope
    cons2 = constraints(g.view(2))
    assert (1, frozenset({"mustard", "rope"})) in cons2.some


@pytest.mark.parametrize("level", ["beginner", "easy", "medium", "hard"])
def test_levels_play_legal_games(level):
    for n in (3, 5):
        g = play(n, 4, advanced=True, level=level)
        assert g.over and g.winner is not None


def test_hard_beats_medium():
    wins = Counter()
    for seed in range(40):
        levels = ("hard", "medium", "hard", "medium") if seed % 2 else ("medium", "hard", "medium", "hard")
        g = play(4, seed, advanced=True, levels=levels)
        wins[levels[g.winner] if g.winner is not None else "none"] += 1
    assert wins["hard"] > wins["medium"]


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown card-game level"):
        make_card_player("genius")


# --------------------------------------------------------------- headless
@pytest.mark.parametrize("advanced", [False, True])
def test_headless_100_seeds_each_table(advanced):
    for n in range(3, 7):
        for seed in range(100):
            g = play(n, seed, advanced=advanced, level="medium")
            assert g.over and g.winner is not None
            assert result_line(g).startswith(f"RESULT: Player {g.winner + 1} wins")
            # every "no" was true and every shown card was held and asked about
            asked: tuple = ()
            for e in g.events:
                if isinstance(e, ev.Asked):
                    asked = e.cards
                elif isinstance(e, ev.NoCard):
                    assert not set(asked) & g.hands[e.player]
                elif isinstance(e, ev.CardShown):
                    assert e.card in asked and e.card in g.hands[e.by]


def test_cli_card_game():
    out = subprocess.run([sys.executable, "run.py", "--headless", "--mode", "card-game", "--advanced",
                          "--players", "5", "--seed", "3"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert lines[0].startswith("5 players, advanced game.")
    assert lines[-1].startswith("RESULT: Player ")
