"""The board's panels are kept painted on the table's backdrop (game.ui.draw.layers): a frame in
which they show the same draws none of their words again, the coach's pointer still learns where
the words are, and the picture is the one a whole redraw gives."""

from __future__ import annotations

import pygame
import pytest

from game.ui.draw import gfx, theme
from game.ui.draw.layers import PanelLayers
from tests.test_frame_dirty import _person_acts, _pixels, _pygame  # noqa: F401  (pygame on, the output scale put back)


@pytest.mark.parametrize("scale", [1.0, 1.5, 3.0])
def test_a_part_is_painted_once_per_key_and_put_back_clean_when_it_changes(scale):
    pygame.display.set_mode((64, 64))
    gfx.set_output_scale(scale)

    def picture() -> pygame.Surface:
        s = gfx.surface((1280, 720)).convert()
        s.fill((30, 60, 90))
        gfx.rect(s, (200, 180, 20), (600, 100, 400, 300), border_radius=14)
        return s
    backdrop, window = picture(), picture()
    if isinstance(window, gfx.Canvas):
        window.track()
    layers = PanelLayers()
    layers.use(backdrop)
    painted: list[str] = []
    rect = pygame.Rect(620, 120, 300, 200)

    def paint(colour, box):
        def draw(s: pygame.Surface) -> str:
            painted.append(colour)
            gfx.rect(s, colour, box)
            gfx.rect(s, (0, 0, 0), (0, 0, 1280, 720), 4)   # outside the part: clipped away
            return colour
        return draw

    assert layers.part(window, "p", rect, 1, paint((255, 0, 0), (640, 140, 200, 150))) == (255, 0, 0)
    assert layers.part(window, "p", rect, 1, paint((0, 0, 255), (700, 200, 20, 20))) == (255, 0, 0)
    assert painted == [(255, 0, 0)]                 # the same key: not painted again
    layers.part(window, "p", rect, 2, paint((0, 0, 255), (700, 200, 20, 20)))
    expected = picture()
    gfx.rect(expected, (0, 0, 255), (700, 200, 20, 20))     # the red one is gone: put back clean
    assert painted == [(255, 0, 0), (0, 0, 255)]
    assert _pixels(backdrop) == _pixels(expected)
    assert _pixels(window) == _pixels(expected)     # what changed reached the window's picture


def test_a_part_notes_its_words_again_in_every_frame_that_shows_it():
    pygame.display.set_mode((64, 64))
    backdrop, window = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    layers = PanelLayers()
    layers.use(backdrop)
    theme.forget_drawn_text()
    layers.part(window, "words", pygame.Rect(0, 0, 400, 100), "a",
                lambda s: theme.blit_text(s, "Miss Scarlet", (10, 10)))
    first = list(theme.drawn_text)
    assert len(first) == 1 and first[0].colliderect(pygame.Rect(10, 10, 100, 20))
    theme.forget_drawn_text()
    layers.part(window, "words", pygame.Rect(0, 0, 400, 100), "a", lambda s: pytest.fail("painted again"))
    assert theme.drawn_text == first


def _board(size):
    from game.ui.app import App
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene

    app = App(size=size, seed=3, sound=False, threaded_ai=False)
    app.start()
    board = BoardScene(app, Match(app.board, quick_setup(3)))
    app.push(board)
    app.step(1 / 60)
    return app, board


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_steady_frame_draws_no_panel_words_and_keeps_the_pointers_list(monkeypatch, size):
    app, board = _board(size)
    theme.forget_drawn_text()
    app.draw()
    words = sorted(tuple(r) for r in theme.drawn_text)
    assert len(words) >= 5                          # the name, the status, the buttons' and the log's words
    drawn: list[str] = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surface, s, *a, **k: drawn.append(s) or real(surface, s, *a, **k))
    theme.forget_drawn_text()
    app.draw()
    assert drawn == []                              # nothing changed: no word laid out or drawn again
    assert sorted(tuple(r) for r in theme.drawn_text) == words
    app.close()


def test_after_a_few_turns_the_kept_panels_are_what_a_whole_redraw_draws():

    app, board = _board((1920, 1080))
    logged = len(board.match.log)
    for _frame in range(2000):                      # bounded: a few turns with their log lines
        _person_acts(app, board)
        app.step(1 / 60)
        if len(board.match.log) >= logged + 8 and board.suggestion_show is None:
            break
    assert len(board.match.log) >= logged + 8
    seen = _pixels(app.window.surface)
    board._backdrop_surf = None                     # everything painted again from nothing
    app.window.surface.tracker.base = None
    app.draw()
    assert _pixels(app.window.surface) == seen
    app.close()


def test_the_hints_key_names_follow_the_device_the_keys_and_the_language():
    from game.text import i18n
    from game.ui.shell import prompts
    from game.ui.shell.input import DEFAULT_KEYS

    was_pad, was_keys, was_lang = prompts.pad_style(), {k: list(v) for k, v in prompts._state["keys"].items()}, \
        i18n.language()
    try:
        prompts.use("keyboard")
        assert prompts.fmt("{confirm}") == "Enter"
        prompts.use("pad:0")
        assert prompts.fmt("{confirm}") == "A"
        prompts.use("keyboard")
        prompts.set_keys(dict(DEFAULT_KEYS, confirm=["space"]))
        assert prompts.fmt("{confirm}") == "Space"          # the names are worked out again for new keys
        i18n.set_language("es")
        assert prompts.fmt("{confirm}") == i18n._("Space") != "Space"    # and for another language
    finally:
        i18n.set_language(was_lang)
        prompts.set_keys(was_keys)
        prompts.use("pad:0" if was_pad else "keyboard")
