"""What a listener who cannot read still met, each decided by ear: the hot-seat
cover heard whole however Enter is mashed, the repeat key saying who is to
press what.  Simulated clocks only (:class:`game.ui.voice.speech.TimedDriver`)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules import events as ev  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.ui.shell.registry import is_scene  # noqa: E402
from tests.inputs import defaults_after, key  # noqa: E402,F401
from tests.test_speech import two_people  # noqa: E402
from tests.test_speech_gaps import DT, Clock, run, settle, timed_app  # noqa: E402

#: The hot-seat cover for Miss Scarlet (seat 0), by ear: its first and its last sentence, in each language.
COVER = {"en": ("Pass to Miss Scarlet.", "Press Enter when Miss Scarlet is ready."),
         "es": ("Pásaselo a la Señorita Amapola.", "Pulsa Intro cuando la Señorita Amapola pueda mirar."),
         "ca": ("Passa-ho a la Senyoreta Amapola.", "Prem Intro quan la Senyoreta Amapola estigui a punt.")}


def _cover(clock: Clock, lang: str):
    """Two people at the board (normal speed, timed speech in ``lang``), a card shown
    to Miss Scarlet: her cover on top.  Returns (app, cover)."""
    app = timed_app(clock, lang)
    board = two_people(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    settle(app, clock)
    board.presenter.card_shown(ev.CardShown(by=1, to=0, card="rope"))
    assert is_scene(app.top, "cover")
    return app, app.top


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_mashing_enter_on_a_cover_never_cuts_whom_it_is_for_and_repeat_says_what_to_press(lang):
    clock = Clock()
    app, cover = _cover(clock, lang)
    driver = app.speech.driver
    first = len(driver.heard)
    for _i in range(20):                 # Enter mashed every 0.1 s for 2 s: the cover's guard holds
        key(app, pygame.K_RETURN, dt=DT, draw=False)
        clock.now += DT
        run(app, clock, 2 * DT)
    assert app.top is cover and cover.too_soon
    settle(app, clock)
    heard = driver.heard[first:]
    title, last = COVER[lang]
    said = [h.text for h in heard]
    assert title in said and last in said, said
    assert all(h.whole for h in heard if h.text in (title, last))     # neither cut by a press that did nothing
    assert driver.stops == 0
    count = len(driver.heard)
    key(app, pygame.K_r, dt=DT, draw=False)                          # R: who is to press what, again
    settle(app, clock)
    assert [h.text for h in driver.heard[count:]] == [last] and app.top is cover
    app.close()


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_mashing_enter_as_the_card_for_your_eyes_opens_never_cuts_what_to_do(lang):
    """Past the cover, Enter mashed while the card screen's guard holds (a press it swallows
    does nothing) leaves its line whole: neither cut nor stopped."""
    from game.ui.shell.scene import InputGuard

    clock = Clock()
    app, cover = _cover(clock, lang)
    settle(app, clock)
    for _i in range(100):                # bounded: until the cover's guard lets a fresh press through
        if cover.guard.armed:
            break
        run(app, clock, DT)
    key(app, pygame.K_RETURN, dt=DT, draw=False)
    shown = app.top
    assert shown is not cover and shown.private and isinstance(shown.guard, InputGuard) and shown.guard.active
    driver = app.speech.driver
    first, stops = len(driver.heard), driver.stops
    for _i in range(6):                  # Enter mashed every 0.1 s while the card screen's guard holds
        if not shown.guard.active:
            break
        key(app, pygame.K_RETURN, dt=DT, draw=False)
        clock.now += DT
        run(app, clock, DT)
    assert app.top is shown
    settle(app, clock)
    heard = driver.heard[first:]
    assert heard and all(h.whole for h in heard), [(h.text, h.whole) for h in heard]
    assert driver.stops == stops
    app.close()


# ------------------------------------------------------------ the card game's picker
def _card_table(humans: int, lang: str = "en"):
    """The card game (seed 4, four seats, ``humans`` people first), at Miss Scarlet's
    (seat 0's) turn to ask, its table on top; read aloud on, lines recorded at once."""
    from game.cardgame.engine import Phase as CardPhase
    from game.ui.screenshots.card_screens import card_advance, card_match
    from game.ui.shell.registry import make
    from tests.test_speech import new_app, steps

    app = new_app(read_aloud=True, language=lang)
    match = card_match(4, humans=humans)
    card_advance(match, lambda g: g.actor == 0 and g.phase is CardPhase.ASK and len(g.events) > 10)
    table = make("card_table", app, match)
    app.push(table)
    steps(app, 5)
    return app, table


def _press(app, kind, frames: int = 2) -> None:
    from game.ui.shell.input import Intent
    from tests.test_speech import steps

    app.router.handle(Intent(kind, "keyboard"))
    steps(app, frames)


def test_the_card_games_ask_picker_says_what_to_do_each_cards_notes_and_each_pick():
    from game.ui.shell.input import Kind
    from tests.test_speech import said, steps

    app, table = _card_table(1)
    hand = sorted(table.match.game.view(0).hand)
    assert said(app)[-1] == "Ask about two cards — press Enter"       # the table's focused button, said at once
    _press(app, Kind.CONFIRM)
    picker = app.top
    assert is_scene(picker, "card_picker") and picker.focus.focused is picker.items["person"][0]
    n = len(said(app))
    _press(app, Kind.CONFIRM)                                         # the first card, focused at once: picked
    first = picker.items["person"][0]
    lines = said(app)
    assert lines[n - 2:n] == ["Ask about two cards: pick two cards, of any kinds.",
                              first.label + " — person — no mark"]
    assert lines[n] == first.label + " — picked"
    own = next(b for b in picker.items["location"] + picker.items["weapon"] if b.data in hand)
    picker.focus.focus_on(own)
    steps(app, 2)
    assert said(app)[-1].endswith(" — ticked — In my hand")           # the case file's own words
    _press(app, Kind.CONFIRM)
    assert said(app)[-3:] == [own.label + " — picked", "Ask! — press Enter", picker.sentence()]
    n = len(said(app))
    _press(app, Kind.CONFIRM)                                         # Ask!: the others answer
    for _i in range(200):                                             # until the round is over: bounded
        if table.human_to_act and table.game.actor == 0 and not is_scene(app.top, "card_shown"):
            break
        if is_scene(app.top, "card_shown") and app.top.flip.done:
            app.top.done()
        steps(app, 1)
    during = said(app)[n:]
    assert any("asks about" in line for line in during)
    assert "Ask about two cards — press Enter" not in during[:-1]    # no stale Ask while the others answered
    app.close()


def test_the_card_games_accusation_picker_says_a_revealed_hint_alone():
    from game.learning.hints import Hint
    from game.ui.shell.registry import make
    from tests.test_speech import said, steps

    app, table = _card_table(1)
    match = table.match
    match.notebook_mode = "hints"
    person = next(b for b in match.game.view(0).piles[0] if b not in match.facts(0))
    match.hints = lambda seat: {person: Hint(person, False, 2, "Held by someone.")} if seat == 0 else {}
    match.hints_seen[0] = [person]
    picker = make("card_picker", app, table, 0, "accuse", marks=True)
    app.push(picker)
    steps(app, 2)
    assert said(app)[-3:-1] == ["Make an accusation: pick a person, a weapon and a location.",
                                "If you are wrong, you are out, but you still answer questions."]
    chip = next(b for b in picker.items["person"] if b.data == person)
    picker.focus.focus_on(chip)
    steps(app, 2)
    assert said(app)[-1] == f"{chip.label} — person — no mark — Held by Mrs. Peacock"     # the hint's words
    app.close()


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_the_card_games_accusation_picker_at_a_hot_seat_table_says_no_card(lang):
    from game.rules.cards import ALL_CARDS
    from game.ui.shell.i18n import card
    from game.ui.shell.input import Kind
    from tests.test_speech import said, steps

    app, table = _card_table(2, lang)
    table.open_accuse()
    cover = app.top
    assert is_scene(cover, "cover")
    for _i in range(40):                               # nobody touches a key: the cover takes a press
        steps(app, 1)
        if cover.guard.armed:
            break
    key(app, pygame.K_RETURN, dt=0.05, draw=False)
    picker = app.top
    assert is_scene(picker, "card_picker") and picker.private
    n = len(said(app))
    steps(app, 3)
    for kind in (Kind.CONFIRM, Kind.RIGHT, Kind.DOWN, Kind.CONFIRM, Kind.RIGHT, Kind.CONFIRM):
        _press(app, kind)
    lines = said(app)[n:]
    assert lines and len(lines) >= 4
    names = [card(c) for c in ALL_CARDS]
    assert not [line for line in lines for name in names if name in line]
    assert not any(word in line for line in lines for word in ("picked", "elegid", "triad", "no mark", "sin marca",
                                                               "sense marca"))
    app.close()


# ------------------------------------------------------------ Tab: heading for a room
#: Tab from the Conservatory after the roll: the Lounge, at the other end of its secret passage, by language
BY_PASSAGE = {"en": "The Lounge: by the secret passage from here. Not now, you have rolled: on your next turn, take "
                    "the passage instead of rolling.",
              "es": "La sala: por el pasadizo secreto desde aquí. Ahora no, ya has tirado: en tu próximo turno, "
                    "usa el pasadizo en vez de tirar.",
              "ca": "El Saló: pel passadís secret des d'aquí. Ara no, ja has tirat: al teu torn següent, fes servir "
                    "el passadís en lloc de tirar."}


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_tab_names_a_room_reached_by_the_secret_passage_as_such_and_when_it_can_be_taken(lang):
    """Miss Scarlet rolled in the Conservatory: Tab names the Lounge first (nearest, by its
    passage), not as "1 step away, out of reach this turn"."""
    from tests.test_by_ear import _moving
    from tests.test_speech import said, steps

    app, board = _moving(lang, stop=lambda g: g.phase is Phase.MOVE and g.actor == 0
                         and g.positions["scarlet"] == "conservatory")
    steps(app, 3)
    key(app, pygame.K_TAB, draw=False)
    assert board.target == "lounge"
    assert said(app)[-1].startswith(BY_PASSAGE[lang] + " "), said(app)[-1]
    assert not any(word in said(app)[-1] for word in ("1 step", "1 paso", "1 pas "))
    app.close()


# ------------------------------------------------------------ words
#: A weapon picked in the suggestion, as said: the word agrees with the card (feminine, masculine)
PICKED = {"en": (("rope", "Rope — picked"), ("knife", "Knife — picked")),
          "es": (("rope", "Soga — elegida"), ("knife", "Puñal — elegido")),
          "ca": (("rope", "Corda — triada"), ("knife", "Ganivet — triat"))}


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_a_card_picked_is_said_with_the_word_agreeing_with_its_gender(lang):
    from game.ui.draw.widgets import card_spoken
    from game.ui.shell.input import Kind
    from game.ui.shell.registry import make
    from tests.test_by_ear import new_app
    from tests.test_speech import one_person, said, steps

    for weapon, words in PICKED[lang]:
        app = new_app(read_aloud=True, language=lang)
        board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
        steps(app)
        picker = make("picker", app, board, "suggest")
        app.push(picker)
        steps(app, 2)
        picker.focus.focus_on(next(b for b in picker.items["weapon"] if b.data == weapon))
        steps(app, 2)
        _press(app, Kind.CONFIRM)
        assert words in said(app), said(app)[-4:]
        assert card_spoken("study", "Study", picked=True).endswith(PICKED[lang][1][1].split(" — ")[1])  # l'Estudi: m.
        app.close()


def test_in_spanish_a_computers_suggestion_has_no_personal_a():
    from game.rules import events as ev
    from tests.test_by_ear import new_app
    from tests.test_speech import one_person

    app = new_app(read_aloud=True, language="es")
    board = one_person(app, lambda g: len(g.events) > 5)
    said = board.presenter.joined(ev.SuggestionMade(player=1, suspect="scarlet", weapon="rope", room="lounge"),
                                  ev.NobodyDisproved(player=1))
    assert said == ("El Coronel Rubio sugiere que fue la Señorita Amapola, con la Soga, en la sala; nadie puede "
                    "enseñar una carta.")
    app.close()


# ------------------------------------------------------------ each roll
def test_how_to_choose_where_to_go_is_said_in_full_at_the_first_roll_then_briefly():
    """The three sentences of how to choose (about 8 s) at a person's first roll; at the next
    one only what to do and the Tab key (the focus line says "press Enter" after it)."""
    from tests.test_by_ear import _moving, to_next_roll
    from tests.test_speech import said, steps

    app, board = _moving()
    steps(app, 3)
    assert said(app)[-4:-1] == ["Pick a lit square or room.",
                                "Use the arrow keys to hear each place, then press Enter to go there.",
                                "Press Tab to choose a room to head for."]
    board.do(next(a for a in board.game.legal_actions() if type(a).__name__ == "Move" and a.room is None))
    to_next_roll(app, board)
    steps(app, 3)
    lines = said(app)
    last = len(lines) - 1 - lines[::-1].index("Pick a lit square or room.")     # this roll's prompt
    assert lines[last:last + 2] == ["Pick a lit square or room.", "Tab: a room to head for."], lines[last:]
    assert sum(line.startswith("Use the arrow keys") for line in lines) == 1      # the first roll's only
    app.close()


def test_alone_the_notebook_says_how_to_use_it_when_it_opens():
    from game.ui.shell.registry import make
    from tests.test_by_ear import new_app
    from tests.test_speech import one_person, said, steps

    app = new_app(read_aloud=True)
    board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    steps(app)
    app.push(make("notebook", app, board.match, 0))
    steps(app, 2)
    lines = said(app)
    at = lines.index("Miss Scarlet's notebook.")
    assert lines[at + 1].startswith("Your cards: ")
    assert lines[at + 2] == "Use Arrows to choose a row and Enter to change its mark; Esc hides it."
    app.close()


# ------------------------------------------------------------ the end
@pytest.mark.parametrize("right", [True, False])
def test_an_accusation_ends_with_the_verdict_said_once_and_no_you_can_accuse_now(right):
    """Alone, with Hints: the accusation opens the envelope, so the notebook names it, but she
    has accused (nothing left to tell her); a right one's heading is said once, not twice."""
    from game.rules.actions import Accuse
    from game.ui.shell.registry import is_scene
    from tests.test_by_ear import new_app
    from tests.test_speech import one_person, said, steps

    app = new_app(read_aloud=True)
    board = one_person(app, lambda g: g.phase is Phase.START and g.actor == 0 and len(g.events) > 20)
    board.match.notebook_mode = "hints"
    steps(app, 3)
    n = len(said(app))
    suspect, weapon, room = board.game.envelope
    board.do(Accuse(suspect, weapon if right else "rope", room))
    for _i in range(400):                  # the verdict, then the game-over screen or the envelope: bounded
        steps(app, 1)
        if is_scene(app.top, "game_over") or is_scene(app.top, "envelope"):
            break
    steps(app, 10)
    lines = said(app)[n:]
    assert not any(line.startswith("You can accuse now") for line in lines), lines
    if right:
        assert lines.count("Miss Scarlet solved the case!") == 1, lines
        at = lines.index("Miss Scarlet solved the case!")
        assert lines[at + 1] == "It was Colonel Mustard, with the Wrench, in the Hall."
        # then only the game-over screen's focus, said at once with nobody pressing
        assert [line.split(" — ")[-1] for line in lines[at + 2:]] in ([], ["press Enter"]), lines
    else:
        assert "You were wrong." in lines
    app.close()


# ------------------------------------------------------------ New game
@pytest.mark.parametrize("lang, question", [("en", "Remove Mrs. White?"), ("es", "¿Quitar a la Señora Blanco?"),
                                            ("ca", "Vols treure la Senyora Blanco?")])
def test_remove_in_new_game_asks_first_and_enter_again_keeps_the_seat(lang, question):
    """One Enter on Remove used to take the seat away with no undo; now it asks (No
    focused), so Enter pressed again keeps it, and Yes removes it."""
    from game.ui.shell.input import Kind
    from game.ui.shell.registry import make
    from tests.test_by_ear import new_app
    from tests.test_speech import said, steps

    app = new_app(read_aloud=True, language=lang)
    setup = make("setup", app)
    app.push(setup)
    steps(app, 2)
    setup.add()
    seats = [list(seat) for seat in setup.seats]
    assert len(seats) == 5 and seats[2][0] == "white"
    setup.focus.focus_on(setup.row_buttons[2][-1])          # Mrs. White's Remove
    steps(app, 2)
    _press(app, Kind.CONFIRM)
    assert is_scene(app.top, "confirm") and question in said(app)
    _press(app, Kind.CONFIRM)                               # Enter again: No, focused
    assert app.top is setup and [list(seat) for seat in setup.seats] == seats
    setup.focus.focus_on(setup.row_buttons[2][-1])
    _press(app, Kind.CONFIRM)
    app.top.yes()
    steps(app, 2)
    assert app.top is setup and [seat[0] for seat in setup.seats] == [s[0] for s in seats if s[0] != "white"]
    app.close()
