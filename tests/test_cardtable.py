"""Issue 14 item 5, "A card game you play": the card table (003) with your
hand fanned face up (after your cover), the question travelling round the
seats, the face-up cards and the Crime cards on the table, one hint a turn,
a header that waits for the reveal, and "Accuse too!" asking once more."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.cardgame import events as ev  # noqa: E402
from game.cardgame.engine import Accuse, CardSetup, Phase  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.cardgame.match import CardMatch  # noqa: E402
from game.ui.cardgame.picker import CardPickerScene  # noqa: E402
from game.ui.cardgame.private import JoinScene  # noqa: E402
from game.ui.cardgame.table import CardTableScene  # noqa: E402
from game.ui.registry import is_scene  # noqa: E402
from tests.inputs import click, key  # noqa: E402
from tests.test_cardgame_ui import app  # noqa: E402,F401  (the fixture: an app saving to a temporary file)
from tests.test_moments import run_until  # noqa: E402

DT = 0.1
TOKENS = ("scarlet", "white", "peacock", "green", "mustard", "plum")


def table_of(app: App, levels: tuple[str, ...], seed: int = 5, first: int = 0, **kw) -> CardTableScene:
    setup = CardSetup(players=len(levels), seed=seed, levels=levels, first=first, **kw)
    table = CardTableScene(app, CardMatch(setup, TOKENS[:len(levels)], None))
    app.push(table)
    return table


def wrong_triple(game) -> tuple[str, str, str]:
    persons, weapons, locations = game.view(0).piles
    s, w, r = game.crime
    return (next(p for p in persons if p != s), w, r)


# ------------------------------------------------------------ item 6: join
def test_accuse_too_asks_first_in_private_with_no_focused(app):
    """Joining another player's accusation may put you out just the same: the
    picker's "Accuse too!" opens the accusation's last question (private, No
    focused, Yes only on a fresh press)."""
    table = table_of(app, ("human", "easy", "easy"), first=1)
    run_until(app, lambda: app.top is table and table.game.actor == 1 and table.game.phase is Phase.ASK)
    table.computer.cancel()
    table.do(Accuse(*wrong_triple(table.game)))
    run_until(app, lambda: isinstance(app.top, JoinScene))
    join = app.top
    run_until(app, lambda: not join.guard.active)
    click(app, join.join_button.rect.center)
    picker = app.top
    assert isinstance(picker, CardPickerScene) and picker.mode == "join" and picker.private
    for rows in picker.items.values():
        click(app, rows[0].rect.center)
    n = len(table.game.events)
    click(app, picker.ok.rect.center)
    box = app.top
    assert is_scene(box, "accuse_confirm") and box.private and box.seat == 0
    assert box.focus.focused is box.no_button
    key(app, pygame.K_LEFT)                 # to Yes
    for _ in range(40):                     # Enter mashed: never joins
        key(app, pygame.K_RETURN, draw=False)
    assert app.top is box and len(table.game.events) == n
    key(app, pygame.K_ESCAPE)               # No: back to the picker
    assert app.top is picker
    click(app, picker.ok.rect.center)
    box = app.top
    run_until(app, lambda: not box.guard.active)
    click(app, box.yes_button.rect.center)
    assert picker not in app.stack and join not in app.stack
    assert any(isinstance(e, ev.AccusationPlaced) and e.player == 0 for e in table.game.events[n:])


# --------------------------------------------------- item 5: the header waits
def test_header_does_not_say_game_over_before_the_reveal(app):
    """The engine ends the game the moment the last accuser decides; the table
    still has to turn the accusations over.  Until every event has been shown
    the header says the accusation is being checked, and only then that the
    game is over."""
    table = table_of(app, ("human", "easy", "easy"))
    run_until(app, lambda: app.top is table and table.human_to_act)
    table.do(Accuse(*table.game.crime))
    seen_while_busy = []
    for _ in range(3000):
        if table.game.over and table.busy:
            seen_while_busy.append(table.status())
        if table.game.over and not table.busy:
            break
        if app.top is not table and not isinstance(app.top, CardPickerScene):
            key(app, pygame.K_RETURN, draw=False)      # the reveal's OK, a join's decision ...
        app.step(DT, draw=False)
    assert seen_while_busy, "the game ended with nothing left to show"
    assert "The game is over." not in seen_while_busy
    assert set(seen_while_busy) <= {"The accusation is being checked…", "The accusations are being checked…"}
    assert table.status() == "The game is over."
