"""Game over: who won (or nobody), the envelope's three cards face up, Play again / Title.

For :data:`~game.ui.scene.GAME_OVER_GUARD` seconds after it appears the
screen ignores all input and its buttons are dimmed, so Enter pressed to hurry
the computer players cannot skip the result."""

from __future__ import annotations

import math
import random

import pygame

from game.rules import events as ev
from game.ui import assets, theme
from game.ui.i18n import _, fmt
from game.ui.input import Intent, Kind
from game.ui.scene import GAME_OVER_GUARD, InputGuard, Scene
from game.ui.widgets import Button, FocusGroup, Label, footer_hint


class GameOverScene(Scene):
    """The end of ``match``.  Play again keeps the same table with a new shuffle."""

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        g = match.game
        self.result(match)
        s, w, r = self.envelope
        self.sentence = fmt("It was {s}, with the {w}, in the {r}.", s=s, r=r, w=w)
        self.again = Button(pygame.Rect(330, 600, 300, 64), _("Play again"), self.play_again, enabled=False)
        self.title_button = Button(pygame.Rect(650, 600, 300, 64), _("Title screen"), self.to_title, hint="Esc",
                                   enabled=False)
        self.focus = FocusGroup([self.again, self.title_button], focus=None)
        self.guard = InputGuard(GAME_OVER_GUARD)
        self.t = 0.0
        rng = random.Random(g.setup.seed)
        self.confetti = [(rng.uniform(0, 1280), rng.uniform(-720, 0), rng.uniform(60, 140),
                          rng.choice([(232, 184, 72), (200, 30, 45), (40, 90, 200), (40, 140, 70)]))
                         for _i in range(70)] if g.winner is not None else []

    def result(self, match) -> None:
        """Set ``title`` (who won, or nobody), ``winner_suspect`` (the winner's
        token, or None) and ``envelope`` (the three hidden cards)."""
        g = match.game
        self.envelope = g.envelope
        won = next((e for e in reversed(g.events) if isinstance(e, ev.GameWon)), None)
        #: True when the winner is the last player still in (001, option last_player_wins)
        self.last_standing = bool(won and won.last_standing)
        if g.winner is not None and self.last_standing:
            self.title = fmt("{name} wins: everyone else is out!", name=match.suspects[g.winner])
            self.winner_suspect = g.seats[g.winner].suspect
        elif g.winner is not None:
            self.title = fmt("{name} solved the case!", name=match.suspects[g.winner])
            self.winner_suspect = g.seats[g.winner].suspect
        else:
            self.title = _("Nobody solved the case")
            self.winner_suspect = None

    def play_again(self) -> None:
        from game.rules.setup import GameSetup
        from game.ui.board.match import Match
        from game.ui.registry import scene_class
        BoardScene = scene_class("board")

        setup = GameSetup(seats=self.match.setup.seats, seed=self.app.new_seed(), options=self.match.setup.options)
        self.app.play("click")
        from game.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))
        devices = {seat: d for seat, d in self.match.devices.items() if d in self.app.pads}
        self.app.push(BoardScene(self.app, Match(self.app.board, setup, devices,
                                                 notebook_mode=getattr(self.match, "notebook_mode", "hints"))))

    def to_title(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.app.play("click")
        self.app.reset(TitleScene(self.app))

    def handle(self, intent: Intent) -> bool:
        if self.guard.blocks(intent):
            return True
        if intent.kind is Kind.BACK:
            self.to_title()
            return True
        return self.focus.handle(intent)

    def update(self, dt: float) -> None:
        self.t += dt
        was = self.guard.active
        self.guard.update(dt)
        if was and not self.guard.active:
            self.again.enabled = self.title_button.enabled = True
            self.focus.focus_on(self.again)

    def keep_clear(self) -> list[pygame.Rect]:
        """Where confetti never falls (and the guided game's bubble goes last):
        the title, the envelope's cards, the sentence, the buttons and the footer."""
        title = theme.text(self.title, 48, theme.BRASS, True, 1200).get_rect(midtop=(640, 110))
        cw, ch = assets.card_size(200)
        sentence = theme.text(self.sentence, theme.BODY).get_rect(midtop=(640, 180 + ch + 24))
        cards = pygame.Rect(0, 180, 3 * cw + 2 * 40, ch)
        cards.centerx = 640
        return [title.inflate(24, 16), sentence.inflate(24, 16), cards,
                self.again.rect.union(self.title_button.rect).inflate(40, 30),
                pygame.Rect(0, 670, 1280, 50)]

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
        theme.background(surface)
        for r, c in self.confetti_rects():   # behind everything else, and never over text
            pygame.draw.rect(surface, c, r)
        if self.winner_suspect:
            img = assets.token(self.winner_suspect, 72)
            surface.blit(img, img.get_rect(center=(640, 60)))
        theme.blit_text(surface, self.title, (640, 110), 48, theme.BRASS, True, "midtop", 1200)
        w = 200
        cw, ch = assets.card_size(w)
        x0 = 640 - (3 * cw + 2 * 40) // 2
        for i, c in enumerate(self.envelope):
            surface.blit(assets.card(c, w), (x0 + i * (cw + 40), 180))
        theme.blit_text(surface, self.sentence, (640, 180 + ch + 24), theme.BODY, theme.CREAM, False, "midtop", 1200)
        self.focus.draw(surface)
        if self.guard.active:
            footer_hint(surface, _("The case is closed…"))
        else:
            footer_hint(surface, _("{confirm} to choose, {back} for the title screen"))

    def widgets(self) -> list:
        return [self.again, self.title_button, Label(pygame.Rect(40, 110, 1200, 60), self.title, 48, True),
                Label(pygame.Rect(40, 460, 1200, 30), self.sentence, theme.BODY)]
