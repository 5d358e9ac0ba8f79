"""The full-width banner across the table for a public moment everyone must
see: "Nobody can show a card!" (000 "Suggestions"; the card game's
question nobody could answer), and at the start of a person's turn who
brought their token into a room and with which suggestion (board game, 000
"Suggestions" 2; a taller band with a smaller line under the words).  The
animation is :class:`game.ui.draw.anim.Banner`; this module draws it and gives its
text boxes for the text-fit test."""

from __future__ import annotations

import pygame

from game.ui.draw import anim, assets, gfx, theme
from game.ui.draw.widgets import Label
from game.ui.draw.wipe import Wipe
from game.ui.mansion import stage
from game.ui.shell.i18n import _

#: The banner's band across the whole table (logical pixels, 1280 x 720).
BAND = pygame.Rect(0, 300, 1280, 120)
#: Its text's box: the band less a margin each side.
TEXT_RECT = BAND.inflate(-80, -20)
#: The words' nominal size (pixels): big, and the longest language (Spanish) still fits at it.
SIZE = 60


def nobody_text() -> str:
    """The banner's words when nobody can show a card, in the language in use."""
    return _("Nobody can show a card!")


def banner_label(text: str | None = None) -> Label:
    """The banner's text box (for drawing and the text-fit test)."""
    return Label(TEXT_RECT, nobody_text() if text is None else text, SIZE, True, theme.BRASS, "center")


#: The taller band of a banner with a line under its words, the words' size
#: there, and the size of that line (wrapped on up to :data:`SUB_LINES` lines).
TALL_BAND = BAND.inflate(0, 90)
TALL_SIZE, SUB_SIZE, SUB_LINES = 48, theme.BODY, 3
#: The words' margin each side of a band (pixels).
MARGIN = 40


def tall_band(width: int = BAND.width) -> pygame.Rect:
    """The tall band, ``width`` pixels from the left edge: the whole width, or over the
    board alone (the board game's pulled-in banner, so that the panel's buttons beside
    the board stay whole and visible while the band is up)."""
    return pygame.Rect(0, TALL_BAND.top, width, TALL_BAND.height)


def sub_lines(sub: str, band: pygame.Rect = TALL_BAND) -> list[str]:
    """The smaller line under a banner's words, wrapped to the text box of ``band``."""
    return theme.wrap(sub, band.width - 2 * MARGIN, SUB_SIZE)[:SUB_LINES] if sub else []


def sub_labels(text: str, sub: str, band: pygame.Rect = TALL_BAND) -> list[Label]:
    """The text boxes of a tall banner in ``band`` (its words and each line under them; the text-fit test)."""
    step = theme.font(SUB_SIZE).get_linesize()
    left, width = band.left + MARGIN, band.width - 2 * MARGIN
    out = [Label(pygame.Rect(left, band.top + 12, width, 64), text, TALL_SIZE, True, theme.BRASS, "center")]
    out += [Label(pygame.Rect(left, band.top + 84 + i * step, width, step), line, SUB_SIZE,
                  False, theme.CREAM, "center") for i, line in enumerate(sub_lines(sub, band))]
    return out


#: With scenery: the portrait over the band (the picture, pixels) and the cards' width under it.
STAGE_PORTRAIT = pygame.Rect(530, 64, 220, 220)
STAGE_CARD_W = 150


def begin_scenery(surface: pygame.Surface, banner: anim.Banner | None) -> None:
    """Before the table is drawn under ``banner``'s scenery coming in or going: draw it
    only where the room's picture does not cover it (:meth:`game.ui.draw.wipe.Wipe.begin`)."""
    if banner is not None and not banner.done and isinstance(banner.stage, stage.Scenery) \
            and banner.stage.board is not None and 0 < banner.alpha < 255:
        banner.wipe.begin(surface, banner.alpha / 255)


def draw_scenery(surface: pygame.Surface, scenery: stage.Scenery, alpha: int, wipe: Wipe | None = None) -> None:
    """The screen behind a banner (all public): the room's picture wiped in
    ``alpha`` of the way (0-255) with ``wipe`` (see :func:`game.ui.mansion.stage.draw_backdrop`),
    the suspect's portrait above the band and the ``cards`` in a row under it, at ``alpha``."""
    stage.draw_backdrop(surface, scenery.board, scenery.room, alpha, wipe)
    stage.draw_portrait(surface, scenery.suspect, STAGE_PORTRAIT, alpha)
    cards = scenery.cards or ()
    w = STAGE_CARD_W
    gap = 24
    x0 = BAND.centerx - (len(cards) * (w + gap) - gap) // 2
    for i, c in enumerate(cards):
        img = assets.card(c, w).copy()
        img.set_alpha(alpha)
        surface.blit(img, (x0 + i * (w + gap), BAND.bottom + 20))


def draw_banner(surface: pygame.Surface, banner: anim.Banner | None, tall_width: int = BAND.width) -> None:
    """Draw ``banner`` (None or finished: nothing) across the table, faded by
    its ``alpha`` and slid by its ``shift``; with a ``sub`` line, in the taller band
    (:func:`tall_band` of ``tall_width``); with a ``stage``
    (:class:`~game.ui.mansion.stage.Scenery`), over that scenery filling the screen."""
    if banner is None or banner.done or banner.alpha <= 0:
        return
    if isinstance(banner.stage, stage.Scenery):
        draw_scenery(surface, banner.stage, banner.alpha, banner.wipe)
    sub = getattr(banner, "sub", "")
    band = tall_band(tall_width) if sub else BAND
    layer = gfx.surface(band.size, pygame.SRCALPHA)
    # at rest the band hides the table under it: a button's words reading through would
    # compete with the banner's (only the fade in and out lets the table show)
    layer.fill((*theme.BG_DARK, 255))
    gfx.line(layer, theme.BRASS, (0, 2), (band.width, 2), 4)
    gfx.line(layer, theme.BRASS, (0, band.height - 3), (band.width, band.height - 3), 4)
    shift = int(banner.shift)
    labels = sub_labels(banner.text, sub, band) if sub else [banner_label(banner.text)]
    # the words slide only as far as the band's margins: a long line sliding in from the left
    # (or on to the right) was cut at the band's edge while it faded
    inside = layer.get_rect().inflate(-2 * MARGIN, 0)
    for label in labels:
        text = theme.text(label.text, label.size, label.colour, label.bold, label.rect.width)
        centre = label.rect.move(shift - band.left, -band.top).center
        placed = text.get_rect(center=centre if sub else (band.width // 2 + shift, band.height // 2))
        layer.blit(text, placed.clamp(inside))
    layer.set_alpha(banner.alpha)
    surface.blit(layer, band.topleft)
