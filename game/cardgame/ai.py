"""Computer players of the card game: beginner, easy, medium and hard.

All four decide from a :class:`~game.cardgame.engine.CardView` and the legal
actions only.  Medium and hard count every deal consistent with what the seat
saw with the exact counting engine (:mod:`game.knowledge.counting`), with the
card game's piles as categories: the face-up cards are left out of the
categories (everybody knows they are not under the Crime card: 003 "Si podeu
veure una targeta de prova, no pot estar a sota de la targeta de crim"), a
player who said no lacks both asked cards, a card shown to this seat is held
by the shower, and a card shown to somebody else means "the shower holds one
of the two asked cards" (face-up cards dropped from that pair).

* beginner: crosses off its own cards, the face-up cards and cards shown to
  it; asks about two random cards not crossed off; accuses (or joins) only
  when one card of each kind is left.  It never accuses wrongly and needs
  several turns of its own to finish.
* easy: a child's case file.  As beginner, but it forgets to cross off a card
  shown to it 4 times in 10 (and asks about it again later); it asks about
  two open cards of different kinds; when nobody answers its own question, it
  knows the asked cards it does not hold are Crime cards; and half the time it
  takes another player's unanswered question the same way, which is a guess
  (that player may hold the cards).  Its two chances are
  :attr:`EasyPlayer.forget` and :attr:`EasyPlayer.notice`.
* medium: every certainty of the exact engine; asks about two cards still in
  doubt, never the same pair twice; accuses or joins only when certain; shows
  a card the asker has already seen when it can.
* hard: asks the pair with the largest expected information (exact outcome
  probabilities from :func:`game.knowledge.counting.joint`), may name its own cards
  to test a single card; shows the card that leaks least; accuses when
  certain, or when an opponent may be close and its best guess is likely;
  joins another's accusation when its best guess has probability >= 0.5.
"""

from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Protocol, cast

from game.cardgame import events as ev
from game.cardgame.engine import Accuse, Ask, CardAction, CardView, Decline, Join, Show
from game.cardgame.reading import CardReader, read
from game.knowledge.counting import Constraints, Knowledge, joint
from game.knowledge.tracker import Tracker
from game.knowledge.tracker import constraints as record_constraints

LEVELS = ("beginner", "easy", "medium", "hard")


class CardPlayer(Protocol):
    """A card-game computer player: ``choose(view, legal)`` gets its seat's
    view and ``CardGame.legal_actions()`` and returns one of those actions."""

    def choose(self, view: CardView, legal: list[CardAction]) -> CardAction: ...

#: The computer level of a new card-game seat (the setup screen started from the title): against beginners
#: a person had a second turn in 97 % of 1,000 games, 45 % against medium (``benchmarks/bench_card_turns.py``).
DEFAULT_LEVEL = "beginner"


def _h(p: float) -> float:
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


def constraints(view: CardView) -> Constraints:
    """The exact-engine :class:`~game.knowledge.counting.Constraints` of a card-game
    view (read by :class:`game.cardgame.reading.CardReader`): categories are
    the piles without the face-up cards; hand sizes as dealt; players
    0..n-1, the Crime card is the "envelope" (owner ``n``)."""
    return record_constraints(read(view))


class _Base:
    level = "base"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.asked: set[frozenset[str]] = set()
        self.tracker = Tracker(CardReader.of)

    def restore(self, view: CardView) -> None:
        """Rebuild the memory kept besides the view — the pairs this seat has
        asked about — from the view's own Asked events, so a resumed game (or
        a player made anew for each choice) asks exactly as one never stopped."""
        self.asked = {frozenset(e.cards) for e in view.events
                      if isinstance(e, ev.Asked) and e.player == view.seat}

    def know(self, view: CardView) -> Knowledge:
        """Exact knowledge (only the new events are read; counted again only
        when what the seat knows changed)."""
        return self.tracker.update(view)

    def choose(self, view: CardView, legal: list[CardAction]) -> CardAction:
        """One legal action for ``view.seat`` (the actor)."""
        kinds = {type(a) for a in legal}
        if Show in kinds:
            return self.show(view, [a for a in legal if isinstance(a, Show)])
        if Join in kinds:
            t = self.join(view)
            return Join(*t) if t else Decline()
        t = self.accusation(view)
        if t and Accuse in kinds:
            return Accuse(*t)
        pair = self.ask(view)
        self.asked.add(frozenset(pair))
        return Ask(*pair)

    def show(self, view: CardView, options: list[Show]) -> Show:
        return self.rng.choice(options)

    def accusation(self, view: CardView) -> tuple[str, str, str] | None:
        sol = self.know(view).solution()
        return (sol[0], sol[1], sol[2]) if sol else None

    def join(self, view: CardView) -> tuple[str, str, str] | None:
        return self.accusation(view)

    def ask(self, view: CardView) -> tuple[str, str]:
        raise NotImplementedError

    def _fill(self, view: CardView, cards: list[str]) -> tuple[str, str]:
        """Two different cards: ``cards`` first, then own or face-up cards
        (a sure "no" from everybody else), then anything."""
        pool = list(dict.fromkeys(cards))
        extra = sorted(view.hand) + list(view.face_up) + [c for p in view.piles for c in p]
        for c in extra:
            if len(pool) >= 2:
                break
            if c not in pool:
                pool.append(c)
        return pool[0], pool[1]


