"""The detective report (game/learning/report.py), checked against a
brute-force replay: for every prefix of a seat's view, a fresh reader and the
exact engine (game.knowledge.counting.solve) say whether the envelope is
named; the report's solved turn is the first such prefix's turn.  The key
deduction is checked against its definition with the hint rules."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pytest

from game.board.tmx import load_board
from game.cardgame import events as cev
from game.cardgame.ai import make_card_player
from game.cardgame.engine import CardGame, CardSetup
from game.cardgame.reading import read as card_read
from game.commands.headless import computer_setup, play
from game.knowledge.counting import solve
from game.knowledge.tracker import constraints
from game.learning.hints import Hint, deduce
from game.learning.report import KeyDeduction, Report, board_report, card_game_report
from game.rules import events as ev
from game.rules.reading import read as board_read
from game.storage import paths
from game.text.i18n import card

BOARD = load_board(paths.MANSION_MAP)


def _board_game(players: int, seed: int):
    return play(BOARD, computer_setup(players, seed, "simple"))


def _card_game(players: int, seed: int):
    game = CardGame.new(CardSetup(players=players, seed=seed, advanced=seed % 2 == 0))
    ais = [make_card_player("medium", seed * 7 + i) for i in range(players)]
    while not game.over:
        game.apply(ais[game.actor].choose(game.view(game.actor), game.legal_actions()))
    return game


def brute(view, read, turn_started, accused, end) -> tuple[int | None, int | None, int | None]:
    """(solved turn, accusation turn, ready turn) by reading every prefix of
    ``view`` afresh and counting with the exact engine."""
    turn, solved_turn, solved_player, acc_turn = 0, None, None, None
    own_after = []
    counted: dict = {}       # the same constraints, counted once
    for i, e in enumerate(view.events):
        if isinstance(e, turn_started):
            turn += 1
            if e.player == view.seat and solved_turn is not None:
                own_after.append(turn)
        if accused(e):
            acc_turn = turn
            break
        if isinstance(e, end):
            break
        if solved_turn is None:
            cons = constraints(read(replace(view, events=view.events[:i + 1])))
            if cons.key() not in counted:
                counted[cons.key()] = solve(cons).solution()
            if counted[cons.key()] is not None:
                solved_turn, solved_player = turn, current_player(view.events[:i + 1], turn_started)
    ready = None
    if solved_turn is not None:
        ready = solved_turn if solved_player == view.seat else next((t for t in own_after if t > solved_turn), None)
    return solved_turn, acc_turn, ready


def current_player(events, turn_started):
    return next((e.player for e in reversed(events) if isinstance(e, turn_started)), None)


@pytest.mark.parametrize("players, seed", [(3, 4), (4, 9), (5, 6), (6, 7), (6, 15)])
def test_board_report_turns_match_a_brute_force_replay(players, seed):
    game = _board_game(players, seed)
    solved = 0
    for seat in range(players):
        view = game.view(seat)
        r = board_report(view)
        want = brute(view, board_read, ev.TurnStarted,
                     lambda e, seat=seat: isinstance(e, ev.AccusationMade) and e.player == seat,
                     (ev.GameWon, ev.GameOverNoWinner))
        assert (r.solved_turn, r.accused_turn, r.ready_turn) == want, (seat, r)
        assert r.envelope == game.envelope
        assert r.last_turn == sum(isinstance(e, ev.TurnStarted) for e in game.events)
        starts = [e for e in game.events if isinstance(e, ev.TurnStarted)]
        assert r.own_turns == tuple(t for t in range(1, len(starts) + 1) if starts[t - 1].player == seat)
        for t in {r.solved_turn, r.ready_turn, r.accused_turn} - {None}:   # "your turn number n"
            assert r.own_count(t) == len([s for s in starts[:t] if s.player == seat])
        if r.ready_turn is not None:
            assert r.ready_turn in r.own_turns
        if r.solved_turn is not None:
            solved += 1
            assert len(r.facts) == 3
            for k, fact in enumerate(r.facts):    # each names its pile's envelope card, in pile order
                assert fact.endswith("in the envelope.") and card(game.envelope[k]).lower() in fact.lower()
        if r.accused_turn is not None:
            accusation = next(e for e in view.events if isinstance(e, ev.AccusationMade) and e.player == seat)
            assert r.accused_right == ((accusation.suspect, accusation.weapon, accusation.room) == game.envelope)
    assert solved >= 1      # the table holds at least one seat that could name the envelope


@pytest.mark.parametrize("players, seed", [(3, 4), (4, 1), (5, 2), (6, 5)])
def test_card_game_report_turns_match_a_brute_force_replay(players, seed):
    game = _card_game(players, seed)
    for seat in range(players):
        view = game.view(seat)
        r = card_game_report(view)
        want = brute(view, card_read, cev.TurnStarted,
                     lambda e, seat=seat: isinstance(e, cev.AccusationPlaced) and e.player == seat,
                     (cev.GameWon, cev.EverybodyLost, cev.NoPlayersLeft))
        assert (r.solved_turn, r.accused_turn, r.ready_turn) == want, (seat, r)
        assert r.envelope == tuple(game.crime)
        starts = [e for e in game.events if isinstance(e, cev.TurnStarted)]
        assert r.own_turns == tuple(t for t in range(1, len(starts) + 1) if starts[t - 1].player == seat)
        if r.solved_turn is not None:
            assert all(f.endswith("under the Crime card.") for f in r.facts) and len(r.facts) == len(view.piles)


def _names(hints, piles) -> bool:
    return all(any(c in hints and hints[c].envelope for c in pile) for pile in piles)


def _seat_name(game, seat: int, p: int) -> str:
    """Player ``p``'s suspect as seat ``seat``'s view names it."""
    return game.view(seat).seats[p]


def _delay(moments, named: int, name, piles, card: str) -> int | None:
    """How many turns after moment ``named`` the hint rules, blind to ``card``, name the
    envelope (None: never)."""
    later = next((i for i in range(named, len(moments))
                  if _names(deduce(moments[i].table, name, blind=frozenset({card})), piles)), None)
    return None if later is None else moments[later].turn - moments[named].turn


def test_the_key_deduction_is_the_one_whose_absence_delays_the_hints_most():
    """Brute force of the definition: the hint rules name the envelope at
    moment R; blind to the key card they do so ``saved`` turns later (or
    never); no other card the rules placed by reasoning delays them longer."""
    checked = 0
    for players, seed in ((3, 12), (4, 9), (5, 6), (6, 7)):
        game = _board_game(players, seed)
        for seat in range(players):
            r = board_report(game.view(seat))
            if r.solved_turn is None:
                assert r.key is None
                continue
            moments = [m for m in r.moments]
            piles = moments[0].table.categories
            name = partial(_seat_name, game, seat)
            named = next(i for i, m in enumerate(moments) if _names(deduce(m.table, name), piles))
            assert moments[named].turn >= r.solved_turn

            at = moments[named].table
            seen = set(at.hand) | {q.shown for q in at.questions if q.shown and q.shower != seat}
            delays = {c: _delay(moments, named, name, piles, c)
                      for c, h in deduce(at, name).items() if not h.envelope and c not in seen}
            worst = max(delays.values(), key=lambda d: (d is None, d or 0), default=0)
            if r.key is None:
                assert worst == 0
            else:
                checked += 1
                assert delays[r.key.card] == r.key.saved == worst
                assert r.key.saved is None or r.key.saved > 0
                assert r.key.found_turn <= moments[named].turn == r.key.named_turn
                lost = r.own_lost(r.key)    # own turns it could have accused on, but would not yet have known
                if r.key.saved is None:
                    assert lost is None
                else:
                    assert lost == len([t for t in r.own_turns
                                        if moments[named].turn <= t < moments[named].turn + r.key.saved])
    assert checked >= 3


def test_the_report_reads_only_the_seats_own_view():
    """The same view gives the same report, whatever the rest of the game: a
    report is a function of ``game.view(seat)`` (its events redacted for the
    seat), and another seat's hand never appears in a person's facts unless
    that seat saw it."""
    game = _board_game(4, 9)
    view = game.view(1)
    assert board_report(view) == board_report(game.view(1))
    assert all(e.cards is None for e in view.events if isinstance(e, ev.HandDealt) and e.player != 1)


def test_a_report_shown_to_the_table_keeps_a_persons_card_private():
    hint = Hint("rope", False, 2, "Mrs. White showed a card for the Rope ...")
    r = Report(0, ("plum", "knife", "hall"), 10, 12, None, None, 20, ("a", "b", "c"), KeyDeduction("rope", hint, 8, 4))
    assert r.shareable([1, 2]).key is None            # seat 2 is a person: where their card is stays theirs
    assert r.shareable([1]).key == r.key               # seat 2 is a computer: fine to tell
    somebody = replace(r, key=KeyDeduction("rope", Hint("rope", False, None, "..."), 8, 4))
    assert somebody.shareable([1, 2]).key is not None  # "in somebody's hand" names no hand
    assert r.turns_early == 8 and replace(r, accused_turn=15).turns_early == 3


def test_a_report_about_a_computer_names_it_instead_of_you():
    """The facts of a report read to the table about a computer
    say its name ("Colonel Mustard does not hold it"), never "you"; the same
    facts otherwise, in both games."""
    from game.text.i18n import card as card_name

    checked = 0
    for players, seed in ((3, 4), (4, 9), (5, 6)):
        game = _board_game(players, seed)
        for seat in range(players):
            mine, about = board_report(game.view(seat)), board_report(game.view(seat), about=True)
            who = card_name(game.view(seat).seats[seat])
            assert (about.solved_turn, about.key is None) == (mine.solved_turn, mine.key is None)
            for a, b in zip(mine.facts, about.facts, strict=True):
                assert "you" not in b.lower().split() and "you don't" not in b.lower()
                assert a == b.replace(f"{who} does not hold it", "you don't hold it")
                checked += "you don't hold it" in a
    cgame = _card_game(4, 1)
    for seat in range(4):
        about = card_game_report(cgame.view(seat), about=True)
        assert all("you don't" not in f and f"Player {seat + 1} does not hold it" in f
                   for f in about.facts if "Nobody could" in f or "No other player" in f)
        checked += any("does not hold it" in f for f in about.facts)
    assert checked >= 3


@pytest.mark.parametrize("lang, claim", [("en", "it was found"), ("es", "se encontró"), ("ca", "es va trobar")])
def test_the_recap_never_says_a_card_nobody_asked_about_was_worked_out(lang, claim):
    """A card nobody named in a suggestion may have been guessed (a lucky accusation on the
    first turn): the recap's solution says what could have told it, never that someone found it."""
    from game.learning.report import Accused, Question, Recap, solution_lines
    from game.text import i18n

    envelope = ("mustard", "wrench", "hall")
    recap = Recap((Question(1, 1, ("plum", "rope", "hall"), (2,), 0),
                   Accused(2, 0, envelope, True)), envelope, 0, False)
    i18n.set_language(lang)
    try:
        lines = dict(solution_lines(recap, lambda seat: f"seat {seat}"))
    finally:
        i18n.set_language("en")
    assert set(lines) == set(envelope)
    for c in ("mustard", "wrench"):        # never named: nothing in the game told it
        assert claim not in lines[c] and lines[c] == lines["mustard"], lines
    assert lines["hall"] != lines["mustard"]   # named once, a card shown: its own sentence
