"""Translation hook for the UI: every string shown on screen goes through :func:`_`.

The functions live in :mod:`game.text.i18n` (pure Python, shared with the game
log and the rules explanations); this module re-exports them for the scenes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.text.i18n import (  # noqa: F401
    BLANK,
    N_,
    _,
    and_list,
    card,
    feminine,
    fmt,
    initial,
    language,
    nfmt,
    ngettext,
    pgettext,
    set_language,
)

if TYPE_CHECKING:
    from game.ai.strength import Row


def level_label(level: str) -> str:
    """The words for a computer level ("Beginner", "Easy", "Medium", "Hard"), as on the setup's buttons."""
    return {"beginner": _("Beginner"), "easy": _("Easy"), "medium": _("Medium"),
            "hard": _("Hard")}.get(level, level.title())


def strength_words(level: str, figures: Mapping[str, Row] | None = None) -> str:
    """How strong ``level`` measured, in plain words, from the benchmark's
    figures (``figures``: level -> row of :data:`game.ai.strength.BOARD`, which
    is the default): "Medium: wins about 9 games in 10 against 3 Easy
    players."  Empty for a level not measured."""
    if figures is None:
        from game.ai.strength import BOARD

        figures = BOARD
    row = figures.get(level)
    if not row or not row.get("games"):
        return ""
    share = row["won"] / row["games"]
    words = {"level": level_label(level), "others": row["players"] - 1, "opponent": level_label(row["opponent"])}
    if share >= 0.95:
        return fmt("{level}: wins almost every game against {others} {opponent} players.", **words)
    if round(share * 10) >= 1:
        return nfmt("{level}: wins about {n} game in 10 against {others} {opponent} players.",
                    "{level}: wins about {n} games in 10 against {others} {opponent} players.",
                    round(share * 10), **words)
    if round(share * 100) >= 1:
        return nfmt("{level}: wins about {n} game in 100 against {others} {opponent} players.",
                    "{level}: wins about {n} games in 100 against {others} {opponent} players.",
                    round(share * 100), **words)
    return fmt("{level}: wins fewer than 1 game in 100 against {others} {opponent} players.", **words)
