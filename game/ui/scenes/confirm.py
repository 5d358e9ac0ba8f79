"""A yes / no question over the current scene ("Quit the game?"): the box of
:mod:`game.ui.bases.confirm`.

No is focused first, and Back (Esc, B) answers No, so a mashed button never
says Yes by accident."""

from __future__ import annotations

from game.ui.bases.confirm import ConfirmBase


class ConfirmScene(ConfirmBase):
    """Asks ``question``; Yes pops this box and calls ``on_yes``, No (or
    Back) pops it and calls ``on_no`` when given (the arguments of
    :class:`~game.ui.bases.confirm.ConfirmBase`)."""
