"""Every choice spoken, and no dead ends: each screen says its name when it
opens, every focus change names the focused control and its state, a
private screen's controls are never spoken at a table of two or more
people, pickers open with a choice focused, M opens the menu there, a wrong
press is spoken and naming your own card in an accusation asks first."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules.cards import ALL_CARDS, ROOMS, SUSPECTS  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.ui.shell.i18n import card  # noqa: E402
from game.ui.shell.input import Intent, Kind  # noqa: E402
from game.ui.shell.registry import is_scene, make  # noqa: E402
from tests.inputs import key  # noqa: E402
from tests.test_speech import new_app, one_person, said, steps, two_people  # noqa: E402

ARROWS = (Kind.DOWN, Kind.RIGHT, Kind.DOWN, Kind.LEFT, Kind.UP, Kind.RIGHT, Kind.DOWN, Kind.DOWN)


def solo_picker(mode: str, **kw):
    """One person's board (seat 0, at the start of a turn) with ``mode``'s picker on top: (app, board, picker)."""
    app = new_app(read_aloud=True)
    board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    steps(app)
    picker = make("picker", app, board, mode, **kw)
    app.push(picker)
    steps(app, 2)
    return app, board, picker


def press(app, kind: Kind, frames: int = 1) -> None:
    app.router.handle(Intent(kind, "keyboard"))
    steps(app, frames)


def test_the_title_says_its_name_and_every_focus_change_within_a_frame():
    app = new_app(read_aloud=True)
    steps(app, 1)
    assert said(app) == ["Clue", "Play — Easy — press Enter"]
    title = app.top
    for kind in (Kind.DOWN, Kind.DOWN, Kind.UP):
        press(app, kind)                    # one frame (1/20 s): well within 0.3 s
        assert said(app)[-1] == title.focus.focused.spoken()
    assert said(app)[-3:] == ["New game — press Enter", "Learn to play — press Enter", "New game — press Enter"]
    press(app, Kind.CONFIRM)
    assert is_scene(app.top, "setup")
    assert said(app)[-3::2] == ["New game.", "Seat 1 — Miss Scarlet — Person — press Enter"]
    app.close()


def test_a_settings_value_is_spoken_when_it_changes():
    app = new_app(read_aloud=True)
    app.push(make("settings", app))
    steps(app)
    row = next(r for r in app.top.rows if r.set_fraction is not None)     # the volume: steps by one press
    app.top.focus.focus_on(row)
    steps(app)
    assert said(app)[-3] == "Settings" and said(app)[-1] == row.spoken()
    press(app, Kind.RIGHT)
    assert said(app)[-1] == row.spoken() and said(app)[-1] != said(app)[-2]   # the new value, same row
    app.close()


def test_a_focus_change_cuts_the_focus_line_before_it_never_the_news():
    app = new_app(read_aloud=True)
    clock = [0.0]
    from game.ui.voice import speech

    app.speech.driver = driver = speech.TimedDriver(lambda: clock[0])
    app.speech.say("Colonel Mustard walks into the Kitchen.")
    steps(app, 1)
    focus_moves = 0
    for kind in (Kind.DOWN, Kind.DOWN, Kind.DOWN):
        app.speech.say_focus(f"Button {kind.name} — press Enter")   # the game's own focus change (no press)
        focus_moves += 1
        steps(app, 1)
        clock[0] += 0.1
    heard = driver.heard
    assert heard[0].text.startswith("Colonel Mustard") and heard[0].heard > 0.25   # the news was not cut
    for _i in range(20):                    # every line waiting is heard (bounded: 20 frames of 5 s)
        clock[0] += 5
        steps(app, 1)
    assert [h.text for h in driver.heard][-1] == "Button DOWN — press Enter"
    app.close()


def test_alone_your_hand_and_notebook_rows_are_read_with_their_marks():
    app = new_app(read_aloud=True)
    board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    steps(app)
    board.open_notebook(0)
    steps(app, 2)
    book = app.top
    assert is_scene(book, "notebook")
    hand = sorted(board.game.seats[0].hand)
    spoken = " ".join(said(app))
    assert "Your cards:" in spoken
    for name in (r.label for r in book.rows if r.data in hand):
        assert name in spoken
    row = book.focus.focused
    assert said(app)[-1] == row.spoken() and " — person — " in row.spoken()
    press(app, Kind.CONFIRM)                # its mark changes: the new state is spoken
    assert said(app)[-1] == row.spoken()
    app.close()


def _private_screens(app, board):
    """Makers of every private screen of seat 0 at a two-person board: the card to show
    (two cards), the card shown, the envelope, the notebook (a hint revealed), the accusation
    picker and its yes/no."""
    from game.ui.bases.private import DisproveBase
    from game.ui.board.private import DisproveScene

    match, hand = board.match, list(board.game.seats[0].hand)

    def disprove():             # built by hand: the game need not be at a suggestion of seat 0's cards
        scene = DisproveScene.__new__(DisproveScene)
        DisproveBase.__init__(scene, app)
        scene.board, scene.seat, scene.suggester, scene.named = board, 0, 1, (hand[0], "rope", "hall")
        scene.offer(hand[:2])
        return scene

    def notebook():
        match.notebook_mode = "hints"
        book = make("notebook", app, match, 0)
        book.all_hints()
        return book

    return [disprove, lambda: make("shown_card", app, match, 0, 1, hand[0]),
            lambda: make("envelope", app, match, 0, (hand[0], "rope", "hall"), match.game.envelope),
            notebook, lambda: make("picker", app, board, "accuse", marks=True),
            lambda: make("accuse_confirm", app, match, 0, tuple(match.game.envelope), lambda: None)]


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_at_a_hot_seat_table_private_screens_say_what_to_do_and_nothing_private(lang):
    """Two people: each private screen of seat 0 is on top for its owner, every
    control focused in turn.  The room hears what to do and which control is
    focused ("A card — press Enter", "Done — hide — press Enter"; they were
    wholly silent), never a card's name, a mark, a hint or how many cards."""
    from game.rules.cards import ALL_CARDS
    from game.text.i18n import _ as tr
    from game.ui.draw.widgets import MARK_WORDS
    from game.ui.shell import prompts

    app = new_app(read_aloud=True, language=lang)
    board = two_people(app, lambda g: len(g.events) > 40)
    steps(app)
    names = {card(c) for c in ALL_CARDS}
    secret = names | {tr(w) for w in MARK_WORDS.values()} | {tr("In my hand"), tr("Your cards: {cards}.")[:10]}
    heard: dict[str, list[str]] = {}
    for maker in _private_screens(app, board):
        scene = maker()
        start = len(said(app))
        app.push(scene)
        steps(app, 30)                      # past its guard and the card's flip
        for _round in range(2):
            for kind in ARROWS:
                press(app, kind)
        heard[type(scene).__name__] = said(app)[start:]
        assert scene.speech_prompt() or scene.speech_focus()            # it has private words to keep
        app.pop(scene)
        steps(app, 2)
    for screen, lines in heard.items():
        assert lines, f"{screen} said nothing"
        assert not [w for line in lines for w in secret if w in line], (screen, lines)
    disprove = heard["DisproveScene"]
    assert len({line for line in disprove if " — " in line}) == 1       # two cards, one name: no count, no kind
    assert disprove[0] == prompts.fmt(tr("Choose a card to show with {move}, then press {confirm}."))
    app.close()


