"""The detective report of one seat, opened from the game-over screen of
either game: on which turn what that seat had seen was
enough to solve the case, when it accused, how it could tell (one sentence per
hidden card) and the clue that mattered most.  The report itself is worked
out by :mod:`game.learning.report` from that seat's own view (``match.report(seat)``).

A person's report shows their hand and what they saw: the game-over screen
opens it through :func:`game.ui.shell.flow.open_private` (behind their cover when
two or more people share the screen), and the report is only worked out once
the scene is made, after the cover.  A computer's report is shown openly,
without a clue that would tell the room where a person's card is
(:meth:`game.learning.report.Report.shareable`).

Big text for a child: the summary lines at :data:`SUMMARY` pixels, the facts
at :data:`FACTS`, smaller only when a long language or large text would run
past the OK button (never below 20 px)."""

from __future__ import annotations

import pygame

from game.ui.draw import assets, gfx, tabletop, theme
from game.ui.draw.widgets import Button, FocusGroup, Label, footer_hint
from game.ui.shell.i18n import N_, _, and_list, card, feminine, fmt, nfmt, pgettext
from game.ui.shell.input import SCROLLS, Intent, Kind
from game.ui.shell.scene import Scene

#: The text sizes tried in turn, (summary, facts): the first whose lines fit above the OK button.
SIZES = ((theme.HEADING, theme.BUTTON), (26, theme.BODY), (theme.BUTTON, theme.SMALL), (theme.BODY, theme.SMALL))
SUMMARY, FACTS = SIZES[0]
#: The text column (logical pixels): left edge, width, first line, last pixel above the OK button.
LEFT, WIDTH, TOP, BOTTOM = 90, 1100, 112, 592
BULLET = "•"
#: The sheet of paper the report is written on (logical pixels): the text column and a margin round it.
SHEET = pygame.Rect(LEFT - 34, TOP - 14, WIDTH + 64, BOTTOM - TOP + 20)
#: The paper left bare under the report's last line (pixels), as above its first: a line
#: written down to the sheet's edge looks cut off.
PAPER_MARGIN = TOP - SHEET.top
#: The lowest pixel a line of the report may reach.
TEXT_END = SHEET.bottom - PAPER_MARGIN
#: The ink on the paper: sentences, headings and bullets, and the recap's quieter lines (each >= 4.5:1
#: against the paper).
INK, INK_HEAD, INK_SOFT = theme.INK, (128, 52, 30), (92, 70, 54)
#: The margin's red rule down the sheet, as on a detective's ruled paper.
MARGIN_RULE = (200, 120, 110)
#: The seat's framed portrait beside the title (logical pixels): 84 square, over the sheet's left edge.
PORTRAIT = pygame.Rect(SHEET.left - 6, 52 - 42, 84, 84)
#: The hidden cards laid on the sheet's lower right corner, where the text leaves room: the card
#: widths tried (the first whose three names fit), the gap between two, and the space kept clear
#: above the caption (logical pixels).
EVIDENCE, EVIDENCE_GAP, EVIDENCE_CLEAR = (150, 160, 176), 14, 16
#: The card widths tried for a report too long to leave room for cards of :data:`EVIDENCE`.
SMALL_EVIDENCE = (110, 120, 130)


