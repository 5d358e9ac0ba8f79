"""Hot-seat privacy: what one person may see never
reaches the others' eyes, whatever the buttons do.

* A "Pass to …" cover opens a private screen only for a *fresh* press: made
  after the cover was up and everybody had let go.  Held keys, auto-repeat and
  mashed Enter, Space, A (controllers) and mouse clicks never get past it.
* An overlay (pause menu, message, settings, rules, controls, a pulled-out
  controller) over a private screen hides that screen completely.

A *private frame* is a frame whose top scene is one only its seat may see:
see :func:`is_private`.  The other privacy tests (a private screen comes only
after a cover) are in tests/test_ui.py and tests/test_cardgame_ui.py.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.cardgame import events as cev  # noqa: E402
from game.cardgame.engine import CardSetup  # noqa: E402
from game.cardgame.engine import Phase as CardPhase
from game.rules import events as ev  # noqa: E402
from game.rules.actions import Accuse  # noqa: E402
from game.rules.cards import ROOMS  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.gameover import GameOverScene  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.board.notebook import NotebookScene  # noqa: E402
from game.ui.board.picker import PickerScene  # noqa: E402
from game.ui.board.private import DisproveScene, EnvelopeScene, ShownCardScene  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402
from game.ui.cardgame.gameover import CardGameOverScene  # noqa: E402
from game.ui.cardgame.match import CardMatch  # noqa: E402
from game.ui.cardgame.notebook import CaseFileScene  # noqa: E402
from game.ui.cardgame.picker import CardPickerScene  # noqa: E402
from game.ui.cardgame.private import CardShownScene, CardShowScene, CrimeScene, JoinScene  # noqa: E402
from game.ui.cardgame.table import CardTableScene  # noqa: E402
from game.ui.scenes.confirm import ConfirmScene  # noqa: E402
from game.ui.scenes.controls import ControlsScene  # noqa: E402
from game.ui.scenes.cover import CoverScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.message import MessageScene  # noqa: E402
from game.ui.scenes.rulebook import RulebookScene  # noqa: E402
from game.ui.scenes.settings import SettingsScene  # noqa: E402
from game.ui.scenes.unplugged import UnpluggedScene  # noqa: E402
from game.ui.screenshots.card_screens import card_advance  # noqa: E402
from game.ui.screenshots.screens import advance  # noqa: E402
from tests.inputs import aim_click, answer_accusation, click, key, pad_press  # noqa: E402
from tests.test_cardgame_ui import Driver, ready  # noqa: E402
from tests.test_ui import act_for_people, app  # noqa: E402,F401  (app: the fixture)

#: Scenes only their seat may see (a hand, notebook or case file, the choice
#: of a card to show, a shown card, the envelope / Crime cards, a private accusation).
PRIVATE = (NotebookScene, DisproveScene, ShownCardScene, EnvelopeScene,
           CaseFileScene, CardShowScene, CardShownScene, CrimeScene, JoinScene)
A = pygame.CONTROLLER_BUTTON_A
FRAME = 0.05          # seconds per frame while mashing (20 frames a second)
SEGMENT = 20          # frames of one way of holding / mashing (1 s)
MASH_ON_COVER = 70    # frames each cover is held and mashed before a person takes it (3.5 s)
REST = 30             # frames a person lets go of everything before pressing once (1.5 s)
EMPTY = (100, 100)    # a spot of the cover (and of the board / table) with no button


def is_private(scene) -> bool:
    """True for a scene only its seat may see."""
    return isinstance(scene, PRIVATE) or (isinstance(scene, (CardPickerScene, PickerScene))
                                          and scene.mode in ("accuse", "join"))


def post(kind: int, **kw) -> None:
    pygame.event.post(pygame.event.Event(kind, **kw))


class Masher:
    """Somebody who holds and mashes every confirm there is, all the time:
    Enter (held, with the keyboard's auto-repeat), Space, A on every
    controller, the left mouse button.  The way of pressing changes every
    :data:`SEGMENT` frames; between two presses there are never more than
    0.25 s, and a held key or button counts as pressing."""

    STYLES = ("mash Enter", "hold Enter (auto-repeat)", "Space", "hold A", "mash A", "hold the mouse button",
              "mash clicks", "everything")

    def __init__(self, pads: list[int]) -> None:
        self.pads = pads
        self.held: set[str] = set()
        self.frame = 0

    @staticmethod
    def send(what: str, pressed: bool) -> None:
        """Post the press (``pressed``) or release of ``what``: "enter", "space", "mouse" or "pad:<iid>"."""
        if what in ("enter", "space"):
            k = pygame.K_RETURN if what == "enter" else pygame.K_SPACE
            post(pygame.KEYDOWN if pressed else pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
        elif what == "mouse":
            post(pygame.MOUSEBUTTONDOWN if pressed else pygame.MOUSEBUTTONUP, pos=EMPTY, button=1)
        else:
            post(pygame.CONTROLLERBUTTONDOWN if pressed else pygame.CONTROLLERBUTTONUP, instance_id=int(what[4:]),
                 button=A)

    def down(self, what: str, repeat: bool = False) -> None:
        """Press ``what``; ``repeat``: again while held (the keyboard's auto-repeat)."""
        assert repeat == (what in self.held)
        self.held.add(what)
        self.send(what, True)

    def up(self, what: str) -> None:
        if what in self.held:
            self.held.discard(what)
            self.send(what, False)

    def tap(self, what: str) -> None:
        self.down(what)
        self.up(what)

    @property
    def style(self) -> str:
        return self.STYLES[(self.frame // SEGMENT) % len(self.STYLES)]

    def hold(self, what: str, release: bool, repeat: bool = False) -> None:
        """Keep ``what`` held down (pressing it if it is not), let go when
        ``release``; ``repeat``: the keyboard's auto-repeat sends another key-down."""
        if release:
            self.up(what)
        elif what not in self.held:
            self.down(what)
        elif repeat:
            self.down(what, repeat=True)

    def post_frame(self) -> None:
        """Post this frame's presses and releases (then the app takes one step)."""
        i = self.frame % SEGMENT
        pads = [f"pad:{iid}" for iid in self.pads]
        style = self.style
        last = i == SEGMENT - 1
        if style == "mash Enter" and i % 3 == 0:
            self.tap("enter")
        elif style == "hold Enter (auto-repeat)":
            self.hold("enter", last, repeat=i % 2 == 0)
        elif style == "Space":
            if i % 5 == 0:
                self.down("space")
            elif i % 5 == 2:
                self.up("space")
        elif style == "hold A":
            for p in pads:
                self.hold(p, last)
        elif style == "mash A" and i % 4 == 0:
            for p in pads:
                self.tap(p)
        elif style == "hold the mouse button":
            self.hold("mouse", last)
        elif style == "mash clicks" and i % 3 == 0:
            self.tap("mouse")
        elif style == "everything":
            self.hold("enter", last, repeat=i % 3 == 0)
            if i % 4 == 1:
                for p in pads:
                    self.tap(p)
            if i % 4 == 3:
                self.tap("mouse")
            if i % 6 == 2:
                self.tap("space")
        self.frame += 1

    def let_go(self) -> None:
        for what in sorted(self.held):
            self.up(what)


class Watch:
    """Plays a hot-seat game in which everybody mashes and holds confirm while
    the computers play and whenever a cover is up; a person takes each cover
    only after :data:`MASH_ON_COVER` frames of that, by letting go of
    everything for :data:`REST` frames and pressing once (Enter, Space, their
    A button or a click, in turn).  After every frame: a private frame may only
    be the one that fresh press opened for that seat."""

    FRESH = ("Enter", "Space", "A", "click")

    def __init__(self, app: App, pad_of: dict[int, int], mash_now, act) -> None:
        self.app, self.pad_of, self.mash_now, self.act = app, pad_of, mash_now, act
        self.masher = Masher(sorted(pad_of.values()))
        self.opened_for: int | None = None       # the seat whose cover a fresh press just took
        self.covers: list[tuple[int, str, str]] = []   # (seat, what it opened, fresh press) per cover
        self.held_when_cover_came = 0           # covers that appeared while a key or button was held
        self.styles_on_covers: set[str] = set()

    def check(self) -> None:
        top = self.app.top
        if is_private(top):
            assert self.opened_for == top.seat, (
                f"{type(top).__name__} for seat {top.seat} is on screen, but no fresh press took its cover "
                f"(the mashing was '{self.masher.style}')")
        else:
            self.opened_for = None

    def step(self) -> None:
        self.app.step(FRAME, draw=self.masher.frame % 10 == 0)
        self.check()

    def mash(self) -> None:
        self.masher.post_frame()
        self.step()

    def take_cover(self, cover: CoverScene) -> None:
        """Let go of everything, wait, then one fresh press on the cover's seat's behalf."""
        app = self.app
        self.masher.let_go()
        for _ in range(REST):
            self.step()
            assert app.top is cover, "the cover went away with nobody pressing"
        how = self.FRESH[len(self.covers) % len(self.FRESH)]
        self.opened_for = cover.seat
        if how == "Enter":
            key(app, pygame.K_RETURN, dt=FRAME)
        elif how == "Space":
            key(app, pygame.K_SPACE, dt=FRAME)
        elif how == "A":
            pad_press(app, self.pad_of[cover.seat], A, dt=FRAME)
        else:
            click(app, EMPTY, dt=FRAME)
        self.check()
        opened = app.top
        assert is_private(opened) and opened.seat == cover.seat, (
            f"a fresh {how} did not open {cover.seat}'s private screen: {type(opened).__name__}")
        self.covers.append((cover.seat, type(opened).__name__, how))

    def play(self, over, frames: int = 60000) -> None:
        app = self.app
        cover, on_cover = None, 0
        for _ in range(frames):
            if over():
                return
            top = app.top
            if isinstance(top, CoverScene):
                if top is not cover:
                    cover, on_cover = top, 0
                    self.held_when_cover_came += bool(self.masher.held)
                if on_cover >= MASH_ON_COVER:
                    self.take_cover(top)
                    continue
                self.styles_on_covers.add(self.masher.style)
                on_cover += 1
                self.mash()
            elif self.mash_now(top):
                self.mash()
            else:                                 # a person's own turn or private screen: played calmly
                if self.masher.held:
                    self.masher.let_go()
                    self.step()
                self.act(top)
                self.check()
        raise AssertionError(f"the game did not end (stuck on {type(app.top).__name__})")


def two_pads(app: App) -> dict[int, int]:
    """Two controllers, for seats 0 and 2: seat -> instance id."""
    app.pads.on_added(1, "Pad one")
    app.pads.on_added(2, "Pad two")
    return {0: 1, 2: 2}


def check_every_cover(watch: Watch, private_kinds: set[str]) -> None:
    covers = watch.covers
    assert {seat for seat, _what, _how in covers} == {0, 2}
    assert private_kinds <= {what for _seat, what, _how in covers}, covers
    assert {how for _seat, _what, how in covers} == set(Watch.FRESH)
    assert watch.held_when_cover_came >= 3            # covers came while a key or button was held down
    assert watch.styles_on_covers == set(Masher.STYLES)


def test_held_and_mashed_buttons_never_get_past_a_cover_in_the_board_game(app):
    pad_of = two_pads(app)
    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                             SeatConfig("white", "human"), SeatConfig("green", "computer")), seed=3)
    board = BoardScene(app, Match(app.board, setup, devices={s: f"pad:{i}" for s, i in pad_of.items()}))
    app.push(board)
    g = board.game

    def act(top) -> None:
        """The people play calmly; Mrs. White accuses wrongly on her fourth turn (the envelope, in private)."""
        if (isinstance(top, BoardScene) and top.human_to_act and g.actor == 2 and not g.seats[2].eliminated
                and sum(isinstance(e, ev.TurnStarted) and e.player == 2 for e in g.events) >= 4
                and any(isinstance(a, Accuse) for a in g.legal_actions())):
            top.open_accuse()                         # the picker is hers alone: behind her cover
            return
        if isinstance(top, PickerScene) and top.mode == "accuse":
            s, w, r = g.envelope
            wrong = next(x for x in ROOMS if x != r and x not in g.seats[2].hand)   # naming her own card asks first
            for cat, want in (("suspect", s), ("weapon", w), ("room", wrong)):
                aim_click(app, next(b for b in top.items[cat] if b.data == want).rect.center)
            aim_click(app, top.ok.rect.center)
            answer_accusation(app)
            return
        act_for_people(app)

    watch = Watch(app, pad_of, lambda top: isinstance(top, BoardScene) and not top.human_to_act, act)
    watch.play(lambda: isinstance(app.top, GameOverScene))
    assert g.over and g.seats[2].eliminated
    assert len(watch.covers) >= 20
    check_every_cover(watch, {"DisproveScene", "ShownCardScene", "EnvelopeScene", "PickerScene"})


def test_held_and_mashed_buttons_never_get_past_a_cover_in_the_card_game(app):
    pad_of = two_pads(app)
    setup = CardSetup(players=4, seed=7, levels=("human", "beginner", "human", "beginner"), first=0)
    table = CardTableScene(app, CardMatch(setup, ("scarlet", "white", "peacock", "green"),
                                          {s: f"pad:{i}" for s, i in pad_of.items()}))
    app.push(table)
    g = table.game

    def accuse(seat, game):
        """Mrs. Peacock accuses wrongly, alone, after asking twice (the accusation and the Crime cards are private)."""
        if seat != 2 or sum(isinstance(e, cev.Asked) and e.player == 2 for e in game.events) < 2:
            return None
        persons, weapons, locations = game.view(seat).piles
        return next(p for p in persons if p != game.crime[0]), weapons[0], locations[0]

    driver = Driver(app, accuse=accuse)

    def act(top) -> None:
        if ready(top):
            driver.act(top)
        else:
            app.step(FRAME)

    watch = Watch(app, pad_of, lambda top: isinstance(top, CardTableScene) and not top.human_to_act, act)
    watch.play(lambda: isinstance(app.top, CardGameOverScene))
    assert g.over
    assert len(watch.covers) >= 10
    check_every_cover(watch, {"CardShowScene", "CardShownScene", "JoinScene", "CardPickerScene", "CrimeScene"})


def test_a_held_key_never_opens_a_cover_and_a_lost_key_up_never_locks_it(app):
    from game.ui.shell.input import STALE_HOLD
    from game.ui.shell.scene import FRESH_QUIET

    board = board_in_disprove(app)
    seat = board.game.actor
    cover = CoverScene(app, board.match, seat, lambda: DisproveScene(app, board, seat))
    app.push(cover)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)      # held down, never let go
    frames = 0
    while cover.guard.active:                        # the held key keeps it shut for a while, not for ever
        app.step(FRAME, draw=False)
        frames += 1
        assert frames < (STALE_HOLD + FRESH_QUIET + 1) / FRAME, "a key-up that never came locked the cover"
    assert frames * FRAME >= STALE_HOLD
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)      # the keyboard's auto-repeat
    app.step(FRAME)
    assert app.top is cover and cover.too_soon and cover.guard.active
    while cover.guard.active:
        app.step(FRAME, draw=False)
    key(app, pygame.K_SPACE, dt=FRAME)                # a fresh press
    assert isinstance(app.top, DisproveScene) and app.top.private


