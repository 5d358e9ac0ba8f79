"""The detective report on screen: from the game-over
screen of either game, a person's report opens only behind their cover (and
is not even worked out before), mashing buttons never gets past that cover,
a computer's report opens openly, and OK goes back to the game over."""

from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cardgame.engine import CardSetup  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.cardgame.match import CardMatch  # noqa: E402
from game.ui.scenes.report import summary_lines  # noqa: E402
from game.ui.screenshots.card_screens import card_advance  # noqa: E402
from game.ui.screenshots.screens import advance  # noqa: E402
from game.ui.shell.registry import is_scene, make  # noqa: E402
from game.ui.shell.scene import FRESH_QUIET, PRIVATE_GUARD  # noqa: E402
from tests.inputs import click, defaults_after, key, make_app  # noqa: E402,F401

FRAME = 0.05
PEOPLE = (SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"), SeatConfig("white", "human"),
          SeatConfig("green", "computer"))


@pytest.fixture
def app():
    a = make_app()
    yield a
    a.close()


class Counted:
    """Wraps ``match.report`` and notes every seat whose report is worked out."""

    def __init__(self, match) -> None:
        self.seats: list[int] = []
        self.real = match.report
        match.report = self

    def __call__(self, seat: int):
        self.seats.append(seat)
        return self.real(seat)


def board_game_over(app, seed: int = 3):
    """A finished board game with two people (Miss Scarlet, Mrs. White) and
    its game-over screen on top, its guard over."""
    match = Match(app.board, GameSetup(seats=PEOPLE, seed=seed))
    advance(match, lambda g: False, limit=20000)
    assert match.game.over
    app.push(make("board", app, match))
    over = make("game_over", app, match)
    app.push(over)
    return match, over


def wait_guard(app, over) -> None:
    while over.guard.active:
        app.step(FRAME, draw=False)


def quiet(app, seconds: float) -> None:
    for _ in range(int(seconds / FRAME) + 1):
        app.step(FRAME)


def drawn_reports(app) -> list:
    """The report scenes drawn in the last frame (the stack from the topmost opaque scene up)."""
    return [s for s in app.stack if is_scene(s, "report")]


def test_a_persons_report_opens_behind_their_cover_and_ok_goes_back(app):
    match, over = board_game_over(app)
    counted = Counted(match)
    wait_guard(app, over)
    white = next(b for b in over.report_buttons if b.data == 2)
    assert white.label == "Mrs. White" and len(over.report_buttons) == 4
    click(app, white.rect.center)
    assert is_scene(app.top, "cover") and app.top.seat == 2
    assert counted.seats == [] and drawn_reports(app) == []        # nothing of it exists behind the cover
    quiet(app, PRIVATE_GUARD + FRESH_QUIET)
    key(app, pygame.K_RETURN)
    report = app.top
    assert is_scene(report, "report") and report.private and report.seat == 2
    assert counted.seats == [2]
    texts = [w.text for w in report.widgets() if hasattr(w, "text")]
    r = report.report
    assert texts[0] == "Detective report: Mrs. White"
    assert summary_lines(r)[0] in texts
    assert all(f"turn {t}" not in " ".join(texts) for t in (r.solved_turn, r.last_turn, r.accused_turn) if t)
    assert all(f.split()[0] in " ".join(texts) for f in r.facts)
    app.draw()
    key(app, pygame.K_ESCAPE)
    assert app.top is over


def test_mashing_on_the_game_over_never_opens_a_persons_report_without_its_cover(app):
    """Enter, Space and clicks on every report button, every frame: the first
    press opens a cover (the report is not made), and no press gets past it."""
    match, over = board_game_over(app)
    counted = Counted(match)
    wait_guard(app, over)
    people = [b for b in over.report_buttons if match.is_human(b.data)]
    over.focus.focus_on(people[1])                  # Enter and Space press Mrs. White's report button
    spots = [b.rect.center for b in people] + [(640, 300), (640, 500)]   # and clicks land everywhere
    for frame in range(160):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        if frame % 2:
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        pos = spots[frame % len(spots)]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        if frame % 3 == 0:
            key(app, pygame.K_SPACE, dt=FRAME)
        else:
            app.step(FRAME)
        assert drawn_reports(app) == [] and counted.seats == [], frame
        assert is_scene(app.top, "cover") and app.top.seat == 2, frame    # the first press: only the cover
    quiet(app, PRIVATE_GUARD + FRESH_QUIET)
    key(app, pygame.K_RETURN)                       # one calm press: now it is Mrs. White's own
    assert is_scene(app.top, "report") and app.top.seat == 2 and counted.seats == [2]


