"""Read aloud offered by voice, so that a child who cannot read can turn it
on alone: at the very first start (no settings file yet) the game says
"Press Enter to hear the game speak" although read aloud is off
(:attr:`VoiceOffer.always_spoken`), once; and when Learn to play ends with
read aloud on there and off in other games, it offers to keep it on.  The
answer is kept in the settings file ("read_aloud"), so it is asked once."""

from __future__ import annotations

from game.ui.bases.confirm import ConfirmBase
from game.ui.shell.i18n import _
from game.ui.shell.input import Intent, Kind


class VoiceOffer(ConfirmBase):
    """ "Press Enter to hear the game speak."  Yes (focused first: Enter says
    yes) turns read aloud on and saves it; No or Back (Esc) keeps the game
    silent and saves that too.  ``after_lesson``: the words for the end of
    Learn to play ("Keep read aloud on in your games?")."""

    #: spoken even while read aloud is off (see :attr:`game.ui.voice.speech.Speaker.enabled`)
    always_spoken = True

    def __init__(self, app, after_lesson: bool = False) -> None:
        if after_lesson:
            question = _("Keep read aloud on in your games?")
            detail = _("Press Enter to keep the game speaking. Press Escape for a silent game.")
        else:
            question = _("Press Enter to hear the game speak.")
            detail = _("The game will read its words aloud. Press Escape for a silent game.")
        super().__init__(app, question, lambda: self.choose(True), on_no=lambda: self.choose(False),
                         yes=_("Read aloud"), no=_("Silent"), detail=detail)
        self.focus.focus_on(self.yes_button)

    def choose(self, on: bool) -> None:
        """Keep the answer in the settings file (a file that cannot be written is said by the store);
        a yes is answered aloud, so that the child knows it worked."""
        self.app.prefs.set_read_aloud(on)
        if on:
            self.app.speech.say(_("Read aloud is on."))

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.MENU:          # only Back (Esc, B) says no: M is no answer here
            return True
        return super().handle(intent)

