"""The game log: public events in plain words, as anybody at the table saw them."""

from __future__ import annotations

from game.rules import events as ev
from game.rules.cards import name


def describe(event: ev.Event, seats: tuple[str, ...]) -> str | None:
    """One line in plain words for a public event, or None for events that are
    not worth a line.  ``seats`` gives the suspect of each seat.  Private parts
    are never printed: pass a redacted event (see :func:`game.rules.events.public`)."""
    def who(i: int) -> str:
        return name(seats[i])

    e = event
    if isinstance(e, ev.GameStarted):
        names = [name(s) for s in e.seats]
        return f"The game begins. {', '.join(names[:-1])} and {names[-1]} are at the table."
    if isinstance(e, ev.HandDealt):
        return None
    if isinstance(e, ev.TurnStarted):
        return f"It is {who(e.player)}'s turn."
    if isinstance(e, ev.DieRolled):
        if len(e.dice) == 1:
            return f"{who(e.player)} rolls a {e.total}."
        return f"{who(e.player)} rolls {' + '.join(map(str, e.dice))} = {e.total}."
    if isinstance(e, ev.TokenMoved):
        if e.passage:
            return f"{name(e.suspect)} takes the secret passage to the {name(str(e.end))}."
        if isinstance(e.end, str):
            return f"{name(e.suspect)} walks into the {name(e.end)}."
        steps = len(e.path)
        return f"{name(e.suspect)} walks {steps} square{'s' if steps != 1 else ''}."
    if isinstance(e, ev.NoMoves):
        return f"{who(e.player)} is blocked in and cannot move."
    if isinstance(e, ev.SuggestionMade):
        return (f"{who(e.player)} suggests it was {name(e.suspect)}, with the {name(e.weapon)}, "
                f"in the {name(e.room)}.")
    if isinstance(e, ev.TokenSummoned):
        return f"{name(e.suspect)} is called into the {name(e.room)}."
    if isinstance(e, ev.WeaponMoved):
        return f"The {name(e.weapon)} is brought into the {name(e.room)}."
    if isinstance(e, ev.CannotDisprove):
        return f"{who(e.player)} has none of those cards."
    if isinstance(e, ev.DisproveRequested):
        return f"{who(e.player)} has a card to show."
    if isinstance(e, ev.CardShown):
        if e.card is not None:
            return f"{who(e.by)} shows {who(e.to)} the {name(e.card)}."
        return f"{who(e.by)} shows {who(e.to)} a card in secret."
    if isinstance(e, ev.NobodyDisproved):
        return f"Nobody can show {who(e.player)} a card!"
    if isinstance(e, ev.AccusationMade):
        return (f"{who(e.player)} accuses {name(e.suspect)}, with the {name(e.weapon)}, "
                f"in the {name(e.room)}!")
    if isinstance(e, ev.EnvelopeSeen):
        return None
    if isinstance(e, ev.PlayerEliminated):
        return f"{who(e.player)} was wrong and is out of the race, but still shows cards."
    if isinstance(e, ev.TokenPushedIn):
        return f"{name(e.suspect)} steps off the doorway into the {name(e.room)}."
    if isinstance(e, ev.TurnEnded):
        return None
    if isinstance(e, ev.GameWon) and e.last_standing:
        return (f"Everybody else is out, so {who(e.player)} wins! The envelope held {name(e.suspect)}, "
                f"the {name(e.weapon)} and the {name(e.room)}.")
    if isinstance(e, ev.GameWon):
        return (f"{who(e.player)} solved the case: {name(e.suspect)}, with the {name(e.weapon)}, "
                f"in the {name(e.room)}. {who(e.player)} wins!")
    if isinstance(e, ev.GameOverNoWinner):
        return (f"Everybody is out. The envelope held {name(e.suspect)}, the {name(e.weapon)} "
                f"and the {name(e.room)}. Nobody wins.")
    return None
