"""Read aloud, what a child who cannot read still missed: a computer's turn
told in one sentence, every screen and choice spoken, private lines kept to
their screen.  Simulated clocks only (:class:`game.ui.voice.speech.TimedDriver`)."""

from __future__ import annotations

import os
import statistics
from itertools import pairwise

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules import events as ev  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.storage.settings import Settings  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.draw import anim  # noqa: E402
from game.ui.shell.i18n import card  # noqa: E402
from game.ui.shell.input import Intent, Kind  # noqa: E402
from game.ui.shell.registry import is_scene, make  # noqa: E402
from game.ui.voice import speech

#: Seconds of one simulated frame.
DT = 1 / 30


class Clock:
    """Simulated seconds, moved on only by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def timed_app(clock: Clock, lang: str = "en", read_aloud: bool = True) -> App:
    """An app at normal speed, read aloud ``read_aloud``, its lines timed on ``clock``."""
    app = App(seed=11, sound=False, speed=anim.NORMAL, threaded_ai=False,
              settings=Settings(read_aloud=read_aloud, language=lang))
    app.start()
    app.speech.driver = speech.TimedDriver(clock)
    return app


def run(app: App, clock: Clock, seconds: float, until=lambda: False, draw: bool = False) -> None:
    """Step ``app`` for at most ``seconds`` simulated seconds, or until ``until()``
    (``draw``: each frame drawn too, as in a window)."""
    for _i in range(int(seconds / DT)):
        if until():
            return
        clock.now += DT
        app.step(DT, draw=draw)


def settle(app: App, clock: Clock, seconds: float = 60, draw: bool = False) -> None:
    """Step ``app`` (one frame at least) until nothing is said or waits to be, at most ``seconds``."""
    sp = app.speech
    run(app, clock, DT, draw=draw)
    run(app, clock, seconds, until=lambda: not sp.speaking and not sp.waiting and not sp.pending, draw=draw)


def computer_table(app: App, seed: int = 1):
    """Four Medium computer players at the board, pushed on ``app``."""
    names = ("scarlet", "mustard", "white", "green")
    board = make("board", app, Match(app.board, GameSetup(
        seats=tuple(SeatConfig(n, "computer", "medium") for n in names), seed=seed)))
    app.push(board)
    return board


def turn_marks(app: App, board, clock: Clock, turns: int) -> list[float]:
    """Simulated seconds at which each of the next ``turns`` turns began."""
    marks: list[float] = []
    play = board.presenter.play

    def timed_play(e):
        if isinstance(e, ev.TurnStarted):
            marks.append(clock.now)
        play(e)
    board.presenter.play = timed_play
    run(app, clock, 60.0 * turns, until=lambda: len(marks) > turns or board.game.over)
    return marks


# ------------------------------------------------------- a computer's turn
@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_a_computers_suggestion_and_its_answer_are_one_sentence(lang):
    clock = Clock()
    app = timed_app(clock, lang)
    try:
        board = computer_table(app)
        turn_marks(app, board, clock, 12)
        lines = app.speech.driver.lines
        expected = {"en": "Colonel Mustard suggests Professor Plum, with the Candlestick, in the Dining Room; "
                          "Mrs. White shows a card.",
                    "es": "El Coronel Rubio sugiere que fue el Profesor Mora, con el Candelabro, en el Comedor; "
                          "la Señora Blanco enseña una carta.",
                    "ca": "El Coronel Rubio suggereix el Professor Mora, amb el Canelobre, al Menjador; "
                          "la Senyora Blanco ensenya una carta."}[lang]
        assert expected in lines
        suggestions = [line for line in lines if " suggests " in line or " sugiere " in line or " suggereix " in line]
        assert len(suggestions) >= 4 and all(";" in line for line in suggestions)   # never the two lines
        assert not any("secret" in line for line in lines)
    finally:
        app.close()


def test_a_computer_turn_read_aloud_takes_at_most_six_seconds_at_normal_speed():
    """The median computer turn, read aloud on, normal speed (it was 6.7 s: a
    suggestion and the card shown were two sentences)."""
    for seed in (1, 2):
        clock = Clock()
        app = timed_app(clock)
        try:
            board = computer_table(app, seed)
            marks = turn_marks(app, board, clock, 30)
            turns = [b - a for a, b in pairwise(marks)]
            assert len(turns) == 30
            assert statistics.median(turns) <= 6.0, (seed, sorted(turns))
            assert not [h.text for h in app.speech.driver.heard[:-1] if not h.whole]   # none cut short (the
            # last one is still being said)
        finally:
            app.close()


# ------------------------------------------------------------ suggestions
def test_a_computers_suggestion_is_said_once_before_you_pick_a_card_to_show():
    """Alone against the computers: the suggestion you must answer is the
    table's line, said once (the picker of a card to show no longer repeats it)."""
    from tests.test_speech import new_app, one_person, said, steps
    from tests.test_ui import act_for_people, human_waiting

    app = new_app(read_aloud=True)
    try:
        board = one_person(app, lambda g: True)      # from the deal
        for _i in range(6000):                     # a computer's suggestion that seat 0 must answer
            if is_disproving(app):
                break
            if human_waiting(app):
                act_for_people(app)
            else:
                steps(app, 1)
        assert is_disproving(app)
        steps(app, 2)
        lines = said(app)
        asker = card(board.match.suspects[app.top.suggester])
        asked = [line for line in lines if line.startswith(f"{asker} suggests")]
        assert asked and asked[-1] in board.match.log       # the table's public line ...
        at = lines.index(asked[-1])
        assert lines[at + 1:at + 4] == [f"Pick the card {asker} will see.", f"Only {asker} will see it.",
                                        "Choose a card to show with Arrows, then press Enter."]   # and how
        assert not any(f"{asker} suggested" in line for line in lines)     # ... and not the picker's again
    finally:
        app.close()


