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
from collections.abc import Callable

import pygame

from game.ui.draw import anim, assets, gfx, theme
from game.ui.draw.wipe import Still, Wipe
from game.ui.mansion import stage
from game.ui.shell.i18n import fmt

#: A seat's state in the question going round: not asked yet, has none of
#: the cards ("no"), has one (glows, choosing), has shown one.
WAITING, NO, HAS, SHOWED = "waiting", "no", "has", "showed"
#: Pixels: a seat's portrait in the row of seats asked, and the room round it.
BADGE, MARGIN = 118, 14
#: The top of that row (pixels), under the cards.
ROW_TOP = 436
#: The share of the cut-in's time in which the room's picture wipes in over the board.
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
        #: the room's picture coming in over the table (:class:`~game.ui.draw.wipe.Wipe`)
        self.wipe = Wipe()
        #: (what it was made for, the top of the stage with the heading on it or None) (:meth:`_Heading.band`)
        self.heading_band: tuple | None = None

    @property
    def fade(self) -> float:
        """0..1: how far the stage has come in over the board (the soft wipe's progress)."""
        return anim.ease(self.cut.progress / STAGE_IN)

    @property
    def staged(self) -> bool:
        """Is the stage in, covering the whole screen?"""
        return self.fade >= 1.0

    def begin(self, surface: pygame.Surface) -> None:
        """Before the board is drawn under the room's picture coming in: draw it only
        where the picture does not cover it yet (see :meth:`game.ui.draw.wipe.Wipe.begin`)."""
        if 0 < self.fade < 1:
            self.wipe.begin(surface, self.fade)

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


def prepare(show: SuggestionShow, match, size: tuple[int, int], scale: float | None = None) -> None:
    """Make the pictures :func:`draw_suggestion` draws for ``show`` on a screen of logical
    ``size`` at output ``scale`` (default: the output scale now): the room's picture, the
    portraits, the cards (each cached) and the heading laid on the room's band (kept by
    ``show``), so that no frame of the moment waits for one: called when the suggestion is
    played."""
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
    _Heading(show, match, size[0]).band(size, gfx.output_scale() if scale is None else scale)


class _Heading:
    """The moment's heading over a screen ``width`` logical pixels wide: the shaded band,
    who suggests (``words``, their picture ``img`` at ``title``) and the suggester's token
    at ``at``; ``rect`` holds all of it."""

    def __init__(self, show: SuggestionShow, match, width: int) -> None:
        self.show, self.board = show, match.game.board
        self.suggester = match.game.seats[show.suggester].suspect
        self.words = heading(show, match)
        self.img = theme.text(self.words, theme.TITLE, theme.BRASS, True, 1000)
        self.title = self.img.get_rect(midtop=(640, 28))
        self.token = assets.token(self.suggester, 52)
        self.at = self.token.get_rect(midright=(self.title.left - 14, self.title.centery))
        self.rect = pygame.Rect(0, 0, width, stage.HEADING_BAND).union(self.title).union(self.at)

    def paint(self, s: pygame.Surface) -> None:
        """Shade the band and letter the heading on ``s`` (logical pixels)."""
        stage.heading_band(s)
        theme.blit_text(s, self.words, (640, 28), theme.TITLE, theme.BRASS, True, "midtop", 1000)
        s.blit(self.token, self.at)

    def band(self, size: tuple[int, int], scale: float) -> pygame.Surface | None:
        """The top of the stage with the heading on it (:func:`game.ui.mansion.stage.laid_band`)
        on a screen of logical ``size`` at ``scale``, made once a moment and kept by the show
        (freed with it: 4 MB at 3840 x 2160) while the words, the suggester, the room's picture,
        the size and the scale stay; None where the picture is not laid."""
        show = self.show
        pic = stage.backdrop(self.board, show.cards[2], size) if self.board is not None else None
        key = ((self.words, self.suggester), self.rect.bottom, id(pic), size, scale)
        kept = show.heading_band
        if kept is None or kept[0] != key:
            kept = show.heading_band = (key, stage.laid_band(size, scale, self.board, show.cards[2],
                                                             self.rect.bottom, self.paint))
        return kept[1]


