"""UI tests: pygame with the dummy video driver, driven by synthetic events."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.headless import computer_setup  # noqa: E402
from game.rules import events as ev  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.ui.app import App, run_app  # noqa: E402
from game.ui.match import Match  # noqa: E402
from game.ui.scenes.board import BoardScene  # noqa: E402
from game.ui.scenes.cover import CoverScene  # noqa: E402
from game.ui.scenes.error import ErrorScene  # noqa: E402
from game.ui.scenes.gameover import GameOverScene  # noqa: E402
from game.ui.scenes.message import MessageScene  # noqa: E402
from game.ui.scenes.notebook import NotebookScene  # noqa: E402
from game.ui.scenes.picker import PickerScene  # noqa: E402
from game.ui.scenes.private import DisproveScene, EnvelopeScene, ShownCardScene  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402
from game.ui.screens import SCENE_NAMES  # noqa: E402

DT = 0.1


# ------------------------------------------------------------------ helpers
@pytest.fixture
def app():
    a = App(seed=11, sound=False, speed=20.0)
    a.start()
    yield a


def key(app: App, k: int, dt: float = DT) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(dt)


def click(app: App, pos, dt: float = DT) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step(dt)


def run_until(app: App, cond, steps: int = 3000, dt: float = DT, draw: bool = False) -> None:
    for i in range(steps):
        if cond():
            return
        app.step(dt, draw=draw or i % 25 == 0)
    raise AssertionError("condition never became true")


def board_of(app: App) -> BoardScene:
    b = app.find(BoardScene)
    assert b is not None
    return b


def human_waiting(app: App) -> bool:
    """True when the top scene waits for a person (or the game is over)."""
    top = app.top
    if isinstance(top, BoardScene):
        return top.human_to_act or (top.game.over and not top.busy)
    return top is not None


def act_for_people(app: App, prefer_room: bool = True) -> None:
    """One step of a person's turn, the way a player would press keys / click."""
    top = app.top
    if isinstance(top, PickerScene):
        if top.mode == "suggest":
            click(app, top.items["suspect"][1].rect.center)
            click(app, top.items["weapon"][2].rect.center)
        click(app, top.ok.rect.center)
        return
    if isinstance(top, ShownCardScene):
        key(app, pygame.K_RETURN)   # finish the flip
        key(app, pygame.K_RETURN)   # Done - hide
        return
    if isinstance(top, (CoverScene, DisproveScene, EnvelopeScene, MessageScene)):
        key(app, pygame.K_RETURN)
        return
    if isinstance(top, BoardScene) and top.human_to_act:
        g = top.game
        if g.phase is Phase.MOVE:
            rooms = [d for d in g.moves() if isinstance(d, str)]
            if prefer_room and rooms:
                click(app, top.view.room_label_centre(rooms[0]))
            else:
                key(app, pygame.K_RETURN)
        else:
            key(app, pygame.K_RETURN)
        return
    app.step(DT, draw=False)


def start_match(app: App, setup: GameSetup) -> BoardScene:
    board = BoardScene(app, Match(app.board, setup))
    app.push(board)
    return board


# ------------------------------------------------------------------- scenes
@pytest.mark.parametrize("scene", SCENE_NAMES)
def test_screenshot_every_scene(tmp_path, scene):
    out = tmp_path / f"{scene}.png"
    assert run_app(size=(1280, 720), seed=3, screenshot=str(out), scene=scene) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)


def test_screenshot_other_size(tmp_path):
    out = tmp_path / "board.png"
    assert run_app(size=(960, 540), seed=4, screenshot=str(out), scene="board") == 0
    assert pygame.image.load(str(out)).get_size() == (960, 540)


def test_bad_map_shows_message_not_traceback(tmp_path):
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map>not a mansion")
    app = App(map_path=bad, sound=False)
    app.start()
    assert isinstance(app.top, ErrorScene)
    assert str(bad) in app.top.detail
    app.step(DT)
    key(app, pygame.K_ESCAPE)
    assert not app.running
    out = tmp_path / "err.png"
    assert run_app(map_path=bad, screenshot=str(out), scene="board") == 2
    assert out.exists()


