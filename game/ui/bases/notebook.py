"""The detective notebook of one person, as both games show it (behind a cover
when needed): the board game's notebook (:mod:`game.ui.board.notebook`) and
the card game's case file (:mod:`game.ui.cardgame.notebook`) give its columns
and heading.

The board game's 21 rows are grouped Suspects / Weapons / Rooms, each with the
small card picture.
Cards in the seat's hand and cards shown to the seat are ticked automatically
(from ``game.view(seat).events`` only); each row also has a manual mark the
player cycles: blank, X, ?, ✓.  Marks live in ``match.notebooks[seat]``.
Automatically ticked rows are facts ("In my hand", "Shown by ..."): their
mark is always ✓ and cannot be cycled.  They are framed and their ✓ is
stamped in a dark box, so they stand out without colour (the green tint is
a third cue, not the only one).

How much is ticked depends on ``match.notebook_mode``
(:data:`game.learning.hints.NOTEBOOK_MODES`): ``manual`` ticks nothing, ``assisted``
ticks the facts above, ``hints`` also offers two buttons under the weapons:
*Hint* reveals the next conclusion of :meth:`Match.hints` (what this seat can
work out from its own view, :mod:`game.learning.hints`), its one sentence in the text
box and its row in light blue with a short note ("In the envelope!", "Held by
Colonel Mustard"); *All hints* reveals every conclusion at once.  Pointing at
(focusing) a blue row shows its reason again.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from game.learning.hints import DEFAULT_NOTEBOOK_MODE, Hint
from game.rules.cards import category
from game.ui.draw import assets, gfx, theme
from game.ui.draw.widgets import Button, FocusGroup, Label, card_spoken, footer_hint, shared_spoken
from game.ui.shell import prompts
from game.ui.shell.i18n import _, and_list, card, fmt, ngettext
from game.ui.shell.input import SCROLLS, Intent, Kind
from game.ui.shell.registry import find, make
from game.ui.shell.scene import Scene, choice_guard

ROW_H, ROW_STEP, HEADER_H = 34, 37, 34
LEFT_X, RIGHT_X = 24, 646
COL_W = 610
MARK_W = 50
NAME_W = 226     # the longest card name at 20 px bold ("Senyoreta Amapola")
#: Pixels between a row's name column and its note, and at least between any two texts side by side.
NOTE_GAP = 12
#: Rows with a revealed hint: background, note and outline of the newest one.
HINT_BG, HINT_INK, HINT_EDGE = (208, 228, 248), (30, 80, 150), (60, 130, 210)
#: Rows ticked for you (facts): a light green background, and -- so they are told
#: apart without colour -- a dark frame inside the row and the mark stamped in a
#: dark box (:data:`FACT_FRAME` pixels wide).  The tint alone was CIEDE2000 2.3 from
#: a plain row under deuteranopia; frame and box are dark on light under any vision.
FACT_BG, FACT_INK, FACT_FRAME = (222, 236, 210), (30, 78, 40), 3
#: The legend's colour while it shows a hint's reason.
HINT_TEXT = (175, 210, 245)
#: Hints mode: Hint under the weapons (right below their rows, so the arrows
#: reach it), All hints and Done side by side under the rooms.
HINT_RECT, ALL_HINTS_RECT = pygame.Rect(LEFT_X, 610, COL_W, 60), pygame.Rect(RIGHT_X, 610, 296, 60)
DONE_RECT, DONE_HINTS_RECT = pygame.Rect(RIGHT_X, 610, COL_W, 60), pygame.Rect(RIGHT_X + 304, 610, COL_W - 304, 60)


def note_width(row: pygame.Rect) -> int:
    """Pixels for a row's note ("Shown by ...") between the name and the mark."""
    return COL_W - row.height - 8 - NAME_W - NOTE_GAP - MARK_W - 8