def draw_suggestion(surface: pygame.Surface, show: SuggestionShow | None, match, t: float,
                    covered: bool = False) -> None:
    """Draw ``show`` (None: nothing) over the whole screen: the room's
    picture wipes in over the board (:meth:`SuggestionShow.begin` clipped the
    board to what it does not cover yet); the suggester's portrait, the heading,
    the three cards sliding in from the right while :attr:`SuggestionShow.cut`
    runs, and the seats asked in a row, in order.  ``t`` (seconds) pulses
    the glow.  ``covered``: a banner's scenery is drawn over it this frame.
    Public only: no card shown is drawn."""
    if show is None or show.fade <= 0:
        return
    fade = show.fade
    board = match.game.board
    if board is None:
        theme.dim(surface, round(190 * fade))
    head = _Heading(show, match, surface.get_width())
    suggester = head.suggester
    paint_heading: Callable[[pygame.Surface], object] = head.paint
    band = head.band(surface.get_size(), gfx.scale_of(surface))
    if band is not None:            # the room's picture with the heading on it: one copy, not shade and letters
        def paint_heading(s: pygame.Surface) -> None:
            s.blit(band, (0, 0))
            theme.note_text(s, head.title, head.img)    # the words are on screen: the coach keeps clear of them
    m = stage.portrait_margin(stage.PORTRAIT.height)
    alpha = round(255 * fade)
    stills = [Still("heading", (head.words, suggester), head.rect, paint_heading),
              Still("portrait", (suggester, alpha), stage.PORTRAIT.inflate(2 * m, 2 * m),
                    lambda s: stage.draw_portrait(s, suggester, stage.PORTRAIT, alpha))]
    seats = [s.suspect for s in match.game.seats]
    for seat, centre in zip(show.order, badge_centres(len(show.order)), strict=True):
        stills.append(_badge(show, seat, seats[seat], centre, t))
    for i, (c, spot) in enumerate(zip(show.cards, stage.card_spots(), strict=True)):
        along = show.cut.along(i)
        if along <= 0:
            continue
        start = surface.get_width() + 20          # from the right, so they never cross the portrait
        img = assets.card(c, spot.width)
        x = round(start + (spot.left - start) * along)
        stills.append(Still(f"card{i}", (c, x), img.get_rect(topleft=(x, spot.top)), _blitter(img, (x, spot.top))))
    # a banner's scenery laid over the stage puts back only what was drawn: all of it is then drawn each frame
    stage.draw_backdrop(surface, board, show.cards[2], 255 * fade, show.wipe, stills, keep=not covered)


def _blitter(img: pygame.Surface, at: tuple[int, int]) -> Callable[[pygame.Surface], object]:
    """A still's painter that blits ``img`` at ``at`` (logical pixels)."""
    return lambda surface: surface.blit(img, at)


#: The glow behind a seat that has a card: ((its alphas, the output scale), its picture), or empty.
_GLOW: dict[str, tuple] = {}
gfx.on_scale_change(_GLOW.clear)


def _glow(glows: tuple[int, ...]) -> pygame.Surface:
    """The brass glow behind a seat that has a card: two discs, :data:`BADGE` and 3/4 of it in
    radius (logical pixels), of alphas ``glows`` (outer, inner; 0-255), on a clear square twice
    :data:`BADGE` wide.  One picture, drawn again only when ``glows`` change and into the same
    pixels: a seat's paint runs once for each part of the screen put back under it, and a new
    picture each time was a fresh allocation (2 MB at 3840 x 2160) zeroed by the system."""
    scale = gfx.output_scale()
    kept = _GLOW.get("glow")
    if kept is not None and kept[0] == (glows, scale):
        return kept[1]
    glow = kept[1] if kept is not None and kept[0][1] == scale else \
        gfx.surface((BADGE * 2, BADGE * 2), pygame.SRCALPHA)
    glow.fill((0, 0, 0, 0))
    for r, a in zip((BADGE, BADGE * 3 // 4), glows, strict=True):
        gfx.circle(glow, (*theme.BRASS, a), (BADGE, BADGE), r)
    _GLOW["glow"] = ((glows, scale), glow)
    return glow


def _badge(show: SuggestionShow, seat: int, suspect: str, centre: tuple[int, int], t: float) -> Still:
    """A seat asked, as a :class:`~game.ui.draw.wipe.Still`: its portrait, dimmed while
    not asked yet, shaking then crossed for "no", glowing for "has one" (steady once
    shown), with a card back beside it once it showed one (which card is the asker's alone)."""
    state = show.state[seat]
    shake = show.shakes.get(seat)
    x, y = centre[0] + (round(shake.offset) if shake is not None else 0), centre[1]
    rect = pygame.Rect(0, 0, BADGE, BADGE)
    rect.center = (x, y)
    pulse = 1.0 if state == SHOWED else 0.5 + 0.5 * math.sin(t * 7)
    glows = tuple(int(a * (0.6 + 0.4 * pulse)) for a in (70, 120)) if state in (HAS, SHOWED) else ()
    crossed = state == NO and (shake is None or shake.done)

    def paint(surface: pygame.Surface) -> None:
        if glows:
            glow = _glow(glows)
            surface.blit(glow, glow.get_rect(center=(x, y)))
        stage.draw_portrait(surface, suspect, rect)
        if state == WAITING:        # dimmed, yet opaque: the room's furniture must not show through a face
            m = stage.portrait_margin(BADGE)
            theme.shade(surface, rect.inflate(m, m), 130)     # the mat: rect and half the margin round it
        if crossed:
            theme.shade(surface, rect, 110)
            theme.blit_text(surface, "✗", rect.center, theme.HUGE, theme.BAD, True, "center")
        elif state == SHOWED:                 # a card went across, face down: which one is the asker's alone
            back = assets.card_back(44)
            surface.blit(back, back.get_rect(bottomleft=(rect.right - 18, rect.bottom + 10)))
    # the glow's square holds the frame, the cross and the card back too
    return Still(f"seat{seat}", (suspect, state, x, glows, crossed), pygame.Rect(x - BADGE, y - BADGE, 2 * BADGE,
                                                                                   2 * BADGE), paint)
