"""The knowledge engine (game/ai/knowledge.py): exact counts against brute force
on small decks, each deduction by its own scenario, contradictions, and the
constraints read from a real seat's view."""

from __future__ import annotations

import functools
import itertools
import random
from fractions import Fraction

import pytest

from game.ai.knowledge import (
    CLASSIC_CATEGORIES,
    Constraints,
    ContradictionError,
    Joints,
    Tracker,
    constraints_from_view,
    joint,
    sample,
    solve,
)

# A reduced deck: 2 suspects, 2 weapons, 3 rooms (7 cards, 3 in the envelope).
SMALL = (("s1", "s2"), ("w1", "w2"), ("r1", "r2", "r3"))
# A bigger reduced deck: 3 suspects, 3 weapons, 4 rooms (10 cards).
MID = (("s1", "s2", "s3"), ("w1", "w2", "w3"), ("r1", "r2", "r3", "r4"))


@functools.lru_cache(maxsize=None)
def deals(categories, sizes):
    """Every deal: (envelope triple, tuple of hands as frozensets)."""
    return list(_deals(categories, sizes))


def _deals(categories, sizes):
    cards = [c for pile in categories for c in pile]
    for env in itertools.product(*categories):
        rest = [c for c in cards if c not in env]

        def split(cs, k):
            if k == len(sizes) - 1:
                yield (frozenset(cs),)
                return
            for hand in itertools.combinations(cs, sizes[k]):
                left = [c for c in cs if c not in hand]
                for tail in split(left, k + 1):
                    yield (frozenset(hand),) + tail

        for hands in split(rest, 0):
            yield env, hands


def fits(cons: Constraints, env, hands) -> bool:
    n = len(hands)

    def holds(o, c):
        return c in env if o == n else c in hands[o]

    return (all(holds(o, c) for o, c in cons.has)
            and not any(holds(o, c) for o, c in cons.lacks)
            and all(any(c in hands[p] for c in cs) for p, cs in cons.some)
            and tuple(env) not in cons.not_solutions)


def brute(cons: Constraints):
    n = cons.players
    total = 0
    counts = {c: [0] * (n + 1) for pile in cons.categories for c in pile}
    for env, hands in deals(cons.categories, cons.hand_sizes):
        if not fits(cons, env, hands):
            continue
        total += 1
        for c in env:
            counts[c][n] += 1
        for p, h in enumerate(hands):
            for c in h:
                counts[c][p] += 1
    return total, counts


def assert_matches_brute(cons: Constraints) -> None:
    total, counts = brute(cons)
    if total == 0:
        with pytest.raises(ContradictionError):
            solve(cons)
        return
    k = solve(cons)
    assert k.total == total
    assert k.counts == counts


def random_constraints(rng: random.Random, categories, sizes, consistent=True) -> Constraints:
    """Constraints true of a random deal (or, with ``consistent=False``, of no
    deal in particular)."""
    cards = [c for pile in categories for c in pile]
    n = len(sizes)
    env, hands = rng.choice(deals(categories, sizes))
    cons = Constraints(categories, sizes)

    def holds(o, c):
        return c in env if o == n else c in hands[o]

    # seat 0 knows its own hand
    for c in cards:
        (cons.has if c in hands[0] else cons.lacks).add((0, c))
    for _ in range(rng.randint(0, 6)):
        o, c = rng.randrange(n + 1), rng.choice(cards)
        if not consistent or not holds(o, c):
            cons.lacks.add((o, c))
    for _ in range(rng.randint(0, 2)):
        o, c = rng.randrange(n + 1), rng.choice(cards)
        if not consistent or holds(o, c):
            cons.has.add((o, c))
    for _ in range(rng.randint(0, 4)):
        p = rng.randrange(1, n)
        trio = frozenset(rng.choice(pile) for pile in categories)
        if not consistent or trio & hands[p]:
            cons.some.append((p, trio))
    for _ in range(rng.randint(0, 2)):
        triple = tuple(rng.choice(pile) for pile in categories)
        if not consistent or triple != tuple(env):
            cons.not_solutions.add(triple)
    return cons