def accuse_now_text(cards: Sequence[str]) -> str:
    """What is said once the notebook names the whole envelope: the three
    cards to accuse, with their articles ("You can accuse now: Mrs. Peacock,
    the Knife, the Lounge.").  ``cards``: (suspect, weapon, room) ids, as
    :func:`envelope_found` gives them."""
    suspect, weapon, room = cards
    return fmt("You can accuse now: {suspect_the}, {weapon_the}, {room_the}.",
               suspect=suspect, weapon=weapon, room=room)


def envelope_found(match, seat: int, found: dict[str, Hint] | None = None) -> tuple[str, str, str] | None:
    """With Hints: the (suspect, weapon, room) ``seat``'s view has worked out
    to be in the envelope, once it names all three; else None.  ``found``: the
    seat's hints on rows not ticked for it, worked out when not given."""
    if getattr(match, "notebook_mode", DEFAULT_NOTEBOOK_MODE) != "hints":
        return None
    if found is None:
        facts = match.facts(seat)
        found = {c: h for c, h in match.hints(seat).items() if c not in facts}
    inside = {category(c): c for c, h in found.items() if h.envelope}
    if set(inside) != {"suspect", "weapon", "room"}:
        return None
    return inside["suspect"], inside["weapon"], inside["room"]


def accuse_ready(match, seat: int, found: dict[str, Hint] | None = None) -> bool:
    """With Hints: True when what ``seat`` has seen names the whole envelope
    (:func:`envelope_found`)."""
    return envelope_found(match, seat, found) is not None


def tell_envelope(match, seat: int, found: dict[str, Hint] | None = None) -> str | None:
    """``seat`` is told that their notebook names the envelope (aloud when
    alone, else on their own screen): the three cards' hints count as
    revealed from now on (their rows, and both pickers, say "In the
    envelope!"), and the sentence naming them is returned (None: not named yet)."""
    cards = envelope_found(match, seat, found)
    if cards is None:
        return None
    seen = getattr(match, "hints_seen", {}).setdefault(seat, [])
    seen.extend(c for c in cards if c not in seen)      # the same list the open notebook holds
    return accuse_now_text(cards)


def fact_words(match, seat: int, card_id: str, facts: dict[str, str] | None = None) -> str:
    """The note of a notebook row, for ``seat`` in ``match``: "In my hand",
    "Shown by Colonel Mustard" for a fact (``facts``: :meth:`match.facts(seat)
    <game.ui.bases.match.Seats.facts>`, worked out when not given), else "".  In the
    Manual mode, where nothing is ticked for you, your own cards still say "In my hand"."""
    why = (match.facts(seat) if facts is None else facts).get(card_id)
    if why == "hand" or (why is None and card_id in match.own_cards(seat)):
        return _("In my hand")
    if why and why.startswith("shown:"):
        return fmt("Shown by {name}", name=match.suspects[int(why[6:])])
    return ""


def hint_words(match, hint: Hint) -> str:
    """The short note on a hinted row: "In the envelope!", "Held by
    Colonel Mustard" or "Not in the envelope"."""
    if hint.envelope:
        return _("In the envelope!")
    if hint.holder is not None:
        return fmt("Held by {name}", name=match.suspects[hint.holder])
    return _("Not in the envelope")


def card_state(match, seat: int, card_id: str, facts: dict[str, str] | None = None,
               found: dict[str, Hint] | None = None) -> tuple[str, str]:
    """``card_id`` as ``seat``'s notebook has it: (its mark: a key of
    :data:`~game.ui.draw.widgets.MARK_WORDS`, "✓" for a fact; its note, as
    :func:`fact_words`, or for a row whose hint this seat revealed, the hint's
    :func:`hint_words`), so another screen can say it in the notebook's words.
    ``found``: ``match.hints(seat)``, worked out when needed and not given."""
    facts = match.facts(seat) if facts is None else facts
    note = fact_words(match, seat, card_id, facts)
    if not note and card_id in revealed_hints(match, seat):
        hint = (match.hints(seat) if found is None else found).get(card_id)
        note = hint_words(match, hint) if hint is not None else ""
    return ("✓" if card_id in facts else match.notebooks.get(seat, {}).get(card_id, "")), note


