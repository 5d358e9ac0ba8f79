"""Input helpers shared by the UI tests: post the pygame events a real key,
click or pad button sends, then let the app take one step of ``dt`` seconds."""

from __future__ import annotations

import pygame
import pytest

from game.text import i18n
from game.ui.draw import theme


def key(app, k: int, dt: float = 0.1, draw: bool = True) -> None:
    """Press and let go the keyboard key ``k`` (a pygame key code)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    app.step(dt, draw=draw)


def click(app, pos, dt: float = 0.1) -> None:
    """Click (press and let go) the left mouse button at ``pos`` (window pixels)."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(dt)


def aim_click(app, pos, dt: float = 0.1) -> None:
    """Move the mouse to ``pos`` (window pixels), then click there, as a person picking one thing
    after another does: a click aimed at a new place (a screen's guard lets it act at once)."""
    pos = (int(pos[0]), int(pos[1]))
    for at in ((pos[0] + 1, pos[1] + 1), pos):     # from beside it (a pointer at rest moves nothing)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 1), buttons=(0, 0, 0)))
    click(app, pos, dt)


def pad_press(app, iid: int, button: int, dt: float = 0.1) -> None:
    """Press and release ``button`` on the pad with instance id ``iid`` (as SDL sends it)."""
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=iid, button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=iid, button=button))
    app.step(dt)


def make_app(**kw):
    """A started App without sound, computer players thinking on this thread."""
    from game.ui.app import App

    a = App(seed=11, sound=False, threaded_ai=False, **kw)
    a.start()
    return a


@pytest.fixture(autouse=True)
def defaults_after():
    """Import into a test module to put English and normal text back after each test."""
    yield
    i18n.set_language("en")
    theme.set_text_scale(1.0)


def answer_accusation(app, yes: bool = True, dt: float = 0.1) -> None:
    """On the accusation's last question (the scene "accuse_confirm"
    on top): wait until its guard takes a fresh press, then click Yes (or No)."""
    from game.ui.shell.registry import is_scene

    top = app.top
    assert is_scene(top, "accuse_confirm"), type(top).__name__
    for _ in range(100):
        if not top.guard.active:
            break
        app.step(dt, draw=False)
    click(app, (top.yes_button if yes else top.no_button).rect.center, dt)
