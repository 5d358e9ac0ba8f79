"""The scene interface (a stack of states, Tuxemon style)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.shell import prompts
from game.ui.shell.i18n import _
from game.ui.shell.input import DIRECTIONS, Intent, Kind
from game.ui.shell.registry import make


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
    #: the privacy cover this scene was opened behind (set by the cover), or None; see :meth:`cover_again`
    opened_by: Scene | None = None

    def __init__(self, app) -> None:
        #: the :class:`~game.ui.app.App` (not imported here: the app imports the scenes)
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

    def speech_prompt(self) -> str | None:
        """The line read aloud for this screen while it is on top (read
        aloud, :mod:`game.ui.voice.speech`): what to do now ("Pick a lit square or
        room."), in the language in use; spoken again whenever it changes.
        A private scene's line is spoken only while it is on top, so only to
        its owner.  None (the default): nothing to say."""
        return None

    def speech_name(self) -> str | None:
        """The screen's name, read aloud once when it comes on top ("Settings",
        "New game"), before its prompt; a private scene's name is spoken as
        its prompt is (only to its owner).  None (the default): nothing."""
        return None

    def speech_focus(self) -> str | None:
        """The focused control as read aloud, its name and state ("Rope —
        ticked", "Accuse — press Enter": :meth:`game.ui.draw.widgets.Button.spoken`),
        spoken whenever it changes (read aloud, :mod:`game.ui.voice.speech`); None:
        nothing focused.  By default the focused button of ``self.focus``."""
        group = getattr(self, "focus", None)
        button = getattr(group, "focused", None)
        return button.spoken() if button is not None and button.focused else None

    def speech_shared(self) -> str | None:
        """Read aloud in place of :meth:`speech_name` and :meth:`speech_prompt`
        while this private screen is on top at a table of two or more people
        (the speakers reach the whole room): what to do here, with nothing
        private in it — no card, no mark, no count of cards.  None (the default): silent."""
        return None

    def speech_shared_focus(self) -> str | None:
        """Read aloud in place of :meth:`speech_focus` in the same case: the
        focused control without anything private (a card only as "A card —
        press Enter", a button by its label).  None (the default): silent."""
        return None

    def speech_focus_first(self) -> bool:
        """True when a focus change and a new prompt of the same frame are to be
        read focus first: the focused control is what to do now (the picker's
        Suggest! once every card is picked), the prompt only confirms.  False
        (the default): the prompt explains first ("Pick a weapon too.")."""
        return False

    def cuts_speech(self, intent: Intent) -> bool:
        """True (the default) when ``intent``, a person's own press, may cut the
        voice short (:meth:`~game.ui.voice.speech.Speaker.pressed`).  False for a
        press this screen will swallow: it does nothing yet, so what is being said stays whole.
        By default a confirm or click that the screen's ``guard`` (an :class:`InputGuard`, held or
        mashed keys at a screen's start) still holds back."""
        guard = getattr(self, "guard", None)
        return not (intent.kind in (Kind.CONFIRM, Kind.CLICK) and isinstance(guard, InputGuard)
                    and guard.holds(intent))

    def mark_rects(self) -> list[pygame.Rect]:
        """The marks drawn that are not text (arrows, rings, dots), as
        rectangles in logical pixels: no text may be drawn over them (the
        overlap test checks).  None by default."""
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

    def coach_free(self) -> list:
        """The buttons the learner may also move to and press on this scene
        while the guided game's coach points at its target (the game-over
        screen's detective reports); none by default."""
        return []

    def coach_keep_clear(self) -> list[pygame.Rect]:
        """Where the guided game's speech bubble should cover least on this
        scene, in logical pixels: its buttons, and what :meth:`keep_clear`
        names when the scene has one (the board's table adds its board)."""
        rects = [b.rect for b in getattr(getattr(self, "focus", None), "buttons", [])]
        keep = getattr(self, "keep_clear", None)
        if keep is not None:
            rects += keep()
        return rects

    def coach_keep_whole(self) -> list[pygame.Rect]:
        """What the guided game's speech bubble must leave whole on this scene
        (logical pixels): the lines a lesson talks about, which the bubble
        covers only where no place keeps clear of them.  None here."""
        return []

    def on_resume(self) -> None:
        """Called when the scene above it is popped."""

    def seat_only(self) -> int | None:
        """The seat this scene belongs to alone (a private scene's ``seat``), or None: everyone's.
        A private scene back on top after a scene that was not its seat's closed goes behind its
        cover again (:meth:`cover_again`)."""
        return getattr(self, "seat", None) if self.private else None

    def cover_again(self) -> None:
        """This private scene is on top again after a screen not of its seat (the pause menu, a
        message, a pulled-out controller) hid it; :meth:`App.pop <game.ui.app.App.pop>` calls this.
        With people sharing the screen it goes back behind the cover it, or the private screen of its
        seat it was opened from, was opened with (a picker opened from a private choice): whoever
        closed that screen, only its person's fresh press shows it again, and that press brings
        back this scene itself, as it was.  Nothing when no cover opened it or nobody else shares
        the screen now."""
        seat = self.seat_only()
        if seat is None:
            return
        opener = None
        for below in reversed(self.app.stack):  # this scene, then the private screens of its seat it came from
            if below.seat_only() != seat:
                break
            opener = below.opened_by
            if opener is not None:
                break
        if opener is not None and opener.match.needs_cover:
            self.app.replace(opener.again(self))

    def on_exit(self) -> None:
        """Called when the scene leaves the stack (popped, replaced, reset, or
        the app closing): stop any background work here."""


#: The coach's "open your notebook first" (see :meth:`Scene.coach_target`).
OPEN_NOTEBOOK = "notebook"


def focus_on(scene: Any, button: Any) -> pygame.Rect | None:
    """Put ``scene``'s focus on ``button``; its rectangle (None for no button).
    ``scene``: a scene with a ``focus`` group (:class:`game.ui.draw.widgets.FocusGroup`,
    not imported here: the drawing imports the shell)."""
    if button is None:
        return None
    scene.focus.focus_on(button)
    return button.rect


#: Seconds a private choice screen ignores input after it opens (hurry-Enter guard).
PRIVATE_GUARD = 0.8
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
        return self.holds(intent)

    def holds(self, intent: Intent) -> bool:
        """True when :meth:`blocks` would drop ``intent`` now; no side effect (asked before the press is handled)."""
        return self.active and intent.kind not in self.allow

    def hint(self) -> str | None:
        """What to tell someone whose press this guard swallowed, or None (a timed guard says nothing)."""
        return None


class FreshPressGuard(InputGuard):
    """The privacy cover's guard: an :class:`InputGuard` of ``seconds`` that
    also waits until ``inputs`` (the app's
    :class:`~game.ui.shell.input.InputHandler`) have been quiet — no confirm or click
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
        #: a confirm or click was swallowed (held, mashed or too soon): :meth:`hint` says so
        self.too_soon = False

    @property
    def active(self) -> bool:
        return not self.armed

    def update(self, dt: float) -> None:
        super().update(dt)
        self.armed = self.left <= 0 and self.inputs.quiet(devices=self.devices) >= self.quiet

    def holds(self, intent: Intent) -> bool:
        return intent.kind not in self.allow and (not self.armed or intent.repeat)

    def blocks(self, intent: Intent) -> bool:
        blocked = self.holds(intent)
        if blocked and intent.kind in (Kind.CONFIRM, Kind.CLICK):
            self.too_soon = True
        return blocked

    def hint(self) -> str | None:
        """After a confirm or click came too soon, while the guard still holds:
        :func:`too_soon_text`; else None."""
        return too_soon_text() if self.too_soon and not self.armed else None


#: What passes a prompt's guard however soon it comes: the pause menu, going back, the notebook and
#: pointing -- none of them chooses anything.
PROMPT_ALLOW = (Kind.MENU, Kind.BACK, Kind.NOTEBOOK, Kind.POINT)


class PromptGuard(FreshPressGuard):
    """The guard of one prompt: a choice that has just appeared in front of a person (whose turn
    it is, where to walk after the roll, make a suggestion?, the suggestion picker and each of its
    picks, the card to show, End turn, the notebook as its cover opens).  A new prompt gets a new
    guard, so a press that was already going on never answers the prompt that just appeared:

    - a key or button held down (its auto-repeat) never passes;
    - a confirm or click passes only once ``inputs`` (the app's
      :class:`~game.ui.shell.input.InputHandler`) have been quiet -- no confirm or click pressed,
      held or let go on a device ``devices`` accepts (None: any) -- for ``quiet`` seconds
      (:data:`FRESH_QUIET`, 0.75 s: Enter mashed a few times a second never gets that far) and
      ``seconds`` have passed since the prompt appeared (0 for a prompt within a turn; the start of
      a turn and the card to show, which appear by themselves, wait :data:`PRIVATE_GUARD` too);
    - the quiet is measured when the guard is made, so a deliberate press after a pause acts at
      once, even on the prompt's first frame; the press that passes takes the prompt (:attr:`taken`)
      and the rest of it is that person's (marks cycled in a notebook, say) until the next prompt;
    - a deliberate aim passes at once: a fresh click on a place ``targets`` accepts (the prompt's
      buttons) after the mouse moved since the prompt appeared, or -- when ``aims`` includes the
      arrows -- a fresh confirm after the person moved the focus themselves.  A press mashed in
      place never moves anything.

    ``allow`` lists the intents that always pass (:data:`PROMPT_ALLOW` by default).  With
    ``quiet`` 0 only the ``seconds`` count (one person with computer players keeps that pace at a
    turn's start).  Swallowed confirms or clicks make :meth:`hint` say "Too fast! ..."."""

    def __init__(self, inputs, seconds: float = 0.0, quiet: float = FRESH_QUIET, allow: tuple[Kind, ...] = PROMPT_ALLOW,
                 devices=None, targets=None, aims: tuple[Kind, ...] = (Kind.POINT,)) -> None:
        super().__init__(inputs, seconds, quiet, allow, devices)
        #: pos -> True on the prompt's buttons, or None (no click is aimed)
        self.targets = targets
        self.aims = aims
        #: the mouse (:attr:`aims` POINT) or the focus (an arrow in :attr:`aims`) moved since the prompt appeared
        self.pointed = self.steered = False
        #: a confirm or click passed: the rest of this prompt is the person's
        self.taken = False
        self.update(0.0)

    @property
    def active(self) -> bool:
        return not (self.armed or self.taken)

    def aimed(self, intent: Intent) -> bool:
        """True for a fresh press aimed since the prompt appeared (see the class)."""
        if intent.repeat:
            return False
        if intent.kind is Kind.CLICK:
            return (self.pointed and self.targets is not None and intent.pos is not None
                    and bool(self.targets(intent.pos)))
        return intent.kind is Kind.CONFIRM and self.steered

    def holds(self, intent: Intent) -> bool:
        if intent.kind in self.allow or self.taken or self.aimed(intent):
            return False
        # a held arrow moving the focus is no choice: only a confirm or click must be fresh
        return not self.armed or (intent.repeat and intent.kind in (Kind.CONFIRM, Kind.CLICK))

    def blocks(self, intent: Intent) -> bool:
        if intent.kind in self.aims:
            if intent.kind is Kind.POINT:
                self.pointed = True
            elif not self.holds(intent):
                self.steered = True
        blocked = super().blocks(intent)
        if not blocked and intent.kind in (Kind.CONFIRM, Kind.CLICK):
            self.taken = True
        return blocked

    def hint(self) -> str | None:
        return too_soon_text() if self.too_soon and self.active else None


def choice_guard(scene: Any, match: Any, seat: int, buttons: Any, also: tuple[Kind, ...] = (),
                 seconds: float = 0.0) -> PromptGuard:
    """The :class:`PromptGuard` of a screen where ``seat`` chooses (the suggestion picker and each of
    its picks, the card to show, the notebook as it opens): on the devices that may act for ``seat``
    (``match.may_act``); ``seconds`` of timed wait besides (a screen that opens by itself, not for the
    person's own press, where even one press made as it appeared was meant for what was there
    before: :data:`PRIVATE_GUARD`); going back, the menu, pointing, the arrows (and ``also``)
    always pass, and a confirm after an arrow, or a click on one of ``buttons()`` (the screen's
    buttons, read at the click) after the mouse moved, is aimed and acts at once."""
    return PromptGuard(scene.app.router.input, seconds,
                       allow=(Kind.BACK, Kind.MENU, Kind.POINT, *DIRECTIONS, *also),
                       devices=lambda device: match.may_act(device, seat),
                       targets=lambda pos: any(b.rect.collidepoint(pos) for b in buttons()),
                       aims=(Kind.POINT, *DIRECTIONS))


def too_soon_text() -> str:
    """What a :class:`FreshPressGuard` says to someone pressing too soon (held or mashed
    keys), in the language in use, naming the confirm button of the device in use (a click
    when the mouse was used last)."""
    if prompts.clicking():
        return _("Too fast! Stop clicking for a moment, then click once.")
    return prompts.fmt(_("Too fast! Stop pressing for a moment, then press {confirm} once."))


class SharedScreens:
    """The Settings and Rules buttons that both the title screen and the pause
    menu offer (a mixin for :class:`Scene` subclasses)."""

    app: Any   # the App (game.ui.app), which imports the scenes

    def settings(self) -> None:
        """The settings screen (language, volume, text size, fullscreen, Controls ...)."""
        self.app.play("click")
        self.app.push(make("settings", self.app))

    def rules(self) -> None:
        """The rules of the game, in plain words with pictures."""
        self.app.play("click")
        self.app.push(make("rulebook", self.app))
