"""An independent yardstick for the board game: a constraint solver over whole
deals, in the style of python-cluedo (keeganmjgreen/python-cluedo,
``docs/cluedo_sat_problem.md``: every card is in exactly one place, each
player holds exactly the cards dealt, the case file holds one card of each
kind, a shown card is held, "could not disprove" rules the cards out of that
hand, "showed somebody else a card" means at least one of the three).

Where python-cluedo hands that model to a SAT solver (PySAT), this player
decides it by exhaustive search with pruning:

* **Model.**  Each card's possible places (every seat, the envelope) come from
  its own hand and the facts of its view; every card shown to somebody else
  is a clause "that seat holds one of these three"; wrong accusations rule
  their triple out.
* **Solutions.**  An envelope triple is a solution when a whole deal of the
  other cards exists that fits every fact: a depth-first search picks, for
  each clause not yet met, the card its seat holds (fewest choices first, in
  a seeded order), then hands out the other cards by a bipartite matching of
  cards to the seats' free slots, which finds a deal or proves there is none.  The deal found is kept as the
  triple's *witness* and reused while it still fits new facts, so a fact
  re-searches only the triples whose witness it broke.  A search that runs
  past :data:`NODE_BUDGET` nodes keeps its triple (it is never ruled out
  unproven), so it never accuses on a guess.
* **Suggesting to split.**  Each witness says how the table would answer a
  suggestion (who shows first and which of the named cards they hold).  Of
  the suggestions it may make it takes the one whose answers split the
  solutions most evenly (least expected number left: the sum of the squared
  group sizes over the total).
* **Walking** to the room where the best suggestion brings the most
  information per turn spent getting there (bits of the split over one plus
  the turns the walk takes); a room it suggested in since it last learned
  anything counts only when no other is left.
* **Showing** a card the asker already saw from it, else one it showed
  anybody, else a seeded random one: it gives away as little as it can.
* **Accusing** when one solution remains, and never before.

It uses only the engine's public API (``Game.view(seat)``, the legal actions,
the board model) and shares no code with :mod:`game.ai`.  ``SolverPlayer(seed)``
has the ``choose(view, legal)`` interface; ``python -m game.commands.tournament --seats
solver,medium,medium`` seats it.  Cost: the first count checks the 324
envelope triples, each by up to :data:`WITNESSES` searches (with no clause to
meet a search is one matching of the free cards to the seats); later facts
re-search only the triples whose every witness they broke.
``python benchmarks/bench_decisions.py --levels solver`` measured 236
decisions per second of CPU at 3 players, 72 at 6, the worst 72 ms.
"""

from __future__ import annotations

import math
import random

import numpy as np

from benchmarks.yardkit import CARDS, GROUPS, INDEX, Facts, asker, steps_to, walk
from game.rules.actions import Accuse, Disprove, Roll, Suggest, TakePassage
from game.rules.cards import ROOMS, SUSPECTS, WEAPONS

#: Search nodes per envelope triple before the triple is kept unproven.
NODE_BUDGET = 400
#: Witness deals kept per envelope triple (different seeded searches).
WITNESSES = 3
#: The witness position code for "in the envelope": after every seat.
NOWHERE = 99
#: Average squares walked a turn with one die (with two dice it is twice this).
STEPS_PER_TURN = 3.5


