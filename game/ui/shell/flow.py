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
                 reason: str = "", moment: tuple[int, int] | None = None) -> None:
    """Show private content for ``seat``: behind a cover when two or more people
    share the screen, straight away with a single person at the table.  The
    scene ``make()`` builds is marked private either way.  ``moment``: the game's moment
    (number of events, actor) of the choice it opens: its cover goes once the game moved past
    it (:class:`~game.ui.scenes.cover.CoverScene`).  Never for a seat
    whose phone joined from far away (:meth:`game.ui.phones.host.PhoneHost.far`):
    its person is not in the room, so the TV says only that their phone shows it."""
    if far_away(app, match, seat):
        return
    if match.needs_cover:
        app.push(make_scene("cover", app, match, seat, make, optional, reason, moment))
    else:
        app.push(private(make()))


def far_away(app, match, seat: int) -> bool:
    """True (and said on the TV) when ``seat`` plays from far away: nothing private of it may open
    on the TV, whoever presses there."""
    phones = getattr(app, "phones", None)
    if phones is None or not phones.far(seat):
        return False
    from game.ui.shell.i18n import fmt

    log.info(f"phones: seat {seat} plays from far away: its private screen stays off the TV")
    refuse(app, fmt("{name} plays from far away: only {name}'s phone shows {name}'s cards and notebook.",
                    name=match.suspects[seat]))
    return True


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
