"""Game over, as both games show it: who won (or nobody), the three hidden
cards face up, Play again / Title.  The board game's scene
(:mod:`game.ui.board.gameover`) and the card game's
(:mod:`game.ui.cardgame.gameover`) say who won and how to play again.

For :data:`~game.ui.scene.GAME_OVER_GUARD` seconds after it appears the
screen ignores all input and its buttons are dimmed, so Enter pressed to hurry
the computer players cannot skip the result."""

from __future__ import annotations

import math
import random

import pygame

from game.ui import assets, theme
from game.ui.i18n import _, fmt
from game.ui.input import Intent, Kind
from game.ui.registry import make
from game.ui.scene import GAME_OVER_GUARD, InputGuard, Scene
from game.ui.widgets import Button, FocusGroup, Label, footer_hint


class GameOverBase(Scene):
    """The end of ``match``: the title, the winner's token, the hidden cards
    face up, confetti when someone won, Play again / Title screen.  A game's
    scene says :meth:`result` and :meth:`play_again`."""

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
        token, or None), ``envelope`` (the three hidden cards) and
        ``last_standing`` (the game's own)."""
        raise NotImplementedError

    def play_again(self) -> None:
        """The same table again with a new shuffle (the game's own)."""
        raise NotImplementedError

    def to_title(self) -> None:
        self.app.play("click")
        self.app.reset(make("title", self.app))

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
