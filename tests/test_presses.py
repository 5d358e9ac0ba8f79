"""Nobody's press plays another person's turn.

At a table with two or more people, a press made before a person's turn
began -- Enter, a click or a pad's A held or mashed across the end of the
last turn, or on the screen before the table -- never acts for that person:
the start of every person's turn takes only a fresh press after a quiet
moment (the covers' rule, :class:`game.ui.shell.scene.PromptGuard`).  One person
with computer players keeps the short timed guard (solo play keeps its pace).

Nor does a press mashed within a turn choose for its person: every new prompt
(where to walk after the roll, End turn after the walk, the card to show, the
notebook as its cover opens, a phone's OK) takes only a press after a quiet
moment, and such a press acts at once.

The presses go through the app's own loop at 60 frames a second; every wait
is counted in frames of the app's clock, never in wall-clock sleeps.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cardgame import events as cev  # noqa: E402
from game.cardgame.engine import Ask, CardSetup  # noqa: E402
from game.cardgame.engine import Phase as CardPhase
from game.rules import events as ev  # noqa: E402
from game.rules.actions import EndTurn, Suggest, TakePassage  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402
from game.ui.cardgame.match import CardMatch  # noqa: E402
from game.ui.cardgame.table import CardTableScene  # noqa: E402
from game.ui.scenes.cover import CoverScene  # noqa: E402
from game.ui.screenshots.card_screens import card_advance  # noqa: E402
from game.ui.screenshots.screens import advance  # noqa: E402
from tests.inputs import click, defaults_after, key, pad_press  # noqa: E402,F401

FRAME = 1 / 60        # seconds per frame
GAP = 9               # frames between two mashed presses (150 ms)
MASH = 40             # presses mashed across the end of a turn (6 s)
CALM = 240            # frames at most for a guard to take a fresh press once everybody let go (4 s)
A = pygame.CONTROLLER_BUTTON_A
PADS = {0: 1, 1: 2}   # seat -> pad instance id


@pytest.fixture
def app():
    a = App(seed=11, sound=False, speed=1.0, threaded_ai=False)
    a.start()
    a.pads.on_added(1, "Pad one")
    a.pads.on_added(2, "Pad two")
    yield a
    a.close()


def two_people(app: App, seed: int = 2, pads: bool = False) -> BoardScene:
    """Miss Scarlet and Colonel Mustard (people, one after the other) and Mrs. White (a computer)."""
    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "human"),
                             SeatConfig("white", "computer")), seed=seed)
    devices = {s: f"pad:{i}" for s, i in PADS.items()} if pads else None
    return BoardScene(app, Match(app.board, setup, devices=devices))


def since_turn(g, seat: int) -> list:
    """The events since ``seat``'s last turn began."""
    i = max(n for n, e in enumerate(g.events) if isinstance(e, ev.TurnStarted) and e.player == seat)
    return g.events[i:]


def turn_of(g, seat: int) -> list:
    return since_turn(g, seat) if any(isinstance(e, ev.TurnStarted) and e.player == seat for e in g.events) else []


def frames(app: App, n: int) -> None:
    for _ in range(n):
        app.step(FRAME, draw=False)


def press(app: App, how: str, pos=None) -> None:
    """One press and release: "key" (Enter), "mouse" (a click at ``pos``) or "pad" (A on both pads)."""
    if how == "key":
        key(app, pygame.K_RETURN, dt=FRAME, draw=False)
    elif how == "mouse":
        click(app, pos, dt=FRAME)
    else:
        for iid in PADS.values():
            pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=iid, button=A))
            pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=iid, button=A))
        app.step(FRAME, draw=False)


def mash(app: App, how: str, pos, presses: int = MASH) -> None:
    """``presses`` presses :data:`GAP` frames apart (the first one now)."""
    for _ in range(presses):
        press(app, how, pos)
        frames(app, GAP - 1)


def settle(app: App, scene) -> None:
    """Play what is being shown, without a press (bounded)."""
    for _ in range(600):
        if not scene.busy and app.top is scene:
            return
        app.step(FRAME, draw=False)
    raise AssertionError(f"still busy on {type(app.top).__name__}")


def fresh_press_plays(app: App, table, how: str, pos, seat: int) -> None:
    """Everybody lets go; once the guard takes a fresh press (within :data:`CALM`
    frames), one press acts for ``seat``: the guard swallows mashing, it never locks a turn."""
    g = table.game
    before = len(g.events)
    for _ in range(CALM):
        if not table.guard.active:
            break
        app.step(FRAME, draw=False)
    assert not table.guard.active, "the turn never took a fresh press"
    press(app, how, pos)
    assert len(g.events) > before or app.top is not table, f"a fresh {how} did not play {seat}'s turn"


