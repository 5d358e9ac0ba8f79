"""Screens both games build on, never shown themselves: the yes/no box, the
setup form, the private steps, the notebook and game over.  Each is a
:class:`~game.ui.shell.scene.Scene` that a registered scene (:mod:`game.ui.shell.registry`)
extends with its game's words and actions; they import no scene module."""
