"""Pieces anybody can tell apart.

The six tokens as drawn on the 1280 x 720 board, seen with deuteranopia,
protanopia and tritanopia (Machado et al. 2009 through colorspacious): every
pair differs by CIEDE2000 >= 20 in colour or has a different shape.  The
initials are at least 14 pixels tall on the board, and thumbnails too small
to read carry no badge.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pygame
import pytest

colorspacious = pytest.importorskip("colorspacious")

from game.rules.cards import SUSPECTS  # noqa: E402
from game.text import i18n  # noqa: E402
from game.ui.draw import assets, cvd, pawns, theme  # noqa: E402

#: The three simulated vision types: our name, colorspacious' name.
VISIONS = {"deuteranopia": "deuteranomaly", "protanopia": "protanomaly", "tritanopia": "tritanomaly"}
#: Two colours at least this far apart (CIEDE2000) are told apart by colour alone.
MIN_DELTA_E = 20
#: Two pawns whose shape masks overlap less than this (intersection over union) have different shapes.
MAX_SHAPE_IOU = 0.8
#: The initials' ink is at least this tall on the 1280 x 720 board (pixels).
MIN_LABEL_PX = 14


# ---------------------------------------------------------------- CIEDE2000
def ciede2000(lab1, lab2) -> float:
    """The CIEDE2000 colour difference of two CIELab colours (kL = kC = kH = 1),
    following Sharma, Wu and Dalal 2005, "The CIEDE2000 color-difference formula:
    implementation notes, supplementary test data, and mathematical observations"."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dLp, dCp = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    elif h2p - h1p > 180:
        dhp = h2p - h1p - 360
    else:
        dhp = h2p - h1p + 360
    dHp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    Lp, Cp = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hp = (h1p + h2p + 360) / 2
    else:
        hp = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hp - 30)) + 0.24 * math.cos(math.radians(2 * hp))
         + 0.32 * math.cos(math.radians(3 * hp + 6)) - 0.20 * math.cos(math.radians(4 * hp - 63)))
    d_theta = 30 * math.exp(-(((hp - 275) / 25) ** 2))
    rc = 2 * math.sqrt(Cp ** 7 / (Cp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (Lp - 50) ** 2 / math.sqrt(20 + (Lp - 50) ** 2)
    sc = 1 + 0.045 * Cp
    sh = 1 + 0.015 * Cp * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dLp / sl) ** 2 + (dCp / sc) ** 2 + (dHp / sh) ** 2 + rt * (dCp / sc) * (dHp / sh))


#: Sharma et al. 2005, Table 1: (L1, a1, b1), (L2, a2, b2), CIEDE2000.
SHARMA = [
    ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    ((50.0000, 3.1571, -77.2803), (50.0000, 0.0000, -82.7485), 2.8615),
    ((50.0000, 2.8361, -74.0200), (50.0000, 0.0000, -82.7485), 3.4412),
    ((50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -1.1848, -84.8006), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -0.9009, -85.5211), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
    ((50.0000, -1.0000, 2.0000), (50.0000, 0.0000, 0.0000), 2.3669),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0010), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0011), 7.2195),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0012), 7.2195),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0009, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0010, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0011, -2.4900), 4.7461),
    ((50.0000, 2.5000, 0.0000), (50.0000, 0.0000, -2.5000), 4.3065),
    ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    ((50.0000, 2.5000, 0.0000), (61.0000, -5.0000, 29.0000), 22.8977),
    ((50.0000, 2.5000, 0.0000), (56.0000, -27.0000, -3.0000), 31.9030),
    ((50.0000, 2.5000, 0.0000), (58.0000, 24.0000, 15.0000), 19.4535),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.1736, 0.5854), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2972, 0.0000), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 1.8634, 0.5757), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2592, 0.3350), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
    ((61.2901, 3.7196, -5.3901), (61.4292, 2.2480, -4.9620), 1.8731),
    ((35.0831, -44.1164, 3.7933), (35.0232, -40.0716, 1.5901), 1.8645),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((36.4612, 47.8580, 18.3852), (36.2715, 50.5065, 21.2231), 1.4146),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
    ((6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize("lab1, lab2, expected", SHARMA)
def test_ciede2000_matches_sharmas_test_data(lab1, lab2, expected):
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=5e-5)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=5e-5)   # symmetric