@pytest.mark.parametrize("offered", [1, 2, 3])
def test_at_a_hot_seat_table_the_arrows_sound_alike_however_many_cards_are_offered(offered):
    """The card to show at a two-person table: every arrow press gives the same
    sound and words whether it moved to another card or hit a row's end, so the
    room cannot count the cards offered (a "nope" at the end used to tell)."""
    from game.ui.bases.private import DisproveBase
    from game.ui.board.private import DisproveScene

    app = new_app(read_aloud=True)
    board = two_people(app, lambda g: len(g.events) > 40)
    steps(app)
    hand = list(board.game.seats[0].hand)
    assert len(hand) >= 3
    scene = DisproveScene.__new__(DisproveScene)
    DisproveBase.__init__(scene, app)
    scene.board, scene.seat, scene.suggester, scene.named = board, 0, 1, tuple(hand[:3])
    scene.offer(hand[:offered])
    app.push(scene)
    steps(app, 30)                          # past its guard and the card's flip
    sounds: list[str] = []
    app.play = lambda name, *a, **k: sounds.append(name)
    heard = []
    for kind in (Kind.RIGHT,) * 4 + (Kind.LEFT,) * 4 + (Kind.UP, Kind.DOWN):
        start = len(said(app))
        press(app, kind)
        heard.append(tuple(said(app)[start:]))
    assert sounds == []
    assert set(heard) == {("A card — press Enter",)}, heard
    app.close()


