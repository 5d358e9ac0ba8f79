"""Read aloud: what is spoken, in which language, and never a
private line to the room.  The fake driver (``App(sound=False)``) records what
would be spoken; one test renders a line with espeak-ng where it is installed."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
import wave

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules import events as ev  # noqa: E402
from game.rules.actions import Suggest  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.storage.settings import Settings, read_settings, settings_from_dict  # noqa: E402
from game.text import i18n  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.screenshots.screens import advance  # noqa: E402
from game.ui.shell.input import DEFAULT_KEYS, PAD_BUTTONS, PAD_LABELS, REMAPPABLE, Intent, Kind  # noqa: E402
from game.ui.shell.registry import is_scene, make  # noqa: E402
from game.ui.voice import speech  # noqa: E402
from tests.inputs import defaults_after, key, pad_press  # noqa: E402,F401
from tests.test_ui import act_for_people  # noqa: E402

REPEAT = Intent(Kind.REPEAT, "keyboard")


def new_app(tmp_path=None, **settings) -> App:
    a = App(seed=11, sound=False, speed=20.0, threaded_ai=False,
            settings_path=None if tmp_path is None else tmp_path / "settings.json",
            settings=Settings(**settings) if settings else None)
    a.start()
    return a


def said(app: App) -> list[str]:
    return app.speech.driver.lines if app.speech.driver is not None else []


def said_last(app: App, text: str) -> bool:
    """True when ``text`` was the last thing said (but for the focused control's name after it,
    "OK — press Enter"): its sentences, each its own line, in order."""
    n = len(speech.sentences(text))
    lines = said(app)
    while lines and FOCUS_WORDS.search(lines[-1]) and not FOCUS_WORDS.search(text):
        lines = lines[:-1]
    return " ".join(lines[-n:]) == text and len(lines) >= n


#: A focus line: a control's name, then its state after a dash ("OK — press Enter").
FOCUS_WORDS = re.compile(r" — ")


def steps(app: App, n: int = 3, dt: float = 0.05) -> None:
    for _i in range(n):
        app.step(dt, draw=False)


def _table(app: App, stop, kinds: tuple[str, str, str, str]) -> "object":
    """A board game (seed 3) with seats scarlet, mustard, white, green played
    by ``kinds`` ("human" / "computer"), played to ``stop``, its board on top."""
    names = ("scarlet", "mustard", "white", "green")
    match = Match(app.board, GameSetup(seats=tuple(map(SeatConfig, names, kinds)), seed=3))
    advance(match, stop)
    board = make("board", app, match)
    app.push(board)
    return board


def two_people(app: App, stop) -> "object":
    """People at seats 0 and 2 (so private things go behind a cover)."""
    return _table(app, stop, ("human", "computer", "human", "computer"))


def one_person(app: App, stop) -> "object":
    """One person (seat 0) and three computer players: no covers."""
    return _table(app, stop, ("human", "computer", "computer", "computer"))


# ------------------------------------------------------------ the setting
def test_read_aloud_is_off_by_default_on_in_the_lesson_and_saved(tmp_path):
    s = Settings()
    assert (s.read_aloud, s.read_aloud_lesson) == (False, True)
    assert settings_from_dict({"read_aloud": True}).read_aloud is True
    app = new_app(tmp_path)
    assert not app.speech.enabled
    settings = make("settings", app)
    app.push(settings)
    assert settings.read_row.label == "Read aloud: off"
    settings.focus.focus_on(settings.read_row)
    key(app, pygame.K_RETURN)
    assert settings.read_row.label == "Read aloud: on" and app.speech.enabled
    assert read_settings(tmp_path / "settings.json")[0].read_aloud is True     # kept like the others
    assert read_settings(tmp_path / "settings.json")[0].read_aloud_lesson is True
    app.close()


def test_the_lesson_reads_aloud_unless_turned_off_there(tmp_path):
    from game.ui.lesson.coach import play_until, start_lesson

    app = new_app(tmp_path)
    start_lesson(app)
    assert app.speech.enabled                          # on inside Learn to play, although off outside
    play_until(app, "you")
    assert said(app)
    app.push(make("menu", app, app.top))
    settings = make("settings", app)
    app.push(settings)
    settings.set_read_aloud(False)                     # turned off inside the lesson
    assert settings.read_row.label == "Read aloud: off"
    saved = read_settings(tmp_path / "settings.json")[0]
    assert (saved.read_aloud, saved.read_aloud_lesson) == (False, False)
    app.pop(settings)
    app.pop()
    before = len(said(app))
    play_until(app, "door")
    assert len(said(app)) == before                    # the lesson stays quiet
    app.close()


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_a_lesson_step_is_read_in_the_language_in_use(lang):
    from game.ui.lesson.coach import play_until, start_lesson

    app = new_app(language=lang)
    start_lesson(app)
    play_until(app, "you")
    bubble = app.coach.bubble_text
    steps(app)
    driver = app.speech.driver
    assert said_last(app, app.coach.bubble_spoken())   # the bubble, sentence by sentence, and "Press Enter to go on."
    assert {lg for lg, _t in driver.said} == {lang}    # in the language passed to the engine
    if lang == "en":
        assert bubble.startswith("You are Miss Scarlet, the red token")
        assert driver.lines[:2] == ["It is Miss Scarlet's turn.", "Welcome, detective!"]
    for _part in range(4):                             # the bubble read (a long one in parts of <= 8 s each)
        steps(app, 10)                                 # the bubble's read guard
        app.router.handle(Intent(Kind.CONFIRM))
        if app.coach.bubble is None:                   # read to its end: the board's prompt is read next
            break
    steps(app)
    assert said_last(app, i18n.fmt("Your turn") + ": " + i18n._("roll the die."))   # then the focused button
    app.close()


# ------------------------------------------------------------ a turn
@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_a_turn_is_read_aloud_whose_turn_and_what_to_do(lang):
    app = new_app(language=lang, read_aloud=True)
    match = Match(app.board, GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                                              SeatConfig("white", "computer")), seed=5))
    board = make("board", app, match)
    app.push(board)
    for _i in range(600):                              # she plays, the computers play; then it is her turn again
        if board.turn_no >= 4 and board.human_to_act and board.game.phase is Phase.START and app.top is board:
            break
        act_for_people(app)
    steps(app)
    driver = app.speech.driver
    lines = " ".join(driver.lines)
    assert {lg for lg, _t in driver.said} == {lang}
    assert i18n.fmt("It is {who}'s turn.", who="scarlet") in lines          # the person's turn is announced
    for who in ("mustard", "white"):                   # a computer's turn is told by what it does
        assert i18n.fmt("It is {who}'s turn.", who=who) not in lines
        assert any(line.startswith(i18n.fmt("{who}", who=who)) or i18n.fmt(" {who} ", who=who) in line
                   for line in driver.lines)
    # what to do now, as the status line says it (here she was pulled into a room: she may suggest there)
    assert board.game.allows(Suggest)
    assert driver.lines[-2] == board._status() == i18n._("Suggest here, or roll the die.")
    assert driver.lines[-1] == board.speech_focus()     # then the focused button ("Roll the die — press Enter")
    if lang == "en":
        assert "Colonel Mustard walks" in lines and driver.lines[-2:] == ["Suggest here, or roll the die.",
                                                                          "Roll the die — press Enter"]
    assert app.speech.last == (driver.lines[-2], None)
    app.router.handle(REPEAT)                          # the repeat key says it again, not the button's name
    steps(app, 1)
    assert driver.lines[-1] == driver.lines[-3] == board._status()
    app.close()


def test_the_card_game_reads_whose_turn_and_what_to_do():
    from game.cardgame.engine import CardSetup
    from game.ui.cardgame.match import CardMatch

    app = new_app(read_aloud=True)
    match = CardMatch(CardSetup(players=3, seed=5, levels=("easy", "easy", "human"), first=0),
                      ("scarlet", "white", "peacock"))
    table = make("card_table", app, match)
    app.push(table)
    for _i in range(600):                              # Miss Scarlet and Mrs. White play, then Mrs. Peacock (a person)
        if app.top is table and table.human_to_act and match.game.turn == 2:
            break
        if is_scene(app.top, "card_show") and not app.top.guard.active:
            app.top.show(app.top.offered[0])           # she shows a card when asked
        app.step(0.1, draw=False)
    steps(app)
    lines = " ".join(said(app))
    assert lines.startswith("It is Miss Scarlet's turn.")                       # said as the table opens
    assert "Mrs. White asks about" in lines and "It is Mrs. Peacock's turn." in lines
    # what to do, then the focused button (rebuilt for this moment: it went unsaid before the next frame's drawing)
    assert said(app)[-2:] == ["Ask about two cards, or accuse.", "Ask about two cards — press Enter"]
    app.close()


def test_nothing_is_spoken_with_read_aloud_off():
    app = new_app()
    board = two_people(app, lambda g: False)
    for _i in range(60):
        app.step(0.1, draw=False)
    assert board.match.log and said(app) == []
    app.close()


# ------------------------------------------------------------ a shown card
def _shown_card_behind_cover(app):
    board = two_people(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    steps(app)
    board.presenter.card_shown(ev.CardShown(by=1, to=0, card="rope"))
    assert is_scene(app.top, "cover")
    return board


def _lift_cover(app):
    cover = app.top
    for _i in range(40):                               # nobody touches a key: the cover is ready for a press
        app.step(0.05, draw=False)
        if cover.guard.armed:
            break
    key(app, pygame.K_RETURN)
    shown = app.top
    assert is_scene(shown, "shown_card") and shown.private
    shown.flip.skip()
    shown.delay = 0
    steps(app)
    return shown


def _shown_card_alone(app):
    """One person at the table: the card shown to them opens at once (no cover), face up."""
    board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    steps(app)
    board.presenter.card_shown(ev.CardShown(by=1, to=0, card="rope"))
    shown = app.top
    assert is_scene(shown, "shown_card") and shown.private
    shown.flip.skip()
    shown.delay = 0
    steps(app)
    return board, shown


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_alone_at_the_table_the_card_shown_to_you_is_read(lang):
    app = new_app(language=lang, read_aloud=True)
    _board, shown = _shown_card_alone(app)
    expected = " ".join((i18n.fmt("{by} shows you {card_the}.", by="mustard", card="rope"), shown.seen_line()))
    assert said_last(app, expected) and app.speech.driver.said[-1][0] == lang
    if lang == "en":
        assert expected.startswith("Colonel Mustard shows you the Rope. So it is not in the envelope.")
    app.close()


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_at_a_hot_seat_table_the_card_shown_is_never_spoken_not_even_after_its_cover(lang):
    """The speakers reach the whole room: with the covers in use nothing private is said."""
    app = new_app(language=lang, read_aloud=True)
    driver_lines = lambda: " ".join(said(app))  # noqa: E731
    _shown_card_behind_cover(app)
    rope = i18n.card("rope")
    for _i in range(30):                                # the cover is up, Enter and R mashed: never the card
        key(app, pygame.K_RETURN if _i % 3 else pygame.K_r, dt=0.05, draw=False)
        assert is_scene(app.top, "cover") and rope not in driver_lines()
    assert any(i18n.fmt("Pass to {name}", name="scarlet") in line for line in said(app))  # the cover's line
    shown = _lift_cover(app)
    assert app.top is shown and shown.speech_prompt()   # the screen has a line ...
    for _i in range(6):                                 # ... and R mashed on it
        key(app, pygame.K_r, dt=0.05, draw=False)
    assert rope not in driver_lines()                   # ... but the room never hears it
    assert app.speech.speaking_for is None
    app.close()


class Clock:
    """Seconds a :class:`speech.TimedDriver` runs on, moved on only by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def speak_until(app: App, clock: Clock, word: str) -> None:
    """Let each line end (the clock jumps on) until a line with ``word`` is being spoken."""
    for _i in range(30):
        if word in said(app)[-1] and app.speech.speaking:
            return
        clock.now += 60
        steps(app, 1)
    raise AssertionError(f"{word!r} was never spoken: {said(app)}")


