"""Drawing at the window's real resolution (game/ui/draw/gfx.py): logical units in,
device pixels out; text rasterised at its output size; the window's picture
holding as many pixels as the window gives it."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.ui import LOGICAL_SIZE
from game.ui.draw import gfx, theme

ROOT = Path(__file__).resolve().parent.parent

#: The painters that work in device pixels on purpose (a supersampled canvas, a
#: map's tile pixels, a font's own pixels, the window itself, a moment's vignette laid
#: in strips of device columns), and how many such
#: calls each makes; everything else in game/ui goes through gfx.
PIXEL_SPACE = {"game/ui/mansion/drawing.py": 6, "game/ui/mansion/boardview.py": 2, "game/ui/draw/pawns.py": 1, "game/ui/draw/theme.py": 4,
               "game/ui/mansion/stage.py": 3, "game/ui/draw/window.py": 2, "game/ui/mansion/scenery.py": 5}


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    gfx.set_output_scale(1.0)


def test_no_module_draws_past_gfx():
    found: dict[str, int] = {}
    for f in (ROOT / "game" / "ui").rglob("*.py"):
        rel = f.relative_to(ROOT).as_posix()
        if rel == "game/ui/draw/gfx.py":
            continue
        n = len(re.findall(r"pygame\.(?:draw|transform|mask)\.\w+\(|pygame\.Surface\(", f.read_text()))
        if n:
            found[rel] = n
    assert found == PIXEL_SPACE


def test_rect_covers_scaled_device_pixels():
    c = gfx.Canvas((100, 50), 0, 1.5)
    assert c.get_size() == (100, 50) and c.device_size() == (150, 75)
    c.fill((0, 0, 0))
    gfx.rect(c, (255, 0, 0), (10, 10, 28, 28))
    bounds = pygame.Surface.get_bounding_rect(c)   # the red square is the only non-black (no alpha: use a mask)
    m = pygame.mask.from_threshold(c, (255, 0, 0), (1, 1, 1, 255))
    assert m.get_bounding_rects() == [pygame.Rect(15, 15, 42, 42)], bounds
    # neighbours still touch: two squares side by side leave no gap and do not overlap
    c.fill((0, 0, 0))
    gfx.rect(c, (255, 0, 0), (10, 0, 7, 10))
    gfx.rect(c, (0, 255, 0), (17, 0, 7, 10))
    row = [tuple(pygame.Surface.get_at(c, (x, 3)))[:3] for x in range(14, 37)]
    assert (0, 0, 0) not in row[1:-1]


def test_blit_places_at_logical_position_and_resamples_plain_pictures():
    c = gfx.Canvas((200, 100), 0, 3.0)
    c.fill((0, 0, 0))
    plain = pygame.Surface((10, 10))
    plain.fill((0, 0, 255))
    r = c.blit(plain, (20, 30))
    assert r == pygame.Rect(20, 30, 10, 10)
    m = pygame.mask.from_threshold(c, (0, 0, 255), (1, 1, 1, 255))
    assert m.get_bounding_rects() == [pygame.Rect(60, 90, 30, 30)]
    pic = gfx.Canvas((10, 10), 0, 3.0)
    pic.fill((0, 255, 0))
    c.blit(pic, pygame.Rect(50, 0, 10, 10))
    m = pygame.mask.from_threshold(c, (0, 255, 0), (1, 1, 1, 255))
    assert m.get_bounding_rects() == [pygame.Rect(150, 0, 30, 30)]


def test_a_part_of_a_canvas_is_asked_for_in_every_form_pygame_takes():
    c = gfx.Canvas((100, 50), 0, 2.0)
    c.fill((0, 0, 0))
    gfx.rect(c, (255, 0, 0), (10, 20, 5, 5))
    parts = [c.subsurface(pygame.Rect(10, 20, 30, 10)), c.subsurface((10, 20, 30, 10)),
             c.subsurface((10, 20), (30, 10)), c.subsurface(10, 20, 30, 10)]
    for part in parts:
        assert part.get_size() == (30, 10) and pygame.Surface.get_size(part) == (60, 20)
        m = pygame.mask.from_threshold(part, (255, 0, 0), (1, 1, 1, 255))
        assert m.get_bounding_rects() == [pygame.Rect(0, 0, 10, 10)]     # the red square, in device pixels


def test_the_fallback_font_measures_bytes_as_pygame_does():
    font = theme.FallbackFont(22)
    assert font.size(b"Rope") == pygame.font.Font.size(font, b"Rope") == font.size("Rope")
    assert font.size("\u2713")[0] == font._mark_w       # a drawn tick still counts its drawn width


def test_scale_one_is_plain_pygame():
    gfx.set_output_scale(1.0)
    s = gfx.surface((40, 30))
    assert type(s) is pygame.Surface and s.get_size() == (40, 30)
    assert gfx.smoothscale(s, (20, 15)).get_size() == (20, 15)


def test_text_is_rasterised_at_its_output_size():
    theme.reset_caches()
    small = theme.text("Miss Scarlet", theme.BODY)
    gfx.set_output_scale(1.5)
    sharp = theme.text("Miss Scarlet", theme.BODY)
    assert sharp.get_size() == small.get_size()          # the same layout ...
    dw, dh = sharp.device_size()
    assert abs(dh - 1.5 * small.get_height()) <= 2       # ... drawn with a font 1.5 times taller, not stretched
    assert abs(dw - 1.5 * small.get_width()) <= 0.06 * dw
    gfx.set_output_scale(3.0)
    assert theme.text("Miss Scarlet", theme.BODY).device_size()[1] >= 3 * small.get_height() - 3


def test_scale_change_forgets_pictures():
    gfx.set_output_scale(1.5)
    a = theme.text("Hall", theme.BODY)
    gfx.set_output_scale(3.0)
    b = theme.text("Hall", theme.BODY)
    assert a is not b and gfx.scale_of(b) == 3.0


@pytest.mark.parametrize("size,scale", [((1280, 720), 1.0), ((1920, 1080), 1.5), ((3840, 2160), 3.0),
                                        ((1920, 1200), 1.5)])
def test_window_draws_at_its_own_resolution(size, scale):
    from game.ui.draw.window import Window

    w = Window(size, "Clue")
    assert gfx.output_scale() == scale
    assert w.surface.get_size() == LOGICAL_SIZE
    view = w.view_rect()
    assert pygame.Surface.get_size(gfx.raw(w.surface)) == view.size == (round(1280 * scale), round(720 * scale))
    # a click in the middle of the window is the middle of the logical picture
    assert w.to_logical(view.center) == (640, 360)
    w.surface.fill((10, 20, 30))
    gfx.rect(w.surface, (250, 0, 0), (0, 0, 10, 10))
    w.present()
    assert tuple(w.screen.get_at((view.left + int(10 * scale) - 1, view.top)))[:3] == (250, 0, 0)
    assert tuple(w.screen.get_at((view.left + int(10 * scale) + 1, view.top)))[:3] == (10, 20, 30)
    pygame.display.quit()


def test_sharp_text_never_runs_wider_than_its_layout():
    """A name measured to fit at 1280x720 still fits at every output scale (a larger
    font's hinting may run a few pixels wider: the line is kept within its width)."""
    theme.reset_caches()
    words = ["Conservatory", "Billiard Room", "Sala de billar", "Salón de baile", "Professor Plum", "WWWWWWWWWW"]
    for scale in (1.25, 1.5, 2.0, 3.0):
        gfx.set_output_scale(scale)
        for w in words:
            for size in (theme.SMALL, theme.BODY, theme.BUTTON):
                img = theme.text(w, size, bold=True)
                assert img.device_size()[0] <= gfx.dev(img.get_width(), scale), (w, size, scale)


def test_soft_blur_is_close_to_a_gaussian():
    """The quick blur under the pawns' shadows stays within a few levels of pygame's Gaussian."""
    s = pygame.Surface((120, 120), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    pygame.draw.circle(s, (0, 0, 0, 255), (60, 60), 30)
    for r in (2, 4, 6, 10, 16):
        a = pygame.image.tobytes(gfx.soft_blur(s, r), "RGBA")[3::4]
        b = pygame.image.tobytes(pygame.transform.gaussian_blur(s, r), "RGBA")[3::4]
        assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 10
        assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a) < 1.5
    assert gfx.soft_blur(s, 0) is s


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0, 3.0])
def test_a_picture_drawn_in_bands_has_the_pixels_of_its_whole_canvas(scale):
    """drawn_in_bands gives each band only its rows of the larger canvas, yet the picture is
    the one its whole canvas gives, shapes crossing the cuts included; paint is told each
    band's top, so a painter may draw only what reaches it."""
    gfx.set_output_scale(scale)
    tops = []

    def paint(canvas: pygame.Surface, top: int) -> None:
        tops.append(top)
        canvas.fill((0, 0, 0, 0))
        for k in range(12):              # slanted lines and rings across every cut
            gfx.line(canvas, (200, 20 * k, 90, 255), (10 + 30 * k, 5 - top), (60 + 25 * k, 230 - top), 3)
            gfx.circle(canvas, (40, 180, 20 * k, 200), (40 + 28 * k, 20 + 17 * k - top), 9 + k, 2)
    size = (100, 60)
    banded = gfx.drawn_in_bands(size, paint, 4, 8, 2, pygame.SRCALPHA)
    assert len(tops) == (1 if scale != int(scale) else 8) and tops[0] == (0 if scale != int(scale) else -8)
    whole = gfx.drawn_in_bands(size, paint, 4, 8, 2, pygame.SRCALPHA, whole=True)
    assert tops[-1] == 0
    assert banded.get_size() == whole.get_size() == size
    assert pygame.image.tobytes(banded, "RGBA") == pygame.image.tobytes(whole, "RGBA")
    assert banded.get_bounding_rect().height >= 50          # drawn across the cuts, not empty


def test_premul_alpha_keeps_the_canvas_scale_and_size():
    c = gfx.Canvas((10, 6), pygame.SRCALPHA, 3.0)
    c.fill((200, 100, 50, 128))
    p = c.premul_alpha()
    assert isinstance(p, gfx.Canvas) and gfx.scale_of(p) == 3.0
    assert p.get_size() == (10, 6) and p.device_size() == (30, 18)
    r, g, b, a = pygame.Surface.get_at(p, (29, 17))
    assert a == 128 and abs(r - 100) <= 1 and abs(g - 50) <= 1 and abs(b - 25) <= 1