def test_at_a_hot_seat_table_a_card_of_your_own_hand_sounds_like_any_other():
    """Two people: picking a card of your own hand in the accusation, or pressing Enter on a
    notebook row that is a fact, gives the room the same sound and the same words as any other
    card or row (a "nope", an unspoken question and the focus staying told which cards she holds)."""
    app = new_app(read_aloud=True)
    board = two_people(app, lambda g: len(g.events) > 40)
    steps(app)
    match, hand = board.match, set(board.game.seats[0].hand)
    heard: dict[bool, tuple] = {}
    for own in (True, False):
        picker = make("picker", app, board, "accuse", marks=True)
        app.push(picker)
        steps(app, 30)
        row = next(b for b in picker.items["suspect"] + picker.items["weapon"] + picker.items["room"]
                   if (b.data in hand) == own)
        cat = next(c for c, items in picker.items.items() if row in items)
        sounds: list[str] = []
        app.play = lambda name, *a, sounds=sounds, **k: sounds.append(name)
        picker.focus.focus_on(row)
        steps(app, 2)
        start = len(said(app))
        press(app, Kind.CONFIRM, 3)
        assert app.top is picker and picker.choice[cat] == row.data
        lines = said(app)[start:]
        heard[own] = (tuple(sounds), len(lines), [line.split(" — ")[-1] for line in lines])
        del app.play
        app.pop(picker)
        steps(app, 2)
    assert heard[True] == heard[False], heard
    match.notebook_mode = "hints"
    book = make("notebook", app, match, 0)
    app.push(book)
    steps(app, 30)
    sounds = []
    app.play = lambda name, *a, **k: sounds.append(name)
    fact = next(c for c in hand)
    free = next(c for c in ALL_CARDS if c not in book.auto)
    book.cycle(fact)
    book.cycle(free)
    assert sounds[0] == sounds[1] == "click"
    app.close()


def test_the_suggestion_picker_opens_with_a_card_focused_and_m_opens_the_menu():
    app, _board, picker = solo_picker("suggest", guarded=True)
    steps(app, 30)                                   # past its guard
    assert picker.focus.focused is picker.items["suspect"][0]
    assert said(app)[-1] == "Miss Scarlet — person — no mark"      # alone: her notebook's words too
    press(app, Kind.CONFIRM)                        # Enter picks the focused card at once
    assert picker.choice["suspect"] == SUSPECTS[0]
    key(app, pygame.K_m, draw=False)
    assert is_scene(app.top, "menu")
    key(app, pygame.K_ESCAPE, draw=False)
    assert app.top is picker and picker.choice["suspect"] == SUSPECTS[0]
    app.close()


def test_pressing_suggest_too_early_is_spoken():
    app, _board, picker = solo_picker("suggest")
    picker.ok.press()
    steps(app, 2)
    assert "Pick a suspect and a weapon first." in said(app)
    app.close()