def test_the_repeat_key_never_replays_a_card_once_its_screen_is_gone():
    app = new_app(read_aloud=True)
    clock = Clock()
    app.speech.driver = speech.TimedDriver(clock)
    board, shown = _shown_card_alone(app)
    driver = app.speech.driver
    speak_until(app, clock, "Rope")
    # Done: the card's screen goes, the notebook comes (private too, and quiet: no hint yet)
    app.pop(shown)
    stops = driver.stops
    app.push(make("menu", app, board))
    steps(app, 1)
    assert driver.stops == stops + 1                    # the card's line was cut short at once
    assert app.speech.speaking_for is None and (app.speech.last is None or app.speech.last[1] is None)
    count = len(driver.said)
    for _i in range(12):                               # R mashed, held, and the pad's RB
        key(app, pygame.K_r, dt=0.05, draw=False)
        app.router.handle(Intent(Kind.REPEAT, "pad:7", repeat=True))
        app.step(0.05, draw=False)
    assert all("Rope" not in line for line in driver.lines[count:])
    app.close()


def test_the_menu_over_a_private_screen_silences_it_and_repeat_says_nothing_private():
    app = new_app(read_aloud=True)
    clock = Clock()
    app.speech.driver = speech.TimedDriver(clock)
    board, _shown = _shown_card_alone(app)
    driver = app.speech.driver
    speak_until(app, clock, "Rope")
    app.push(make("menu", app, board))                 # the pause menu over the card
    stops = driver.stops
    steps(app, 1)
    assert driver.stops == stops + 1 and "Rope" not in (app.speech.last or ("", None))[0]   # cut short, forgotten
    assert app.speech.last is None or app.speech.last[1] is None       # R now says only a public line
    count = len(driver.said)
    for _i in range(6):
        key(app, pygame.K_r, dt=0.05, draw=False)
    assert all("Rope" not in line for line in driver.lines[count:])
    app.pop()
    app.pop()
    shown = make("shown_card", app, board.match, 0, 1, "knife")
    shown.private = True
    app.push(shown)
    shown.flip.skip()
    shown.delay = 0
    app.push(make("menu", app, board))                 # the menu over the private screen, before a frame passed
    count = len(driver.said)
    for _i in range(6):
        key(app, pygame.K_r, dt=0.05, draw=False)
    assert all("Knife" not in line and "Rope" not in line for line in driver.lines[count:])
    app.close()


