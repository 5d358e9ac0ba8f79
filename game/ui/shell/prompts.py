"""On-screen prompts that name the button of the device in use.

The app tells this module which kind of device was used last
(:func:`use`) and the keyboard bindings (:func:`set_keys`); scenes write their
hints with placeholders — ``"{move} to move, {confirm} to press"`` — and
:func:`fmt` fills in "Arrows" / "Enter" for the keyboard or "D-pad" / "A" for a pad.
"""

from __future__ import annotations

from typing import TypedDict

from game.ui.shell.input import DEFAULT_KEYS, PAD_LABELS, Kind, is_pad, key_label


class _State(TypedDict):
    #: True when the last device used was a pad
    pad: bool
    #: True when the last device used was the mouse (the prompts still name the keyboard's keys)
    mouse: bool
    #: action name -> the key names bound to it
    keys: dict[str, list[str]]


_state: _State = {"pad": False, "mouse": False, "keys": {k: list(v) for k, v in DEFAULT_KEYS.items()}}

#: Button hints written as key names, and the intent each one stands for.
HINT_KINDS = {"Esc": Kind.BACK, "Enter": Kind.CONFIRM, "N": Kind.NOTEBOOK, "M": Kind.MENU}


def use(device: str | None) -> None:
    """The last intent came from ``device`` (the mouse counts as the keyboard's partner: the
    prompts name the keyboard's keys; :func:`clicking` tells it apart)."""
    if device is not None:
        _state["pad"] = is_pad(device)
        _state["mouse"] = device == "mouse"


def clicking() -> bool:
    """True when the last device used was the mouse: what to do next is said as a click."""
    return bool(_state["mouse"])


def set_keys(keys: dict[str, list[str]]) -> None:
    _state["keys"] = {k: list(v) for k, v in keys.items()}
    _NAMES.clear()


def pad_style() -> bool:
    """True when the prompts name pad buttons."""
    return bool(_state["pad"])


def label(kind: Kind, pad: bool | None = None) -> str:
    """The name of the key or button for ``kind`` ("Enter", "Esc", "N"; "A", "B", "Y" on a pad)."""
    pad = pad_style() if pad is None else pad
    if pad:
        return PAD_LABELS.get(kind, "")
    if kind in (Kind.UP, Kind.DOWN, Kind.LEFT, Kind.RIGHT):
        return move_label(False)
    names = _state["keys"].get(kind.value) or DEFAULT_KEYS.get(kind.value, [])
    return key_label(names[0]) if names else ""


def move_label(pad: bool | None = None) -> str:
    pad = pad_style() if pad is None else pad
    from game.text.i18n import _

    if pad:
        return _("D-pad")
    keys = _state["keys"]
    firsts = [keys.get(d, [""])[0] for d in ("up", "left", "down", "right")]
    if firsts == ["up", "left", "down", "right"]:
        return _("Arrows")
    return "/".join(key_label(k) for k in firsts)


#: :func:`names` already worked out, by (pad, language): the board's hints ask for them every frame.
_NAMES: dict[tuple[bool, str], dict[str, str]] = {}


def names(pad: bool | None = None) -> dict[str, str]:
    """The placeholders of :func:`fmt` ("move", "confirm", ...) and the names they stand for now
    (for a pad when ``pad``; None: the device in use).  Do not change the dict returned."""
    from game.text.i18n import language

    pad = pad_style() if pad is None else pad
    key = (pad, language())
    known = _NAMES.get(key)
    if known is None:
        known = _NAMES[key] = _names(pad)
    return known


def _names(pad: bool) -> dict[str, str]:
    return {"move": move_label(pad), "confirm": label(Kind.CONFIRM, pad), "back": label(Kind.BACK, pad),
            "notebook": label(Kind.NOTEBOOK, pad), "menu": label(Kind.MENU, pad), "join": label(Kind.JOIN, pad),
            "scroll": scroll_label(pad), "room": label(Kind.ROOM, pad)}


def scroll_label(pad: bool | None = None) -> str:
    """The keys that scroll the log ("PgUp/PgDn"; a pad's "R-stick"), for ``{scroll}``."""
    pad = pad_style() if pad is None else pad
    if pad:
        return "R-stick"
    keys = _state["keys"]
    ups, downs = keys.get("log_up") or [], keys.get("log_down") or []
    if ups[:1] == ["page up"] and downs[:1] == ["page down"]:
        return "PgUp/PgDn"
    return "/".join(key_label(k[0]) for k in (ups, downs) if k)


def fmt(text: str, pad: bool | None = None) -> str:
    """``text`` with {move} {confirm} {back} {notebook} {menu} {join} {scroll} {room} filled in."""
    try:
        return text.format(**names(pad))
    except (KeyError, IndexError, ValueError):
        return text


def hint_for(hint: str) -> str:
    """A button's hint ("Esc", "N") for the device in use."""
    kind = HINT_KINDS.get(hint)
    return label(kind) if kind is not None else hint
