"""UI tests: pygame with the dummy video driver, driven by synthetic events."""

from __future__ import annotations

import json
import os
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.commands.headless import computer_setup  # noqa: E402
from game.rules import events as ev  # noqa: E402
from game.rules.actions import Roll  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.ui.app import App, run_app  # noqa: E402
from game.ui.board.gameover import GameOverScene  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.board.notebook import NotebookScene  # noqa: E402
from game.ui.board.picker import PickerScene  # noqa: E402
from game.ui.board.private import DisproveScene, EnvelopeScene, ShownCardScene  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402
from game.ui.scenes.cover import CoverScene  # noqa: E402
from game.ui.scenes.error import ErrorScene  # noqa: E402
from game.ui.scenes.message import MessageScene  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402
from game.ui.screenshots.screens import SCENE_NAMES  # noqa: E402
from game.ui.shell.input import Intent, Kind  # noqa: E402
from tests.inputs import aim_click, answer_accusation, click, key  # noqa: E402

DT = 0.1


# ------------------------------------------------------------------ helpers
@pytest.fixture
def app():
    """A fast app whose computer players think on the main thread, so a fixed
    number of steps always makes the same progress (the worker-thread path has
    its own tests below, see ``threaded_app``)."""
    a = App(seed=11, sound=False, speed=20.0, threaded_ai=False)
    a.start()
    yield a
    a.close()


@pytest.fixture
def threaded_app():
    """Like ``app``, but computer players think on the worker thread (as in the game)."""
    a = App(seed=11, sound=False, speed=20.0, threaded_ai=True)
    a.start()
    yield a
    a.close()


def run_until(app: App, cond, steps: int = 3000, dt: float = DT, draw: bool = False) -> None:
    for i in range(steps):
        if cond():
            return
        app.step(dt, draw=draw or i % 25 == 0)
    raise AssertionError("condition never became true")


def run_threaded_until(app: App, cond, seconds: float = 60.0, dt: float = DT) -> int:
    """Step ``app`` until ``cond()``, giving the computer players' worker
    thread real time (a computer's choice may take many frames); returns the
    number of steps.  Fails after ``seconds`` of wall time."""
    end = time.perf_counter() + seconds
    n = 0
    while not cond():
        assert time.perf_counter() < end, "condition never became true"
        app.step(dt, draw=n % 25 == 0)
        board = app.find(BoardScene)
        if board is not None and board.thinking:
            time.sleep(0.001)
        n += 1
    return n


def board_of(app: App) -> BoardScene:
    b = app.find(BoardScene)
    assert b is not None
    return b


