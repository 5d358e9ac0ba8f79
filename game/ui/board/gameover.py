"""The end of a board game (001 "Winning"): who won (or nobody, or the last
player still in), the envelope's three cards face up, Play again / Title.
The screen is :mod:`game.ui.bases.gameover`'s.

Until the keys have been quiet a moment (:data:`~game.ui.shell.scene.FRESH_QUIET`)
the screen ignores all input and its buttons are dimmed, so Enter pressed to hurry
the computer players cannot skip the result."""

from __future__ import annotations

from game.rules import events as ev
from game.ui.bases.gameover import GameOverBase
from game.ui.shell.i18n import _, fmt
from game.ui.shell.registry import make


class GameOverScene(GameOverBase):
    """The end of ``match``.  Play again keeps the same table with a new shuffle."""

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
        from dataclasses import replace

        from game.rules.setup import GameSetup
        from game.ui.board.match import Match

        # a new game gives a seat a computer took over back to its person, as a live game's setup
        # still says (the takeover is marked in a continued game's setup: SeatConfig.taken_over)
        seats = tuple(replace(c, kind="human", taken_over=False) if c.taken_over else c
                      for c in self.match.setup.seats)
        setup = GameSetup(seats=seats, seed=self.app.new_seed(), options=self.match.setup.options)
        self.app.play("click")
        self.app.reset(make("title", self.app))
        devices = {seat: d for seat, d in self.match.devices.items() if d in self.app.pads}
        self.app.push(make("board", self.app, Match(self.app.board, setup, devices,
                                                    notebook_mode=getattr(self.match, "notebook_mode", "hints"))))
