"""Walking and staying on the board, shared by every computer level: steps
to the nearest door, one step towards a room to accuse from, whether the
seat may accuse where it stands, and how many turns running it stayed to
suggest.  Both :mod:`game.ai.simple` and :mod:`game.ai.levels` import it;
it imports neither."""

from __future__ import annotations

import random
from collections import deque

from game.board.model import Board, Square
from game.rules import events as ev
from game.rules.actions import Action, Move, Roll, TakePassage
from game.rules.view import SeatView


def door_distances(board: Board, rooms: set[str]) -> dict[Square, int]:
    """Steps from each corridor square to the nearest room in ``rooms`` (entering
    the room counts as one step), ignoring other tokens."""
    dist: dict[Square, int] = {}
    queue: deque[Square] = deque()
    for room in rooms:
        for sq in (board.rooms[room].doors if room in board.rooms else ()):
            if sq not in dist:
                dist[sq] = 1
                queue.append(sq)
    while queue:
        sq = queue.popleft()
        for n in board.neighbours[sq]:
            if n not in dist:
                dist[n] = dist[sq] + 1
                queue.append(n)
    return dist


def walk_to(view: SeatView, legal: list[Action], goal: str, rng: random.Random) -> Action | None:
    """One step of walking to the room ``goal`` so as to accuse from there
    (house rule ``accuser_in_room``, 002 "Making an Accusation").  Returns the
    move into ``goal`` or the corridor square nearest to it, the secret passage
    when it leads there, a roll, or None when none of these is legal (the
    caller then suggests or ends the turn)."""
    moves = [a for a in legal if isinstance(a, Move)]
    if moves:
        into = [m for m in moves if m.room == goal]
        if into:
            return into[0]
        dist = door_distances(view.board, {goal})
        squares = [m for m in moves if m.square is not None]
        if squares:
            best = min(dist.get(m.square, 999) for m in squares)  # type: ignore[arg-type]
            return rng.choice([m for m in squares if dist.get(m.square, 999) == best])  # type: ignore[arg-type]
        return rng.choice(moves)
    here = view.positions[view.suspect]
    kinds = {type(a) for a in legal}
    if TakePassage in kinds and isinstance(here, str) and view.board.passage(here) == goal:
        return TakePassage()
    if Roll in kinds:
        return Roll()
    return None


def may_accuse_here(view: SeatView, room: str) -> bool:
    """True when the options let this seat accuse ``room`` from where it stands
    (always, unless ``accuser_in_room``: then only from inside ``room``)."""
    return not view.options.accuser_in_room or view.positions.get(view.suspect) == room


def consecutive_stays(view: SeatView) -> int:
    """How many of the seat's own turns running, up to now, began by staying in
    a room to suggest (house rule ``stay_to_suggest``, 002), from its view alone."""
    stays, mine, first = 0, False, None
    for e in view.events:
        if isinstance(e, ev.TurnStarted):
            mine, first = e.player == view.seat, None
        elif mine and first is None and isinstance(e, (ev.DieRolled, ev.TokenMoved, ev.SuggestionMade)):
            first = e
            stays = stays + 1 if isinstance(e, ev.SuggestionMade) else 0
    return stays
