"""The application: one pygame-ce window, one loop, a stack of scenes.

:class:`App` runs the loop over the scene stack; its parts live in :mod:`game.ui.draw.window` (size,
fullscreen, scaling, screenshots), :mod:`game.ui.store` (settings file, autosave, Continue; the
settings setters) and :mod:`game.ui.shell.router` (events into intents, who may act now).
``run_app`` is what ``run.py`` calls.
"""

from __future__ import annotations

import gc
import logging
import os
import random
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pygame

from game.storage import paths
from game.ui import LOGICAL_SIZE
from game.ui.draw import gfx, heap, theme
from game.ui.draw.window import Window
from game.ui.phones.host import PhoneHost
from game.ui.shell.i18n import _
from game.ui.shell.input import Pads
from game.ui.shell.registry import is_scene, make
from game.ui.shell.router import Router
from game.ui.store import Preferences, Store
from game.ui.voice.sound import open_music, open_sounds, theme_of
from game.ui.voice.speech import FakeDriver, Speaker, real_driver

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from game.storage.settings import Settings
    from game.ui.shell.scene import Scene

#: Any kind of scene: :meth:`App.find` gives back the kind it is asked for.
SceneT = TypeVar("SceneT", bound="Scene")


#: Seconds one frame moves the game on at most.  The frame that begins a moment makes its pictures
#: (a suggestion's room, portraits and cards: a quarter of a second or more on a slow or busy computer);
#: counted whole, the next frame would start the moment that far in and a 0.6 s moment was never seen.
MAX_FRAME = 0.1


