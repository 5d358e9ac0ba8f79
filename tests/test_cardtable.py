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


# ------------------------------------------------------ item 4: one hint a turn
def hinted_match(seed: int = 4):
    """A one-person card game (hints mode) advanced until seat 0 could be
    told at least three things by its case file."""
    from game.ui.cardgame.notebook import CaseFileScene  # noqa: F401  (the scene below is made by name)
    from game.ui.cardgame.screens import card_advance, card_match

    match = card_match(seed)
    match.notebook_mode = "hints"

    def enough(g) -> bool:
        facts = match.facts(0)
        return g.turn == 0 and g.phase is Phase.ASK and sum(c not in facts for c in match.hints(0)) >= 3

    card_advance(match, enough)
    assert enough(match.game)
    return match


def round_without_accusing(match, stop) -> None:
    """Every seat asks (nobody accuses) until ``stop(game)``."""
    from game.cardgame.ai import make_card_player
    from game.cardgame.engine import Accuse as A, Join

    g = match.game
    players = {i: make_card_player("easy", 50 + i) for i in range(g.players)}
    while not stop(g):
        legal = [a for a in g.legal_actions() if not isinstance(a, (A, Join))]
        for e in g.apply(players[g.actor].choose(g.view(g.actor), legal)):
            match.add_log(e)


def press_hint(app: App, book, times: int) -> None:
    for _ in range(times):
        click(app, book.hint_button.rect.center)


def test_one_hint_per_turn_by_default_and_unlimited_lifts_it(app):
    from game.ui.registry import make

    assert app.store.settings.card_hints == "turn"
    match = hinted_match()
    book = make("case_file", app, match, 0)
    app.push(book)
    assert book.all_button not in book.focus.buttons        # no All hints: it would solve the case at once
    press_hint(app, book, 4)
    assert len(match.hints_seen[0]) == 1
    assert "One hint per turn" in book.legend()
    app.pop(book)
    turns = book.own_turns()
    round_without_accusing(match, lambda g: book.own_turns() > turns)
    book = make("case_file", app, match, 0)                  # a new turn of its own: one more
    app.push(book)
    press_hint(app, book, 3)
    assert len(match.hints_seen[0]) == 2
    app.pop(book)

    app.prefs.set_card_hints("unlimited")                   # the detective level lifts the limit
    assert app.store.settings.card_hints == "unlimited"
    match = hinted_match()
    book = make("case_file", app, match, 0)
    app.push(book)
    assert book.all_button in book.focus.buttons
    press_hint(app, book, 3)
    assert len(match.hints_seen[0]) == 3


def test_the_hints_setting_is_kept_and_checked(tmp_path):
    import json

    from game.settings import SettingsError, read_settings, settings_from_dict

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"card_hints": "unlimited"}))
    assert read_settings(path)[0].card_hints == "unlimited"
    try:
        settings_from_dict({"card_hints": "many"})
    except SettingsError:
        pass
    else:
        raise AssertionError("an unknown hints level was accepted")


def test_settings_screen_steps_the_hints_level(app):
    from game.ui.registry import make

    screen = make("settings", app)
    app.push(screen)
    row = screen.hints_row
    assert row.label == "Case file hints: one per turn"
    click(app, row.right_arrow().center)
    assert app.store.settings.card_hints == "unlimited" and row.label == "Case file hints: unlimited"
