"""The public log scrolls through the whole
history (Page Up/Down, the mouse wheel over it, a pad's right stick) with a
scroll bar, keeps a reader's place and jumps back at a person's turn; each
line shows the public cards of its event as small pictures, never a card
shown in secret (whole seeded games, both games)."""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from benchmarks.bench_pacing import DT, board_table, card_table  # noqa: E402
from game.cardgame import events as card_ev  # noqa: E402
from game.cardgame import log as card_log  # noqa: E402
from game.rules import events as board_ev  # noqa: E402
from game.text import i18n  # noqa: E402
from game.text import log as board_log  # noqa: E402
from game.ui.draw import anim  # noqa: E402
from game.ui.draw.logview import LogView  # noqa: E402
from game.ui.shell.input import InputHandler, Kind, Pads  # noqa: E402
from tests.inputs import defaults_after, key, make_app  # noqa: E402,F401

GAMES = [board_table, card_table]
IDS = ["board", "cards"]


def _held(make, seed: int, entries: int, limit: int = 20000):
    """An all-computer table made by ``make`` for ``seed``, stepped at instant
    speed until its log holds ``entries`` lines; then the computer players
    are held (nothing else moves the log while the test scrolls) and the
    speed is normal.  Returns (app, scene)."""
    app = make_app(speed=anim.INSTANT)
    scene, _pkg = make(app, seed)
    for _ in range(limit):
        if len(scene.match.log) >= entries:
            break
        app.step(DT, draw=False)
    assert len(scene.match.log) >= entries and not scene.game.over
    scene.computer.poll = lambda *a, **k: None
    for _ in range(limit):
        if not scene.busy:
            break
        app.step(DT, draw=False)
    app.speed = anim.NORMAL
    app.step(DT)
    return app, scene


def _wheel(app, y: int, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, pos=pos))
    app.step(DT)


@pytest.mark.parametrize("make", GAMES, ids=IDS)
def test_page_up_reaches_the_first_line_and_page_down_the_newest(make):
    app, scene = _held(make, 3, 20)
    view = scene.log_view
    assert view.blocks[-1].index == len(scene.match.log) - 1        # the newest in view
    assert view.blocks[0].index > 0                                 # the whole log does not fit
    knob_before = view.bar_rects()[1].top
    seen = {b.index for b in view.blocks}
    for _ in range(60):
        key(app, pygame.K_PAGEUP, dt=DT)
        seen.update(b.index for b in view.blocks)
        if view.blocks[0].index == 0:
            break
    assert view.blocks[0].index == 0                                # the game's first line is reachable
    assert seen == set(range(len(scene.match.log)))                 # and every line on the way
    assert view.bar_rects()[1].top < knob_before                    # the bar shows where the view is
    for _ in range(60):
        key(app, pygame.K_PAGEDOWN, dt=DT)
    assert view.back == 0 and view.blocks[-1].index == len(scene.match.log) - 1


@pytest.mark.parametrize("make", GAMES, ids=IDS)
def test_the_wheel_scrolls_over_the_log_only(make):
    app, scene = _held(make, 4, 30)
    view = scene.log_view
    _wheel(app, 1, (20, 20))                                        # over the board / the seats: nothing
    assert view.back == 0
    _wheel(app, 2, scene.log_panel.center)                         # two notches over the log: two entries
    assert view.back == 2
    _wheel(app, -1, scene.log_panel.center)
    assert view.back == 1


def test_the_right_stick_scrolls_the_log_and_the_left_stick_still_moves():
    pads = Pads()
    pads.on_added(7, "Pad")
    handler = InputHandler(lambda p: p, pads=pads)

    def axis(a, v):
        return [i.kind for i in handler.translate(pygame.event.Event(
            pygame.CONTROLLERAXISMOTION, instance_id=7, axis=a, value=int(v * 32767)))]

    assert axis(pygame.CONTROLLER_AXIS_RIGHTY, -0.9) == [Kind.LOG_UP]
    assert axis(pygame.CONTROLLER_AXIS_RIGHTY, 0.0) == []
    assert axis(pygame.CONTROLLER_AXIS_RIGHTY, 0.9) == [Kind.LOG_DOWN]
    assert [i.kind for i in handler.update(0.5)] == [Kind.LOG_DOWN]  # held: it repeats
    assert axis(pygame.CONTROLLER_AXIS_RIGHTY, 0.0) == []
    assert axis(pygame.CONTROLLER_AXIS_RIGHTX, 0.9) == []           # sideways: nothing
    assert axis(pygame.CONTROLLER_AXIS_RIGHTX, 0.0) == []
    assert axis(pygame.CONTROLLER_AXIS_LEFTY, -0.9) == [Kind.UP]


