"""Clue (Cluedo) for pygame-ce: a board game for 3-6 players on one screen."""

__version__ = "0.1.0"
