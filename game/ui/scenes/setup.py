"""Full game setup of the board game: the seats of the shared form
(:mod:`game.ui.bases.setup`: 3 to 6 seats, each a person or a computer player
with its level, controllers joining), Start or Back.

The Rules button (top right) opens the second page
(:class:`~game.ui.scenes.rules.RulesScene`): a preset (Classic (U.S.) or
Cluedo (Spain)) and the house-rule switches; :meth:`SetupScene.options` is
what the game is started with."""

from __future__ import annotations

from game.rules.options import PRESETS, Options, preset_options
from game.rules.setup import GameSetup, SeatConfig
from game.ui.bases.match import DEFAULT_LEVEL
from game.ui.bases.setup import SetupBase
from game.ui.shell.i18n import _, fmt
from game.ui.shell.registry import make


class SetupScene(SetupBase):
    """The board game's setup: seats ``[suspect, kind, level]``, the rules
    (a preset and house switches) and the notebook help."""

    def __init__(self, app) -> None:
        #: a first table's computer players take the level the title's Play row shows (easy before
        #: any game): a family that sees Easy there expects Easy here too
        level = app.store.settings.play_level
        self.default_level = level if level in self.levels else DEFAULT_LEVEL
        super().__init__(app)

    def start(self) -> None:
        """Start the board game chosen (a new :class:`~game.ui.bases.match.Match` on the board scene)."""
        from game.ui.board.match import Match

        setup = GameSetup(seats=self.seat_configs(), seed=self.app.new_seed(), options=self.options())
        self.app.play("click")
        self.remember_table()
        devices = {i: d for i, d in enumerate(self.pads) if d is not None and self.seats[i][1] == "human"}
        def start() -> None:
            self.show_starting()
            self.app.replace(make("board", self.app, Match(self.app.board, setup, devices, self.notebook_mode)))
        self.app.store.replacing_saved(start)

    def options(self) -> Options:
        """The rule options chosen: the preset with the house switches on."""
        return preset_options(self.preset, self.house)

    def open_rules(self) -> None:
        """The second page: the preset and the house rules."""
        self.app.play("click")
        self.app.push(make("rules", self.app, self))

    def rules_label(self) -> str:
        """The Rules button's text: "Rules: Classic (U.S.)"."""
        return fmt("Rules: {rules}", rules=_(PRESETS[self.preset].title))

    def seat_configs(self) -> tuple[SeatConfig, ...]:
        """The table as the engine takes it (a person's seat keeps the default level)."""
        return tuple(SeatConfig(s, "computer", lvl) if k == "computer" else SeatConfig(s, "human", DEFAULT_LEVEL)
                     for s, k, lvl in self.seats)