# ---------------------------------------------------------------- the tokens
@pytest.fixture
def english():
    pygame.font.init()
    i18n.set_language("en")
    assets.clear_cache()
    yield
    i18n.set_language("en")
    assets.clear_cache()


#: The board's two layouts: the pieces are checked at the token size of each.
LAYOUTS = ["standard", "tv"]


def board_token_size(layout: str = "standard") -> int:
    """The token size on the board as the game draws it at 1280 x 720 in
    ``layout`` ("standard" or "tv"), pixels."""
    from game.storage.settings import Settings
    from game.ui import LOGICAL_SIZE
    from game.ui.app import App

    app = App(seed=1, sound=False, threaded_ai=False, settings=Settings(layout=layout))
    try:
        assert app.window.surface.get_size() == LOGICAL_SIZE == (1280, 720)
        assert app.board_view().layout.name == layout
        return app.board_view().token_size
    finally:
        app.close()


def _rgb_alpha(img: pygame.Surface) -> tuple[np.ndarray, np.ndarray]:
    """Pixels as [y, x, RGB] floats 0-1, and alpha as [y, x] 0-255."""
    rgb = pygame.surfarray.array3d(img).swapaxes(0, 1).astype(float) / 255
    return rgb, pygame.surfarray.array_alpha(img).T


def body_colour(suspect: str, size: int) -> tuple[int, int, int]:
    """The colour of the pawn's body as drawn (R, G, B): the most common colour
    of the opaque pixels of the pawn without its letters."""
    rgb, alpha = _rgb_alpha(pawns.draw(theme.suspect_colour(suspect), pawns.SHAPES[suspect], size))
    values, counts = np.unique((rgb[alpha == 255] * 255).round().astype(int), axis=0, return_counts=True)
    return tuple(int(v) for v in values[counts.argmax()])


def shape_mask(suspect: str, size: int) -> pygame.Mask:
    """The shape cue: the pixels the token covers, letters left out (they sit in
    the middle of every token and would hide the difference)."""
    return pawns.mask(pawns.SHAPES[suspect], size)


def seen(rgb: tuple[int, int, int], vision: str) -> np.ndarray:
    """``rgb`` (0-255) as seen with ``vision`` (colorspacious), as CIELab."""
    simulated = colorspacious.cspace_convert(np.array(rgb) / 255,
                                             {"name": "sRGB1+CVD", "cvd_type": VISIONS[vision], "severity": 100},
                                             "sRGB1")
    return colorspacious.cspace_convert(np.clip(simulated, 0, 1), "sRGB1", "CIELab")


def iou(a: pygame.Mask, b: pygame.Mask) -> float:
    """Intersection over union of two masks of one size."""
    both = a.overlap_area(b, (0, 0))
    return both / (a.count() + b.count() - both)