class BeginnerPlayer(_Base):
    """Level ``beginner`` (see the module docstring)."""

    level = "beginner"

    def accusation(self, view: CardView) -> tuple[str, str, str] | None:
        left = [[c for c in pile if c not in view.crossed] for pile in view.piles]
        if all(len(x) == 1 for x in left):
            return cast("tuple[str, str, str]", tuple(x[0] for x in left))     # one card a pile, three piles
        return None

    def ask(self, view: CardView) -> tuple[str, str]:
        left = [c for p in view.piles for c in p if c not in view.crossed]
        self.rng.shuffle(left)
        return self._fill(view, left[:2])


class EasyPlayer(_Base):
    """Level ``easy`` (see the module docstring)."""

    level = "easy"
    #: chance that a card shown to it goes unwritten (it asks about it again later); with ``notice`` 0.5,
    #: 15.8 % against two medium (600 games, normal deck; the goal is 8-18 %)
    forget = 0.4
    #: chance that it takes the two cards of another player's question that nobody answered for the Crime
    #: cards (a guess: the asker may hold them); with ``forget`` 0.4, 11.3 % against three medium (goal >= 5 %)
    notice = 0.5

    def _chance(self, p: float, index: int) -> bool:
        """True with probability ``p`` for the event at ``index``: decided by
        the player's seed and the event alone, so a resumed game (or a player
        made anew for each choice) forgets and notices the same things."""
        return p > 0.0 and random.Random(f"{self.seed}:{index}").random() < p

    def notebook(self, view: CardView) -> list[list[str]]:
        """The cards of each pile (persons, weapons, locations) still open on
        its notebook: not its own, not face up, not shown to it (unless
        forgotten); a pile whose card it found (its own question that nobody
        answered) holds that card alone."""
        gone = set(view.hand) | set(view.face_up)
        found: set[str] = set()
        asked: tuple[str, ...] = ()
        for i, e in enumerate(view.events):
            if isinstance(e, ev.Asked):
                mine = e.player == view.seat
                asked = e.cards if mine or self._chance(self.notice, i) else ()
            elif isinstance(e, ev.CardShown) and e.to == view.seat and e.card is not None:
                if not self._chance(self.forget, i):
                    gone.add(e.card)
            elif isinstance(e, ev.NobodyShowed):
                found.update(c for c in asked if c not in view.hand and c not in view.face_up)
        out = []
        for pile in view.piles:
            found_here = [c for c in pile if c in found and c not in gone]
            out.append(found_here[:1] if found_here else [c for c in pile if c not in gone])
        return out

    def accusation(self, view: CardView) -> tuple[str, str, str] | None:
        left = self.notebook(view)
        if all(len(x) == 1 for x in left):
            return cast("tuple[str, str, str]", tuple(x[0] for x in left))     # one card a pile, three piles
        return None

    def ask(self, view: CardView) -> tuple[str, str]:
        left = [x for x in self.notebook(view) if len(x) > 1]
        self.rng.shuffle(left)
        cards = [self.rng.choice(x) for x in left[:2]]
        if len(cards) < 2:
            rest = [c for x in left for c in x if c not in cards]
            self.rng.shuffle(rest)
            cards += rest[:2 - len(cards)]
        return self._fill(view, cards)


class MediumPlayer(_Base):
    """Level ``medium`` (see the module docstring)."""

    level = "medium"

    def ask(self, view: CardView) -> tuple[str, str]:
        know = self.know(view)
        doubt = [c for cat in know.categories for c in cat if know.certain_owner(c) is None]
        pairs = [p for p in combinations(doubt, 2) if frozenset(p) not in self.asked]
        if pairs:
            return self.rng.choice(pairs)
        singles = [c for c in doubt]
        self.rng.shuffle(singles)
        return self._fill(view, singles[:1])

    def show(self, view: CardView, options: list[Show]) -> Show:
        record = self.tracker.read(view)
        asker = record.asker
        seen = record.shown_by_me().get(asker, set()) if asker is not None else set()
        again = [o for o in options if o.card in seen]
        return self.rng.choice(again or options)


