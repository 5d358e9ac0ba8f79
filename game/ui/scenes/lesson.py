"""Go on with the guided game left half way, or start it again?  Asked by
:func:`game.ui.lesson.coach.start_lesson` before the lesson opens."""

from __future__ import annotations

from typing import Callable

from game.ui.bases.confirm import ConfirmBase
from game.ui.shell.i18n import _
from game.ui.shell.input import Intent, Kind


class LessonChoice(ConfirmBase):
    """ "Go on with the lesson where you stopped?"  Go on (focused first)
    calls ``go_on`` (resume the lesson), Start again calls ``start_again`` (a
    new lesson), Back just closes the box."""

    def __init__(self, app, go_on: Callable[[], None], start_again: Callable[[], None]) -> None:
        super().__init__(app, _("Go on with the lesson where you stopped?"), go_on,
                         on_no=start_again, yes=_("Go on"), no=_("Start again"))
        self.focus.focus_on(self.yes_button)
        self.no_button.hint = ""           # Esc closes the box and keeps the lesson: it is not "Start again"

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.BACK, Kind.MENU):
            self.app.pop(self)
            return True
        return super().handle(intent)