def end_turn_button(board: BoardScene):
    board.refresh_buttons()
    return next(b for b in board.focus.buttons if b.label == "End turn")


# ---------------------------------------------------------------- the board game
def to_scarlet(board: BoardScene, kind: str) -> None:
    """The match played on until Miss Scarlet's turn has ended the ``kind`` way
    and only its last step is left: "walked" (rolled, walked to a corridor
    square: End turn is next), "rolled" (rolled: her square is next, then End
    turn), "suggested" (her suggestion answered: End turn is next), "pulled in"
    (the same, and her suggestion named Colonel Mustard, who was pulled into
    the room) or "passage" (she took a secret passage and suggested)."""
    m, g = board.match, board.game
    corner = {"kitchen", "study", "lounge", "conservatory"}

    def ready(g) -> bool:
        if g.actor != 0:
            return False
        mine = turn_of(g, 0)
        moved = [e for e in mine if isinstance(e, ev.TokenMoved)]
        suggested = any(isinstance(e, ev.SuggestionMade) for e in mine)
        if kind == "rolled":
            return g.phase is Phase.MOVE and any(not isinstance(d, str) for d in g.moves())
        if kind == "passage" and g.phase is Phase.START:
            return g.allows(TakePassage) and g.positions["scarlet"] in corner
        if g.phase is not Phase.AFTER:
            return False
        if kind == "walked":
            return bool(moved) and not moved[-1].passage and not isinstance(moved[-1].end, str)
        return suggested and (kind != "passage" or any(e.passage for e in moved))

    if kind == "pulled in":
        advance(m, lambda g: g.actor == 0 and g.phase is Phase.SUGGEST)
        for e in g.apply(Suggest("mustard", "rope")):
            m.add_log(e)
        advance(m, lambda g: g.actor == 0 and g.phase is Phase.AFTER)
        assert any(isinstance(e, ev.TokenSummoned) and e.suspect == "mustard" for e in turn_of(g, 0))
        return
    advance(m, ready, limit=6000)
    assert ready(g), kind
    if kind == "passage":
        for e in g.apply(TakePassage()):
            m.add_log(e)
        advance(m, lambda g: g.actor == 0 and g.phase is Phase.AFTER)


KINDS = ("rolled", "walked", "suggested", "pulled in", "passage")
HOW = ("key", "mouse", "pad")


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("kind", KINDS)
def test_presses_mashed_across_the_end_of_a_turn_never_play_the_next_persons(app, kind, how):
    """Miss Scarlet ends her turn with Enter, a click or her pad's A and
    goes on pressing (both pads mash A) for 6 s: Colonel Mustard's turn begins
    and nothing is done for him -- no roll, no passage, and when he was pulled
    into a room he keeps the suggestion he may make there.  Then everybody lets
    go, and one fresh press plays his turn."""
    board = two_people(app, pads=how == "pad")
    to_scarlet(board, kind)
    g = board.game
    app.push(board)
    settle(app, board)
    assert g.actor == 0 and board.human_to_act
    if kind == "rolled":                     # her square first: a corridor square, the keyboard's cursor on it
        dest = next(d for d in g.moves() if not isinstance(d, str))
        board.point_at(dest)
        first = board.view.dest_point(dest)
        frames(app, 60)                      # her own turn is under way: its guard is long past
        board.guard.left, board.guard.armed = 0, True
        press(app, how, first)
        settle(app, board)
        assert g.phase is Phase.AFTER and g.actor == 0
    pos = end_turn_button(board).rect.center
    frames(app, 60)
    board.guard.left, board.guard.armed = 0, True
    mash(app, how, pos)
    assert g.actor == 1, "Miss Scarlet's turn did not end"
    done = since_turn(g, 1)
    assert [type(e).__name__ for e in done] == ["TurnStarted"], f"pressing before his turn played it: {done}"
    assert app.top is board
    if kind == "pulled in":
        assert g.allows(Suggest) and g.positions["mustard"] == g.positions["scarlet"]
    fresh_press_plays(app, board, how, pos, 1)
    assert len(since_turn(g, 1)) > 1


def test_enter_pressed_twice_on_end_turn_never_rolls_for_the_next_person(app):
    board = two_people(app)
    to_scarlet(board, "walked")
    app.push(board)
    settle(app, board)
    frames(app, 60)
    board.guard.left, board.guard.armed = 0, True
    end_turn_button(board)
    mash(app, "key", None, presses=2)          # Enter, Enter 150 ms later
    frames(app, 120)
    g = board.game
    assert g.actor == 1 and not any(isinstance(e, ev.DieRolled) for e in since_turn(g, 1))