def test_mouse_maps_to_logical_when_scaled():
    app = App(size=(640, 360), sound=False)
    assert app.to_logical((320, 180)) == (640, 360)
    app.start()
    click(app, (app.top.buttons[1].rect.centerx // 2, app.top.buttons[1].rect.centery // 2))
    assert isinstance(app.top, SetupScene)


# ---------------------------------------------------------------- turn flow
def test_quick_start_roll_move_suggest(app):
    key(app, pygame.K_RETURN)                      # Play
    board = app.top
    assert isinstance(board, BoardScene)
    g = board.game
    assert board.match.humans == [0] and g.seats[0].suspect == "scarlet"
    run_until(app, lambda: board.human_to_act)
    assert g.phase is Phase.START
    key(app, pygame.K_RETURN)                      # Roll (first button)
    assert g.phase is Phase.MOVE
    assert board.anim is not None                  # the die tumbles
    run_until(app, lambda: not board.busy)
    dests = list(g.moves())
    key(app, pygame.K_RIGHT)
    target = dests[board.cursor % len(dests)]
    key(app, pygame.K_RETURN)                      # choose with the keyboard cursor
    assert g.positions["scarlet"] == target
    # play on (people's turns by key/click) until Miss Scarlet makes a suggestion
    def suggested():
        return any(isinstance(e, ev.SuggestionMade) and e.player == 0 for e in g.events)
    for _ in range(4000):
        if suggested():
            break
        if isinstance(app.top, PickerScene):
            assert app.top.mode == "suggest" and app.top.choice["room"] == g.room_of(0)
        act_for_people(app)
    assert suggested()


def test_illegal_clicks_show_engine_reason(app):
    key(app, pygame.K_RETURN)
    board = app.top
    run_until(app, lambda: board.human_to_act)
    sq = next(iter(board.game.board.corridor))
    click(app, board.view.square_centre(sq))
    assert isinstance(app.top, MessageScene)
    assert app.top.text == "Roll the die before you move."
    key(app, pygame.K_RETURN)
    assert app.top is board
    key(app, pygame.K_RETURN)                      # roll
    run_until(app, lambda: not board.busy)
    far = max(board.game.board.corridor, key=lambda s: abs(s[0] - 7) + abs(s[1] - 24))
    assert far not in board.game.moves()
    click(app, board.view.square_centre(far))
    assert isinstance(app.top, MessageScene)
    try:
        board.game.check(__import__("game.rules.actions", fromlist=["Move"]).Move(square=far))
    except Exception as exc:  # the box shows exactly the engine's words
        assert app.top.text == str(exc)


def test_accusation_wrong_then_private_envelope(app):
    key(app, pygame.K_RETURN)
    board = app.top
    g = board.game
    run_until(app, lambda: board.human_to_act)
    accuse = next(b for b in board.focus.buttons if b.label == "Accuse")
    click(app, accuse.rect.center)
    picker = app.top
    assert isinstance(picker, PickerScene) and picker.mode == "accuse"
    s, w, r = g.envelope
    wrong_room = next(x for x in picker.items["room"] if x.data != r)
    for cat, want in (("suspect", s), ("weapon", w)):
        click(app, next(b for b in picker.items[cat] if b.data == want).rect.center)
    click(app, wrong_room.rect.center)
    click(app, picker.ok.rect.center)
    run_until(app, lambda: isinstance(app.top, EnvelopeScene))
    env = app.top
    assert env.seat == 0 and env.cards == g.envelope       # one person: no cover needed
    key(app, pygame.K_RETURN)                              # Done - hide
    assert app.top is board and g.seats[0].eliminated


def test_accusation_right_wins(app):
    key(app, pygame.K_RETURN)
    board = app.top
    g = board.game
    run_until(app, lambda: board.human_to_act)
    board.open_accuse()
    picker = app.top
    for cat, want in zip(("suspect", "weapon", "room"), g.envelope):
        click(app, next(b for b in picker.items[cat] if b.data == want).rect.center)
    key(app, pygame.K_RETURN)                              # focus moved to Accuse!
    run_until(app, lambda: isinstance(app.top, GameOverScene))
    assert g.winner == 0 and "Miss Scarlet" in app.top.title
    app.step(DT)


def test_empty_accusation_explains(app):
    key(app, pygame.K_RETURN)
    board = app.top
    run_until(app, lambda: board.human_to_act)
    board.open_accuse()
    click(app, app.top.ok.rect.center)
    assert isinstance(app.top, MessageScene) and app.top.text == "Name all the cards first."


# ------------------------------------------------------------------ privacy
def two_people(app: App, seed: int = 2) -> BoardScene:
    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "human"),
                             SeatConfig("white", "computer")), seed=seed)
    return start_match(app, setup)