def test_a_private_screen_under_a_cover_or_a_message_never_speaks():
    app = new_app(read_aloud=True)
    board = two_people(app, lambda g: len(g.events) > 40)
    match = board.match
    match.notebook_mode = "hints"
    book = make("notebook", app, match, 0)
    book.private = True
    book.hint_text = "SECRET hint sentence."
    app.push(book)
    app.push(make("message", app, "Not now."))         # a public overlay over it
    steps(app)
    app.pop()
    app.push(make("cover", app, match, 2, lambda: make("notebook", app, match, 2)))
    steps(app)
    assert all("SECRET" not in line for line in said(app))
    app.close()


def test_the_hint_sentence_is_read_to_the_notebook_owner():
    app = new_app(read_aloud=True)
    match = Match(app.board, GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                                              SeatConfig("white", "computer")), seed=5))
    advance(match, lambda g: len(g.events) > 120)
    match.notebook_mode = "hints"
    app.push(make("board", app, match))
    board = app.top
    board.open_book(0)                                 # one person: no cover
    book = app.top
    assert is_scene(book, "notebook") and book.private
    steps(app)
    book.next_hint()
    steps(app)
    assert book.hint_text and said_last(app, book.hint_text)
    app.close()


# ------------------------------------------------------------ keys
def test_the_repeat_key_and_pad_button_are_listed_and_free():
    assert DEFAULT_KEYS["repeat"] == ["r"] and Kind.REPEAT in REMAPPABLE
    assert all("r" not in keys for name, keys in DEFAULT_KEYS.items() if name != "repeat")
    assert PAD_BUTTONS[pygame.CONTROLLER_BUTTON_RIGHTSHOULDER] is Kind.REPEAT and PAD_LABELS[Kind.REPEAT] == "RB"
    app = new_app(read_aloud=True)
    controls = make("controls", app)
    row = next(r for r in controls.rows if r.data is Kind.REPEAT)
    assert (row.label, row.keys_text(), row.pad_text()) == ("Read again", "R", "RB")
    app.push(make("message", app, "Read me again."))
    steps(app)
    app.pads.on_added(5, "Pad")
    pad_press(app, 5, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    # said, then the focused OK named, then the repeat key says the message again (not the button's name)
    assert said(app)[-3:] == ["Read me again.", "OK — press Enter", "Read me again."]
    app.close()


def test_a_key_someone_chose_before_is_not_taken_by_the_repeat_key():
    from game.ui.shell.input import build_keymap, merged_keys

    keys = merged_keys({"notebook": ["r"]})           # R chosen for the notebook before R repeated anything
    assert keys["notebook"] == ["r"] and keys["repeat"] == []
    assert build_keymap(keys)[pygame.K_r] is Kind.NOTEBOOK
    assert merged_keys({})["repeat"] == ["r"]


# ------------------------------------------------------------ drivers
def test_without_a_speech_engine_the_game_is_silent_and_settings_says_why(monkeypatch, capsys):
    monkeypatch.setattr(speech.shutil, "which", lambda name: None)
    monkeypatch.setattr(speech.sys, "platform", "linux")
    app = new_app(read_aloud=True)
    app.speech.make_driver = speech.real_driver
    steps(app)
    problem = app.speech.problem()
    assert problem == i18n._(speech.NO_ENGINE) and "espeak-ng" in problem
    app.push(make("message", app, "Hello"))
    steps(app)                                         # silent, never a traceback
    assert capsys.readouterr().err.count("read aloud:") == 1
    settings = make("settings", app)
    app.push(settings)
    app.draw()                                         # the line under the buttons says why
    assert settings.message == "" and app.speech.enabled
    assert " ".join(w.text for w in settings.widgets()[-2:]) == problem
    app.close()


def test_a_driver_that_breaks_goes_silent_with_one_line_on_stderr(capsys):
    class Broken(speech._Worker):
        def _start(self, text, lang):
            raise OSError("no audio device")

    app = new_app(read_aloud=True)
    app.speech.make_driver = Broken
    for text in ("One.", "Two.", "Three."):
        app.push(make("message", app, text))
        steps(app)
        app.speech.driver._thread.join(timeout=10) if text == "One." else None
    assert app.speech.problem() == "Read aloud stopped: the speech engine failed."
    err = capsys.readouterr().err
    assert err.count("read aloud:") == 1 and "OSError: no audio device" in err     # the engine's words: the log's
    app.close()


def test_where_the_voice_cannot_speak_settings_says_so_plainly_in_the_games_language_and_it_stays_off(capsys):
    """espeak-ng without a sound device: the reason is said in the game's language, without
    espeak-ng's own English words (those go to the log), and the read aloud row is shown
    unavailable, cannot be turned on, and its reason shows although read aloud is off."""
    app = new_app(read_aloud=False, language="es")
    i18n.set_language("es")
    app.speech.driver = speech.FakeDriver()
    app.speech.driver.fail(speech.NO_SOUND, "espeak-ng: error: No such file or directory")
    assert "No such file or directory" in capsys.readouterr().err
    problem = app.speech.problem()
    assert problem == "La lectura en voz alta está en silencio: el motor de voz no llega a los altavoces."
    settings = make("settings", app)
    app.push(settings)
    app.draw()
    assert settings.read_row.label == "Leer en voz alta: no disponible"
    assert not settings.read_row.enabled and settings.read_row.dimmed()
    settings.focus.focus_on(settings.read_row)
    settings.handle(Intent(Kind.RIGHT))
    settings.handle(Intent(Kind.CONFIRM))
    assert not app.store.settings.read_aloud and not app.speech.enabled
    assert settings.widgets()[-1].text == problem       # the line under the rows (one line in Spanish)
    i18n.set_language("en")
    app.close()


def test_read_aloud_that_cannot_speak_can_still_be_turned_off_in_settings():
    app = new_app(read_aloud=True)
    app.speech.driver = speech.FakeDriver()
    app.speech.driver.fail(speech.BROKEN, "OSError: no audio device")
    settings = make("settings", app)
    app.push(settings)
    app.draw()
    assert settings.read_row.enabled and settings.read_row.label == "Read aloud: unavailable"
    settings.read_row.step(+1)
    assert not app.store.settings.read_aloud
    assert not settings.read_row.enabled
    app.close()


def test_a_language_without_a_voice_is_silent_and_said(tmp_path):
    app = new_app(read_aloud=True, language="ca")
    app.speech.driver = speech.FakeDriver(missing={"ca"})
    app.push(make("message", app, "Hola"))
    steps(app)
    assert app.speech.driver.said == []
    assert app.speech.problem() == i18n.fmt(speech.NO_VOICE, language="Català")
    app.close()


def _fake_espeak(tmp_path):
    """A stand-in for espeak-ng: lists voices, and "speaks" (sleeps) until killed, noting its arguments."""
    program = tmp_path / "espeak-ng"
    program.write_text(f"""#!{sys.executable}
import sys, time
if sys.argv[1:] == ["--voices"]:
    print("Pty Language       Age/Gender VoiceName          File                 Other Languages")
    for lang in ("ca", "en-029", "en-gb", "es", "es-419"):
        print(" 5  " + lang + "  --/M  X  x/" + lang)
    sys.exit(0)
time.sleep(60)
""")
    program.chmod(program.stat().st_mode | stat.S_IEXEC)
    return program


def _wait(condition, what: str):
    for _i in range(400):                  # a bound on a process starting, not a timing window
        if condition():
            return
        pygame.time.wait(25)
    raise AssertionError(f"{what} did not happen")


def test_espeak_driver_never_blocks_and_the_next_line_cuts_the_last_short(tmp_path):
    driver = speech.EspeakDriver(str(_fake_espeak(tmp_path)))
    try:
        driver.say("A long first line.", "es")          # returns at once: the "speech" sleeps a minute
        _wait(lambda: driver._proc is not None, "the first line")
        first = driver._proc
        assert first.poll() is None and driver.speaking
        driver.say("La segona línia.", "ca")
        _wait(lambda: driver._proc is not None and driver._proc is not first, "the second line")
        assert first.returncode == -9                   # cut short
        assert driver.voices == {"en": "en-gb", "es": "es", "ca": "ca"} and driver.missing == set()
        assert first.args[1:] == ["-v", "es", "--", "A long first line."]
        assert driver._proc.args[1:] == ["-v", "ca", "--", "La segona línia."]
        driver.stop()
        _wait(lambda: not driver.speaking, "the stop")
    finally:
        driver.close()
        driver._thread.join(timeout=10)
    assert driver._proc is None and driver.broken is None


def test_espeak_without_a_sound_device_is_silent_and_says_why(tmp_path, capsys):
    program = tmp_path / "espeak-ng"
    program.write_text(f"""#!{sys.executable}
import sys
if sys.argv[1:] == ["--voices"]:
    print("Pty Language Age/Gender VoiceName File Other Languages")
    print(" 5  en-gb  --/M  X  x/en")
    sys.exit(0)
print("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default", file=sys.stderr)
print("error: No such file or directory", file=sys.stderr)
""")                                                   # what espeak-ng says (exit status 0) with no sound card
    program.chmod(program.stat().st_mode | stat.S_IEXEC)
    driver = speech.EspeakDriver(str(program))
    try:
        driver.say("Hello.", "en")
        _wait(lambda: driver.broken is not None, "the failure")
    finally:
        driver.close()
        driver._thread.join(timeout=10)
    assert driver.problem("en") == "Read aloud is silent: the speech engine cannot reach the speakers."
    assert driver.missing == {"es", "ca"} and driver.problem("ca") == driver.problem("en")
    err = capsys.readouterr().err               # espeak-ng's own words are the log's, once
    assert err.count("read aloud:") == 1 and "espeak-ng: error: No such file or directory" in err


def test_pick_voice_by_language():
    class V:
        def __init__(self, id, name, languages):
            self.id, self.name, self.languages = id, name, languages

    voices = [V("david", "Microsoft David", ["en_US"]), V("helena", "Microsoft Helena", ["es_ES"]),
              V("mont", "Montserrat", ["ca-ES"]), V("b", "espeak", [b"\x05ca"])]
    assert [speech.pick_voice(voices, lang) for lang in ("en", "es", "ca")] == ["david", "helena", "mont"]
    assert speech.pick_voice([V("x", "Spanish (Spain)", [])], "es") == "x"
    assert speech.pick_voice(voices[:1], "ca") is None
    assert speech.pick_espeak_voices(["en-029", "en-us", "es-419"]) == {"en": "en-us", "es": "es-419"}


@pytest.mark.skipif(shutil.which("espeak-ng") is None,
                    reason="espeak-ng is not installed (apt-get install espeak-ng): no line can be rendered")
@pytest.mark.parametrize("lang, text", [("es", "Es el turno de la Señorita Escarlata."),
                                        ("ca", "És el torn de la Senyoreta Escarlata.")])
def test_espeak_ng_renders_a_line_that_is_not_silent(tmp_path, lang, text):
    import numpy as np

    wav = tmp_path / "line.wav"
    subprocess.run(["espeak-ng", "-w", str(wav), "-v", lang, text], check=True, capture_output=True, timeout=60)
    with wave.open(str(wav)) as w:
        assert w.getsampwidth() == 2
        samples = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).astype(np.float64)
        seconds = w.getnframes() / w.getframerate()
    rms = float(np.sqrt(np.mean(samples ** 2)))
    assert seconds > 1.0 and rms > 300, (seconds, rms)


