"""Player settings, kept in a JSON file in the user's config folder.

Fields: ``language`` ("en", "es", "ca"), ``volume`` (0.0-1.0: the sound effects),
``music_volume`` (0.0-1.0: the music, its own setting), ``muted`` (all sound off),
``fullscreen``, ``text_size`` ("normal" or "large"), ``layout`` (the board game's
layout: "auto", "standard" or "tv"; see :mod:`game.ui.mansion.boardlayout`), ``animation_speed``
("normal", "fast" or "instant"), ``card_hints`` (the detective level of the
card game's case file: "turn", one hint a turn, or "unlimited"), ``keys`` (intent name -> list of pygame
key names, e.g. ``{"confirm": ["return", "space"]}``), ``read_aloud`` (the game
speaks its words: off by default), ``read_aloud_lesson`` (the same inside
Learn to play: on unless turned off there), ``phones`` (a game with
people serves each person's private screens to their phone; off: no server at all)
``vpn_ranges`` (network ranges such as "100.64.0.0/10" whose phones count as
on the local network: a VPN's; ``docs/network.md``), ``trusted_proxies`` (the
addresses, such as "127.0.0.1", or ranges of HTTPS reverse proxies in front of
the game whose ``X-Forwarded-For`` is believed) and ``play_level`` (the level of the computer players the title's Play starts
against, the last one picked: "beginner", "easy", "medium" or "hard"; easy
before the first pick) and ``tables`` (the last table each game was started with, so that
New game opens on it: ``"board"`` / ``"cards"`` -> ``{"seats": [[suspect, "human" or
"computer", level], ...]}`` and that game's choices, see :mod:`game.ui.bases.setup`; a
remembered table the game cannot use is left aside there for the defaults).

A broken settings file never stops the game: :func:`read_settings` keeps the
damaged file (renamed aside — or, in a folder the game may not change, left
as it is), falls back to the defaults and says what happened
(:class:`SettingsTrouble`).  A file that is readable but holds a bad setting
loses only that setting (its default is used): the player's other settings
stay, and are written back while the file as it was is kept aside.  Something that is not an ordinary file there (a
named pipe, a folder) is never opened.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.storage.files import APP_NAME, DAMAGED, UNREADABLE, FileProblem, quarantine, read_json, write_atomic
from game.text.i18n import N_

log = logging.getLogger(__name__)

LANGUAGES = ("en", "es", "ca")
TEXT_SIZES = ("normal", "large")
SPEEDS = ("normal", "fast", "instant")
#: The card game's hints: one revealed fact per turn, or as many as you like.
CARD_HINTS = ("turn", "unlimited")
LAYOUTS = ("auto", "standard", "tv")
#: The levels the title's Play may start against.
PLAY_LEVELS = ("beginner", "easy", "medium", "hard")


@dataclass
class Settings:
    """The player's settings (see the module docstring for each field)."""

    language: str = "en"
    volume: float = 0.8
    music_volume: float = 0.5
    muted: bool = False
    fullscreen: bool = False
    text_size: str = "normal"
    layout: str = "auto"
    animation_speed: str = "normal"
    card_hints: str = "turn"
    keys: dict[str, list[str]] = field(default_factory=dict)
    read_aloud: bool = False
    read_aloud_lesson: bool = True
    phones: bool = True
    play_level: str = "easy"
    tables: dict[str, Any] = field(default_factory=dict)
    vpn_ranges: list[str] = field(default_factory=list)
    trusted_proxies: list[str] = field(default_factory=list)
    #: settings this version does not know (a newer version wrote them), written back as they were
    unknown: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)


class SettingsError(FileProblem):
    """A settings file that cannot be used; ``problem`` names the setting and
    what is wrong with it in plain words (see :class:`game.storage.save.FileProblem`)."""


