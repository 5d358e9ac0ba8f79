"""Player settings, kept in a JSON file in the user's config folder.

Fields: ``language`` ("en", "es", "ca"), ``volume`` (0.0-1.0), ``muted``,
``fullscreen``, ``text_size`` ("normal" or "large"), ``animation_speed``
("normal", "fast" or "instant") and ``keys`` (intent name -> list of pygame
key names, e.g. ``{"confirm": ["return", "space"]}``).

A broken settings file never stops the game: :func:`load_settings` keeps the
damaged file (renamed aside), falls back to the defaults and says what happened.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.save import APP_NAME, quarantine, write_atomic

LANGUAGES = ("en", "es", "ca")
TEXT_SIZES = ("normal", "large")
SPEEDS = ("normal", "fast", "instant")


@dataclass
class Settings:
    """The player's settings (see the module docstring for each field)."""

    language: str = "en"
    volume: float = 0.8
    muted: bool = False
    fullscreen: bool = False
    text_size: str = "normal"
    animation_speed: str = "normal"
    keys: dict[str, list[str]] = field(default_factory=dict)


class SettingsError(ValueError):
    """A settings file that cannot be used; the message names the file and the field."""


def default_settings_path() -> Path:
    """``settings.json`` in the user's config folder (platformdirs)."""
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME)) / "settings.json"


def system_language(env: dict[str, str] | None = None) -> str:
    """The first of en/es/ca that the system's locale asks for (LANGUAGE,
    LC_ALL, LC_MESSAGES, LANG), else English."""
    import os

    env = os.environ if env is None else env
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in env.get(var, "").split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
    return "en"


def settings_from_dict(data: Any, path: str | Path = "<memory>") -> Settings:
    """Check ``data`` and build :class:`Settings`.  Raises :class:`SettingsError`
    naming the first bad field.  Unknown fields are ignored (a newer game may
    have written them)."""
    if not isinstance(data, dict):
        raise SettingsError(f"settings {path}: the file does not hold a JSON object")
    defaults = Settings()
    out = Settings()
    names = {f.name for f in fields(Settings)}
    for key, value in data.items():
        if key not in names:
            continue
        default = getattr(defaults, key)
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) if isinstance(default, float) \
            else type(value) is type(default)
        if not ok:
            raise SettingsError(f"settings {path}, field {key!r}: expected {type(default).__name__}, "
                                f"found {json.dumps(value)}")
        setattr(out, key, value)
    choices = {"language": LANGUAGES, "text_size": TEXT_SIZES, "animation_speed": SPEEDS}
    for key, allowed in choices.items():
        if getattr(out, key) not in allowed:
            raise SettingsError(f"settings {path}, field {key!r}: {getattr(out, key)!r} is not one of "
                                + ", ".join(allowed))
    if not 0.0 <= float(out.volume) <= 1.0:  # float() of a huge int raises OverflowError
        raise SettingsError(f"settings {path}, field 'volume': must be between 0 and 1")
    out.volume = float(out.volume)
    owner: dict[str, str] = {}
    for intent, keys in out.keys.items():
        if not isinstance(keys, list) or not keys or not all(isinstance(k, str) for k in keys):
            raise SettingsError(f"settings {path}, field 'keys', entry {intent!r}: expected a list of key names")
        for k in keys:
            if not _is_key_name(k):
                raise SettingsError(f"settings {path}, field 'keys', entry {intent!r}: {k!r} is not a key name")
            if k in owner and owner[k] != intent:
                raise SettingsError(f"settings {path}, field 'keys': the key {k!r} is used for both "
                                    f"{owner[k]!r} and {intent!r}")
            owner[k] = intent
    return out


def _is_key_name(name: str) -> bool:
    """True for a key name pygame knows (``"return"``, ``"a"``, ``"f10"``)."""
    import warnings

    import pygame

    with warnings.catch_warnings():  # key names need no display, but pygame warns before init()
        warnings.simplefilter("ignore")
        try:
            pygame.key.key_code(name)
        except (ValueError, pygame.error):
            return False
    return True


def load_settings(path: str | Path | None = None) -> tuple[Settings, str | None]:
    """Read the settings file.  Returns ``(settings, message)``: ``message`` is
    None when all went well, otherwise a plain-words sentence for the screen and
    the log.  A missing file gives defaults (first run: the system's language);
    a damaged one is renamed aside and defaults are used."""
    path = Path(path) if path is not None else default_settings_path()
    if not path.exists():
        return Settings(language=system_language()), None
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))  # tolerate a BOM from Notepad
        return settings_from_dict(data, path), None
    except (OSError, ValueError, RecursionError, OverflowError) as exc:
        # ValueError covers bad JSON, bad text encoding and SettingsError.
        moved = quarantine(path)
        where = f" It was kept as {moved.name}." if moved else ""
        return Settings(language=system_language()), (
            f"The settings file could not be read ({exc}). The game uses the default settings.{where}")


def save_settings(settings: Settings, path: str | Path | None = None) -> None:
    """Write the settings atomically.  Raises ``OSError``."""
    path = Path(path) if path is not None else default_settings_path()
    write_atomic(path, json.dumps(asdict(settings), indent=1, ensure_ascii=False) + "\n")
