"""What a frame costs at a large output scale: a fade, a translucent backdrop and a
wide blur draw the same pixels without a whole screen's picture made per frame or a
blur run on nine times the pixels (the budgets themselves are measured in
benchmarks/bench_ui.py, never timed here)."""

from __future__ import annotations

import pygame
import pytest

from game.ui.draw import gfx, theme
from game.ui.mansion import stage


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    theme.reset_caches()
    yield
    gfx.set_output_scale(1.0)
    theme.reset_caches()


def _count_canvases(monkeypatch) -> list:
    """From now on, the logical size of each :class:`gfx.Canvas` made is added to the list returned."""
    made: list = []
    real_init = gfx.Canvas.__init__

    def counting(self, *a, **kw):
        made.append(a[0] if a else kw.get("size"))
        real_init(self, *a, **kw)
    monkeypatch.setattr(gfx.Canvas, "__init__", counting)
    return made


def _scene(size: tuple[int, int], scale: float) -> pygame.Surface:
    """A canvas of stripes in many colours, so every blend shows."""
    c = gfx.Canvas(size, 0, scale)
    w, h = c.device_size()
    for x in range(w):
        pygame.Surface.fill(c, ((x * 7) % 256, (x * 13) % 256, (x * 29) % 256), (x, 0, 1, h))
    return c


def test_dim_through_a_fade_keeps_one_veil_and_blends_as_translucent_black():
    gfx.set_output_scale(3.0)
    alphas = list(range(0, 256, 8)) + [255]
    for alpha in alphas:
        got, want = _scene((40, 20), 3.0), _scene((40, 20), 3.0)
        theme.dim(got, alpha)
        veil = gfx.Canvas((40, 20), pygame.SRCALPHA, 3.0)
        veil.fill((0, 0, 0, alpha))
        want.blit(veil, (0, 0))
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB"), alpha
    # one picture of the screen's size kept, not one per step of the fade (33 MB each at 3840 x 2160)
    assert theme._shade.cache_info().currsize <= 1


def test_the_backdrop_lays_the_cached_picture_without_copying_it(monkeypatch):
    """A moment's room is laid from the cached picture, mid-wipe and whole, without a
    copy of it (no new Canvas) and without changing the cached picture."""
    gfx.set_output_scale(3.0)
    pic = _scene((42, 21), 3.0)
    monkeypatch.setattr(stage, "backdrop", lambda board, room, size: pic)
    made = []
    real_init = gfx.Canvas.__init__

    def counting(self, *a, **kw):
        made.append(a[0] if a else kw.get("size"))
        real_init(self, *a, **kw)
    target = gfx.Canvas((40, 20), 0, 3.0)
    target.fill((200, 10, 10))
    want = target.copy()
    part = pygame.Surface.copy(pygame.Surface.subsurface(pic, (0, 3, 120, 60)))    # the picture's lowest part
    pygame.Surface.blit(want, part, (0, 0))
    monkeypatch.setattr(gfx.Canvas, "__init__", counting)
    stage.draw_backdrop(target, object(), None, 128)
    assert made == []
    assert pygame.image.tobytes(target, "RGB") != pygame.image.tobytes(want, "RGB")   # half-way: not all in
    stage.draw_backdrop(target, object(), None, 255)
    assert made == []
    assert pygame.image.tobytes(target, "RGB") == pygame.image.tobytes(want, "RGB")
    assert pic.get_alpha() is None          # the cached picture is left opaque


def test_wide_blur_runs_on_logical_pixels_and_narrow_on_device_pixels(monkeypatch):
    runs = []
    real = gfx.soft_blur

    def recording(img, radius, *a):
        runs.append((pygame.Surface.get_size(img), radius))
        return real(img, radius, *a)
    monkeypatch.setattr(gfx, "soft_blur", recording)
    img = gfx.Canvas((60, 60), pygame.SRCALPHA, 3.0)
    img.fill((0, 0, 0, 0))
    gfx.circle(img, (0, 0, 0, 255), (30, 30), 12)
    wide = gfx.gaussian_blur(img, 8)
    narrow = gfx.gaussian_blur(img, 2)
    assert runs == [((60, 60), 8), ((180, 180), 6)]
    assert gfx.scale_of(wide) == 3.0 and wide.device_size() == (180, 180) and wide.get_size() == (60, 60)
    # close to the blur of every device pixel: the mean alpha error is under 2 of 255
    runs.clear()
    exact = pygame.transform.gaussian_blur(img, 24)
    a = pygame.image.tobytes(wide, "RGBA")[3::4]
    b = pygame.image.tobytes(exact, "RGBA")[3::4]
    assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a) < 2.0
    assert narrow.device_size() == (180, 180)


