"""Images: sprites from ``sprites/`` with drawn fallbacks, scaled and cached.

Every loader works without the sprite files (it draws a simple stand-in), so
the game never fails for a missing picture.  Sizes are in pixels.
"""

from __future__ import annotations

import io
import logging
import math
import random
from collections import OrderedDict

import pygame

from game.rules.cards import SUSPECTS, category
from game.storage import paths
from game.ui.draw import gfx, pawns, theme
from game.ui.shell.i18n import card as card_name
from game.ui.shell.i18n import initial, language

log = logging.getLogger(__name__)
_CACHE: dict[tuple, pygame.Surface] = {}
gfx.on_scale_change(_CACHE.clear)      # pictures made for one output scale


def _load(rel: str) -> pygame.Surface | None:
    """The sprite ``rel`` (a PNG under ``sprites/``), or None: missing, or
    refused before decoding as the map's pictures are (not an ordinary file,
    over :data:`game.storage.files.MAX_PICTURE_BYTES`, a header claiming over
    :data:`game.storage.files.MAX_PICTURE_PX` pixels a side: one claiming 30000 x
    30000 took seconds a frame and gigabytes), or damaged; those are logged."""
    from game.storage.files import FileProblem, read_picture

    path = paths.SPRITES / rel
    try:
        data = read_picture(path)
        img = pygame.image.load(io.BytesIO(data), path.name)
    except FileProblem as exc:
        if exc.template != "the file does not exist":      # a missing sprite is drawn, quietly
            log.warning("a picture is not used, a plain drawing stands in: %s", exc.for_log())
        return None
    except (pygame.error, OSError, ValueError) as exc:
        log.warning("the picture %s is not used (%s): a plain drawing stands in", path, exc)
        return None
    return img.convert_alpha() if pygame.display.get_surface() else img


def _cached(key: tuple, make) -> pygame.Surface:
    return gfx.remember(_CACHE, key, make, 4000)


def clear_cache() -> None:
    """Forget every cached image (after the display mode changes)."""
    _CACHE.clear()
    _SMALL.clear()


def _scaled(img: pygame.Surface, size: int) -> pygame.Surface:
    if img.get_width() == size and img.get_height() == size:
        return img
    return gfx.smoothscale(img, (size, size))


# ------------------------------------------------------------------ labels
def token_label(suspect: str) -> str:
    """The text on a suspect's token and card badge, in the current language:
    the surname initial (:func:`initial`), or, when another suspect's surname
    starts with the same letter, that letter and the first following letter of
    the surname that tells it apart (English Peacock "Pe", Plum "Pl")."""
    first = initial(suspect)
    rivals = [_surname(s) for s in SUSPECTS if s != suspect and initial(s) == first]
    if not rivals:
        return first
    mine = _surname(suspect)
    for i, ch in enumerate(mine[1:].lower(), 1):
        if all(r[i:i + 1].lower() != ch for r in rivals):
            return first + ch
    return first


def _surname(suspect: str) -> str:
    return card_name(suspect).split()[-1]


#: The label's capital letter is this fraction of the token's box tall (its
#: ink, without the outline): 15.6 of 26 pixels on the 1280 x 720 board.
LABEL_HEIGHT = 0.6
#: The label (outline included) is at most this fraction of the box wide;
#: wider labels ("Pe") are narrowed to fit.
LABEL_WIDTH = 0.8
#: The outline round the letters, as a fraction of the box (1 pixel on the board).
LABEL_OUTLINE = 0.04
#: Labels are drawn this many times larger, then scaled down (smooth edges).
_LABEL_SS = 4
#: Dark letters on light pawns (R, G, B).
_LABEL_INK = (40, 32, 30)


RGB = tuple[int, int, int]


def _label_colours(colour: RGB) -> tuple[RGB, RGB]:
    """Letter colour and outline colour on a pawn of ``colour`` (R, G, B)."""
    r, g, b = colour
    lum = 0.299 * r + 0.587 * g + 0.114 * b
    if lum > 150:
        return _LABEL_INK, (round(r + (255 - r) * 0.5), round(g + (255 - g) * 0.5), round(b + (255 - b) * 0.5))
    return (255, 255, 255), (round(r * 0.45), round(g * 0.45), round(b * 0.45))


