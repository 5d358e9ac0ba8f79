"""Typed errors of the rules engine.  Each message says in plain words why."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules do not allow now.

    ``code`` is a short stable key for the reason (``"not_your_turn"``,
    ``"blocked"``, ...), used to explain it on screen and in other languages;
    ``rule`` cites the rule, e.g. ``'000 "Suggestions" 1'``.
    """

    def __init__(self, message: str, code: str = "illegal", rule: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.rule = rule


class GameOverError(IllegalActionError):
    """Any action after the game has ended (000 "How you win")."""