class App:
    """The running game.

    ``size``: window size in pixels (at least :data:`~game.ui.MIN_WINDOW`); ``seed``: seed for new
    games (random when None); ``map_path``: the Tiled map, read once, on first use (:attr:`board`, or
    :attr:`map_error`; its pictures checked by :meth:`Store.load_map <game.ui.store.Store.load_map>`: :attr:`map_pictures_ok`).  ``speed``
    scales every animation and computer pause (2.0 = twice as fast;
    :data:`game.ui.draw.anim.INSTANT` skips them; None: the settings' ``animation_speed``).
    ``threaded_ai``: computer players think on a worker thread so the frame keeps drawing.
    ``settings_path``, ``settings``, ``save_path``: see :class:`~game.ui.store.Store` (None keeps
    everything in memory: tests, screenshots).  ``host``: how this run may serve phones
    (:class:`~game.ui.phones.host.HostOptions`; None: never).  Drive it with :meth:`run` or, in tests, with
    :meth:`step`; :meth:`close` ends it.  Parts: :attr:`window`, :attr:`store`, :attr:`prefs`, :attr:`router`,
    :attr:`pads` (the controllers), :attr:`sounds`, :attr:`music`, :attr:`speech` (read aloud), :attr:`phones`
    (:class:`~game.ui.phones.host.PhoneHost`) and :attr:`coach` (the guided game's coach during a lesson, else None)."""

    def __init__(self, size: tuple[int, int] = LOGICAL_SIZE, seed: int | None = None,
                 map_path: Path = paths.MANSION_MAP, sound: bool = True, speed: float | None = None,
                 threaded_ai: bool = True, settings_path: Path | str | None = None,
                 settings: Settings | None = None, save_path: Path | str | None = None, host=None) -> None:
        pygame.init()
        self.stack: list[Scene] = []
        #: a scene left the stack since the last frame (its pictures are collected at the next)
        self.scene_left = False
        #: a scene left the stack since the last frame drawn: the large pictures the next frame drawn
        #: does not show are let go after it (:func:`game.ui.draw.gfx.let_go_unshown`)
        self.pictures_left = False
        gfx.new_frame()                 # from the first frame on, the pictures a frame shows stay together
        self.running = True
        #: True while :meth:`run` draws the very first frame: a scene may leave its slow pictures
        #: for the next frames then (the title fades its mansion in), so the window shows at once
        self.first_frame = False
        self.board_drawing = None   # built by board_view() on first use; None again when the words change
        self.store = Store(self, settings_path, save_path, settings)
        self.prefs = Preferences(self)
        self.window = Window(size, _("Clue"))
        #: gives the heap's freed bytes back now and then (small pictures leave holes in it)
        self.trimmer = heap.Trimmer()
        self.clock = pygame.time.Clock()
        self.seed = seed
        self.map_path = Path(map_path)
        if speed is None:
            from game.ui.draw.anim import SPEEDS

            speed = dict(SPEEDS).get(self.store.settings.animation_speed, 1.0)
        self.speed = speed
        self.threaded_ai = threaded_ai
        self.sounds = open_sounds(sound, self.store.settings.volume, self.store.settings.muted)
        self.music = open_music(sound, self.store.settings.music_volume, self.store.settings.muted)
        self.pads = Pads()
        self.router = Router(self, self.store.settings.keys)
        self.coach = None
        self.phones = PhoneHost(self, host)
        self.speech = Speaker(self, real_driver if sound else FakeDriver)   # sound=False: recorded, never heard
        #: (board, map_error, map_pictures_ok) once the map is read (:meth:`_read_map`), else None
        self._map: tuple | None = None
        #: the map is read at the start of the next frame, not before the first (:meth:`start`)
        self._map_later = False
        if self.store.settings.fullscreen:
            self.prefs.set_fullscreen(True, save=False)

    # ------------------------------------------------------------ board
    def _read_map(self) -> tuple:
        """``(board, map_error, map_pictures_ok)``, the map read on first use
        (:meth:`Store.load_map <game.ui.store.Store.load_map>`)."""
        if self._map is None:
            self._map = self.store.load_map(self.map_path)
        return self._map

    @property
    def board(self):
        """The :class:`~game.board.model.Board` (the map is read on first use), or None
        with :attr:`map_error` saying why."""
        return self._read_map()[0]

    @property
    def map_error(self) -> str | None:
        """Why the map could not be read, in words (None: it was read)."""
        return self._read_map()[1]

    @property
    def map_pictures_ok(self) -> bool:
        """False: the map's pictures failed the checks, so the board is drawn plainly (and
        a message over the title says why)."""
        return self._read_map()[2]

    def _map_failed(self) -> bool:
        """Read the map if it is not yet; when it is broken, show the bad-map message
        instead of every scene and return True."""
        if not self.map_error:
            return False
        log.error(f"Cannot load the board: {self.map_error}")     # the screen names the log: it holds why
        self.reset(make("error", self, _("The board could not be loaded."), self.map_error))
        return True

    def _after_first_frame(self) -> None:
        """What :meth:`start` with ``map_later`` left for the frame after the first: the
        log file is opened and the map read (a broken one replaces every scene)."""
        from game.storage import logfile

        self._map_later = False
        logfile.open_file()
        if not self._map_failed():
            self.store.show_file_messages()      # a picture of the map that failed its checks

    def board_view(self):
        """The board drawing in the layout in use (built on first use, again when the layout changes)."""
        from game.ui.mansion.boardlayout import layout_for
        from game.ui.mansion.boardview import BoardView

        layout = layout_for(self.store.settings.layout, self.window.get_size()[0])
        if (self.board_drawing is None or self.board_drawing.layout is not layout
                or self.board_drawing.scale != gfx.output_scale()):
            self.board_drawing = BoardView(self.board, self.map_path if self.map_pictures_ok else None, layout)
        return self.board_drawing

    def new_seed(self) -> int:
        """The seed for the next game: --seed the first time, then random."""
        if self.seed is not None:
            s, self.seed = self.seed, None
            return s
        return random.randrange(1 << 30)

    def play(self, name: str) -> None:
        """Play a sound effect by name (never fails)."""
        try:
            self.sounds.play(name)
        except Exception:
            pass

    # ------------------------------------------------------------ stack
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top.  A key being waited for (Controls) is
        cancelled first: the next key press belongs to the new scene."""
        self.router.cancel_capture()
        self.stack.append(scene)

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or ``scene`` wherever it is) and resume the one below.  A private
        scene uncovered by a scene that was not its seat's (the pause menu, a message) goes behind
        its cover again (:meth:`Scene.cover_again <game.ui.shell.scene.Scene.cover_again>`)."""
        gone = None
        if scene is None:
            if self.stack:
                gone = self.stack.pop()
                self._left(gone)
        elif scene in self.stack:
            gone = scene if scene is self.stack[-1] else None
            self.stack.remove(scene)
            self._left(scene)
        if self.stack:
            top = self.stack[-1]
            top.on_resume()
            if gone is not None and top.private and gone.seat_only() != top.seat_only():
                top.cover_again()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self._left(self.stack.pop())
        self.stack.append(scene)

    def reset(self, scene: Scene) -> None:
        """Clear the stack and show ``scene``."""
        old, self.stack = self.stack, [scene]
        self._leave(old, scene)
        if self.scene_left:
            # the screens left go now, not at the next frame: the next screen makes its pictures
            # before then (a moment's room, the table: a whole screen each at 3840 x 2160); the next
            # frame collects again what the caller still held (a scene that reset the stack itself)
            self._free_left()
            self.scene_left = True

    def _leave(self, old: list[Scene], kept: Scene) -> None:
        """The scenes of ``old`` but ``kept`` left the stack, last first; ``old`` is emptied (no
        reference left to them here)."""
        for s in reversed(old):
            if s is not kept:
                self._left(s)
        old.clear()

    def _left(self, scene: Scene) -> None:
        """``scene`` left the stack: let it stop its work (never fails); its pictures are
        let go at the next frame (:meth:`step`)."""
        self.scene_left = self.pictures_left = True
        try:
            scene.on_exit()
        except Exception:
            pass

    def _free_left(self) -> None:
        """Free the scenes that left the stack since this was last called, with their pictures."""
        if self.scene_left:
            # a scene and its widgets refer to each other, so only the cycle collector frees them, and
            # it does not count their pictures (33 MB a whole screen at 3840 x 2160): collect them now
            self.scene_left = False
            if self.board_drawing is not None and not any(getattr(s, "view", None) is self.board_drawing
                                                          for s in self.stack):
                # the board's picture (16 MB at 3840 x 2160) is kept while a board on the stack shows it
                self.board_drawing = None
            gc.collect()

    def close(self) -> None:
        """End every scene's work (the board's computer-player thread)."""
        old, self.stack = self.stack, []
        for s in reversed(old):
            self._left(s)
        self.speech.close()
        self.music.stop()

    def find(self, cls: type[SceneT]) -> SceneT | None:
        """The topmost scene of type ``cls`` on the stack, or None."""
        for s in reversed(self.stack):
            if isinstance(s, cls):
                return s
        return None

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------- loop
    def step(self, dt: float, draw: bool = True) -> bool:
        """One frame: route the pygame events, update the top scene by ``dt``
        seconds, draw.  Returns False once the game should close."""
        if self._map_later and not self.first_frame:
            self._after_first_frame()
        self._free_left()
        shown = self.top
        self.router.pump(dt)
        self.phones.pump()
        if self.coach is not None:
            self.coach.update(dt)
        if self.top is not None and not (self.coach is not None and self.coach.blocking):
            top = self.top
            top.update(dt)
            if self.coach is not None and self.top is not top:
                self.coach.refresh()   # a screen opened by the update: the ring aims at it, not at the one below
        if not self.first_frame:       # the voice (a program of its own) starts once the window shows
            self.speech.update()
            self.tell_silent_voice()
        self.music.update(dt, theme_of(self.stack))
        if self.store.notes:
            self.store.show_notes()
        if draw:
            self.draw()
            self.window.present()
            if self.pictures_left:
                # the large pictures of the screens left (a whole screen each) go unless this frame showed them
                self.pictures_left = False
                gfx.let_go_unshown(gfx.device_bytes(self.window.surface) // 4)
                self.trimmer.now()
            else:
                self.trimmer.frame()
        if self.top is not shown:
            # pressed while this frame was made (a new game takes seconds): aimed at the screen then showing
            self.router.drop_unseen_presses()
        return self.running and bool(self.stack)

    def tell_silent_voice(self) -> None:
        """Read aloud turned on by the player (the "Read aloud" setting, off by default) that
        cannot speak here, or stopped speaking: a message says so and why, once a session.  Not
        in Learn to play (on there without being asked) nor over the offer of read aloud; over
        Settings, its own line under the rows says it."""
        speech = self.speech
        if speech.problem_told or not self.store.settings.read_aloud or self.coach is not None:
            return
        problem = speech.problem()
        top = self.top
        if problem is None or top is None or getattr(top, "always_spoken", False):
            return
        speech.problem_told = True
        if not is_scene(top, "settings"):
            self.push(make("message", self, problem, title=_("Read aloud cannot speak on this computer")))

    def show_now(self) -> None:
        """Draw the screens as they are and show them at once, in the middle of a frame: a
        press whose work takes seconds (setting up a new game) shows it was taken first."""
        self.draw()
        self.window.present()

    def draw(self) -> None:
        """Draw the scene stack on the logical surface, from the topmost opaque scene up.  A private
        scene (``Scene.private``) under a scene that is not private (the pause menu, a message) is
        never drawn: plain background takes its place, so no overlay lets a private card show through."""
        surface = self.window.surface
        start = next((i for i in range(len(self.stack) - 1, -1, -1) if self.stack[i].opaque), 0)
        if not self.stack or not self.stack[start].opaque:
            surface.fill((0, 0, 0))
        public_above = False
        hidden = set()
        for i in range(len(self.stack) - 1, start - 1, -1):
            scene = self.stack[i]
            if scene.private and public_above:
                hidden.add(i)
            public_above = public_above or not scene.private
        for i in range(start, len(self.stack)):
            if i in hidden:
                theme.background(surface)
            else:
                self.stack[i].draw(surface)
        if self.coach is not None:
            self.coach.draw(surface)
        self.speech.draw(surface)
        gfx.new_frame()

    def start(self, scene: str = "title", offer_voice: bool = False, map_later: bool = False) -> None:
        """Show the first scene (or the bad-map message).  ``offer_voice``: at
        the very first start (no settings file yet) read aloud is offered by
        voice over the title (:mod:`game.ui.scenes.voice`).  ``map_later``: when
        the first frame does not need the map (no saved game to check, no message
        to show), read it at the start of the next frame: the window shows a
        fifth sooner, and a broken map replaces the title one frame later."""
        if map_later and self._map is None and not self.store.has_messages() \
                and not self.store.autosave_may_be_there():
            self._map_later = True
        elif self._map_failed():
            return
        self.store.check_autosave()
        self.reset(make("title", self))
        if offer_voice and self.store.first_start:
            self.push(make("voice_offer", self))
        self.store.show_file_messages()

    def run(self) -> int:
        """The main loop: ``dt = clock.tick(60) / 1000`` (the first frame at once), at most
        :data:`MAX_FRAME` seconds; returns the exit code.  With ``CLUE_EXIT_AFTER_FIRST_FRAME=1``
        it closes after the first frame (bench_startup.py)."""
        first_only, fps = os.environ.get("CLUE_EXIT_AFTER_FIRST_FRAME") == "1", 0
        self.clock.tick()
        self.first_frame = True
        try:
            while self.step(min(self.clock.tick(fps) / 1000, MAX_FRAME)) and not first_only:
                fps, self.first_frame = 60, False
        finally:
            self.close()
            pygame.quit()
        return 2 if self._map is not None and self._map[1] else 0


def run_app(size: tuple[int, int] = LOGICAL_SIZE, seed: int | None = None, map_path: Path = paths.MANSION_MAP,
            screenshot: str | None = None, scene: str = "title", host=None) -> int:
    """Open the game (``host``: the phones' :class:`~game.ui.phones.host.HostOptions`), or with ``screenshot`` render
    one frame of ``scene`` to that PNG (:func:`game.ui.screenshots.screens.take_screenshot`).  Returns the exit code."""
    if screenshot:
        from game.ui.screenshots.screens import take_screenshot

        return take_screenshot(App, screenshot, scene, size, seed, map_path)
    from game.storage.files import default_save_path
    from game.storage.settings import default_settings_path
    app = App(size=size, seed=seed, map_path=map_path, settings_path=default_settings_path(),
              save_path=default_save_path(), host=host)
    app.start(offer_voice=True, map_later=True)
    return app.run()
