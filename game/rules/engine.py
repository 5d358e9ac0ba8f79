"""The rules engine of classic Clue (000), pure Python.

:class:`Game` holds the whole truth of one game.  Drive it with
:meth:`Game.legal_actions` and :meth:`Game.apply`; the scenes, the computer
players, the headless runner and the tests all use the same two calls.
Computer players never get a :class:`Game`: they get :meth:`Game.view`.

A game is fully determined by its board, its :class:`GameSetup` (seats, seed,
options) and the list of actions applied, so it can be replayed with
:meth:`Game.replay`.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from game.board.model import Board, Square
from game.core.protocol import Judge, check_seat, name_fault
from game.rules import events as ev
from game.rules.actions import Accuse, Action, Disprove, EndTurn, Move, Roll, Suggest, TakePassage
from game.rules.cards import ALL_CARDS, ROOMS, SUSPECTS, WEAPONS
from game.rules.errors import N_, GameOverError, IllegalActionError, Np_
from game.rules.events import Position
from game.rules.movement import Path, destinations, is_trapped, prepare
from game.rules.options import Options
from game.rules.setup import GameSetup

if TYPE_CHECKING:
    from game.rules.view import SeatView


#: Every suggestion, suspects and weapons in card order (000 "Suggestions" 1:
#: any suspect and any weapon may be named; the room is where the token is).
SUGGESTIONS: tuple[Suggest, ...] = tuple(Suggest(s, w) for s in SUSPECTS for w in WEAPONS)
#: Every accusation, in card order (000 "Accusations" 1), and those naming
#: each room (house rule ``accuser_in_room``: 002 "Making an Accusation").
ACCUSATIONS: tuple[Accuse, ...] = tuple(Accuse(s, w, r) for s in SUSPECTS for w in WEAPONS for r in ROOMS)
ACCUSATIONS_IN: dict[str, tuple[Accuse, ...]] = {r: tuple(a for a in ACCUSATIONS if a.room == r) for r in ROOMS}


class Phase(enum.Enum):
    """Where the current turn is.

    START: before moving (roll, secret passage, stay and suggest, accuse).
    MOVE: die rolled, a destination must be chosen.
    SUGGEST: just entered a room (suggest, accuse or end the turn).
    DISPROVE: waiting for ``Game.disprover`` to choose a card to show.
    AFTER: moved or suggested; only accuse or end the turn are left.
    OVER: the game has ended.
    """

    START = "start"
    MOVE = "move"
    SUGGEST = "suggest"
    DISPROVE = "disprove"
    AFTER = "after"
    OVER = "over"


@dataclass
class Seat:
    """One player at the table: the suspect they play, their hand, and whether a
    wrong accusation has put them out (000 "Accusations" 4)."""

    suspect: str
    hand: frozenset[str] = frozenset()
    eliminated: bool = False
    accused: bool = False


@dataclass
class Suggestion:
    """The suggestion being answered: who made it and the three named cards."""

    player: int
    suspect: str
    weapon: str
    room: str
    disprover: int | None = None

    @property
    def cards(self) -> tuple[str, str, str]:
        return (self.suspect, self.weapon, self.room)


def _is_place(dest: object) -> bool:
    """True for what a :class:`Move` may name: a room id of the game, or a
    square, a tuple of two whole numbers (column, row) -- nothing that would
    not hash or would pass for a square (a list, ``(7.0, 0)``, a bool)."""
    if isinstance(dest, str):
        return dest in ROOMS
    return isinstance(dest, tuple) and len(dest) == 2 and all(type(n) is int for n in dest)


@dataclass
class Game(Judge):
    """One game of Clue.

    Build it with ``Game.new(board, setup)``.  Attributes (read them, never write
    them from outside): ``seats`` in table order (index + 1 is the player on the
    left), ``positions`` suspect -> square or room id for all 6 tokens,
    ``weapons`` weapon -> room id, ``envelope`` (suspect, weapon, room),
    ``turn`` the seat whose turn it is, ``phase``, ``roll`` the last total rolled
    this turn, ``events`` everything that happened (unredacted) and ``actions``
    every action applied.
    """

    ACTIONS = (Roll, Move, TakePassage, Suggest, Disprove, Accuse, EndTurn)

    board: Board
    setup: GameSetup
    seats: list[Seat]
    positions: dict[str, Position]
    weapons: dict[str, str]
    envelope: tuple[str, str, str]
    rng: random.Random
    turn: int = 0
    phase: Phase = Phase.START
    roll: int | None = None
    suggestion: Suggestion | None = None
    winner: int | None = None
    events: list[ev.Event] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    _moves: dict[Position, Path] | None = None
    _suggested: bool = False
    _summoned: set[int] = field(default_factory=set)
    _may_stay: bool = False

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, board: Board, setup: GameSetup) -> "Game":
        """Set up a game (000 "Setting up" 1-9).

        The envelope takes one random card of each category; the weapons go to six
        different rooms (or, with ``options.weapon_rooms == "any"``, each to a
        random room, rooms may repeat); all six suspect tokens stand on their
        start squares (with ``options.all_suspects_on_board`` False only the
        played ones: 001 "sólo se jugarán tres personajes"); the other 18 cards
        are dealt one at a time round the table, starting with the first player
        (hands may differ by one).  Seats play in the order Miss
        Scarlet, Colonel Mustard, Mrs. White, Mr. Green, Mrs. Peacock, Professor
        Plum (the order of the start squares round the board), so Miss Scarlet, if
        played, moves first.  With ``setup.deal`` (:class:`FixedDeal`) the
        envelope, the hands, the weapons' rooms and the first rolls are taken
        from it instead of the shuffle.  Raises ``ValueError`` for an
        unplayable setup.
        """
        setup.validate()
        prepare(board)
        order = sorted(setup.seats, key=lambda s: SUSPECTS.index(s.suspect))
        setup = GameSetup(seats=tuple(order), seed=setup.seed, options=setup.options, deal=setup.deal)
        rng = random.Random(setup.seed)
        if setup.deal is not None:       # decided in advance (the guided first game)
            envelope = setup.deal.envelope
            hands = [list(h) for h in setup.deal.hands]
            weapon_rooms = dict(setup.deal.weapon_rooms)
        else:
            suspects, weapons, rooms = list(SUSPECTS), list(WEAPONS), list(ROOMS)
            for pile in (suspects, weapons, rooms):
                rng.shuffle(pile)
            envelope = (suspects.pop(), weapons.pop(), rooms.pop())
            deck = suspects + weapons + rooms
            rng.shuffle(deck)
            hands = [[] for _ in order]
            for i, card in enumerate(deck):
                hands[i % len(order)].append(card)
            if setup.options.weapon_rooms == "any":
                weapon_rooms = {w: rng.choice(ROOMS) for w in WEAPONS}
            else:
                weapon_rooms = dict(zip(WEAPONS, rng.sample(ROOMS, len(WEAPONS)), strict=True))
        on_board = SUSPECTS if setup.options.all_suspects_on_board else [c.suspect for c in order]
        positions: dict[str, Position] = {s: board.start_squares[s] for s in on_board}
        game = cls(
            board=board, setup=setup,
            seats=[Seat(c.suspect, frozenset(h)) for c, h in zip(order, hands, strict=True)],
            positions=positions, weapons=weapon_rooms, envelope=envelope, rng=rng,
        )
        game.events.append(ev.GameStarted(tuple(c.suspect for c in order), tuple(sorted(weapon_rooms.items()))))
        for i, h in enumerate(hands):
            game.events.append(ev.HandDealt(i, len(h), tuple(h)))
        game.events.append(ev.TurnStarted(0))
        return game

    @classmethod
    def replay(cls, board: Board, setup: GameSetup, actions: list[Action]) -> "Game":
        """Rebuild a game from its setup and its actions.  Raises
        :class:`IllegalActionError` at the first illegal action."""
        game = cls.new(board, setup)
        for action in actions:
            game.apply(action)
        return game

    # ------------------------------------------------------------ properties
    @property
    def options(self) -> Options:
        """The rule options of this game (``setup.options``, :class:`game.rules.options.Options`)."""
        return self.setup.options

    @property
    def over(self) -> bool:
        """True once the game has ended (somebody won, or nobody is left)."""
        return self.phase is Phase.OVER

    @property
    def players(self) -> int:
        """How many seats are at the table (3 to 6)."""
        return len(self.seats)

    @property
    def actor(self) -> int:
        """The seat that must act now: the disprover during DISPROVE, else the
        player whose turn it is."""
        if self.phase is Phase.DISPROVE and self.suggestion and self.suggestion.disprover is not None:
            return self.suggestion.disprover
        return self.turn

    def seat_of(self, suspect: str) -> int | None:
        """The seat playing ``suspect``, or None for an unplayed suspect."""
        for i, s in enumerate(self.seats):
            if s.suspect == suspect:
                return i
        return None

    def occupied(self, ignore: str | None = None) -> frozenset[Square]:
        """Corridor squares with a token on them (other than ``ignore``'s)."""
        return frozenset(p for s, p in self.positions.items() if s != ignore and not isinstance(p, str))

    def room_of(self, seat: int) -> str | None:
        """The room the seat's token stands in, or None in a corridor."""
        p = self.positions[self.seats[seat].suspect]
        return p if isinstance(p, str) else None

    def moves(self) -> dict[Position, Path]:
        """After a roll: every destination and one path to it (empty otherwise)."""
        if self.phase is not Phase.MOVE:
            return {}
        if self._moves is None:
            me = self.seats[self.turn].suspect
            self._moves = destinations(
                self.board, self.positions[me], self.roll or 0,
                self.occupied(ignore=me), exact=self.options.exact_roll,
            )
        return self._moves

    def can_roll(self) -> bool:
        """True when a roll could take the token somewhere (a room with every door
        blocked traps its occupant: 000 "Secret passages and blocked doors")."""
        room = self.room_of(self.turn)
        return room is None or not is_trapped(self.board, room, self.occupied())

    # ---------------------------------------------------------- legal moves
    def legal_actions(self) -> list[Action]:
        """Every action the current actor may take now, each one that
        :meth:`apply` accepts: the cards to show (``Disprove``), one ``Move``
        per destination (``Move(square=...)`` or ``Move(room=...)``), else in
        this order ``Roll()``, ``TakePassage()``, every ``Suggest(suspect,
        weapon)`` (6 x 6, suspects and weapons in card order: any may be named,
        000 "Suggestions" 1), every ``Accuse(suspect, weapon, room)`` (6 x 6 x 9,
        or 6 x 6 in the accuser's own room with ``accuser_in_room``: 002
        "Making an Accusation"), ``EndTurn()`` -- each kind only when
        :meth:`allows` it.  Empty once the game is over."""
        if self.phase is Phase.OVER:
            return []
        if self.phase is Phase.DISPROVE:
            assert self.suggestion is not None
            hand = self.seats[self.actor].hand
            return [Disprove(c) for c in self.suggestion.cards if c in hand]
        if self.phase is Phase.MOVE:
            return [Move(room=d) if isinstance(d, str) else Move(square=d) for d in self.moves()]
        out: list[Action] = []
        for kind in (Roll, TakePassage, Suggest, Accuse, EndTurn):
            if not self.allows(kind):
                continue
            if kind is Suggest:
                out.extend(SUGGESTIONS)
            elif kind is Accuse:
                here = self.room_of(self.turn)
                out.extend(ACCUSATIONS_IN[here] if self.options.accuser_in_room and here else ACCUSATIONS)
            else:           # Roll, TakePassage and EndTurn name nothing
                out.append(cast("type[Roll | TakePassage | EndTurn]", kind)())
        return out

    def check_kind(self, kind: type) -> None:
        """Raise :class:`IllegalActionError` (with a plain-words reason) if the
        current actor may take no action of class ``kind`` now -- the timing of
        the rules, whatever cards or square the action would name:
        :class:`GameOverError` after the end (000 "How you win"); a card must
        be shown first (000 "Suggestions" 3); roll or take a passage only at the
        start of the turn (000 "How a turn works" 1, "Secret passages and
        blocked doors"); suggest once, inside a room (000 "Suggestions" 1, "How
        a turn works" 4); accuse once (000 "Accusations" 5), from a room with
        ``accuser_in_room`` (002 "Making an Accusation")."""
        self._judge(kind, None)

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` (with a plain-words reason) if the
        current actor may not take ``action`` now: first the timing
        (:meth:`check_kind`), then what it names -- a card to show that was
        named and is held (000 "Suggestions" 3), a destination within the roll
        (000 "How a turn works" 2-3), a suspect and a weapon for a suggestion
        (000 "Suggestions" 1), a suspect, a weapon and a room for an
        accusation (000 "Accusations" 1), the accuser's own room with
        ``accuser_in_room`` (002 "Making an Accusation").  A card left unnamed
        is refused ("Name all the cards first.")."""
        self._judge(type(action), action)

    def _judge(self, kind: type, action: Any) -> None:
        """:meth:`check_kind` of ``kind``; with ``action`` (of class ``kind``)
        also what it names, i.e. :meth:`check`.  A ``kind`` that is not one of
        :attr:`ACTIONS` is refused first, whatever the phase."""
        if not self.knows(kind):
            self._refuse_unknown(kind, action)
        if self.phase is Phase.OVER:
            raise GameOverError(N_("The game is over."), "game_over", '000 "How you win"')
        me = self.seats[self.turn]
        phase = self.phase
        if issubclass(kind, Disprove):
            if phase is not Phase.DISPROVE:
                raise IllegalActionError(N_("Nobody needs to show a card now."), "no_disprove", '000 "Suggestions" 3')
            assert self.suggestion is not None
            if action is None:
                return
            self._require_names(action)
            if action.card not in ALL_CARDS:
                raise IllegalActionError(N_("It names a card that is not in the game."), "not_named",
                                         '000 "Suggestions" 3')
            if action.card not in self.suggestion.cards:
                raise IllegalActionError(N_("You can only show one of the named cards, not the {card}."),
                                         "not_named", '000 "Suggestions" 3', card=action.card)
            if action.card not in self.seats[self.actor].hand:
                raise IllegalActionError(N_("You do not hold the {card}."), "not_in_hand", '000 "Suggestions" 3',
                                         card=action.card)
            return
        if phase is Phase.DISPROVE:
            raise IllegalActionError(N_("{suspect} must first show a card."), "waiting_disprove",
                                     '000 "Suggestions" 3', suspect=self.seats[self.actor].suspect)
        if issubclass(kind, Roll):
            if phase is not Phase.START:
                raise IllegalActionError(N_("You have already moved this turn."), "already_moved", '000 "How a turn works" 1')
            if not self.can_roll():
                room = self.room_of(self.turn)
                raise IllegalActionError(
                    N_("Every door of the {room} is blocked, so you are stuck until someone moves."),
                    "trapped", '000 "Secret passages and blocked doors"', room=room)
            return
        if issubclass(kind, TakePassage):
            if phase is not Phase.START:
                raise IllegalActionError(N_("The secret passage can only be used instead of rolling, at the start of your turn."),
                                         "passage_not_now", '000 "Secret passages and blocked doors"')
            room = self.room_of(self.turn)
            if room is None or self.board.passage(room) is None:
                raise IllegalActionError(N_("Secret passages start only in the corner rooms."), "no_passage",
                                         '000 "Secret passages and blocked doors"')
            return
        if issubclass(kind, Move):
            if phase is not Phase.MOVE:
                if phase is Phase.START:
                    raise IllegalActionError(N_("Roll the die before you move."), "roll_first", '000 "How a turn works" 1')
                raise IllegalActionError(N_("You have already moved this turn."), "already_moved", '000 "How a turn works" 1')
            if action is None:
                return
            dest: Position | None = action.room if action.room is not None else action.square
            if not _is_place(dest) or dest not in self.moves():
                why, params = self._why_not_reachable(dest)
                raise IllegalActionError(why, "unreachable", '000 "How a turn works" 2-3', **params)
            return
        if issubclass(kind, Suggest):
            room = self.room_of(self.turn)
            if room is None:
                raise IllegalActionError(N_("You can only make a suggestion inside a room."), "not_in_room", '000 "Suggestions" 1')
            if phase is Phase.MOVE:
                raise IllegalActionError(N_("Finish your move first."), "move_first", '000 "How a turn works" 4')
            if phase is Phase.START:
                if not self._may_stay:
                    raise IllegalActionError(
                        N_("You were already in the {room} last turn. Leave and come back in to suggest here again."),
                        "suggest_again", '000 "Secret passages and blocked doors"', room=room)
            elif phase is not Phase.SUGGEST or self._suggested:
                raise IllegalActionError(N_("You have already made a suggestion this turn."), "one_suggestion", '000 "How a turn works" 4')
            if action is not None:
                self._require_names(action)
                if action.suspect not in SUSPECTS:
                    raise IllegalActionError(N_("{card!r} is not a suspect."), "bad_card", '000 "Suggestions" 1', card=action.suspect)
                if action.weapon not in WEAPONS:
                    raise IllegalActionError(N_("{card!r} is not a weapon."), "bad_card", '000 "Suggestions" 1', card=action.weapon)
            return
        if issubclass(kind, Accuse):
            if phase is Phase.MOVE:
                raise IllegalActionError(N_("Finish your move first."), "move_first", '000 "Accusations" 1')
            if me.accused:
                raise IllegalActionError(N_("Each player gets only one accusation."), "accused_twice", '000 "Accusations" 5')
            if self.options.accuser_in_room and self.room_of(self.turn) is None:
                raise IllegalActionError(N_("With this house rule you can only accuse from inside a room: "
                                            "walk into the room you want to accuse first."),
                                         "accuse_in_room", '002 "Making an Accusation"')
            if action is not None:
                self._require_names(action)
                if action.suspect not in SUSPECTS or action.weapon not in WEAPONS or action.room not in ROOMS:
                    raise IllegalActionError(N_("An accusation names one suspect, one weapon and one room."), "bad_card",
                                             '000 "Accusations" 1')
                if self.options.accuser_in_room and action.room != self.room_of(self.turn):
                    raise IllegalActionError(N_("With this house rule you must stand in the room you accuse."),
                                             "accuse_in_room", '002 "Making an Accusation"')
            return
        if issubclass(kind, EndTurn):
            if phase is Phase.MOVE:
                raise IllegalActionError(N_("Choose where to move first."), "move_first", '000 "How a turn works" 2')
            if phase is Phase.START and self.can_roll() and not self._may_stay:
                raise IllegalActionError(N_("Roll the die (or take a secret passage) first."), "roll_first",
                                         '000 "How a turn works" 1')
            return
        self._refuse_unknown(kind, action)


    def _why_not_reachable(self, dest: Position | None) -> tuple[str, dict[str, Any]]:
        """The reason (an English template) and its parameters, said once:
        "too far" when ``dest`` is further than the roll, "blocked" when other
        tokens close every way there, else why the exact count fails
        (000 "How a turn works" 2-3); anything that is neither a room of the
        game nor a square (``""``, ``"nowhere"``, a list) is "You can only stop
        on a corridor square or in a room."."""
        place = _is_place(dest)
        if place and isinstance(dest, str):
            if dest == self.room_of(self.turn):
                return N_("You cannot go back into the {room} in the same turn you left it."), {"room": dest}
            if dest not in self._reach(None):
                return N_("Other tokens block every way into the {room}."), {"room": dest}
            return N_("The {room} is too far away: you rolled {roll}."), {"room": dest, "roll": self.roll}
        if place and dest in self.occupied():
            return N_("Another token stands on that square."), {}
        if not place or dest not in self.board.corridor:
            return N_("You can only stop on a corridor square or in a room."), {}
        if dest not in self._reach(None):
            return N_("Other tokens block every way to that square."), {}
        if dest not in self._reach(self.roll or 0):
            return N_("That square is too far away: you rolled {roll}."), {"roll": self.roll}
        one, many = Np_("You rolled {roll}: you must walk exactly {roll} square, without stepping "
                        "on a square twice, unless you enter a room first.",
                        "You rolled {roll}: you must walk exactly {roll} squares, without stepping "
                        "on a square twice, unless you enter a room first.")
        return one, {"roll": self.roll, "plural": many, "count": "roll"}

    def _reach(self, steps: int | None) -> dict[Position, Path]:
        """Where the mover's token could get in at most ``steps`` squares (None:
        any number) past the other tokens, as "up to the roll" would allow."""
        me = self.seats[self.turn].suspect
        far = steps if steps is not None else len(self.board.corridor) + 1
        return destinations(self.board, self.positions[me], far, self.occupied(ignore=me), exact=False)

    # ---------------------------------------------------------------- apply
    def _require_names(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` when a suggestion, accusation or
        card to show leaves a card unnamed ("Name all the cards first.") or
        names one with something that is not text, a list say ("It names a
        card that is not in the game."): 000 "Suggestions" 1 and 3,
        "Accusations" 1.  Anything else passes (the rules judge it)."""
        fault = name_fault(action) if type(action) in (Suggest, Accuse, Disprove) else None
        rule = '000 "Suggestions" 3' if isinstance(action, Disprove) else '000 "Suggestions" 1'
        code = "not_named" if isinstance(action, Disprove) else "bad_card"
        if fault == "empty":
            raise IllegalActionError(N_("Name all the cards first."), code, rule)
        if fault is not None:
            raise IllegalActionError(N_("It names a card that is not in the game."), code, rule)

    def apply(self, action: Action) -> list[ev.Event]:
        """Apply ``action`` for the current actor and return the new events.
        Raises :class:`IllegalActionError` (nothing changes) if it is illegal."""
        self._require_names(action)
        self.check(action)
        start = len(self.events)
        self.actions.append(action)
        handler = getattr(self, "_do_" + type(action).__name__)
        handler(action)
        return self.events[start:]

    def _emit(self, event: ev.Event) -> None:
        self.events.append(event)

    def _do_Roll(self, action: Roll) -> None:
        rolled = sum(1 for e in self.events if isinstance(e, ev.DieRolled))
        script = self.setup.deal.rolls if self.setup.deal is not None else ()
        if rolled < len(script):
            dice = tuple(script[rolled])
        else:
            dice = tuple(self.rng.randint(1, 6) for _ in range(self.options.dice))
        self.roll = sum(dice)
        self._emit(ev.DieRolled(self.turn, dice))
        self._may_stay = False
        self.phase = Phase.MOVE
        self._moves = None
        if not self.moves():
            self._emit(ev.NoMoves(self.turn))
            self.phase = Phase.AFTER

    def _do_Move(self, action: Move) -> None:
        dest: Position = action.room if action.room is not None else action.square  # type: ignore[assignment]
        path = self.moves()[dest]
        suspect = self.seats[self.turn].suspect
        self._emit(ev.TokenMoved(suspect, self.positions[suspect], path, dest))
        self.positions[suspect] = dest
        self._moves = None
        self.phase = Phase.SUGGEST if isinstance(dest, str) else Phase.AFTER

    def _do_TakePassage(self, action: TakePassage) -> None:
        suspect = self.seats[self.turn].suspect
        room = self.room_of(self.turn)
        assert room is not None
        to = self.board.passage(room)
        assert to is not None
        self._emit(ev.TokenMoved(suspect, room, (), to, passage=True))
        self.positions[suspect] = to
        self._may_stay = False
        self.phase = Phase.SUGGEST

    def _do_Suggest(self, action: Suggest) -> None:
        room = self.room_of(self.turn)
        assert room is not None
        self._suggested = True
        self._may_stay = False
        self._emit(ev.SuggestionMade(self.turn, action.suspect, action.weapon, room))
        here = self.positions.get(action.suspect)
        # 001: a suspect nobody plays has no token on the board; naming it is
        # allowed (its card is in the game) and simply moves no token.
        if here is not None and here != room:
            self._emit(ev.TokenSummoned(action.suspect, here, room))
            self.positions[action.suspect] = room
            moved = self.seat_of(action.suspect)
            if moved is not None and moved != self.turn:
                self._summoned.add(moved)
        if self.weapons[action.weapon] != room:
            self._emit(ev.WeaponMoved(action.weapon, self.weapons[action.weapon], room))
            self.weapons[action.weapon] = room
        self.suggestion = Suggestion(self.turn, action.suspect, action.weapon, room)
        n = len(self.seats)
        for k in range(1, n):
            other = (self.turn + k) % n
            if any(c in self.seats[other].hand for c in self.suggestion.cards):
                self.suggestion.disprover = other
                self.phase = Phase.DISPROVE
                self._emit(ev.DisproveRequested(other, self.turn))
                return
            self._emit(ev.CannotDisprove(other))
        self._emit(ev.NobodyDisproved(self.turn))
        self.suggestion = None
        self.phase = Phase.AFTER

    def _do_Disprove(self, action: Disprove) -> None:
        assert self.suggestion is not None
        self._emit(ev.CardShown(self.actor, self.suggestion.player, action.card))
        self.suggestion = None
        self.phase = Phase.AFTER

    def _do_Accuse(self, action: Accuse) -> None:
        me = self.seats[self.turn]
        me.accused = True
        self._emit(ev.AccusationMade(self.turn, action.suspect, action.weapon, action.room))
        self._emit(ev.EnvelopeSeen(self.turn, self.envelope))
        if (action.suspect, action.weapon, action.room) == self.envelope:
            self.winner = self.turn
            self.phase = Phase.OVER
            self._emit(ev.GameWon(self.turn, *self.envelope))
            return
        me.eliminated = True
        self._emit(ev.PlayerEliminated(self.turn))
        pos = self.positions[me.suspect]
        # Out for good, so never moving again: a token left on a doorway would block that door for the rest
        # of the game (000 "Secret passages and blocked doors" 2); it steps into the room (001 "ACUSAR Y GANAR").
        if self.options.eliminated_pushed_in and not isinstance(pos, str) and pos in self.board.door_rooms:
            room = self.board.door_rooms[pos][0]
            self._emit(ev.TokenPushedIn(me.suspect, pos, room))
            self.positions[me.suspect] = room
        still_in = [i for i, s in enumerate(self.seats) if not s.eliminated]
        if self.options.last_player_wins and len(still_in) == 1:
            # 001 "ACUSAR Y GANAR": "gana el último jugador en pie"
            self.winner = still_in[0]
            self.phase = Phase.OVER
            self._emit(ev.GameWon(still_in[0], *self.envelope, last_standing=True))
            return
        self._end_turn()

    def _do_EndTurn(self, action: EndTurn) -> None:
        self._end_turn()

    def _end_turn(self) -> None:
        self._emit(ev.TurnEnded(self.turn))
        self._summoned.discard(self.turn)
        active = [i for i, s in enumerate(self.seats) if not s.eliminated]
        if not active:
            self.phase = Phase.OVER
            self._emit(ev.GameOverNoWinner(*self.envelope))
            return
        n = len(self.seats)
        nxt = next((self.turn + k) % n for k in range(1, n + 1) if not self.seats[(self.turn + k) % n].eliminated)
        self.turn = nxt
        self.phase = Phase.START
        self.roll = None
        self._moves = None
        self._suggested = False
        self._may_stay = nxt in self._summoned or (
            self.options.stay_to_suggest and self.room_of(nxt) is not None)
        self._emit(ev.TurnStarted(nxt))

    # ----------------------------------------------------------------- views
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now: its own hand, the public board, and every
        event as that seat saw it (see :func:`game.rules.events.for_seat`).
        Raises ``ValueError`` for a seat that is not an int ``0 .. players - 1``
        (:func:`game.core.protocol.check_seat`: ``view(-1)`` is no seat)."""
        from game.rules.view import SeatView

        check_seat(seat, self.players)
        seen = [e for e in (ev.for_seat(x, seat) for x in self.events) if e is not None]
        return SeatView(
            seat=seat,
            suspect=self.seats[seat].suspect,
            hand=self.seats[seat].hand,
            seats=tuple(s.suspect for s in self.seats),
            hand_sizes=tuple(len(s.hand) for s in self.seats),
            eliminated=tuple(s.eliminated for s in self.seats),
            positions=dict(self.positions),
            weapons=dict(self.weapons),
            board=self.board,
            options=self.options,
            turn=self.turn,
            phase=self.phase.value,
            roll=self.roll,
            moves=dict(self.moves()) if self.actor == seat else {},
            events=tuple(seen),
            computers=tuple(c.kind == "computer" and not c.taken_over for c in self.setup.seats),
        )