@pytest.mark.parametrize("what", ["envelope", "notebook"])
def test_no_private_screen_speaks_at_a_hot_seat_table(what):
    """The envelope after a wrong accusation and the notebook's hint: each is
    on top for its owner (its cover lifted), has a line, and the room still
    hears nothing of it."""
    app = new_app(read_aloud=True)
    board = two_people(app, lambda g: len(g.events) > 40)
    match = board.match
    match.notebook_mode = "hints"
    steps(app)
    if what == "envelope":
        scene = make("envelope", app, match, 0, ("plum", "rope", "hall"), match.game.envelope)
    else:
        scene = make("notebook", app, match, 0)
        scene.hint_text = "SECRET hint sentence."
    scene.private = True
    app.push(scene)
    steps(app, 30)
    line = scene.speech_prompt()
    assert app.top is scene and line                   # it would have something to say
    for _i in range(6):
        key(app, pygame.K_r, dt=0.05, draw=False)
    assert all(line not in said_line for said_line in said(app))
    assert app.speech.speaking_for is None
    app.close()


def test_turning_read_aloud_on_in_settings_is_heard_at_once():
    """Switched on from Settings (no game, no lesson): a short line is said at
    once, so a parent hears it work, or sees at once why it is silent."""
    app = new_app(read_aloud=False)
    settings = make("settings", app)
    app.push(settings)
    steps(app)
    assert said(app) == []
    settings.set_read_aloud(True)
    steps(app)
    assert app.speech.enabled and said_last(app, "Read aloud is on.")
    before = list(said(app))
    settings.set_read_aloud(False)
    steps(app)
    assert not app.speech.enabled and said(app) == before     # nothing new when turned off
    app.close()