def table(layout: str = "standard") -> dict[tuple[str, str, str], tuple[float, float]]:
    """(vision, suspect, suspect) -> (CIEDE2000 of the body colours as seen, IoU of the token masks),
    at ``layout``'s token size."""
    size = board_token_size(layout)
    colours = {s: body_colour(s, size) for s in SUSPECTS}
    masks = {s: shape_mask(s, size) for s in SUSPECTS}
    out = {}
    for vision in VISIONS:
        lab = {s: seen(colours[s], vision) for s in SUSPECTS}
        for a, b in itertools.combinations(SUSPECTS, 2):
            out[vision, a, b] = (ciede2000(lab[a], lab[b]), iou(masks[a], masks[b]))
    return out


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_pair_of_tokens_differs_in_colour_or_shape_for_colour_blind_eyes(english, layout):
    """Under deuteranopia Scarlet and Green were one olive (CIEDE2000 17)
    and Peacock and Plum one blue: now each pair differs by CIEDE2000 >= 20 or by shape."""
    figures = table(layout)
    for (vision, a, b), (de, overlap) in figures.items():
        assert de >= MIN_DELTA_E or overlap < MAX_SHAPE_IOU, (vision, a, b, round(de, 1), round(overlap, 2))
    # The pairs colour does not tell apart are there, so the shapes do the work:
    close = {(v, a, b) for (v, a, b), (de, _) in figures.items() if de < MIN_DELTA_E}
    assert ("deuteranopia", "scarlet", "green") in close and ("deuteranopia", "peacock", "plum") in close


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_six_shapes_differ_even_without_colour(english, layout):
    """The shape alone tells every pair apart (no pair needs its colour)."""
    size = board_token_size(layout)
    masks = {s: shape_mask(s, size) for s in SUSPECTS}
    for s in SUSPECTS:                 # the mask is what the pawn covers (its alpha), bar the soft shadow
        covered = pygame.mask.from_surface(pawns.draw(theme.suspect_colour(s), pawns.SHAPES[s], size), 127)
        assert iou(covered, masks[s]) > 0.95, s
    for a, b in itertools.combinations(SUSPECTS, 2):
        assert iou(masks[a], masks[b]) < MAX_SHAPE_IOU, (a, b, iou(masks[a], masks[b]))
    assert len(set(pawns.SHAPES.values())) == len(SUSPECTS)


def test_the_game_simulation_matches_colorspacious():
    """game/ui/draw/cvd.py (used by the screenshot scene) gives colorspacious' colours."""
    for vision, name in VISIONS.items():
        for rgb in [theme.suspect_colour(s) for s in SUSPECTS] + [(0, 0, 0), (255, 255, 255), (250, 242, 226)]:
            ref = colorspacious.cspace_convert(np.array(rgb) / 255,
                                               {"name": "sRGB1+CVD", "cvd_type": name, "severity": 100}, "sRGB1")
            ours = np.array(cvd.colour(rgb, vision)) / 255
            assert abs(ours - np.clip(ref, 0, 1)).max() <= 1 / 255, (vision, rgb)


# ---------------------------------------------------------------- the initials
def label_ink(suspect: str, size: int) -> pygame.Rect:
    """The bounding box (pixels) of the label's letters on the token drawn on a
    floor square: the pixels that differ from the blank pawn and are nearer the
    letters' colour than their outline's (at least half letter), in pieces of 3
    pixels or more (no stray edge pixel)."""
    def on_floor(img: pygame.Surface) -> np.ndarray:      # as drawn on a light floor square
        floor = pygame.Surface((size, size))
        floor.fill((236, 222, 196))
        floor.blit(img, (0, 0))
        return pygame.surfarray.array3d(floor).swapaxes(0, 1).astype(float) / 255
    a = on_floor(assets.token(suspect, size))
    b = on_floor(pawns.draw(theme.suspect_colour(suspect), pawns.SHAPES[suspect], size))
    fg, outline = (np.array(c) / 255 for c in assets._label_colours(theme.suspect_colour(suspect)))
    ink = (abs(a - b).max(-1) > 0.15) & (abs(a - fg).sum(-1) < abs(a - outline).sum(-1))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    for y, x in zip(*np.nonzero(ink), strict=True):
        surf.set_at((int(x), int(y)), (255, 255, 255, 255))
    parts = pygame.mask.from_surface(surf).connected_components(3)
    assert parts, suspect
    return parts[0].get_bounding_rects()[0].unionall([m.get_bounding_rects()[0] for m in parts])


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("code", ["en", "es", "ca"])
def test_initials_are_at_least_14_pixels_tall_on_the_board(english, code, layout):
    i18n.set_language(code)
    size = board_token_size(layout)
    for s in SUSPECTS:
        ink = label_ink(s, size)
        assert ink.height >= MIN_LABEL_PX, (code, s, ink)
        assert ink.width <= size, (code, s, ink)              # and the label stays on the token


# ---------------------------------------------------------------- thumbnails
def _bare(suspect: str, size: int) -> bytes:
    """The card picture sprite scaled to ``size``, nothing drawn on it."""
    from game.storage import paths
    img = pygame.image.load(str(paths.SPRITES / "cards" / f"{suspect}.png"))
    return pygame.image.tobytes(assets._scaled(img, size), "RGBA")


