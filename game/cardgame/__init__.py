"""The 2018 Clue Card Game (rules text 003), pure Python (no pygame).

* :mod:`game.cardgame.cards` -- the deck (persons, weapons, locations; "+" cards).
* :mod:`game.cardgame.engine` -- :class:`~game.cardgame.engine.CardGame`, driven by
  ``legal_actions()`` / ``apply(action) -> events`` like the board game (both meet
  :class:`game.core.protocol.Engine`).
* :mod:`game.cardgame.log` -- the public log line of each event, in the language in use.
* :mod:`game.cardgame.ai` -- computer players (easy, medium, hard).
* :mod:`game.cardgame.headless` -- an all-computer game for ``run.py --headless --mode card-game``.
* :mod:`game.cardgame.tournament` -- levels against each other, with figures.
"""