def wait_guard(app: App) -> None:
    """Let the top scene's input guard (see ``InputGuard``) run out."""
    guard = getattr(app.top, "guard", None)
    for _ in range(100):
        if guard is None or not guard.active:
            return
        app.step(DT, draw=False)
    raise AssertionError("input guard never ran out")


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
        if top.mode == "suggest":                                   # the mouse moved to each: aimed clicks
            aim_click(app, top.items["suspect"][1].rect.center)
            aim_click(app, top.items["weapon"][2].rect.center)
        aim_click(app, top.ok.rect.center)
        if top.mode == "accuse":
            answer_accusation(app)
        return
    if isinstance(top, ShownCardScene):
        wait_guard(app)
        key(app, pygame.K_RETURN)   # finish the flip
        key(app, pygame.K_RETURN)   # Done - hide
        return
    if isinstance(top, DisproveScene):
        wait_guard(app)
        key(app, pygame.K_RIGHT)    # nothing is focused at first: focus a card
        key(app, pygame.K_RETURN)
        return
    if isinstance(top, (CoverScene, EnvelopeScene, MessageScene)):
        wait_guard(app)
        key(app, pygame.K_RETURN)
        return
    if isinstance(top, BoardScene) and top.human_to_act:
        wait_guard(app)             # a turn begins with a fresh press (people sharing the screen)
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
    app = App(size=(960, 540), sound=False)
    assert app.window.to_logical((480, 270)) == (640, 360)
    app.start()
    new_game = app.top.new_game_button
    click(app, (new_game.rect.centerx * 3 // 4, new_game.rect.centery * 3 // 4))
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
    wait_guard(app)                                # the roll's Enter a moment ago: a new prompt waits for quiet
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
    aim_click(app, accuse.rect.center)
    picker = app.top
    assert isinstance(picker, PickerScene) and picker.mode == "accuse"
    s, w, r = g.envelope
    wrong_room = next(x for x in picker.items["room"] if x.data != r)
    for cat, want in (("suspect", s), ("weapon", w)):
        aim_click(app, next(b for b in picker.items[cat] if b.data == want).rect.center)
    aim_click(app, wrong_room.rect.center)
    aim_click(app, picker.ok.rect.center)
    answer_accusation(app)                                 # "Accuse with these three cards?" Yes
    run_until(app, lambda: isinstance(app.top, EnvelopeScene))
    env = app.top
    assert env.seat == 0 and env.cards == g.envelope       # one person: no cover needed
    key(app, pygame.K_RETURN)                              # too soon: ignored
    assert app.top is env
    wait_guard(app)
    key(app, pygame.K_RETURN)                              # Done - hide
    moment = app.top                                       # then the wrong accusation for all, no envelope
    assert type(moment).__name__ == "WrongAccusationScene" and not moment.private and moment.cards == (s, w,
                                                                                                         wrong_room.data)
    key(app, pygame.K_RETURN)
    assert app.top is board and g.seats[0].eliminated


def test_accusation_right_wins(app):
    key(app, pygame.K_RETURN)
    board = app.top
    g = board.game
    run_until(app, lambda: board.human_to_act)
    board.open_accuse()
    picker = app.top
    for cat, want in zip(("suspect", "weapon", "room"), g.envelope, strict=True):
        aim_click(app, next(b for b in picker.items[cat] if b.data == want).rect.center)
    wait_guard(app)                                        # the focus moved on by itself: a new prompt
    key(app, pygame.K_RETURN)                              # focus moved to Accuse!
    answer_accusation(app)
    run_until(app, lambda: isinstance(app.top, GameOverScene))
    assert g.winner == 0 and "Miss Scarlet" in app.top.title
    app.step(DT)


def test_empty_accusation_explains_in_the_picker(app):
    key(app, pygame.K_RETURN)
    board = app.top
    run_until(app, lambda: board.human_to_act)
    board.open_accuse()
    picker = app.top
    aim_click(app, picker.ok.rect.center)
    assert app.top is picker and picker.missing_text == "Pick a suspect, a weapon and a room first."
    assert picker.focus.focused is picker.items["suspect"][0]


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
            wait_guard(app)
            key(app, pygame.K_RETURN)
            now = app.top
            if isinstance(now, DisproveScene):
                assert now.seat == seat == g.actor
                assert set(now.offered) <= set(g.seats[seat].hand) & set(g.suggestion.cards)
                suggester = g.suggestion.player
                saw_disprove = True
                wait_guard(app)
                key(app, pygame.K_RIGHT)
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
                wait_guard(app)
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
    key(app, pygame.K_RETURN)                                # too soon after the cover appeared
    assert isinstance(app.top, CoverScene)
    wait_guard(app)
    key(app, pygame.K_RETURN)
    nb = app.top
    assert isinstance(nb, NotebookScene) and nb.seat == board.game.actor
    hand = board.game.seats[nb.seat].hand
    assert {c for c, why in nb.auto.items() if why == "hand"} == set(hand)
    # automatic ticks come only from the seat's own view
    assert all(why == "hand" or why.startswith("shown:") for why in nb.auto.values())
    free = [i for i, r in enumerate(nb.rows) if r.data not in nb.auto]   # rows not ticked for you
    i = next(i for i in free if i + 1 in free)
    row = nb.rows[i]
    aim_click(app, row.rect.center)
    aim_click(app, row.rect.center)
    assert board.match.notebooks[nb.seat][row.data] == "?"
    key(app, pygame.K_DOWN)
    assert nb.focus.focused is nb.rows[i + 1]
    key(app, pygame.K_RETURN)
    assert board.match.notebooks[nb.seat][nb.rows[i + 1].data] == "X"
    json.dumps(board.match.notebooks)                        # plain, saveable
    key(app, pygame.K_ESCAPE)
    assert app.top is board


# ------------------------------------------------------------ whole games
def test_all_computer_game_reaches_game_over(app):
    app.store.settings.play_level = "medium"                  # the title's Play row last pressed at Medium
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                                 # New game
    setup_scene = app.top
    assert isinstance(setup_scene, SetupScene)
    click(app, setup_scene.focus.buttons[1].rect.center)     # seat 1: Person -> Computer
    assert setup_scene.seats[0][1] == "computer"
    click(app, setup_scene.level_buttons[0].rect.center)     # its level: Medium -> Hard
    assert setup_scene.seats[0][2] == "hard"
    click(app, setup_scene.start_button.rect.center)
    board = app.top
    assert isinstance(board, BoardScene) and not board.match.humans
    assert [c.level for c in board.match.setup.seats] == ["hard", "medium", "medium", "medium"]
    assert type(board.match.players[0]).__name__ == "HardPlayer"
    run_until(app, lambda: isinstance(app.top, GameOverScene), steps=30000, dt=0.5)
    assert board.game.over
    app.step(DT)
    wait_guard(app)
    key(app, pygame.K_LEFT)                                   # from Recap (focused first) to Play again
    key(app, pygame.K_RETURN)                                 # Play again
    assert isinstance(app.top, BoardScene) and app.top is not board


def test_computer_players_only_get_their_view(app, monkeypatch):
    board = start_match(app, computer_setup(4, 9))
    seen = []
    for player in board.match.players.values():
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
        assert len({seat[0] for seat in s.seats}) == len(s.seats)
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
    from game.ui.scenes.chooser import NotebookChooser
    from game.ui.scenes.menu import MenuScene
    from game.ui.screenshots.screens import build_scene

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
    sp.cycle_level(1)                                                # Hard
    sp.cycle_level(2)
    sp.cycle_level(2)                                                # Beginner
    for _ in range(3):
        sp.cycle_level(3)                                            # Easy
    from game.ui.shell.i18n import level_label

    assert {b.label for b in sp.level_buttons.values()} == {level_label(lv) for lv in
                                                            ("beginner", "easy", "medium", "hard")}
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


# ------------------------------------------------------ playtester reports
def _match_at(app: App, stop, seed: int = 3) -> Match:
    """A one-person match (Miss Scarlet + 3 computers) played on until ``stop(game)``."""
    from game.ui.bases.match import quick_setup
    from game.ui.screenshots.screens import advance

    match = Match(app.board, quick_setup(seed))
    advance(match, stop, limit=20000)
    return match


def test_game_over_ignores_hurry_enter(app):
    match = _match_at(app, lambda g: False)
    assert match.game.over
    app.push(BoardScene(app, match))
    run_until(app, lambda: isinstance(app.top, GameOverScene))
    over = app.top
    assert not over.again.enabled and over.focus.focused is None     # dimmed, nothing to press yet
    for _ in range(10):                                              # 1 s of mashing Enter / Esc
        key(app, pygame.K_RETURN)
        assert app.top is over
    key(app, pygame.K_ESCAPE)
    assert app.top is over
    for _ in range(8):                                               # a quiet moment (FRESH_QUIET)
        app.step(DT)
    assert over.again.enabled and over.focus.focused is over.recap_button     # harmless: the story of the game
    key(app, pygame.K_LEFT)
    assert over.focus.focused is over.again
    key(app, pygame.K_RETURN)                                        # now a deliberate press
    assert isinstance(app.top, BoardScene) and app.top.match is not match


def test_game_over_takes_a_deliberate_first_press_at_once(app):
    """Someone who stopped pressing (the verdict closed a moment before) and presses Enter
    just after the game-over screen appears is not ignored: the press opens the Recap."""
    from game.ui.scenes.report import RecapScene

    match = _match_at(app, lambda g: False)
    app.push(BoardScene(app, match))
    run_until(app, lambda: isinstance(app.top, GameOverScene))
    over = app.top
    app.step(DT)                                                     # 0.1 s after it appeared
    key(app, pygame.K_RETURN)
    assert over.recap_button.label == "Opening…"                     # taken at once, shown the same frame
    app.step(DT)
    assert isinstance(app.top, RecapScene) and over.again.enabled


def test_game_over_confetti_stays_off_text_and_buttons(app):
    match = _match_at(app, lambda g: False)
    assert match.game.winner is not None
    over = GameOverScene(app, match)
    over.again.enabled = over.title_button.enabled = True
    plain = GameOverScene(app, match)
    plain.confetti = []
    plain.again.enabled = plain.title_button.enabled = True
    a, b = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    clear = [over.again.rect.union(over.title_button.rect).inflate(20, 20),   # the buttons
             pygame.Rect(0, 676, 1280, 44),                                   # the footer line
             theme_text_rect(over.title, 48, (640, 110))]                      # the title
    hit = 0
    for t in [i * 0.37 for i in range(40)]:
        over.t = plain.t = t
        over.draw(a)
        plain.draw(b)
        hit += pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")
        for r in clear:
            assert pygame.image.tobytes(a.subsurface(r), "RGB") == pygame.image.tobytes(b.subsurface(r), "RGB"), r
    assert hit > 0                                                   # there is confetti elsewhere


def test_game_over_winner_portrait_as_big_as_the_culprits(app, monkeypatch):
    """The winner's framed portrait is drawn at least as big as the culprit's (both beside the
    envelope's cards), and nothing else of the screen covers either."""
    from game.ui.draw import assets

    match = _match_at(app, lambda g: False)
    g = match.game
    assert g.winner is not None
    winner, culprit = g.seats[g.winner].suspect, g.envelope[0]
    over = GameOverScene(app, match)
    drawn: dict[str, list[int]] = {}
    real = assets.framed_portrait
    monkeypatch.setattr(assets, "framed_portrait",
                        lambda suspect, size: drawn.setdefault(suspect, []).append(size) or real(suspect, size))
    over.draw(pygame.Surface((1280, 720)))
    assert winner in drawn and culprit in drawn
    assert min(drawn[winner]) >= max(drawn[culprit]) >= 150
    rects = [r for _img, r in over.side_pictures()]
    assert len(rects) == 2 and rects[0].collidelist(over.focus.buttons and [b.rect for b in over.focus.buttons]) < 0


def test_game_over_captions_say_who_is_the_winner_and_who_the_culprit(app):
    """Each picture beside the envelope's cards has its caption on it; a winner who is
    also the culprit (Miss Scarlet accusing herself rightly) is one portrait, not two alike,
    beside the room's; in Spanish the caption agrees with the suspect ("Ganadora")."""
    from game.text import i18n

    match = _match_at(app, lambda g: False)
    g = match.game
    over = GameOverScene(app, match)
    winner, (culprit, _w, room) = g.seats[g.winner].suspect, g.envelope
    assert winner != culprit
    assert over.sides() == [(winner, "Winner"), (culprit, "Culprit")]
    over.winner_suspect = culprit                      # she accused herself, rightly
    assert over.sides() == [(culprit, "Winner and culprit"), (room, "Crime scene")]
    over.winner_suspect = None
    assert over.sides() == [(culprit, "Culprit"), (room, "Crime scene")]
    over.winner_suspect = "scarlet"
    try:
        i18n.set_language("es")
        assert over.sides()[0] == ("scarlet", "Ganadora")
    finally:
        i18n.set_language("en")
    words = {w.text: w.rect for w in over.widgets() if hasattr(w, "text")}
    for (lines, plate), (_img, picture) in zip(over.captions(), over.side_pictures(), strict=True):
        assert picture.contains(plate) and all(words[line].colliderect(plate) for line in lines)


def theme_text_rect(text: str, size: int, midtop) -> pygame.Rect:
    from game.ui.draw import theme

    return theme.text(text, size, theme.BRASS, True).get_rect(midtop=midtop)


def _disprove_scene(app: App, cards: int = 1) -> tuple[BoardScene, DisproveScene]:
    """Miss Scarlet (the one person) must show one of ``cards`` or more named cards she holds."""
    match = _match_at(app, lambda g: g.phase is Phase.DISPROVE and g.actor == 0
                      and sum(c in g.seats[0].hand for c in g.suggestion.cards) >= cards)
    board = BoardScene(app, match)
    app.push(board)
    app.step(DT)                                                     # one person: no cover
    assert isinstance(app.top, DisproveScene)
    return board, app.top


def test_show_card_preselects_the_first_card_and_ignores_hurry_enter(app):
    """The "Show a card" screen opens with the first card you may show
    focused, so Enter alone shows it; Enter pressed again and again (hurrying the
    computers) never does — only a fresh press after a quiet moment."""
    board, scene = _disprove_scene(app, cards=2)
    assert len(scene.cards) >= 2 and scene.focus.focused is scene.cards[0]
    for _ in range(20):                                              # still hurrying the computers: 2 s of Enter
        key(app, pygame.K_RETURN)
        assert app.top is scene and board.game.phase is Phase.DISPROVE
    wait_guard(app)
    key(app, pygame.K_RETURN)                                        # one fresh Enter shows the first card
    assert app.top is not scene
    shown = next(e for e in reversed(board.game.events) if isinstance(e, ev.CardShown))
    assert shown.by == 0 and shown.card == scene.offered[0]


def test_show_card_takes_no_held_key_but_a_fresh_press(app):
    """A key held down (auto-repeat, never let go) picks no card, however long
    it is held: every focused screen ignores a held Enter.  Let go, and pressed
    again after a quiet moment, it shows the focused card at once."""
    board, scene = _disprove_scene(app, cards=2)
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    waited = 0.0
    while waited < 3.5:
        pygame.event.post(down)
        app.step(DT, draw=False)
        waited += DT
        assert app.top is scene, waited
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.step(DT, draw=False)
    wait_guard(app)
    pygame.event.post(down)
    app.step(DT, draw=False)
    assert app.top is not scene
    shown = next(e for e in reversed(board.game.events) if isinstance(e, ev.CardShown))
    assert shown.card == scene.offered[0]


def test_show_card_with_one_card_enter_shows_it(app):
    board, scene = _disprove_scene(app)
    scene.offer(scene.offered[:1])
    assert scene.focus.focused is scene.cards[0]
    wait_guard(app)
    key(app, pygame.K_RETURN)
    shown = next(e for e in reversed(board.game.events) if isinstance(e, ev.CardShown))
    assert app.top is not scene and shown.card == scene.offered[0]


def test_show_card_arrows_choose_another_card(app):
    board, scene = _disprove_scene(app, cards=2)
    wait_guard(app)
    key(app, pygame.K_RIGHT)
    chosen = scene.focus.focused
    assert chosen is scene.cards[1]
    key(app, pygame.K_RETURN)
    shown = next(e for e in reversed(board.game.events) if isinstance(e, ev.CardShown))
    assert shown.by == 0 and shown.card == chosen.data


def test_esc_on_show_card_opens_pause_menu(app):
    from game.ui.scenes.menu import MenuScene

    board, scene = _disprove_scene(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    key(app, pygame.K_RETURN)                                        # Resume
    assert app.top is scene and board.game.phase is Phase.DISPROVE  # still has to show a card
    app.step(DT)
    assert app.top is scene


def test_picker_keeps_picks_and_names_what_is_missing(app):
    match = _match_at(app, lambda g: g.turn == 0 and g.phase is Phase.SUGGEST)
    board = BoardScene(app, match)
    app.push(board)
    app.step(DT)
    picker = app.top
    assert isinstance(picker, PickerScene) and picker.mode == "suggest"
    wait_guard(app)                                                  # opened by itself: a short guard
    suspect = picker.items["suspect"][2]
    aim_click(app, suspect.rect.center)
    aim_click(app, picker.ok.rect.center)                                # Suggest! too early
    assert app.top is picker and picker.choice["suspect"] == suspect.data and suspect.selected
    assert picker.missing_text == "Pick a weapon too."
    assert picker.focus.focused is picker.items["weapon"][0]
    app.draw()
    key(app, pygame.K_RETURN)                                        # pick the focused weapon
    assert picker.missing_text == ""
    assert picker.focus.focused is picker.ok
    wait_guard(app)                                                  # the focus moved on by itself
    key(app, pygame.K_RETURN)
    made = next(e for e in reversed(match.game.events) if isinstance(e, ev.SuggestionMade))
    assert (made.suspect, made.weapon) == (suspect.data, picker.items["weapon"][0].data)


def test_accusation_sentence_follows_the_columns(app):
    key(app, pygame.K_RETURN)
    board = app.top
    run_until(app, lambda: board.human_to_act)
    board.open_accuse()
    picker = app.top
    picker.choice.update(suspect="mustard", weapon="rope", room="hall")
    assert picker.sentence() == "I accuse Colonel Mustard, with the Rope, in the Hall!"
    cols = [picker.items[c][0].rect.left for c in ("suspect", "weapon", "room")]
    assert cols == sorted(cols)                                      # Who / With what / Where


def test_setup_remove_keeps_focus_on_the_row(app):
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    setup_scene = app.top
    assert isinstance(setup_scene, SetupScene)
    setup_scene.add()                                                # 5 seats
    setup_scene.focus.focus_on(setup_scene.row_buttons[1][-1])       # Remove, seat 2
    key(app, pygame.K_RETURN)                                        # it asks first: Left to Yes, Enter
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert len(setup_scene.seats) == 4 and setup_scene.focus.focused is setup_scene.row_buttons[1][-1]
    setup_scene.focus.focus_on(setup_scene.row_buttons[3][-1])       # Remove, last seat
    key(app, pygame.K_RETURN)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert len(setup_scene.seats) == 3                               # no Remove buttons any more
    assert setup_scene.focus.focused in setup_scene.row_buttons[2]  # the row above, not Back
    key(app, pygame.K_RETURN)
    assert app.top is setup_scene


def test_weapons_and_tokens_keep_off_room_names(app):
    view = app.board_view()                                          # all twelve at once: tests/test_couch.py
    for rid in view.board.rooms:
        label = view.label_rect[rid]
        assert label.collidepoint(view.room_label_centre(rid))
        rects = [view.piece_rect("weapon", p) for p in view.weapon_places[rid]] + [
            view.piece_rect("token", p) for p in view.token_places[rid]]
        assert not any(r.colliderect(label) for r in rects), rid
    # the Billiard Room's name took two lines and pushed two pieces onto its thresholds: it now
    # takes one line at 20 px, moved up, so that all twelve stand off them (tests/test_mansion.py)
    big = view.label_rect["billiard_room"]
    assert view.label_cap["billiard_room"] >= 20 and big.width > 150              # 20 px: theme.SMALL


def test_status_line_while_a_suggestion_is_answered(app):
    app.speed = 1.0
    match = _match_at(app, lambda g: g.turn == 0 and g.phase is Phase.SUGGEST)
    board = BoardScene(app, match)
    app.push(board)
    app.step(DT)
    picker = app.top
    wait_guard(app)                                                  # opened by itself: a short guard
    aim_click(app, picker.items["suspect"][1].rect.center)
    aim_click(app, picker.items["weapon"][1].rect.center)
    aim_click(app, picker.ok.rect.center)
    seen = []
    for _ in range(2000):
        top = app.top
        if isinstance(top, ShownCardScene):
            act_for_people(app)
            continue
        if top is board and not board.busy and match.game.phase is Phase.AFTER:
            break
        if top is board and board.busy and match.is_human(match.game.actor):
            seen.append(board._status())
        app.step(0.02, draw=False)
    assert seen and all(seen), seen
    assert "Waiting for the others to answer…" in seen


def test_the_status_line_keeps_the_end_until_the_last_accusation_is_played(app):
    """Computer players to the end: while the winning accusation is still being played the status
    line says what is happening (the envelope being checked), not that the game is over."""
    board = start_match(app, computer_setup(3, 4))
    g, while_played = board.game, []
    for _ in range(3000):                                       # bounded: a game is a few hundred actions
        if not isinstance(app.top, BoardScene):
            break
        if g.over and board.busy:
            while_played.append(board._status())
        elif g.over:
            break
        app.step(0.05, draw=False)
    assert g.over and while_played, (g.over, len(while_played))
    assert "The game is over." not in while_played and "Checking the envelope…" in while_played, while_played


def test_notebook_facts_cannot_be_cycled(app):
    key(app, pygame.K_RETURN)
    board = app.top
    run_until(app, lambda: board.human_to_act)
    key(app, pygame.K_n)
    nb = app.top
    assert isinstance(nb, NotebookScene)
    fact = next(r for r in nb.rows if nb.auto.get(r.data) == "hand")
    aim_click(app, fact.rect.center)
    aim_click(app, fact.rect.center)
    assert fact.data not in board.match.notebooks[0]
    assert board.match.cycle_mark(0, fact.data) == ""
    assert nb.fact_note == fact.data and "cannot change" in nb.legend()
    other = next(r for r in nb.rows if r.data not in nb.auto)
    aim_click(app, other.rect.center)
    assert board.match.notebooks[0][other.data] == "X" and nb.fact_note is None


def test_notebook_hint_only_with_people(app):
    robots = start_match(app, computer_setup(4, 9))
    assert "notebook" not in robots.hint_line()
    people = start_match(app, GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                                               SeatConfig("white", "computer")), seed=1))
    assert "notebook" in people.hint_line()


def test_window_never_smaller_than_minimum():
    from game.ui import MIN_WINDOW

    app = App(size=(640, 360), sound=False)
    assert app.window.get_size() == MIN_WINDOW
    app.start()
    pygame.display.set_mode((700, 400), pygame.RESIZABLE)           # the window manager shrinks it
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=700, h=400, size=(700, 400)))
    app.step(DT)
    assert app.window.get_size() == MIN_WINDOW
    assert pygame.display.get_surface().get_size() == MIN_WINDOW
    app.step(DT)                                                     # still draws fine


