"""Sound effects, guarded: the game never fails because audio does.

The effects are the ``*.wav`` files in :data:`game.storage.paths.SOUNDS` (made by
``tools/make_assets.py``), each for one kind of moment: ``die`` (a roll), ``step``
(a square walked), ``door`` (a token entering a room), ``passage`` (a secret
passage taken), ``suggest`` (a suggestion or question), ``card`` (a card shown:
the same sound whatever the card and whoever sees it), ``nobody`` (nobody can
show one), ``chime`` (a correct accusation), ``wrong`` (a wrong one), ``click``
(a button) and ``nope`` (a press that cannot be done).  If the mixer cannot start (no audio device, no driver,
``enabled=False``) :class:`Sounds` runs in *silent mode*: every call still works
and simply does nothing.

Typical use::

    sounds = Sounds(enabled=settings.sound, volume=settings.volume)
    sounds.play("die")
    sounds.set_volume(0.5)      # 0.0 (silent) .. 1.0 (full)
    sounds.muted = True         # play() becomes a no-op until unmuted

Music is :class:`Music`: two looping themes in :data:`MUSIC_FOLDER` (``calm.wav``, the title
and play; ``tense.wav``, the last round: :func:`last_round`), streamed by
``pygame.mixer.music`` with a crossfade, at their own volume, silent when the sound is off.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from game.storage import paths
from game.storage.files import check_regular

log = logging.getLogger(__name__)


class Sounds:
    """The game's sound effects, by name (the wav file name without ``.wav``).

    :param enabled: ``False`` gives silent mode straight away (no mixer is opened).
        Otherwise the mixer is opened at once and the wav files are read when
        first needed (the first :meth:`play` or :attr:`names`), so that
        opening the game's window does not wait for them.
    :param volume: master volume, 0.0 (silent) to 1.0 (full); clamped to that range.
    :param folder: where the wav files are; defaults to :data:`game.storage.paths.SOUNDS`.

    Attributes:
        muted: when ``True`` :meth:`play` does nothing; the volume is kept.
    """

    def __init__(self, enabled: bool = True, volume: float = 0.8,
                 folder: Path | str | None = None) -> None:
        self.muted: bool = False
        self._volume: float = _clamp(volume)
        self._folder = Path(folder) if folder is not None else paths.SOUNDS
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._opened_mixer = False
        self._available = False
        self._loaded = False
        if enabled:
            self._start()

    # ----------------------------------------------------------------- setup

    def _start(self) -> None:
        """Open the mixer (unless already open); any failure -> silent."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
                self._opened_mixer = True
            if not pygame.mixer.get_init():
                return
        except Exception:  # pygame.error, missing driver, anything: stay silent
            return
        self._available = True

    def _load(self) -> None:
        """Load every wav once the mixer is open (a broken file costs only its own effect)."""
        if self._loaded or not self._available:
            return
        self._loaded = True
        try:
            files = sorted(self._folder.glob("*.wav"))
        except OSError:
            files = []
        for path in files:
            try:
                check_regular(path)     # a named pipe would block the first sound for ever
                snd = pygame.mixer.Sound(str(path))
                snd.set_volume(self._volume)
            except Exception as exc:
                log.warning("the sound %s cannot be used, so it is not played (%s)", path, exc)
                continue  # a broken file costs only its own effect
            self._sounds[path.stem] = snd

    # ----------------------------------------------------------------- API

    @property
    def available(self) -> bool:
        """``True`` when the mixer is running (``False`` means silent mode)."""
        return self._available

    @property
    def names(self) -> tuple[str, ...]:
        """Names of the loaded effects (empty in silent mode)."""
        self._load()
        return tuple(sorted(self._sounds))

    @property
    def volume(self) -> float:
        """Master volume, 0.0 (silent) to 1.0 (full)."""
        return self._volume

    def set_volume(self, volume: float) -> None:
        """Set the master volume; ``volume`` is clamped to 0.0 .. 1.0."""
        self._volume = _clamp(volume)
        for snd in self._sounds.values():
            try:
                snd.set_volume(self._volume)
            except Exception:
                pass

    def toggle_mute(self) -> bool:
        """Flip :attr:`muted`; return the new value."""
        self.muted = not self.muted
        return self.muted

    def play(self, name: str) -> None:
        """Play the effect ``name`` once (e.g. ``"die"``).

        Does nothing when muted, in silent mode, at volume 0, or for an unknown name;
        never raises.
        """
        if self.muted or self._volume <= 0.0:
            return
        self._load()
        snd = self._sounds.get(name)
        if snd is None:
            return
        try:
            snd.play()
        except Exception:
            pass

    def stop(self) -> None:
        """Stop every effect that is playing now."""
        if not self._available:
            return
        try:
            pygame.mixer.stop()
        except Exception:
            pass

    def close(self) -> None:
        """Drop the effects and close the mixer if this object opened it; silent after."""
        self.stop()
        self._sounds.clear()
        if self._opened_mixer:
            try:
                pygame.mixer.quit()
            except Exception:
                pass
            self._opened_mixer = False
        self._available = False


