"""The computer levels: beginner, easy, medium and hard.

All of them are honest: they decide from the seat's
:class:`~game.rules.view.SeatView` and the legal actions only (see
:class:`game.ai.base.ComputerPlayer`).

* :class:`BeginnerPlayer` plays like easy with a child's mistakes: now and
  then it forgets to write down a card shown to it or a pass, and it wanders;
  it never accuses what it has not proved, never names a card it has crossed
  off.
* :class:`EasyPlayer` keeps a child's notebook (:class:`_Notebook`): its own
  cards and the cards shown to it, who could not disprove, and what nobody
  could disprove; suggests unknown cards at random and accuses only when its
  notebook has one card of each category (000 "Suggestions" 4-6,
  "Accusations" 5).
* :class:`MediumPlayer` uses every certainty of the exact knowledge engine
  (:mod:`game.ai.knowledge`), never repeats a useless suggestion, names no
  opponent's suspect it would summon while another serves, and when it
  must show a card prefers one the suggester has already seen.
* :class:`HardPlayer` picks the suggestion with the largest expected
  information about the envelope (exact outcome probabilities from
  :func:`game.ai.knowledge.joint`), walks to the room -- or takes the secret
  passage -- with the most expected information per expected turn, may name
  its own cards, avoids giving an opponent a free suggestion, shows the card
  that leaks least, rules out what a computer opponent's undisproved
  suggestion cannot be (it did not accuse, so it holds a named card: see
  :func:`silent_suggestions`), and accuses when certain, or, as its turn ends,
  as a gamble once the probability of its best guess reaches a
  threshold that is lower the more opponents still race it
  (:meth:`HardPlayer.boldness`); that probability is the exact count
  reweighted by what each opponent's suggestions say about its hand
  (:meth:`HardPlayer.stated_odds`).

Their measured strengths are in docs/levels.md (``benchmarks/bench_ladder.py``), how they were tuned in
docs/levels-history.md.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from typing import Generic, Protocol, TypeVar

from game.ai.knowledge import Joints, Knowledge, Tracker, joint, sample
from game.ai.walking import consecutive_stays, door_distances, may_accuse_here, walk_to
from game.board.model import Board
from game.knowledge.record import Record
from game.rules import events as ev
from game.rules.actions import Accuse, Action, Disprove, EndTurn, Move, Roll, Suggest, TakePassage
from game.rules.cards import ROOMS, SUSPECTS, WEAPONS
from game.rules.view import SeatView

PILES = (SUSPECTS, WEAPONS, ROOMS)
#: Mean squares walked per turn with one die.
MEAN_ROLL = 3.5


def room_distances(board: Board, room: str) -> dict[object, int]:
    """Steps from every corridor square and every room to ``room`` (entering a
    room is one step; leaving a room is the step onto a door square), ignoring
    other tokens.  Keys are squares and room ids."""
    dist: dict[object, int] = dict(door_distances(board, {room}))
    for rid, r in board.rooms.items():
        if rid == room:
            dist[rid] = 0
            continue
        ds = [dist[d] for d in r.doors if d in dist]
        if ds:
            dist[rid] = min(ds) + 1
        if r.passage_to == room:
            dist[rid] = min(dist.get(rid, 99), 1)
    return dist


_DIST_CACHE: dict[tuple[int, str], dict[object, int]] = {}


def distances_to(board: Board, room: str) -> dict[object, int]:
    """Cached :func:`room_distances` (per board object)."""
    key = (id(board), room)
    if key not in _DIST_CACHE:
        _DIST_CACHE[key] = room_distances(board, room)
    return _DIST_CACHE[key]


def turns_to(board: Board, here: object, room: str, mean: float = MEAN_ROLL) -> float:
    """Expected turns to reach ``room`` from ``here`` (a square or a room id):
    a secret passage is one turn, otherwise steps / ``mean`` (the mean roll:
    3.5 per die) rounded up, at least 1."""
    if isinstance(here, str) and board.rooms.get(here) is not None and board.passage(here) == room:
        return 1.0
    d = distances_to(board, room).get(here)
    if d is None:
        return 99.0
    return max(1.0, math.ceil(d / mean))


_EXPECTED: dict[tuple[int, int], float] = {}


def expected_turns(steps: int, dice: int = 1) -> float:
    """Expected turns to enter a room ``steps`` squares away (entering counts
    as a step) with ``dice`` six-sided dice: a roll of at least ``steps``
    enters it (a room stops the walk, 000 "How a turn works" 3), a smaller
    roll ``r`` brings the token ``r`` squares nearer (other tokens and dead
    ends ignored).  0 for 0 steps."""
    key = (steps, dice)
    if key not in _EXPECTED:
        rolls: dict[int, float] = {0: 1.0}
        for _ in range(dice):
            nxt: dict[int, float] = {}
            for total, p in rolls.items():
                for face in range(1, 7):
                    nxt[total + face] = nxt.get(total + face, 0.0) + p / 6
            rolls = nxt
        t = [0.0]
        for d in range(1, steps + 1):
            t.append(1.0 + sum(p * t[d - r] for r, p in rolls.items() if r < d))
        _EXPECTED[key] = t[steps]
    return _EXPECTED[key]


def _h(p: float) -> float:
    """Entropy in bits of a yes/no event of probability ``p``."""
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


def _entropy(ps: Iterable[float]) -> float:
    """Entropy in bits of the distribution ``ps`` (probabilities summing to 1)."""
    return -sum(p * math.log2(p) for p in ps if p > 0)


def certainty_equivalent(outcomes: list[tuple[float, float]], risk: float) -> float:
    """The certainty equivalent ``-log2(sum p * 2**(-risk * h)) / risk`` (bits)
    of the entropies ``h`` (bits, >= 0; a rounding error below 0 counts as 0)
    of ``outcomes`` = ``[(probability, h), ...]`` (probabilities summing to 1);
    ``risk`` per bit: 0 gives the mean, above 0 a value between the smallest
    ``h`` and the mean (a chance of a low entropy counts for more), below 0
    one between the mean and the largest ``h``.  Computed shifted by the
    smallest (or, below 0, the largest) ``h``, so no power over- or
    underflows for any finite ``risk``."""
    hs = [(p, max(h, 0.0)) for p, h in outcomes if p > 0]
    if not hs:
        return 0.0
    if not risk:
        return sum(p * h for p, h in hs)
    base = min(h for _, h in hs) if risk > 0 else max(h for _, h in hs)
    return base - math.log2(sum(p * 2.0 ** (-risk * (h - base)) for p, h in hs)) / risk


def _summons(view: SeatView, suspect: str, room: str) -> bool:
    """Whether naming ``suspect`` in ``room`` moves in the token of an opponent
    still playing, who may then suggest there on its next turn without walking
    (000 "Suggestions" 2)."""
    if suspect == view.suspect or suspect not in view.seats or view.positions.get(suspect) == room:
        return False
    return not view.eliminated[view.seats.index(suspect)]


def suggestion_to_come(view: SeatView, kinds: set[type]) -> bool:
    """Whether the seat to act may still make a suggestion this turn before
    it accuses (an accusation may follow one in the same turn, answered or
    not: 000 "Common questions", "Suggestions" 6).  ``kinds``: the classes of
    the legal actions now.  Classic rules: anything but accusing or ending
    the turn is left (a roll, a move, a passage, a suggestion); at the start
    of a turn that cannot leave its square, nothing is.  With
    ``accuser_in_room`` (002 "Making an Accusation") only a suggestion in the
    room just entered counts: at the start of a turn, moving would leave the
    room it may accuse from (suggesting there without moving, when summoned
    or staying, is the player's own choice:
    :meth:`HardPlayer.suggest_before_accusing`)."""
    if view.options.accuser_in_room:
        return Suggest in kinds and view.phase != "start"
    return not kinds <= {Accuse, EndTurn}


def cannot_leave(kinds: set[type]) -> bool:
    """At the start of a turn with a suggestion legal (``kinds``: the classes
    of the legal actions): neither a roll nor a secret passage is, so it must
    suggest where it stands (then the two-stays limit does not apply)."""
    return Roll not in kinds and TakePassage not in kinds


def opponents_in_race(view: SeatView) -> int:
    """How many seats other than ``view.seat`` are still playing (not out
    after a wrong accusation, 000 "Accusations" 4)."""
    return sum(1 for i in range(len(view.seats)) if i != view.seat and not view.eliminated[i])


def silent_suggestions(view: SeatView, record: Record) -> set[tuple[str, str, str]]:
    """The suggestions (suspect, weapon, room) that a computer opponent made
    and nobody could disprove, read from ``record`` (a
    :class:`~game.knowledge.record.Record` of ``view.seat``; a question still
    being answered is left out).  Each named card is then in the suggester's
    hand or the envelope; had it held none, it would have known the envelope
    and accused on the spot (000 "Suggestions" 6), as every computer level
    does when certain.  It did not, so it holds one of them and the triple
    is not the envelope.  A person may wait, so a seat that
    ``view.computers`` does not mark as a computer is never read this way."""
    computers = view.computers
    done = record.questions[:len(record.questions) - (1 if record.open else 0)]
    return {(q.cards[0], q.cards[1], q.cards[2]) for q in done
            if q.shower is None and q.asker != view.seat and len(q.cards) == 3
            and q.asker < len(computers) and computers[q.asker]}


class Notes(Protocol):
    """What a level knows of the deal: the exact :class:`Knowledge` or a
    child's :class:`_Notebook`."""

    #: The envelope's owner number (the number of players).
    envelope: int

    def certain_owner(self, card: str) -> int | None:
        """The seat surely holding ``card``, :attr:`envelope`, or None."""

    def solution(self) -> tuple[str, ...] | None:
        """The envelope (suspect, weapon, room) once certain, else None."""


