"""Typed errors of the game engines (the board game's :mod:`game.rules` and
the card game's :mod:`game.cardgame`).  Each message says in plain words why."""

from __future__ import annotations

from typing import Any


class IllegalActionError(ValueError):
    """An action the rules do not allow now.

    ``code`` is a short stable key for the reason (``"not_your_turn"``,
    ``"blocked"``, ...), used to explain it on screen and in other languages;
    ``rule`` cites the rule, e.g. ``'000 "Suggestions" 1'``.

    ``message`` is an English template (a msgid of the ``clue`` catalogue)
    filled with ``params``: a card id parameter reads as the card's English
    name in ``str(error)``; :func:`game.text.i18n_why.explain` translates the same
    template and parameters into the player's language.
    """

    def __init__(self, message: str, code: str = "illegal", rule: str = "", *, plural: str | None = None,
                 count: str | None = None, **params: Any) -> None:
        self.template = message
        #: with a number: the plural template and the parameter holding the number
        self.plural, self.count = plural, count
        self.params = params
        if plural is not None and count is not None and params.get(count) != 1:
            message = plural
        if params:
            from game.core.cards import CARD_NAMES

            message = message.format(**{k: (CARD_NAMES[v] if isinstance(v, str) and v in CARD_NAMES else v)
                                        for k, v in params.items()})
        super().__init__(message)
        self.code = code
        self.rule = rule


class GameOverError(IllegalActionError):
    """Any action after the game has ended (000 "How you win")."""


def N_(message: str) -> str:
    """Mark an engine message for the translation catalogue (returns it unchanged)."""
    return message


def Np_(singular: str, plural: str) -> tuple[str, str]:
    """Mark an engine message with a number (singular and plural) for the catalogue."""
    return singular, plural