def test_a_computers_report_opens_openly_and_keeps_the_peoples_cards_private(app):
    match, over = board_game_over(app)
    wait_guard(app, over)
    mustard = next(b for b in over.report_buttons if b.data == 1)
    click(app, mustard.rect.center)
    app.step(0.05)                  # the press shows ("Opening…") in the frame drawn first; the next opens it
    report = app.top
    assert is_scene(report, "report") and not report.private and report.seat == 1
    if report.report.key is not None:
        assert report.report.key.hint.holder not in match.humans
    full = match.report(1)
    assert full.shareable(match.humans) == report.report
    texts = [t for _kind, t in report.blocks()]          # about Colonel Mustard, not to "you"
    assert texts[0].startswith(("Colonel Mustard ", "What Colonel Mustard saw"))
    assert not any(w in t.lower().split() for t in texts for w in ("you", "your", "you're"))
    assert all("you don't" not in t for t in texts)
    key(app, pygame.K_RETURN)
    assert app.top is over


def test_one_person_at_the_table_sees_their_report_without_a_cover(app):
    from game.ui.bases.match import quick_setup

    match = Match(app.board, quick_setup(46))
    advance(match, lambda g: False, limit=20000)
    app.push(make("board", app, match))
    over = make("game_over", app, match)
    app.push(over)
    wait_guard(app, over)
    click(app, next(b for b in over.report_buttons if b.data == 0).rect.center)
    report = app.top
    assert is_scene(report, "report") and report.private
    r = report.report          # seed 46: Miss Scarlet could have named the envelope and never accused
    assert (r.solved_turn, r.ready_turn, r.accused_turn) == (42, 45, None) and r.key is not None
    shown = " ".join(w.text for w in report.widgets() if hasattr(w, "text") and w.text != "•")   # wrapped lines joined
    assert r.own_turns[10:12] == (41, 45) and r.own_count(39) == 10    # her turns 11 and 12; 39 was not hers
    assert ("You already knew enough to solve the case after your turn number 11. "
            "You had 12 turns and did not accuse.") in shown
    assert "could have accused" not in shown       # said once: it knew enough after its turn 11
    assert "The clue that mattered most, found on your turn number 11:" in shown


def test_the_card_games_report_opens_behind_its_cover(app):
    setup = CardSetup(players=4, seed=7, levels=("human", "easy", "human", "easy"), first=0)
    match = CardMatch(setup, ("scarlet", "white", "peacock", "green"))
    card_advance(match, lambda g: False)
    assert match.game.over
    app.push(make("card_table", app, match))
    over = make("card_game_over", app, match)
    app.push(over)
    counted = Counted(match)
    wait_guard(app, over)
    click(app, next(b for b in over.report_buttons if b.data == 2).rect.center)
    assert is_scene(app.top, "cover") and counted.seats == []
    quiet(app, PRIVATE_GUARD + FRESH_QUIET)
    key(app, pygame.K_RETURN)
    assert is_scene(app.top, "report") and app.top.private and counted.seats == [2]
    assert app.top.report.envelope == tuple(match.game.crime)
    app.draw()


