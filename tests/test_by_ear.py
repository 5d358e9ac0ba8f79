"""A whole game played by ear: what a listener who cannot read needs to hear
to know the next press, found by playing with the screen unseen and only the
spoken lines (``--speech-log``) to go by."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.ui.shell.input import Intent, Kind  # noqa: E402
from game.ui.shell.registry import is_scene  # noqa: E402
from game.ui.shell.registry import make as make_scene  # noqa: E402
from game.ui.voice import speech  # noqa: E402
from tests.test_speech import new_app, said, steps  # noqa: E402


def press(app, kind: Kind, frames: int = 1) -> None:
    app.router.handle(Intent(kind, "keyboard"))
    steps(app, frames)


def new_game(app):
    """The title's New game opened: its scene."""
    steps(app, 1)
    press(app, Kind.DOWN)
    press(app, Kind.CONFIRM)
    assert is_scene(app.top, "setup")
    return app.top


def test_new_game_says_what_a_row_does_and_who_plays_each_seat():
    app = new_app(read_aloud=True)
    new_game(app)
    assert said(app)[-3:] == ["New game.", "Press a name to pick another suspect, Person or Computer to switch, "
                              "and a level to make a computer player easier or harder.",
                              "Seat 1 — Miss Scarlet — Person — press Enter"]
    press(app, Kind.DOWN)
    assert said(app)[-1] == "Seat 2 — Colonel Mustard — Computer — Easy — press Enter"   # the Play row's level
    app.close()


def test_each_seats_remove_button_is_named_so_moving_down_the_column_is_heard():
    app = new_app(read_aloud=True)
    setup = new_game(app)
    setup.focus.focus_on(setup.row_buttons[0][-1])
    steps(app, 1)
    heard = [said(app)[-1]]
    for _row in range(3):
        press(app, Kind.DOWN)
        heard.append(said(app)[-1])
    assert heard == ["Miss Scarlet — Remove — press Enter", "Colonel Mustard — Remove — press Enter",
                     "Mrs. White — Remove — press Enter", "Mrs. Peacock — Remove — press Enter"]
    app.close()


def test_the_speech_log_has_every_sentence_begun_with_its_kind(tmp_path):
    path = tmp_path / "said.tsv"
    speech.log_to(str(path))
    try:
        app = new_app(read_aloud=True)
        new_game(app)
        app.speech.driver.hold = True          # a line being spoken, then a press cuts it short
        app.speech.say("Colonel Mustard walks into the Kitchen.")
        steps(app, 1)
        app.speech.pressed()
        app.close()
    finally:
        speech.said_log.removeHandler(speech._said_to)
        speech._said_to.close()
        speech._said_to = None
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()]
    assert [r[1:] for r in rows] == [["en", "prompt", "Clue"], ["en", "focus", "Play — Easy — press Enter"],
                                     ["en", "focus", "New game — press Enter"], ["en", "prompt", "New game."],
                                     ["en", "prompt", said(app)[-3]],
                                     ["en", "focus", "Seat 1 — Miss Scarlet — Person — press Enter"],
                                     ["en", "news", "Colonel Mustard walks into the Kitchen."], ["en", "cut", ""]]
    assert all(float(r[0]) >= 0 for r in rows)


# ------------------------------------------------------------ walking by ear
def _moving(lang: str = "en", stop=None, clock=None):
    """A solo board game (tests/test_speech.py's seed 3) at Miss Scarlet's move,
    her cursor left on the 8th place by an earlier turn; lines timed on ``clock`` when given."""
    from game.rules.engine import Phase
    from tests.test_speech import one_person

    app = new_app(read_aloud=True, language=lang)
    if clock is not None:
        app.speech.driver = speech.TimedDriver(clock)
    board = one_person(app, stop or (lambda g: g.phase is Phase.MOVE and g.actor == 0
                                     and any(isinstance(d, str) for d in g.moves())))
    board.cursor = 7
    return app, board