def test_one_person_with_computers_keeps_the_short_guard(app):
    """Alone with computer players: no quiet moment is asked for; the turn takes
    a press :data:`~game.ui.shell.scene.PRIVATE_GUARD` seconds after it can be played."""
    from game.ui.shell.scene import PRIVATE_GUARD

    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                             SeatConfig("white", "computer")), seed=2)
    board = BoardScene(app, Match(app.board, setup))
    app.push(board)
    g = board.game
    advance(board.match, lambda g: g.actor == 0 and g.phase is Phase.AFTER)
    board.do(EndTurn())
    for _ in range(3000):                    # the computers play; Enter hurries them all along
        if g.actor == 0 and board.human_to_act:
            break
        press(app, "key")
    assert g.actor == 0 and board.human_to_act and getattr(board.guard, "quiet", 0.0) == 0.0   # no quiet asked
    frames(app, int(PRIVATE_GUARD / FRAME) + 2)
    press(app, "key")                         # pressed again at once after the guard: it plays
    assert any(isinstance(e, ev.DieRolled) for e in since_turn(g, 0))


# ---------------------------------------------------------------- the card game
def card_table(app: App, pads: bool = False) -> CardTableScene:
    setup = CardSetup(players=4, seed=7, levels=("human", "human", "easy", "easy"), first=0)
    devices = {s: f"pad:{i}" for s, i in PADS.items()} if pads else {}
    return CardTableScene(app, CardMatch(setup, ("scarlet", "white", "peacock", "green"), devices))