# ------------------------------------------------- computer levels and pace
def robots(seed: int = 9, levels=("medium", "medium", "medium", "medium")) -> GameSetup:
    suspects = ("scarlet", "mustard", "white", "green", "peacock", "plum")
    # the first len(levels) suspects sit down: the zip stops with the levels
    return GameSetup(seats=tuple(SeatConfig(s, "computer", lvl) for s, lvl in zip(suspects, levels, strict=False)),
                     seed=seed)


def test_setup_levels_cycle_and_reach_the_match(app):
    app.store.settings.play_level = "medium"                         # a first table then opens at Medium
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                                        # New game
    s = app.top
    assert isinstance(s, SetupScene)
    assert [seat[2] for seat in s.seats if seat[1] == "computer"] == ["medium"] * 3
    assert 0 not in s.level_buttons                                  # a person's seat shows no level
    assert all(not any(b.label in ("Easy", "Medium", "Hard") for b in row)
               for i, row in enumerate(s.row_buttons) if s.seats[i][1] == "human")
    assert s.level_buttons[1].label == "Medium"
    seen = []
    for _ in range(4):
        click(app, s.level_buttons[1].rect.center)
        seen.append(s.level_buttons[1].label)
    assert seen == ["Hard", "Beginner", "Easy", "Medium"]
    assert s.focus.focused is s.level_buttons[1]                     # the focus stays on the button
    s.focus.focus_on(s.level_buttons[2])
    key(app, pygame.K_RETURN)                                        # Enter changes it too: Hard
    s.toggle_kind(2)                                                 # person: no level button ...
    assert 2 not in s.level_buttons
    s.toggle_kind(2)                                                 # ... computer again: Hard kept
    assert s.level_buttons[2].label == "Hard"
    for _ in range(3):
        s.cycle_level(3)                                             # Hard, Beginner, Easy
    assert [c.level for c in s.seat_configs()] == ["medium", "medium", "hard", "easy"]
    click(app, s.start_button.rect.center)
    board = app.top
    assert isinstance(board, BoardScene)
    assert [c.level for c in board.match.setup.seats] == ["medium", "medium", "hard", "easy"]
    assert {i: type(p).__name__ for i, p in board.match.players.items()} == {
        1: "MediumPlayer", 2: "HardPlayer", 3: "EasyPlayer"}


