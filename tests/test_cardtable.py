"""The card table (003) with your
hand fanned face up (after your cover), the question travelling round the
seats, the face-up cards and the Crime cards on the table, one hint a turn,
a header that waits for the reveal, and "Accuse too!" asking once more."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cardgame import events as ev  # noqa: E402
from game.cardgame.engine import Accuse, CardSetup, Phase  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.cardgame.match import CardMatch  # noqa: E402
from game.ui.cardgame.picker import CardPickerScene  # noqa: E402
from game.ui.cardgame.private import JoinScene  # noqa: E402
from game.ui.cardgame.table import CardTableScene  # noqa: E402
from game.ui.shell.registry import is_scene  # noqa: E402
from tests.inputs import aim_click, click, key  # noqa: E402
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
def asked_to_join(app: App) -> tuple[CardTableScene, JoinScene]:
    """A table (a person and two computers) where a computer has just accused
    wrongly and the person is asked "Will you accuse too?"."""
    table = table_of(app, ("human", "easy", "easy"), first=1)
    run_until(app, lambda: app.top is table and table.game.actor == 1 and table.game.phase is Phase.ASK)
    table.computer.cancel()
    table.do(Accuse(*wrong_triple(table.game)))
    run_until(app, lambda: isinstance(app.top, JoinScene))
    return table, app.top


def test_accuse_too_asks_first_in_private_with_no_focused(app):
    """Joining another player's accusation may put you out just the same: the
    picker's "Accuse too!" opens the accusation's last question (private, No
    focused, Yes only on a fresh press)."""
    table, join = asked_to_join(app)
    run_until(app, lambda: not join.guard.active)
    click(app, join.join_button.rect.center)
    picker = app.top
    assert isinstance(picker, CardPickerScene) and picker.mode == "join" and picker.private
    for rows in picker.items.values():
        aim_click(app, rows[0].rect.center)
    n = len(table.game.events)
    aim_click(app, picker.ok.rect.center)
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
    from game.ui.screenshots.card_screens import card_advance, card_match

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
    from game.cardgame.engine import Accuse as A
    from game.cardgame.engine import Join

    g = match.game
    players = {i: make_card_player("easy", 50 + i) for i in range(g.players)}
    while not stop(g):
        legal = [a for a in g.legal_actions() if not isinstance(a, (A, Join))]
        for e in g.apply(players[g.actor].choose(g.view(g.actor), legal)):
            match.add_log(e)


def press_hint(app: App, book, times: int) -> None:
    for _ in range(times):
        aim_click(app, book.hint_button.rect.center)


def test_one_hint_per_turn_by_default_and_unlimited_lifts_it(app):
    from game.ui.shell.registry import make

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

    from game.storage.settings import SettingsError, read_settings, settings_from_dict

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
    from game.ui.shell.registry import make

    screen = make("settings", app)
    app.push(screen)
    row = screen.hints_row
    assert row.label == "Case file hints: one per turn"
    click(app, row.right_arrow().center)
    assert app.store.settings.card_hints == "unlimited" and row.label == "Case file hints: unlimited"


# ------------------------------------------- item 1: the hand, private to its seat
class HandSpy:
    """Records every hand the table draws face up (``tv.draw_hand`` with
    ``face_up``), with the top scene at that moment."""

    def __init__(self, app: App, monkeypatch) -> None:
        from game.ui.cardgame import tableview as tv

        self.app = app
        self.drawn: list[tuple[tuple[str, ...], object]] = []
        real = tv.draw_hand

        def spy(surface, x, cards, face_up, caption):
            if face_up:
                self.drawn.append((tuple(sorted(cards)), app.top))   # which cards, in any order
            return real(surface, x, cards, face_up, caption)

        monkeypatch.setattr(tv, "draw_hand", spy)

    def clear(self) -> None:
        self.drawn.clear()


def hand_of(table, seat: int) -> tuple[str, ...]:
    """``seat``'s hand, sorted as :class:`HandSpy` records it."""
    return tuple(sorted(table.game.view(seat).hand))


