"""Hints for the detective notebook: what ONE player can work out from what that
player has seen, each conclusion with one plain sentence saying why.

Pure Python (no pygame).  Honesty: a hint is computed from one seat's view only
(:class:`game.rules.view.SeatView` or :class:`game.cardgame.engine.CardView`),
exactly what a person at the table knows — never from the game itself, other
hands or the envelope.

The core (:func:`deduce`) is generic: a :class:`Table` holds this seat's hand,
the hand sizes, the card piles (one card of each goes to the envelope, 000
"Setting up" 5; the card game's Crime card, 003) and the :class:`Question`\\ s
seen (who asked about which cards, who had no card, who showed and, when this
seat saw it, which card).  The events are read by each game mode's one reader
into a :class:`~game.knowledge.record.Record` (:mod:`game.rules.reading`,
:mod:`game.cardgame.reading`; the computer players read the same record), and
:func:`table` turns it into a :class:`Table`: :func:`board_hints` (board game,
3 cards per question) and :func:`card_game_hints` (card game, 2 cards per
question, face-up cards).

The deduction rules, chained until nothing new follows (each has its own
sentence; the first rule that settles a card gives its reason):

* **hand** — a card in my hand is mine (000 "Setting up" 7);
* **shown** — a card shown to me is held by the player who showed it (000
  "Suggestions" 5; 003 "Prendre el teu torn");
* **looked / revealed** — the envelope cards I saw after my own accusation
  (000 "Accusations" 2) or that the end of the game laid out (000
  "Accusations" 3);
* **no card** — a player who could not show a card holds none of the asked
  cards (000 "Suggestions" 4); no hint by itself, it feeds the rules below;
* **full hand** — a player whose known cards fill their hand holds nothing
  else (000 "Setting up" 6: the hand sizes are known); no hint by itself;
* **only owner** — a card that only one place can hold is there: "Nobody could
  show a card for the Rope, and you don't hold it: it is in the envelope.";
* **showed** — a player who showed a card for a question and cannot hold the
  other asked cards holds the remaining one (000 "Suggestions" 3);
* **envelope known** — once a pile's envelope card is known, every other card
  of that pile is in somebody's hand (000 "Setting up" 5);
* **last of a pile** — when every other card of a pile is in somebody's hand,
  the last one is in the envelope;
* **only these** — a player who can hold exactly as many cards as their hand
  size holds all of them;
* **wrong accusation** — an accusation that was wrong cannot be the envelope, so
  when two of its cards are in the envelope the third is not (000
  "Accusations" 4).

Every rule is a certain consequence of the view, so a hint never claims more
than an exact count of the consistent deals (:mod:`game.ai.knowledge`) proves.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable

from game.core.notebook import DEFAULT_NOTEBOOK_MODE, NOTEBOOK_MODES  # noqa: F401  (both games' setups)
from game.knowledge.record import Question, Record
from game.text.i18n import N_, _, card, fmt, nfmt

if TYPE_CHECKING:   # only for the annotations: this module never needs the engines
    from game.cardgame.engine import CardView
    from game.rules.view import SeatView

__all__ = ["BOARD_WORDS", "BOARD_WORDS_ABOUT", "CARD_GAME_WORDS", "CARD_GAME_WORDS_ABOUT", "DEFAULT_NOTEBOOK_MODE", "Hint", "InconsistentViewError",
           "NOTEBOOK_MODES", "NOTEBOOK_MODE_NAMES", "Question", "Table", "Wording", "board_hints", "board_table",
           "card_game_hints", "card_game_table", "deduce", "or_list", "player_name", "table"]

#: The English names of the modes, for the setup button (translated there).
NOTEBOOK_MODE_NAMES: dict[str, str] = {"manual": N_("Manual"), "assisted": N_("Assisted"), "hints": N_("Hints")}


@dataclass(frozen=True)
class Hint:
    """One conclusion about ``card`` (a card id): ``envelope`` True when it is
    in the envelope (case file); False when somebody holds it, ``holder`` that
    seat when it is known (None: "somebody, but who is not known yet");
    ``reason`` one plain sentence in the current language."""

    card: str
    envelope: bool
    holder: int | None
    reason: str


@dataclass(frozen=True)
class Table:
    """Everything one seat knows, in the generic form :func:`deduce` reads.

    ``seat`` is me; ``hand`` my cards; ``hand_sizes`` the number of cards of
    each seat; ``categories`` the piles (one card of each is in the envelope);
    ``questions`` in the order they were asked; ``looked`` envelope cards I saw
    in secret; ``revealed`` envelope cards laid out for everybody at the end;
    ``wrong`` the ``(player, cards)`` of wrong accusations everybody heard;
    ``face_up`` cards lying face up (in nobody's hand and not in the envelope;
    they are left out of ``categories``)."""

    seat: int
    hand: frozenset[str]
    hand_sizes: tuple[int, ...]
    categories: tuple[tuple[str, ...], ...]
    questions: tuple[Question, ...] = ()
    looked: tuple[str, ...] = ()
    revealed: tuple[str, ...] = ()
    wrong: tuple[tuple[int, tuple[str, ...]], ...] = ()
    face_up: frozenset[str] = field(default_factory=frozenset)


class InconsistentViewError(ValueError):
    """The view contradicts itself (for example a card shown by two players):
    no real game can produce it."""


# --------------------------------------------------------------- sentences
def or_list(cards: list[str]) -> str:
    """ "the Rope, the Knife or the Hall" in the current language (card ids)."""
    names = [card(c, "the") for c in cards]
    if len(names) == 1:
        return names[0]
    return _("{first} or {last}").format(first=", ".join(names[:-1]), last=names[-1])


@dataclass(frozen=True)
class Wording:
    """The sentences of the hints that name the hidden cards' place: "the
    envelope" in the board game (000), "under the Crime card" in the card
    game (003 "la targeta de Crim").  English msgids, translated when used;
    the per-pile ones are (suspects/persons, weapons, rooms/locations)."""

    looked: str
    revealed: str
    nobody: str
    no_other: str
    has_it: str
    last_of_pile: tuple[str, str, str]
    pile_known: tuple[str, str, str]
    wrong: str


BOARD_WORDS = Wording(
    looked=N_("You looked in the envelope: {card_the} is in it."),
    revealed=N_("The game is over: {card_the} was in the envelope."),
    nobody=N_("Nobody could show a card for {card_the}, and you don't hold it: it is in the envelope."),
    no_other=N_("No other player can have {card_the}, and you don't hold it: it is in the envelope."),
    has_it=N_("{who} has {card_the}: nobody else can have it, and it is not in the envelope."),
    last_of_pile=(N_("Every other suspect is in somebody's hand, so {card_the} is in the envelope."),
                  N_("Every other weapon is in somebody's hand, so {card_the} is in the envelope."),
                  N_("Every other room is in somebody's hand, so {card_the} is in the envelope.")),
    pile_known=(N_("{env_the} is the suspect in the envelope, so {card_the} is in somebody's hand."),
                N_("{env_the} is the weapon in the envelope, so {card_the} is in somebody's hand."),
                N_("{env_the} is the room in the envelope, so {card_the} is in somebody's hand.")),
    wrong=N_("{who} accused wrongly, and {x_the} and {y_the} from that accusation are in the envelope, so "
             "{card_the} is not."),
)

CARD_GAME_WORDS = Wording(
    looked=N_("You looked under the Crime card: {card_the} is there."),
    revealed=N_("The game is over: {card_the} was under the Crime card."),
    nobody=N_("Nobody could show a card for {card_the}, and you don't hold it: it is under the Crime card."),
    no_other=N_("No other player can have {card_the}, and you don't hold it: it is under the Crime card."),
    has_it=N_("{who} has {card_the}: nobody else can have it, and it is not under the Crime card."),
    last_of_pile=(N_("Every other person is in somebody's hand, so {card_the} is under the Crime card."),
                  N_("Every other weapon is in somebody's hand, so {card_the} is under the Crime card."),
                  N_("Every other location is in somebody's hand, so {card_the} is under the Crime card.")),
    pile_known=(N_("{env_the} is the person under the Crime card, so {card_the} is in somebody's hand."),
                N_("{env_the} is the weapon under the Crime card, so {card_the} is in somebody's hand."),
                N_("{env_the} is the location under the Crime card, so {card_the} is in somebody's hand.")),
    wrong=N_("{who} accused wrongly, and {x_the} and {y_the} from that accusation are under the Crime card, so "
             "{card_the} is not."),
)

#: The same sentences about the seat by its name ``{me}`` instead of "you":
#: the facts of a computer's detective report, read to the whole table (:mod:`game.learning.report`).
BOARD_WORDS_ABOUT = replace(
    BOARD_WORDS,
    looked=N_("{me} looked in the envelope: {card_the} is in it."),
    nobody=N_("Nobody could show a card for {card_the}, and {me} does not hold it: it is in the envelope."),
    no_other=N_("No other player can have {card_the}, and {me} does not hold it: it is in the envelope."),
)
CARD_GAME_WORDS_ABOUT = replace(
    CARD_GAME_WORDS,
    looked=N_("{me} looked under the Crime card: {card_the} is there."),
    nobody=N_("Nobody could show a card for {card_the}, and {me} does not hold it: it is under the Crime card."),
    no_other=N_("No other player can have {card_the}, and {me} does not hold it: it is under the Crime card."),
)


# ------------------------------------------------------------------- core
class _Solver:
    """The fixed point of the rules over one :class:`Table`.  ``possible[c]``
    is the set of places card ``c`` may be: seats ``0..n-1`` and the envelope
    ``n``.  Cards in ``blind`` are never placed by the reasoning rules (only
    by what was seen: :meth:`start`)."""

    def __init__(self, table: Table, name: Callable[[int], str], words: Wording = BOARD_WORDS,
                 blind: frozenset[str] = frozenset()) -> None:
        self.t = table
        self.blind = blind
        self._reasoning = False
        self.name = name
        self.w = words
        n = self.env = len(table.hand_sizes)
        self.cards = [c for pile in table.categories for c in pile]
        self.possible: dict[str, set[int]] = {c: set(range(n + 1)) for c in self.cards}
        self.said_no: set[tuple[int, str]] = set()     # (player, card): "could not show" for this card
        self.hints: dict[str, Hint] = {}

    # -- facts
    def _record(self, hint: Hint) -> None:
        self.hints.pop(hint.card, None)     # an upgrade moves to the end: the order of discovery
        self.hints[hint.card] = hint

    def fix(self, c: str, owner: int, reason: str) -> bool:
        """``c`` is at ``owner``; returns True when that is new."""
        if c not in self.possible or (self._reasoning and c in self.blind):
            return False
        if owner not in self.possible[c]:
            raise InconsistentViewError(f"{c} cannot be at {owner} and yet is there")
        if self.possible[c] == {owner} and self.settled(c):
            return False
        self.possible[c] = {owner}
        env = owner == self.env
        self._record(Hint(c, env, None if env else owner, reason))
        return True

    def exclude(self, c: str, owner: int, reason: str | None = None) -> bool:
        """``c`` is not at ``owner``.  Leaving the envelope gives the hint
        "somebody holds it" with ``reason``.  Returns True when that is new."""
        if c not in self.possible or owner not in self.possible[c] or (self._reasoning and c in self.blind):
            return False
        self.possible[c].discard(owner)
        if not self.possible[c]:
            raise InconsistentViewError(f"{c} can be nowhere")
        if owner == self.env and reason is not None and c not in self.hints:
            self._record(Hint(c, False, None, reason))
        return True

    def settled(self, c: str) -> bool:
        """True when a hint already says exactly where ``c`` is."""
        h = self.hints.get(c)
        return h is not None and (h.envelope or h.holder is not None)

    # -- the rules, most direct first; each returns True when it found something
    def start(self) -> None:
        """What was seen directly: my hand, cards shown to me, the envelope
        cards seen, and who could not show a card."""
        t, me = self.t, self.t.seat
        for c in self.cards:
            if c in t.hand:
                self.fix(c, me, fmt("You have {card_the} in your hand.", card=c))
            else:
                self.exclude(c, me)
        for q in t.questions:
            if q.shown is not None and q.shower is not None and q.shower != me:
                self.fix(q.shown, q.shower, fmt("{who} showed you {card_the}.", who=self.name(q.shower), card=q.shown))
        for c in t.looked:
            self.fix(c, self.env, fmt(self.w.looked, card=c, me=self.name(me)))
        for c in t.revealed:
            self.fix(c, self.env, fmt(self.w.revealed, card=c))
        for q in t.questions:
            for p in q.no_card:
                for c in q.cards:
                    if c in self.possible:
                        self.said_no.add((p, c))
                        self.exclude(c, p)

    def only_owner(self) -> bool:
        """A card that only one place can hold is there."""
        found = False
        for c in self.cards:
            if len(self.possible[c]) != 1 or self.settled(c):
                continue
            (o,) = self.possible[c]
            if o == self.env:
                others = [p for p in range(self.env) if p != self.t.seat]
                if all((p, c) in self.said_no for p in others):
                    why = fmt(self.w.nobody, card=c, me=self.name(self.t.seat))
                else:
                    why = fmt(self.w.no_other, card=c, me=self.name(self.t.seat))
            else:
                why = fmt(self.w.has_it, who=self.name(o), card=c)
            found |= self.fix(c, o, why)
        return found

    def showed(self) -> bool:
        """A player who showed a card for a question and cannot hold the other
        asked cards holds the remaining one."""
        found = False
        for q in self.t.questions:
            s = q.shower
            if s is None or q.shown is not None:
                continue
            cand = [c for c in q.cards if c in self.possible and s in self.possible[c]]
            if not cand:
                raise InconsistentViewError(f"player {s} showed a card for {q.cards} but can hold none")
            if len(cand) == 1 and not self.settled(cand[0]):
                why = fmt("{who} showed a card for {asked}, and {card_the} is the only one of them {who} can have.",
                          who=self.name(s), asked=or_list(list(q.cards)), card=cand[0])
                found |= self.fix(cand[0], s, why)
        return found

    def full_hands(self) -> bool:
        """A player whose known cards fill their hand holds nothing else."""
        found = False
        for p, size in enumerate(self.t.hand_sizes):
            mine = [c for c in self.cards if self.possible[c] == {p}]
            if len(mine) == size:
                for c in self.cards:
                    if self.possible[c] != {p}:
                        found |= self.exclude(c, p)
        return found

    def envelope_known(self) -> bool:
        """Once a pile's envelope card is known, the others are in somebody's hand."""
        found = False
        for k, pile in enumerate(self.t.categories):
            env = [c for c in pile if self.possible[c] == {self.env}]
            if not env:
                continue
            for c in pile:
                if c != env[0] and self.env in self.possible[c]:
                    found |= self.exclude(c, self.env, fmt(self.w.pile_known[min(k, 2)], env=env[0], card=c))
        return found

    def last_of_pile(self) -> bool:
        """When every other card of a pile is in somebody's hand, the last one is in the envelope."""
        found = False
        for k, pile in enumerate(self.t.categories):
            left = [c for c in pile if self.env in self.possible[c]]
            if len(left) == 1 and not self.settled(left[0]):
                found |= self.fix(left[0], self.env, fmt(self.w.last_of_pile[min(k, 2)], card=left[0]))
        return found

    def only_these(self) -> bool:
        """A player who can hold exactly as many cards as their hand size holds them all."""
        found = False
        for p, size in enumerate(self.t.hand_sizes):
            cand = [c for c in self.cards if p in self.possible[c]]
            if len(cand) < size:
                raise InconsistentViewError(f"player {p} holds {size} cards but only {len(cand)} are possible")
            if len(cand) == size:
                for c in cand:
                    if not self.settled(c):
                        why = nfmt("{who} holds {n} card, and only {n} card is left that {who} could have: "
                                   "{card_the}.",
                                   "{who} holds {n} cards, and only {n} cards are left that {who} could have: "
                                   "{card_the} is one of them.", size, who=self.name(p), card=c)
                        found |= self.fix(c, p, why)
        return found

    def wrong_accusations(self) -> bool:
        """A wrong accusation is not the envelope: two of its cards in the
        envelope mean the third is not."""
        found = False
        for p, cards in self.t.wrong:
            inside = [c for c in cards if c in self.possible and self.possible[c] == {self.env}]
            rest = [c for c in cards if c in self.possible and c not in inside]
            if len(inside) == 2 and len(rest) == 1 and self.env in self.possible[rest[0]]:
                why = fmt(self.w.wrong, who=self.name(p), x=inside[0], y=inside[1], card=rest[0])
                found |= self.exclude(rest[0], self.env, why)
        return found

    def run(self) -> dict[str, Hint]:
        self.start()
        self._reasoning = True
        rules = (self.only_owner, self.showed, self.full_hands, self.envelope_known, self.last_of_pile,
                 self.only_these, self.wrong_accusations)
        while any(rule() for rule in rules):   # any() stops at the first rule that found something
            pass
        return self.hints