def is_disproving(app) -> bool:
    from game.ui.board.private import DisproveScene
    return isinstance(app.top, DisproveScene)


def test_each_card_picked_is_spoken_and_then_the_suggestion_it_makes():
    from tests.test_choices import press, solo_picker
    from tests.test_speech import said

    app, board, picker = solo_picker("suggest")
    try:
        press(app, Kind.CONFIRM)                    # Miss Scarlet, focused first
        assert said(app)[-2:] == ["Miss Scarlet — picked", "Candlestick — weapon — ticked — In my hand"]
        press(app, Kind.CONFIRM)
        assert said(app)[-3:] == ["Candlestick — picked", "Suggest! — press Enter", picker.sentence()]
        assert picker.sentence().startswith("I suggest it was Miss Scarlet, with the Candlestick, in the ")
    finally:
        app.close()


# ------------------------------------------------------------ private screens
def _timed_shown_card(clock: Clock):
    """Alone at the table (normal speed, lines timed): Colonel Mustard shows Miss Scarlet the Rope."""
    from game.rules.engine import Phase
    from tests.test_speech import one_person

    app = timed_app(clock)
    board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    settle(app, clock)
    start = len(app.speech.driver.lines)
    board.presenter.card_shown(ev.CardShown(by=1, to=0, card="rope"))
    return app, board, start


def test_the_card_shown_to_you_is_said_before_its_button():
    clock = Clock()
    app, _board, start = _timed_shown_card(clock)
    try:
        run(app, clock, 5, until=lambda: app.top.flip.done)         # the card turns face up
        settle(app, clock)
        assert app.speech.driver.lines[start:] == [
            "Colonel Mustard shows you the Rope.", "So it is not in the envelope.", "Your notebook ticks it for you.",
            "Done — hide — press Enter"]
    finally:
        app.close()


def test_repeat_on_the_card_shown_to_you_says_the_card_never_the_line_before_it():
    clock = Clock()
    app, _board, start = _timed_shown_card(clock)
    try:
        driver = app.speech.driver
        run(app, clock, 10, until=lambda: driver.lines[-1:] == ["Colonel Mustard shows you the Rope."])
        app.router.handle(Intent(Kind.REPEAT, "keyboard"))     # back one: still the card, not the table's line
        settle(app, clock)
        lines = driver.lines[start:]
        assert lines[:2] == ["Colonel Mustard shows you the Rope.", "Colonel Mustard shows you the Rope."]
        assert lines.count("So it is not in the envelope.") == 1
    finally:
        app.close()


def test_repeat_on_a_private_screen_at_a_hot_seat_table_says_nothing():
    """Two people: the private screen is never spoken, and the repeat key there
    does not say the cover's line as if it were the screen's."""
    from tests.test_speech import _lift_cover, _shown_card_behind_cover, new_app, said, steps

    app = new_app(read_aloud=True)
    try:
        _shown_card_behind_cover(app)
        steps(app, 3)
        _lift_cover(app)
        before = list(said(app))
        app.router.handle(Intent(Kind.REPEAT, "keyboard"))
        steps(app, 3)
        assert said(app) == before and not any("Rope" in line for line in said(app))
    finally:
        app.close()


