"""A message box over the current scene: a plain-words reason and an OK button.

For an action the rules do not allow ("Why not?") it shows what went wrong
and the rule in a few words (``rule``, "Rule: You cannot walk through another
token."), in the player's language (see :mod:`game.text.i18n_why`; the citation
goes to the log).  ``detail`` adds a paragraph between them when given.
"""

from __future__ import annotations

import pygame

from game.ui.draw import theme
from game.ui.draw.widgets import Button, FocusGroup, Label
from game.ui.shell.i18n import _
from game.ui.shell.input import Intent, Kind
from game.ui.shell.scene import Scene

TEXT_W = 600
GAP = 14
#: Wider text columns a message takes, in turn, when its words do not fit in the box at
#: :data:`TEXT_W` (long file paths, large text): the box never grows past the screen.
WIDER = (800, 1000, 1180)
#: The tallest the box may be (logical pixels), and what it keeps besides the text.
MAX_H, CHROME_H = 700, 80 + 24 + 76


class MessageScene(Scene):
    """Shows ``text`` (wrapped) with a ``title`` and an OK button (Enter, Esc or
    click); below it the ``detail`` and the ``rule`` line, when given."""

    opaque = False

    def __init__(self, app, text: str, title: str | None = None, detail: str = "", rule: str = "") -> None:
        super().__init__(app)
        self.text = text
        self.detail = detail
        self.rule = rule
        self.title = title if title is not None else _("Not now")
        #: the text column's width: :data:`TEXT_W`, or wider when the words would not fit the box
        self.text_w = TEXT_W
        for wider in WIDER:
            if CHROME_H + self._blocks_height() <= MAX_H:
                break
            self.text_w = wider
        h = CHROME_H + self._blocks_height()
        self.box = pygame.Rect(0, 0, self.text_w + 80, min(MAX_H, h))
        self.box.center = (640, 360)
        self.ok = Button(pygame.Rect(self.box.centerx - 110, self.box.bottom - 76, 220, 56), _("OK"), self.close)
        self.focus = FocusGroup([self.ok])

    def speech_prompt(self) -> str | None:
        """Read aloud: the message (why not, and why)."""
        return " ".join(t for t in (self.text, self.detail) if t)

    def blocks(self) -> list[tuple[str, int, bool, tuple]]:
        """The wrapped paragraphs: (text, size, bold, colour)."""
        out = [(self.text, theme.BODY, True, theme.INK)]
        if self.detail:
            out.append((self.detail, theme.BODY, False, (70, 50, 40)))
        if self.rule:
            out.append((self.rule, theme.BODY, False, (110, 70, 40)))
        return out

    def _blocks_height(self) -> int:
        h = 0
        for text, size, bold, _c in self.blocks():
            lines = theme.wrap(text, self.text_w, size, bold, cut=True)   # a long path fits its box
            h += len(lines) * (theme.font(size, bold).get_linesize() + 4) + GAP
        return h - GAP

    def close(self) -> None:
        self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.BACK, Kind.CONFIRM):
            self.close()
            return True
        if intent.kind is Kind.CLICK:
            self.close()
            return True
        return self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 140)
        theme.panel(surface, self.box, theme.PAPER, theme.BRASS, 18, 4)
        theme.blit_text(surface, self.title, (self.box.centerx, self.box.top + 24), theme.HEADING, theme.INK, True,
                        "midtop", self.box.width - 40)
        y = self.box.top + 80
        for text, size, bold, colour in self.blocks():
            y += theme.blit_wrapped(surface, text, pygame.Rect(self.box.left + 40, y, self.text_w, 400), size, colour,
                                    bold, align="center", cut=True) + GAP
        self.focus.draw(surface)

    def widgets(self) -> list:
        return [self.ok, Label(pygame.Rect(self.box.left + 20, self.box.top + 20, self.box.width - 40, 40),
                               self.title, theme.HEADING, True)]

