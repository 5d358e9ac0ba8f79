"""What the independent yardsticks (:mod:`benchmarks.hunter`,
:mod:`benchmarks.solver`) share: the cards as indices, the facts a seat's view
proves, and walking distances on the board.  Nothing here decides anything;
it uses only the engine's public API and shares no code with :mod:`game.ai`.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from game.rules import events as ev
from game.rules.actions import EndTurn, Move, Roll, TakePassage
from game.rules.cards import ROOMS, SUSPECTS, WEAPONS

CARDS: tuple[str, ...] = tuple(SUSPECTS) + tuple(WEAPONS) + tuple(ROOMS)
INDEX: dict[str, int] = {c: i for i, c in enumerate(CARDS)}
#: The card indices of each category: suspects, weapons, rooms.
GROUPS: tuple[tuple[int, ...], ...] = tuple(tuple(INDEX[c] for c in cat) for cat in (SUSPECTS, WEAPONS, ROOMS))
#: A secret passage takes a whole turn: counted as this many steps, about one roll of a die.
PASSAGE_STEPS = 4


@dataclass
class Facts:
    """Everything a seat's events prove, as card indices.

    ``holds``: (seat, card) pairs seen; ``lacks``: seat -> cards it cannot hold
    (it could not disprove a suggestion naming them); ``one_of``: (seat, three
    cards) -- that seat showed one of them to somebody else; ``nobody``: the
    cards of suggestions nobody could disprove, with the suggester;
    ``banned``: envelope triples of wrong accusations; ``shown_by_me``: asker
    -> cards this seat has shown it.  :meth:`read` adds the events not read yet."""

    seat: int
    holds: set[tuple[int, int]] = field(default_factory=set)
    lacks: dict[int, set[int]] = field(default_factory=dict)
    one_of: list[tuple[int, tuple[int, int, int]]] = field(default_factory=list)
    nobody: list[tuple[int, tuple[int, int, int]]] = field(default_factory=list)
    banned: set[tuple[int, int, int]] = field(default_factory=set)
    shown_by_me: dict[int, set[str]] = field(default_factory=dict)
    read_upto: int = 0
    _asked: tuple[int, tuple[int, int, int]] | None = None
    _accused: tuple[int, int, int] | None = None

    def read(self, view) -> bool:
        """Take in ``view.events`` after the last read; True if anything was learned."""
        before = (len(self.holds), sum(map(len, self.lacks.values())), len(self.one_of), len(self.nobody),
                  len(self.banned))
        for e in view.events[self.read_upto:]:
            if isinstance(e, ev.SuggestionMade):
                self._asked = (e.player, (INDEX[e.suspect], INDEX[e.weapon], INDEX[e.room]))
            elif isinstance(e, ev.CannotDisprove) and self._asked:
                self.lacks.setdefault(e.player, set()).update(self._asked[1])
            elif isinstance(e, ev.CardShown) and self._asked:
                if e.card is not None:
                    self.holds.add((e.by, INDEX[e.card]))
                    if e.by == self.seat:
                        self.shown_by_me.setdefault(e.to, set()).add(e.card)
                else:
                    self.one_of.append((e.by, self._asked[1]))
            elif isinstance(e, ev.NobodyDisproved) and self._asked:
                self.nobody.append(self._asked)
            elif isinstance(e, ev.AccusationMade):
                self._accused = (INDEX[e.suspect], INDEX[e.weapon], INDEX[e.room])
            elif isinstance(e, ev.PlayerEliminated) and self._accused:
                self.banned.add(self._accused)
        self.read_upto = len(view.events)
        after = (len(self.holds), sum(map(len, self.lacks.values())), len(self.one_of), len(self.nobody),
                 len(self.banned))
        return after != before


def asker(view) -> int | None:
    """The seat whose suggestion is being answered (the last one made), or None."""
    for e in reversed(view.events):
        if isinstance(e, ev.SuggestionMade):
            return e.player
    return None


_STEPS: dict[tuple[int, str], dict] = {}


def steps_to(board, room: str) -> dict:
    """Fewest steps from every corridor square and every room into ``room``
    (0 for the room itself; a secret passage into it counts
    :data:`PASSAGE_STEPS`; other tokens are ignored).  Cached per board."""
    key = (id(board), room)
    if key not in _STEPS:
        dist: dict = {sq: 1 for sq in board.rooms[room].doors}
        queue = deque(dist)
        while queue:
            sq = queue.popleft()
            for nb in board.neighbours.get(sq, ()):
                if nb not in dist:
                    dist[nb] = dist[sq] + 1
                    queue.append(nb)
        for rid, r in board.rooms.items():
            ways = [dist[d] + 1 for d in r.doors if d in dist]
            if r.passage_to == room:
                ways.append(PASSAGE_STEPS)
            dist[rid] = 0 if rid == room else min(ways, default=10_000)
        _STEPS[key] = dist
    return _STEPS[key]


def closest_move(board, moves: list[Move], room: str) -> Move:
    """Of the legal ``moves``, the one that ends fewest steps from ``room``
    (into it if it can; ties: a room before a square, then by name)."""
    dist = steps_to(board, room)

    def cost(m: Move):
        pos = m.room if m.room is not None else m.square
        return dist.get(pos, 10_000), m.room is None, str(pos)
    return min(moves, key=cost)


def walk(view, legal: list, target) -> object:
    """The turn's walking action toward the room ``target()`` names (called
    only when a room is needed): the closest legal ``Move``, the secret passage
    when it leads there, else a roll; ``EndTurn`` when none of them is legal."""
    kinds = {type(a) for a in legal}
    moves = [a for a in legal if isinstance(a, Move)]
    if moves:
        return closest_move(view.board, moves, target())
    if Roll in kinds or TakePassage in kinds:
        here = view.positions[view.suspect]
        if TakePassage in kinds and isinstance(here, str) and view.board.passage(here) == target():
            return TakePassage()
        return Roll() if Roll in kinds else TakePassage()
    return EndTurn() if EndTurn in kinds else legal[0]
