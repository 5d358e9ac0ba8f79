"""The board game's two layouts of the logical 1280 x 720 picture.

Both draw the mansion on the left in square squares of 28 x 28 logical
pixels (the board 672 x 700, 53 % of the width), the panels on the right.
*Standard* puts the die in a tray beside the buttons.  *TV* (couch mode)
wins its room by arrangement, never by stretching: the die is rolled on the
board, in the case-file space under the envelope; the tokens are 27 pixels,
not 26 (a pixel short of the square, so pieces on neighbouring squares never
touch); the panels get the whole width right of the board, so the log's
lines run longer; and where the standard layout keeps the die's tray, left
of the buttons, the TV's felt holds the table's seats, a plaque each (who
plays, whose turn, the cards held: what the whole room may see).  A TV is
sharp because the window draws at its own resolution (:mod:`game.ui.draw.gfx`):
at 1920 x 1080 a square is 42 device pixels, at 3840 x 2160 84.

The setting ``layout`` ("auto", "standard", "tv") chooses; "auto" takes TV
when the window is wider than :data:`TV_WIDTH` pixels (:func:`layout_for`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.storage.settings import LAYOUTS

__all__ = ["LAYOUTS", "TV_WIDTH", "BoardLayout", "STANDARD", "TV", "layout_for"]
#: "auto" takes the TV layout in a window wider than this (pixels).
TV_WIDTH = 1600


@dataclass(frozen=True)
class BoardLayout:
    """Where the board game's parts go (logical pixels).

    ``origin``: the board's top-left pixel; ``square``: one board square's
    (width, height), equal in every layout (a stretched square would stretch
    every picture on the board); ``token``: a token's box side; ``weapon``: a weapon
    icon's side; ``disc``: the side of a weapon's piece on the board (its place);
    ``hud_x``, ``hud_w``: the panels' left edge and width; ``button_x``,
    ``button_w``: the buttons' left edge and width; ``die_on_board``: the
    die is rolled on the board, in the middle of the case-file space, else
    its panel is at the buttons' left; ``seats_w``: the width of the column
    of the seats' plaques at the buttons' left (0: none); ``turn_h``: the whose-turn panel's height at the top
    (104 and more: its status line may take two lines); ``button_y``: the
    first button's top (then one every 56 pixels, 50 high, the notebook's
    in the sixth place); ``button_step``, ``button_h``: pixels from one
    button to the next, and a button's height; the log takes the rest, from
    6 pixels under the notebook's button to 6 pixels above the bottom.
    """

    name: str
    origin: tuple[int, int]
    square: tuple[int, int]
    token: int
    weapon: int
    disc: int
    hud_x: int
    hud_w: int
    button_x: int
    button_w: int
    die_on_board: bool = False
    seats_w: int = 0
    turn_h: int = 102
    button_y: int = 120
    button_step: int = 54
    button_h: int = 48

    @property
    def turn_rect(self) -> pygame.Rect:
        """Whose turn it is, and the status line."""
        return pygame.Rect(self.hud_x, 10, self.hud_w, self.turn_h)

    @property
    def die_rect(self) -> pygame.Rect:
        """The die's panel beside the buttons (one die; two dice, or on the board: see
        :func:`game.ui.board.panels.die_panel`)."""
        return pygame.Rect(self.hud_x + 12, self.button_y, 112, 2 * self.button_step + self.button_h)

    @property
    def seats_rect(self) -> pygame.Rect | None:
        """The column of the seats' plaques, beside the buttons from the first's top to 10 pixels
        above the notebook's button, which spans the panel under it (None in a layout without one)."""
        if not self.seats_w:
            return None
        return pygame.Rect(self.hud_x + 12, self.button_y, self.seats_w, 5 * self.button_step - 10)

    @property
    def table_rect(self) -> pygame.Rect:
        """The baize under the buttons (and the dice tray), from the whose-turn panel to the log."""
        top = self.turn_rect.bottom + 2
        return pygame.Rect(self.hud_x, top, self.hud_w, self.log_rect.top - 4 - top)

    @property
    def log_rect(self) -> pygame.Rect:
        """The public log, with the rules line and the key hint at its bottom."""
        top = self.button_y + 5 * self.button_step + self.button_h + 6
        return pygame.Rect(self.hud_x, top, self.hud_w, 714 - top)


#: 1280 x 720 and smaller windows: the layout every screen was made for.
STANDARD = BoardLayout("standard", origin=(10, 10), square=(28, 28), token=26, weapon=24, disc=28,
                       hud_x=700, hud_w=570, button_x=834, button_w=428)
#: Couch mode: the same square board, tokens of 27 (the largest that leaves a pixel between pieces on
#: neighbouring squares, so none covers a neighbour's door or name), the die on the board, the whose-turn panel taller (its status on two lines
#: when long), the panels 576 wide; the seats' plaques where the standard layout has its tray (212 wide: the
#: longest surname and level in large text beside a 54-pixel portrait), the turn's buttons right of them,
#: ending where the standard's do, and the notebook's button under them all, as wide as the panel.
TV = BoardLayout("tv", origin=(10, 10), square=(28, 28), token=27, weapon=26, disc=28,
                 hud_x=694, hud_w=576, button_x=930, button_w=332, die_on_board=True, seats_w=212, turn_h=106,
                 button_y=124)


def layout_for(choice: str, window_width: int) -> BoardLayout:
    """The layout for the setting ``choice`` ("auto", "standard" or "tv";
    anything else counts as "auto") in a window ``window_width`` pixels wide."""
    if choice == "tv" or (choice not in ("standard", "tv") and window_width > TV_WIDTH):
        return TV
    return STANDARD
