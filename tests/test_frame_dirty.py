"""A frame at a large window puts back and shows only what moved (gfx.lay,
gfx.take_dirty, Window.present), and the picture stays exactly the one a
whole redraw gives."""

from __future__ import annotations

import pygame
import pytest

from game.ui.draw import gfx


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    gfx.set_output_scale(1.0)
    pygame.display.quit()


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(gfx.raw(surface), "RGB")



def _person_acts(app, board) -> None:
    """One step of the person's turn at ``board``: close the pickers and covers
    (the table only), then roll, walk to the first destination, or end the turn."""
    from game.rules.actions import EndTurn, Roll
    from game.rules.engine import Phase

    g = board.game
    while app.top is not board:
        app.pop()
    if board.human_to_act and not board.busy:
        if g.phase is Phase.START and g.can_roll():
            board.do(Roll())
        elif g.phase is Phase.MOVE:
            board.choose(next(iter(g.moves())))
        else:
            board.do(EndTurn())

def test_lay_puts_back_only_what_was_drawn_and_keeps_the_pixels():
    pygame.display.set_mode((64, 64))
    base = gfx.Canvas((1280, 720), 0, 1.5)
    base.fill((30, 60, 90))
    gfx.rect(base, (200, 180, 20), (100, 100, 300, 200))
    canvas = gfx.Canvas((1280, 720), 0, 1.5)
    tracker = canvas.track()
    assert gfx.take_dirty(canvas) == [pygame.Rect(0, 0, 1920, 1080)]      # never shown: all of it
    gfx.lay(canvas, base)
    gfx.circle(canvas, (255, 0, 0), (200, 200), 20)
    assert gfx.take_dirty(canvas) == [pygame.Rect(0, 0, 1920, 1080)]      # laid whole the first time
    gfx.lay(canvas, base)                   # the same picture again: the circle's squares are put back
    assert _pixels(canvas) == _pixels(base)
    moved = gfx.circle(canvas, (255, 0, 0), (900, 500), 20)
    shown = gfx.take_dirty(canvas)
    area = sum(r.width * r.height for r in shown)
    assert area <= 4 * gfx.TILE * gfx.TILE * 4          # the old circle's squares and the new one's
    assert any(r.colliderect(gfx._dev_rect(moved, 1.5)) for r in shown)
    assert any(r.collidepoint(300, 300) for r in shown)  # where the old circle was
    whole = base.copy()
    gfx.circle(whole, (255, 0, 0), (900, 500), 20)
    assert _pixels(canvas) == _pixels(whole)
    other = base.copy()                     # another picture: laid whole
    gfx.lay(canvas, other)
    assert gfx.take_dirty(canvas) == [pygame.Rect(0, 0, 1920, 1080)] and tracker.base is not None


def test_a_walk_at_1920x1080_shows_a_fraction_of_the_window_and_the_same_picture(monkeypatch):
    from game.ui.app import App
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene
    from game.ui.draw import anim

    app = App(size=(1920, 1080), seed=3, sound=False, threaded_ai=False)
    app.start()
    board = BoardScene(app, Match(app.board, quick_setup(3)))
    app.push(board)
    app.step(1 / 60)
    shown: list[float] = []
    whole = 1920 * 1080
    monkeypatch.setattr(pygame.display, "flip", lambda: shown.append(1.0))
    monkeypatch.setattr(pygame.display, "update",
                        lambda rects=None: shown.append(sum(r.width * r.height for r in rects) / whole))
    walked = 0
    for _frame in range(3000):          # a few computer turns, bounded
        _person_acts(app, board)
        walking = isinstance(board.anim, anim.Walk)
        shown.clear()
        app.step(1 / 60)
        if walking and board.suggestion_show is None:
            walked += 1
            assert len(shown) == 1 and shown[0] < 0.5, shown     # not the whole picture, frame after frame
        if walked >= 20:
            break
    assert walked >= 20
    seen = _pixels(app.window.screen)
    app.window.surface.tracker.base = None          # a whole redraw, shown whole
    app.window.expose()
    app.draw()
    app.window.present()
    assert _pixels(app.window.screen) == seen
    app.close()


