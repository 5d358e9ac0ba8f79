"""Hard's odds read the table: the odds each opponent names a card it holds
are fitted to that opponent during the game (:meth:`HardPlayer.naming_odds`),
and the probability it states and bets on is the exact count reweighted by
them (:meth:`HardPlayer.stated_odds`)."""

from __future__ import annotations

import math

from game.ai.levels import HardPlayer, MediumPlayer
from game.commands.tournament import MAX_ACTIONS, seated_game
from game.rules.actions import Accuse, Suggest
from game.rules.cards import ROOMS, SUSPECTS, WEAPONS


class OwnCardNamer(MediumPlayer):
    """A test opponent of a plainly different style: names its own suspect
    and weapon whenever it holds one (the room is wherever it stands)."""

    def suggest(self, view, know, room):
        plain = super().suggest(view, know, room)
        own_s = next((c for c in SUSPECTS if c in view.hand), plain.suspect)
        own_w = next((c for c in WEAPONS if c in view.hand), plain.weapon)
        return Suggest(own_s, own_w)


def play(seed: int, levels, swap=None, actions: int = 240):
    """Play ``actions`` actions of a seated game (hard in seat 0, ``swap``
    replacing the players of the seats it names); returns (game, players)."""
    game, players = seated_game(seed, levels, 0)
    for seat, player in (swap or {}).items():
        players[seat] = player
    for _ in range(min(actions, MAX_ACTIONS)):
        if game.over:
            break
        view, legal = game.view(game.actor), game.legal_actions()
        action = players[game.actor].choose(view, legal)
        if game.actor == 0 and isinstance(action, Accuse):
            break           # keep hard in the game to read its odds
        game.apply(action)
    return game, players


def fitted(game, hard: HardPlayer) -> dict[tuple[int, bool], float]:
    """(opponent, named a room) -> its fitted odds, from hard's view now."""
    view = game.view(0)
    know = hard.knowledge(view)
    return {(o, c in ROOMS): weights[0] for c, o, _, weights in hard.naming_odds(view, know)}


def test_each_opponent_gets_its_own_odds():
    """Against a hunter (names only cards it has not located, never its own)
    and a player that names its own suspect and weapon, the same hard fits
    odds below 1 to the first and above 1 to the second, for suspects and
    weapons, from what it saw in one game."""
    found = 0
    for seed in (3, 4, 5):
        game, players = play(seed, ("hard", "hunter", "medium"), swap={2: OwnCardNamer(seed)})
        odds = fitted(game, players[0])
        seats = [s for s in range(1, 3) if not game.view(0).eliminated[s]]
        if (1, False) not in odds or (2, False) not in odds or len(seats) < 2:
            continue
        found += 1
        assert odds[(1, False)] < 0.8, odds
        assert odds[(2, False)] > 1.25, odds
    assert found >= 2


def test_stated_odds_are_the_exact_count_when_off_and_differ_when_read():
    """With ``read_table`` off, the stated probability is the exact count;
    on, against two hunters (who point at the envelope), it is higher for
    the guess at most moments and never outside 0-1; the same view states the
    same odds twice (seeded draws) and the player's own random choices are
    untouched."""
    higher = lower = 0
    for seed in (1, 2, 3, 4):
        game, players = play(seed, ("hard", "hunter", "hunter"), actions=120)
        hard = players[0]
        view = game.view(0)
        know = hard.knowledge(view)
        if know.solution() is not None:
            continue
        guess, _ = know.best_guess()
        exact = hard.exact_odds(know, guess)
        state = hard.rng.getstate()
        read = hard.stated_odds(view, know, guess)
        assert hard.rng.getstate() == state
        assert read == hard.stated_odds(view, know, guess)
        assert 0.0 <= read <= 1.0
        hard.read_table = False
        assert hard.stated_odds(view, know, guess) == exact
        higher += read > exact + 1e-9
        lower += read < exact - 1e-9
    assert higher >= 2 and higher > lower