def test_naming_a_card_of_your_own_hand_in_an_accusation_asks_first():
    app, board, picker = solo_picker("accuse", marks=True)
    own = next(b for b in picker.items["room"] if b.data in board.game.seats[0].hand)
    other = next(b for b in picker.items["room"] if b.data not in board.game.seats[0].hand)
    picker.pick("room", other)
    assert picker.choice["room"] == other.data and app.top is picker
    picker.pick("room", own)
    assert picker.choice["room"] == other.data and is_scene(app.top, "confirm")
    ask = app.top
    steps(app, 2)
    assert ask.private and any("is one of your cards" in line for line in said(app))    # alone: spoken
    assert ask.input_seat(Intent(Kind.CONFIRM, "pad:1")) == 0                          # only her pad answers
    ask.yes()
    assert app.top is picker and picker.choice["room"] == own.data
    assert own.data in ROOMS
    app.close()


def test_the_accusation_crosses_out_cards_shown_to_you_and_says_what_is_at_stake():
    """A card shown to you is crossed out in the accusation like your own (and spoken
    "ticked", the notebook's word); opening it and confirming it both say that a wrong accusation puts you out."""
    from game.rules import events as ev

    app = new_app(read_aloud=True)
    board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0
                       and any(isinstance(e, ev.CardShown) and e.to == 0 for e in g.events))
    steps(app)
    picker = make("picker", app, board, "accuse", marks=True)
    app.push(picker)
    steps(app, 2)
    shown = {c for c, why in board.match.facts(0).items() if why.startswith("shown:")}
    assert shown, "the game should have shown seat 0 a card by now"
    chips = {b.data: b for cat in ("suspect", "weapon", "room") for b in picker.items[cat]}
    assert all(chips[c].crossed for c in shown)
    assert all(chips[c].crossed for c in board.game.seats[0].hand)
    assert not all(b.crossed for b in chips.values())
    assert any("out of the race" in line for line in said(app))
    from game.ui.scenes.accuse_confirm import AccuseConfirmScene
    confirm = AccuseConfirmScene(app, board.match, 0, ("plum", "rope", "hall"), lambda: None)
    assert "out of the race" in confirm.speech_prompt()
    app.close()


def first_start(path):
    """A windowed start (read aloud offered) with the settings file ``path`` (not there yet), two frames in."""
    from game.ui.app import App

    app = App(seed=1, sound=False, threaded_ai=False, settings_path=path)
    app.start(offer_voice=True)
    steps(app, 2)
    return app


def test_the_very_first_start_offers_read_aloud_by_voice_once_and_keeps_the_answer(tmp_path):
    from game.storage.settings import read_settings
    from game.ui.app import App

    path = tmp_path / "settings.json"
    app = first_start(path)
    assert is_scene(app.top, "voice_offer") and not app.store.settings.read_aloud
    assert said(app)[:2] == ["Press Enter to hear the game speak.", "The game will read its words aloud."]
    assert said(app)[-1] == "Read aloud — press Enter"         # spoken although read aloud is off
    press(app, Kind.CONFIRM)
    assert type(app.top).__name__ == "TitleScene" and app.speech.enabled
    assert said(app)[-3:] == ["Read aloud is on.", "Clue", "Play — Easy — press Enter"]
    assert read_settings(path)[0].read_aloud is True
    app.close()
    again = App(seed=1, sound=False, threaded_ai=False, settings_path=path)
    again.start(offer_voice=True)
    assert type(again.top).__name__ == "TitleScene"              # asked once
    again.close()


def test_saying_no_to_the_voice_keeps_the_game_silent_and_is_not_asked_again(tmp_path):
    from game.storage.settings import read_settings

    path = tmp_path / "settings.json"
    app = first_start(path)
    n = len(said(app))
    key(app, pygame.K_ESCAPE, draw=False)
    steps(app, 2)
    assert type(app.top).__name__ == "TitleScene" and len(said(app)) == n and not app.speech.enabled
    assert path.exists() and read_settings(path)[0].read_aloud is False
    app.close()


def _envelope_known(board) -> None:
    """Seat 0's hints name the whole envelope (the hint engine's answer, fixed for the test)."""
    from game.learning.hints import Hint

    known = {c: Hint(c, True, None, f"{c} must be in the envelope.") for c in board.game.envelope}
    board.match.notebook_mode = "hints"
    board.match.hints = lambda seat: dict(known) if seat == 0 else {}


