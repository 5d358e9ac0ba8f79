"""A suggestion's cut-in (its three cards slide in while
the tokens glide), the question going round seat by seat (a "no" shakes, a
"has one" glows), the envelope (the Crime card) opened on a correct
accusation with its three cards turned over one after the other, and a
wrong accusation as its own moment.  Each is driven by the simulated ``dt``
and the speed setting, ends at once on Enter or a click, takes nothing at
instant speed, and shows only what the whole table may see."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from benchmarks.bench_pacing import DT  # noqa: E402
from game.rules import events as ev  # noqa: E402
from game.ui.bases.pacing import BOARD_PAUSES  # noqa: E402
from game.ui.board.moments import HAS, NO, SHOWED, WAITING  # noqa: E402
from game.ui.draw import anim, assets, theme  # noqa: E402
from game.ui.screenshots.screens import build_moment  # noqa: E402
from game.ui.shell.registry import is_scene  # noqa: E402
from tests.inputs import aim_click, click, defaults_after, key, make_app  # noqa: E402,F401


def _frames(seconds: float) -> int:
    return math.ceil(seconds / DT)


def _moment(scene_name: str, speed: float = anim.NORMAL):
    """An app with the screenshot scene ``scene_name`` built: the moment at its start."""
    app = make_app(speed=speed)
    build_moment(app, scene_name)
    return app


def _board(app):
    return next(s for s in app.stack if is_scene(s, "board") or is_scene(s, "card_table"))


# ------------------------------------------------------------------ the suggestion's cut-in
@pytest.mark.parametrize("speed", [anim.NORMAL, anim.FAST])
def test_the_cut_in_slides_the_cards_in_while_the_tokens_glide(speed):
    app = _moment("suggestion-cutin", speed)
    board = app.top
    show = board.suggestion_show
    assert show is not None and show.cards[2] == board.game.room_of(show.suggester)
    assert isinstance(board.anim, anim.Group) and board.anim.parts[0] is show.cut
    assert any(isinstance(p, anim.Glide) and p.kind == "token" for p in board.anim.parts)   # Plum is called in
    assert show.cut.duration == pytest.approx(anim.CUTIN_TIME / speed)
    assert [show.cut.along(i) for i in range(3)] == [0, 0, 0]
    half = _frames(anim.CUTIN_TIME / speed / 2)
    for _ in range(half):
        app.step(DT)
    first, _second, third = (show.cut.along(i) for i in range(3))
    assert 0 < third < first < 1                          # one after another, on their way
    for _ in range(_frames(anim.CUTIN_TIME / speed) - half + 1):
        app.step(DT)
    assert show.cut.done and [show.cut.along(i) for i in range(3)] == [1, 1, 1]
    assert board.shown_pos[show.cards[0]] == show.cards[2]    # the summoned token has landed


def test_the_cut_in_draws_its_cards_across_the_board():
    app = _moment("suggestion-cutin")
    board = app.top
    before = pygame.Surface((1280, 720))
    board.draw(before)
    for _ in range(_frames(anim.CUTIN_TIME * 0.45)):
        app.step(DT)
    during = pygame.Surface((1280, 720))
    board.draw(during)
    view = board.view.rect                                # a card is on its way over the board
    changed = sum(before.get_at((x, y)) != during.get_at((x, y)) for x in range(view.left, view.right, 6)
                  for y in range(view.top, view.bottom, 6))
    assert changed > 200


def test_enter_skips_the_cut_in():
    app = _moment("suggestion-cutin")
    board = app.top
    cut = board.suggestion_show.cut
    key(app, pygame.K_RETURN, dt=DT)
    assert cut.done and board.suggestion_show is not None


def _suggesting_by_click():
    """A one-person game (Miss Scarlet against computers) with her suggestion just made
    by a click on the picker's Suggest button, in a frame of ``DT``: the app, the board and
    the suggestion (its SuggestionMade)."""
    from game.rules.engine import Phase
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.screenshots.screens import advance
    from game.ui.shell.registry import make

    app = make_app()
    match = Match(app.board, quick_setup(3))
    advance(match, lambda g: g.turn == 0 and g.phase is Phase.SUGGEST, limit=20000)
    board = make("board", app, match)
    app.push(board)
    app.step(DT)
    picker = app.top
    assert is_scene(picker, "picker") and picker.mode == "suggest"
    while picker.guard.active:
        app.step(DT, draw=False)
    aim_click(app, picker.items["suspect"][1].rect.center, dt=DT)
    aim_click(app, picker.items["weapon"][3].rect.center, dt=DT)
    aim_click(app, picker.ok.rect.center, dt=DT)
    made = next(e for e in reversed(match.game.events) if isinstance(e, ev.SuggestionMade))
    assert app.top is board and board.suggestion_show is not None
    return app, board, made


def test_a_long_frame_that_made_the_suggestions_pictures_does_not_skip_its_moment():
    """The frame that plays a suggestion makes its moment's pictures (a quarter of a second or
    more on a busy computer, seconds in a software-drawn window): the next step moves the cut-in
    on by one frame, not by that time, so the room's picture still wipes in over the board and
    Colonel Mustard, named in the log as called in, glides into the room during the moment."""
    from game.ui.board.table import FIRST_STEP

    app, board, made = _suggesting_by_click()
    show = board.suggestion_show
    assert made.suspect == "mustard" and board.shown_pos["mustard"] != made.room
    assert any("Colonel Mustard" in line and "called into" in line for line in board.match.log[-3:])
    app.step(3.0)                                         # the frame that made the pictures took 3 s
    assert show.cut.progress == pytest.approx(FIRST_STEP * app.speed / anim.CUTIN_TIME)
    assert 0 < show.fade < 1 and not show.staged          # the room's picture is coming in
    assert board.shown_pos["mustard"] != made.room        # on his way
    for _ in range(_frames(anim.CUTIN_TIME) + 1):
        app.step(DT)
    assert show.cut.done and show.staged
    assert board.shown_pos["mustard"] == made.room        # landed with the moment


def test_the_main_loop_moves_the_game_on_at_most_a_tenth_of_a_second_a_frame(monkeypatch):
    """However long a frame took (a moment's pictures made, a busy computer), the loop moves
    the game on by at most ``MAX_FRAME``: a moment's later frames are never jumped over."""
    from game.ui import app as app_module
    from game.ui.board.table import FIRST_STEP

    app, board, _made = _suggesting_by_click()
    show = board.suggestion_show
    steps: list[float] = []
    step = app.step

    class SlowClock:
        def tick(self, fps: int = 0) -> int:
            return 2500                                   # every frame took 2.5 s

    def counted(dt: float, draw: bool = True) -> bool:
        steps.append(dt)
        step(dt, draw=False)
        return len(steps) < 3

    monkeypatch.setattr(app, "clock", SlowClock())
    monkeypatch.setattr(app, "step", counted)
    monkeypatch.setattr(app, "close", lambda: None)
    monkeypatch.setattr(app_module.pygame, "quit", lambda: None)
    app.run()
    assert steps == [app_module.MAX_FRAME] * 3
    assert not show.cut.done and show.cut.progress == pytest.approx(
        (FIRST_STEP + 2 * app_module.MAX_FRAME) * app.speed / anim.CUTIN_TIME)


def test_the_cut_in_takes_no_longer_than_the_pauses_it_replaces():
    """The suggestion's line pause and the summoning glide were 0.4 s + 0.3 s one after the other."""
    assert anim.CUTIN_TIME <= BOARD_PAUSES[ev.SuggestionMade] + anim.GLIDE_TIME


def test_instant_speed_shows_the_suggestion_without_a_wait():
    app = _moment("suggestion-cutin", anim.INSTANT)
    board = app.top
    show = board.suggestion_show
    app.step(DT)
    assert show.cut.done and board.anim is None
    assert not any(isinstance(e, (ev.TokenSummoned, ev.CannotDisprove, ev.DisproveRequested)) for e in board.queue)


# ----------------------------------------------------------------- the question going round
def test_the_question_goes_round_seat_by_seat():
    app = _moment("question-round")
    board = app.top
    show = board.suggestion_show
    first, second = show.order[0], show.order[1]
    assert show.order[0] == (show.suggester + 1) % len(board.game.seats)
    states = []
    shake_seen = False
    for _ in range(_frames(2.0)):
        app.step(DT)
        if board.suggestion_show is None:
            break
        states.append((show.state[first], show.state[second]))
        shake = show.shakes.get(first)
        shake_seen = shake_seen or (shake is not None and not shake.done and shake.offset != 0)
    assert shake_seen                                     # "no": it shook
    assert (NO, HAS) in states and (NO, SHOWED) in states  # the next glowed, then showed
    assert all(show.state[s] == WAITING for s in show.order[2:])   # the question stopped there
    assert states.index((NO, HAS)) < states.index((NO, SHOWED))


@pytest.mark.parametrize("speed", [anim.NORMAL, anim.FAST])
def test_a_no_shakes_for_its_time(speed):
    from game.ui.board.moments import SuggestionShow

    show = SuggestionShow(0, ("plum", "rope", "hall"), 4, speed)
    shake = show.no(1)
    assert shake.duration == pytest.approx(anim.SHAKE_TIME / speed) and show.state[1] == NO
    shake.update(shake.duration / 4)
    assert shake.offset != 0
    shake.update(shake.duration)
    assert shake.done and shake.offset == 0


def test_enter_ends_a_shake_at_once():
    app = _moment("question-round")
    board = app.top
    for _ in range(200):
        app.step(DT)
        if isinstance(board.anim, anim.Shake):
            break
    shake = board.anim
    assert isinstance(shake, anim.Shake) and not shake.done
    key(app, pygame.K_RETURN, dt=DT)
    assert shake.done


@pytest.mark.parametrize("shown", [0, 1, 2])
def test_the_round_never_shows_which_card(shown):
    """The card shown goes to the asker alone: the table looks the same
    whichever of the three cards it was (000 "Suggestions" 3)."""
    app = _moment("question-round")
    board = app.top
    show = board.suggestion_show
    board.queue.clear()
    board.anim = None

    def draw_after(card):
        board.presenter.card_shown(ev.CardShown(by=show.order[1], to=show.suggester, card=card))
        surf = pygame.Surface((1280, 720))
        board.draw(surf)
        show.state[show.order[1]] = HAS
        return surf

    reference = draw_after(show.cards[0])
    other = draw_after(show.cards[shown])
    assert show.state[show.order[1]] == HAS and show.cards[shown] not in vars(show).values()
    assert pygame.image.tobytes(reference, "RGB") == pygame.image.tobytes(other, "RGB")


def test_the_panel_goes_when_the_suggestion_is_answered():
    app = _moment("question-round")
    board = app.top
    for _ in range(_frames(3.0)):
        app.step(DT)
        if not board.busy and board.game.phase.value != "disprove":
            break
    app.step(DT)
    assert board.suggestion_show is None


# ------------------------------------------------------------------ a correct accusation
@pytest.mark.parametrize("scene_name", ["case-solved", "card-solved"])
@pytest.mark.parametrize("speed", [anim.NORMAL, anim.FAST])
def test_the_envelope_opens_and_the_cards_turn_over_one_by_one(scene_name, speed):
    from game.ui.scenes.verdict import RISE, SOLVED_TIME

    app = _moment(scene_name, speed)
    moment = app.top
    table = _board(app)
    assert is_scene(moment, "case_solved") and table.game.over
    assert tuple(moment.cards) == tuple(getattr(table.game, "envelope", None) or table.game.crime)
    assert [moment.flip(i) for i in range(3)] == [0, 0, 0]
    for _ in range(_frames((RISE + anim.FLIP_TIME * 1.5) / speed)):
        app.step(DT)
    assert moment.flip(0) == 1 and 0 < moment.flip(1) < 1 and moment.flip(2) == 0
    assert not any(is_scene(s, "game_over") or is_scene(s, "card_game_over") for s in app.stack)
    for _ in range(_frames(SOLVED_TIME / speed) - _frames((RISE + anim.FLIP_TIME * 1.5) / speed) + 2):
        app.step(DT)
    assert moment not in app.stack                        # over by itself
    for _ in range(_frames(1.0 / speed)):
        app.step(DT)
    assert is_scene(app.top, "game_over") or is_scene(app.top, "card_game_over")   # then the game-over screen


@pytest.mark.parametrize("scene_name", ["case-solved", "card-solved", "accusation-wrong", "card-wrong"])
def test_enter_or_a_click_ends_a_verdict_at_once(scene_name):
    for press in (lambda app: key(app, pygame.K_RETURN, dt=DT), lambda app: click(app, (640, 360), dt=DT)):
        app = _moment(scene_name)
        moment = app.top
        assert getattr(moment, "moment", False)
        press(app)                                     # a press as it opens was meant for the table
        assert app.top is moment
        while moment.guard.active:
            app.step(DT)
        assert app.top is moment                       # still on (it lasts longer than its guard)
        press(app)
        assert moment not in app.stack


@pytest.mark.parametrize("scene_name", ["case-solved", "card-solved", "accusation-wrong", "card-wrong"])
def test_other_keys_do_not_reach_the_table_under_a_verdict(scene_name):
    app = _moment(scene_name)
    moment = app.top
    for k in (pygame.K_UP, pygame.K_LEFT, pygame.K_n, pygame.K_a):
        key(app, k, dt=DT)
    assert app.top is moment


@pytest.mark.parametrize("mode", ["board", "cards"])
@pytest.mark.parametrize("right", [True, False])
def test_instant_speed_opens_no_moment(mode, right):
    """At instant speed an accusation's events play at once: no verdict is pushed."""
    app, table, pushed = _accusing_table(mode, right, anim.INSTANT)
    for _ in range(6):
        app.step(DT)
    assert not any(getattr(s, "moment", False) for s in pushed)
    shown = type(table.game.events[0]).__module__          # the accusation's events were all played at once
    assert not any(type(e).__name__ in ("AccusationMade", "PlayerEliminated", "AccusationWrong", "GameWon")
                   for e in table.queue), shown


@pytest.mark.parametrize("mode", ["board", "cards"])
@pytest.mark.parametrize("right", [True, False])
def test_a_press_that_hurries_the_table_does_not_cancel_the_verdict(mode, right):
    """Enter while the accusation's line is on (the table skips what is
    queued) still shows the verdict: a moment that has not begun is not cancelled."""
    app, table, pushed = _accusing_table(mode, right, anim.NORMAL)
    app.step(DT)
    table.skip()                                      # the press that hurries the table
    for _ in range(600):
        if any(getattr(s, "moment", False) for s in pushed):
            break
        if not table.queue and not table.busy and app.top is table:
            break
        app.step(DT)
    if mode == "cards" and not right:
        # a lone wrong accusation in the card game: its moment (face down), unless
        # the joint reveal screen already turned it over
        assert any(getattr(s, "moment", False) or is_scene(s, "reveal") for s in pushed)
    else:
        assert any(getattr(s, "moment", False) for s in pushed)


def _accusing_table(mode: str, right: bool, speed: float):
    """(app, table, scenes pushed from now on): a table of ``mode`` at
    ``speed`` whose turn player has just accused (rightly or not)."""
    from benchmarks.bench_pacing import board_table, card_table

    app = make_app(speed=speed)
    table, _pkg = (board_table if mode == "board" else card_table)(app, 5)
    pushed = []
    real_push = app.push
    app.push = lambda s: (pushed.append(s), real_push(s))
    _accuse(table, right)
    return app, table, pushed


def _accuse(table, right: bool) -> None:
    """The turn player of ``table`` accuses (rightly or not) through the real engine; the others decline."""
    g = table.game
    if hasattr(g, "envelope"):
        from game.rules.actions import Accuse

        assert g.phase.value == "start"                   # the first turn: an accusation may be made at once
        table.do(Accuse(*g.envelope) if right else Accuse(*_wrong_board(g)))
        return
    from game.cardgame.engine import Accuse, Decline

    s, w, r = g.crime
    persons = g.view(0).piles[0]
    table.do(Accuse(s, w, r) if right else Accuse(next(p for p in persons if p != s), w, r))
    while not g.over and g.phase.value == "join":
        table.do(Decline())


def _wrong_board(g) -> tuple[str, str, str]:
    """A board accusation with none of the envelope's cards."""
    from game.core.cards import ROOMS, SUSPECTS, WEAPONS

    return (next(s for s in SUSPECTS if s not in g.envelope), next(w for w in WEAPONS if w not in g.envelope),
            next(r for r in ROOMS if r not in g.envelope))


# ------------------------------------------------------------------ a wrong accusation
@pytest.mark.parametrize("speed", [anim.NORMAL, anim.FAST])
def test_a_wrong_accusation_is_its_own_moment(speed):
    from game.ui.scenes.verdict import WRONG_TIME

    app = _moment("accusation-wrong", speed)
    moment = app.top
    board = _board(app)
    acc = next(e for e in reversed(board.game.events) if isinstance(e, ev.AccusationMade))
    assert is_scene(moment, "accusation_wrong") and moment.cards == (acc.suspect, acc.weapon, acc.room)
    assert moment.title == f"{board.match.seat_name(acc.player)} got it wrong!"
    assert "out of the race" in moment.words and "still shows cards" in moment.words    # 000 "Accusations" 4
    for _ in range(_frames(WRONG_TIME / speed) - 2):
        app.step(DT)
    assert app.top is moment                              # still there just before its time
    for _ in range(3):
        app.step(DT)
    assert moment not in app.stack and not board.game.over


def test_the_card_games_wrong_accusation_stays_face_down():
    app = _moment("card-wrong")
    moment = app.top
    assert is_scene(moment, "accusation_wrong") and moment.cards is None and moment.note
    assert "still answers" in moment.words                                                   # 003 "perds"


def _record_drawing(monkeypatch):
    """Record every text and every card picture drawn from now on."""
    texts, cards = [], []
    real_text, real_card, real_picture = theme.text, assets.card, assets.card_picture

    def text(s, *a, **k):
        texts.append(s)
        return real_text(s, *a, **k)

    def card(c, *a, **k):
        cards.append(c)
        return real_card(c, *a, **k)

    def picture(c, *a, **k):
        cards.append(c)
        return real_picture(c, *a, **k)
    monkeypatch.setattr(theme, "text", text)
    monkeypatch.setattr(assets, "card", card)
    monkeypatch.setattr(assets, "card_picture", picture)
    return texts, cards


@pytest.mark.parametrize("mode", ["board", "cards"])
def test_a_wrong_accusation_never_shows_the_hidden_cards(mode, monkeypatch):
    """The envelope (the Crime cards) stays with the accuser: through the
    whole moment, with keys mashed, no hidden card's picture is drawn on the
    shared screen, and the moment names none of them; the card game's
    accusation itself lies face down (the moment draws no card face)."""
    from benchmarks.bench_pacing import board_table, card_table
    from game.text.i18n import card as card_name

    app = make_app()
    table, _pkg = (board_table if mode == "board" else card_table)(app, 5)
    g = table.game
    hidden = set(getattr(g, "envelope", None) or g.crime)
    accuser = table.match.seat_name(g.turn)
    texts, cards = _record_drawing(monkeypatch)
    _accuse(table, right=False)
    own_texts, own_cards, moments = [], [], []
    for i in range(_frames(4.0)):
        top = app.top
        if getattr(top, "moment", False):
            moments.append(top)
            del texts[:], cards[:]
            top.draw(pygame.Surface((1280, 720)))        # what the moment itself draws
            own_texts += texts
            own_cards += cards
            if i % 7 == 3:
                key(app, (pygame.K_UP, pygame.K_n, pygame.K_a, pygame.K_LEFT)[i % 4], dt=DT)
        app.step(DT)                                     # the whole screen, the table under the moment
        if moments and not getattr(app.top, "moment", False):
            break
    assert moments and all(is_scene(m, "accusation_wrong") for m in moments)
    assert not hidden & set(cards) and not hidden & set(own_cards)
    if mode == "board":
        acc = next(e for e in reversed(g.events) if isinstance(e, ev.AccusationMade))
        assert set(own_cards) == {acc.suspect, acc.weapon, acc.room}       # said aloud: public
    else:
        assert own_cards == []                                            # face down
    names = [card_name(c).lower() for c in hidden if card_name(c) != accuser]
    leaked = [t for t in own_texts if any(n in str(t).lower() for n in names)]
    assert own_texts and leaked == []


def test_a_persons_wrong_accusation_shows_the_envelope_behind_the_cover_first():
    """Two people: the accuser looks into the envelope behind the cover; only
    after it closes comes the public moment, which is no private screen."""
    from game.rules.setup import GameSetup, SeatConfig
    from game.ui.board.match import Match
    from game.ui.shell.registry import make

    app = make_app()
    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "human"),
                             SeatConfig("white", "computer")), seed=4)
    board = make("board", app, Match(app.board, setup))
    app.push(board)
    g = board.game
    from game.rules.actions import Accuse

    board.do(Accuse(*_wrong_board(g)))
    for _ in range(_frames(2.0)):
        app.step(DT)
        if app.top is not board:
            break
    assert is_scene(app.top, "cover") and not any(getattr(s, "moment", False) for s in app.stack)
    app.pop()                                             # the accuser has looked
    for _ in range(_frames(1.0)):
        app.step(DT)
        if app.top is not board:
            break
    assert is_scene(app.top, "accusation_wrong") and not app.top.private
