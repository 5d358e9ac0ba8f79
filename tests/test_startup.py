"""Start-up does only what the first frame needs (issue 12)."""

from __future__ import annotations

from tests.inputs import defaults_after  # noqa: F401  (English and normal text after each test)


def test_exit_after_first_frame(monkeypatch):
    """``CLUE_EXIT_AFTER_FIRST_FRAME=1`` (the start-up benchmark) closes the
    game right after its first frame, with exit code 0."""
    from game.ui.app import App

    monkeypatch.setenv("CLUE_EXIT_AFTER_FIRST_FRAME", "1")
    app = App(sound=False)
    app.start()
    frames = []
    real_step = app.step

    def step(dt, draw=True):
        frames.append(dt)
        real_step(dt, draw)
        return len(frames) < 5          # without the variable the loop would stop only after five frames

    monkeypatch.setattr(app, "step", step)
    assert app.run() == 0
    assert len(frames) == 1
