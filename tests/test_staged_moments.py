"""The big moments are staged: each fills the screen with the room's picture
(the mansion drawn for that room, at the screen's size), shows portraits at
least 200 pixels tall, and moves -- a frame in the middle of each moment is
visibly different from its first; the envelope is drawn by a pen at any size."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from benchmarks.bench_pacing import DT  # noqa: E402
from game.rules import events as ev  # noqa: E402
from game.ui.draw import anim  # noqa: E402
from game.ui.mansion import drawing as mansion
from game.ui.mansion import stage
from game.ui.screenshots.screens import build_moment  # noqa: E402
from tests.inputs import defaults_after, make_app  # noqa: E402,F401


def _screen(app) -> pygame.Surface:
    app.draw()
    return app.window.surface.copy()


def _differs(a: pygame.Surface, b: pygame.Surface, step: int = 8) -> float:
    """The share of sampled pixels whose colour differs by more than 40 in a channel."""
    n = changed = 0
    for x in range(0, a.get_width(), step):
        for y in range(0, a.get_height(), step):
            n += 1
            p, q = a.get_at((x, y)), b.get_at((x, y))
            changed += max(abs(p[i] - q[i]) for i in range(3)) > 40
    return changed / n


def _nobody(app):
    """The "Nobody can show a card!" banner raised over a suggestion at its start."""
    board = app.top
    board.queue.clear()
    board.anim = None
    board.presenter.nobody(ev.NobodyDisproved(player=board.suggestion_show.suggester))
    return board.banner


MOMENTS = ["suggestion-cutin", "nobody", "case-solved", "accusation-wrong", "card-solved", "card-wrong",
           "card-nobody"]


def _build(name: str):
    """An app with moment ``name`` at its first frame, and its length in seconds (normal speed)."""
    from game.ui.scenes.verdict import SOLVED_TIME, WRONG_TIME

    app = make_app()
    if name == "nobody":
        build_moment(app, "question-round")
        app.top.suggestion_show.cut.skip()
        banner = _nobody(app)
        return app, banner.duration
    build_moment(app, name)
    if name == "card-nobody":
        return app, app.top.banner.duration
    return app, {"suggestion-cutin": anim.CUTIN_TIME, "case-solved": SOLVED_TIME, "card-solved": SOLVED_TIME,
                 "accusation-wrong": WRONG_TIME, "card-wrong": WRONG_TIME}[name]


@pytest.mark.parametrize("name", MOMENTS)
def test_a_frame_in_the_middle_of_a_moment_differs_from_its_first(name):
    app, seconds = _build(name)
    first = _screen(app)
    for _ in range(round(seconds / 2 / DT)):
        app.step(DT, draw=False)
    middle = _screen(app)
    assert _differs(first, middle) > 0.3


@pytest.mark.parametrize("name", MOMENTS)
def test_a_moment_fills_the_screen_with_the_room_and_large_portraits(name, monkeypatch):
    rooms, portraits = [], []
    real_backdrop, real_portrait = stage.draw_backdrop, stage.draw_portrait
    monkeypatch.setattr(stage, "draw_backdrop", lambda s, b, room, alpha=255, *a, **k: (
        rooms.append((room, alpha, s.get_size())), real_backdrop(s, b, room, alpha, *a, **k))[1])
    monkeypatch.setattr(stage, "draw_portrait", lambda s, who, rect, alpha=255: (
        portraits.append((who, rect.height)), real_portrait(s, who, rect, alpha))[1])
    app, seconds = _build(name)
    board_table = next(s for s in app.stack if hasattr(s, "game"))
    g = board_table.game
    want = {"suggestion-cutin": lambda: board_table.suggestion_show.cards[2],
            "nobody": lambda: board_table.suggestion_show.cards[2],
            "case-solved": lambda: g.envelope[2], "card-solved": lambda: g.crime[2],
            "card-nobody": lambda: g.crime[2],         # the location asked about
            "accusation-wrong": lambda: next(e for e in reversed(g.events) if isinstance(e, ev.AccusationMade)).room,
            "card-wrong": lambda: None}[name]()        # face down: no room is said, the whole mansion
    show = getattr(board_table, "suggestion_show", None)
    if name == "card-nobody":                          # the asker, whose question nobody answered
        from game.cardgame import events as cev

        actor = board_table.match.suspects[next(e for e in reversed(g.events) if isinstance(e, cev.Asked)).player]
    else:
        actor = g.seats[show.suggester].suspect if show is not None else app.top.suspect   # who acts: by the heading
    for _ in range(round(seconds / 2 / DT)):
        app.step(DT, draw=False)
    del rooms[:], portraits[:]
    _screen(app)
    assert rooms and rooms[-1][0] == want and rooms[-1][2] == (1280, 720)
    assert rooms[-1][1] > 200                          # by the middle the room's picture is all but opaque
    assert portraits and max(h for _who, h in portraits) >= 200
    assert any(who == actor and h >= 200 for who, h in portraits)


def test_the_cards_of_a_moment_have_portraits_over_200_pixels():
    from game.ui.draw import assets

    pad = max(6, stage.CARD_W // 16)
    assert stage.CARD_W - 2 * pad >= 200
    w, h = assets.card_size(stage.CARD_W)
    assert all(r.width == w and r.bottom <= 400 and r.left > stage.PORTRAIT.right for r in stage.card_spots())


@pytest.mark.parametrize("width", [120, 300, 900])
def test_the_envelope_is_drawn_for_its_size(width):
    """Drawn by a pen for each size (not a small picture scaled up), cached per size."""
    make_app()
    front, flap = stage.envelope_front(width), stage.envelope_flap(width)
    assert front.get_size() == (width, round(width * stage.ENVELOPE_RATIO))
    assert stage.envelope_front(width) is front
    ink = sum(1 for x in range(0, width, max(1, width // 60)) if front.get_at((x, front.get_height() - 2))[3] > 200)
    assert ink > 40                                    # the pocket's bottom edge is drawn across
    seal = flap.get_at((width // 2, round(width * stage.ENVELOPE_RATIO * 11 / 20) - width // 22))
    assert seal[0] > 140 and seal[1] < 80              # the red wax seal on the flap


def test_a_window_of_the_mansion_is_the_same_drawing_as_the_whole():
    """The room's picture is the board's own drawing, moved and enlarged
    (drawn for its size): a window of the board matches the whole board's
    picture cropped there."""
    app = make_app()
    board = app.board
    whole = mansion.draw_mansion(board, (board.width * 20, board.height * 20))
    part = mansion.draw_mansion_window(board, (5, 6, 10, 8), (200, 160))
    crop = whole.subsurface(pygame.Rect(100, 120, 200, 160))
    assert _differs(part, crop, 4) < 0.08
    shifted = whole.subsurface(pygame.Rect(120, 120, 200, 160))
    assert _differs(part, shifted, 4) > 0.2            # and it is not any other part of the board


def test_the_card_games_nobody_banner_shows_only_the_public_question():
    """The card game's "Nobody can show a card!" stands over the room's
    picture with the asker's portrait and the two cards asked about -- what
    the whole table heard -- and never another card."""
    from game.cardgame import events as cev

    app, _seconds = _build("card-nobody")
    table = app.top
    asked = next(e for e in reversed(table.game.events) if isinstance(e, cev.Asked))
    scenery = table.banner.stage
    assert scenery is not None and scenery.cards == asked.cards
    assert scenery.suspect == table.match.suspects[asked.player] and scenery.board is app.board


@pytest.mark.parametrize("width", [100, 150, 600])
def test_the_crime_card_is_drawn_for_its_size(width):
    """The card game's Crime card is drawn by the pen for each size, as tall
    as a card that wide: a red frame, cream paper, the wax seal."""
    from game.ui.draw import assets, theme

    make_app()
    img = stage.crime_card(width)
    assert img.get_size() == assets.card_size(width)
    assert stage.crime_card(width) is img
    w, h = img.get_size()
    frame = [img.get_at((w // 2, y)) for y in range(w // 14)]
    assert sum(p[0] > 110 and p[0] - p[1] > 60 for p in frame) >= 2   # the red frame along the top edge
    paper = img.get_at((w * 17 // 100, w * 17 // 100))            # the paper's corner, clear of the print
    assert all(abs(paper[i] - theme.PAPER[i]) < 30 for i in range(3))
    seal = img.get_at((w // 2, h - w // 14 - w // 8 - (h - 2 * w // 14) // 10 - w // 20))
    assert seal[0] > 140 and seal[1] < 80


def test_the_card_games_solved_moment_lifts_the_drawn_crime_card(monkeypatch):
    """The solved moment of the card game draws the pen's Crime card (never
    a card back) and carries it off the cards: by the middle it lies
    elsewhere and is turned."""
    calls = []
    real = stage.draw_lifted
    monkeypatch.setattr(stage, "draw_lifted", lambda s, img, centre, angle, height: (
        calls.append((img, centre, angle)), real(s, img, centre, angle, height))[1])
    app, seconds = _build("card-solved")
    _screen(app)
    first = calls[-1]
    assert first[0] is stage.crime_card(first[0].get_width())
    for _ in range(round(seconds / 2 / DT)):
        app.step(DT, draw=False)
    _screen(app)
    middle = calls[-1]
    assert middle[1][0] - first[1][0] > 300 and abs(middle[2]) > 8


def test_a_seat_not_asked_yet_is_dimmed_but_opaque():
    """The seats waiting to be asked are dimmed, yet nothing of the room's picture behind
    them (a palm's leaves, a wall's edge) shows through a face: drawn over black and over
    white, the portrait's pixels are the same."""
    from game.ui.board.moments import BADGE, WAITING, SuggestionShow, _badge

    make_app()
    show = SuggestionShow(0, ("white", "rope", "lounge"), 4, anim.NORMAL)
    assert show.state[1] == WAITING
    still = _badge(show, 1, "plum", (200, 200), 0.0)
    pictures = []
    for colour in ((0, 0, 0), (255, 255, 255)):
        surf = pygame.Surface((400, 400))
        surf.fill(colour)
        still.paint(surf)
        pictures.append(surf)
    inside = pygame.Rect(0, 0, BADGE, BADGE)
    inside.center = (200, 200)
    black, white = (pygame.image.tobytes(p.subsurface(inside), "RGB") for p in pictures)
    assert black == white
    awake = pygame.Surface((400, 400))
    show.has(1)                             # asked, with a card: lit
    _badge(show, 1, "plum", (200, 200), 0.0).paint(awake)
    dim = sum(pygame.transform.average_color(pictures[0].subsurface(inside))[:3])
    lit = sum(pygame.transform.average_color(awake.subsurface(inside))[:3])
    assert dim < 0.7 * lit
