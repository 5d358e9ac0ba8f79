"""The card game's event presenter: engine event -> what the table shows.

Every event leaves its log line and a pause (:data:`game.ui.pacing.CARD_PAUSES`);
a few open a private step behind the cover (the card shown to a person, the
Crime cards after a wrong accusation) or a screen (joint accusations turned
over), and some make a sound (:attr:`CardPresenter.sounds`).
"""

from __future__ import annotations

from typing import Callable

from game.cardgame import events as ev
from game.ui.i18n import _
from game.ui.pacing import CARD_PAUSES
from game.ui.registry import make as make_scene
from game.ui.table import Presenter


class CardPresenter(Presenter):
    """Plays card-game events on a :class:`~game.ui.cardgame.table.CardTableScene`
    (it sets the table's ``delay``: seconds before the next event)."""

    sounds = {ev.CardShown: "card", ev.NobodyShowed: "chime", ev.AccusationWrong: "wrong", ev.GameWon: "chime"}
    shown_scene = "card_shown"

    def handlers(self) -> dict[type, Callable]:
        return {ev.TurnStarted: self.turn_started, ev.CardShown: self.card_shown, ev.CrimeSeen: self.crime_seen,
                ev.AccusationsRevealed: self.revealed, ev.NobodyShowed: self.nobody}

    def pause(self, e: ev.Event) -> None:
        """The event's moment alone on screen (none while skipping)."""
        scene = self.scene
        scene.delay = 0.0 if scene.skipping else CARD_PAUSES.get(type(e), 0.0) / self.app.speed

    def crime_seen(self, e: ev.CrimeSeen) -> None:
        """A person who accused wrongly looks under the Crime card, alone."""
        if e.cards and self.match.is_human(e.player) and self.game.winner != e.player:
            accused = next(x.cards for x in reversed(self.game.events)
                           if isinstance(x, ev.AccusationPlaced) and x.player == e.player)
            self.private(e.player, "crime", self.match, e.player, accused, e.cards,
                         reason=_("Look under the Crime card."))

    def revealed(self, e: ev.AccusationsRevealed) -> None:
        """Joint accusations are turned over, one by one."""
        self.app.push(make_scene("reveal", self.app, self.match, e.accusations))
