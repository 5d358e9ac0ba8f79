"""An independent yardstick for the board game: the "hunter", a player who
keeps the detective notebook the rules describe and nothing more.

Its style follows the printed rules' own advice (000 "Setting up" 8: "ticks
off the cards they are holding"; 000 "Suggestions" 5: "When someone shows you
a card, tick it off on your notebook sheet -- it cannot be in the
envelope"), played the way a careful family player plays it:

* **Notebook.**  A card is *located* once it is in its own hand or was shown
  to it.  Nothing else is written down: it draws no conclusion from other
  players' suggestions, from who could not disprove them, or from cards shown
  to somebody else.  A category with one card left unticked is solved; when
  nobody can disprove its own suggestion, every card it named is in the
  envelope (it never names a card of its own).
* **Suggesting** names only cards it has not located: in a category still
  open a seeded random choice among the unticked cards; in a solved one the
  envelope's card, so the answer speaks only about the open ones.  It
  suggests only in a room that is still in doubt (or the envelope's room once
  the rooms are solved); elsewhere it walks on.
* **Walking** to the nearest room still in doubt, by the fewest steps on the
  board (a secret passage counts as one turn), never weighing what it would
  learn there.
* **Showing** a card the asker has already seen from it where it can, else a
  seeded random one of those it may show.
* **Accusing** only when every category is solved: it never gambles, so it
  never accuses wrongly.

It reads nothing but its own seat's view (``Game.view(seat)``) and the legal
actions, and shares no code with :mod:`game.ai`.  ``HunterPlayer(seed)`` has
the ``choose(view, legal)`` interface of the game's computer players;
``python -m game.commands.tournament --seats hunter,medium,medium`` seats it.  A decision
costs well under a millisecond: about 14,000 decisions per second of CPU at
3 to 6 players (``python benchmarks/bench_decisions.py --levels hunter``).
"""

from __future__ import annotations

import random

from benchmarks.yardkit import CARDS, GROUPS, INDEX, Facts, asker, steps_to, walk
from game.rules.actions import Accuse, Disprove, Suggest
from game.rules.cards import ROOMS


class HunterPlayer:
    """The ``hunter`` level.  ``seed`` makes its random picks repeatable."""

    level = "hunter"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.facts: Facts | None = None

    def restore(self, view) -> None:
        """Forget everything; the next choice reads the whole view again."""
        self.facts = None

    # -- the notebook ---------------------------------------------------------
    def notebook(self, view) -> tuple[set[int], list[int | None]]:
        """(the cards it has located, the envelope's card of each category or
        None while that category is open)."""
        if self.facts is None or self.facts.read_upto > len(view.events):
            self.facts = Facts(view.seat)
        facts = self.facts
        facts.read(view)
        located = {INDEX[c] for c in view.hand}
        # in a seat's view only the cards shown to it (and its own) are ever named
        located |= {card for _seat, card in facts.holds}
        envelope: list[int | None] = [None, None, None]
        for who, named in facts.nobody:
            if who == view.seat:
                for k, card in enumerate(named):
                    if card not in located:
                        envelope[k] = card
        for k, group in enumerate(GROUPS):
            left = [c for c in group if c not in located]
            if len(left) == 1:
                envelope[k] = left[0]
        return located, envelope

    # -- choosing ---------------------------------------------------------------
    def choose(self, view, legal: list):
        """One of ``legal`` for ``view`` (the seat's :class:`SeatView`)."""
        kinds = {type(a) for a in legal}
        located, envelope = self.notebook(view)
        if Disprove in kinds:
            options = [a for a in legal if isinstance(a, Disprove)]
            seen = self.facts.shown_by_me.get(asker(view), set())
            again = [a for a in options if a.card in seen]
            return again[0] if again else self.rng.choice(options)
        if Accuse in kinds and None not in envelope:
            accuse = Accuse(*(CARDS[c] for c in envelope))
            if accuse in legal:
                return accuse
        here = view.positions[view.suspect]
        doubtful = self._doubtful(located, envelope)
        if Suggest in kinds and here in doubtful:
            return Suggest(*(CARDS[c] for c in self._pick(located, envelope)))
        return walk(view, legal, lambda: self._target(view, here, doubtful))

    @staticmethod
    def _doubtful(located: set[int], envelope: list[int | None]) -> set[str]:
        """The rooms worth a suggestion: not located, or the envelope's own room."""
        if envelope[2] is not None:
            return {CARDS[envelope[2]]}
        return {CARDS[c] for c in GROUPS[2] if c not in located}

    def _pick(self, located: set[int], envelope: list[int | None]) -> tuple[int, int]:
        """The suspect and weapon to name."""
        picks = []
        for k in (0, 1):
            if envelope[k] is not None:
                picks.append(envelope[k])
            else:
                picks.append(self.rng.choice([c for c in GROUPS[k] if c not in located]))
        return picks[0], picks[1]

    @staticmethod
    def _target(view, here, doubtful: set[str]) -> str:
        """The nearest room in doubt other than the one it stands in (that one
        only when it is the last: it will walk out and come back)."""
        away = sorted(r for r in doubtful if r != here) or sorted(doubtful) or list(ROOMS)
        return min(away, key=lambda r: (steps_to(view.board, r).get(here, 10_000), r))


def make_hunter(seed: int = 0) -> HunterPlayer:
    """A ``hunter`` player (the hook :mod:`game.commands.tournament` calls)."""
    return HunterPlayer(seed)