def test_from_the_table_to_the_game_over_to_each_report_and_back(app):
    """The whole flow: the table shows the end of the game, the game-over
    screen offers a report per seat; a person's opens after their cover, a
    computer's openly; each goes back to the game over, which still plays again."""
    match = Match(app.board, GameSetup(seats=PEOPLE, seed=5))
    advance(match, lambda g: False, limit=20000)
    app.push(make("board", app, match))
    for _ in range(6000):
        if is_scene(app.top, "game_over"):
            break
        app.step(FRAME, draw=False)
    over = app.top
    assert is_scene(over, "game_over") and [b.data for b in over.report_buttons] == [0, 1, 2, 3]
    assert not any(b.enabled for b in over.report_buttons)            # dimmed while the case closes
    wait_guard(app, over)
    for seat in (0, 3):
        click(app, over.report_buttons[seat].rect.center)
        if match.is_human(seat):
            assert is_scene(app.top, "cover") and app.top.seat == seat
            quiet(app, PRIVATE_GUARD + FRESH_QUIET)
            key(app, pygame.K_RETURN)
        else:
            app.step(0.05)              # the press shows ("Opening…") first; the next frame opens the report
        report = app.top
        assert is_scene(report, "report") and report.seat == seat and report.private == match.is_human(seat)
        assert report.report.envelope == match.game.envelope
        key(app, pygame.K_RETURN)
        assert app.top is over
    quiet(app, FRESH_QUIET)                                           # Play again takes only a fresh press
    click(app, over.again.rect.center)
    assert is_scene(app.top, "board") and app.top.match is not match


def test_the_summary_says_each_ending_in_plain_words():
    """The reader's own turns are counted ("your turn number 4"),
    never the game's turns that no screen shows.  Own turns 2, 5, 8, 11, 14,
    17, 20 of 22: game turn 12 is just after the reader's 4th turn, 14 is their 5th."""
    from game.learning.hints import Hint
    from game.learning.report import KeyDeduction, Report
    from game.ui.scenes.report import key_lines, summary_lines

    own = (2, 5, 8, 11, 14, 17, 20)
    r = Report(0, ("plum", "rope", "hall"), 12, 14, 20, True, 22, ("a", "b", "c"), None, (), own)
    assert summary_lines(r) == ["You already knew enough to solve the case after your turn number 4.",
                                "You accused on your turn number 7, and you were right!"]   # knowing: said once
    r = Report(0, ("plum", "rope", "hall"), 11, 11, 11, False, 22, (), None, (), own)
    assert summary_lines(r) == ["You already knew enough to solve the case on your turn number 4.",
                                "You accused on your turn number 4, but you were wrong."]
    r = Report(0, ("plum", "rope", "hall"), None, None, None, None, 30, (), None, (), own)
    assert summary_lines(r) == ["What you saw was never quite enough to be sure.",
                                "You had 7 turns and did not accuse."]
    r = Report(0, ("plum", "rope", "hall"), 1, 2, None, None, 3, (), None, (), (2,))
    assert summary_lines(r) == ["You already knew enough to solve the case before your first turn.",
                                "You had 1 turn and did not accuse."]
    hint = Hint("rope", False, 1, "Colonel Mustard has the Rope.")
    r = Report(0, ("plum", "rope", "hall"), 12, 14, 20, True, 22, (), KeyDeduction("rope", hint, 7, 4, 12), (), own)
    assert key_lines(r) == (   # named on game turn 12; without the clue on 16: own turn 14 (the 5th) lost
        "The clue that mattered most, found after your turn number 2:", "Colonel Mustard has the Rope.",
        "Without it, you would have needed 1 more turn to solve the case.")
    r = replace(r, key=KeyDeduction("rope", hint, 8, 6, 12))      # up to game turn 18: own turns 14 and 17
    assert key_lines(r)[0] == "The clue that mattered most, found on your turn number 3:"
    assert key_lines(r)[2] == "Without it, you would have needed 2 more turns to solve the case."
    r = replace(r, key=KeyDeduction("rope", hint, 8, 1, 12))      # game turn 13: none of the reader's turns
    assert key_lines(r)[2] == "Without it, you would have solved the case a little later."
    r = replace(r, key=KeyDeduction("rope", hint, 8, None, 12))
    assert key_lines(r)[2] == "Without it, you could not have solved the case."