class Model:
    """The facts of one seat's view as a constraint model over deals.

    ``places[c]``: bit mask of the places card ``c`` may be in (bit ``p`` for
    seat ``p``, bit ``n`` for the envelope); ``clauses``: (seat, cards) with at
    least one held; ``banned``: ruled-out triples; ``sizes``: cards per seat."""

    def __init__(self, n: int, sizes: tuple[int, ...], facts: Facts, hand: frozenset[str]) -> None:
        self.n, self.sizes, self.env = n, sizes, 1 << n
        everywhere = (1 << (n + 1)) - 1
        places = [everywhere & ~(1 << facts.seat)] * len(CARDS)
        for c in hand:
            places[INDEX[c]] = 1 << facts.seat
        for seat, card in facts.holds:
            places[card] &= 1 << seat
        for seat, cards in facts.lacks.items():
            for c in cards:
                places[c] &= ~(1 << seat)
        self.places = places
        self.clauses = [(seat, cards) for seat, cards in facts.one_of
                        if not any(places[c] == 1 << seat for c in cards)]
        self.banned = set(facts.banned)

    def possible(self, t: tuple[int, int, int]) -> bool:
        """Whether every card of ``t`` may be in the envelope."""
        return t not in self.banned and all(self.places[c] & self.env for c in t)

    def fits(self, deal: tuple[int, ...]) -> bool:
        """Whether ``deal`` (card -> seat, or ``n`` for the envelope) fits every fact."""
        if any(not self.places[c] >> p & 1 for c, p in enumerate(deal)):
            return False
        return all(any(deal[c] == seat for c in cards) for seat, cards in self.clauses)

    def witness(self, t: tuple[int, int, int], rng: random.Random) -> tuple[tuple[int, ...] | None, bool]:
        """(a deal with ``t`` in the envelope that fits every fact, or None;
        whether the search finished).  ``rng`` orders the choices, so that
        searches differ."""
        n, places = self.n, self.places
        deal = [-1] * len(CARDS)
        room = list(self.sizes)
        free = []
        for c, m in enumerate(places):
            if c in t:
                deal[c] = n
                continue
            m &= ~self.env
            if not m:
                return None, True
            if m & (m - 1) == 0:
                p = m.bit_length() - 1
                deal[c] = p
                room[p] -= 1
                if room[p] < 0:
                    return None, True
            else:
                free.append(c)
        # the clauses not yet met, fewest cards that could meet them first
        clauses = []
        for s, cs in self.clauses:
            if any(deal[c] == s for c in cs):
                continue
            could = [c for c in cs if deal[c] < 0 and places[c] >> s & 1]
            if not could:
                return None, True
            clauses.append((s, could))
        clauses.sort(key=lambda sc: len(sc[1]))
        budget = [NODE_BUDGET]

        def search(i: int) -> bool:
            # meet the clauses one by one (pick a card for its seat), then hand
            # out the other free cards by a matching: the deal, or proof there is none
            budget[0] -= 1
            if budget[0] < 0:
                return False
            while i < len(clauses) and any(deal[c] == clauses[i][0] for c in clauses[i][1]):
                i += 1
            if i == len(clauses):
                return _fill(deal, [c for c in free if deal[c] < 0], room, places, rng)
            s, could = clauses[i]
            if room[s]:
                for c in rng.sample(could, len(could)):
                    if deal[c] < 0:
                        deal[c], room[s] = s, room[s] - 1
                        if search(i + 1):
                            return True
                        deal[c], room[s] = -1, room[s] + 1
            return False

        if search(0):
            return tuple(deal), True
        return None, budget[0] >= 0


def _fill(deal: list[int], cards: list[int], room: list[int], places: list[int], rng: random.Random) -> bool:
    """Give every card of ``cards`` a seat it may be at with room left
    (``deal`` and ``room`` filled in), by augmenting paths over seat slots;
    False (``deal`` and ``room`` as they were) when no such deal exists."""
    seats = range(len(room))
    taken: dict[int, list[int]] = {p: [] for p in seats}     # seat -> cards given it here

    def place(c: int, seen: set[int]) -> bool:
        for p in rng.sample(seats, len(seats)):
            if not places[c] >> p & 1 or p in seen:
                continue
            seen.add(p)
            if len(taken[p]) < room[p]:
                taken[p].append(c)
                return True
            for other in taken[p]:
                if place(other, seen):
                    taken[p].remove(other)
                    taken[p].append(c)
                    return True
        return False

    for c in rng.sample(cards, len(cards)):
        if not place(c, set()):
            return False
    for p, cs in taken.items():
        for c in cs:
            deal[c] = p
        room[p] -= len(cs)
    return True