def test_card_sprites_leave_the_badge_corner_to_the_game():
    """The sprite's corner is the card's background, not a blank pawn (a blob when small)."""
    from game.storage import paths
    from tests.test_assets import make_assets
    for s in SUSPECTS:
        img = pygame.image.load(str(paths.SPRITES / "cards" / f"{s}.png"))
        assert max(abs(a - b) for a, b in zip(img.get_at((20, 21))[:3], make_assets.CARD_BG[s], strict=True)) <= 2, s


@pytest.mark.parametrize("size", [24, 34, 40, assets.BADGE_MIN_PICTURE - 1])
def test_small_thumbnails_have_no_badge(english, size):
    """A picture too small to read its badge shows none (no 2-3 pixel blob):
    the notebook's and the picker's thumbnails."""
    for s in SUSPECTS:
        assert pygame.image.tobytes(assets.card_picture(s, size), "RGBA") == _bare(s, size), (s, size)


@pytest.mark.parametrize("size", [assets.BADGE_MIN_PICTURE, 120, 160])
def test_large_pictures_carry_the_token_as_badge(english, size):
    for s in SUSPECTS:
        pic = assets.card_picture(s, size)
        assert pygame.image.tobytes(pic, "RGBA") != _bare(s, size), (s, size)
        badge = round(size * assets.BADGE_SIZE)
        corner = pic.subsurface((0, 0, badge, badge))
        assert max(corner.get_at((x, y))[:3] == tuple(theme.suspect_colour(s)) for x in range(badge)
                   for y in range(badge)), s                 # the token's body is there
        assert label_ink(s, badge).height >= 9                 # a letter you can read, even at the threshold


