"""An independent yardstick for the card game (003): a SpockAI-style player.

Modelled on SpockAI, the winner of the 2014 "Speed Clue" programming contest
(a Clue bot tournament without the board, where every turn a player could ask
about anything — which is what the 2018 Clue Card Game is).  The ideas taken
from it, fitted to the card game's rules (003 "Prendre el teu torn":
ask about two evidence cards; the first player to the left holding one shows
one; "Acusació"):

* **Possible-hand sets.**  The deck is small (9 or 12 evidence cards), so it
  keeps every possible deal itself: each way to put the cards it cannot see
  (not in its hand, not face up) under the Crime card (one person, one weapon,
  one location) and into the other players' hands of their known sizes.  Every
  fact it saw strikes deals out: a player who said no holds neither asked
  card, a card shown to it is held by the shower, a card shown to somebody
  else means the shower holds at least one of the two asked cards.  The
  possible hand of each player is then the union over the deals left, and the
  crime *solutions* are the distinct Crime triples of those deals.
* **Minimax questions.**  Of all legal questions (any two different evidence
  cards, its own included) it asks the one whose worst answer (who shows which
  card, or nobody) leaves the fewest solutions; ties go to the smallest
  expected number of solutions, then to a pair not asked before, then to a
  seeded coin.  A player holding both asked cards may show either, so such a
  deal counts under both answers (the worst case).
* **Showing.**  It shows a card the asker has already seen from it where it
  can, else one from the category with the most solution candidates left.
* **Accusing** (or joining an accusation) only when one solution remains: it
  never gambles, so it never accuses wrongly.

It uses only the card engine's public API (``CardGame.view(seat)``,
``CardGame.legal_actions()``, the actions and events of
:mod:`game.cardgame`) and shares no code with :mod:`game.cardgame.ai` or
:mod:`game.knowledge`.  ``CardSpockPlayer(seed)`` has the ``choose(view, legal)``
interface of the game's computer players, so the card tournament can seat it
(``python -m game.cardgame.tournament --a medium --b spock``).
"""

from __future__ import annotations

import random
from itertools import combinations, permutations, product

import numpy as np

from game.cardgame import events as ev
from game.cardgame.engine import Accuse, Ask, CardView, Decline, Join, Show

#: Owner code of the Crime card in a deal (the seats are 0 .. players - 1).
CRIME = -1