def test_candle_glow_is_smoothed_to_the_painters_pixels_at_any_scale():
    from game.ui.mansion import scenery

    gfx.set_output_scale(3.0)
    canvas = pygame.Surface((scenery.UNITS[0] * 4, scenery.UNITS[1] * 4))    # a painter's pixels, 4 a unit
    canvas.fill((0, 0, 0))
    x, y = scenery.UNITS[0] - 2, scenery.UNITS[1] - 2                        # a candle in the far corner
    scenery._glow(canvas, None, [(x, y)])
    lit = canvas.get_at((x * 4, y * 4))
    assert lit.r > 40 and lit.g > 30          # warm light where the candle is (the whole canvas, not its corner)
    assert canvas.get_at((0, 0))[:3] == (0, 0, 0)


def test_a_glowing_seat_is_drawn_without_a_new_picture_per_frame(monkeypatch):
    """A seat that has a card glows, pulsing, while the question goes round: its paint runs
    once for each part of the screen put back under it, and each run made a glow picture
    (2 MB at 3840 x 2160, zeroed by the system every time).  After the first frame no
    picture is made at all, and the glow's pixels are those of a fresh one."""
    from game.ui.board import moments
    from game.ui.screenshots.screens import build_moment
    from tests.test_frame_dirty import _app_at

    app = _app_at((1920, 1080))
    build_moment(app, "question-round")
    board = app.top
    show = board.suggestion_show
    show.cut.skip()
    show.has(show.order[0])
    surface = app.window.surface
    moments.draw_suggestion(surface, show, board.match, 0.0)
    made = _count_canvases(monkeypatch)
    for step in range(1, 13):                       # the pulse changes the glow every frame
        surface.set_clip(pygame.Rect(0, 0, 640, 720))      # drawn in two parts, as when two are put back
        moments.draw_suggestion(surface, show, board.match, step / 60)
        surface.set_clip(pygame.Rect(640, 0, 640, 720))
        moments.draw_suggestion(surface, show, board.match, step / 60)
        surface.set_clip(None)
    assert made == []
    monkeypatch.undo()
    glows = (55, 99)
    fresh = gfx.surface((moments.BADGE * 2, moments.BADGE * 2), pygame.SRCALPHA)
    for r, a in zip((moments.BADGE, moments.BADGE * 3 // 4), glows, strict=True):
        gfx.circle(fresh, (*theme.BRASS, a), (moments.BADGE, moments.BADGE), r)
    assert pygame.image.tobytes(moments._glow(glows), "RGBA") == pygame.image.tobytes(fresh, "RGBA")
    app.close()


def test_a_wipe_keeps_one_strip_for_its_feather(monkeypatch):
    """The soft wipe lays what lies behind its feather back over the picture through a strip
    as tall as the screen: one strip for the whole wipe (a new one each frame was 1.2 MB at
    3840 x 2160, zeroed by the system every frame), and the same pixels as a fresh one."""
    from game.ui.draw import anim, wipe

    gfx.set_output_scale(1.5)
    table, room = _scene((1280, 720), 1.5), gfx.Canvas((1280, 720), 0, 1.5)
    room.fill((200, 60, 30))
    wipe._ramp(gfx.dev(wipe.FEATHER, 1.5), 1080)     # the feather's ramp, made once for good
    made = []
    real_surface = gfx.surface
    monkeypatch.setattr(gfx, "surface", lambda size, *a, **kw: made.append(tuple(size)) or real_surface(size, *a, **kw))
    w, steps = wipe.Wipe(), 11
    for k in range(1, steps + 1):
        p = anim.ease(k / steps)
        canvas = table.copy()
        w.draw(canvas, room, room.get_rect(), p)
        counted = len(made)
        whole = table.copy()
        wipe.Wipe().draw(whole, room, room.get_rect(), p)        # a wipe of its own: a fresh strip
        del made[counted:]
        assert pygame.image.tobytes(canvas, "RGB") == pygame.image.tobytes(whole, "RGB"), k
    assert made == [(gfx.dev(wipe.FEATHER, 1.5), 1080)]


class _Blits:
    """``pygame`` as a module sees it, with ``pygame.Surface.blit`` noting each blit's surfaces,
    area and flags before it blits (``seen``: (destination, source, area, flags))."""

    def __init__(self, seen: list) -> None:
        class _Surface:
            def __getattr__(self, name):
                return getattr(pygame.Surface, name)

            @staticmethod
            def blit(dst, src, at, area=None, flags=0):
                seen.append((dst, src, pygame.Rect(area) if area is not None else None, flags))
                return pygame.Surface.blit(dst, src, at, area, flags)
        self.Surface = _Surface()

    def __getattr__(self, name):
        return getattr(pygame, name)


def test_a_wipe_copies_the_room_in_rows_of_whole_blocks(monkeypatch):
    """SDL copies a row 16 pixels at a time with streaming stores and the row's rest with
    memcpy, which then waits: a feather band 72 pixels wide and 1080 tall took 0.5 ms, five
    times a band a multiple of 16 pixels wide.  Every copy of the room's picture a wipe
    makes, frame after frame, is a multiple of 16 pixels wide (or narrower than 16)."""
    from game.ui.draw import rows, wipe
    from game.ui.screenshots.screens import build_moment
    from tests.test_frame_dirty import _app_at

    app = _app_at((1920, 1080))
    build_moment(app, "suggestion-cutin")
    show = app.top.suggestion_show
    room = stage.backdrop(app.board, show.cards[2], (1280, 720))
    seen: list = []
    monkeypatch.setattr(wipe, "pygame", _Blits(seen))
    monkeypatch.setattr(rows, "pygame", _Blits(seen))
    widths = []
    for _frame in range(40):                # the wipe, then the room held while the cards slide in
        app.step(1 / 60)
        widths += [area.width for dst, src, area, flags in seen
                   if src is room and dst is gfx.raw(app.window.surface) and not flags]
        seen.clear()
        if show.cut.done:
            break
    assert show.staged and len(widths) >= 20
    odd = [w for w in widths if w > rows.ROW_UNIT and w % rows.ROW_UNIT]
    assert odd == [], odd
    app.close()


def test_rows_blit_gives_the_pixels_of_one_blit():
    """Split or not, :func:`rows.blit` draws what one blit draws, opaque or blended."""
    from game.ui.draw import rows

    src = pygame.Surface((300, 40), pygame.SRCALPHA)
    for x in range(300):
        src.fill(((x * 7) % 256, (x * 13) % 256, (x * 29) % 256, (x * 3) % 256), (x, 0, 1, 40))
    for alpha in (True, False):
        pic = src if alpha else src.convert_alpha().convert(24)
        for width in (5, 16, 72, 137, 256):
            want, got = pygame.Surface((320, 50)), pygame.Surface((320, 50))
            want.fill((40, 90, 160))
            got.fill((40, 90, 160))
            area = pygame.Rect(11, 3, width, 30)
            drawn = pygame.Surface.blit(want, pic, (7, 9), area)
            assert rows.blit(got, pic, (7, 9), area) == drawn
            assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB"), (alpha, width)


def test_a_shade_under_a_clip_shows_only_what_it_drew():
    """A still painted again where a wipe put the room back shades its band under that small
    clip: only the clipped part is noted to be shown, not the whole band each time."""
    canvas = gfx.Canvas((1280, 720), 0, 1.5)
    tracker = canvas.track()
    gfx.take_dirty(canvas)
    pygame.Surface.set_clip(canvas, pygame.Rect(128, 0, 64, 64))
    theme.shade(canvas, pygame.Rect(0, 0, 1280, 92), 150)
    pygame.Surface.set_clip(canvas, None)
    assert gfx.take_dirty(canvas) == [pygame.Rect(128, 0, 64, 64)]
    assert tracker.drawn[0] == 0b100 and not any(tracker.drawn[1:])
    # the pixels are those of a shade drawn whole, inside the clip
    whole = gfx.Canvas((1280, 720), 0, 1.5)
    theme.shade(whole, pygame.Rect(0, 0, 1280, 92), 150)
    assert pygame.Surface.get_at(canvas, (150, 30)) == pygame.Surface.get_at(whole, (150, 30))
    assert pygame.Surface.get_at(canvas, (100, 30)) == (0, 0, 0, 255)


def test_the_active_pawn_glows_without_a_picture_per_frame(monkeypatch):
    """The pool of light under the pawn whose turn it is pulses every frame: the cached pool is
    faded for the blit, not copied (a new picture per frame), and draws the pixels of a copy."""
    import math

    from game.ui.draw import assets
    from game.ui.mansion import boardview
    from tests.test_frame_dirty import _app_at

    app = _app_at((1920, 1080))
    view = app.board_view()
    surface = app.window.surface
    view.draw_token(surface, "scarlet", (300, 300), 0.0)
    made = _count_canvases(monkeypatch)
    for step in range(1, 13):
        surface.fill((30, 60, 90))
        view.draw_token(surface, "scarlet", (300, 300), step / 60)
    assert made == []
    monkeypatch.undo()
    # the same pixels as a faded copy of the pool under the lifted pawn
    got = pygame.image.tobytes(gfx.raw(surface), "RGB")
    surface.fill((30, 60, 90))
    pulse = 0.5 * (1 + math.sin(12 / 60 * 4))
    glow = assets.pawn_glow(round(view.token_size * boardview.GLOW_SIZE)).copy()
    glow.set_alpha(round(170 + 85 * pulse))
    surface.blit(glow, glow.get_rect(center=(300, 300)))
    pawn = assets.token("scarlet", view.token_size)
    lift = round(view.token_size * (boardview.LIFT + boardview.LIFT_BOB * pulse))
    surface.blit(pawn, pawn.get_rect(center=(300, 300 - lift)))
    assert got == pygame.image.tobytes(gfx.raw(surface), "RGB")
    app.close()


def test_the_lit_squares_edge_is_drawn_once_however_many_rooms_are_lit(monkeypatch):
    """After a roll that reaches several rooms, the lit area's edge was drawn again for each
    room (and looked up in a list of every lit square): 12 ms in the roll's first frame at
    1920 x 1080.  Each side of a lit square that borders an unlit one is drawn once."""
    from game.board.tmx import load_board
    from game.storage.paths import MANSION_MAP
    from game.ui.mansion import boardview
    from game.ui.mansion.boardlayout import STANDARD

    gfx.set_output_scale(1.5)
    board = load_board(MANSION_MAP)
    view = boardview.BoardView(board, None, STANDARD)
    rooms = sorted(board.rooms)[:3]
    moves = sorted(board.corridor)[:6] + rooms
    lit = {sq for d in moves for sq in (board.rooms[d].squares if isinstance(d, str) else [d])}
    sides = sum((sq[0] + dc, sq[1] + dr) not in lit for sq in lit for dc, dr in ((0, -1), (0, 1), (-1, 0), (1, 0)))
    lines = []
    real = gfx.line
    monkeypatch.setattr(gfx, "line", lambda *a, **kw: lines.append(a[1]) or real(*a, **kw))
    view.highlight(moves)
    assert len(lines) == sides



def _cards_kept() -> set:
    """The card faces the pictures' cache holds now: (card, width) pairs."""
    from game.ui.draw import assets

    return {(k[1], k[2]) for k in assets._CACHE if k[0] == "card"}


def test_the_pickers_cards_are_made_one_a_frame_while_nothing_moves(monkeypatch):
    """The suggestion picker's twelve suspect and weapon cards were all made on its first
    frame (a quarter of a second at 1920 x 1080, as the person's token reached a room).
    They are made ahead, one a frame, on frames where nothing moves, and the cards of the
    rooms the person may enter while they choose; none on a frame where something moves,
    nor at a table without a person."""
    from game.rules.actions import Roll
    from game.rules.cards import SUSPECTS, WEAPONS
    from game.rules.engine import Phase
    from game.ui.bases.match import quick_setup
    from game.ui.board.ahead import PICK_CARD, ROOM_CARD
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene
    from game.ui.draw import anim
    from tests.test_frame_dirty import _app_at

    app = _app_at((1920, 1080))
    board = BoardScene(app, Match(app.board, quick_setup(3)))
    app.push(board)
    assert board.human_to_act            # the person's turn, not acted yet: nothing moves
    wanted = {(c, PICK_CARD) for c in SUSPECTS + WEAPONS}
    board.anim = anim.DieRoll(4)           # while the die tumbles: nothing made
    for _frame in range(5):
        app.step(1 / 60)
    assert board.anim is not None and not wanted & _cards_kept()
    board.anim = anim.DieRoll(4, speed=1000.0)
    app.step(1 / 60)                       # the die's last frame (it ends in this step): still none
    assert board.anim is None and not wanted & _cards_kept()
    per_frame = []
    for _frame in range(len(wanted) + 3):
        before = _cards_kept()
        app.step(1 / 60)
        per_frame.append(len(_cards_kept() - before))
    assert wanted <= _cards_kept()
    assert max(per_frame) == 1 and sum(per_frame) == len(wanted)
    # while the person chooses where to go, the card of a room they may enter is made next
    board.do(Roll())
    for _frame in range(300):
        app.step(1 / 60)
        if not board.busy:
            break
    assert board.game.phase is Phase.MOVE and board.human_to_act
    reach = [*board.game.moves(), "kitchen"]
    monkeypatch.setattr(board.game, "moves", lambda: reach)
    assert ("kitchen", ROOM_CARD) not in _cards_kept()
    app.step(1 / 60)
    assert ("kitchen", ROOM_CARD) in _cards_kept()
    app.close()

    from game.rules.setup import GameSetup, SeatConfig
    from game.ui.draw import assets

    assets.clear_cache()
    app = _app_at((1920, 1080))
    seats = tuple(SeatConfig(s) for s in SUSPECTS[:3])          # computer players only: no picker opens
    computers = BoardScene(app, Match(app.board, GameSetup(seats=seats, seed=3)))
    app.push(computers)
    for _frame in range(20):
        app.step(1 / 60)
    assert not wanted & _cards_kept()
    app.close()


def test_a_roll_lights_its_squares_in_the_last_rolls_pixels_with_a_fill_a_run(monkeypatch):
    """The lit destinations' layer was a new picture each roll, which the system zeroed page
    by page (10 ms of the frame the die lands in at 3840 x 2160), and each square of a lit
    room was a fill of its own.  A roll lighting less than the last makes no picture; a
    row of squares side by side is one fill; the pixels are those of a fresh layer."""
    from game.board.tmx import load_board
    from game.storage.paths import MANSION_MAP
    from game.ui.mansion import boardview
    from game.ui.mansion.boardlayout import STANDARD

    gfx.set_output_scale(1.5)
    board = load_board(MANSION_MAP)
    view = boardview.BoardView(board, None, STANDARD)
    rooms = sorted(board.rooms)
    first = sorted(board.corridor)[:12] + rooms[:3]
    second = sorted(board.corridor)[2:6] + rooms[1:2]
    view.highlight(first)
    made = _count_canvases(monkeypatch)
    fills = []
    real_fill = gfx.Canvas.fill
    monkeypatch.setattr(gfx.Canvas, "fill", lambda self, *a, **kw: fills.append(a[1]) or real_fill(self, *a, **kw))
    lit = view.highlight(second)
    assert made == []
    room = board.rooms[rooms[1]].squares
    rows = len({(r, c - i) for i, (c, r) in enumerate(sorted(room, key=lambda sq: (sq[1], sq[0])))})
    assert len(fills) == 4 + rows < 4 + len(room)      # four corridor squares, then the room's runs
    monkeypatch.undo()
    fresh = boardview.BoardView(board, None, STANDARD).highlight(second)
    assert lit.at == fresh.at and lit.picture.get_size() == fresh.picture.get_size()
    assert pygame.image.tobytes(gfx.raw(lit.picture), "RGBA") == pygame.image.tobytes(gfx.raw(fresh.picture), "RGBA")


def _moment_frames(monkeypatch, laid: bool) -> tuple[list[bytes], int]:
    """A suggestion's cut-in at 1920 x 1080, 24 frames from its first: the window's pixels of
    each and how many times the heading's band was shaded after the first (``laid``: False,
    the heading is painted as it was, shade and letters each time)."""
    from game.ui.screenshots.screens import build_moment
    from tests.test_frame_dirty import _app_at

    app = _app_at((1920, 1080))
    if not laid:            # before the moment is played: its heading is laid ahead
        monkeypatch.setattr(stage, "laid_band", lambda *a, **k: None)
    build_moment(app, "suggestion-cutin")
    app.step(1 / 60)
    shaded = []
    real = stage.heading_band
    monkeypatch.setattr(stage, "heading_band", lambda s: shaded.append(s) or real(s))
    pictures = []
    for _frame in range(24):            # the wipe, then the cards sliding in under the heading
        app.step(1 / 60)
        pictures.append(pygame.image.tobytes(gfx.raw(app.window.surface), "RGB"))
    assert app.top.suggestion_show.staged
    app.close()
    monkeypatch.undo()
    return pictures, len(shaded)


def test_a_suggestions_heading_is_laid_with_the_room_in_one_copy(monkeypatch):
    """The heading over a suggestion's room (a shaded band, the words, the suggester's token)
    was shaded and lettered again wherever the wipe or a card put the room back under it,
    twice a frame on average.  It is painted once a moment onto a copy of the room's band,
    then laid as one copy: never shaded again, and every frame's pixels are as before."""
    laid, shaded = _moment_frames(monkeypatch, True)
    painted, shaded_before = _moment_frames(monkeypatch, False)
    assert shaded == 0 and shaded_before > 0
    assert laid == painted


def test_a_suggestions_heading_is_laid_when_played_not_in_its_first_frame(monkeypatch):
    """The heading laid on the room's band (a copy of the band's width and its lettering: 2 ms
    at 1920 x 1080, 5 ms at 3840 x 2160) was made on the first frame of the wipe, the frame
    that also lays the room's first columns; it is made with the moment's other pictures
    when the suggestion is played, and no frame of the moment makes it again."""
    from game.ui.bases.match import quick_setup
    from game.ui.board import moments
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene
    from tests.test_frame_dirty import _app_at

    app = _app_at((1920, 1080))
    board = BoardScene(app, Match(app.board, quick_setup(3)))
    app.push(board)
    app.step(1 / 60)
    show = moments.SuggestionShow(1, ("green", "knife", "library"), 3, 1.0)
    moments.prepare(show, board.match, app.window.surface.get_size())
    assert show.heading_band is not None and show.heading_band[1] is not None
    assert show.heading_band[1].get_size() == (1280, show.heading_band[0][1])
    laid: list = []
    real = stage.laid_band
    monkeypatch.setattr(stage, "laid_band", lambda *a, **k: laid.append(a[0]) or real(*a, **k))
    for step in range(1, 20):               # the wipe and the cards sliding in
        show.cut.update(show.cut.duration / 20)
        moments.draw_suggestion(app.window.surface, show, board.match, step / 60)
    assert laid == []
    app.close()


def test_the_pickers_cards_the_budget_dropped_are_made_again_ahead():
    """A moment's room makes room for itself in the pictures' budget (at 3840 x 2160 it drops
    every picture the frame does not use); the suggestion picker's cards made ahead went with
    them and were never made again, so the picker made all of them on its first frame (0.3 s
    at 3840 x 2160).  :meth:`Ahead.again` queues the dropped ones, one a frame again."""
    from game.rules.cards import SUSPECTS, WEAPONS
    from game.ui.board.ahead import PICK_CARD, ROOM_CARD, Ahead
    from game.ui.draw import assets

    ahead = Ahead()
    ahead.rooms(["hall"])
    made = []
    while (card := ahead.step()) is not None:
        made.append(card)
    assert made == ["hall", *SUSPECTS, *WEAPONS]
    for card, width in (("hall", ROOM_CARD), ("plum", PICK_CARD), ("rope", PICK_CARD)):
        gfx._forget((id(assets._CACHE), ("card", card, width, assets.language())))
        assert not assets.card_kept(card, width)
    assert ahead.step() is None and ahead.again() == 3
    assert [ahead.step() for _ in range(4)] == ["plum", "rope", "hall", None]      # in the order first asked
    assert all(assets.card_kept(c, PICK_CARD) for c in SUSPECTS + WEAPONS) and assets.card_kept("hall", ROOM_CARD)
    assert ahead.again() == 0


def test_a_small_card_picture_outlives_the_budget_and_is_decoded_once_for_its_sizes(monkeypatch):
    """The last question's tray draws its three cards' pictures at a side that hangs on the
    buttons above it; each was made again (the 720-pixel sprite decoded, 12 ms) once a moment's
    room had pushed it out of the pictures' shared budget.  Small pictures are kept beside the
    budget too, and those made ahead for several sides decode the sprite once, to the same pixels."""
    from game.ui.draw import assets

    gfx.set_output_scale(1.5)
    alone = {n: pygame.image.tobytes(gfx.raw(assets.card_picture("plum", n)), "RGBA") for n in (56, 68, 92)}
    assets.clear_cache()
    loads: list[str] = []
    real_load = assets._load

    def counting(rel):
        loads.append(rel)
        return real_load(rel)
    monkeypatch.setattr(assets, "_load", counting)
    assert assets.card_pictures("plum", [56, 68, 92]) == 3
    assert loads == ["cards/plum.png"]
    for n in (56, 68, 92):
        assert pygame.image.tobytes(gfx.raw(assets.card_picture("plum", n)), "RGBA") == alone[n]
    for n in (56, 68, 92):                 # the shared budget drops them: still kept beside it
        gfx._forget((id(assets._CACHE), ("picture", "plum", n, assets.language())))
    assert all(assets.card_picture_kept("plum", n) for n in (56, 68, 92))
    assets.card_picture("plum", 68)
    assert assets.card_pictures("plum", [56, 68, 92]) == 0 and loads == ["cards/plum.png"]
    # a large picture (the picker's room card's at 3840 x 2160) is left to the shared budget alone
    big = assets.SMALL_SIDE // 1.5 + 1
    assets.card_picture("hall", int(big))
    assert not any(k[1] == "hall" for k in assets._SMALL)


def test_the_small_pictures_kept_beside_the_budget_are_bounded_in_bytes():
    """What is kept beside the shared budget stays within :data:`assets.SMALL_BYTES`, the least
    recently drawn dropped first (the 4K whole game's peak memory is bounded)."""
    from game.rules.cards import ROOMS, SUSPECTS, WEAPONS
    from game.ui.draw import assets

    gfx.set_output_scale(2.0)
    assets.clear_cache()
    for card in SUSPECTS + WEAPONS + ROOMS:
        for n in (100, 120, 140):
            assets.card_picture(card, n)
    held = sum(n for _pic, n in assets._SMALL.values())
    assert 0 < held <= assets.SMALL_BYTES and len(assets._SMALL) < 3 * len(SUSPECTS + WEAPONS + ROOMS)
    assert ("picture", ROOMS[-1], 140, assets.language()) in assets._SMALL
    assert ("picture", SUSPECTS[0], 100, assets.language()) not in assets._SMALL


def test_the_last_questions_cards_are_made_ahead_at_the_trays_sides_first():
    """:meth:`Ahead.pictures`: the last question's cards at every side the tray has drawn them,
    one card a step (each sprite decoded once) and before the picker's cards."""
    from game.ui.board.ahead import Ahead
    from game.ui.draw import assets

    assets.clear_cache()
    ahead = Ahead()
    ahead.pictures(["plum", "rope", "hall"], [68, 56])
    ahead.pictures(["plum", "rope", "hall"], [56, 68])          # asked again: not queued twice
    assert [ahead.step() for _ in range(4)] == ["plum", "rope", "hall", "scarlet"]
    assert all(assets.card_picture_kept(c, n) for c in ("plum", "rope", "hall") for n in (56, 68))


def test_the_table_asks_ahead_for_the_trays_pictures_and_the_rooms_in_reach(monkeypatch):
    """On frames where nothing moves, the table asks :class:`Ahead` for the last question's cards
    at the sides the tray has drawn them (a die's landing lays the buttons out anew and resizes
    the tray: three sprites decoded on that frame) and for the picker's card of each room a
    person could walk into with the highest roll (the walk's last frame opened the picker)."""
    from game.ui.bases.match import quick_setup
    from game.ui.board import feltview, table
    from game.ui.board.ahead import ROOM_CARD
    from game.ui.board.match import Match
    from game.ui.draw import assets
    from tests.test_frame_dirty import _app_at

    assets.clear_cache()
    app = _app_at((1920, 1080))
    board = table.BoardScene(app, Match(app.board, quick_setup(3)))
    app.push(board)
    assert board.human_to_act
    asked = feltview.Question("plum", ("green", "rope", "hall"), None, False)
    monkeypatch.setattr(feltview, "_tray_sides", {56: None, 68: None})
    monkeypatch.setattr(feltview, "last_question", lambda events, suspects: asked)
    reach: list = []
    monkeypatch.setattr(table, "destinations", lambda board, at, steps, *a, **k: reach.append(steps) or
                        {"kitchen": (), (5, 5): ()})
    pictures_at = room_at = None
    for frame in range(12):               # one card a frame: the question's first, then the room's
        app.step(1 / 60)
        sides = feltview.tray_picture_sides()
        if pictures_at is None and all(assets.card_picture_kept(c, n) for c in asked.cards for n in sides):
            pictures_at = frame
        if room_at is None and assets.card_kept("kitchen", ROOM_CARD):
            room_at = frame
    assert reach and set(reach) == {6 * board.game.options.dice}
    assert {56, 68} <= set(feltview.tray_picture_sides())
    assert pictures_at is not None and room_at is not None and 2 <= pictures_at < room_at
    app.close()


def test_a_persons_lit_squares_are_built_while_the_die_tumbles_to_the_same_pixels(monkeypatch):
    """The frame a person's die lands in built the whole layer of lit destinations (a few
    milliseconds a lit room at 1920 x 1080).  It is built a part a frame while the die tumbles
    (the roll is known when it is thrown); the landing frame lays it: the pixels of one built at once."""
    from game.rules.actions import Roll
    from game.rules.engine import Phase
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene
    from game.ui.draw import anim
    from game.ui.mansion import boardview
    from tests.test_frame_dirty import _app_at

    app = _app_at((1920, 1080))
    board = BoardScene(app, Match(app.board, quick_setup(3)))
    app.push(board)
    app.step(1 / 60)
    assert board.human_to_act
    parts = []
    real = boardview.BoardView.highlight_steps

    def counting(self, moves):
        steps = real(self, moves)
        while True:
            try:
                parts.append(next(steps))
            except StopIteration as end:
                return end.value
        yield
    monkeypatch.setattr(boardview.BoardView, "highlight_steps", counting)
    board.do(Roll())
    app.step(1 / 60)
    assert isinstance(board.anim, anim.DieRoll) and board.game.phase is Phase.MOVE
    tumbling = during = 0
    while isinstance(board.anim, anim.DieRoll) and tumbling < 600:
        before = len(parts)
        app.step(1 / 60)
        tumbling += 1
        if isinstance(board.anim, anim.DieRoll):
            assert len(parts) - before <= 1          # a part a frame while it tumbles
            during = len(parts)
    app.step(1 / 60)
    assert tumbling > 3 and board.human_to_act and board._highlight is not None
    assert during >= 2 and len(parts) - during <= 1      # the landing frame lays what was built, a part at most
    lit = board._highlight
    got = pygame.image.tobytes(gfx.raw(lit.picture), "RGBA")
    monkeypatch.undo()
    fresh = boardview.BoardView(board.game.board, None, board.view.layout).highlight(board.game.moves())
    assert lit.at == fresh.at and got == pygame.image.tobytes(gfx.raw(fresh.picture), "RGBA")
    app.close()
