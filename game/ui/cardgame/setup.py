"""Setting up a card game: the board game's seat rows (3 to 6 seats, each a
person or a computer player with its level, controllers joining with any
button), and, instead of the board's rules page, the card game's two choices:
the deck (normal, or advanced with the "+" cards: 003 "Joc de cartes Clue
avançat") and the order in which joint accusations are checked (003 "Els
jugadors triaran qui acusarà primer, segon, etc.").
"""

from __future__ import annotations

import pygame

from game.cardgame.ai import DEFAULT_LEVEL as CARD_DEFAULT_LEVEL
from game.cardgame.ai import LEVELS as CARD_LEVELS
from game.cardgame.engine import ORDERS, CardSetup
from game.learning.hints import DEFAULT_NOTEBOOK_MODE, NOTEBOOK_MODES
from game.ui.bases.setup import SetupBase
from game.ui.cardgame.labels import deck_label, order_label
from game.ui.cardgame.match import CARD_TOKENS, CardMatch
from game.ui.draw import theme
from game.ui.draw.widgets import Button, FocusGroup, Label, footer_hint
from game.ui.shell.i18n import N_, _
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import make
from game.ui.shell.scene import Scene


class CardSetupScene(SetupBase):
    """The shared setup form (:class:`~game.ui.bases.setup.SetupBase`) with
    the card game's choices: ``advanced`` (the "+" cards) and ``order`` (one
    of :data:`ORDERS`).  Start opens the card table (the scene "card_table").
    The computer seats start at :data:`game.cardgame.ai.DEFAULT_LEVEL`
    (beginner: against anything quicker a person often got only one turn in
    the default 4-player game; its comment has the figures); the first turn
    stays drawn by lot."""

    heading = N_("Card game")
    levels = CARD_LEVELS
    default_level = CARD_DEFAULT_LEVEL
    says_strength = False

    kind = "cards"
    tokens = CARD_TOKENS
    first_table = CARD_TOKENS[:4]

    def __init__(self, app) -> None:
        self.advanced = False
        self.order = ORDERS[0]
        super().__init__(app)

    def table_choices(self) -> dict:
        """The deck and the order of joint accusations, with the notebook help."""
        return {"advanced": self.advanced, "order": self.order, "notebook": self.notebook_mode}

    def restore_choices(self, table: dict) -> None:
        if isinstance(table.get("advanced"), bool):
            self.advanced = table["advanced"]
        if table.get("order") in ORDERS:
            self.order = table["order"]
        if table.get("notebook") in NOTEBOOK_MODES:
            self.notebook_mode = table["notebook"]

    def rules_label(self) -> str:
        """The top-right button: the deck chosen ("Normal game: 9 cards")."""
        return deck_label(self.advanced)

    def open_rules(self) -> None:
        """The card game's options page (deck, order of joint accusations)."""
        self.app.play("click")
        self.app.push(CardOptionsScene(self.app, self))

    def card_setup(self) -> CardSetup:
        """The :class:`CardSetup` chosen ("human" as the level of a person's seat)."""
        levels = tuple("human" if k == "human" else lvl for _s, k, lvl in self.seats)
        return CardSetup(players=len(self.seats), seed=self.app.new_seed(), advanced=self.advanced,
                         order=self.order, levels=levels)

    def start(self) -> None:
        """Start the card game chosen (a new :class:`CardMatch` on the card table)."""
        self.app.play("click")
        self.remember_table()
        devices = {i: d for i, d in enumerate(self.pads) if d is not None and self.seats[i][1] == "human"}
        match = CardMatch(self.card_setup(), tuple(s for s, _k, _l in self.seats), devices,
                          getattr(self, "notebook_mode", DEFAULT_NOTEBOOK_MODE))
        def start() -> None:
            self.show_starting()
            self.app.replace(make("card_table", self.app, match))
        self.app.store.replacing_saved(start)


class CardOptionsScene(Scene):
    """The card game's two choices, each a button that switches and a line
    that explains it; Done (or Esc) goes back to the seats."""

    def __init__(self, app, setup: CardSetupScene) -> None:
        super().__init__(app)
        self.setup = setup
        self.focus = FocusGroup()
        self._build()

    def _build(self) -> None:
        self.deck_button = Button(pygame.Rect(140, 150, 1000, 60), deck_label(self.setup.advanced), self.switch_deck)
        self.order_button = Button(pygame.Rect(140, 360, 1000, 60), order_label(self.setup.order),
                                   self.switch_order)
        self.done_button = Button(pygame.Rect(490, 600, 300, 64), _("Done"), self.done, hint="Esc")
        self.focus.set([self.deck_button, self.order_button, self.done_button],
                       self.focus.focus if self.focus.buttons else 0)

    def language_changed(self) -> None:
        self._build()

    def switch_deck(self) -> None:
        self.setup.advanced = not self.setup.advanced
        self.app.play("click")
        self._build()

    def switch_order(self) -> None:
        self.setup.order = ORDERS[(ORDERS.index(self.setup.order) + 1) % len(ORDERS)]
        self.app.play("click")
        self._build()

    def done(self) -> None:
        self.app.play("click")
        self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.BACK:
            self.done()
            return True
        return self.focus.handle(intent)

    def deck_text(self) -> str:
        if self.setup.advanced:
            return _("The + cards are in play: one more weapon and two more locations. Harder to solve.")
        return _("The + cards stay in the box. Best for a first game.")

    def order_text(self) -> str:
        if self.setup.order == "lot":
            return _("When several players accuse at the same moment, the order in which they are checked is "
                     "drawn by lot. The first one who is right wins.")
        return _("When several players accuse at the same moment, the player whose turn it is is checked first, "
                 "then the others to the left. The first one who is right wins.")

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.blit_text(surface, _("Card game"), (640, 24), theme.TITLE, theme.BRASS, True, "midtop", 1200)
        theme.blit_text(surface, _("Which cards?"), (140, 110), theme.BODY, theme.BRASS, True)
        theme.blit_wrapped(surface, self.deck_text(), pygame.Rect(140, 224, 1000, 100), theme.BODY, theme.CREAM)
        theme.blit_text(surface, _("Several accusers at once"), (140, 320), theme.BODY, theme.BRASS, True)
        theme.blit_wrapped(surface, self.order_text(), pygame.Rect(140, 434, 1000, 140), theme.BODY, theme.CREAM)
        self.focus.draw(surface)
        footer_hint(surface, _("{move} to move, {confirm} to change, {back} to go back"))

    def widgets(self) -> list:
        return list(self.focus.buttons) + [Label(pygame.Rect(40, 24, 1200, 50), _("Card game"), theme.TITLE, True)]