def revealed_hints(match, seat: int) -> list[str]:
    """The cards whose hint ``seat`` revealed in the notebook (Hints mode only; else none)."""
    if getattr(match, "notebook_mode", DEFAULT_NOTEBOOK_MODE) != "hints":
        return []
    return getattr(match, "hints_seen", {}).get(seat, [])


class RowButton(Button):
    """One notebook row; pressing it cycles the manual mark."""

    owner: "NotebookBase"
    #: the row's card (id)
    data: str

    def draw(self, surface: pygame.Surface) -> None:
        nb = self.owner
        card = self.data
        r = self.rect
        auto = nb.auto.get(card)
        hint = None if auto else nb.shown_hint(card)
        bg = FACT_BG if auto else HINT_BG if hint else theme.PAPER
        if self.focused:
            gfx.rect(surface, theme.FOCUS, r.inflate(8, 6), border_radius=8)
        gfx.rect(surface, bg, r, border_radius=6)
        if auto:    # inside the row's edge, so it shows against the page's dark background too
            gfx.rect(surface, FACT_INK, r.inflate(-2, -2), FACT_FRAME, border_radius=5)
        if hint is not None and card == nb.latest:
            gfx.rect(surface, HINT_EDGE, r, 3, border_radius=6)
        surface.blit(assets.card_picture(card, r.height - 6), (r.left + 4, r.top + 3))
        theme.blit_text(surface, self.label, (r.left + r.height + 8, r.centery), theme.SMALL, theme.INK, True,
                        "midleft", NAME_W)
        note = nb.auto_text(card) or (nb.hint_note(hint) if hint else "")
        if note:
            theme.blit_text(surface, note, (r.left + r.height + 8 + NAME_W + NOTE_GAP, r.centery), theme.SMALL,
                            HINT_INK if hint else FACT_INK, False, "midleft", note_width(r))
        cell = self.mark_rect()
        mark = nb.marks.get(card, "")
        if auto:   # a fact: always ticked, whatever mark was set before, stamped light on dark
            gfx.rect(surface, FACT_INK, cell, border_radius=6)
            theme.blit_text(surface, "✓", cell.center, theme.BODY, theme.CREAM, True, "center")
            return
        gfx.rect(surface, (255, 252, 244), cell, border_radius=6)
        gfx.rect(surface, (130, 110, 90), cell, 2, border_radius=6)
        if mark:
            colour = {"X": theme.BAD, "?": (200, 140, 30), "✓": (40, 130, 60)}[mark]
            theme.blit_text(surface, mark, cell.center, theme.BODY, colour, True, "center")

    def spoken(self) -> str:
        """The row as read aloud to the notebook's owner: "Rope — weapon —
        ticked — In my hand" for a fact, else its mark ("— maybe", "— no mark"),
        then the revealed hint's note."""
        nb, card_id = self.owner, self.data
        auto = nb.auto.get(card_id)
        hint = None if auto else nb.shown_hint(card_id)
        words = card_spoken(card_id, self.label, mark="✓" if auto else nb.marks.get(card_id, ""))
        note = nb.auto_text(card_id) or (nb.hint_note(hint) if hint else "")
        words = f"{words} — {note}" if note else words
        # a blue row says why, as the legend shows it: moving to it is how a listener reads it
        if hint is None:
            return words
        return f"{words}{'' if words.endswith(('.', '!', '?', '…')) else '.'} {hint.reason}"

    def mark_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - MARK_W - 4, self.rect.top + 3, MARK_W, self.rect.height - 6)

    def text_width(self) -> int:
        return theme.fit_width(self.label, theme.SMALL, True, NAME_W)

    def available_width(self) -> int:
        return NAME_W


