"""A first, honest computer player: walks to rooms, suggests, notes what it is
shown, and accuses only when certain.  The strong players come later; they use
the same seat interface (:class:`game.ai.base.ComputerPlayer`)."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai import levels
from game.ai.base import ComputerPlayer
from game.ai.walking import door_distances, may_accuse_here, walk_to
from game.rules import events as ev
from game.rules.actions import Accuse, Action, Disprove, EndTurn, Move, Roll, Suggest, TakePassage
from game.rules.cards import ROOMS, SUSPECTS, WEAPONS
from game.rules.view import SeatView


def known_cards(view: SeatView) -> tuple[set[str], set[str]]:
    """What the seat knows for sure from its own view.

    Returns ``(not_in_envelope, in_envelope)``: its own hand plus every card shown
    to it are not in the envelope; when nobody could disprove its suggestion, each
    named card it does not hold is in the envelope (000 "Suggestions" 6).
    """
    out: set[str] = set(view.hand)
    env: set[str] = set()
    last: ev.SuggestionMade | None = None
    for e in view.events:
        if isinstance(e, ev.SuggestionMade):
            last = e
        elif isinstance(e, ev.CardShown) and e.to == view.seat and e.card is not None:
            out.add(e.card)
        elif isinstance(e, ev.NobodyDisproved) and last is not None and e.player == view.seat:
            env.update(c for c in (last.suspect, last.weapon, last.room) if c not in view.hand)
    return out, env


def solution(view: SeatView) -> tuple[str, str, str] | None:
    """The envelope's three cards if the seat is certain of them, else None."""
    out, env = known_cards(view)
    answer = []
    for pile in (SUSPECTS, WEAPONS, ROOMS):
        sure = [c for c in pile if c in env]
        left = [c for c in pile if c not in out]
        if sure:
            answer.append(sure[0])
        elif len(left) == 1:
            answer.append(left[0])
        else:
            return None
    return answer[0], answer[1], answer[2]


class SimplePlayer:
    """The first computer player (level ``"simple"``).  ``seed`` makes its random
    choices repeatable."""

    level = "simple"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._stays = 0

    def restore(self, view: SeatView) -> None:
        """Rebuild what this player keeps between choices from ``view`` alone
        (after a resumed game): it forgets a stay at its next choice, always
        inside the same turn, so nothing is kept."""
        self._stays = 0

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        """Pick an action for ``view.seat`` from ``legal`` (see ComputerPlayer)."""
        kinds = {type(a) for a in legal}
        if Disprove in kinds:
            return self.rng.choice([a for a in legal if isinstance(a, Disprove)])
        answer = solution(view)
        if answer is not None:
            if Accuse in kinds and may_accuse_here(view, answer[2]):
                return Accuse(*answer)
            if view.options.accuser_in_room:
                step = walk_to(view, legal, answer[2], self.rng)
                if step is not None:
                    return step
        if any(isinstance(a, Move) for a in legal):
            return self._move(view, [a for a in legal if isinstance(a, Move)])
        if Suggest in kinds:
            here = view.positions[view.suspect]
            if view.phase != "start" or not ({Roll, TakePassage} & kinds):
                return self._suggest(view)
            # staying in a room to suggest again: only for a room still in doubt,
            # and at most twice running (house rule ``stay_to_suggest``, 002)
            if here not in known_cards(view)[0] and self._stays < 2:
                self._stays += 1
                return self._suggest(view)
        self._stays = 0
        if TakePassage in kinds and view.board.passage(str(view.positions[view.suspect])) in self._wanted_rooms(view):
            return TakePassage()
        if Roll in kinds:
            return Roll()
        return EndTurn()

    def _wanted_rooms(self, view: SeatView) -> set[str]:
        out, env = known_cards(view)
        rooms = [r for r in ROOMS if r in env] or [r for r in ROOMS if r not in out]
        here = view.positions[view.suspect]
        wanted = {r for r in rooms if r != here}
        return wanted or set(ROOMS) - {here} if isinstance(here, str) else wanted or set(ROOMS)

    def _move(self, view: SeatView, moves: list[Move]) -> Action:
        wanted = self._wanted_rooms(view)
        rooms = [m for m in moves if m.room is not None]
        good = [m for m in rooms if m.room in wanted]
        if good:
            return self.rng.choice(good)
        dist = door_distances(view.board, wanted)
        squares = [m for m in moves if m.square is not None]
        if squares:
            best = min(dist.get(m.square, 999) for m in squares)  # type: ignore[arg-type]
            return self.rng.choice([m for m in squares if dist.get(m.square, 999) == best])  # type: ignore[arg-type]
        return self.rng.choice(moves)

    def _suggest(self, view: SeatView) -> Suggest:
        out, env = known_cards(view)
        picks = []
        for pile in (SUSPECTS, WEAPONS):
            unknown = [c for c in pile if c not in out and c not in env]
            picks.append(self.rng.choice(unknown or [c for c in pile if c in env] or list(pile)))
        return Suggest(picks[0], picks[1])


def make_player(level: str, seed: int) -> ComputerPlayer:
    """A computer player of ``level``: ``"beginner"``, ``"easy"``, ``"medium"``, ``"hard"``
    (see :mod:`game.ai.levels`) or ``"simple"`` (the first player, kept as its
    own level).  ``seed`` makes its random choices repeatable.  Raises
    ``ValueError`` for an unknown level."""
    classes: dict[str, Callable[[int], ComputerPlayer]] = {
        "simple": SimplePlayer, "beginner": levels.BeginnerPlayer, "easy": levels.EasyPlayer,
        "medium": levels.MediumPlayer, "hard": levels.HardPlayer}
    if level not in classes:
        raise ValueError(f"unknown computer level {level!r}")
    return classes[level](seed)
