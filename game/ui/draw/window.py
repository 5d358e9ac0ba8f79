"""The window: its size, fullscreen, the smallest size allowed, and the
logical picture drawn at the window's own resolution.

Every scene draws on :attr:`Window.surface`, a logical 1280 x 720 picture
(:data:`~game.ui.LOGICAL_SIZE`) that holds as many device pixels as the
window gives it, keeping its shape (a :class:`~game.ui.draw.gfx.Frame` of the
output scale over the window's own pixels: at 1920 x 1080 each logical pixel is
1.5 device pixels, so text and pictures are drawn sharp at that size, never
stretched).
:meth:`Window.present` puts it in the window (black bars fill the rest when
the window's shape is not 16:9) and shows it.  :meth:`Window.to_logical` maps
a window pixel (a mouse position) back.
"""

from __future__ import annotations

import os
import warnings
from typing import cast

import pygame

from game.ui import LOGICAL_SIZE, MIN_WINDOW
from game.ui.draw import assets, gfx, heap


def clamp(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` (width, height in pixels) grown to at least :data:`MIN_WINDOW`."""
    return (max(MIN_WINDOW[0], int(size[0])), max(MIN_WINDOW[1], int(size[1])))


def _set_minimum_size() -> None:
    """Ask the window manager not to let the window shrink below :data:`MIN_WINDOW`."""
    try:
        with warnings.catch_warnings():   # from_display_module warns about surface rendering, unused here
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_WINDOW
    except (AttributeError, pygame.error):   # older pygame-ce or no real window
        pass


def software_framebuffer() -> bool:
    """On X11, ask SDL to show the window's pixels as they are (shared memory), not through a
    GL texture: with no GPU driver that loads Mesa's software GL (libLLVM, about 100 MB resident)
    for the same pixels.  Wayland has no such path, so only X11; a value the user set in
    ``SDL_FRAMEBUFFER_ACCELERATION`` is kept.  Call after ``pygame.display.init()``, before the
    window opens; returns whether it applies."""
    if pygame.display.get_driver() != "x11":
        return False
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")      # SDL reads it when the window opens
    return True


class Window:
    """The game's one window (``pygame.display`` must be initialised).

    ``size``: the window size in pixels, grown to at least :data:`MIN_WINDOW`;
    ``caption``: its title.  Attributes: ``screen`` is the display surface (the
    window's own pixels), ``surface`` the logical picture the scenes draw on
    (``screen`` itself when the window has the logical size, else a
    :class:`~game.ui.draw.gfx.Frame`: hand it to pygame through
    :func:`~game.ui.draw.gfx.raw`), ``fullscreen``
    whether it fills the screen, ``windowed_size`` the size it gets back when
    fullscreen ends.
    """

    def __init__(self, size: tuple[int, int], caption: str) -> None:
        # whole-screen pictures come and go (a moment's room, a resize): give their memory back when freed
        heap.give_back_big_blocks()
        software_framebuffer()
        self.windowed_size = clamp(size)
        self.fullscreen = False
        self.screen = pygame.display.set_mode(clamp(size), pygame.RESIZABLE)
        _set_minimum_size()
        self.set_caption(caption)
        try:
            pygame.display.set_icon(assets.icon())
        except pygame.error:
            pass
        self.surface = self.screen
        self._whole = True
        self._fit_surface()

    def set_caption(self, caption: str) -> None:
        """The window's title (the game's name, in the player's language)."""
        pygame.display.set_caption(caption)

    def get_size(self) -> tuple[int, int]:
        """The window's size in pixels (width, height), as ``pygame.Surface.get_size``."""
        return self.screen.get_size()

    def set_fullscreen(self, on: bool) -> bool:
        """Fullscreen (the desktop's size) or back to a resizable window of
        :attr:`windowed_size`; the picture is scaled to fit either way.
        Returns whether the window is fullscreen now (False when the display
        refused fullscreen)."""
        try:
            if on:
                if not self.fullscreen or self.screen.get_flags() & pygame.FULLSCREEN == 0:
                    self.windowed_size = clamp(self.screen.get_size())
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
                _set_minimum_size()
        except pygame.error:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            on = False
        self.fullscreen = on
        self._fit_surface()
        return on

    def resized(self) -> None:
        """The window was resized (``VIDEORESIZE``): never below :data:`MIN_WINDOW`
        (the window manager is told the minimum too; this catches the rest).
        Fullscreen, the screen's new size is taken as it is (a TV or desktop
        that changed its resolution) and the window stays fullscreen."""
        screen = pygame.display.get_surface()
        assert screen is not None    # a resize comes from an open window
        size = screen.get_size()
        if clamp(size) != size and not self.fullscreen:
            screen = pygame.display.set_mode(clamp(size), pygame.RESIZABLE)
            _set_minimum_size()
        self.screen = screen
        self._fit_surface()

    def _fit_surface(self) -> None:
        """Draw straight onto the window when it has the logical size; otherwise onto a
        :class:`~game.ui.draw.gfx.Frame` of the output scale, as many device pixels as the
        picture gets in the window (:meth:`view_rect`): the window's own pixels when the
        picture fills the window (no second whole-screen picture: 33 MB at 3840 x 2160), else
        pixels of its own put between the black bars.  Called after every change of the
        window's surface (``set_mode``, a resize), so nothing is drawn on pixels gone."""
        view = self.view_rect()
        scale = view.width / LOGICAL_SIZE[0]
        gfx.set_output_scale(1.0 if self.screen.get_size() == LOGICAL_SIZE else scale)
        if self.screen.get_size() == LOGICAL_SIZE:
            self.surface = self.screen
        elif gfx.output_scale() == 1.0:
            if (type(self.surface) is not pygame.Surface or self.surface is self.screen
                    or self.surface.get_size() != LOGICAL_SIZE):
                self.surface = pygame.Surface(LOGICAL_SIZE).convert()
        else:
            if view.size == self.screen.get_size():
                pixels = self.screen
            elif isinstance(self.surface, gfx.Frame) and self.surface.pixels is not self.screen \
                    and self.surface.device_size() == view.size:
                pixels = self.surface.pixels
            else:
                pixels = gfx.surface(view.size, 0, 1.0).convert()
            if isinstance(self.surface, gfx.Frame):     # the same object: a scene holding it draws on the new pixels
                self.surface.rebind(pixels, LOGICAL_SIZE, gfx.output_scale())
            else:
                # the scenes draw on it as on a Surface (it speaks the same calls, gfx._Logical)
                self.surface = cast(pygame.Surface, gfx.Frame(pixels, LOGICAL_SIZE, gfx.output_scale()))
        self.expose()

    def view_rect(self) -> pygame.Rect:
        """Where the scaled picture sits in the window (window pixels)."""
        ww, wh = self.screen.get_size()
        lw, lh = LOGICAL_SIZE
        scale = min(ww / lw, wh / lh)
        w, h = int(lw * scale), int(lh * scale)
        return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """A window pixel as a logical pixel, or None on the black bars."""
        r = self.view_rect()
        if not r.collidepoint(pos):
            return None
        return (int((pos[0] - r.left) * LOGICAL_SIZE[0] / r.width),
                int((pos[1] - r.top) * LOGICAL_SIZE[1] / r.height))

    def expose(self) -> None:
        """Put the whole picture in the window at the next :meth:`present` (the
        window was shown again, resized, or drawn on by something else)."""
        self._whole = True

    def present(self) -> None:
        """Put the picture in the window and show it: only the parts drawn since
        the last frame when the picture is tracked (:func:`game.ui.draw.gfx.take_dirty`),
        else all of it."""
        picture = gfx.raw(self.surface)
        if picture is self.screen:
            dirty = gfx.take_dirty(self.surface)
            if dirty is not None and not self._whole:
                if dirty:
                    pygame.display.update(dirty)
                return
            self._whole = False
            pygame.display.flip()
            return
        r = self.view_rect()
        dirty = gfx.take_dirty(self.surface)
        if dirty is not None and not self._whole and pygame.Surface.get_size(picture) == r.size:
            shown = [d.move(r.topleft) for d in dirty]
            for d, at in zip(dirty, shown, strict=True):
                self.screen.blit(picture, at, d)
            if shown:
                pygame.display.update(shown)
            return
        self._whole = False
        if r.size != self.screen.get_size():
            self.screen.fill((0, 0, 0))
        if pygame.Surface.get_size(picture) != r.size:     # only between a resize and the next frame
            picture = pygame.transform.smoothscale(picture, r.size)
        self.screen.blit(picture, r.topleft)
        pygame.display.flip()

    def save_png(self, path: str) -> None:
        """Write the current frame, at the window size, to a PNG file.  Raises
        ``pygame.error`` when the file cannot be written."""
        pygame.image.save(self.screen, path)
