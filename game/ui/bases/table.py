"""The table: the one turn loop both game modes play on.

:class:`TableScene` owns what every game at the table does the same way:
the queue of engine events still to be shown, their pace
(:mod:`game.ui.bases.pacing`), skipping and hurrying, the input guard at the start
of a person's turn, computer players thinking at a human pace
(:class:`ComputerTurn`), the wait before the game-over screen, the pause
menu, a person's notebook or case file behind a cover, leaving and coming
back to the table, another language, and saying why not.

A game mode plugs in by subclassing it (the board game:
:class:`game.ui.board.table.BoardScene`; the card game:
:class:`game.ui.cardgame.table.CardTableScene`) and supplying:

- its match (``match.game`` is the engine: ``actor``, ``over``, ``phase``,
  ``check``, ``apply`` -> events, ``view(seat)``);
- an event presenter (a :class:`Presenter`: event type -> animation, pause,
  sound, log line, private step), built by :meth:`TableScene.make_presenter`, kept as ``presenter``;
- its panels: ``draw``, ``widgets``, :meth:`TableScene.build_buttons`,
  ``coach_target`` and the hooks below (:meth:`TableScene.handle_turn`,
  :meth:`TableScene.advance`, :meth:`TableScene.human_turn`, ``busy``).

Other screens are made by name (:mod:`game.ui.shell.registry`), never imported.
"""

from __future__ import annotations

import math
from collections import deque
from concurrent.futures import Future
from typing import Any, Callable, Generic, Protocol, Sequence, TypeVar

import pygame

from game.core.protocol import Engine
from game.ui.bases.banner import nobody_text
from game.ui.bases.match import Seats
from game.ui.bases.pacing import BANNER_TIME, GAME_OVER_WAIT, computer_pause
from game.ui.draw import anim, assets, gfx, tabletop, theme
from game.ui.draw.logview import LogView
from game.ui.draw.widgets import Button, FocusGroup, Label, footer_hint, panel_hint
from game.ui.shell import prompts
from game.ui.shell.i18n import _, fmt
from game.ui.shell.input import DIRECTIONS, SCROLLS, Intent, Kind
from game.ui.shell.registry import make as make_scene
from game.ui.shell.scene import FRESH_QUIET, PRIVATE_GUARD, PROMPT_ALLOW, InputGuard, PromptGuard, Scene
from game.ui.voice.sound import CALM, TENSE, last_round

#: Colour of the public log's panel.
LOG_PANEL = (60, 40, 30)
#: Colour of the key hint under the log.
HINT_INK = (170, 150, 120)


class TableEngine(Engine, Protocol):
    """The engine of a game at the table: an :class:`~game.core.protocol.Engine`
    whose ``phase`` (a ``Phase`` of the board game, a word of the card game) sets
    a computer player's pause (:func:`~game.ui.bases.pacing.computer_pause`)."""

    @property
    def phase(self) -> object: ...


#: the match at the table (:class:`game.ui.board.match.Match`, :class:`game.ui.cardgame.match.CardMatch`)
M = TypeVar("M", bound="Seats[Any, Any]")
#: its engine (``match.game``)
G = TypeVar("G", bound=TableEngine)


class ComputerTurn:
    """A computer player's next choice at a human pace: :meth:`poll` asks the
    match for the choice at once (``match.think``: on the worker thread when
    ``threaded``) and hands it back only once ``pause`` seconds have passed
    *and* the thinking is done, so the frame keeps drawing however long a
    player thinks.  A choice asked for before the game moved on (the number
    of events changed) is dropped.  :meth:`hurry` ends the pause."""

    def __init__(self) -> None:
        self.pending: Future[Any] | None = None   # the Future of the choice being thought about
        self.key = -1                # len(game.events) when it was asked for
        self.waited = 0.0            # seconds of the pause so far

    @property
    def thinking(self) -> bool:
        """True while a choice is still being worked out."""
        return self.pending is not None and not self.pending.done()

    def poll(self, match: Seats[Any, Any], dt: float, pause: float, threaded: bool) -> Any:
        """The choice (an action) once ready and the ``pause`` (seconds) is over, else None."""
        fut = self.pending
        if fut is None:
            fut = self.pending = match.think(threaded)
            self.key = len(match.game.events)
        self.waited += dt
        if self.waited < pause or not fut.done():
            return None
        self.pending = None
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


