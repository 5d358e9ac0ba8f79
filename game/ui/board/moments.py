"""The board game's suggestion as a moment on the shared screen: its three cards slide in across the board while the suspect's
token and the weapon glide into the room, then the question goes round the
table seat by seat -- a seat that has none of the cards shakes ("no"), the
seat that has one glows -- and stops at the seat that shows.

Public only (000 "Suggestions" 1-6: everybody hears the suggestion and sees
who answers, never which card is shown): :class:`SuggestionShow` is built
from the suggestion's public fields and the seats that answer, never from a
card shown (the card stays behind the asker's cover, as the card-shown
screen does).  The timings are :data:`game.ui.anim.CUTIN_TIME` and
:data:`game.ui.anim.SHAKE_TIME`, divided by the speed setting."""

from __future__ import annotations

import math

import pygame

from game.ui import anim, assets, theme
from game.ui.i18n import fmt

#: A seat's state in the question going round: not asked yet, has none of
#: the cards ("no"), has one (glows, choosing), has shown one.
WAITING, NO, HAS, SHOWED = "waiting", "no", "has", "showed"
#: Pixels: a seat badge's token, the gap kept round the panel's contents.
BADGE, MARGIN = 46, 10
#: Pixels at most of a card's picture in the panel.
CARD_MAX = 104


class SuggestionShow:
    """What the table shows of one suggestion: ``suggester`` (seat),
    ``cards`` (suspect, weapon, room ids: public, 000 "Suggestions" 1),
    ``order`` (the seats asked, in turn: to the suggester's left, 000
    "Suggestions" 4) with the state of each (:data:`WAITING`, :data:`NO`,
    :data:`HAS`, :data:`SHOWED`), the cards' slide (:attr:`cut`, an
    :class:`~game.ui.anim.CutIn`) and each "no" seat's :class:`~game.ui.anim.Shake`."""

    def __init__(self, suggester: int, cards: tuple[str, str, str], players: int, speed: float) -> None:
        self.suggester = suggester
        self.cards = tuple(cards)
        self.order = [(suggester + k) % players for k in range(1, players)]
        self.state = {seat: WAITING for seat in self.order}
        self.cut = anim.CutIn(3, anim.CUTIN_TIME / speed)
        self.shakes: dict[int, anim.Shake] = {}
        self.speed = speed

    def no(self, seat: int) -> anim.Shake:
        """``seat`` has none of the cards: it shakes; returns the shake (the table's animation)."""
        self.state[seat] = NO
        shake = self.shakes[seat] = anim.Shake(anim.SHAKE_TIME / self.speed)
        return shake

    def has(self, seat: int) -> None:
        """``seat`` has one of the cards (which one is not said): it glows."""
        self.state[seat] = HAS

    def showed(self, seat: int) -> None:
        """``seat`` showed a card to the suggester (the card is not kept here)."""
        self.state[seat] = SHOWED

    def nobody(self) -> None:
        """Nobody could show a card: every seat asked said no."""
        for seat in self.order:
            self.state[seat] = NO


def card_side(rect: pygame.Rect, heading_h: int) -> int:
    """Pixels of each card's picture in the panel ``rect`` under a heading
    ``heading_h`` pixels tall, over the badge row: as big as fits, at most
    :data:`CARD_MAX`."""
    room_h = rect.height - heading_h - BADGE - 5 * MARGIN
    room_w = (rect.width - 4 * MARGIN) // 3
    return max(24, min(CARD_MAX, room_h, room_w))


