"""Couch multiplayer with game controllers, driven by synthetic events.

No hardware is opened: pads are registered through the device layer
(``app.pads.on_added(instance_id, name)``, what the real CONTROLLERDEVICEADDED
handler calls after opening the device); everything after that — button
presses, stick motion, removal — arrives as synthetic pygame events carrying
the instance id, exactly like SDL's.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules import events as ev  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.storage.settings import load_settings  # noqa: E402
from game.ui.app import App, run_app  # noqa: E402
from game.ui.board.gameover import GameOverScene  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.board.notebook import NotebookScene  # noqa: E402
from game.ui.board.picker import PickerScene  # noqa: E402
from game.ui.board.private import DisproveScene, EnvelopeScene, ShownCardScene  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402
from game.ui.scenes.controls import ControlsScene  # noqa: E402
from game.ui.scenes.cover import CoverScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.message import MessageScene  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from game.ui.scenes.unplugged import UnpluggedScene  # noqa: E402
from game.ui.screenshots.screens import advance  # noqa: E402
from game.ui.shell import prompts  # noqa: E402
from game.ui.shell.input import REPEAT_DELAY, REPEAT_EVERY, InputHandler, Kind, Pads  # noqa: E402
from tests.inputs import key  # noqa: E402
from tests.inputs import pad_press as press  # noqa: E402

DT = 0.1
A, B = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B
UP, DOWN = pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN
LEFT, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT


@pytest.fixture
def app(tmp_path):
    a = App(seed=11, sound=False, speed=20.0, threaded_ai=False, settings_path=tmp_path / "settings.json")
    a.start()
    yield a
    a.close()


# ------------------------------------------------------------------ helpers
def plug(app: App, iid: int, name: str = "Test pad") -> str:
    """A pad appears (the device layer, as the real handler calls it); returns its device."""
    return app.pads.on_added(iid, name).device


def unplug(app: App, iid: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=iid))
    app.step(DT)


def wait_guard(app: App) -> None:
    guard = getattr(app.top, "guard", None)
    for _ in range(100):
        if guard is None or not guard.active:
            return
        app.step(DT, draw=False)
    raise AssertionError("input guard never ran out")


def pad_act(app: App, pad_of: dict[int, int]) -> None:
    """One step of whoever must act, with *their* pad only (``pad_of``: seat -> instance id)."""
    top = app.top
    seat = getattr(top, "seat", None)
    if isinstance(top, (CoverScene, MessageScene, EnvelopeScene)):
        wait_guard(app)
        press(app, pad_of.get(seat, next(iter(pad_of.values()))), A)
    elif isinstance(top, DisproveScene):
        wait_guard(app)
        press(app, pad_of[seat], RIGHT)
        press(app, pad_of[seat], A)
    elif isinstance(top, ShownCardScene):
        wait_guard(app)
        if not top.flip.done:
            press(app, pad_of[seat], A)              # finish the flip
        press(app, pad_of[seat], A)                  # Done - hide
    elif isinstance(top, PickerScene):
        for _ in range(4 if top.mode == "accuse" else 3):
            press(app, pad_of[seat], A)
    elif isinstance(top, BoardScene) and top.human_to_act:
        wait_guard(app)                  # a turn begins with a fresh press (people sharing the screen)
        iid = pad_of[top.game.actor]
        if top.game.phase is Phase.MOVE:
            press(app, iid, RIGHT)
        press(app, iid, A)
    else:
        app.step(DT, draw=False)


def run_until(app: App, cond, act=None, steps: int = 3000) -> None:
    for i in range(steps):
        if cond():
            return
        if act is not None:
            act()
        else:
            app.step(DT, draw=i % 25 == 0)
    raise AssertionError("condition never became true")


def board_of(app: App) -> BoardScene:
    b = app.find(BoardScene)
    assert b is not None
    return b


# -------------------------------------------------------------- the device layer
def test_stick_dead_zone_and_steady_repeat():
    pygame.init()
    pads = Pads()
    handler = InputHandler(lambda p: p, None, pads)
    pad = pads.on_added(7, "Stick pad")

    def axis(a, v):
        return handler.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=7, axis=a,
                                                    value=int(v * 32767)))

    assert axis(pygame.CONTROLLER_AXIS_LEFTX, 0.3) == []                   # inside the dead zone
    first = axis(pygame.CONTROLLER_AXIS_LEFTX, 0.8)
    assert [(i.kind, i.device) for i in first] == [(Kind.RIGHT, pad.device)]
    assert axis(pygame.CONTROLLER_AXIS_LEFTX, 0.9) == []                   # still the same push
    assert handler.update(REPEAT_DELAY - 0.01) == []
    assert [i.kind for i in handler.update(0.02)] == [Kind.RIGHT]          # repeats after the delay...
    assert [i.kind for i in handler.update(REPEAT_EVERY)] == [Kind.RIGHT]  # ...then at a steady rate
    assert len(handler.update(REPEAT_EVERY * 3)) == 3                      # dt-driven: same rate at any fps
    assert axis(pygame.CONTROLLER_AXIS_LEFTX, 0.1) == []                   # released
    assert handler.update(2.0) == []
    # the d-pad repeats too, until released
    handler.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=DOWN))
    assert [i.kind for i in handler.update(REPEAT_DELAY + 0.001)] == [Kind.DOWN]
    handler.translate(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=7, button=DOWN))
    assert handler.update(2.0) == []
    # events of unknown instance ids (or the other API's copy) are ignored
    assert handler.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=99, button=A)) == []
    assert handler.translate(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=7, button=0)) == []


def test_hot_plug_by_instance_id_never_crashes(app):
    # a device index that cannot be opened is ignored
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=42))
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=42))
    app.step(DT)
    assert len(app.pads) == 0
    d1, d2 = plug(app, 5), plug(app, 9)
    assert (app.pads.label(d1), app.pads.label(d2)) == ("Pad 1", "Pad 2")
    unplug(app, 5)
    unplug(app, 5)                                   # twice: nothing happens
    assert d1 not in app.pads and d2 in app.pads
    assert app.pads.label(plug(app, 12)) == "Pad 1"  # the lowest free number
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=9))
    app.step(DT)
    assert d2 not in app.pads


# ------------------------------------------------------------------ joining
def test_join_seats_with_pads_and_keyboard(app):
    plug(app, 1)
    plug(app, 2)
    press(app, 1, DOWN)                              # the title screen, with a pad: New game
    press(app, 1, A)
    setup = app.top
    assert isinstance(setup, SetupScene)
    press(app, 1, A)                                 # pad 1's first button joins: Miss Scarlet (a person)
    assert setup.pads[0] == "pad:1"
    press(app, 2, A)                                 # pad 2: the first computer seat becomes a person
    assert setup.seats[1][1] == "human" and setup.pads[1] == "pad:2"
    key(app, pygame.K_j)                             # the keyboard joins: the next computer seat
    assert setup.seats[2][1] == "human" and setup.pads[2] is None
    assert [lab.text for lab in setup.labels if lab.text in ("Pad 1", "Pad 2", "Keyboard")] == \
        ["Pad 1", "Pad 2", "Keyboard"]
    app.draw()
    setup.focus.focus_on(setup.start_button)
    press(app, 2, A)                                 # a seated pad presses Start
    board = app.top
    assert isinstance(board, BoardScene)
    assert board.match.devices == {0: "pad:1", 1: "pad:2"}
    assert board.match.kinds[:3] == ["human", "human", "human"]


def test_quick_start_with_a_pad_seats_that_pad(app):
    plug(app, 3)
    press(app, 3, A)                                  # Play
    assert board_of(app).match.devices == {0: "pad:3"}


# ---------------------------------------------------------- a turn by pad
def _two_pads(app: App, seed: int) -> tuple[BoardScene, dict[int, int]]:
    plug(app, 1)
    plug(app, 2)
    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "human"),
                             SeatConfig("white", "computer")), seed=seed)
    board = BoardScene(app, Match(app.board, setup, {0: "pad:1", 1: "pad:2"}))
    app.push(board)
    return board, {0: 1, 1: 2}


def test_whole_turn_with_the_pad_only(app):
    board, pad_of = _two_pads(app, seed=5)
    g = board.game
    other_hand = set(g.seats[1].hand)
    # everybody plays with their pads until Miss Scarlet (pad 1) starts a turn
    run_until(app, lambda: board.human_to_act and g.actor == 0 and g.phase is Phase.START,
              lambda: pad_act(app, pad_of))
    for _turn in range(40):                          # until she gets into a room to suggest
        run_until(app, lambda: board.human_to_act and g.actor == 0 and g.phase is Phase.START,
                  lambda: pad_act(app, pad_of))
        wait_guard(app)                              # her turn ignores presses for a moment
        n = len(g.events)
        press(app, 2, A)                             # pad 2 cannot roll for her
        assert len(g.events) == n
        press(app, 1, A)                             # pad 1: Roll the die
        assert any(isinstance(e, ev.DieRolled) for e in g.events[n:])
        run_until(app, lambda: board.human_to_act or app.top is not board)
        if g.phase is Phase.MOVE:
            press(app, 1, RIGHT)                     # the d-pad moves the destination cursor
            dests = list(g.moves())
            rooms = [i for i, d in enumerate(dests) if isinstance(d, str)]
            if rooms:
                board.cursor = rooms[0]              # aim at the room (as further presses would)
            press(app, 1, A)                         # go there
            assert any(isinstance(e, ev.TokenMoved) for e in g.events[n:])
        run_until(app, lambda: not board.busy or app.top is not board)
        app.step(DT)
        if isinstance(app.top, PickerScene):
            break
        run_until(app, lambda: g.actor != 0 or g.phase is not Phase.MOVE, lambda: pad_act(app, pad_of))
    picker = app.top
    assert isinstance(picker, PickerScene) and picker.mode == "suggest"
    wait_guard(app)                                  # opened by itself: a short guard, nothing focused
    press(app, 1, RIGHT)                             # the first press focuses the first card
    # suggest a card Colonel Mustard (pad 2) holds, so he must disprove in private
    target = next((c for c in picker.items["suspect"] if c.data in other_hand), None)
    cat = "suspect"
    if target is None:
        target, cat = next(c for c in picker.items["weapon"] if c.data in other_hand), "weapon"
    press(app, 2, A)                                 # pad 2 cannot pick for her
    assert picker.choice["suspect"] is None
    # each pick moves the focus on by itself, a new prompt that takes only a fresh press
    if cat == "suspect":
        for _ in range(picker.items["suspect"].index(target)):
            press(app, 1, RIGHT)
        press(app, 1, A)
        wait_guard(app)
        press(app, 1, A)                             # first weapon
    else:
        press(app, 1, A)                             # first suspect
        for _ in range(picker.items["weapon"].index(target)):
            press(app, 1, RIGHT)
        press(app, 1, A)
    wait_guard(app)
    press(app, 1, A)                                 # Suggest!
    assert any(isinstance(e, ev.SuggestionMade) for e in g.events)
    run_until(app, lambda: isinstance(app.top, CoverScene))
    cover = app.top
    assert cover.seat == 1
    wait_guard(app)
    press(app, 1, A)                                 # pad 1 cannot accept Mustard's cover
    assert app.top is cover
    press(app, 2, A)
    disprove = app.top
    assert isinstance(disprove, DisproveScene) and disprove.seat == 1
    wait_guard(app)
    for b in (RIGHT, A, B, A):                       # pad 1 presses during Mustard's private choice
        press(app, 1, b)
    assert app.top is disprove and disprove.focus.focused is disprove.cards[0]   # preselected, not moved
    n = len(g.events)
    press(app, 2, RIGHT)
    press(app, 2, A)                                 # Mustard shows a card with his pad
    shown = [e for e in g.events[n:] if isinstance(e, ev.CardShown)]
    assert shown and shown[0].by == 1 and shown[0].to == 0
    run_until(app, lambda: isinstance(app.top, (CoverScene, ShownCardScene)))
    pad_act(app, pad_of)                             # Scarlet accepts her cover, sees the card
    run_until(app, lambda: isinstance(app.top, ShownCardScene))
    pad_act(app, pad_of)
    run_until(app, lambda: board.human_to_act and app.top is board)
    assert g.actor == 0 and g.phase is Phase.AFTER
    labels = [b.label for b in board.focus.buttons]
    for _ in range(labels.index("Accuse")):
        press(app, 1, DOWN)
    press(app, 1, A)                                 # Accuse: hers alone, behind her cover
    cover = app.top
    assert isinstance(cover, CoverScene) and cover.seat == 0
    wait_guard(app)
    press(app, 2, A)                                 # Mustard's pad cannot take her cover
    assert app.top is cover
    press(app, 1, A)
    acc = app.top
    assert isinstance(acc, PickerScene) and acc.mode == "accuse" and acc.private
    hand = g.seats[0].hand
    for cat in ("suspect", "weapon", "room"):        # her own cards would be asked about first: others
        for _ in range(next(i for i, b in enumerate(acc.items[cat]) if b.data not in hand)):
            press(app, 1, DOWN)
        wait_guard(app)                              # each pick is a new prompt: a fresh press
        press(app, 1, A)
    wait_guard(app)
    press(app, 1, A)                                 # Accuse!
    box = app.top                                    # "Accuse with these three cards?" No is focused
    assert box.private and box.focus.focused is box.no_button
    wait_guard(app)
    press(app, 2, LEFT)                              # Mustard's pad cannot answer for her
    press(app, 2, A)
    assert app.top is box
    press(app, 1, LEFT)
    press(app, 1, A)
    assert any(isinstance(e, ev.AccusationMade) and e.player == 0 for e in g.events)


# ---------------------------------------------------------- unplug / replug
def _scene_makers(app: App, board: BoardScene):
    m = board.match
    g = board.game
    return {
        "board": lambda: None,
        "menu": lambda: app.push(MenuScene(app, board)),
        "message": lambda: app.push(MessageScene(app, "Not now.")),
        "notebook": lambda: app.push(NotebookScene(app, m, 2)),
        "cover": lambda: app.push(CoverScene(app, m, 2, lambda: NotebookScene(app, m, 2), optional=True)),
        "picker": lambda: app.push(PickerScene(app, board, "accuse")),
        "shown": lambda: app.push(ShownCardScene(app, m, 2, 0, sorted(g.seats[0].hand)[0])),
        "envelope": lambda: app.push(EnvelopeScene(app, m, 2, ("plum", "rope", "hall"), g.envelope)),
        "controls": lambda: app.push(ControlsScene(app)),
    }


def _people(app: App, seed: int = 3) -> BoardScene:
    for iid in (1, 2):
        plug(app, iid)
    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                             SeatConfig("peacock", "human"), SeatConfig("plum", "computer")), seed=seed)
    match = Match(app.board, setup, {0: "pad:1", 2: "pad:2"})
    advance(match, lambda g: g.turn == 0 and g.phase is Phase.START and len(g.events) > 30)
    board = BoardScene(app, match)
    app.push(board)
    return board


@pytest.mark.parametrize("scene", ["board", "menu", "message", "notebook", "cover", "picker", "shown",
                                   "envelope", "controls"])
def test_unplug_and_replug_in_a_game_scene(app, scene):
    board = _people(app)
    _scene_makers(app, board)[scene]()
    top = app.top
    app.step(DT)
    events = list(board.game.events)
    unplug(app, 2)                                        # Mrs. Peacock's pad goes away
    paused = app.top
    assert isinstance(paused, UnpluggedScene) and paused.seat == 2
    assert "Mrs. Peacock" in paused.title
    for _ in range(30):                                   # the game waits (computer players too)
        app.step(DT)
    assert board.game.events == events
    press(app, 1, A)                                      # another seat's pad cannot decide for her
    assert app.top is paused
    new = plug(app, 40)                                   # plugged back in (SDL gives a new instance id)
    app.step(DT)
    assert app.top is top
    assert board.match.devices[2] == new and board.match.kinds[2] == "human"
    assert board.game.events == events                    # nothing lost


def test_unplug_and_replug_outside_a_game(app):
    plug(app, 1)
    assert isinstance(app.top, TitleScene)
    unplug(app, 1)
    assert isinstance(app.top, TitleScene)
    plug(app, 2)
    press(app, 2, DOWN)
    press(app, 2, A)
    setup = app.top
    press(app, 2, A)                                      # joins seat 1
    assert setup.pads[0] == "pad:2"
    unplug(app, 2)                                        # the seat stays a person, at the keyboard
    assert app.top is setup and setup.pads[0] is None and setup.seats[0][1] == "human"
    assert "unplugged" in setup.note
    app.draw()
    plug(app, 3)
    press(app, 3, A)
    assert setup.pads[0] == "pad:3"
    app.push(ControlsScene(app))
    unplug(app, 3)
    assert isinstance(app.top, ControlsScene)
    app.draw()


def test_unplug_at_game_over_does_not_pause(app):
    board = _people(app)
    advance(board.match, lambda g: False, limit=20000)
    assert board.game.over
    app.push(GameOverScene(app, board.match))
    over = app.top
    unplug(app, 2)                                        # the game is over: nothing to pause
    assert app.top is over
    app.draw()
    plug(app, 8)
    app.step(DT)
    assert app.top is over


def test_a_second_pad_takes_over_then_a_computer(app):
    board = _people(app)
    plug(app, 3)
    unplug(app, 2)
    paused = app.top
    assert isinstance(paused, UnpluggedScene)
    app.draw()
    press(app, 3, DOWN)                                   # a free pad's stick/d-pad does nothing
    assert app.top is paused
    press(app, 3, A)                                      # its button takes the seat
    assert app.top is board and board.match.devices[2] == "pad:3"
    assert board.match.may_act("pad:3", 2) and not board.match.may_act("pad:1", 2)
    unplug(app, 3)                                        # again, and this time: a computer player
    paused = app.top
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.top is board
    assert board.match.kinds[2] == "computer" and 2 in board.match.players
    assert 2 not in board.match.devices
    n = len(board.game.events)

    def seat2_played():
        return any(isinstance(e, ev.TurnStarted) and e.player == 2 for e in board.game.events[n:])

    run_until(app, lambda: seat2_played() or board.game.over, lambda: pad_act(app, {0: 1}))
    run_until(app, lambda: board.game.turn != 2 or board.game.over, lambda: pad_act(app, {0: 1}))


def test_play_again_after_a_takeover_and_continue_starts_every_seat_afresh(app):
    """A computer took Mrs. Peacock's seat over, the game was saved and
    continued, then played to the end: Play again gives her seat back to a
    person, as it does after a game that was not continued, and nothing in the
    new game or its save is marked ``taken_over``."""
    from game.storage.save import from_document, to_document

    board = _people(app)
    board.match.to_computer(2)
    resumed = Match.resume(app.board, from_document(to_document(board.match.saved())))
    assert [c.taken_over for c in resumed.setup.seats] == [False, False, True, False]
    assert resumed.game.view(0).computers == (False, True, False, True)
    advance(resumed, lambda g: False, limit=20000)
    assert resumed.game.over
    app.push(GameOverScene(app, resumed))
    app.top.play_again()
    again = app.top.match
    assert again is not resumed
    assert [(c.kind, c.taken_over) for c in again.setup.seats] == \
        [("human", False), ("computer", False), ("human", False), ("computer", False)]
    assert again.game.view(0).computers == (False, True, False, True)
    assert [c.kind for c in board.match.setup.seats] == [c.kind for c in again.setup.seats]   # as live
    assert not any(s["taken_over"] for s in to_document(again.saved())["setup"]["seats"])


def test_hand_over_during_the_seats_private_choice(app):
    """Mrs. Peacock's pad goes while she must show a card: a computer player shows it for her."""
    for iid in (1, 2):
        plug(app, iid)
    for seed in range(1, 40):
        setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("peacock", "human"),
                                 SeatConfig("plum", "computer")), seed=seed)
        match = Match(app.board, setup, {0: "pad:1", 1: "pad:2"})
        advance(match, lambda g: g.phase is Phase.DISPROVE and g.actor == 1)
        if match.game.phase is Phase.DISPROVE:
            break
    board = BoardScene(app, match)
    app.push(board)
    run_until(app, lambda: isinstance(app.top, CoverScene))
    wait_guard(app)
    press(app, 2, A)
    assert isinstance(app.top, DisproveScene)
    n = len(match.game.events)
    unplug(app, 2)
    assert isinstance(app.top, UnpluggedScene)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                             # a computer player takes over Mrs. Peacock
    assert not any(isinstance(s, DisproveScene) for s in app.stack)
    run_until(app, lambda: any(isinstance(e, ev.CardShown) for e in match.game.events[n:]))


