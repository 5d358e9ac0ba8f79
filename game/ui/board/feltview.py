"""What the board's felt shows besides the buttons, for the whole room: in the TV
layout the table's seats (a plaque each, down the column where the standard
layout keeps the die's tray); in either layout, in the room the buttons and
the help leave above the notebook's button, the last question asked at the
table (the three cards named and who answered), its tray as tall as that room.

Public things only: a seat's plaque says who plays it (in words, or as a mark
on six seats' low plaques), whose turn it is and how
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
#: The last question's tray: the least height of one with a heading and the answer in words, the
#: greatest side of a named card's picture in it beside the answer and over it (logical pixels).
QUESTION_H, QUESTION_CARD, QUESTION_BIG = 92, 64, 120
#: The smallest a card's picture is drawn beside the answer (pixels); smaller, the answer is drawn alone.
QUESTION_LEAST = 36
#: The least height of a tray (logical pixels): the cards on one line (:data:`QUESTION_ROW` high at
#: least) and the answer as a mark after them.
QUESTION_LOW, QUESTION_ROW = 40, 26


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


@dataclass(frozen=True)
class _Plan:
    """How a tray lays the last question out: the heading drawn or not, the cards' side (0: none)
    and where the answer goes ("under" the cards, "beside" them, or "marks": the answering seat's
    token and a card back, or a cross, on the cards' line)."""

    heading: bool
    side: int
    answer: str


def _plan(inner: pygame.Rect, head: str, answer: str, answered: bool) -> _Plan:
    """The roomiest of the ways a tray's ``inner`` rectangle (logical pixels) holds the heading
    ``head`` and the ``answer`` (``answered``: a seat showed a card or nobody could), best first: the heading, the cards and the answer under them; the
    heading, and the answer beside the cards; the same two without the heading (a long name on two
    lines leaves the cards no room: they say more than who asked), the cards as low as one line
    of words; the cards on one line with the answer as a mark (its words too long beside them;
    answered only: before the answer, or any question, the mark would be empty); the answer alone;
    the cards alone; nothing but the tray."""
    line = theme.font(theme.SMALL).get_height()
    heads = len(theme.wrap(head, inner.width, theme.SMALL, True)) if head else 0
    for with_head in ((True, False) if heads else (False,)):
        top = heads * line + 2 if with_head else 0
        room = inner.height - top
        under = len(theme.wrap(answer, inner.width, theme.SMALL)) * line
        side = min(QUESTION_BIG, (inner.width - 12) // 3, room - under - 4)
        if side >= QUESTION_CARD or (not with_head and side >= QUESTION_LEAST + 12):
            return _Plan(with_head, side, "under")
        # without the heading, cards as small as one line of words when the answer fits beside them
        least = QUESTION_LEAST if with_head else QUESTION_ROW
        side = min(QUESTION_CARD, room)
        while side >= least and not _answer_fits(answer, inner.width - 3 * (side + 6) - 6, room):
            side -= 4
        if side >= least:
            return _Plan(with_head, side, "beside")
    # the mark: a token as high as the cards, a gap and a card's back two thirds as wide
    side = min(QUESTION_CARD, inner.height, (inner.width - 3 * 6 - 6 - 4) * 3 // 14)
    if answered and side >= QUESTION_ROW:
        return _Plan(False, side, "marks")
    if _answer_fits(answer, inner.width, inner.height):
        return _Plan(bool(heads) and _answer_fits(answer, inner.width, inner.height - heads * line - 2), 0, "beside")
    # the words do not fit: the cards alone (before any question, a question mark in each)
    return _Plan(False, side if side >= QUESTION_ROW else 0, "marks")


#: The sides (logical pixels) the tray has drawn its cards' pictures at, oldest first (the side
#: hangs on the buttons above the tray: a handful in a game), at most :data:`TRAY_SIDES_MOST`.
_tray_sides: dict[int, None] = {}
TRAY_SIDES_MOST = 8


def tray_picture_sides() -> list[int]:
    """The sides (logical pixels) the tray has drawn its cards' pictures at
    (:func:`game.ui.draw.assets.card_picture`), least recently drawn first: those to
    make ahead for a new question, so the frame that lays the buttons out anew finds them."""
    return list(_tray_sides)


def tray_inner(rect: pygame.Rect) -> pygame.Rect:
    """What a tray ``rect`` (logical pixels) holds inside its rim: less of its height in a tray as
    low as one line of cards (:data:`QUESTION_LOW` and under :data:`QUESTION_H`)."""
    return rect.inflate(-20, -16 if rect.height >= QUESTION_H else -12)


def draw_question(surface: pygame.Surface, rect: pygame.Rect, q: Question | None) -> None:
    """The last question in ``rect`` (a sunken tray on the felt, :data:`QUESTION_LOW` high or
    more), laid out the roomiest way it holds (:func:`_plan`): the heading along its top; the
    three cards' pictures in their kinds' colours (a question mark in each before any question),
    as large as the tray leaves room for up to :data:`QUESTION_BIG`, and the answer under them,
    or wrapped right of them; in a low tray the heading is left out, and in one as low as a
    line of cards the answer is a mark after them: the token of the seat that showed a card with
    a card's back, a red cross when nobody could.  Taller than its contents, they stand in its
    middle.  Nothing is drawn outside ``rect``."""
    tabletop.tray(surface, rect)
    head, answer = question_words(q)
    inner = tray_inner(rect)
    line = theme.font(theme.SMALL).get_height()
    plan = _plan(inner, head, answer, q is not None and q.answered)
    heads = theme.wrap(head, inner.width, theme.SMALL, True) if plan.heading else []
    under = theme.wrap(answer, inner.width, theme.SMALL)
    # the height of what is drawn: a tall tray (nothing above it on the felt) keeps it in its middle
    used = len(heads) * line + (2 if heads else 0)
    if plan.answer == "under":
        used += plan.side + 4 + len(under) * line
    else:
        beside = theme.wrap(answer, inner.width - (3 * (plan.side + 6) + 6 if plan.side else 0), theme.SMALL)
        used += max(plan.side, len(beside) * line if plan.answer == "beside" else 0)
    top = inner.top + max(0, (inner.height - used) // 2)
    if heads:       # on two lines when a long name needs them ("La Senyoreta Amapola suggereix")
        top += theme.blit_wrapped(surface, head, pygame.Rect(inner.left, top, inner.width, used), theme.SMALL,
                                  theme.BRASS, True, line_gap=0) + 2
    side = plan.side
    x = inner.centerx - (3 * side + 12) // 2 if plan.answer == "under" else inner.left
    # before any question, each kind's frame holds a question mark: who, with what, where
    cards = q.cards if q is not None else ("", "", "")
    for kind, c in zip(("suspect", "weapon", "room"), cards if side else (), strict=False):
        box = pygame.Rect(x, top, side, side)
        gfx.rect(surface, theme.CATEGORY_COLOURS[kind], box, border_radius=6)
        if c:
            surface.blit(assets.card_picture(c, side - 8), box.move(4, 4).topleft)
            if side - 8 not in _tray_sides:
                _tray_sides[side - 8] = None
                if len(_tray_sides) > TRAY_SIDES_MOST:
                    del _tray_sides[next(iter(_tray_sides))]
        else:
            gfx.rect(surface, tabletop.TRAY, box.inflate(-8, -8), border_radius=4)
            theme.blit_text(surface, "?", box.center, theme.HEADING if side >= 48 else theme.SMALL, theme.CREAM,
                            True, "center")
        x += side + 6
    if plan.answer == "under":
        theme.blit_wrapped(surface, answer, pygame.Rect(inner.left, top + side + 4, inner.width, len(under) * line),
                           theme.SMALL, theme.CREAM, align="center", line_gap=0)
        return
    if plan.answer == "marks":
        _answer_mark(surface, pygame.Rect(x + 6, top, inner.right - x - 6, side), q)
        return
    if not side:       # the answer alone, under the heading
        x = inner.left - 6
    words = pygame.Rect(x + 6, top, inner.right - x - 6, inner.bottom - top)
    lines = theme.wrap(answer, words.width, theme.SMALL)
    # beside the cards' middle, or from their top when they are as high as its lines
    y = max(top, top + (side - len(lines) * line) // 2)
    theme.blit_wrapped(surface, answer, pygame.Rect(words.left, y, words.width, words.height), theme.SMALL,
                       theme.CREAM, line_gap=0)


def _answer_mark(surface: pygame.Surface, rect: pygame.Rect, q: Question | None) -> None:
    """The answer as a mark in ``rect`` (logical pixels, as high as the cards beside it): the
    token of the seat that showed a card and a card's back beside it (never which card); a red
    cross when nobody could; nothing before the answer (or any question)."""
    if q is None or not q.answered:
        return
    side = min(rect.height, rect.width)
    if q.shower is None:
        cross = pygame.Rect(0, 0, side * 2 // 3, side * 2 // 3)
        cross.center = (rect.left + side // 2, rect.centery)
        gfx.line(surface, theme.BAD, cross.topleft, cross.bottomright, 5)
        gfx.line(surface, theme.BAD, cross.bottomleft, cross.topright, 5)
        return
    tok = assets.token(q.shower, side)
    surface.blit(tok, tok.get_rect(midleft=(rect.left, rect.centery)))
    back = pygame.Rect(0, 0, side * 2 // 3, side)
    back.midleft = (rect.left + side + 4, rect.centery)
    if back.right <= rect.right:
        gfx.rect(surface, (120, 30, 40), back, border_radius=3)
        gfx.rect(surface, theme.BRASS, back, 1, border_radius=3)
