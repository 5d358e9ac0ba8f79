"""The Rules screen: the classic rules of Clue in plain words a child can read,
with pictures, on a few short pages.

Opened from the title screen and from the pause menu.  Left / Right (keyboard
arrows, d-pad, stick) turn the pages, and so do the Previous / Next buttons
(Enter, A or a click); Up / Down move between the buttons; Back (Esc, B)
returns.  The words follow the classic rules sheet (Hasbro, U.S. edition),
rewritten short: a page is a title, a few sentences and its pictures.
"""

from __future__ import annotations

import pygame

from game.ui.draw import assets, theme
from game.ui.draw.widgets import Button, FocusGroup, Label, footer_hint
from game.ui.shell.i18n import _
from game.ui.shell.input import Intent, Kind
from game.ui.shell.scene import Scene

#: The panel of a page; the text on its left, the pictures on its right.
PANEL = pygame.Rect(60, 102, 1160, 494)
TEXT_BOX = pygame.Rect(90, 118, 720, 464)
PICTURE_BOX = pygame.Rect(850, 118, 340, 464)
BULLET_W = 28
PARA_GAP = 14
BUTTON_Y, BUTTON_H = 610, 56
#: The page's title and, under it, "Page 1 of 4".
TITLE_Y, PAGE_Y = 10, 68


def pages() -> list[tuple[str, list[str]]]:
    """The pages: (title, sentences), in the language in use."""
    return [
        (_("The mystery and the envelope"), [
            _("Mr. Boddy has been found dead in his big house. Who did it, in which room, and with what?"),
            _("At the start, one suspect card, one weapon card and one room card are hidden in the envelope. "
              "Nobody sees them: they are the answer."),
            _("All the other cards are dealt to the players. A card in your hand is not in the envelope, "
              "so tick it in your notebook."),
            _("Be the first to find the three hidden cards!"),
        ]),
        (_("Your turn: roll and move"), [
            _("Roll the die and move your token that many squares: up, down, left or right, never diagonally."),
            _("You cannot step on or pass another token."),
            _("Go into a room through a door. Going in ends your move, even with steps left over."),
            _("Secret passages join the rooms in opposite corners. Start your turn in a corner room and you "
              "may take the passage instead of rolling."),
        ]),
        (_("Suggestions and showing cards"), [
            _("In a room, make a suggestion: name a suspect and a weapon. The room is the one you are in."),
            _("That suspect and that weapon are moved into the room."),
            _("The other players look at their cards, one by one. The first one with a card you named "
              "shows you one card, in secret."),
            _("Tick it in your notebook: it is not in the envelope. If nobody can show a card, that is a big "
              "clue!"),
        ]),
        (_("Accusations and winning"), [
            _("When you are sure, make an accusation: name a suspect, a weapon and any room."),
            _("Then you look in the envelope, in secret."),
            _("All three right? You win the game!"),
            _("One wrong? You are out: no more turns, but you still show your cards to the others."),
            _("You only get one accusation, so be sure first!"),
        ]),
    ]


#: The width of a card face on a page (pixels): every card's name fits on it in en, es and ca.
CARD_W = 128
#: The card faces each page shows (ids), two to a row.
PAGE_CARDS = {2: ("green", "wrench", "lounge"), 3: ("plum", "rope", "library")}