class Presenter:
    """Plays engine events on a :class:`TableScene`: the game mode's table
    from event type to what the people see and hear.

    :meth:`play` adds the event's public log line (:meth:`log`), sets its
    pause (:meth:`pause`), plays its sound (:attr:`sounds`: event type ->
    sound name) and calls its handler (:meth:`handlers`: event type ->
    function of the event: an animation, a private step behind the cover, a
    screen).  Events without a handler only leave their log line and pause."""

    #: event type -> sound name (:meth:`game.ui.app.App.play`)
    sounds: dict[type, str] = {}
    #: the registry name of the screen of a card shown to a person (:meth:`card_shown`)
    shown_scene = "shown_card"
    #: the game mode's event that starts a turn (its ``player`` is whose turn it is)
    turn_event: type[Any] = type(None)
    #: events whose log line is not read aloud on a computer player's turn: read aloud, a
    #: computer's turn is told in a sentence or two (who walked where, who suggested what,
    #: who showed a card), so that the table can wait for the voice and keep its pace
    quiet: tuple[type, ...] = ()
    #: event type -> the event type whose line makes its line unneeded on a computer's turn: the
    #: line waits for the next spoken event and is dropped when that one is of the type given
    #: (a walk into a room, when the suggestion made there names the room)
    told_by: dict[type, type] = {}
    #: event type -> the event types that end its story on a computer's turn: the line waits and
    #: the two are told in one sentence (:meth:`joined`): "Mustard suggests Plum, with the Rope,
    #: in the Hall; Mrs. White shows a card."
    joined_by: dict[type, tuple[type, ...]] = {}

    def __init__(self, scene: TableScene[Any, Any]) -> None:
        self.scene = scene
        self.app = scene.app
        self.match = scene.match
        self.game = scene.game
        self.table: dict[type, Callable] = self.handlers()
        #: whose turn the events being played belong to (the seat), or None before the first
        self.turn_player: int | None = None
        self._held: tuple[str, object] | None = None   # a line and its event, waiting for the next (:attr:`told_by`)

    def handlers(self) -> dict[type, Callable]:
        """Event type -> the function that shows such an event (override)."""
        return {}

    def play(self, e) -> None:
        """Show one engine event ``e`` (see the class)."""
        if isinstance(e, self.turn_event):
            self.turn_player = e.player
        self.log(e)
        self.scene.music_theme = table_theme(self.match)
        self.pause(e)
        sound = self.sounds.get(type(e))
        if sound:
            self.app.play(sound)
        handler = self.table.get(type(e))
        if handler is not None:
            handler(e)

    def log(self, e) -> str | None:
        """Add ``e``'s public log line to the match and read it aloud (it is
        public) unless it is :attr:`quiet` on a computer's turn; returns the line
        (None: the event has none)."""
        line = self.match.add_log(e)
        computer = self.turn_player is not None and not self.match.is_human(self.turn_player)
        speaks = bool(line) and not (computer and self.is_quiet(e))
        said = line if speaks else None
        if self._held is not None and (speaks or isinstance(e, self.turn_event)):
            (held, before), self._held = self._held, None
            if speaks and isinstance(e, self.joined_by.get(type(before), ())):
                said = self.joined(before, e) or held + " " + line
            elif not (speaks and isinstance(e, self.told_by.get(type(before), ()))):
                self.app.speech.say(held)
        if said and computer and (type(e) in self.told_by or type(e) in self.joined_by):
            self._held = (said, e)
        elif said:
            self.app.speech.say(said)
        return line

    def is_quiet(self, e) -> bool:
        """True when ``e``'s line is left unsaid on a computer's turn: one of :attr:`quiet`
        (override to make news of some of them)."""
        return isinstance(e, self.quiet)

    def joined(self, before, e) -> str | None:
        """One sentence telling ``before`` (a held event, :attr:`joined_by`) and ``e``,
        the event that ends its story (override; None: the two lines one after the other)."""
        return None

    def flush(self) -> None:
        """Say the line still waiting for the next one (a person is to act, or the game is
        over: no event may come to join it)."""
        if self._held is not None:
            held, self._held = self._held[0], None
            self.app.speech.say(held)

    def pause(self, e) -> None:
        """How long ``e`` stays alone on screen (override: the mode's pace table)."""

    def nobody(self, e) -> None:
        """Nobody could show the asker a card (public, 000 "Suggestions"): the
        banner across the table for :data:`~game.ui.bases.pacing.BANNER_TIME` (the
        event's pause, divided by the speed setting; skipped with the table)."""
        self.scene.banner = anim.Banner(nobody_text(), BANNER_TIME / self.app.speed)

    def moment(self, name: str, *args, **kwargs) -> bool:
        """A big moment over the table: the scene registered as
        ``name`` (built with ``app, *args, **kwargs``; it ends by itself or on
        Enter, a click or a pad's A), pushed unless the speed is instant: a
        press that hurried the table (``skipping``) does not cancel a moment
        that has not begun.  Public only: it is shown to the whole table.  Returns
        True when pushed (the game's own pause of the event is then the moment's)."""
        if self.app.speed >= anim.INSTANT:
            return False
        self.app.push(make_scene(name, self.app, *args, **kwargs))
        return True

    def turn_started(self, e) -> None:
        """A new turn: counted; a person's turn is guarded (:meth:`TableScene.turn_guard`):
        with people sharing the screen every turn, alone every turn after the first."""
        scene = self.scene
        scene.turn_no += 1
        if self.match.is_human(e.player):
            scene.log_view.follow()         # a person's turn starts with the newest lines in view
            # the turn's first prompt takes this guard (:meth:`TableScene.new_prompt`); alone, the first turn none
            scene.turn_prompt = (scene.turn_guard(e.player) if self.match.needs_cover or scene.turn_no > 1
                                 else InputGuard(0.0))
        else:
            scene.guard = InputGuard(0.0)   # a computer's turn: any press hurries it

    def card_shown(self, e) -> None:
        """A card shown to a person (``e.to``, by ``e.by``), for their eyes only
        (on their phone when it is connected: nothing on the TV)."""
        if e.card is not None and self.match.is_human(e.to) and not self.app.phones.away(e.to):
            self.private(e.to, self.shown_scene, self.match, e.to, e.by, e.card,
                         reason=fmt("{name} has a card to show you.", name=self.match.suspects[e.by]))

    def private(self, seat: int, name: str, *args, reason: str = "", optional: bool = False,
                moment: tuple[int, int] | None = None, **kwargs) -> None:
        """Open the scene registered as ``name`` (built with ``app, *args, **kwargs``)
        for ``seat`` alone: behind the cover when people share the screen
        (``optional``: the cover may be dismissed; ``reason``: its line; ``moment``: the
        choice's moment, number of events and actor -- its cover goes once the game moved past it)."""
        from game.ui.shell.flow import open_private

        app = self.app
        open_private(app, self.match, seat, lambda: make_scene(name, app, *args, **kwargs), optional=optional,
                     reason=reason, moment=moment)


