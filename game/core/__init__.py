"""What every game mode shares and nothing else: pure Python that imports no
engine, no pygame and nothing from the UI.

* :mod:`game.core.cards` -- the 21 card ids of classic Clue and their English
  names (the card game's evidence cards are some of them).
* :mod:`game.core.errors` -- the typed error of an action the rules do not
  allow (:class:`~game.core.errors.IllegalActionError`), raised by both engines.
* :mod:`game.core.protocol` -- :class:`~game.core.protocol.Engine`, the calls
  both engines answer (``actor``, ``legal_actions()``, ``allows(kind)``,
  ``check(action)``, ``apply(action)``, ``view(seat)``, ``replay`` ...).

The engines (:mod:`game.rules`, :mod:`game.cardgame`) may import this package;
it imports neither, so the game modes stay independent of each other (the
contracts in ``pyproject.toml``, checked by ``lint-imports``).
"""