@pytest.mark.parametrize("how", HOW)
def test_presses_mashed_across_the_end_of_a_card_game_turn_never_play_the_next_persons(app, how):
    """Miss Scarlet asks about two cards Mrs. White does not hold (Mrs. Peacock, a computer, shows one),
    looks at the card shown behind her cover, and finishes with Enter, a click
    or A, pressing on for 6 s: Mrs. White's turn begins and nothing is asked
    for her; a fresh press afterwards acts."""
    table = card_table(app, pads=how == "pad")
    m, g = table.match, table.game
    card_advance(m, lambda g: g.actor == 0 and g.phase is CardPhase.ASK)
    first = sorted(set(g.hands[2]) - set(g.hands[1]))[0]
    asked = (first, sorted(g.hands[3] - g.hands[1])[0])      # Mrs. White holds neither: Mrs. Peacock shows
    app.push(table)
    settle(app, table)
    table.do(Ask(*asked))
    for _ in range(1200):                     # the question goes round; the card shown waits behind her cover
        if isinstance(app.top, CoverScene):
            break
        app.step(FRAME, draw=False)
    cover = app.top
    assert isinstance(cover, CoverScene) and cover.seat == 0
    for _ in range(CALM):
        if not cover.guard.active:
            break
        app.step(FRAME, draw=False)
    key(app, pygame.K_RETURN, dt=FRAME, draw=False)
    shown = app.top
    frames(app, 60)
    key(app, pygame.K_RETURN, dt=FRAME, draw=False)          # the card turned over
    frames(app, 30)
    from game.ui.cardgame.panels import BUTTON_H, BUTTON_W, BUTTON_X, BUTTON_Y

    ask = (BUTTON_X + BUTTON_W // 2, BUTTON_Y + BUTTON_H // 2)   # where Mrs. White's first button (Ask) comes
    press(app, how, shown.ok.rect.center)                  # Done ...
    frames(app, GAP - 1)
    mash(app, how, ask, MASH - 1)                          # ... then on and on
    assert g.actor == 1, "Miss Scarlet's turn did not end"
    i = max(n for n, e in enumerate(g.events) if isinstance(e, cev.TurnStarted) and e.player == 1)
    assert [type(e).__name__ for e in g.events[i:]] == ["TurnStarted"], g.events[i:]
    assert app.top is table
    table.refresh_buttons()
    assert table.focus.buttons[0].rect.collidepoint(ask)
    fresh_press_plays(app, table, how, ask, 1)


def test_enter_mashed_on_the_phones_join_screen_plays_nobodys_turn():
    """The join screen comes before the first turn; 30 presses of Enter on it
    (the first one is Start) play no turn of either person."""
    from game.ui.phones.host import HostOptions
    from game.ui.shell.registry import is_scene

    a = App(seed=11, sound=False, speed=1.0, threaded_ai=False, host=HostOptions(bind="127.0.0.1", serve=False))
    a.start()
    try:
        board = two_people(a)
        a.push(board)
        a.step(FRAME, draw=False)
        assert is_scene(a.top, "phones")
        g = board.game
        before = len(g.events)
        mash(a, "key", None, presses=30)
        assert a.top is board and g.actor == 0
        assert g.events[before:] == []
        fresh_press_plays(a, board, "key", None, g.actor)
    finally:
        a.close()


def test_the_hand_comes_back_behind_its_cover_after_the_pause_menu(app):
    """Mrs. White's hand lies face up (her cover passed); the pause menu over it
    is closed by Miss Scarlet's pad: the hand is face down, behind its cover again."""
    from game.ui.scenes.menu import MenuScene

    table = card_table(app, pads=True)
    card_advance(table.match, lambda g: g.actor == 1 and g.phase is CardPhase.ASK)
    app.push(table)
    settle(app, table)
    table.reveal_hand(1)
    assert table.hand_seat() == 1
    app.push(MenuScene(app, table))
    frames(app, 60)
    pad_press(app, PADS[0], pygame.CONTROLLER_BUTTON_B, dt=FRAME)     # Back: Resume
    assert table.hand_seat() is None
    assert isinstance(app.top, CoverScene) and app.top.seat == 1


# ------------------------------------------------------ a private screen after a box
B = pygame.CONTROLLER_BUTTON_B
DISPROVE_PADS = {0: 1, 2: 2}   # seat -> pad instance id: Miss Scarlet and Mrs. White, people


def frame_bytes(app: App) -> bytes:
    """The frame as drawn now (the way tests/test_privacy.py compares frames)."""
    app.draw()
    return pygame.image.tobytes(app.window.surface, "RGB")


def until_top(app: App, cls, limit: int = 1200):
    """Step (bounded) until a ``cls`` scene is on top; it."""
    for _ in range(limit):
        if isinstance(app.top, cls):
            return app.top
        app.step(FRAME, draw=False)
    raise AssertionError(f"no {cls.__name__} on top but {type(app.top).__name__}")


def take_cover(app: App, cover, iid: int) -> None:
    """Everybody lets go; once the cover takes a fresh press (bounded), pad ``iid`` presses A."""
    for _ in range(CALM):
        if not cover.guard.active:
            break
        app.step(FRAME, draw=False)
    assert not cover.guard.active, "the cover never took a fresh press"
    pad_press(app, iid, A, dt=FRAME)


def card_to_show_after_the_menu(app: App, cards: tuple[str, ...], closer: str):
    """A board game with Miss Scarlet and Mrs. White (people, each with a pad): the one who must
    show a card passes her cover, her screen offers ``cards``; Esc opens the pause menu and
    ``closer`` ("other pad": the other person's B, "keyboard": Esc) closes it.  Returns the frames
    face up, back on top and after the other person's fresh press, and the screens on top
    back and after her own next fresh press, and her screen."""
    from game.ui.board.private import DisproveScene
    from game.ui.scenes.menu import MenuScene

    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                             SeatConfig("white", "human"), SeatConfig("green", "computer")), seed=3)
    match = Match(app.board, setup, devices={s: f"pad:{i}" for s, i in DISPROVE_PADS.items()})
    advance(match, lambda g: g.phase is Phase.DISPROVE and match.is_human(g.actor))
    seat = match.game.actor
    mine, others = DISPROVE_PADS[seat], DISPROVE_PADS[2 - seat]
    app.push(BoardScene(app, match))
    take_cover(app, until_top(app, CoverScene), mine)
    scene = app.top
    assert isinstance(scene, DisproveScene) and scene.seat == seat
    scene.offer(list(cards))
    face_up = frame_bytes(app)
    key(app, pygame.K_ESCAPE, dt=FRAME, draw=False)
    assert isinstance(app.top, MenuScene)
    frames(app, 30)
    if closer == "keyboard":
        key(app, pygame.K_ESCAPE, dt=FRAME, draw=False)
    else:
        pad_press(app, others, B, dt=FRAME)
    back = app.top
    covered = frame_bytes(app)
    not_hers = None
    if isinstance(back, CoverScene):
        for _ in range(MASH):                # the other person mashes A: the cover stays, nothing is built
            pad_press(app, others, A, dt=FRAME)
            frames(app, GAP - 1)
        frames(app, CALM)
        assert not back.guard.active
        pad_press(app, others, A, dt=FRAME)  # a fresh press, but not hers
        assert app.top is back
        not_hers = frame_bytes(app)
        take_cover(app, back, mine)
    return face_up, covered, not_hers, back, app.top, scene


