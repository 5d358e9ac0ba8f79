"""The scenes of the game, one per module.  See :class:`game.ui.scene.Scene`."""
