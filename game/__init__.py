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


def __getattr__(name: str) -> str:
    """``game.__version__``, read the first time it is asked for: the package
    metadata takes a tenth of a second to search, and starting the game to its
    title never needs it (only ``--version`` and the log's first line do)."""
    if name == "__version__":
        v = globals()["__version__"] = _version()
        return v
    raise AttributeError(f"module 'game' has no attribute {name!r}")
