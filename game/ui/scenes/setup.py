"""Full game setup: 3 to 6 seats, each a person or a computer player, each a
different suspect; Start or Back."""

from __future__ import annotations

import pygame

from game.rules.cards import SUSPECTS, name
from game.rules.setup import GameSetup, SeatConfig
from game.ui import assets, theme
from game.ui.i18n import _
from game.ui.input import Intent, Kind
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, FocusGroup, Label, footer_hint

ROW_Y, ROW_H, ROW_STEP = 110, 56, 66


class SetupScene(Scene):
    """Seats are ``[suspect, kind]`` pairs (kind "human" or "computer")."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.seats: list[list[str]] = [["scarlet", "human"], ["mustard", "computer"],
                                       ["white", "computer"], ["peacock", "computer"]]
        self.focus = FocusGroup()
        self._build(0)

    # ----------------------------------------------------------- actions
    def _free(self) -> list[str]:
        used = {s for s, _k in self.seats}
        return [s for s in SUSPECTS if s not in used]

    def next_suspect(self, i: int) -> None:
        """Give seat ``i`` the next suspect nobody else plays."""
        used = {s for j, (s, _k) in enumerate(self.seats) if j != i}
        k = SUSPECTS.index(self.seats[i][0])
        for step in range(1, len(SUSPECTS) + 1):
            cand = SUSPECTS[(k + step) % len(SUSPECTS)]
            if cand not in used:
                self.seats[i][0] = cand
                break
        self.app.play("click")
        self._build()

    def toggle_kind(self, i: int) -> None:
        self.seats[i][1] = "computer" if self.seats[i][1] == "human" else "human"
        self.app.play("click")
        self._build()

    def remove(self, i: int) -> None:
        """Remove seat ``i``; the focus stays on the same row (the row above
        when the last row went), never jumping to Back."""
        if len(self.seats) > 3:
            del self.seats[i]
            self.app.play("click")
            row = min(i, len(self.seats) - 1)
            self._build()
            self.focus.focus_on(self.row_buttons[row][-1])

    def add(self) -> None:
        free = self._free()
        if len(self.seats) < 6 and free:
            self.seats.append([free[0], "computer"])
            self.app.play("click")
            self._build()

    def start(self) -> None:
        from game.ui.match import Match
        from game.ui.scenes.board import BoardScene

        setup = GameSetup(seats=tuple(SeatConfig(s, k) for s, k in self.seats), seed=self.app.new_seed())
        self.app.play("click")
        self.app.replace(BoardScene(self.app, Match(self.app.board, setup)))

    def back(self) -> None:
        self.app.pop(self)

    # ------------------------------------------------------------ layout
    def _build(self, focus: int | None = None) -> None:
        buttons: list[Button] = []
        self.labels: list[Label] = []
        #: each seat's buttons, left to right (name, kind, and Remove while there are more than 3)
        self.row_buttons: list[list[Button]] = []
        for i, (s, kind) in enumerate(self.seats):
            y = ROW_Y + i * ROW_STEP
            row = [Button(pygame.Rect(150, y, 400, ROW_H), _(name(s)), lambda i=i: self.next_suspect(i),
                          colour=theme.suspect_colour(s)),
                   Button(pygame.Rect(566, y, 256, ROW_H), _("Person") if kind == "human" else _("Computer"),
                          lambda i=i: self.toggle_kind(i))]
            if len(self.seats) > 3:
                row.append(Button(pygame.Rect(838, y, 226, ROW_H), _("Remove"), lambda i=i: self.remove(i)))
            self.row_buttons.append(row)
            buttons += row
            self.labels.append(Label(pygame.Rect(60, y, 80, ROW_H), _("Seat {n}").format(n=i + 1), theme.SMALL))
        y = ROW_Y + len(self.seats) * ROW_STEP
        if len(self.seats) < 6:
            buttons.append(Button(pygame.Rect(150, y, 400, ROW_H), _("Add a player"), self.add))
        self.start_button = Button(pygame.Rect(1060, 520, 190, 64), _("Start"), self.start)
        self.back_button = Button(pygame.Rect(1060, 600, 190, 64), _("Back"), self.back, hint="Esc")
        buttons += [self.start_button, self.back_button]
        old = self.focus.focus if focus is None else focus
        self.focus.set(buttons, min(old, len(buttons) - 1))

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.BACK:
            self.back()
            return True
        return self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.blit_text(surface, _("New game"), (60, 24), theme.TITLE, theme.BRASS, True)
        theme.blit_text(surface, _("Who is playing? 3 to 6 players."), (60, 88), theme.BODY, theme.CREAM,
                        False, "midleft")
        for lab in self.labels:
            lab.draw(surface)
        for i, (s, _k) in enumerate(self.seats):
            img = assets.token(s, 44)
            surface.blit(img, img.get_rect(center=(1110, ROW_Y + i * ROW_STEP + ROW_H // 2)))
        humans = sum(1 for _s, k in self.seats if k == "human")
        tip = (_("Everyone shares this screen. Private cards appear behind a cover, so the others look away.")
               if humans >= 2 else _("Press a name to pick another suspect. Press Person or Computer to switch."))
        theme.blit_wrapped(surface, tip, pygame.Rect(150, 540, 860, 100), theme.SMALL, theme.MUTED)
        self.focus.draw(surface)
        footer_hint(surface, _("Arrows to move, Enter to change or start, Esc to go back"))

    def widgets(self) -> list:
        return list(self.focus.buttons) + self.labels