class SolverPlayer:
    """The ``solver`` level.  ``seed`` orders its searches and breaks ties."""

    level = "solver"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.restore(None)

    def restore(self, view) -> None:
        """Forget everything; the next choice reads the whole view again."""
        self.facts: Facts | None = None
        self.solutions: dict[tuple[int, int, int], list[tuple[int, ...]]] = {}
        self._tried: set[str] = set()
        self._scores: dict = {}
        self._state: tuple = ()
        self._stale = True

    # -- the model -------------------------------------------------------------
    def solve(self, view) -> dict[tuple[int, int, int], list[tuple[int, ...]]]:
        """The envelope triples still possible, each with up to :data:`WITNESSES`
        witness deals (none when its search ran out of budget)."""
        if self.facts is None or self.facts.read_upto > len(view.events):
            self.facts = Facts(view.seat)
            self.solutions = {t: [] for t in _all_triples()}
            self._stale = True
        if self.facts.read(view) or self._stale:
            self._stale = False
            self._scores = {}
            model = self._model = Model(len(view.seats), tuple(view.hand_sizes), self.facts, view.hand)
            kept = {}
            for t, deals in self.solutions.items():
                if not model.possible(t):
                    continue
                deals = [d for d in deals if model.fits(d)]
                if not deals:
                    for _ in range(WITNESSES):
                        found, finished = model.witness(t, self.rng)
                        if found is None:
                            break
                        deals.append(found)
                    if not deals and finished:
                        continue          # proven impossible
                kept[t] = deals
            self.solutions = kept
            # a repeated answer adds a clause but changes neither: the rooms tried stay tried
            state = (tuple(kept), tuple(model.places))
            if state != self._state:
                self._state, self._tried = state, set()
        return self.solutions

    def split(self, view, room: str) -> tuple[float, tuple[str, str]]:
        """(expected solutions left, (suspect, weapon)) of the best suggestion in ``room``."""
        if room in self._scores:
            return self._scores[room]
        sols = self.solutions
        n, me = len(view.seats), view.seat
        total = len(sols)
        deals = [d for ds in sols.values() for d in ds]
        # each solution weighs 1, shared among its witnesses
        weight = np.array([1 / len(ds) for ds in sols.values() for _ in ds])
        if not deals:
            self._scores[room] = (float(total), (SUSPECTS[0], WEAPONS[0]))
            return self._scores[room]
        owner = np.array(deals, dtype=np.int16)
        # where each card stands in the order of answering: 1 for the seat after me ...
        pos = np.array([(p - me) % n if p < n else NOWHERE for p in range(n + 1)], dtype=np.int16)[owner]
        # a seat that holds a card already known to be its own shows that one: nothing new
        places = self._model.places
        known = np.array([places[c] & (places[c] - 1) == 0 and places[c] >> n == 0 for c in range(len(CARDS))])
        unknown = total - sum(1 for ds in sols.values() if ds)
        r = INDEX[room]
        best = None
        for s in SUSPECTS:
            for w in WEAPONS:
                named = [INDEX[s], INDEX[w], r]
                p = pos[:, named]
                first = p.min(axis=1)
                held = p == first[:, None]
                mask = held @ np.array([1, 2, 4])
                mask[(held & known[named]).any(axis=1)] = 0
                counts = np.bincount(first * 8 + mask, weights=weight)
                score = (float((counts ** 2).sum()) + unknown) / total
                key = (score, self.rng.random())
                if best is None or key < best[0]:
                    best = (key, (s, w))
        self._scores[room] = (best[0][0], best[1])
        return self._scores[room]

    # -- choosing ----------------------------------------------------------------
    def choose(self, view, legal: list):
        """One of ``legal`` for ``view`` (the seat's :class:`SeatView`)."""
        kinds = {type(a) for a in legal}
        sols = self.solve(view)
        if Disprove in kinds:
            return self._disprove(view, [a for a in legal if isinstance(a, Disprove)])
        if Accuse in kinds and len(sols) == 1:
            accuse = Accuse(*(CARDS[c] for c in next(iter(sols))))
            if accuse in legal:
                return accuse
        here = view.positions[view.suspect]
        if Suggest in kinds:
            left, (s, w) = self.split(view, here)
            may_move = Roll in kinds or TakePassage in kinds
            if not may_move or (left < len(sols) and here not in self._tried):
                self._tried.add(here)
                return Suggest(s, w)
        return walk(view, legal, lambda: self._target(view, here))

    def _target(self, view, here) -> str:
        """The room with the most bits learned per turn spent reaching it."""
        total = len(self.solutions)
        per_turn = STEPS_PER_TURN * view.options.dice

        def key(room: str):
            left, _ = self.split(view, room)
            bits = math.log2(total / left) if left > 0 else 0.0
            turns = steps_to(view.board, room).get(here, 10_000) / per_turn
            return room in self._tried, -bits / (1 + turns), room
        return min((r for r in ROOMS if r != here), key=key)

    def _disprove(self, view, options: list):
        shown = self.facts.shown_by_me
        to_asker = shown.get(asker(view), set())
        to_anybody = set().union(*shown.values()) if shown else set()
        for seen in (to_asker, to_anybody):
            again = [a for a in options if a.card in seen]
            if again:
                return again[0]
        return self.rng.choice(options)


def _all_triples() -> list[tuple[int, int, int]]:
    return [(s, w, r) for s in GROUPS[0] for w in GROUPS[1] for r in GROUPS[2]]


def make_solver(seed: int = 0) -> SolverPlayer:
    """A ``solver`` player (the hook :mod:`game.commands.tournament` calls)."""
    return SolverPlayer(seed)
