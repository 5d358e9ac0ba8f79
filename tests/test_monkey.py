"""The monkey test at a size for CI (the long run: ``python -m game.commands.soak``)."""

from __future__ import annotations

import pytest

from game.commands.soak import all_scene_names, soak


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


def test_card_fast_forward_declines_for_people_asked_to_join():
    # the monkey's card episodes play on with stand-ins; when a computer accuses, a
    # person asked to join declines (before: the stand-in asked out of turn, an error)
    from game.cardgame.engine import Decline
    from game.ui.screenshots.card_screens import card_advance, card_match

    # tables where a person's stand-in knew the answer when asked to join (found by search)
    for players, people, seed in ((3, 2, 4), (4, 1, 28), (4, 3, 6), (4, 3, 18)):
        match = card_match(seed, humans=people, players=players, advanced=bool(seed % 2))
        card_advance(match, lambda g: False)
        assert match.game.over                      # played to the end, no illegal action on the way
        assert any(isinstance(a, Decline) for a in match.game.actions)