class NotebookBase(Scene):
    """``seat``'s notebook and cards in ``match``.  Esc, N or "Done — hide"
    closes it.  A game's scene says :meth:`columns`, :meth:`title_text` and
    :meth:`legend_rect`."""

    private = True

    def __init__(self, app, match, seat: int) -> None:
        super().__init__(app)
        self.match = match
        self.seat = seat
        self.auto = match.facts(seat)
        #: the cards in this seat's hand (named in every mode, ticked only when the mode says so)
        self.own = match.own_cards(seat)
        self.marks = match.notebooks.setdefault(seat, {})
        self.rows: list[RowButton] = []
        self.headers: list[tuple[str, int, int]] = []
        for x, groups in self.columns():
            y = 80
            for title, cards in groups:
                self.headers.append((title, x, y))
                y += HEADER_H
                for c in cards:
                    b = RowButton(pygame.Rect(x, y, COL_W, ROW_H), card(c), data=c)
                    b.owner = self
                    b.on_press = lambda c=c: self.cycle(c)
                    self.rows.append(b)
                    y += ROW_STEP
                y += 6
        self.done_button = Button(DONE_RECT.copy(), _("Done — hide"), self.done, hint="Esc")
        self.mode = getattr(match, "notebook_mode", DEFAULT_NOTEBOOK_MODE)
        #: the cards whose hint this person revealed (kept by the match while the game runs)
        self.revealed: list[str] = getattr(match, "hints_seen", {}).setdefault(seat, [])
        self.latest: str | None = None       # the card of the hint revealed last
        self.hint_text = ""                  # what the last press of Hint or All hints said
        self._found: dict[str, Hint] | None = None
        extra = []
        if self.mode == "hints":
            self.hint_button = Button(HINT_RECT.copy(), _("Hint"), self.next_hint)
            self.all_button = Button(ALL_HINTS_RECT.copy(), _("All hints"), self.all_hints)
            extra = [self.hint_button, self.all_button]
            self.done_button.rect = DONE_HINTS_RECT.copy()
        self.focus = FocusGroup(self.rows + extra + [self.done_button])
        #: the notebook as it opens is a new prompt (:class:`~game.ui.shell.scene.PromptGuard`): Enter mashed
        #: on past its cover never changes a mark; the first press after a quiet moment (or after the person
        #: moved to a row or pointed at one) does, and from then on every press does (marks cycled quickly)
        self.guard = choice_guard(self, match, seat, lambda: self.focus.buttons, also=(Kind.NOTEBOOK, *SCROLLS))
        self.fact_note: str | None = None   # the ticked row last pressed (its mark cannot change)

    def columns(self) -> Sequence[tuple[int, Sequence[tuple[str, tuple[str, ...]]]]]:
        """The columns: (x in pixels, [(English group title, card ids), ...]) (the game's own)."""
        raise NotImplementedError

    def title_text(self) -> str:
        """The heading ("Miss Scarlet's notebook") (the game's own)."""
        raise NotImplementedError

    def legend_rect(self) -> pygame.Rect:
        """Where the legend (or the note about a fact row) is written (the game's own)."""
        raise NotImplementedError

    def auto_text(self, card: str) -> str:
        """The note of a row: "In my hand", "Shown by ..." for a fact row; in
        the Manual mode, where nothing is ticked for you, your own cards still
        say "In my hand" (their marks are yours to set)."""
        return fact_words(self.match, self.seat, card, self.auto)

    # -------------------------------------------------------------- hints
    def hints(self) -> list[Hint]:
        """This seat's conclusions about rows not ticked for you, in the order
        found (:meth:`game.ui.bases.match.Match.hints`, from this seat's view only)."""
        return [h for c, h in self.match.hints(self.seat).items() if c not in self.auto]

    def found(self) -> dict[str, Hint]:
        """:meth:`hints` by card, worked out once and again after each press of Hint."""
        if self._found is None:
            self._found = {h.card: h for h in self.hints()}
        return self._found

    def shown_hint(self, card: str) -> Hint | None:
        """The hint about ``card`` if this person has revealed it, else None."""
        if card not in self.revealed:
            return None
        return self.found().get(card)

    def hint_note(self, hint: Hint) -> str:
        """The short note on a hinted row (:func:`hint_words`)."""
        return hint_words(self.match, hint)

    def _reveal(self, count: int | None) -> list[Hint]:
        """Reveal the next ``count`` hints (None: all); returns them."""
        self.app.play("click")
        self.fact_note = None
        self._found = None
        new = [h for h in self.found().values() if h.card not in self.revealed][:count]
        self.revealed.extend(h.card for h in new)
        if new:
            self.latest = new[-1].card
        elif self.found():
            self.hint_text = _("You have seen every hint for now. Watch who shows cards to learn more.")
        else:
            self.hint_text = _("No hint yet: ask more questions, and look at who shows cards.")
        return new

    def speech_name(self) -> str | None:
        """Read aloud to the notebook's owner only (a private screen: never at
        a table of two or more people) when it opens: its heading, the
        cards in their hand ("Your cards: Rope, Kitchen and Miss Scarlet.")
        and how to use it (the keys)."""
        hand = [card(c, "the") for c in self.own]     # with their articles: "la Cuerda, la Cocina y ..."
        how = prompts.fmt(_("Use {move} to choose a row and {confirm} to change its mark; {back} hides it."))
        if not hand:
            return self.title_text() + ". " + how
        return self.title_text() + ". " + fmt("Your cards: {cards}.", cards=and_list(hand)) + " " + how

    def accuse_now(self) -> str | None:
        """With Hints, once what this seat has seen names the whole envelope:
        "You can accuse now: ..." naming the three cards, whose rows now say
        "In the envelope!" (:func:`tell_envelope`); seen here, it need not be
        shown again elsewhere.  Else None."""
        text = tell_envelope(self.match, self.seat, self.found()) if self.mode == "hints" else None
        if text is not None:
            getattr(self.match, "accuse_unseen", set()).discard(self.seat)
        return text

    def speech_prompt(self) -> str | None:
        """Read aloud to the notebook's owner only (a private screen: said
        while on top, never at a table of two or more people): the sentence of
        the hint just revealed, or that the notebook names the whole envelope."""
        return self.hint_text or self.accuse_now()

    def speech_shared(self) -> str | None:
        """Read aloud at a table of two or more people: how to use it, never a mark, a hint or a card in hand."""
        return prompts.fmt(_("Your notebook. Use {move} to choose a row and {confirm} to change its mark; {back} "
                             "hides it."))

    def speech_shared_focus(self) -> str | None:
        """A row by its kind only ("A weapon — press Enter"), a button by its label."""
        return shared_spoken(self.focus.focused)

    def next_hint(self) -> None:
        """Reveal the next hint: its sentence in the text box, its row in blue."""
        new = self._reveal(1)
        if new:
            self.hint_text = new[0].reason

    def all_hints(self) -> None:
        """Reveal every hint not revealed yet."""
        new = self._reveal(None)
        if new:
            self.hint_text = ngettext("{n} new hint is marked in blue. Move to a blue row, or point at it, to "
                                      "read why.",
                                      "{n} new hints are marked in blue. Move to a blue row, or point at it, to "
                                      "read why.",
                                      len(new)).format(n=len(new))

    def cycle(self, card: str) -> None:
        """Cycle ``card``'s manual mark; rows ticked for you are facts and stay."""
        if card in self.auto:
            self.fact_note = card
            # at a shared table a different sound would tell the room which rows are facts
            self.app.play("click" if self.match.needs_cover else "nope")
            return
        self.fact_note = None
        self.match.cycle_mark(self.seat, card)
        self.app.store.autosave(self.match)  # each mark is kept at once, even if the game is killed
        self.app.play("click")

    def legend(self) -> str:
        """The hint line under the rooms: a fact row's note, the reason of the
        focused blue row, what Hint said last, or how the notebook works."""
        if self.fact_note:
            return fmt("{card} is ticked for you: it is a fact ({why}), so its mark cannot change. "
                       "Change the marks of the other rows.", card=self.fact_note, why=self.auto_text(self.fact_note))
        focused = self.focus.focused
        hint = self.shown_hint(focused.data) if isinstance(focused, RowButton) else None
        if hint is not None:
            return hint.reason
        if self.hint_text:
            return self.hint_text
        accuse = self.accuse_now()
        if accuse:
            return accuse
        if self.mode == "hints" and focused is self.hint_button:
            return _("Hint: shows one more thing you can work out from what you have seen, and why.")
        if self.mode == "hints" and focused is self.all_button:
            return _("All hints: marks in blue every row you can work out now.")
        if self.mode == "manual":
            return prompts.fmt(_("Press {confirm} or click a row to change its mark: blank, X (not it), ? (maybe), "
                                 "✓ (seen). Nothing is ticked for you: mark your own cards and the cards you are "
                                 "shown."))
        return prompts.fmt(_("Press {confirm} or click a row to change its mark: blank, X (not it), ? (maybe), "
                             "✓ (seen). Framed rows are facts (in your hand or shown to you), ticked for you; they do "
                             "not change."))

    def done(self) -> None:
        self.app.play("click")
        self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.BACK, Kind.NOTEBOOK):
            self.done()
            return True
        if intent.kind is Kind.MENU:      # the pause menu over the notebook (which it hides); Resume comes back
            self.app.push(make("menu", self.app, find(self.app.stack, "board", "card_table")))
            return True
        if self.guard.blocks(intent):
            return True
        return self.focus.handle(intent)

    def update(self, dt: float) -> None:
        self.guard.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        suspect = self.match.suspects[self.seat]
        img = assets.token(suspect, 44)
        surface.blit(img, (36, 16))
        theme.blit_text(surface, self.title_text(), (92, 38),
                        theme.TITLE, theme.BRASS, True, "midleft", 1150)
        for title, x, y in self.headers:
            theme.blit_text(surface, _(title), (x, y + HEADER_H // 2), theme.BODY, theme.BRASS, True, "midleft")
        for x in (LEFT_X, RIGHT_X):      # over the mark cells, ending with them (clear of the next column)
            theme.blit_text(surface, _("Mark"), (x + COL_W - 4, 80 + HEADER_H // 2), theme.SMALL, theme.MUTED, False,
                            "midright")
        text = self.legend()
        colour = theme.BRASS if self.fact_note else theme.CREAM
        if not self.fact_note and self.mode == "hints" and (self.hint_text == text or any(
                h.reason == text for h in (self._found or {}).values())):
            colour = HINT_TEXT
        theme.blit_wrapped(surface, text, self.legend_rect(), theme.SMALL, colour)
        self.focus.draw(surface)
        footer_hint(surface, self.guard.hint() or _("{move} to move, {confirm} to mark, {back} or {notebook} to hide"))

    def widgets(self) -> list:
        out: list = list(self.focus.buttons)
        for r in self.rows:
            out.append(Label(pygame.Rect(0, 0, note_width(r.rect), 30),
                             self.auto_text(r.data) or fmt("Shown by {name}", name="mustard"),
                             theme.SMALL))
        out.append(Label(pygame.Rect(92, 20, 1150, 40), self.title_text(), theme.TITLE, True))
        w = note_width(self.rows[0].rect)       # every note a row may show, for every player
        notes = [fmt("Shown by {name}", name=s) for s in self.match.suspects]
        if self.mode == "hints":
            notes += [_("In the envelope!"), _("Not in the envelope")]
            notes += [fmt("Held by {name}", name=s) for s in self.match.suspects]
        out += [Label(pygame.Rect(0, 0, w, 30), n, theme.SMALL) for n in notes]
        return out