def test_one_person_sees_their_hand_on_the_table_even_during_computer_turns(app, monkeypatch):
    spy = HandSpy(app, monkeypatch)
    table = table_of(app, ("human", "easy", "easy"), first=1)
    mine = hand_of(table, 0)
    assert table.hand_seat() == 0 and not table.private       # nobody else looks: it can stay
    for _ in range(10):
        app.step(DT)                                          # a computer's turn, drawn
    assert spy.drawn and all(cards == mine for cards, _top in spy.drawn)


def hot_seat(app: App) -> CardTableScene:
    """Two people (seats 0 and 1) and a computer player; seat 0 to ask."""
    table = table_of(app, ("human", "human", "easy"))
    run_until(app, lambda: app.top is table and table.human_to_act and not table.guard.active)
    return table


def show_button(table):
    return next((b for b in table.focus.buttons if b.label == "Show my cards"), None)


def test_hot_seat_hand_only_after_its_cover_and_not_by_mashing(app, monkeypatch):
    from game.ui.scenes.cover import CoverScene

    spy = HandSpy(app, monkeypatch)
    table = hot_seat(app)
    for _ in range(5):
        app.step(DT)
    assert table.hand_seat() is None and not spy.drawn       # face down: several people share the screen
    button = show_button(table)
    assert button.label == "Show my cards"
    table.focus.focus_on(button)
    key(app, pygame.K_RETURN)                                 # Show my cards: the cover first
    cover = app.top
    assert isinstance(cover, CoverScene) and cover.seat == 0
    for _ in range(40):                                       # Enter mashed: never past the cover
        key(app, pygame.K_RETURN)
    assert app.top is cover and not spy.drawn
    run_until(app, lambda: not cover.guard.active)
    for _ in range(10):
        app.step(DT)                                          # quiet, then one fresh press
    key(app, pygame.K_RETURN)
    run_until(app, lambda: app.top is table)
    app.step(DT)
    assert table.hand_seat() == 0 and table.private
    assert spy.drawn and all(cards == hand_of(table, 0) and top is table for cards, top in spy.drawn)
    assert show_button(table) is None                         # shown: it hides itself at the next move


def peek(app: App, table, seat: int) -> None:
    """``seat`` passes their cover to see their hand."""
    table.show_hand()
    cover = app.top
    run_until(app, lambda: not cover.guard.active)
    for _ in range(10):
        app.step(DT)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: app.top is table)
    app.step(DT)
    assert table.hand_seat() == seat


def test_pause_menu_over_a_shown_hand_hides_it(app, monkeypatch):
    from game.ui.scenes.menu import MenuScene

    spy = HandSpy(app, monkeypatch)
    table = hot_seat(app)
    peek(app, table, 0)
    before = app.window.surface.copy()
    spy.clear()
    key(app, pygame.K_ESCAPE)                                 # the pause menu (public) over the table
    assert isinstance(app.top, MenuScene)
    for _ in range(5):
        app.step(DT)
    assert not spy.drawn                                      # the hand is not drawn under the menu
    strip = pygame.Rect(20, 500, 400, 200)
    assert (pygame.image.tobytes(app.window.surface.subsurface(strip), "RGB")
            != pygame.image.tobytes(before.subsurface(strip), "RGB"))


