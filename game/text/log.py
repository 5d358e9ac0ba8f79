"""The game log: public events in plain words, as anybody at the table saw them.

Every line is a translatable sentence (see :mod:`game.text.i18n`) with the names
as parameters: ``{who}`` is a player's suspect (``{who_the}``, ``{who_of}``,
``{who_to}`` are its forms with an article), and card parameters offer the same
forms (``{weapon_the}``, ``{room_in}`` ...).  Lines come out in the language in
use (English unless :func:`game.text.i18n.set_language` chose another).
"""

from __future__ import annotations

from game.rules import events as ev
from game.text.i18n import and_list, card, fmt, nfmt


def describe(event: ev.Event, seats: tuple[str, ...]) -> str | None:
    """One line in plain words for a public event, or None for events that are
    not worth a line.  ``seats`` gives the suspect of each seat.  Private parts
    are never printed: pass a redacted event (see :func:`game.rules.events.public`)."""
    def who(i: int) -> str:
        return seats[i]

    e = event
    if isinstance(e, ev.GameStarted):
        return fmt("The game begins. {names} are at the table.",
                   names=and_list([card(s, "the") for s in e.seats]))
    if isinstance(e, ev.HandDealt):
        return None
    if isinstance(e, ev.TurnStarted):
        return fmt("It is {who}'s turn.", who=who(e.player))
    if isinstance(e, ev.DieRolled):
        if len(e.dice) == 1:
            return fmt("{who} rolls a {total}.", who=who(e.player), total=e.total)
        return fmt("{who} rolls {dice} = {total}.", who=who(e.player), dice=" + ".join(map(str, e.dice)),
                   total=e.total)
    if isinstance(e, ev.TokenMoved):
        if e.passage:
            return fmt("{suspect} takes the secret passage to the {room}.", suspect=e.suspect, room=str(e.end))
        if isinstance(e.end, str):
            return fmt("{suspect} walks into the {room}.", suspect=e.suspect, room=e.end)
        steps = len(e.path)
        return nfmt("{suspect} walks {n} square.", "{suspect} walks {n} squares.", steps, suspect=e.suspect)
    if isinstance(e, ev.NoMoves):
        return fmt("{who} is blocked in and cannot move.", who=who(e.player))
    if isinstance(e, ev.SuggestionMade):
        return fmt("{who} suggests it was {suspect}, with the {weapon}, in the {room}.", who=who(e.player),
                   suspect=e.suspect, weapon=e.weapon, room=e.room)
    if isinstance(e, ev.TokenSummoned):
        return fmt("{suspect} is called into the {room}.", suspect=e.suspect, room=e.room)
    if isinstance(e, ev.WeaponMoved):
        return fmt("The {weapon} is brought into the {room}.", weapon=e.weapon, room=e.room)
    if isinstance(e, ev.CannotDisprove):
        return fmt("{who} has none of those cards.", who=who(e.player))
    if isinstance(e, ev.DisproveRequested):
        return fmt("{who} has a card to show.", who=who(e.player))
    if isinstance(e, ev.CardShown):
        if e.card is not None:
            return fmt("{by} shows {to} the {card}.", by=who(e.by), to=who(e.to), card=e.card)
        return fmt("{by} shows {to} a card in secret.", by=who(e.by), to=who(e.to))
    if isinstance(e, ev.NobodyDisproved):
        return fmt("Nobody can show {who} a card!", who=who(e.player))
    if isinstance(e, ev.AccusationMade):
        return fmt("{who} accuses {suspect}, with the {weapon}, in the {room}!", who=who(e.player),
                   suspect=e.suspect, weapon=e.weapon, room=e.room)
    if isinstance(e, ev.EnvelopeSeen):
        return None
    if isinstance(e, ev.PlayerEliminated):
        return fmt("{who} was wrong and is out of the race, but still shows cards.", who=who(e.player))
    if isinstance(e, ev.TokenPushedIn):
        return fmt("{suspect} steps off the doorway into the {room}.", suspect=e.suspect, room=e.room)
    if isinstance(e, ev.TurnEnded):
        return None
    if isinstance(e, ev.GameWon) and e.last_standing:
        return fmt("Everybody else is out, so {who} wins! The envelope held {suspect}, the {weapon} and the "
                   "{room}.", who=who(e.player), suspect=e.suspect, weapon=e.weapon, room=e.room)
    if isinstance(e, ev.GameWon):
        return fmt("{who} solved the case: {suspect}, with the {weapon}, in the {room}. {who} wins!",
                   who=who(e.player), suspect=e.suspect, weapon=e.weapon, room=e.room)
    if isinstance(e, ev.GameOverNoWinner):
        return fmt("Everybody is out. The envelope held {suspect}, the {weapon} and the {room}. Nobody wins.",
                   suspect=e.suspect, weapon=e.weapon, room=e.room)
    return None


def line_cards(event: ev.Event) -> tuple[str, ...]:
    """The cards a log line of the public ``event`` may show as small pictures:
    the three named by a suggestion (000 "Suggestions" 1), an accusation (000
    "Accusations" 1: said aloud) or the envelope laid open at the end (000
    "Accusations" 3); nothing for any other event.  A card shown in secret
    (:class:`~game.rules.events.CardShown`) is never one of them, redacted or
    not: it is private to the two players (000 "Suggestions" 3)."""
    if isinstance(event, (ev.SuggestionMade, ev.AccusationMade, ev.GameWon, ev.GameOverNoWinner)):
        return (event.suspect, event.weapon, event.room)
    return ()
