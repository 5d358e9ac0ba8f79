"""Moves between screens that several scenes make: showing something private
behind a cover, saying why not.  Scenes call these instead of importing the
cover or message scene (see :mod:`game.ui.shell.registry`)."""

from __future__ import annotations

import logging
from typing import Callable

from game.ui.shell.registry import make as make_scene
from game.ui.shell.scene import Scene

log = logging.getLogger(__name__)


def private(scene: Scene) -> Scene:
    """``scene`` marked private (only its seat may see it); returns it."""
    scene.private = True
    return scene


def open_private(app, match, seat: int, make: Callable[[], Scene], optional: bool = False,
                 reason: str = "") -> None:
    """Show private content for ``seat``: behind a cover when two or more people
    share the screen, straight away with a single person at the table.  The
    scene ``make()`` builds is marked private either way."""
    if match.needs_cover:
        app.push(make_scene("cover", app, match, seat, make, optional, reason))
    else:
        app.push(private(make()))


def refuse(app, reason, game: str = "board") -> None:
    """Say why not, in a message screen: ``reason`` is an
    :class:`~game.core.errors.IllegalActionError` (what went wrong and its rule
    in a few words, in the player's language: :func:`game.text.i18n_why.explain`
    with ``game`` "board" or "cards"; the reason behind it and the rule's
    citation go to stderr) or a plain sentence."""

    from game.core.errors import IllegalActionError
    from game.text.i18n_why import explain

    app.play("nope")
    if isinstance(reason, IllegalActionError):
        why = explain(reason, game)
        log.info(why.for_log())
        app.push(make_scene("message", app, why.text, rule=why.plain))
    else:
        app.push(make_scene("message", app, reason))
