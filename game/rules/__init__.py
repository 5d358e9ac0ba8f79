"""The rules of Clue as pure Python: no pygame, no files, no drawing.

Entry points: :class:`game.rules.engine.Game` (``new``, ``legal_actions``,
``apply``, ``view``: the protocol of :class:`game.core.protocol.Engine`), the actions in :mod:`game.rules.actions`, the events in
:mod:`game.rules.events` and :class:`game.rules.errors.IllegalActionError`.
"""