def test_hand_hidden_before_the_computer_and_the_other_person_play(app, monkeypatch):
    """Seat 0 looks at their hand, then asks: from that moment on -- the
    question going round, the computer's turn, seat 1's turn -- no hand is
    face up until seat 1 passes their own cover, and then only seat 1's."""
    from game.cardgame.engine import Ask

    spy = HandSpy(app, monkeypatch)
    table = hot_seat(app)
    peek(app, table, 0)
    g = table.game
    spy.clear()
    mine = set(hand_of(table, 0))
    a, b = [c for pile in g.view(0).piles for c in pile if c not in mine and c not in g.face_up][:2]
    table.do(Ask(a, b))
    assert table.hand_seat() is None                          # at once, before anything is shown
    for _ in range(3000):
        if app.top is table and table.human_to_act and g.actor == 1 and g.phase is Phase.ASK:
            break
        top = app.top
        if top is not table and getattr(top, "guard", None) is not None and top.guard.active:
            app.step(DT)
            continue
        if top is not table:
            key(app, pygame.K_RETURN)                         # covers, the card to show, the card shown...
            if not isinstance(app.top, type(top)) or app.top is top:
                key(app, pygame.K_RIGHT)
        else:
            app.step(DT)
    else:
        raise AssertionError("seat 1's turn never came")
    assert not [cards for cards, top in spy.drawn if top is table]  # nothing face up on the table meanwhile
    run_until(app, lambda: not table.guard.active)
    assert table.hand_seat() is None
    peek(app, table, 1)
    assert spy.drawn and all(cards == hand_of(table, 1) for cards, top in spy.drawn if top is table)


# ------------------------------------------- item 2: the question goes round
def computer_asks(app: App, speed: float = 1.0, seed: int = 7):
    """One person (seat 0) and three computer players; seat 1 has just asked
    (nothing played yet).  Returns the table and the question's events."""
    app.speed = speed
    table = table_of(app, ("human", "beginner", "beginner", "beginner"), seed=seed, first=1)
    table.computer.cancel()
    g = table.game
    n = len(g.events)
    action = table.match.players[1].choose(g.view(1), g.legal_actions())
    assert table.do(action)
    return table, g.events[n:]


def test_the_question_travels_left_seat_by_seat(app):
    """The two asked cards leave the asker, stop in front of each seat in
    turn to the left (a "no": they shake there), and glow in front of the
    one who has one; every move lasts its event's pause."""
    from game.ui.bases.pacing import CARD_PAUSES
    from game.ui.cardgame import tableview as tv

    table, events = computer_asks(app, seed=3)      # seats 2 and 3 have neither card, seat 0 has one
    asked = next(e for e in events if isinstance(e, ev.Asked))
    answers = [e for e in events if isinstance(e, (ev.NoCard, ev.ShowRequested))]
    assert answers and [e.player for e in answers] == [(asked.player + 1 + i) % 4 for i in range(len(answers))]
    visits, shakes, glows = [], set(), 0.0
    for _ in range(400):
        table.update(1 / 60)
        q = table.question
        if q is not None:
            if not visits or visits[-1] != (q.at, q.kind):
                visits.append((q.at, q.kind))
            if q.shaking():
                shakes.add(q.at)
            if q.kind == "has":
                glows = max(glows, q.glow())
        if not table.queue and table.delay == 0:
            break
    want = [(asked.player, "ask")] + [(e.player, "no" if isinstance(e, ev.NoCard) else "has") for e in answers]
    assert visits[:len(want)] == want
    assert shakes == {e.player for e in answers if isinstance(e, ev.NoCard)}
    q = table.question
    assert [type(e) for e in answers] == [ev.NoCard, ev.NoCard, ev.ShowRequested]
    assert glows > 0.9 and q.kind == "has" and q.at == 0
    assert q.place(4, table.bottom_seat()) == pytest.approx(tv.anchor(0, 4, 0))
    assert q.duration == pytest.approx(CARD_PAUSES[ev.ShowRequested])


def test_the_question_is_skipped_with_the_table_and_follows_the_speed(app):
    table, _events = computer_asks(app, speed=2.0)
    table.update(1 / 60)
    q = table.question
    assert q is not None and q.kind == "ask"
    from game.ui.bases.pacing import CARD_PAUSES
    assert q.duration == pytest.approx(CARD_PAUSES[ev.Asked] / 2.0)
    from game.ui.shell.input import Intent, Kind

    assert table.handle(Intent(Kind.CONFIRM, device="keyboard"))     # Enter skips what is being shown
    table.update(1 / 60)
    assert q.kind != "ask" and table.delay == 0                # every move made at once, no pause left
    assert table.question is None or table.question.done       # (a new turn clears the table)
    assert not any(isinstance(e, (ev.Asked, ev.NoCard)) for e in table.queue)