# ------------------------------------------------------ prompts, keys, screen
def test_prompts_name_the_device_in_use(app):
    plug(app, 1)
    title = app.top
    press(app, 1, DOWN)
    assert title.focus.focused.shown_hint() == "A"
    assert "D-pad" in prompts.fmt("{move}") and prompts.fmt("{back}") == "B"
    app.draw()
    key(app, pygame.K_UP)
    assert title.focus.focused.shown_hint() == "Enter"
    assert prompts.fmt("{move} to move, {confirm}") == "Arrows to move, Enter"


def test_keys_remapped_and_kept_in_the_settings_file(app, tmp_path):
    path = tmp_path / "settings.json"
    app.push(ControlsScene(app))
    controls = app.top
    row = next(r for r in controls.rows if r.data is Kind.CONFIRM)
    controls.focus.focus_on(row)
    key(app, pygame.K_RETURN)                             # wait for a key
    assert controls.waiting is Kind.CONFIRM
    key(app, pygame.K_k)
    assert controls.waiting is None
    settings, err = load_settings(path)
    assert err is None and settings.keys["confirm"] == ["k"]
    assert prompts.label(Kind.CONFIRM, pad=False) == "K"
    # a key taken from another action is swapped, never leaving it without a key
    row = next(r for r in controls.rows if r.data is Kind.NOTEBOOK)
    controls.focus.focus_on(row)
    key(app, pygame.K_k)                                  # K now confirms: it opens the capture
    key(app, pygame.K_k)                                  # ...and K becomes the notebook key
    keys = load_settings(path)[0].keys
    assert keys["notebook"] == ["k"] and keys["confirm"] == ["n"]
    app.close()
    again = App(sound=False, settings_path=path)          # a new session reads the file
    assert again.router.input.keymap[pygame.K_k] is Kind.NOTEBOOK
    assert again.router.input.keymap.get(pygame.K_RETURN) is Kind.CONFIRM   # Enter always confirms too
    again.start()
    again.top.focus.focus_on(again.top.settings_button)
    key(again, pygame.K_n)                                # N confirms now: Settings
    again.top.focus.focus_on(again.top.controls_button)
    key(again, pygame.K_n)                                # ...and its Controls
    assert isinstance(again.top, ControlsScene)
    again.top.reset()
    assert load_settings(path)[0].keys["confirm"][0] == "return"
    again.close()


