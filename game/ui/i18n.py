"""Translation hook for the UI: every string shown on screen goes through :func:`_`.

The functions live in :mod:`game.i18n` (pure Python, shared with the game
log and the rules explanations); this module re-exports them for the scenes.
"""

from __future__ import annotations

from game.i18n import N_, _, and_list, card, fmt, initial, language, ngettext, nfmt, pgettext, set_language  # noqa: F401


def level_label(level: str) -> str:
    """The words for a computer level ("Beginner", "Easy", "Medium", "Hard"), as on the setup's buttons."""
    return {"beginner": _("Beginner"), "easy": _("Easy"), "medium": _("Medium"), "hard": _("Hard")}.get(level, level.title())