def test_the_card_going_back_is_face_down(app, monkeypatch):
    """Which card was shown stays private: the table draws only a back going to the asker."""
    from game.ui.cardgame import tableview as tv

    q = tv.Question(1, ("knife", "kitchen"), 0.5)
    q.move(2, "has", 0.3)
    q.move(1, "shown", 0.5)
    faces = []
    monkeypatch.setattr(tv, "mini_card", lambda c: faces.append(c) or pygame.Surface((10, 10)))
    monkeypatch.setattr(tv.assets, "card", lambda c, w: faces.append(c) or pygame.Surface((10, 10)))
    surface = pygame.Surface((1280, 720))
    for _ in range(40):
        q.update(1 / 60)
        tv.draw_question(surface, q, 4, 0)
    assert faces == []


# ------------------------------------- item 3: the cards on the table as objects
def test_face_up_cards_and_the_crime_cards_lie_on_the_table(app, monkeypatch):
    from game.ui.cardgame import tableview as tv

    table = table_of(app, ("human", "easy", "easy", "easy"), seed=7, advanced=True)
    assert table.game.face_up
    drawn, crime = [], []
    real_card = tv.assets.card
    monkeypatch.setattr(tv.assets, "card", lambda c, w: drawn.append(c) or real_card(c, w))
    real_crime, real_caption = tv.draw_crime, tv.draw_crime_caption
    monkeypatch.setattr(tv, "draw_crime", lambda s, caption: crime.append("cards") or real_crime(s, caption))
    monkeypatch.setattr(tv, "draw_crime_caption", lambda s, caption: crime.append(caption) or real_caption(s, caption))
    table.draw(app.window.surface)
    assert crime == ["cards", "Crime cards"]
    assert set(table.game.face_up) <= set(drawn)              # face up, as cards
    assert set(hand_of(table, 0)) <= set(drawn)               # the one person's hand, fanned
    others = {c for s in (1, 2, 3) for c in hand_of(table, s)}
    assert not others & set(drawn)                            # never another seat's


def test_a_seat_is_out_only_once_its_wrong_accusation_is_shown(app):
    """The engine knows at once that a wrong accuser is out; the table says
    so only when the accusation is turned over (the header and the
    seats wait for the reveal)."""
    table = table_of(app, ("human", "easy", "easy"))
    run_until(app, lambda: app.top is table and table.human_to_act)
    table.do(Accuse(*wrong_triple(table.game)))
    seen_early = False
    for _ in range(3000):
        g = table.game
        wrong_left = any(isinstance(e, ev.AccusationWrong) and e.player == 0 for e in table.queue)
        if g.out[0] and wrong_left:
            seen_early = True
            assert not table.seat_out(0) and table.seat_kind(0) == "Person"
        if not wrong_left and g.out[0] and not table.busy:
            break
        if app.top is not table:
            key(app, pygame.K_RETURN, draw=False)
        app.step(DT, draw=False)
    assert seen_early and table.seat_out(0) and table.seat_state(0) == "Out"


