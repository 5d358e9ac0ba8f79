"""The rules engine of the 2018 Clue Card Game (003), pure Python.

Same style as the board game (:class:`game.rules.engine.Game`): drive a
:class:`CardGame` with :meth:`CardGame.legal_actions` and
:meth:`CardGame.apply`; every action is taken by :attr:`CardGame.actor`;
illegal actions raise :class:`~game.core.errors.IllegalActionError` with a
plain-words message, a ``code`` and a rule citation; each seat sees only
:meth:`CardGame.view`.  A game is determined by its :class:`CardSetup` and its
actions (:meth:`CardGame.replay`).

Turn structure (003 "Prendre el teu torn", "Acusació"):

* ``ask`` phase, the player whose turn it is: :class:`Ask` about two evidence
  cards, or :class:`Accuse`.
* ``show`` phase: the first player to the asker's left holding an asked card
  must :class:`Show` one (choosing if they hold both); players holding neither
  say so (:class:`~game.cardgame.events.NoCard`) and the question passes left,
  including players who are out (003 "encara has de respondre sincerament").
  Once a card is shown, or everybody said no, the turn passes left.
* ``join`` phase after an accusation: each other player still in, in order to
  the accuser's left, either :class:`Join` with their own accusation or
  :class:`Decline`.  Accusations lie face down until all have chosen.  A lone
  accuser checks the Crime cards in secret: right wins, wrong is out and the
  accusation stays secret.  Two or more accusers reveal together and are
  checked in :attr:`CardSetup.order`; the first correct wins, and if all are
  wrong everybody loses (003 "Dos o més jugadors que acusen").
"""

from __future__ import annotations

import enum
import functools
import random
from dataclasses import asdict, dataclass, field
from itertools import combinations, product
from typing import Any, Union

from game.cardgame import events as ev
from game.cardgame.cards import CARDS, deck, kind, piles
from game.core.errors import N_, GameOverError, IllegalActionError
from game.core.protocol import Judge, check_seat, name_fault

#: Orders in which joint accusations are checked (003 "Els jugadors triaran qui
#: acusarà primer, segon, etc."): ``"turn"`` = the player whose turn it is,
#: then the others round to the left; ``"lot"`` = drawn by lot at that moment.
ORDERS = ("turn", "lot")


# ------------------------------------------------------------------ actions
@dataclass(frozen=True)
class Ask:
    """Ask about two different evidence cards of any kinds (003 "Podreu triar
    dues proves per preguntar")."""

    first: str
    second: str


@dataclass(frozen=True)
class Show:
    """Show ``card``, one of the asked cards you hold, to the asker."""

    card: str


@dataclass(frozen=True)
class Accuse:
    """On your turn, accuse ``person`` with ``weapon`` in ``location``."""

    person: str
    weapon: str
    location: str


@dataclass(frozen=True)
class Join:
    """Join another player's accusation with your own (003 "Els altres
    jugadors també poden optar per fer una acusació al mateix temps")."""

    person: str
    weapon: str
    location: str


@dataclass(frozen=True)
class Decline:
    """Do not join the accusation."""


CardAction = Union[Ask, Show, Accuse, Join, Decline]
ACTION_TYPES: dict[str, type[CardAction]] = {c.__name__: c for c in (Ask, Show, Accuse, Join, Decline)}


def action_to_dict(action: CardAction) -> dict[str, Any]:
    """``Ask("rope", "knife")`` -> ``{"type": "Ask", "first": "rope", "second": "knife"}``."""
    return {"type": type(action).__name__, **asdict(action)}


