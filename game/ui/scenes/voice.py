"""Read aloud offered by voice, so that a child who cannot read can turn it
on alone: at the very first start (no settings file yet) the game says
"Press Enter to hear the game speak" although read aloud is off
(:attr:`VoiceOffer.always_spoken`), once; and when Learn to play ends with
read aloud on there and off in other games, it offers to keep it on.  The
answer is kept in the settings file ("read_aloud"), so it is asked once.

Where the voice cannot speak (no speech engine, no voice for the language, or
espeak-ng finding no sound device: it says so on its first line), the offer
is not left standing: it goes quietly (the first-start offer keeps the game
silent).  Nobody asked for read aloud then (it is off by default, and on in
Learn to play without being asked), so no message greets them: Settings says
why it is silent, and a message says so only to a player who turned it on
(:meth:`game.ui.app.App.tell_silent_voice`)."""

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
        self.after_lesson = after_lesson
        self.focus.focus_on(self.yes_button)

    def update(self, dt: float) -> None:
        """Once the voice is known not to work here (:meth:`~game.ui.voice.speech.Speaker.problem`),
        offering it would promise what cannot happen: the offer goes, quietly (nobody asked for
        read aloud; Settings says why it is silent)."""
        super().update(dt)
        if self.app.speech.problem() is None or self.app.top is not self:
            return
        if not self.after_lesson:
            self.app.prefs.set_read_aloud(False)      # answered for the child: a silent game, asked no more
        self.app.pop(self)

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

