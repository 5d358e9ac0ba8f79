"""The application: one pygame-ce window, one loop, a stack of scenes.

Everything is drawn on a logical 1280 x 720 surface and scaled (keeping its
shape) to the window, which can be resized; mouse positions are mapped back to
logical pixels.  ``run_app`` is what ``run.py`` calls.
"""

from __future__ import annotations

import os
import random
import sys
import warnings
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game import paths  # noqa: E402
from game.settings import Settings, read_settings, save_settings  # noqa: E402
from game.ui import LOGICAL_SIZE, MIN_WINDOW, assets, prompts, theme, widgets  # noqa: E402
from game import i18n  # noqa: E402
from game.ui.i18n import _  # noqa: E402
from game.ui.input import InputHandler, Intent, Kind, Pad, Pads  # noqa: E402
from game.ui.scenes.base import Scene  # noqa: E402


class _Silent:
    """Stand-in for :class:`game.ui.sound.Sounds` when it cannot be used."""

    def play(self, name: str) -> None:
        pass


def _sounds(enabled: bool, volume: float = 0.8, muted: bool = False):
    try:
        from game.ui.sound import Sounds

        sounds = Sounds(enabled=enabled, volume=volume)
        sounds.muted = bool(muted)
        return sounds
    except Exception:  # no sound module yet, or no audio device: play silent
        return _Silent()


