"""An independent yardstick for the board game: a SpockAI-style computer player.

Modelled on SpockAI, the winner of the 2014 "Speed Clue" programming contest
(a Clue bot tournament without the board: every turn a player could suggest
anything).  The ideas taken from it:

* **Possible-hand sets.**  For every card it keeps the set of places it may be:
  each seat or the envelope.  Facts narrow them: its own hand, the cards shown
  to it, every "cannot disprove" (that seat holds none of the three cards) and
  every "showed somebody a card" it did not see (that seat holds at least one
  of the three: kept as a clause).  A small constraint propagation runs to a
  fixed point: a card with one place left is there; a seat whose known cards
  fill its hand holds nothing else, one whose possible cards just fill it holds
  them all; one card per category is in the envelope; a clause with one
  candidate left pins it.
* **Minimax suggestions.**  Of the legal suggestions it takes the one whose
  worst answer (who shows which card, or nobody) leaves the fewest envelope
  solutions: triples of cards that may all be in the envelope, that no wrong
  accusation ruled out, that break no clause and leave every seat enough
  possible cards.  Ties go to the fewest possible (card, place) pairs, then by
  a seeded coin.
* **Showing.**  It shows a card the asker has already seen from it where it
  can, else one from the category with the most envelope candidates left.
* **Accusing** only when one solution remains: it never gambles.
* **Walking** toward the room that the best suggestion names (each room's
  best worst-case count, weighed by how far away it is; a room it already
  suggested in since it last learned anything only when no other room is
  left), with the engine's legal ``Move`` actions and shortest distances on
  the board model.

Simplified against SpockAI: the knowledge is not exact (no search over whole
deals, only the propagation above, and the solution count after an answer is
that of the propagated sets); the room plan looks at a short list of suspects
and weapons per room; it ignores other tokens when measuring distances, and it
never thinks about what its suggestions tell the other players.

It uses only the engine's public API (``Game.view(seat)``, ``Game.legal_actions()``,
the actions of :mod:`game.rules.actions`, the cards, the board model) and shares
no code with :mod:`game.ai` or :mod:`game.knowledge`.  ``SpockPlayer(seed)``
has the ``choose(view, legal)`` interface of the game's computer players, so
``python -m game.commands.tournament --seats spock,medium,medium`` can seat it.
"""

from __future__ import annotations

import random

from benchmarks.yardkit import steps_to
from game.rules import events as ev
from game.rules.actions import Accuse, Disprove, EndTurn, Move, Roll, Suggest, TakePassage
from game.rules.cards import ROOMS, SUSPECTS, WEAPONS

CARDS: tuple[str, ...] = tuple(SUSPECTS) + tuple(WEAPONS) + tuple(ROOMS)
INDEX: dict[str, int] = {c: i for i, c in enumerate(CARDS)}
CATEGORIES: tuple[tuple[int, ...], ...] = (
    tuple(INDEX[c] for c in SUSPECTS), tuple(INDEX[c] for c in WEAPONS), tuple(INDEX[c] for c in ROOMS))
CATEGORY_OF: dict[int, int] = {i: k for k, cat in enumerate(CATEGORIES) for i in cat}
#: Above this many envelope triples the count is the plain product of the
#: categories' candidates (no triple-by-triple check): bounds the work.
EXACT_COUNT_LIMIT = 96
#: Answers judged with the full propagation per decision; past it an answer's
#: facts are only applied, not propagated (a fixed bound, so a decision stays
#: well under 300 ms of CPU and a seeded game plays the same on any machine).
PROPAGATION_BUDGET = 450
#: Suspects and weapons looked at per room when planning where to walk.
PLAN_SHORTLIST = 3


class Contradiction(Exception):
    """The facts (with a supposed answer) cannot all hold."""


