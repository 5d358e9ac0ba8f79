"""What the game keeps on disk, and the settings people change on screen.

* :class:`Store`: the settings file and the autosave — reading them at start
  (a damaged file is moved aside and said over the title), writing the game in
  progress after every action (a failure is said once, and once more when
  saving works again), Continue, and asking before a new game replaces a saved one.
* :class:`Preferences`: the setters of the Settings and Controls screens and
  the pause menu (language, text size, keys, fullscreen, speed, sound,
  volume, read aloud).  Each changes :attr:`Store.settings`, applies the change to the
  running game (words, window, keys, sound, animation speed) and writes the
  settings file.
"""

from __future__ import annotations

import dataclasses
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.storage.files import may_be_there
from game.storage.logfile import plain
from game.storage.settings import Settings, read_settings, save_settings
from game.text import i18n
from game.ui.draw import assets, theme, widgets
from game.ui.shell import prompts
from game.ui.shell.i18n import N_, _
from game.ui.shell.registry import make, scene_class

if TYPE_CHECKING:
    from game.cardgame.save import CardSaved
    from game.storage.save import SavedGame

log = logging.getLogger(__name__)

#: Saves that must work in a row after a failure before "saved again" is said: a disk on
#: the edge of full lets some writes through between failures, and a box each time flips.
SAVED_AGAIN_AFTER = 3