@pytest.mark.parametrize("closer", ["other pad", "keyboard"])
def test_the_card_to_show_comes_back_behind_its_cover_after_the_pause_menu(app, closer):
    """The pause menu over the card-to-show screen, closed by the other person's pad or by the
    keyboard: the screen comes back behind its cover, no card drawn (the frame is the same
    whichever cards it offers) until she presses fresh; then the same screen, cards as they were."""
    shots = [card_to_show_after_the_menu(app, cards, closer)
             for cards in (("plum", "rope", "kitchen"), ("green", "knife", "hall"))]
    for _face_up, _covered, _not_hers, back, after, scene in shots:
        assert isinstance(back, CoverScene) and back.seat == scene.seat, type(back).__name__
        assert after is scene, "her fresh press did not bring her screen back"
    assert shots[0][0] != shots[1][0], "the two screens should show different cards"
    assert shots[0][1] == shots[1][1], "a card shows behind the cover"
    assert shots[0][2] == shots[1][2], "a card shows behind the cover after the other person's press"
    assert shots[0][5].offered == ["plum", "rope", "kitchen"] and shots[1][5].offered == ["green", "knife", "hall"]


def test_a_picker_opened_from_a_private_choice_comes_back_behind_that_choices_cover(app):
    """Card game: Mrs. White decides behind her cover whether to join an accusation and opens
    the accusation picker; the pause menu over it, closed by Miss Scarlet's pad: her cover again
    (the join screen's), and her fresh press brings back the picker, the join screen under it."""
    from game.cardgame.engine import Accuse
    from game.ui.cardgame.picker import CardPickerScene
    from game.ui.cardgame.private import JoinScene
    from game.ui.scenes.menu import MenuScene

    table = card_table(app, pads=True)
    m, g = table.match, table.game
    card_advance(m, lambda g: g.actor == 2 and g.phase is CardPhase.ASK)
    for e in g.apply(next(a for a in g.legal_actions() if isinstance(a, Accuse))):   # Mrs. Peacock accuses
        m.add_log(e)
    card_advance(m, lambda g: g.phase is CardPhase.JOIN and g.actor == 1)
    app.push(table)
    take_cover(app, until_top(app, CoverScene), PADS[1])
    join = until_top(app, JoinScene, 5)
    join.guard.left = 0
    pad_press(app, PADS[1], pygame.CONTROLLER_BUTTON_DPAD_LEFT, dt=FRAME)   # "Accuse too"
    pad_press(app, PADS[1], A, dt=FRAME)
    picker = until_top(app, CardPickerScene, 5)
    app.push(MenuScene(app, table))
    frames(app, 30)
    pad_press(app, PADS[0], B, dt=FRAME)
    cover = app.top
    assert isinstance(cover, CoverScene) and cover.seat == 1
    assert app.stack[-2] is join and picker not in app.stack
    take_cover(app, cover, PADS[1])
    assert app.top is picker and app.stack[-2] is join


def test_alone_with_computers_a_private_screen_comes_back_without_a_cover(app):
    """One person with computer players: the pause menu over the notebook closes straight back to it."""
    from game.ui.board.notebook import NotebookScene
    from game.ui.scenes.menu import MenuScene

    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                             SeatConfig("white", "computer")), seed=2)
    board = BoardScene(app, Match(app.board, setup))
    app.push(board)
    board.open_notebook()
    notebook = until_top(app, NotebookScene, 5)
    app.push(MenuScene(app, board))
    key(app, pygame.K_ESCAPE, dt=FRAME, draw=False)
    assert app.top is notebook


# ------------------------------------------------------ a press too soon, said
@pytest.mark.parametrize("game", ["board", "card game"])
def test_a_press_too_soon_at_a_turns_start_says_so_as_the_cover_does(app, monkeypatch, game):
    """Enter mashed across the end of Miss Scarlet's turn: the next person's turn swallows it and
    says the cover's words along the bottom ("Too fast! ..."), in Spanish too; once a fresh press
    may play, the words go."""
    import game.ui.bases.table as table_module
    from game.text.i18n import set_language

    drawn = []
    monkeypatch.setattr(table_module, "footer_hint", lambda surface, s, y=700: drawn.append(s), raising=False)
    monkeypatch.setattr(table_module, "panel_hint", lambda surface, s, area: drawn.append(s), raising=False)
    if game == "board":
        table = two_people(app)
        to_scarlet(table, "walked")
        pos = end_turn_button(table).rect.center
        app.push(table)
        settle(app, table)
    else:
        table = card_table(app)
        card_advance(table.match, lambda g: g.actor == 1 and g.phase is CardPhase.ASK)
        app.push(table)
        settle(app, table)
        pos = None
    frames(app, 3)
    table.draw(app.window.surface)
    assert drawn == []                        # a press after a quiet moment: nothing to say
    if game == "board":
        frames(app, 60)
        table.guard.left, table.guard.armed = 0, True
        mash(app, "key", pos, presses=3)      # End turn, then twice more 150 ms apart
        assert table.game.actor == 1
    else:
        mash(app, "key", pos, presses=3)
    assert table.human_to_act and table.guard.active
    table.draw(app.window.surface)
    assert drawn == ["Too fast! Stop pressing for a moment, then press Enter once."]   # the cover's words
    set_language("es")
    table.draw(app.window.surface)
    assert drawn[-1] == "¡Demasiado rápido! Deja de pulsar un momento y luego pulsa Intro una vez."
    set_language("en")
    for _ in range(CALM):
        if not table.guard.active:
            break
        app.step(FRAME, draw=False)
    drawn.clear()
    table.draw(app.window.surface)
    assert drawn == []