def game_over_open(app, board):
    """The game-over screen of ``board``'s finished game, pushed and past its input guard."""
    assert board.match.game.over
    over = make("game_over", app, board.match)
    app.push(over)
    while over.guard.active:
        steps(app, 1)
    return over


def test_the_detective_report_is_read_aloud_a_computers_openly_a_persons_never_at_a_hot_seat_table():
    """The report is read aloud (its title, then every sentence
    in order); a computer's openly and about it by name; a person's,
    private, never while people share the screen, not even after its cover."""
    from game.ui.shell.scene import FRESH_QUIET, PRIVATE_GUARD

    app = new_app(read_aloud=True)
    board = two_people(app, lambda g: False)
    over = game_over_open(app, board)
    app.router.handle(Intent(Kind.CLICK, pos=over.report_buttons[2].rect.center, device="mouse"))   # Mrs. White
    steps(app)
    assert is_scene(app.top, "cover") and not any("Detective report" in line for line in said(app))
    steps(app, int((PRIVATE_GUARD + FRESH_QUIET) / 0.05) + 2)
    key(app, pygame.K_RETURN)
    steps(app)
    report = app.top
    assert is_scene(report, "report") and report.seat == 2
    lines = [report.title] + [text for _kind, text in report.blocks()]
    assert report.speech_prompt() == " ".join(x if x.endswith((".", "!", "?", ":", "…")) else x + "." for x in lines)
    assert lines[0] == "Detective report: Mrs. White" and lines[1].startswith("You ")
    assert not any("Detective report: Mrs. White" in line for line in said(app))    # the room hears nothing
    key(app, pygame.K_RETURN)                        # back to the game over: Colonel Mustard's, openly
    app.router.handle(Intent(Kind.CLICK, pos=over.report_buttons[1].rect.center, device="mouse"))
    steps(app)
    mustard = app.top
    assert is_scene(mustard, "report") and mustard.seat == 1 and not mustard.private
    assert said_last(app, mustard.speech_prompt())          # sentence by sentence, each its own line
    assert mustard.speech_prompt().startswith("Detective report: Colonel Mustard. Colonel Mustard ")
    app.close()


