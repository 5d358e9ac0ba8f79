"""The card game's ``spock`` yardstick (benchmarks/card_spock.py):
legal moves only, never a wrong accusation over seeded games, its
knowledge never strikes out the truth, minimax questions, its seat in the card
tournament, no code shared with the game's own card players."""

from __future__ import annotations

import subprocess
import sys

import pytest

from benchmarks.card_spock import CRIME, CardSpockPlayer
from game.cardgame import events as ev
from game.cardgame.ai import make_card_player
from game.cardgame.engine import Ask, CardGame, CardSetup, Show
from game.cardgame.tournament import lone, seat_player
from tests.test_spock import ROOT, _modules_after


def _seats(levels, seed):
    return [CardSpockPlayer(seed + i) if lv == "spock" else make_card_player(lv, seed + i)
            for i, lv in enumerate(levels)]


def _tables():
    out = []
    for seed in range(24):
        n = 3 + seed % 4
        levels = tuple("spock" if (i + seed) % 2 == 0 else ("medium", "hard", "easy")[seed % 3] for i in range(n))
        out.append((seed, n, seed % 3 == 0 or seed % 5 == 1, levels))
    return out


@pytest.mark.parametrize("seed,players,advanced,levels", _tables())
def test_plays_legally_never_accuses_wrongly_and_keeps_the_truth(seed, players, advanced, levels):
    game = CardGame.new(CardSetup(players=players, seed=seed, advanced=advanced))
    seats = _seats(levels, seed)
    while not game.over:
        assert len(game.actions) < 2_000, f"seed {seed}: no end"
        actor, legal = game.actor, game.legal_actions()
        view = game.view(actor)
        action = seats[actor].choose(view, legal)
        if levels[actor] == "spock":
            assert action in legal, f"seed {seed}: {action} is not legal"
            bot = seats[actor]
            assert game.crime in bot.solutions(view), f"seed {seed}: the true crime was struck out"
            for other in range(players):
                assert game.hands[other] <= bot.possible_hand(view, other)
            if isinstance(action, Show):
                before = {e.card for e in view.events if isinstance(e, ev.CardShown)
                          and e.by == actor and e.to == view.turn}
                if before & {a.card for a in legal}:
                    assert action.card in before, f"seed {seed}: showed a new card where an old one would do"
        game.apply(action)
    wrong = {e.player for e in game.events if isinstance(e, ev.AccusationWrong)}
    assert not wrong & {i for i, lv in enumerate(levels) if lv == "spock"}, f"seed {seed}: a wrong accusation"


def test_a_table_of_spock_players_always_ends_with_a_right_accusation():
    for seed in range(12):
        n, advanced = 3 + seed % 4, seed % 2 == 1
        game = CardGame.new(CardSetup(players=n, seed=seed, advanced=advanced))
        seats = _seats(("spock",) * n, seed)
        while not game.over:
            game.apply(seats[game.actor].choose(game.view(game.actor), game.legal_actions()))
        assert game.winner is not None
        assert not any(isinstance(e, ev.AccusationWrong) for e in game.events)


def _worst_by_hand(bot: CardSpockPlayer, view, ask: Ask) -> int:
    """The worst answer's number of crime solutions, counted deal by deal in plain Python."""
    order = [(view.seat + k) % view.players for k in range(1, view.players)]
    index = {c: i for i, c in enumerate(bot.cards)}
    by_answer: dict[object, set] = {}
    for deal in bot.deals.tolist():
        crime = tuple(c for c in bot.cards if deal[index[c]] == CRIME)
        shower = next((p for p in order if p in (deal[index[ask.first]], deal[index[ask.second]])), None)
        if shower is None:
            by_answer.setdefault(None, set()).add(crime)
        for card in (ask.first, ask.second):
            if shower is not None and deal[index[card]] == shower:
                by_answer.setdefault((shower, card), set()).add(crime)
    return max(len(s) for s in by_answer.values())


@pytest.mark.parametrize("players,advanced", [(3, False), (4, True), (6, True)])
def test_asks_the_question_whose_worst_answer_leaves_the_fewest_solutions(players, advanced):
    game = CardGame.new(CardSetup(players=players, seed=7, advanced=advanced, first=0))
    medium = [make_card_player("medium", i) for i in range(players)]
    checked = 0
    while not game.over and checked < 3:
        actor, legal = game.actor, game.legal_actions()
        view = game.view(actor)
        if actor == 0 and any(isinstance(a, Ask) for a in legal):
            bot = CardSpockPlayer(1)
            action = bot.choose(view, legal)
            if isinstance(action, Ask):
                asks = [a for a in legal if isinstance(a, Ask)]
                best = min(_worst_by_hand(bot, view, a) for a in asks)
                assert _worst_by_hand(bot, view, action) == best
                assert best < len(bot.solutions(view)) or len(bot.solutions(view)) == 1
                checked += 1
            game.apply(action)
        else:
            game.apply(medium[actor].choose(view, legal))
    assert checked >= 1


def test_the_card_tournament_seats_spock_reproducibly():
    assert isinstance(seat_player("spock", 3), CardSpockPlayer)
    assert type(seat_player("medium", 3)).__name__ == "MediumPlayer"
    with pytest.raises(ValueError):
        seat_player("grandmaster", 0)
    a = lone("medium", "spock", 4, True, 8, seed=5)
    assert a == lone("medium", "spock", 4, True, 8, seed=5)
    assert len(a) == 8 and sum(r.wrong_others for r in a) == 0


def test_card_spock_shares_no_code_with_the_game_players_and_is_imported_only_when_asked():
    loaded = _modules_after("import benchmarks.card_spock")
    assert "benchmarks.card_spock" in loaded
    assert not {m for m in loaded if m in ("game.cardgame.ai", "game.cardgame.reading") or m.startswith("game.knowledge")}
    assert "benchmarks.card_spock" not in _modules_after("import game.cardgame.tournament")


def test_the_ladder_benchmark_prints_a_row_per_match():
    out = subprocess.run([sys.executable, "benchmarks/bench_card_ladder.py", "--games", "3", "--workers", "1",
                          "--players", "3", "--decks", "normal"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    rows = [line for line in out.splitlines() if line.startswith("| ") and " vs " in line]
    assert [r.split("|")[1].strip() for r in rows] == [
        "beginner vs 2 easy", "easy vs 2 medium", "medium vs 2 hard", "beginner vs 2 spock", "easy vs 2 spock",
        "medium vs 2 spock", "hard vs 2 spock"]
    assert rows[1].endswith("| 8%-18%: met |") or rows[1].endswith("| 8%-18%: missed |")
