"""What one seat knows, for both game modes: pure Python, no pygame, and no
game mode's engine (the readers of events live with their engines).

* :mod:`game.knowledge.counting` -- the exact counting engine: every deal
  consistent with :class:`~game.knowledge.counting.Constraints`.
"""
