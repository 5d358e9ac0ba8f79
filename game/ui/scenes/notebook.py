"""The detective notebook of one person (shown behind a cover when needed).

21 rows grouped Suspects / Weapons / Rooms, each with the small card picture.
Cards in the seat's hand and cards shown to the seat are ticked automatically
(from ``game.view(seat).events`` only); each row also has a manual mark the
player cycles: blank, X, ?, ✓.  Marks live in ``match.notebooks[seat]``.
Automatically ticked rows are facts ("In my hand", "Shown by ..."): their
mark is always ✓ and cannot be cycled.
"""

from __future__ import annotations

import pygame

from game.rules.cards import ROOMS, SUSPECTS, WEAPONS
from game.ui import assets, prompts, theme
from game.ui.i18n import N_, _, card, fmt
from game.ui.input import Intent, Kind
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, FocusGroup, Label, footer_hint

ROW_H, ROW_STEP, HEADER_H = 34, 37, 34
LEFT_X, RIGHT_X = 24, 646
COLUMNS = ((LEFT_X, [(N_("Suspects"), SUSPECTS), (N_("Weapons"), WEAPONS)]), (RIGHT_X, [(N_("Rooms"), ROOMS)]))
COL_W = 610
MARK_W = 50
NAME_W = 226     # the longest card name at 20 px bold ("Senyoreta Amapola")


def note_width(row: pygame.Rect) -> int:
    """Pixels for a row's note ("Shown by ...") between the name and the mark."""
    return COL_W - row.height - 16 - NAME_W - MARK_W - 8


class RowButton(Button):
    """One notebook row; pressing it cycles the manual mark."""

    owner: "NotebookScene"

    def draw(self, surface: pygame.Surface) -> None:
        nb = self.owner
        card = self.data
        r = self.rect
        auto = nb.auto.get(card)
        bg = theme.PAPER if not auto else (222, 236, 210)
        if self.focused:
            pygame.draw.rect(surface, theme.FOCUS, r.inflate(8, 6), border_radius=8)
        pygame.draw.rect(surface, bg, r, border_radius=6)
        surface.blit(assets.card_picture(card, r.height - 6), (r.left + 4, r.top + 3))
        theme.blit_text(surface, self.label, (r.left + r.height + 8, r.centery), theme.SMALL, theme.INK, True,
                        "midleft", NAME_W)
        note = nb.auto_text(card)
        if note:
            theme.blit_text(surface, note, (r.left + r.height + 12 + NAME_W, r.centery), theme.SMALL,
                            (40, 110, 50), False, "midleft", note_width(r))
        cell = self.mark_rect()
        pygame.draw.rect(surface, (255, 252, 244), cell, border_radius=6)
        pygame.draw.rect(surface, (130, 110, 90), cell, 2, border_radius=6)
        mark = nb.marks.get(card, "")
        if auto:   # a fact: always ticked, whatever mark was set before
            theme.blit_text(surface, "✓", cell.center, theme.BODY, (40, 130, 60), True, "center")
        elif mark:
            colour = {"X": theme.BAD, "?": (200, 140, 30), "✓": (40, 130, 60)}[mark]
            theme.blit_text(surface, mark, cell.center, theme.BODY, colour, True, "center")

    def mark_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - MARK_W - 4, self.rect.top + 3, MARK_W, self.rect.height - 6)

    def text_width(self) -> int:
        return theme.fit_width(self.label, theme.SMALL, True, NAME_W)

    def available_width(self) -> int:
        return NAME_W