def _pattern(colour: tuple[int, int, int], scale: float) -> gfx.Canvas:
    """A whole logical screen at ``scale``: stripes of ``colour``, so that any shift shows."""
    pic = gfx.Canvas((1280, 720), 0, scale)
    pic.fill(colour)
    for x in range(0, 1280, 40):
        gfx.rect(pic, tuple(255 - c for c in colour), (x, 0, 13, 720))
    return pic


def test_a_wipe_frame_lays_only_its_band_and_ends_on_the_picture_itself():
    from game.ui.draw import anim
    from game.ui.draw.wipe import Wipe

    pygame.display.set_mode((64, 64))
    table, room = _pattern((20, 90, 40), 1.5), _pattern((200, 60, 30), 1.5)
    canvas = gfx.Canvas((1280, 720), 0, 1.5)
    canvas.track()
    gfx.lay(canvas, table)
    gfx.take_dirty(canvas)
    wipe, steps = Wipe(), 11                 # the suggestion's wipe at 60 frames a second
    for k in range(1, steps + 1):
        p = anim.ease(k / steps)
        wipe.begin(canvas, p)
        gfx.lay(canvas, table)               # what lies behind, drawn as a table draws it
        wipe.draw(canvas, room, room.get_rect(), p)
        shown = sum(r.width * r.height for r in gfx.take_dirty(canvas)) / (1920 * 1080)
        assert shown <= 0.3, (k, shown)      # a fade wrote and showed all of it, every frame
        whole = table.copy()                 # the same frame drawn whole, on a picture with no notes
        Wipe().draw(whole, room, room.get_rect(), p)
        assert _pixels(canvas) == _pixels(whole), k
        if k == steps // 2:                  # half way: the room on the left, the table on the right
            assert pygame.Surface.get_at(canvas, (60, 500)) == pygame.Surface.get_at(room, (60, 500))
            assert pygame.Surface.get_at(canvas, (1860, 500)) == pygame.Surface.get_at(table, (1860, 500))
    assert _pixels(canvas) == _pixels(room)  # the end frame: the picture itself, as laid whole
    gfx.lay(canvas, room)                    # held: laying it again puts back nothing
    assert gfx.take_dirty(canvas) == []


def _stepped(app, frames: int, check_every: int, shown_at_most: float, monkeypatch) -> list[float]:
    """Step ``app`` ``frames`` frames at 60 a second: every ``check_every`` frames the window
    equals a whole redraw of it, and each other frame shows at most ``shown_at_most`` of
    the window (returned: those shares)."""
    shown: list[float] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: shown.append(1.0))
    monkeypatch.setattr(pygame.display, "update",
                        lambda rects=None: shown.append(sum(r.width * r.height for r in rects) / (1920 * 1080)))
    seen = []
    for frame in range(1, frames + 1):
        shown.clear()
        app.step(1 / 60)
        if frame % check_every != 1:        # the frame after a whole redraw draws all of it again
            seen.append(sum(shown))
            assert seen[-1] <= shown_at_most, (frame, seen[-1])
        if frame % check_every == 0:
            picture = _pixels(app.window.screen)
            app.window.surface.tracker.base = None          # a whole redraw, shown whole
            app.window.expose()
            app.draw()
            app.window.present()
            assert _pixels(app.window.screen) == picture, frame
    return seen


def test_a_suggestion_wipes_in_showing_part_of_the_window_and_the_same_picture(monkeypatch):
    from game.ui.screenshots.screens import build_moment

    app = _app_at((1920, 1080))
    build_moment(app, "suggestion-cutin")
    show = app.top.suggestion_show
    app.step(1 / 60)
    seen = _stepped(app, 40, 4, 0.6, monkeypatch)
    assert show.fade == 1.0 and show.cut.done
    assert max(seen) <= 0.6 and sum(seen) / len(seen) < 0.45
    app.close()