class TableScene(Scene, Generic[M, G]):
    """The one turn loop of a game at the table (see the module).

    Subclasses set :attr:`refuse_game` ("board" or "cards": whose reasons a
    refusal explains), :attr:`book_scene` (the registry name of a person's
    notebook or case file), :attr:`game_over_scene` and :attr:`book_button`
    (its button), and implement :meth:`make_presenter`, :attr:`busy`,
    :meth:`advance`, :meth:`handle_turn`, :meth:`human_turn`,
    :meth:`build_buttons`, :meth:`book_texts` and drawing."""

    refuse_game = "board"
    book_scene = "notebook"
    game_over_scene = "game_over"
    book_button: Button
    match: M
    #: the engine (``match.game``)
    game: G

    def __init__(self, app: Any, match: M) -> None:
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.queue: deque = deque()       # engine events still to be shown
        self.skipping = False
        self.t = 0.0
        #: the banner across the table (:mod:`game.ui.bases.banner`), or None
        self.banner: anim.Banner | None = None
        #: a computer player's choice being thought about, handed over after the pause
        self.computer = ComputerTurn()
        self.over_wait = 0.0
        self.over_shown = False
        self.turn_no = 0
        #: the guard of the prompt in front of the person to act (:meth:`new_prompt`); with people sharing
        #: the screen the table opens guarded too: a press meant for the screen before never plays
        g = match.game
        self.guard: InputGuard = (self.turn_guard(g.actor) if match.needs_cover and not g.over
                                  and match.is_human(g.actor) else InputGuard(0.0))
        #: the guard the first prompt of a person's turn just begun takes (:meth:`turn_guard`), or None
        self.turn_prompt: InputGuard | None = None
        #: the prompt :attr:`guard` was made for: (the engine's events so far, the seat to act); None:
        #: the first prompt shown here, which takes the guard the table opened with
        self.prompt_at: tuple[int, int] | None = None
        self.focus = FocusGroup()
        self._buttons_key: tuple[int, int, object, bool, bool] | None = None
        #: the public log panel's place in the whole log (:mod:`game.ui.draw.logview`)
        self.log_view = LogView()
        self.presenter = self.make_presenter()
        #: the music wanted here (:func:`game.ui.voice.sound.theme_of`): tense from the last round on
        self.music_theme = table_theme(match)
        app.speech.say(match.log[-1] if match.log else None)   # read aloud: where the game stands (whose turn)
        app.phones.attach(self)           # the people's phones, when this run hosts them

    @property
    def log_panel(self) -> pygame.Rect | None:
        """The public log's panel (logical pixels, said by the mode's panels): where the
        mouse wheel scrolls it; None: nowhere."""
        return None

    def make_presenter(self) -> Presenter:
        """The game mode's :class:`Presenter` (override)."""
        return Presenter(self)

    # =========================================================== actions
    def do(self, action) -> bool:
        """Apply ``action`` for the actor; an illegal one shows the engine's
        reason (:meth:`refuse`).  The events queue up to be played, the buttons
        are rebuilt, the match is autosaved and a banner that lasts until the
        player acts (:attr:`game.ui.draw.anim.Banner.until_acted`) goes.  Returns True when applied."""
        from game.core.errors import IllegalActionError

        try:
            events = self.game.apply(action)
        except IllegalActionError as exc:
            self.refuse(exc)
            return False
        self.queue.extend(events)
        self._buttons_key = None
        self.app.store.autosave(self.match)
        if self.banner is not None and self.banner.until_acted:
            self.banner.leave()             # played on: a banner about the turn's start is old news
        return True

    def may(self, action) -> bool:
        """True when the rules allow ``action`` now -- an action, or an action
        class (``may(Suggest)``: may the actor suggest at all, whatever it
        names?  :meth:`game.core.protocol.Engine.check_kind`); otherwise say
        why not (:meth:`refuse`, with the engine's explanation) and return False."""
        from game.core.errors import IllegalActionError

        try:
            if isinstance(action, type):
                self.game.check_kind(action)
            else:
                self.game.check(action)
        except IllegalActionError as exc:
            self.refuse(exc)
            return False
        return True

    def refuse(self, reason) -> None:
        """Say why not: ``reason`` is an :class:`~game.core.errors.IllegalActionError`
        (its explanation in the player's language, with the rule) or a sentence."""
        from game.ui.shell.flow import refuse

        refuse(self.app, reason, self.refuse_game)

    @property
    def busy(self) -> bool:
        """True while events are still being played."""
        return bool(self.queue)

    def speech_holds(self) -> bool:
        """True while the next event waits for the voice: read aloud is on,
        the news before it is still being said (:meth:`game.ui.voice.speech.Speaker.busy`),
        the speed is normal or slower and nobody hurried the table."""
        return self.app.speed <= anim.NORMAL and not self.skipping and self.app.speech.busy()

    @property
    def human_to_act(self) -> bool:
        """True when a person may act now (nothing left to show, game not over)."""
        return not self.busy and not self.game.over and self.match.is_human(self.game.actor)

    @property
    def thinking(self) -> bool:
        """True while a computer player's choice is still being worked out."""
        return self.computer.thinking

    @property
    def pending(self) -> Future | None:
        """The future of the computer player's choice being thought about, or None."""
        return self.computer.pending

    def book_texts(self) -> tuple[str, str, str]:
        """The notebook's words in the language in use (override): its
        button, why nobody has one (all players are computers), the cover's line."""
        return "", "", ""

    def open_book(self, seat: int | None = None) -> None:
        """Open the notebook or case file of ``seat`` or of the person who may
        look now (behind a cover when needed); with several people and a
        computer to act, ask whose."""
        from game.ui.shell.flow import open_private

        app, match, name = self.app, self.match, self.book_scene
        _label, nobody, reason = self.book_texts()
        humans = match.humans
        if not humans:
            self.refuse(nobody)
            return
        if seat is None and len(humans) == 1:
            seat = humans[0]
        elif seat is None and match.is_human(self.game.actor) and not self.game.over:
            seat = self.game.actor
        if seat is None:
            app.push(make_scene("notebook_chooser", app, match, lambda s: make_scene(name, app, match, s)))
            return
        open_private(app, match, seat, lambda: make_scene(name, app, match, seat), optional=True, reason=reason)

    def turn_guard(self, seat: int) -> InputGuard:
        """The guard at the start of ``seat``'s turn (its first prompt): Enter, Space, a pad's
        confirm and clicks made before the turn began never play it.

        People sharing the screen: the covers' rule
        (a :class:`~game.ui.shell.scene.PromptGuard` on the devices that may act
        for ``seat``): only a fresh press after :data:`PRIVATE_GUARD` seconds
        and a quiet moment counts, so a press held or mashed across the end of
        the last turn (or on the screen before the table) is swallowed, however
        long the mashing goes on.  One person with computer players: only
        :data:`PRIVATE_GUARD` seconds, so solo play keeps its pace.  The first
        press that gets past takes the turn's first prompt; a click aimed at one of the turn's
        buttons after the mouse moved since the turn began passes at once (never a click mashed
        in place: End turn's place may hold the next Roll)."""
        match = self.match
        return PromptGuard(self.app.router.input, PRIVATE_GUARD, quiet=FRESH_QUIET if match.needs_cover else 0.0,
                           allow=PROMPT_ALLOW, devices=lambda device: match.may_act(device, seat),
                           targets=self.aim_at)

    def prompt_guard(self, seat: int) -> InputGuard:
        """The guard of a new prompt within ``seat``'s turn (where to walk after the roll, make a
        suggestion?, End turn after the walk or the card shown ...): the covers' rule as a
        :class:`~game.ui.shell.scene.PromptGuard` on the devices that may act for ``seat``: a press
        held, or mashed within :data:`~game.ui.shell.scene.FRESH_QUIET` seconds of the press the
        last prompt took (or that skipped the roll or the walk being shown), never answers it; a
        press after a quiet moment acts at once, and so does one after the person moved the mouse
        onto a button or moved the focus with an arrow."""
        match = self.match
        return PromptGuard(self.app.router.input, 0.0, allow=PROMPT_ALLOW + (*DIRECTIONS, Kind.ROOM),
                           devices=lambda device: match.may_act(device, seat), targets=self.aim_at,
                           aims=(Kind.POINT, *DIRECTIONS, Kind.ROOM))

    def new_prompt(self) -> None:
        """A person is to act (:attr:`human_to_act`): when what they are asked has changed since
        :attr:`guard` was made (new events, another seat), a new guard for it -- the turn's guard
        (:attr:`turn_prompt`) at the start of a turn, else :meth:`prompt_guard`."""
        g = self.game
        at = (len(g.events), g.actor)
        if self.turn_prompt is not None:
            self.guard, self.turn_prompt = self.turn_prompt, None
        elif self.prompt_at is not None and at != self.prompt_at:
            self.guard = self.prompt_guard(g.actor)
        self.prompt_at = at

    def aim_at(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` (logical pixels) is on one of the prompt's live buttons: a fresh click
        there after the mouse moved is aimed (:class:`~game.ui.shell.scene.PromptGuard`)."""
        return any(b.enabled and b.rect.collidepoint(pos) for b in self.focus.buttons)

    def draw_too_soon(self, surface: pygame.Surface) -> None:
        """After a press too soon at the start of a person's turn (:meth:`turn_guard`), until a
        fresh press may play: the covers' "Too fast!" words along the bottom of the screen, as the
        phone's waiting box says them (not read aloud: the cover's are not either)."""
        hint = self.guard.hint() if self.human_to_act else None
        if not hint:
            return
        area = self.too_soon_area()
        if area is None:
            footer_hint(surface, hint)
        else:
            panel_hint(surface, hint, area)

    def too_soon_area(self) -> pygame.Rect | None:
        """The panel whose last lines the "Too fast!" words cover (logical pixels), where they
        hide no square, token or button; None (by default): along the bottom of the screen."""
        return None

    # ============================================================== input
    def input_seat(self, intent: Intent) -> int | None:
        """The person to act may use the table with their pad; the menu, the
        notebook and hurrying computer players are open to every device."""
        if intent.kind in (Kind.MENU, Kind.NOTEBOOK, *SCROLLS) or not self.human_to_act:
            return None
        return self.game.actor

    def cuts_speech(self, intent: Intent) -> bool:
        """At the start of a person's turn a confirm or click the turn's guard swallows (a hurry-Enter
        held or mashed) never cuts short whose turn it is; while something is shown, it skips."""
        return super().cuts_speech(intent) if self.human_to_act and not self.busy else True

    def handle(self, intent: Intent) -> bool:
        """The pause menu, the notebook (a pad opens its own seat's), skipping
        what is being shown, the guard of a person's turn; the rest goes to
        :meth:`handle_turn`."""
        self.refresh_buttons()
        k = intent.kind
        if k in SCROLLS:
            return scroll_log(self.log_view, intent, self.log_panel)
        if k is Kind.MENU or k is Kind.BACK:
            self.app.push(make_scene("menu", self.app, self))
            return True
        if k is Kind.NOTEBOOK:
            seat = self.match.seat_of(intent.device) if intent.is_pad else None
            if not intent.is_pad or (seat is not None and self.match.is_human(seat)):
                self.open_book(seat)
            return True
        if self.busy:
            if k in (Kind.CONFIRM, Kind.CLICK):
                self.skip()
                return True
            return False
        if self.human_to_act:
            if self.guard.blocks(intent):
                return True          # held, or mashed since the last prompt: a hurry-Enter must not choose
            if self.prompt_at is None:
                self.prompt_at = (len(self.game.events), self.game.actor)    # the prompt this press answers
        if self.app.phones.plays_turn(self) and not (intent.is_pad or intent.device.startswith("phone:")):
            return True              # the seat plays on its phone: the shared keyboard and mouse do not
        return self.handle_turn(intent)

    def handle_turn(self, intent: Intent) -> bool:
        """An intent while nothing is being shown (override); True when used."""
        return False

    @property
    def phone_plays(self) -> bool:
        """True while the person to act plays this turn on their phone and has no controller of
        their own here: the TV's keyboard and mouse act for nobody then, so the table shows none
        of the turn's buttons or its walking hint (only what the TV can still do)."""
        return self.app.phones.plays_turn(self) and self.game.actor not in self.match.devices

    def skip(self) -> None:
        """Finish what is being shown and what is queued behind it."""
        self.skipping = True

    def on_resume(self) -> None:
        self._buttons_key = None       # a seat may have been handed to a computer player meanwhile
        self.app.store.autosave(self.match)  # notebook marks, a seat handed over

    def seat_handed_over(self, seat: int) -> None:
        """A computer player took ``seat`` from its person (the controller was
        unplugged): the buttons are built again for whoever acts now."""
        self._buttons_key = None

    def on_exit(self) -> None:
        """Leaving the table: drop the pending choice, stop the worker thread and the phones' server."""
        self.computer.cancel()
        self.match.close()
        self.app.phones.detach(self)

    def let_go_pictures(self) -> None:
        """The table will not be shown for a long while (the game-over screen covers it): let go of
        the large pictures it keeps to be drawn fast (painted again if it is shown again).  Here:
        nothing; a table keeping such pictures says which."""

    def language_changed(self) -> None:
        """Another language or text size: write the buttons and the log again."""
        self._buttons_key = None
        self.book_button.label = self.book_texts()[0]
        self.match.retranslate()

    # ============================================================= update
    def update(self, dt: float) -> None:
        """Show the queued events (:meth:`advance`), then, once nothing is
        left to show and this table is on top, decide what happens next."""
        self.t += dt
        if self.app.speed >= anim.INSTANT:
            self.skipping = True
        self.advance(dt)
        run_banner(self, dt)
        if self.human_to_act:
            self.new_prompt()
            self.guard.update(dt)
        if self.busy or self.app.top is not self:
            return
        self.skipping = False
        self.decide(dt)

    def advance(self, dt: float) -> None:
        """Move what is being shown on by ``dt`` seconds and play queued
        events when it is done (override)."""

    def decide(self, dt: float) -> None:
        """Nothing left to show: the game-over screen after a short wait, a
        computer player's choice at a human pace, or a person's private step
        (:meth:`human_turn`).  A lesson of the guided game comes first."""
        g = self.game
        coach = self.app.coach
        if g.over or self.match.is_human(g.actor):
            self.presenter.flush()            # a computer's news is heard before the person acts
        if coach is not None and coach.holds():
            return
        if g.over:
            if self.speech_holds():
                return                        # the winner's line is heard before the game-over screen
            self.over_wait += dt
            if not self.over_shown and self.over_wait >= GAME_OVER_WAIT / self.app.speed:
                self.over_shown = True
                # the game-over screen hides the table from now on: its pictures go before that screen's are painted
                self.let_go_pictures()
                self.app.push(make_scene(self.game_over_scene, self.app, self.match))
            return
        if not self.match.is_human(g.actor):
            action = self.computer.poll(self.match, dt, computer_pause(g.phase) / self.app.speed, self.app.threaded_ai)
            if action is not None:            # thought about during the pause, off the frame loop
                self.do(action)
            return
        self.human_turn(g.actor)
        if self.app.top is self and self.app.phones.plays_turn(self):   # public words, a deliberate "Play here"
            self.app.push(make_scene("phone_wait", self.app, self, g.actor, "turn", lambda: None))

    def human_turn(self, actor: int) -> None:
        """A person is to act: open the private step the phase needs (override)."""

    # ============================================================ buttons
    def refresh_buttons(self) -> None:
        """Rebuild the buttons (:meth:`build_buttons`) when the game moved on."""
        g = self.game
        key = (len(g.events), g.actor, g.phase, self.busy, self.phone_plays)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        self.build_buttons()

    def build_buttons(self) -> None:
        """Put this moment's buttons in :attr:`focus` (override)."""


# ----------------------------------------------------------------- panels
#: Pixels kept free after the status line for the thinking dots: a 16-pixel
#: gap and three dots 14 pixels apart (radius up to 6), so the words never run into them.
DOTS_ROOM = 16 + 2 * 14 + 12


def run_banner(table: TableScene, dt: float) -> None:
    """Move ``table``'s banner on by ``dt`` seconds; skipping ends it at once."""
    b = table.banner
    if b is not None:
        b.update(dt)
        if table.skipping:
            b.skip()
        if b.done:
            table.banner = None


def table_theme(match) -> str:
    """The music for ``match`` now: :data:`~game.ui.voice.sound.TENSE` in the last round
    (:func:`~game.ui.voice.sound.last_round`, from the public log's events only), else calm."""
    return TENSE if last_round(len(match.suspects), match.log_events) else CALM


#: The current player's portrait in the whose-turn panel: at most this side (pixels), 3 pixels in from its edges.
PORTRAIT = 96


def portrait_side(rect: pygame.Rect) -> int:
    """The side (pixels) of the portrait in the whose-turn panel ``rect``."""
    return min(PORTRAIT, rect.height - 6)


def text_left(rect: pygame.Rect) -> int:
    """Where the whose-turn panel's words start (pixels): right of the portrait."""
    return rect.left + 2 + portrait_side(rect) + 5


def status_width(rect: pygame.Rect, thinking: bool) -> int:
    """Pixels for the status line in the whose-turn panel ``rect`` (``thinking``: dots follow it)."""
    return rect.right - 6 - text_left(rect) - (DOTS_ROOM if thinking else 0)


#: A whose-turn panel at least this tall (pixels) wraps its status onto a second line
#: (both board layouts, whose panels hold the portrait); a lower one shrinks it to one line.
TALL_TURN = 100
#: Pixels from the whose-turn panel's top to its status line.
STATUS_TOP = 50


def status_fit(rect: pygame.Rect, status: str, thinking: bool = False) -> tuple[list[str], int]:
    """The ``status`` as :func:`draw_turn` writes it in the panel ``rect``, and the pixel size
    of its text: one line at the text size, or in a tall panel (:data:`TALL_TURN`) wrapped onto
    two lines when it is too long, the text smaller until both lines fit the width and the
    panel's height (never below 20 pixels)."""
    width = status_width(rect, thinking)
    big = theme.px(theme.SMALL)
    if rect.height < TALL_TURN or theme.font(theme.SMALL).size(status)[0] <= width:
        return [status], big
    for p in range(big, theme.SMALL - 1, -1):      # two lines, smaller text if need be
        lines = theme.wrap(status, width, p, exact=True)
        f = theme.font_px(p)
        if len(lines) <= 2 and STATUS_TOP + (len(lines) - 1) * f.get_linesize() + f.get_height() <= rect.height - 2:
            break
    return lines, p


def _status_images(rect: pygame.Rect, status: str, thinking: bool) -> list[tuple[pygame.Surface, int]]:
    """Each status line drawn as :func:`draw_turn` draws it, with its top (pixels below ``rect.top``)."""
    lines, p = status_fit(rect, status, thinking)
    f, width = theme.font_px(p), status_width(rect, thinking)
    # a width of the line at ``p`` makes theme.text draw it at ``p`` exactly (it shrinks to fit)
    return [(theme.text(line, theme.SMALL, theme.BRASS, max_width=min(width, f.size(line)[0]) if len(lines) > 1
                        else width), STATUS_TOP + i * f.get_linesize()) for i, line in enumerate(lines)]


def status_rect(rect: pygame.Rect, status: str, thinking: bool = True) -> pygame.Rect:
    """Where :func:`draw_turn` draws the ``status`` line (its last line) in the whose-turn panel ``rect``."""
    img, top = _status_images(rect, status, thinking)[-1]
    return img.get_rect(topleft=(text_left(rect), rect.top + top))


def draw_turn(surface: pygame.Surface, rect: pygame.Rect, suspect: str, name: str, status: str,
              thinking: bool = False) -> pygame.Rect:
    """The whose-turn panel's contents: ``suspect``'s portrait (the card's
    art with its token badge, :func:`portrait_side` pixels), the seat's
    ``name`` and the ``status`` line (``thinking``: leaving :data:`DOTS_ROOM`
    after it for the dots); returns the status line's rectangle."""
    side = portrait_side(rect)
    img = assets.card_picture(suspect, side)
    at = img.get_rect(midleft=(rect.left + 3, rect.centery))
    surface.blit(img, at)
    gfx.rect(surface, theme.suspect_colour(suspect), at.inflate(2, 2), 3, border_radius=4)
    left = text_left(rect)
    theme.blit_text(surface, name, (left, rect.top + 10), theme.HEADING, theme.CREAM, True,
                    max_width=rect.right - 6 - left)
    out = None
    for img, top in _status_images(rect, status, thinking):
        out = img.get_rect(topleft=(left, rect.top + top))
        surface.blit(img, out)
        theme.note_text(surface, out, img)
    assert out is not None   # status_fit always gives at least one line
    return out


def thinking_rect(rect: pygame.Rect, text_rect: pygame.Rect) -> pygame.Rect:
    """The three thinking dots' box (pixels): after the status line ``text_rect``, in the panel ``rect``."""
    return pygame.Rect(text_rect.right + 10, text_rect.top + 5, 2 * 14 + 12, 12)


def draw_thinking(surface: pygame.Surface, t: float, rect: pygame.Rect, text_rect: pygame.Rect) -> None:
    """Three pulsing dots after the "… is thinking" line (``text_rect``) in
    the whose-turn panel ``rect`` (inside :func:`thinking_rect`); ``t`` is the scene's clock in seconds."""
    box = thinking_rect(rect, text_rect)
    for i in range(3):
        glow = 0.5 + 0.5 * math.sin(t * 6 - i * 0.9)
        colour = tuple(int(a + (b - a) * glow) for a, b in zip(theme.PANEL_EDGE, theme.BRASS, strict=True))
        gfx.circle(surface, colour, (box.left + 6 + i * 14, box.centery), 4 + int(glow * 1.5))


def scroll_log(view: LogView, intent: Intent, panel: pygame.Rect | None) -> bool:
    """Scroll the public log ``view`` by ``intent`` (:data:`~game.ui.shell.input.SCROLLS`;
    any moment, any device: it is public): the keys a page at a time, the
    wheel and a pad's stick an entry a notch; the wheel only over the log's
    ``panel``.  Back to the bottom follows the newest entries again.  True when used."""
    if intent.device == "mouse" and (panel is None or intent.pos is None or not panel.collidepoint(intent.pos)):
        return False
    step = view.page() if intent.device == "keyboard" else 1
    view.scroll(step if intent.kind is Kind.LOG_UP else -step)
    return True


def draw_log_frame(surface: pygame.Surface, rect: pygame.Rect, hint: str) -> None:
    """The public log's panel: its heading "What happened", the keys that
    scroll it on the heading's right and the key ``hint`` under it (:func:`log_frame_rows`)."""
    tabletop.panel(surface, rect, LOG_PANEL, nap=True)
    head = theme.blit_text(surface, _("What happened"), (rect.left + 14, rect.top + 6), theme.SMALL, theme.BRASS, True)
    room = rect.right - 14 - head.right - 16
    for words in (scroll_hint(), prompts.scroll_label()):   # the keys alone where the words do not fit
        if theme.text(words, theme.SMALL, HINT_INK, False, room).get_width() <= room:
            theme.blit_text(surface, words, (rect.right - 14, rect.top + 6), theme.SMALL, HINT_INK, False,
                            "topright", room)
            break
    theme.blit_text(surface, hint, (rect.right - 14, rect.bottom - 6), theme.SMALL, HINT_INK, False, "bottomright")


def log_frame_rows(rect: pygame.Rect) -> tuple[int, int]:
    """The log panel ``rect``'s room for its lines between the heading and the
    key hint that :func:`draw_log_frame` draws: (top, bottom) in pixels."""
    h = theme.font(theme.SMALL).get_height()
    return rect.top + 6 + h + 4, rect.bottom - 6 - h - 2


def scroll_hint() -> str:
    """The log's scroll keys in a few words ("PgUp/PgDn: scroll"), for the device in use."""
    return prompts.fmt(_("{scroll}: scroll"))


def turn_labels(rect: pygame.Rect, name: str, statuses: Sequence[str], thinking: Sequence[str] = ()) -> list[Label]:
    """The whose-turn panel's texts as :class:`Label` boxes (for the text-fit
    test): the seat's ``name``, each of the ``statuses`` it may show and each
    of the ``thinking`` ones (shown with the dots after them)."""
    left = text_left(rect)
    out = [Label(pygame.Rect(left, rect.top + 10, rect.right - 6 - left, 36), name, theme.HEADING, True)]
    for texts, dots in ((statuses, False), (thinking, True)):
        for text in texts:
            lines, p = status_fit(rect, text, dots)
            step = theme.font_px(p).get_linesize()
            out += [Label(pygame.Rect(left, rect.top + STATUS_TOP - 2 + i * step, status_width(rect, dots), 28),
                          line, theme.SMALL) for i, line in enumerate(lines)]
    return out
