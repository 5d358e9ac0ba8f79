"""The scene interface (a stack of states, Tuxemon style)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.input import Intent, Kind

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """One screen or overlay.

    ``handle(intent) -> bool`` (True when used), ``update(dt)`` with ``dt`` in
    seconds, ``draw(surface)`` on the logical 1280 x 720 surface.  An overlay sets
    ``opaque = False``; the app then draws the scene below first.  Only the top
    scene gets intents and updates.  ``widgets()`` lists the buttons and labels
    on screen (used by the text-fit test).

    ``private`` marks a screen only one seat may see (a hand, a notebook or
    case file, a card shown, the choice of a card to show, the envelope): a
    screen that is not private drawn over it (the pause menu, a message) hides
    it completely, see :meth:`App.draw <game.ui.app.App.draw>`.
    """

    opaque = True
    private = False

    def __init__(self, app: "App") -> None:
        self.app = app

    def handle(self, intent: Intent) -> bool:
        return False

    def input_seat(self, intent: Intent) -> int | None:
        """The seat this scene acts for (only that seat's pad, or the shared
        keyboard and mouse, may use it), or None when every device may."""
        return getattr(self, "seat", None)

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def widgets(self) -> list:
        return []

    def coach_target(self, action=None) -> pygame.Rect | None:
        """What the guided game's coach points at on this scene, in logical
        pixels, for the learner's next ``action`` (a :mod:`game.rules.actions`
        action, :data:`OPEN_NOTEBOOK`, or None on a screen with one thing to
        press); the scene puts its focus there.  None: nothing to point at.
        By default the screen's OK, Done or Title-screen button, if it has one."""
        button = getattr(self, "ok", None) or getattr(self, "done_button", None) \
            or getattr(self, "title_button", None)
        return focus_on(self, button)

    def on_resume(self) -> None:
        """Called when the scene above it is popped."""

    def on_exit(self) -> None:
        """Called when the scene leaves the stack (popped, replaced, reset, or
        the app closing): stop any background work here."""


#: The coach's "open your notebook first" (see :meth:`Scene.coach_target`).
OPEN_NOTEBOOK = "notebook"


def focus_on(scene: Scene, button) -> pygame.Rect | None:
    """Put ``scene``'s focus on ``button``; its rectangle (None for no button)."""
    if button is None:
        return None
    scene.focus.focus_on(button)
    return button.rect


#: Seconds a private choice screen ignores input after it opens (hurry-Enter guard).
PRIVATE_GUARD = 0.8
#: Seconds the game-over screen ignores input after it appears.
GAME_OVER_GUARD = 1.5
#: Seconds with no confirm or click pressed, held or let go (on the devices
#: that may act on it) before the privacy cover takes a press: someone pressing
#: Enter again and again to hurry the computer players (a few presses a second)
#: never gets past it; a person who stops, takes the screen and presses once does.
FRESH_QUIET = 0.75


class InputGuard:
    """Ignores input for ``seconds`` (real seconds, not scaled by the game
    speed) after a screen opens, so key presses meant for the screen before
    (pressing Enter to hurry the computer players) cannot act on it.

    Call :meth:`update` from the scene's ``update``; ``blocks(intent)`` is True
    for intents to drop.  ``allow`` lists intent kinds that always pass."""

    def __init__(self, seconds: float, allow: tuple[Kind, ...] = ()) -> None:
        self.seconds = seconds
        self.left = seconds
        self.allow = allow

    @property
    def active(self) -> bool:
        return self.left > 0

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def blocks(self, intent: Intent) -> bool:
        return self.active and intent.kind not in self.allow