# ------------------------------------------------------------------ walking
@pytest.mark.parametrize("lang, first, other", [
    ("en", "Square 1 of 5: up; the Lounge is 3 steps away — ", "Square 5 of 5: down and left; the Lounge is 7 steps away — "),
    ("es", "Casilla 1 de 5: arriba; la sala está a 3 pasos — ",
     "Casilla 5 de 5: abajo a la izquierda; la sala está a 7 pasos — "),
    ("ca", "Casella 1 de 5: amunt; el Saló és a 3 passos — ", "Casella 5 de 5: avall a l'esquerra; el Saló és a 7 passos — ")])
def test_walking_a_square_says_which_way_and_how_far_from_which_room(lang, first, other):
    """Miss Scarlet at (8, 22) rolled 4: the lit squares are said with the way to
    them and how many steps on they are from the nearest room (a listener can
    tell which one leads in), the nearest first."""
    from game.rules.engine import Phase
    from tests.test_speech import new_app, one_person, said, steps

    app = new_app(read_aloud=True, language=lang)
    try:
        board = one_person(app, lambda g: g.phase is Phase.MOVE and g.actor == 0 and len(g.events) > 20)
        steps(app, 3)
        g = board.game
        assert g.positions["scarlet"] == (8, 22) and list(g.moves())[4] == (7, 23)
        assert said(app)[-1].startswith(first)
        board.cursor = 4                            # (7, 23): one down, one left
        steps(app, 1)
        assert said(app)[-1].startswith(other)
    finally:
        app.close()


def test_the_way_to_a_square_counts_a_side_at_least_half_the_other():
    from game.ui.board.panels import square_way

    app = App(seed=11, sound=False)
    board = app.board
    assert square_way(board, (8, 22), (8, 18)) == ("up", "lounge", 3)
    assert square_way(board, (8, 22), (7, 19))[0] == "up"              # one left of three up: up
    assert square_way(board, (8, 22), (6, 19))[0] == "up and left"     # two left of three up
    assert square_way(board, (8, 22), (12, 22))[0] == "right"
    way, room, far = square_way(board, "lounge", (17, 5))
    assert room != "lounge" and way in ("up", "up and left", "up and right", "left", "right") and 1 <= far < 10


# ------------------------------------------------------------ other screens
@pytest.mark.parametrize("lang, heading", [("en", "Join with a phone."), ("es", "Juega con el móvil."),
                                           ("ca", "Juga amb el mòbil.")])
def test_the_phones_heading_is_a_sentence_of_its_own(lang, heading):
    """Join with a phone: its heading, then a pause, then the intro (they ran into one sentence)."""
    from game.ui.screenshots.screens import build_scene

    app = App(sound=False, threaded_ai=False, settings=Settings(language=lang, read_aloud=True), speed=1.0)
    try:
        build_scene(app, "phones")
        app.step(0.05, draw=False)
        lines = app.speech.driver.lines
        assert heading in lines, lines
        assert lines[lines.index(heading) + 1] == speech.sentences(app.top.intro())[0]
    finally:
        app.close()


def test_the_brought_to_banner_ends_in_its_time_while_a_phone_plays_the_turn():
    """A seat playing its turn on its phone: the TV's "You were brought to ..."
    banner under the waiting box ends (it stayed for the whole turn)."""
    from game.rules.engine import Phase
    from game.ui.shell.registry import make as make_scene
    from tests.test_speech import new_app, one_person, steps

    app = new_app()
    try:
        board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
        steps(app)
        app.phones.has_phone = lambda seat: True          # seat 0's phone is connected and near
        app.phones.far = lambda seat: False
        board.banner = anim.Banner("You were brought to the Lounge!", 3.0)
        wait = make_scene("phone_wait", app, board, 0, "turn", lambda: None)
        app.push(wait)
        for _i in range(100):                               # 10 s of the phone's turn
            if board.banner is None:
                break
            app.step(0.1, draw=False)
        assert app.top is wait and board.banner is None
    finally:
        app.close()


