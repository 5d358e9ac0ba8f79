"""The computer levels (game/ai/levels.py): honest decisions (no peeking), the
behaviour each level promises, and whole games without wrong accusations."""

from __future__ import annotations

import copy
import random

import pytest

from game.ai.knowledge import Constraints, constraints_from_view, solve
from game.ai.levels import EasyPlayer, HardPlayer, MediumPlayer
from game.ai.simple import SimplePlayer, make_player
from game.board.tmx import load_board
from game.rules import events as ev
from game.rules.actions import Disprove, Suggest
from game.rules.engine import Game, Phase
from game.rules.setup import GameSetup, SeatConfig
from game.storage import paths

BOARD = load_board(paths.MANSION_MAP)


def mixed_game(seed: int, levels=("hard", "medium", "easy", "hard")) -> tuple[Game, list]:
    # the first len(levels) suspects sit down: the zip stops with the levels
    setup = GameSetup(tuple(SeatConfig(s, "computer", lv) for s, lv in
                            zip(("scarlet", "mustard", "white", "green", "peacock", "plum"), levels, strict=False)),
                      seed=seed)
    game = Game.new(BOARD, setup)
    return game, [make_player(s.level, seed * 31 + i) for i, s in enumerate(game.setup.seats)]


def step(game: Game, players) -> list[ev.Event]:
    a = game.actor
    return game.apply(players[a].choose(game.view(a), game.legal_actions()))


def sample_deal(cons: Constraints, rng: random.Random) -> dict[str, int]:
    """One deal drawn exactly from the deals consistent with ``cons``
    (card -> owner, envelope = n), card by card from the exact marginals."""
    cons = cons.copy()
    out = {}
    for pile in cons.categories:
        for c in pile:
            k = solve(cons)
            owner = rng.choices(range(cons.players + 1), weights=k.counts[c])[0]
            cons.has.add((owner, c))
            out[c] = owner
    return out


def reshuffled(game: Game, view, rng: random.Random) -> Game:
    """A copy of ``game`` whose hidden cards (seats 1.. and the envelope) are
    a random deal consistent with seat 0's ``view``."""
    deal = sample_deal(constraints_from_view(view), rng)
    other = copy.deepcopy(game, {id(game.board): game.board})
    n = len(other.seats)
    for i in range(1, n):
        other.seats[i].hand = frozenset(c for c, o in deal.items() if o == i)
    other.envelope = tuple(c for c, o in deal.items() if o == n)  # type: ignore[assignment]
    return other


def test_make_player_levels():
    assert isinstance(make_player("simple", 1), SimplePlayer)
    assert isinstance(make_player("easy", 1), EasyPlayer)
    assert isinstance(make_player("medium", 1), MediumPlayer)
    assert isinstance(make_player("hard", 1), HardPlayer)
    with pytest.raises(ValueError):
        make_player("genius", 1)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_no_peeking(level):
    """Shuffle the hidden cards (other hands and envelope) into another deal
    consistent with the seat's view: the rebuilt view and the decision (same
    seed) do not change."""
    rng = random.Random(4)
    game, players = mixed_game(8, (level, "medium", "hard", "easy"))
    checked = differed = 0
    while not game.over and checked < 6:
        if game.actor == 0 and len(game.actions) > 40 and rng.random() < 0.3:
            view = game.view(0)
            other = reshuffled(game, view, rng)
            n = len(other.seats)
            assert other.seats[0].hand == game.seats[0].hand
            # the hidden part really differs in most draws; the view does not
            changed = other.envelope != game.envelope or any(
                other.seats[i].hand != game.seats[i].hand for i in range(1, n))
            view2 = other.view(0)
            assert view2 == view
            a = make_player(level, 99).choose(view, game.legal_actions())
            b = make_player(level, 99).choose(view2, other.legal_actions())
            assert a == b
            checked += 1
            differed += changed
        step(game, players)
    assert checked >= 3 and differed >= 1


