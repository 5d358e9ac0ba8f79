"""The card table draws a hand in the deck's order: the same picture at every start.

A hand is a set; drawn in the set's own order, the same scene came out with its
cards in another order from one process to the next (string hashes are salted per
process), so screenshots could not be compared before and after a change.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parent.parent


def shot(tmp_path: Path, hash_seed: str) -> bytes:
    """The ``card-game`` scene's pixels (RGB bytes), drawn in a process whose string hashes use ``hash_seed``."""
    out = tmp_path / f"card-game-{hash_seed}.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONHASHSEED=hash_seed)
    subprocess.run([sys.executable, str(ROOT / "run.py"), "--screenshot", str(out), "--scene", "card-game"],
                   cwd=ROOT, env=env, check=True, capture_output=True, timeout=180)
    return pygame.image.tobytes(pygame.image.load(str(out)), "RGB")


def test_the_hand_is_drawn_in_the_same_order_whatever_the_hash_seed(tmp_path: Path) -> None:
    first, *others = (shot(tmp_path, seed) for seed in ("1", "2", "3", "4"))
    assert all(other == first for other in others)