@dataclass
class SettingsTrouble:
    """What went wrong with the settings file at start: the ``error`` (a
    :class:`SettingsError`), where the damaged file was kept (``kept``), or
    why it could not be moved aside (``left``: the error of the rename; the
    file is then untouched).  Neither: it is not an ordinary file, left alone."""

    error: SettingsError
    kept: Path | None = None
    left: OSError | None = None
    #: the bad settings dropped from a file otherwise read (``error`` is the first): the others are kept
    dropped: list[SettingsError] = field(default_factory=list)

    def message(self) -> str:
        """The sentence for the screen, in the current language."""
        from game.text.i18n import _, fmt

        name, problem = self.error.path, self.error.said()     # the whole path: a family must find the file
        if self.kept is not None and not self.dropped:
            return fmt("The settings file {name} could not be read: {problem}. The game uses the default "
                       "settings. The damaged file was kept as {kept}.", name=name, problem=problem,
                       kept=self.kept)
        reason = (_("the game is not allowed to change files in that folder")
                  if isinstance(self.left, PermissionError) else _("the folder cannot be written"))
        if self.dropped:
            problem = "; ".join(e.said() for e in self.dropped)
            if self.kept is not None:
                return fmt("The settings file {name} has a setting the game cannot use: {problem}. Only that "
                           "setting was dropped (the game uses its default); your other settings are kept. The "
                           "file as it was is kept as {kept}.", name=name, problem=problem, kept=self.kept)
            return fmt("The settings file {name} has a setting the game cannot use: {problem}. The game uses its "
                       "default for that setting and your other settings. The file could not be repaired, because "
                       "{reason}; it was left as it is.", name=name, problem=problem, reason=reason)
        if self.left is not None:
            return fmt("The settings file {name} could not be read: {problem}. It could not be repaired "
                       "either, because {reason}. It was left as it is, and the game uses the default settings.",
                       name=name, problem=problem, reason=reason)
        return fmt("The settings file {name} could not be read: {problem}. It was left where it is, and the "
                   "game uses the default settings.", name=name, problem=problem)


def default_settings_path() -> Path:
    """``settings.json`` in the user's config folder (platformdirs)."""
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME)) / "settings.json"


def system_language(env: Mapping[str, str] | None = None) -> str:
    """The first of en/es/ca that the system's locale asks for (LANGUAGE,
    LC_ALL, LC_MESSAGES, LANG in ``env``, default the process's environment), else English."""
    import os

    variables = os.environ if env is None else env
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in variables.get(var, "").split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
    return "en"


def settings_from_dict(data: Any, path: str | Path = "<memory>",
                       dropped: list[SettingsError] | None = None) -> Settings:
    """Check ``data`` and build :class:`Settings`.  Raises :class:`SettingsError`
    naming the first bad setting -- or, given a ``dropped`` list, puts each bad
    setting's error there and uses that setting's default instead (a bad key
    binding drops only its own action's keys).  Fields this version does not
    know (a newer game may have written them) are kept as they are in ``unknown``.
    Data that is not a JSON object always raises."""
    def bad(problem: str, field_name: str, **values) -> None:
        error = SettingsError(path, problem, f"field {field_name!r}", values={"field": field_name, **values})
        if dropped is None:
            raise error
        dropped.append(error)
        if field_name != "keys":              # the keys drop only the action at fault (below)
            setattr(out, field_name, getattr(Settings(language=system_language()), field_name))

    if not isinstance(data, dict):
        raise SettingsError(path, N_("the file does not hold settings"), detail="no JSON object")
    defaults = Settings()
    out = Settings()
    names = {f.name for f in fields(Settings)} - {"unknown"}
    for key, value in data.items():
        if key not in names:
            out.unknown[key] = value
            continue
        default = getattr(defaults, key)
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) if isinstance(default, float) \
            else type(value) is type(default)
        if ok:
            setattr(out, key, value)
        else:
            bad(N_("the setting “{field}” holds something the game does not understand"), key)
    choices = {"language": LANGUAGES, "text_size": TEXT_SIZES, "animation_speed": SPEEDS, "card_hints": CARD_HINTS,
               "layout": LAYOUTS, "play_level": PLAY_LEVELS}
    for key, allowed in choices.items():
        if getattr(out, key) not in allowed:
            bad(N_("the setting “{field}” must be one of {choices}"), key, choices=", ".join(allowed))
    if not _tables_ok(out.tables):
        bad(N_("the setting “{field}” holds something the game does not understand"), "tables")
    for key in ("volume", "music_volume"):
        try:
            volume_ok = 0.0 <= float(getattr(out, key)) <= 1.0
        except OverflowError:                   # float() of a huge whole number
            volume_ok = False
        if not volume_ok:
            bad(N_("the setting “{field}” must be between 0 and 1"), key)
        setattr(out, key, float(getattr(out, key)))
    for key, ranges_only in (("vpn_ranges", True), ("trusted_proxies", False)):
        entries = getattr(out, key)
        good = [text for text in entries if _is_network(text, ranges_only)]
        wrong = [text for text in entries if text not in good]
        if wrong:
            bad(N_("“{text}” in the setting “{field}” is not a network range such as 100.64.0.0/10")
                if ranges_only else
                N_("“{text}” in the setting “{field}” is not an address such as 127.0.0.1 "
                   "or a range such as 10.0.0.0/8"), key, text=str(wrong[0])[:60])
            # reached only with ``dropped``: the good entries stay (a family's VPN range is not lost for a typo)
            setattr(out, key, good)
    owner: dict[str, str] = {}
    for intent, keys in list(out.keys.items()):
        if not isinstance(keys, list) or not keys or not all(isinstance(k, str) for k in keys):
            bad(N_("the keys for “{intent}” must be a list of key names"), "keys", intent=intent)
        elif (name := next((k for k in keys if not _is_key_name(k)), None)) is not None:
            bad(N_("“{key}” is not a key name (keys for “{intent}”)"), "keys", key=name, intent=intent)
        elif (taken := next((k for k in keys if owner.get(k, intent) != intent), None)) is not None:
            bad(N_("the key “{key}” is used for both “{first}” and "
                   "“{second}”"), "keys", key=taken, first=owner[taken], second=intent)
        else:
            owner.update(dict.fromkeys(keys, intent))
            continue
        del out.keys[intent]                  # reached only with ``dropped``: this action's keys go
    return out


