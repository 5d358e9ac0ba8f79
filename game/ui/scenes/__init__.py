"""The scenes of the game, one per module.  See :class:`game.ui.scenes.base.Scene`."""
