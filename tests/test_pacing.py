"""The table's pace: a computer turn, from its start to
the next player's turn (thinking, log pauses, die, walk and glides included),
has a median of at most 2.5 s at normal speed, 1 s fast and next to nothing
at instant, in both games.  Measured on the real table scenes with a fake
clock (:mod:`benchmarks.bench_pacing`: fixed ``dt``, no sleeping, the
computer's choice made synchronously), so the seconds are simulated ones and
mean the same on a busy machine."""

from __future__ import annotations

import os
import statistics

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from benchmarks.bench_pacing import DT, board_table, card_table, turn_seconds  # noqa: E402
from game.ui.bases.pacing import COMPUTER_PAUSE, COMPUTER_PAUSES, computer_pause  # noqa: E402
from game.ui.draw import anim  # noqa: E402

#: Seconds: the median goal of a computer turn per speed setting.
GOALS = {anim.NORMAL: 2.5, anim.FAST: 1.0, anim.INSTANT: 0.1}


@pytest.mark.parametrize("speed", [anim.NORMAL, anim.FAST, anim.INSTANT])
@pytest.mark.parametrize("make", [board_table, card_table], ids=["board", "cards"])
def test_computer_turn_median_meets_the_goal(make, speed):
    seconds = [t for seed in (1, 2, 3) for t in turn_seconds(make, seed, speed, max_turns=15)]
    assert len(seconds) >= 8                                           # whole turns were measured
    median = statistics.median(seconds)
    assert median <= GOALS[speed], (median, sorted(seconds))
    if speed == anim.INSTANT:
        assert median <= 6 * DT                                        # a few frames: no pause, no animation


def test_turns_still_take_a_readable_moment():
    """Dead time is dropped, not the reading: a computer turn at normal speed
    still lasts long enough to follow (each decision line has its pause)."""
    seconds = [t for seed in (1, 2) for t in turn_seconds(board_table, seed, anim.NORMAL, max_turns=10)]
    assert statistics.median(seconds) >= 1.0
    cards = [t for seed in (1, 2) for t in turn_seconds(card_table, seed, anim.NORMAL, max_turns=10)]
    assert statistics.median(cards) >= 1.0


def test_computer_pause_by_phase():
    from game.cardgame.engine import Phase as CardPhase
    from game.rules.engine import Phase

    assert computer_pause(Phase.MOVE) == COMPUTER_PAUSES["move"]
    assert computer_pause(CardPhase.ASK) == COMPUTER_PAUSES["ask"]
    assert computer_pause("no such phase") == COMPUTER_PAUSE
    assert all(0 < s <= COMPUTER_PAUSE * 1.5 for s in COMPUTER_PAUSES.values())


def test_long_walks_are_faster_per_square():
    short = anim.Walk("scarlet", [(0, 0), (1, 0), (2, 0)])
    long = anim.Walk("scarlet", [(i, 0) for i in range(13)])
    assert short.duration == pytest.approx(2 * anim.STEP_TIME)
    assert long.duration == pytest.approx(anim.WALK_MAX_TIME) and long.duration < 12 * anim.STEP_TIME
    assert anim.Walk("scarlet", [(i, 0) for i in range(13)], anim.FAST).duration == pytest.approx(
        anim.WALK_MAX_TIME / anim.FAST)