def card_spots(rect: pygame.Rect, side: int, heading_h: int) -> list[pygame.Rect]:
    """Where the three cards rest in the panel ``rect`` (pixels)."""
    gap = min(3 * MARGIN, (rect.width - 3 * side) // 4)
    x0 = rect.centerx - (3 * side + 2 * gap) // 2
    top = rect.top + MARGIN + heading_h + MARGIN
    return [pygame.Rect(x0 + i * (side + gap), top, side, side) for i in range(3)]


def badge_centres(rect: pygame.Rect, count: int) -> list[tuple[int, int]]:
    """The centres of ``count`` seat badges along the panel's bottom (pixels)."""
    step = min(BADGE + 4 * MARGIN, (rect.width - 2 * MARGIN) // max(1, count))
    x0 = rect.centerx - step * (count - 1) // 2
    y = rect.bottom - MARGIN - BADGE // 2 - 2
    return [(x0 + i * step, y) for i in range(count)]


def heading(show: SuggestionShow, match) -> str:
    """The panel's heading: who suggests."""
    return fmt("{name} suggests", name=match.suspects[show.suggester])


def draw_suggestion(surface: pygame.Surface, show: SuggestionShow | None, match, rect: pygame.Rect,
                    t: float) -> None:
    """Draw ``show`` (None: nothing): the panel ``rect`` (pixels, in the HUD)
    with its heading, the seats' badges in the order asked and the three
    cards -- still sliding in from the left edge, across the board, while
    :attr:`SuggestionShow.cut` runs.  ``t`` (seconds) pulses the glow."""
    if show is None:
        return
    words = theme.text(heading(show, match), theme.SMALL, theme.BRASS, True, rect.width - 2 * MARGIN - 8)
    h = words.get_height()
    side = card_side(rect, h)
    rect = pygame.Rect(rect.left, rect.top, rect.width, min(rect.height, h + side + BADGE + 6 * MARGIN))
    theme.panel(surface, rect, theme.PANEL, theme.BRASS, 12, 2)
    theme.blit_text(surface, heading(show, match), (rect.left + MARGIN + 4, rect.top + MARGIN), theme.SMALL,
                    theme.BRASS, True, max_width=rect.width - 2 * MARGIN - 8)
    seats = [s.suspect for s in match.game.seats]
    for seat, centre in zip(show.order, badge_centres(rect, len(show.order))):
        _draw_badge(surface, show, seat, seats[seat], centre, t)
    for i, (c, spot) in enumerate(zip(show.cards, card_spots(rect, side, h))):
        along = show.cut.along(i)
        if along <= 0:
            continue
        x = round(-side - 20 + (spot.left + side + 20) * along)
        _draw_card(surface, c, pygame.Rect(x, spot.top, side, side))


def _draw_card(surface: pygame.Surface, card: str, rect: pygame.Rect) -> None:
    """One card of the suggestion: its picture in a cream frame."""
    frame = rect.inflate(8, 8)
    pygame.draw.rect(surface, (250, 242, 226), frame, border_radius=6)
    surface.blit(assets.card_picture(card, rect.width), rect)
    pygame.draw.rect(surface, theme.BRASS, frame, 2, border_radius=6)


def _draw_badge(surface: pygame.Surface, show: SuggestionShow, seat: int, suspect: str,
                centre: tuple[int, int], t: float) -> None:
    """A seat's badge: its token, dimmed while not asked yet, shaking then
    crossed for "no", glowing for "has one" (steady once shown)."""
    state = show.state[seat]
    shake = show.shakes.get(seat)
    x, y = centre[0] + (round(shake.offset) if shake is not None else 0), centre[1]
    if state in (HAS, SHOWED):
        pulse = 1.0 if state == SHOWED else 0.5 + 0.5 * math.sin(t * 7)
        glow = pygame.Surface((BADGE * 2, BADGE * 2), pygame.SRCALPHA)
        for r, a in ((BADGE, 60), (BADGE * 3 // 4, 110)):
            pygame.draw.circle(glow, (*theme.BRASS, int(a * (0.6 + 0.4 * pulse))), (BADGE, BADGE), r)
        surface.blit(glow, glow.get_rect(center=(x, y)))
    img = assets.token(suspect, BADGE)
    if state == WAITING:
        img = img.copy()
        img.set_alpha(110)
    surface.blit(img, img.get_rect(center=(x, y)))
    if state == NO and (shake is None or shake.done):
        theme.blit_text(surface, "✗", (x + BADGE // 2, y + BADGE // 2), theme.BODY, theme.BAD, True, "center")
    elif state == SHOWED:                 # a card went across, face down: which one is the asker's alone
        back = pygame.Rect(0, 0, 18, 26)
        back.center = (x + BADGE // 2 + 4, y + BADGE // 4)
        pygame.draw.rect(surface, (120, 30, 40), back, border_radius=3)
        pygame.draw.rect(surface, theme.BRASS, back, 2, border_radius=3)