def test_alone_at_the_table_your_detective_report_is_read_aloud():
    app = new_app(read_aloud=True)
    board = one_person(app, lambda g: False)
    over = game_over_open(app, board)
    app.router.handle(Intent(Kind.CLICK, pos=over.report_buttons[0].rect.center, device="mouse"))   # her own
    steps(app)
    report = app.top
    assert is_scene(report, "report") and report.seat == 0 and report.private    # no cover: one person
    assert said_last(app, report.speech_prompt())
    assert report.speech_prompt().startswith("Detective report: Miss Scarlet. You ")
    app.close()


# ------------------------------------------------------------ heard to the end
def test_a_long_text_is_read_in_sentences_titles_kept_whole():
    assert speech.sentences("Mrs. White shows Mr. Green a card. So it is not in the envelope! Next?  Yes…") == [
        "Mrs. White shows Mr. Green a card.", "So it is not in the envelope!", "Next?", "Yes…"]
    assert speech.sentences("Your turn: roll the die.") == ["Your turn: roll the die."]
    assert speech.sentences("La Sra. Blanco enseña una carta. ¿Y ahora?") == ["La Sra. Blanco enseña una carta.",
                                                                            "¿Y ahora?"]
    assert speech.sentences("") == []
    assert abs(speech.estimate_seconds("It is Mrs. White's turn.") - 1.73) < 0.2    # espeak-ng -w: 1.73 s