@pytest.mark.parametrize("categories,sizes", [
    (SMALL, (2, 2)), (SMALL, (2, 1, 1)), (MID, (3, 2, 2)), (MID, (2, 2, 2, 1)),
])
def test_agrees_with_brute_force_on_random_views(categories, sizes):
    rng = random.Random(hash((len(categories[2]), sizes)) & 0xFFFF)
    for _ in range(40 if len(sizes) < 4 else 15):
        assert_matches_brute(random_constraints(rng, categories, sizes))


def test_agrees_with_brute_force_including_contradictions():
    rng = random.Random(11)
    contradictions = 0
    for _ in range(60):
        cons = random_constraints(rng, MID, (3, 2, 2), consistent=False)
        assert_matches_brute(cons)
        contradictions += brute(cons)[0] == 0
    assert contradictions > 3  # the test really exercises the error


def test_no_constraints_is_the_uniform_deal():
    k = solve(Constraints(SMALL, (2, 2)))
    # 2 * 2 * 3 envelopes, then 4 cards split 2 + 2: C(4, 2) = 6
    assert k.total == 12 * 6
    assert k.exact("r1", 2) == Fraction(1, 3)
    assert k.exact("s1", 0) == Fraction(1, 4)


def test_joint_matches_brute_force():
    rng = random.Random(5)
    for _ in range(15):
        cons = random_constraints(rng, MID, (3, 2, 2))
        trio = ("s1", "w2", "r3")
        got = joint(cons, trio)
        want: dict = {}
        n = cons.players
        for env, hands in deals(MID, (3, 2, 2)):
            if fits(cons, env, hands):
                key = tuple(n if c in env else next(p for p, h in enumerate(hands) if c in h) for c in trio)
                want[key] = want.get(key, 0) + 1
        assert got == want


# ------------------------------------------------------------ deductions
def classic(sizes=(6, 6, 6)):
    return Constraints(CLASSIC_CATEGORIES, sizes)


def test_a_pass_rules_out_the_three_cards():
    cons = classic()
    cons.lacks |= {(1, "green"), (1, "rope"), (1, "hall")}
    k = solve(cons)
    for c in ("green", "rope", "hall"):
        assert k.counts[c][1] == 0 and not k.possible(c, 1)
        assert k.prob(c, 0) > 0 and k.prob(c, 2) > 0


def test_showed_one_of_three_when_the_other_two_are_known_elsewhere():
    cons = classic()
    cons.has |= {(0, "green"), (0, "rope")}
    cons.some.append((1, frozenset({"green", "rope", "hall"})))
    k = solve(cons)
    assert k.certain_owner("hall") == 1
    assert k.p_envelope("hall") == 0


def test_showed_one_of_three_raises_those_cards():
    cons = classic()
    k0 = solve(cons)
    cons.some.append((1, frozenset({"green", "rope", "hall"})))
    k = solve(cons)
    for c in ("green", "rope", "hall"):
        assert k.prob(c, 1) > k0.prob(c, 1)
        assert k.p_envelope(c) < k0.p_envelope(c)


def test_full_hand_excludes_every_other_card():
    cons = classic((6, 6, 6))
    p1 = ["scarlet", "mustard", "knife", "rope", "hall", "study"]
    cons.has |= {(1, c) for c in p1}
    k = solve(cons)
    for c in ("white", "wrench", "kitchen"):
        assert not k.possible(c, 1)
    for c in p1:
        assert k.certain_owner(c) == 1


