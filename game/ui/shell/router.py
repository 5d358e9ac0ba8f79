"""The input router: pygame events in, intents to the top scene out.

Each frame :meth:`Router.pump` reads the pygame events: closing the window
ends the game, a resize goes to the :class:`~game.ui.draw.window.Window`, a key
press while Controls waits for a new key goes to that screen
(:attr:`Router.capture`), and everything else becomes intents
(:class:`~game.ui.shell.input.InputHandler`).  :meth:`Router.handle` then decides
who may act now (:meth:`Router.allowed`: a controller only for the seat it
joined), lets the guided game's coach look first, and gives the intent to the
top scene.  It also remembers the device used last (the button hints on
screen follow it) and pauses the game when a seated person's controller is
pulled out.
"""

from __future__ import annotations

from typing import Callable

import pygame

from game.ui.shell import prompts
from game.ui.shell.input import InputHandler, Intent, Kind, Pad
from game.ui.shell.registry import find, is_scene, make

#: A person's presses that cut the voice short (they skip what is being said):
#: not the mouse moving, the repeat key, fullscreen or scrolling the log.
SKIPS_SPEECH = frozenset({Kind.UP, Kind.DOWN, Kind.LEFT, Kind.RIGHT, Kind.CONFIRM, Kind.BACK, Kind.NOTEBOOK,
                          Kind.MENU, Kind.JOIN, Kind.CLICK})
#: The presses that move the focus: one that leaves it where it was is heard (:meth:`Router.handle`).
ARROWS = frozenset({Kind.UP, Kind.DOWN, Kind.LEFT, Kind.RIGHT})
#: The events of a press (not its release, not a stick's motion): those a new screen never takes
#: when they were made before it showed (:meth:`Router.drop_unseen_presses`).
UNSEEN_PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.JOYBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN)