# ---------------------------------------------------------------- the screenshot scene
def test_the_tokens_scene_shows_the_pawns_normal_and_as_deuteranopia_sees_them(english):
    """``--scene tokens``: the six pawns, large and at board size, and beside them
    the same picture through game/ui/draw/cvd.py, where Scarlet's red and Green's green
    come out close (the shapes tell them apart)."""
    from game.ui.app import App
    from game.ui.scenes.pieces import BIG, LEFT, RIGHT, PiecesScene
    from game.ui.screenshots.screens import build_scene

    app = App(seed=1, sound=False, threaded_ai=False)
    try:
        build_scene(app, "tokens")
        scene = app.top
        assert isinstance(scene, PiecesScene) and scene.token_size == app.board_view().token_size
        assert scene.normal.get_size() == scene.seen.get_size()
        spots = scene._pawn_spots()

        def body_at(suspect: str) -> tuple[int, int]:
            """A pixel of the large pawn's body in the normal picture (its own colour)."""
            x, y = spots[SUSPECTS.index(suspect)]
            colour = tuple(theme.suspect_colour(suspect))
            return next((px, py) for py in range(y - BIG, y) for px in range(x - BIG // 2, x + BIG // 2)
                        if tuple(scene.normal.get_at((px, py))[:3]) == colour)

        def body(img: pygame.Surface, suspect: str) -> tuple[int, int, int]:
            return tuple(img.get_at(body_at(suspect))[:3])

        def lab(rgb):
            return colorspacious.cspace_convert(np.array(rgb) / 255, "sRGB1", "CIELab")
        apart = ciede2000(lab(body(scene.normal, "scarlet")), lab(body(scene.normal, "green")))
        close = ciede2000(lab(body(scene.seen, "scarlet")), lab(body(scene.seen, "green")))
        assert apart > 40 and close < MIN_DELTA_E, (apart, close)
        app.draw()
        shot = app.window.surface
        assert pygame.image.tobytes(shot.subsurface(LEFT), "RGB") != pygame.image.tobytes(shot.subsurface(RIGHT), "RGB")
    finally:
        app.close()


# ---------------------------------------------------------------- pieces, not pins
#: The flat floor under the pieces in the tests below: a mid grey and a wood brown.
FLOOR_GREY, FLOOR_WOOD = (128, 128, 128), (150, 100, 60)


def _floor_view(app):
    """The board view and a flat floor of one colour as large as the window (logical pixels)."""
    floor = pygame.Surface(app.window.surface.get_size())
    floor.fill(FLOOR_GREY)
    return app.board_view(), floor


def _luminance(rgb) -> float:
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


@pytest.mark.parametrize("size", [26, 76])
def test_pawns_are_pieces_with_a_base_a_raised_body_a_highlight_and_a_soft_shadow(english, size):
    """A blank pawn at board size and large: its shadow is soft (no one alpha
    level makes up most of it, as the flat cut-out shadow did), its body is lit
    from the upper left (brighter there than its own colour, darker on its lower
    right), and round the body a darker base shows."""
    for s in SUSPECTS:
        colour = tuple(theme.suspect_colour(s))
        img = pawns.draw(colour, pawns.SHAPES[s], size)
        outline = pawns.mask(pawns.SHAPES[s], size)
        near = {(x + dx, y + dy) for x in range(size) for y in range(size) if outline.get_at((x, y))
                for dx in (-1, 0, 1) for dy in (-1, 0, 1)}                   # the outline and its smoothed edge
        shadow = [img.get_at((x, y)).a for x in range(size) for y in range(size)
                  if (x, y) not in near and img.get_at((x, y)).a > 0]
        levels, counts = np.unique(shadow, return_counts=True)
        assert len(shadow) >= size and counts.max() < 0.3 * len(shadow), (s, size, len(shadow), counts.max())
        assert max(shadow) < 127, s                                      # never part of the outline
        body = [(x, y, img.get_at((x, y))) for x in range(size) for y in range(size) if img.get_at((x, y)).a == 255]
        lum = {(x, y): _luminance(c) for x, y, c in body}
        mid = size / 2
        upper_left = [v for (x, y), v in lum.items() if x < mid and y < mid]
        lower_right = [v for (x, y), v in lum.items() if x >= mid and y >= mid]
        assert max(upper_left) >= _luminance(colour) + 8, (s, size, max(upper_left))     # the highlight
        assert np.mean(upper_left) > np.mean(lower_right), (s, size)                       # lit from above
        base = sum(1 for v in lum.values() if v < 0.6 * _luminance(colour) and v > 40)     # darker than the body, not ink
        assert base >= size, (s, size, base)


def test_the_active_pawn_is_lifted_and_stands_in_a_pool_of_light(english):
    """The pawn whose turn it is is drawn higher than where it stands, on a
    light ring you see from across the room; the others stand flat."""
    from game.ui.app import App

    app = App(seed=1, sound=False, threaded_ai=False)
    try:
        view, floor = _floor_view(app)
        n = view.token_size
        point = (200, 200)
        still, active = floor.copy(), floor.copy()
        view.draw_token(still, "scarlet", point)
        view.draw_token(active, "scarlet", point, active_t=0.0)

        def ink_top(img: pygame.Surface) -> int:
            return min(y for y in range(200 - n, 200 + n) for x in range(200 - n // 2, 200 + n // 2)
                       if _luminance(img.get_at((x, y))) < 60)       # the pawn's dark edge
        assert ink_top(still) - ink_top(active) >= round(0.1 * n), (ink_top(still), ink_top(active))
        # A bright ring round the pawn's foot, left and right of it, where the floor was mid grey:
        for dx in (-round(0.5 * n), round(0.5 * n)):
            assert _luminance(active.get_at((200 + dx, 200))) > 190, dx
            assert _luminance(still.get_at((200 + dx, 200))) < 140, dx
    finally:
        app.close()


def test_weapons_lie_on_the_floor_without_a_plate(english):
    """A weapon on the board is a small drawn object with its own shadow:
    a fifth of its place and more still shows the floor, in the open or in
    the piece's light shadow (the white plate covered it all), and
    the object is there (pixels far from the floor's colour)."""
    from game.rules.cards import WEAPONS
    from game.ui.app import App

    app = App(seed=1, sound=False, threaded_ai=False)
    try:
        view, floor = _floor_view(app)
        floor.fill(FLOOR_WOOD)
        plate = view.layout.disc
        for w in WEAPONS:
            img = floor.copy()
            view.draw_weapon(img, w, (200, 200))
            place = [img.get_at((x, y))[:3] for x in range(200 - plate // 2 + 2, 200 + plate // 2 - 2)
                     for y in range(200 - plate // 2 + 2, 200 + plate // 2 - 2)
                     if (x - 200) ** 2 + (y - 200) ** 2 <= (plate // 2 - 2) ** 2]
            off = [max(abs(v - f) for v, f in zip(c, FLOOR_WOOD, strict=True)) for c in place]
            bare = sum(1 for d in off if d <= 45) / len(place)
            drawn = sum(1 for d in off if d > 60) / len(place)
            assert bare >= 0.2 and drawn >= 0.1, (w, round(bare, 2), round(drawn, 2))
    finally:
        app.close()


def test_wide_blurs_run_on_a_quarter_of_the_pixels_and_look_the_same(monkeypatch):
    """A pawn's shadow and highlight (blurs of 12 and 22 pixels on the 224 pixel layer of a
    56 pixel pawn) are blurred on a half-size copy filtered back up: no blur of 8 pixels or
    more touches more than a quarter of the layer's pixels, and every pawn stays within
    10/255 of the one blurred at full size."""
    real = pawns.gfx.gaussian_blur
    calls = []

    def counting(img, radius):
        calls.append((img.get_width() * img.get_height(), radius))
        return real(img, radius)

    monkeypatch.setattr(pawns.gfx, "gaussian_blur", counting)
    quick = {s: pawns.draw(theme.suspect_colour(s), pawns.SHAPES[s], 56) for s in SUSPECTS}
    layer = (56 * pawns._SS) ** 2
    wide = [pixels for pixels, radius in calls if radius >= 4]
    assert len(wide) == 12 and max(wide) <= layer // 4
    monkeypatch.setattr(pawns, "_HALF_BLUR", 10 ** 6)        # every blur at full size, as drawn before
    for s in SUSPECTS:
        full = pawns.draw(theme.suspect_colour(s), pawns.SHAPES[s], 56)
        a = np.frombuffer(pygame.image.tobytes(quick[s], "RGBA"), np.uint8).astype(int)
        b = np.frombuffer(pygame.image.tobytes(full, "RGBA"), np.uint8).astype(int)
        assert np.abs(a - b).max() <= 10, s



def _edge_energy(surface: pygame.Surface) -> float:
    """The sum of luminance steps between neighbouring pixels (alpha-weighted): a soft
    picture has less of it than a sharp one of the same drawing."""
    w, h = pygame.Surface.get_size(surface)
    a = np.frombuffer(pygame.image.tobytes(surface, "RGBA"), np.uint8).astype(float).reshape(h, w, 4)
    lum = (a[..., 0] * 0.299 + a[..., 1] * 0.587 + a[..., 2] * 0.114) * a[..., 3] / 255
    return float(np.abs(np.diff(lum, axis=0)).sum() + np.abs(np.diff(lum, axis=1)).sum())


def test_a_token_on_a_tv_is_as_sharp_as_one_drawn_that_many_pixels_large(english):
    """On a 3840 x 2160 window (3 device pixels per logical one) a 26 pixel pawn is 78
    device pixels with the edges of a pawn drawn 78 pixels large at scale 1 (edge energy
    at least 0.97 of it, 0.98-1.01 measured), not a 26 pixel label blown up (0.84-0.95)."""
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    from game.ui.draw import gfx
    try:
        for s in SUSPECTS:
            gfx.set_output_scale(3.0)
            tv = gfx.raw(assets.token(s, 26))
            assert pygame.Surface.get_size(tv) == (78, 78), s
            tv_energy = _edge_energy(tv)
            gfx.set_output_scale(1.0)
            ratio = tv_energy / _edge_energy(assets.token(s, 78))
            assert ratio >= 0.97, (s, round(ratio, 3))
    finally:
        gfx.set_output_scale(1.0)