def test_setup_rows_do_not_overlap_and_stay_readable(app):
    from game.ui.draw.widgets import Label

    s = SetupScene(app)
    s.add()
    s.add()                                                          # 6 seats
    s.toggle_kind(3)
    s.cycle_level(1)
    for n_seats in (6, 5, 3):
        while len(s.seats) > n_seats:
            s.remove(len(s.seats) - 1)
        items = s.widgets()
        rects = [w.rect.inflate(6, 6) if hasattr(w, "label") else w.rect for w in items]
        for i, a in enumerate(rects):
            assert a.left >= 0 and a.right <= 1280 and a.bottom <= 676, items[i]   # on screen, above the footer
            for j in range(i + 1, len(rects)):
                assert not a.colliderect(rects[j]), (items[i], items[j])
        for w in items:
            assert w.size >= 20
            assert w.text_width() <= w.available_width()
            if not isinstance(w, Label):
                assert w.rect.height >= 48
        assert len(s.level_buttons) == sum(1 for seat in s.seats if seat[1] == "computer")
    app.push(s)
    app.draw()                                                       # and it draws


class Gate:
    """Computer players that cannot finish choosing until :meth:`open`: a
    frame or a quit that returns while :attr:`stuck` is True provably did not
    wait for the thinking (tied to the game's progress, not to a clock)."""

    def __init__(self, monkeypatch, match: Match) -> None:
        self.event = threading.Event()
        self.entered = 0            # choices begun
        self.finished = 0           # choices handed back
        self.calls: list = []
        for player in match.players.values():
            monkeypatch.setattr(player, "choose", self._wrap(player.choose))

    def _wrap(self, orig):
        def gated(view, legal):
            self.calls.append((threading.current_thread().name, type(view).__name__))
            self.entered += 1
            self.event.wait(60)     # a safety cap only: the test opens the gate itself
            self.finished += 1
            return orig(view, legal)
        return gated

    @property
    def stuck(self) -> bool:
        """True while a choice has begun and cannot have ended."""
        return self.entered > self.finished and not self.event.is_set()

    def open(self) -> None:
        self.event.set()