def _with_label(base: pygame.Surface, suspect: str) -> pygame.Surface:
    """A copy of the square pawn ``base`` with :func:`token_label` written
    over its centre in bold with an outline: the capital's ink
    :data:`LABEL_HEIGHT` of the box tall, the label at most :data:`LABEL_WIDTH` wide."""
    size = base.get_width()
    big = size * _LABEL_SS
    label = token_label(suspect)
    fg, ol = _label_colours(theme.suspect_colour(suspect))
    probe = theme.font_px(100, True).render(label[:1], True, fg).get_bounding_rect().height
    font = theme.font_px(max(1, round(LABEL_HEIGHT * big * 100 / max(1, probe))), True)
    img, rim = font.render(label, True, fg), font.render(label, True, ol)
    o = max(1.0, LABEL_OUTLINE * big)
    pad = math.ceil(o)
    lab = gfx.surface((img.get_width() + 2 * pad, img.get_height() + 2 * pad), pygame.SRCALPHA)
    lab.fill((0, 0, 0, 0))
    for n in range(16):
        a = 2 * math.pi * n / 16
        lab.blit(rim, (pad + o * math.cos(a), pad + o * math.sin(a)))
    lab.blit(img, (pad, pad))
    ink = img.get_bounding_rect().move(pad, pad).inflate(2 * pad, 2 * pad)   # centre the ink, not the line box
    cx: float = ink.centerx
    cy = ink.centery
    if ink.width > LABEL_WIDTH * big:            # narrow a wide label ("Pe") to fit
        f = LABEL_WIDTH * big / ink.width
        lab = gfx.smoothscale(lab, (max(1, round(lab.get_width() * f)), lab.get_height()))
        cx *= f
    canvas = gfx.surface((big, big), pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    canvas.blit(lab, (big / 2 - cx, big / 2 - cy))
    # Box-filter down with premultiplied alpha (no fringes).
    small = gfx.smoothscale(canvas.premul_alpha(), base.get_size())
    out = base.copy()
    area = small.get_bounding_rect()            # only the letters: the clear rest stays untouched
    out.blit(small, area, area, special_flags=pygame.BLEND_PREMULTIPLIED)
    return out


# ------------------------------------------------------------------ tokens
def token(suspect: str, size: int) -> pygame.Surface:
    """A pawn of ``size`` x ``size`` pixels seen from above, drawn in code
    (:func:`game.ui.draw.pawns.draw`): the suspect's colour and own outline shape
    (:data:`game.ui.draw.pawns.SHAPES`, a cue that does not need colour), with
    :func:`token_label` on top, written here so it follows the language."""
    def make() -> pygame.Surface:
        blank = pawns.draw(theme.suspect_colour(suspect), pawns.SHAPES[suspect], size)
        return _with_label(blank, suspect)
    return _cached(("token", suspect, size, language()), make)


def pawn_glow(size: int) -> pygame.Surface:
    """The pool of light under the active pawn, ``size`` x ``size`` pixels
    (:func:`game.ui.draw.pawns.glow`), cached per size."""
    return _cached(("glow", size), lambda: pawns.glow(size))


#: The badge (the suspect's token) on a suspect's card picture: this fraction
#: of the picture wide, centred this fraction in from the top-left corner.
BADGE_SIZE, BADGE_AT = 0.27, 0.155
#: Pictures smaller than this (pixels) get no badge: its letter would be under
#: 10 pixels and its shape a blob (the notebook's and the picker's thumbnails,
#: which show the name beside the picture).
BADGE_MIN_PICTURE = 64


# ----------------------------------------------------------------- weapons
def weapon(weapon_id: str, size: int) -> pygame.Surface:
    """A weapon's piece of ``size`` pixels, without its shadow
    (sprites/weapons/<weapon>.png, 128 pixels, resampled; a plain drawing
    when the sprite is missing)."""
    def make() -> pygame.Surface:
        img = _load(f"weapons/{weapon_id}.png")
        if img is not None:
            return _scaled(img, size)
        return gfx.smoothscale(_draw_weapon(weapon_id, max(_WEAPON_DRAWN, size)), (size, size))
    return _cached(("weapon", weapon_id, size), make)


#: A weapon piece's shadow on the floor: offset (x, y) and blur radius as
#: fractions of the piece's size, and its alpha (0-255).
WEAPON_SHADOW = (0.05, 0.08, 0.05, 130)


def weapon_piece(weapon_id: str, size: int) -> pygame.Surface:
    """A weapon as a small piece lying on the floor, ``size`` x ``size``
    pixels: :func:`weapon` over its own soft shadow, cached per size."""
    def make() -> pygame.Surface:
        art = weapon(weapon_id, size)
        dx, dy, blur, alpha = WEAPON_SHADOW
        shadow = gfx.surface((size, size), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 0))
        shadow.blit(art, (round(dx * size), round(dy * size)))
        shadow.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)     # black, the art's alpha kept
        if round(blur * size) >= 1:
            shadow = gfx.gaussian_blur(shadow, round(blur * size))
        shadow.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        shadow.blit(art, (0, 0))
        return shadow
    return _cached(("weapon piece", weapon_id, size), make)


