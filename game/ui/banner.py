"""The full-width banner across the table for a public moment everyone must
see (issue 14): "Nobody can show a card!" (000 "Suggestions"; the card game's
question nobody could answer).  The animation is :class:`game.ui.anim.Banner`;
this module draws it and gives its text box for the text-fit test."""

from __future__ import annotations

import pygame

from game.ui import anim, theme
from game.ui.i18n import _
from game.ui.widgets import Label

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


def draw_banner(surface: pygame.Surface, banner: anim.Banner | None) -> None:
    """Draw ``banner`` (None or finished: nothing) across the table, faded by
    its ``alpha`` and slid by its ``shift``."""
    if banner is None or banner.done or banner.alpha <= 0:
        return
    layer = pygame.Surface(BAND.size, pygame.SRCALPHA)
    layer.fill((*theme.BG_DARK, 225))
    pygame.draw.line(layer, theme.BRASS, (0, 2), (BAND.width, 2), 4)
    pygame.draw.line(layer, theme.BRASS, (0, BAND.height - 3), (BAND.width, BAND.height - 3), 4)
    label = banner_label(banner.text)
    text = theme.text(label.text, label.size, label.colour, True, label.rect.width)
    layer.blit(text, text.get_rect(center=(BAND.width // 2 + int(banner.shift), BAND.height // 2)))
    layer.set_alpha(banner.alpha)
    surface.blit(layer, BAND.topleft)
