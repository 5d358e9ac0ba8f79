"""Widgets: big buttons with key hints, and a focus group that works with the
keyboard (and later pads: arrows move the focus, confirm presses) and the mouse
(hover focuses, click presses); a card as a button (:class:`CardButton`, its
face) or as a row (:class:`ChipButton`), shared by both games' pickers and
private screens.  Sizes are in logical pixels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

import pygame

from game.rules.cards import ALL_CARDS, category
from game.ui.draw import assets, gfx, theme
from game.ui.shell import prompts
from game.ui.shell.i18n import N_, _, card, feminine, fmt, pgettext
from game.ui.shell.input import PAD_COLOURS, Intent, Kind

#: Buttons are at least this tall (pixels), so small hands can hit them.
MIN_BUTTON_HEIGHT = 48

#: Button pictures by their look, kept by :func:`game.ui.draw.gfx.remember`: within the pictures'
#: shared byte budget (a wide button is 1 MB at 3840 x 2160, and the buttons of every screen
#: shown stayed, 37 MB by the card game), and at most :data:`MOST_BUTTONS` of them.
_BUTTON_CACHE: dict[tuple, pygame.Surface] = {}
gfx.on_scale_change(_BUTTON_CACHE.clear)      # pictures made for one output scale
#: Button pictures kept at most: more than one screen shows in all its looks.
MOST_BUTTONS = 96


def clear_cache() -> None:
    """Forget cached button pictures (after ``pygame.quit()``)."""
    _BUTTON_CACHE.clear()


@dataclass
class Label:
    """A line of text in a box; the box is what the text-fit test checks."""

    rect: pygame.Rect
    text: str
    size: int = theme.BODY
    bold: bool = False
    colour: tuple = theme.CREAM
    align: str = "left"

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the text inside ``rect`` (left aligned or centred), vertically centred."""
        if self.align == "center":
            theme.blit_text(surface, self.text, self.rect.center, self.size, self.colour, self.bold, "center",
                            self.rect.width)
        else:
            theme.blit_text(surface, self.text, (self.rect.left, self.rect.centery), self.size, self.colour,
                            self.bold, "midleft", self.rect.width)

    def text_width(self) -> int:
        return theme.fit_width(self.text, self.size, self.bold, self.available_width())

    def available_width(self) -> int:
        return self.rect.width


