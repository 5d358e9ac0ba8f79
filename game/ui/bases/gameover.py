"""Game over, as both games show it: who won (or nobody), the three hidden
cards face up, Play again / Recap (the story of the game for everybody,
:class:`~game.ui.scenes.report.RecapScene`) / Title, and a "Detective report" button per seat
(:mod:`game.ui.scenes.report`: a person's behind their cover, a computer's
openly).  The board game's scene
(:mod:`game.ui.board.gameover`) and the card game's
(:mod:`game.ui.cardgame.gameover`) say who won and how to play again.

Until every key and button has been quiet for
:data:`~game.ui.shell.scene.FRESH_QUIET` seconds the screen ignores all input and
its buttons are dimmed, so Enter held or mashed to hurry the computer players
cannot skip the result; a deliberate press made after a quiet moment acts at
once, however soon after the screen appeared (a fixed wait used to swallow the
first press of someone who had stopped pressing).  Then the focus goes to the
harmless Recap, and the two buttons that end the result -- Play again and
Title screen -- take only a fresh press (:class:`~game.ui.shell.scene.FreshPressGuard`):
Enter mashed to skip the reveal opens the Recap at most, never a new game."""

from __future__ import annotations

import math
import random
from functools import partial
from typing import Callable

import pygame

from game.ui.draw import assets, gfx, theme
from game.ui.draw.widgets import Button, FocusGroup, Label, footer_hint
from game.ui.mansion import scenery
from game.ui.shell.flow import far_away, open_private
from game.ui.shell.i18n import _, feminine, fmt, pgettext
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import make
from game.ui.shell.scene import FreshPressGuard, InputGuard, Scene

#: The envelope's cards: width (pixels) and top.
CARD_W, CARD_TOP = 150, 184
#: The pictures left and right of the cards (the winner's portrait and the culprit's, or with
#: nobody winning the culprit's and the room's): side and top, pixels.
SIDE_PICTURE, SIDE_TOP = 200, 184
#: The pictures' centres: left and right of the envelope's cards (logical x).
SIDE_LEFT_X, SIDE_RIGHT_X = 170, 1110
#: A side picture's caption plate: its gap to the picture's edges (pixels).
CAPTION_PAD = 10
#: Play again / Recap / Title screen: the gap between them and the widest each may grow (pixels).
ROW_GAP, ROW_MOST = 20, 380
#: The report buttons: up to this many a row, their size and the first row's top.
REPORTS_A_ROW, REPORT_W, REPORT_H, REPORT_TOP = 3, 400, 52, 474