def test_two_people_disprove_and_shown_card_are_private(app):
    board = two_people(app)
    g = board.game
    saw_disprove = saw_shown = False
    for _ in range(6000):
        top = app.top
        if isinstance(top, CoverScene):
            # while the cover is up nothing private is on the stack or drawn
            assert not any(isinstance(s, (DisproveScene, ShownCardScene, NotebookScene, EnvelopeScene))
                           for s in app.stack)
            app.draw()
            seat = top.seat
            key(app, pygame.K_RETURN)
            now = app.top
            if isinstance(now, DisproveScene):
                assert now.seat == seat == g.actor
                assert set(now.offered) <= set(g.seats[seat].hand) & set(g.suggestion.cards)
                suggester = g.suggestion.player
                saw_disprove = True
                key(app, pygame.K_RETURN)
                shown = next(e for e in reversed(g.events) if isinstance(e, ev.CardShown))
                assert shown.to == suggester
                if board.match.is_human(suggester):
                    run_until(app, lambda: not isinstance(app.top, BoardScene))
                    assert isinstance(app.top, CoverScene) and app.top.seat == suggester
            elif isinstance(now, ShownCardScene):
                assert now.seat == seat
                last = next(e for e in reversed(g.events) if isinstance(e, ev.CardShown))
                assert last.to == seat and now.card == last.card
                saw_shown = True
                key(app, pygame.K_RETURN)
                key(app, pygame.K_RETURN)
                assert isinstance(app.top, BoardScene)    # "Done - hide" back to the shared view
            continue
        assert not isinstance(top, (DisproveScene, ShownCardScene)), "private screen without a cover"
        if saw_disprove and saw_shown:
            break
        if g.over:
            break
        act_for_people(app)
    assert saw_disprove and saw_shown


def test_one_person_needs_no_cover(app):
    key(app, pygame.K_RETURN)
    board = app.top
    assert not board.match.needs_cover
    board.open_notebook()
    assert isinstance(app.top, NotebookScene)


def test_notebook_cover_and_marks(app):
    board = two_people(app, seed=5)
    run_until(app, lambda: board.human_to_act)
    key(app, pygame.K_n)
    assert isinstance(app.top, CoverScene)
    assert not any(isinstance(s, NotebookScene) for s in app.stack)
    key(app, pygame.K_RETURN)
    nb = app.top
    assert isinstance(nb, NotebookScene) and nb.seat == board.game.actor
    hand = board.game.seats[nb.seat].hand
    assert {c for c, why in nb.auto.items() if why == "hand"} == set(hand)
    # automatic ticks come only from the seat's own view
    assert all(why == "hand" or why.startswith("shown:") for why in nb.auto.values())
    row = nb.rows[0]
    click(app, row.rect.center)
    click(app, row.rect.center)
    assert board.match.notebooks[nb.seat][row.data] == "?"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert board.match.notebooks[nb.seat][nb.rows[1].data] == "X"
    json.dumps(board.match.notebooks)                        # plain, saveable
    key(app, pygame.K_ESCAPE)
    assert app.top is board


