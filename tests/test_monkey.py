"""The monkey test at a size for CI (the long run: ``python -m game.soak``)."""

from __future__ import annotations

import pytest

from game.soak import all_scene_names, soak


@pytest.mark.parametrize("seed", [1, 2])
def test_monkey_short(seed):
    report = soak(1000, seed)
    assert report.exceptions == []
    assert report.events == 1000
    assert len(report.scenes) >= 4  # title, setup or board, and overlays were reached


@pytest.mark.parametrize("seed", [1, 2])
def test_monkey_plays_every_mode(seed):
    # short episodes, so one round of them (board game, card game, lesson, menus) fits
    report = soak(700, seed, episode_events=(100, 150))
    assert report.exceptions == []
    assert {k for k, n in report.episodes.items() if n} >= {"board", "card", "lesson", "menus"}
    assert report.scenes["CardTableScene"] > 0 and report.scenes["BoardScene"] > 0
    assert report.modes["card game"] > 0 and report.modes["board game"] > 0 and report.modes["lesson"] > 0
    assert report.modes["menus"] > 0


def test_every_scene_is_known_to_the_monkey():
    names = all_scene_names()
    for n in ("TitleScene", "BoardScene", "CardTableScene", "CardPickerScene", "RevealScene", "CrimeScene",
              "LessonChoice", "ErrorScene", "UnpluggedScene", "GameOverScene", "CardGameOverScene"):
        assert n in names
    assert "Scene" not in names and len(names) == len(set(names)) >= 30


@pytest.mark.slow
def test_monkey_long():
    report = soak(50000, 7)
    assert report.exceptions == []
    assert report.unvisited() == []