def test_thinking_never_freezes_the_frame(threaded_app, monkeypatch):
    app = threaded_app
    board = start_match(app, robots())
    gate = Gate(monkeypatch, board.match)
    calls = gate.calls
    g = board.game
    app.step(0.016)
    run_threaded_until(app, lambda: board.thinking and gate.entered, seconds=60, dt=0.016)
    before = len(g.events)
    frames = []
    for _ in range(10):                                              # 10 frames while the player thinks
        app.step(0.016, draw=True)
        assert gate.stuck                                            # the frame came back mid-choice:
        frames.append(pygame.image.tobytes(app.window.surface, "RGB"))   # no frame waited for it
        assert board.thinking and len(g.events) == before           # still thinking, nothing applied
    assert len(set(frames)) > 1                                      # the thinking dots move
    assert "thinking" in board._status()
    gate.open()
    steps = run_threaded_until(app, lambda: len(g.events) > before, seconds=5, dt=0.016)
    assert steps >= 1 and not board.thinking and board.pending is None
    assert calls and all(name.startswith("clue-ai") and view == "SeatView" for name, view in calls)
    assert threading.current_thread().name not in {name for name, _v in calls}


def test_pause_and_thinking_overlap(app, monkeypatch):
    """The action comes when both the human-pace pause and the thinking are over."""
    from concurrent.futures import Future

    from game.ui.bases.pacing import AI_PAUSE, computer_pause

    app.speed = 1.0
    board = start_match(app, robots())
    g = board.match.game
    run_until(app, lambda: not board.busy, dt=0.01)
    futures: list[Future] = []

    def think(threaded=True):
        f = Future()
        futures.append(f)
        return f
    monkeypatch.setattr(board.match, "think", think)
    before = len(g.events)
    t = 0.0
    while t < AI_PAUSE + 0.3:                                        # the pause is long over ...
        app.step(0.05, draw=False)
        t += 0.05
    assert len(futures) == 1 and len(g.events) == before             # ... but the choice is not ready
    futures[0].set_result(board.match.computer_choice())
    app.step(0.016, draw=False)
    assert len(g.events) > before                                    # ready: applied at once
    # a choice that is ready at once still waits for the pause
    run_until(app, lambda: not board.busy and len(futures) == 2, dt=0.01)
    futures[1].set_result(board.match.computer_choice())
    before = len(g.events)
    pause = computer_pause(g.phase)                                  # the pause of this decision's phase
    assert pause > 0
    app.step(pause / 3, draw=False)
    assert len(g.events) == before
    run_until(app, lambda: len(g.events) > before, steps=10, dt=pause / 3)


