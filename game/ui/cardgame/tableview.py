"""The card table drawn as a table:
the seats round a felt oval, the Crime cards face down in its middle (003
"Arxiu del cas": three cards under the Crime card), the question's two cards
travelling from seat to seat, and along the bottom a hand fanned face up
and the cards lying face up for everybody.

Geometry in logical pixels (1280 x 720).  Seats increase to the left (003
"el jugador de la teva esquerra"): seen from the seat drawn at the bottom of
the oval, the next seat sits to its left, so the question goes round
clockwise on screen (bottom, left, top, right).

Nothing here knows a seat's private cards: :func:`draw_hand` is handed the
cards the table decided may be seen now (see
:meth:`game.ui.cardgame.table.CardTableScene.hand_seat`).
"""

from __future__ import annotations

import math

import pygame

from game.ui.draw import anim, assets, gfx, tabletop, theme
from game.ui.shell.i18n import _

#: The table (the felt oval and the seats round it) and the strip under it (hand, face-up cards).
FELT_RECT = pygame.Rect(10, 10, 670, 462)
STRIP_RECT = pygame.Rect(10, 478, 670, 232)
#: The oval the seats sit on: centre and radii (pixels).
CENTRE = (FELT_RECT.centerx, FELT_RECT.top + 226)
RX, RY = 236, 196
#: A seat's plaque (pixels): portrait, surname, level or person, cards in hand.
BADGE_W, BADGE_H = 196, 62
#: The portrait on a plaque (pixels: the suspect card's art) and its token in the portrait's corner.
PORTRAIT, PORTRAIT_TOKEN = BADGE_H - 8, 24
#: Where a plaque's words start (pixels from its left), and the room the cards held take at its right.
TEXT_X, HELD_W = PORTRAIT + 10, tabletop.HELD_W
#: Text room in a plaque (pixels): the surname, and the kind of player beside the cards held.
NAME_W, KIND_W = BADGE_W - TEXT_X - 6, BADGE_W - TEXT_X - HELD_W - 4
#: Cards along the strip: width (pixels; every card name fits at 144) and the caption's height.
CARD_W = 144
CAPTION_H = 26
#: A caption's top below the strip's top (pixels): clear of the strip's wooden rim.
CAPTION_Y = 7
#: The face-down Crime cards in the middle, and the question's cards travelling (pixels).
CRIME_W, MINI = 58, 50
#: The Crime cards' caption under them: its gap, line and widest (pixels).
CRIME_CAPTION_GAP, CRIME_CAPTION_H, CRIME_CAPTION_W = 14, 40, 2 * RX - 160
#: The question's two cards side by side (pixels).
PAIR_W = 2 * (MINI + 8) + 8
#: Pixels from one card of a hand (or of the face-up cards) to the next when there is room.
STEP = CARD_W + 8
#: Felt colours.
FELT, FELT_EDGE, RIM = (38, 92, 62), (24, 64, 42), (110, 72, 44)
GLOW = tabletop.GLOW
#: Share of a move spent travelling (the rest: the shake of a "no", the glow of a "has one").
TRAVEL = 0.6


def seat_point(seat: int, players: int, bottom: int) -> tuple[int, int]:
    """Where ``seat`` sits on the oval (pixels) when ``bottom`` sits at its
    bottom: seats follow each other to the left (clockwise on screen)."""
    k = (seat - bottom) % players
    a = math.radians(90 + k * 360 / players)
    return round(CENTRE[0] + RX * math.cos(a)), round(CENTRE[1] + RY * math.sin(a))


def badge_rect(seat: int, players: int, bottom: int) -> pygame.Rect:
    """The badge of ``seat`` (see :func:`seat_point`)."""
    r = pygame.Rect(0, 0, BADGE_W, BADGE_H)
    r.center = seat_point(seat, players, bottom)
    return r


def stacked(seat: int, players: int, bottom: int) -> bool:
    """True when the question's cards rest one above the other in front of ``seat``: a seat
    at the oval's side, where two cards side by side would reach the Crime cards, and the
    pair beside its badge keeps off them (else they lie side by side under or above it)."""
    x, y = seat_point(seat, players, bottom)
    if abs(CENTRE[0] - x) <= abs(CENTRE[1] - y):
        return False
    w, h = MINI + 8, PAIR_W
    pair = pygame.Rect(0, 0, w, h)
    pair.center = (round(x + (1 if CENTRE[0] >= x else -1) * ((BADGE_W + w) / 2 + 8)), y)
    return pair.collidelist([r.inflate(8, 8) for r in crime_rects()]) < 0


def pair_size(vertical: bool) -> tuple[int, int]:
    """The question's two cards' box (pixels): side by side, or one above the other."""
    return (MINI + 8, PAIR_W) if vertical else (PAIR_W, MINI + 8)