def test_medium_and_hard_show_a_card_the_suggester_has_seen():
    # play seeded games until some seat must disprove a second time to the same suggester
    # with a choice (how often that comes up depends on the levels' strategies: several seeds)
    found = 0
    for seed in range(3, 203):
        game, players = mixed_game(seed)
        shown: dict[tuple[int, int], set[str]] = {}
        while not game.over and len(game.actions) < 3000:
            legal = game.legal_actions()
            a = game.actor
            if game.phase is Phase.DISPROVE and game.setup.seats[a].level in ("medium", "hard"):
                to = game.suggestion.player  # type: ignore[union-attr]
                seen = shown.get((a, to), set())
                options = {d.card for d in legal if isinstance(d, Disprove)}
                choice = players[a].choose(game.view(a), legal)
                if seen & options:
                    assert choice.card in seen & options
                    found += 1
                game.apply(choice)
                shown.setdefault((a, to), set()).add(choice.card)
                continue
            game.apply(players[a].choose(game.view(a), legal))
        if found:
            break
    assert found >= 1


def test_medium_never_repeats_a_suggestion():
    for seed in range(6):
        game, players = mixed_game(seed, ("medium", "medium", "medium"))
        made = set()
        while not game.over:
            for e in step(game, players):
                if isinstance(e, ev.SuggestionMade):
                    key = (e.player, e.suspect, e.weapon, e.room)
                    assert key not in made
                    made.add(key)


def test_hard_sometimes_names_its_own_cards():
    own = 0
    for seed in range(6):
        game, players = mixed_game(seed, ("hard", "medium", "medium"))
        while not game.over:
            for e in step(game, players):
                if isinstance(e, ev.SuggestionMade) and e.player == 0:
                    own += bool({e.suspect, e.weapon, e.room} & game.seats[0].hand)
    assert own >= 3


def test_easy_crosses_off_only_what_it_saw_but_medium_reasons_further():
    """Easy crosses off (as held) only its own cards and the cards shown to it;
    medium also learns from the passes who cannot hold what."""
    game, players = mixed_game(2, ("easy", "medium", "medium", "medium"))
    while not game.over and not any(isinstance(e, ev.CannotDisprove) and e.player != 0 for e in game.events):
        step(game, players)
    view = game.view(0)
    easy = EasyPlayer(0).knowledge(view)
    shown = {e.card for e in view.events if isinstance(e, ev.CardShown) and e.to == 0 and e.card}
    assert easy.out == set(view.hand) | shown
    k = solve(constraints_from_view(view))
    passed = next(e.player for e in view.events if isinstance(e, ev.CannotDisprove) and e.player != 0)
    assert any(not k.possible(c, passed) for c in
               {c for e in view.events if isinstance(e, ev.SuggestionMade) for c in (e.suspect, e.weapon, e.room)}
               - set(view.hand))


def test_hard_suggestion_maximises_expected_information():
    """The hard player's choice has the lowest expected envelope entropy among
    the suggestions it evaluated exactly, and it never does worse than naming
    the first unknown cards."""
    game, players = mixed_game(5, ("hard", "medium", "medium", "medium"))
    hard: HardPlayer = players[0]
    checked = 0
    while not game.over and checked < 3:
        if game.actor == 0 and game.phase is Phase.SUGGEST:
            view = game.view(0)
            know = hard.knowledge(view)
            room = view.positions[view.suspect]
            action = hard.choose(view, game.legal_actions())
            if isinstance(action, Suggest):
                chosen = hard.expected_entropy(view, know, (action.suspect, action.weapon, room))
                for s in ("scarlet", "plum"):
                    for w in ("rope", "knife"):
                        assert chosen <= hard.expected_entropy(view, know, (s, w, room)) + 0.35
                assert chosen <= hard._envelope_entropy(know) + 1e-9
                checked += 1
            game.apply(action)
            continue
        step(game, players)
    assert checked >= 1


