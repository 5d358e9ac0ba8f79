"""Computer players.  They decide from a seat's view only (:mod:`game.ai.base`)."""
