"""Hot-seat privacy (issue 11, item 11): what one person may see never
reaches the others' eyes.

* An overlay (pause menu, message, settings, rules, controls, a pulled-out
  controller) over a private screen hides that screen completely.

The other privacy tests (a private screen comes only after a cover) are in
tests/test_ui.py and tests/test_cardgame_ui.py.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.cardgame.engine import CardSetup, Phase as CardPhase  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.cardgame.match import CardMatch  # noqa: E402
from game.ui.cardgame.notebook import CaseFileScene  # noqa: E402
from game.ui.cardgame.picker import CardPickerScene  # noqa: E402
from game.ui.cardgame.private import CardShownScene, CardShowScene, CrimeScene, JoinScene  # noqa: E402
from game.ui.cardgame.screens import card_advance  # noqa: E402
from game.ui.cardgame.table import CardTableScene  # noqa: E402
from game.ui.match import Match  # noqa: E402
from game.ui.scenes.board import BoardScene  # noqa: E402
from game.ui.scenes.confirm import ConfirmScene  # noqa: E402
from game.ui.scenes.controls import ControlsScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.message import MessageScene  # noqa: E402
from game.ui.scenes.notebook import NotebookScene  # noqa: E402
from game.ui.scenes.private import DisproveScene, EnvelopeScene, ShownCardScene  # noqa: E402
from game.ui.scenes.rulebook import RulebookScene  # noqa: E402
from game.ui.scenes.settings import SettingsScene  # noqa: E402
from game.ui.scenes.unplugged import UnpluggedScene  # noqa: E402
from game.ui.screens import advance  # noqa: E402
from tests.inputs import key  # noqa: E402
from tests.test_ui import app  # noqa: E402,F401  (the fixture)

# ------------------------------------------------------------ overlays (item 11)
def frame_bytes(app: App) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.surface, "RGB")


def overlays(app: App, table, seat: int):
    """Every screen that can come over a private one: name -> push it."""
    return {
        "pause menu": lambda: app.push(MenuScene(app, table)),
        "message": lambda: app.push(MessageScene(app, "Your game cannot be saved.", title="The game cannot be saved")),
        "confirm": lambda: app.push(ConfirmScene(app, "Quit the game?", app.quit)),
        "settings": lambda: app.push(SettingsScene(app)),
        "rules": lambda: app.push(RulebookScene(app)),
        "controls": lambda: app.push(ControlsScene(app)),
        "controller unplugged": lambda: app.push(UnpluggedScene(app, table.match, seat, "Pad 1")),
        "pause menu and settings": lambda: (app.push(MenuScene(app, table)), app.push(SettingsScene(app))),
    }


def assert_overlays_hide(app: App, table, variants, esc_opens_menu: bool = False) -> None:
    """``variants``: two makers of the same private scene showing different
    things.  Alone they look different; under each overlay, the frames are the
    same to the pixel (nothing of the private scene shows)."""
    base = len(app.stack)

    def shots(make, push_overlay):
        app.push(make())
        alone = frame_bytes(app)
        push_overlay()
        covered = frame_bytes(app)
        while len(app.stack) > base:
            app.pop()
        return alone, covered

    names = overlays(app, table, 0)
    if esc_opens_menu:
        names["pause menu (Esc)"] = lambda: key(app, pygame.K_ESCAPE)
    for name, push_overlay in names.items():
        (alone_a, covered_a), (alone_b, covered_b) = (shots(make, push_overlay) for make in variants)
        assert alone_a != alone_b, "the two private scenes should look different"
        assert covered_a == covered_b, f"the {name} lets the private scene below show"


def board_in_disprove(app: App) -> BoardScene:
    """A board game (people at seats 0 and 2) stopped where a person must show a card."""
    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                             SeatConfig("white", "human"), SeatConfig("green", "computer")), seed=3)
    match = Match(app.board, setup)
    advance(match, lambda g: g.phase is Phase.DISPROVE and match.is_human(g.actor))
    board = BoardScene(app, match)
    app.push(board)
    return board


def flipped(scene: ShownCardScene) -> ShownCardScene:
    scene.flip.skip()
    scene.delay = 0
    return scene


def test_no_overlay_shows_a_private_board_screen(app):
    board = board_in_disprove(app)
    m, g = board.match, board.game
    seat = g.actor
    assert m.needs_cover

    def disprove(cards):
        def make():
            scene = DisproveScene(app, board, seat)
            scene.offer(list(cards))         # holding all three named cards (the case), then three others
            return scene
        return make

    # the person holding all three cards presses Esc: the pause menu covers them
    assert_overlays_hide(app, board, [disprove(("plum", "rope", "kitchen")), disprove(("green", "knife", "hall"))],
                         esc_opens_menu=True)
    assert_overlays_hide(app, board, [lambda: NotebookScene(app, m, 0), lambda: NotebookScene(app, m, 2)])
    assert_overlays_hide(app, board, [lambda: flipped(ShownCardScene(app, m, 0, 1, "rope")),
                                      lambda: flipped(ShownCardScene(app, m, 0, 1, "knife"))])
    accused = ("plum", "rope", "kitchen")
    assert_overlays_hide(app, board, [lambda: EnvelopeScene(app, m, 0, accused, ("green", "wrench", "hall")),
                                      lambda: EnvelopeScene(app, m, 0, accused, ("white", "lead_pipe", "study"))])


def test_the_pause_menu_over_the_public_board_still_shows_it(app):
    board = board_in_disprove(app)
    app.push(MenuScene(app, board))
    over_board = frame_bytes(app)
    app.pop()
    app.push(NotebookScene(app, board.match, 0))
    app.push(MenuScene(app, board))
    over_notebook = frame_bytes(app)
    app.pop()
    app.pop()
    app.push(EnvelopeScene(app, board.match, 0, ("plum", "rope", "kitchen"), ("green", "wrench", "hall")))
    app.push(MenuScene(app, board))
    assert frame_bytes(app) == over_notebook          # over any private screen: the same plain background
    assert over_board != over_notebook                # over the board: the board shows, dimmed, as before


def test_no_overlay_shows_a_private_card_game_screen(app):
    setup = CardSetup(players=4, seed=5, levels=("human", "medium", "human", "easy"), first=0)
    match = CardMatch(setup, ("scarlet", "white", "peacock", "green"))
    card_advance(match, lambda g: g.phase is CardPhase.SHOW and match.is_human(g.actor) and len(g.actions) > 4)
    table = CardTableScene(app, match)
    app.push(table)
    seat = match.game.actor
    persons, weapons, locations = match.game.view(seat).piles

    def show(cards):
        def make():
            scene = CardShowScene(app, table, seat)
            scene.offer(list(cards))
            return scene
        return make

    assert_overlays_hide(app, table, [show(persons[:2]), show(weapons[:2])], esc_opens_menu=True)
    assert_overlays_hide(app, table, [lambda: flipped(CardShownScene(app, match, 0, 1, weapons[0])),
                                      lambda: flipped(CardShownScene(app, match, 0, 1, locations[0]))])
    accused = (persons[0], weapons[0], locations[0])
    crime_a, crime_b = (persons[1], weapons[1], locations[1]), (persons[2], weapons[2], locations[2])
    assert_overlays_hide(app, table, [lambda: CrimeScene(app, match, 0, accused, crime_a),
                                      lambda: CrimeScene(app, match, 0, accused, crime_b)])
    assert_overlays_hide(app, table, [lambda: CaseFileScene(app, match, 0), lambda: CaseFileScene(app, match, 2)])
    assert_overlays_hide(app, table, [lambda: JoinScene(app, table, 0, 1), lambda: JoinScene(app, table, 2, 1)],
                         esc_opens_menu=True)
    assert_overlays_hide(app, table, [lambda: CardPickerScene(app, table, 0, "join", marks=True),
                                      lambda: CardPickerScene(app, table, 2, "join", marks=True)])