def action_from_dict(data: dict[str, Any]) -> CardAction:
    """Inverse of :func:`action_to_dict`; raises ``ValueError`` for a bad dict
    (every field of a card-game action is a card id, a string)."""
    try:
        cls = ACTION_TYPES[data["type"]]
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a card-game action: {data!r}") from exc
    fields = {k: v for k, v in data.items() if k != "type"}
    bad = [k for k, v in fields.items() if not isinstance(v, str)]
    if bad:
        raise ValueError(f"{cls.__name__}: {bad[0]} cannot be {fields[bad[0]]!r}")
    try:
        return cls(**fields)
    except TypeError as exc:
        raise ValueError(f"not a card-game action: {data!r}") from exc


# -------------------------------------------------------------------- setup
def _whole(v: Any) -> bool:
    return type(v) is int


def _seat_or_none(v: Any) -> bool:
    return v is None or type(v) is int


def _flag(v: Any) -> bool:
    return type(v) is bool


def _name(v: Any) -> bool:
    return isinstance(v, str)


def _names(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


#: What each field of a saved :class:`CardSetup` may hold in JSON (a hand-edited save may hold anything).
SETUP_SHAPES: dict[str, Any] = {"players": _whole, "seed": _whole, "advanced": _flag, "order": _name,
                                "first": _seat_or_none, "levels": _names}


@dataclass(frozen=True)
class CardSetup:
    """``players`` (3 to 6), ``seed`` for the shuffle and draws, ``advanced``
    adds the "+" cards, ``order`` of checking joint accusations (see
    :data:`ORDERS`), ``first`` the seat that starts (None = drawn by lot: 003
    "El jugador que sembli més sospitós farà el primer torn" cannot be judged
    by a program).  ``levels``: computer level per seat ("human" for a
    person), used by the runners, not by the rules.  Raises ``ValueError`` from
    :meth:`validate`."""

    players: int
    seed: int = 0
    advanced: bool = False
    order: str = "turn"
    first: int | None = None
    levels: tuple[str, ...] = ()

    def validate(self) -> None:
        """Raise ``ValueError`` in plain words if the table is not playable."""
        if not 3 <= self.players <= 6:
            raise ValueError(f"The card game needs 3 to 6 players, not {self.players}.")
        if self.order not in ORDERS:
            raise ValueError(f"order must be one of {ORDERS}, not {self.order!r}")
        if self.first is not None and not 0 <= self.first < self.players:
            raise ValueError(f"first must be a seat 0..{self.players - 1}, not {self.first}")
        if self.levels and len(self.levels) != self.players:
            raise ValueError("levels needs one entry per player")

    def to_dict(self) -> dict[str, Any]:
        """JSON-able dict of the setup."""
        d = asdict(self)
        d["levels"] = list(self.levels)
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "CardSetup":
        """Inverse of :meth:`to_dict`; raises ``ValueError`` for a bad dict
        (a field of the wrong type included: ``players`` ``"4"`` or ``4.5``)."""
        for k, v in data.items():
            if k in SETUP_SHAPES and not SETUP_SHAPES[k](v):
                raise ValueError(f"{k} cannot be {v!r}")
        try:
            s = cls(**{**data, "levels": tuple(data.get("levels", ()))})
        except TypeError as exc:
            raise ValueError(f"not a card-game setup: {data!r}") from exc
        s.validate()
        return s


@functools.cache
def _every(cls: type, advanced: bool) -> tuple[CardAction, ...]:
    """Every ``Ask`` (one per pair of different evidence cards, in deck
    order), or every ``Accuse`` / ``Join`` (one per person, weapon and location
    in play), of the normal or ``advanced`` deck."""
    if cls is Ask:
        return tuple(Ask(a, b) for a, b in combinations(deck(advanced), 2))
    return tuple(cls(*t) for t in product(*piles(advanced)))


class Phase(enum.Enum):
    """``ask``: the turn player asks or accuses; ``show``: the actor must show
    a card; ``join``: the actor joins the accusation or declines; ``over``."""

    ASK = "ask"
    SHOW = "show"
    JOIN = "join"
    OVER = "over"


@dataclass(frozen=True)
class CardView:
    """What one seat may know: ``hand``, the public ``face_up`` cards,
    ``crossed`` (its case file: own cards, face-up cards and every card shown
    to it: 003 "Heu de descartar la targeta d'Arxiu del cas"), ``hand_sizes``,
    ``out`` per seat, ``turn``, ``actor``, ``phase``, ``piles`` (persons,
    weapons, locations in play) and ``events`` redacted for this seat."""

    seat: int
    players: int
    hand: frozenset[str]
    face_up: tuple[str, ...]
    crossed: frozenset[str]
    hand_sizes: tuple[int, ...]
    out: tuple[bool, ...]
    turn: int
    actor: int
    phase: str
    advanced: bool
    piles: tuple[tuple[str, ...], ...]
    events: tuple[ev.Event, ...]


@dataclass
class CardGame(Judge):
    """One Clue Card Game.  Build it with :meth:`new`.  Read, never write:
    ``hands`` per seat, ``face_up``, ``crime`` (person, weapon, location),
    ``out`` per seat, ``turn``, ``phase``, ``winner``, ``events`` (unredacted)
    and ``actions``."""

    ACTIONS = (Ask, Show, Accuse, Join, Decline)

    setup: CardSetup
    hands: list[frozenset[str]]
    face_up: tuple[str, ...]
    crime: tuple[str, str, str]
    rng: random.Random
    first: int = 0
    turn: int = 0
    phase: Phase = Phase.ASK
    out: list[bool] = field(default_factory=list)
    winner: int | None = None
    events: list[ev.Event] = field(default_factory=list)
    actions: list[CardAction] = field(default_factory=list)
    _asked: tuple[str, str] | None = None
    _shower: int | None = None
    _joining: list[int] = field(default_factory=list)
    _accusations: list[tuple[int, tuple[str, str, str]]] = field(default_factory=list)

    # ------------------------------------------------------------- setup
    @classmethod
    def new(cls, setup: CardSetup) -> "CardGame":
        """Set up a game (003 setup): one random person, weapon and location
        under the Crime card; the other evidence cards shuffled and dealt so
        that every player gets the same number; the leftovers face up on the
        table.  Raises ``ValueError`` for a bad setup."""
        setup.validate()
        rng = random.Random(setup.seed)
        ps = [list(p) for p in piles(setup.advanced)]
        for p in ps:
            rng.shuffle(p)
        crime = (ps[0].pop(), ps[1].pop(), ps[2].pop())
        rest = ps[0] + ps[1] + ps[2]
        rng.shuffle(rest)
        n = setup.players
        per = len(rest) // n
        hands = [frozenset(rest[i * per:(i + 1) * per]) for i in range(n)]
        face_up = tuple(sorted(rest[n * per:], key=deck(setup.advanced).index))
        first = setup.first if setup.first is not None else rng.randrange(n)
        game = cls(setup=setup, hands=hands, face_up=face_up, crime=crime, rng=rng,
                   first=first, turn=first, out=[False] * n)
        game.events.append(ev.GameStarted(n, first, setup.advanced, face_up))
        for i, h in enumerate(hands):
            game.events.append(ev.HandDealt(i, len(h), tuple(sorted(h, key=deck(setup.advanced).index))))
        game.events.append(ev.TurnStarted(first))
        return game

    @classmethod
    def replay(cls, setup: CardSetup, actions: list[CardAction]) -> "CardGame":
        """Rebuild a game from its setup and actions; raises
        :class:`IllegalActionError` at the first illegal action."""
        game = cls.new(setup)
        for a in actions:
            game.apply(a)
        return game

    # -------------------------------------------------------- properties
    @property
    def players(self) -> int:
        """How many seats are at the table (3 to 6)."""
        return self.setup.players

    @property
    def over(self) -> bool:
        """True once the game has ended (somebody won, or nobody can)."""
        return self.phase is Phase.OVER

    @property
    def actor(self) -> int:
        """The seat that must act: the shower, the next joiner, or the turn player."""
        if self.phase is Phase.SHOW and self._shower is not None:
            return self._shower
        if self.phase is Phase.JOIN and self._joining:
            return self._joining[0]
        return self.turn

    def crossed(self, seat: int) -> frozenset[str]:
        """The case-file cards ``seat`` has discarded: own hand, face-up cards
        and every card shown to it (003 setup and "Prendre el teu torn")."""
        out = set(self.hands[seat]) | set(self.face_up)
        for e in self.events:
            if isinstance(e, ev.CardShown) and e.to == seat and e.card is not None:
                out.add(e.card)
        return frozenset(out)

    # ------------------------------------------------------ legal actions
    def legal_actions(self) -> list[CardAction]:
        """Every action the actor may take now, each one that :meth:`apply`
        accepts: the cards it may show (``Show``); or every ``Join(person,
        weapon, location)`` of the piles in play, then ``Decline()``; or every
        ``Ask(first, second)`` -- one per pair of different evidence cards, in
        deck order (003 "Podreu triar dues proves per preguntar") -- then every
        ``Accuse(person, weapon, location)`` (003 "Acusació").  Empty once the
        game is over."""
        if self.phase is Phase.OVER:
            return []
        if self.phase is Phase.SHOW:
            assert self._asked is not None
            return [Show(c) for c in self._asked if c in self.hands[self.actor]]
        if self.phase is Phase.JOIN:
            return [*_every(Join, self.setup.advanced), Decline()]
        return [*_every(Ask, self.setup.advanced), *_every(Accuse, self.setup.advanced)]

    def _check_triple(self, p: str, w: str, loc: str) -> None:
        pp, ww, ll = piles(self.setup.advanced)
        for card, pile, what in ((p, pp, "person"), (w, ww, "weapon"), (loc, ll, "location")):
            if card not in pile:
                raise IllegalActionError(
                    N_("An accusation names one person, one weapon and one location in play; {card!r} is not a "
                       "{what} of this game."), "bad_card", '003 "Només tu acusant"', card=card, what=what)

    def check_kind(self, kind: type) -> None:
        """Raise :class:`IllegalActionError` (plain words, ``code``, ``rule``)
        if the actor may take no action of class ``kind`` now, whatever cards
        it would name; :class:`GameOverError` after the end (003 "Acusació").
        A card must be shown first (003 "Prendre el teu torn"); joining or
        declining only while an accusation is open, and then nothing else (003
        "Dos o més jugadors que acusen")."""
        self._judge(kind, None)

    def check(self, action: CardAction) -> None:
        """Raise :class:`IllegalActionError` (plain words, ``code``, ``rule``)
        if the actor may not take ``action`` now: first the timing
        (:meth:`check_kind`), then what it names -- a shown card that was asked
        about and is held (003 "Prendre el teu torn"), two different evidence
        cards of this game (003 "Podreu triar dues proves per preguntar", "Joc
        de cartes Clue avançat"), one person, weapon and location in play (003
        "Només tu acusant").  A card left unnamed is refused ("Name all the
        cards first.")."""
        self._judge(type(action), action)

    def _judge(self, kind: type, action: Any) -> None:
        """:meth:`check_kind` of ``kind``; with ``action`` (of class ``kind``)
        also what it names, i.e. :meth:`check`.  A ``kind`` that is not one of
        :attr:`ACTIONS` is refused first, whatever the phase."""
        if not self.knows(kind):
            self._refuse_unknown(kind, action)
        if self.phase is Phase.OVER:
            raise GameOverError(N_("The game is over."), "game_over", '003 "Acusació"')
        if issubclass(kind, Show):
            if self.phase is not Phase.SHOW:
                raise IllegalActionError(N_("Nobody needs to show a card now."), "no_show", '003 "Prendre el teu torn"')
            assert self._asked is not None
            if action is None:
                return
            self._require_names(action)
            if action.card not in self._asked:
                raise IllegalActionError(N_("You can only show one of the two cards asked about."), "not_asked",
                                         '003 "Si tenen una de les targetes que has preguntat, t\'ho han d\'ensenyar"')
            if action.card not in self.hands[self.actor]:
                raise IllegalActionError(N_("You do not hold the {card}."), "not_in_hand",
                                         '003 "Prendre el teu torn"', card=action.card)
            return
        if self.phase is Phase.SHOW:
            raise IllegalActionError(N_("A card must be shown first."), "waiting_show", '003 "Prendre el teu torn"')
        if issubclass(kind, (Join, Decline)):
            if self.phase is not Phase.JOIN:
                raise IllegalActionError(N_("Nobody is accusing now, so there is nothing to join."), "no_join",
                                         '003 "Dos o més jugadors que acusen"')
            if isinstance(action, Join):
                self._require_names(action)
                self._check_triple(action.person, action.weapon, action.location)
            return
        if self.phase is Phase.JOIN:
            raise IllegalActionError(N_("Join the accusation or decline first."), "waiting_join",
                                     '003 "Dos o més jugadors que acusen"')
        if issubclass(kind, Ask):
            if action is None:
                return
            self._require_names(action)
            all_cards = deck(self.setup.advanced)
            for c in (action.first, action.second):
                if c not in all_cards:
                    if c in CARDS:
                        raise IllegalActionError(
                            N_("{card!r} is not an evidence card of this game (it is a \"+\" card, only in the "
                               "advanced game)."), "bad_card", '003 "Joc de cartes Clue avançat"', card=c)
                    raise IllegalActionError(N_("{card!r} is not an evidence card of this game."), "bad_card",
                                             '003 "Podreu triar dues proves per preguntar"', card=c)
            if action.first == action.second:
                raise IllegalActionError(N_("Ask about two different evidence cards."), "same_card",
                                         '003 "Podreu triar dues proves per preguntar"')
            return
        if issubclass(kind, Accuse):
            if action is not None:
                self._require_names(action)
                self._check_triple(action.person, action.weapon, action.location)
            return
        self._refuse_unknown(kind, action)


    # ------------------------------------------------------------- apply
    def _require_names(self, action: CardAction) -> None:
        """Raise :class:`IllegalActionError` when a question, accusation,
        joined accusation or card to show leaves a card unnamed ("Name all the
        cards first.") or names one with something that is not text, a list
        say ("It names a card that is not in the game."): 003 "Prendre el teu
        torn".  Anything else passes (the rules judge it)."""
        fault = name_fault(action) if type(action) in (Ask, Accuse, Join, Show) else None
        code = "not_asked" if isinstance(action, Show) else "bad_card"
        if fault == "empty":
            raise IllegalActionError(N_("Name all the cards first."), code, '003 "Prendre el teu torn"')
        if fault is not None:
            raise IllegalActionError(N_("It names a card that is not in the game."), code,
                                     '003 "Prendre el teu torn"')

    def apply(self, action: CardAction) -> list[ev.Event]:
        """Apply ``action`` for :attr:`actor`; return the new events.  Raises
        :class:`IllegalActionError` (and changes nothing) when illegal, also
        for a question or accusation with an empty name."""
        self._require_names(action)
        self.check(action)
        start = len(self.events)
        self.actions.append(action)
        getattr(self, "_do_" + type(action).__name__)(action)
        return self.events[start:]

    def _left_of(self, seat: int) -> list[int]:
        n = self.players
        return [(seat + k) % n for k in range(1, n)]

    def _do_Ask(self, a: Ask) -> None:
        self._asked = (a.first, a.second)
        self.events.append(ev.Asked(self.turn, self._asked))
        for other in self._left_of(self.turn):
            if set(self._asked) & self.hands[other]:
                self._shower = other
                self.phase = Phase.SHOW
                self.events.append(ev.ShowRequested(other, self.turn))
                return
            self.events.append(ev.NoCard(other))
        self.events.append(ev.NobodyShowed(self.turn))
        self._end_turn()

    def _do_Show(self, a: Show) -> None:
        self.events.append(ev.CardShown(self.actor, self.turn, a.card))
        self._end_turn()

    def _do_Accuse(self, a: Accuse) -> None:
        triple = (a.person, a.weapon, a.location)
        self.events.append(ev.AccusationStarted(self.turn))
        self.events.append(ev.AccusationPlaced(self.turn, triple))
        self._accusations = [(self.turn, triple)]
        self._joining = [p for p in self._left_of(self.turn) if not self.out[p]]
        self.phase = Phase.JOIN
        if not self._joining:
            self._resolve()

    def _do_Join(self, a: Join) -> None:
        p = self._joining.pop(0)
        triple = (a.person, a.weapon, a.location)
        self.events.append(ev.AccusationPlaced(p, triple))
        self._accusations.append((p, triple))
        if not self._joining:
            self._resolve()

    def _do_Decline(self, a: Decline) -> None:
        self.events.append(ev.JoinDeclined(self._joining.pop(0)))
        if not self._joining:
            self._resolve()

    def _resolve(self) -> None:
        accs = self._accusations
        self._accusations = []
        if len(accs) == 1:
            p, triple = accs[0]
            self.events.append(ev.CrimeSeen(p, self.crime))
            if triple == self.crime:
                self._win(p)
                return
            self.out[p] = True
            self.events.append(ev.AccusationWrong(p))
            self._end_turn()
            return
        if self.setup.order == "lot":
            order = list(accs)
            self.rng.shuffle(order)
        else:  # the turn player first, then round to the left (already in that order)
            order = accs
        self.events.append(ev.AccusationsRevealed(tuple(order)))
        for p, triple in order:
            if triple == self.crime:
                self._win(p)
                return
            self.out[p] = True
            self.events.append(ev.AccusationWrong(p))
        self.phase = Phase.OVER
        self.events.append(ev.EverybodyLost(self.crime))

    def _win(self, p: int) -> None:
        self.winner = p
        self.phase = Phase.OVER
        self.events.append(ev.GameWon(p, self.crime))

    def _end_turn(self) -> None:
        self.events.append(ev.TurnEnded(self.turn))
        self._asked = None
        self._shower = None
        active = [p for p in range(self.players) if not self.out[p]]
        if not active:
            self.phase = Phase.OVER
            self.events.append(ev.NoPlayersLeft(self.crime))
            return
        self.turn = next(p for p in self._left_of(self.turn) + [self.turn] if not self.out[p])
        self.phase = Phase.ASK
        self.events.append(ev.TurnStarted(self.turn))

    # -------------------------------------------------------------- view
    def view(self, seat: int) -> CardView:
        """What ``seat`` may know now (see :class:`CardView` and
        :func:`game.cardgame.events.for_seat`).  Once the game is over the
        Crime cards are public in the GameWon / EverybodyLost / NoPlayersLeft event.
        Raises ``ValueError`` for a seat that is not an int ``0 .. players - 1``
        (:func:`game.core.protocol.check_seat`: ``view(-1)`` is no seat)."""
        check_seat(seat, self.players)
        return CardView(
            seat=seat, players=self.players, hand=self.hands[seat], face_up=self.face_up,
            crossed=self.crossed(seat), hand_sizes=tuple(len(h) for h in self.hands),
            out=tuple(self.out), turn=self.turn, actor=self.actor, phase=self.phase.value,
            advanced=self.setup.advanced, piles=piles(self.setup.advanced),
            events=tuple(ev.for_seat(e, seat) for e in self.events),
        )


__all__ = ["Ask", "Show", "Accuse", "Join", "Decline", "CardAction", "CardSetup", "CardGame", "CardView",
           "Phase", "ORDERS", "action_to_dict", "action_from_dict", "kind"]
