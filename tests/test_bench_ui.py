"""benchmarks/bench_ui.py's account of its slowest frames: the cycle collector's runs in a
frame, by generation, and what a suggestion's stage showed (no timing is asserted)."""

from __future__ import annotations

import gc
from types import SimpleNamespace

from benchmarks.bench_ui import Collections, _moment


def test_collections_counts_each_run_by_generation():
    seen = Collections()
    seen.watch()
    try:
        gc.collect()
        gc.collect(0)
    finally:
        gc.callbacks.remove(seen)
    assert {0, 2} <= set(seen.ms)          # a collection the test did not ask for may run too
    assert all(ms >= 0 for ms in seen.ms.values())
    assert seen.words().startswith("gc: gen0 ") and ", gen2 " in seen.words()
    seen.clear()
    assert seen.ms == {} and seen.words() == ""


def test_collections_not_watched_counts_nothing():
    seen = Collections()
    gc.collect()
    assert seen.words() == ""


def test_moment_says_what_the_stage_showed():
    assert _moment(None) == ""
    assert _moment(SimpleNamespace(staged=False)) == "room wiping in"
    assert _moment(SimpleNamespace(staged=True)) == "room over the table"
