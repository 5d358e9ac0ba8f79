"""Freed whole-screen pictures go back to the system once the window is open: each is
31.6 MiB at 3840 x 2160, just under glibc's largest mmap threshold, so without the
window's setting they stay resident as holes in the C heap.  Measured in a fresh
process (the resident size of this one depends on every test before it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import pygame
from game.ui.draw.window import Window

def resident_mib():
    return int(open("/proc/self/statm").read().split()[1]) * 4096 / 2 ** 20

pygame.display.init()
Window((1280, 720), "probe")
base = resident_mib()
kept = []
for i in range(4):
    screens = []
    for _ in range(3):                                            # three whole screens at 4K, 95 MiB
        screens.append(pygame.Surface((3840, 2160)))
        screens[-1].fill((i, 2, 3))                               # touched, so resident
        kept.append(pygame.Surface((200, 100)))                   # a small picture made meanwhile, kept
    del screens
print(round(resident_mib() - base))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux") or os.confstr("CS_GNU_LIBC_VERSION") is None,
                    reason="the mmap threshold is glibc's")
def test_whole_screen_pictures_freed_after_the_window_opens_leave_the_resident_size():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=120,
                         check=True)
    grown = int(out.stdout.split()[-1])
    # 12 screens of 31.6 MiB made and freed: kept as heap holes that is 100 MiB or more
    assert grown < 16, f"resident size grew by {grown} MiB"
