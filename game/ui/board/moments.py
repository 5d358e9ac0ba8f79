"""The board game's suggestion as a moment on the shared screen: the room's
picture fills the screen with the suggester's portrait by the heading, the
three cards slide in while the suspect's token and the weapon glide into the
room (under the picture, landed when it goes), then the question goes round the
table seat by seat -- a seat that has none of the cards shakes ("no"), the
seat that has one glows -- and stops at the seat that shows.

Public only (000 "Suggestions" 1-6: everybody hears the suggestion and sees
who answers, never which card is shown): :class:`SuggestionShow` is built
from the suggestion's public fields and the seats that answer, never from a
card shown (the card stays behind the asker's cover, as the card-shown
screen does).  The timings are :data:`game.ui.draw.anim.CUTIN_TIME` and
:data:`game.ui.draw.anim.SHAKE_TIME`, divided by the speed setting."""

from __future__ import annotations

import math

import pygame

from game.ui.draw import anim, assets, gfx, theme
from game.ui.mansion import stage
from game.ui.shell.i18n import fmt

#: A seat's state in the question going round: not asked yet, has none of
#: the cards ("no"), has one (glows, choosing), has shown one.
WAITING, NO, HAS, SHOWED = "waiting", "no", "has", "showed"
#: Pixels: a seat's portrait in the row of seats asked, and the room round it.
BADGE, MARGIN = 118, 14
#: The top of that row (pixels), under the cards.
ROW_TOP = 436
#: The share of the cut-in's time in which the room's picture fades in over the board.
STAGE_IN = 0.3


class SuggestionShow:
    """What the table shows of one suggestion: ``suggester`` (seat),
    ``cards`` (suspect, weapon, room ids: public, 000 "Suggestions" 1),
    ``order`` (the seats asked, in turn: to the suggester's left, 000
    "Suggestions" 4) with the state of each (:data:`WAITING`, :data:`NO`,
    :data:`HAS`, :data:`SHOWED`), the cards' slide (:attr:`cut`, an
    :class:`~game.ui.draw.anim.CutIn`) and each "no" seat's :class:`~game.ui.draw.anim.Shake`."""

    def __init__(self, suggester: int, cards: tuple[str, str, str], players: int, speed: float) -> None:
        self.suggester = suggester
        self.cards = tuple(cards)
        self.order = [(suggester + k) % players for k in range(1, players)]
        self.state = {seat: WAITING for seat in self.order}
        self.cut = anim.CutIn(3, anim.CUTIN_TIME / speed)
        self.shakes: dict[int, anim.Shake] = {}
        self.speed = speed

    @property
    def fade(self) -> float:
        """0..1: how far the stage has come in over the board."""
        return anim.ease(self.cut.progress / STAGE_IN)

    @property
    def staged(self) -> bool:
        """Is the stage in, covering the whole screen?"""
        return self.fade >= 1.0

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


