"""The screens both games share, one per module, each made by name
(:mod:`game.ui.registry`).  See :class:`game.ui.scene.Scene`; the board game's
own screens are in :mod:`game.ui.board`, the card game's in :mod:`game.ui.cardgame`."""