def _entries(n: int, start: int = 0) -> list[tuple[str, tuple[str, ...]]]:
    return [(f"Line number {i}.", ("rope",) if i % 3 == 0 else ()) for i in range(start, start + n)]


def test_a_reader_scrolled_back_keeps_the_place_and_is_told_of_newer_lines():
    view = LogView()
    area = pygame.Rect(0, 0, 500, 200)
    view.layout(_entries(50), area, 20, 25)
    view.scroll(5)
    shown = [b.index for b in view.layout(_entries(50), area, 20, 25)]
    assert shown[-1] == 44
    after = [b.index for b in view.layout(_entries(53), area, 20, 25)]     # three lines come in meanwhile
    assert after == shown and view.newer == 3 and view.back == 8
    assert view.newer_text() == "8 newer lines"
    view.scroll(-100)                                                        # down to the bottom: follows again
    assert view.back == 0 and view.layout(_entries(54), area, 20, 25)[-1].index == 53


@pytest.mark.parametrize("make", GAMES, ids=IDS)
def test_a_computers_turn_keeps_the_readers_place_and_a_persons_turn_brings_the_newest_back(make):
    app, scene = _held(make, 3, 20)
    key(app, pygame.K_PAGEUP, dt=DT)
    back = scene.log_view.back
    first = scene.log_view.blocks[0].index
    assert back > 0
    evs = board_ev if make is board_table else card_ev
    scene.queue.append(evs.TurnStarted(player=1))                 # a computer's turn: the reader stays
    while scene.busy:
        app.step(DT)
    assert scene.log_view.blocks[0].index == first and scene.log_view.back == back + 1
    scene.match.kinds[0] = "human"
    scene.queue.append(evs.TurnStarted(player=0))                 # a person's turn: the newest again
    while scene.busy:
        app.step(DT)
    assert scene.log_view.back == 0 and scene.log_view.blocks[-1].index == len(scene.match.log) - 1


# ------------------------------------------------------------------ privacy
#: What the table heard named aloud, per unredacted event type: the test's own
#: list, not the code's (the envelope at the end is laid open for all).
_TRIPLE = ("suspect", "weapon", "room")
NAMED = {board_ev.SuggestionMade: _TRIPLE, board_ev.AccusationMade: _TRIPLE, board_ev.GameWon: _TRIPLE,
         board_ev.GameOverNoWinner: _TRIPLE, card_ev.GameStarted: ("face_up",), card_ev.Asked: ("cards",),
         card_ev.GameWon: ("crime",), card_ev.EverybodyLost: ("crime",), card_ev.NoPlayersLeft: ("crime",)}


def _named(e) -> set[str]:
    out: set[str] = set()
    for field in NAMED.get(type(e), ()):
        value = getattr(e, field)
        out |= {value} if isinstance(value, str) else set(value)
    return out


PRIVACY = [(board_table, board_ev, board_log, _named), (card_table, card_ev, card_log, _named)]


