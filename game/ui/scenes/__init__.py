"""The screens both games share, one per module, each made by name
(:mod:`game.ui.shell.registry`).  See :class:`game.ui.shell.scene.Scene`; the board game's
own screens are in :mod:`game.ui.board`, the card game's in :mod:`game.ui.cardgame`."""