#: "You can accuse now" naming seat 0's envelope (seed 3: Colonel Mustard, the Wrench, the Hall), in each language
ACCUSE_NOW = {"en": "You can accuse now: Colonel Mustard, the Wrench, the Hall.",
              "es": "Ya puedes acusar: el Coronel Rubio, la Llave inglesa, el Vestíbulo.",
              "ca": "Ja pots acusar: el Coronel Rubio, la Clau anglesa, el Vestíbul."}
#: A revealed hint's note on an envelope card, as the notebook and the pickers say it
IN_ENVELOPE = {"en": "In the envelope!", "es": "¡En el sobre!", "ca": "Al sobre!"}


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_with_hints_a_notebook_naming_the_envelope_says_what_to_accuse_alone(lang):
    """Alone: the notebook says the three cards (not just that the envelope is named), and
    from then on its rows and the accusation picker carry the hint's words on those three,
    though Hint was never pressed."""
    app = new_app(read_aloud=True, language=lang)
    board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    steps(app)
    _envelope_known(board)
    book = make("notebook", app, board.match, 0)
    app.push(book)
    steps(app, 2)
    text = ACCUSE_NOW[lang]
    assert book.legend() == text and text in said(app)
    row = next(r for r in book.rows if r.data == "wrench")
    book.focus.focus_on(row)
    steps(app, 2)
    assert " — " + IN_ENVELOPE[lang] in said(app)[-1]                   # the row says it, with the hint's reason
    app.pop(book)
    picker = make("picker", app, board, "accuse", marks=True)
    app.push(picker)
    steps(app, 2)
    for c in ("mustard", "wrench", "hall"):
        chip = next(b for b in picker.focus.buttons if getattr(b, "data", None) == c)
        picker.focus.focus_on(chip)
        steps(app, 2)
        assert said(app)[-1].split(" — ")[2:] == [card_spoken_mark(lang), IN_ENVELOPE[lang]]
    chip = next(b for b in picker.focus.buttons if getattr(b, "data", None) == "plum")
    picker.focus.focus_on(chip)
    steps(app, 2)
    assert IN_ENVELOPE[lang] not in said(app)[-1]
    app.close()