def test_enter_mashed_on_the_pause_menu_does_not_get_past_the_cover_below(app):
    board = board_in_disprove(app)
    seat = board.game.actor
    cover = CoverScene(app, board.match, seat, lambda: DisproveScene(app, board, seat))
    app.push(cover)
    while cover.guard.active:                         # the cover is ready for a fresh press ...
        app.step(FRAME, draw=False)
    key(app, pygame.K_ESCAPE, dt=FRAME)               # ... but Esc opens the pause menu
    assert isinstance(app.top, MenuScene)
    for _ in range(2):                                # Enter, Enter in one frame: Resume, then onto the cover
        post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
        post(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    app.step(FRAME)
    assert app.top is cover


def test_a_long_frame_as_the_cover_appears_does_not_let_mashing_through(app):
    """A busy machine (or a slow disk during the autosave) can make the frame
    that puts the cover up last a second; Enter mashed all through it waits
    in the event queue.  Those presses were made while the cover was coming
    up, and the wait is not quiet: mashing on afterwards never opens it."""
    board = board_in_disprove(app)
    seat = board.game.actor
    cover = CoverScene(app, board.match, seat, lambda: DisproveScene(app, board, seat))
    app.push(cover)
    for stall in (0.85, 1.5, 3.0):
        for _ in range(int(stall * 7)):               # ~7 presses a second, queued through the long frame
            Masher.send("enter", True)
            Masher.send("enter", False)
        app.step(stall, draw=False)
        for frame in range(60):                       # then 3 s of mashing at 20 frames a second
            if frame % 3 == 0:
                Masher.send("enter", True)
                Masher.send("enter", False)
            app.step(FRAME, draw=False)
            assert app.top is cover, f"mashing opened the cover after a {stall} s frame"
    while cover.guard.active:                         # everybody lets go ...
        app.step(FRAME, draw=False)
    key(app, pygame.K_RETURN, dt=FRAME)               # ... and one fresh press opens it
    assert isinstance(app.top, DisproveScene)


# ------------------------------------------------------------ overlays (item 11)
def frame_bytes(app: App) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.window.surface, "RGB")