def test_a_roll_that_reaches_a_room_says_how_to_choose_and_names_the_room_first():
    """Miss Scarlet at (8, 18) rolled 4: the Lounge can be entered.  The
    prompt says how to choose (the arrows were never named), and the cursor
    starts on the room, not where an earlier turn left it."""
    app, board = _moving()
    steps(app, 3)
    assert board.game.positions["scarlet"] == (8, 18) and "lounge" in board.game.moves()
    assert said(app)[-4:] == ["Pick a lit square or room.",
                              "Use the arrow keys to hear each place, then press Enter to go there.",
                              "Press Tab to choose a room to head for.",
                              "The Lounge — you can go in — press Enter"]
    press(app, Kind.CONFIRM)
    steps(app, 60)
    assert board.game.positions["scarlet"] == "lounge"
    app.close()


def test_a_press_while_the_prompt_is_spoken_drops_the_rest_of_it_for_the_focused_place():
    """The voice kept pace with the presses: Right during "Pick a lit square
    or room." names the next place at once, not after the prompt's second sentence."""
    from tests.test_speech import Clock, _run

    clock = Clock()
    app, board = _moving(clock=clock)
    driver = app.speech.driver
    _run(app, clock, 60, until=lambda: driver.lines[-1:] == ["Pick a lit square or room."])
    app.router.handle(Intent(Kind.RIGHT, "keyboard"))
    steps(app, 1, dt=0)
    _run(app, clock, 30, until=lambda: not app.speech.speaking and not app.speech.waiting)
    after = driver.lines[driver.lines.index("Pick a lit square or room.") + 1:]
    assert len(after) == 1 and after[0].startswith("Square ") and after[0].endswith(" steps away — press Enter")
    assert driver.heard[-1].whole
    app.close()


def test_an_arrow_that_goes_nowhere_is_heard():
    """Down on the title's last button moved nothing and was silent: it now
    plays the soft sound and says the button's name again."""
    app = new_app(read_aloud=True)
    played: list[str] = []
    app.play = played.append
    steps(app, 1)
    for _i in range(20):                    # to the last button (the title has fewer than 20)
        before = app.top.focus.focused
        press(app, Kind.DOWN)
        if app.top.focus.focused is before:
            break
    last = app.top.focus.focused.spoken()
    assert said(app)[-2:] == [last, last] and played[-1:] == ["nope"]
    app.close()


# ------------------------------------------------------------ heard at normal speed
def _timed_table(stop, kinds=("human", "computer", "computer", "computer"), actions: int | None = None):
    """A board game (seed 3: Miss Scarlet, Colonel Mustard, Mrs. White, Mr. Green) at normal
    speed, read aloud on, its lines timed on a simulated clock, played to ``stop`` (or to
    ``actions`` actions): (app, board, clock)."""
    from game.rules.setup import GameSetup, SeatConfig
    from game.ui.board.match import Match
    from game.ui.screenshots.screens import advance
    from tests.test_speech_gaps import Clock, timed_app

    clock = Clock()
    app = timed_app(clock)
    names = ("scarlet", "mustard", "white", "green")
    match = Match(app.board, GameSetup(seats=tuple(map(SeatConfig, names, kinds)), seed=3))
    count = [0]

    def enough(g) -> bool:
        count[0] += 1
        return stop(g) if actions is None else count[0] > actions
    advance(match, enough)
    board = make_scene("board", app, match)
    app.push(board)
    return app, board, clock