class CardSpockPlayer:
    """The SpockAI-style card-game player (see the module docstring).
    ``seed`` repeats its tie-breaking coin."""

    level = "spock"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._key: tuple | None = None
        self._read = 0
        self._asked: tuple[int, tuple[str, str]] | None = None
        self.cards: tuple[str, ...] = ()
        self.deals = np.zeros((0, 0), dtype=np.int8)

    # ------------------------------------------------------- possible deals
    def _start(self, view: CardView) -> None:
        """Every deal of the unseen cards consistent with the hand sizes: an
        array of shape (deals, cards), each entry the owner of that card (a
        seat, or :data:`CRIME`); own and face-up cards keep their known owner
        (own seat; face-up cards are marked ``players``, nobody's)."""
        self.cards = tuple(c for pile in view.piles for c in pile)
        index = {c: i for i, c in enumerate(self.cards)}
        unseen = [c for c in self.cards if c not in view.hand and c not in view.face_up]
        others = [p for p in range(view.players) if p != view.seat]
        base = [view.players] * len(self.cards)
        for c in view.hand:
            base[index[c]] = view.seat
        rows: list[list[int]] = []
        for crime in product(*[[c for c in pile if c in unseen] for pile in view.piles]):
            rest = [c for c in unseen if c not in crime]
            for hands in _split(rest, [view.hand_sizes[p] for p in others]):
                row = list(base)
                for c in crime:
                    row[index[c]] = CRIME
                for p, hand in zip(others, hands, strict=True):
                    for c in hand:
                        row[index[c]] = p
                rows.append(row)
        self.deals = np.array(rows, dtype=np.int8)
        self._read = 0
        self._asked = None

    def _learn(self, view: CardView) -> None:
        """Strike out the deals the events seen since the last call rule out."""
        key = (view.seat, view.players, view.hand, view.face_up, view.piles)
        if key != self._key or len(view.events) < self._read:
            self._key = key
            self._start(view)
        index = {c: i for i, c in enumerate(self.cards)}
        for e in view.events[self._read:]:
            if isinstance(e, ev.Asked):
                self._asked = (e.player, tuple(e.cards))
            elif isinstance(e, ev.NoCard) and self._asked is not None:
                a, b = (index[c] for c in self._asked[1])
                keep = (self.deals[:, a] != e.player) & (self.deals[:, b] != e.player)
                self.deals = self.deals[keep]
            elif isinstance(e, ev.CardShown) and self._asked is not None:
                if e.card is not None:                      # shown to this seat
                    keep = self.deals[:, index[e.card]] == e.by
                else:                                       # shown to somebody else
                    a, b = (index[c] for c in self._asked[1])
                    keep = (self.deals[:, a] == e.by) | (self.deals[:, b] == e.by)
                self.deals = self.deals[keep]
        self._read = len(view.events)
        if len(self.deals) == 0:
            raise RuntimeError("card spock: no deal fits what this seat saw (a bug)")

    def _crime_cols(self, view: CardView) -> list[np.ndarray]:
        """Per pile, the index (within the pile) of the card under the Crime card, for every deal."""
        index = {c: i for i, c in enumerate(self.cards)}
        out = []
        for pile in view.piles:
            cols = self.deals[:, [index[c] for c in pile]]
            out.append(np.argmax(cols == CRIME, axis=1))
        return out

    def solutions(self, view: CardView) -> set[tuple[str, str, str]]:
        """The crime triples still possible after everything ``view`` saw."""
        self._learn(view)
        ids = self._crime_cols(view)
        return {(view.piles[0][a], view.piles[1][b], view.piles[2][c])
                for a, b, c in set(zip(*(x.tolist() for x in ids), strict=True))}

    def possible_hand(self, view: CardView, seat: int) -> set[str]:
        """The cards ``seat`` may hold (every card it holds in some possible deal)."""
        self._learn(view)
        held = (self.deals == seat).any(axis=0)
        return {c for c, h in zip(self.cards, held, strict=True) if h}

    # -------------------------------------------------------------- choices
    def choose(self, view: CardView, legal: list) -> object:
        """One legal action for ``view.seat`` (the actor)."""
        self._learn(view)
        sols = self.solutions(view)
        sure = next(iter(sols)) if len(sols) == 1 else None
        if any(isinstance(a, Show) for a in legal):
            return self._show(view, [a for a in legal if isinstance(a, Show)])
        if any(isinstance(a, Decline) for a in legal):
            return Join(*sure) if sure and Join(*sure) in legal else Decline()
        if sure and Accuse(*sure) in legal:
            return Accuse(*sure)
        return self._ask(view, [a for a in legal if isinstance(a, Ask)])

    def _show(self, view: CardView, options: list[Show]) -> Show:
        asker = view.turn
        seen = {e.card for e in view.events
                if isinstance(e, ev.CardShown) and e.by == view.seat and e.to == asker and e.card}
        again = sorted((o for o in options if o.card in seen), key=lambda o: o.card)
        if again:
            return again[0]
        sols = self.solutions(view)
        left = [len({s[k] for s in sols}) for k in range(3)]
        kind = {c: k for k, pile in enumerate(view.piles) for c in pile}
        return max(options, key=lambda o: (left[kind[o.card]], o.card))

    def _ask(self, view: CardView, asks: list[Ask]) -> Ask:
        """The question whose worst answer leaves the fewest solutions."""
        index = {c: i for i, c in enumerate(self.cards)}
        n = view.players
        big = n + 1
        rank = np.full(n + 2, big, dtype=np.int16)          # answering order; CRIME (-1) wraps to index n+1
        for k in range(1, n):
            rank[(view.seat + k) % n] = k
        sizes = [len(p) for p in view.piles]
        a_, b_, c_ = self._crime_cols(view)
        sol = (a_ * sizes[1] + b_) * sizes[2] + c_
        nsol = sizes[0] * sizes[1] * sizes[2]
        ranks = rank[self.deals]                              # int8 -1 indexes the last entry: big
        asked_before = {frozenset(e.cards) for e in view.events if isinstance(e, ev.Asked) and e.player == view.seat}
        best, best_key = asks[0], None
        for q in asks:
            ra, rb = ranks[:, index[q.first]], ranks[:, index[q.second]]
            r = np.minimum(ra, rb).astype(np.int64)
            shows_a = (ra == r) & (r < big)
            shows_b = (rb == r) & (r < big)
            nobody = r >= big
            keys = np.concatenate([(r[shows_a] * 2) * nsol + sol[shows_a], (r[shows_b] * 2 + 1) * nsol + sol[shows_b],
                                   np.full(int(nobody.sum()), 0) + sol[nobody]])
            outcome = np.unique(keys) // nsol
            _, per = np.unique(outcome, return_counts=True)
            worst = int(per.max())
            expected = float((per * per).sum()) / float(per.sum())
            key = (worst, round(expected, 9), frozenset((q.first, q.second)) in asked_before, self.rng.random())
            if best_key is None or key < best_key:
                best, best_key = q, key
        return best


def _split(cards: list[str], sizes: list[int]):
    """Every way to deal ``cards`` into hands of ``sizes`` (in order)."""
    if not sizes:
        if not cards:
            yield ()
        return
    if sizes[0] == 1 and all(s == 1 for s in sizes) and len(cards) == len(sizes):
        for perm in permutations(cards):
            yield tuple((c,) for c in perm)
        return
    for hand in combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in hand]
        for tail in _split(rest, sizes[1:]):
            yield (hand,) + tail


def make_card_spock(seed: int = 0) -> CardSpockPlayer:
    """The tournament's factory for level ``spock`` (see :data:`game.cardgame.tournament.EXTERNAL_LEVELS`)."""
    return CardSpockPlayer(seed)