def overlays(app: App, table, seat: int):
    """Every screen that can come over a private one: name -> push it."""
    return {
        "pause menu": lambda: app.push(MenuScene(app, table)),
        "message": lambda: app.push(MessageScene(app, "Your game cannot be saved.", title="The game cannot be saved")),
        "confirm": lambda: app.push(ConfirmScene(app, "Quit the game?", app.quit)),
        "settings": lambda: app.push(SettingsScene(app)),
        "rules": lambda: app.push(RulebookScene(app)),
        "controls": lambda: app.push(ControlsScene(app)),
        "controller unplugged": lambda: app.push(UnpluggedScene(
            app, table.match, seat, "Pad 1", to_computer=lambda s: app.router.seat_to_computer(table.match, seat, s))),
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
            scene.offer(list(cards))         # holding all three named cards (the case that leaked), then three others
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


def card_table_in_show(app: App) -> CardTableScene:
    """A card game (people at seats 0 and 2) stopped where a person must show a card."""
    setup = CardSetup(players=4, seed=5, levels=("human", "medium", "human", "easy"), first=0)
    match = CardMatch(setup, ("scarlet", "white", "peacock", "green"))
    card_advance(match, lambda g: g.phase is CardPhase.SHOW and match.is_human(g.actor) and len(g.actions) > 4)
    table = CardTableScene(app, match)
    app.push(table)
    return table


def showing(app: App, table, seat: int):
    """cards -> a maker of ``seat``'s card-to-show screen offering those ``cards``."""
    def show(cards):
        def make():
            scene = CardShowScene(app, table, seat)
            scene.offer(list(cards))
            return scene
        return make
    return show


def test_no_overlay_shows_a_private_card_game_screen(app):
    table = card_table_in_show(app)
    match = table.match
    seat = match.game.actor
    persons, weapons, locations = match.game.view(seat).piles
    show = showing(app, table, seat)
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


def _cover_hides_the_preselected_card(app, seat: int, hands) -> None:
    """Behind the cover for ``seat``, the card-to-show screen (which opens with
    its first card focused) is not built and not drawn: the cover's frame is the
    same whichever cards ``hands`` (two makers of the private screen) would offer."""
    built = []
    frames = []
    for make in hands:
        def spy(make=make):
            built.append(make)
            return make()
        cover = CoverScene(app, app.top.match, seat, spy)
        app.push(cover)
        for _ in range(5):
            app.step(FRAME)
        frames.append(frame_bytes(app))
        assert app.top is cover and not built            # nothing private built (so nothing drawn) yet
        app.pop(cover)
    assert frames[0] == frames[1]
    cover = CoverScene(app, app.top.match, seat, hands[0])
    app.push(cover)
    while cover.guard.active:
        app.step(FRAME, draw=False)
    key(app, pygame.K_RETURN, dt=FRAME)                  # the right person takes the screen
    shown = app.top
    assert shown.private and shown.focus.focused is shown.cards[0]


def test_the_preselected_card_to_show_stays_behind_the_cover(app):
    board = board_in_disprove(app)
    seat = board.game.actor
    assert board.match.needs_cover

    def disprove(cards):
        def make():
            scene = DisproveScene(app, board, seat)
            scene.offer(list(cards))
            return scene
        return make

    _cover_hides_the_preselected_card(app, seat, [disprove(("plum", "rope", "kitchen")),
                                                  disprove(("green", "knife", "hall"))])


def test_the_preselected_card_to_show_stays_behind_the_cover_in_the_card_game(app):
    table = card_table_in_show(app)
    seat = table.match.game.actor
    persons, weapons, _locations = table.match.game.view(seat).piles
    show = showing(app, table, seat)
    _cover_hides_the_preselected_card(app, seat, [show(persons[:2]), show(weapons[:2])])


def test_the_board_accusation_picker_is_behind_the_cover_and_marks_only_its_own_cards(app):
    """The board's accusation picker marks the accuser's hand (as the
    card game's does), so it opens for the accuser alone, behind the cover."""
    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                             SeatConfig("white", "human"), SeatConfig("green", "computer")), seed=3)
    match = Match(app.board, setup)
    advance(match, lambda g: g.phase is Phase.START and match.is_human(g.turn) and len(g.actions) > 8)
    board = BoardScene(app, match)
    app.push(board)
    seat = match.game.turn
    board.open_accuse()
    cover = app.top
    assert isinstance(cover, CoverScene) and cover.seat == seat
    assert not any(isinstance(s, PickerScene) for s in app.stack)        # nothing of the hand built yet
    while cover.guard.active:
        app.step(FRAME, draw=False)
    key(app, pygame.K_RETURN, dt=FRAME)
    picker = app.top
    assert isinstance(picker, PickerScene) and picker.private and picker.mode == "accuse"
    hand = set(match.game.seats[seat].hand)
    crossed = {b.data for row in picker.items.values() for b in row if b.crossed}
    assert hand and crossed == hand | {c for c, m in match.notebooks[seat].items() if m == "✓"}
    other = match.humans[1 - match.humans.index(seat)]
    assert not (set(match.game.seats[other].hand) - hand) & crossed       # never the other person's cards
