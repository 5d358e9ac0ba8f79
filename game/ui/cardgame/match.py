"""One card game at the table: the engine's :class:`CardGame`, who is a
person and who a computer player, the suspect token each seat plays on
screen, the public log and each person's case-file marks.

Computer players only ever receive ``game.view(seat)`` and the legal actions
(see :class:`game.ui.bases.match.Seats`, shared with the board game: controllers,
covers, thinking on a worker thread).
"""

from __future__ import annotations

from dataclasses import replace

from game.cardgame import events as ev
from game.cardgame.ai import DEFAULT_LEVEL, make_card_player
from game.cardgame.cards import deck
from game.cardgame.engine import CardGame, CardSetup, CardView
from game.cardgame.log import describe, line_cards, public
from game.cardgame.save import CardSaved
from game.learning.hints import DEFAULT_NOTEBOOK_MODE, NOTEBOOK_MODES
from game.ui.bases.match import Seats

#: The tokens the card-game seats play by default, in seat order: first the
#: suspects who are not evidence cards of the card game (003 names Plum,
#: Mustard and Green as persons), so a player is rarely named like a card.
CARD_TOKENS = ("scarlet", "white", "peacock", "green", "mustard", "plum")


class CardMatch(Seats):
    """The card game at the table.  ``setup.levels[seat]`` is ``"human"`` for
    a person or a computer level; ``suspects[seat]`` is the suspect token the
    seat plays on screen (its name and colour; 3 to 6 different suspect ids).
    ``devices[seat]`` is the controller a person joined with;
    ``notebook_mode`` how much the case files help (as the board game's:
    :data:`game.learning.hints.NOTEBOOK_MODES`), ``hints_seen[seat]`` the cards whose
    hint that person revealed.  Raises ``ValueError`` for a bad setup or token
    list."""

    public_event = staticmethod(public)
    describe_event = staticmethod(describe)
    line_cards = staticmethod(line_cards)
    save_kind = "cards"
    card_shown_event = ev.CardShown

    def __init__(self, setup: CardSetup, suspects: tuple[str, ...], devices: dict[int, str] | None = None,
                 notebook_mode: str = DEFAULT_NOTEBOOK_MODE) -> None:
        levels = tuple(setup.levels) or ("human",) + (DEFAULT_LEVEL,) * (setup.players - 1)
        setup = replace(setup, levels=levels)
        if len(suspects) != setup.players or len(set(suspects)) != len(suspects):
            raise ValueError("each seat needs a different suspect token")
        self.game = CardGame.new(setup)
        self.setup = setup
        self.kinds = ["human" if lv == "human" else "computer" for lv in levels]
        self.levels = [DEFAULT_LEVEL if lv == "human" else lv for lv in levels]
        self.suspects = tuple(suspects)
        self.players = {i: make_card_player(lv, setup.seed * 31 + i)
                        for i, lv in enumerate(self.levels) if self.kinds[i] == "computer"}
        self.notebooks: dict[int, dict[str, str]] = {i: {} for i in self.humans}
        self.notebook_mode = notebook_mode if notebook_mode in NOTEBOOK_MODES else DEFAULT_NOTEBOOK_MODE
        self.hints_seen: dict[int, list[str]] = {}
        #: seat -> its own turn (count of its TurnStarted) when it last revealed a hint (one a turn)
        self.hint_turns: dict[int, int] = {}
        self.log: list[str] = []
        #: the public events behind the log lines (to write them again in another language)
        self.log_events: list[ev.Event] = []
        for e in self.game.events:
            self.add_log(e)
        self._executor = None
        self.closed = False
        #: set by :meth:`resume`: the last action's events, to be played again by the table
        self.resume_tail: list[ev.Event] = []
        self.devices: dict[int, str] = {s: d for s, d in (devices or {}).items()
                                        if 0 <= s < setup.players and self.kinds[s] == "human"}

    def make_player(self, level: str, seed: int):
        """A card-game computer player (:func:`game.cardgame.ai.make_card_player`)."""
        return make_card_player(level, seed)

    # -------------------------------------------------------- save / resume
    def saved(self) -> CardSaved:
        """This match as a :class:`~game.cardgame.save.CardSaved` (a seat a
        computer took over is saved as a computer seat)."""
        levels = tuple("human" if k == "human" else lv for k, lv in zip(self.kinds, self.levels, strict=True))
        return CardSaved(replace(self.setup, levels=levels), self.suspects, list(self.game.actions),
                         {k: dict(v) for k, v in self.notebooks.items()}, notebook_mode=self.notebook_mode,
                         net=self.net)

    @classmethod
    def resume(cls, saved: CardSaved, path="<memory>") -> "CardMatch":
        """The match of a saved card game, rebuilt by replaying its actions.
        The events of the last action go to :attr:`resume_tail`, so the table
        plays them again (the card shown to a person, a choice that follows).
        Raises :class:`game.storage.save.SaveError` for an action the rules refuse."""
        match = cls(saved.setup, saved.suspects, notebook_mode=saved.notebook_mode)
        match.replay_saved(saved, path)
        match.net = saved.net
        return match

    def cards(self) -> tuple[str, ...]:
        """The evidence cards of this game's deck (normal or advanced)."""
        return deck(self.setup.advanced)

    # ---------------------------------------------------------- case file
    def view(self, seat: int) -> CardView:
        """What ``seat`` may know (the engine's :meth:`CardGame.view`)."""
        return self.game.view(seat)

    def crossed(self, seat: int) -> dict[str, str]:
        """Card -> why it is crossed off ``seat``'s case file: ``"hand"``,
        ``"up"`` (face up on the table) or ``"shown:<seat>"``, from
        ``view(seat)`` only (003 "Heu de descartar la targeta d'Arxiu del cas"),
        see :meth:`facts`.  Nothing is crossed for you in the ``"manual"`` notebook mode."""
        return self.facts(seat)

    def dealt(self, seat: int, view: CardView) -> dict[str, str]:
        """The cards in ``seat``'s hand ("hand") and those face up for everybody ("up")."""
        out = {c: "hand" for c in view.hand}
        out.update({c: "up" for c in view.face_up})
        return out

    def deduce(self, seat: int) -> dict:
        """:func:`game.learning.hints.card_game_hints` of ``view(seat)`` only, players named by their tokens."""
        from game.learning.hints import card_game_hints

        return card_game_hints(self.view(seat), lambda s: self.suspects[s])

    def report(self, seat: int):
        """:func:`game.learning.report.card_game_report` of ``view(seat)`` only, players
        named by their tokens: the detective report of ``seat`` (private to it
        when it is a person; a computer's about it by name, not "you")."""
        from game.learning.report import card_game_report

        return card_game_report(self.view(seat), lambda s: self.suspects[s], about=not self.is_human(seat))