class Knowledge:
    """Possible places of every card as bit masks: bit ``p`` for seat ``p``,
    bit ``n`` for the envelope.  ``clauses``: (seat, card indices) -- that seat
    holds at least one of them.  ``banned``: envelope triples ruled out by
    wrong accusations.  ``sizes``: cards per seat."""

    def __init__(self, n: int, sizes: tuple[int, ...]) -> None:
        self.n = n
        self.env = 1 << n
        self.sizes = sizes
        self.places = [(1 << (n + 1)) - 1] * len(CARDS)
        self.clauses: list[tuple[int, tuple[int, ...]]] = []
        self.banned: set[tuple[int, int, int]] = set()

    def copy(self) -> "Knowledge":
        k = Knowledge.__new__(Knowledge)
        k.n, k.env, k.sizes = self.n, self.env, self.sizes
        k.places = list(self.places)
        k.clauses = list(self.clauses)
        k.banned = self.banned
        return k

    # -- facts -----------------------------------------------------------
    def holds(self, seat: int, card: int) -> None:
        self.places[card] &= 1 << seat
        if not self.places[card]:
            raise Contradiction

    def lacks(self, seat: int, cards) -> None:
        for c in cards:
            self.places[c] &= ~(1 << seat)
            if not self.places[c]:
                raise Contradiction

    def holds_one_of(self, seat: int, cards: tuple[int, ...]) -> None:
        self.clauses.append((seat, cards))

    # -- propagation -------------------------------------------------------
    def propagate(self) -> "Knowledge":
        """Narrow the sets to a fixed point; raises :class:`Contradiction`."""
        places, n, env = self.places, self.n, self.env
        changed = True
        while changed:
            changed = False
            for p in range(n):
                bit = 1 << p
                known = sum(1 for m in places if m == bit)
                possible = sum(1 for m in places if m & bit)
                size = self.sizes[p]
                if possible < size or known > size:
                    raise Contradiction
                if known == size and possible > size:
                    for i, m in enumerate(places):
                        if m & bit and m != bit:
                            places[i] = m & ~bit
                            if not places[i]:
                                raise Contradiction
                    changed = True
                elif possible == size and known < size:
                    for i, m in enumerate(places):
                        if m & bit:
                            places[i] = bit
                    changed = True
            for cat in CATEGORIES:
                cands = [i for i in cat if places[i] & env]
                if not cands:
                    raise Contradiction
                fixed = [i for i in cands if places[i] == env]
                if len(fixed) > 1:
                    raise Contradiction
                if len(cands) == 1 and places[cands[0]] != env:
                    places[cands[0]] = env
                    changed = True
                elif fixed and len(cands) > 1:
                    for i in cands:
                        if i != fixed[0]:
                            places[i] &= ~env
                            if not places[i]:
                                raise Contradiction
                    changed = True
            keep = []
            for seat, cards in self.clauses:
                bit = 1 << seat
                if any(places[c] == bit for c in cards):
                    continue                      # satisfied
                cands = [c for c in cards if places[c] & bit]
                if not cands:
                    raise Contradiction
                if len(cands) == 1:
                    places[cands[0]] = bit
                    changed = True
                    continue
                keep.append((seat, tuple(cands)))
            self.clauses = keep
        return self

    # -- measures -----------------------------------------------------------
    def candidates(self, k: int) -> list[int]:
        return [i for i in CATEGORIES[k] if self.places[i] & self.env]

    def solutions(self, limit: int = EXACT_COUNT_LIMIT) -> list[tuple[int, int, int]] | int:
        """The envelope triples still possible, or only their number (the plain
        product of the candidates) when there are more than ``limit``."""
        s, w, r = (self.candidates(k) for k in range(3))
        total = len(s) * len(w) * len(r)
        if total > limit:
            return total
        places = self.places
        # as card bit masks: every clause's candidates, every seat's possible cards;
        # only a clause of at most three candidates can lie inside a triple, and
        # only a seat with fewer than size + 3 possible cards can be left short
        clauses = []
        for seat, cards in self.clauses:
            bit = 1 << seat
            m = 0
            for c in cards:
                if places[c] & bit:
                    m |= 1 << c
            if m.bit_count() <= 3:
                clauses.append(m)
        seats = []
        for p in range(self.n):
            bit = 1 << p
            m = 0
            for i, pl in enumerate(places):
                if pl & bit:
                    m |= 1 << i
            if m.bit_count() < self.sizes[p] + 3:
                seats.append((m, self.sizes[p]))
        banned = self.banned
        out = []
        for a in s:
            for b in w:
                ab = (1 << a) | (1 << b)
                for c in r:
                    t = (a, b, c)
                    if banned and t in banned:
                        continue
                    inside = ab | (1 << c)
                    ok = True
                    for m in clauses:
                        if not m & ~inside:
                            ok = False    # the clause's seat would hold none of them
                            break
                    if ok:
                        for m, size in seats:
                            if (m & ~inside).bit_count() < size:
                                ok = False    # a seat could not fill its hand
                                break
                    if ok:
                        out.append(t)
        return out

    def count(self) -> int:
        sol = self.solutions()
        return sol if isinstance(sol, int) else len(sol)

    def spread(self) -> int:
        """How many (card, place) pairs are still possible."""
        return sum(m.bit_count() for m in self.places)