class GameOverBase(Scene):
    """The end of ``match``: the title, the winner's token, the hidden cards
    face up, confetti when someone won, a detective report button per seat
    (:meth:`open_report`), Play again / Title screen.  A game's scene says
    :meth:`result` and :meth:`play_again`."""

    #: set by :meth:`result`: the heading (who won), the hidden cards (ids) and
    #: the winner's token (None: nobody won)
    title: str
    envelope: tuple[str, ...]
    winner_suspect: str | None

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        g = match.game
        self.result(match)
        s, w, r = self.envelope
        self.sentence = fmt("It was {s}, with the {w}, in the {r}.", s=s, r=r, w=w)
        self.again = Button(pygame.Rect(170, 600, 300, 64), _("Play again"), self._play_again, enabled=False)
        #: the story of the game for the whole table (public, no cover)
        self.recap_button = Button(pygame.Rect(490, 600, 300, 64), _("Recap"), self.press_recap, enabled=False)
        self.title_button = Button(pygame.Rect(810, 600, 300, 64), _("Title screen"), self.to_title, hint="Esc",
                                   enabled=False)
        self._fit_row((self.again, self.recap_button, self.title_button))
        self.report_buttons = self._report_buttons(match)
        self.focus = FocusGroup([self.again, self.recap_button, self.title_button, *self.report_buttons], focus=None)
        #: held or mashed keys at the screen's start are swallowed; the first fresh press after a quiet moment acts
        self.guard: InputGuard = FreshPressGuard(app.router.input, 0.0)
        #: Play again and Title screen wipe the result: only a fresh press (no confirm mashed or held) takes them
        self.fresh = FreshPressGuard(app.router.input, 0.0, allow=(Kind.BACK, Kind.MENU, Kind.POINT))
        self.t = 0.0
        #: a report or the recap pressed: ``(button, its label, what opens it)``, opened once the
        #: button has been drawn as "Opening…" (their first open takes a second or more)
        self.opening: tuple[Button, str, Callable[[], None]] | None = None
        self._drawn_opening, self._waited_opening = False, 0
        rng = random.Random(g.setup.seed)
        self.confetti = [(rng.uniform(0, 1280), rng.uniform(-720, 0), rng.uniform(60, 140),
                          rng.choice([(232, 184, 72), (200, 30, 45), (40, 90, 200), (40, 140, 70)]))
                         for _i in range(70)] if g.winner is not None else []

    def speech_name(self) -> str | None:
        """Read aloud when the game-over screen opens: who won (its heading)."""
        return self.title

    def speech_prompt(self) -> str | None:
        """Read aloud after the heading: the three hidden cards."""
        return self.sentence

    @staticmethod
    def _fit_row(row: tuple[Button, ...]) -> None:
        """Widen the ``row`` of buttons (all one width, at least their own, centred on the screen
        with :data:`ROW_GAP` between) so that each label fits at its full size beside its key hint:
        a long label (Spanish "Jugar otra vez" in large text) is never drawn smaller than the
        others, up to the width the screen has for three (:data:`ROW_MOST`)."""
        def needed(b: Button) -> int:
            return b.rect.width - b.available_width() + theme.font(b.size, True).size(b.label)[0]

        width = max(max(b.rect.width for b in row), min(ROW_MOST, max(needed(b) for b in row)))
        x = 640 - (len(row) * width + (len(row) - 1) * ROW_GAP) // 2
        for b in row:
            b.rect = pygame.Rect(x, b.rect.top, width, b.rect.height)
            x += width + ROW_GAP

    def _report_buttons(self, match) -> list[Button]:
        """A button per seat, named and coloured by its token, in rows of
        :data:`REPORTS_A_ROW` centred under the heading; a name too long for its button at
        the full text size makes every button show its last word (the surname) instead of smaller letters."""
        seats = list(range(len(match.suspects)))
        rows = [seats[i:i + REPORTS_A_ROW] for i in range(0, len(seats), REPORTS_A_ROW)]
        out: list[Button] = []
        for r, row in enumerate(rows):
            x0 = 640 - (len(row) * REPORT_W + (len(row) - 1) * 20) // 2
            for i, seat in enumerate(row):
                rect = pygame.Rect(x0 + i * (REPORT_W + 20), REPORT_TOP + r * (REPORT_H + 8), REPORT_W, REPORT_H)
                out.append(Button(rect, match.seat_name(seat), partial(self.press_report, seat), enabled=False,
                                  colour=theme.suspect_colour(match.suspects[seat]), data=seat))
        if any(theme.font(b.size, True).size(b.label)[0] > b.available_width() for b in out):
            # a name too long at full size (Catalan "Senyoreta Amapola" in large text): every button
            # shows the surname alike, which the colour dot makes plain; read aloud in full
            for b in out:
                b.label, b.speech = b.label.split()[-1], b.label
        return out

    def open_report(self, seat: int) -> None:
        """The detective report of ``seat``: a person's behind their cover
        (:func:`~game.ui.shell.flow.open_private`: only made once the cover is
        accepted) whenever another person played this game too -- also when a
        computer took that person's seat over, for they may still be at the
        table -- a computer's straight away."""
        self.app.play("click")

        def build():
            return make("report", self.app, self.match, seat)

        reason = _("Your detective report is next.")
        if self.match.is_human(seat) and far_away(self.app, self.match, seat):
            return
        if self.match.is_human(seat) and not self.match.needs_cover and len(self.match.people_seats()) > 1:
            self.app.push(make("cover", self.app, self.match, seat, build, True, reason))
        elif self.match.is_human(seat):
            open_private(self.app, self.match, seat, build, optional=True, reason=reason)
        else:
            self.app.push(build())

    def press_report(self, seat: int) -> None:
        """A report button pressed: a computer's report is opened the frame after the press
        shows (:meth:`open_soon`); a person's cover is cheap and comes at once."""
        if self.match.is_human(seat):
            self.open_report(seat)
        else:
            self.open_soon(next(b for b in self.report_buttons if b.data == seat), partial(self.open_report, seat))

    def press_recap(self) -> None:
        """Recap pressed: opened the frame after the press shows (:meth:`open_soon`)."""
        self.open_soon(self.recap_button, self.open_recap)

    def open_soon(self, button: Button, open_it: Callable[[], None]) -> None:
        """Show at once that ``button`` was pressed -- its label becomes "Opening…" in the
        frame drawn next -- and run ``open_it`` (a report or the recap, whose first open
        takes a second or more) on the update after that frame, so the press never seems lost."""
        if self.opening is None:
            self.opening = (button, button.label, open_it)
            self._drawn_opening, self._waited_opening = False, 0
            if not button.speech:
                button.speech = button.label      # read aloud: still its name (the screen opening says itself)
            button.label = _("Opening…")

    def open_recap(self) -> None:
        """The story of the game (:class:`~game.ui.scenes.report.RecapScene`):
        public events only, so openly, for everybody."""
        self.app.play("click")
        self.app.push(make("recap", self.app, self.match))

    def coach_target(self, action=None) -> pygame.Rect | None:
        """The guided game points at "Title screen"; the focus stays on a
        report button the learner moved to (:meth:`coach_free`)."""
        if self.focus.focused in self.coach_free():
            return self.title_button.rect
        return super().coach_target(action)

    def coach_free(self) -> list[Button]:
        """The learner may open the detective reports in the guided game (once the guard is over)."""
        return [b for b in self.report_buttons if b.enabled]

    def result(self, match) -> None:
        """Set ``title`` (who won, or nobody), ``winner_suspect`` (the winner's
        token, or None), ``envelope`` (the three hidden cards) and
        ``last_standing`` (the game's own)."""
        raise NotImplementedError

    def play_again(self) -> None:
        """The same table again with a new shuffle (the game's own)."""
        raise NotImplementedError

    def _play_again(self) -> None:
        """Play again pressed: the same people at the same table keep their phones'
        codes (``app.phones.keep_codes``; a game started any other way gets new ones,
        so a phone from an earlier game never sees the next player's cards)."""
        phones = getattr(self.app, "phones", None)
        if phones is not None:
            phones.keep_codes = True
        self.play_again()

    def to_title(self) -> None:
        self.app.play("click")
        self.app.reset(make("title", self.app))

    def handle(self, intent: Intent) -> bool:
        if self.guard.blocks(intent):
            return True
        if self.ends_result(intent) and self.fresh.blocks(intent):
            return True                   # mashed or held: Play again / Title screen wait for a fresh press
        if intent.kind is Kind.BACK:
            self.to_title()
            return True
        return self.focus.handle(intent)

    def ends_result(self, intent: Intent) -> bool:
        """True when ``intent`` would press Play again or Title screen (Enter on
        them, or a click on them): the buttons that leave the result for good."""
        ending = (self.again, self.title_button)
        if intent.kind is Kind.CONFIRM:
            return self.focus.focused in ending
        return intent.kind is Kind.CLICK and intent.pos is not None and any(
            b.rect.collidepoint(intent.pos) for b in ending)

    def update(self, dt: float) -> None:
        if self.opening is not None and not self._drawn_opening:
            self._waited_opening += 1            # never drawn (a run without a window): open one update late
        if self.opening is not None and (self._drawn_opening or self._waited_opening > 1):
            button, label, open_it = self.opening
            self.opening = None
            button.label = label
            if button.speech == label:
                button.speech = ""
            open_it()
        self.t += dt
        self.guard.update(dt)
        self.fresh.update(dt)
        if not self.guard.active and isinstance(self.guard, FreshPressGuard):
            self.guard = InputGuard(0.0)     # open for good: a press on the way back from a report never shuts it
            self.again.enabled = self.title_button.enabled = self.recap_button.enabled = True
            for b in self.report_buttons:
                b.enabled = True
            self.focus.focus_on(self.recap_button)      # harmless: Enter opens the story, never a new game

    def keep_clear(self) -> list[pygame.Rect]:
        """Where confetti never falls (and the guided game's bubble goes last):
        the title, the envelope's cards, the sentence, the portraits, the buttons and the footer."""
        title = theme.text(self.title, 48, theme.BRASS, True, 1200, True).get_rect(midtop=(640, 110))
        cw, ch = assets.card_size(CARD_W)
        sentence = theme.text(self.sentence, theme.BODY).get_rect(midtop=(640, CARD_TOP + ch + 10))
        cards = pygame.Rect(0, CARD_TOP, 3 * cw + 2 * 40, ch)
        cards.centerx = 640
        reports = [self.reports_heading().rect.inflate(24, 8)] + [b.rect.inflate(16, 16) for b in self.report_buttons]
        sides = [rect.inflate(16, 16) for _img, rect in self.side_pictures()]
        return [title.inflate(24, 16), sentence.inflate(24, 16), cards, *reports, *sides,
                self.again.rect.union(self.title_button.rect).inflate(40, 30),
                pygame.Rect(0, 670, 1280, 50)]

    def sides(self) -> list[tuple[str, str]]:
        """What stands left and right of the cards, ``(card id, caption)`` each, left first.
        Someone else won: the winner's portrait ("Winner") left, the culprit's ("Culprit")
        right.  The winner is the culprit (Miss Scarlet accusing herself rightly): one
        portrait ("Winner and culprit") and the room's picture ("Crime scene"), never two
        alike.  Nobody won: the culprit's portrait left, the room's picture right.  A caption
        agrees with the suspect's gender where words have one ("Ganadora")."""
        from game.rules.cards import category

        kinds = {category(card_id): card_id for card_id in self.envelope}
        culprit, room = kinds.get("suspect"), kinds.get("room")
        winner = self.winner_suspect
        out: list[tuple[str, str]] = []
        if winner is not None and winner == culprit:
            out.append((winner, pgettext("feminine", "Winner and culprit") if feminine(winner)
                        else _("Winner and culprit")))
        elif winner is not None:
            out.append((winner, pgettext("feminine", "Winner") if feminine(winner) else _("Winner")))
            if culprit is not None:
                out.append((culprit, _("Culprit")))
            return out
        elif culprit is not None:
            out.append((culprit, _("Culprit")))
        if room is not None:
            out.append((room, _("Crime scene")))
        return out

    def side_pictures(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The pictures of :meth:`sides` (the cards' art, :data:`SIDE_PICTURE` pixels
        square in a frame), (picture, where) each, the first left of the cards and the
        second right, the winner at least as big as the culprit."""
        from game.rules.cards import category

        out = []
        for (card_id, _caption), x in zip(self.sides(), (SIDE_LEFT_X, SIDE_RIGHT_X), strict=False):
            if category(card_id) == "room":
                img = self._framed_room(card_id)
            else:
                img = assets.framed_portrait(card_id, SIDE_PICTURE)
            out.append((img, img.get_rect(midtop=(x, SIDE_TOP))))
        return out

    def captions(self) -> list[tuple[list[str], pygame.Rect]]:
        """Each side picture's caption, as its lines, and its plate (logical pixels): across
        the foot of the picture, inside its frame, so it can never meet the words beside it
        (the sentence under the cards may run as wide as the cards and both pictures)."""
        f = theme.font(theme.BODY, True)
        out = []
        for (_card, caption), (_img, rect) in zip(self.sides(), self.side_pictures(), strict=True):
            lines = theme.wrap(caption, rect.width - 2 * CAPTION_PAD - 16, theme.BODY, True)
            h = len(lines) * (f.get_height() + 4) + 6
            w = min(rect.width - 2 * CAPTION_PAD, max(f.size(x)[0] for x in lines) + 24)
            out.append((lines, pygame.Rect(rect.centerx - w // 2, rect.bottom - CAPTION_PAD - h, w, h)))
        return out

    def caption_labels(self) -> list[Label]:
        """The captions' lines, a :class:`Label` each (as drawn)."""
        line_h = theme.font(theme.BODY, True).get_height() + 4
        return [Label(pygame.Rect(plate.left + 8, plate.top + 5 + i * line_h, plate.width - 16, line_h - 4), line,
                      theme.BODY, True, theme.CREAM, "center")
                for lines, plate in self.captions() for i, line in enumerate(lines)]

    def _framed_room(self, card_id: str) -> pygame.Surface:
        """The room's card picture in a frame of the rooms' card colour."""
        frame = theme.CATEGORY_COLOURS["room"]
        rim = max(2, SIDE_PICTURE // 16)
        s = gfx.surface((SIDE_PICTURE, SIDE_PICTURE), pygame.SRCALPHA)
        s.fill((0, 0, 0, 0))
        gfx.rect(s, frame, s.get_rect(), border_radius=SIDE_PICTURE // 8)
        s.blit(assets.card_picture(card_id, SIDE_PICTURE - 2 * rim), (rim, rim))
        gfx.rect(s, theme.INK, s.get_rect(), max(1, SIDE_PICTURE // 48), border_radius=SIDE_PICTURE // 8)
        return s

    def reports_heading(self) -> Label:
        """The line above the report buttons."""
        return Label(pygame.Rect(240, REPORT_TOP - 36, 800, 30), _("Detective reports"), theme.BODY, True,
                     theme.BRASS, "center")

    def confetti_rects(self) -> list[tuple[pygame.Rect, tuple]]:
        """The confetti pieces to draw now (none over text or buttons)."""
        clear = self.keep_clear()
        out = []
        for x, y, v, c in self.confetti:
            yy = (y + v * self.t) % 760 - 20
            r = pygame.Rect(int(x + 10 * math.sin(self.t * 2 + x)), int(yy), 8, 12)
            if r.collidelist(clear) < 0:
                out.append((r, c))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(scenery.backdrop(surface.get_size()), (0, 0))
        for r, c in self.confetti_rects():   # behind everything else, and never over text
            gfx.rect(surface, c, r)
        for img, rect in self.side_pictures():
            theme.shade(surface, rect.move(6, 8), 120)        # a soft drop shadow sets the picture off
            surface.blit(img, rect)
        for _lines, plate in self.captions():               # who is who: a plate on each picture's frame
            theme.shade(surface, plate, 215, theme.BG_DARK)
            gfx.rect(surface, theme.BRASS, plate, 2, border_radius=6)
        for label in self.caption_labels():
            label.draw(surface)
        heading = theme.text(self.title, 48, theme.BRASS, True, 1200, True).get_rect(midtop=(640, 110))
        theme.shade(surface, heading.inflate(32, 4), 170, theme.BG_DARK)     # the title stands off the wall's pattern
        theme.blit_text(surface, self.title, (640, 110), 48, theme.BRASS, True, "midtop", 1200, display=True)
        cw, ch = assets.card_size(CARD_W)
        x0 = 640 - (3 * cw + 2 * 40) // 2
        for i, card_id in enumerate(self.envelope):
            surface.blit(assets.card(card_id, CARD_W), (x0 + i * (cw + 40), CARD_TOP))
        line = theme.text(self.sentence, theme.BODY, theme.CREAM, False, 1200).get_rect(midtop=(640, CARD_TOP + ch + 10))
        theme.shade(surface, line.inflate(24, 8), 170, theme.BG_DARK)      # the words stand off the picture
        theme.blit_text(surface, self.sentence, (640, CARD_TOP + ch + 10), theme.BODY, theme.CREAM, False, "midtop",
                        1200)
        self.reports_heading().draw(surface)
        self.focus.draw(surface)
        self._drawn_opening = self.opening is not None
        if self.guard.active:
            footer_hint(surface, _("The case is closed…"))
        else:
            footer_hint(surface, _("{confirm} to choose, {back} for the title screen"))

    def widgets(self) -> list:
        return [self.again, self.recap_button, self.title_button, *self.report_buttons, self.reports_heading(),
                Label(pygame.Rect(40, 110, 1200, 60), self.title, 48, True),
                Label(pygame.Rect(40, CARD_TOP + assets.card_size(CARD_W)[1] + 10, 1200, 30), self.sentence, theme.BODY),
                *self.caption_labels()]
