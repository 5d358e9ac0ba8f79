"""What one seat knows, for both game modes: pure Python, no pygame, and no
game mode's engine (each engine's one reader of events lives with it).

The path of what a seat saw::

    view events --(game.rules.reading / game.cardgame.reading: one reader per mode)--> Record
    Record --(game.learning.hints.table)--> Table --(game.learning.hints.deduce)--> hints with a reason each
    Record --(tracker.RecordConstraints)--> Constraints --(counting.solve)--> exact Knowledge

* :mod:`game.knowledge.record` -- :class:`~game.knowledge.record.Record`, the
  neutral record of one seat (hand, hand sizes, piles, questions, hidden cards
  seen, wrong accusations, face-up cards), and the :class:`Reader` base class.
* :mod:`game.knowledge.tracker` -- a record as
  :class:`~game.knowledge.counting.Constraints`, incrementally, and the
  :class:`~game.knowledge.tracker.Tracker` the computer players keep.
* :mod:`game.knowledge.counting` -- the exact counting engine: every deal
  consistent with the constraints.
"""
