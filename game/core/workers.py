"""Worker processes for the tournaments of both games (board and card game)."""

from __future__ import annotations

import multiprocessing as mp
import sys
from typing import Callable, Sequence, TypeVar

J = TypeVar("J")
R = TypeVar("R")


def pool_map(play: Callable[[J], R], jobs: Sequence[J], workers: int) -> list[R]:
    """``[play(job) for job in jobs]``, in ``workers`` processes when more than
    one (results in the jobs' order).  ``play`` must be a module-level function.

    The workers start from a clean process (forkserver; spawn on Windows), not
    from a fork of one whose other threads (a game's computer players, speech)
    may hold a lock the child would then wait for for ever (seen in the tests).
    """
    if workers <= 1:
        return [play(j) for j in jobs]
    with mp.get_context("forkserver" if sys.platform != "win32" else "spawn").Pool(workers) as pool:
        return pool.map(play, jobs, chunksize=max(1, len(jobs) // (workers * 8)))
