"""Representative states for ``--screenshot``: each scene name builds the
scene stack as it would look mid-game (seeded, so the pictures repeat)."""

from __future__ import annotations

import logging

from game.ai.simple import make_player
from game.rules.actions import Roll
from game.rules.engine import Phase
from game.rules.events import TurnStarted
from game.rules.setup import GameSetup, SeatConfig
from game.ui.bases.match import quick_setup
from game.ui.board.match import Match
from game.ui.phones.phone_screens import PHONE_SCENES, build_phone_scene
from game.ui.screenshots.card_screens import CARD_SCENES, build_card_scene
from game.ui.screenshots.story_screens import STORY_SCENES, build_story_scene
from game.ui.shell.i18n import _
from game.ui.shell.registry import make

log = logging.getLogger(__name__)

#: The lessons of the rules a first game may miss: six tokens, a weapon a room, the doorway, any room
#: in an accusation, an out player's token, every door blocked, the unplayed suspect guilty.
NEW_RULE_SCENES = ("lesson-tokens", "lesson-weapons", "lesson-doorway", "lesson-anyroom", "lesson-moved",
                   "lesson-wait", "lesson-unplayed")
#: The big moments, each built at the start of its animation (``CLUE_SHOT_AT`` steps it on).
MOMENT_SCENES = ("suggestion-cutin", "question-round", "case-solved", "accusation-wrong", "card-solved",
                 "card-wrong", "card-nobody")
SCENE_NAMES = ("title", "setup", "title-hard", "setup-strength", "board", "notebook", "suggestion", "cover", "game-over", "controls", "settings", "presets",
                "rules", "rules-2", "rules-3", "rules-4", "lesson", "lesson-disprove", "tokens") + CARD_SCENES + ("lesson-speech", "lesson-settings",
                                                                     "settings-silent", "notebook-hints", "unplugged",
                                                                     "report", "report-computer", "show-card", "accuse", "why-not") + \
    ("accuse-confirm", "pause-menu", "quit", "nobody-banner") + MOMENT_SCENES + \
    ("board-tv", "board-crowded") + \
    ("lesson-twice", "lesson-blocked", "lesson-out", "lesson-pulled", "lesson-still", "lesson-stuck",
     "lesson-over", "lesson-report") + NEW_RULE_SCENES + PHONE_SCENES + STORY_SCENES

#: The lesson on screen in each "lesson..." scene (a key of game.learning.tutorial.LESSONS; "you" where not named).
LESSON_SCENES = {"lesson": "door", "lesson-disprove": "disprove", "lesson-twice": "twice", "lesson-blocked": "blocked",
                 "lesson-out": "out", "lesson-pulled": "stay", "lesson-still": "still", "lesson-stuck": "stuck",
                 **{name: name.removeprefix("lesson-") for name in NEW_RULE_SCENES}}


def _lesson_over(app, report: bool) -> None:
    """The lesson's game over after its last bubble: the focus moved up to the
    learner's report button (the coach still points at Title screen), and with
    ``report`` that report opened."""
    from game.ui.shell.input import Intent, Kind

    for _i in range(6):
        app.step(0.1, draw=False)
    app.router.handle(Intent(Kind.CONFIRM, device="keyboard"))     # the bubble is read
    for _i in range(20):                                             # the game-over guard ends
        app.step(0.1, draw=False)
    app.router.handle(Intent(Kind.UP, device="keyboard"))
    if report:      # a computer's report opens the update after the press showed ("Opening…")
        app.router.handle(Intent(Kind.CONFIRM, device="keyboard"))
        app.step(0.0, draw=False)
        app.step(0.0, draw=False)
    app.step(0.05, draw=False)


def advance(match: Match, stop, limit: int = 3000) -> None:
    """Play the game with computer players on *every* seat (stand-ins for the
    people) until ``stop(game)`` is true; log lines are kept."""
    g = match.game
    stand_in = {i: make_player("simple", 1000 + i) for i in range(len(g.seats))}
    n = 0
    while not stop(g) and not g.over and n < limit:
        seat = g.actor
        player = match.players.get(seat, stand_in[seat])
        for e in g.apply(player.choose(g.view(seat), g.legal_actions())):
            match.add_log(e)
        n += 1


