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
from game.ui.sound import Sounds  # noqa: E402


def _load_tool():
    spec = importlib.util.spec_from_file_location("make_assets", ROOT / "tools" / "make_assets.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


make_assets = _load_tool()

#: Expected durations in seconds (the brief; the door length is the tool's choice).
DURATIONS = {"die": 0.6, "step": 0.08, "door": make_assets.SOUND_SECONDS["door"], "card": 0.25,
             "chime": 1.0, "wrong": 0.8, "click": 0.05}


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("assets_a")
    assert make_assets.main(["--out", str(out), "--quiet"]) == 0
    return out


def _expected_pngs() -> dict[str, tuple[int, int]]:
    exp = {}
    for s in SUSPECTS:
        exp[f"sprites/tokens/{s}.png"] = (64, 64)
    for w in WEAPONS:
        exp[f"sprites/weapons/{w}.png"] = (64, 64)
    for c in ALL_CARDS:
        exp[f"sprites/cards/{c}.png"] = (160, 160)
    for n in range(1, 7):
        exp[f"sprites/dice/{n}.png"] = (96, 96)
    exp["sprites/card_back.png"] = (160, 230)
    exp["sprites/envelope.png"] = (96, 64)
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


def test_tokens_and_weapons_have_transparent_corners(generated):
    for rel in [f"sprites/tokens/{s}.png" for s in SUSPECTS] + \
               [f"sprites/weapons/{w}.png" for w in WEAPONS] + ["sprites/dice/1.png"]:
        img = pygame.image.load(str(generated / rel))
        assert img.get_at((0, 0)).a == 0, rel
        assert img.get_at((63, 0)).a == 0, rel
    token = pygame.image.load(str(generated / "sprites/tokens/scarlet.png"))
    assert token.get_at((32, 32)).a == 255  # the pawn itself is opaque


def test_tokens_are_different(generated):
    blobs = {(generated / f"sprites/tokens/{s}.png").read_bytes() for s in SUSPECTS}
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
    for rel in ("sprites/tokens/peacock.png", "sprites/weapons/rope.png",
                "sprites/cards/library.png", "sprites/cards/plum.png", "sprites/icon.png",
                "sounds/die.wav", "sounds/card.wav"):
        assert (generated / rel).read_bytes() == (again / rel).read_bytes(), rel


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
    from game import paths
    s = Sounds(enabled=False)
    assert s._folder == paths.SOUNDS