def test_last_card_of_a_category_is_in_the_envelope():
    cons = classic()
    suspects, weapons, rooms = CLASSIC_CATEGORIES
    for i, c in enumerate(suspects[:-1]):
        cons.has.add((i % 3, c))
    k = solve(cons)
    assert k.certain_owner("plum") == cons.envelope
    assert k.solution() is None
    for i, c in enumerate(weapons[:-1] + rooms[:-1]):
        cons.has.add(((i + 5) % 3, c))
    k = solve(cons)
    assert k.solution() == ("plum", "wrench", "study")


def test_nobody_disproved_means_envelope_or_suggester():
    """Seat 1 suggested green/rope/hall; seats 2 and 0 passed (seen by seat 0)."""
    cons = classic()
    hand0 = {"scarlet", "knife", "kitchen", "ballroom", "lounge", "library"}
    for c in (c for pile in CLASSIC_CATEGORIES for c in pile):
        (cons.has if c in hand0 else cons.lacks).add((0, c))
    cons.lacks |= {(2, c) for c in ("green", "rope", "hall")}
    k = solve(cons)
    for c in ("green", "rope", "hall"):
        assert not k.possible(c, 2) and not k.possible(c, 0)
        assert k.counts[c][1] + k.counts[c][cons.envelope] == k.total
        assert 0 < k.p_envelope(c) < 1


def test_nobody_disproved_my_suggestion_with_my_own_card():
    """I (seat 0) named my own weapon: the other two named cards are in the envelope."""
    cons = classic()
    hand0 = {"scarlet", "knife", "kitchen", "ballroom", "lounge", "library"}
    for c in (c for pile in CLASSIC_CATEGORIES for c in pile):
        (cons.has if c in hand0 else cons.lacks).add((0, c))
    for p in (1, 2):
        cons.lacks |= {(p, c) for c in ("green", "knife", "hall")}
    k = solve(cons)
    assert k.certain_owner("green") == cons.envelope
    assert k.certain_owner("hall") == cons.envelope
    assert k.certain_owner("knife") == 0


def test_wrong_accusation_is_ruled_out():
    cons = Constraints(SMALL, (2, 2))
    cons.has |= {(0, "s1"), (0, "w1")}
    cons.lacks |= {(0, "r1"), (0, "r2"), (0, "r3"), (0, "s2"), (0, "w2")}
    k = solve(cons)
    assert k.certain_owner("s2") == 2 and k.certain_owner("w2") == 2
    cons.not_solutions |= {("s2", "w2", "r1"), ("s2", "w2", "r2")}
    k = solve(cons)
    assert k.solution() == ("s2", "w2", "r3")


def test_contradiction_raises_a_clear_error():
    cons = classic()
    cons.has.add((1, "green"))
    cons.has.add((2, "green"))
    with pytest.raises(ContradictionError, match="green"):
        solve(cons)
    cons = classic()
    cons.lacks |= {(p, "rope") for p in range(3)} | {(3, "rope")}
    with pytest.raises(ContradictionError):
        solve(cons)
    cons = classic()
    cons.lacks |= {(1, c) for c in ("green", "rope", "hall")}
    cons.some.append((1, frozenset({"green", "rope", "hall"})))
    with pytest.raises(ContradictionError, match="player 1"):
        solve(cons)
    assert issubclass(ContradictionError, ValueError)


def test_malformed_constraints_are_value_errors():
    with pytest.raises(ValueError, match="add up"):
        solve(Constraints(CLASSIC_CATEGORIES, (6, 6, 5)))
    cons = classic()
    cons.has.add((1, "butler"))
    with pytest.raises(ValueError, match="unknown card"):
        solve(cons)


