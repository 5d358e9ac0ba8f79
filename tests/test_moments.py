"""An accusation asks once more
(with the three cards shown, in private) before it ends a game."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.cardgame.engine import CardSetup  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.picker import PickerScene  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402
from game.ui.cardgame.match import CardMatch  # noqa: E402
from game.ui.cardgame.picker import CardPickerScene  # noqa: E402
from game.ui.cardgame.table import CardTableScene  # noqa: E402
from game.ui.shell.registry import is_scene  # noqa: E402
from tests.inputs import aim_click, key  # noqa: E402
from tests.test_cardgame_ui import app  # noqa: E402,F401  (the fixture: an app saving to a temporary file)

DT = 0.1




def run_until(app: App, cond, steps: int = 3000) -> None:
    for _ in range(steps):
        if cond():
            return
        app.step(DT, draw=False)
    raise AssertionError("condition never became true")


def wait_guard(app: App) -> None:
    guard = app.top.guard
    run_until(app, lambda: not guard.active, 100)


def confirming(app: App) -> bool:
    return is_scene(app.top, "accuse_confirm")


def board_picker(app: App) -> tuple[BoardScene, PickerScene]:
    """A one-person board game at the accusation picker, a wrong accusation picked."""
    key(app, pygame.K_RETURN)            # the title's quick game: one person
    board = app.find(BoardScene)
    assert board is not None
    run_until(app, lambda: board.human_to_act and app.top is board)
    board.open_accuse()
    picker = app.top
    assert isinstance(picker, PickerScene) and picker.mode == "accuse"
    s, w, r = board.game.envelope
    for cat, want in (("suspect", s), ("weapon", w), ("room", next(b.data for b in picker.items["room"]
                                                                     if b.data != r))):
        aim_click(app, next(b for b in picker.items[cat] if b.data == want).rect.center)
    return board, picker


def test_board_accusation_asks_first_with_the_three_cards(app):
    board, picker = board_picker(app)
    choice = dict(picker.choice)
    aim_click(app, picker.ok.rect.center)
    box = app.top
    assert confirming(app) and box.private and box.seat == 0
    assert box.cards == (choice["suspect"], choice["weapon"], choice["room"])
    assert not board.game.seats[0].accused and picker in app.stack
    key(app, pygame.K_LEFT)                 # to Yes
    assert box.focus.focused is box.yes_button
    for _ in range(40):                     # Enter mashed for 4 seconds: never accuses
        key(app, pygame.K_RETURN, draw=False)
    assert app.top is box and not board.game.seats[0].accused
    key(app, pygame.K_ESCAPE)               # No: back to the picker, the choice kept
    assert app.top is picker and picker.choice == choice
    aim_click(app, picker.ok.rect.center)
    box = app.top
    assert confirming(app) and box.focus.focused is box.no_button
    wait_guard(app)
    key(app, pygame.K_RETURN)               # a calm Enter on the focused No
    assert app.top is picker and picker.choice == choice and not board.game.seats[0].accused
    aim_click(app, picker.ok.rect.center)
    box = app.top
    wait_guard(app)
    aim_click(app, box.yes_button.rect.center)
    assert picker not in app.stack and board.game.seats[0].accused


def test_card_game_accusation_asks_first(app):
    setup = CardSetup(players=3, seed=5, levels=("human", "easy", "easy"), first=0)
    table = CardTableScene(app, CardMatch(setup, ("scarlet", "white", "peacock"), None))
    app.push(table)
    run_until(app, lambda: app.top is table and table.human_to_act)
    table.open_accuse()
    run_until(app, lambda: isinstance(app.top, CardPickerScene))
    picker = app.top
    for rows in picker.items.values():
        aim_click(app, rows[0].rect.center)
    choice = dict(picker.choice)
    n = len(table.game.events)
    aim_click(app, picker.ok.rect.center)
    box = app.top
    assert confirming(app) and box.private and box.cards == tuple(choice.values())
    key(app, pygame.K_LEFT)
    for _ in range(40):
        key(app, pygame.K_RETURN, draw=False)
    assert app.top is box and len(table.game.events) == n
    key(app, pygame.K_ESCAPE)
    assert app.top is picker and picker.choice == choice
    aim_click(app, picker.ok.rect.center)
    box = app.top
    wait_guard(app)
    aim_click(app, box.yes_button.rect.center)
    assert picker not in app.stack and len(table.game.events) > n


def test_accusation_question_is_private_behind_the_cover(app):
    """Two people share the screen: the picker and its question come behind the
    accuser's cover, and a public screen over them (the pause menu) never
    draws the three cards."""
    from game.rules.setup import GameSetup, SeatConfig
    from game.ui.board.match import Match
    from game.ui.scenes.cover import CoverScene
    from game.ui.shell.registry import make

    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("white", "human"), SeatConfig("green", "computer")), seed=3)
    board = BoardScene(app, Match(app.board, setup))
    app.reset(board)
    run_until(app, lambda: board.human_to_act and app.top is board)
    board.open_accuse()
    cover = app.top
    assert isinstance(cover, CoverScene) and cover.seat == board.game.turn
    wait_guard(app)
    key(app, pygame.K_RETURN)
    picker = app.top
    assert isinstance(picker, PickerScene) and picker.private
    for rows in picker.items.values():      # cards not crossed out (your own would ask first)
        aim_click(app, next(b for b in rows if not b.crossed).rect.center)
    aim_click(app, picker.ok.rect.center)
    box = app.top
    assert confirming(app) and box.private and box.seat == board.game.turn
    drawn = []
    box.draw = lambda surface: drawn.append(surface)
    app.push(make("menu", app, board))
    app.draw()
    assert drawn == []                      # hidden under the public pause menu


# ---------------------------------------------------------------- the title's focus
def motion(app: App, pos) -> None:
    """The mouse reported at ``pos`` (window pixels), as SDL sends it, then one step."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(DT)