def _turns(g) -> int:
    return sum(1 for e in g.events if isinstance(e, TurnStarted))


def _settle(board) -> None:
    board.skipping = True
    for _i in range(200):
        if not board.busy:
            break
        board.update(0.05)
    board.skipping = False


def build_scene(app, scene: str, seed: int = 3) -> None:
    """Put ``app`` in a representative state for ``scene`` (one of :data:`SCENE_NAMES`)."""
    app.start()
    if app.map_error or scene == "title":
        return
    if scene == "setup":
        app.push(make("setup", app))
        return
    if scene == "title-hard":           # Play's row after a game at Hard: Hard focused
        app.prefs.set_play_level("hard", save=False)
        app.reset(make("title", app))
        return
    if scene == "setup-strength":       # a level button focused: its measured strength under the seats
        setup = make("setup", app)
        app.push(setup)
        setup.cycle_level(2)
        setup.focus.focus_on(setup.level_buttons[2])
        return
    if scene == "quit":                 # the title's Quit, asked first
        app.top.ask_quit()
        return
    if scene in PHONE_SCENES:           # phones at the table (game/ui/phones/phone_screens.py)
        build_phone_scene(app, scene, seed, advance)
        return
    if scene in STORY_SCENES:           # the log scrolled, the pulled-in banner, the recaps (game/ui/screenshots/story_screens.py)
        build_story_scene(app, scene, seed, advance)
        return
    if scene in MOMENT_SCENES:
        build_moment(app, scene, seed)
        return
    if scene in CARD_SCENES:            # the card game (game/ui/screenshots/card_screens.py)
        build_card_scene(app, scene, seed)
        return
    if scene.startswith("lesson"):      # the guided first game, at one of its lessons
        from game.ui.lesson.coach import play_until, start_lesson
        from game.ui.voice.speech import FakeDriver

        if scene in ("lesson-speech", "lesson-settings"):   # read aloud (on in the lesson), a line being spoken
            app.speech.driver = FakeDriver(hold=True)
        start_lesson(app)
        play_until(app, LESSON_SCENES.get(scene, "you") if scene not in ("lesson-over", "lesson-report") else "won")
        if scene in ("lesson-over", "lesson-report"):   # the last screen: the arrow on Title, the focus moved up
            _lesson_over(app, scene == "lesson-report")
        if scene == "lesson-settings":  # Settings from the pause menu: "Read aloud: on", the speaker in the corner
            app.push(make("menu", app, app.top))
            app.push(make("settings", app))
            app.top.focus.focus_on(app.top.read_row)
            app.step(0.05, draw=False)
        return
    if scene == "presets":
        setup = make("setup", app)
        app.push(setup)
        setup.preset, setup.house = "cluedo-es", ("two-dice",)
        setup._build()
        rules = make("rules", app, setup)
        rules.focus.focus_on(rules.switch_buttons["up-to"])
        app.push(rules)
        return
    if scene == "rules" or scene.startswith("rules-"):      # the Rules screen at page 1 (or "rules-N")
        book = make("rulebook", app)
        book.turn(int(scene.partition("-")[2] or 1) - 1)
        app.push(book)
        return
    if scene == "settings":
        app.push(make("settings", app))
        return
    if scene == "tokens":               # who is who: the pawns, normal and under simulated deuteranopia
        app.push(make("pieces", app))
        return
    if scene == "settings-silent":      # read aloud on, on a computer with no speech engine: Settings says why
        from game.ui.voice.speech import NO_ENGINE, Driver

        app.speech.driver = Driver()
        app.speech.driver.broken = (NO_ENGINE, "")
        app.prefs.set_read_aloud(True, save=False)
        settings = make("settings", app)
        app.push(settings)
        settings.focus.focus_on(settings.read_row)
        return
    if scene == "controls":
        app.pads.on_added(1001, "Xbox Wireless Controller")   # stand-ins: no hardware is opened
        app.pads.on_added(1002, "PS5 Controller")
        app.push(make("controls", app))
        return
    if scene == "unplugged":
        pads = [app.pads.on_added(2001 + i, "Controller") for i in range(3)]
        setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                                 SeatConfig("peacock", "human"), SeatConfig("plum", "computer")), seed=seed)
        match = Match(app.board, setup, {0: pads[0].device, 2: pads[1].device})
        advance(match, lambda g: _turns(g) >= 6 and g.phase is Phase.START)
        app.push(make("board", app, match))
        app.pads.on_removed(pads[1].instance_id)     # Mrs. Peacock's pad is pulled out: the game pauses
        return
    if scene == "cover":
        setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                                 SeatConfig("peacock", "human"), SeatConfig("plum", "computer")), seed=seed)
        match = Match(app.board, setup)
        advance(match, lambda g: _turns(g) >= 6 and g.phase is Phase.START)
        board = make("board", app, match)
        app.push(board)
        seat = match.humans[-1]
        app.push(make("cover", app, match, seat, lambda: make("notebook", app, match, seat), optional=True,
                      reason=_("Your cards and notebook are next.")))
        return
    # the reports: a game (seed + 3: 6 by default) whose person's report has every part
    match = Match(app.board, quick_setup(seed + 3 if scene.startswith("report") else seed))
    human = match.humans[0]
    if scene in ("game-over", "report", "report-computer"):
        advance(match, lambda g: False, limit=20000)
        board = make("board", app, match)
        app.push(board)
        over = make("game_over", app, match)
        app.push(over)
        if scene != "game-over":     # a detective report: the person's (one person: no cover) or a computer's
            seat = human if scene == "report" else next(s for s in range(len(match.suspects)) if s != human)
            over.guard.update(10.0)
            over.update(0.0)
            over.open_report(seat)
        return
    if scene == "suggestion":
        advance(match, lambda g: g.turn == human and g.phase is Phase.SUGGEST and _turns(g) > 4)
        board = make("board", app, match)
        board.auto_suggested = board.turn_no
        app.push(board)
        picker = make("picker", app, board, "suggest")
        picker.pick("suspect", picker.items["suspect"][3])
        picker.focus.focus_on(picker.items["weapon"][2])
        app.push(picker)
        return
    if scene in ("board-tv", "board-crowded"):   # couch mode; every token and weapon in one room
        _couch(app, scene, seed)
        return
    if scene == "nobody-banner":      # nobody could show a card: the banner across the table, at rest
        from game.rules.events import NobodyDisproved

        advance(match, lambda g: g.turn == human and g.phase is Phase.START and _turns(g) >= 9)
        board = make("board", app, match)
        app.push(board)
        board.queue.append(NobodyDisproved(player=match.game.turn))
        board.update(0.05)
        board.update(0.5)
        return
    if scene == "pause-menu":         # the pause menu over a game in progress
        advance(match, lambda g: g.turn == human and g.phase is Phase.START and _turns(g) >= 9)
        board = make("board", app, match)
        app.push(board)
        app.push(make("menu", app, board))
        return
    if scene == "show-card":          # a card to show, the first one you may show chosen already
        advance(match, lambda g: g.phase is Phase.DISPROVE and g.actor == human
                and sum(c in g.seats[human].hand for c in g.suggestion.cards) >= 2, limit=20000)
        board = make("board", app, match)
        app.push(board)
        app.push(make("disprove", app, board, human))
        return
    if scene in ("accuse", "why-not", "accuse-confirm"):
        advance(match, lambda g: g.turn == human and g.phase is Phase.START and _turns(g) >= 9)
        board = make("board", app, match)
        app.push(board)
        if scene in ("accuse", "accuse-confirm"):     # the accuser's own cards marked (one person: no cover)
            picker = make("picker", app, board, "accuse", marks=True)
            app.push(picker)
            if scene == "accuse-confirm":             # Accuse! pressed: the last question, the three cards shown
                for cat, c in zip(("suspect", "weapon", "room"), ("mustard", "candlestick", "conservatory"), strict=True):
                    picker.pick(cat, next(b for b in picker.items[cat] if b.data == c))
                picker.confirm()
            return
        board.do(Roll())
        _settle(board)
        g = match.game
        far = next(sq for sq in sorted(g.board.corridor, key=lambda q: -abs(q[0] - 12) - abs(q[1] - 12))
                   if sq not in g.moves() and sq not in g.occupied())
        board._explain_board_click(board.view.dest_point(far))   # "That square is too far away"
        return
    advance(match, lambda g: g.turn == human and g.phase is Phase.START and _turns(g) >= 9)
    book = match.notebooks[human]
    for card, mark in (("plum", "X"), ("rope", "?"), ("library", "X"), ("knife", "✓")):
        book[card] = mark
    board = make("board", app, match)
    app.push(board)
    if scene == "notebook":
        nb = make("notebook", app, match, human)
        nb.focus.focus = 4
        nb.focus.set(nb.focus.buttons)
        app.push(nb)
        return
    if scene == "notebook-hints":     # hints mode: three hints revealed, the first one's row focused
        advance(match, lambda g: g.turn == human and g.phase is Phase.START and _turns(g) >= 40)
        match.notebook_mode = "hints"
        nb = make("notebook", app, match, human)
        for _i in range(3):
            nb.next_hint()
        first = next((r for r in nb.rows if match.hints_seen[human] and r.data == match.hints_seen[human][0]),
                     nb.hint_button)
        nb.focus.focus_on(first)
        app.push(nb)
        return
    board.do(Roll())
    _settle(board)
    board.update(0.3)


