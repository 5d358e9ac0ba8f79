""""Why not?": every illegal action explained in plain words, in the player's
language, with the rule it comes from.

Each :class:`~game.rules.errors.IllegalActionError` carries an English
``template`` with ``params``, a stable ``code`` and a ``rule`` citation such as
``'000 "How a turn works" 1'`` (the rules text's file number, said by its name).
:func:`explain` gives three parts:

* ``text``: the engine's own sentence, translated ("Roll the die before you move.");
* ``why``: the reason behind it, one sentence per ``code`` (:data:`WHY_BOARD`
  for the board game, :data:`WHY_CARDS` for the card game of 003);
* ``rule``: the citation ("Rule: Classic (U.S.), “How a turn works” 1"), with the section
  names of the English texts 000 and 002 translated (those of 001 and 003 are
  quoted as printed) -- for the log (stderr), not for a child;
* ``plain``: the rule in a few words a child reads ("Rule: You cannot walk
  through another token."): :data:`PLAIN_BOARD` / :data:`PLAIN_CARDS` per
  ``code``, or :data:`PLAIN_TEMPLATE` for a reason more precise than its code.

The message screen shows ``text`` and ``plain``; ``why`` and ``rule`` go to
the log (:meth:`Explanation.for_log`).

Pure Python (no pygame).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.text.i18n import N_, _, fmt, nfmt

#: The reason behind each code the board-game engine raises (game/rules/engine.py).
WHY_BOARD: dict[str, str] = {
    "game_over": N_("The game has ended, so nothing more can be played. Start a new game from the title screen."),
    "no_disprove": N_("A card is shown only after a suggestion, by a player who holds one of the named cards."),
    "not_named": N_("When you answer a suggestion, you may show only a card that was named in it."),
    "not_in_hand": N_("You can only show a card from your own hand."),
    "waiting_disprove": N_("After a suggestion, the players to the left answer first, one by one."),
    "already_moved": N_("You move once each turn: roll and walk, or take a secret passage."),
    "trapped": N_("Tokens standing in front of every door block the way out. Wait until one of them moves."),
    "passage_not_now": N_("A secret passage takes the place of the die roll, so it is only for the start of "
                          "your turn."),
    "no_passage": N_("Only the four corner rooms have secret passages, each one to the opposite corner."),
    "roll_first": N_("A turn starts with moving: roll the die, or take a secret passage from a corner room."),
    "unreachable": N_("Walk the number you rolled: up, down, left or right, never on the same square twice, never "
                      "through another token. Going into a room ends the move."),
    "not_in_room": N_("A suggestion always names the room you stand in, so you have to be inside a room."),
    "move_first": N_("A turn goes in order: move first, then suggest, then accuse if you want."),
    "suggest_again": N_("To suggest in the same room again, leave it and come back in on a later turn."),
    "one_suggestion": N_("You get one suggestion each turn, when you have just come into a room."),
    "bad_card": N_("A suggestion names one suspect and one weapon; an accusation names one suspect, one weapon and "
                   "one room."),
    "accused_twice": N_("Everybody gets only one accusation in the whole game, so use it when you are sure."),
    "accuse_in_room": N_("With this house rule you can only accuse the room your token stands in."),
    "unknown": N_("The game does not know this action."),
}

#: The reason behind each code the card-game engine raises (game/cardgame/engine.py, rules 003).
WHY_CARDS: dict[str, str] = {
    "game_over": WHY_BOARD["game_over"],
    "no_show": N_("A card is shown only when someone asks about two cards and you hold one of them."),
    "not_asked": N_("You may show only one of the two cards you were asked about."),
    "not_in_hand": WHY_BOARD["not_in_hand"],
    "waiting_show": N_("The player who was asked must show a card before anything else happens."),
    "no_join": N_("You can join an accusation only while another player is making one."),
    "waiting_join": N_("When a player accuses, everybody first decides whether to join in."),
    "bad_card": N_("Use only the evidence cards of this game: one person, one weapon and one location."),
    "same_card": N_("A question is about two different evidence cards."),
    "unknown": WHY_BOARD["unknown"],
}

#: Each board-game reason's rule in a few words (the message screen's "Rule:" line).
PLAIN_BOARD: dict[str, str] = {
    "game_over": N_("When someone wins, the game ends."),
    "no_disprove": N_("Show a card only when a suggestion names one you hold."),
    "not_named": N_("Only a card named in the suggestion may be shown."),
    "not_in_hand": N_("You can only show your own cards."),
    "waiting_disprove": N_("Players answer a suggestion one by one, going left."),
    "already_moved": N_("Roll, move, suggest, then accuse if you are sure."),
    "trapped": N_("You cannot walk through another token."),
    "passage_not_now": N_("Take a passage at the start of your turn, instead of rolling."),
    "no_passage": N_("Secret passages join opposite corner rooms."),
    "roll_first": N_("Roll, move, suggest, then accuse if you are sure."),
    "unreachable": N_("Walk the number you rolled; going into a room may take fewer."),
    "not_in_room": N_("A suggestion always names the room you are in."),
    "move_first": N_("Roll, move, suggest, then accuse if you are sure."),
    "suggest_again": N_("One suggestion each time you come into a room."),
    "one_suggestion": N_("Roll, move, suggest, then accuse if you are sure."),
    "bad_card": N_("Name one suspect and one weapon; an accusation also names a room."),
    "accused_twice": N_("Only one accusation in the whole game, so be sure first."),
    "accuse_in_room": N_("Stand in a room to accuse."),
}

#: Each card-game reason's rule in a few words (003).
PLAIN_CARDS: dict[str, str] = {
    "game_over": PLAIN_BOARD["game_over"],
    "no_show": N_("Show a card only when you are asked about one you hold."),
    "not_asked": N_("Show one of the two cards you were asked about."),
    "not_in_hand": PLAIN_BOARD["not_in_hand"],
    "waiting_show": N_("The player who was asked shows a card first."),
    "no_join": N_("You join an accusation only while someone accuses."),
    "waiting_join": N_("Everybody decides about joining first."),
    "bad_card": N_("Use one person, one weapon and one location."),
    "same_card": N_("Each question names two cards."),
}

#: Reasons whose rule is more precise than their code's (the engine's English template -> rule).
PLAIN_TEMPLATE: dict[str, str] = {
    "Another token stands on that square.": N_("You cannot stop on or walk through another token."),
    "Other tokens block every way to that square.": PLAIN_BOARD["trapped"],
    "Other tokens block every way into the {room}.": PLAIN_BOARD["trapped"],
    "You rolled {roll}: you must walk exactly {roll} square, without stepping on a square twice, unless you enter "
    "a room first.": N_("Never the same square twice in one turn."),
    "You cannot go back into the {room} in the same turn you left it.":
        N_("Never the same square or room twice in one turn."),
    "You can only stop on a corridor square or in a room.":
        N_("Tokens walk the corridor and go into rooms by the doors."),
}

#: Section names of the English rule texts (000, 002) as cited by the engines.
SECTIONS: dict[str, str] = {
    "How a turn works": N_("How a turn works"),
    "Suggestions": N_("Suggestions"),
    "Accusations": N_("Accusations"),
    "Secret passages and blocked doors": N_("Secret passages and blocked doors"),
    "How you win": N_("How you win"),
    "Setting up": N_("Setting up"),
    "Movement": N_("Movement"),
    "Making an Accusation": N_("Making an Accusation"),
}

#: Words the engines pass as parameters (the kind of card that is wrong).
WORDS: dict[str, str] = {"person": N_("person"), "weapon": N_("weapon"), "location": N_("location"),
                         "suspect": N_("suspect"), "room": N_("room")}


@dataclass(frozen=True)
class Explanation:
    """A refusal explained: ``text`` (what went wrong) and ``plain`` (its rule
    in a few words, "Rule: ..."; "" for none) for the message box; ``why``
    (the reason, in plain words) and ``rule`` (where it is written) for the log."""

    text: str
    why: str
    rule: str
    plain: str = ""

    def full(self) -> str:
        return "\n".join(p for p in (self.text, self.why, self.rule) if p)

    def for_log(self) -> str:
        """One line for stderr: what went wrong, why, and the citation."""
        return " | ".join(p for p in ("why not: " + self.text, self.why, self.rule) if p)


#: The name a player knows each rules text by (the files' numbers are the project's own, never shown).
RULE_SETS: dict[str, str] = {"000": N_("Classic (U.S.)"), "001": N_("Cluedo (Spain)"), "002": N_("House rules"),
                             "003": N_("Card game")}

_CITE = re.compile(r'^(?P<file>\d{3})\s+"(?P<section>[^"]+)"\s*(?P<rest>.*)$')


def rule_text(rule: str) -> str:
    """A rule citation in the current language, by the rules' names a player
    knows: ``'000 "How a turn works" 1'`` is "Rule: Classic (U.S.), “How a
    turn works” 1" (:data:`RULE_SETS`; the files' numbers are never shown).
    "" for none, and for a citation of no known rules text."""
    m = _CITE.match(rule) if rule else None
    if not m or m["file"] not in RULE_SETS:
        return ""
    section = m["section"]
    if m["file"] in ("000", "002") and section in SECTIONS:
        section = _(SECTIONS[section])
    rules, rest = _(RULE_SETS[m["file"]]), m["rest"].strip()
    if rest:
        return fmt("Rule: {rules}, “{section}” {part}", rules=rules, section=section, part=rest)
    return fmt("Rule: {rules}, “{section}”", rules=rules, section=section)


def explain(exc: Exception, game: str = "board") -> Explanation:
    """The :class:`Explanation` of an :class:`~game.rules.errors.IllegalActionError`
    (``game`` "board" or "cards" picks the table of reasons)."""
    template = getattr(exc, "template", None) or str(exc)
    params = dict(getattr(exc, "params", {}) or {})
    for k, v in list(params.items()):
        if isinstance(v, str) and v in WORDS:
            params[k] = _(WORDS[v])
    plural, count = getattr(exc, "plural", None), getattr(exc, "count", None)
    try:
        if plural is not None and count in params:
            text = nfmt(template, plural, params[count], **params)
        else:
            text = fmt(template, **params)
    except Exception:   # never fail while explaining: the engine's own words
        text = str(exc)
    table = WHY_CARDS if game == "cards" else WHY_BOARD
    code = getattr(exc, "code", "")
    why = _(table[code]) if code in table else ""
    plain = PLAIN_TEMPLATE.get(template) or (PLAIN_CARDS if game == "cards" else PLAIN_BOARD).get(code, "")
    return Explanation(text, why, rule_text(getattr(exc, "rule", "")), fmt("Rule: {rule}", rule=_(plain)) if plain else "")