def test_leaving_the_board_stops_the_worker(threaded_app, monkeypatch):
    from game.ui.scenes.menu import MenuScene

    app = threaded_app
    board = start_match(app, robots())
    gate = Gate(monkeypatch, board.match)
    run_threaded_until(app, lambda: board.thinking and gate.entered, seconds=60, dt=0.016)
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, MenuScene)
    menu.to_title()                                                  # leaves the board mid-thought
    assert gate.stuck                                                # nothing waited for the thinking
    assert board.match.closed and board.match._executor is None and board.pending is None
    for _ in range(3):
        app.step(0.016)
    # quitting mid-thought does not hang either
    board2 = start_match(app, robots(seed=4))
    gate2 = Gate(monkeypatch, board2.match)
    run_threaded_until(app, lambda: board2.thinking and gate2.entered, seconds=60, dt=0.016)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run() == 0
    assert gate2.stuck                                               # it quit while the choice was still open
    assert board2.match.closed and not app.stack
    gate.open()
    gate2.open()
    for t in threading.enumerate():                                  # the worker ends once its choice is done
        if t.name.startswith("clue-ai"):
            t.join(timeout=2)
            assert not t.is_alive()


def _seconds_to_play(speed: float, turns: int = 3) -> float:
    """Simulated seconds an all-computer table needs for ``turns`` turns at ``speed``."""
    app = App(seed=11, sound=False, speed=speed, threaded_ai=False)
    app.start()
    board = start_match(app, robots(seed=6))
    g = board.game
    t = 0.0
    while sum(isinstance(e, ev.TurnStarted) for e in g.events) <= turns:
        app.step(0.01, draw=False)
        t += 0.01
        assert t < 600
    app.close()
    return t