class FreshPressGuard(InputGuard):
    """The privacy cover's guard: an :class:`InputGuard` of ``seconds`` that
    also waits until ``inputs`` (the app's
    :class:`~game.ui.input.InputHandler`) have been quiet — no confirm or click
    pressed, held or let go — for ``quiet`` seconds on every device that
    ``devices`` accepts (those that may act on the screen; None: all), and
    never lets a repeat (a key held down) through.  So only a fresh press that
    began after the screen was up and everybody had let go gets past it:
    neither a held key nor a key pressed again and again.  ``armed`` (worked
    out in :meth:`update`, once per frame) says whether the next fresh press counts."""

    def __init__(self, inputs, seconds: float, quiet: float = FRESH_QUIET, allow: tuple[Kind, ...] = (),
                 devices=None) -> None:
        super().__init__(seconds, allow)
        self.inputs = inputs
        self.quiet = quiet
        self.devices = devices
        self.armed = False

    @property
    def active(self) -> bool:
        return not self.armed

    def update(self, dt: float) -> None:
        super().update(dt)
        self.armed = self.left <= 0 and self.inputs.quiet(devices=self.devices) >= self.quiet

    def blocks(self, intent: Intent) -> bool:
        if intent.kind in self.allow:
            return False
        return not self.armed or intent.repeat


class SharedScreens:
    """The Settings and Rules buttons that both the title screen and the pause
    menu offer (a mixin for :class:`Scene` subclasses)."""

    app: "App"

    def settings(self) -> None:
        """The settings screen (language, volume, text size, fullscreen, Controls ...)."""
        from game.ui.scenes.settings import SettingsScene

        self.app.play("click")
        self.app.push(SettingsScene(self.app))

    def rules(self) -> None:
        """The rules of the game, in plain words with pictures."""
        from game.ui.scenes.rulebook import RulebookScene

        self.app.play("click")
        self.app.push(RulebookScene(self.app))


class ComputerTurn:
    """A computer player's next choice at a human pace: :meth:`poll` asks the
    match for the choice at once (``match.think``: on the worker thread when
    ``threaded``) and hands it back only once ``pause`` seconds have passed
    *and* the thinking is done, so the frame keeps drawing however long a
    player thinks.  A choice asked for before the game moved on (the number
    of events changed) is dropped.  :meth:`hurry` ends the pause."""

    def __init__(self) -> None:
        self.pending = None          # the Future of the choice being thought about
        self.key = -1                # len(game.events) when it was asked for
        self.waited = 0.0            # seconds of the pause so far

    @property
    def thinking(self) -> bool:
        """True while a choice is still being worked out."""
        return self.pending is not None and not self.pending.done()

    def poll(self, match, dt: float, pause: float, threaded: bool):
        """The choice once ready and the ``pause`` (seconds) is over, else None."""
        if self.pending is None:
            self.pending = match.think(threaded)
            self.key = len(match.game.events)
        self.waited += dt
        if self.waited < pause or not self.pending.done():
            return None
        fut, self.pending = self.pending, None
        self.waited = 0.0
        if self.key != len(match.game.events) or fut.cancelled():
            return None
        return fut.result()

    def hurry(self) -> None:
        self.waited = float("inf")

    def cancel(self) -> None:
        """Drop the choice being thought about (leaving the table)."""
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        self.waited = 0.0


class TableActions:
    """For the scenes that play a game (the board, the card table): they have
    ``game`` (``check`` and ``apply``), ``match``, ``queue`` (events still to
    be played on screen), ``_buttons_key`` and ``refuse(reason)``."""

    def do(self, action) -> bool:
        """Apply ``action`` for the actor; an illegal one shows the engine's
        reason (:meth:`refuse`).  The events queue up to be played, the buttons
        are rebuilt and the match is autosaved.  Returns True when applied."""
        from game.rules.errors import IllegalActionError

        try:
            events = self.game.apply(action)
        except IllegalActionError as exc:
            self.refuse(exc)
            return False
        self.queue.extend(events)
        self._buttons_key = None
        self.app.store.autosave(self.match)
        return True

    def may(self, action) -> bool:
        """True when the rules allow ``action`` now -- an action, or an action
        class (``may(Suggest)``: may the actor suggest at all, whatever it
        names?  :meth:`game.core.protocol.Engine.check_kind`); otherwise say
        why not (:meth:`refuse`, with the engine's explanation) and return False."""
        from game.rules.errors import IllegalActionError

        try:
            if isinstance(action, type):
                self.game.check_kind(action)
            else:
                self.game.check(action)
        except IllegalActionError as exc:
            self.refuse(exc)
            return False
        return True