def test_the_join_question_lights_do_not_accuse_so_enter_alone_declines(app):
    """"Will you accuse too?" shows which button Enter presses: "Do not accuse"
    (a child pressing Enter is never led into an accusation)."""
    table, join = asked_to_join(app)
    assert join.focus.focused is join.decline_button
    run_until(app, lambda: not join.guard.active)
    key(app, pygame.K_RETURN)
    assert not isinstance(app.top, JoinScene) and table.game.phase is not Phase.JOIN


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_questions_cards_never_cover_a_badge_or_the_crime_cards(app, players, lang):
    """Wherever the question's two cards rest (in front of each seat) and wherever they are
    laid down (in front of the asker), they cover no seat's badge, the Crime cards or their
    caption "Crime cards", nor the cards resting in front of another seat (five or six
    players: two seats one above the other at a side)."""
    from game.text import i18n
    from game.ui.cardgame import tableview as tv
    from game.ui.draw import theme

    i18n.set_language(lang)
    crime = tv.draw_crime(pygame.Surface((1280, 720)), i18n._("Crime cards"))        # the cards, with a margin
    w, h = tv.assets.card_size(tv.CRIME_W)
    caption = theme.text(i18n._("Crime cards"), theme.SMALL, theme.CREAM, True).get_rect(
        midtop=(tv.CENTRE[0], tv.CENTRE[1] - 14 + h // 2 + tv.CRIME_CAPTION_GAP))
    assert tv.crime_rects()[1].contains(caption)
    badges = [tv.badge_rect(s, players, 0) for s in range(players)]
    rests: list[pygame.Rect] = []
    for seat in range(players):
        q = tv.Question(seat, ("plum", "rope"), 1.0)
        x, y = q.place(players, 0)                                  # laid down: the asking's start
        assert (x, y) == pytest.approx(tv.anchor(seat, players, 0))
        pair = pygame.Rect((0, 0), tv.pair_size(tv.stacked(seat, players, 0)))
        pair.center = (round(x), round(y))
        assert pair.collidelist(badges) < 0 and not pair.colliderect(crime) and not pair.colliderect(caption), seat
        assert pair.collidelist(tv.crime_rects()) < 0
        assert tv.FELT_RECT.contains(pair)
        rests.append(pair)
    assert not [(a, b) for a in range(players) for b in range(a) if rests[a].colliderect(rests[b])]
    i18n.set_language("en")


def test_the_questions_cards_slide_under_the_words(app, monkeypatch):
    """On their way from seat to seat the question's cards pass by badges and the Crime cards'
    caption: they are drawn first, so every word is drawn over them (never hidden)."""
    from game.ui.cardgame import tableview as tv

    table, _events = computer_asks(app, seed=3)
    for _ in range(400):
        table.update(1 / 60)
        q = table.question
        if q is not None and q.kind in ("no", "has") and 0 < q.progress < tv.TRAVEL:
            break
    assert q is not None and 0 < q.progress < tv.TRAVEL          # on its way
    order = []
    for name in ("draw_question", "draw_badge", "draw_crime_caption"):
        real = getattr(tv, name)
        monkeypatch.setattr(tv, name, lambda *a, _n=name, _r=real, **k: order.append(_n) or _r(*a, **k))
    table.draw(app.window.surface)
    assert order[0] == "draw_question" and order.count("draw_badge") == table.game.players
    assert "draw_crime_caption" in order


def test_every_level_name_is_drawn_at_the_buttons_full_size(app):
    """On the card game's setup a computer's level button shows "Beginner" as big as
    "Medium", and "Remove" and "Computer" stay whole too (English, normal text)."""
    from game.ui.draw import theme
    from game.ui.shell.i18n import level_label
    from game.ui.shell.registry import make

    setup = make("card_setup", app)
    app.push(setup)
    level = next(iter(setup.level_buttons.values()))
    names = [(level, level_label(lv)) for lv in setup.levels]
    names += [(b, b.label) for b in setup.focus.buttons if b.label in ("Computer", "Remove")]
    assert len(names) > len(setup.levels)
    for button, name in names:
        assert theme.fit_px(name, button.size, True, button.available_width()) == theme.px(theme.BUTTON), name


def test_a_deck_line_in_the_felts_corner_breaks_after_its_colon():
    from game.ui.cardgame.panels import corner_lines

    assert corner_lines("Normal game: 9 cards") == ["Normal game:", "9 cards"]
    assert corner_lines("Advanced game: 12 cards") == ["Advanced game:", "12 cards"]
