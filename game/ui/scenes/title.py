"""The title screen: Continue (a saved game), Play (quick start: one press on a
level starts a game against three computer players of that level), New game
(full setup), Rules (how to play), Settings (language, sound, text size, speed,
controls ...), Quit."""

from __future__ import annotations

import logging
import math
from functools import partial
from typing import Callable

import pygame

from game.rules.cards import SUSPECTS
from game.storage.settings import (
    PLAY_LEVELS as LEVELS,  # = game.ui.bases.match.LEVELS, without importing a match at start-up
)
from game.ui.draw import assets, theme
from game.ui.draw.widgets import Button, FocusGroup, Label, footer_hint
from game.ui.mansion import scenery
from game.ui.shell.i18n import _, level_label
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import make
from game.ui.shell.scene import Scene, SharedScreens

#: Seconds the title's mansion takes to fade in when the window opens.
FADE_IN = 0.3

log = logging.getLogger(__name__)

#: The Play row's level buttons: width and gap in pixels; the caption "Play" left of them, at most CAPTION_W wide.
#: 240 holds "Beginner" beside the focused button's "Enter" at full size.
LEVEL_W, LEVEL_GAP, CAPTION_W = 240, 8, 120
#: Pixels between the caption "Play" and its first level button.
CAPTION_GAP = 14
#: Pixels the Play row stands further off the buttons above and below it than they stand off each
#: other: a focused button's halo (5 pixels) then keeps clear of its neighbour.
ROW_CLEAR = 6


