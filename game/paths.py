"""Where the game's data lives: maps, sprites, sounds, fonts and translations.

Three layouts are supported, checked in this order:

* a frozen build (PyInstaller): the folders sit in the bundle (``sys._MEIPASS``);
* a source checkout or ``pip install -e .``: the folders sit at the top of the
  project (``maps/``, ``sprites/``, ``sounds/``, ``fonts/``, ``locale/``), next
  to the ``game`` package;
* ``pip install .``: the same folders are installed as data files under
  ``<prefix>/share/clue-family/``.

Nothing is ever written to any of them.
"""

from __future__ import annotations

import sys
from pathlib import Path

SHARE_NAME = "clue-family"


def data_root() -> Path:
    """The folder that holds ``maps/``, ``sprites/``, ``sounds/`` and ``fonts/``."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    checkout = Path(__file__).resolve().parent.parent
    if (checkout / "maps" / "mansion.tmx").is_file():
        return checkout
    for prefix in (sys.prefix, sys.base_prefix):
        installed = Path(prefix) / "share" / SHARE_NAME
        if (installed / "maps" / "mansion.tmx").is_file():
            return installed
    return checkout


ROOT = data_root()
MAPS = ROOT / "maps"
SPRITES = ROOT / "sprites"
SOUNDS = ROOT / "sounds"
FONTS = ROOT / "fonts"
LOCALE = ROOT / "locale"
MANSION_MAP = MAPS / "mansion.tmx"