def test_reliability_table_bins_and_judges():
    """bench_calibration's table: a bin of 60 moments stated 0.62 and right
    39 times (65 %) is within 5 points; stated 0.52 and right 42 of 60 (70 %)
    is off; a bin of 10 is not judged; 1.0 falls in the top bin."""
    from benchmarks.bench_calibration import reliability

    moments = [(0.62, i < 39) for i in range(60)] + [(0.52, i < 42) for i in range(60)]
    moments += [(0.25, True)] * 10 + [(1.0, True)]
    rows = {label: (n, round(mean, 3), round(rate, 3), verdict) for label, n, mean, rate, _, _, verdict
            in reliability(moments)}
    assert rows == {"0.2-0.3": (10, 0.25, 1.0, "--"), "0.5-0.6": (60, 0.52, 0.7, "OFF"),
                    "0.6-0.7": (60, 0.62, 0.65, "ok"), "0.9-1.0": (1, 1.0, 1.0, "--")}



def test_a_hunter_is_read_as_pointing_at_the_envelope():
    """A hunter names only cards it has not located: hard fits it, for
    suspects and weapons, a weight below 1 for its own cards in every game
    and above 1 for the envelope in most; the weights are per place
    (:attr:`HardPlayer.PLACES`: own hand, envelope, a hand that answered it
    on that card before, elsewhere)."""
    assert HardPlayer.PLACES == ("own", "envelope", "shown", "elsewhere")
    found = pointing = 0
    for seed in range(3, 9):
        game, players = play(seed, ("hard", "hunter", "medium"))
        view = game.view(0)
        hard = players[0]
        weights = {(o, c in ROOMS): w for c, o, _, w in hard.naming_odds(view, hard.knowledge(view))}
        if (1, False) not in weights:
            continue
        found += 1
        own, env, _, _ = weights[(1, False)]
        assert own < 0.9, weights[(1, False)]
        pointing += env > 1.0
    assert found >= 5 and pointing >= 4, (found, pointing)