def _tables_ok(tables: dict[str, Any]) -> bool:
    """True when ``tables`` has the shape of the ``tables`` setting: a game's name ->
    an object whose ``"seats"`` is a list of ``[suspect, kind, level]`` words (what each
    word may be is the setup's to check: the games differ)."""
    return all(isinstance(table, dict) and isinstance(table.get("seats"), list) and all(
        isinstance(seat, list) and len(seat) == 3 and all(isinstance(w, str) for w in seat)
        for seat in table["seats"]) for table in tables.values())


def _is_network(text: Any, ranges_only: bool) -> bool:
    """True for an IPv4 or IPv6 range text ("100.64.0.0/10"; host bits allowed) or, unless
    ``ranges_only``, a single address ("127.0.0.1")."""
    import ipaddress

    if not isinstance(text, str) or (ranges_only and "/" not in text):
        return False
    try:
        ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        return False
    return True


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


def read_settings(path: str | Path | None = None) -> tuple[Settings, SettingsTrouble | None]:
    """Read the settings file.  Returns ``(settings, trouble)``: ``trouble`` is
    None when all went well.  A missing file gives defaults (first run: the
    system's language); a damaged one gives defaults and is renamed aside —
    or, when that is not allowed (a read-only folder, a file of another
    user), left untouched.  Something that is not an ordinary file is never
    opened nor moved.  The details go to stderr.  Never raises."""
    path = Path(path) if path is not None else default_settings_path()
    dropped: list[SettingsError] = []
    try:
        settings = settings_from_dict(read_json(path, SettingsError), path, dropped)
        return settings, (_drop_settings(path, settings, dropped) if dropped else None)
    except FileNotFoundError:
        return Settings(language=system_language()), None
    except (SettingsError, RecursionError, OverflowError) as exc:
        error = exc if isinstance(exc, SettingsError) else SettingsError(
            path, DAMAGED, detail=f"{type(exc).__name__}: {exc}")
    except OSError as exc:       # e.g. the folder cannot be looked into
        error = SettingsError(path, UNREADABLE, detail=str(exc))
    log.warning(error.for_log())
    trouble = SettingsTrouble(error)
    if error.movable:
        try:
            trouble.kept = quarantine(path)
        except OSError as exc:                  # a read-only folder: the file stays as it is
            trouble.left = exc
            log.warning(f"settings {path}: not moved aside ({exc})")
    return Settings(language=system_language()), trouble


def _drop_settings(path: Path, settings: Settings, dropped: list[SettingsError]) -> SettingsTrouble:
    """The file at ``path`` was read but its ``dropped`` settings were bad: keep the file as it was
    aside and write ``settings`` (the good ones, defaults for the bad) in its place; in a folder the
    game may not change, leave it as it is.  Never raises."""
    for error in dropped:
        log.warning(error.for_log())
    trouble = SettingsTrouble(dropped[0], dropped=list(dropped))
    try:
        trouble.kept = quarantine(path)
        save_settings(settings, path)
    except OSError as exc:                      # a read-only folder: the file stays as it is
        if trouble.kept is not None:            # renamed but not written (a full disk): put it back
            try:
                trouble.kept.replace(path)
                trouble.kept = None
            except OSError:
                pass                            # still kept aside, under the name the message gives
        trouble.left = exc
        log.warning(f"settings {path}: not repaired ({exc})")
    return trouble


def load_settings(path: str | Path | None = None) -> tuple[Settings, str | None]:
    """:func:`read_settings` with the trouble as a sentence (None when all went well)."""
    settings, trouble = read_settings(path)
    return settings, (trouble.message() if trouble is not None else None)


def save_settings(settings: Settings, path: str | Path | None = None) -> None:
    """Write the settings atomically, with the ones this version does not know
    (``settings.unknown``) as they were read.  Raises ``OSError``."""
    path = Path(path) if path is not None else default_settings_path()
    known = asdict(settings)
    doc = {**known.pop("unknown"), **known}
    write_atomic(path, json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