def test_no_stale_button_is_named_between_the_answers_of_a_suggestion():
    """Suggest pressed on the board, the picks made by ear, Suggest!: while
    the others answer, the board's buttons are not the thing to do, so no
    "Suggest — press Enter" is heard between the answers.  Every frame is drawn, as in a window."""
    from functools import partial

    from game.rules.engine import Phase
    from tests import test_speech_gaps

    run, settle = partial(test_speech_gaps.run, draw=True), partial(test_speech_gaps.settle, draw=True)

    app, board, clock = _timed_table(lambda g: g.phase is Phase.SUGGEST and g.actor == 0)
    settle(app, clock)
    assert is_scene(app.top, "picker")             # opened by itself on entering the room
    press(app, Kind.BACK)                           # closed: the board's Suggest button, focused
    settle(app, clock)
    assert said(app)[-1] == "Suggest — press Enter"
    press(app, Kind.CONFIRM)
    for _pick in range(3):                          # Miss Scarlet, the Candlestick, Suggest!
        settle(app, clock)
        press(app, Kind.CONFIRM)
    assert not is_scene(app.top, "picker")
    run(app, clock, 120, until=lambda: app.top is not board or board.human_to_act)
    settle(app, clock)
    lines = said(app)
    after = lines[len(lines) - lines[::-1].index("Suggest! — press Enter"):]
    assert after[:2] == ["I suggest it was Miss Scarlet, with the Candlestick, in the Hall.",     # the picks' sentence
                         "Miss Scarlet suggests it was Miss Scarlet, with the Candlestick, in the Hall."]
    assert "Mrs. White shows Miss Scarlet a card in secret." in after
    assert [line for line in after if " — press " in line] == [app.top.speech_focus()]   # the card's Done
    assert all(h.whole for h in app.speech.driver.heard[-len(after):])
    app.close()


def test_the_end_screens_two_sentences_are_spoken_once():
    """Mr. Green's winning accusation: the verdict says who solved it and the
    three cards; the game-over screen that follows does not say them again."""
    from tests.test_speech_gaps import run

    app, board, clock = _timed_table(None, actions=195)
    run(app, clock, 90, until=lambda: is_scene(app.top, "game_over") and app.top.focus.focused is not None
        and not app.speech.waiting and not app.speech.speaking)
    over = app.top
    assert is_scene(over, "game_over") and over.title == "Mr. Green solved the case!"
    lines = said(app)
    assert lines.count("Mr. Green solved the case!") == 1
    assert lines.count("It was Colonel Mustard, with the Wrench, in the Hall.") == 1
    assert lines[-1] == "Recap — press Enter"
    app.close()


# ------------------------------------------------------------ the suggestion picker by ear
def _entered_room(people: str = "one"):
    """A board game (seed 3, fast speed) where Miss Scarlet has just walked into the Hall,
    her suggestion picker open by itself: (app, board, picker).  ``people``: "one" (three
    computers) or "two" (Mrs. White is a person too: covers in use)."""
    from game.rules.engine import Phase
    from tests.test_speech import one_person, two_people

    app = new_app(read_aloud=True)
    table = one_person if people == "one" else two_people
    board = table(app, lambda g: g.phase is Phase.SUGGEST and g.actor == 0)
    for _i in range(200):                           # bounded: the picker opens once the walk is shown
        if is_scene(app.top, "picker"):
            break
        steps(app, 1)
    steps(app, 30)                                  # past its guard: the arrows move
    return app, board, app.top


def test_the_suggestion_picker_says_what_to_do_and_each_card_in_the_notebooks_words_alone():
    from game.rules.cards import SUSPECTS, WEAPONS

    app, board, picker = _entered_room()
    assert board.game.room_of(0) == "hall" and picker.private          # alone: her own screen
    assert "Make a suggestion: pick a suspect, then a weapon. The room is the one you stand in: the Hall." \
        == " ".join(said(app)[-3:-1])
    hand, facts = board.game.seats[0].hand, board.match.facts(0)
    words = {b.data: b.spoken() for b in picker.items["suspect"] + picker.items["weapon"]}
    assert set(words) == set(SUSPECTS) | set(WEAPONS)
    held = [c for c in words if c in hand]
    assert held and all(words[c].endswith(" — ticked — In my hand") for c in held)
    for c, why in facts.items():
        if why.startswith("shown:") and c in words:
            assert words[c].endswith(" — ticked — Shown by " + board.match.seat_name(int(why[6:])))
    doubt = [c for c in words if c not in facts]
    assert doubt and all(words[c].endswith(" — no mark") for c in doubt)   # no mark of hers yet: in doubt
    board.match.notebooks[0][doubt[0]] = "?"
    picker._say_notes(board.match)
    marked = next(b for b in picker.items["suspect"] + picker.items["weapon"] if b.data == doubt[0])
    assert marked.spoken().endswith(" — maybe")
    for _i in range(8):                             # each card, as the arrows reach it
        press(app, Kind.RIGHT)
        assert said(app)[-1] == picker.focus.focused.spoken()
    app.close()


