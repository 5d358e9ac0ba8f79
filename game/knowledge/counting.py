"""Exact knowledge of one seat: for every card, the probability that it lies in
the envelope and in each player's hand, by counting every deal consistent with
what the seat has seen (uniform over consistent deals), not by sampling.
It knows no game mode: the categories are the board game's suspects, weapons
and rooms, or the card game's piles in play (the Crime cards are the
"envelope"); what a seat saw is turned into :class:`Constraints` by
its game mode's reader.

A deal puts exactly one card of each category in the envelope (000 "Setting
up" 5) and exactly ``hand_sizes[p]`` cards in player ``p``'s hand (000 "Setting
up" 6).  What a seat sees becomes :class:`Constraints`:

* ``has``   -- "owner holds card": its own hand (000 "Setting up" 7), a card
  shown to it (000 "Suggestions" 3 and 5);
* ``lacks`` -- "owner does not hold card": every card outside its own hand, and
  the three named cards for each player who could not disprove (000
  "Suggestions" 4);
* ``some``  -- "player holds at least one of these cards": a card shown to
  somebody else (000 "Suggestions" 3);
* ``not_solutions`` -- triples that a wrong accusation ruled out (000
  "Accusations" 4).

"Nobody disproved" (000 "Suggestions" 6) needs no rule of its own: every other
player passed, so each named card is in the envelope or in the suggester's own
hand, and the counting finds that.

Owners are numbered ``0 .. n-1`` for the players and ``n`` for the envelope.

How the counting works.  Simple certain consequences are first propagated
(fixed cards, full hands, the last possible card of a category, a "some" left
with one candidate).  The remaining undecided cards are split into *items*:
every card named by a still-open "some" constraint is an item of its own; the
other undecided cards are grouped by (category, set of possible owners) --
such cards are interchangeable, so a group of ``k`` is distributed owner by
owner, ``j`` of the ``left`` cards still to place with weight ``C(left, j)``
(the product is the multinomial ``k! / prod(k_o!)``; a few transitions per
state instead of every composition of ``k``).  A forward/backward dynamic
programme over the items counts the deals; its state packs each owner's
remaining capacity, the "already satisfied" bits of the open "some"
constraints and the cards of a group still to place into one integer
(capacities carry a guard bit so one subtraction and one mask test check every
capacity at once); states with more room left at some owner than the later
items can fill are dropped.  Marginals come from the forward and backward
tables.  :func:`joint` places the cards it follows first and reads their
owners off the backward table, so a "some" constraint naming them closes as
early as for :func:`solve`.  Everything is exact integer arithmetic.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import accumulate
from math import comb, factorial
from typing import Any, Iterable, Iterator, Sequence

Card = str


class ContradictionError(ValueError):
    """The constraints admit no deal at all: the view is inconsistent (for
    example a player said to hold a card that another player showed)."""


@dataclass
class Constraints:
    """What one seat knows, as constraints on the deal.

    ``categories``: the card piles, one card of each goes to the envelope;
    ``hand_sizes``: cards per player (``sum(hand_sizes) + len(categories)`` must
    equal the number of cards); ``has``/``lacks``: sets of ``(owner, card)``
    with owner ``len(hand_sizes)`` meaning the envelope; ``some``: list of
    ``(player, cards)``, the player holds at least one of ``cards``;
    ``not_solutions``: envelope triples (one card per category, in category
    order) known to be wrong.
    """

    categories: tuple[tuple[Card, ...], ...]
    hand_sizes: tuple[int, ...]
    has: set[tuple[int, Card]] = field(default_factory=set)
    lacks: set[tuple[int, Card]] = field(default_factory=set)
    some: list[tuple[int, frozenset[Card]]] = field(default_factory=list)
    not_solutions: set[tuple[Card, ...]] = field(default_factory=set)

    @property
    def players(self) -> int:
        return len(self.hand_sizes)

    @property
    def envelope(self) -> int:
        """The owner index of the envelope (``len(hand_sizes)``)."""
        return len(self.hand_sizes)

    def copy(self) -> "Constraints":
        return Constraints(self.categories, self.hand_sizes, set(self.has), set(self.lacks),
                           list(self.some), set(self.not_solutions))

    def key(self) -> tuple[Any, ...]:
        """A hashable summary: equal keys mean equal knowledge."""
        return (self.categories, self.hand_sizes, frozenset(self.has), frozenset(self.lacks),
                frozenset(self.some), frozenset(self.not_solutions))


class Knowledge:
    """The result of counting: ``total`` consistent deals and, for every card,
    ``counts[card][owner]`` = the number of those deals with ``card`` at
    ``owner`` (players ``0..n-1``, envelope ``n``).

    Probabilities are ``counts / total``; a probability of exactly 0 or 1 is a
    certainty (compare the integers, see :meth:`certain_owner`).
    """

    def __init__(self, constraints: Constraints, total: int, counts: dict[Card, list[int]]) -> None:
        self.constraints = constraints
        self.categories = constraints.categories
        self.players = constraints.players
        self.envelope = constraints.envelope
        self.total = total
        self.counts = counts

    def prob(self, card: Card, owner: int) -> float:
        """P(``card`` is at ``owner``), a float in [0, 1]."""
        return self.counts[card][owner] / self.total

    def exact(self, card: Card, owner: int) -> Fraction:
        """P(``card`` is at ``owner``) as an exact fraction."""
        return Fraction(self.counts[card][owner], self.total)

    def p_envelope(self, card: Card) -> float:
        """P(``card`` is in the envelope)."""
        return self.counts[card][self.envelope] / self.total

    def certain_owner(self, card: Card) -> int | None:
        """The owner that surely holds ``card`` (envelope = ``n``), or None."""
        for o, c in enumerate(self.counts[card]):
            if c == self.total:
                return o
        return None

    def possible(self, card: Card, owner: int) -> bool:
        """False when ``card`` is certainly not at ``owner``."""
        return self.counts[card][owner] > 0

    def solution(self) -> tuple[Card, ...] | None:
        """The envelope (one card per category) if it is certain, else None."""
        out = []
        for pile in self.categories:
            sure = [c for c in pile if self.counts[c][self.envelope] == self.total]
            if not sure:
                return None
            out.append(sure[0])
        return tuple(out)

    def envelope_distribution(self, pile: Sequence[Card]) -> dict[Card, float]:
        """P(card is the envelope's card of that category) for each card of ``pile``."""
        return {c: self.p_envelope(c) for c in pile}

    def best_guess(self) -> tuple[tuple[Card, ...], float]:
        """The likeliest card of each category (by marginal; not always the
        likeliest triple) and the product of their marginals (a quick
        estimate of the triple's probability, not a bound: the exact one
        comes from :func:`joint`)."""
        out, p = [], 1.0
        for pile in self.categories:
            c = max(pile, key=self.p_envelope)
            out.append(c)
            p *= self.p_envelope(c)
        return tuple(out), p


# ---------------------------------------------------------------------------
# The counting
# ---------------------------------------------------------------------------

class _Problem:
    """Propagated constraints, ready for the dynamic programme."""

    def __init__(self, cons: Constraints, extra_has: Iterable[tuple[int, Card]] = ()) -> None:
        self.cons = cons
        n = cons.players
        self.n = n
        cats = cons.categories
        self.cat_of: dict[Card, int] = {}
        for k, pile in enumerate(cats):
            for c in pile:
                if c in self.cat_of:
                    raise ValueError(f"card {c!r} is in two categories")
                self.cat_of[c] = k
        self.cards = [c for pile in cats for c in pile]
        if sum(cons.hand_sizes) + len(cats) != len(self.cards):
            raise ValueError(
                f"hand sizes {cons.hand_sizes} and {len(cats)} envelope cards do not add up to "
                f"{len(self.cards)} cards")
        # DP owners: players 0..n-1, then one envelope slot per category n+k.
        self.caps = list(cons.hand_sizes) + [1] * len(cats)
        allowed: dict[Card, set[int]] = {c: set(range(n)) | {n + self.cat_of[c]} for c in self.cards}
        for o, c in cons.lacks:
            self._check(c)
            allowed[c].discard(self._slot(o, c))
        for o, c in list(cons.has) + list(extra_has):
            self._check(c)
            s = self._slot(o, c)
            if s not in allowed[c]:
                raise ContradictionError(f"{c} cannot be at {self._owner_name(o)} and yet is there")
            allowed[c] = {s}
        self.allowed = allowed
        some = []
        for p, cards in cons.some:
            for c in cards:
                self._check(c)
            some.append((p, frozenset(cards)))
        self.some = some
        self._propagate()

    def _check(self, c: Card) -> None:
        if c not in self.cat_of:
            raise ValueError(f"unknown card {c!r}")

    def _slot(self, owner: int, card: Card) -> int:
        if owner == self.n:
            return self.n + self.cat_of[card]
        if not 0 <= owner < self.n:
            raise ValueError(f"no owner {owner}")
        return owner

    def _owner_name(self, o: int) -> str:
        return "the envelope" if o >= self.n else f"player {o}"

    def _propagate(self) -> None:
        allowed, caps = self.allowed, self.caps
        slots = range(len(caps))
        changed = True
        while changed:
            changed = False
            for c in self.cards:
                if not allowed[c]:
                    raise ContradictionError(f"{c} can be nowhere")
            fixed = {c: next(iter(a)) for c, a in allowed.items() if len(a) == 1}
            for s in slots:
                holders = [c for c in self.cards if s in allowed[c]]
                mine = [c for c in holders if fixed.get(c) == s]
                if len(mine) > caps[s]:
                    raise ContradictionError(
                        f"{self._owner_name(s)} would hold {len(mine)} cards but holds {caps[s]}")
                if len(holders) < caps[s]:
                    raise ContradictionError(
                        f"{self._owner_name(s)} must hold {caps[s]} cards but only {len(holders)} are possible")
                if len(mine) == caps[s] and len(holders) > len(mine):
                    for c in holders:
                        if fixed.get(c) != s:
                            allowed[c].discard(s)
                    changed = True
                    break
                if len(holders) == caps[s] and len(mine) < len(holders):
                    for c in holders:
                        allowed[c] = {s}
                    changed = True
                    break
            if changed:
                continue
            open_some = []
            for p, cards in self.some:
                cand = [c for c in cards if p in allowed[c]]
                if any(fixed.get(c) == p for c in cand):
                    continue
                if not cand:
                    raise ContradictionError(
                        f"player {p} must hold one of {sorted(cards)} but can hold none of them")
                if len(cand) == 1:
                    allowed[cand[0]] = {p}
                    changed = True
                    continue
                open_some.append((p, frozenset(cand)))
            # drop duplicates and supersets (p holds one of A, A subset of B => B is implied)
            uniq = sorted(set(open_some), key=lambda x: len(x[1]))
            kept: list[tuple[int, frozenset[Card]]] = []
            for p, cs in uniq:
                if not any(q == p and ds <= cs for q, ds in kept):
                    kept.append((p, cs))
            self.some = kept

    # -- the dynamic programme --------------------------------------------
    def items(self, tail: Sequence[Card] = (), tail_last: bool = False) -> list[tuple[list[Card], list[int]]]:
        """Undecided cards as items ``(cards, possible DP owners)``: singletons for
        cards in open "some" constraints (and ``tail``), groups for the others.
        Order: ``tail`` first (:func:`joint` reads their owners off the first
        steps), then the "some" cards greedily (few constraints open at once),
        then the groups; with ``tail_last`` the ``tail`` comes last instead."""
        allowed = self.allowed
        undecided = [c for c in self.cards if len(allowed[c]) > 1]
        tail = [c for c in tail if c in undecided]
        in_some = {c for _, cs in self.some for c in cs if c not in tail}
        # greedy order of the "some" cards: prefer cards that close constraints
        remaining_cons = [set(cs) for _, cs in self.some]
        opened: set[int] = set()
        for c in tail:
            for i, cs in enumerate(remaining_cons):
                if c in cs:
                    opened.add(i)
                    cs.discard(c)
        order: list[Card] = []
        pool = set(in_some)
        while pool:
            def score(c: Card) -> tuple[int, Card]:
                closes = sum(1 for i, cs in enumerate(remaining_cons) if cs == {c})
                opens = sum(1 for i, cs in enumerate(remaining_cons) if c in cs and i not in opened)
                return (-(closes * 2 - opens), c)
            c = min(pool, key=score)
            pool.discard(c)
            order.append(c)
            for i, cs in enumerate(remaining_cons):
                if c in cs:
                    opened.add(i)
                    cs.discard(c)
        out: list[tuple[list[Card], list[int]]] = [([c], sorted(allowed[c])) for c in
                                                   (order if tail_last else tail + order)]
        groups: dict[tuple[int, tuple[int, ...]], list[Card]] = {}
        for c in undecided:
            if c in in_some or c in tail:
                continue
            groups.setdefault((self.cat_of[c], tuple(sorted(allowed[c]))), []).append(c)
        for (_, owners), group in sorted(groups.items(), key=lambda kv: (len(kv[1]), kv[0])):
            out.append((group, list(owners)))
        if tail_last:
            out += [([c], sorted(allowed[c])) for c in tail]
        return out


class _Step:
    """One step of the dynamic programme.

    ``kind`` 0: one card (``item``'s only card) goes to one of its owners;
    ``trans`` is a list of ``(delta, bits, owner)`` (weight 1).
    ``kind`` 1: ``j`` of the cards of a group still to place go to ``owner``;
    the state's "left" field holds how many are still to place (``add`` puts
    the group's size there on its first step); ``table[left]`` lists
    ``(j, delta, weight)`` with ``weight = C(left, j)``, so the product over
    the group's owners is the multinomial ``k! / prod(j_o!)``.  The group's
    last owner takes every card left.  ``kind`` 2: the last item, ``add``
    cards, takes all the room left on its owners ``table`` (``(owner,
    shift)``) in one go.  ``close``: the "some" bits checked and
    cleared after the step; ``alive``: the packed most cards each owner can
    still get from the later items (states wanting more are dead), or -1."""

    __slots__ = ("kind", "item", "owner", "trans", "table", "add", "close", "alive")

    def __init__(self, kind: int, item: int, owner: int = -1) -> None:
        self.kind = kind
        self.item = item
        self.owner = owner
        self.trans: list[tuple[int, int, int]] = []
        # kind 1: by cards left, the (j, delta, weight) choices; kind 2: (owner, shift) pairs
        self.table: list[Any] = []
        self.add = 0
        self.close = 0
        self.alive = -1

    def targets(self, s: int, guard: int) -> Iterator[tuple[int, int]]:
        """A one-card step (``kind`` 0) from state ``s``: ``(next state,
        owner)`` for every owner with room (``guard``: the packed guard
        bits), its "some" bits set and the closed ones checked and cleared."""
        cl = self.close
        for delta, bits, o in self.trans:
            t = s - delta
            if t & guard != guard:
                continue
            t |= bits
            if cl:
                if t & cl != cl:
                    continue
                t ^= cl
            yield t, o


class _DP:
    """Forward/backward tables over the items of a :class:`_Problem`.

    A single card is one step (one transition per possible owner).  A group
    of ``k`` interchangeable cards is one step per possible owner, each
    taking ``j`` of the cards still left with weight ``C(left, j)``: a few
    transitions per state instead of every composition of ``k``.  After each
    item, states whose remaining capacity some owner can no longer fill are
    dropped."""

    def __init__(self, prob: _Problem, tail: Sequence[Card] = (), tail_last: bool = False) -> None:
        self.prob = prob
        caps = prob.caps
        width = max(max(caps), 1).bit_length() + 1
        self.shift = shift = [i * width for i in range(len(caps))]
        self.guard_bit = guard_bit = 1 << (width - 1)
        self.guard = guard = sum(guard_bit << s for s in shift)
        fields = sum(((1 << width) - 1) << s for s in shift)
        base = len(caps) * width
        self.items = prob.items(tail, tail_last)
        # remaining capacities after the decided cards
        rem = list(caps)
        for c in prob.cards:
            a = prob.allowed[c]
            if len(a) == 1:
                rem[next(iter(a))] -= 1
        self.rem = rem
        start = guard + sum(r << s for r, s in zip(rem, shift, strict=True))
        some = prob.some
        self.left_shift = left_shift = base + len(some)
        # "some" bits; a constraint is closed after the last item naming it
        last_item: dict[int, int] = {}
        for i, (cs, _) in enumerate(self.items):
            for j, (_, scs) in enumerate(some):
                if cs[0] in scs and len(cs) == 1:
                    last_item[j] = i
        close = [0] * len(self.items)
        for j, i in last_item.items():
            close[i] |= 1 << (base + j)
        # how many cards each owner can still get after item i
        room = [[0] * len(caps) for _ in range(len(self.items) + 1)]
        for i in range(len(self.items) - 1, -1, -1):
            cs, owners = self.items[i]
            room[i] = list(room[i + 1])
            for o in owners:
                room[i][o] += len(cs)
        steps: list[_Step] = []
        for i, (cs, owners) in enumerate(self.items):
            k = len(cs)
            # owners with little room first: fewer states while a group is being placed
            owners = sorted((o for o in owners if rem[o] > 0), key=lambda o: (rem[o], o))
            if k == 1:
                st = _Step(0, i)
                for o in owners:
                    bits = 0
                    for j, (p, scs) in enumerate(some):
                        if p == o and cs[0] in scs:
                            bits |= 1 << (base + j)
                    st.trans.append((1 << shift[o], bits, o))
                group = [st]
            elif i == len(self.items) - 1 and owners:
                # the last item: every card left goes where room is left
                st = _Step(2, i)
                st.table = [(o, shift[o]) for o in owners]
                st.add = k
                group = [st]
            else:
                group = []
                for x, o in enumerate(owners):
                    st = _Step(1, i, o)
                    last = x == len(owners) - 1
                    for left in range(k + 1):
                        js = [left] if last else range(min(left, rem[o]) + 1)
                        st.table.append([(j, (j << shift[o]) + (j << left_shift), comb(left, j))
                                         for j in js if j <= rem[o]])
                    group.append(st)
                if not group:       # no owner can take them: no deal at all
                    group = [_Step(0, i)]
                group[0].add = k << left_shift
            group[-1].close = close[i]
            after = room[i + 1]
            alive = sum(min(after[o], guard_bit - 1) << shift[o] for o in range(len(caps)))
            if any(after[o] < rem[o] for o in range(len(caps))):
                group[-1].alive = alive
            steps.extend(group)
        self.steps = steps
        self.fields = fields
        self.start = start
        self.final = guard
        self.forward()

    def forward(self) -> None:
        """``layers[i]``: ``{state: weighted count}`` before step ``i``."""
        guard, fields = self.guard, self.fields
        layers = [{self.start: 1}]
        for st in self.steps:
            cur = layers[-1]
            nxt: dict[int, int] = {}
            cl = st.close
            get = nxt.get
            if st.kind == 0 and not cl and not any(bits for _, bits, _ in st.trans):
                deltas = [delta for delta, _, _ in st.trans]
                for s, f in cur.items():
                    for delta in deltas:
                        t = s - delta
                        if t & guard == guard:
                            nxt[t] = get(t, 0) + f
            elif st.kind == 0:
                trans = st.trans
                for s, f in cur.items():
                    for delta, bits, _ in trans:
                        t = s - delta
                        if t & guard != guard:
                            continue
                        t |= bits
                        if cl:
                            if t & cl != cl:
                                continue
                            t ^= cl
                        nxt[t] = get(t, 0) + f
            elif st.kind == 1:
                table, add, shift = st.table, st.add, self.left_shift
                for s, f in cur.items():
                    s += add
                    for _, delta, w in table[s >> shift]:
                        t = s - delta
                        if t & guard != guard:
                            continue
                        nxt[t] = get(t, 0) + f * w
            else:
                total = 0
                for s, f in cur.items():
                    w = self._last_weight(st, s)
                    if w:
                        total += f * w
                if total:
                    nxt[self.final] = total
            alive = st.alive
            if alive >= 0:
                live = alive | guard
                nxt = {t: f for t, f in nxt.items() if (live - ((t & fields) ^ guard)) & guard == guard}
            layers.append(nxt)
        self.layers = layers
        self.total = layers[-1].get(self.final, 0)

    def _last_weight(self, st: _Step, s: int) -> int:
        """Step kind 2 (the last item, ``st.add`` cards on the owners of
        ``st.table``): the number of ways state ``s`` ends in the final state,
        the multinomial ``k! / prod(room_o!)`` when the room left is exactly
        on those owners and adds up to ``k``, else 0."""
        mask = self.guard_bit - 1
        w = factorial(st.add)
        t = s
        used = 0
        for _, sh in st.table:
            r = s >> sh & mask
            used += r
            w //= factorial(r)
            t -= r << sh
        return w if used == st.add and t == self.final else 0

    def marginals(self) -> list[list[int]]:
        """For each item, ``per[owner]``: the number of deals that put its
        cards at that owner, summed over the item's cards (players ``0..n-1``,
        envelope ``n``)."""
        return self.backward(0)[1]

    def backward(self, stop: int, marginals: bool = True) -> tuple[dict[int, int], list[list[int]]]:
        """The backward table before step ``stop`` (``{state: completions}``)
        and, for the items of the steps from ``stop`` on, the marginals of
        :meth:`marginals` (all 0 with ``marginals=False``: only the table)."""
        if not marginals:
            return self._completions(stop), [[0] * (self.prob.n + 1) for _ in self.items]
        guard, n = self.guard, self.prob.n
        back: dict[int, int] = {self.final: 1}
        per_item = [[0] * (n + 1) for _ in self.items]
        for i in range(len(self.steps) - 1, stop - 1, -1):
            st = self.steps[i]
            cl = st.close
            per = per_item[st.item]
            newback: dict[int, int] = {}
            get = back.get
            if st.kind == 0:
                acc = [0] * len(st.trans)
                for s, f in self.layers[i].items():
                    b_total = 0
                    for ti, (delta, bits, _) in enumerate(st.trans):
                        t = s - delta
                        if t & guard != guard:
                            continue
                        t |= bits
                        if cl:
                            if t & cl != cl:
                                continue
                            t ^= cl
                        b = get(t)
                        if b:
                            b_total += b
                            acc[ti] += f * b
                    if b_total:
                        newback[s] = b_total
                for (_, _, o), x in zip(st.trans, acc, strict=True):
                    per[min(o, n)] += x
            elif st.kind == 2:
                mask = self.guard_bit - 1
                xs = [0] * len(st.table)
                for s, f in self.layers[i].items():
                    w = self._last_weight(st, s)
                    if w:
                        newback[s] = w
                        for x, (_, sh) in enumerate(st.table):
                            xs[x] += f * w * (s >> sh & mask)
                for (o, _), x in zip(st.table, xs, strict=True):
                    per[min(o, n)] += x
            else:
                table, add, shift = st.table, st.add, self.left_shift
                x = 0
                for s, f in self.layers[i].items():
                    s2 = s + add
                    b_total = 0
                    for j, delta, w in table[s2 >> shift]:
                        t = s2 - delta
                        if t & guard != guard:
                            continue
                        b = get(t)
                        if b:
                            b_total += w * b
                            if j:
                                x += j * w * b * f
                    if b_total:
                        newback[s] = b_total
                per[min(st.owner, n)] += x
            back = newback
        return back, per_item


    def _completions(self, stop: int, keep: list[dict[int, int]] | None = None) -> dict[int, int]:
        """The backward table before step ``stop`` alone; with ``keep``, every
        table from the last step's down to ``stop``'s is appended to it."""
        guard = self.guard
        back: dict[int, int] = {self.final: 1}
        for i in range(len(self.steps) - 1, stop - 1, -1):
            if keep is not None:
                keep.append(back)
            st = self.steps[i]
            cl = st.close
            newback: dict[int, int] = {}
            get = back.get
            if st.kind == 0:
                for s in self.layers[i]:
                    b_total = 0
                    for delta, bits, _ in st.trans:
                        t = s - delta
                        if t & guard != guard:
                            continue
                        t |= bits
                        if cl:
                            if t & cl != cl:
                                continue
                            t ^= cl
                        b = get(t)
                        if b:
                            b_total += b
                    if b_total:
                        newback[s] = b_total
            elif st.kind == 2:
                for s in self.layers[i]:
                    w = self._last_weight(st, s)
                    if w:
                        newback[s] = w
            else:
                table, add, shift = st.table, st.add, self.left_shift
                for s in self.layers[i]:
                    s2 = s + add
                    b_total = 0
                    for _, delta, w in table[s2 >> shift]:
                        t = s2 - delta
                        if t & guard == guard:
                            b = get(t)
                            if b:
                                b_total += w * b
                    if b_total:
                        newback[s] = b_total
            back = newback
        if keep is not None:
            keep.append(back)
        return back

    def _menu(self, st: _Step, s: int, nxt: dict[int, int]) -> tuple[int, list[int], list[tuple[int, int, int]]]:
        """The choices of a draw (:meth:`sample`) at step ``st`` (kind 0 or 1) from state ``s``, with
        ``nxt`` the completions after the step: ``(summed weight, running sums of the weights,
        (next state, owner, cards) of each)``, in the order of the step's transitions; a choice's
        weight is its own times the deals that complete it."""
        weights: list[int] = []
        picks: list[tuple[int, int, int]] = []
        if st.kind == 0:
            for t, o in st.targets(s, self.guard):
                b = nxt.get(t)
                if b:
                    weights.append(b)
                    picks.append((t, o, 1))
        else:
            s2 = s + st.add
            for j, delta, w in st.table[s2 >> self.left_shift]:
                t = s2 - delta
                if t & self.guard == self.guard and nxt.get(t):
                    weights.append(w * nxt[t])
                    picks.append((t, st.owner, j))
        running = list(accumulate(weights))
        return running[-1], running, picks

    def sample(self, rng: random.Random, count: int) -> list[dict[Card, int]]:
        """``count`` deals drawn uniformly from the consistent ones (ignoring
        ``not_solutions``), each ``{card: owner}`` (envelope ``n``): every
        step picks its transition with odds its weight times the deals that
        complete it, and a group's cards are then shuffled among the places
        it was given.  ``rng``: a :class:`random.Random`."""
        backs: list[dict[int, int]] = []
        self._completions(0, backs)
        backs.reverse()                 # backs[i]: completions before step i
        n, mask = self.prob.n, self.guard_bit - 1
        fixed = {c: min(next(iter(a)), n) for c, a in self.prob.allowed.items() if len(a) == 1}
        # the draws pass through the same states again and again: each (step, state)'s choices, as
        # (their summed weight, the running sums, (next state, owner, cards) each), are worked out once
        menus: list[dict[int, tuple[int, list[int], list[tuple[int, int, int]]]]] = [{} for _ in self.steps]
        out = []
        for _ in range(count):
            s, deal = self.start, dict(fixed)
            given: dict[int, list[int]] = {}
            for i, st in enumerate(self.steps):
                if st.kind == 2:
                    for o, sh in st.table:
                        given.setdefault(st.item, []).extend([min(o, n)] * (s >> sh & mask))
                    s = self.final
                    continue
                menu = menus[i].get(s)
                if menu is None:
                    menu = menus[i][s] = self._menu(st, s, backs[i + 1])
                total, running, picks = menu
                t, o, j = picks[bisect_right(running, rng.randrange(total))]
                s = t
                if st.kind == 0:
                    deal[self.items[st.item][0][0]] = min(o, n)
                else:
                    given.setdefault(st.item, []).extend([min(o, n)] * j)
            for item, owners in given.items():
                cards = list(self.items[item][0])
                rng.shuffle(cards)
                deal.update(zip(cards, owners, strict=True))
            out.append(deal)
        return out


def sample(cons: Constraints, count: int, rng: random.Random) -> list[dict[Card, int]]:
    """``count`` deals drawn uniformly at random (``rng``, a
    :class:`random.Random`) from those consistent with ``cons``, each
    ``{card: owner}`` (players ``0..n-1``, envelope ``n``), as many as
    asked or fewer: a deal whose envelope ``cons.not_solutions`` rules out
    is drawn again, at most ``4 * count`` draws in all.  Raises
    :class:`ContradictionError` like :func:`solve`."""
    prob = _Problem(cons)
    dp = _DP(prob)
    if dp.total == 0:
        raise ContradictionError("no deal fits what this seat has seen")
    out: list[dict[Card, int]] = []
    env = cons.envelope
    for _ in range(4):
        for deal in dp.sample(rng, count):
            if not cons.not_solutions or tuple(c for pile in cons.categories for c in pile
                                               if deal[c] == env) not in cons.not_solutions:
                out.append(deal)
        if len(out) >= count or not cons.not_solutions:
            break
    return out[:count]


def _count(cons: Constraints, extra_has: Iterable[tuple[int, Card]] = ()) -> tuple[int, dict[Card, list[int]]]:
    """Count the deals (ignoring ``not_solutions``) and the per-card owner counts."""
    try:
        prob = _Problem(cons, extra_has)
    except ContradictionError:
        if extra_has:
            return 0, {}
        raise
    dp = _DP(prob)
    total = dp.total
    n = prob.n
    counts = {c: [0] * (n + 1) for c in prob.cards}
    if total == 0:
        return 0, counts
    for c in prob.cards:
        a = prob.allowed[c]
        if len(a) == 1:
            counts[c][min(next(iter(a)), n)] = total
    for (cs, _), per in zip(dp.items, dp.marginals(), strict=True):
        k = len(cs)
        for o in range(n + 1):
            assert per[o] % k == 0
            per[o] //= k
        for c in cs:
            counts[c] = list(per)
    return total, counts


def solve(cons: Constraints) -> Knowledge:
    """Count every deal consistent with ``cons`` and return the exact
    :class:`Knowledge`.

    Raises :class:`ContradictionError` when no deal is consistent and
    ``ValueError`` for malformed constraints (unknown card, sizes that do not
    add up).  Wrong accusations are handled by subtraction: the deals with the
    envelope equal to a ruled-out triple are counted with those three cards
    fixed and taken away (they are disjoint for different triples).
    """
    total, counts = _count(cons)
    if total == 0:
        raise ContradictionError("no deal fits what this seat has seen")
    env = cons.envelope
    for triple in cons.not_solutions:
        t, cnt = _count(cons, [(env, c) for c in triple])
        if t:
            total -= t
            for c, row in cnt.items():
                counts[c] = [a - b for a, b in zip(counts[c], row, strict=True)]
    if total <= 0:
        raise ContradictionError("every possible envelope has been ruled out by wrong accusations")
    return Knowledge(cons, total, counts)


def joint(cons: Constraints, cards: Sequence[Card]) -> dict[tuple[int, ...], int]:
    """Exact joint counts of where ``cards`` lie: ``{(owner of cards[0], ...):
    number of consistent deals}`` (owners as in :class:`Knowledge`, the
    envelope is ``n``).  Used to get exact outcome probabilities of a
    suggestion.  Raises :class:`ContradictionError` like :func:`solve`."""
    out = _joint(cons, cards, ())
    env = cons.envelope
    for triple in cons.not_solutions:
        sub = _joint(cons, cards, [(env, c) for c in triple])
        for k, v in sub.items():
            out[k] = out.get(k, 0) - v
    out = {k: v for k, v in out.items() if v}
    if not out:
        raise ContradictionError("no deal fits what this seat has seen")
    return out


def interchangeable(cons: Constraints) -> dict[Card, tuple[Any, ...]]:
    """A label for every card of ``cons`` such that two cards with the same
    label are interchangeable: swapping them maps the deals consistent with
    ``cons`` (``not_solutions`` included) onto themselves, so :func:`joint`
    counts the same table with either one named in the same place.  A card
    in a still-open "some" constraint or in a ruled-out envelope is labelled
    ``(card,)``, alone; any other card ``(category, its possible owners)``.
    Raises :class:`ContradictionError` like :func:`solve`."""
    prob = _Problem(cons)
    alone = {c for _, cs in prob.some for c in cs} | {c for triple in cons.not_solutions for c in triple}
    return {c: (c,) if c in alone else (prob.cat_of[c], tuple(sorted(prob.allowed[c]))) for c in prob.cards}


class Joints:
    """:func:`joint` of one :class:`Constraints` (not to be changed while
    this is used) for many lists of cards, each counted once per list of
    :func:`interchangeable` labels: naming a card interchangeable with
    another gives the same table.  Call it with the cards; the table it
    returns is shared, not to be changed."""

    def __init__(self, cons: Constraints) -> None:
        self.cons = cons
        self.labels = interchangeable(cons)
        self._tables: dict[tuple[tuple[Any, ...], ...], dict[tuple[int, ...], int]] = {}

    @property
    def counted(self) -> int:
        """How many joint counts it has made so far (one per list of labels)."""
        return len(self._tables)

    def __call__(self, cards: Sequence[Card]) -> dict[tuple[int, ...], int]:
        """:func:`joint` of ``cards``; raises like it."""
        key = tuple(self.labels[c] for c in cards)
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = joint(self.cons, cards)
        return table


def _joint(cons: Constraints, cards: Sequence[Card],
           extra_has: Iterable[tuple[int, Card]]) -> dict[tuple[int, ...], int]:
    try:
        prob = _Problem(cons, extra_has)
    except ContradictionError:
        if extra_has:
            return {}
        raise
    n = prob.n
    fixed = {c: min(next(iter(prob.allowed[c])), n) for c in cards if len(prob.allowed[c]) == 1}
    tail = len([c for c in cards if c not in fixed])
    # The undecided named cards are the first steps, their owners read off the
    # backward table -- unless no open "some" constraint names them: then they
    # are the last steps and the forward table alone is enough.
    last = not any(c in cs for _, cs in prob.some for c in cards)
    dp = _DP(prob, tail=list(cards), tail_last=last)
    steps = dp.steps
    guard = dp.guard
    out: dict[tuple[int, ...], int] = {}
    if last:
        first, end = len(steps) - tail, len(steps)
        back = {dp.final: 1}
    else:
        first, end = 0, tail
        back, _ = dp.backward(tail, marginals=False)

    def rec(i: int, s: int, f: int, where: dict[Card, int]) -> None:
        if i == end:
            b = back.get(s)
            if b:
                key = tuple(where[c] if c in where else fixed[c] for c in cards)
                out[key] = out.get(key, 0) + f * b
            return
        st = steps[i]
        card = dp.items[st.item][0][0]
        for t, o in st.targets(s, guard):
            where[card] = min(o, n)
            rec(i + 1, t, f, where)
        where.pop(card, None)

    for s, f in dp.layers[first].items():
        rec(first, s, f, {})
    return out