K = TypeVar("K", bound=Notes)


class _Base(Generic[K]):
    """Shared turn logic: disprove, accuse, move, suggest, pass or roll,
    deciding from the notes ``K`` that :meth:`knowledge` keeps."""

    level = "base"
    #: Stay to suggest in a room one was summoned to when its value is at least this share of the best
    #: rate (value / turns) elsewhere (hard at 0.7: 49.0 % against two spock, 48.1 % at 0.3; 1,200 games).
    stay_ratio = 0.7
    #: Take the secret passage when its room's value is at least this share of the best rate (value / turns)
    #: of the other rooms (hard at 0.6 suggested more often but won 46.5 % against two spock).
    passage_ratio = 1.0
    #: Measure distances in expected turns (:func:`expected_turns`), not rolls of the mean.  Medium keeps
    #: off: with it, hard's share against two medium fell from 59.2 % to 55.4 % (3,000 games).
    fine_distance = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.tracker = Tracker()
        self._stays = 0

    def restore(self, view: SeatView) -> None:
        """Rebuild what this player keeps between choices (besides its random
        generator) from ``view`` alone, so a resumed game decides as the
        uninterrupted one: how many turns running it stayed to suggest."""
        self._stays = consecutive_stays(view)

    # hooks ----------------------------------------------------------------
    def knowledge(self, view: SeatView) -> K:
        """What the seat knows of the deal after everything in ``view``."""
        raise NotImplementedError

    def accusation(self, view: SeatView, know: K, *, suggestion_left: bool) -> tuple[str, str, str] | None:
        """The accusation to make now (suspect, weapon, room), or None.
        ``suggestion_left``: a suggestion may still come this turn
        (:func:`suggestion_to_come`).  Here: the solution once ``know`` is
        certain of it (000 "Accusations" 1)."""
        sol = know.solution()
        return (sol[0], sol[1], sol[2]) if sol else None

    def suggest_before_accusing(self, view: SeatView, know: K, kinds: set[type]) -> bool:
        """With ``accuser_in_room``, at the start of a turn in the room of the
        accusation it would make now, where it may suggest without moving
        (summoned there, or the stay rule, 002): suggest first, then accuse
        from the same room?  Here: never (it accuses only when certain)."""
        return False

    def room_value(self, view: SeatView, know: K, room: str) -> float:
        """How useful a suggestion in ``room`` would be (>= 0)."""
        return 1.0 if know.certain_owner(room) is None else 0.1

    def suggest(self, view: SeatView, know: K, room: str) -> Suggest:
        raise NotImplementedError

    def disprove(self, view: SeatView, options: list[Disprove]) -> Disprove:
        return self.rng.choice(options)

    # protocol ---------------------------------------------------------------
    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        """One legal action for ``view.seat`` (see :class:`game.ai.base.ComputerPlayer`)."""
        kinds = {type(a) for a in legal}
        if Disprove in kinds:
            return self.disprove(view, [a for a in legal if isinstance(a, Disprove)])
        know = self.knowledge(view)
        if Accuse in kinds or view.options.accuser_in_room:
            acc = self.accusation(view, know, suggestion_left=suggestion_to_come(view, kinds))
            if acc is not None:
                if Accuse in kinds and may_accuse_here(view, acc[2]):
                    if self.suggest_before_accusing(view, know, kinds):
                        self._stays += 1
                        return self.suggest(view, know, acc[2])
                    return Accuse(*acc)
                # house rule: accuse only from the accused room, so walk there first
                step = walk_to(view, legal, acc[2], self.rng)
                if step is not None:
                    return step
        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            return self.move(view, know, moves)
        here = view.positions[view.suspect]
        if Suggest in kinds and isinstance(here, str):
            if view.phase != "start":
                return self.suggest(view, know, here)
            # at most two stays running in one room (house rule stay_to_suggest, 002)
            if cannot_leave(kinds) or (self._stays < 2 and self.stay(view, know, here, kinds)):
                self._stays += 1
                return self.suggest(view, know, here)
        if view.phase == "start":
            self._stays = 0
        if TakePassage in kinds and isinstance(here, str):
            if self.take_passage(view, know, here, Roll in kinds):
                return TakePassage()
        if Roll in kinds:
            return Roll()
        return EndTurn()

    # movement -------------------------------------------------------------
    def _turns(self, view: SeatView, here: object, room: str) -> float:
        """With ``fine_distance``: the expected turns of :func:`expected_turns`
        for the steps to ``room`` (1 through a secret passage); else
        :func:`turns_to`."""
        if not self.fine_distance:
            return turns_to(view.board, here, room, MEAN_ROLL * view.options.dice)
        board = view.board
        if isinstance(here, str) and board.rooms.get(here) is not None and board.passage(here) == room:
            return 1.0
        d = distances_to(board, room).get(here)
        return 99.0 if d is None else max(1.0, expected_turns(d, view.options.dice))

    def _values(self, view: SeatView, know: K) -> dict[str, float]:
        return {r: self.room_value(view, know, r) for r in ROOMS if r in view.board.rooms}

    def stay(self, view: SeatView, know: K, here: str, kinds: set[type]) -> bool:
        """At the start of a turn in a room one was summoned to: suggest there
        without moving?"""
        if Roll not in kinds and TakePassage not in kinds:
            return True
        values = self._values(view, know)
        best = max((v / self._turns(view, here, r) for r, v in values.items() if r != here), default=0.0)
        return values.get(here, 0.0) >= self.stay_ratio * best

    def take_passage(self, view: SeatView, know: K, here: str, can_roll: bool) -> bool:
        """At the start of a turn in ``here``: take its secret passage (000
        "Secret passages and blocked doors") rather than roll?  Always when it cannot roll;
        else when the room at the other end is worth the most of any room
        (a sure room beats a roll that may fall short: without
        ``fine_distance``, with two dice a room seven squares off counts as
        one turn away), or at least ``passage_ratio`` times the best rate
        elsewhere.  A rate is :meth:`room_value` (a unitless worth; bits of
        expected information for hard) divided by :meth:`_turns` (turns, at
        least 1; the passage itself is one turn)."""
        to = view.board.passage(here)
        if to is None:
            return False
        if not can_roll:
            return True
        values = self._values(view, know)
        if values[to] >= max(values.values()):
            return True
        best_other = max((v / self._turns(view, here, r) for r, v in values.items() if r not in (here, to)),
                         default=0.0)
        return values[to] >= self.passage_ratio * best_other

    def move(self, view: SeatView, know: K, moves: list[Move]) -> Move:
        values = self._values(view, know)
        here = view.positions[view.suspect]
        best_score, best = -1.0, []
        for m in moves:
            if m.room is not None:
                score = values.get(m.room, 0.0) + 1e-6
            else:
                score = max((v / (1 + self._turns(view, m.square, r)) for r, v in values.items() if r != here),
                            default=0.0)
            if score > best_score + 1e-12:
                best_score, best = score, [m]
            elif abs(score - best_score) <= 1e-12:
                best.append(m)
        return self.rng.choice(best)