def test_at_a_hot_seat_table_the_suggestion_picker_says_no_notes():
    from game.ui.shell.i18n import card

    app, board, picker = _entered_room("two")
    assert not picker.private
    for _i in range(8):
        press(app, Kind.RIGHT)
        assert said(app)[-1] == picker.focus.focused.spoken() == card(picker.focus.focused.data) + " — person"
    assert all(" — In my hand" not in line and " — no mark" not in line and " — Shown by" not in line
               for line in said(app))
    assert "Make a suggestion: pick a suspect, then a weapon." in said(app)
    app.close()


def _hints_notebook():
    """Alone at the table (seat 0, 120 events in), Hints on, her notebook open: (app, board, notebook)."""
    from game.rules.engine import Phase
    from tests.test_speech import one_person

    app = new_app(read_aloud=True)
    board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 120)
    board.match.notebook_mode = "hints"
    steps(app)
    board.open_notebook(0)
    steps(app, 2)
    return app, board, app.top


def test_a_blue_rows_why_is_spoken_when_the_focus_reaches_it():
    """The notebook's hints: All hints says to move to a blue row (keyboard,
    pad) or point at it (mouse); the arrows onto a blue row speak its reason."""
    app, board, book = _hints_notebook()
    assert is_scene(book, "notebook") and len(book.hints()) >= 2
    book.focus.focus_on(book.all_button)
    steps(app, 1)
    press(app, Kind.CONFIRM, 2)
    assert said(app)[-2] == f"{len(book.hints())} new hints are marked in blue."
    assert said(app)[-1] == "Move to a blue row, or point at it, to read why."
    blue = {h.card: h.reason for h in book.hints()}
    heard = {}
    for kind in [Kind.UP] * 10 + [Kind.LEFT] + [Kind.DOWN] * 12:   # every row of the two columns, bounded
        press(app, kind)
        row = book.focus.focused
        if row.data in blue:
            heard[row.data] = said(app)[-1]
    assert set(heard) == set(blue) and all(line.endswith(". " + blue[c]) for c, line in heard.items())
    app.close()


@pytest.mark.parametrize("mode", ["suggest", "accuse"])
def test_the_pickers_say_each_card_in_the_notebooks_own_words_hints_included(mode):
    """Alone, with Hints: once All hints revealed "Held by Colonel Mustard" in the
    notebook, both pickers say it of that card too (they said "— no mark"), and
    the accusation says "ticked" as the notebook does (it said "crossed out")."""
    app, board, book = _hints_notebook()
    book.all_hints()
    steps(app, 2)
    why = {row.data: ". " + h.reason if (h := book.shown_hint(row.data)) else "" for row in book.rows}
    notebook = {row.data: row.spoken().removesuffix(why[row.data]) for row in book.rows}   # without a blue row's why
    held = {h.card for h in book.hints() if h.holder is not None}
    book.done()
    steps(app, 2)
    picker = make_scene("picker", app, board, mode, marks=mode == "accuse")
    app.push(picker)
    steps(app, 2)
    words = {b.data: b.spoken() for row in picker.items.values() for b in row}
    assert held & set(words), "the game should have given a 'Held by' hint about a card of this picker"
    assert all(" — Held by " in words[c] for c in held & set(words))
    assert words == {c: notebook[c] for c in words}
    assert not any("crossed out" in w for w in words.values())
    app.close()


