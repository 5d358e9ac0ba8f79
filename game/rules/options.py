"""Rule options.  Classic U.S. rules (000) are the defaults.

Later presets (Spanish Cluedo 001, house rules 002) only change these fields;
the engine reads every rule difference from here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Options:
    """A set of rule options.

    ``dice``: how many six-sided dice a movement roll uses (000: 1).
    ``exact_roll``: True = move exactly the roll unless a room is entered first
    (000 "How a turn works" 1-3); False = move up to the roll (002 "Movement").
    ``stay_to_suggest``: True = a player may stay in a room and suggest again
    without leaving (002 house rule); False = classic.
    ``accuser_in_room``: True = an accusation must name the room the accuser
    stands in (002 house rule); False = any room (000 "Accusations" 1).
    """

    dice: int = 1
    exact_roll: bool = True
    stay_to_suggest: bool = False
    accuser_in_room: bool = False


CLASSIC = Options()