def test_too_fast_on_the_board_hides_no_square_token_or_button(app):
    """The board takes the window's whole height: the "Too fast!" words go over the log's last
    lines, never over the board's bottom row of squares (or a token on it) or a button."""
    from game.ui.draw import gfx

    table = two_people(app)
    to_scarlet(table, "walked")
    pos = end_turn_button(table).rect.center
    app.push(table)
    settle(app, table)
    frames(app, 60)
    table.guard.left, table.guard.armed = 0, True
    mash(app, "key", pos, presses=3)
    assert table.human_to_act and table.guard.hint()
    surface = app.window.surface
    assert surface.get_size() == (1280, 720) and gfx.scale_of(surface) == 1
    table.draw(surface)
    said = pygame.surfarray.array3d(gfx.raw(surface))
    table.guard.too_soon = False              # the same frame without the words
    table.draw(surface)
    changed = (said != pygame.surfarray.array3d(gfx.raw(surface))).any(axis=2)
    xs, ys = changed.nonzero()
    assert len(xs)
    band = pygame.Rect(int(xs.min()), int(ys.min()), int(xs.max() - xs.min()) + 1, int(ys.max() - ys.min()) + 1)
    assert table.hud.log_rect.contains(band), band
    assert not band.colliderect(table.view.rect), band
    table.refresh_buttons()
    assert not any(band.colliderect(b.rect) for b in table.focus.buttons), band


# ------------------------------------------------ every new prompt within a turn
#: frames between two presses mashed within a turn (200 ms: a child hammering Enter)
MASH_GAP = 12


def mash_for(app: App, how: str, pos, presses: int, iid: int | None = None) -> None:
    """``presses`` presses :data:`MASH_GAP` frames apart (the first one now); ``iid``: that pad's A only."""
    for _ in range(presses):
        if iid is not None:
            pad_press(app, iid, A, dt=FRAME)
        else:
            press(app, how, pos)
        frames(app, MASH_GAP - 1)


def quiet_then(app: App, guard_of) -> None:
    """Everybody lets go until ``guard_of()`` (the guard of the prompt on screen) takes a fresh press (bounded)."""
    for _ in range(CALM):
        if not guard_of().active:
            return
        app.step(FRAME, draw=False)
    raise AssertionError("the prompt never took a fresh press")


def at_turn_start(app: App, people: int, seed: int = 2) -> BoardScene:
    """Miss Scarlet's turn has begun (people: her alone with computers, or with Colonel Mustard)
    and its guard takes a fresh press: nothing pressed for a while."""
    if people == 2:
        board = two_people(app, seed=seed, pads=True)
    else:
        setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                                 SeatConfig("white", "computer")), seed=seed)
        board = BoardScene(app, Match(app.board, setup, devices={0: f"pad:{PADS[0]}"}))
    advance(board.match, lambda g: g.actor == 0 and g.phase is Phase.START and g.turn == 0
            and sum(isinstance(e, ev.TurnStarted) for e in g.events) > 3)
    app.push(board)
    settle(app, board)
    quiet_then(app, lambda: board.guard)
    return board


@pytest.mark.parametrize("people", [1, 2])
@pytest.mark.parametrize("how", HOW)
def test_mashing_from_a_turns_start_takes_one_choice_and_never_ends_the_turn(app, how, people):
    """After a quiet moment, Enter (or a click where Roll the die is, or the pad's A) hammered 40
    times 200 ms apart: the first press rolls the die; the rest never choose where to walk, open
    the suggestion, end the turn or play Colonel Mustard's; the screen says "Too fast!" in the
    words of the device mashed (a click for the mouse).  Once the hammering stops, one press
    chooses at once (the lit place under the cursor)."""
    board = at_turn_start(app, people)
    g = board.game
    board.refresh_buttons()
    pos = board.focus.buttons[0].rect.center
    assert board.focus.buttons[0].label == "Roll the die"
    before = len(g.actions)
    mash_for(app, how, pos, 40)
    settle(app, board)
    taken = g.actions[before:]
    assert [type(a).__name__ for a in taken] == ["Roll"], taken
    assert g.actor == 0 and g.phase is Phase.MOVE and app.top is board
    assert board.guard.active and board.guard.hint() == {      # "Too fast! ...", in the words of the device mashed
        "key": "Too fast! Stop pressing for a moment, then press Enter once.",
        "mouse": "Too fast! Stop clicking for a moment, then click once.",
        "pad": "Too fast! Stop pressing for a moment, then press A once."}[how]
    quiet_then(app, lambda: board.guard)
    dest = list(g.moves())[board.cursor % len(list(g.moves()))]
    press(app, how, board.view.dest_point(dest))               # one deliberate press: it walks at once
    assert [type(a).__name__ for a in g.actions[before:]] == ["Roll", "Move"]


