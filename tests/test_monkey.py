"""The monkey test at a size for CI (the long run: ``python -m game.soak``)."""

from __future__ import annotations

import pytest

from game.soak import soak


@pytest.mark.parametrize("seed", [1, 2])
def test_monkey_short(seed):
    report = soak(1000, seed)
    assert report.exceptions == []
    assert report.events == 1000
    assert len(report.scenes) >= 4  # title, setup or board, and overlays were reached


@pytest.mark.slow
def test_monkey_long():
    report = soak(50000, 7)
    assert report.exceptions == []