def test_the_rulebook_game_over_and_report_say_their_names_when_they_open():
    from game.ui.scenes.rulebook import pages
    from tests.test_speech import new_app, one_person, said, steps

    app = new_app(read_aloud=True)
    try:
        board = one_person(app, lambda g: False)
        steps(app)
        over = app.top                                  # the board opened it: the game was over
        assert is_scene(over, "game_over") and over.match is board.match
        heard = said(app)[-3:]
        assert heard[:2] == [over.title, over.sentence]                 # "Mr. Green solved the case!"
        assert heard[2] == "Recap — press Enter"        # nobody was pressing: the screen is open at once
        for _i in range(200):                           # past its input guard (bounded)
            if not over.guard.active:
                break
            steps(app, 1)
        assert over.title.endswith("solved the case!") and over.sentence.startswith("It was ")
        n = len(said(app))
        app.push(make("rulebook", app))
        steps(app, 2)
        assert said(app)[n:n + 4] == ["Rules.", "The mystery and the envelope.", f"Page 1 of {len(pages())}.",
                                      "Mr. Boddy has been found dead in his big house."]
        app.pop()
        steps(app, 2)
        n = len(said(app))
        app.router.handle(Intent(Kind.CLICK, pos=over.report_buttons[1].rect.center, device="mouse"))
        steps(app, 2)
        # the press may first say the button it focused ("Colonel Mustard — press Enter"): the
        # report opens the frame after the press shows
        assert "Detective report: Colonel Mustard." in said(app)[n:n + 2]
    finally:
        app.close()


# ------------------------------------------------------------ held keys
def test_a_held_enter_presses_nothing_on_any_focused_screen():
    """The title screen (no picker): Enter held down from the screen before
    (its auto-repeat) never presses the focused item; a fresh press does."""
    from game.ui.shell.registry import is_scene
    from tests.test_speech import new_app, steps

    app = new_app()
    try:
        steps(app)
        title = app.top
        assert type(title).__name__ == "TitleScene" and title.focus.focused is not None
        down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
        pygame.event.post(down)
        app.step(0.05, draw=False)          # the first key down: a fresh press (a game starts) ...
        app.pop()
        assert app.top is title
        for _i in range(5):                 # ... then the same key held: repeats, never let go
            pygame.event.post(down)
            app.step(0.05, draw=False)
        assert app.top is title
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        pygame.event.post(down)
        app.step(0.05, draw=False)
        assert not is_scene(app.top, "title") and app.top is not title
    finally:
        app.close()


# ------------------------------------------------------------ the last pick
def _pick_by_ear(mode: str):
    """Alone at the table, lines timed: ``mode``'s picker opened, each card
    picked once the voice is quiet (as a listener does), the last pick made:
    (app, picker, clock, the index of the first line after the last press, the press's time)."""
    from game.rules.engine import Phase
    from tests.test_speech import one_person

    clock = Clock()
    app = timed_app(clock)
    board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    settle(app, clock)
    picker = make("picker", app, board, mode, marks=mode == "accuse")
    app.push(picker)
    hand = set(board.game.seats[0].hand)
    rows = [c for c in ("suspect", "weapon", "room") if c in picker.items and picker.choice[c] is None]
    for cat in rows:
        settle(app, clock)
        target = next(b for b in picker.items[cat] if b.data not in hand)
        picker.focus.focus_on(target)                      # as the arrows would: its name is said
        settle(app, clock)
        start, pressed = len(app.speech.driver.heard), clock.now
        app.router.handle(Intent(Kind.CONFIRM, "keyboard"))
    return app, picker, clock, start, pressed


@pytest.mark.parametrize("mode", ["suggest", "accuse"])
def test_after_the_last_pick_the_focused_button_is_named_at_once(mode):
    """The last card picked: the focus is on Suggest! / Accuse!, and that is
    what to do now, so it is named right after the short "— picked", before
    the sentence the picks make (it waited behind the notes and the sentence:
    6.7 s with the shortest names, about 10 s with long ones)."""
    app, picker, clock, start, pressed = _pick_by_ear(mode)
    try:
        settle(app, clock)
        heard = app.speech.driver.heard[start:]
        words = [h.text for h in heard]
        button = "Suggest! — press Enter" if mode == "suggest" else "Accuse! — press Enter"
        assert picker.focus.focused is picker.ok and button in words
        named = heard[words.index(button)]
        assert named.start - pressed <= 2.5 and named.whole
        assert words.index(button) < words.index(picker.sentence())
        assert words[0].endswith(" — picked") and words[0].count(" — ") == 1
    finally:
        app.close()