def test_the_calibration_benchmark_measures_a_variant_and_refuses_a_seat_that_is_not_hard(capsys):
    """bench_calibration's ``--hard`` seats hard with settings (a variant
    measured on the same deals) and names it in the table's title; a setting
    hard does not have, or a seat that is not hard, is refused with a message
    naming ``--hard`` and exit status 2, before any game is played."""
    from benchmarks.bench_calibration import main

    args = ["--yardsticks", "hunter", "--games", "1", "--workers", "1"]
    assert main(args + ["--hard", "hard@table_refits=1"]) in (0, 1)
    out = capsys.readouterr().out
    assert out.startswith("hard@table_refits=1 vs 2 hunter, 3 players, seed 1\n"), out
    assert "hard won " in out and " of 1: " in out
    assert main(args + ["--hard", "hard@no_such_knob=1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("--hard hard@no_such_knob=1: ") and "no_such_knob" in err
    assert main(args + ["--hard", "medium"]) == 2
    captured = capsys.readouterr()
    assert "--hard medium: the seat must be hard" in captured.err and captured.out == ""
    assert main(args + ["--also", "hard@table_fitted=0", "medium"]) == 2
    captured = capsys.readouterr()
    assert "--also medium: the seat must be hard" in captured.err and captured.out == ""


def test_the_calibration_benchmark_pairs_a_variants_brier_score_game_by_game():
    """``paired_brier``: the variant's Brier score minus the seat's over every
    moment, and its standard error with each game's moments summed as one
    draw (two games: -0.19 and +0.03 summed over three moments)."""
    from benchmarks.bench_calibration import paired_brier

    games = [[(0.5, True, False, (0.7,)), (0.2, False, False, (0.1,))], [(0.9, True, True, (0.8,))]]
    d, se = paired_brier(games, 0)
    assert abs(d - (-0.16 / 3)) < 1e-12
    assert abs(se - (2 * 0.0242) ** 0.5 / 3) < 1e-12
    assert paired_brier([[], []], 0) == (0.0, 0.0)


def _after_first_answer(seed: int):
    """Hard (seat 0) against two hunters on deal ``seed``, at its first choice
    after a suggestion of its own was answered by a card while another card it
    named, ``x``, is still in doubt: ``(hard, view, know, guess)`` with
    ``guess`` its best guess with ``x`` in place of that pile's card, or None
    when the game never gets there."""
    game, players = seated_game(seed, ("hard", "hunter", "hunter"), 0)
    hard = players[0]
    hard.table_samples = 4000       # the guesses are unlikely this early: enough draws each side
    for _ in range(MAX_ACTIONS):
        if game.over:
            return None
        view, legal = game.view(game.actor), game.legal_actions()
        if game.actor == 0:
            know = hard.knowledge(view)
            mine = [q for q in hard.tracker.record.questions if q.asker == 0 and q.shown is not None]
            if mine and know.solution() is None:
                q = mine[-1]
                others = [x for x in q.cards if x != q.shown and know.certain_owner(x) is None]
                if others:
                    x = others[0]
                    guess, _ = know.best_guess()
                    pile = next(p for p in (SUSPECTS, WEAPONS, ROOMS) if x in p)
                    return hard, view, know, tuple(x if g in pile else g for g in guess)
        action = players[game.actor].choose(view, legal)
        if game.actor == 0 and isinstance(action, Accuse):
            return None
        game.apply(action)
    return None


def test_a_card_shown_to_hard_makes_the_other_named_cards_likelier_in_the_envelope():
    """When an opponent shows hard one of the cards it named, the shower chose
    among the named cards it holds: a deal in which it held two of them made
    that card half as likely to be the one shown.  So the other named cards
    are less likely in its hand than the plain count of deals says, and a
    guess naming one of them is stated likelier with ``show_choice`` than
    without (6 seeded games, each at its first such moment)."""
    found = 0
    for seed in (1, 2, 3, 4, 6, 8):
        got = _after_first_answer(seed)
        if got is None:
            continue
        hard, view, know, guess = got
        on = hard.stated_odds(view, know, guess)
        hard.show_choice = False
        off = hard.stated_odds(view, know, guess)
        assert 0.0 < off < on < 1.0, (seed, guess, on, off)
        found += 1
    assert found >= 5


def test_a_name_is_a_choice_among_the_whole_pile():
    """Each name is one pick among the pile's cards, so a deal also owes it
    the namer's total weight over the pile: a namer that shuns its own cards
    (own 0.1, envelope 3, shown 0.5, elsewhere 1) and holds three of six
    suspects picked among less weight (0.3 + 3 + 2 = 5.3) than when it holds
    one (0.1 + 3 + 4 = 7.1), so the deal where it holds three explains the
    name better by 7.1 / 5.3."""
    weights = [0.1, 3.0, 0.5, 1.0]
    three = HardPlayer.pile_log(weights, [0, 0, 0, 1, 3, 3])
    one = HardPlayer.pile_log(weights, [0, 1, 3, 3, 3, 3])
    assert abs(three - -math.log(5.3)) < 1e-12 and abs(one - -math.log(7.1)) < 1e-12
    assert abs((three - one) - math.log(7.1 / 5.3)) < 1e-12


def test_the_whole_pile_moves_the_stated_odds():
    """Against two hunters, reading each name as a pick among the whole pile
    (``whole_pile``) moves hard's stated odds for its best guess at every
    moment checked that has names to read (and keeps them in 0-1, the same
    twice for the same view); off, they are the per-name reading alone."""
    moved = checked = 0
    for seed in range(1, 9):
        game, players = play(seed, ("hard", "hunter", "hunter"), actions=100)
        hard = players[0]
        view = game.view(0)
        know = hard.knowledge(view)
        if know.solution() is not None or not hard.naming_odds(view, know):
            continue
        guess, _ = know.best_guess()
        on = hard.stated_odds(view, know, guess)
        assert 0.0 <= on <= 1.0 and on == hard.stated_odds(view, know, guess)
        hard.whole_pile = False
        off = hard.stated_odds(view, know, guess)
        checked += 1
        moved += abs(on - off) > 1e-6
    assert checked >= 4 and moved == checked, (checked, moved)


def test_each_naming_style_scores_a_random_pick_as_one():
    """The naming styles an opponent is read with (:meth:`HardPlayer._styles`):
    the fitted weights as they are, and each fixed style of
    :attr:`HardPlayer.STYLES` scaled so that a random pick (the ``bases``
    shares: here a hand of 6 of 21 cards, the envelope's 2 of 15 suspects
    and weapons, 10 % seen) scores 1 on average; all alike likely before the
    game.  Off, only the fitted weights remain, with all the prior.  By
    default the fitted weights are left out (the styles alone read the names
    better against every yardstick: docs/levels.md)."""
    hard = HardPlayer(0)
    assert hard.table_styles and not hard.table_fitted
    hard.table_fitted = True
    bases = {(1, False): (6 / 21, 2 / 15, 0.058, 1 - 6 / 21 - 2 / 15 - 0.058)}
    fitted = {(1, False): (0.2, 2.0, 0.5, 1.1)}
    styles = hard._styles(fitted, bases)
    assert len(styles) == 1 + len(HardPlayer.STYLES) == 4
    assert styles[0][1][1, False] == fitted[1, False]
    for prior, ws, logs in styles:
        assert abs(prior - math.log(1 / 4)) < 1e-12
        assert all(abs(math.log(w) - lg) < 1e-12 for w, lg in zip(ws[1, False], logs[1, False], strict=True))
    for raw, (_, ws, _) in zip(HardPlayer.STYLES, styles[1:], strict=True):
        w = ws[1, False]
        assert abs(sum(x * b for x, b in zip(w, bases[1, False], strict=True)) - 1.0) < 1e-12
        assert abs(w[0] / w[3] - raw[0] / raw[3]) < 1e-12
    hard.table_styles = False
    (prior, ws, _), = hard._styles(fitted, bases)
    assert prior == 0.0 and ws == fitted
    # the styles alone: the fitted weights left out, each of the three styles a third likely
    hard.table_styles, hard.table_fitted = True, False
    alone = hard._styles(fitted, bases)
    assert [ws for _, ws, _ in alone] == [ws for _, ws, _ in styles[1:]]
    assert all(abs(prior - math.log(1 / 3)) < 1e-12 for prior, _, _ in alone)
    hard.table_styles = False
    (prior, ws, _), = hard._styles(fitted, bases)
    assert prior == 0.0 and ws == fitted


def test_each_opponent_is_read_by_the_style_its_names_fit():
    """Against a hunter (names only cards it has not located) and a player
    that names its own suspect and weapon, hard's reading gives, in every
    game checked, the hunter at least 0.3 of its chance on "names only cards
    it has not located" (the second of :attr:`HardPlayer.STYLES`) and under
    0.05 on "names its own cards" (the third), and the own-card namer under
    0.01 on the second and over 0.1 on the third; each opponent's chances (one
    per style, the fitted weights left out by default) sum to 1."""
    found = 0
    for seed in range(3, 13):
        game, players = play(seed, ("hard", "hunter", "medium"), swap={2: OwnCardNamer(seed)}, actions=110)
        hard = players[0]
        view = game.view(0)
        know = hard.knowledge(view)
        if know.solution() is not None or view.eliminated[1] or view.eliminated[2]:
            continue
        guess, _ = know.best_guess()
        chances: dict[int, list[float]] = {}
        hard.stated_odds(view, know, guess, styles_out=chances)
        if set(chances) != {1, 2}:
            continue
        found += 1
        assert all(abs(sum(c) - 1.0) < 1e-9 and len(c) == len(HardPlayer.STYLES) for c in chances.values()), chances
        hunter, namer = chances[1], chances[2]
        assert hunter[1] >= 0.3 and hunter[2] < 0.05, chances
        assert namer[1] < 0.01 and namer[2] > 0.1, chances
    assert found >= 5