def test_a_listener_picks_the_room_to_head_for_and_each_square_counts_the_steps_to_it():
    """Tab (LB on a pad) while choosing where to go: the rooms nearest first,
    each said with its distance; the cursor goes to the lit place nearest to
    it, and every square then counts the steps to that room, not to its nearest."""
    import pygame

    from game.ai.levels import distances_to
    from game.ui.shell import prompts
    from game.ui.shell.input import JOY_BUTTONS, PAD_BUTTONS
    from tests.inputs import key

    app, board = _moving()
    steps(app, 3)
    assert said(app)[-2] == "Press Tab to choose a room to head for."
    assert prompts.fmt("Press {room} to choose a room to head for.", pad=True) == \
        "Press LB to choose a room to head for."
    assert PAD_BUTTONS[pygame.CONTROLLER_BUTTON_LEFTSHOULDER] is Kind.ROOM and JOY_BUTTONS[4] is Kind.ROOM
    n = len(said(app))
    key(app, pygame.K_TAB, draw=False)       # the nearest room is the Lounge, in reach: the cursor is on it already
    assert board.target == "lounge" and said(app)[n:] == ["The Lounge — you can go in — press Enter"]
    key(app, pygame.K_TAB, draw=False)
    assert board.target == "dining_room"
    assert said(app)[-1] == ("The Dining Room: 5 steps away, out of reach this turn. Square 3 of 14: up and left; "
                             "the Dining Room is 1 step away — press Enter")
    dests = list(board.game.moves())
    far = distances_to(board.game.board, "dining_room")
    assert far[dests[board.cursor]] == min(far.get(d, 99) for d in dests if not isinstance(d, str)) == 1
    press(app, Kind.DOWN)                    # an arrow: the squares count the steps to the Dining Room still
    assert said(app)[-1].startswith("Square ") and "; the Dining Room is " in said(app)[-1]
    assert "out of reach" not in said(app)[-1]
    press(app, Kind.UP)
    press(app, Kind.CONFIRM)
    steps(app, 60)
    assert far[board.game.positions["scarlet"]] == 1     # in front of the Dining Room's door
    app.close()


def test_the_room_to_head_for_leads_the_way_again_at_the_next_roll():
    """A room chosen with Tab and not reached this turn is kept: at the person's next roll the
    cursor goes to the lit place nearest to it and the room is named again, without a Tab."""
    import pygame

    from game.ui.board.panels import nearest_to
    from tests.inputs import key

    app, board = _moving()
    steps(app, 3)
    key(app, pygame.K_TAB, draw=False)
    key(app, pygame.K_TAB, draw=False)
    assert board.target == "dining_room"
    press(app, Kind.CONFIRM)                     # one step short of the Dining Room's door
    g = board.game
    to_next_roll(app, board)
    steps(app, 3)
    dests = list(g.moves())
    assert board.target == "dining_room"
    assert board.move_cursor() == nearest_to(g.board, dests, "dining_room")
    assert any("Dining Room" in line for line in said(app)[-3:]), said(app)[-3:]
    app.close()


def test_a_room_to_head_for_is_given_up_when_the_person_walks_elsewhere():
    """A room chosen with Tab, then a lit square away from it chosen instead: the room is given
    up, so at the next roll Enter does not lead back towards it (the cursor starts on the best
    choice from where the person stands, as with no room chosen)."""
    import pygame

    from game.ai.levels import distances_to
    from game.ui.board.panels import first_choice, nearest_to
    from tests.inputs import key

    app, board = _moving()
    steps(app, 3)
    key(app, pygame.K_TAB, draw=False)
    key(app, pygame.K_TAB, draw=False)
    assert board.target == "dining_room"
    g = board.game
    dests = list(g.moves())
    far = distances_to(g.board, "dining_room")
    away = max((d for d in dests if not isinstance(d, str)), key=lambda d: far.get(d, 99))
    assert dests[nearest_to(g.board, dests, "dining_room")] != away
    board.choose(away)
    assert board.target is None
    to_next_roll(app, board)
    steps(app, 3)
    dests = list(g.moves())
    assert board.target is None
    assert board.move_cursor() == first_choice(g.board, g.positions["scarlet"], dests)
    app.close()