def test_a_computers_report_speaks_about_it_not_to_you():
    """A computer's report says its name, in the third person."""
    from game.learning.hints import Hint
    from game.learning.report import KeyDeduction, Report
    from game.ui.scenes.report import key_lines, summary_lines

    own = (2, 5, 8, 11, 14, 17, 20)
    r = Report(1, ("plum", "rope", "hall"), 12, 14, 20, True, 22, (), None, (), own)
    assert summary_lines(r, "Colonel Mustard") == [
        "Colonel Mustard already knew enough to solve the case after their turn number 4.",
        "Colonel Mustard accused on their turn number 7, and was right!"]
    assert summary_lines(replace(r, accused_right=False), "Colonel Mustard")[1] == \
        "Colonel Mustard accused on their turn number 7, but was wrong."
    r = Report(1, ("plum", "rope", "hall"), None, None, None, None, 30, (), None, (), own)
    assert summary_lines(r, "Colonel Mustard") == ["What Colonel Mustard saw was never quite enough to be sure.",
                                                   "Colonel Mustard had 7 turns and did not accuse."]
    hint = Hint("rope", False, 2, "Mrs. White has the Rope.")
    r = Report(1, ("plum", "rope", "hall"), 12, 14, 20, True, 22, (), KeyDeduction("rope", hint, 1, 4, 12), (), own)
    assert key_lines(r, "Colonel Mustard") == (
        "The clue that mattered most, found before their first turn:", "Mrs. White has the Rope.",
        "Without it, Colonel Mustard would have needed 1 more turn to solve the case.")
    for saved, said in ((6, "Without it, Colonel Mustard would have needed 2 more turns to solve the case."),
                        (1, "Without it, Colonel Mustard would have solved the case a little later."),
                        (None, "Without it, Colonel Mustard could not have solved the case.")):
        assert key_lines(replace(r, key=KeyDeduction("rope", hint, 1, saved, 12)), "Colonel Mustard")[2] == said


@pytest.mark.parametrize("lang,text_size", [("en", "normal"), ("es", "normal"), ("ca", "large")])
def test_the_report_lies_on_a_case_file_with_the_envelope_where_it_fits(app, lang, text_size):
    """The report is written on a sheet of paper (:data:`report.SHEET`) in
    dark ink, and once the game is over the envelope's three cards lie in the
    sheet's lower right corner under their caption, the text made smaller to
    leave room where it must (in English and Spanish every report of the game
    has them, a computer's too): inside the sheet, clear of every line of the
    report, each card's name whole."""
    from game.text import i18n
    from game.ui.draw import assets, theme
    from game.ui.scenes import report as rep

    i18n.set_language(lang)
    theme.set_text_scale(theme.LARGE_SCALE if text_size == "large" else 1.0)
    try:
        match, over = board_game_over(app, seed=6)      # three of its four reports are short
        laid = 0
        for seat in range(len(PEOPLE)):
            scene = make("report", app, match, seat)
            assert all(label.colour in (rep.INK, rep.INK_HEAD) for label in scene.labels)
            assert all(rep.SHEET.contains(label.rect) for label in scene.labels)
            if scene.evidence is None:
                continue
            caption, places = scene.evidence
            assert [c for c, _ in places] == list(match.game.envelope)
            for _c, where in places:
                assert rep.SHEET.contains(where) and assets.card_name_fits(_c, where.width)
            assert all(label.rect.bottom + rep.EVIDENCE_CLEAR <= caption.rect.top
                       or label.rect.right <= caption.rect.left for label in scene.labels)
            laid += 1
        if text_size == "normal":
            assert laid == len(PEOPLE)          # at normal size every report makes room for the envelope
    finally:
        i18n.set_language("en")
        theme.set_text_scale(1.0)


