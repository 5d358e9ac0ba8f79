"""The preset picker: the Rules page of New game, the board under
every rule option, and Continue keeping the options."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules import events as ev  # noqa: E402
from game.rules.actions import Accuse, Roll  # noqa: E402
from game.rules.cards import SUSPECTS  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.rules.options import PRESETS, Options, preset_options  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.gameover import GameOverScene  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402
from game.ui.scenes.rules import BOTTOM, SWITCHES, RulesScene, rules_line, split_options  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402
from tests.test_ui import DT, app, click, key, run_until, start_match, wait_guard  # noqa: E402,F401

ALL_COMPUTERS = ("scarlet", "mustard", "white", "peacock")


def open_setup(app: App) -> SetupScene:
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                                      # New game
    s = app.top
    assert isinstance(s, SetupScene)
    return s


def all_computers(app: App, s: SetupScene) -> None:
    for i, seat in enumerate(s.seats):
        if seat[1] == "human":
            click(app, s.row_buttons[i][1].rect.center)            # Person -> Computer


# ------------------------------------------------------------ picking
@pytest.mark.parametrize("preset", tuple(PRESETS))
def test_each_preset_by_mouse_reaches_the_match(app, preset):
    s = open_setup(app)
    assert s.rules_button.label == "Rules: Classic (U.S.)"
    click(app, s.rules_button.rect.center)
    r = app.top
    assert isinstance(r, RulesScene)
    click(app, r.preset_buttons[preset].rect.center)
    assert r.preset_buttons[preset].selected and s.preset == preset
    click(app, r.done_button.rect.center)
    assert app.top is s and s.rules_button.label == f"Rules: {PRESETS[preset].title}"
    click(app, s.start_button.rect.center)
    board = app.top
    assert isinstance(board, BoardScene)
    assert board.match.game.options == PRESETS[preset].options


@pytest.mark.parametrize("switch", SWITCHES)
def test_each_house_switch_by_keyboard_reaches_the_match(app, switch):
    s = open_setup(app)
    s.focus.focus_on(s.rules_button)
    key(app, pygame.K_RETURN)                                      # Rules...
    r = app.top
    assert isinstance(r, RulesScene)
    target = r.switch_buttons[switch]
    for _ in range(12):                                            # walk down with the arrows to the switch
        if r.focus.focused is target:
            break
        key(app, pygame.K_DOWN)
    assert r.focus.focused is target
    key(app, pygame.K_RETURN)                                      # switch it on
    assert s.house == (switch,) and r.switch_buttons[switch].selected
    key(app, pygame.K_ESCAPE)                                      # back to the seats, the choice kept
    assert app.top is s and s.house_label.text == "+ 1 house rule"
    click(app, s.start_button.rect.center)
    assert app.top.match.game.options == preset_options("classic", (switch,))


def test_every_switch_and_back_off(app):
    s = open_setup(app)
    s.open_rules()
    r = app.top
    r.pick("cluedo-es")
    for name in SWITCHES:
        click(app, r.switch_buttons[name].rect.center)
    assert s.options() == preset_options("cluedo-es", SWITCHES)
    click(app, r.switch_buttons["stay"].rect.center)               # and off again
    assert s.options() == preset_options("cluedo-es", ("two-dice", "up-to", "accuse-in-room"))
    assert r.switch_buttons["two-dice"].label == "Two dice" and r.switch_buttons["stay"].label == "Stay to suggest: off"


def test_rules_line_says_the_active_rules():
    assert rules_line(Options()) == "Rules: Classic (U.S.)"
    assert rules_line(preset_options("cluedo-es", ("two-dice", "up-to"))) == \
        "Rules: Cluedo (Spain), Two dice, Move: up to the roll"
    assert split_options(preset_options("classic", ("stay",))) == ("classic", ("stay",))
    odd = Options(weapon_rooms="any")                              # no preset makes it: every difference
    assert split_options(odd) == (None, ())
    assert rules_line(odd).startswith("Rules: Weapons' starting rooms: any")


# ------------------------------------------------------- whole games
def _play_through_ui(app: App, preset: str, house: tuple[str, ...]) -> BoardScene:
    s = open_setup(app)
    all_computers(app, s)
    s.open_rules()
    r = app.top
    click(app, r.preset_buttons[preset].rect.center)
    for h in house:
        click(app, r.switch_buttons[h].rect.center)
    key(app, pygame.K_ESCAPE)
    click(app, s.start_button.rect.center)
    board = app.top
    assert isinstance(board, BoardScene) and not board.match.humans
    assert board.game.options == preset_options(preset, house)
    return board


def test_cluedo_es_game_by_computers_reaches_game_over(app):
    board = _play_through_ui(app, "cluedo-es", ())
    played = {c.suspect for c in board.match.setup.seats}
    assert set(board.game.positions) == played == set(board.shown_pos)   # only the played suspects have tokens
    assert len(played) < len(SUSPECTS)
    run_until(app, lambda: isinstance(app.top, GameOverScene), steps=40000, dt=0.5, draw=False)
    assert board.game.over
    app.draw()
    assert set(board.shown_pos) == played


def test_two_dice_up_to_game_by_computers_reaches_game_over(app):
    board = _play_through_ui(app, "classic", ("two-dice", "up-to"))
    assert len(board.die_centres()) == 2
    seen = set()
    for _ in range(40000):
        if isinstance(app.top, GameOverScene):
            break
        app.step(0.5, draw=False)
        if board.dice_faces:
            seen.add(len(board.dice_faces))
    assert board.game.over and seen == {2}
    rolls = [e for e in board.game.events if isinstance(e, ev.DieRolled)]
    assert rolls and all(len(e.dice) == 2 for e in rolls)
    app.draw()


def test_two_dice_show_two_faces_and_up_to_lights_every_reachable_square(app):
    setup = GameSetup(seats=(SeatConfig("scarlet", "human"),) + tuple(SeatConfig(s, "computer", "easy")
                                                                     for s in ("mustard", "white")),
                      seed=5, options=preset_options("classic", ("two-dice", "up-to")))
    board = start_match(app, setup)
    run_until(app, lambda: board.human_to_act and board.game.phase is Phase.START)
    wait_guard(app)
    board.do(Roll())
    run_until(app, lambda: not board.busy)
    g = board.game
    assert len(board.dice_faces) == 2 and sum(board.dice_faces) == g.roll
    dests = set(g.moves())
    assert g.phase is Phase.MOVE and len(dests) > 1
    near = [d for d in dests if not isinstance(d, str) and
            abs(d[0] - g.positions["scarlet"][0]) + abs(d[1] - g.positions["scarlet"][1]) == 1]
    assert near, "a square one step away is lit when moving up to the roll"
    app.draw()
    layer, at = board._highlight
    for d in dests:                                                # every reachable square is lit
        sq = d if not isinstance(d, str) else next(iter(g.board.rooms[d].squares))
        r = board.view.square_rect(sq).move(-board.view.origin[0] - at[0], -board.view.origin[1] - at[1])
        assert layer.get_at(r.center)[3] > 0, d
    exact = GameSetup(seats=setup.seats, seed=5, options=preset_options("classic", ("two-dice",)))
    assert len(dests) > 0 and exact.options.exact_roll and not g.options.exact_roll


def test_last_player_standing_has_its_own_game_over_sentence(app):
    setup = GameSetup(seats=tuple(SeatConfig(s, "computer") for s in ("scarlet", "mustard", "white")), seed=2,
                      options=preset_options("cluedo-es"))
    match = Match(app.board, setup)
    g = match.game
    s, w, r = g.envelope
    wrong = next(x for x in SUSPECTS if x != s)
    for _ in range(2):                                             # two players accuse wrongly at once
        g.apply(Accuse(wrong, w, r))
        while not g.over and g.phase is not Phase.START:
            from game.rules.actions import EndTurn
            g.apply(EndTurn())
    assert g.over and g.winner is not None
    won = [e for e in g.events if isinstance(e, ev.GameWon)]
    assert won and won[-1].last_standing
    over = GameOverScene(app, match)
    assert over.last_standing and over.title.endswith("wins: everyone else is out!")
    normal = Match(app.board, GameSetup(seats=setup.seats, seed=2))
    normal.game.apply(Accuse(*normal.game.envelope))
    assert GameOverScene(app, normal).title.endswith("solved the case!")


# ------------------------------------------------------------- layout
@pytest.mark.parametrize("lang", ("en", "es", "ca"))
@pytest.mark.parametrize("size", ("normal", "large"))
def test_rules_page_fits(lang, size):
    from game.storage.settings import Settings
    from game.ui.draw import theme

    a = App(seed=11, sound=False, speed=20.0, threaded_ai=False, settings=Settings(language=lang, text_size=size))
    a.start()
    try:
        s = SetupScene(a)
        a.push(s)
        for preset in PRESETS:
            for house in ((), SWITCHES):
                s.preset, s.house = preset, house
                s._build()
                r = RulesScene(a, s)
                items = r.widgets()
                for w in items:
                    assert w.text_width() <= w.available_width(), (lang, size, getattr(w, "label", None)
                                                                  or w.text)
                    assert w.size >= theme.SMALL
                    assert w.rect.bottom <= BOTTOM and w.rect.right <= 1280
                rects = [w.rect.inflate(6, 6) if hasattr(w, "label") else w.rect for w in items]
                for i, x in enumerate(rects):
                    for j in range(i + 1, len(rects)):
                        assert not x.colliderect(rects[j]), (lang, size, items[i], items[j])
                for w in s.widgets():                              # the seats page with its Rules button
                    assert w.text_width() <= w.available_width(), (lang, size, getattr(w, "label", None))
                a.push(r)
                a.draw()
                a.pop(r)
    finally:
        a.close()
        theme.set_text_scale(1.0)


# ------------------------------------------------------------- resume
def test_continue_keeps_the_options(tmp_path):
    from tests.test_resume import new_app

    path = tmp_path / "autosave.json"
    options = preset_options("cluedo-es", ("two-dice", "up-to", "stay", "accuse-in-room"))
    a = new_app(path)
    try:
        setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("plum", "computer", "medium"),
                                 SeatConfig("green", "computer", "easy")), seed=4, options=options)
        board = start_match(a, setup)
        run_until(a, lambda: board.human_to_act, draw=False)
        assert path.exists()
    finally:
        a.close()
    b = new_app(path)
    try:
        assert b.store.continue_game()
        board = b.find(BoardScene)
        assert board.game.options == options
        assert set(board.shown_pos) == {"scarlet", "plum", "green"}
        assert len(board.die_centres()) == 2
        assert "Two dice" in " ".join(board._rules_lines())
        b.draw()
    finally:
        b.close()
