"""The detective report of one seat, opened from the game-over screen of
either game (issue 13 part 6): on which turn what that seat had seen was
enough to solve the case, when it accused, how it could tell (one sentence per
hidden card) and the clue that mattered most.  The report itself is worked
out by :mod:`game.report` from that seat's own view (``match.report(seat)``).

A person's report shows their hand and what they saw: the game-over screen
opens it through :func:`game.ui.flow.open_private` (behind their cover when
two or more people share the screen), and the report is only worked out once
the scene is made, after the cover.  A computer's report is shown openly,
without a clue that would tell the room where a person's card is
(:meth:`game.report.Report.shareable`).

Big text for a child: the summary lines at :data:`SUMMARY` pixels, the facts
at :data:`FACTS`, smaller only when a long language or large text would run
past the OK button (never below 20 px)."""

from __future__ import annotations

import pygame

from game.ui import assets, theme
from game.ui.i18n import N_, _, fmt, nfmt
from game.ui.input import Intent, Kind
from game.ui.scene import Scene
from game.ui.widgets import Button, FocusGroup, Label, footer_hint

#: The text sizes tried in turn, (summary, facts): the first whose lines fit above the OK button.
SIZES = ((theme.HEADING, theme.BUTTON), (26, theme.BODY), (theme.BUTTON, theme.SMALL), (theme.BODY, theme.SMALL))
SUMMARY, FACTS = SIZES[0]
#: The text column (logical pixels): left edge, width, first line, last pixel above the OK button.
LEFT, WIDTH, TOP, BOTTOM = 90, 1100, 112, 592
BULLET = "•"


def when(report, turn: int, name: str | None = None) -> str:
    """Game turn ``turn`` as the reader counts it (newcomer W5: nobody sees
    the game's turn numbers): "on your turn number 4" (its own 4th turn),
    "after your turn number 4" (somebody else's turn after it), "before your
    first turn"; with ``name`` (a computer's report) "their" instead of "your"."""
    n = report.own_count(turn)
    if turn in report.own_turns:
        return _part(N_("on your turn number {n}") if name is None else N_("on their turn number {n}"), n)
    if n:
        return _part(N_("after your turn number {n}") if name is None else N_("after their turn number {n}"), n)
    return _("before your first turn") if name is None else _("before their first turn")


def _part(msgid: str, n: int) -> str:
    """The translated part of a sentence ``msgid`` with its number ``n``
    filled in, as it is (:func:`fmt` would make its first letter upper case);
    English when the translation is broken."""
    try:
        return _(msgid).format(n=n)
    except (KeyError, IndexError, ValueError):
        return msgid.format(n=n)


def summary_lines(report, name: str | None = None) -> list[str]:
    """The report's summary in plain words (current language): when the seat
    knew enough, its accusation or the end, the turn it could have accused on;
    its own turns counted (:func:`when`).  Said to "you" (a person's own
    report), or with ``name`` about that seat (a computer's, newcomer W6)."""
    out = []
    if report.solved_turn is not None:
        at = when(report, report.solved_turn, name)
        out.append(fmt("You already knew enough to solve the case {when}.", when=at) if name is None else
                   fmt("{name} already knew enough to solve the case {when}.", name=name, when=at))
    else:
        out.append(_("What you saw was never quite enough to be sure.") if name is None else
                   fmt("What {name} saw was never quite enough to be sure.", name=name))
    if report.accused_turn is None:
        n = len(report.own_turns)
        out.append(nfmt("You had {n} turn and did not accuse.", "You had {n} turns and did not accuse.", n)
                   if name is None else
                   nfmt("{name} had {n} turn and did not accuse.", "{name} had {n} turns and did not accuse.", n,
                        name=name))
    else:
        at = when(report, report.accused_turn, name)
        if report.accused_right:
            out.append(fmt("You accused {when}, and you were right!", when=at) if name is None else
                       fmt("{name} accused {when}, and was right!", name=name, when=at))
        else:
            out.append(fmt("You accused {when}, but you were wrong.", when=at) if name is None else
                       fmt("{name} accused {when}, but was wrong.", name=name, when=at))
    if report.turns_early:
        at = when(report, report.ready_turn, name)
        out.append(fmt("You could have accused {when}.", when=at) if name is None else
                   fmt("{name} could have accused {when}.", name=name, when=at))
    return out


def key_lines(report, name: str | None = None) -> tuple[str, str, str]:
    """The clue that mattered most (``report.key``): (heading, its sentence,
    what it saved in the seat's own turns, :meth:`game.report.Report.own_lost`),
    to "you" or about ``name`` as :func:`summary_lines`."""
    key = report.key
    head = fmt("The clue that mattered most, found {when}:", when=when(report, key.found_turn, name))
    lost = report.own_lost(key)
    if lost is None:
        saved = _("Without it, you could not have solved the case.") if name is None else \
            fmt("Without it, {name} could not have solved the case.", name=name)
    elif lost == 0:
        saved = _("Without it, you would have solved the case a little later.") if name is None else \
            fmt("Without it, {name} would have solved the case a little later.", name=name)
    elif name is None:
        saved = nfmt("Without it, you would have needed {n} more turn to solve the case.",
                     "Without it, you would have needed {n} more turns to solve the case.", lost)
    else:
        saved = nfmt("Without it, {name} would have needed {n} more turn to solve the case.",
                     "Without it, {name} would have needed {n} more turns to solve the case.", lost, name=name)
    return head, key.hint.reason, saved