def test_speed_setting_shortens_pauses_and_animations():
    from game.ui.draw import anim

    normal, fast, instant = (_seconds_to_play(s) for s in (anim.NORMAL, anim.FAST, anim.INSTANT))
    assert fast < normal * 0.6, (normal, fast)
    assert instant < normal * 0.1, (normal, instant)
    assert anim.DieRoll(4, anim.FAST).duration < anim.DieRoll(4, anim.NORMAL).duration


def test_menu_cycles_speed(app):
    from game.ui.draw import anim
    from game.ui.scenes.menu import MenuScene

    app.speed = anim.NORMAL
    board = start_match(app, robots())
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.speed_button.label == "Speed: normal"
    labels = []
    for _ in range(3):
        click(app, menu.speed_button.rect.center)
        labels.append((menu.speed_button.label, app.speed))
    assert labels == [("Speed: fast", anim.FAST), ("Speed: instant", anim.INSTANT), ("Speed: normal", anim.NORMAL)]
    for w in menu.widgets():
        assert w.text_width() <= w.available_width()
    key(app, pygame.K_ESCAPE)
    assert app.top is board


def test_enter_or_click_skips_the_running_animation(app):
    from game.ui.draw import anim

    app.speed = anim.NORMAL
    board = start_match(app, robots())
    for press in ("enter", "click"):
        run_until(app, lambda: isinstance(board.anim, (anim.Walk, anim.DieRoll)), dt=0.01)
        if press == "enter":
            key(app, pygame.K_RETURN, dt=0.001)
        else:
            click(app, board.view.rect.center, dt=0.001)
        assert not board.busy, press                                  # that and the queued ones finished
        assert not board.skipping
    # no animation running: Enter hurries the computer player's pause
    run_until(app, lambda: not board.busy and not board.game.over, dt=0.01)
    before = len(board.game.events)
    key(app, pygame.K_RETURN, dt=0.001)
    app.step(0.001, draw=False)
    assert len(board.game.events) > before


