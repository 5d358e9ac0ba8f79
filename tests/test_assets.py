"""The asset generator (tools/make_assets.py) and the guarded sound player."""

from __future__ import annotations

import importlib.util
import os
import sys
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.rules.cards import ALL_CARDS, SUSPECTS, WEAPONS  # noqa: E402
from game.ui.voice.sound import Sounds  # noqa: E402


def _load_tool():
    spec = importlib.util.spec_from_file_location("make_assets", ROOT / "tools" / "make_assets.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


make_assets = _load_tool()

#: Expected durations in seconds (the die's as long as its roll on screen, game.ui.draw.anim.DIE_TIME;
#: the door, passage, suggestion and "nobody" lengths are the tool's choice).
DURATIONS = {"die": 0.8, "step": 0.08, "door": make_assets.SOUND_SECONDS["door"], "card": 0.25,
             "chime": 1.0, "wrong": 0.8, "click": 0.05, "passage": make_assets.SOUND_SECONDS["passage"],
             "suggest": make_assets.SOUND_SECONDS["suggest"], "nobody": make_assets.SOUND_SECONDS["nobody"],
             "nope": 0.16}


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("assets_a")
    assert make_assets.main(["--out", str(out), "--quiet"]) == 0
    return out


def _expected_pngs() -> dict[str, tuple[int, int]]:
    exp = {}
    for w in WEAPONS:
        exp[f"sprites/weapons/{w}.png"] = (128, 128)
    for c in ALL_CARDS:
        exp[f"sprites/cards/{c}.png"] = (720, 720)
    for n in range(1, 7):
        exp[f"sprites/dice/{n}.png"] = (336, 336)
    exp["sprites/card_back.png"] = (720, 1035)
    exp["sprites/envelope.png"] = (672, 448)
    exp["sprites/icon.png"] = (256, 256)
    return exp


def test_tool_card_lists_match_the_rules():
    assert make_assets.SUSPECTS + make_assets.WEAPONS + make_assets.ROOMS == ALL_CARDS
    from game.rules.cards import SUSPECT_COLOURS
    assert make_assets.SUSPECT_COLOURS == SUSPECT_COLOURS


def test_every_png_exists_with_its_size(generated):
    for rel, size in _expected_pngs().items():
        path = generated / rel
        assert path.is_file(), rel
        assert pygame.image.load(str(path)).get_size() == size, rel


def test_tokens_and_weapons_have_transparent_corners(generated, lang):
    for rel in [f"sprites/weapons/{w}.png" for w in WEAPONS] + ["sprites/dice/1.png"]:
        img = pygame.image.load(str(generated / rel))
        assert img.get_at((0, 0)).a == 0, rel
        assert img.get_at((63, 0)).a == 0, rel
    assert not (generated / "sprites" / "tokens").exists()      # the game draws the pawns (game/ui/draw/pawns.py)
    for s in SUSPECTS:
        token = assets.token(s, 64)
        assert token.get_at((0, 0)).a == 0 and token.get_at((63, 0)).a == 0, s
        assert token.get_at((32, 32)).a == 255, s  # the pawn itself is opaque


def test_tokens_are_different(lang):
    blobs = {pygame.image.tobytes(assets.token(s, 64), "RGBA") for s in SUSPECTS}
    assert len(blobs) == len(SUSPECTS)


def test_wav_files_are_short_16bit_mono(generated):
    for name, seconds in DURATIONS.items():
        path = generated / "sounds" / f"{name}.wav"
        with wave.open(str(path), "rb") as w:
            assert w.getnchannels() == 1
            assert w.getsampwidth() == 2
            assert w.getframerate() == 22050
            dur = w.getnframes() / w.getframerate()
        assert seconds * 0.8 <= dur <= seconds * 1.2, (name, dur)
        assert path.stat().st_size < 60_000, name


def test_generation_is_deterministic(generated, tmp_path):
    again = tmp_path / "assets_b"
    make_assets.main(["--out", str(again), "--quiet"])
    for rel in ("sprites/cards/peacock.png", "sprites/weapons/rope.png",
                "sprites/cards/library.png", "sprites/cards/plum.png", "sprites/icon.png",
                "sprites/card_back.png", "sprites/envelope.png", "sprites/dice/5.png",
                "sounds/die.wav", "sounds/card.wav"):
        assert (generated / rel).read_bytes() == (again / rel).read_bytes(), rel


def test_the_repository_sprites_are_the_tools(generated):
    """The sprites in the repository are the ones the tool draws now (run it
    after changing a painter or a size)."""
    from game.storage import paths
    for rel in _expected_pngs():
        assert (paths.SPRITES.parent / rel).read_bytes() == (generated / rel).read_bytes(), rel


@pytest.mark.parametrize("radius", [1, 2, 3, 6, 11])
def test_dilation_takes_the_largest_value_within_the_disc(radius):
    """The outline's dilation (a table of run maxima) gives what the plain
    definition gives: each pixel the largest value within ``radius``."""
    import numpy as np
    rng = np.random.default_rng(radius)
    alpha = (rng.random((37, 29)) ** 6 * 255).astype(np.uint8)
    want = np.zeros_like(alpha)
    pad = np.pad(alpha, radius)
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            if dx * dx + dy * dy <= radius * radius:
                np.maximum(want, pad[radius + dx:radius + dx + 37, radius + dy:radius + dy + 29], out=want)
    assert (make_assets.dilate_alpha(alpha, radius) == want).all()


def test_a_larger_export_draws_the_same_picture(generated):
    """A sprite drawn at more pixels a unit is the same drawing: the card
    picture filtered down to 160 pixels matches the painters drawn at one
    pixel a unit within a few levels (the weapon blitted onto its card
    follows the pen's scale, not fixed pixel offsets)."""
    import numpy as np
    for card in ("rope", "plum", "library"):
        big = pygame.image.load(str(generated / "sprites" / "cards" / f"{card}.png"))
        small = make_assets.make_card_picture(card, export=1)
        assert small.get_size() == make_assets.CARD_DESIGN
        down = pygame.transform.smoothscale(big, small.get_size())
        diff = np.abs(pygame.surfarray.array3d(down).astype(int) - pygame.surfarray.array3d(small))
        assert diff.mean() < 4, (card, diff.mean())


def test_sounds_silent_when_mixer_fails(monkeypatch, generated):
    def boom(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", boom)
    s = Sounds(enabled=True, volume=0.5, folder=generated / "sounds")
    assert not s.available
    assert s.names == ()
    s.play("die")
    s.play("no such sound")
    s.set_volume(2.0)
    assert s.volume == 1.0
    s.muted = True
    s.play("chime")
    s.close()


def test_sounds_disabled_never_opens_the_mixer(monkeypatch):
    def boom(*args, **kwargs):  # pragma: no cover - must not be called
        raise AssertionError("mixer opened")

    monkeypatch.setattr(pygame.mixer, "init", boom)
    s = Sounds(enabled=False)
    assert not s.available
    s.play("die")


def test_sounds_with_dummy_audio_driver(monkeypatch, generated):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    s = Sounds(volume=0.3, folder=generated / "sounds")
    try:
        # The dummy driver may or may not open; both are fine, nothing may raise.
        if s.available:
            assert set(DURATIONS) <= set(s.names)
        for name in ("die", "click", "unknown"):
            s.play(name)
        s.set_volume(-1)
        assert s.volume == 0.0
        s.play("die")
        assert s.toggle_mute() is True
        s.play("die")
    finally:
        s.close()


def test_project_sounds_folder_is_the_default():
    from game.storage import paths
    s = Sounds(enabled=False)
    assert s._folder == paths.SOUNDS


# ------------------------------------------------- token labels (drawn by the game)
from game.text import i18n  # noqa: E402
from game.ui.draw import assets  # noqa: E402

LABELS = {
    "en": {"scarlet": "S", "mustard": "M", "white": "W", "green": "G", "peacock": "Pe", "plum": "Pl"},
    "es": {"scarlet": "A", "mustard": "R", "white": "B", "green": "P", "peacock": "C", "plum": "M"},
    "ca": {"scarlet": "A", "mustard": "R", "white": "B", "green": "P", "peacock": "C", "plum": "M"},
}


@pytest.fixture
def lang():
    """Set a language for the test (fonts ready, image cache empty); English afterwards."""
    pygame.font.init()
    assets.clear_cache()
    yield i18n.set_language
    i18n.set_language("en")
    assets.clear_cache()


class _Names(i18n._gettext.NullTranslations):
    """A made-up catalogue that renames the suspects (clash tests)."""

    def __init__(self, names: dict[str, str]):
        super().__init__()
        self.names = names

    def pgettext(self, context, message):
        from game.rules.cards import CARD_NAMES
        by_name = {v: k for k, v in CARD_NAMES.items()}
        return self.names.get(by_name.get(message), message)


@pytest.mark.parametrize("code", sorted(LABELS))
def test_token_label_per_language(lang, code):
    lang(code)
    assert {s: assets.token_label(s) for s in SUSPECTS} == LABELS[code]


def test_token_label_clashes_are_told_apart(lang, monkeypatch):
    names = {"scarlet": "Ana Prado", "mustard": "Luis Prats", "white": "Eva Pons",
             "green": "Pep Blanco", "peacock": "Rosa Celeste", "plum": "Joan Mora"}
    monkeypatch.setitem(i18n._state, "tr", _Names(names))
    got = {s: assets.token_label(s) for s in SUSPECTS}
    assert got == {"scarlet": "Pd", "mustard": "Pt", "white": "Po",
                   "green": "B", "peacock": "C", "plum": "M"}
    # Two suspects with the same surname: nothing tells them apart, the initial stays.
    monkeypatch.setitem(i18n._state, "tr", _Names({**names, "white": "Eva Blanco"}))
    assert assets.token_label("white") == assets.token_label("green") == "B"


def _uniform(img: pygame.Surface, centre: tuple[int, int], radius: int) -> bool:
    """True when every pixel within ``radius`` pixels of ``centre`` has the same colour (+-2)."""
    px = [img.get_at((x, y))[:3] for x in range(centre[0] - radius, centre[0] + radius + 1)
          for y in range(centre[1] - radius, centre[1] + radius + 1)
          if (x - centre[0]) ** 2 + (y - centre[1]) ** 2 <= radius * radius]
    return all(max(p[i] for p in px) - min(p[i] for p in px) <= 2 for i in range(3))


@pytest.mark.parametrize("folder", ["generated", "project"])
def test_card_sprites_carry_no_badge(generated, folder):
    """The suspects' card pictures leave the corner to the game (the token as a badge)."""
    from game.storage import paths
    root = generated / "sprites" if folder == "generated" else paths.SPRITES
    for s in SUSPECTS:
        card = pygame.image.load(str(root / "cards" / f"{s}.png"))
        assert _uniform(card, (20, 21), 6), s            # where the badge goes: the plain background


def _premultiplied(img: pygame.Surface):
    """The colours times alpha (0-255), as a float array indexed [x, y, channel]."""
    return pygame.surfarray.array3d(img).astype(float) * pygame.surfarray.array_alpha(img)[..., None] / 255


def _blank(suspect: str, size: int) -> pygame.Surface:
    from game.ui.draw import pawns, theme
    return pawns.draw(theme.suspect_colour(suspect), pawns.SHAPES[suspect], size)


@pytest.mark.parametrize("code", sorted(LABELS))
@pytest.mark.parametrize("size", [24, 44, 64, 150])
def test_label_is_centred_on_the_pawn(lang, code, size):
    import numpy as np
    lang(code)
    for suspect in ("scarlet", "peacock"):
        blank = _premultiplied(_blank(suspect, size))
        ink = np.argwhere(abs(_premultiplied(assets.token(suspect, size)) - blank).max(-1) > 40)
        middle = (ink.min(0) + ink.max(0) + 1) / 2           # (x, y) in pixels
        assert abs(middle - size / 2).max() <= max(1.0, size / 40), (suspect, middle)


#: Scarlet's token, card picture and whole card (function, card id, size in pixels).
SCARLET = [(assets.token, "scarlet", 48), (assets.card_picture, "scarlet", 120), (assets.card, "scarlet", 120)]


def test_switching_language_redraws_tokens_and_cards(lang):
    def raw(img):
        return pygame.image.tobytes(img, "RGBA")
    lang("en")
    en = [raw(f(card, n)) for f, card, n in SCARLET]
    lang("es")                                   # no cache clearing: the key holds the language
    es = [raw(f(card, n)) for f, card, n in SCARLET]
    assert all(a != b for a, b in zip(en, es, strict=True))
    lang("ca")
    assert raw(assets.token("scarlet", 48)) == es[0]      # A in both
    assert raw(assets.token("peacock", 48)) != raw(assets.token("plum", 48))
    lang("en")
    assert raw(assets.token("scarlet", 48)) == en[0]
    # Weapons and rooms have no badge: the same picture in every language.
    pic = raw(assets.card_picture("rope", 120))
    lang("es")
    assert raw(assets.card_picture("rope", 120)) == pic


def test_labels_without_sprite_files(lang, monkeypatch, tmp_path):
    from game.storage import paths
    monkeypatch.setattr(paths, "SPRITES", tmp_path)          # no sprites: drawn stand-ins
    lang("en")
    en = [pygame.image.tobytes(f(c, n), "RGBA") for f, c, n in SCARLET]
    lang("es")
    es = [pygame.image.tobytes(f(c, n), "RGBA") for f, c, n in SCARLET]
    assert all(a != b for a, b in zip(en, es, strict=True))
    assert assets.icon().get_size() == (64, 64)


# ---------------------------------------------------------------- sharp at 3840 x 2160
#: Scenes that draw the sprites largest: the big moments' portraits and cards,
#: the lesson's card, the rules' envelope and die, game over, the card table.
LARGEST_USES = ("nobody-banner", "lesson-still", "case-solved", "rules", "rules-2", "game-over", "card-game")


def _resampled_from_sources(monkeypatch) -> list[tuple[str, tuple[int, int], tuple[int, int]]]:
    """Record every resampling of a sprite (or of the plain drawing standing
    in for one) as (what, source pixels, device pixels asked)."""
    from game.ui.draw import gfx
    sources: dict[int, str] = {}
    seen: list[tuple[str, tuple[int, int], tuple[int, int]]] = []
    load, draw, resample = assets._load, assets._draw_weapon, gfx.smoothscale

    def loaded(rel):
        img = load(rel)
        if img is not None:
            sources[id(img)] = rel
        return img

    def drawn(w, n):
        img = draw(w, n)
        sources[id(img)] = f"drawn {w}"
        return img

    def smoothscale(img, size):
        out = resample(img, size)
        if id(img) in sources:
            seen.append((sources[id(img)], pygame.Surface.get_size(img), pygame.Surface.get_size(out)))
        return out

    monkeypatch.setattr(assets, "_load", loaded)
    monkeypatch.setattr(assets, "_draw_weapon", drawn)
    monkeypatch.setattr(gfx, "smoothscale", smoothscale)
    return seen


@pytest.mark.parametrize("scene", LARGEST_USES)
def test_sprites_are_filtered_down_never_stretched_at_3840x2160(scene, monkeypatch):
    """At 3840 x 2160 (3 device pixels a logical pixel) every sprite a scene
    draws -- card pictures, portraits, card backs, the envelope, dice -- is
    made from a source at least as large as it is drawn, through a second of
    its animation: a 220-pixel portrait is 660 pixels, from a 720-pixel card
    picture, not stretched from a small one."""
    from game.storage import paths
    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.screenshots.screens import build_scene
    assets.clear_cache()
    seen = _resampled_from_sources(monkeypatch)
    app = App(size=(3840, 2160), seed=3, map_path=paths.MANSION_MAP, sound=False, threaded_ai=False,
              settings=Settings(language="en"), speed=1.0)
    try:
        build_scene(app, scene, 3)
        app.draw()
        for frame in range(60):               # a second of the moment, drawn half-way and at its end
            app.step(1 / 60)
            if frame % 30 == 29:
                app.draw()
    finally:
        app.close()
        assets.clear_cache()
    assert seen, scene                        # the scene drew sprites
    stretched = [(rel, src, out) for rel, src, out in seen if out[0] > src[0] or out[1] > src[1]]
    assert not stretched, stretched


def test_the_drawn_weapon_is_drawn_for_its_size(monkeypatch, tmp_path):
    """Without the sprites, a weapon's card picture at 3840 x 2160 is the
    plain drawing made at its own size, never a 96-pixel drawing stretched."""
    from game.storage import paths
    from game.ui.draw import gfx
    monkeypatch.setattr(paths, "SPRITES", tmp_path)          # no sprites: drawn stand-ins
    seen = _resampled_from_sources(monkeypatch)
    assets.clear_cache()
    gfx.set_output_scale(3.0)
    try:
        for w in WEAPONS:
            assets.card_picture(w, 210)
            assets.weapon(w, 30)
    finally:
        gfx.set_output_scale(1.0)
    assert len(seen) == 2 * len(WEAPONS)
    assert all(out[0] <= src[0] and out[1] <= src[1] for _rel, src, out in seen), seen
