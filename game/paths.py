"""Where the game's data lives: maps, sprites, sounds and fonts.

The folders sit at the top of the project (``maps/``, ``sprites/``, ``sounds/``,
``fonts/``), next to the ``game`` package.  Nothing is ever written there.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
SPRITES = ROOT / "sprites"
SOUNDS = ROOT / "sounds"
FONTS = ROOT / "fonts"
MANSION_MAP = MAPS / "mansion.tmx"