#: The plain weapon drawing (no sprite) is made at least this many pixels
#: square and filtered down, so that a small one has smooth edges.
_WEAPON_DRAWN = 96


def _draw_weapon(w: str, n: int) -> pygame.Surface:
    """The plain drawing of weapon ``w`` on a light disc, ``n`` pixels square:
    it stands in when its sprite is missing.  Its lines are as thick, for its
    size, as on the 96-pixel drawing it was designed at."""
    def thick(width: float) -> int:
        return max(1, round(width * n / _WEAPON_DRAWN))

    s = gfx.surface((n, n), pygame.SRCALPHA)
    gfx.circle(s, (250, 240, 220, 230), (n // 2, n // 2), n // 2 - thick(2))
    ink, metal, gold = (45, 40, 40), (120, 125, 135), (200, 160, 60)
    if w == "candlestick":
        gfx.rect(s, gold, (n * .4, n * .35, n * .2, n * .45))
        gfx.rect(s, gold, (n * .28, n * .75, n * .44, n * .08))
        gfx.ellipse(s, (240, 140, 30), (n * .43, n * .15, n * .14, n * .2))
    elif w == "knife":
        gfx.polygon(s, metal, [(n * .2, n * .8), (n * .7, n * .2), (n * .62, n * .5)])
        gfx.line(s, ink, (n * .2, n * .8), (n * .35, n * .65), thick(9))
    elif w == "lead_pipe":
        gfx.line(s, metal, (n * .22, n * .78), (n * .78, n * .22), thick(14))
        gfx.line(s, ink, (n * .22, n * .78), (n * .78, n * .22), thick(2))
    elif w == "revolver":
        gfx.rect(s, ink, (n * .2, n * .32, n * .58, n * .14))
        gfx.polygon(s, ink, [(n * .5, n * .4), (n * .62, n * .4), (n * .5, n * .78), (n * .38, n * .78)])
    elif w == "rope":
        for k in range(3):
            gfx.circle(s, (170, 120, 60), (n // 2, int(n * (.35 + .12 * k))), int(n * .16), thick(6))
    else:  # wrench
        gfx.line(s, metal, (n * .28, n * .72), (n * .64, n * .36), thick(12))
        gfx.circle(s, metal, (int(n * .68), int(n * .32)), int(n * .14))
        gfx.circle(s, (250, 240, 220), (int(n * .74), int(n * .26)), int(n * .07))
    return s


# ------------------------------------------------------------------- cards
def portrait(suspect: str, size: int) -> pygame.Surface:
    """A player's portrait, ``size`` pixels square: the art of ``suspect``'s
    card without its token badge (the token when the art is missing).  It
    says who sits in a seat -- public -- and never stands for the card as
    evidence, so it is kept apart from :func:`card_picture`."""
    def make() -> pygame.Surface:
        img = _load(f"cards/{suspect}.png")
        return _scaled(img, size) if img is not None else token(suspect, size)
    return _cached(("portrait", suspect, size), make)


#: A card's picture this many device pixels a side or fewer (the last question's tray, a
#: notebook's row, the picker's cards at 1920 x 1080) is kept beside the pictures' shared
#: budget too, :data:`SMALL_BYTES` of them at most, least recently used dropped first: each
#: made again costs the decoding of its 720-pixel sprite (about 12 ms), and a moment's room
#: pushes them out of the shared budget just before the table draws them again.
SMALL_SIDE = 320
SMALL_BYTES = 3 << 20
#: The small card pictures kept so, least recently used first: key -> (picture, its device bytes).
_SMALL: OrderedDict[tuple, tuple[pygame.Surface, int]] = OrderedDict()
gfx.on_scale_change(_SMALL.clear)


def _picture_key(card: str, size: int) -> tuple:
    return ("picture", card, size, language())


def card_picture(card: str, size: int, loaded: tuple[pygame.Surface | None] | None = None) -> pygame.Surface:
    """The picture part of a card, ``size`` pixels square (sprites/cards/<card>.png
    when present, a suspect's with its token as a corner badge when ``size`` is
    at least :data:`BADGE_MIN_PICTURE`; else the token, the weapon or a room plan is drawn).
    ``loaded``: the sprite already decoded (:func:`card_pictures`: one decoding for several
    sizes), as a one-element tuple, None in it when the sprite is missing."""
    key = _picture_key(card, size)
    small = _SMALL.get(key)
    if small is not None:
        _SMALL.move_to_end(key)
        return small[0]

    def make() -> pygame.Surface:
        img = _load(f"cards/{card}.png") if loaded is None else loaded[0]
        if img is not None:
            img = _scaled(img, size)
            if category(card) == "suspect" and size >= BADGE_MIN_PICTURE:
                img = img.copy()
                badge = token(card, round(size * BADGE_SIZE))
                img.blit(badge, badge.get_rect(center=(round(size * BADGE_AT), round(size * BADGE_AT))))
            return img
        s = gfx.surface((size, size), pygame.SRCALPHA)
        cat = category(card)
        s.fill((250, 242, 226))
        if cat == "suspect":
            t = token(card, int(size * .8))
            s.blit(t, t.get_rect(center=(size // 2, size // 2)))
        elif cat == "weapon":
            side = int(size * .8)
            t = gfx.smoothscale(_draw_weapon(card, max(_WEAPON_DRAWN, side)), (side, side))
            s.blit(t, t.get_rect(center=(size // 2, size // 2)))
        else:
            rng = random.Random(card)
            wood = (196, 146, 92)
            gfx.rect(s, wood, s.get_rect().inflate(-size // 6, -size // 6))
            for _k in range(3):
                w, h = rng.randint(size // 8, size // 4), rng.randint(size // 8, size // 4)
                x, y = rng.randint(size // 6, size - size // 6 - w), rng.randint(size // 6, size - size // 6 - h)
                gfx.rect(s, (120, 80, 50), (x, y, w, h), border_radius=3)
            gfx.rect(s, (70, 45, 30), s.get_rect().inflate(-size // 6, -size // 6), max(2, size // 30))
        return s
    pic = _cached(key, make)
    w, h = pygame.Surface.get_size(gfx.raw(pic))
    if max(w, h) <= SMALL_SIDE:
        nbytes = gfx.device_bytes(pic)
        _SMALL[key] = (pic, nbytes)
        held = sum(n for _pic, n in _SMALL.values())
        while held > SMALL_BYTES and len(_SMALL) > 1:
            held -= _SMALL.popitem(last=False)[1][1]
    return pic


def card_picture_kept(card: str, size: int) -> bool:
    """Is :func:`card_picture` of ``card`` at ``size`` kept (drawing it now costs no making)?"""
    key = _picture_key(card, size)
    return key in _SMALL or key in _CACHE


def card_pictures(card: str, sizes: list[int]) -> int:
    """Make :func:`card_picture` of ``card`` at each of ``sizes`` not kept yet, the sprite
    decoded once for all of them (the same pixels as one by one); returns how many were made."""
    missing = [n for n in sizes if not card_picture_kept(card, n)]
    if missing:
        loaded = (_load(f"cards/{card}.png"),)
        for n in missing:
            card_picture(card, n, loaded)
    return len(missing)


def framed_portrait(suspect: str, size: int) -> pygame.Surface:
    """The suspect's :func:`portrait`, ``size`` pixels square in all, in a frame
    of the suspect's colour with an ink line round it: the player's face on the
    setup and game-over screens."""
    def make() -> pygame.Surface:
        s = gfx.surface((size, size), pygame.SRCALPHA)
        s.fill((0, 0, 0, 0))
        rim = max(2, size // 16)
        radius = max(3, size // 8)
        gfx.rect(s, theme.suspect_colour(suspect), s.get_rect(), border_radius=radius)
        inner = size - 2 * rim
        pic = portrait(suspect, inner)
        mask = gfx.surface((inner, inner), pygame.SRCALPHA)
        mask.fill((0, 0, 0, 0))
        gfx.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, radius - rim))
        face = pic.convert_alpha() if pygame.display.get_surface() else pic.copy()
        face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        s.blit(face, (rim, rim))
        gfx.rect(s, theme.INK, s.get_rect(), max(1, size // 48), border_radius=radius)
        return s
    return _cached(("framed portrait", suspect, size), make)


#: Space for the name under a card's picture: two lines of 20-pixel text.
NAME_LINES = 2


def card_size(width: int) -> tuple[int, int]:
    """The full card size (pixels) for a card ``width`` pixels wide."""
    pad = max(6, width // 16)
    pic = width - 2 * pad
    line = theme.font_px(theme.SMALL, True).get_linesize()
    return width, pad + pic + 4 + NAME_LINES * line + pad


def card_name_top(width: int) -> int:
    """Where the name starts (pixels from the top) on a card ``width`` pixels wide."""
    pad = max(6, width // 16)
    return pad + (width - 2 * pad) + 4


def card_name_room(width: int) -> int:
    """How wide (pixels) a line of the name may be on a card ``width`` pixels
    wide: the picture's width above it and 2 more on each side, so a name
    keeps a margin inside the card's frame ("Colonel Mustard" never runs
    edge to edge) while "Biblioteca" still fits a 128-pixel card."""
    return width - 2 * max(6, width // 16) + 4


def card_name_lines(card_id: str, width: int) -> list[str]:
    """The lines of the name under the picture on a card ``width`` pixels wide
    (at most :data:`NAME_LINES`, 20-pixel bold).  A single word wider than
    :func:`card_name_room` is drawn narrower to stay inside the card's frame
    (:func:`card`); a screen that shows cards to read chooses a width where
    every name fits (see the text-fit tests)."""
    return theme.wrap(card_name(card_id), card_name_room(width), theme.SMALL, True, exact=True)[:NAME_LINES]


def card_name_fits(card_id: str, width: int) -> bool:
    """Does the whole name of ``card_id`` fit on a card ``width`` pixels wide?"""
    lines = card_name_lines(card_id, width)
    f = theme.font_px(theme.SMALL, True)
    return " ".join(lines) == card_name(card_id) and all(f.size(ln)[0] <= card_name_room(width) for ln in lines)


def card(card_id: str, width: int) -> pygame.Surface:
    """A whole card face: frame in its category's colour, the picture and the
    name underneath (drawn here, up to two lines of 20-pixel bold text)."""
    def make() -> pygame.Surface:
        w, h = card_size(width)
        pad = max(6, width // 16)
        pic = width - 2 * pad
        s = gfx.surface((w, h), pygame.SRCALPHA)
        frame = theme.CATEGORY_COLOURS[category(card_id)]
        gfx.rect(s, frame, s.get_rect(), border_radius=10)
        inner = pygame.Rect(pad // 2, pad // 2, w - pad, h - pad)
        gfx.rect(s, theme.PAPER, inner, border_radius=8)
        s.blit(card_picture(card_id, pic), (pad, pad))
        gfx.rect(s, frame, (pad, pad, pic, pic), 2)
        y = pad + pic + 4
        lines = card_name_lines(card_id, width)
        line = theme.font_px(theme.SMALL, True).get_linesize()
        y += (NAME_LINES - len(lines)) * line // 2
        room = card_name_room(width)
        for ln in lines:
            t = theme.render_px(ln, theme.SMALL, theme.INK, True)
            if t.get_width() > room:    # one long word ("Conservatory" under 176 px): a little narrower, not cut
                t = gfx.smoothscale(t, (room, t.get_height()))
            s.blit(t, t.get_rect(midtop=(w // 2, y)))
            y += line
        return s
    return _cached(("card", card_id, width, language()), make)


def card_kept(card_id: str, width: int) -> bool:
    """Is :func:`card` of ``card_id`` at ``width`` kept (drawing it now costs no making)?"""
    return ("card", card_id, width, language()) in _CACHE


def card_back(width: int) -> pygame.Surface:
    """The back of a card at the size of :func:`card` (sprites/card_back.png when present)."""
    def make() -> pygame.Surface:
        w, h = card_size(width)
        img = _load("card_back.png")
        if img is not None:
            return gfx.smoothscale(img, (w, h))
        s = gfx.surface((w, h), pygame.SRCALPHA)
        gfx.rect(s, (120, 30, 40), s.get_rect(), border_radius=10)
        gfx.rect(s, theme.BRASS, s.get_rect().inflate(-12, -12), 3, border_radius=8)
        q = theme.render_px("?", theme.px(int(w * .5)), theme.BRASS, True)
        s.blit(q, q.get_rect(center=(w // 2, h // 2)))
        return s
    return _cached(("back", width), make)


def envelope(size: int) -> pygame.Surface:
    """The case-file envelope, ``size`` pixels wide (sprites/envelope.png when present)."""
    def make() -> pygame.Surface:
        img = _load("envelope.png")
        if img is not None:
            h = int(img.get_height() * size / img.get_width())
            return gfx.smoothscale(img, (size, h))
        h = int(size * .65)
        s = gfx.surface((size, h), pygame.SRCALPHA)
        gfx.rect(s, (235, 215, 170), s.get_rect(), border_radius=6)
        gfx.polygon(s, (205, 180, 130), [(0, 0), (size, 0), (size // 2, h // 2)])
        gfx.circle(s, (170, 30, 40), (size // 2, h // 2), size // 12)
        return s
    return _cached(("envelope", size), make)


# -------------------------------------------------------------------- dice
def die_face(value: int, size: int) -> pygame.Surface:
    """One die face 1-6, ``size`` pixels (sprites/dice/<n>.png when present)."""
    def make() -> pygame.Surface:
        img = _load(f"dice/{value}.png")
        if img is not None:
            return _scaled(img, size)
        s = gfx.surface((size, size), pygame.SRCALPHA)
        gfx.rect(s, (250, 246, 236), s.get_rect(), border_radius=size // 6)
        gfx.rect(s, (60, 40, 30), s.get_rect(), max(2, size // 24), border_radius=size // 6)
        spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
                 4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
                 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}[value]
        for cx, cy in spots:
            gfx.circle(s, (40, 28, 22), (int(size * (.25 + .25 * cx)), int(size * (.25 + .25 * cy))),
                               max(3, size // 11))
        return s
    return _cached(("die", value, size), make)


def die_at_rest(size: int) -> pygame.Surface:
    """The die before it is rolled, ``size`` pixels square: the die's own face (the look of
    :func:`die_face`, bright, as the rolled die will be) with a "?" where the pips would be (any
    number would read as a roll; a blank dimmed face read as a grey tile, not a die)."""
    def make() -> pygame.Surface:
        img = _load("dice/1.png")
        if img is not None:
            s = _scaled(img, size).copy()
            raw = gfx.raw(s)
            w, h = raw.get_size()
            ink = raw.get_at((w // 4, h // 2))             # the face's colour beside the pip
            gfx.circle(s, (ink.r, ink.g, ink.b), (size // 2, size // 2), max(4, int(size * .16)))   # the pip wiped
        else:
            s = gfx.surface((size, size), pygame.SRCALPHA)
            gfx.rect(s, (250, 246, 236), s.get_rect(), border_radius=size // 6)
            gfx.rect(s, (60, 40, 30), s.get_rect(), max(2, size // 24), border_radius=size // 6)
        mark_size = theme.TITLE if size >= 70 else theme.HEADING if size >= 40 else theme.BODY
        mark = theme.text("?", mark_size, (150, 110, 70), True)
        s.blit(mark, mark.get_rect(center=(size // 2, size // 2)))
        return s
    return _cached(("die at rest", size), make)


def icon() -> pygame.Surface:
    """The window icon (sprites/icon.png when present, else Miss Scarlet's pawn, 64 pixels)."""
    img = _load("icon.png")
    return img if img is not None else token("scarlet", 64)


def all_cards() -> list[str]:
    """Every card id, suspects then weapons then rooms."""
    from game.rules.cards import ALL_CARDS
    return list(ALL_CARDS)