def to_next_roll(app, board) -> None:
    """From a person's walk (seat 0, just made): the others' turns, then her next
    roll, ending each of her turns she can end; stops in her next move phase."""
    from game.rules.actions import EndTurn, Roll
    from game.rules.engine import Phase

    g = board.game
    walked = len(g.events)
    for _ in range(4000):                        # bounded: the others' turns, then her next roll
        steps(app, 1)
        if board.human_to_act and not board.busy and app.top is board:
            if g.phase is Phase.MOVE and len(g.events) > walked:
                break
            if g.phase is Phase.START and g.can_roll():
                board.do(Roll())
            elif g.phase is not Phase.MOVE:
                board.do(EndTurn())
    assert g.phase is Phase.MOVE and g.actor == 0 and len(g.events) > walked


def test_a_room_to_head_for_is_named_when_the_lit_place_nearest_to_it_is_another_room():
    """From the start the Lounge is in reach, and its secret passage makes it the lit place
    nearest to the Conservatory: choosing the Conservatory names it, then the Lounge to go in."""
    import pygame

    from tests.inputs import key

    app, board = _moving()
    steps(app, 3)
    for _ in range(9):                        # the rooms round, nearest first; bounded
        key(app, pygame.K_TAB, draw=False)
        if board.target == "conservatory":
            break
    assert board.target == "conservatory" and list(board.game.moves())[board.cursor] == "lounge"
    assert said(app)[-1].startswith("The Conservatory: "), said(app)[-1]
    # and why the cursor is on another room: its secret passage
    assert said(app)[-1].endswith("out of reach this turn. The Lounge has a secret passage to the Conservatory. "
                                  "The Lounge — you can go in — press Enter")
    app.close()


def test_the_room_to_head_for_is_said_in_spanish_and_catalan():
    import pygame

    from tests.inputs import key

    for lang, words in (("es", "El Comedor: a 5 pasos, fuera de tu alcance en este turno. Casilla 3 de 14"),
                        ("ca", "El Menjador: a 5 passos, fora del teu abast aquest torn. Casella 3 de 14")):
        app, board = _moving(lang)
        steps(app, 3)
        key(app, pygame.K_TAB, draw=False)
        key(app, pygame.K_TAB, draw=False)
        assert said(app)[-1].startswith(words), said(app)[-1]
        app.close()


def test_the_walking_examples_in_the_read_aloud_guide_are_lines_the_game_says():
    """docs/read-aloud.md quotes the squares as the focus line says them: the
    English template, a way the game uses, and the button at the end."""
    import re
    from pathlib import Path

    from game.ui.board.panels import WAYS

    text = " ".join(Path(__file__).resolve().parent.parent.joinpath("docs", "read-aloud.md")
                    .read_text(encoding="utf-8").split())
    quoted = re.findall(r"\"(Square [^\"]*)\"", text)
    assert quoted
    ways = "|".join(sorted(map(re.escape, WAYS.values()), key=len, reverse=True))
    line = re.compile(rf"Square (\d+) of (\d+): ({ways}); the [A-Z][a-z]+( Room)? is (\d+) steps? away — press Enter")
    for example in quoted:
        m = line.fullmatch(example)
        assert m is not None, example
        assert int(m.group(1)) <= int(m.group(2)) and (m.group(5) == "1") == example.endswith(" step away — press Enter")


# ------------------------------------------------------------ smaller words
def test_a_hint_note_ending_in_a_mark_is_not_followed_by_a_full_stop():
    from game.learning.hints import Hint

    app, board, book = _hints_notebook()
    row = next(r for r in book.rows if r.data not in book.auto)
    book._found = {row.data: Hint(row.data, True, None, "It must be in the envelope.")}   # an envelope hint
    book.revealed.append(row.data)
    rows = [row]
    assert rows and not any("!." in r.spoken() or ".." in r.spoken() for r in rows)
    envelope = [r.spoken() for r in rows if book.shown_hint(r.data).envelope]
    assert all(" — In the envelope! " in line for line in envelope)
    app.close()