def play_to(app: App, board: BoardScene, phase: Phase) -> None:
    """Miss Scarlet rolls and walks by deliberate presses (each after a quiet moment) until ``phase``."""
    g = board.game
    for _ in range(6):
        if g.phase is phase:
            return
        settle(app, board)
        quiet_then(app, lambda: board.guard)
        press(app, "key")
    settle(app, board)
    assert g.phase is phase


@pytest.mark.parametrize("how", HOW)
def test_mashing_on_end_turn_after_the_walk_never_ends_it(app, how):
    """Two people: Miss Scarlet walks to a corridor square with a press, then hammers on: End turn
    (focused, under the mouse) is never pressed for her; after a quiet moment one press ends it."""
    for seed in range(2, 30):
        board = at_turn_start(app, 2, seed=seed)
        g = board.game
        press(app, "key")                                     # a deliberate roll
        settle(app, board)
        corridor = [d for d in g.moves() if not isinstance(d, str)]
        if corridor and not any(isinstance(d, str) for d in g.moves()):
            break
        app.pop(board)
    board.point_at(corridor[0])
    quiet_then(app, lambda: board.guard)
    press(app, "key")                                         # walk to a corridor square
    settle(app, board)
    assert g.phase is Phase.AFTER and g.actor == 0
    board.refresh_buttons()
    end = end_turn_button(board)
    board.focus.focus_on(end)
    before = len(g.actions)
    frames(app, 20)                                           # walking ended a moment ago ...
    mash_for(app, how, end.rect.center, 30, PADS[0] if how == "pad" else None)
    assert g.actions[before:] == [] and g.actor == 0, g.actions[before:]
    quiet_then(app, lambda: board.guard)
    press(app, how, end.rect.center)
    assert isinstance(g.actions[-1], EndTurn)


def test_a_deliberate_press_acts_at_once_on_each_new_prompt(app):
    """Alone: Roll with a press; the die lands; one press on the first frame of the walk's prompt
    walks (the keys were quiet); then each prompt's first press, made once the keys have been
    quiet (never waiting more for the prompt itself), acts on that very press."""
    from game.ui.shell.scene import FRESH_QUIET

    board = at_turn_start(app, 1)
    g = board.game
    press(app, "key")
    assert type(g.actions[-1]).__name__ == "Roll"
    frames(app, int(FRESH_QUIET / FRAME) + 1)                  # quiet while the die rolls (0.8 s)
    for _ in range(200):
        if board.human_to_act:
            break
        app.step(FRAME, draw=False)
    assert g.phase is Phase.MOVE and not board.guard.active   # the first frame of the prompt: it takes a press
    n = len(g.actions)
    press(app, "key")
    assert len(g.actions) == n + 1 and type(g.actions[-1]).__name__ == "Move"


@pytest.mark.parametrize("how", ["key", "pad"])
@pytest.mark.parametrize("cards", [1, 3])
def test_mashing_past_the_cover_never_shows_a_card(app, how, cards):
    """Mrs. White must show a card: her cover takes a fresh press, and she hammers on (Enter, or her
    pad's A) 40 times: no card is shown, with one card to show or all she may show; the screen says "Too
    fast! ..."; once she stops, one press shows the focused card at once."""
    from game.ui.board.private import DisproveScene

    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                             SeatConfig("white", "human"), SeatConfig("green", "computer")), seed=3)
    match = Match(app.board, setup, devices={s: f"pad:{i}" for s, i in DISPROVE_PADS.items()})
    advance(match, lambda g: g.phase is Phase.DISPROVE and match.is_human(g.actor))
    seat = match.game.actor
    app.push(BoardScene(app, match))
    cover = until_top(app, CoverScene)
    quiet_then(app, lambda: cover.guard)
    iid = DISPROVE_PADS[seat] if how == "pad" else None
    if iid is not None:
        pad_press(app, iid, A, dt=FRAME)
    else:
        press(app, "key")
    scene = app.top
    assert isinstance(scene, DisproveScene)
    scene.offer(scene.offered[:cards])
    first = scene.offered[0]
    g = match.game
    before = len(g.actions)
    frames(app, MASH_GAP - 1)
    mash_for(app, how, None, 40, iid)
    assert app.top is scene and g.actions[before:] == []
    assert scene.hint().startswith("Too fast! Stop pressing for a moment, then press ")
    quiet_then(app, lambda: scene.guard)
    if iid is not None:
        pad_press(app, iid, A, dt=FRAME)
    else:
        press(app, "key")
    assert [type(a).__name__ for a in g.actions[before:]] == ["Disprove"] and g.actions[-1].card == first


