"""Giving the memory of freed pictures back to the system.

A picture of the whole screen is 31.6 MiB at 3840 x 2160, just under glibc's
largest threshold (32 MiB) for serving a block from its own mapping.  Below the
threshold a freed picture stays in the C heap as a hole the process keeps
resident, so the peak grows by every whole-screen picture ever freed.
:func:`give_back_big_blocks` lowers the threshold, so each block of 1 MiB or
more is mapped on its own and unmapped when freed.

Smaller pictures (a line of text at 3840 x 2160 is 0.1 to 0.5 MB, thousands are
rendered in a game) still come from the heap, and the holes they leave when freed
stay resident: over a whole game at 3840 x 2160 the free bytes the heap held grew to
26 MiB.  :class:`Trimmer` gives them back every two seconds (``malloc_trim``).
"""

from __future__ import annotations

import ctypes
import functools
import sys
from typing import Any

#: glibc's ``mallopt`` parameter for the mmap threshold (``M_MMAP_THRESHOLD`` in malloc.h).
M_MMAP_THRESHOLD = -3
#: Blocks of this many bytes or more get their own mapping: a picture of 512 x 512 pixels and up.
BIG_BLOCK = 1 << 20
#: Frames drawn between two trims of the heap (:class:`Trimmer`; two seconds at 60 frames a second):
#: a trim costs under 1 ms of CPU when there is little to give back, 10 ms when it gives back 85 MiB.
TRIM_FRAMES = 120


def give_back_big_blocks(threshold: int = BIG_BLOCK) -> bool:
    """Ask glibc to map every block of ``threshold`` bytes or more on its own, so that
    it returns to the system when freed.  Returns whether the setting took; False (and
    nothing changed) on any other C library or platform, never an error."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        # the process's own symbols, libc's among them (ctypes.util.find_library would start a program)
        mallopt = ctypes.CDLL(None).mallopt     # glibc only: musl and others have no mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    return mallopt(M_MMAP_THRESHOLD, int(threshold)) == 1


@functools.lru_cache(maxsize=1)
def _libc() -> Any:
    """The C library's symbols when it is glibc on Linux, else None (looked up once)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None)
        libc.malloc_trim.argtypes, libc.malloc_trim.restype = (ctypes.c_size_t,), ctypes.c_int   # glibc only
    except (OSError, AttributeError):
        return None
    return libc


def trim() -> bool:
    """Give the free bytes the C heap holds back to the system (glibc's ``malloc_trim(0)``).
    Returns whether any were given back; False (nothing done) on any other C library."""
    libc = _libc()
    if libc is None:
        return False
    return bool(libc.malloc_trim(0))


class Trimmer:
    """Gives the heap's free bytes back (:func:`trim`) once every ``every`` frames drawn (default
    :data:`TRIM_FRAMES`; :meth:`frame`), and at once after large pictures were let go (:meth:`now`)."""

    def __init__(self, every: int = TRIM_FRAMES) -> None:
        self.every = every
        self._frames = 0

    def frame(self) -> bool:
        """A frame was drawn; returns whether the heap was trimmed after it."""
        self._frames += 1
        if self._frames < self.every:
            return False
        return self.now()

    def now(self) -> bool:
        """Trim now (a screen's pictures were let go); the next look is :attr:`every` frames away."""
        self._frames = 0
        return trim()