@pytest.mark.parametrize("lang, start", [("es", "Tus cartas: "), ("ca", "Les teves cartes: ")])
def test_your_cards_are_read_with_their_articles(lang, start):
    """"Tus cartas: la Soga, la Cocina y el Coronel Rubio." (it was "Soga, Cocina y Coronel Rubio")."""
    from game.rules.engine import Phase
    from game.ui.shell.i18n import card
    from tests.test_speech import one_person

    app = new_app(read_aloud=True, language=lang)
    board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    steps(app)
    book = make_scene("notebook", app, board.match, 0)
    name = book.speech_name()
    assert start in name and all(card(c, "the") in name for c in board.game.seats[0].hand)
    app.close()


def test_the_spanish_picker_says_which_room_in_plain_words():
    from game.ui.shell.i18n import fmt, set_language

    set_language("es")
    try:
        assert fmt("The room is the one you stand in: {room_the}.", room="hall") == \
            "La habitación es la que pisas: el Vestíbulo."
    finally:
        set_language("en")


# ------------------------------------------------------------ a computer's turn, heard in order
def _heard_turn(found):
    """Seed 3 (Miss Scarlet a person, three computers, Hints), played by stand-ins to the first
    action whose events make ``found(match, events)`` true; the board is then opened at the start
    of that turn (as the table shows it: the turn's events one by one, read aloud at normal speed)
    and run until Miss Scarlet is to act and all is said: the lines heard from the board's opening."""
    from game.ai.simple import make_player
    from game.rules import events as ev
    from game.rules.setup import GameSetup, SeatConfig
    from game.ui.board.match import Match
    from tests.test_speech_gaps import Clock, run, timed_app

    clock = Clock()
    app = timed_app(clock)
    seats = tuple(map(SeatConfig, ("scarlet", "mustard", "white", "green"), ("human", "computer", "computer",
                                                                              "computer")))

    def actions(match, count):
        g = match.game
        stand_in = {i: make_player("simple", 1000 + i) for i in range(len(g.seats))}
        for _i in range(count):
            events = g.apply(match.players.get(g.actor, stand_in[g.actor]).choose(g.view(g.actor),
                                                                                  g.legal_actions()))
            for e in events:
                match.add_log(e)
            yield events

    probe, turn = Match(app.board, GameSetup(seats=seats, seed=3)), 0
    for i, events in enumerate(actions(probe, 3000)):
        if any(isinstance(e, ev.TurnStarted) for e in events):
            turn = i                     # the action that ends the turn before: the table shows the new one
        if found(probe, events):
            break
    else:
        raise AssertionError("never found")
    match = Match(app.board, GameSetup(seats=seats, seed=3))
    for _events in actions(match, turn):
        pass
    board = make_scene("board", app, match)
    app.push(board)
    before = len(said(app))
    sp = app.speech
    run(app, clock, 120, until=lambda: board.human_to_act and not board.busy and not sp.speaking and not sp.waiting)
    lines = said(app)[before:]
    app.close()
    return lines


def test_you_can_accuse_now_is_said_after_the_answers_that_make_it_so():
    """Mr. Green's suggestion nobody can answer names the envelope in Miss Scarlet's notebook:
    the suggestion and its answer are heard first, then "You can accuse now"."""
    from game.ui.bases.notebook import accuse_ready

    lines = _heard_turn(lambda match, events: accuse_ready(match, 0))
    nobody = "Mr. Green suggests Colonel Mustard, with the Wrench, in the Hall; nobody can show a card."
    accuse = "You can accuse now: Colonel Mustard, the Wrench, the Hall."
    assert nobody in lines and accuse in lines
    assert lines.index(nobody) < lines.index(accuse)


def test_a_persons_token_pulled_into_a_room_is_said_on_a_computers_turn():
    """Mr. Green suggests Miss Scarlet (a person's token) in the Lounge: her token is pulled in,
    and she hears it said, right after the suggestion."""
    from game.rules import events as ev

    lines = _heard_turn(lambda match, events: any(isinstance(e, ev.TokenSummoned) and e.suspect == "scarlet"
                                                  for e in events))
    suggestion = "Mr. Green suggests it was Miss Scarlet, with the Rope, in the Lounge."
    assert lines[lines.index(suggestion) + 1] == "Miss Scarlet is called into the Lounge."
