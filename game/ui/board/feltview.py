"""What the TV layout's felt shows besides the buttons, for the whole room: the
table's seats (a plaque each, down the column where the standard layout keeps
the die's tray) and, under the buttons when they leave room, the last question
asked at the table (the three cards named and who answered).

Public things only: a seat's plaque says who plays it, whose turn it is and how
many cards it holds (the deal is face down, 000 "Setup"); the last question
says which seat showed a card, never which card (000 "Suggestions" 3) -- the
public log (``match.log_events``) already says as much.

Geometry in logical pixels (:mod:`game.ui.mansion.boardlayout`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules import events as ev
from game.ui.draw import assets, gfx, tabletop, theme
from game.ui.mansion.boardlayout import BoardLayout
from game.ui.shell.i18n import _, card, fmt

#: The tallest seat plaque in the TV layout's column (logical pixels), and the least gap between two.
PLAQUE_H, PLAQUE_GAP = 72, 4
#: The last question's tray: its least and greatest height, and the greatest side of a named
#: card's picture in it, beside the answer and over it (logical pixels).
QUESTION_H, QUESTION_MAX_H, QUESTION_CARD, QUESTION_BIG = 92, 170, 64, 100
#: The smallest a card's picture is drawn beside the answer (pixels); smaller, the answer is drawn alone.
QUESTION_LEAST = 36


def seat_rects(layout: BoardLayout, players: int) -> list[pygame.Rect]:
    """The plaque of each of ``players`` seats in ``layout``'s column (logical pixels; none in a
    layout without one): one under the other, as tall as six leave room for (40 pixels) up to
    :data:`PLAQUE_H`, spread over the column's height so that it is full with three seats too."""
    col = layout.seats_rect
    if col is None or players <= 0:
        return []
    h = min(PLAQUE_H, (col.height - (players - 1) * PLAQUE_GAP) // players)
    step = (col.height - h) / (players - 1) if players > 1 else 0
    return [pygame.Rect(col.left, col.top + round(i * step), col.width, h) for i in range(players)]


def seat_surname(suspect: str) -> str:
    """The last word of a suspect's name in the language in use ("Scarlet"): a plaque's name."""
    return card(suspect).split()[-1]


@dataclass(frozen=True)
class Question:
    """The last suggestion played at the table: who asked (a suspect id), the three cards
    named, and who showed a card (a suspect id; None: nobody could, or not answered yet:
    ``answered`` tells which)."""

    asker: str
    cards: tuple[str, str, str]
    shower: str | None
    answered: bool


def last_question(events: list, suspects: list[str]) -> Question | None:
    """The last :class:`Question` among the public ``events`` (the log's, in order), seats
    named by ``suspects``; None before the first suggestion."""
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if isinstance(e, ev.SuggestionMade):
            shower, answered = None, False
            for later in events[i + 1:]:
                if isinstance(later, ev.CardShown):          # its card is never read: who, not which
                    shower, answered = suspects[later.by], True
                    break
                if isinstance(later, ev.NobodyDisproved):
                    answered = True
                    break
            return Question(suspects[e.player], (e.suspect, e.weapon, e.room), shower, answered)
    return None


def question_words(q: Question | None) -> tuple[str, str]:
    """The last question's heading and its answer, in the language in use ("Colonel Mustard
    suggests", "Professor Plum showed a card."); before any: ("", "No suggestion yet.")."""
    if q is None:
        return "", _("No suggestion yet.")
    head = fmt("{name} suggests", name=q.asker)
    if q.shower is not None:
        return head, fmt("{name} showed a card.", name=q.shower)
    return head, _("Nobody can show a card!") if q.answered else ""


def _answer_fits(answer: str, width: int, height: int) -> bool:
    """Do the answer's lines, wrapped to ``width`` pixels, fit in ``height`` -- each line, a
    long word alone ("suggestion"), no wider than ``width``?"""
    f = theme.font(theme.SMALL)
    lines = theme.wrap(answer, width, theme.SMALL)
    return len(lines) * f.get_height() <= height and all(f.size(x)[0] <= width for x in lines)


def draw_question(surface: pygame.Surface, rect: pygame.Rect, q: Question | None) -> None:
    """The last question in ``rect`` (a sunken tray on the felt, :data:`QUESTION_H` high or
    more): the heading along its top; under it the three cards' pictures in their kinds'
    colours (a question mark in each before any question), as large as the tray leaves room
    for, and the answer: under them when the tray is high enough for cards of
    :data:`QUESTION_CARD` there, else wrapped right of them (alone, when the cards would be
    smaller than :data:`QUESTION_LEAST`).  A tray too low for a heading on two lines and the answer
    leaves the heading out: nothing is drawn outside ``rect``."""
    tabletop.tray(surface, rect)
    head, answer = question_words(q)
    inner = rect.inflate(-20, -16)
    top = inner.top
    line = theme.font(theme.SMALL).get_height()
    heads = theme.wrap(head, inner.width, theme.SMALL, True) if head else []
    if len(heads) > 1 and not _answer_fits(answer, inner.width, inner.height - len(heads) * line - 2):
        head = ""       # a low tray: the cards and who showed one say more than who asked
    if head:        # on two lines when a long name needs them ("La Senyoreta Amapola suggereix")
        top = inner.top + theme.blit_wrapped(surface, head, inner, theme.SMALL, theme.BRASS, True, line_gap=0) + 2
    under = theme.wrap(answer, inner.width, theme.SMALL)
    side = min(QUESTION_BIG, (inner.width - 12) // 3, inner.bottom - top - len(under) * line - 4)
    stacked = side >= QUESTION_CARD
    if stacked:
        x = inner.centerx - (3 * side + 12) // 2
    else:       # beside the answer, the cards as large as leave room for its lines; none when under 36
        side = min(QUESTION_CARD, inner.bottom - top)
        while side >= QUESTION_LEAST and not _answer_fits(answer, inner.width - 3 * (side + 6) - 6,
                                                          inner.bottom - top):
            side -= 4
        x = inner.left
    # before any question, each kind's frame holds a question mark: who, with what, where
    cards = q.cards if q is not None else ("", "", "")
    for kind, c in zip(("suspect", "weapon", "room"), cards if side >= QUESTION_LEAST else (), strict=False):
        box = pygame.Rect(x, top, side, side)
        gfx.rect(surface, theme.CATEGORY_COLOURS[kind], box, border_radius=6)
        if c:
            surface.blit(assets.card_picture(c, side - 8), box.move(4, 4).topleft)
        else:
            gfx.rect(surface, tabletop.TRAY, box.inflate(-8, -8), border_radius=4)
            theme.blit_text(surface, "?", box.center, theme.HEADING, theme.CREAM, True, "center")
        x += side + 6
    if stacked:
        theme.blit_wrapped(surface, answer, pygame.Rect(inner.left, top + side + 4, inner.width, len(under) * line),
                           theme.SMALL, theme.CREAM, align="center", line_gap=0)
        return
    if side < QUESTION_LEAST:       # the answer alone, under the heading
        x = inner.left - 6
    words = pygame.Rect(x + 6, top, inner.right - x - 6, inner.bottom - top)
    lines = theme.wrap(answer, words.width, theme.SMALL)
    # beside the cards' middle, or from their top when they are as high as its lines
    y = max(top, top + (side - len(lines) * line) // 2)
    theme.blit_wrapped(surface, answer, pygame.Rect(words.left, y, words.width, words.height), theme.SMALL,
                       theme.CREAM, line_gap=0)