#: Where the music loops are (made by ``tools/make_assets.py``: ``<theme>.wav``).
MUSIC_FOLDER = paths.SOUNDS / "music"
#: The themes: calm on the title and during play, tense in the last round (:func:`last_round`).
CALM, TENSE = "calm", "tense"
#: Crossfade, in milliseconds: the old theme fades out, then the new one fades in.
FADE_OUT_MS, FADE_IN_MS = 1200, 1500


class Music:
    """The music: one looping theme at a time, streamed by ``pygame.mixer.music``.

    :param enabled: ``False``: silent (the mixer is never opened).
    :param volume: music volume 0.0-1.0 (its own setting, apart from the effects'); clamped.
    :param muted: the sound is off: nothing plays, the wanted theme is kept for later.
    :param folder: where ``<theme>.wav`` are; defaults to :data:`MUSIC_FOLDER`.
    :param backend: the ``pygame.mixer.music`` module or a stand-in with its
        ``load / play / fadeout / stop / set_volume`` (tests).

    :meth:`update` is called every frame with the theme wanted now; a change
    fades the old theme out (:data:`FADE_OUT_MS`, never blocking the frame) and
    then starts the new one looping with a fade-in (:data:`FADE_IN_MS`).  No mixer,
    a missing or broken file, any audio error: silent, never raises.
    """

    def __init__(self, enabled: bool = True, volume: float = 0.5, muted: bool = False,
                 folder: Path | str | None = None, backend=None) -> None:
        self._folder = Path(folder) if folder is not None else MUSIC_FOLDER
        self._volume = _clamp(volume)
        self._muted = bool(muted)
        self._music = backend
        #: the theme streaming now (None: nothing) and the one asked for last
        self.playing: str | None = None
        self.wanted: str | None = None
        self._fading = 0.0          # seconds of fade-out still to wait before the next theme
        self._broken: set[str] = set()  # themes whose file would not load: not tried again
        if enabled and backend is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                if pygame.mixer.get_init():
                    self._music = pygame.mixer.music
            except Exception:       # no audio device or driver: silent
                self._music = None

    @property
    def available(self) -> bool:
        """``True`` when music can be heard at all (a mixer is running)."""
        return self._music is not None

    @property
    def volume(self) -> float:
        """Music volume, 0.0 (silent) to 1.0 (full)."""
        return self._volume

    def set_volume(self, volume: float) -> None:
        """Set the music volume (clamped to 0.0-1.0); 0 stops the music."""
        self._volume = _clamp(volume)
        self._call("set_volume", self._volume)

    @property
    def muted(self) -> bool:
        """The sound is off: the music stops now and starts again when it is on."""
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted:
            self.stop()

    def update(self, dt: float, theme: str | None) -> None:
        """One frame of ``dt`` seconds with ``theme`` (:data:`CALM`, :data:`TENSE` or None:
        silence) wanted now: start, crossfade or stop the stream as needed."""
        self.wanted = theme
        if self._music is None:
            return
        target = theme if not self._muted and self._volume > 0 else None
        if self._fading > 0.0:                  # the old theme is fading out: let it end
            self._fading -= max(0.0, dt)
            if self._fading > 1e-6:             # (a sum of frame times is never exact)
                return
            self._fading = 0.0
            self._call("stop")
        if target == self.playing:
            return
        if self.playing is not None:            # fade the old theme out first
            self._call("fadeout", FADE_OUT_MS)
            self._fading = FADE_OUT_MS / 1000
            self.playing = None
            return
        if target is None or target in self._broken:
            return
        path = self._folder / f"{target}.wav"
        try:
            check_regular(path)         # a named pipe would block the music for ever
        except FileNotFoundError:
            pass                        # the backend says so as it loads (a stand-in needs no file)
        except (OSError, ValueError) as exc:
            log.warning("the music %s cannot be played (%s)", path, exc)
            self._broken.add(target)
            return
        if self._call("load", str(path)):
            self._call("set_volume", self._volume)
            if self._call("play", -1, 0, FADE_IN_MS):
                self.playing = target
                return
        self._broken.add(target)

    def stop(self) -> None:
        """Stop the music at once (it starts again on the next :meth:`update` if still wanted)."""
        if self.playing is not None or self._fading > 0.0:
            self._call("stop")
        self.playing = None
        self._fading = 0.0

    def _call(self, name: str, *args) -> bool:
        """``backend.name(*args)``; False (and silence) when it fails."""
        if self._music is None:
            return False
        try:
            getattr(self._music, name)(*args)
            return True
        except Exception:       # pygame.error, a missing file, no mixer any more
            return False