def test_title_with_a_save_enter_continues_though_the_pointer_rests_at_the_centre(tmp_path):
    from game.storage.save import SavedGame, save_game
    from game.ui.bases.match import quick_setup
    from game.ui.scenes.title import TitleScene

    save_game(tmp_path / "autosave.json", SavedGame(quick_setup(7)))
    app = App(seed=11, sound=False, speed=20.0, threaded_ai=False, save_path=tmp_path / "autosave.json")
    try:
        app.start()
        title = app.top
        assert isinstance(title, TitleScene) and title.focus.focused is title.continue_button
        # Xvfb: the pointer rests where the window appeared, over another button than Continue
        rest = next(b for b in title.buttons if b is not title.continue_button and b.label == "New game").rect.center
        motion(app, rest)
        motion(app, rest)
        assert title.focus.focused is title.continue_button
        other = next(b for b in title.buttons if b.label == "Rules")
        motion(app, other.rect.center)       # a mouse that really moves still hovers
        assert title.focus.focused is other
        title.focus.focus_on(title.continue_button)
        key(app, pygame.K_RETURN)
        assert app.find(BoardScene) is not None
    finally:
        app.close()


def test_leaving_a_finished_game_with_a_held_back_lands_on_the_first_item(app):
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.scenes.title import TitleScene
    from game.ui.screenshots.screens import advance
    from game.ui.shell.registry import make

    match = Match(app.board, quick_setup(3))
    advance(match, lambda g: False, limit=20000)     # played to its end
    assert match.game.over
    over = make("game_over", app, match)
    app.reset(make("board", app, match))
    app.push(over)
    over.guard.update(10.0)
    over.update(0.0)
    esc = dict(key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **esc))
    app.step(DT)
    title = app.top
    assert isinstance(title, TitleScene)
    for _ in range(5):                       # the key still held: the system repeats it
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **esc))
        app.step(DT)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, **esc))
    app.step(DT)
    # the first line: Play's row, at the remembered level
    assert app.top is title and title.focus.focused is title.level_buttons[title.remembered_level()]
    key(app, pygame.K_ESCAPE)                # a fresh Back asks "Quit the game?"
    assert app.top is not title and app.top.question == "Quit the game?"


# ---------------------------------------------------------------- layout glitches
def test_a_picked_and_focused_suggestion_card_never_covers_its_header(app):
    from game.rules.engine import Phase
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.draw import theme
    from game.ui.screenshots.screens import advance
    from game.ui.shell.registry import make

    match = Match(app.board, quick_setup(3))
    advance(match, lambda g: g.phase is Phase.SUGGEST and g.turn in match.humans, limit=20000)
    board = make("board", app, match)
    app.reset(board)
    picker = make("picker", app, board, "suggest")
    app.push(picker)
    heads = [theme.text(t, theme.BODY, theme.BRASS, True).get_rect(bottomleft=p)
             for t, p in zip(("Who?", "With what?", "Where?"), picker.head_points(), strict=True)]
    for cat in ("suspect", "weapon"):
        for b in picker.items[cat]:
            picker.pick(cat, b)
            picker.focus.focus_on(b)
            drawn = b.rect.move(0, -8).inflate(14, 14)        # raised when picked, with its focus ring
            assert not any(drawn.colliderect(h) for h in heads), (b.data, drawn, heads)


def test_a_card_name_keeps_a_margin_inside_the_frame():
    from game.ui.draw import assets, theme

    pygame.init()
    f = theme.font_px(theme.SMALL, True)
    for width in range(120, 261, 5):
        pad = max(6, width // 16)
        for ln in assets.card_name_lines("mustard", width):
            assert f.size(ln)[0] <= width - 2 * pad + 4, (width, ln)    # the picture's width, 2 px more a side
    assert len(assets.card_name_lines("mustard", 200)) == 2     # the shown card (200 wide): two lines, not edge to edge


def test_the_pause_menu_footer_hides_the_board_footer(app):
    from game.ui.draw import theme
    from game.ui.shell.registry import make

    key(app, pygame.K_RETURN)                # a quick game
    board = app.find(BoardScene)
    run_until(app, lambda: board.human_to_act and app.top is board)
    app.push(make("menu", app, board))
    app.draw()
    s = app.window.surface
    band = [s.get_at((x, y))[:3] for x in range(1000, 1280, 3) for y in range(690, 704)]
    assert set(band) == {tuple(theme.BG_DARK[:3])}    # no letter of the board's footer shows through


def test_the_quit_question_has_no_empty_middle(app):
    from game.ui.draw import theme
    from game.ui.shell.registry import make

    box = make("confirm", app, "Quit the game?", lambda: None)
    q = theme.text(box.question, theme.HEADING, theme.INK, True).get_rect(midtop=(box.box.centerx, box.box.top + 30))
    assert 0 < box.yes_button.rect.top - q.bottom <= 40
    assert box.box.bottom - box.yes_button.rect.bottom == 36