def _timed_solo(seed: int = 5):
    """A solo board game (Miss Scarlet, two computers) at normal speed, read aloud on, lines timed."""
    from game.ui.draw import anim

    clock = Clock()
    app = App(seed=11, sound=False, speed=anim.NORMAL, threaded_ai=False, settings=Settings(read_aloud=True))
    app.start()
    app.speech.driver = speech.TimedDriver(clock)
    match = Match(app.board, GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                                              SeatConfig("white", "computer")), seed=seed))
    board = make("board", app, match)
    app.push(board)
    return app, board, clock


def _run(app, clock, seconds: float, until=lambda: False, dt: float = 1 / 30) -> None:
    for _i in range(int(seconds / dt)):                 # simulated seconds: the same on a busy machine
        if until():
            return
        clock.now += dt
        app.step(dt, draw=False)


def test_computer_turns_are_heard_to_their_end_and_the_table_waits_for_the_voice():
    """Lines wait their turn: nothing the computers do cuts a line short, and a
    computer's turn is told in a sentence or two (who walked where, who
    suggested what, who showed a card), not every step of it."""
    app, board, clock = _timed_solo()
    key(app, pygame.K_RETURN)                           # her turn: roll, walk, end it
    for _i in range(200):
        if board.turn_no >= 4 and board.human_to_act and board.game.phase is Phase.START:
            break
        if board.human_to_act and not app.speech.speaking and not getattr(app.speech, "waiting", ()):
            act_for_people(app, prefer_room=False)
        else:
            _run(app, clock, 0.5)
    _run(app, clock, 30, until=lambda: not app.speech.speaking)
    heard = app.speech.driver.heard
    assert len(heard) >= 8
    assert [h.text for h in heard if not h.whole] == []          # every line heard to its end
    starts = [h.start for h in heard]
    # one after another (the last line has no next start: the zip stops there)
    assert all(b >= a + h.seconds - 1e-6 for a, b, h in zip(starts, starts[1:], heard, strict=False))
    lines = [h.text for h in heard]
    assert "It is Colonel Mustard's turn." not in lines and "Colonel Mustard rolls" not in " ".join(lines)
    assert any(line.startswith("Colonel Mustard ") for line in lines)
    app.close()