@pytest.mark.parametrize("players", [3, 4, 6])
def test_easy_and_medium_never_accuse_wrongly(players):
    for seed in range(8):
        levels = tuple(("easy", "medium")[i % 2] for i in range(players))
        game, ais = mixed_game(seed, levels)
        while not game.over:
            assert len(game.actions) < 6000
            step(game, ais)
        assert not any(isinstance(e, ev.PlayerEliminated) for e in game.events)
        assert game.winner is not None


def test_hard_gambles_without_peeking():
    """At each gamble of hard's (an accusation its own knowledge is not
    certain of), the hidden cards are reshuffled into other deals consistent
    with its view, some with another envelope: the view and the gamble stay
    the same, so the gamble cannot have read the envelope."""
    from game.rules.actions import Accuse

    rng = random.Random(7)
    gambles = other_envelopes = 0
    for seed in range(1, 40):
        game, players = mixed_game(seed, ("hard", "medium", "medium", "medium"))
        while not game.over and len(game.actions) < 5000:
            view, legal = game.view(game.actor), game.legal_actions()
            action = players[game.actor].choose(view, legal)
            if game.actor == 0 and isinstance(action, Accuse) and \
                    HardPlayer(0).knowledge(view).solution() is None:
                gambles += 1
                for _ in range(3):
                    other = reshuffled(game, view, rng)
                    other_envelopes += other.envelope != game.envelope
                    assert other.view(0) == view
                    again = make_player("hard", seed * 31).choose(other.view(0), other.legal_actions())
                    assert again == make_player("hard", seed * 31).choose(view, legal) == action
            game.apply(action)
        if gambles >= 3 and other_envelopes >= 2:
            return
    raise AssertionError(f"only {gambles} gambles, {other_envelopes} other envelopes in 39 games")


def _silent_moment(seed: int, kinds: tuple[str, ...]):
    """Play ``mixed_game(seed, hard + 3 medium)`` with the seats' ``kinds``
    until hard (seat 0) is to act after another seat's suggestion that nobody
    disproved; returns (game, the triple) or None."""
    setup = GameSetup(tuple(SeatConfig(s, k, lv) for s, k, lv in
                            zip(("scarlet", "mustard", "white", "green"), kinds,
                                ("hard", "medium", "medium", "medium"), strict=True)), seed=seed)
    game = Game.new(BOARD, setup)
    players = [make_player(s.level, seed * 31 + i) for i, s in enumerate(game.setup.seats)]
    silent = None
    while not game.over and len(game.actions) < 5000:
        if silent is not None and game.actor == 0:
            return game, silent
        events = step(game, players)
        for e in events:
            if isinstance(e, ev.NobodyDisproved) and e.player != 0:
                made = next(x for x in reversed(game.events) if isinstance(x, ev.SuggestionMade))
                silent = (made.suspect, made.weapon, made.room)
    return None


def test_hard_rules_out_the_suggestion_a_silent_computer_made():
    """A computer opponent's suggestion nobody disproved, and it did not
    accuse: it holds a named card, so hard rules the triple out (it is never
    the envelope).  The same game with that seat played by a person: not
    ruled out (a person may wait to accuse)."""
    from game.ai.knowledge import Tracker
    from game.ai.levels import silent_suggestions

    found = sharpened = 0
    for seed in range(200):
        moment = _silent_moment(seed, ("computer",) * 4)
        if moment is None:
            continue
        game, triple = moment
        found += 1
        assert game.envelope != triple
        view = game.view(0)
        hard = make_player("hard", 0)
        know = hard.knowledge(view)
        assert triple in silent_suggestions(view, hard.tracker.record)
        assert hard.exact_odds(know, triple) == 0
        plain = make_player("hard", 0)
        plain.infer_silence = False
        plain_know = plain.knowledge(view)
        assert plain_know.total == Tracker().update(view).total
        sharpened += plain.exact_odds(plain_know, triple) > 0
        # a person at every other seat: nothing assumed
        people = _silent_moment(seed, ("computer", "human", "human", "human"))
        assert people is not None and people[1] == triple
        pview = people[0].view(0)
        assert pview.computers == (True, False, False, False)
        human_hard = make_player("hard", 0)
        assert silent_suggestions(pview, human_hard.tracker.read(pview)) == set()
        assert human_hard.knowledge(pview).total == plain_know.total
        if found >= 4 and sharpened >= 2:
            return
    raise AssertionError(f"only {found} silent suggestions, {sharpened} that taught hard something")