def test_a_long_card_name_stays_inside_its_card():
    """A single word wider than the card's name line ("Conservatory" on the
    150-pixel cards of the game-over screen) is drawn a little narrower, never
    over the card's frame: every dark (ink) pixel of the name lies inside the
    name's room (:func:`assets.card_name_room`: the picture's width and 2
    pixels more each side)."""
    from game.ui.draw import assets, theme

    pygame.init()
    width = 150
    assert not assets.card_name_fits("conservatory", width)
    img = assets.card("conservatory", width)
    top = assets.card_name_top(width)
    pad = max(6, width // 16)
    ink = [x for x in range(img.get_width()) for y in range(top, img.get_height() - pad)
           if sum(img.get_at((x, y))[:3]) < sum(theme.INK) + 60]
    assert ink and min(ink) >= pad - 2 and max(ink) < width - pad + 2, (min(ink), max(ink))


@pytest.mark.parametrize("lang, asked, none, accused", [
    ("es", "La Señorita Amapola preguntó por el Coronel Rubio, la Soga y el Salón de baile.",
     "El Coronel Rubio y la Señora Blanco no tenían ninguna.",
     "El Coronel Rubio acusó a la Señora Blanco, con el Candelabro, en la Cocina."),
    ("ca", "La Senyoreta Amapola va preguntar sobre el Coronel Rubio, la Corda i la Sala de ball.",
     "El Coronel Rubio i la Senyora Blanco no en tenien cap.",
     "El Coronel Rubio va acusar la Senyora Blanco, amb el Canelobre, a la Cuina."),
    ("en", "Miss Scarlet asked about Colonel Mustard, the Rope and the Ballroom.",
     "Colonel Mustard and Mrs. White had none.",
     "Colonel Mustard accused Mrs. White, with the Candlestick, in the Kitchen."),
])
def test_the_recap_names_cards_and_people_with_their_articles(app, lang, asked, none, accused):
    """The story of the game writes each person and card as the language needs them: Spanish
    "preguntó por el Coronel Rubio, la Soga y el Salón de baile", "acusó a la Señora Blanco"."""
    from game.learning.report import Accused, Question
    from game.text.i18n import set_language

    match, _over = board_game_over(app)
    recap = make("recap", app, match)
    set_language(lang)
    try:
        question = Question(1, 0, ("mustard", "rope", "ballroom"), (1, 2), 3)
        head, under, _cards = recap.item_lines(question)
        assert head.endswith(asked) and under.startswith(none)
        head, _under, _cards = recap.item_lines(Accused(2, 1, ("white", "candlestick", "kitchen"), False))
        assert head == accused
    finally:
        set_language("en")


@pytest.mark.parametrize("seed", [1, 2, 6])
def test_large_spanish_reports_keep_a_margin_above_the_papers_edge(app, seed):
    """In large text, Spanish (the longest sentences), no line of any seat's report comes within
    12 pixels of the sheet's bottom edge: the longest reports of these games reached 595 of 598."""
    from game.text import i18n
    from game.ui.draw import theme
    from game.ui.scenes import report as rep

    match = Match(app.board, GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer"),
                                              SeatConfig("white", "computer"), SeatConfig("green", "computer")),
                                       seed=seed))
    advance(match, lambda g: False, limit=20000)
    i18n.set_language("es")
    theme.set_text_scale(theme.LARGE_SCALE)
    try:
        lowest = max(make("report", app, match, seat).labels[-1].rect.bottom for seat in range(4))
    finally:
        i18n.set_language("en")
        theme.set_text_scale(1.0)
    assert lowest <= rep.SHEET.bottom - 12


def test_the_sheets_grain_repeats_a_small_square_not_the_whole_sheet(app, monkeypatch):
    """The paper's grain is one :data:`tabletop.GRAIN_TILE` square of baize laid edge to edge:
    the press that opens a report draws no baize larger than that square (the whole sheet's
    nap, about 190,000 fibres drawn in Python, made the report open a second or more after the
    press), and the grain's pixels repeat with the square's period."""
    from game.ui.draw import tabletop, theme
    from game.ui.scenes import report as rep

    asked: list[tuple[int, int]] = []
    made = tabletop.baize

    def recording(size, *args, **kwargs):
        asked.append(tuple(size))
        return made(size, *args, **kwargs)

    tabletop.paper_grain.cache_clear()
    monkeypatch.setattr(tabletop, "baize", recording)
    match, _over = board_game_over(app, seed=6)
    scene = make("report", app, match, 0)
    canvas = pygame.Surface((1280, 720))
    scene.draw(canvas)
    assert asked, "the sheet was drawn without its grain"
    assert all(w <= tabletop.GRAIN_TILE and h <= tabletop.GRAIN_TILE for w, h in asked), asked
    inner = rep.SHEET.inflate(-6, -6)
    grain = tabletop.paper_grain(inner.size, theme.PAPER, 5)
    tile = tabletop.GRAIN_TILE
    row = [tuple(grain.get_at((x, 40))) for x in range(20, 20 + tile)]
    assert row == [tuple(grain.get_at((x + tile, 40))) for x in range(20, 20 + tile)]
    assert len(set(row)) > 5                # a grain, not a flat fill


