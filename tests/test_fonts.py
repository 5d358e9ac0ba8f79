"""A missing, empty or damaged font file never stops the game:
the text falls back to pygame's built-in font, stderr says so once, and the
marks that font has no letter for (tick, cross, arrows) are drawn, not shown
as empty boxes."""

from __future__ import annotations

import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.storage import paths  # noqa: E402
from game.ui.app import run_app  # noqa: E402
from game.ui.draw import theme  # noqa: E402
from game.ui.screenshots.screens import SCENE_NAMES  # noqa: E402
from tests.inputs import defaults_after  # noqa: E402,F401

ROOT = Path(__file__).resolve().parent.parent
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
NO_SUCH_LETTER = "\U0010abcd"      # a private-use code point no font has a letter for


def _fonts_dir(tmp_path: Path, kind: str) -> Path:
    """A fonts folder whose files are empty, random bytes, or a folder that is not there."""
    d = tmp_path / "fonts"
    if kind == "missing":
        return d
    d.mkdir()
    rnd = random.Random(11)
    for name in FONT_FILES:
        (d / name).write_bytes(b"" if kind == "empty" else bytes(rnd.randrange(256) for _ in range(5000)))
    return d


@pytest.fixture
def broken_fonts(monkeypatch, tmp_path, request):
    """Point the game at a broken fonts folder (``request.param``: empty, garbage, missing)."""
    monkeypatch.setattr(paths, "FONTS", _fonts_dir(tmp_path, request.param))
    monkeypatch.setattr(theme, "_font_problem_said", [], raising=False)
    theme.reset_caches()
    yield request.param
    theme.reset_caches()          # the next test gets the real fonts again


@pytest.mark.parametrize("broken_fonts", ["empty", "garbage", "missing"], indirect=True)
def test_broken_font_files_still_render_every_scene(broken_fonts, tmp_path, capsys):
    for scene in SCENE_NAMES:
        out = tmp_path / f"{scene}.png"
        assert run_app(size=(1280, 720), seed=3, screenshot=str(out), scene=scene) == 0, scene
        assert pygame.image.load(str(out)).get_size() == (1280, 720)
    said = [ln for ln in capsys.readouterr().err.splitlines() if "font file" in ln]
    assert len(said) == 1, said         # once, not once per size or per scene
    why = {"empty": "it is empty", "garbage": "not a font file", "missing": "it is missing"}[broken_fonts]
    assert why in said[0] and "DejaVuSans" in said[0]


def _shown_chars() -> set[str]:
    """Every printable character in the game's code and translations: anything
    the game may write on screen is among them."""
    chars: set[str] = set()
    for f in list((ROOT / "game").rglob("*.py")) + list((ROOT / "locale").rglob("*.po")):
        chars |= set(f.read_text(encoding="utf-8"))
    return {c for c in chars if c.isprintable() and not c.isspace()}


@pytest.mark.parametrize("broken_fonts", ["missing"], indirect=True)
def test_no_mark_is_an_empty_box_with_the_builtin_font(broken_fonts):
    pygame.init()
    for bold in (False, True):
        font = theme.font_px(theme.BODY, bold)
        box = pygame.image.tobytes(pygame.font.Font.render(font, NO_SUCH_LETTER, True, theme.INK), "RGBA")
        for c in _shown_chars():
            drawn = theme.text(c, theme.BODY, theme.INK, bold)
            assert drawn.get_width() > 0
            as_box = pygame.image.tobytes(drawn, "RGBA") == box
            assert not as_box, f"{c!r} (U+{ord(c):04X}) shows as an empty box"
    tick = theme.text("✓", theme.BODY, theme.INK)
    assert theme.font_px(theme.BODY).size("✓")[0] == tick.get_width()      # measured as drawn
    # the drawn tick has ink in its lower left and upper right, like a tick
    w, h = tick.get_size()
    ink = [(x, y) for x in range(w) for y in range(h) if tick.get_at((x, y)).a > 128]
    assert any(x < w / 2 and y > h / 2 for x, y in ink) and any(x > w / 2 and y < h / 2 for x, y in ink)


def test_real_font_is_used_when_present():
    pygame.init()
    theme.reset_caches()
    assert not isinstance(theme.font_px(theme.BODY), theme.FallbackFont)
