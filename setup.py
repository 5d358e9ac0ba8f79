"""Build hook: the game's data folders stay at the top of the repository
(``maps/``, ``sprites/``, ``sounds/``, ``fonts/``, ``locale/``) and ship inside
the package as ``game/data/<folder>/``, where :mod:`game.storage.paths` reads them
with :mod:`importlib.resources`.  Everything else is in ``pyproject.toml``."""

from setuptools import find_namespace_packages, find_packages, setup

#: Each data folder at the top of the repository and the files of it that ship.
DATA = {
    "maps": ["*.tmx", "*.tsx", "*.png"],
    "sprites": ["*.png", "*/*.png"],
    "sounds": ["*.wav", "music/*.wav"],
    "fonts": ["*.ttf", "*.txt"],
    "locale": ["*/LC_MESSAGES/*.mo"],
}

#: Each data folder and its subfolders, as packages of data (setuptools wants every folder listed).
DATA_PACKAGES = [f"game.data.{folder}{sub}" for folder in DATA
                 for sub in ["", *(f".{name}" for name in find_namespace_packages(where=folder))]]

setup(
    packages=find_packages(include=["game*"]) + ["game.net.web"] + DATA_PACKAGES,
    package_dir={f"game.data.{folder}": folder for folder in DATA},
    package_data={
        "game.net": ["web/*"],     # the phone's seat page (HTML, CSS, JavaScript; no build step)
        **{f"game.data.{folder}": globs for folder, globs in DATA.items()},
    },
)