# ---------------------------------------------------------------------------
class _Notebook:
    """A child's paper notebook: a grid of cards by players, filled in only
    with what it saw plainly, no chains of reasoning about who showed what to
    somebody else.

    * its own cards, and every card shown to it, are crossed off (held by that
      player; 000 "Suggestions" 3 and 5);
    * with ``lacks``: a player who could not disprove holds none of the three
      named cards (000 "Suggestions" 4), and a card that every other player
      lacks and it does not hold is in the envelope; when nobody disproved its
      own suggestion, the named cards it does not hold are in the envelope
      (000 "Suggestions" 6);
    * a category with one card left uncrossed has that card in the envelope.

    ``forgot`` (a set of event indices) are the shown cards and the passes it
    failed to write down: it never writes down anything false, so whatever it
    concludes is true.  ``solution()`` is the envelope when one card of each category is
    known, else None; ``certain_owner(card)`` is the holder's seat, the
    envelope's number (``len(hand_sizes)``), or None.
    """

    def __init__(self, view: SeatView, lacks: bool = True, forgot: frozenset[int] = frozenset()) -> None:
        me, n = view.seat, len(view.hand_sizes)
        self.envelope = n
        owner: dict[str, int] = {c: me for c in view.hand}
        lacking: dict[str, set[int]] = {}
        env: set[str] = set()
        trio: tuple[str, str, str] | None = None
        for i, e in enumerate(view.events):
            if isinstance(e, ev.SuggestionMade):
                trio = (e.suspect, e.weapon, e.room)
            elif isinstance(e, ev.CardShown) and e.to == me and e.card is not None and i not in forgot:
                owner[e.card] = e.by
            elif lacks and isinstance(e, ev.CannotDisprove) and trio is not None and i not in forgot:
                for c in trio:
                    lacking.setdefault(c, set()).add(e.player)
            elif lacks and isinstance(e, ev.NobodyDisproved) and trio is not None and e.player == me:
                env.update(c for c in trio if c not in view.hand)
        others = set(range(n)) - {me}
        if lacks:
            env.update(c for c, who in lacking.items() if who >= others and c not in view.hand)
        for pile in PILES:
            left = [c for c in pile if c not in owner]
            if len(left) == 1:
                env.add(left[0])
        self.owner = owner
        self.env = {c for c in env if c not in owner}
        self.out = set(owner)

    def certain_owner(self, card: str) -> int | None:
        """The seat holding ``card`` as written down, :attr:`envelope`, or None."""
        if card in self.env:
            return self.envelope
        return self.owner.get(card)

    def solution(self) -> tuple[str, ...] | None:
        """The envelope once one card of each category is known, else None."""
        picks = [[c for c in pile if c in self.env] for pile in PILES]
        if all(len(x) == 1 for x in picks):
            return tuple(x[0] for x in picks)
        return None


class EasyPlayer(_Base[_Notebook]):
    """Level ``"easy"``: crosses off its own cards and the cards shown to it,
    suggests among the cards it has not crossed off at random, accuses only when
    a single card of each category is left.  ``seed`` repeats its choices."""

    level = "easy"

    def knowledge(self, view: SeatView) -> _Notebook:
        """Its notebook of ``view`` (rebuilt from the events every time)."""
        return _Notebook(view)

    def suggest(self, view: SeatView, know: _Notebook, room: str) -> Suggest:
        picks = []
        for pile in (SUSPECTS, WEAPONS):
            left = [c for c in pile if c not in know.out]
            picks.append(self.rng.choice(left or list(pile)))
        return Suggest(picks[0], picks[1])

    def stay(self, view: SeatView, know: _Notebook, here: str, kinds: set[type]) -> bool:
        return here not in know.out or (Roll not in kinds and TakePassage not in kinds)

    def take_passage(self, view: SeatView, know: _Notebook, here: str, can_roll: bool) -> bool:
        to = view.board.passage(here)
        return to is not None and (to not in know.out or not can_roll)


class BeginnerPlayer(EasyPlayer):
    """Level ``"beginner"``: the first rung, for a young child to beat.

    It keeps :class:`EasyPlayer`'s notebook with a child's mistakes: it
    forgets to write down a card shown to it, or a pass, with probability
    ``forget`` (fixed per event by the seed, so a resumed game decides the
    same), and on a move it wanders to a random legal destination with
    probability ``wander``.  It never makes an illegal or absurd move: it
    accuses only what its notebook proves (never wrongly, since it never
    writes down anything false) and never names, in a suggestion, a suspect or
    weapon that it holds or has written down as held (see
    ``tests/test_ladder.py``)."""

    level = "beginner"
    forget = 0.25
    wander = 0.35

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.seed = seed
        self._fate: list[bool] = []

    def _forgotten(self, view: SeatView) -> frozenset[int]:
        """Indices of the events (cards shown to it, passes) it did not write down."""
        fate = self._fate
        for i in range(len(fate), len(view.events)):
            e = view.events[i]
            noted = isinstance(e, ev.CardShown) and e.to == view.seat or isinstance(e, ev.CannotDisprove)
            fate.append(noted and random.Random(f"{self.seed}:{i}").random() < self.forget)
        return frozenset(i for i, f in enumerate(fate) if f)

    def knowledge(self, view: SeatView) -> _Notebook:
        """Its notebook of ``view`` without the events it forgot to write down."""
        return _Notebook(view, forgot=self._forgotten(view))

    def move(self, view: SeatView, know: _Notebook, moves: list[Move]) -> Move:
        if self.rng.random() < self.wander:
            return self.rng.choice(moves)
        return super().move(view, know, moves)


