"""The board game's rules in plain words: the house switches' button texts
and explanations (002), which preset and switches make a set of options, and
the active rules in one line (the board shows it under the log; the rules
screen, :mod:`game.ui.scenes.rules`, offers them).  No scene here."""

from __future__ import annotations

from game.rules.options import HOUSE_SWITCHES, OPTION_INFO, PRESETS, Options
from game.ui.shell.i18n import _, fmt

#: The house switches in the order shown.
SWITCHES = ("two-dice", "up-to", "stay", "accuse-in-room")


def switch_label(name: str, on: bool) -> str:
    """A house switch's button text in its current state."""
    if name == "two-dice":
        return _("Two dice") if on else _("One die")
    if name == "up-to":
        return _("Move: up to the roll") if on else _("Move: exactly the roll")
    if name == "stay":
        return _("Stay to suggest: on") if on else _("Stay to suggest: off")
    return _("Accuse from the room: on") if on else _("Accuse from the room: off")


def switch_help(name: str) -> str:
    """A house switch's one-sentence explanation (from :data:`OPTION_INFO`)."""
    return _(OPTION_INFO[HOUSE_SWITCHES[name][0]].help)


def split_options(options: Options) -> tuple[str | None, tuple[str, ...]]:
    """``options`` as (preset key, house switches on), or (None, ()) when no
    preset plus switches makes them."""
    data = options.to_dict()
    on = tuple(h for h in SWITCHES if data[HOUSE_SWITCHES[h][0]] == HOUSE_SWITCHES[h][1])
    for key, preset in PRESETS.items():
        base = preset.options.to_dict()
        for h in on:
            base[HOUSE_SWITCHES[h][0]] = HOUSE_SWITCHES[h][1]
        if base == data:
            return key, on
    return None, ()


def rules_line(options: Options) -> str:
    """The active rules in one line of plain words, e.g. "Rules: Cluedo (Spain),
    Two dice, Move: up to the roll" (translated)."""
    preset, house = split_options(options)
    if preset is None:      # not a preset: every difference from classic, as describe() lists them
        parts = []
        for k, v in options.differences().items():
            value = _("on") if v is True else _("off") if v is False else str(v)
            parts.append(f"{_(OPTION_INFO[k].label)}: {value}")
        return fmt("Rules: {rules}", rules=", ".join(parts))
    parts = [_(PRESETS[preset].title)]
    for h in house:
        parts.append(switch_label(h, True) if h in ("two-dice", "up-to") else _(OPTION_INFO[HOUSE_SWITCHES[h][0]].label))
    return fmt("Rules: {rules}", rules=", ".join(parts))
