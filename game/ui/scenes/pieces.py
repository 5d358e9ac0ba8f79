"""Who is who: the six suspects' pawns as most people see them and, beside
them, as a person with deuteranopia sees them (simulated, :mod:`game.ui.draw.cvd`).

Each pawn has its own colour and its own shape (:data:`game.ui.draw.pawns.SHAPES`),
so the right-hand copy still tells every suspect apart where two colours
become one.  Shown by ``--screenshot --scene tokens``; Esc or Enter goes back.
"""

from __future__ import annotations

import pygame

from game.rules.cards import SUSPECTS
from game.ui.draw import assets, cvd, gfx, theme
from game.ui.draw.widgets import Label
from game.ui.shell.i18n import _, card
from game.ui.shell.input import Intent, Kind
from game.ui.shell.scene import Scene

#: The two panels (logical pixels): as seen by most people, and simulated.
LEFT, RIGHT = pygame.Rect(40, 170, 580, 470), pygame.Rect(660, 170, 580, 470)
#: The large pawns (pixels) and their grid inside a panel: 3 columns, 2 rows.
BIG, COL_W, ROW_H = 76, 190, 160
#: A light floor square of the board, under the pawns at board size.
FLOOR, FLOOR_LINE = (236, 222, 196), (196, 176, 146)


class PiecesScene(Scene):
    """The pawns, large and at board size (the board's own token size, pixels),
    normal on the left and under simulated deuteranopia on the right.  Needs
    the board (``app.board``) for the token size.

    Shown by ``--screenshot --scene tokens`` only (no menu opens it yet), so
    the monkey test does not look for it (:attr:`screenshot_only`)."""

    #: reached only by ``--screenshot``: :func:`game.commands.soak.all_scene_names` leaves it out
    screenshot_only = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.token_size = app.board_view().token_size
        self.normal = self._sheet()
        self.seen = cvd.surface(self.normal, "deuteranopia")

    def _names(self) -> list[Label]:
        """Each suspect's name under its pawn, one label per line (a long name
        takes two lines), in panel coordinates, in the order of ``SUSPECTS``."""
        out = []
        line = theme.font(theme.SMALL, True).get_linesize()
        for i, s in enumerate(SUSPECTS):
            x, y = 10 + (i % 3) * COL_W, 20 + (i // 3) * ROW_H + BIG + 4
            for k, text in enumerate(theme.wrap(card(s), COL_W - 16, theme.SMALL, True)[:2]):
                out.append(Label(pygame.Rect(x, y + k * line, COL_W - 16, line), text, theme.SMALL, True,
                                 theme.INK, "center"))
        return out

    def _pawn_spots(self) -> list[tuple[int, int]]:
        """The midbottom of each large pawn, in panel coordinates."""
        return [(10 + (i % 3) * COL_W + (COL_W - 16) // 2, 20 + (i // 3) * ROW_H + BIG) for i in range(len(SUSPECTS))]

    def _sheet(self) -> pygame.Surface:
        """The left panel's picture: the large pawns with names, then a row of
        board squares with the pawns at board size."""
        s = gfx.surface(LEFT.size)
        s.fill(theme.PAPER)
        for spot, suspect in zip(self._pawn_spots(), SUSPECTS, strict=True):
            img = assets.token(suspect, BIG)
            s.blit(img, img.get_rect(midbottom=spot))
        for label in self._names() + [self._caption()]:
            label.draw(s)
        sq = self.token_size + 2
        row = pygame.Rect(0, 0, sq * 11, sq)
        row.midtop = (LEFT.width // 2, 2 * ROW_H + 80)
        gfx.rect(s, FLOOR, row)
        for k in range(12):
            gfx.line(s, FLOOR_LINE, (row.left + k * sq, row.top), (row.left + k * sq, row.bottom - 1))
        gfx.rect(s, FLOOR_LINE, row, 1)
        for i, suspect in enumerate(SUSPECTS):
            img = assets.token(suspect, self.token_size)
            s.blit(img, img.get_rect(center=(row.left + (2 * i + 0.5) * sq, row.centery)))
        return s

    @staticmethod
    def _caption() -> Label:
        """The words over the row of board squares, in panel coordinates."""
        return Label(pygame.Rect(10, 2 * ROW_H + 40, LEFT.width - 20, 30), _("On the board, at their real size:"),
                     theme.SMALL, False, theme.INK, "center")

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.BACK, Kind.CONFIRM):
            self.app.pop(self)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        for label in self.widgets():
            label.draw(surface)
        for rect, img in ((LEFT, self.normal), (RIGHT, self.seen)):
            surface.blit(img, rect)
            gfx.rect(surface, theme.PANEL_EDGE, rect, 3, border_radius=4)

    def widgets(self) -> list:
        out = [Label(pygame.Rect(0, 30, 1280, 56), _("Who is who"), theme.TITLE, True, theme.BRASS, "center"),
               Label(pygame.Rect(40, 88, 1200, 34), _("Every suspect has a colour and a shape of their own."),
                     theme.BODY, False, theme.CREAM, "center"),
               Label(pygame.Rect(LEFT.left, 128, LEFT.width, 36), _("As most people see them"), theme.BODY, True,
                     theme.CREAM, "center"),
               Label(pygame.Rect(RIGHT.left, 128, RIGHT.width, 36), _("With deuteranopia (simulated)"), theme.BODY,
                     True, theme.CREAM, "center")]
        for rect in (LEFT, RIGHT):
            out += [Label(c.rect.move(rect.topleft), c.text, c.size, c.bold, c.colour, c.align)
                    for c in self._names() + [self._caption()]]
        return out