class Router:
    """Routes the input of ``app`` (its window, pads and scene stack) using the
    keyboard bindings ``keys`` (intent name -> key names).  ``app`` is the
    :class:`~game.ui.app.App` (not imported here: the app imports the router)."""

    def __init__(self, app, keys: dict[str, list[str]]) -> None:
        self.app = app
        try:   # controllers SDL knows get the standard A/B/X/Y layout
            from pygame._sdl2 import controller

            controller.init()
        except (ImportError, pygame.error, AttributeError):
            pass
        app.pads.listeners.append(self._pad_changed)
        #: turns pygame events into intents
        self.input = InputHandler(app.window.to_logical, keys, app.pads)
        prompts.set_keys(self.input.keys)
        prompts.use("keyboard")
        #: the device of the last intent ("keyboard", "mouse" or "pad:<id>")
        self.last_device = "keyboard"
        #: where the mouse was last reported (logical pixels; None before it ever was): a pointer
        #: report at the same place (or the first one, where the window appeared) is no movement
        self.pointer: tuple[int, int] | None = None
        #: while set, the next key press goes here (key remapping) instead of becoming an intent;
        #: it gets the key code, or None when waiting is cancelled
        self.capture: Callable[[int | None], None] | None = None

    def pump(self, dt: float) -> None:
        """Read this frame's pygame events and route them; then the repeats
        of a held d-pad or stick (``dt``: seconds since the last frame)."""
        app = self.app
        self.input.advance(dt)     # first: presses queued through a long frame count as just made
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                app.quit()
            elif event.type == pygame.VIDEORESIZE:
                app.window.resized()
            elif event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
                app.window.expose()
            elif event.type == pygame.KEYDOWN and self.capture is not None:
                fn, self.capture = self.capture, None
                fn(event.key)
            else:
                for intent in self.input.translate(event):
                    self.handle(intent)
        for intent in self.input.update(dt):       # held d-pad / stick repeats
            self.handle(intent)

    def drop_unseen_presses(self) -> int:
        """Drop the key, mouse-button and pad-button presses waiting in the queue: they were made
        while a frame that opened a new screen was being made, before that screen showed, so they
        were aimed at the one before (Down and Enter pressed while a new game is being set up would
        open the accusation picker).  Each still counts as pressed (held keys, the quiet a prompt's
        guard waits for), so mashing on through the change stays mashing.  Returns how many."""
        presses = pygame.event.get(eventtype=UNSEEN_PRESSES)
        for event in presses:
            self.input.translate(event)
        return len(presses)

    def cancel_capture(self) -> None:
        """Stop waiting for a key (Controls is told with ``None``)."""
        if self.capture is not None:
            fn, self.capture = self.capture, None
            fn(None)

    def handle(self, intent: Intent) -> None:
        """Give one intent to the top scene (after :meth:`allowed`; the coach of
        the guided game may take it first).  F11 switches fullscreen anywhere;
        the repeat key (R) says the last line read aloud again."""
        if intent.kind in (Kind.POINT, Kind.CLICK) and intent.pos is not None:
            pos = (intent.pos[0], intent.pos[1])
            moved = self.pointer is not None and pos != self.pointer
            self.pointer = pos
            if intent.kind is Kind.POINT and not moved:
                return     # a mouse at rest (Xvfb: the screen's centre) never moves the focus by hovering
        if intent.kind is not Kind.POINT:
            self.last_device = intent.device
            prompts.use(intent.device)
        if self.capture is not None and intent.is_pad:
            self.cancel_capture()          # a pad button cancels waiting for a key
            return
        if intent.kind is Kind.FULLSCREEN:
            self.app.prefs.toggle_fullscreen()
            return
        if intent.kind is Kind.REPEAT:         # anywhere: the last line read aloud (never a covered private one)
            self.app.speech.repeat()
            return
        app = self.app
        if app.top is not None and self.allowed(intent):
            if intent.kind in SKIPS_SPEECH and not intent.repeat and app.top.cuts_speech(intent):
                app.speech.pressed()           # a person's own press may cut the voice short; nothing else does
            if app.coach is not None and app.coach.handle(intent):
                return
            top = app.top
            before = top.speech_focus() if intent.kind in ARROWS and not intent.repeat and app.speech.enabled else None
            top.handle(intent)
            if before is not None and app.top is top and top.speech_focus() == before:
                # an arrow that went nowhere (the last button, a row's end) is heard: a soft sound and the name again;
                # not on a private screen at a shared table, where the sound would count its cards aloud
                if not (top.private and app.speech.shared_table(top)):
                    app.play("nope")
                app.speech.bumped(before, top if top.private else None)

    def allowed(self, intent: Intent) -> bool:
        """May this intent act?  The shared keyboard and mouse always; a pad
        only for the seat it joined, when the top scene acts for a seat
        (``Scene.input_seat``).  The pause menu is open to everyone."""
        top = self.app.top
        if not intent.is_pad or intent.kind is Kind.MENU or top is None:
            return True
        seat = top.input_seat(intent)
        if seat is None:
            return True
        match = self.match()
        return match is None or match.may_act(intent.device, seat)

    def match(self):
        """The match being played (the board's or the card table's), or None."""
        board = find(self.app.stack, "board", "card_table")
        return board.match if board is not None else None

    def _pad_changed(self, what: str, pad: Pad) -> None:
        """A controller was plugged in or pulled out (any scene, any moment)."""
        app = self.app
        waiting = [s for s in app.stack if is_scene(s, "unplugged")]
        for scene in app.stack:
            hook = getattr(scene, "pad_changed", None)
            if hook is not None:
                hook(what, pad)
        if what == "added":
            if waiting:
                waiting[0].take(pad.device)   # plugged back in: the seat that waits longest gets it
            return
        match = self.match()
        if match is None:
            return
        seat = match.seat_of(pad.device)
        if seat is None or match.game.over:
            return
        app.push(make("unplugged", app, match, seat, pad.label,
                      to_computer=lambda screen: self.seat_to_computer(match, seat, screen)))

    def seat_to_computer(self, match, seat: int, screen) -> None:
        """A computer player takes ``seat`` of ``match`` (chosen on the
        unplugged ``screen``): the person's other open screens for that seat
        close, and the table forgets the person's turn
        (:meth:`~game.ui.bases.table.TableScene.seat_handed_over`)."""
        app = self.app
        match.to_computer(seat)
        table = find(app.stack, "board", "card_table")
        for s in list(app.stack):
            if s is not screen and s is not table and getattr(s, "seat", None) == seat:
                app.pop(s)
        if table is not None:
            table.seat_handed_over(seat)