# ---------------------------------------------------------------------------
class MediumPlayer(_Base[Knowledge]):
    """Level ``"medium"``: every certainty the exact engine finds; suggests
    unknown cards at random but never repeats a suggestion nor makes one that
    can teach it nothing, and names no opponent's suspect it would move in
    while another suspect serves; takes a secret passage only to a room
    clearly worth the trip (:attr:`passage_ratio`); when showing a card,
    prefers one the suggester has already seen; accuses only when certain."""

    level = "medium"
    #: Prefer suspects whose token it would not move in (:func:`_summons`: a summoned token gets a free
    #: suggestion, 000 "Suggestions" 2): 32.8 % against two spock, 29.8 % off (1,200 games).
    avoid_summons = True
    #: Take the secret passage only when its room is worth this many times the best rate (value / turns) of
    #: the other rooms, else roll: +1.83 points against two spock over 1.0 (1,200 games, paired).
    passage_ratio = 1.25
    #: With no card the suggester has seen, show one of the pile with the most cards still in doubt.  Off:
    #: 30.4 % against two spock, 29.8 % without (1,200 games), which is noise.
    show_open_pile = False

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.made: set[tuple[str, str, str]] = set()

    def restore(self, view: SeatView) -> None:
        """Also rebuild the suggestions it has made (see :meth:`_Base.restore`)."""
        super().restore(view)
        self.made = {(e.suspect, e.weapon, e.room) for e in view.events
                     if isinstance(e, ev.SuggestionMade) and e.player == view.seat}

    def knowledge(self, view: SeatView) -> Knowledge:
        """The exact knowledge of ``view`` (its :class:`Tracker`)."""
        return self.tracker.update(view)

    def room_value(self, view: SeatView, know: Knowledge, room: str) -> float:
        """1 for a room still in doubt; 0.6 for its own room or the known
        envelope room (nobody can show it, so the other two names are tested);
        0.1 for a room known to be in an opponent's hand."""
        owner = know.certain_owner(room)
        if owner is None:
            return 1.0
        if owner in (view.seat, know.envelope):
            return 0.6
        return 0.1

    def suggest(self, view: SeatView, know: Knowledge, room: str) -> Suggest:
        unknown = [[c for c in pile if know.certain_owner(c) is None] for pile in (SUSPECTS, WEAPONS)]
        fillers = []
        for pile in (SUSPECTS, WEAPONS):
            own = [c for c in pile if c in view.hand]
            env = [c for c in pile if know.certain_owner(c) == know.envelope]
            fillers.append(own or env or list(pile))
        options = []
        for s in unknown[0] or fillers[0]:
            for w in unknown[1] or fillers[1]:
                trio = (s, w, room)
                useless = all(know.certain_owner(c) is not None for c in trio)
                if trio not in self.made and not useless:
                    options.append(trio)
        if not options:  # nothing new to learn here: at least do not repeat
            options = [(s, w, room) for s in SUSPECTS for w in WEAPONS if (s, w, room) not in self.made] \
                or [(SUSPECTS[0], WEAPONS[0], room)]
        if self.avoid_summons:
            options = [t for t in options if not _summons(view, t[0], room)] or options
        trio = self.rng.choice(options)
        self.made.add(trio)
        return Suggest(trio[0], trio[1])

    def disprove(self, view: SeatView, options: list[Disprove]) -> Disprove:
        know = self.tracker.update(view)
        record = self.tracker.record
        asker = record.asker if record else None
        seen = record.shown_by_me().get(asker, set()) if record and asker is not None else set()
        again = [o for o in options if o.card in seen]
        if not again and self.show_open_pile and len(options) > 1:
            doubt = {c: sum(1 for x in pile if know.certain_owner(x) is None) for pile in PILES for c in pile}
            most = max(doubt[o.card] for o in options)
            again = [o for o in options if doubt[o.card] == most]
        return self.rng.choice(again or options)


