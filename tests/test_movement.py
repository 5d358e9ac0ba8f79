"""Reachable destinations agree with a brute-force walk over every simple path."""

from __future__ import annotations

import random

import pytest

from game import paths
from game.board.tmx import load_board
from game.rules.movement import destinations
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