def test_the_summary_speaks_to_its_reader_in_their_gender_and_never_counts_zero_turns():
    """Spanish to Señorita Amapola: "segura", not "seguro" (the catalogue's "feminine"
    context, as the game's other gendered words); a seat whose game ended before its
    first turn "never got to play", never "had 0 turns"."""
    from game.learning.report import Report
    from game.text import i18n

    never = Report(0, ("plum", "rope", "hall"), None, None, None, None, 30, (), None, (), (2, 5))
    unplayed = Report(0, ("plum", "rope", "hall"), None, None, None, None, 1, (), None, (), ())
    assert summary_lines(unplayed) == ["What you saw was never quite enough to be sure.",
                                       "You never got to play a turn."]
    assert summary_lines(unplayed, "plum")[1] == "Professor Plum never got to play a turn."
    try:
        i18n.set_language("es")
        assert summary_lines(never, you="scarlet")[0] == "Nunca llegaste a ver lo suficiente para estar segura."
        assert summary_lines(never, you="mustard")[0] == "Nunca llegaste a ver lo suficiente para estar seguro."
        assert summary_lines(unplayed, you="scarlet")[1] == "No llegaste a jugar ningún turno."
        assert summary_lines(unplayed, "plum")[1] == "El Profesor Mora no llegó a jugar ningún turno."
        # a computer's report, as a Spanish speaker writes it (it read "Lo que vio el Coronel Rubio
        # nunca bastó ...", "... tuvo 2 turnos y no acusó.")
        assert summary_lines(never, "mustard") == ["El Coronel Rubio nunca llegó a ver lo suficiente para tener "
                                                   "la certeza.", "El Coronel Rubio jugó 2 turnos sin acusar."]
        i18n.set_language("ca")
        assert summary_lines(never, you="white")[0] == "No vas arribar a veure prou per estar-ne segura."
        assert summary_lines(never, "mustard")[1] == "El Coronel Rubio va jugar 2 torns sense acusar."
    finally:
        i18n.set_language("en")


def test_a_press_on_recap_or_a_computers_report_shows_at_once():
    """The recap and a computer's report take a second or more to open the first time: the
    frame drawn right after the press already shows the button as "Opening…" (nothing is built
    yet); the update after that frame opens it, and the button has its name back."""
    from game.ui.board.gameover import GameOverScene
    from game.ui.board.match import Match

    app = make_app()
    try:
        setup = GameSetup(seats=[SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer", "easy"),
                                 SeatConfig("white", "computer", "easy")], seed=5)
        match = Match(app.board, setup)
        advance(match, lambda g: False)
        over = GameOverScene(app, match)
        app.push(over)
        over.update(FRESH_QUIET + 0.1)
        for button, scene in [(over.recap_button, "recap"), (over.report_buttons[1], "report")]:
            label = button.label
            button.press()
            assert over.opening is not None and app.top is over
            over.update(0.01)                               # not drawn yet: nothing opens
            assert app.top is over
            surface = pygame.Surface((1280, 720))
            over.draw(surface)
            assert button.label == "Opening…"
            over.update(0.01)
            assert is_scene(app.top, scene) and button.label == label and over.opening is None
            app.pop(app.top)
    finally:
        app.close()


@pytest.mark.parametrize("seed", [10, 18])
def test_a_long_report_writes_beside_the_envelopes_cards_rather_than_lose_them(app, seed):
    """A computer's report with three summary lines, three facts and the clue that mattered
    (Colonel Mustard's in these games) does not end above the cards at any size: it is written
    in a narrower column beside them (smaller cards where it must), down to the sheet's margin,
    and the envelope's cards are still laid, clear of every line."""
    from game.ui.scenes import report as rep

    match, over = board_game_over(app, seed=seed)
    for seat in range(len(PEOPLE)):
        scene = make("report", app, match, seat)
        assert scene.evidence is not None, (seat, [label.text for label in scene.labels])
        caption, places = scene.evidence
        assert [c for c, _ in places] == list(match.game.envelope)
        assert all(rep.SHEET.contains(label.rect) and label.rect.bottom <= rep.TEXT_END for label in scene.labels)
        assert all(label.rect.bottom + rep.EVIDENCE_CLEAR <= caption.rect.top
                   or label.rect.right <= caption.rect.left for label in scene.labels)