def crime_rects() -> list[pygame.Rect]:
    """Where the Crime cards lie in the middle of the table and, under them, their caption
    ("Crime cards", in the language in use), pixels."""
    w, h = assets.card_size(CRIME_W)
    cards = pygame.Rect(0, 0, w + 2 * 22, h)
    cards.center = (CENTRE[0], CENTRE[1] - 14)
    words = theme.fit_width(_("Crime cards"), theme.SMALL, True, CRIME_CAPTION_W)
    return [cards, pygame.Rect(CENTRE[0] - words // 2, cards.bottom, words, CRIME_CAPTION_H)]


def anchor(seat: int, players: int, bottom: int) -> tuple[float, float]:
    """Where the question's cards rest in front of ``seat`` (pixels): just clear of its
    badge towards the middle -- beside a seat at the oval's side (one card above the
    other, :func:`stacked`) where that keeps off the Crime cards, else side by side under
    or above the badge -- so they never cover a badge, the Crime cards or their caption,
    nor the cards resting in front of another seat (with five or six players two seats
    sit one above the other at a side: each pair has its own place between them)."""
    x, y = seat_point(seat, players, bottom)
    toward_x = 1 if CENTRE[0] >= x else -1
    toward_y = 1 if CENTRE[1] >= y else -1
    if stacked(seat, players, bottom):
        return x + toward_x * ((BADGE_W + MINI + 8) / 2 + 8), float(y)
    return float(x), y + toward_y * ((BADGE_H + MINI + 8) / 2 + 8)


class Question(anim.Animation):
    """The two cards of a question (public: 003 "Prendre el teu torn") on
    their way round the table: they are laid down in front of the asker
    (``asker``, in ``duration`` seconds), then :meth:`move` on to each seat
    that answers.  A "no" shakes them, a seat that has one makes them glow
    (and they stay glowing), "back" takes them home to the asker and
    "shown" sends one face-down card from the seat that showed it to the
    asker (which card stays private: it is never drawn face up here)."""

    def __init__(self, asker: int, cards: tuple[str, str], duration: float) -> None:
        super().__init__(duration)
        self.asker = asker
        self.cards = tuple(cards)
        self.start = asker           # the seat the cards leave
        self.at = asker              # the seat they go to
        self.kind = "ask"            # "ask", "no", "has", "back", "shown"

    def move(self, seat: int, kind: str, duration: float) -> None:
        """Go on to ``seat`` (``kind``: see the class) in ``duration`` seconds."""
        self.start, self.at, self.kind = self.at, seat, kind
        self.duration = max(1e-6, duration)
        self.t = 0.0

    def place(self, players: int, bottom: int) -> tuple[float, float]:
        """Where the cards are now (pixels), shake included."""
        p = self.progress
        (x0, y0), (x1, y1) = anchor(self.start, players, bottom), anchor(self.at, players, bottom)
        if self.kind == "ask":      # laid down in front of the asker: never over its badge's name
            x0, y0 = x1, y1
        f = anim.ease(min(1.0, p / TRAVEL)) if self.kind != "ask" else anim.ease(p)
        x, y = x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
        if self.kind == "no" and TRAVEL < p < 1:
            q = (p - TRAVEL) / (1 - TRAVEL)
            x += math.sin(q * math.pi * 6) * 9 * (1 - q)
        return x, y

    def glow(self) -> float:
        """0..1: how much the cards glow (a seat that holds one of them)."""
        if self.kind != "has":
            return 0.0
        return anim.ease(max(0.0, (self.progress - TRAVEL) / (1 - TRAVEL)))

    def shaking(self) -> bool:
        """True while a "no" shakes the cards."""
        return self.kind == "no" and TRAVEL < self.progress < 1


# ------------------------------------------------------------------ drawing
def draw_felt(surface: pygame.Surface) -> None:
    """The table: a framed panel, and on it the oval table (wooden rim, brass inlay, baize)."""
    tabletop.panel(surface, FELT_RECT)
    oval = pygame.Rect(0, 0, 2 * RX + 60, 2 * RY + 24)
    oval.center = CENTRE
    oval = oval.clip(FELT_RECT.inflate(-8, -8))
    surface.blit(tabletop.oval_table(oval.size), oval)


def draw_badge(surface: pygame.Surface, rect: pygame.Rect, suspect: str, name: str, kind: str, held: int,
               turn: bool, acting: bool, out: bool, glow: float = 0.0) -> None:
    """One seat's plaque in ``rect`` (:func:`~game.ui.draw.tabletop.seat_plaque`, which the
    board game's TV panel draws too): public things only."""
    tabletop.seat_plaque(surface, rect, suspect, name, kind, held, turn, acting, out, glow)


def draw_crime(surface: pygame.Surface, caption: str) -> pygame.Rect:
    """The three Crime cards face down in the middle of the table, under
    ``caption``; returns the rectangle they cover."""
    back = assets.card_back(CRIME_W)
    w, h = back.get_size()
    cx, cy = CENTRE[0], CENTRE[1] - 14
    area = pygame.Rect(0, 0, w + 2 * 22, h)
    area.center = (cx, cy)
    for i, angle in enumerate((-10, 0, 10)):
        img = gfx.rotozoom(back, -angle, 1.0)
        surface.blit(img, img.get_rect(center=(cx + (i - 1) * 22, cy + abs(i - 1) * 4)))
    if caption:
        draw_crime_caption(surface, caption)
    return area.inflate(20, 20)


def draw_crime_caption(surface: pygame.Surface, caption: str) -> None:
    """The Crime cards' ``caption`` under them (drawn apart from the cards: the question's cards
    on their way pass between the two, under the words)."""
    area = pygame.Rect((0, 0), assets.card_back(CRIME_W).get_size())
    area.center = (CENTRE[0], CENTRE[1] - 14)
    # under the cards: the question's cards rest in front of a seat at the top, where a caption above would be
    theme.blit_text(surface, caption, (CENTRE[0], area.bottom + CRIME_CAPTION_GAP), theme.SMALL, theme.CREAM, True,
                    "midtop", CRIME_CAPTION_W)


def mini_card(card: str) -> pygame.Surface:
    """A small card of the question: its picture in its category's frame."""
    s = gfx.surface((MINI + 8, MINI + 8), pygame.SRCALPHA)
    gfx.rect(s, theme.CATEGORY_COLOURS[assets.category(card)], s.get_rect(), border_radius=6)
    s.blit(assets.card_picture(card, MINI), (4, 4))
    return s


def draw_question(surface: pygame.Surface, q: Question, players: int, bottom: int) -> None:
    """The question's two cards where they are now (or the one face-down card going back to the asker)."""
    x, y = q.place(players, bottom)
    if q.kind == "shown":
        img = assets.card_back(MINI)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
        return
    glow = q.glow()
    vertical = stacked(q.at, players, bottom)
    pair = pygame.Rect((0, 0), pair_size(vertical))
    pair.center = (round(x), round(y))
    if glow > 0:
        pulse = 0.75 + 0.25 * math.sin(q.t * 9)
        halo = gfx.surface(pair.inflate(26, 26).size, pygame.SRCALPHA)
        gfx.rect(halo, (*GLOW, int(200 * glow * pulse)), halo.get_rect(), border_radius=16)
        surface.blit(halo, pair.inflate(26, 26))
    for i, c in enumerate(q.cards):
        surface.blit(mini_card(c), (pair.left, pair.top + i * (MINI + 16)) if vertical
                     else (pair.left + i * (MINI + 16), pair.top))


#: Pixels a hand's caption may take at least (a one-card hand is narrower: see :func:`hand_room`).
CAPTION_W = CARD_W
#: Pixels between the hand and the face-up cards.
GAP = 16
#: The narrowest a face-up card is drawn when five cards share the strip (advanced deck, five players).
NARROW_W = 112


def hand_width(n: int) -> int:
    """Pixels a fan of ``n`` cards takes along the strip."""
    return CARD_W + max(0, n - 1) * STEP


def hand_room(n: int) -> int:
    """Pixels along the strip a hand of ``n`` cards and its caption take."""
    return max(CAPTION_W, hand_width(n))


def draw_hand(surface: pygame.Surface, x: int, cards: list[str], face_up: bool, caption: str) -> None:
    """A hand fanned from ``x`` along the strip: ``cards`` face up, or as many
    backs when not ``face_up`` (the hand is private: the table says which)."""
    n = len(cards)
    for i, c in enumerate(cards):
        off = i - (n - 1) / 2
        img = assets.card(c, CARD_W) if face_up else assets.card_back(CARD_W)
        img = gfx.rotozoom(img, -off * 4, 1.0)
        centre = (x + CARD_W // 2 + i * STEP, STRIP_RECT.top + CAPTION_H + 104 + round(abs(off) * 5))
        surface.blit(img, img.get_rect(center=centre))
    # the caption over the cards: in large text it is taller than its row, and must stay whole
    theme.blit_text(surface, caption, (x, STRIP_RECT.top + CAPTION_Y), theme.SMALL, theme.BRASS, True,
                    max_width=hand_room(n))


def draw_face_up(surface: pygame.Surface, x: int, cards: tuple[str, ...], caption: str, empty: str) -> None:
    """The cards face up for everybody under ``caption``, from ``x`` to the
    strip's right edge (narrower, down to :data:`NARROW_W`, then overlapping,
    when there is not room for all), or the ``empty`` sentence alone."""
    right = STRIP_RECT.right - 12
    if not cards:
        theme.blit_wrapped(surface, empty, pygame.Rect(x, STRIP_RECT.top + CAPTION_H + 10, right - x, 120),
                           theme.SMALL, theme.CREAM)
        return
    n = len(cards)
    width = max(NARROW_W, min(CARD_W, (right - x - (n - 1) * 6) // n))
    step = width + 8 if n < 2 else min(width + 8, (right - x - width) // (n - 1))
    for i, c in enumerate(cards):
        surface.blit(assets.card(c, width), (x + i * step, STRIP_RECT.top + CAPTION_H + 4))
    theme.blit_text(surface, caption, (x, STRIP_RECT.top + CAPTION_Y), theme.SMALL, theme.BRASS, True, max_width=right - x)