def test_a_persons_press_skips_the_voice_and_what_to_do_is_still_said():
    app, board, clock = _timed_solo()
    _run(app, clock, 5, until=lambda: board.human_to_act and not getattr(app.speech, "waiting", ()))
    driver = app.speech.driver
    app.speech.say("A long piece of news. It goes on. And on.")
    app.speech.say(board._status(), prompt=True)
    steps(app, 1, dt=0)
    _run(app, clock, 30, until=lambda: driver.lines[-1:] == ["A long piece of news."])
    stops = driver.stops
    app.router.handle(Intent(Kind.LEFT, "keyboard"))      # her own press: the news is skipped
    steps(app, 1, dt=0)
    assert driver.stops == stops + 1 and not driver.heard[-2].whole
    assert driver.lines[-1] == board._status()              # what to do now is kept, said next
    assert "It goes on." not in driver.lines
    app.close()


def test_repeat_goes_back_one_sentence_and_on_from_there():
    app, board, clock = _timed_solo()
    _run(app, clock, 30, until=lambda: board.human_to_act and not getattr(app.speech, "waiting", ()) and not app.speech.speaking)
    driver = app.speech.driver
    app.speech.say("First sentence. Second sentence. Third sentence.")
    _run(app, clock, 30, until=lambda: driver.lines[-1:] == ["Second sentence."])
    app.router.handle(REPEAT)                               # back one: the first again, then on
    _run(app, clock, 30, until=lambda: not app.speech.speaking and not getattr(app.speech, "waiting", ()))
    at = driver.lines.index("First sentence.")
    assert driver.lines[at:at + 5] == ["First sentence.", "Second sentence.", "First sentence.", "Second sentence.",
                                       "Third sentence."]
    assert all(h.whole for h in driver.heard if h.text == "Third sentence.")
    _run(app, clock, 30, until=lambda: not app.speech.speaking and not getattr(app.speech, "waiting", ()))
    app.router.handle(REPEAT)                               # all said: the last sentence again (not a button's name)
    steps(app, 1, dt=0)
    assert driver.lines[-1] == driver.lines[-3] == board._status()
    assert driver.lines[-2] == board.speech_focus() == "Roll the die — press Enter"
    app.close()


def test_without_read_aloud_the_table_keeps_its_pace():
    """The voice never holds the table when read aloud is off (nor at a fast speed)."""
    from game.ui.draw import anim

    for read_aloud, speed, holds in ((False, anim.NORMAL, False), (True, anim.FAST, False), (True, anim.NORMAL, True)):
        app = App(seed=11, sound=False, speed=speed, threaded_ai=False, settings=Settings(read_aloud=read_aloud))
        app.start()
        app.speech.driver = speech.TimedDriver(lambda: 0.0)
        board = one_person(app, lambda g: False)
        app.speech.say("One. Two. Three.")
        steps(app, 1, dt=0)
        assert board.speech_holds() is holds
        app.close()