def when(report, turn: int, name: str | None = None) -> str:
    """Game turn ``turn`` as the reader counts it (nobody sees
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


def summary_lines(report, name: str | None = None, you: str | None = None) -> list[str]:
    """The report's summary in plain words (current language): when the seat
    knew enough (said once: not again as the turn it could have accused on), its
    accusation or the end; its own turns counted (:func:`when`), or that it never had one.  Said to "you"
    (a person's own report; ``you``: their suspect's card id, so that a word said of
    them agrees with it, Spanish "segura" to Señorita Amapola), or with ``name``
    about that seat (a computer's)."""
    out = []
    if report.solved_turn is not None:
        at = when(report, report.solved_turn, name)
        out.append(fmt("You already knew enough to solve the case {when}.", when=at) if name is None else
                   fmt("{name} already knew enough to solve the case {when}.", name=name, when=at))
    else:
        if name is not None:
            out.append(fmt("What {name} saw was never quite enough to be sure.", name=name))
        elif you is not None and feminine(you):
            out.append(pgettext("feminine", "What you saw was never quite enough to be sure."))
        else:
            out.append(_("What you saw was never quite enough to be sure."))
    if report.accused_turn is None and not report.own_turns:     # the game ended before the seat's first turn
        out.append(_("You never got to play a turn.") if name is None else
                   fmt("{name} never got to play a turn.", name=name))
    elif report.accused_turn is None:
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
    # no "could have accused on turn N" after it: the turn it knew enough already says so
    return out


def key_lines(report, name: str | None = None) -> tuple[str, str, str]:
    """The clue that mattered most (``report.key``): (heading, its sentence,
    what it saved in the seat's own turns, :meth:`game.learning.report.Report.own_lost`),
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


def case_sheet(surface: pygame.Surface) -> None:
    """The case file the report and the recap are written on: the parlour behind
    (darkened, as on the game-over screen they open from) and a sheet of
    paper, :data:`SHEET`, with its red margin rule."""
    from game.ui.mansion import scenery

    surface.blit(scenery.backdrop(surface.get_size()), (0, 0))
    tabletop.panel(surface, SHEET, theme.PAPER, 10, nap=True)
    gfx.line(surface, MARGIN_RULE, (SHEET.left + 22, SHEET.top + 8), (SHEET.left + 22, SHEET.bottom - 8), 2)


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
        # the text makes room for the envelope's cards (at a smaller size where it must); only a
        # report too long for that at every size goes down to the sheet's margin without them
        self.labels, laid = [], None
        for widths in (EVIDENCE, SMALL_EVIDENCE):
            laid = self.evidence_places(widths)
            if laid is None:
                break
            above = self.layout(laid[0].rect.top - EVIDENCE_CLEAR)
            if above and above[-1].rect.bottom + EVIDENCE_CLEAR <= laid[0].rect.top:
                self.labels = above
                break
            # too long to end above the cards: a narrower column beside them, down to the margin
            beside = self.layout(width=laid[0].rect.left - EVIDENCE_CLEAR - LEFT)
            if beside and beside[-1].rect.bottom <= TEXT_END:
                self.labels = beside
                break
        if not self.labels:
            self.labels, laid = self.layout(), self.evidence_places(EVIDENCE)
        self.evidence = self.lay_evidence(laid)

    def lay_evidence(self, laid: tuple[Label, list[tuple[str, pygame.Rect]]] | None
                     ) -> tuple[Label, list[tuple[str, pygame.Rect]]] | None:
        """The envelope's cards (the Crime card's in the card game) at ``laid`` (:meth:`evidence_places`),
        public once the game is over, laid in the sheet's lower right corner under a caption:
        (the caption, each card and its place), or None where the text reaches
        down to them (a long report, large text) or the game is not over."""
        if laid is None:
            return None
        caption = laid[0]
        if any(label.rect.bottom + EVIDENCE_CLEAR > caption.rect.top and label.rect.right > caption.rect.left
               for label in self.labels):
            return None
        return laid

    def evidence_places(self, widths: tuple[int, ...] = EVIDENCE) -> tuple[Label, list[tuple[str, pygame.Rect]]] | None:
        """Where :meth:`lay_evidence` lays the envelope's cards and their caption, whatever the
        text, the cards the first of ``widths`` (logical pixels) their names fit: None when the game
        is not over or a card's name or the caption does not fit."""
        cards = self.report.envelope
        if not cards:
            return None
        width = next((w for w in widths if all(assets.card_name_fits(c, w) for c in cards)), None)
        if width is None:
            return None
        w, h = assets.card_size(width)
        row = len(cards) * w + (len(cards) - 1) * EVIDENCE_GAP
        right, bottom = SHEET.right - 26, SHEET.bottom - 16
        places = [(c, pygame.Rect(right - row + i * (w + EVIDENCE_GAP), bottom - h, w, h))
                  for i, c in enumerate(cards)]
        text = _("The envelope held:") if self.match.save_kind == "board" else _("Under the Crime card:")
        height = theme.font(theme.BODY, True).get_linesize()
        caption = Label(pygame.Rect(right - row, bottom - h - height - 6, row, height), text, theme.BODY, True,
                        INK_HEAD)
        if caption.text_width() > row:
            return None
        return caption, places

    def blocks(self) -> list[tuple[str, str]]:
        """The report as (kind, text) in order: "summary", "head", "fact"."""
        r, name = self.report, self.about
        out = [("summary", s) for s in summary_lines(r, name, self.match.suspects[self.seat])]
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

    def layout(self, end: int = TEXT_END, width: int = WIDTH) -> list[Label]:
        """One :class:`Label` per wrapped line, flowing down from :data:`TOP` in a column
        ``width`` wide, at the first of :data:`SIZES` that keeps every line above ``end`` (logical
        pixels; by default :data:`TEXT_END`, the sheet's margin); failing all, the smallest sizes
        with the lines set closer."""
        for (big, small), gap, head_gap in [(sizes, 2, 10) for sizes in SIZES] + [(SIZES[-1], 0, 4)]:
            labels = self._flow(big, small, gap, head_gap, width)
            if not labels or labels[-1].rect.bottom <= end:
                return labels
        return labels

    def _flow(self, big: int, small: int, gap: int = 2, head_gap: int = 10, width: int = WIDTH) -> list[Label]:
        """The lines at sizes ``big`` (summary) and ``small`` (facts), ``gap`` pixels between two
        lines and ``head_gap`` more above a heading, in a column ``width`` wide."""
        out: list[Label] = []
        y = TOP
        for kind, text in self.blocks():
            size = big if kind == "summary" else small
            bold = kind == "head"
            colour = INK_HEAD if kind == "head" else INK
            indent = 34 if kind == "fact" else 0
            if kind == "head" and out:
                y += head_gap
            lines = theme.wrap(text, width - indent, size, bold)
            height = theme.font(size, bold).get_linesize()
            for i, line in enumerate(lines):
                out.append(Label(pygame.Rect(LEFT + indent, y, width - indent, height), line, size, bold, colour))
                if kind == "fact" and i == 0:
                    out.append(Label(pygame.Rect(LEFT + 6, y, 24, height), BULLET, size, True, INK_HEAD))
                y += height + gap
        return out

    def speech_name(self) -> str | None:
        """Read aloud when the report opens (with its prompt, to its owner only when private): its title."""
        return self.title

    def speech_prompt(self) -> str | None:
        """The whole report read aloud: the title, then every
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
        case_sheet(surface)
        suspect = self.match.suspects[self.seat]
        surface.blit(assets.framed_portrait(suspect, PORTRAIT.width), PORTRAIT)
        theme.blit_text(surface, self.title, (LEFT + 90, 52), theme.TITLE, theme.BRASS, True, "midleft",
                        WIDTH - 90)
        for label in self.labels:
            label.draw(surface)
        if self.evidence is not None:
            caption, places = self.evidence
            caption.draw(surface)
            for card_id, where in places:
                surface.blit(assets.card(card_id, where.width), where)
        self.focus.draw(surface)
        footer_hint(surface, _("Press {confirm} or click to go on"))

    def mark_rects(self) -> list[pygame.Rect]:
        """The seat's portrait and the envelope's cards (logical pixels): no line of the report runs over them."""
        cards = [where for _card, where in self.evidence[1]] if self.evidence is not None else []
        return [PORTRAIT.copy(), *cards]

    def widgets(self) -> list:
        return [self.ok, Label(pygame.Rect(LEFT + 90, 26, WIDTH - 90, 52), self.title, theme.TITLE, True),
                *self.labels, *([self.evidence[0]] if self.evidence is not None else [])]


# ------------------------------------------------------------------ the recap
#: The recap's card pictures: side (pixels) and the gap after one.
RECAP_THUMB, RECAP_GAP = 40, 6
#: Pixels one arrow press scrolls the recap (a key's page: the view less this).
RECAP_STEP = 48


class RecapScene(Scene):
    """The story of ``match``'s game for the whole table (opened from the
    game-over screen of either game): each suggestion or question in order
    with its cards as pictures, who had none and who showed a card (never
    which: :func:`game.learning.report.recap` reads the public events only), the
    accusations, and the solution explained from what everybody saw with the
    envelope open (:func:`game.learning.report.solution_lines`).  Long stories scroll:
    arrows, Page Up/Down, the mouse wheel, a pad's d-pad or right stick; a bar
    shows where.  OK, Enter or Esc goes back."""

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        self.scroll = 0
        self.ok = Button(pygame.Rect(520, 604, 240, 56), _("OK"), self.close, hint="Esc")
        self.focus = FocusGroup([self.ok])
        self.language_changed()

    def language_changed(self) -> None:
        """Write the story again in the language now in use (and lay it out)."""
        from game.learning.report import recap

        self.ok.label = _("OK")
        self.recap = recap(self.match.log_events, self.match.save_kind)
        self.title = _("The story of the game")
        self.rows = self.layout()
        self.scroll = min(self.scroll, self.max_scroll)

    # ------------------------------------------------------------- words
    def name(self, seat: int) -> str:
        """``seat``'s suspect as a card id, so each sentence takes the form its language needs
        (Spanish "{who_the}": "la Señora Blanco ..."; see :func:`game.text.i18n.fmt`)."""
        return self.match.suspects[seat]

    def names(self, seats) -> str:
        """``seats``' suspects joined ("A, B and C"), each with its article where the language
        has one (Spanish "el Coronel Rubio y la Señora Blanco")."""
        return and_list([card(self.name(s), "the") for s in seats])

    def item_lines(self, item) -> tuple[str, str, tuple[str, ...]]:
        """One item of the story: its line, the line under it (who answered, or
        the accusation's outcome) and its cards."""
        from game.learning.report import Question

        if isinstance(item, Question):
            head = fmt("{who} asked about {cards}.", who=self.name(item.asker),
                       cards=and_list([card(c, "the") for c in item.cards]))
            parts = []
            if item.none:
                parts.append(nfmt("{names} had none.", "{names} had none.", len(item.none),
                                  names=self.names(item.none)))
            parts.append(fmt("{who} showed a card.", who=self.name(item.shower)) if item.shower is not None
                         else _("Nobody could show a card!"))
            return head, " ".join(parts), item.cards
        if item.cards is None:
            return fmt("{who} accused, face down.", who=self.name(item.player)), _("Wrong: out of the race."), ()
        s, w, r = item.cards
        head = fmt("{who} accused {suspect}, with the {weapon}, in the {room}.", who=self.name(item.player),
                   suspect=s, weapon=w, room=r)
        under = {True: _("Right: the case is solved!"), False: _("Wrong: out of the race."),
                 None: _("Not checked: the case was already solved.")}[item.right]
        return head, under, item.cards

    def outcome(self) -> str:
        """Who won, or nobody."""
        r = self.recap
        if r.winner is None:
            return _("Nobody solved the case.")
        if r.last_standing:
            return fmt("{who} won as the last player still in.", who=self.name(r.winner))
        return fmt("{who} solved the case.", who=self.name(r.winner))

    def blocks(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """The story as (kind, text, cards) in order: "item", "under", "head", "fact", "note"."""
        from game.learning.report import solution_lines

        out: list[tuple[str, str, tuple[str, ...]]] = []
        for item in self.recap.items:
            head, under, cards = self.item_lines(item)
            out += [("item", f"{item.number}. {head}", cards), ("under", under, ())]
        if not self.recap.items:
            out.append(("under", _("Nobody asked anything."), ()))
        held = _("The envelope held:") if self.recap.game == "board" else _("Under the Crime card:")
        out.append(("head", self.outcome() + " " + held, ()))
        for c, why in solution_lines(self.recap, self.name):
            out.append(("fact", card(c) + ": " + why, (c,)))
        out.append(("note", _("Each player's detective report tells what they alone saw."), ()))
        return out

    # ------------------------------------------------------------ layout
    @property
    def view(self) -> pygame.Rect:
        """The scrolling part of the screen (pixels)."""
        return pygame.Rect(LEFT, TOP, WIDTH, BOTTOM - TOP)

    def layout(self) -> list[tuple[Label, tuple[str, ...], int]]:
        """Every wrapped line as (its :class:`Label` at its place in the whole
        story, the cards drawn left of its block's first line, the block's
        first line's top); pictures take a column on the left.  Each line stands one
        line pitch (its font's line size + 2 px) below the one before in its item,
        whether wrapped or the line under it; a block's pictures push only the next block."""
        out: list[tuple[Label, tuple[str, ...], int]] = []
        y = TOP
        pic = RECAP_THUMB + 4
        #: where the last block's pictures end: the next block (never the line under an item) starts below
        pictures_end, prev = TOP, ""
        for kind, text, cards in self.blocks():
            size = theme.BODY if kind in ("item", "head") else theme.SMALL
            bold = kind == "head"
            colour = INK_HEAD if kind == "head" else INK_SOFT if kind in ("under", "note") else INK
            if kind == "fact" and prev == "fact":
                y += 6               # a wrapped fact stays apart from the next as a one-line fact does
            if kind != "under":
                # the line under an item follows its last line at the line pitch, wrapped or not: the
                # pictures beside them only push the next block down
                y = max(y, pictures_end)
            prev = kind
            if kind in ("head", "note") or (kind == "item" and out):
                y += 12
            indent = 3 * (pic + RECAP_GAP) + 8 if kind in ("item", "under") else pic + 14 if kind == "fact" else 0
            lines = theme.wrap(text, WIDTH - indent - 20, size, bold)
            height = theme.font(size, bold).get_linesize()
            top = y
            for line in lines:
                out.append((Label(pygame.Rect(LEFT + indent, y, WIDTH - indent - 20, height), line, size, bold,
                                  colour), cards if y == top else (), top))
                y += height + 2
            if cards:
                pictures_end = top + RECAP_THUMB + 6
        return out

    @property
    def height(self) -> int:
        """The whole story's height (pixels)."""
        return (self.rows[-1][0].rect.bottom - TOP) if self.rows else 0

    @property
    def max_scroll(self) -> int:
        return max(0, self.height - self.view.height + 8)

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))

    # ------------------------------------------------------------- input
    def close(self) -> None:
        self.app.play("click")
        self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        k = intent.kind
        if k in (Kind.BACK, Kind.CONFIRM):
            self.close()
            return True
        if k in (Kind.UP, Kind.DOWN):
            self.scroll_by(RECAP_STEP if k is Kind.DOWN else -RECAP_STEP)
            return True
        if k in SCROLLS:
            step = self.view.height - RECAP_STEP if intent.device == "keyboard" else RECAP_STEP
            self.scroll_by(step if k is Kind.LOG_DOWN else -step)
            return True
        return self.focus.handle(intent)

    def speech_prompt(self) -> str | None:
        """The whole story read aloud, line by line (it is public)."""
        parts = [self.title] + [text for _kind, text, _cards in self.blocks()]
        return " ".join(p if p.endswith((".", "!", "?", ":", "…")) else p + "." for p in parts)

    # -------------------------------------------------------------- draw
    def shown(self) -> list[tuple[Label, tuple[str, ...], int]]:
        """The rows in view now, moved by the scroll."""
        view = self.view
        out = []
        for label, cards, top in self.rows:
            r = label.rect.move(0, -self.scroll)
            if r.top >= view.top - 2 and r.bottom <= view.bottom + 2:
                out.append((Label(r, label.text, label.size, label.bold, label.colour), cards, top - self.scroll))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.draw.logview import thumb

        case_sheet(surface)
        theme.blit_text(surface, self.title, (LEFT, 52), theme.TITLE, theme.BRASS, True, "midleft", WIDTH)
        view = self.view
        surface.set_clip(view)
        for label, cards, top in self.shown():
            label.draw(surface)
            x = LEFT + (0 if label.rect.left > LEFT + 3 * (RECAP_THUMB + 4) else 4)
            for c in cards:
                surface.blit(thumb(c, RECAP_THUMB), (x, top))
                x += RECAP_THUMB + 4 + RECAP_GAP
        surface.set_clip(None)
        if self.max_scroll:
            track = pygame.Rect(view.right - 8, view.top, 8, view.height)
            knob_h = max(24, track.height * view.height // max(1, self.height))
            knob = pygame.Rect(track.left, track.top + (track.height - knob_h) * self.scroll // self.max_scroll,
                               8, knob_h)
            gfx.rect(surface, theme.PAPER_DARK, track, border_radius=4)
            gfx.rect(surface, INK_HEAD, knob, border_radius=4)
        self.focus.draw(surface)
        footer_hint(surface, _("{move} or {scroll} to read on, {confirm} to go back") if self.max_scroll
                    else _("Press {confirm} or click to go on"))

    def widgets(self) -> list:
        return [self.ok, Label(pygame.Rect(LEFT, 26, WIDTH, 52), self.title, theme.TITLE, True),
                *(label for label, _cards, _top in self.rows)]
