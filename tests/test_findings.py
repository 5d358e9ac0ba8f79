"""Tester findings: hurry-Enter carried into a person's turn, key capture under
the unplug screen, Esc/Enter always working, leaving the setup and quitting
only after a question, speed and sound kept in the settings."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules import events as ev  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.storage.settings import Settings, load_settings, save_settings  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.picker import PickerScene  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402
from game.ui.draw import anim  # noqa: E402
from game.ui.scenes.confirm import ConfirmScene  # noqa: E402
from game.ui.scenes.controls import ControlsScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from game.ui.scenes.unplugged import UnpluggedScene  # noqa: E402
from game.ui.shell.input import Kind  # noqa: E402
from tests.test_controllers import A, B, _people, plug, press, unplug  # noqa: E402
from tests.test_ui import DT, _match_at, act_for_people, key, wait_guard  # noqa: E402


@pytest.fixture
def app(tmp_path):
    a = App(seed=11, sound=False, speed=20.0, threaded_ai=False, settings_path=tmp_path / "settings.json")
    a.start()
    yield a
    a.close()


# ------------------------------------------------ 1. hurry-Enter guard
def test_hurry_enter_does_not_play_the_persons_turn(app):
    match = _match_at(app, lambda g: g.turn == 1 and g.phase is Phase.START and len(g.events) > 40)
    board = BoardScene(app, match)
    app.push(board)
    g = match.game
    for _ in range(600):                          # Enter held down through the computer turns
        if board.human_to_act and g.turn == 0 and g.phase is Phase.START:
            break
        if app.top is board:
            key(app, pygame.K_RETURN)
        else:
            act_for_people(app)                   # she shows a card meanwhile
    assert board.human_to_act and g.actor == 0 and g.phase is Phase.START
    n = len(g.events)
    for _ in range(5):                            # still pressing: nothing happens to her turn
        key(app, pygame.K_RETURN)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=board.view.rect.center, button=1))
    app.step(DT)
    assert len(g.events) == n and g.phase is Phase.START and app.top is board
    wait_guard(app)
    key(app, pygame.K_RETURN)                     # a deliberate press rolls
    assert any(isinstance(e, ev.DieRolled) for e in g.events[n:])


def test_suggestion_picker_survives_a_held_enter(app):
    match = _match_at(app, lambda g: g.turn == 0 and g.phase is Phase.SUGGEST)
    board = BoardScene(app, match)
    app.push(board)
    app.step(DT)
    picker = app.top
    assert isinstance(picker, PickerScene) and picker.mode == "suggest"
    # the first choice is focused (a child who cannot read hears it), yet Enter held from the
    # board (key repeat) picks nothing: only a fresh press does
    assert picker.focus.focused is not None and picker.choice["suspect"] is None and picker.choice["weapon"] is None
    # 3 s of Enter held down (its auto-repeat: key downs, no key up): nothing is picked, nothing suggested
    for _ in range(30):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        app.step(0.1)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.step(0.1)
    assert app.top is picker and picker.choice["suspect"] is None
    assert not any(isinstance(e, ev.SuggestionMade) and e.player == 0 for e in match.game.events)
    key(app, pygame.K_RIGHT)                      # a deliberate choice works
    key(app, pygame.K_RETURN)
    assert picker.choice["suspect"] is not None


# ------------------------------------------- 2. capture under the unplug screen
def test_unplug_screen_cancels_a_key_capture(app):
    board = _people(app)
    app.push(MenuScene(app, board))
    app.push(ControlsScene(app))
    controls = app.top
    row = next(r for r in controls.rows if r.data is Kind.NOTEBOOK)
    controls.focus.focus_on(row)
    key(app, pygame.K_RETURN)
    assert controls.waiting is Kind.NOTEBOOK and app.router.capture is not None
    unplug(app, 2)                                # a seated pad goes away
    assert isinstance(app.top, UnpluggedScene)
    assert app.router.capture is None and controls.waiting is None
    keys_before = dict(app.router.input.keys)
    key(app, pygame.K_k)                          # this key is not a new binding
    assert app.router.input.keys == keys_before and app.router.input.keymap.get(pygame.K_k) is None


# -------------------------------------------------- 3. Esc and Enter reserved
def test_esc_and_enter_always_work_after_remapping(app, tmp_path):
    app.push(ControlsScene(app))
    controls = app.top
    back_row = next(r for r in controls.rows if r.data is Kind.BACK)
    controls.focus.focus_on(back_row)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_q)                          # Back is now Q ...
    assert app.router.input.keys["back"] == ["q"]
    assert "Esc" in back_row.keys_text() and "Q" in back_row.keys_text()
    confirm_row = next(r for r in controls.rows if r.data is Kind.CONFIRM)
    controls.focus.focus_on(confirm_row)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_k)                          # ... and Confirm is K
    keymap = app.router.input.keymap
    assert keymap[pygame.K_RETURN] is Kind.CONFIRM and keymap[pygame.K_ESCAPE] is Kind.BACK
    note_row = next(r for r in controls.rows if r.data is Kind.NOTEBOOK)
    controls.focus.focus_on(note_row)
    key(app, pygame.K_RETURN)                     # Enter still confirms: waits for a key
    assert controls.waiting is Kind.NOTEBOOK
    key(app, pygame.K_RETURN)                     # Enter cannot become the notebook key
    assert app.router.input.keys["notebook"] == ["n"] and "Enter" in controls.message
    assert any("Esc (back) and Enter (confirm) always work" in line for line in controls.side_text())
    key(app, pygame.K_ESCAPE)                     # Esc still goes back, in a new session too
    assert isinstance(app.top, TitleScene)
    again = App(sound=False, settings_path=tmp_path / "settings.json")
    keymap = again.router.input.keymap
    assert keymap[pygame.K_ESCAPE] is Kind.BACK and keymap[pygame.K_q] is Kind.BACK
    again.close()


# ------------------------------------------------ 4. leaving the setup, quitting
def test_back_from_setup_keeps_joins_and_title_never_quits_at_once(app):
    plug(app, 1)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                     # New game
    setup = app.top
    assert isinstance(setup, SetupScene)
    press(app, 1, A)                              # pad 1 joins
    assert "pad:1" in setup.pads
    press(app, 1, B)                              # B asks first
    assert isinstance(app.top, ConfirmScene) and "Leave the setup" in app.top.question
    press(app, 1, B)                              # B again: No, the joins stay
    assert app.top is setup and "pad:1" in setup.pads
    press(app, 1, B)
    app.top.yes()                                 # Leave
    assert isinstance(app.top, TitleScene)
    title = app.top
    for _ in range(3):                            # B / Esc on the title ask first, B / Esc again: No
        press(app, 1, B)
        assert isinstance(app.top, ConfirmScene) and app.top.question == "Quit the game?"
        key(app, pygame.K_ESCAPE)
        assert app.running and app.top is title
    assert title.focus.focused is not title.quit_button      # the focus was not moved unsaid
    key(app, pygame.K_ESCAPE)                     # Quit asks
    assert isinstance(app.top, ConfirmScene) and app.top.question == "Quit the game?"
    key(app, pygame.K_RETURN)                     # No is focused first
    assert app.running and isinstance(app.top, TitleScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)                     # Yes
    assert not app.running


def test_back_from_setup_without_joins_needs_no_question(app):
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


# --------------------------------------------------- 5. speed and sound kept
def test_speed_and_sound_are_kept_in_the_settings(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(animation_speed="fast", volume=0.3, muted=False), path)
    a = App(sound=False, settings_path=path, threaded_ai=False)
    assert a.speed == anim.FAST
    assert a.sounds.volume == pytest.approx(0.3) and not a.sounds.muted
    a.start()
    key(a, pygame.K_RETURN)                       # Play
    board = a.find(BoardScene)
    a.push(MenuScene(a, board))
    menu = a.top
    assert menu.speed_button.label == "Speed: fast" and menu.sound_button.label == "Sound: on"
    menu.speed_button.press()                     # fast -> instant
    menu.sound_button.press()                     # sound off
    assert a.speed == anim.INSTANT and a.sounds.muted and menu.sound_button.label == "Sound: off"
    saved, err = load_settings(path)
    assert err is None and saved.animation_speed == "instant" and saved.muted
    a.close()
    b = App(sound=False, settings_path=path)
    assert b.speed == anim.INSTANT and b.sounds.muted
    b.close()