@pytest.mark.parametrize("name", ["nobody", "case-solved", "card-nobody"])
def test_the_other_moments_wipe_in_to_the_same_picture_as_a_whole_redraw(name, monkeypatch):
    from game.rules import events as ev
    from game.ui.screenshots.screens import build_moment

    app = _app_at((1920, 1080))
    if name == "nobody":
        build_moment(app, "question-round")
        board = app.top
        board.suggestion_show.cut.skip()
        board.queue.clear()
        board.anim = None
        board.presenter.nobody(ev.NobodyDisproved(player=board.suggestion_show.suggester))
    else:
        build_moment(app, name)
    _stepped(app, 45, 4, 1.0, monkeypatch)
    app.close()


def test_the_room_holds_still_once_in():
    from game.ui.mansion import stage
    from game.ui.screenshots.screens import build_moment

    app = _app_at((1920, 1080))
    build_moment(app, "question-round")
    show = app.top.suggestion_show
    room = stage.backdrop(app.board, show.cards[2], (1280, 720))
    top = gfx.dev(room.get_height() - 720, 1.5)
    held = 0
    for _frame in range(90):                 # while the question goes round: the room once drifted all the while
        app.step(1 / 60)
        if app.top.suggestion_show is not show:
            break
        for x, y in ((1000, 1070), (1900, 700), (20, 1000)):   # device pixels clear of the cards and portraits
            assert pygame.Surface.get_at(gfx.raw(app.window.surface), (x, y)) == pygame.Surface.get_at(room, (x, y + top))
        held += 1
    assert held >= 30
    app.close()


def _app_at(size):
    from game.ui.app import App

    app = App(size=size, seed=3, sound=False, threaded_ai=False, speed=1.0)
    app.start()
    return app


def test_a_suggestion_makes_its_pictures_when_played_not_in_its_frames(monkeypatch):
    from game.ui.app import App
    from game.ui.bases.match import quick_setup
    from game.ui.board import moments
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene

    app = App(size=(1920, 1080), seed=3, sound=False, threaded_ai=False)
    app.start()
    board = BoardScene(app, Match(app.board, quick_setup(3)))
    app.push(board)
    app.step(1 / 60)
    show = moments.SuggestionShow(1, ("green", "knife", "library"), 3, 1.0)
    moments.prepare(show, board.match, (1280, 720))
    made: list = []
    remember = gfx.remember
    monkeypatch.setattr(gfx, "remember", lambda cache, key, make, *a, **k: remember(
        cache, key, lambda: made.append(key) or make(), *a, **k))
    for step in range(1, 20):               # the fade and the cards sliding in
        show.cut.update(show.cut.duration / 20)
        moments.draw_suggestion(app.window.surface, show, board.match, step / 60)
    assert made == []
    app.close()


def test_the_board_keeps_its_pieces_pictures_when_the_shared_budget_is_emptied(monkeypatch):
    """A big moment's room empties the pictures' shared budget at 3840 x 2160; the board's
    pawns and weapons are not drawn again after it (a pawn took 80 ms to draw there)."""
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene
    from game.ui.draw import assets

    app = _app_at((1920, 1080))
    board = BoardScene(app, Match(app.board, quick_setup(3)))
    app.push(board)
    app.step(1 / 60)
    for tag in list(gfx._kept):             # what the room's making does to the budget
        gfx._forget(tag)
    made: list = []
    for name in ("token", "weapon_piece", "pawn_glow"):
        real = getattr(assets, name)
        monkeypatch.setattr(assets, name, lambda *a, real=real, name=name, **k: made.append((name, a)) or real(*a, **k))
    app.window.surface.tracker.base = None   # the whole board drawn again: every piece
    app.step(1 / 60)
    # (a card made ahead for the suggestion picker draws a token of its own, a badge's size)
    assert not [a for name, a in made if name == "weapon_piece" or (name == "token" and a[1] == board.view.token_size)]
    app.close()