@pytest.mark.parametrize("how", HOW)
def test_mashing_past_the_notebooks_cover_changes_no_mark(app, how):
    """Two people: Miss Scarlet opens her notebook (N); its cover takes a fresh press and she hammers
    on (Enter, a click on the focused row, her pad's A): no mark changes.  Once she stops, one press
    marks the row, and quick presses after it go on cycling its mark (the notebook is hers now)."""
    from game.ui.board.notebook import NotebookScene

    at_turn_start(app, 2)
    key(app, pygame.K_n, dt=FRAME, draw=False)
    cover = until_top(app, CoverScene, 5)
    quiet_then(app, lambda: cover.guard)
    press(app, "key")
    book = until_top(app, NotebookScene, 5)
    row = book.focus.focused
    assert row is not None and row in book.rows
    marks = dict(book.marks)
    frames(app, MASH_GAP - 1)
    mash_for(app, how, row.rect.center, 40, PADS[0] if how == "pad" else None)
    assert app.top is book and book.marks == marks
    quiet_then(app, lambda: book.guard)
    press(app, how, row.rect.center)
    first = dict(book.marks)
    assert first != marks
    press(app, how, row.rect.center)                 # marks cycled quickly: every press counts now
    assert book.marks != first


# ------------------------------------------------------------------ a phone's OK
def test_a_phones_ok_mashed_takes_one_choice_and_never_ends_the_turn():
    """A seat playing on its phone taps Roll, then hammers its pad's OK 40 times 200 ms apart (each
    tap reaches the TV as the table's confirm): the first OK walks to the square under the cursor;
    the rest -- those that came while the token walked and those after -- never press the TV's
    focused button (End turn, Accuse) or open anything.  Once the taps stop, one OK acts at once."""
    from game.ui.shell.registry import is_scene
    from tests.test_net_tv import hosted_app, hot_seat, to_phone_roll

    a = hosted_app()
    try:
        board, phones = hot_seat(a)
        g = board.game
        seat = to_phone_roll(a, board, phones)
        a.speed = 1.0                                  # the die and the walk at their own pace
        frames(a, 60)                                  # the turn's guard ends
        phones[seat].act({"type": "Roll"})
        a.step(FRAME, draw=False)
        before = len(g.actions)
        for _ in range(40):
            phones[seat].pad("ok")
            frames(a, MASH_GAP)
        taken = [type(x).__name__ for x in g.actions[before:]]
        assert taken == ["Move"], taken
        assert g.actor == seat and not any(is_scene(s, "cover") or s.private for s in a.stack), a.stack
        frames(a, 60)                                  # a quiet moment: one OK acts at once
        assert not board.busy and board.human_to_act
        n, top = len(g.actions), a.top
        phones[seat].pad("ok")
        a.step(FRAME, draw=False)
        assert len(g.actions) == n + 1 or a.top is not top, (g.phase, type(top).__name__)
    finally:
        a.close()


def test_presses_made_while_a_new_game_is_set_up_never_act_on_it(app):
    """Down and Enter pressed while the frame that opens the board is being made (a new game
    takes seconds to set up, the title still showing) were aimed at the title: the board never
    takes them (they opened the accusation picker), and a press after the board showed acts."""
    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                             SeatConfig("white", "computer")), seed=2)
    title = app.top
    opened: list[BoardScene] = []

    def sets_up_a_game(dt: float) -> None:
        opened.append(BoardScene(app, Match(app.board, setup)))
        app.push(opened[0])
        for k in (pygame.K_DOWN, pygame.K_RETURN):     # pressed while the frame is made
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))

    title.update = sets_up_a_game
    app.step(FRAME)
    board = opened[0]
    assert app.top is board
    frames(app, 60)
    g = board.game
    assert app.top is board and g.actor == 0 and not turn_of(g, 0)[1:], [type(e).__name__ for e in turn_of(g, 0)]
    press(app, "key")                              # a press after the board showed: it rolls
    assert any(isinstance(e, ev.DieRolled) for e in since_turn(g, 0))
