"""The window's picture is the window's own pixels: a frame is drawn once, straight where it is
shown, not drawn on a second whole-screen picture and copied (33 MB at 3840 x 2160); after a
resize or a switch to or from fullscreen it draws on the window's new pixels, never on gone ones."""

from __future__ import annotations

import warnings

import pygame
import pytest

from game.ui.draw import gfx
from tests.test_frame_dirty import _app_at, _pygame  # noqa: F401  (pygame on, the output scale put back)


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_the_windows_picture_draws_on_the_windows_own_pixels(size):
    from game.ui.draw.window import Window

    w = Window(size, "Clue")
    assert gfx.raw(w.surface) is w.screen is pygame.display.get_surface()
    assert w.surface.get_size() == (1280, 720) and w.surface.device_size() == size
    gfx.rect(w.surface, (250, 0, 0), (0, 0, 10, 10))
    w.surface.fill((10, 20, 30), (10, 0, 10, 10))
    assert tuple(w.screen.get_at((int(10 * w.surface.scale) - 1, 0)))[:3] == (250, 0, 0)   # drawn there, no copy
    assert tuple(w.screen.get_at((int(10 * w.surface.scale) + 1, 0)))[:3] == (10, 20, 30)
    w.present()
    assert gfx.take_dirty(w.surface) == []          # shown: nothing left to show


def _shown() -> bytes:
    return pygame.image.tobytes(pygame.display.get_surface(), "RGB")


def _resize_by_the_window_manager(size: tuple[int, int]) -> None:
    with warnings.catch_warnings():       # from_display_module warns about surface rendering, unused here
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().size = size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))


def test_a_moment_draws_on_the_windows_new_pixels_through_resizes_and_fullscreen():
    from game.ui.screenshots.screens import build_moment

    app = _app_at((1920, 1080))
    build_moment(app, "suggestion-cutin")
    frame = app.window.surface
    changes = [("resized to 3840x2160", lambda: _resize_by_the_window_manager((3840, 2160))),
               ("fullscreen", lambda: app.prefs.set_fullscreen(True, save=False)),
               ("windowed", lambda: app.prefs.set_fullscreen(False, save=False)),
               ("resized to 1280x800", lambda: _resize_by_the_window_manager((1280, 800))),
               ("resized to 2560x1440", lambda: _resize_by_the_window_manager((2560, 1440)))]
    for what, change in changes:
        for _frame in range(3):             # the moment wipes in: only what changed is drawn and shown
            app.step(1 / 60)
        change()
        app.step(1 / 60)
        screen = pygame.display.get_surface()
        view = app.window.view_rect()
        pixels = gfx.raw(app.window.surface)
        if isinstance(frame, gfx.Frame) and gfx.output_scale() != 1.0:   # the same picture: a scene holding it draws on the new pixels
            assert app.window.surface is frame, what
        frame = app.window.surface
        if view.size == screen.get_size():
            assert pixels is screen, what
        else:                                           # black bars: the picture has pixels of its own between them
            assert pixels is not screen and pygame.Surface.get_size(pixels) == view.size, what
        assert gfx.scale_of(app.window.surface) == view.width / 1280, what
        for _frame in range(3):
            app.step(1 / 60)
        shown = _shown()
        # the same frame drawn whole from nothing on fresh notes: what the window showed
        app.window.surface.track() if isinstance(app.window.surface, gfx.Frame) else None
        app.draw()
        app.window.expose()
        app.window.present()
        assert _shown() == shown, what
    assert app.top.suggestion_show is not None          # the moment played all along
    app.close()



def test_in_fullscreen_a_new_size_from_outside_is_drawn_at_that_size(monkeypatch):
    """A TV or desktop that changes its resolution while the game is fullscreen resizes the
    window from outside: the picture is laid out again for the new size (it stayed at the old
    size, cut off on the right and at the bottom, until F11 was pressed twice), and the window
    stays fullscreen.  The dummy video driver cannot resize a fullscreen window, so the new
    pixels are the window's as a resize would leave them."""
    app = _app_at((1920, 1080))
    app.prefs.set_fullscreen(True, save=False)
    app.step(1 / 60)
    modes: list = []
    bigger = pygame.Surface((2560, 1440))
    monkeypatch.setattr(pygame.display, "get_surface", lambda: bigger)
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: modes.append(a) or bigger)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=2560, h=1440, size=(2560, 1440)))
    app.step(1 / 60)
    assert app.window.fullscreen and modes == []          # no set_mode: still fullscreen
    assert app.window.screen is bigger and app.window.view_rect().size == (2560, 1440)
    assert gfx.scale_of(app.window.surface) == 2.0 and gfx.raw(app.window.surface) is bigger
    monkeypatch.undo()
    app.close()