def test_tab_with_no_roll_to_walk_says_why_on_the_status_line_and_aloud(app, monkeypatch):
    """Tab ("next room") before the roll did nothing at all: it says why (roll first) on the
    status line and read aloud, and the line is the turn's own again once the die is rolled."""
    match = _match_at(app, lambda g: g.phase is Phase.START and g.actor == 0 and g.allows(Roll))
    board = BoardScene(app, match)
    app.push(board)
    app.step(DT)
    said: list[str] = []
    monkeypatch.setattr(app.speech, "say", lambda text, owner=None, prompt=False: said.append(text))
    before = board._status()
    board.handle(Intent(Kind.ROOM, device="keyboard"))
    assert board._status() == "Roll first: then Tab picks a room to head for." != before
    assert said == ["Roll first: then Tab picks a room to head for."]
    board.roll()
    assert "Tab" not in board._status()


def test_a_click_too_far_says_too_far_once_and_the_rule_in_a_few_words(app, capsys):
    """The "unreachable square" box said the same thing twice and never
    "too far"; its rule was a citation ("Rule: 000 ...") a child cannot read."""
    from game.rules.movement import destinations

    match = _match_at(app, lambda g: g.phase is Phase.MOVE and g.actor == 0)
    board = BoardScene(app, match)
    app.push(board)
    app.step(DT)
    g = board.game
    me = g.seats[0].suspect
    near = destinations(g.board, g.positions[me], g.roll, g.occupied(ignore=me), exact=False)
    far = next(sq for sq in sorted(g.board.corridor) if sq not in near and sq not in g.occupied())
    board._explain_board_click(board.view.dest_point(far))
    box = app.top
    assert isinstance(box, MessageScene)
    assert box.text == f"That square is too far away: you rolled {g.roll}."
    assert box.rule.startswith("Rule: ") and "000" not in box.rule and not box.detail
    assert "too far" not in box.rule.lower()                       # said once
    err = capsys.readouterr().err          # the citation, for the log: by the rules' name, not a file number
    assert "Rule: Classic (U.S.), “How a turn works” 2-3" in err and "000" not in err


@pytest.mark.parametrize("allowed, status", [
    ({"Roll", "Accuse"}, "Your turn: roll the die."),
    ({"Roll", "Suggest", "Accuse"}, "Suggest here, or roll the die."),             # pulled into a room
    ({"Suggest", "TakePassage", "EndTurn"}, "Door blocked: suggest here."),        # pulled in, and a token on the door
    ({"TakePassage", "EndTurn"}, "Door blocked: take the passage."),
    ({"EndTurn"}, "Door blocked: end your turn."),
])
def test_a_turns_status_says_what_its_start_really_offers(app, monkeypatch, allowed, status):
    """000 "Secret passages and blocked doors" 1-3: never "roll the die" when
    no Roll is allowed; suggesting without rolling is said whenever it is."""
    board = start_match(app, GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                                              SeatConfig("white", "computer")), seed=2))
    g = board.game
    assert g.phase is Phase.START and g.actor == 0
    monkeypatch.setattr(g, "allows", lambda kind: kind.__name__ in allowed)
    assert board._status() == status


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
@pytest.mark.parametrize("scale", [1.0, 1.2])
def test_game_over_buttons_fit_their_words_at_full_size(app, lang, scale):
    """Every game-over button draws its label at the full button size (never shrunk to fit) with
    its key hint shown, in every language and text size; the buttons stay on the screen, apart."""
    from game.text.i18n import set_language
    from game.ui.draw import theme

    match = _match_at(app, lambda g: False)
    set_language(lang)
    theme.set_text_scale(scale)
    try:
        over = GameOverScene(app, match)
        over.update(10.0)                                            # the guard is over: hints shown
        buttons = over.focus.buttons
        for b in buttons:
            over.focus.focus_on(b)                                   # focused: the widest hint ("Enter")
            assert theme.fit_px(b.label, b.size, True, b.available_width()) == theme.px(b.size), b.label
            assert theme.px(b.size) >= 20
            assert pygame.Rect(0, 0, 1280, 720).contains(b.rect), b.label
        rects = [b.rect for b in buttons]
        assert all(r.collidelist(rects[:i] + rects[i + 1:]) < 0 for i, r in enumerate(rects))
    finally:
        set_language("en")
        theme.set_text_scale(1.0)


def test_a_click_aimed_at_a_turn_button_acts_at_the_start_of_the_turn(app):
    """The guard at the start of a person's turn swallows Enter and a click mashed in place (both
    may be carried over from the last turn: End turn's place holds the next Roll) but not a click on
    one of the turn's buttons that the mouse moved to since the turn began: aimed, and acted on at once."""
    match = _match_at(app, lambda g: g.actor == 0 and g.phase is Phase.START
                      and sum(isinstance(e, ev.TurnStarted) for e in g.events) > 4)
    board = BoardScene(app, match)
    app.push(board)
    run_until(app, lambda: board.human_to_act and not board.busy)
    board.guard = board.turn_guard(0)                                # the turn has just begun
    board.refresh_buttons()
    roll = board.focus.buttons[0]
    assert roll.label == "Roll the die"
    before = len(match.game.events)
    key(app, pygame.K_RETURN)                                        # a hurry-Enter: swallowed
    app.router.handle(Intent(Kind.CLICK, "mouse", roll.rect.center))  # a click mashed in place: swallowed
    assert len(match.game.events) == before and board.guard.active
    app.router.handle(Intent(Kind.POINT, "mouse", (roll.rect.centerx + 5, roll.rect.centery)))
    app.router.handle(Intent(Kind.CLICK, "mouse", roll.rect.center))
    assert any(isinstance(e, ev.DieRolled) for e in match.game.events[before:])
