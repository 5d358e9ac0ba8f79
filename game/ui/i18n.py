"""Translation hook.  Every string shown on screen goes through :func:`_`.

For now it returns the text unchanged; translations come later.
"""

from __future__ import annotations


def _(text: str) -> str:
    """Return ``text`` in the current language (identity for now)."""
    return text
