"""Typed errors of the rules engine.  Each message says in plain words why.

The classes live in :mod:`game.core.errors`, shared with the card game's
engine; they are the same objects here.
"""

from __future__ import annotations

from game.core.errors import N_, GameOverError, IllegalActionError, Np_

__all__ = ["GameOverError", "IllegalActionError", "N_", "Np_"]
