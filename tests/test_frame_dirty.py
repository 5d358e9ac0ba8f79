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
    return pygame.image.tobytes(surface, "RGB")



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


def test_a_suggestion_fades_in_with_one_blend_over_the_table(monkeypatch):
    from game.ui.app import App
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.board.moments import STAGE_IN, SuggestionShow, draw_suggestion
    from game.ui.board.table import BoardScene
    from game.ui.draw import theme
    from game.ui.mansion import stage

    app = App(size=(1920, 1080), seed=3, sound=False, threaded_ai=False)
    app.start()
    board = BoardScene(app, Match(app.board, quick_setup(3)))
    app.push(board)
    app.step(1 / 60)
    show = SuggestionShow(0, ("plum", "rope", "kitchen"), 3, 1.0)
    show.cut.update(show.cut.duration * STAGE_IN * 0.5)
    assert 0 < show.fade < 1
    table = app.window.surface.copy()
    veils: list[int] = []
    monkeypatch.setattr(theme, "dim", lambda surface, alpha=150: veils.append(alpha))
    surface = app.window.surface.copy()
    draw_suggestion(surface, show, board.match, 0.0)
    assert veils == []                      # no veil of its own: the room's picture is the one blend
    room = stage.backdrop(app.board, "kitchen", (1280, 720))
    a = 1 - (1 - 190 * show.fade / 255) * (1 - show.fade)
    x, y = 1500, 1000                       # device pixels under the room's picture, clear of the cards
    top = gfx.dev(room.get_height() - 720, 1.5)     # at t = 0 the picture has drifted to its bottom
    under, over = pygame.Surface.get_at(table, (x, y)), pygame.Surface.get_at(room, (x, y + top))
    got = pygame.Surface.get_at(surface, (x, y))
    for c in range(3):                      # the table as under the old veil, the room at its share
        assert abs(got[c] - (under[c] * (1 - a) + over[c] * a)) <= 3
    app.close()


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