def _until_moment(app, table, limit: int = 3000) -> None:
    """Step ``app`` (60 frames a second) until a moment is on top of ``table``."""
    for _i in range(limit):
        if app.top is not table and getattr(app.top, "moment", False):
            return
        app.step(1 / 60, draw=False)
    raise RuntimeError("no moment came")


def build_moment(app, scene: str, seed: int = 3) -> None:
    """The big moments of :data:`MOMENT_SCENES`, each at the first frame of
    its animation, at a table of computer players: a suggestion's cut-in; the
    question going round (the cards at rest); a correct and a wrong
    accusation, in the board game and in the card game."""
    from game.rules.actions import Accuse, Suggest

    if scene.startswith("card-"):
        _card_moment(app, scene, seed)
        return
    setup = GameSetup(seats=tuple(SeatConfig(s, "computer", "medium") for s in ("scarlet", "mustard", "white",
                                                                                 "peacock")), seed=seed)
    match = Match(app.board, setup)
    g = match.game
    if scene in ("suggestion-cutin", "question-round"):
        advance(match, lambda game: game.phase is Phase.SUGGEST and _round_pick(game) is not None, limit=20000)
        pick = _round_pick(g)
        assert pick is not None          # advance stopped at a turn that has one
        s, w, room = pick
        board = make("board", app, match)
        app.push(board)
        board.do(Suggest(s, w))
        board.update(0)
        if scene == "question-round":        # the cards have slid in: the question starts going round
            board.anim.skip()
            board.update(0)
        return
    advance(match, lambda game: _turns(game) >= 6 and game.phase is Phase.START)
    wrong = next(Accuse(s, w, r) for s in ("plum", "green", "scarlet") for w in ("rope", "knife", "wrench")
                 for r in ("hall", "study", "lounge") if not {s, w, r} & set(g.envelope))
    events = g.apply(Accuse(*g.envelope) if scene == "case-solved" else wrong)
    board = make("board", app, match)
    app.push(board)
    board.queue.extend(events)
    _until_moment(app, board)


