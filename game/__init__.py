"""Clue (Cluedo) for pygame-ce: a board game for 3-6 players on one screen."""

from __future__ import annotations

#: The distribution's name on PyPI and in the installed metadata.
DIST_NAME = "clue-family"


def _version() -> str:
    """The version, defined once in ``pyproject.toml``: read from the installed
    package's metadata, or from ``pyproject.toml`` itself in a checkout that
    is not installed; ``"unknown"`` when neither can be read."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DIST_NAME)
    except PackageNotFoundError:
        pass
    import tomllib
    from pathlib import Path

    try:
        with open(Path(__file__).resolve().parent.parent / "pyproject.toml", "rb") as f:
            return str(tomllib.load(f)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "unknown"


__version__ = _version()