def _clamp(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` grown to at least :data:`MIN_WINDOW`."""
    return (max(MIN_WINDOW[0], int(size[0])), max(MIN_WINDOW[1], int(size[1])))


def _set_minimum_size() -> None:
    """Ask the window manager not to let the window shrink below :data:`MIN_WINDOW`."""
    try:
        with warnings.catch_warnings():   # from_display_module warns about surface rendering, unused here
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_WINDOW
    except (AttributeError, pygame.error):   # older pygame-ce or no real window
        pass


class App:
    """The running game.

    ``size``: window size in pixels (at least :data:`MIN_WINDOW`); ``seed``: seed for new games (random when
    None); ``map_path``: the Tiled map.  ``speed`` scales every animation and
    computer pause (2.0 = twice as fast; :data:`game.ui.anim.INSTANT` skips
    them).  ``threaded_ai``: computer players think on a worker thread so the
    frame keeps drawing (False: on the main thread, for screenshots).
    ``settings_path``: the settings file (key bindings, fullscreen) — None keeps
    the settings in memory only (tests, screenshots).  ``speed`` None takes
    the settings' ``animation_speed``.  ``save_path``: the autosave file (the
    game in progress is written there after every action; "Continue" on the
    title resumes it) — None saves nothing (tests, screenshots).  Drive it with
    :meth:`run` or, in tests, with :meth:`step`; :meth:`close` ends it.

    Controllers: :attr:`pads` tracks them by instance id; a seated person's
    pad going away pauses the game (:class:`~game.ui.scenes.unplugged.UnpluggedScene`).
    Before an intent reaches the top scene, :meth:`allowed` checks that a pad
    acts only for the seat it joined.
    """

    def __init__(self, size: tuple[int, int] = LOGICAL_SIZE, seed: int | None = None,
                 map_path: Path = paths.MANSION_MAP, sound: bool = True, speed: float | None = None,
                 threaded_ai: bool = True, settings_path: Path | str | None = None,
                 settings: Settings | None = None, save_path: Path | str | None = None) -> None:
        pygame.init()
        try:   # controllers SDL knows get the standard A/B/X/Y layout
            from pygame._sdl2 import controller

            controller.init()
        except (ImportError, pygame.error, AttributeError):
            pass
        self.settings_path = Path(settings_path) if settings_path is not None else None
        self.save_path = Path(save_path) if save_path is not None else None
        self._clean_temporaries()
        self.settings_message: str | None = None
        trouble = None
        if settings is not None:
            self.settings = settings
        elif self.settings_path is not None:
            self.settings, trouble = read_settings(self.settings_path)
        else:
            self.settings = Settings()
        self.windowed_size = _clamp(size)
        if os.environ.get("CLUE_LANG") in ("en", "es", "ca"):   # run.py --lang: this run only, not saved
            self.settings.language = os.environ["CLUE_LANG"]
        i18n.set_language(self.settings.language)
        if trouble is not None:                     # said once, over the title, in the player's language
            self.settings_message = trouble.message()
        theme.set_text_scale(theme.LARGE_SCALE if self.settings.text_size == "large" else 1.0)
        theme.reset_caches()
        widgets.clear_cache()
        assets.clear_cache()
        self.window = pygame.display.set_mode(_clamp(size), pygame.RESIZABLE)
        _set_minimum_size()
        pygame.display.set_caption(_("Clue"))
        try:
            pygame.display.set_icon(assets.icon())
        except pygame.error:
            pass
        self.surface = self.window
        self._fit_surface()
        self.clock = pygame.time.Clock()
        self.seed = seed
        self.map_path = Path(map_path)
        if speed is None:
            from game.ui.anim import SPEEDS

            speed = dict(SPEEDS).get(self.settings.animation_speed, 1.0)
        self.speed = speed
        self.threaded_ai = threaded_ai
        self.sounds = _sounds(sound, self.settings.volume, self.settings.muted)
        #: the autosave read at start (a game to continue), or None
        self.saved_game = None
        #: messages about damaged files, shown over the title at start: (title, text)
        self.file_messages: list[tuple[str, str]] = []
        #: why the last autosave could not be written (None: it was)
        self.autosave_error: str | None = None
        #: message boxes (title, text) waiting for the end of the frame (:meth:`note`)
        self._notes: list[tuple[str, str]] = []
        #: the autosave was left where it is although it cannot be continued (a newer version's
        #: game, or not an ordinary file): its :func:`_file_id`, so it is not read again and again
        self.kept_autosave: tuple | None = None
        #: the autosave left where it is was written by a newer version of the game
        self.newer_save = False
        self.stack: list[Scene] = []
        self.running = True
        self.pads = Pads()
        self.pads.listeners.append(self._pad_changed)
        self.input = InputHandler(self.to_logical, self.settings.keys, self.pads)
        prompts.set_keys(self.input.keys)
        prompts.use("keyboard")
        #: the device of the last intent ("keyboard", "mouse" or "pad:<id>")
        self.last_device = "keyboard"
        #: while set, the next key press goes here (key remapping) instead of becoming an intent
        self.capture = None
        #: the guided first game's coach (:class:`game.ui.coach.Coach`) while a lesson is on, else None
        self.coach = None
        self.board = None
        self.map_error: str | None = None
        self._board_view = None
        self._load_board()
        if self.settings.fullscreen:
            self.set_fullscreen(True, save=False)

    # --------------------------------------------------------- settings
    def save_settings(self) -> str | None:
        """Write the settings file (when there is one); returns an error sentence or None."""
        if self.settings_path is None:
            return None
        try:
            save_settings(self.settings, self.settings_path)
        except OSError as exc:
            return _("The settings could not be saved ({err}).").format(err=exc)
        return None

    def set_language(self, code: str, save: bool = True) -> str | None:
        """Switch every word on screen (and the game log) to ``code`` ("en",
        "es" or "ca"), kept in the settings file.  Returns an error sentence or None."""
        self.settings.language = i18n.set_language(code)
        self._refresh_text()
        pygame.display.set_caption(_("Clue"))
        return self.save_settings() if save else None

    def set_text_size(self, size: str, save: bool = True) -> str | None:
        """ "normal" or "large" (every text :data:`theme.LARGE_SCALE` times bigger where it fits)."""
        self.settings.text_size = size if size in ("normal", "large") else "normal"
        theme.set_text_scale(theme.LARGE_SCALE if self.settings.text_size == "large" else 1.0)
        self._refresh_text()
        return self.save_settings() if save else None

    def _refresh_text(self) -> None:
        """Drop every picture holding text and let the scenes write theirs again."""
        theme.reset_caches()
        widgets.clear_cache()
        assets.clear_cache()
        self._board_view = None
        for scene in list(self.stack):
            hook = getattr(scene, "language_changed", None)
            if hook is not None:
                hook()

    def set_keys(self, keys: dict[str, list[str]]) -> str | None:
        """New keyboard bindings (intent name -> key names), kept in the settings file."""
        self.settings.keys = {k: list(v) for k, v in keys.items()}
        self.input.set_keys(self.settings.keys)
        prompts.set_keys(self.input.keys)
        return self.save_settings()

    def set_fullscreen(self, on: bool, save: bool = True) -> None:
        """Fullscreen (the desktop's size) or back to a resizable window; the
        picture is scaled to fit either way."""
        try:
            if on:
                if not self.settings.fullscreen or self.window.get_flags() & pygame.FULLSCREEN == 0:
                    self.windowed_size = _clamp(self.window.get_size())
                self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.window = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
                _set_minimum_size()
        except pygame.error:
            self.window = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            on = False
        self.settings.fullscreen = on
        self._fit_surface()
        if save:
            self.save_settings()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.settings.fullscreen)

    def set_speed(self, name: str, save: bool = True) -> str | None:
        """Animation speed "normal", "fast" or "instant", kept in the settings file."""
        from game.ui.anim import SPEEDS

        factors = dict(SPEEDS)
        name = name if name in factors else "normal"
        self.speed = factors[name]
        self.settings.animation_speed = name
        return self.save_settings() if save else None

    def set_muted(self, muted: bool, save: bool = True) -> str | None:
        """Sound off (``muted``) or on, kept in the settings file."""
        self.settings.muted = bool(muted)
        try:
            self.sounds.muted = bool(muted)
        except Exception:
            pass
        return self.save_settings() if save else None

    def set_volume(self, volume: float, save: bool = True) -> str | None:
        """Master volume 0.0-1.0, kept in the settings file."""
        self.settings.volume = max(0.0, min(1.0, float(volume)))
        setter = getattr(self.sounds, "set_volume", None)
        if setter is not None:
            setter(self.settings.volume)
        return self.save_settings() if save else None

    # --------------------------------------------------------- autosave
    def _clean_temporaries(self) -> None:
        """Remove the temporary files a kill during a save left next to the
        autosave, the lesson file and the settings file (never anything else)."""
        from game.save import clean_stale_temporaries

        paths = [self.settings_path, self.save_path]
        if self.save_path is not None:
            from game.ui.coach import lesson_path

            paths.append(lesson_path(self))
        for tmp in clean_stale_temporaries(paths):
            print(f"removed {tmp}, left behind by a save that was cut off", file=sys.stderr)

    def autosave(self, match) -> None:
        """Write ``match`` to the autosave file, atomically (nothing without a
        ``save_path``).  A finished game removes the file instead, so Continue
        never offers it.  A failure to write never stops the game: it is said
        once, and said again once saving works again."""
        if self.save_path is None:
            return
        if getattr(match, "guided", False):     # the guided game keeps its own file, never the family's game
            from game.ui.coach import lesson_path

            path = lesson_path(self)
            try:
                match.save_to(path)
            except OSError as exc:
                self._autosave_failed(exc, path)
            else:
                self._autosave_worked()
            return
        from game.save import save_game

        if match.game.over:
            self.clear_autosave()
            return
        try:
            save_game(self.save_path, match.saved())
        except OSError as exc:
            self._autosave_failed(exc, self.save_path)
        else:
            self._autosave_worked()
            self.saved_game = None          # the file on disk is newer; read again when needed

    def _autosave_failed(self, exc: OSError, path: Path) -> None:
        """Say once, on screen and in the log, that the game cannot be saved
        (not once per action: a full disk fails every one)."""
        if self.autosave_error is None:
            text = _("Your game cannot be saved to {path} ({reason}). You can play on, but if the game "
                     "closes, this game is lost.").format(path=path, reason=exc.strerror or exc)
            print(text, file=sys.stderr)
            self.note(text, _("The game cannot be saved"))
        self.autosave_error = str(exc)

    def _autosave_worked(self) -> None:
        """After :meth:`_autosave_failed`: say once that the game is saved again."""
        if self.autosave_error is None:
            return
        self.autosave_error = None
        text = _("Your game can be saved again: it is saved after every move, as before.")
        print(text, file=sys.stderr)
        self.note(text, _("The game is saved again"))

    def note(self, text: str, title: str) -> None:
        """Show a message box over every scene at the end of this frame — not
        at once, so that a scene still being built (the board autosaves as
        it opens) does not cover it."""
        self._notes.append((title, text))

    def _show_notes(self) -> None:
        from game.ui.scenes.message import MessageScene

        notes, self._notes = self._notes, []
        for title, text in notes:
            self.push(MessageScene(self, text, title=title))

    def clear_autosave(self) -> None:
        """Remove the autosave (the game ended, or a new one replaced it)."""
        self.saved_game = None
        if self.save_path is not None:
            try:
                self.save_path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                self.autosave_error = str(exc)

    def check_autosave(self) -> None:
        """Read the autosave (if any) and check it replays.  A damaged one is
        renamed aside (never overwritten); a newer version's game, or something
        that is not an ordinary file, is left where it is.  A message says
        what happened in plain words (the details go to stderr)."""
        self.saved_game = None
        if self.save_path is None or not self.save_path.exists() or self.board is None:
            return
        from game.save import NewerSaveError, SaveError, quarantine, read_save

        name = self.save_path.name
        try:
            saved = read_save(self.save_path)
            self.resumed(saved)[0].close()
        except NewerSaveError as exc:
            print(exc.for_log(), file=sys.stderr)
            self.kept_autosave, self.newer_save = _file_id(self.save_path), True
            self.file_messages.append((_("A game from a newer version"),
                                       _("This game was saved by a newer version of Clue.") + " "
                                       + _("It was left as it is, so that version can still continue it; "
                                           "this version cannot.")))
            return
        except Exception as exc:   # SaveError, or anything else in a damaged file: never a crash
            if isinstance(exc, SaveError):
                print(exc.for_log(), file=sys.stderr)
                problem, movable = exc.said(), exc.movable
            else:                  # a hole in the checks: the whole story for the log, plain words on screen
                import traceback

                print(f"saved game {self.save_path}: cannot be continued", file=sys.stderr)
                traceback.print_exc(file=sys.stderr)
                problem, movable = _("the file is damaged"), True
            moved = None
            if movable:
                try:
                    moved = quarantine(self.save_path)
                except OSError as err:
                    print(f"saved game {self.save_path}: not moved aside ({err})", file=sys.stderr)
            if moved is None:
                self.kept_autosave = _file_id(self.save_path)
            kept = (_("It was kept as {name}.").format(name=moved.name) if moved is not None
                    else _("It was left where it is."))
            self.file_messages.append((_("A file was damaged"),
                                       _("The saved game {name} could not be continued: {problem}.").format(
                                           name=name, problem=problem) + " " + kept + " "
                                       + _("You can start a new game.")))
            return
        self.saved_game = saved

    def can_continue(self) -> bool:
        """True when there is a saved game in progress to continue."""
        if self.saved_game is None and self.save_path is not None and self.save_path.exists() \
                and not self.file_messages and _file_id(self.save_path) != self.kept_autosave:
            self.check_autosave()
        return self.saved_game is not None

    def replacing_saved(self, start) -> None:
        """Call ``start`` (it starts a new game) at once, or — when a game in
        progress is saved, which the new game's autosave would replace — only
        after the person says so (the box starts on "Keep it").  A game saved
        by a newer version of Clue is then renamed aside (``autosave.newer-*``),
        never written over."""
        from game.ui.scenes.confirm import ConfirmScene

        if self._newer_save_kept():
            def set_aside_and_start() -> None:
                from game.save import quarantine

                try:
                    moved = quarantine(self.save_path, "newer")
                    print(f"saved game {self.save_path} (newer version) kept as {moved}", file=sys.stderr)
                except OSError as exc:
                    print(f"saved game {self.save_path} (newer version) not moved aside ({exc})", file=sys.stderr)
                self.kept_autosave, self.newer_save = None, False
                start()

            self.push(ConfirmScene(self, _("Start a new game?"), set_aside_and_start, yes=_("New game"),
                                   no=_("Keep it"),
                                   detail=_("A game saved by a newer version of Clue is kept here. A new game "
                                            "takes its place: the saved game is put aside in a copy, and the "
                                            "newer version will no longer offer to continue it.")))
            return
        if not self.can_continue():
            start()
            return
        self.push(ConfirmScene(self, _("Start a new game?"), start, yes=_("New game"), no=_("Keep it"),
                               detail=_("A game you did not finish is saved. A new game takes its place: "
                                        "the saved game will be lost.")))

    def _newer_save_kept(self) -> bool:
        """A newer version's saved game is still in the autosave file, unchanged."""
        return (self.newer_save and self.save_path is not None
                and _file_id(self.save_path) == self.kept_autosave)

    def continue_game(self) -> bool:
        """Resume the autosaved game on the board; False when there is none."""
        from game.save import SaveError

        if not self.can_continue():
            return False
        try:
            match, scene = self.resumed(self.saved_game)
        except SaveError:
            self.check_autosave()
            return False
        self.push(scene(self, match))
        return True

    def resumed(self, saved):
        """``(match, scene class)`` for a saved game: the board game's
        :class:`Match` and :class:`BoardScene`, or for ``"mode": "card-game"``
        the card game's :class:`CardMatch` and :class:`CardTableScene`.
        Raises :class:`game.save.SaveError` for an action the rules refuse."""
        if saved.mode == "card-game":
            from game.ui.cardgame.match import CardMatch
            from game.ui.cardgame.table import CardTableScene

            return CardMatch.resume(saved, self.save_path), CardTableScene
        from game.ui.match import Match
        from game.ui.scenes.board import BoardScene

        return Match.resume(self.board, saved, self.save_path), BoardScene

    # ----------------------------------------------------------- pads
    def _pad_changed(self, what: str, pad: Pad) -> None:
        """A controller was plugged in or pulled out (any scene, any moment)."""
        from game.ui.scenes.unplugged import UnpluggedScene

        waiting = [s for s in self.stack if isinstance(s, UnpluggedScene)]
        for scene in self.stack:
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
        self.push(UnpluggedScene(self, match, seat, pad.label))

    def match(self):
        """The match being played (the board's or the card table's), or None."""
        from game.ui.cardgame.table import CardTableScene
        from game.ui.scenes.board import BoardScene

        board = self.find((BoardScene, CardTableScene))
        return board.match if board is not None else None

    def allowed(self, intent: Intent) -> bool:
        """May this intent act?  The shared keyboard and mouse always; a pad
        only for the seat it joined, when the top scene acts for a seat
        (``Scene.input_seat``).  The pause menu is open to everyone."""
        if not intent.is_pad or intent.kind is Kind.MENU or self.top is None:
            return True
        seat = self.top.input_seat(intent)
        if seat is None:
            return True
        match = self.match()
        return match is None or match.may_act(intent.device, seat)

    # ------------------------------------------------------------ board
    def _load_board(self) -> None:
        from game.board.tmx import MapError, load_board

        try:
            self.board = load_board(self.map_path)
        except MapError as exc:
            self.map_error = str(exc)
        except Exception as exc:  # never a traceback on screen for a bad map
            self.map_error = f"map {self.map_path}: {exc}"

    def board_view(self):
        """The board drawing (built once, on first use)."""
        if self._board_view is None:
            from game.ui.boardview import BoardView

            self._board_view = BoardView(self.board, self.map_path)
        return self._board_view

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
        if self.capture is not None:
            fn, self.capture = self.capture, None
            fn(None)
        self.stack.append(scene)

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or ``scene`` wherever it is) and resume the one below."""
        if scene is None:
            if self.stack:
                self._left(self.stack.pop())
        elif scene in self.stack:
            self.stack.remove(scene)
            self._left(scene)
        if self.stack:
            self.stack[-1].on_resume()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self._left(self.stack.pop())
        self.stack.append(scene)

    def reset(self, scene: Scene) -> None:
        """Clear the stack and show ``scene``."""
        old, self.stack = self.stack, [scene]
        for s in reversed(old):
            if s is not scene:
                self._left(s)

    @staticmethod
    def _left(scene: Scene) -> None:
        """``scene`` left the stack: let it stop its work (never fails)."""
        try:
            scene.on_exit()
        except Exception:
            pass

    def close(self) -> None:
        """End every scene's work (the board's computer-player thread)."""
        old, self.stack = self.stack, []
        for s in reversed(old):
            self._left(s)

    def find(self, cls: type) -> Scene | None:
        """The topmost scene of type ``cls`` on the stack, or None."""
        for s in reversed(self.stack):
            if isinstance(s, cls):
                return s
        return None

    def quit(self) -> None:
        self.running = False

    def _resized(self) -> None:
        """The window was resized: never below :data:`MIN_WINDOW` (the window
        manager is told the minimum too; this catches the rest)."""
        window = pygame.display.get_surface()
        size = window.get_size()
        if _clamp(size) != size:
            window = pygame.display.set_mode(_clamp(size), pygame.RESIZABLE)
            _set_minimum_size()
        self.window = window
        self._fit_surface()

    def _fit_surface(self) -> None:
        """Draw straight onto the window when it has the logical size (no
        scaling, no extra copy); otherwise onto a logical surface that
        :meth:`present` scales."""
        if self.window.get_size() == LOGICAL_SIZE:
            self.surface = self.window
        elif self.surface is self.window or self.surface.get_size() != LOGICAL_SIZE:
            self.surface = pygame.Surface(LOGICAL_SIZE).convert()

    # ------------------------------------------------------------ input
    def _view_rect(self) -> pygame.Rect:
        ww, wh = self.window.get_size()
        lw, lh = LOGICAL_SIZE
        scale = min(ww / lw, wh / lh)
        w, h = int(lw * scale), int(lh * scale)
        return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """A window pixel as a logical pixel, or None on the black bars."""
        r = self._view_rect()
        if not r.collidepoint(pos):
            return None
        return (int((pos[0] - r.left) * LOGICAL_SIZE[0] / r.width),
                int((pos[1] - r.top) * LOGICAL_SIZE[1] / r.height))

    def handle(self, intent: Intent) -> None:
        """Give one intent to the top scene (after :meth:`allowed`)."""
        if intent.kind is not Kind.POINT:
            self.last_device = intent.device
            prompts.use(intent.device)
        if self.capture is not None and intent.is_pad:
            fn, self.capture = self.capture, None
            fn(None)                       # a pad button cancels waiting for a key
            return
        if intent.kind is Kind.FULLSCREEN:
            self.toggle_fullscreen()
            return
        if self.top is not None and self.allowed(intent):
            if self.coach is not None and self.coach.handle(intent):
                return
            self.top.handle(intent)

    # ------------------------------------------------------------- loop
    def step(self, dt: float, draw: bool = True) -> bool:
        """One frame: read pygame events, update the top scene by ``dt``
        seconds, draw.  Returns False once the game should close."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type == pygame.VIDEORESIZE:
                if not self.settings.fullscreen:
                    self._resized()
            elif event.type == pygame.KEYDOWN and self.capture is not None:
                fn, self.capture = self.capture, None
                fn(event.key)
            else:
                for intent in self.input.translate(event):
                    self.handle(intent)
        for intent in self.input.update(dt):       # held d-pad / stick repeats
            self.handle(intent)
        if self.coach is not None:
            self.coach.update(dt)
        if self.top is not None and not (self.coach is not None and self.coach.blocking):
            self.top.update(dt)
        if self._notes:
            self._show_notes()
        if draw:
            self.draw()
            self.present()
        return self.running and bool(self.stack)

    def draw(self) -> None:
        """Draw the scene stack on the logical surface, from the topmost opaque
        scene up.  A private scene (``Scene.private``) under a scene that is not
        private (the pause menu, a message) is never drawn: plain background
        takes its place, so no overlay lets a private card show through."""
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        if not self.stack or not self.stack[start].opaque:
            self.surface.fill((0, 0, 0))
        public_above = False
        hidden = set()
        for i in range(len(self.stack) - 1, start - 1, -1):
            scene = self.stack[i]
            if scene.private and public_above:
                hidden.add(i)
            public_above = public_above or not scene.private
        for i in range(start, len(self.stack)):
            if i in hidden:
                theme.background(self.surface)
            else:
                self.stack[i].draw(self.surface)
        if self.coach is not None:
            self.coach.draw(self.surface)

    def present(self) -> None:
        """Scale the logical surface to the window and flip."""
        if self.surface is self.window:
            pass
        elif self.window.get_size() == LOGICAL_SIZE:
            self.window.blit(self.surface, (0, 0))
        else:
            r = self._view_rect()
            self.window.fill((0, 0, 0))
            self.window.blit(pygame.transform.smoothscale(self.surface, r.size), r)
        pygame.display.flip()

    def start(self, scene: str = "title") -> None:
        """Show the first scene (or the bad-map message)."""
        from game.ui.scenes.error import ErrorScene
        from game.ui.scenes.title import TitleScene

        if self.map_error:
            self.reset(ErrorScene(self, _("The board could not be loaded."), self.map_error))
            return
        self.check_autosave()
        self.reset(TitleScene(self))
        self.show_file_messages()

    def show_file_messages(self) -> None:
        """Message boxes over the title for damaged files (the settings file,
        the autosave): what was wrong and what the game did."""
        from game.ui.scenes.message import MessageScene

        messages = ([(_("A file was damaged"), self.settings_message)] if self.settings_message else []) \
            + self.file_messages
        self.settings_message, self.file_messages = None, []
        for title, text in reversed(messages):
            print(text, file=sys.stderr)
            self.push(MessageScene(self, text, title=title))

    def run(self) -> int:
        """The main loop: ``dt = clock.tick(60) / 1000``; returns the exit code.
        With ``CLUE_EXIT_AFTER_FIRST_FRAME=1`` in the environment it closes right
        after the first frame is on screen (``benchmarks/bench_startup.py``)."""
        first_only = os.environ.get("CLUE_EXIT_AFTER_FIRST_FRAME") == "1"
        self.clock.tick(60)
        try:
            while self.step(self.clock.tick(60) / 1000) and not first_only:
                pass
        finally:
            self.close()
            pygame.quit()
        return 2 if self.map_error else 0

    def save_png(self, path: str) -> None:
        """Write the current frame, at the window size, to a PNG file."""
        pygame.image.save(self.window, path)


def _file_id(path: Path) -> tuple | None:
    """What tells one version of a file from another without reading it
    (inode, size, change time, type), or None when it is not there."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_mode)


def run_app(size: tuple[int, int] = LOGICAL_SIZE, seed: int | None = None, map_path: Path = paths.MANSION_MAP,
            screenshot: str | None = None, scene: str = "title") -> int:
    """Open the game (or, with ``screenshot``, render one frame of ``scene`` to
    that PNG file and return).  Returns the process exit code."""
    if screenshot:
        # screenshots in another language or text size: CLUE_LANG=es, CLUE_TEXT_SIZE=large
        shot = Settings(language=os.environ.get("CLUE_LANG", "en"),
                        text_size=os.environ.get("CLUE_TEXT_SIZE", "normal"))
        # a title with Continue or a damaged-file message: CLUE_SAVE_PATH=some/autosave.json
        # (CLUE_SETTINGS_PATH=some/settings.json reads that settings file as well)
        shot_save = os.environ.get("CLUE_SAVE_PATH") or None
        shot_settings = os.environ.get("CLUE_SETTINGS_PATH") or None
        app = App(size=size, seed=seed, map_path=map_path, sound=False, threaded_ai=False,
                  settings=None if shot_settings else shot, settings_path=shot_settings, save_path=shot_save,
                  speed=1.0)
    else:
        from game.save import default_save_path
        from game.settings import default_settings_path

        app = App(size=size, seed=seed, map_path=map_path, settings_path=default_settings_path(),
                  save_path=default_save_path())
    if screenshot:
        from game.ui.screens import build_scene

        try:
            build_scene(app, scene, seed if seed is not None else 3)
        except Exception as exc:  # keep the promise: a PNG, and a clear message
            print(f"Cannot build the {scene} scene: {exc}", file=sys.stderr)
            raise
        app.draw()
        app.present()
        app.save_png(screenshot)
        app.close()
        pygame.quit()
        return 2 if app.map_error else 0
    app.start()
    return app.run()