# ---------------------------------------------------------------------------
class HardPlayer(_Base[Knowledge]):
    """Level ``"hard"``: expected information about the envelope.

    Suggestion: for every (suspect, weapon) in the room, the exact joint
    distribution of where the three named cards lie (:func:`joint`) gives the
    probability of every outcome (who shows, which card, or nobody; a player
    holding several named cards is assumed to pick one at random); the chosen
    suggestion minimises the entropy of the envelope afterwards, valued with
    an appetite for a big step (its certainty equivalent, see :attr:`risk`:
    the first player to be certain wins, so a chance of a large drop is
    worth more than the same mean drop for sure).
    Own cards are candidates like any other, so it names them when that tests
    the rest best, and its ``own_candidates`` best-ranked suggestions are also
    valued with its own suspect or weapon in place of theirs (the quick
    ranking gives own cards no value, so these would not be looked at);
    naming the suspect of an opponent still playing costs ``summon_cost``
    bits, ``summon_cost_room`` when that token stands in another room (its
    token would be moved in and get a free suggestion).
    Movement: expected information of the best suggestion in a room divided
    by the expected turns to get there (:func:`expected_turns`, from the
    dice).  Knowledge: exact, and a computer opponent's suggestion that
    nobody disproved, with no accusation after it, is ruled out as the
    envelope (:func:`silent_suggestions`, :attr:`infer_silence`).
    Showing: a card the suggester has seen, else the card
    shown most often, else a room.  Accusation: when certain, or as a
    gamble as its turn ends (after its suggestion, if any: :attr:`gamble_late`)
    when the probability of its best guess (the likeliest card of each
    category; the exact count read with the opponents' suggestions,
    :meth:`stated_odds`) reaches :attr:`bold` (one or two opponents still
    playing) or :attr:`bold_crowd` (three or more): the more opponents
    racing it, the less waiting to be sure is worth.  Alone in the race it
    never gambles: waiting is a sure win.
    """

    level = "hard"
    #: Gamble threshold (0 < bold <= 1; 1.0 = never) with one or two opponents still playing: 55.9 %
    #: against two spock, 54.4 % never gambling (1,200 games replayed, ``benchmarks/bench_gamble.py``).
    bold = 0.6
    #: Gamble threshold with three or more opponents still playing: 51.0 % against three medium,
    #: 45.8 % never gambling (1,200 games replayed).
    bold_crowd = 0.45
    #: Gamble only when :meth:`_threat` says an opponent looks close.  Off: with it hard won 54.4 %
    #: against two spock, 54.9 % without.
    threat_needed = False
    #: How many suggestions get the exact evaluation at a table of up to :attr:`small_table` players (the
    #: rest ranked by a quick estimate): +0.6 points against two spock over 12 (3,000 games, paired).
    exact_candidates = 24
    #: :attr:`exact_candidates` and :attr:`own_candidates` at a table of more than :attr:`small_table`
    #: players, counting every seat, out or not: 24 / 4 took decisions at 6 players to p99 331 ms (goal 300).
    exact_candidates_crowd = 12
    own_candidates_crowd = 2
    small_table = 4
    #: How many of the best-ranked suggestions are also valued with an own suspect or weapon in place of
    #: theirs (:meth:`_own_variants`; 0: none): 53.2 % against two spock, 50.8 % without (1,200 games).
    own_candidates = 4
    #: Bits charged per named card it does not hold, times the chance nobody disproves (0: not charged):
    #: 0.3 won 57.5 % against two medium, 0 won 57.0 %, 1.0 won 51.0 % (3,000 games).
    leak_cost = 0.0
    #: Appetite for a big step, per bit: a suggestion is valued by the certainty equivalent of the envelope's
    #: entropy after it (:func:`certainty_equivalent`; 0: its mean); 1 won 58.6 % against two medium, 0 57.0 %.
    risk = 1.0
    #: Bits an opponent's free suggestion costs (see :meth:`_summon_cost`): 0 lost 1.83 points against
    #: two spock (3,000 games, paired).
    summon_cost = 0.3
    #: The same, for an opponent whose token stands in another room now: +0.9 points against two spock
    #: over 0.3 (3,000 games, paired).
    summon_cost_room = 0.6
    #: Stay in a room it was summoned to only when that room's value is at least the best rate elsewhere
    #: (see :attr:`_Base.stay_ratio`): +0.3 points against two spock over 0.7 (3,000 games, paired).
    stay_ratio = 1.0
    fine_distance = True
    #: Rule out the suggestions of computer opponents that nobody disproved (:func:`silent_suggestions`: the
    #: suggester did not accuse, so it holds a named card): +0.5 points against two spock (3,000 games, paired).
    infer_silence = True
    #: Gamble only as its turn ends, when no suggestion is left this turn (:func:`suggestion_to_come`,
    #: :meth:`suggest_before_accusing`): +0.4 points against two spock (3,000 games, paired).
    gamble_late = True
    #: State, and bet on, odds that read the opponents' suggestions (:meth:`stated_odds`,
    #: :meth:`naming_odds`) rather than the plain exact count (figures in docs/levels.md).
    read_table = True
    #: Deals drawn to weigh the suggestions (:meth:`stated_odds`): 21 ms of CPU (median) per stated
    #: probability at 6 players; decisions p99 236 / max 310 ms with them (``bench_decisions.py``).
    table_samples = 400
    #: Fewer draws than this with (or without) the guess in the envelope:
    #: the exact count stands.
    table_min_side = 20
    #: Named cards' worth of "names at random" each opponent's fit starts
    #: from (:meth:`naming_odds`).
    table_prior = 4.0
    #: Times the naming weights are fitted again on the reweighted deals (:meth:`stated_odds`; 0: only the
    #: fit on the exact count).  One refit took decisions at 6 players to p99 350 ms.
    table_refits = 0
    #: Weigh each deal by the chance that the opponent who showed this seat a card picked that one among the
    #: named cards it held (1 / how many): hunter's 0.5-0.6 bin went from 76 % right to 54.5 % (stated 54).
    show_choice = True
    #: Read each suspect and weapon named as a pick among its whole pile (:meth:`pile_log`): Brier score of the
    #: stated odds 0.2150 to 0.2129 / 0.2002 to 0.1980 / 0.2155 to 0.2135 vs two hunters / solvers / spock.
    whole_pile = True
    #: Read each opponent's names with the fitted weights averaged with :attr:`STYLES` (:meth:`_styles`):
    #: Brier score 0.2105 to 0.1737 / 0.1958 to 0.1767 / 0.2117 to 0.2056 vs two hunters / solvers / spock.
    table_styles = True
    #: With :attr:`table_styles`, read the names with the fitted weights among the styles (off: the styles alone,
    #: the fitted weights left out since they are fitted on the very names they then read).
    table_fitted = False

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        #: (the Knowledge the values were computed from, the values); the object
        #: itself is kept, not its id, which a later Knowledge may reuse
        self._value_cache: tuple[Knowledge, dict[str, float]] | None = None

    def knowledge(self, view: SeatView) -> Knowledge:
        """The exact knowledge of ``view`` (its :class:`Tracker`), with
        :attr:`infer_silence` also ruling out :func:`silent_suggestions`
        (dropped for good, as the tracker does, if they ever contradict what
        was seen)."""
        if self.infer_silence:
            record = self.tracker.read(view)
            self.tracker.assume_not_solutions(silent_suggestions(view, record))
        return self.tracker.update(view)

    # -- information ---------------------------------------------------------
    def _quick(self, know: Knowledge, trio: tuple[str, str, str]) -> float:
        """Quick estimate (bits): the envelope uncertainty of the named cards,
        halved for each named card an opponent surely holds (it may be shown
        instead of the card in doubt)."""
        score = sum(_h(know.p_envelope(c)) for c in trio)
        me = self.tracker.record.seat if self.tracker.record else -1
        for c in trio:
            o = know.certain_owner(c)
            if o is not None and o not in (me, know.envelope):
                score *= 0.5
        return score

    def _envelope_entropy(self, know: Knowledge) -> float:
        return sum(_entropy(know.p_envelope(c) for c in pile) for pile in PILES)

    def expected_entropy(self, view: SeatView, know: Knowledge, trio: tuple[str, str, str]) -> float:
        """Entropy (bits) of the envelope after suggesting ``trio``, over the
        exact outcome probabilities: its mean with :attr:`risk` 0, else its
        certainty equivalent (:func:`certainty_equivalent`; for risk above 0
        never more than the mean).  Within a category, the cards not named keep
        their relative odds given the named card is not in the envelope."""
        return self._suggestion_outlook(view, know, trio)[0]

    def _suggestion_outlook(self, view: SeatView, know: Knowledge, trio: tuple[str, str, str],
                            joints: Joints | None = None) -> tuple[float, float]:
        """(:meth:`expected_entropy` of ``trio``, the probability that nobody
        can disprove it), from one exact joint count (``joints``, when given,
        counts it for the seat's constraints, once per interchangeable trio)."""
        cons = self.tracker.constraints
        assert cons is not None
        n = know.players
        env = know.envelope
        table = joints(trio) if joints is not None else joint(cons, trio)
        total = know.total
        order = [(view.seat + k) % n for k in range(1, n)]
        shown = self.tracker.record.shown_to_me()  # type: ignore[union-attr]
        # outcome -> {z: weight}; z = which named cards are in the envelope (bits)
        outcomes: dict[tuple[int, str] | None, dict[int, float]] = {}
        for where, cnt in table.items():
            z = sum(1 << i for i, o in enumerate(where) if o == env)
            shower = next((p for p in order if p in where), None)
            outs: list[tuple[tuple[int, str] | None, float]]
            if shower is None:
                outs = [(None, 1.0)]
            else:
                held = [trio[i] for i, o in enumerate(where) if o == shower]
                # a player who has shown me one of these cards will show it again
                held = [c for c in held if c in shown.get(shower, ())] or held
                outs = [((shower, c), 1.0 / len(held)) for c in held]
            for out, w in outs:
                d = outcomes.setdefault(out, {})
                d[z] = d.get(z, 0.0) + cnt * w
        # entropy of the other cards of each category given "named card not in envelope"
        rest = []
        for i, pile in enumerate(PILES):
            c = trio[i]
            p_c = know.p_envelope(c)
            others = [know.p_envelope(x) / (1 - p_c) for x in pile if x != c] if p_c < 1 else []
            rest.append(_entropy(others))
        after = []
        for zs in outcomes.values():
            mass = sum(zs.values())
            h = 0.0
            for i in range(3):
                p_in = sum(w for z, w in zs.items() if z >> i & 1) / mass
                h += _h(p_in) + (1 - p_in) * rest[i]
            after.append((mass / total, h))
        return certainty_equivalent(after, self.risk), sum(outcomes.get(None, {}).values()) / total

    def _best_suggestion(self, view: SeatView, know: Knowledge, room: str) -> tuple[tuple[str, str, str], float]:
        trios = [(s, w, room) for s in SUSPECTS for w in WEAPONS]
        ranked = sorted(trios, key=lambda t: (-self._quick(know, t), t))
        now = self._envelope_entropy(know)
        best, best_key = ranked[0], None
        n_exact, n_own = self.candidates(view)
        exact = list(dict.fromkeys(ranked[:n_exact] + self._own_variants(view, ranked[:n_own])))
        # interchangeable cards (alike for everything seen) give the same joint count: one count each
        assert self.tracker.constraints is not None
        joints = Joints(self.tracker.constraints)
        for t in exact:
            e, p_nobody = self._suggestion_outlook(view, know, t, joints)
            # tie-break: prefer naming own cards over cards known to be elsewhere
            own = sum(1 for c in t if c in view.hand)
            if self.leak_cost:
                e += self.leak_cost * p_nobody * (3 - own)
            key = (round(e + self._summon_cost(view, t[0], room), 9), -own, self.rng.random())
            if best_key is None or key < best_key:
                best, best_key = t, key
        gain = now - best_key[0] if best_key else 0.0
        return best, max(gain, 0.0)

    def candidates(self, view: SeatView) -> tuple[int, int]:
        """(suggestions given the exact evaluation, best-ranked suggestions
        also tried with its own cards) at this table: :attr:`exact_candidates`
        and :attr:`own_candidates` with up to :attr:`small_table` players,
        else the ``_crowd`` ones (keeping a decision within 300 ms of CPU at
        p99 with 5 and 6 players)."""
        if len(view.seats) > self.small_table:
            return self.exact_candidates_crowd, self.own_candidates_crowd
        return self.exact_candidates, self.own_candidates

    @staticmethod
    def _own_variants(view: SeatView, trios: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
        """``trios`` with the suspect, the weapon or both replaced by a card of
        its own hand: naming an own card tests the other two alone, and when
        nobody can disprove, the opponents cannot tell its hand from the
        envelope (the quick estimate gives own cards no value, so these
        would not otherwise be looked at)."""
        own_s = [c for c in SUSPECTS if c in view.hand]
        own_w = [c for c in WEAPONS if c in view.hand]
        out = []
        for s, w, r in trios:
            out += [(o, w, r) for o in own_s] + [(s, o, r) for o in own_w]
            out += [(a, b, r) for a in own_s for b in own_w]
        return out

    def _summon_cost(self, view: SeatView, suspect: str, room: str) -> float:
        """Bits charged for naming ``suspect``: an opponent still in the game
        whose token this would move into ``room`` gets to suggest there on
        its next turn without walking (000 "Suggestions" 2):
        :attr:`summon_cost_room` when its token stands in another room now,
        :attr:`summon_cost` when it stands on a corridor or start square;
        0 for anybody else."""
        if not _summons(view, suspect, room):
            return 0.0
        return self.summon_cost_room if isinstance(view.positions.get(suspect), str) else self.summon_cost

    def room_value(self, view: SeatView, know: Knowledge, room: str) -> float:
        """Quick estimate of the information a suggestion in ``room`` would bring."""
        ps = max((self._quick(know, (s, w, room)) for s in SUSPECTS for w in WEAPONS), default=0.0)
        return ps + 0.01

    def _values(self, view: SeatView, know: Knowledge) -> dict[str, float]:
        if self._value_cache and self._value_cache[0] is know:
            return self._value_cache[1]
        values = super()._values(view, know)
        self._value_cache = (know, values)
        return values

    def suggest(self, view: SeatView, know: Knowledge, room: str) -> Suggest:
        trio, _ = self._best_suggestion(view, know, room)
        return Suggest(trio[0], trio[1])

    # -- showing ---------------------------------------------------------------
    def disprove(self, view: SeatView, options: list[Disprove]) -> Disprove:
        self.tracker.update(view)
        record = self.tracker.record
        shown_by_me = record.shown_by_me() if record else {}
        asker = record.asker if record else None
        seen = shown_by_me.get(asker, set()) if asker is not None else set()
        times: dict[str, int] = {}
        if shown_by_me:
            for cards in shown_by_me.values():
                for c in cards:
                    times[c] = times.get(c, 0) + 1

        def cost(o: Disprove) -> tuple[bool, int, int, str]:
            pile = next(p for p in PILES if o.card in p)
            return (o.card not in seen, -times.get(o.card, 0), -len(pile), o.card)

        return min(options, key=cost)

    # -- accusing ---------------------------------------------------------------
    def suggest_before_accusing(self, view: SeatView, know: Knowledge, kinds: set[type]) -> bool:
        """With :attr:`gamble_late`: yes for a gamble (not certain) when a
        suggestion is legal here without moving and it may stay (at most two
        stays running, as in :meth:`_Base.choose`, unless it cannot leave)."""
        return (self.gamble_late and view.options.accuser_in_room and view.phase == "start"
                and Suggest in kinds and know.solution() is None and (cannot_leave(kinds) or self._stays < 2))

    def accusation(self, view: SeatView, know: Knowledge, *, suggestion_left: bool) -> tuple[str, str, str] | None:
        """The solution once certain; else a gamble on its best guess (see
        :meth:`gambles`), with :attr:`gamble_late` only when no suggestion is
        left this turn (``suggestion_left``, see :meth:`_Base.accusation`)."""
        sol = know.solution()
        if sol:
            return (sol[0], sol[1], sol[2])
        if self.gamble_late and suggestion_left:
            return None
        bold = self.boldness(view)
        if bold >= 1.0 or (self.threat_needed and not self._threat(view)):
            return None
        # no screen on the exact marginals first: the table's reading can move the odds far from them
        guess, _ = know.best_guess()
        p = self.stated_odds(view, know, guess)
        return (guess[0], guess[1], guess[2]) if self.gambles(bold, p) else None

    def stated_odds(self, view: SeatView, know: Knowledge, guess: tuple[str, ...],
                    styles_out: dict[int, list[float]] | None = None) -> float:
        """The probability (0-1) it states, and bets on, that ``guess``
        (suspect, weapon, room) is the envelope: the exact count
        (:meth:`exact_odds`), which takes every consistent deal as equally
        likely, reweighted with :attr:`read_table` by what the opponents'
        suggestions say about the deal (:meth:`naming_odds`).

        The reweighting: a deal's weight is the product, over every card an
        opponent named, of that opponent's weight for the place the deal
        puts the card (:attr:`PLACES`: its own hand, the envelope, a hand
        that answered it on that card before, elsewhere).  The weights start
        as :meth:`naming_odds` fits them on the exact count and are fitted
        again :attr:`table_refits` times on the reweighted deals (each card
        counted by its reweighted probability of being in each place), so
        that what the names say about where the cards lie also informs how
        each opponent names.  ``P = p * W_in / (p * W_in + (1 - p) * W_out)``,
        with ``p`` the exact count and ``W_in`` / ``W_out`` the mean weight
        of :attr:`table_samples` deals drawn uniformly (:func:`sample`) with
        and without ``guess`` in the envelope.  With :attr:`show_choice`, a
        deal's weight is also divided, for every suggestion of this seat
        that an opponent answered, by the number of named cards the deal
        gives that opponent: it chose the card it showed among them, and the
        exact count takes it as always showing that one.  With
        :attr:`whole_pile`, each suspect or weapon an opponent named is a pick
        among its pile, so the deal's weight is also divided, per name, by
        that opponent's weights summed over the pile's cards in the places
        the deal puts them (:meth:`pile_log`).  With :attr:`table_styles`, an
        opponent's part of a deal's weight is not the fitted weights' alone
        but their average with each of :attr:`STYLES` (:meth:`_styles`), each
        style weighed by how well it explains that opponent's names in that
        deal: an opponent whose names fit one style is read by it, without
        waiting for the fit to leave its prior.  ``styles_out``, when given,
        gets per opponent the chance (0-1, summing to 1) of each style, fitted
        first.  Only the ratio is estimated, so with every weight 1 it is the
        exact count.  The draws are seeded
        by the seat, the events seen and the guess: the same view states the
        same odds and leaves its other random choices alone."""
        p = self.exact_odds(know, guess)
        if not self.read_table or p <= 0.0 or p >= 1.0:
            return p
        named, bases = self._named(view)
        answers = self._answers_to_me(view) if self.show_choice else []
        if not named and not answers:
            return p
        # the same card, opponent and showers weigh alike: one group each
        groups: dict[tuple[str, int, frozenset[int]], int] = {}
        for c, o, showers, _ in named:
            groups[c, o, showers] = groups.get((c, o, showers), 0) + 1
        keys = list(groups)
        cons = self.tracker.constraints
        assert cons is not None  # counted when ``know`` was
        rng = random.Random(f"{view.seat}:{len(view.events)}:{','.join(guess)}")
        env = know.envelope
        deals = []
        picks: list[float] = []
        deal_list = sample(cons, self.table_samples, rng)
        for deal in deal_list:
            places = [0 if deal[c] == o else 1 if deal[c] == env else 2 if deal[c] in sh else 3 for c, o, sh in keys]
            deals.append((places, all(deal[c] == env for c in guess)))
            # the shower picked the card it showed among the named cards it holds
            picks.append(-sum(math.log(max(1, sum(1 for x in cards if deal[x] == s))) for s, cards in answers))
        if not deals or min(sum(1 for _, i in deals if i == side) for side in (False, True)) < self.table_min_side:
            return p
        # every place a pile's card might be in, deal by deal, for each choice an opponent made among them
        choices = self._choices(view) if self.whole_pile else {}
        ckeys = list(choices)
        cplaces = [[[0 if deal[c] == o else 1 if deal[c] == env else 2 if deal[c] in sh else 3
                     for c, sh in cards] for o, _, cards in ckeys] for deal in deal_list]
        # per deal, how many named cards (and pile cards) each (opponent, kind) has in each place
        kinds = sorted({(o, c in ROOMS) for c, o, _ in keys})
        counts = []
        for places, _ in deals:
            cnt = {k: [0, 0, 0, 0] for k in kinds}
            for g, (c, o, _) in enumerate(keys):
                cnt[o, c in ROOMS][places[g]] += groups[keys[g]]
            counts.append(cnt)
        pile_counts = []
        for dpl in cplaces:
            pcs = []
            for pl in dpl:
                pc = [0, 0, 0, 0]
                for x in pl:
                    pc[x] += 1
                pcs.append(pc)
            pile_counts.append(pcs)
        opponents = sorted({o for o, _ in kinds})
        # an opponent's part of a deal's weight depends on the deal only through how many of its named
        # cards, and of each pile it picked from, lie in each place: deals alike there share one reckoning
        own_piles = {o: [i for i, k in enumerate(ckeys) if k[0] == o] for o in opponents}
        pile_times = {o: [choices[ckeys[i]] for i in own_piles[o]] for o in opponents}
        signatures = [[(o, tuple(cnt[o, False]) if (o, False) in cnt else None,
                        tuple(cnt[o, True]) if (o, True) in cnt else None,
                        tuple(tuple(pcs[i]) for i in own_piles[o])) for o in opponents]
                      for cnt, pcs in zip(counts, pile_counts, strict=True)]
        omega = [1.0 / len(deals)] * len(deals)
        for _ in range(self.table_refits + 1):
            found: dict[tuple[int, bool], list[float]] = {}
            for g, (c, o, _) in enumerate(keys):
                f = found.setdefault((o, c in ROOMS), [0.0] * len(self.PLACES))
                for (places, _), w in zip(deals, omega, strict=True):
                    f[places[g]] += groups[keys[g]] * w
            fitted = {k: self._fit(f, bases[k]) for k, f in found.items()}
            styles = self._styles(fitted, bases)
            lws = []
            posts: list[dict[int, list[float]]] = []
            parts: dict[tuple[int, tuple[int, ...] | None, tuple[int, ...] | None, tuple[tuple[int, ...], ...]],
                        tuple[float, list[float]]] = {}
            for sigs, pick in zip(signatures, picks, strict=True):
                lw = pick
                post: dict[int, list[float]] = {}
                for sig in sigs:
                    known = parts.get(sig)
                    if known is None:
                        known = parts[sig] = self._opponent_part(sig, styles, pile_times[sig[0]], bool(ckeys))
                    lw += known[0]
                    if styles_out is not None:
                        post[sig[0]] = known[1]
                lws.append(lw)
                posts.append(post)
            top = max(lws)
            omega = [math.exp(lw - top) for lw in lws]
            total = sum(omega)
            omega = [w / total for w in omega]
        if styles_out is not None:
            # a style's chance for an opponent: its share in each deal, weighed by the deal
            for o in opponents:
                mix = [0.0] * len(styles)
                for post, w in zip(posts, omega, strict=True):
                    share = sum(post[o])
                    for i, part in enumerate(post[o]):
                        mix[i] += w * part / share
                styles_out[o] = mix
        inside = sum(w for (_, i), w in zip(deals, omega, strict=True) if i)
        n_in = sum(1 for _, i in deals if i)
        w_in, w_out = inside / n_in, (1.0 - inside) / (len(deals) - n_in)
        return p * w_in / (p * w_in + (1 - p) * w_out)

    @staticmethod
    def _opponent_part(sig: tuple[int, tuple[int, ...] | None, tuple[int, ...] | None, tuple[tuple[int, ...], ...]],
                       styles: list[tuple[float, dict[tuple[int, bool], tuple[float, ...]],
                                        dict[tuple[int, bool], list[float]]]],
                       times: list[int], piles: bool) -> tuple[float, list[float]]:
        """One opponent's part of the log weight of a deal (:meth:`stated_odds`), and each style's
        share of it unnormalised (``exp`` of its log likelihood less the largest).  ``sig`` is
        ``(opponent, counts of its named suspects and weapons in each of :attr:`PLACES`, the same of its
        named rooms (None when it named none), for each pile it picked from the counts of the pile's
        cards in each place)``; ``styles`` as :meth:`_styles` gives them; ``times[i]`` how often the
        ``i``-th pile of that opponent was picked from; ``piles``: any opponent picked from a pile."""
        o, named, rooms_named, pcs = sig
        lls = []
        for prior, ws, logs in styles:
            ll = prior
            for rooms, cnt in ((False, named), (True, rooms_named)):
                if cnt is not None:
                    ll += sum(n * x for n, x in zip(cnt, logs[o, rooms], strict=True) if n)
            if piles and (o, False) in ws:
                pw = ws[o, False]
                ll -= sum(k * math.log(sum(n * x for n, x in zip(pc, pw, strict=True)))
                          for k, pc in zip(times, pcs, strict=True))
            lls.append(ll)
        top = max(lls)
        return top + math.log(sum(math.exp(x - top) for x in lls)), [math.exp(x - top) for x in lls]

    def _answers_to_me(self, view: SeatView) -> list[tuple[int, tuple[str, ...]]]:
        """``(shower, named cards)`` of every suggestion of this seat that an
        opponent answered by showing it a card."""
        record = self.tracker.record
        if record is None:
            return []
        done = record.questions[:len(record.questions) - (1 if record.open else 0)]
        return [(q.shower, q.cards) for q in done
                if q.asker == view.seat and q.shower is not None and q.shower != view.seat]

    #: The places :meth:`naming_odds` weighs, in the order of its weights.
    PLACES = ("own", "envelope", "shown", "elsewhere")

    def _named(self, view: SeatView) -> tuple[list[tuple[str, int, frozenset[int], bool]],
                                              dict[tuple[int, bool], tuple[float, ...]]]:
        """Every card an opponent named, once per time, as ``(card, opponent,
        showers, room)``, and per (opponent, room) the share of each of
        :attr:`PLACES` a random pick would find (see :meth:`naming_odds`)."""
        record = self.tracker.record
        if record is None:
            return [], {}
        deck = sum(view.hand_sizes) + len(PILES)
        done = record.questions[:len(record.questions) - (1 if record.open else 0)]
        named: list[tuple[str, int, frozenset[int], bool]] = []
        seen_sum: dict[tuple[int, bool], list[float]] = {}
        answered: dict[int, list[tuple[int, tuple[str, ...]]]] = {}
        for q in done:
            if q.asker != view.seat and len(q.cards) == 3:
                before = answered.get(q.asker, [])
                seen = min(len(before) / max(deck - view.hand_sizes[q.asker] - len(PILES), 1), 0.9)
                for c in q.cards:
                    named.append((c, q.asker, frozenset(s for s, cards in before if c in cards), c in ROOMS))
                    seen_sum.setdefault((q.asker, c in ROOMS), []).append(seen)
            if q.shower is not None:
                answered.setdefault(q.asker, []).append((q.shower, q.cards))
        bases: dict[tuple[int, bool], tuple[float, ...]] = {}
        for (o, rooms), seens in seen_sum.items():
            own_base = view.hand_sizes[o] / deck
            env_base = 1 / len(ROOMS) if rooms else 2 / (len(SUSPECTS) + len(WEAPONS))
            rest = 1.0 - own_base - env_base
            seen_base = rest * sum(seens) / len(seens)
            bases[o, rooms] = (own_base, env_base, seen_base, rest - seen_base)
        return named, bases

    def _choices(self, view: SeatView) -> dict[tuple[int, bool, tuple[tuple[str, frozenset[int]], ...]], int]:
        """Every pile an opponent picked a card from in a suggestion (suspects
        and weapons: its room is where it stands), counted by ``(opponent,
        False, ((card, showers), ...))``: the pile's cards, each with the seats
        that had answered an earlier question of that opponent naming it (as
        :meth:`_named` gives them)."""
        record = self.tracker.record
        if record is None:
            return {}
        done = record.questions[:len(record.questions) - (1 if record.open else 0)]
        out: dict[tuple[int, bool, tuple[tuple[str, frozenset[int]], ...]], int] = {}
        answered: dict[int, list[tuple[int, tuple[str, ...]]]] = {}
        for q in done:
            if q.asker != view.seat and len(q.cards) == 3:
                before = answered.get(q.asker, [])
                for pile in record.piles[:2]:
                    key = (q.asker, False,
                           tuple((c, frozenset(s for s, cards in before if c in cards)) for c in pile))
                    out[key] = out.get(key, 0) + 1
            if q.shower is not None:
                answered.setdefault(q.asker, []).append((q.shower, q.cards))
        return out

    @staticmethod
    def pile_log(weights: list[float], places: list[int]) -> float:
        """Log of the share of one name that a deal owes to the pile it was
        picked from: ``-log`` of the sum, over the pile's cards, of the
        namer's weight (``weights``, one per :attr:`PLACES`) for the place
        (an index into it) the deal puts each card (``places``).  A namer
        that shuns its own cards and holds three of the pile picks among
        fewer, so each of its names says more; the cards it did not name
        count here."""
        return -math.log(sum(weights[x] for x in places))

    #: Naming styles beside the fitted one, as raw weights over :attr:`PLACES` (own hand, envelope, a hand
    #: that showed it the card, elsewhere), each scaled so that a random pick scores 1 on average.
    STYLES = (
        (1.0, 1.0, 1.0, 1.0),      # names at random
        # names only cards it has not located: a hand that showed it a card of a question naming this one
        # may have shown another (0.03 there put right guesses at 4 % stated, 17 % right, vs two hunters)
        (0.03, 1.0, 0.5, 1.0),
        (3.0, 1.0, 1.0, 1.0),      # names its own cards to steer the answers
    )

    def _styles(self, fitted: dict[tuple[int, bool], tuple[float, ...]],
                bases: dict[tuple[int, bool], tuple[float, ...]]
                ) -> list[tuple[float, dict[tuple[int, bool], tuple[float, ...]], dict[tuple[int, bool], list[float]]]]:
        """The naming styles an opponent's names are read with, as ``(log prior,
        weights, log weights)``, the weights per ``(opponent, rooms)`` one per
        :attr:`PLACES`: the ``fitted`` weights (:meth:`_fit`; left out with
        :attr:`table_styles` on and :attr:`table_fitted` off) and, with
        :attr:`table_styles`, each of :attr:`STYLES` scaled by ``bases`` (the
        shares a random pick finds in each place), every style alike likely
        before the game.  :meth:`stated_odds` averages a deal's likelihood
        over them per opponent, so an opponent whose names fit one style
        better is read by it as the names accumulate."""
        raws: list[tuple[float, ...] | None] = list(self.STYLES) if self.table_styles else []
        if self.table_fitted or not raws:
            raws.insert(0, None)
        out = []
        for raw in raws:
            ws = {}
            for k, base in bases.items():
                if k not in fitted:
                    continue
                if raw is None:
                    ws[k] = fitted[k]
                else:
                    scale = sum(r * b for r, b in zip(raw, base, strict=True))
                    ws[k] = tuple(r / scale for r in raw)
            out.append((-math.log(len(raws)), ws, {k: [math.log(x) for x in w] for k, w in ws.items()}))
        return out

    def _fit(self, found: list[float], bases: tuple[float, ...]) -> tuple[float, ...]:
        """Weights of :attr:`PLACES` from the named cards ``found`` in each
        (expected counts) against the ``bases`` shares of a random pick, each
        share shrunk toward random by :attr:`table_prior` cards."""
        n, prior = sum(found), self.table_prior
        return tuple(min(max((f + prior * b) / (n + prior), 0.005), 0.99) / max(b, 0.005)
                     for f, b in zip(found, bases, strict=True))

    def naming_odds(self, view: SeatView,
                    know: Knowledge) -> list[tuple[str, int, frozenset[int], tuple[float, ...]]]:
        """For every card an opponent named in a suggestion, once per time it
        named it, ``(card, opponent, showers, weights)``: ``showers`` the
        seats that answered an earlier question of that opponent naming the
        same card (a card of theirs it may have been shown), ``weights`` how
        much likelier than a random pick it is to name a card in each of
        :attr:`PLACES`: its own hand, the envelope, the hand of one of
        ``showers`` (a card it may have seen), elsewhere (1 = as at random).
        Fitted to that opponent during the game, per kind (rooms, which its
        position picks, apart from suspects and weapons): of the cards it
        named, the share in each place (each counted by its exact
        probability of being there) over the share a random pick would find
        there (its hand over the deck, the envelope's one card over the
        pile; for a card it may have seen, the cards answered to it so far
        over the cards it does not hold), each share shrunk toward random by
        :attr:`table_prior` cards (:meth:`_fit`).  A player that names only
        cards it has not located gets a high envelope weight and a low own
        weight; one that names its own cards, an own weight above 1.  No
        opponent's style is assumed."""
        named, bases = self._named(view)
        found: dict[tuple[int, bool], list[float]] = {}
        for c, o, showers, rooms in named:
            f = found.setdefault((o, rooms), [0.0] * len(self.PLACES))
            own, env = know.prob(c, o), know.p_envelope(c)
            shown = sum(know.prob(c, s) for s in showers)
            for i, x in enumerate((own, env, shown, 1.0 - own - env - shown)):
                f[i] += x
        weights = {k: self._fit(f, bases[k]) for k, f in found.items()}
        return [(c, o, showers, weights[o, rooms]) for c, o, showers, rooms in named]

    def exact_odds(self, know: Knowledge, guess: tuple[str, ...]) -> float:
        """The exact probability (0-1) that ``guess`` (suspect, weapon, room)
        is the envelope, from this seat's joint count (:func:`joint`)."""
        table = joint(self.tracker.constraints, guess)  # type: ignore[arg-type]
        return table.get((know.envelope,) * 3, 0) / know.total

    @staticmethod
    def gambles(threshold: float, p: float) -> bool:
        """Whether it accuses a guess it is not certain of: ``threshold``
        below 1 (1 means never) and the probability it states for the guess,
        ``p`` (0-1, :meth:`stated_odds`), above 0 and at least ``threshold``.
        Nothing else screens the guess first: a screen on the exact count
        would cut guesses the table's reading lifts past the threshold.  The
        benchmark's replay (``benchmarks/bench_gamble.py``) applies this same
        rule."""
        return threshold < 1.0 and p > 0 and p >= threshold

    def boldness(self, view: SeatView) -> float:
        """The exact probability (0-1) its best guess needs before it accuses
        without being certain (:meth:`threshold`, with :func:`opponents_in_race`)."""
        return self.threshold(opponents_in_race(view), self.bold, self.bold_crowd)

    @staticmethod
    def threshold(opponents: int, bold: float, bold_crowd: float) -> float:
        """``bold_crowd`` with three or more ``opponents`` still playing,
        ``bold`` with one or two, and 1.0 (never) with none left, since then
        nobody can win before it (000 "Accusations" 3-4: a wrong accusation
        puts it out, a right one wins)."""
        if opponents == 0:
            return 1.0
        return bold_crowd if opponents >= 3 else bold

    def _threat(self, view: SeatView) -> bool:
        """An opponent may be about to solve: somebody else's suggestion went
        undisproved, or the game has gone on for a long time."""
        turns = 0
        for e in view.events:
            if isinstance(e, ev.NobodyDisproved) and e.player != view.seat and not view.eliminated[e.player]:
                return True
            if isinstance(e, ev.TurnStarted):
                turns += 1
        return turns > 14 * len(view.seats)
