"""Where the game's data lives: maps, sprites, sounds, fonts and translations.

The data folders sit at the top of the repository (``maps/``, ``sprites/``,
``sounds/``, ``fonts/``, ``locale/``).  A wheel (and so ``pip install .``,
``pip install --user .`` and a venv) and the PyInstaller folder carry them
inside the package as ``game/data/<folder>/`` (see ``setup.py`` and
``packaging/clue.spec``); they are found with :mod:`importlib.resources`.
A checkout, run as it is or installed with ``pip install -e .``, has no
``game/data/``: there the folders are read at the top of the checkout, the
place the package's data is built from.

Nothing is ever written to any of them.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

#: The data folders, each both a top-level folder of the repository and ``game/data/<name>``.
FOLDERS: tuple[str, ...] = ("maps", "sprites", "sounds", "fonts", "locale")


def data_root() -> Path:
    """The folder that holds ``maps/``, ``sprites/``, ``sounds/``, ``fonts/``
    and ``locale/``: the package's own ``game/data`` when installed from a
    wheel or frozen, else the top of the checkout.  Never raises; a missing
    file is reported by whoever opens it, naming its path."""
    packaged = Path(str(files("game") / "data"))     # installed and frozen packages are plain folders
    if (packaged / "maps" / "mansion.tmx").is_file():
        return packaged
    return Path(__file__).resolve().parents[2]      # game/storage/paths.py -> the checkout


ROOT = data_root()
MAPS = ROOT / "maps"
SPRITES = ROOT / "sprites"
SOUNDS = ROOT / "sounds"
FONTS = ROOT / "fonts"
LOCALE = ROOT / "locale"
MANSION_MAP = MAPS / "mansion.tmx"