@dataclass
class Button:
    """A big button.  ``hint`` is its key or pad button (e.g. "N", "Esc"); the
    focused button always shows "Enter".  ``on_press`` runs when pressed;
    ``colour`` gives an accent strip (e.g. a suspect colour)."""

    rect: pygame.Rect
    label: str
    on_press: Callable[[], None] | None = None
    hint: str = ""
    enabled: bool = True
    size: int = theme.BUTTON
    colour: tuple | None = None
    selected: bool = False
    data: object = None
    focused: bool = field(default=False, repr=False)
    #: what it is called when read aloud, when the label alone says too little ("Play — Easy"); "": the label
    speech: str = field(default="", repr=False)

    def shown_hint(self) -> str:
        if not self.enabled:   # a disabled button promises no key
            return ""
        return prompts.label(Kind.CONFIRM) if self.focused else prompts.hint_for(self.hint)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the button (its picture is cached per look, so a frame costs one blit)."""
        surface.blit(gfx.remember(_BUTTON_CACHE, self.look(), self._picture, MOST_BUTTONS),
                     (self.rect.left - 6, self.rect.top - 6))

    def _picture(self) -> pygame.Surface:
        """The button painted on a transparent picture 6 pixels larger on each side (its focus glow)."""
        img = gfx.surface((self.rect.width + 12, self.rect.height + 12), pygame.SRCALPHA)
        saved = self.rect
        self.rect = pygame.Rect(6, 6, saved.width, saved.height)
        try:
            self._paint(img)
        finally:
            self.rect = saved
        return img

    def look(self) -> tuple:
        """What the button's picture depends on (its size, words, state and key hint): two
        buttons of the same look draw the same pixels (hashable)."""
        return (self.rect.size, self.label, self.focused, self.enabled, self.selected, self.colour, self.shown_hint(),
                prompts.pad_style(), self.size)

    def _paint(self, surface: pygame.Surface) -> None:
        """Paint the button; focus is a thick glowing border."""
        r = self.rect
        if self.focused:
            gfx.rect(surface, theme.FOCUS, r.inflate(10, 10), border_radius=16)
        bg = theme.BUTTON_DISABLED if not self.enabled else (
            theme.BUTTON_HOVER if self.focused else theme.BUTTON_BG)
        if self.selected:
            bg = (60, 120, 70)
        gfx.rect(surface, bg, r, border_radius=12)
        gfx.rect(surface, theme.BRASS if self.enabled else theme.MUTED, r, 2, border_radius=12)
        x = r.left + 16
        if self.colour is not None:
            gfx.circle(surface, (20, 14, 10), (r.left + 24, r.centery), 14)
            gfx.circle(surface, self.colour, (r.left + 24, r.centery), 12)
            x = r.left + 46
        col = theme.CREAM if self.enabled else (190, 180, 170)
        hint = self.shown_hint()
        theme.blit_text(surface, self.label, (x + 4, r.centery), self.size, col, True, "midleft",
                        self.available_width())
        if hint:
            self._draw_hint(surface, hint)

    def _draw_hint(self, surface: pygame.Surface, hint: str) -> None:
        draw_key(surface, hint, (self.rect.right - 10, self.rect.centery))

    def text_width(self) -> int:
        return theme.fit_width(self.label, self.size, True, self.available_width())

    def available_width(self) -> int:
        """Pixels the label may use, leaving room for the widest hint it can
        show ("Enter" when focused, or its own hint) and a colour dot."""
        confirm = prompts.label(Kind.CONFIRM, pad=False)
        hints = (confirm, prompts.hint_for(self.hint) if self.hint else confirm)
        hint_w = max(theme.font(theme.SMALL, True).size(h)[0] for h in hints)
        box = max(34, hint_w + 14)
        left = 20 + (30 if self.colour is not None else 0)
        return self.rect.width - left - 10 - box - 8

    def press(self) -> None:
        if self.enabled and self.on_press:
            self.on_press()

    def spoken(self) -> str:
        """The button as read aloud when it has the focus: its label and what
        it does ("Accuse — press Enter", naming the confirm button of the
        device in use), or that it cannot be pressed now."""
        label = self.speech or self.label
        if not self.enabled:
            return fmt("{label} — not now", label=label)
        return fmt("{label} — press {confirm}", label=label, confirm=prompts.label(Kind.CONFIRM))


def spatial_next(rects: list[pygame.Rect], current: int, kind: Kind) -> int:
    """The index of the nearest rectangle from ``rects[current]`` in the direction
    of ``kind`` (UP/DOWN/LEFT/RIGHT), or ``current`` when there is none."""
    if not rects:
        return current
    cx, cy = rects[current].center
    best, best_score = current, None
    for i, r in enumerate(rects):
        if i == current:
            continue
        dx, dy = r.centerx - cx, r.centery - cy
        if kind is Kind.UP:
            along, across = -dy, dx
        elif kind is Kind.DOWN:
            along, across = dy, dx
        elif kind is Kind.LEFT:
            along, across = -dx, dy
        else:
            along, across = dx, dy
        if along <= 0:
            continue
        score = along + 2.5 * abs(across)
        if best_score is None or score < best_score:
            best, best_score = i, score
    return best


class FocusGroup:
    """A set of buttons with one focused: arrows move the focus spatially,
    confirm presses, the mouse hovers and clicks.  ``handle`` returns True when
    it used the intent.

    ``focus=None`` starts with *nothing* focused (index -1): then Enter presses
    nothing, and the first arrow focuses the first button.  Private choices use
    this so a card is never chosen by a stray Enter alone.
    """

    def __init__(self, buttons: Iterable[Button] = (), focus: int | None = 0) -> None:
        self.buttons: list[Button] = list(buttons)
        self.focus = -1 if focus is None else focus
        self._sync()

    def set(self, buttons: Iterable[Button], focus: int | None = None) -> None:
        """Replace the buttons, keeping the focus index when it still fits
        (nothing focused stays nothing focused)."""
        self.buttons = list(buttons)
        if focus is not None:
            self.focus = focus
        if self.focus >= 0:
            self.focus = max(0, min(self.focus, len(self.buttons) - 1))
        self._sync()

    def focus_on(self, button: Button) -> None:
        if button in self.buttons:
            self.focus = self.buttons.index(button)
            self._sync()

    def clear(self) -> None:
        """Focus nothing."""
        self.focus = -1
        self._sync()

    @property
    def focused(self) -> Button | None:
        return self.buttons[self.focus] if self.buttons and 0 <= self.focus < len(self.buttons) else None

    def _sync(self) -> None:
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus

    def handle(self, intent: Intent) -> bool:
        if not self.buttons:
            return False
        k = intent.kind
        if k in (Kind.UP, Kind.DOWN, Kind.LEFT, Kind.RIGHT):
            if self.focused is None:
                self.focus = 0
                self._sync()
                return True
            nxt = spatial_next([b.rect for b in self.buttons], self.focus, k)
            if nxt == self.focus:
                return False
            self.focus = nxt
            self._sync()
            return True
        if k is Kind.CONFIRM:
            b = self.focused
            if b is not None and intent.repeat:
                return True          # Enter held down (its auto-repeat) presses nothing: only a fresh press does
            if b is not None:
                b.press()
                return True
            return False
        if k in (Kind.POINT, Kind.CLICK) and intent.pos:
            i = next((i for i, b in enumerate(self.buttons) if b.rect.collidepoint(intent.pos)), None)
            if i is None:
                return False
            self.focus = i
            self._sync()
            if k is Kind.CLICK:
                self.buttons[i].press()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)


def draw_key(surface: pygame.Surface, hint: str, midright: tuple[int, int]) -> pygame.Rect:
    """A key cap ("Enter", "Esc") or, for a pad's face button, a round coloured
    badge ("A" green, "B" red ...), its right edge at ``midright``."""
    colour = PAD_COLOURS.get(hint) if prompts.pad_style() else None
    if colour is not None:
        t = theme.text(hint, theme.SMALL, theme.CREAM, True)
        box = pygame.Rect(0, 0, 32, 32)
        box.midright = midright
        gfx.circle(surface, (20, 14, 10), box.center, 17)
        gfx.circle(surface, colour, box.center, 15)
        surface.blit(t, t.get_rect(center=box.center))
        theme.note_text(surface, box)
        return box
    t = theme.text(hint, theme.SMALL, theme.INK, True)
    box = pygame.Rect(0, 0, max(34, t.get_width() + 14), 30)
    box.midright = midright
    gfx.rect(surface, theme.PAPER, box, border_radius=6)
    gfx.rect(surface, (120, 100, 80), box, 2, border_radius=6)
    surface.blit(t, t.get_rect(center=box.center))
    theme.note_text(surface, box)
    return box


def footer_hint(surface: pygame.Surface, s: str, y: int = 700) -> None:
    """A centred line at the bottom saying what to press (nothing is a dead end).
    ``{move}``, ``{confirm}``, ``{back}`` ... name the buttons of the device in use."""
    text = theme.text(prompts.fmt(s), theme.SMALL, theme.MUTED)
    r = text.get_rect(midbottom=(surface.get_width() // 2, y))
    # an overlay's footer hides the dimmed footer of the screen under it (a solid band from the
    # text's top down to the bottom edge), so the two never show through each other
    surface.fill(theme.BG_DARK, pygame.Rect(0, r.top, surface.get_width(), surface.get_height() - r.top))
    surface.blit(text, r)
    theme.note_text(surface, r, text)


def panel_hint(surface: pygame.Surface, s: str, area: pygame.Rect) -> pygame.Rect:
    """:func:`footer_hint`'s words inside the panel ``area`` (logical pixels) instead of along the
    screen's bottom: wrapped to its width, on a dark band over the panel's last lines, so a line
    that must be read at once (the prompt guard's "Too fast!") hides no square, token or button
    of the screen.  Returns the band's rectangle."""
    width = area.width - 28
    lines = theme.wrap(prompts.fmt(s), width, theme.SMALL)
    step = theme.font(theme.SMALL).get_height() + 2
    band = pygame.Rect(area.left + 4, 0, area.width - 8, len(lines) * step + 12)
    band.bottom = area.bottom - 4
    gfx.rect(surface, theme.BG_DARK, band, border_radius=8)
    theme.blit_wrapped(surface, prompts.fmt(s), pygame.Rect(area.left + 14, band.top + 6, width, band.height),
                       theme.SMALL, theme.CREAM, line_gap=2)
    return band



class CardButton(Button):
    """A card that can be focused and selected; draws the card face."""

    data: str    # the card's name
    #: its owner's notebook mark, spoken after its kind (a key of :data:`MARK_WORDS`; None: not said)
    mark: str | None = None
    #: its owner's notebook note, spoken last ("In my hand", "Shown by Colonel Mustard"; "": none)
    note: str = ""

    def draw(self, surface: pygame.Surface) -> None:
        img = assets.card(self.data, self.rect.width)
        r = self.rect.move(0, -8 if self.selected else 0)
        if self.focused:
            gfx.rect(surface, theme.FOCUS, r.inflate(14, 14), border_radius=14)
        if self.selected:
            gfx.rect(surface, (60, 170, 80), r.inflate(8, 8), border_radius=12)
        surface.blit(img, r)
        if self.selected:
            gfx.circle(surface, (60, 170, 80), (r.right - 14, r.top + 14), 16)
            theme.blit_text(surface, "✓", (r.right - 14, r.top + 14), theme.BODY, theme.CREAM, True, "center")

    def spoken(self) -> str:
        """The card as read aloud: its name, its kind, its :attr:`mark` and
        :attr:`note` when set, and whether it is picked ("Miss Scarlet —
        person", "Rope — weapon — ticked — In my hand — picked")."""
        return card_spoken(self.data, self.label, picked=self.selected, mark=self.mark, note=self.note)

    def text_width(self) -> int:
        lines = theme.wrap(card(self.data), self.rect.width - 8, theme.SMALL, True, exact=True)
        return max(theme.font_px(theme.SMALL, True).size(ln)[0] for ln in lines) if len(lines) <= 2 else 10 ** 6

    def available_width(self) -> int:
        return self.rect.width - 8


class ChipButton(Button):
    """A card as a row: small picture and its name (for the accusation list)."""

    data: str    # the card's name

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        if self.focused:
            gfx.rect(surface, theme.FOCUS, r.inflate(8, 8), border_radius=12)
        bg = (70, 140, 80) if self.selected else theme.PAPER
        gfx.rect(surface, bg, r, border_radius=10)
        gfx.rect(surface, theme.CATEGORY_COLOURS[category(self.data)], r, 3, border_radius=10)
        pic = assets.card_picture(self.data, r.height - 10)
        surface.blit(pic, (r.left + 6, r.top + 5))
        ink = theme.CREAM if self.selected else theme.INK
        theme.blit_text(surface, self.label, (r.left + r.height + 8, r.centery), theme.BODY, ink, True, "midleft",
                        self.available_width())
        if self.selected:
            theme.blit_text(surface, "✓", (r.right - 22, r.centery), theme.HEADING, theme.CREAM, True, "center")

    def text_width(self) -> int:
        return theme.fit_width(self.label, theme.BODY, True, self.available_width())

    def available_width(self) -> int:
        return self.rect.width - self.rect.height - 8 - 44

    def spoken(self) -> str:
        """The card row as read aloud ("Rope — weapon", "— picked" once chosen)."""
        return card_spoken(self.data, self.label, picked=self.selected)


class MarkedChip(ChipButton):
    """A card row that also shows its owner's notes (only on a screen that
    seat alone sees): a card ``crossed`` off (in your hand; in the card game
    also face up or shown to you) is greyed with a line through its name — not
    a ✓, which here means "picked" —; otherwise the person's own ``mark`` at
    the right end, when not selected.  Both pickers use it (the card game's
    and the board game's accusation)."""

    mark: str = ""
    crossed: bool = False
    #: the owner's notebook mark as read aloud (a key of :data:`MARK_WORDS`), when the picker knows
    #: it; None: "ticked" when crossed, else the drawn :attr:`mark`
    said_mark: str | None = None
    #: the owner's notebook note, read after the mark ("In my hand", "Held by Colonel Mustard"; "": none)
    note: str = ""

    def spoken(self) -> str:
        """The row as read aloud in the owner's notebook words: "Rope — weapon —
        ticked — In my hand" (in your hand, or seen), else its mark ("— not it", "— maybe")."""
        mark = self.said_mark if self.said_mark is not None else "✓" if self.crossed else (self.mark or None)
        return card_spoken(self.data, self.label, picked=self.selected, mark=mark, note=self.note)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.crossed and not self.selected:
            r = self.rect
            theme.shade(surface, r, 110, (90, 80, 70))
            width = min(theme.fit_width(self.label, theme.BODY, True, self.available_width()),
                        self.available_width())
            x0 = r.left + r.height + 4
            gfx.line(surface, theme.BAD, (x0, r.centery), (x0 + width + 8, r.centery), 4)
        elif self.mark and not self.selected:
            colour = theme.BAD if self.mark == "X" else (40, 130, 60) if self.mark == "✓" else (200, 140, 30)
            theme.blit_text(surface, self.mark, (self.rect.right - 22, self.rect.centery), theme.HEADING, colour,
                            True, "center")


#: Each kind of card as read aloud after its name.
KIND_WORDS = {"suspect": N_("person"), "weapon": N_("weapon"), "room": N_("room")}
#: A notebook mark as read aloud (a card crossed off a picker is "ticked" too: one word on every screen).
MARK_WORDS = {"X": N_("not it"), "?": N_("maybe"), "✓": N_("ticked"), "": N_("no mark")}


def card_spoken(card_id: str, name: str, picked: bool = False, mark: str | None = None, note: str = "") -> str:
    """A card as read aloud: ``name`` (the card's shown name), its kind, then
    its ``mark`` (a key of :data:`MARK_WORDS`; None: not said), its notebook
    ``note`` ("In my hand") and "picked" when ``picked``, joined with dashes:
    "Rope — weapon — ticked — In my hand"."""
    parts = [name, _(KIND_WORDS[category(card_id)])]
    if mark is not None and (mark or not picked):
        parts.append(_(MARK_WORDS[mark]))
    if note:
        parts.append(note)
    if picked:
        parts.append(picked_word(card_id))
    return " — ".join(parts)


def picked_word(card_id: str) -> str:
    """ "picked", said after a card's name, agreeing with it where words have a
    gender: feminine when its article is ("la Soga — elegida", "el Puñal —
    elegido"), as the articles of :func:`~game.text.i18n.card` show it."""
    if feminine(card_id):
        return pgettext("feminine", "picked")
    return _("picked")


#: Each kind of card with its article, as a wrong press names it ("That is a suspect; pick a room.").
A_KIND = {"suspect": N_("a suspect"), "weapon": N_("a weapon"), "room": N_("a room")}


def shared_spoken(button: Button | None, card_word: str | None = None) -> str | None:
    """``button`` as read aloud to a whole room from a private screen, with
    nothing private: a card as ``card_word`` ("A card"; None: its kind, "A
    weapon"), any other button as :meth:`Button.spoken`; each with "— press
    Enter".  None when nothing is focused."""
    if button is None or not button.focused:
        return None
    data = getattr(button, "data", None)
    if isinstance(button, (CardButton, ChipButton)) or isinstance(data, str) and data in ALL_CARDS:
        word = card_word or (_(A_KIND[category(data)]) if data in ALL_CARDS else _("A card"))
        return fmt("{label} — press {confirm}", label=word[:1].upper() + word[1:], confirm=prompts.label(Kind.CONFIRM))
    return button.spoken()


def wrong_press_words(pressed: Button | None, wanted: Button | None) -> str:
    """What to say when ``pressed`` was pressed but ``wanted`` is the thing
    to press (both buttons; a card's button has its card id in ``data``):
    "That is a suspect; pick a room.", "Not that one; pick the Rope.", or
    "Not that one; press Suggest!"."""
    kinds = [category(b.data) if b is not None and isinstance(b.data, str) and b.data in ALL_CARDS else None
             for b in (pressed, wanted)]
    if wanted is None:
        return _("Not that one.")
    if kinds[1] is None:
        return fmt("Not that one; press {label}.", label=wanted.label)
    if kinds[0] is not None and kinds[0] != kinds[1]:
        return fmt("That is {pressed}; pick {wanted}.", pressed=_(A_KIND[kinds[0]]), wanted=_(A_KIND[kinds[1]]))
    return fmt("Not that one; pick {card_the}.", card=wanted.data)
