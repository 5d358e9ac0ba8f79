"""Rule options and named presets.  Classic U.S. rules (000) are the defaults.

Every rule difference between the texts 000 (classic U.S.), 001 (Cluedo as
played in Spain) and 002 (house rules) is one field of :class:`Options`; the
engine (:class:`game.rules.engine.Game`) reads every difference from here and
nowhere else.  :data:`PRESETS` names the sets of options the setup screen
offers; :data:`OPTION_INFO` explains each option in one plain sentence.

Options round-trip through plain JSON-able dicts (:meth:`Options.to_dict`,
:meth:`Options.from_dict`), which is how a saved game stores them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

#: Allowed values of :attr:`Options.weapon_rooms`.
WEAPON_ROOMS = ("different", "any")


@dataclass(frozen=True)
class Options:
    """A set of rule options (frozen; build a new one to change it).

    ``dice``: how many six-sided dice a movement roll uses, 1 or 2 (000 "What
    is in the box": 1 die; 002 "Movement": "the supplied die or dice").
    ``exact_roll``: True = walk exactly the roll unless a room is entered first
    (000 "How a turn works" 1-3); False = walk up to the roll (002 "Movement").
    ``stay_to_suggest``: True = a player already in a room may stay and suggest
    there again without moving (002 "If another player's suggestion moved your
    suspect ... unless the group has adopted that house rule"); False = only a
    player whose token was moved in by a suggestion may (000, 001 "REGLA ESPECIAL").
    ``accuser_in_room``: True = an accusation must name the room the accuser
    stands in (002 "Making an Accusation": "Unless the group adopts a stricter
    house rule"); False = any room (000 "Accusations" 1).
    ``all_suspects_on_board``: True = all six suspect tokens are on the board,
    played or not (000 "Setting up" 1); False = only the chosen characters are
    (001 "si sólo hay tres jugadores en una partida, sólo se jugarán tres
    personajes").  All six suspect cards stay in the game either way (001 "21
    tarjetas"), so an absent suspect can still be the murderer and can still be
    named in a suggestion: nothing moves for it (see the engine).
    ``weapon_rooms``: ``"different"`` = the six weapons start in six different
    rooms, drawn at random (000 "Setting up" 2; 001 "en cuartos al azar y no
    poner más de un arma en cada uno"); ``"any"`` = each weapon starts in a
    random room of its own, two may share one (house variant).
    ``eliminated_pushed_in``: True (the default, in every preset) = a player
    put out by a wrong accusation whose token stands on a doorway square is
    moved into that room so it blocks nobody.  001 "ACUSAR Y GANAR" says it in
    words ("Si su pieza está bloqueando una puerta, se traslada a la
    habitación"); the printed classic rules do the same, and our plain-words
    000 relies on it: a door blocked by a token can be used again only "until
    someone moves" (000 "Secret passages and blocked doors" 2), and a player who
    is out never moves again (000 "Accusations" 4), so a token left on a door
    would block it for the rest of the game.  False = the token stays where it
    is (kept for old saves, which store every option).
    ``last_player_wins``: True = when every player but one has accused wrongly,
    that last player wins at once (001 "Si todos los jugadores excepto uno hacen
    una acusación incorrecta, gana el último jugador en pie"); False = the last
    player plays on until they accuse (000 "How you win").

    Raises ``ValueError`` (from ``__post_init__``) for a value out of range.
    """

    dice: int = 1
    exact_roll: bool = True
    stay_to_suggest: bool = False
    accuser_in_room: bool = False
    all_suspects_on_board: bool = True
    weapon_rooms: str = "different"
    eliminated_pushed_in: bool = True
    last_player_wins: bool = False

    def __post_init__(self) -> None:
        if type(self.dice) is not int or self.dice not in (1, 2):
            raise ValueError(f"dice must be 1 or 2, not {self.dice!r}")
        if self.weapon_rooms not in WEAPON_ROOMS:
            raise ValueError(f"weapon_rooms must be one of {WEAPON_ROOMS}, not {self.weapon_rooms!r}")
        for f in fields(self):
            if f.type in ("bool", bool) and type(getattr(self, f.name)) is not bool:
                raise ValueError(f"{f.name} must be true or false, not {getattr(self, f.name)!r}")

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-able dict ``{"dice": 1, "exact_roll": true, ...}``."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Options":
        """Inverse of :meth:`to_dict`.  Missing keys take the classic default.
        Raises ``ValueError`` for an unknown key or a bad value."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(unknown)}")
        return cls(**data)

    def differences(self, base: "Options | None" = None) -> dict[str, Any]:
        """The fields whose value differs from ``base`` (classic by default)."""
        base = base or Options()
        return {k: v for k, v in self.to_dict().items() if getattr(base, k) != v}


CLASSIC = Options()


@dataclass(frozen=True)
class OptionInfo:
    """How the setup screen shows one option: a short ``label``, a one-sentence
    ``help`` in plain words, and the ``rule`` text it comes from."""

    label: str
    help: str
    rule: str


#: One entry per :class:`Options` field, in the order the setup screen lists them.
OPTION_INFO: dict[str, OptionInfo] = {
    "dice": OptionInfo("Dice", "Roll one die or two dice to move.", '002 "Movement"'),
    "exact_roll": OptionInfo(
        "Move exactly the roll",
        "Classic: walk exactly the number rolled, unless you enter a room first. House rule: walk any number up to it.",
        '000 "How a turn works" 1-3 / 002 "Movement"'),
    "stay_to_suggest": OptionInfo(
        "Stay to suggest again",
        "On: a player already in a room may stay there and make a new suggestion instead of moving.",
        '002 "Movement" (house rule)'),
    "accuser_in_room": OptionInfo(
        "Accuse from the room",
        "On: you may only accuse the room your token stands in, so walk there first.",
        '002 "Making an Accusation" (house rule)'),
    "all_suspects_on_board": OptionInfo(
        "All six suspects on the board",
        "On: all six suspect tokens stand on the board; off: only the characters being played do "
        "(the other suspects' cards still count).",
        '000 "Setting up" 1 / 001 "Cada jugador elegirá una pieza"'),
    "weapon_rooms": OptionInfo(
        "Weapons' starting rooms",
        "\"different\": each weapon starts in a different random room; \"any\": two weapons may start "
        "in the same room.",
        '000 "Setting up" 2 / 001 "cuartos al azar"'),
    "eliminated_pushed_in": OptionInfo(
        "Out players step off doors",
        "On: when a wrong accusation puts a player out while their token blocks a door, the token "
        "moves into that room.",
        '000 "Secret passages and blocked doors" 2 / 001 "ACUSAR Y GANAR"'),
    "last_player_wins": OptionInfo(
        "Last player in wins",
        "On: when everyone else has accused wrongly, the one player still in wins at once.",
        '001 "ACUSAR Y GANAR"'),
}


@dataclass(frozen=True)
class Preset:
    """A named set of options for the setup screen: ``key`` (used on the
    command line and in saves), ``title`` and a plain-words ``description``,
    the ``source`` rules text, and the ``options``."""

    key: str
    title: str
    description: str
    source: str
    options: Options


#: The rule presets, classic first (the default).  House rules are switches
#: on top of any preset (see :data:`HOUSE_SWITCHES`).
PRESETS: dict[str, Preset] = {
    "classic": Preset(
        "classic", "Classic (U.S.)",
        "The classic rules: one die, move exactly the roll, all six suspects on the board, "
        "weapons in six different rooms, play on until somebody accuses correctly.",
        "000", CLASSIC),
    "cluedo-es": Preset(
        "cluedo-es", "Cluedo (Spain)",
        "Only the chosen characters are on the board, each weapon starts in its own random room, no staying "
        "in a room to suggest again, a player who is out steps off any door, and when everyone "
        "else has accused wrongly the last player still in wins.",
        "001",
        Options(all_suspects_on_board=False, last_player_wins=True)),
}

#: The house-rule switches of 002, as (option field, value when switched on).
HOUSE_SWITCHES: dict[str, tuple[str, Any]] = {
    "two-dice": ("dice", 2),
    "up-to": ("exact_roll", False),
    "stay": ("stay_to_suggest", True),
    "accuse-in-room": ("accuser_in_room", True),
}


def preset_options(preset: str = "classic", house: tuple[str, ...] | list[str] = ()) -> Options:
    """The options of ``preset`` with the named house switches turned on
    (``house`` names from :data:`HOUSE_SWITCHES`, e.g. ``("two-dice", "up-to")``).
    Raises ``ValueError`` for an unknown preset or switch."""
    if preset not in PRESETS:
        raise ValueError(f"unknown rules {preset!r}; choose one of {', '.join(PRESETS)}")
    data = PRESETS[preset].options.to_dict()
    for h in house:
        if h not in HOUSE_SWITCHES:
            raise ValueError(f"unknown house rule {h!r}; choose from {', '.join(HOUSE_SWITCHES)}")
        key, value = HOUSE_SWITCHES[h]
        data[key] = value
    return Options.from_dict(data)


def describe(options: Options) -> list[str]:
    """Plain-words lines for the options that differ from classic, e.g.
    ``["Dice: 2", "Stay to suggest again: on"]`` (empty for classic)."""
    out = []
    for k, v in options.differences().items():
        label = OPTION_INFO[k].label
        out.append(f"{label}: {'on' if v is True else 'off' if v is False else v}")
    return out