def page_pictures(page: int) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """The pictures of ``page`` and where they go (inside :data:`PICTURE_BOX`).
    Card faces are :data:`CARD_W` wide, two to a row; page 2 shows one die
    (000 "Your turn": the classic rules roll one)."""
    box = PICTURE_BOX
    out: list[tuple[pygame.Surface, pygame.Rect]] = []

    def put(img: pygame.Surface, **anchor) -> None:
        out.append((img, img.get_rect(**anchor)))

    gap = 20
    left, right = box.centerx - gap // 2, box.centerx + gap // 2
    _cw, ch = assets.card_size(CARD_W)
    if page == 0:
        put(assets.envelope(220), midtop=(box.centerx, box.top + 10))
        w = 100
        x0 = box.centerx - (3 * w + 2 * gap) // 2
        for i in range(3):
            put(assets.card_back(w), topleft=(x0 + i * (w + gap), box.top + 210))
    elif page == 1:
        put(assets.token("scarlet", 110), midtop=(box.centerx, box.top + 20))
        put(assets.die_face(3, 100), midtop=(box.centerx, box.top + 190))
        put(assets.token("mustard", 80), midtop=(box.centerx, box.top + 340))
    elif page == 2:
        a, b, c = PAGE_CARDS[2]
        put(assets.card(a, CARD_W), topright=(left, box.top + 10))
        put(assets.card(b, CARD_W), topleft=(right, box.top + 10))
        put(assets.card(c, CARD_W), topright=(left, box.top + 30 + ch))
        put(assets.card_back(CARD_W), topleft=(right, box.top + 30 + ch))     # the card shown, in secret
    else:
        a, b, c = PAGE_CARDS[3]
        put(assets.envelope(150), midright=(left, box.top + 10 + ch // 2))
        put(assets.card(a, CARD_W), topleft=(right, box.top + 10))
        put(assets.card(b, CARD_W), topright=(left, box.top + 30 + ch))
        put(assets.card(c, CARD_W), topleft=(right, box.top + 30 + ch))
    return out


class RulebookScene(Scene):
    """The rules, page by page; Back (Esc, B) returns to where it was opened."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.page = 0
        self.focus = FocusGroup()
        self._build()

    # ----------------------------------------------------------- layout
    def _build(self) -> None:
        w = 320
        self.prev_button = Button(pygame.Rect(PANEL.left, BUTTON_Y, w, BUTTON_H), _("Previous"),
                                  lambda: self.turn(-1))
        self.back_button = Button(pygame.Rect(640 - w // 2, BUTTON_Y, w, BUTTON_H), _("Back"), self.back,
                                  hint="Esc")
        self.next_button = Button(pygame.Rect(PANEL.right - w, BUTTON_Y, w, BUTTON_H), _("Next"),
                                  lambda: self.turn(+1))
        focus = self.focus.focus if self.focus.buttons else 2
        self.focus.set([self.prev_button, self.back_button, self.next_button], focus)
        self._enable()

    def language_changed(self) -> None:
        self._build()

    def _enable(self) -> None:
        last = len(pages()) - 1
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = self.page < last
        if self.focus.focused is not None and not self.focus.focused.enabled:   # never stuck on a dead button
            self.focus.focus_on(self.next_button if self.next_button.enabled else self.back_button)

    # ---------------------------------------------------------- actions
    def turn(self, delta: int) -> None:
        """Turn ``delta`` pages (stops at the first and the last page)."""
        new = max(0, min(len(pages()) - 1, self.page + delta))
        if new != self.page:
            self.page = new
            self.app.play("click")
        self._enable()

    def back(self) -> None:
        self.app.play("click")
        self.app.pop(self)

    # ------------------------------------------------------------ input
    def handle(self, intent: Intent) -> bool:
        k = intent.kind
        if k is Kind.BACK:
            self.back()
            return True
        if k in (Kind.LEFT, Kind.RIGHT):
            self.turn(-1 if k is Kind.LEFT else +1)
            return True
        if k in (Kind.UP, Kind.DOWN):             # the buttons are in one row: up / down step through them
            buttons = [b for b in self.focus.buttons if b.enabled]
            current = self.focus.focused
            i = buttons.index(current) if current in buttons else -1
            self.focus.focus_on(buttons[(i + (1 if k is Kind.DOWN else -1)) % len(buttons)])
            return True
        return self.focus.handle(intent)

    # ----------------------------------------------------------- layout
    def text_layout(self) -> list[tuple[str, pygame.Rect]]:
        """Every line of the page's sentences and its rectangle (bullets included)."""
        out: list[tuple[str, pygame.Rect]] = []
        y = TEXT_BOX.top
        f = theme.font(theme.BODY)
        height = f.get_linesize()
        for para in pages()[self.page][1]:
            bullet = theme.text("•", theme.BODY)
            out.append(("•", pygame.Rect(TEXT_BOX.left, y, bullet.get_width(), height)))
            for line in theme.wrap(para, TEXT_BOX.width - BULLET_W, theme.BODY):
                out.append((line, pygame.Rect(TEXT_BOX.left + BULLET_W, y, f.size(line)[0], height)))
                y += height
            y += PARA_GAP
        return out

    def title(self) -> str:
        return pages()[self.page][0]

    def speech_name(self) -> str | None:
        """Read aloud when the rulebook opens: its name."""
        return _("Rules")

    def speech_prompt(self) -> str | None:
        """Read aloud: the page's title and number, then its sentences (each its own line);
        said again when the page turns."""
        title, sentences = pages()[self.page]
        return " ".join([title + ".", self.page_label() + ".", *sentences])

    def page_label(self) -> str:
        return _("Page {page} of {pages}").format(page=self.page + 1, pages=len(pages()))

    # ------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.blit_text(surface, self.title(), (640, TITLE_Y), theme.TITLE, theme.BRASS, True, "midtop",
                        PANEL.width)
        theme.blit_text(surface, self.page_label(), (640, PAGE_Y), theme.BODY, theme.MUTED, False, "midtop",
                        PANEL.width)
        theme.panel(surface, PANEL)
        for line, rect in self.text_layout():
            surface.blit(theme.text(line, theme.BODY, theme.CREAM if line != "•" else theme.BRASS), rect)
        for img, rect in page_pictures(self.page):
            surface.blit(img, rect)
        self.focus.draw(surface)
        footer_hint(surface, _("{move} to turn the pages, {confirm} to press, {back} to go back"))

    def widgets(self) -> list:
        return list(self.focus.buttons) + [
            Label(pygame.Rect(PANEL.left, TITLE_Y, PANEL.width, PAGE_Y - TITLE_Y), self.title(), theme.TITLE, True),
            Label(pygame.Rect(PANEL.left, PAGE_Y, PANEL.width, PANEL.top - PAGE_Y), self.page_label(), theme.BODY)]