def _round_pick(g) -> tuple[str, str, str] | None:
    """A suggestion in the turn player's room that the next seat cannot
    answer and the one after can (a shake, then a glow), or None."""
    room = g.room_of(g.turn)
    n = len(g.seats)
    for s, w in (("plum", "rope"), ("green", "knife"), ("plum", "wrench"), ("white", "lead_pipe")):
        named = {s, w, room}
        if not named & set(g.seats[(g.turn + 1) % n].hand) and named & set(g.seats[(g.turn + 2) % n].hand):
            return s, w, room
    return None


def _card_moment(app, scene: str, seed: int) -> None:
    """The card game's accusation moments, and its "Nobody can show a card!"
    (a question about the Crime location and a card of the asker's own
    hand, which nobody else can answer) at its first frame (see :func:`build_moment`)."""
    from game.cardgame.engine import Accuse as CardAccuse
    from game.cardgame.engine import Ask, Decline
    from game.cardgame.engine import Phase as CardPhase
    from game.ui.screenshots.card_screens import card_advance, card_match

    match = card_match(seed, humans=0)
    g = match.game
    card_advance(match, lambda game: game.phase is CardPhase.ASK and len(game.events) > 30)
    if scene == "card-nobody":
        table = make("card_table", app, match)
        app.push(table)
        table.do(Ask(g.crime[2], sorted(g.hands[g.actor])[0]))
        for _i in range(3000):
            if table.banner is not None:
                return
            app.step(1 / 60, draw=False)
        raise RuntimeError("no banner came")
    persons, weapons, locations = g.view(0).piles
    s, w, r = g.crime
    triple = g.crime if scene == "card-solved" else (next(p for p in persons if p != s), w, r)
    events = g.apply(CardAccuse(*triple))
    while not g.over and g.phase is CardPhase.JOIN:
        events += g.apply(Decline())
    table = make("card_table", app, match)
    app.push(table)
    table.queue.extend(events)
    _until_moment(app, table)