class SpockPlayer:
    """The ``spock`` level.  ``seed`` makes its ties repeatable."""

    level = "spock"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._seen = 0
        self._know: Knowledge | None = None
        self._shown: dict[int, set[str]] = {}
        self._plan = None
        self._budget = PROPAGATION_BUDGET
        self._tried: tuple = (None, set())

    def restore(self, view) -> None:
        """Forget everything; the next choice reads the whole view again."""
        self._seen, self._know, self._shown = 0, None, {}

    # -- reading the view ----------------------------------------------------
    def _read(self, view) -> Knowledge:
        events = view.events
        if self._know is None or len(events) < self._seen:
            n = len(view.seats)
            self._know = Knowledge(n, tuple(view.hand_sizes))
            self._seen, self._shown, self._suggestion = 0, {}, None
            self._accusation = None
        k = self._know
        me = view.seat
        if self._seen == 0:
            k.lacks(me, [i for i in range(len(CARDS)) if CARDS[i] not in view.hand])
            for c in view.hand:
                k.holds(me, INDEX[c])
        for e in events[self._seen:]:
            if isinstance(e, ev.SuggestionMade):
                self._suggestion = (e.player, (INDEX[e.suspect], INDEX[e.weapon], INDEX[e.room]))
            elif isinstance(e, ev.CannotDisprove) and self._suggestion:
                k.lacks(e.player, self._suggestion[1])
            elif isinstance(e, ev.CardShown):
                if e.card is not None:
                    k.holds(e.by, INDEX[e.card])
                    if e.by == me:
                        self._shown.setdefault(e.to, set()).add(e.card)
                elif self._suggestion:
                    k.holds_one_of(e.by, self._suggestion[1])
            elif isinstance(e, ev.AccusationMade):
                self._accusation = (INDEX[e.suspect], INDEX[e.weapon], INDEX[e.room])
            elif isinstance(e, ev.PlayerEliminated) and self._accusation:
                k.banned = k.banned | {self._accusation}
        self._seen = len(events)
        try:
            k.propagate()
        except Contradiction:          # should not happen; start again from the hand alone
            self._know = None
            self._seen = 0
            k = Knowledge(len(view.seats), tuple(view.hand_sizes))
            k.lacks(me, [i for i in range(len(CARDS)) if CARDS[i] not in view.hand])
            for c in view.hand:
                k.holds(me, INDEX[c])
            k.propagate()
        return k

    # -- judging a suggestion -------------------------------------------------
    def _outcomes(self, k: Knowledge, me: int, cards: tuple[int, int, int]):
        """Every answer that may come: (index of the seat that shows, card) or
        (None, None) for nobody, each as the facts it brings."""
        n = k.n
        order = [(me + j) % n for j in range(1, n)]
        before: list[int] = []
        for p in order:
            bit = 1 << p
            for c in cards:
                if k.places[c] & bit:
                    yield before[:], p, c
            if any(k.places[c] == bit for c in cards):
                return                    # p surely shows: nobody after is asked
            before.append(p)
        yield before, None, None

    def _score(self, k: Knowledge, me: int, cards: tuple[int, int, int]) -> tuple[int, int]:
        """(solutions, spread) after the worst answer to ``cards``."""
        worst = (-1, -1)
        for before, p, c in self._outcomes(k, me, cards):
            kk = k.copy()
            try:
                for q in before:
                    kk.lacks(q, cards)
                if p is not None:
                    kk.holds(p, c)
                if self._budget > 0:
                    self._budget -= 1
                    kk.propagate()
            except Contradiction:
                continue
            score = (kk.count(), kk.spread())
            if score > worst:
                worst = score
        return worst if worst[0] >= 0 else (k.count(), k.spread())

    def best_suggestion(self, k: Knowledge, me: int, room: str, suspects=SUSPECTS, weapons=WEAPONS):
        best, best_key = None, None
        r = INDEX[room]
        for s in suspects:
            for w in weapons:
                key = self._score(k, me, (INDEX[s], INDEX[w], r)) + (self.rng.random(),)
                if best_key is None or key < best_key:
                    best, best_key = (s, w), key
        return best, best_key

    def _shortlist(self, k: Knowledge, cat: int) -> list[str]:
        cands = k.candidates(cat)
        names = [CARDS[i] for i in cands]
        if len(names) >= PLAN_SHORTLIST:
            return names[:PLAN_SHORTLIST]
        others = [CARDS[i] for i in CATEGORIES[cat] if i not in cands]
        return names + others[:PLAN_SHORTLIST - len(names)]

    # -- the board -----------------------------------------------------------
    def _distances(self, board, room: str) -> dict:
        """Steps from every corridor square and every room into ``room``
        (a secret passage counts as 4 steps, about one turn's roll)."""
        return steps_to(board, room)

    def _target(self, view, k: Knowledge) -> str:
        """The room to walk to (never the one it stands in: it is leaving it):
        each room's best worst-case count, made worse the further away it is.
        Kept while the knowledge and the position stay the same."""
        here = view.positions[view.suspect]
        memo = (tuple(k.places), tuple(k.clauses), here)
        if self._plan is not None and self._plan[0] == memo:
            return self._plan[1]
        suspects, weapons = self._shortlist(k, 0), self._shortlist(k, 1)
        tried = self._fruitless(k)
        best, best_key = None, None
        for room in ROOMS:
            if room == here:
                continue                  # leaving it: it cannot be entered again this turn
            _, score = self.best_suggestion(k, view.seat, room, suspects, weapons)
            d = self._distances(view.board, room).get(here, 999)
            # a room it already suggested in since it last learned anything comes last:
            # else two such rooms joined by a secret passage kept it shuttling for good
            key = (room in tried, score[0] * (1 + 0.15 * d), score[1], room)
            if best_key is None or key < best_key:
                best, best_key = room, key
        self._plan = (memo, best)
        return best

    def _fruitless(self, k: Knowledge) -> set[str]:
        """The rooms it suggested in while its knowledge stayed as it is now."""
        state = (tuple(k.places), tuple(k.clauses), len(k.banned))
        if self._tried[0] != state:
            self._tried = (state, set())
        return self._tried[1]

    # -- choosing -------------------------------------------------------------
    def choose(self, view, legal: list):
        kinds = {type(a) for a in legal}
        self._budget = PROPAGATION_BUDGET
        k = self._read(view)
        if Disprove in kinds:
            return self._disprove(view, k, [a for a in legal if isinstance(a, Disprove)])
        sol = k.solutions()
        if Accuse in kinds and not isinstance(sol, int) and len(sol) == 1:
            s, w, r = (CARDS[i] for i in sol[0])
            accuse = Accuse(s, w, r)
            if accuse in legal:
                return accuse
        here = view.positions[view.suspect]
        if Suggest in kinds:
            (s, w), score = self.best_suggestion(k, view.seat, here)
            staying = Roll in kinds or TakePassage in kinds
            if not staying or score[0] < k.count():
                self._fruitless(k).add(here)
                return Suggest(s, w)
        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            return self._move(view, k, moves)
        if Roll in kinds or TakePassage in kinds:
            target = self._target(view, k)
            if TakePassage in kinds and isinstance(here, str) and view.board.passage(here) == target:
                return TakePassage()
            if Roll in kinds:
                return Roll()
            return TakePassage()
        if EndTurn in kinds:
            return EndTurn()
        return legal[0]

    def _move(self, view, k: Knowledge, moves: list):
        target = self._target(view, k)
        dist = self._distances(view.board, target)

        def cost(m):
            pos = m.room if m.room is not None else m.square
            return (dist.get(pos, 999), m.room is None, str(pos))
        return min(moves, key=cost)

    def _disprove(self, view, k: Knowledge, options: list):
        asker = None
        for e in reversed(view.events):
            if isinstance(e, ev.SuggestionMade):
                asker = e.player
                break
        seen = self._shown.get(asker, set())
        for a in options:
            if a.card in seen:
                return a
        return max(options, key=lambda a: (len(k.candidates(CATEGORY_OF[INDEX[a.card]])), -INDEX[a.card]))


def make_spock(seed: int = 0) -> SpockPlayer:
    """A ``spock`` player (the hook :mod:`game.commands.tournament` calls)."""
    return SpockPlayer(seed)