# ------------------------------------------------------- from a real view
def test_view_constraints_and_tracker_on_a_real_game():
    from game.ai.simple import make_player
    from game.board.tmx import load_board
    from game.commands.headless import computer_setup
    from game.rules.engine import Game
    from game.storage import paths

    board = load_board(paths.MANSION_MAP)
    game = Game.new(board, computer_setup(4, 3))
    players = [make_player("simple", i) for i in range(4)]
    trackers = [Tracker() for _ in range(4)]
    steps = 0
    while not game.over and steps < 400:
        actor = game.actor
        game.apply(players[actor].choose(game.view(actor), game.legal_actions()))
        steps += 1
        if steps % 25 == 0:
            for seat in range(4):
                v = game.view(seat)
                k = trackers[seat].update(v)
                assert k.total == solve(constraints_from_view(v)).total
                # the truth is always possible, and every certainty is true
                for i, s in enumerate(game.seats):
                    for c in s.hand:
                        assert k.possible(c, i)
                        if k.certain_owner(c) is not None:
                            assert k.certain_owner(c) == i
                for c in game.envelope:
                    assert k.possible(c, k.envelope)
                for c in v.hand:
                    assert k.certain_owner(c) == seat


# ------------------------------------------------ speed-ups stay exact
def _seat_constraints(players: int, seed: int, answers: int, seat: int):
    """The constraints of ``seat`` after ``answers`` answered suggestions of the
    seeded game benchmarks/bench_knowledge.py plays (hard at seat 0, medium)."""
    from game.ai.simple import make_player
    from game.board.tmx import load_board
    from game.commands.headless import computer_setup
    from game.rules import events as ev
    from game.rules.engine import Game
    from game.storage import paths

    game = Game.new(load_board(paths.MANSION_MAP), computer_setup(players, seed, "medium"))
    ais = [make_player("hard" if i == 0 else "medium", seed * 7 + i) for i in range(players)]
    seen = 0
    while seen < answers:
        a = game.actor
        new = game.apply(ais[a].choose(game.view(a), game.legal_actions()))
        seen += any(isinstance(e, (ev.CardShown, ev.NobodyDisproved)) for e in new)
    return constraints_from_view(game.view(seat))


def test_joint_of_cards_in_open_constraints_is_exact_and_small():
    """A 6-player view where all three named cards are in still-open "some"
    constraints: the joint counts add up to the exact marginals, and the count
    visits a few thousand states (1,470; about 164,000 when the named cards
    are placed last: every constraint naming them stays open to the end).
    The seat and trio were picked again when medium's play changed
    (avoid_summons): six open constraints name them."""
    from game.knowledge.counting import _DP, _Problem

    cons = _seat_constraints(6, 12, 10, 2)
    trio = ("scarlet", "revolver", "conservatory")
    assert sum(1 for _, cs in _Problem(cons).some if set(trio) & cs) >= 6
    know = solve(cons)
    table = joint(cons, trio)
    assert sum(table.values()) == know.total
    for i, card in enumerate(trio):
        for owner in range(cons.players + 1):
            assert sum(v for k, v in table.items() if k[i] == owner) == know.counts[card][owner]
    dp = _DP(_Problem(cons), tail=list(trio))
    assert sum(len(layer) for layer in dp.layers) < 20_000


@pytest.mark.parametrize("categories,sizes", [(MID, (2, 2, 2, 1)), (MID, (3, 2, 2)), (SMALL, (1, 1, 1, 1))])
def test_many_open_constraints_and_groups_agree_with_brute_force(categories, sizes):
    """Views with up to eight "show one of" constraints and wrong accusations
    (groups of interchangeable cards placed owner by owner, the last item in one
    step, the named cards of joint() placed first) agree with brute force."""
    rng = random.Random(1600 + len(sizes))
    cards = [c for pile in categories for c in pile]
    n = len(sizes)
    for _ in range(25):
        env, hands = rng.choice(deals(categories, sizes))
        cons = Constraints(categories, sizes)
        for c in cards:
            (cons.has if c in hands[0] else cons.lacks).add((0, c))
        for _ in range(rng.randint(2, 8)):
            p = rng.randrange(1, n)
            named = frozenset(rng.choice(pile) for pile in categories)
            if named & hands[p]:
                cons.some.append((p, named))
            else:
                cons.lacks |= {(p, c) for c in named}
        if rng.random() < 0.5:
            wrong = tuple(rng.choice(pile) for pile in categories)
            if wrong != tuple(env):
                cons.not_solutions.add(wrong)
        assert_matches_brute(cons)
        trio = tuple(rng.choice(pile) for pile in categories)
        want: dict = {}
        for e, hs in deals(categories, sizes):
            if fits(cons, e, hs):
                key = tuple(n if c in e else next(p for p, h in enumerate(hs) if c in h) for c in trio)
                want[key] = want.get(key, 0) + 1
        assert joint(cons, trio) == want