def _couch(app, scene: str, seed: int) -> None:
    """``board-tv``: the board in the TV layout (chosen in the settings, so at
    any window size) on a person's turn, the die rolled.  ``board-crowded``:
    six players, and every token and every weapon drawn in the Billiard Room
    (the shown places only: the game itself goes on as dealt)."""
    if scene == "board-tv":
        app.store.settings.layout = "tv"
    setup = GameSetup(seats=(SeatConfig("scarlet", "human"),) + tuple(
        SeatConfig(s, "computer") for s in ("mustard", "white", "green", "peacock", "plum")), seed=seed)
    match = Match(app.board, setup)
    advance(match, lambda g: g.turn == 0 and g.phase is Phase.START and _turns(g) >= 13)
    board = make("board", app, match)
    app.push(board)
    if scene == "board-crowded":
        board.shown_pos = {s: "billiard_room" for s in board.shown_pos}
        board.shown_weapons = {w: "billiard_room" for w in board.shown_weapons}
        return
    board.do(Roll())
    _settle(board)
    board.update(0.3)


def take_screenshot(app_class, path: str, scene: str = "title", size: tuple[int, int] = (1280, 720),
                    seed: int | None = None, map_path=None) -> int:
    """``run.py --screenshot``: render one frame of ``scene`` (one of
    :data:`SCENE_NAMES`) at ``size`` to the PNG file ``path`` with a new
    ``app_class`` (:class:`game.ui.app.App`, passed in so that this module
    does not import the app); returns the exit code (2 when the map cannot
    be loaded: the picture then shows the error screen, and stderr says why).  Sound off, computer players on this
    thread, nothing read or written on disk unless asked: ``CLUE_LANG`` and
    ``CLUE_TEXT_SIZE`` choose the language and text size, ``CLUE_SAVE_PATH``
    an autosave (a title with Continue or a damaged-file message) and
    ``CLUE_SETTINGS_PATH`` a settings file to read instead; ``CLUE_SHOT_AT``
    (simulated seconds, default 0) steps the scene that long at 60 frames a
    second before the capture, so an animation can be shown as a strip of
    frames (``tools/strip.py``)."""
    import os

    import pygame

    from game.storage import paths
    from game.storage.settings import Settings

    shot = Settings(language=os.environ.get("CLUE_LANG", "en"), text_size=os.environ.get("CLUE_TEXT_SIZE", "normal"))
    shot_save = os.environ.get("CLUE_SAVE_PATH") or None
    shot_settings = os.environ.get("CLUE_SETTINGS_PATH") or None
    app = app_class(size=size, seed=seed, map_path=map_path or paths.MANSION_MAP, sound=False, threaded_ai=False,
                    settings=None if shot_settings else shot, settings_path=shot_settings, save_path=shot_save,
                    speed=1.0)
    try:
        build_scene(app, scene, seed if seed is not None else 3)
    except Exception as exc:  # keep the promise: a PNG, and a clear message
        log.error(f"Cannot build the {scene} scene: {exc}")
        raise
    for _frame in range(round(float(os.environ.get("CLUE_SHOT_AT") or 0) * 60)):
        app.step(1 / 60)
    app.draw()
    app.window.present()
    app.window.save_png(path)
    app.close()
    pygame.quit()
    return 2 if app.map_error else 0