class NotebookScene(Scene):
    """``seat``'s notebook and cards.  Esc, N or "Done — hide" closes it."""

    def __init__(self, app, match, seat: int) -> None:
        super().__init__(app)
        self.match = match
        self.seat = seat
        self.auto = match.auto_ticks(seat)
        self.marks = match.notebooks.setdefault(seat, {})
        self.rows: list[RowButton] = []
        self.headers: list[tuple[str, int, int]] = []
        for x, groups in COLUMNS:
            y = 80
            for title, cards in groups:
                self.headers.append((title, x, y))
                y += HEADER_H
                for c in cards:
                    b = RowButton(pygame.Rect(x, y, COL_W, ROW_H), card(c), data=c)
                    b.owner = self
                    b.on_press = lambda c=c: self.cycle(c)
                    self.rows.append(b)
                    y += ROW_STEP
                y += 6
        self.done_button = Button(pygame.Rect(RIGHT_X, 610, COL_W, 60), _("Done — hide"), self.done, hint="Esc")
        self.focus = FocusGroup(self.rows + [self.done_button])
        self.fact_note: str | None = None   # the ticked row last pressed (its mark cannot change)

    def auto_text(self, card: str) -> str:
        why = self.auto.get(card)
        if why == "hand":
            return _("In my hand")
        if why and why.startswith("shown:"):
            return fmt("Shown by {name}", name=self.match.suspects[int(why[6:])])
        return ""

    def cycle(self, card: str) -> None:
        """Cycle ``card``'s manual mark; rows ticked for you are facts and stay."""
        if card in self.auto:
            self.fact_note = card
            self.app.play("wrong")
            return
        self.fact_note = None
        self.match.cycle_mark(self.seat, card)
        self.app.autosave(self.match)  # each mark is kept at once, even if the game is killed
        self.app.play("click")

    def legend(self) -> str:
        """The hint line under the rooms."""
        if self.fact_note:
            return fmt("{card} is ticked for you: it is a fact ({why}), so its mark cannot change. "
                       "Change the marks of the other rows.", card=self.fact_note, why=self.auto_text(self.fact_note))
        return prompts.fmt(_("Press {confirm} or click a row to change its mark: blank, X (not it), ? (maybe), "
                             "✓ (seen). Green rows are facts (in your hand or shown to you), ticked for you; they "
                             "do not change."))

    def done(self) -> None:
        self.app.play("click")
        self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.BACK, Kind.NOTEBOOK):
            self.done()
            return True
        return self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        suspect = self.match.suspects[self.seat]
        img = assets.token(suspect, 44)
        surface.blit(img, (36, 16))
        theme.blit_text(surface, fmt("{name}'s notebook", name=self.match.suspects[self.seat]), (92, 38),
                        theme.TITLE, theme.BRASS, True, "midleft", 1150)
        for title, x, y in self.headers:
            theme.blit_text(surface, _(title), (x, y + HEADER_H // 2), theme.BODY, theme.BRASS, True, "midleft")
        theme.blit_text(surface, _("Mark"), (RIGHT_X + COL_W - MARK_W // 2 - 4, 80 + HEADER_H // 2), theme.SMALL,
                        theme.MUTED, False, "center")
        theme.blit_text(surface, _("Mark"), (LEFT_X + COL_W - MARK_W // 2 - 4, 80 + HEADER_H // 2), theme.SMALL,
                        theme.MUTED, False, "center")
        legend = pygame.Rect(RIGHT_X, 462, COL_W, 140)
        theme.blit_wrapped(surface, self.legend(), legend, theme.SMALL,
                           theme.BRASS if self.fact_note else theme.CREAM)
        self.focus.draw(surface)
        footer_hint(surface, _("{move} to move, {confirm} to mark, {back} or {notebook} to hide"))

    def widgets(self) -> list:
        out: list = list(self.focus.buttons)
        for r in self.rows:
            out.append(Label(pygame.Rect(0, 0, note_width(r.rect), 30),
                             self.auto_text(r.data) or fmt("Shown by {name}", name="mustard"),
                             theme.SMALL))
        out.append(Label(pygame.Rect(92, 20, 1150, 40), fmt("{name}'s notebook", name=self.match.suspects[self.seat]), theme.TITLE, True))
        return out


class NotebookChooser(Scene):
    """With several people at the table and a computer to move: whose notebook?"""

    opaque = False

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        humans = match.humans
        h = 120 + len(humans) * 66 + 70
        self.box = pygame.Rect(0, 0, 560, h)
        self.box.center = (640, 360)
        buttons = []
        for i, seat in enumerate(humans):
            buttons.append(Button(pygame.Rect(self.box.left + 40, self.box.top + 90 + i * 66, 480, 56),
                                  match.seat_name(seat), lambda s=seat: self.open(s),
                                  colour=theme.suspect_colour(match.suspects[seat])))
        buttons.append(Button(pygame.Rect(self.box.left + 40, self.box.bottom - 76, 480, 56), _("Cancel"),
                              self.cancel, hint="Esc"))
        self.focus = FocusGroup(buttons)

    def open(self, seat: int) -> None:
        from game.ui.scenes.cover import open_private

        self.app.pop(self)
        open_private(self.app, self.match, seat, lambda: NotebookScene(self.app, self.match, seat), optional=True,
                     reason=_("Your cards and notebook are next."))

    def cancel(self) -> None:
        self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.BACK:
            self.cancel()
            return True
        return self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface)
        theme.panel(surface, self.box, theme.PANEL, theme.BRASS, 18, 4)
        theme.blit_text(surface, _("Whose notebook?"), (self.box.centerx, self.box.top + 24), theme.TITLE,
                        theme.BRASS, True, "midtop")
        self.focus.draw(surface)

    def widgets(self) -> list:
        return list(self.focus.buttons)
