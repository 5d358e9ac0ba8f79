"""The card game's public log in plain words, in the language in use.

Like :mod:`game.text.log` for the board game: every line is a translatable
sentence with the names as parameters (``{who}`` is the suspect token a seat
plays, with its forms ``{who_the}``, ``{who_to}`` ...; card parameters offer
``{card_the}`` ...).  Only redacted events may be passed
(:func:`game.cardgame.events.for_seat` with seat ``-1``): a shown card or a
face-down accusation is never printed (003 "T'han d'ensenyar la targeta de
manera que els altres jugadors no vegin quina carta s'ha mostrat").
"""

from __future__ import annotations

from game.cardgame import events as ev
from game.text.i18n import _, and_list, card, fmt


def public(event: ev.Event) -> ev.Event:
    """What everybody at the table may see of ``event``."""
    return ev.for_seat(event, -1)


def crime_line(crime: tuple[str, str, str]) -> str:
    """ "It was Mr. Green, with the Rope, in the Kitchen." """
    s, w, r = crime
    return fmt("It was {s}, with the {w}, in the {r}.", s=s, w=w, r=r)


def accusation_line(who: str, triple: tuple[str, str, str]) -> str:
    """ "Miss Scarlet: Mr. Green, with the Rope, in the Kitchen." (one revealed accusation)"""
    s, w, r = triple
    return fmt("{who}: {s}, with the {w}, in the {r}.", who=who, s=s, w=w, r=r)


def describe(event: ev.Event, seats: tuple[str, ...]) -> str | None:
    """One public line for a redacted card-game ``event``, or None for events
    not worth a line.  ``seats`` gives the suspect token of each seat."""
    e = event
    if isinstance(e, ev.GameStarted):
        up = [card(c, "the") for c in e.face_up]
        deck = _("Advanced game, with the + cards.") if e.advanced else _("Normal game.")
        if up:
            table = fmt("Face up for everybody: {cards}.", cards=and_list(up))
        else:
            table = _("No cards lie face up.")
        return " ".join((deck, table, fmt("{who} starts.", who=seats[e.first])))
    if isinstance(e, ev.TurnStarted):
        return fmt("It is {who}'s turn.", who=seats[e.player])
    if isinstance(e, ev.Asked):
        return fmt("{who} asks about {first_the} and {second_the}.", who=seats[e.player], first=e.cards[0],
                   second=e.cards[1])
    if isinstance(e, ev.NoCard):
        return fmt("{who} has neither card.", who=seats[e.player])
    if isinstance(e, ev.CardShown):
        return fmt("{who} shows {asker} a card.", who=seats[e.by], asker=seats[e.to])
    if isinstance(e, ev.NobodyShowed):
        return fmt("Nobody could show {who} a card.", who=seats[e.player])
    if isinstance(e, ev.AccusationStarted):
        return fmt("{who} makes an accusation! The others may accuse too.", who=seats[e.player])
    if isinstance(e, ev.AccusationPlaced):
        return fmt("{who} puts an accusation face down.", who=seats[e.player])
    if isinstance(e, ev.JoinDeclined):
        return fmt("{who} does not accuse.", who=seats[e.player])
    if isinstance(e, ev.AccusationsRevealed):
        return " ".join([_("The accusations are turned over, in this order:")]
                        + [accusation_line(seats[p], t) for p, t in e.accusations])
    if isinstance(e, ev.CrimeSeen):
        return fmt("{who} looks under the Crime card in secret.", who=seats[e.player])
    if isinstance(e, ev.AccusationWrong):
        return fmt("{who} was wrong and is out, but still answers questions.", who=seats[e.player])
    if isinstance(e, ev.GameWon):
        return fmt("{name} solved the case!", name=seats[e.player]) + " " + crime_line(e.crime)
    if isinstance(e, ev.EverybodyLost):
        return _("Every accusation was wrong: everybody loses.") + " " + crime_line(e.crime)
    if isinstance(e, ev.NoPlayersLeft):
        return _("Everybody is out: nobody wins.") + " " + crime_line(e.crime)
    return None


def line_cards(event: ev.Event) -> tuple[str, ...]:
    """The cards a log line of the public ``event`` may show as small pictures:
    the cards lying face up (003 "Preparació"), the two asked about (003
    "Prendre el teu torn") and the Crime cards at the end (003 "Acusació");
    nothing for any other event (the accusations turned over are words only:
    up to six of them would not fit one line).  A card
    shown in secret (:class:`~game.cardgame.events.CardShown`) and an
    accusation still face down (:class:`~game.cardgame.events.AccusationPlaced`)
    are never among them, redacted or not."""
    if isinstance(event, ev.GameStarted):
        return tuple(event.face_up)
    if isinstance(event, ev.Asked):
        return tuple(event.cards)
    if isinstance(event, (ev.GameWon, ev.EverybodyLost, ev.NoPlayersLeft)):
        return tuple(event.crime)
    return ()