def last_round(players: int, events) -> bool:
    """Whether the game is in its last round (the tense theme), from public events only.

    The last round starts at the first of:

    * a question nobody could answer (board ``NobodyDisproved``, 000 "Suggestions"; card
      game ``NobodyShowed``): everyone leans in, someone may accuse now;
    * only two players still in after somebody went out (board ``PlayerEliminated``,
      000 "Accusations" 4; card game ``AccusationWrong``).

    ``players``: how many seats the game started with; ``events``: the public events so
    far (``match.log_events``: never a private one, the music is heard by all).
    """
    out = 0
    for e in events:
        name = type(e).__name__
        if name in ("NobodyDisproved", "NobodyShowed"):
            return True
        if name in ("PlayerEliminated", "AccusationWrong"):
            out += 1
            if players - out <= 2:
                return True
    return False


def theme_of(stack) -> str:
    """The theme for a scene stack: the topmost scene's ``music_theme`` that is not None
    (the table says calm or tense), else :data:`CALM` (the title, the menus)."""
    for scene in reversed(stack):
        theme = getattr(scene, "music_theme", None)
        if theme is not None:
            return theme
    return CALM


def open_music(enabled: bool, volume: float = 0.5, muted: bool = False) -> Music:
    """The game's :class:`Music` (silent when it cannot play).  Never raises."""
    try:
        return Music(enabled=enabled, volume=volume, muted=muted)
    except Exception:
        return Music(enabled=False)


class Silent:
    """Stand-in for :class:`Sounds` when even that cannot be made: plays nothing."""

    def play(self, name: str) -> None:
        pass


def open_sounds(enabled: bool, volume: float = 0.8, muted: bool = False):
    """The game's :class:`Sounds` (``muted`` or not), or a :class:`Silent`
    stand-in when they fail to open.  Never raises."""
    try:
        sounds = Sounds(enabled=enabled, volume=volume)
        sounds.muted = bool(muted)
        return sounds
    except Exception:  # no audio device, or anything else: play silent
        return Silent()


def _clamp(v: float) -> float:
    try:
        v = float(v)
    except (TypeError, ValueError):
        return 0.0
    if v != v:  # NaN
        return 0.0
    return min(1.0, max(0.0, v))
