"""Reachable destinations agree with a brute-force walk over every simple path."""

from __future__ import annotations

import random

import pytest

from game.board.tmx import load_board
from game.rules.movement import destinations
from game.storage import paths
from tests.boards import small_board

MANSION = load_board(paths.MANSION_MAP)


def brute_force(board, start, steps, occupied=frozenset(), exact=True):
    """Every destination by enumerating all simple paths (slow, obviously right)."""
    found = set()

    def walk(sq, left, visited):
        if left == 0 or not exact:
            found.add(sq)
        if left == 0:
            return
        for room in board.door_rooms.get(sq, ()):
            if room != start:
                found.add(room)
        for n in board.neighbours[sq]:
            if n not in visited and n not in occupied:
                walk(n, left - 1, visited | {n})

    if isinstance(start, str):
        for d in board.rooms[start].doors:
            if d not in occupied:
                walk(d, steps - 1, {d})
    else:
        for room in board.door_rooms.get(start, ()):
            found.add(room)
        for n in board.neighbours[start]:
            if n not in occupied:
                walk(n, steps - 1, {start, n})
    return found


def check_paths(board, start, result, occupied):
    for dest, path in result.items():
        squares = list(path)
        assert len(set(squares)) == len(squares)
        assert not set(squares) & set(occupied)
        prev = start
        for sq in squares:
            if isinstance(prev, str):
                assert sq in board.rooms[prev].doors
            else:
                assert sq in board.neighbours[prev]
            prev = sq
        if isinstance(dest, str):
            assert dest in board.door_rooms.get(prev, ())
        else:
            assert prev == dest


@pytest.mark.parametrize("exact", [True, False])
def test_agrees_with_brute_force_on_the_mansion(exact):
    rng = random.Random(4)
    starts = sorted(MANSION.corridor) + sorted(MANSION.rooms)
    for _ in range(120):
        start = rng.choice(starts)
        steps = rng.randint(1, 8)
        others = rng.sample(sorted(MANSION.corridor - {start} if not isinstance(start, str) else MANSION.corridor), 5)
        got = destinations(MANSION, start, steps, frozenset(others), exact=exact)
        assert set(got) == brute_force(MANSION, start, steps, frozenset(others), exact), (start, steps)
        check_paths(MANSION, start, got, others)


def test_path_lengths_match_the_roll():
    got = destinations(MANSION, "ballroom", 6)
    for dest, path in got.items():
        if isinstance(dest, str):
            assert len(path) + 1 <= 6
        else:
            assert len(path) == 6


def test_small_board_brute_force():
    board = small_board()
    for start in sorted(board.corridor) + sorted(board.rooms):
        for steps in range(1, 7):
            assert set(destinations(board, start, steps)) == brute_force(board, start, steps)


def path_lengths(board, start, occupied=frozenset(), longest=12):
    """``{square: bit mask of the lengths of the simple paths from start that
    end there}`` by walking every simple path of at most ``longest`` steps
    (slow, obviously right: no cut, no memory)."""
    out: dict = {}

    def walk(sq, n, visited):
        out[sq] = out.get(sq, 0) | 1 << n
        if n == longest:
            return
        for nxt in board.neighbours[sq]:
            if nxt not in visited and nxt not in occupied:
                visited.add(nxt)
                walk(nxt, n + 1, visited)
                visited.discard(nxt)

    if isinstance(start, str):
        for d in board.rooms[start].doors:
            if d not in occupied:
                walk(d, 1, {d})
    else:
        walk(start, 0, {start})
    return out


def brute_all_rolls(board, start, occupied=frozenset()):
    """``{(roll, exact): destinations}`` for rolls 2..12 from one walk of every
    simple path: a square at exactly the roll (or at most, for "up to the
    roll"), a room through a door square reached in fewer steps than the roll."""
    lengths = path_lengths(board, start, occupied)
    out = {}
    for roll in range(2, 13):
        below = (1 << roll) - 1
        rooms = {room for sq, m in lengths.items() if m & below for room in board.door_rooms.get(sq, ())
                 if room != start}
        out[roll, True] = rooms | {sq for sq, m in lengths.items() if m >> roll & 1 and sq != start}
        out[roll, False] = rooms | {sq for sq, m in lengths.items() if m & (below | 1 << roll) & ~1 and sq != start}
    return out


@pytest.mark.parametrize("tokens", [0, 4])
def test_every_start_and_every_roll_of_two_dice_agrees_with_brute_force(tokens):
    """Every start (corridor square or room) x every roll 2..12 x exact and "up
    to the roll", on the empty board and with four tokens in the way (the
    faster search for rolls up to 12 gives the same destinations)."""
    rng = random.Random(16)
    for start in sorted(MANSION.corridor) + sorted(MANSION.rooms):
        pool = sorted(MANSION.corridor - {start}) if not isinstance(start, str) else sorted(MANSION.corridor)
        others = frozenset(rng.sample(pool, tokens))
        want = brute_all_rolls(MANSION, start, others)
        for (roll, exact), dests in want.items():
            got = destinations(MANSION, start, roll, others, exact=exact)
            assert set(got) == dests, (start, roll, exact)
            check_paths(MANSION, start, got, others)


def test_a_roll_of_twelve_reads_the_neighbours_a_bounded_number_of_times():
    """The work of a roll of 12 from the worst start, counted (not timed) as
    reads of the neighbour table: at most 1,500 from every start (on main the
    squares that cannot be reached were each disproved by a search of their
    own: 5,084 reads from the billiard room, 4,828 from the hall)."""
    from game.rules import movement

    class Counting(list):
        reads = 0

        def __getitem__(self, i):
            Counting.reads += 1
            return list.__getitem__(self, i)

    g = movement._graph(MANSION)
    adj = g.adj
    g.adj = Counting(adj)
    try:
        worst = 0
        for start in sorted(MANSION.corridor) + sorted(MANSION.rooms):
            Counting.reads = 0
            destinations(MANSION, start, 12)
            worst = max(worst, Counting.reads)
    finally:
        g.adj = adj
    assert worst <= 1500