def deduce(table: Table, name: Callable[[int], str], words: Wording = BOARD_WORDS,
           blind: frozenset[str] = frozenset()) -> dict[str, Hint]:
    """Every conclusion ``table``'s seat can draw, as ``{card id: Hint}`` in the
    order they were found (a later hint may build on an earlier one).  Cards
    nothing is known about are absent; face-up cards are never listed.

    ``name(seat)`` names a player in sentences: a card id (a suspect, so that
    its forms "the"/"of"/"to" are used) or a plain name ("Player 2");
    ``words`` says where the hidden cards are (:data:`BOARD_WORDS`, the
    envelope, or :data:`CARD_GAME_WORDS`, under the Crime card);
    ``blind`` card ids the reasoning rules never place (what a detective who
    missed those deductions knows: :mod:`game.learning.report`), only what was seen
    places them.  Raises :class:`InconsistentViewError` for a view no real
    game can produce (for example a full hand with a card that a player said
    they did not have)."""
    total = sum(len(p) for p in table.categories)
    if sum(table.hand_sizes) + len(table.categories) != total:
        raise ValueError(f"hand sizes {table.hand_sizes} and {len(table.categories)} envelope cards do not add "
                         f"up to {total} cards")
    return _Solver(table, name, words, frozenset(blind)).run()