def _file_id(path: Path) -> tuple | None:
    """What tells one version of a file from another without reading it
    (inode, size, change time, type), or None when it is not there."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_mode)



class Store:
    """The settings file and the autosave of ``app``.

    ``settings_path``: the settings file — None keeps the settings in memory
    only (tests, screenshots).  ``settings``: settings to use instead of
    reading that file.  ``save_path``: the autosave file (the game in progress
    is written there after every action; "Continue" on the title resumes it) —
    None saves nothing.  Temporary files a kill during a save left behind are
    removed first.  ``CLUE_LANG`` in the environment (``run.py --lang``) picks
    the language for this run only (the settings file keeps the player's own, :attr:`kept_language`); the language is set at once, so that a
    damaged settings file is said in it (:meth:`show_file_messages`).
    """

    def __init__(self, app, settings_path: Path | str | None = None, save_path: Path | str | None = None,
                 settings: Settings | None = None) -> None:
        self.app = app
        self.settings_path = Path(settings_path) if settings_path is not None else None
        self.save_path = Path(save_path) if save_path is not None else None
        self._clean_temporaries()
        #: what was wrong with the settings file at start (said once, over the title), or None
        self.settings_message: str | None = None
        trouble = None
        #: no settings file yet: the very first start (read aloud is offered by voice, :mod:`game.ui.scenes.voice`)
        self.first_start = settings is None and self.settings_path is not None and not _exists(self.settings_path)
        if settings is not None:
            self.settings = settings
        elif self.settings_path is not None:
            self.settings, trouble = read_settings(self.settings_path)
        else:
            self.settings = Settings()
        #: the language the settings file keeps while ``run.py --lang`` shows another one this run
        #: (None: no command-line language, or the player chose one in Settings since)
        self.kept_language: str | None = None
        if os.environ.get("CLUE_LANG") in ("en", "es", "ca"):   # run.py --lang: this run only, not saved
            self.kept_language = self.settings.language
            self.settings.language = os.environ["CLUE_LANG"]
        i18n.set_language(self.settings.language)
        if trouble is not None:                     # said once, over the title, in the player's language
            self.settings_message = trouble.message()
        #: the autosave read at start (a game to continue), or None
        self.saved_game: SavedGame | CardSaved | None = None
        #: messages about damaged files, shown over the title at start: (title, text)
        self.file_messages: list[tuple[str, str]] = []
        damaged = i18n.damaged_message()
        if damaged:
            self.file_messages.append((_("A file was damaged"), damaged))
        #: why the last autosave could not be written (None: it was)
        self.autosave_error: str | None = None
        self._saves_since_error = 0     # saves that worked in a row since the last failure
        #: message boxes (title, text) waiting for the end of the frame (:meth:`note`)
        self.notes: list[tuple[str, str]] = []
        #: the autosave was left where it is although it cannot be continued (a newer version's
        #: game, or not an ordinary file): its :func:`_file_id`, so it is not read again and again
        self.kept_autosave: tuple | None = None
        #: the autosave left where it is was written by a newer version of the game
        self.newer_save = False

    # --------------------------------------------------------- settings
    def save_settings(self) -> str | None:
        """Write the settings file (when there is one).  Returns None, or when it
        cannot be written (a folder the game may not write, a full disk) the
        sentence for the screen, in the player's language, naming the file; the
        log gets it in English with the system's detail."""
        if self.settings_path is None:
            return None
        kept = self.settings
        if self.kept_language is not None:      # the command line's language holds for this run only
            kept = dataclasses.replace(self.settings, language=self.kept_language)
        try:
            save_settings(kept, self.settings_path)
        except OSError as exc:
            # the path last: a long one then takes a line of its own instead of breaking the sentence
            template = N_("The settings file could not be saved ({reason}): {path}")
            log.warning("%s [%s]", template.format(path=self.settings_path, reason=plain(exc)), exc)
            return i18n.fmt(template, path=self.settings_path, reason=_(plain(exc)))
        return None

    # --------------------------------------------------------- autosave
    @property
    def lesson_path(self) -> Path | None:
        """The guided game's own file (``lesson.json``) next to the autosave, or None when nothing is saved."""
        return None if self.save_path is None else self.save_path.with_name("lesson.json")

    def _clean_temporaries(self) -> None:
        """Remove the temporary files a kill during a save left next to the
        autosave, the lesson file and the settings file (never anything else)."""
        from game.storage.files import clean_stale_temporaries

        paths = [self.settings_path, self.save_path]
        if self.save_path is not None:
            paths.append(self.lesson_path)
        for tmp in clean_stale_temporaries(paths):
            log.info(f"removed {tmp}, left behind by a save that was cut off")

    def autosave(self, match) -> None:
        """Write ``match`` to the autosave file, atomically (nothing without a
        ``save_path``).  A finished game removes the file instead, so Continue
        never offers it.  A failure to write never stops the game: it is said
        once, and said again once saving works again."""
        if self.save_path is None:
            return
        if getattr(match, "guided", False):     # the guided game keeps its own file, never the family's game
            path = self.lesson_path
            assert path is not None         # there is a save_path
            try:
                match.save_to(path)
            except OSError as exc:
                self._autosave_failed(exc, path)
            else:
                self._autosave_worked()
            return
        from game.storage.save import save_game

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
        self._saves_since_error = 0
        if self.autosave_error is None:
            text = _("Your game cannot be saved to {path} ({reason}). You can play on, but if the game "
                     "closes, this game is lost.").format(path=path, reason=exc.strerror or exc)
            log.warning(text)
            self.note(text, _("The game cannot be saved"))
        self.autosave_error = str(exc)

    def _autosave_worked(self) -> None:
        """After :meth:`_autosave_failed`: say once that the game is saved again, when
        :data:`SAVED_AGAIN_AFTER` saves in a row have worked (a save that works between two
        failures says nothing: the game is not safe yet)."""
        if self.autosave_error is None:
            return
        self._saves_since_error += 1
        if self._saves_since_error < SAVED_AGAIN_AFTER:
            return
        self.autosave_error = None
        text = _("Your game can be saved again: it is saved after every move, as before.")
        log.info(text)
        self.note(text, _("The game is saved again"))

    def load_map(self, map_path: Path):
        """``(board, map_error, pictures_ok)`` for the Tiled map at ``map_path``:
        the :class:`~game.board.model.Board` or None with the reason in words
        (a broken map never shows a traceback), and whether its pictures passed
        the checks made before anything opens them (:meth:`_check_map_pictures`)."""
        from game.board.tmx import MapError, load_board

        try:
            board = load_board(map_path)
        except MapError as exc:
            return None, str(exc), False
        except Exception as exc:  # never a traceback on screen for a bad map
            return None, f"map {map_path}: {exc}", False
        return board, None, self._check_map_pictures(map_path)

    def _check_map_pictures(self, map_path: Path) -> bool:
        """Check the pictures of the (good) map at start-up, before anything opens
        them (:func:`game.board.tmx.check_pictures`: a named pipe would hang the
        game, a huge picture take gigabytes).  A bad one: the board is drawn
        plainly and a message over the title names the picture and what is wrong."""
        from game.board.tmx import check_pictures
        from game.storage.files import FileProblem

        try:
            check_pictures(map_path)
            return True
        except FileProblem as exc:
            log.warning(exc.for_log())
            name, problem = exc.path, exc.said()
        except Exception as exc:   # a hole in the checks: the board still plays, drawn plainly
            log.warning(f"map {map_path}: its pictures cannot be used ({type(exc).__name__}: {exc})")
            name, problem = map_path, _("the file is damaged")
        self.file_messages.append((_("The board's picture could not be used"),
                                         _("The picture {name} of the board cannot be used: {problem}. The board "
                                           "is drawn plainly instead.").format(name=name, problem=problem)))
        return False

    def note(self, text: str, title: str) -> None:
        """Show a message box over every scene at the end of this frame — not
        at once, so that a scene still being built (the board autosaves as
        it opens) does not cover it."""
        self.notes.append((title, text))

    def show_notes(self) -> None:
        """Push the message boxes of :meth:`note` (the app calls it at the end of each frame)."""
        notes, self.notes = self.notes, []
        for title, text in notes:
            self.app.push(make("message", self.app, text, title=title))

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

    def autosave_may_be_there(self) -> bool:
        """Whether :meth:`check_autosave` would find a file to read (it then needs the map)."""
        return self.save_path is not None and may_be_there(self.save_path)

    def has_messages(self) -> bool:
        """Whether :meth:`show_file_messages` has anything to show."""
        return bool(self.settings_message or self.file_messages)

    def check_autosave(self) -> None:
        """Read the autosave (if any) and check it replays.  A damaged one is
        renamed aside (never overwritten); a newer version's game, or something
        that is not an ordinary file, is left where it is.  A message says
        what happened in plain words (the details go to stderr)."""
        self.saved_game = None
        if self.save_path is None or not self.autosave_may_be_there() or self.app.board is None:
            return
        from game.storage.files import quarantine
        from game.storage.save import NewerSaveError, SaveError, read_save

        name = self.save_path              # the whole path: a family must find the file and its copy
        try:
            saved = read_save(self.save_path)
            self.resumed(saved)[0].close()
        except NewerSaveError as exc:
            log.warning(exc.for_log())
            self.kept_autosave, self.newer_save = _file_id(self.save_path), True
            self.file_messages.append((_("A game from a newer version"),
                                       _("The game in {path} was saved by a newer version of Clue.").format(
                                           path=self.save_path) + " "
                                       + _("It was left as it is, so that version can still continue it; "
                                           "this version cannot.")))
            return
        except Exception as exc:   # SaveError, or anything else in a damaged file: never a crash
            if isinstance(exc, SaveError):
                log.warning(exc.for_log())
                problem, movable = exc.said(), exc.movable
            else:                  # a hole in the checks: the whole story for the log, plain words on screen
                log.warning(f"saved game {self.save_path}: cannot be continued", exc_info=True)
                problem, movable = _("the file is damaged"), True
            moved = None
            if movable:
                try:
                    moved = quarantine(self.save_path)
                except OSError as err:
                    log.warning(f"saved game {self.save_path}: not moved aside ({err})")
            if moved is None:
                self.kept_autosave = _file_id(self.save_path)
            kept = (_("It was kept as {name}.").format(name=moved) if moved is not None
                    else _("It was left where it is."))
            self.file_messages.append((_("A file was damaged"),
                                       _("The saved game {name} could not be continued: {problem}.").format(
                                           name=name, problem=problem) + " " + kept + " "
                                       + _("You can start a new game.")))
            return
        self.saved_game = saved

    def show_file_messages(self) -> None:
        """Message boxes over the title for damaged files (the settings file,
        the autosave): what was wrong, where (whole paths) and what the game
        did, and the log file that holds the details."""
        messages = ([(_("A file was damaged"), self.settings_message)] if self.settings_message else []) \
            + self.file_messages
        self.settings_message, self.file_messages = None, []
        from game.storage.logfile import log_path

        for title, text in reversed(messages):
            log.warning(text)
            if log_path() is not None:      # the technical detail went there, for whoever helps
                text += " " + i18n.fmt("The details are in the log file {path}.", path=log_path())
            self.app.push(make("message", self.app, text, title=title))

    # --------------------------------------------------------- continue
    def can_continue(self) -> bool:
        """True when there is a saved game in progress to continue."""
        if self.saved_game is None and self.save_path is not None and may_be_there(self.save_path) \
                and not self.file_messages and _file_id(self.save_path) != self.kept_autosave:
            self.check_autosave()
        return self.saved_game is not None

    def replacing_saved(self, start) -> None:
        """Call ``start`` (it starts a new game) at once, or — when a game in
        progress is saved, which the new game's autosave would replace — only
        after the person says so (the box starts on "Keep it").  A game saved
        by a newer version of Clue is then renamed aside (``autosave.newer-*``),
        never written over."""
        app = self.app
        if self._newer_save_kept():
            path = self.save_path
            assert path is not None         # the newer game is in it

            def set_aside_and_start() -> None:
                from game.storage.files import quarantine

                try:
                    moved = quarantine(path, "newer")
                    log.warning(f"saved game {path} (newer version) kept as {moved}")
                except OSError as exc:
                    log.warning(f"saved game {path} (newer version) not moved aside ({exc})")
                self.kept_autosave, self.newer_save = None, False
                start()

            app.push(make("confirm", app, _("Start a new game?"), set_aside_and_start, yes=_("New game"),
                          no=_("Keep it"),
                          detail=_("A game saved by a newer version of Clue is kept here. A new game "
                                   "takes its place: the saved game is put aside in a copy, and the "
                                   "newer version will no longer offer to continue it.")))
            return
        if not self.can_continue():
            start()
            return
        app.push(make("confirm", app, _("Start a new game?"), start, yes=_("New game"), no=_("Keep it"),
                      detail=_("A game you did not finish is saved. A new game takes its place: "
                               "the saved game will be lost.")))

    def _newer_save_kept(self) -> bool:
        """A newer version's saved game is still in the autosave file, unchanged."""
        return (self.newer_save and self.save_path is not None
                and _file_id(self.save_path) == self.kept_autosave)

    def continue_game(self) -> bool:
        """Resume the autosaved game on the board; False when there is none.
        The run's ``--seed`` is spent by it (the continued game is this run's
        first), so Play again after it deals a new game, not the seeded one again."""
        from game.storage.save import SaveError

        if not self.can_continue():
            return False
        try:
            match, scene = self.resumed(self.saved_game)
        except SaveError:
            self.check_autosave()
            return False
        self.app.seed = None
        self.app.push(scene(self.app, match))
        return True

    def resumed(self, saved):
        """``(match, scene class)`` for a saved game: the board game's
        :class:`Match` and :class:`BoardScene`, or for ``"mode": "card-game"``
        the card game's :class:`CardMatch` and :class:`CardTableScene`.
        Raises :class:`game.storage.save.SaveError` for an action the rules refuse."""
        if saved.mode == "card-game":
            from game.ui.cardgame.match import CardMatch

            return CardMatch.resume(saved, self.save_path), scene_class("card_table")
        from game.ui.board.match import Match

        return Match.resume(self.app.board, saved, self.save_path), scene_class("board")


class Preferences:
    """The settings people change on screen, applied to ``app`` at once and
    kept in the settings file (:meth:`Store.save_settings`).  Each setter
    returns an error sentence when the file could not be written, else None;
    ``save=False`` changes the game without writing the file.

    Created once the store has read the settings: it sets the text size they
    name (the language is already set by the :class:`Store`).
    """

    def __init__(self, app) -> None:
        self.app = app
        self.settings = app.store.settings
        theme.set_text_scale(theme.LARGE_SCALE if self.settings.text_size == "large" else 1.0)
        self._refresh_text()

    def _saved(self, save: bool) -> str | None:
        return self.app.store.save_settings() if save else None

    def set_language(self, code: str, save: bool = True) -> str | None:
        """Switch every word on screen (and the game log) to ``code`` ("en",
        "es" or "ca")."""
        i18n.set_language(code)
        self.app.store.kept_language = None      # chosen on screen: saved, over any command-line language
        # the person's choice is kept even when its translation is damaged (English is shown and said)
        self.settings.language = code if code in i18n.LANGUAGES else "en"
        self._refresh_text()
        self.app.window.set_caption(_("Clue"))
        err = self._saved(save)
        return i18n.damaged_message() or err

    def set_text_size(self, size: str, save: bool = True) -> str | None:
        """ "normal" or "large" (every text :data:`theme.LARGE_SCALE` times bigger where it fits)."""
        self.settings.text_size = size if size in ("normal", "large") else "normal"
        theme.set_text_scale(theme.LARGE_SCALE if self.settings.text_size == "large" else 1.0)
        self._refresh_text()
        return self._saved(save)

    def _refresh_text(self) -> None:
        """Drop every picture holding text and let the scenes write theirs again."""
        theme.reset_caches()
        widgets.clear_cache()
        assets.clear_cache()
        self.app.board_drawing = None
        for scene in list(self.app.stack):
            hook = getattr(scene, "language_changed", None)
            if hook is not None:
                hook()

    def set_keys(self, keys: dict[str, list[str]]) -> str | None:
        """New keyboard bindings (intent name -> key names), always kept in the settings file."""
        self.settings.keys = {k: list(v) for k, v in keys.items()}
        self.app.router.input.set_keys(self.settings.keys)
        prompts.set_keys(self.app.router.input.keys)
        return self._saved(True)

    def set_layout(self, layout: str, save: bool = True) -> str | None:
        """The board game's layout: "auto" (TV in a window wider than
        :data:`game.ui.mansion.boardlayout.TV_WIDTH` pixels), "standard" or "tv"; the
        board takes it on its next frame (:meth:`App.board_view`)."""
        self.settings.layout = layout if layout in ("auto", "standard", "tv") else "auto"
        return self._saved(save)

    def set_fullscreen(self, on: bool, save: bool = True) -> str | None:
        """Fullscreen (the desktop's size) or back to a resizable window; the
        picture is scaled to fit either way."""
        self.settings.fullscreen = self.app.window.set_fullscreen(on)
        return self._saved(save)

    def toggle_fullscreen(self) -> None:
        """Fullscreen on or off (F11), kept in the settings file."""
        self.set_fullscreen(not self.settings.fullscreen)

    def set_speed(self, name: str, save: bool = True) -> str | None:
        """Animation speed "normal", "fast" or "instant" (``app.speed``)."""
        from game.ui.draw.anim import SPEEDS

        factors = dict(SPEEDS)
        name = name if name in factors else "normal"
        self.app.speed = factors[name]
        self.settings.animation_speed = name
        return self._saved(save)

    def set_play_level(self, level: str, save: bool = True) -> str | None:
        """The level the title's Play starts against next time (one of
        :data:`game.storage.settings.PLAY_LEVELS`; anything else is "easy")."""
        from game.storage.settings import PLAY_LEVELS

        self.settings.play_level = level if level in PLAY_LEVELS else "easy"
        return self._saved(save)

    def set_card_hints(self, name: str, save: bool = True) -> str | None:
        """The card game's case-file hints: "turn" (one revealed fact a turn) or "unlimited"."""
        from game.storage.settings import CARD_HINTS

        self.settings.card_hints = name if name in CARD_HINTS else CARD_HINTS[0]
        return self._saved(save)

    def set_muted(self, muted: bool, save: bool = True) -> str | None:
        """Sound off (``muted``) or on."""
        self.settings.muted = bool(muted)
        parts: tuple[Any, ...] = (self.app.sounds, getattr(self.app, "music", None))
        for part in parts:     # the music stops too
            try:
                part.muted = bool(muted)
            except Exception:       # None, or a stand-in without it
                pass
        return self._saved(save)

    def set_read_aloud(self, on: bool, save: bool = True) -> str | None:
        """Read aloud on or off (:mod:`game.ui.voice.speech`).  Inside Learn to play
        this is the lesson's own setting (``read_aloud_lesson``, on until turned
        off there); elsewhere ``read_aloud`` (off until turned on)."""
        field = "read_aloud_lesson" if self.app.coach is not None else "read_aloud"
        setattr(self.settings, field, bool(on))
        if not on:
            self.app.speech.stop()
        return self._saved(save)

    def set_volume(self, volume: float, save: bool = True) -> str | None:
        """Master volume 0.0-1.0."""
        self.settings.volume = max(0.0, min(1.0, float(volume)))
        setter = getattr(self.app.sounds, "set_volume", None)
        if setter is not None:
            setter(self.settings.volume)
        return self._saved(save)

    def set_music_volume(self, volume: float, save: bool = True) -> str | None:
        """Music volume 0.0-1.0 (its own setting; 0 is no music)."""
        self.settings.music_volume = max(0.0, min(1.0, float(volume)))
        self.app.music.set_volume(self.settings.music_volume)
        return self._saved(save)


def _exists(path: Path) -> bool:
    """Whether ``path`` is there; a folder the game may not look into counts as there (not a first
    start: the settings' own message says what is wrong), never a traceback."""
    try:
        return path.exists()
    except OSError:
        return True