def badge_centres(count: int) -> list[tuple[int, int]]:
    """The centres of ``count`` seat portraits in a row under the cards (pixels)."""
    step = BADGE + 2 * stage.portrait_margin(BADGE) + 3 * MARGIN
    x0 = stage.CARDS_X - step * (count - 1) // 2
    return [(x0 + i * step, ROW_TOP + BADGE // 2) for i in range(count)]


def heading(show: SuggestionShow, match) -> str:
    """The panel's heading: who suggests."""
    return fmt("{name} suggests", name=match.suspects[show.suggester])


def prepare(show: SuggestionShow, match, size: tuple[int, int]) -> None:
    """Make the pictures :func:`draw_suggestion` draws for ``show`` on a screen of logical
    ``size`` (the room's picture, the portraits, the cards; each cached), so that no frame of
    the moment waits for one: called when the suggestion is played."""
    board = match.game.board
    if board is not None:
        stage.backdrop(board, show.cards[2], size)
    seats = [s.suspect for s in match.game.seats]
    assets.token(seats[show.suggester], 52)
    stage.portrait(seats[show.suggester], stage.PORTRAIT.height)
    for seat in show.order:
        stage.portrait(seats[seat], BADGE)
    for c, spot in zip(show.cards, stage.card_spots(), strict=True):
        assets.card(c, spot.width)


def draw_suggestion(surface: pygame.Surface, show: SuggestionShow | None, match, t: float) -> None:
    """Draw ``show`` (None: nothing) over the whole screen: the room's
    picture fades in over the board; the suggester's portrait, the heading,
    the three cards sliding in from the right while :attr:`SuggestionShow.cut`
    runs, and the seats asked in a row, in order.  ``t`` (seconds) pulses
    the glow and drifts the room.  Public only: no card shown is drawn."""
    if show is None or show.fade <= 0:
        return
    fade = show.fade
    if match.game.board is None:
        theme.dim(surface, round(190 * fade))
        alpha = round(255 * fade)
    else:   # one blend a frame: the table fades out as under a veil of 190 * fade, the room comes in over it
        alpha = round(255 * (1 - (1 - 190 * fade / 255) * (1 - fade)))
    stage.draw_backdrop(surface, match.game.board, show.cards[2], t, alpha)
    stage.heading_band(surface)
    suggester = match.game.seats[show.suggester].suspect
    r = theme.blit_text(surface, heading(show, match), (640, 28), theme.TITLE, theme.BRASS, True, "midtop", 1000)
    token = assets.token(suggester, 52)
    surface.blit(token, token.get_rect(midright=(r.left - 14, r.centery)))
    stage.draw_portrait(surface, suggester, stage.PORTRAIT, round(255 * fade))
    seats = [s.suspect for s in match.game.seats]
    for seat, centre in zip(show.order, badge_centres(len(show.order)), strict=True):
        _draw_badge(surface, show, seat, seats[seat], centre, t)
    for i, (c, spot) in enumerate(zip(show.cards, stage.card_spots(), strict=True)):
        along = show.cut.along(i)
        if along <= 0:
            continue
        start = surface.get_width() + 20          # from the right, so they never cross the portrait
        surface.blit(assets.card(c, spot.width), (round(start + (spot.left - start) * along), spot.top))


def _draw_badge(surface: pygame.Surface, show: SuggestionShow, seat: int, suspect: str,
                centre: tuple[int, int], t: float) -> None:
    """A seat asked: its portrait, dimmed while not asked yet, shaking then
    crossed for "no", glowing for "has one" (steady once shown), with a card
    back beside it once it showed one (which card is the asker's alone)."""
    state = show.state[seat]
    shake = show.shakes.get(seat)
    x, y = centre[0] + (round(shake.offset) if shake is not None else 0), centre[1]
    rect = pygame.Rect(0, 0, BADGE, BADGE)
    rect.center = (x, y)
    if state in (HAS, SHOWED):
        pulse = 1.0 if state == SHOWED else 0.5 + 0.5 * math.sin(t * 7)
        glow = gfx.surface((BADGE * 2, BADGE * 2), pygame.SRCALPHA)
        for r, a in ((BADGE, 70), (BADGE * 3 // 4, 120)):
            gfx.circle(glow, (*theme.BRASS, int(a * (0.6 + 0.4 * pulse))), (BADGE, BADGE), r)
        surface.blit(glow, glow.get_rect(center=(x, y)))
    stage.draw_portrait(surface, suspect, rect, 110 if state == WAITING else 255)
    if state == NO and (shake is None or shake.done):
        theme.shade(surface, rect, 110)
        theme.blit_text(surface, "✗", rect.center, theme.HUGE, theme.BAD, True, "center")
    elif state == SHOWED:                 # a card went across, face down: which one is the asker's alone
        back = assets.card_back(44)
        surface.blit(back, back.get_rect(bottomleft=(rect.right - 18, rect.bottom + 10)))