class HardPlayer(MediumPlayer):
    """Level ``hard`` (see the module docstring)."""

    level = "hard"
    bold = 0.7

    def gain(self, view: CardView, know: Knowledge, pair: tuple[str, str]) -> float:
        """Expected information (bits) about where the two asked cards are in
        the Crime, from the exact joint distribution of their owners and the
        order of answering (a player holding both shows either, 50/50)."""
        n = view.players
        env = know.envelope
        order = [(view.seat + k) % n for k in range(1, n)]
        table = joint(know.constraints, pair)
        outcomes: dict[tuple[int, str] | None, list[float]] = {}
        for where, cnt in table.items():
            shower = next((p for p in order if p in where), None)
            outs: list[tuple[tuple[int, str] | None, float]]
            if shower is None:
                outs = [(None, 1.0)]
            else:
                held = [pair[i] for i, o in enumerate(where) if o == shower]
                outs = [((shower, c), 1.0 / len(held)) for c in held]
            for out, w in outs:
                acc = outcomes.setdefault(out, [0.0, 0.0, 0.0])
                acc[0] += cnt * w
                acc[1] += cnt * w * (where[0] == env)
                acc[2] += cnt * w * (where[1] == env)
        total = know.total
        before = sum(_h(know.p_envelope(c)) for c in pair)
        after = 0.0
        for mass, a, b in outcomes.values():
            after += mass / total * (_h(a / mass) + _h(b / mass))
        # small bonus for learning who holds what (outcome entropy)
        spread = -sum((m / total) * math.log2(m / total) for m, _, _ in outcomes.values() if m > 0)
        return before - after + 0.05 * spread

    def ask(self, view: CardView) -> tuple[str, str]:
        know = self.know(view)
        cards = [c for cat in know.categories for c in cat]
        doubt = [c for c in cards if know.certain_owner(c) is None]
        if not doubt:
            return super().ask(view)
        cands = [p for p in combinations(cards, 2) if any(c in doubt for c in p)]
        best, best_key = None, None
        for p in cands:
            g = self.gain(view, know, p)
            key = (-round(g, 9), frozenset(p) in self.asked, self.rng.random())
            if best_key is None or key < best_key:
                best, best_key = p, key
        assert best is not None
        return best

    def show(self, view: CardView, options: list[Show]) -> Show:
        record = self.tracker.read(view)
        shows = record.my_shows()
        seen = {card for asker, card in shows if asker == record.asker}
        times: dict[str, int] = {}
        for _asker, card in shows:
            times[card] = times.get(card, 0) + 1
        return min(options, key=lambda o: (o.card not in seen, -times.get(o.card, 0), o.card))

    def _best(self, know: Knowledge) -> tuple[tuple[str, str, str], float]:
        guess, _ = know.best_guess()
        table = joint(know.constraints, guess)
        env = know.envelope
        p = table.get((env, env, env), 0) / know.total
        return (guess[0], guess[1], guess[2]), p

    def _threat(self, view: CardView) -> bool:
        return any(isinstance(e, ev.NobodyShowed) and e.player != view.seat and not view.out[e.player]
                   for e in view.events)

    def accusation(self, view: CardView) -> tuple[str, str, str] | None:
        sure = super().accusation(view)
        if sure:
            return sure
        know = self.know(view)
        if not self._threat(view) and sum(not o for o in view.out) > 1:
            return None
        guess, p = self._best(know)
        return guess if p >= self.bold else None

    def join(self, view: CardView) -> tuple[str, str, str] | None:
        sure = MediumPlayer.accusation(self, view)
        if sure:
            return sure
        guess, p = self._best(self.know(view))
        return guess if p >= 0.5 else None


def make_card_player(level: str, seed: int = 0) -> _Base:
    """A card-game computer player of ``level`` (beginner, easy, medium or hard); ``seed``
    repeats its random choices.  Raises ``ValueError`` for an unknown level."""
    classes = {"beginner": BeginnerPlayer, "easy": EasyPlayer, "medium": MediumPlayer, "hard": HardPlayer}
    if level not in classes:
        raise ValueError(f"unknown card-game level {level!r}; choose from {', '.join(LEVELS)}")
    return classes[level](seed)