# ---------------------------------------------------------------- adapters
def table(record: Record) -> Table:
    """The :class:`Table` of a seat's :class:`~game.knowledge.record.Record`
    (written by its game mode's one reader: :mod:`game.rules.reading`,
    :mod:`game.cardgame.reading`)."""
    return Table(record.seat, record.hand, record.hand_sizes, record.piles, tuple(record.questions),
                 record.looked, record.revealed, tuple(record.wrong), record.face_up)


def board_table(view: "SeatView") -> Table:
    """The :class:`Table` of a board-game :class:`~game.rules.view.SeatView`
    (read by :class:`game.rules.reading.BoardReader`): all 21 cards in three
    piles whatever the rule options (001 "21 tarjetas": an unplayed suspect's
    card still counts), questions from the suggestions (000 "Suggestions"
    3-4), the envelope after my own accusation (000 "Accusations" 2) or at the
    end, and the wrong accusations of others (000 "Accusations" 4)."""
    from game.rules.reading import read

    return table(read(view))


def board_hints(view: "SeatView", name: Callable[[int], str] | None = None) -> dict[str, Hint]:
    """The hints of a board-game seat, ``{card id: Hint}`` in the order found
    (see :func:`deduce`).  Players are named by their suspects
    (``view.seats``) unless ``name`` is given.  Raises
    :class:`InconsistentViewError` for an impossible view."""
    return deduce(board_table(view), name or (lambda p: view.seats[p]))


def player_name(seat: int) -> str:
    """ "Player 2" for seat 1, in the current language (the card game's seats)."""
    return fmt("Player {n}", n=seat + 1)


def card_game_table(view: "CardView") -> Table:
    """The :class:`Table` of a card-game :class:`~game.cardgame.engine.CardView`
    (read by :class:`game.cardgame.reading.CardReader`): the piles in play
    without the face-up cards (003 "Si podeu veure una targeta de prova, no
    pot estar a sota de la targeta de crim"), questions from ``Asked`` /
    ``NoCard`` / ``CardShown`` (003 "Prendre el teu torn"), the Crime cards
    seen after my own lone accusation or at the end."""
    from game.cardgame.reading import read

    return table(read(view))


def card_game_hints(view: "CardView", name: Callable[[int], str] | None = None) -> dict[str, Hint]:
    """The hints of a card-game seat, ``{card id: Hint}`` in the order found
    (see :func:`deduce`; face-up cards are never listed).  Players are
    "Player 1", "Player 2" ... unless ``name`` is given.  Raises
    :class:`InconsistentViewError` for an impossible view."""
    return deduce(card_game_table(view), name or player_name, CARD_GAME_WORDS)