class ReportScene(Scene):
    """The detective report of ``seat`` in ``match`` (a board or card match
    with ``report(seat)``, ``suspects``, ``humans``, ``is_human``).  OK, Enter
    or Esc goes back to the game-over screen."""

    def __init__(self, app, match, seat: int) -> None:
        super().__init__(app)
        self.match = match
        self.seat = seat
        self.ok = Button(pygame.Rect(520, 604, 240, 56), _("OK"), self.close, hint="Esc")
        self.focus = FocusGroup([self.ok])
        self.language_changed()

    def language_changed(self) -> None:
        """Work the sentences out again in the language now in use."""
        self.ok.label = _("OK")
        report = self.match.report(self.seat)
        #: a computer's report is public: no clue that places a person's card
        self.report = report if self.match.is_human(self.seat) else report.shareable(self.match.humans)
        self.title = fmt("Detective report: {name}", name=self.match.seat_name(self.seat))
        #: who the sentences are about: None ("you") for a person's own report, the seat's suspect for a computer's
        self.about = None if self.match.is_human(self.seat) else self.match.suspects[self.seat]   # its card id:
        # the sentences may say "{name_the}" ("el Coronel Rubio")
        self.labels = self.layout()

    def blocks(self) -> list[tuple[str, str]]:
        """The report as (kind, text) in order: "summary", "head", "fact"."""
        r, name = self.report, self.about
        out = [("summary", s) for s in summary_lines(r, name)]
        if r.facts:
            if name is None:
                head = _("How you could tell:") if r.solved_turn is not None else _("What you did work out:")
            else:
                head = fmt("How {name} could tell:", name=name) if r.solved_turn is not None else \
                    fmt("What {name} did work out:", name=name)
            out.append(("head", head))
            out += [("fact", f) for f in r.facts]
        if r.key is not None:
            head, why, saved = key_lines(r, name)
            out += [("head", head), ("fact", why), ("summary", saved)]
        return out

    def layout(self) -> list[Label]:
        """One :class:`Label` per wrapped line, flowing down from :data:`TOP`,
        at the first of :data:`SIZES` that keeps every line above :data:`BOTTOM`."""
        for big, small in SIZES:
            labels = self._flow(big, small)
            if not labels or labels[-1].rect.bottom <= BOTTOM:
                return labels
        return labels

    def _flow(self, big: int, small: int) -> list[Label]:
        out: list[Label] = []
        y = TOP
        for kind, text in self.blocks():
            size = big if kind == "summary" else small
            bold = kind == "head"
            colour = theme.BRASS if kind == "head" else theme.CREAM
            indent = 34 if kind == "fact" else 0
            if kind == "head" and out:
                y += 10
            lines = theme.wrap(text, WIDTH - indent, size, bold)
            height = theme.font(size, bold).get_linesize()
            for i, line in enumerate(lines):
                out.append(Label(pygame.Rect(LEFT + indent, y, WIDTH - indent, height), line, size, bold, colour))
                if kind == "fact" and i == 0:
                    out.append(Label(pygame.Rect(LEFT + 6, y, 24, height), BULLET, size, True, theme.BRASS))
                y += height + 2
        return out

    def speech_prompt(self) -> str | None:
        """The whole report read aloud (newcomer W4): the title, then every
        sentence in order.  A person's report is private (:attr:`private`):
        spoken only while it is on top, to its owner."""
        parts = [self.title] + [text for _kind, text in self.blocks()]
        return " ".join(p if p.endswith((".", "!", "?", ":", "…")) else p + "." for p in parts)   # a pause after each

    def close(self) -> None:
        self.app.play("click")
        self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.BACK, Kind.CONFIRM):
            self.close()
            return True
        return self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        suspect = self.match.suspects[self.seat]
        img = assets.token(suspect, 72)
        surface.blit(img, img.get_rect(center=(LEFT + 36, 56)))
        theme.blit_text(surface, self.title, (LEFT + 90, 56), theme.TITLE, theme.BRASS, True, "midleft",
                        WIDTH - 90)
        for label in self.labels:
            label.draw(surface)
        self.focus.draw(surface)
        footer_hint(surface, _("Press {confirm} or click to go on"))

    def widgets(self) -> list:
        return [self.ok, Label(pygame.Rect(LEFT + 90, 30, WIDTH - 90, 52), self.title, theme.TITLE, True),
                *self.labels]
