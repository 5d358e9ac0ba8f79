"""The card game's event presenter: engine event -> what the table shows.

Every event leaves its log line and a pause (:data:`game.ui.bases.pacing.CARD_PAUSES`);
a few open a private step behind the cover (the card shown to a person, the
Crime cards after a wrong accusation) or a screen (joint accusations turned
over), and some make a sound (:attr:`CardPresenter.sounds`).

The question goes round the table: its two cards
(:class:`~game.ui.cardgame.tableview.Question`, public) come out in front of
the asker, travel left to each seat that answers -- a "no" shakes them, the
seat that holds one makes them glow -- and a face-down card goes back to
the asker when one is shown.  Each move lasts its event's pause, so the
pace of a turn is unchanged, and skipping ends it at once.
"""

from __future__ import annotations

from typing import Callable, Protocol

from game.cardgame import events as ev
from game.cardgame.cards import kind
from game.ui.bases.pacing import CARD_PAUSES
from game.ui.bases.table import Presenter, TableScene
from game.ui.cardgame.tableview import Question
from game.ui.mansion import stage
from game.ui.shell.i18n import _, fmt
from game.ui.shell.registry import make as make_scene


class CardTableParts(Protocol):
    """What the card table has besides the shared turn loop and its presenter
    moves (:class:`~game.ui.cardgame.table.CardTableScene`, which imports this
    module, so it is described here rather than imported)."""

    #: the question's two cards on their way round the table (public), or None
    question: Question | None
    #: seconds before the next queued event is played
    delay: float


class CardPresenter(Presenter):
    """Plays card-game events on a :class:`~game.ui.cardgame.table.CardTableScene`
    (it sets the table's ``delay``: seconds before the next event).  ``scene``
    and ``card_table`` are that same scene, as the shared turn loop and as the
    card table's own parts."""

    #: one sound per public event, the same whoever is at the table: never which card
    sounds = {ev.Asked: "suggest", ev.CardShown: "card", ev.NobodyShowed: "nobody", ev.AccusationWrong: "wrong",
              ev.GameWon: "chime"}
    shown_scene = "card_shown"
    turn_event = ev.TurnStarted
    quiet = (ev.TurnStarted, ev.NoCard, ev.ShowRequested)

    def __init__(self, scene: TableScene, card_table: CardTableParts) -> None:
        super().__init__(scene)
        self.card_table = card_table

    def handlers(self) -> dict[type, Callable]:
        return {ev.TurnStarted: self.turn_started, ev.CardShown: self.card_shown, ev.CrimeSeen: self.crime_seen,
                ev.AccusationsRevealed: self.revealed, ev.NobodyShowed: self.nobody, ev.Asked: self.asked,
                ev.NoCard: self.no_card, ev.ShowRequested: self.has_one, ev.AccusationStarted: self.put_away,
                ev.AccusationWrong: self.wrong, ev.GameWon: self.won}

    def seconds(self, e: ev.Event) -> float:
        """The pause of ``e`` at the speed in use (seconds): what its move of the question takes."""
        return CARD_PAUSES.get(type(e), 0.0) / self.app.speed

    def asked(self, e: ev.Asked) -> None:
        """The two cards come out in front of the asker."""
        self.card_table.question = Question(e.player, e.cards, self.seconds(e))

    def no_card(self, e: ev.NoCard) -> None:
        """The question passes to ``e.player``, who has neither card: a shake."""
        if self.card_table.question is not None:
            self.card_table.question.move(e.player, "no", self.seconds(e))

    def has_one(self, e: ev.ShowRequested) -> None:
        """The question stops at ``e.player``, who holds one: a glow."""
        if self.card_table.question is not None:
            self.card_table.question.move(e.player, "has", self.seconds(e))

    def turn_started(self, e: ev.TurnStarted) -> None:
        """A new turn clears the table of the last question."""
        self.put_away(e)
        super().turn_started(e)

    def put_away(self, e: ev.Event) -> None:
        """No question on the table any more (a new turn, an accusation)."""
        self.card_table.question = None

    def card_shown(self, e: ev.CardShown) -> None:
        """A face-down card goes from ``e.by`` to the asker (which card is
        private to the two of them), then the asker looks at it in private."""
        q = self.card_table.question
        if q is not None:
            q.move(e.to, "shown", self.seconds(e))
        super().card_shown(e)

    def nobody(self, e: ev.NobodyShowed) -> None:
        """Nobody could answer: the cards go home to the asker, and the banner
        over the picture of the location asked about (none asked: the whole
        mansion), with the asker's portrait and the two cards asked about --
        all public, as the question was asked aloud."""
        q = self.card_table.question
        if q is not None:
            q.move(e.player, "back", self.seconds(e))
        super().nobody(e)
        banner = self.scene.banner
        assert banner is not None       # put up by Presenter.nobody just now
        cards = q.cards if q is not None else None
        room = next((c for c in cards or () if kind(c) == "location"), None)
        banner.stage = stage.Scenery(self.app.board, room, self.match.suspects[e.player], cards)

    def pause(self, e: ev.Event) -> None:
        """The event's moment alone on screen (none while skipping)."""
        self.card_table.delay = 0.0 if self.scene.skipping else CARD_PAUSES.get(type(e), 0.0) / self.app.speed

    def crime_seen(self, e: ev.CrimeSeen) -> None:
        """A person who accused wrongly looks under the Crime card, alone (on their phone when it is connected)."""
        if (e.cards and self.match.is_human(e.player) and self.game.winner != e.player
                and not self.app.phones.away(e.player)):
            accused = next(x.cards for x in reversed(self.game.events)
                           if isinstance(x, ev.AccusationPlaced) and x.player == e.player)
            self.private(e.player, "crime", self.match, e.player, accused, e.cards,
                         reason=_("Look under the Crime card."))

    def revealed(self, e: ev.AccusationsRevealed) -> None:
        """Joint accusations are turned over, one by one."""
        self.app.push(make_scene("reveal", self.app, self.match, e.accusations))

    def wrong(self, e: ev.AccusationWrong) -> None:
        """A lone accuser was wrong: the moment over the table (public), its
        three cards face down -- a lone accusation is never turned up (003
        "Acusació") -- and what happens next.  Joint accusations were turned
        over already (the "reveal" screen), so they get no moment of their own."""
        if any(isinstance(x, ev.AccusationsRevealed) for x in self._accusation_of(e)):
            return
        name = self.match.suspects[e.player]
        words = fmt("{name} is out: no more turns, and no way to win. But {name} still answers the others' "
                    "questions truthfully.", name=name)
        if self.moment("accusation_wrong", name, name, None, words, _("The accusation stays face down.")):
            self.card_table.delay = 0.0           # the moment is this event's pause

    def won(self, e: ev.GameWon) -> None:
        """A correct accusation: the Crime card is lifted and the three cards
        under it turn over (003 "Revela ambdós jocs de cartes"), before the game-over screen."""
        name = self.match.suspects[e.player]
        if self.moment("case_solved", fmt("{name} solved the case!", name=name), name, e.crime, "crime"):
            self.card_table.delay = 0.0

    def _accusation_of(self, e: ev.Event) -> list:
        """The engine's events from the accusation ``e`` belongs to up to ``e``
        (each player is out only once, so ``e`` is found once)."""
        events = self.game.events
        end = events.index(e) if e in events else len(events)
        start = max((i for i, x in enumerate(events[:end]) if isinstance(x, ev.AccusationStarted)), default=0)
        return events[start:end]