def test_assumptions_that_contradict_the_view_are_dropped_for_good():
    """An assumption ruling out the envelope a seat has pinned contradicts
    its view: the tracker drops every assumption, counts as without them,
    refuses later ones, and a tracker rebuilt from the same view ends the
    same (a resumed game decides as the uninterrupted one)."""
    from game.ai.knowledge import Tracker

    game, players = mixed_game(3, ("medium", "medium", "medium"))
    tracker = Tracker()
    while not game.over and tracker.update(game.view(0)).solution() is None:
        step(game, players)
    view = game.view(0)
    pinned = tracker.update(view).solution()
    assert pinned is not None
    other = next(t for t in [("plum", "rope", "hall"), ("green", "knife", "study")] if t != tuple(pinned))
    for t in (other, tuple(pinned)):
        tracker.assume_not_solutions([t])
    know = tracker.update(view)
    assert tracker.assumptions_broken and tracker.assumed == set()
    assert know.solution() == pinned and know.total == Tracker().update(view).total
    tracker.assume_not_solutions([other])
    assert tracker.assumed == set() and tracker.update(view).total == know.total
    again = Tracker()
    again.read(view)
    again.assume_not_solutions([other, tuple(pinned)])
    assert again.update(view).total == know.total and again.assumptions_broken


def test_a_seat_a_computer_took_over_is_never_read_as_a_computers_after_continue(tmp_path):
    """A person (seat 0) makes a suggestion nobody can disprove, holding none
    of the named cards (so it is the envelope), and waits instead of accusing.
    Then a computer takes the seat over (a pad unplugged) and the game is
    saved and continued.  The saved seat is marked ``taken_over`` and every
    view still says a person played it, so hard never rules that triple out:
    the continued hard players know what the live ones know."""
    from game.ai.levels import MediumPlayer, silent_suggestions
    from game.rules.actions import EndTurn
    from game.storage.save import read_save, save_game
    from game.ui.board.match import Match

    seats = (SeatConfig("scarlet", "human"),) + tuple(SeatConfig(s, "computer", "hard")
                                                      for s in ("mustard", "white", "green"))
    live = Match(BOARD, GameSetup(seats, seed=154))
    person = MediumPlayer(154)
    waited = None
    while waited is None and not live.game.over:
        g = live.game
        if g.actor != 0:
            g.apply(live.computer_choice())
            continue
        view = g.view(0)
        last = view.events[-1] if view.events else None
        if isinstance(last, ev.NobodyDisproved) and last.player == 0:
            made = next(e for e in reversed(view.events) if isinstance(e, ev.SuggestionMade))
            if not {made.suspect, made.weapon, made.room} & set(view.hand):
                waited = (made.suspect, made.weapon, made.room)
                g.apply(EndTurn())                      # a person may wait before accusing
                continue
        g.apply(person.choose(view, g.legal_actions()))
    assert waited == tuple(live.game.envelope)
    live.to_computer(0, "medium")
    save_game(tmp_path / "autosave.json", live.saved())
    saved = read_save(tmp_path / "autosave.json")
    assert saved.setup.seats[0].kind == "computer" and saved.setup.seats[0].taken_over
    assert not any(s.taken_over for s in saved.setup.seats[1:])
    resumed = Match.resume(BOARD, saved)
    for seat in (1, 2, 3):
        view = resumed.game.view(seat)
        assert view.computers == live.game.view(seat).computers == (False, True, True, True)
        again, before = make_player("hard", 0), make_player("hard", 0)
        assert waited not in silent_suggestions(view, again.tracker.read(view))
        know, known = again.knowledge(view), before.knowledge(live.game.view(seat))
        assert know.total == known.total and again.exact_odds(know, waited) > 0