@pytest.mark.parametrize("people", ["one", "two"])
def test_once_the_notebook_names_the_envelope_enter_accuses_alone_and_the_focus_tells_nobody_at_a_shared_table(
        people):
    """Alone, the turn's buttons open on Accuse once the notebook names the envelope (Enter on End turn
    threw the turn away); at a table of two people the focus stays on the first button, as for anybody."""
    app = new_app(read_aloud=True)
    board = (one_person if people == "one" else two_people)(
        app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    steps(app)
    board._buttons_key = None
    board.refresh_buttons()
    labels = [b.label for b in board.focus.buttons]
    assert board.focus.focused is board.focus.buttons[0] and labels[0] == "Roll the die"
    _envelope_known(board)
    board._buttons_key = None
    board.refresh_buttons()
    assert [b.label for b in board.focus.buttons] == labels and "Accuse" in labels
    want = "Accuse" if people == "one" else "Roll the die"
    assert board.focus.focused is not None and board.focus.focused.label == want
    app.close()


@pytest.mark.parametrize("lang, keys", [
    ("en", "Pick a suspect, a weapon and a room: Up and Down move along a list, Left and Right go to the next list."),
    ("es", "arriba y abajo recorren una lista; izquierda y derecha pasan a la lista de al lado."),
    ("ca", "amunt i avall recorren una llista; esquerra i dreta passen a la llista del costat.")])
def test_the_accusation_picker_says_how_its_three_lists_are_walked(lang, keys):
    """Its cards stand in three lists side by side (a listener pressing Right, as in the suggestion's
    rows, jumped from a suspect to a weapon to a room): its opening line says how to move."""
    app = new_app(read_aloud=True, language=lang)
    board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    steps(app)
    picker = make("picker", app, board, "accuse", marks=True)
    app.push(picker)
    steps(app, 2)
    assert keys in picker.speech_prompt() and any(keys in line for line in said(app))
    app.close()


def card_spoken_mark(lang: str) -> str:
    """An unmarked row's mark as read aloud ("no mark"), in ``lang``."""
    return {"en": "no mark", "es": "sin marca", "ca": "sense marca"}[lang]


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_at_a_hot_seat_table_you_can_accuse_now_is_shown_to_its_owner_never_spoken(lang):
    app = new_app(read_aloud=True, language=lang)
    board = two_people(app, lambda g: len(g.events) > 40)
    steps(app)
    _envelope_known(board)
    book = make("notebook", app, board.match, 0)
    app.push(book)
    steps(app, 3)
    assert book.legend() == ACCUSE_NOW[lang]
    assert not any(word in line for line in said(app) for word in ("Mustard", "Rubio", "Wrench", "Llave", "Clau",
                                                                   "accuse now", "puedes acusar", "pots acusar"))
    assert board.match.hints_seen[0] == ["mustard", "wrench", "hall"]     # on her own screen: her rows say so
    app.close()


def _envelope_named_later(people):
    """A board game at a person's roll (``people``: :func:`one_person` or
    :func:`two_people`), Hints on, seat 0's notebook not naming the envelope
    yet; returns (app, board, name it): calling the last makes it name it."""
    app = new_app(read_aloud=True)
    board = people(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    board.match.notebook_mode = "hints"
    board.match.hints = lambda seat: {}
    steps(app)
    return app, board, lambda: _envelope_known(board)


def test_you_can_accuse_now_is_said_the_moment_the_notebook_names_the_envelope_once():
    """Alone, with Hints: said as the table plays on (it was said only when the notebook was
    opened again), in a banner too, and never a second time."""
    from game.rules.actions import EndTurn, Roll

    app, board, name_it = _envelope_named_later(one_person)
    text = ACCUSE_NOW["en"]
    board.do(Roll())
    steps(app, 3)
    assert text not in said(app)
    name_it()
    board.do(next(a for a in board.game.legal_actions() if type(a).__name__ == "Move"))
    for _i in range(40):             # the walk: the first event after the notebook named the envelope
        steps(app, 1)
        if text in said(app):
            break
    assert said(app).count(text) == 1 and board.banner is not None and board.banner.text == text
    assert not any(is_scene(s, "notebook") for s in app.stack)
    for _i in range(600):            # the computers' turns and back: bounded
        if board.game.actor == 0 and board.game.phase is Phase.START and board.human_to_act:
            break
        if board.human_to_act and board.game.actor == 0 and board.game.allows(EndTurn):
            board.do(EndTurn())
        steps(app, 5)
    assert said(app).count(text) == 1
    app.close()


def test_at_a_hot_seat_table_you_can_accuse_now_waits_for_the_seats_own_screen_never_spoken():
    app, board, name_it = _envelope_named_later(two_people)
    name_it()
    board.presenter.accuse_now()
    assert 0 in board.match.accuse_unseen and not any("accuse now" in line for line in said(app))
    shown = make("shown_card", app, board.match, 0, 1, "rope")
    assert shown.accuse_now and 0 not in board.match.accuse_unseen        # on her own screen, once
    app.push(shown)
    steps(app, 30)
    assert shown.speech_prompt().endswith(ACCUSE_NOW["en"])
    assert not any("accuse now" in line for line in said(app))              # shared table: shown, never said
    assert not make("shown_card", app, board.match, 0, 1, "knife").accuse_now
    app.close()


def test_walking_each_lit_square_or_room_under_the_cursor_is_spoken():
    app = new_app(read_aloud=True)
    board = one_person(app, lambda g: g.phase is Phase.MOVE and g.actor == 0 and len(g.events) > 20)
    steps(app, 3)
    dests = list(board.game.moves())
    squares = [d for d in dests if not isinstance(d, str)]
    seen = set()
    for kind in ARROWS:
        press(app, kind)
        dest = dests[board.cursor % len(dests)]
        if isinstance(dest, str):
            want = f"The {card(dest)} — you can go in — press Enter"
            assert said(app)[-1] == want
        else:               # which square, which way and how far from which room (tests/test_speech_gaps.py)
            want = f"Square {squares.index(dest) + 1} of {len(squares)}: "
            assert said(app)[-1].startswith(want) and " steps away — " in said(app)[-1]
        seen.add(want)
    assert len(seen) >= 2
    app.close()


def test_in_the_lesson_a_wrong_card_is_spoken_not_only_buzzed(tmp_path):
    from game.storage.settings import Settings
    from game.ui.app import App
    from tests.test_tutorial import CONFIRM, _read_lesson

    app = App(speed=100.0, threaded_ai=False, sound=False, save_path=tmp_path / "autosave.json",
              settings=Settings(read_aloud_lesson=True))
    app.start()
    try:
        _read_lesson(app, "suggest")
        steps(app, 3)
        for _part in range(6):          # a long bubble is shown in parts: read each to its end
            if app.coach.bubble is None:
                break
            for _i in range(6):
                app.step(0.1, draw=False)
            app.router.handle(CONFIRM)
            steps(app, 3)
        picker, coach = app.top, app.coach
        assert is_scene(picker, "picker") and coach.bubble is None
        wanted = next(b for b in picker.focus.buttons if b.rect == coach.target)
        assert wanted.data in SUSPECTS
        app.router.handle(Intent(Kind.CLICK, pos=picker.items["weapon"][0].rect.center, device="mouse"))
        steps(app, 2)
        assert coach.nudge > 0 and picker.choice["weapon"] is None
        assert "That is a weapon; pick a suspect." in said(app)
    finally:
        app.close()


def test_m_opens_the_menu_over_the_notebook_and_resume_comes_back():
    app = new_app(read_aloud=True)
    board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    steps(app)
    book = make("notebook", app, board.match, 0)
    app.push(book)
    steps(app)
    key(app, pygame.K_m, draw=False)
    assert is_scene(app.top, "menu") and said(app)[-2] == "Paused"
    key(app, pygame.K_ESCAPE, draw=False)
    assert app.top is book
    app.close()


def test_where_the_voice_cannot_speak_the_first_start_offer_goes_quietly(tmp_path):
    """espeak-ng without a sound device says "error" on its first line (the offer's own words):
    the offer goes, and no message greets a new player who never asked for read aloud (it
    greeted them with "Read aloud cannot speak on this computer"); the game is kept silent in
    the settings, so the offer is not made again at the next start, and Settings says why."""
    from game.storage.settings import read_settings
    from game.ui.voice.speech import NO_SOUND

    path = tmp_path / "settings.json"
    app = first_start(path)
    assert is_scene(app.top, "voice_offer")
    app.speech.driver.fail(NO_SOUND, "espeak-ng: error: No such file or directory")
    steps(app, 2)
    assert type(app.top).__name__ == "TitleScene" and len(app.stack) == 1
    assert read_settings(path)[0].read_aloud is False
    app.push(make("voice_offer", app, after_lesson=True))    # offered again (the lesson's end): goes quietly too
    steps(app, 2)
    assert type(app.top).__name__ == "TitleScene" and len(app.stack) == 1
    app.push(make("settings", app))
    assert app.top._notice() == "Read aloud is silent: the speech engine cannot reach the speakers."
    app.close()


def test_read_aloud_turned_on_that_stops_speaking_is_said_once(tmp_path):
    """A player who turned read aloud on: when the voice stops working, a plain message says so
    and why (not espeak's words), once a session."""
    from game.ui.voice.speech import NO_SOUND

    app = new_app(read_aloud=True)
    steps(app, 2)
    app.speech.driver.fail(NO_SOUND, "espeak-ng: error: No such file or directory")
    steps(app, 2)
    assert is_scene(app.top, "message") and app.top.title == "Read aloud cannot speak on this computer"
    assert app.top.text == "Read aloud is silent: the speech engine cannot reach the speakers."
    press(app, Kind.CONFIRM)
    steps(app, 2)
    assert type(app.top).__name__ == "TitleScene" and len(app.stack) == 1
    app.close()