def test_interchangeable_cards_share_one_joint_count_and_it_is_the_exact_one():
    """Joints counts one table per trio of interchangeable labels, and every
    trio's table is joint()'s (itself checked against brute force above),
    on views with open "show one of" constraints and wrong accusations (a
    card in either is labelled alone); over these views some trios share a
    table."""
    rng = random.Random(77)
    trios = list(itertools.product(*MID))
    shared = 0
    for _ in range(20):
        cons = random_constraints(rng, MID, (3, 2, 2))
        if rng.random() < 0.5:
            cons.not_solutions.add(tuple(rng.choice(pile) for pile in MID))
        try:
            joints = Joints(cons)
        except ContradictionError:
            continue
        for trio in trios:
            assert joints(trio) == joint(cons, trio), trio
        shared += len(trios) - joints.counted
        for card, label in joints.labels.items():
            if len(label) == 1:
                assert label == (card,)
            else:
                assert card in MID[label[0]]
        for triple in cons.not_solutions:
            assert all(joints.labels[c] == (c,) for c in triple)
    assert shared > 100


def test_interchangeable_cards_of_a_six_player_view():
    """A real 6-player view (open constraints, cards ruled out by passes):
    36 trios need fewer joint counts than trios (kitchen, dining room and
    billiard room are alike there, and so are ballroom and library), each
    the same as joint()'s."""
    cons = _seat_constraints(6, 12, 10, 2)
    joints = Joints(cons)
    assert joints.labels["kitchen"] == joints.labels["billiard_room"] != joints.labels["ballroom"]
    trios = list(itertools.product(("white", "scarlet"), ("knife", "revolver"), CLASSIC_CATEGORIES[2]))
    for trio in trios:
        assert joints(trio) == joint(cons, trio), trio
    assert joints.counted == 4 * 6


@pytest.mark.parametrize("categories,sizes", [(MID, (3, 2, 2)), (MID, (2, 2, 2, 1)), (SMALL, (2, 1, 1))])
def test_sampled_deals_are_consistent_and_uniform(categories, sizes):
    """sample() draws only deals that fit (ruled-out envelopes drawn again)
    and draws them uniformly: over 2,000 draws each consistent deal's
    frequency is within 4.5 standard errors of 1 / (number of deals), and
    every card's owner frequency within 0.05 of brute force."""
    rng = random.Random(2024 + len(sizes))
    draws = 2000
    checked = 0
    for _ in range(12):
        cons = random_constraints(rng, categories, sizes)
        total, counts = brute(cons)
        if total < 2:
            continue
        checked += 1
        got = sample(cons, draws, random.Random(checked))
        assert len(got) == draws
        n = len(sizes)
        freq: dict = {}
        for deal in got:
            env = tuple(c for pile in categories for c in pile if deal[c] == n)
            hands = tuple(frozenset(c for c in deal if deal[c] == p) for p in range(n))
            assert fits(cons, env, hands), deal
            freq[(env, hands)] = freq.get((env, hands), 0) + 1
        assert len(freq) <= total
        p = 1 / total
        se = (p * (1 - p) / draws) ** 0.5
        assert all(abs(k / draws - p) <= 4.5 * se for k in freq.values())
        for c, row in counts.items():
            for o in range(n + 1):
                assert abs(sum(d[c] == o for d in got) / draws - row[o] / total) <= 0.05
    assert checked >= 6
