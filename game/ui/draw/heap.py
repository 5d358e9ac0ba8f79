"""Giving the memory of freed pictures back to the system.

A picture of the whole screen is 31.6 MiB at 3840 x 2160, just under glibc's
largest threshold (32 MiB) for serving a block from its own mapping.  Below the
threshold a freed picture stays in the C heap as a hole the process keeps
resident, so the peak grows by every whole-screen picture ever freed.
:func:`give_back_big_blocks` lowers the threshold, so each block of 1 MiB or
more is mapped on its own and unmapped when freed.
"""

from __future__ import annotations

import ctypes
import sys

#: glibc's ``mallopt`` parameter for the mmap threshold (``M_MMAP_THRESHOLD`` in malloc.h).
M_MMAP_THRESHOLD = -3
#: Blocks of this many bytes or more get their own mapping: a picture of 512 x 512 pixels and up.
BIG_BLOCK = 1 << 20


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