# ------------------------------------------------------------ whole games
def test_all_computer_game_reaches_game_over(app):
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                                 # New game
    setup_scene = app.top
    assert isinstance(setup_scene, SetupScene)
    click(app, setup_scene.focus.buttons[1].rect.center)     # seat 1: Person -> Computer
    assert setup_scene.seats[0][1] == "computer"
    click(app, setup_scene.start_button.rect.center)
    board = app.top
    assert isinstance(board, BoardScene) and not board.match.humans
    run_until(app, lambda: isinstance(app.top, GameOverScene), steps=30000, dt=0.5)
    assert board.game.over
    app.step(DT)
    key(app, pygame.K_RETURN)                                 # Play again
    assert isinstance(app.top, BoardScene) and app.top is not board


def test_computer_players_only_get_their_view(app, monkeypatch):
    board = start_match(app, computer_setup(4, 9))
    seen = []
    for seat, player in board.match.players.items():
        orig = player.choose

        def spy(view, legal, orig=orig):
            seen.append(type(view).__name__)
            return orig(view, legal)
        monkeypatch.setattr(player, "choose", spy)
    for _ in range(200):
        app.step(0.5, draw=False)
    assert seen and set(seen) == {"SeatView"}


def test_setup_no_duplicate_suspects(app):
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    s = app.top
    for _ in range(8):
        s.next_suspect(0)
        assert len({x for x, _k in s.seats}) == len(s.seats)
    s.add()
    s.add()
    s.add()
    assert len(s.seats) == 6
    s.remove(0)
    s.remove(0)
    s.remove(0)
    s.remove(0)
    assert len(s.seats) == 3
    key(app, pygame.K_ESCAPE)
    assert app.top.__class__.__name__ == "TitleScene"


# ---------------------------------------------------------------- text fits
def _all_scenes(app: App):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.notebook import NotebookChooser
    from game.ui.screens import build_scene

    scenes = []
    for name in SCENE_NAMES:
        build_scene(app, name, 3)
        scenes.extend(app.stack)
    board = app.find(BoardScene)
    match = board.match
    scenes.append(MenuScene(app, board))
    scenes.append(MessageScene(app, "Another token stands on that square. You cannot stop on it or walk "
                                    "through it."))
    big = GameSetup(seats=tuple(SeatConfig(s, "human") for s in
                                ("scarlet", "mustard", "white", "green", "peacock", "plum")), seed=1)
    m6 = Match(app.board, big)
    scenes.append(NotebookChooser(app, m6))
    for seat in range(6):
        scenes.append(CoverScene(app, m6, seat, lambda: None, optional=True))
        scenes.append(NotebookScene(app, m6, seat))
        scenes.append(ShownCardScene(app, m6, seat, (seat + 1) % 6, "conservatory"))
        scenes.append(EnvelopeScene(app, m6, seat, ("mustard", "candlestick", "conservatory"),
                                    ("plum", "rope", "hall")))
    b6 = BoardScene(app, m6)
    app.push(b6)
    scenes.append(b6)
    scenes.append(PickerScene(app, b6, "accuse"))
    sp = SetupScene(app)
    for _ in range(2):
        sp.add()
    scenes.append(sp)
    return scenes, match


def test_text_fits_its_box(app):
    scenes, _match = _all_scenes(app)
    checked = 0
    for scene in scenes:
        for w in scene.widgets():
            assert w.text_width() <= w.available_width(), (type(scene).__name__, getattr(w, "label", None) or
                                                          getattr(w, "text", None))
            if hasattr(w, "rect") and hasattr(w, "label"):
                assert w.rect.height >= 48 or type(w).__name__ in ("RowButton", "ChipButton") or w.rect.height > 100
            checked += 1
    assert checked > 150


def test_every_suspect_name_fits_the_turn_panel(app):
    setup = GameSetup(seats=tuple(SeatConfig(s, "human") for s in
                                  ("scarlet", "mustard", "white", "green", "peacock", "plum")), seed=1)
    board = start_match(app, setup)
    for seat in range(6):
        board.game.turn = seat
        board._buttons_key = None
        for w in board.widgets():
            assert w.text_width() <= w.available_width(), getattr(w, "text", None)