@pytest.mark.parametrize("make,evs,log,named", PRIVACY, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_card_shown_in_secret_reaches_the_log(make, evs, log, named, seed):
    """Whole seeded games played on the real table: every log line's pictures
    (as the panel lays them out, scrolled through the whole log) are cards the
    line's own event named aloud; a line of a card shown in secret has no
    picture and does not name the card; and the pictures' function refuses a
    raw, unredacted card shown."""
    from game.ui.shell.i18n import card as card_name

    app = make_app(speed=anim.INSTANT)
    scene, _pkg = make(app, seed)
    for _ in range(40000):
        if scene.game.over and not scene.busy:
            break
        if app.top is not scene:            # the card game's accusations turned over: go on
            app.pop(app.top)
        app.step(DT, draw=False)
    assert scene.game.over and not scene.busy
    m = scene.match
    raw = [e for e in scene.game.events if m.describe_event(m.public_event(e), m.suspects)]
    entries = m.log_entries()
    assert len(raw) == len(entries)
    secret = [e for e in scene.game.events if isinstance(e, evs.CardShown) and e.card is not None]
    assert secret                                                   # the games did show cards in secret
    for e in secret:
        assert log.line_cards(e) == ()                              # even given the raw event
    for (line, cards), e in zip(entries, raw, strict=True):
        assert set(cards) <= named(e), (line, cards)
        if isinstance(e, evs.CardShown):
            words = line
            for seat_name in (card_name(x) for x in m.suspects):   # a suspect card may share a player's name
                words = words.replace(seat_name, "")
            assert cards == () and card_name(e.card) not in words
    view = scene.log_view
    area = pygame.Rect(0, 0, 540, 220)
    view.layout(entries, area, 20, 25)
    view.scroll(10 ** 6)
    drawn = 0
    while True:
        for b in view.layout(entries, area, 20, 25):
            assert set(b.cards) <= named(raw[b.index]), (b.lines, b.cards)
            drawn += len(b.cards)
        if not view.scroll(-1):
            break
    assert drawn > 0


# ------------------------------------------------------------- pulled in
def _pulled_table(seed: int):
    """A board table whose seat 0 (Miss Scarlet) is played by a computer
    until another seat's suggestion brings her token into a room and her
    next turn is about to be shown; from then on she is a person.  Returns
    (app, scene, that suggestion)."""
    from game.rules.setup import GameSetup, SeatConfig
    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene

    app = App(seed=11, sound=False, speed=anim.INSTANT, threaded_ai=False, settings=Settings(read_aloud=True))
    app.start()
    # easy opponents: they name any suspect in doubt, so one soon summons her
    # (medium names no opponent it would summon while another suspect serves)
    seats = tuple(SeatConfig(s, "computer", lv) for s, lv in
                  (("scarlet", "medium"), ("mustard", "easy"), ("white", "easy"), ("green", "easy")))
    scene = BoardScene(app, Match(app.board, GameSetup(seats=seats, seed=seed)))
    app.push(scene)
    g = scene.game
    for _ in range(20000):
        pull = next((e for e in g.events if isinstance(e, board_ev.TokenSummoned) and e.suspect == "scarlet"), None)
        if pull is not None or g.over:
            break
        app.step(DT, draw=False)
    assert pull is not None
    for _ in range(20000):
        if board_ev.TurnStarted(player=0) in scene.queue:
            break
        app.step(DT, draw=False)
    last = max(i for i, e in enumerate(g.events) if isinstance(e, board_ev.TokenSummoned) and e.suspect == "scarlet")
    suggestion = next(e for e in reversed(g.events[:last]) if isinstance(e, board_ev.SuggestionMade))
    scene.match.kinds[0] = "human"
    scene.match.players.pop(0)
    app.speed = anim.NORMAL
    return app, scene, suggestion


@pytest.mark.parametrize("seed", [1, 2])
def test_a_pulled_in_person_is_told_who_brought_them_and_with_what(seed):
    app, scene, s = _pulled_table(seed)
    names = {"scarlet": "Miss Scarlet", "mustard": "Colonel Mustard", "white": "Mrs. White", "green": "Mr. Green"}
    from game.ui.shell.i18n import card as card_name

    for _ in range(20000):
        if scene.human_to_act:
            break
        assert scene.banner is None or scene.banner.text == "Nobody can show a card!"   # not before her turn
        app.step(DT, draw=False)
    app.step(DT, draw=False)
    b = scene.banner
    assert b is not None and b.text == f"You were brought to the {card_name(s.room)}!"
    assert b.sub == (f"{names[scene.match.suspects[s.player]]} brought you here with a suggestion: "
                     f"{card_name(s.suspect)}, with the {card_name(s.weapon)}, in the {card_name(s.room)}.")
    spoken = " ".join(app.speech.driver.lines)                       # read aloud too, before her prompt
    assert b.text + " " + b.sub in spoken
    # her prompt, then the button focused (named as the board shows it, drawn or not)
    assert app.speech.driver.lines[-2] == scene._status()
    assert app.speech.driver.lines[-1].endswith(" — press Enter")
    for _ in range(int(3.5 / DT) + 5):                               # it goes after its time
        app.step(DT, draw=False)
    assert scene.banner is None


@pytest.mark.parametrize("seed", [1, 2])
def test_the_pulled_in_banner_goes_once_the_person_plays_on(seed):
    """"You were brought to the Hall!" kept fading for its whole time after Miss Scarlet had
    rolled and walked out: her first action (rolling, the passage or a suggestion, pressed on
    the panel) sends it off at once, in the fade of its end."""
    from game.ui.bases.pacing import PULLED_TIME

    app, scene, _s = _pulled_table(seed)
    for _ in range(20000):
        if scene.human_to_act:
            break
        app.step(DT, draw=False)
    for _ in range(int(1.0 / DT)):                                   # at rest across the board
        app.step(DT, draw=False)
    b = scene.banner
    assert b is not None and b.alpha == 255
    button = scene.focus.buttons[0]
    assert button.label in ("Roll the die", "Secret passage"), button.label
    button.press()
    app.step(DT, draw=False)
    assert scene.banner is b and b.alpha < 255                       # going, at once
    for _ in range(int(0.2 * PULLED_TIME / DT) + 2):                 # its fade out, not its whole time
        app.step(DT, draw=False)
    assert scene.banner is None


def test_a_banner_leaving_while_it_comes_in_turns_back_from_where_it_is():
    """Sent off while still fading in, the banner fades out from the opacity it had."""
    b = anim.Banner("You were brought to the Hall!", 3.5)
    b.update(0.35)                                                   # half way in
    before = b.alpha
    b.leave()
    assert 0 < b.alpha == before < 255 and b.progress > 0.8
    b.update(0.1)
    assert b.alpha < before
    b.update(0.7)
    assert b.done


def test_no_banner_when_nobody_pulled_the_person_in():
    from game.ui.board.presenter import pulled_in

    own = [board_ev.TurnStarted(0), board_ev.SuggestionMade(0, "scarlet", "rope", "kitchen"),
           board_ev.TurnStarted(1), board_ev.TurnStarted(0)]
    assert pulled_in(own, 0, "scarlet") is None                       # her own suggestion moves nobody
    earlier = [board_ev.SuggestionMade(1, "scarlet", "rope", "kitchen"),
               board_ev.TokenSummoned("scarlet", (7, 7), "kitchen"), board_ev.TurnStarted(0),
               board_ev.TurnStarted(1), board_ev.TurnStarted(0)]
    assert pulled_in(earlier, 0, "scarlet") is None                   # told once: before her last turn
    other = [board_ev.TurnStarted(0), board_ev.SuggestionMade(1, "white", "rope", "kitchen"),
             board_ev.TokenSummoned("white", (7, 7), "kitchen"), board_ev.TurnStarted(0)]
    assert pulled_in(other, 0, "scarlet") is None                     # somebody else's token
    twice = [board_ev.TurnStarted(0), board_ev.SuggestionMade(1, "scarlet", "rope", "kitchen"),
             board_ev.TokenSummoned("scarlet", (7, 7), "kitchen"),
             board_ev.SuggestionMade(2, "scarlet", "knife", "hall"),
             board_ev.TokenSummoned("scarlet", "kitchen", "hall"), board_ev.TurnStarted(0)]
    assert pulled_in(twice, 0, "scarlet") == twice[3]                 # the last one counts


# ------------------------------------------------------------------- recap
def _finished(make, seed: int):
    """A whole all-computer game played on the real table; returns (app, scene)."""
    app = make_app(speed=anim.INSTANT)
    scene, _pkg = make(app, seed)
    for _ in range(40000):
        if scene.game.over and not scene.busy:
            break
        if app.top is not scene:
            app.pop(app.top)
        app.step(DT, draw=False)
    assert scene.game.over and not scene.busy
    while app.top is not scene:
        app.pop(app.top)
    return app, scene


ASKS = {"board": (board_ev.SuggestionMade, board_ev.CannotDisprove, board_ev.CardShown),
        "cards": (card_ev.Asked, card_ev.NoCard, card_ev.CardShown)}


@pytest.mark.parametrize("make", GAMES, ids=IDS)
@pytest.mark.parametrize("seed", [2, 5])
def test_the_recap_tells_each_question_in_order_and_who_answered(make, seed):
    from game.learning.report import recap

    app, scene = _finished(make, seed)
    kind = scene.match.save_kind
    ask, none, shown = ASKS[kind]
    expected = []
    for e in scene.game.events:                    # the test's own reading of the unredacted events
        if isinstance(e, ask):
            cards = (e.suspect, e.weapon, e.room) if kind == "board" else tuple(e.cards)
            expected.append([e.player, cards, [], None])
        elif isinstance(e, none) and expected and expected[-1][3] is None:
            expected[-1][2].append(e.player)
        elif isinstance(e, shown):
            expected[-1][3] = e.by
    r = recap(scene.match.log_events, kind)
    got = [[q.asker, q.cards, list(q.none), q.shower] for q in r.questions]
    assert got == expected and len(got) >= 3
    envelope = scene.game.envelope if kind == "board" else scene.game.crime
    assert r.envelope == tuple(envelope) and r.winner == scene.game.winner
    assert [q.number for q in r.items] == list(range(1, len(r.items) + 1))


@pytest.mark.parametrize("make", GAMES, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_recap_never_says_which_card_was_shown(make, seed):
    """Given the raw events (every card shown in secret in them), the recap is
    the same as from the public ones: no secret changes a word of it; and no
    answer line names a card."""
    from game.learning.report import recap
    from game.ui.shell.i18n import card as card_name

    app, scene = _finished(make, seed)
    m = scene.match
    kind = m.save_kind
    raw = list(scene.game.events)
    assert any(isinstance(e, ASKS[kind][2]) and e.card is not None for e in raw)
    assert recap(raw, kind) == recap(m.log_events, kind)
    app.push(_make("recap", app, m))
    story = app.top
    names = {card_name(c) for c in m.cards()} - {card_name(s) for s in m.suspects}
    for k, text, cards in story.blocks():
        if k == "under":
            assert not any(n in text for n in names), text
            assert cards == ()


def _make(name, *args):
    from game.ui.shell.registry import make

    return make(name, *args)


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
@pytest.mark.parametrize("scale", [1.0, 1.2])
@pytest.mark.parametrize("make", GAMES, ids=IDS)
def test_the_recap_fits_the_screen_and_scrolls_to_its_end(make, lang, scale):
    from game.text import i18n
    from game.ui.draw import theme

    app, scene = _finished(make, 2)
    i18n.set_language(lang)
    theme.set_text_scale(scale)
    story = _make("recap", app, scene.match)
    app.push(story)
    app.step(DT)
    for w in story.widgets():
        assert w.text_width() <= w.available_width(), (lang, scale, w.text)
    view = story.view
    for label, _cards, _top in story.shown():
        assert view.top - 2 <= label.rect.top and label.rect.bottom <= view.bottom + 2
    assert story.max_scroll > 0                                     # a whole game is longer than a screen
    last = story.rows[-1][0].text
    assert last not in [lb.text for lb, _c, _t in story.shown()]
    for _ in range(200):
        key(app, pygame.K_PAGEDOWN, dt=DT)
        if story.scroll == story.max_scroll:
            break
    assert story.scroll == story.max_scroll
    assert last in [lb.text for lb, _c, _t in story.shown()]          # the end is reachable
    assert story.shown()[-1][0].rect.bottom <= 592 + 2              # and stays above the OK button


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("make", GAMES, ids=IDS)
def test_the_recaps_lines_keep_one_pitch_wrapped_or_not(make, lang):
    """Within an item of the story (its line, wrapped or not, and the line under it) each line
    stands one line pitch (its font's line size + 2) below the one before: a wrapped line's
    second line is spaced like separate lines (the line under an item stood 46 px below it,
    pushed by the pictures, a wrapped one's 28).  The pictures push only the next item."""
    from game.text import i18n
    from game.ui.scenes.report import RECAP_THUMB

    app, scene = _finished(make, 2)
    i18n.set_language(lang)
    try:
        story = _make("recap", app, scene.match)
        groups: list[list] = []                      # the rows of each block, in order
        for label, _cards, top in story.rows:
            if not groups or groups[-1][0][1] != top:
                groups.append([])
            groups[-1].append((label, top))
        kinds = [kind for kind, _text, _cards in story.blocks()]
        assert len(groups) == len(kinds)
        pairs = 0
        for i, kind in enumerate(kinds[:-1]):
            if kind != "item":
                continue
            lines = [lb for lb, _t in groups[i] + groups[i + 1]]        # the item's lines and the line under it
            for a, b in itertools.pairwise(lines):
                assert b.rect.top - a.rect.top == a.rect.height + 2, (lang, a.text, b.text)
                pairs += 1
            if i + 2 < len(groups):                                    # the next block clears the pictures
                assert groups[i + 2][0][1] >= groups[i][0][1] + RECAP_THUMB + 6
        assert pairs >= 5
    finally:
        i18n.set_language("en")
        app.close()


def test_game_over_opens_the_recap_for_everybody():
    app, scene = _finished(board_table, 2)
    over = _make("game_over", app, scene.match)
    app.push(over)
    for _ in range(100):
        app.step(0.1, draw=False)
    from tests.inputs import click

    click(app, over.recap_button.rect.center)
    app.step(0.05)                  # the press shows ("Opening…") in the frame drawn first; the next opens it
    from game.ui.shell.registry import is_scene

    assert is_scene(app.top, "recap")
    key(app, pygame.K_ESCAPE)
    assert app.top is over


@pytest.mark.parametrize("scale", [1.0, 1.2])
def test_the_pulled_in_banner_fits_for_every_room_weapon_and_suspect(scale):
    """The longest names in every place: the words fit the tall band's box and
    the line under them wraps on at most its lines (nothing is cut off)."""
    from game.rules.cards import ROOMS, SUSPECTS, WEAPONS
    from game.ui.bases.banner import MARGIN, SUB_LINES, sub_labels, tall_band
    from game.ui.board.panels import BANNER_GAP
    from game.ui.board.presenter import pulled_texts
    from game.ui.draw import theme
    from game.ui.mansion.boardlayout import STANDARD, TV

    make_app()
    theme.set_text_scale(scale)
    longest = max(WEAPONS, key=lambda w: len(w))
    for lang, band in itertools.product(("en", "es", "ca"), (tall_band(STANDARD.hud_x - BANNER_GAP),
                                                            tall_band(TV.hud_x - BANNER_GAP))):   # over the board
        i18n.set_language(lang)
        for room in ROOMS:
            for who in range(len(SUSPECTS)):
                words, why = pulled_texts(board_ev.SuggestionMade(who, "scarlet", longest, room), SUSPECTS)
                assert len(theme.wrap(why, band.width - 2 * MARGIN, theme.BODY)) <= SUB_LINES, why
                labels = sub_labels(words, why, band)
                for label in labels:
                    assert label.text_width() <= label.available_width(), label.text
                    assert theme.fit_px(label.text, label.size, label.bold, label.rect.width) >= 20, label.text
                assert band.contains(labels[-1].rect), why
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
@pytest.mark.parametrize("size", ["normal", "large"])
def test_the_log_heading_and_its_scroll_keys_never_overlap(lang, size, monkeypatch):
    """The scroll keys on the log's heading line stay clear of "What happened"
    in every language and text size, in the narrow panels of the TV layout too."""
    import pygame as pg

    from game.ui.bases import table as table_module
    from game.ui.draw import theme as th
    from game.ui.shell.i18n import _

    pg.font.init()
    drawn = []
    real = th.blit_text

    def spy(surface, s, pos, *a, **k):
        r = real(surface, s, pos, *a, **k)
        drawn.append((s, r))
        return r

    monkeypatch.setattr(th, "blit_text", spy)
    for lang_code in (lang,):
        from game.text.i18n import set_language
        set_language(lang_code)
        th.set_text_scale(1.2 if size == "large" else 1.0)
        for width in (570, 422):                       # the standard and the TV layout's panel
            drawn.clear()
            surf = pg.Surface((1280, 720))
            table_module.draw_log_frame(surf, pg.Rect(1280 - 10 - width, 400, width, 300), "N: notebook")
            head = next(r for s, r in drawn if s == _("What happened"))
            others = [r for s, r in drawn if s != _("What happened") and r.top < head.bottom]
            assert others, "the scroll keys are shown"
            assert not any(r.colliderect(head.inflate(8, 0)) for r in others), (lang_code, size, width)
    set_language("en")
    th.set_text_scale(1.0)