def test_fullscreen_toggle_keeps_mouse_mapping(app):
    key(app, pygame.K_F11)
    assert app.store.settings.fullscreen
    assert load_settings(app.store.settings_path)[0].fullscreen
    r = app.window.view_rect()
    assert app.window.to_logical(r.center) in ((640, 360), (639, 359), (640, 359), (639, 360))
    key(app, pygame.K_F11)
    assert not app.store.settings.fullscreen and app.window.get_size() == (1280, 720)
    app.draw()


@pytest.mark.parametrize("scene", ["controls", "unplugged"])
def test_screenshots_of_the_new_screens(tmp_path, scene):
    out = tmp_path / f"{scene}.png"
    assert run_app(size=(1280, 720), seed=3, screenshot=str(out), scene=scene) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_new_screens_text_fits(app):
    _people(app)
    unplug(app, 2)
    scenes = [app.top, ControlsScene(app)]
    for s in scenes:
        for w in s.widgets():
            assert w.text_width() <= w.available_width(), (type(s).__name__, getattr(w, "label", None))


def test_the_guided_game_with_a_controller_only(app, tmp_path):
    """Learn to play chosen with a pad: that pad plays Miss Scarlet, and its A
    button alone plays the whole lesson to the win."""
    from game.learning import tutorial

    app.store.save_path = tmp_path / "autosave.json"
    plug(app, 4)
    for _i in range(2):
        press(app, 4, DOWN)                           # from Play: New game, then Learn to play
    assert app.top.focus.focused.on_press == app.top.learn
    press(app, 4, A)
    match = app.coach.match
    assert match.devices == {0: "pad:4"}
    for _i in range(800):
        if app.coach is None:
            break
        for _f in range(2):
            app.step(DT)
        for _w in range(40):                          # each prompt takes only a fresh press: a child's
            guard = getattr(app.top, "guard", None)   # deliberate presses, not mashing
            if guard is None or not guard.active:
                break
            app.step(DT)
        press(app, 4, A)
    assert match.game.over and match.game.winner == tutorial.YOU