class TitleScene(SharedScreens, Scene):
    """The first screen.  Play starts you as Miss Scarlet against three computer
    players of the level pressed in its row (one press), remembered in the
    settings (``play_level``; easy before the first game)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.t = 0.0
        #: None: the mansion is drawn whole; 0..1: it is fading in after the window's first frame
        self.picture_shown: float | None = None
        self.focus = FocusGroup()
        self._build()

    def speech_name(self) -> str | None:
        """Read aloud when this screen opens: the game's name."""
        return _("Clue")

    def _build(self) -> None:
        """One column of buttons, 400 x 48 pixels every 52 from y 256 (the Play row
        :data:`ROW_CLEAR` further apart):
        Continue (when a game was saved), Play, New game, Learn to play, Card
        game, Rules, Settings, Quit — Up and Down reach every one."""
        app = self.app
        entries: list[tuple[str, Callable[[], None] | None]] = []
        if app.store.can_continue():   # a game in progress was saved: Continue comes first
            card_game = getattr(app.store.saved_game, "mode", "board") == "card-game"
            entries.append((_("Continue the card game") if card_game else _("Continue"), self.continue_game))
        entries += [(_("Play"), None), (_("New game"), self.new_game), (_("Learn to play"), self.learn),
                    (_("Card game"), self.card_game), (_("Rules"), self.rules), (_("Settings"), self.settings),
                    (_("Quit"), self.ask_quit)]
        x, w, step = 640 - 200, 400, 52
        self.buttons = []
        # the Play row stands ROW_CLEAR further off the column, so a focused level's halo never touches
        # New game (or Continue); with Continue the column starts higher to stay clear of the footer
        y = 256 - (ROW_CLEAR + 2 if len(entries) > 7 else 0)
        for i, (label, fn) in enumerate(entries):
            if i > 0 and (fn is None or entries[i - 1][1] is None):
                y += ROW_CLEAR
            if fn is None:
                self.buttons += self._level_row(y)
            else:
                self.buttons.append(Button(pygame.Rect(x, y, w, 48), label, fn))
            y += step
        by_fn = {b.on_press: b for b in self.buttons}
        self.continue_button = by_fn.get(self.continue_game)
        self.new_game_button, self.learn_button = by_fn[self.new_game], by_fn[self.learn]
        self.rules_button, self.settings_button = by_fn[self.rules], by_fn[self.settings]
        self.quit_button = by_fn[self.ask_quit]
        first = self.continue_button or self.level_buttons[self.remembered_level()]
        self.focus.set(self.buttons, self.focus.focus if self.focus.buttons else self.buttons.index(first))

    def _level_row(self, y: int) -> list[Button]:
        """The Play row at height ``y``: the caption "Play" then one button per level of
        :data:`game.storage.settings.PLAY_LEVELS` (:data:`LEVEL_W` pixels wide), the whole row
        (caption included) centred on the column's axis, so it reads as one line of the menu
        with the same margin on both sides; ``level_buttons`` maps each level to its button."""
        cap_w = min(CAPTION_W, theme.fit_width(_("Play"), theme.HEADING, True, CAPTION_W))
        row_w = cap_w + CAPTION_GAP + len(LEVELS) * LEVEL_W + (len(LEVELS) - 1) * LEVEL_GAP
        left = 640 - row_w // 2
        self.play_label = Label(pygame.Rect(left, y, cap_w, 48), _("Play"), theme.HEADING, True, theme.BRASS)
        #: the row's caption and buttons: shaded as the tagline is, so the caption reads on the picture
        self.play_row = pygame.Rect(left, y, row_w, 48)
        x = left + cap_w + CAPTION_GAP
        self.level_buttons = {lv: Button(pygame.Rect(x + i * (LEVEL_W + LEVEL_GAP), y, LEVEL_W, 48), level_label(lv),
                                         partial(self.quick_start, lv), data=lv,
                                         speech=_("Play") + " — " + level_label(lv))
                              for i, lv in enumerate(LEVELS)}
        return list(self.level_buttons.values())

    def remembered_level(self) -> str:
        """The level Play was last pressed with (the settings' ``play_level``),
        or easy: before the first game, or for a level this game does not have."""
        level = self.app.store.settings.play_level
        return level if level in LEVELS else ("easy" if "easy" in LEVELS else LEVELS[0])

    def language_changed(self) -> None:
        self._build()

    def quick_start(self, level: str | None = None) -> None:
        """Start a board game as Miss Scarlet against three computer players of
        ``level`` (the remembered one when None) and remember it in the
        settings (a file that cannot be written is said on the log only: the
        game starts all the same)."""
        from game.ui.bases.match import quick_setup
        from game.ui.board.match import Match

        level = level if level in self.level_buttons else self.remembered_level()
        self.app.play("click")
        self.remember_level_for_new_game(level)
        problem = self.app.prefs.set_play_level(level)      # saves the table's levels too
        if problem:
            log.warning(problem)
        device = self.app.router.last_device      # Play pressed on a pad: that pad plays Miss Scarlet
        devices = {0: device} if device.startswith("pad:") and device in self.app.pads else {}

        def start() -> None:
            self.level_buttons[level].label = _("Opening…")     # shown at once: a new game takes seconds
            self.app.show_now()
            match = Match(self.app.board, quick_setup(self.app.new_seed(), level), devices)
            self.app.push(make("board", self.app, match))
            self.level_buttons[level].label = level_label(level)     # as it was, for the title's return
        self.app.store.replacing_saved(start)

    def remember_level_for_new_game(self, level: str) -> None:
        """New game opens on the last board table started (:meth:`SetupBase.restore_table
        <game.ui.bases.setup.SetupBase.restore_table>`): Play pressed at ``level`` is the level
        wanted now, so that table's computer players take it (its seats and rules stay), or,
        before any New game, the table Play starts is remembered.  Saved with the settings."""
        from game.ui.bases.match import QUICK_OPPONENTS

        tables = self.app.store.settings.tables
        table = tables.get("board")
        if isinstance(table, dict) and isinstance(table.get("seats"), list):
            for seat in table["seats"]:
                if isinstance(seat, list) and len(seat) == 3 and seat[1] == "computer":
                    seat[2] = level
        else:
            tables["board"] = {"seats": [["scarlet", "human", level]]
                               + [[s, "computer", level] for s in QUICK_OPPONENTS]}

    def learn(self) -> None:
        """The guided first game (:mod:`game.ui.lesson.coach`)."""
        from game.ui.lesson.coach import start_lesson

        self.app.play("click")
        start_lesson(self.app)

    def new_game(self) -> None:
        self.app.play("click")
        self.app.push(make("setup", self.app))

    def card_game(self) -> None:
        """The 2018 Clue Card Game's setup (:mod:`game.ui.cardgame`)."""
        self.app.play("click")
        self.app.push(make("card_setup", self.app))

    def continue_game(self) -> None:
        """Resume the saved game exactly where it was."""
        self.app.play("click")
        if not self.app.store.continue_game():
            self._build()          # the file went bad meanwhile: no Continue any more
            self.app.store.show_file_messages()

    def ask_quit(self) -> None:
        """Quit, after a Yes."""
        self.app.play("click")
        self.app.push(make("confirm", self.app, _("Quit the game?"), self.app.quit))

    def on_resume(self) -> None:
        if (self.continue_button is not None) != self.app.store.can_continue():
            self._build()          # a game was saved or finished meanwhile: the first item (Continue) focused
            self.focus.set(self.buttons, 0)

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.BACK:
            # Back asks "Quit the game?" (No focused, Back again answers No) instead of moving the
            # focus to Quit unsaid; a held Back (the Esc that left a finished game) stays put
            if not intent.repeat:
                self.ask_quit()
            return True
        if intent.kind in (Kind.UP, Kind.DOWN, Kind.LEFT, Kind.RIGHT) and self.focus.focused is not None:
            return self._move(intent.kind)
        return self.focus.handle(intent)

    def _move(self, kind: Kind) -> bool:
        """Up and Down go from line to line of the column, the Play row being
        one line (entered at the remembered level); Left and Right move along
        the Play row only.  False when there is nowhere to go."""
        lines: list[list[Button]] = []
        for b in self.buttons:
            if lines and lines[-1][0].rect.top == b.rect.top:
                lines[-1].append(b)
            else:
                lines.append([b])
        here = self.focus.focused
        i = next(k for k, line in enumerate(lines) if here in line)
        assert here is not None          # found on a line
        if kind in (Kind.LEFT, Kind.RIGHT):
            j = lines[i].index(here) + (1 if kind is Kind.RIGHT else -1)
            if not 0 <= j < len(lines[i]):
                return False
            target = lines[i][j]
        else:
            i += 1 if kind is Kind.DOWN else -1
            if not 0 <= i < len(lines):
                return False
            row = lines[i]
            target = self.level_buttons[self.remembered_level()] if len(row) > 1 else row[0]
        self.focus.focus_on(target)
        return True

    def update(self, dt: float) -> None:
        self.t += dt
        if self.picture_shown is not None:
            self.picture_shown = min(1.0, self.picture_shown + dt / FADE_IN)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self.app.first_frame and not scenery.mansion_front_ready(size):
            # the window's first frame: words and buttons on wood at once; the mansion and the
            # suspects (a tenth of a second to paint) fade in over the next frames
            theme.background(surface)
            self.picture_shown = 0.0
        elif self.picture_shown is not None and self.picture_shown < 1.0:
            theme.background(surface)
            pic = scenery.mansion_front(size)
            pic.set_alpha(round(255 * self.picture_shown))
            surface.blit(pic, (0, 0))
            pic.set_alpha(None)
        else:
            surface.blit(scenery.mansion_front(size), (0, 0))
        env = assets.envelope(84)
        surface.blit(env, env.get_rect(center=(640, 46)))
        theme.blit_text(surface, _("Clue"), (644, 137), 88, (20, 12, 10), True, "center", display=True)  # shadow 4 px off
        theme.blit_text(surface, _("Clue"), (640, 133), 88, theme.BRASS, True, "center", display=True)
        tagline = _("Who did it, where, and with what?")
        line = theme.text(tagline, theme.HEADING, theme.CREAM, False, 600).get_rect(center=(640, 212))
        theme.shade(surface, line.inflate(36, 10), 190, theme.BG_DARK)    # the picture behind stays out of the words
        theme.blit_text(surface, tagline, (640, 212), theme.HEADING, theme.CREAM, False, "center", 600)
        n = len(SUSPECTS)
        for i, s in enumerate(SUSPECTS if self.picture_shown != 0.0 else ()):   # on the lawn, by the drive
            bob = 4 * math.sin(self.t * 2 + i)
            img = assets.token(s, 56)
            side = i < n // 2
            x = 170 + i * 70 if side else 1110 - (n - 1 - i) * 70
            surface.blit(img, img.get_rect(center=(x, 636 + bob)))
        theme.shade(surface, self.play_row.inflate(24, 8), 190, theme.BG_DARK)
        self.play_label.draw(surface)
        self.focus.draw(surface)
        footer_hint(surface, _("{move} or mouse to choose, {confirm} or click to press"))

    def widgets(self) -> list:
        return self.buttons + [Label(pygame.Rect(340, 182, 600, 60), _("Who did it, where, and with what?"),
                                     theme.HEADING), self.play_label]
