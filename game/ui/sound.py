"""Sound effects, guarded: the game never fails because audio does.

The effects are the ``*.wav`` files in :data:`game.paths.SOUNDS` (made by
``tools/make_assets.py``): ``die``, ``step``, ``door``, ``card``, ``chime``,
``wrong`` and ``click``.  If the mixer cannot start (no audio device, no driver,
``enabled=False``) :class:`Sounds` runs in *silent mode*: every call still works
and simply does nothing.

Typical use::

    sounds = Sounds(enabled=settings.sound, volume=settings.volume)
    sounds.play("die")
    sounds.set_volume(0.5)      # 0.0 (silent) .. 1.0 (full)
    sounds.muted = True         # play() becomes a no-op until unmuted
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game import paths


class Sounds:
    """The game's sound effects, by name (the wav file name without ``.wav``).

    :param enabled: ``False`` gives silent mode straight away (no mixer is opened).
        Otherwise the mixer is opened at once and the wav files are read when
        first needed (the first :meth:`play` or :attr:`names`), so that
        opening the game's window does not wait for them.
    :param volume: master volume, 0.0 (silent) to 1.0 (full); clamped to that range.
    :param folder: where the wav files are; defaults to :data:`game.paths.SOUNDS`.

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
                snd = pygame.mixer.Sound(str(path))
                snd.set_volume(self._volume)
            except Exception:
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
