"""The end of a card game.

* :class:`RevealScene` -- two or more accusers turn their accusations over
  together; they are checked one by one in the engine's order and each line
  gets its ✓ or ✗ (003 "Dos o més jugadors que acusen": the first correct one
  wins; if all are wrong, everybody loses).
* :class:`CardGameOverScene` -- the game-over screen of both games
  (:class:`~game.ui.bases.gameover.GameOverBase`) with the
  Crime cards face up and who won, or that everybody lost.
"""

from __future__ import annotations

import pygame

from game.cardgame import events as ev
from game.cardgame.log import accusation_line
from game.ui.bases.gameover import GameOverBase
from game.ui.draw import theme
from game.ui.draw.widgets import Button, FocusGroup, Label, footer_hint
from game.ui.shell.i18n import _, fmt
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import make
from game.ui.shell.scene import Scene

#: Seconds between two accusations being checked (divided by the speed).
REVEAL_STEP = 0.9
BOX = pygame.Rect(90, 90, 1100, 540)
LINE_STEP = 56


class RevealScene(Scene):
    """The accusations ``[(seat, (person, weapon, location)), ...]`` of
    ``match``, checked one by one in the given order against the Crime cards;
    checking stops at the first right one.  Enter or a click shows the rest at
    once; then OK (or Enter) goes on."""

    opaque = False

    def __init__(self, app, match, accusations) -> None:
        super().__init__(app)
        self.match = match
        self.accusations = list(accusations)
        crime = match.game.crime
        #: per accusation: True right, False wrong, None not checked (after the winner)
        self.results: list[bool | None] = []
        found = False
        for _seat, triple in self.accusations:
            self.results.append(None if found else tuple(triple) == tuple(crime))
            found = found or bool(self.results[-1])
        self.shown = 0
        self.t = 0.0
        self.ok = Button(pygame.Rect(BOX.centerx - 130, BOX.bottom - 80, 260, 60), _("OK"), self.close)
        self.focus = FocusGroup([self.ok])

    @property
    def done(self) -> bool:
        return self.shown >= len(self.accusations)

    def update(self, dt: float) -> None:
        self.t += dt
        step = REVEAL_STEP / self.app.speed
        while not self.done and self.t >= step * (self.shown + 1):
            self.shown += 1
            self.app.play("chime" if self.results[self.shown - 1] else "wrong")

    def close(self) -> None:
        self.app.play("click")
        self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        if not self.done and intent.kind in (Kind.CONFIRM, Kind.CLICK, Kind.BACK):
            self.shown = len(self.accusations)
            return True
        if intent.kind is Kind.BACK:
            self.close()
            return True
        return self.focus.handle(intent)

    def title(self) -> str:
        return _("The accusations are checked one by one")

    def line(self, i: int) -> str:
        seat, triple = self.accusations[i]
        return f"{i + 1}. " + accusation_line(self.match.suspects[seat], triple)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 170)
        theme.panel(surface, BOX, theme.PANEL, theme.BRASS, 18, 4)
        theme.blit_text(surface, self.title(), (BOX.centerx, BOX.top + 20), theme.HEADING, theme.BRASS, True,
                        "midtop", BOX.width - 40)
        for i in range(self.shown):
            y = BOX.top + 90 + i * LINE_STEP
            result = self.results[i]
            mark, colour = {True: ("✓", theme.GOOD), False: ("✗", theme.BAD), None: ("–", theme.MUTED)}[result]
            theme.blit_text(surface, mark, (BOX.left + 40, y + 16), theme.HEADING, colour, True, "center")
            theme.blit_text(surface, self.line(i), (BOX.left + 70, y + 16), theme.BODY,
                            theme.CREAM if result is not None else theme.MUTED, False, "midleft", BOX.width - 100)
        if self.done:
            self.focus.draw(surface)
            footer_hint(surface, _("Press {confirm} or click to go on"))
        else:
            footer_hint(surface, _("Press {confirm} or click to see them all"))

    def widgets(self) -> list:
        return [self.ok, Label(pygame.Rect(BOX.left + 20, BOX.top + 20, BOX.width - 40, 40), self.title(),
                               theme.HEADING, True)] + [
            Label(pygame.Rect(BOX.left + 70, 0, BOX.width - 100, 40), self.line(i), theme.BODY)
            for i in range(len(self.accusations))]


class CardGameOverScene(GameOverBase):
    """The end of a :class:`~game.ui.cardgame.match.CardMatch`: the Crime
    cards face up, who solved the case, or that everybody lost.  Play again
    keeps the same table with a new shuffle."""

    def result(self, match) -> None:
        g = match.game
        self.envelope = g.crime
        self.last_standing = False
        if g.winner is not None:
            self.title = fmt("{name} solved the case!", name=match.suspects[g.winner])
            self.winner_suspect = match.suspects[g.winner]
        elif any(isinstance(e, ev.EverybodyLost) for e in g.events):
            self.title = _("Everybody loses!")
            self.winner_suspect = None
        else:
            self.title = _("Nobody wins!")
            self.winner_suspect = None

    def play_again(self) -> None:
        from dataclasses import replace

        from game.ui.cardgame.match import CardMatch

        old = self.match.setup           # as dealt: a seat a computer took over goes back to its person
        self.app.play("click")
        self.app.reset(make("title", self.app))
        devices = {seat: d for seat, d in self.match.devices.items() if d in self.app.pads}
        match = CardMatch(replace(old, seed=self.app.new_seed()), self.match.suspects, devices,
                          self.match.notebook_mode)
        self.app.push(make("card_table", self.app, match))
