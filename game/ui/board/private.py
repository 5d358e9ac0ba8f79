"""The board game's private steps (000 "Suggestions", "Accusations"), shown
only after the cover (see :mod:`game.ui.scenes.cover`): choosing which card to
show, seeing the card shown to you, looking into the envelope.  The layout and
the input guard are :mod:`game.ui.bases.private`'s; these give the board
game's words and the :class:`~game.rules.actions.Disprove` action."""

from __future__ import annotations

from game.rules.actions import Disprove
from game.ui.bases.private import DisproveBase, EnvelopeBase, ShownCardBase
from game.ui.shell.i18n import _, fmt


class DisproveScene(DisproveBase):
    """``seat`` holds one or more of the named cards and picks one to show the
    suggester.  Only the named cards this seat holds are offered."""

    def __init__(self, app, board, seat: int) -> None:
        super().__init__(app)
        self.board = board
        self.seat = seat
        game = board.game
        sug = game.suggestion
        self.suggester = sug.player
        self.named = sug.cards
        self.offer([c for c in sug.cards if c in game.seats[seat].hand])

    def action(self, card: str):
        """The engine action that shows ``card``."""
        return Disprove(card)

    def asked_line(self) -> str:
        """What was asked ("Miss Scarlet suggested ...")."""
        s, w, r = self.named
        return fmt("{who} suggested {s}, with the {w}, in the {r}.", who=self.board.match.suspects[self.suggester],
                   s=s, r=r, w=w)


class ShownCardScene(ShownCardBase):
    """The card ``by`` showed to ``seat``: it flips over (~0.3 s) from its back."""

    def seen_line(self) -> str:
        """What the shown card means, under it."""
        if getattr(self.match, "notebook_mode", "") == "manual":
            return _("So it is not in the envelope. Tick it in your notebook.")
        return _("So it is not in the envelope. Your notebook ticks it for you.")


class EnvelopeScene(EnvelopeBase):
    """The accuser alone looks into the envelope after a wrong accusation."""

    def title_text(self) -> str:
        return _("The envelope holds…")

    def verdict_text(self) -> str:
        """What a wrong accusation means for this player."""
        return _("You were wrong. You are out of the race, but you still show cards when others suggest. Keep it "
                 "secret!")

    def hide_hint(self) -> str:
        return _("Press {confirm} or click to hide the envelope")
