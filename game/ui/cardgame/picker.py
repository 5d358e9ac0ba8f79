"""Choosing cards in the card game: two evidence cards of any kinds to ask
about (003 "Podreu triar dues proves per preguntar"), or one person, one
weapon and one location to accuse with (003 "Acusació") or to join another
player's accusation with.

Three columns (Who? With what? Where?) of card rows; keyboard, mouse and pad
all work (arrows move, confirm picks).  When the case file may be seen (one
person at the table, or behind a cover) each row also shows its case-file
mark: a line through a card crossed off (seen), or the person's own mark.
"""

from __future__ import annotations

import pygame

from game.cardgame.engine import Accuse, Ask, Join
from game.ui.bases.notebook import card_state, revealed_hints
from game.ui.draw import theme
from game.ui.draw.widgets import Button, FocusGroup, Label, MarkedChip, footer_hint, picked_word, shared_spoken
from game.ui.shell import prompts
from game.ui.shell.i18n import BLANK, N_, _, card, fmt
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import make as make_scene
from game.ui.shell.scene import Scene, choice_guard

#: Column headers per kind of evidence card (the board game's words).
HEADERS = {"person": N_("Who?"), "weapon": N_("With what?"), "location": N_("Where?")}
COL_X, COL_W, ROW_Y, ROW_STEP, ROW_H = 30, 390, 150, 58, 50
OK_RECT = pygame.Rect(30, 480, 390, 60)
BACK_RECT = pygame.Rect(445, 480, 390, 60)
NOTE_RECT = pygame.Rect(30, 560, 1220, 110)


class CardPickerScene(Scene):
    """``mode`` "ask" (two different cards of any kinds), "accuse" or "join"
    (one card of each kind) for ``seat``; ``table`` is the
    :class:`~game.ui.cardgame.table.CardTableScene` that applies the action.
    ``marks``: show the seat's case-file marks (only where nobody else looks).
    ``on_done`` runs after the action was handed to the table (the join screen
    closes itself with it)."""

    def __init__(self, app, table, seat: int, mode: str, marks: bool = False, on_done=None) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.mode = mode
        self.on_done = on_done
        #: with the case-file marks only its seat may see it
        self.private = marks
        match = table.match
        crossed = match.crossed(seat) if marks else {}
        own = match.notebooks.get(seat, {}) if marks else {}
        facts = match.facts(seat) if marks else {}
        found = match.hints(seat) if marks and revealed_hints(match, seat) else {}
        #: ask: the cards picked, oldest first (at most two)
        self.picked: list[str] = []
        #: accuse / join: the card picked per kind
        self.choice: dict[str, str | None] = {"person": None, "weapon": None, "location": None}
        self.items: dict[str, list[MarkedChip]] = {}
        buttons: list[Button] = []
        for col, (kind, pile) in enumerate(zip(HEADERS, match.game.view(seat).piles, strict=True)):
            row = []
            for i, c in enumerate(pile):
                b = MarkedChip(pygame.Rect(COL_X + col * 415, ROW_Y + i * ROW_STEP, COL_W, ROW_H), card(c), data=c)
                b.crossed = c in crossed or own.get(c) == "✓"     # "seen", by the game or by hand
                b.mark = "" if b.crossed else own.get(c, "")
                if marks:       # read aloud in the case file's own words, hints revealed there included
                    b.said_mark, b.note = card_state(match, seat, c, facts, found)
                b.on_press = lambda b=b, kind=kind: self.pick(kind, b)
                row.append(b)
            self.items[kind] = row
            buttons += row
        label = {"ask": _("Ask!"), "accuse": _("Accuse!"), "join": _("Accuse too!")}[mode]
        self.ok = Button(OK_RECT.copy(), label, self.confirm)
        self.back_button = Button(BACK_RECT.copy(), _("Back"), self.back, hint="Esc")
        # the first card focused, so Enter always does something
        self.focus = FocusGroup(buttons + [self.ok, self.back_button], focus=0)
        #: the press that opened the picker (Ask, the cover), mashed on, never picks a card; renewed
        #: when a pick moves the focus on by itself (:func:`~game.ui.shell.scene.choice_guard`)
        self.guard = choice_guard(self, match, seat, lambda: self.focus.buttons)
        self.missing_text = ""

    # ------------------------------------------------------------ choices
    def pick(self, kind: str, button: MarkedChip) -> None:
        """Ask: add or remove ``button``'s card (a third card drops the oldest).
        Accuse / join: the card of its kind."""
        c = button.data
        assert isinstance(c, str)      # every chip here carries its card id
        if self.mode == "ask":
            if c in self.picked:
                self.picked.remove(c)
            else:
                self.picked = (self.picked + [c])[-2:]
            chosen = set(self.picked)
        else:
            self.choice[kind] = c
            chosen = {v for v in self.choice.values() if v}
        for row in self.items.values():
            for b in row:
                b.selected = b.data in chosen
        self.missing_text = ""
        self.app.play("click")
        if not button.focused:
            return
        if c in chosen:     # said before the focus moves on, else the pick is never heard
            self.app.speech.say(" — ".join((button.label, picked_word(button.data))), self if self.private else None)
        if not self.missing():
            self.focus.focus_on(self.ok)
        elif c in chosen:       # a card was added: on to the next column, so Enter again never takes it back
            self.focus.focus_on(self._next_chip(kind))
        else:
            return
        self.guard = choice_guard(self, self.table.match, self.seat, lambda: self.focus.buttons)

    def _next_chip(self, kind: str) -> MarkedChip:
        """The chip to focus after picking a card of ``kind``: the first one not
        crossed out and not picked in the next column still to choose from
        (ask: the next column; accuse / join: the next kind not picked yet)."""
        kinds = [k for k in HEADERS if k in self.items]
        order = kinds[kinds.index(kind) + 1:] + kinds[:kinds.index(kind) + 1]
        if self.mode != "ask":
            order = [k for k in order if self.choice[k] is None] or order
        row = self.items[order[0]]
        return next((b for b in row if not b.crossed and not b.selected), row[0])

    def missing(self) -> list[str]:
        """Ask: one entry per card still to pick; accuse: the kinds not picked yet."""
        if self.mode == "ask":
            return ["card"] * (2 - len(self.picked))
        return [k for k, v in self.choice.items() if v is None]

    def missing_words(self, missing: list[str] | None = None) -> str:
        """ "Pick one more card." / "Pick a weapon too." ..."""
        missing = self.missing() if missing is None else missing
        if self.mode == "ask":
            return _("Pick one more card.") if len(missing) == 1 else _("Pick two cards.")
        words = {"person": _("a person"), "weapon": _("a weapon"), "location": _("a location")}
        if len(missing) == 1:
            return _("Pick {what} too.").format(what=words[missing[0]])
        return _("Pick {first} and {last} first.").format(
            first=", ".join(words[m] for m in missing[:-1]), last=words[missing[-1]])

    def action(self):
        """The engine action of the cards picked (names may be empty)."""
        if self.mode == "ask":
            first, second = (self.picked + ["", ""])[:2]
            return Ask(first, second)
        cls = Accuse if self.mode == "accuse" else Join
        return cls(*(self.choice[k] or "" for k in HEADERS))

    def confirm(self) -> None:
        """Hand the action to the table; with a card missing, stay and say which."""
        missing = self.missing()
        if missing:
            self.missing_text = self.missing_words()
            self.app.play("nope")
            kind = next((k for k in HEADERS if k in missing), None)
            if kind is not None:
                self.focus.focus_on(self.items[kind][0])
            return
        if self.mode in ("accuse", "join"):   # a wrong accusation puts the accuser out: ask once more
            cards = tuple(self.choice[k] or "" for k in HEADERS)
            self.app.push(make_scene("accuse_confirm", self.app, self.table.match, self.seat, cards, self.commit))
            return
        self.commit()

    def commit(self) -> None:
        """Close the picker and hand the action picked to the table."""
        self.app.pop(self)
        if self.table.do(self.action()) and self.on_done is not None:
            self.on_done()

    def back(self) -> None:
        self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.BACK:
            self.back()
            return True
        if intent.kind is Kind.MENU:      # the pause menu; Resume comes back here, the picks kept
            self.app.push(make_scene("menu", self.app, self.table))
            return True
        if self.guard.blocks(intent):
            return True
        return self.focus.handle(intent)    # (a held Enter's auto-repeat picks nothing: FocusGroup)

    def update(self, dt: float) -> None:
        self.guard.update(dt)

    # ------------------------------------------------------------- speech
    def speech_prompt(self) -> str | None:
        """Read aloud: what this picker is for, after Ask! / Accuse! pressed
        too early what is missing ("Pick one more card."), and once every card
        is picked, the sentence it makes ("I ask about ...")."""
        if self.missing_text:
            return self.missing_text
        if not self.missing():
            return self.sentence()
        if self.mode == "ask":
            return _("Ask about two cards: pick two cards, of any kinds.")
        if self.mode == "join":
            return _("Your accusation: pick a person, a weapon and a location.")
        return _("Make an accusation: pick a person, a weapon and a location. If you are wrong, you are out, but "
                 "you still answer questions.")

    def speech_shared(self) -> str | None:
        """Read aloud at a table of two or more people (the accusation, behind
        its cover): what to do, never the cards picked or their marks."""
        return prompts.fmt(_("Pick a person, a weapon and a location with {move} and {confirm}."))

    def speech_shared_focus(self) -> str | None:
        """A card by its kind only ("A weapon — press Enter"), a button by its label."""
        return shared_spoken(self.focus.focused)

    def speech_focus_first(self) -> bool:
        """Once every card is picked, Ask! / Accuse! (focused) is what to do
        now: named before the sentence the picks make."""
        return not self.missing() and not self.missing_text

    # --------------------------------------------------------------- draw
    def title(self) -> str:
        return {"ask": _("Ask about two cards"), "accuse": _("Make an accusation"),
                "join": _("Your accusation")}[self.mode]

    def sentence(self, longest: bool = False) -> str:
        """What is being asked or accused, with blanks for what is missing
        (``longest``: the longest sentence possible, for the text-fit test)."""
        if self.mode == "ask":
            a, b = ("candlestick", "billiard_room") if longest else (self.picked + [BLANK, BLANK])[:2]
            return fmt("I ask about {first_the} and {second_the}.", first=a, second=b)
        s, w, r = ("mustard", "candlestick", "billiard_room") if longest else (
            self.choice[k] or BLANK for k in HEADERS)
        return fmt("I accuse {who}, with the {what}, in the {where}!", who=s, what=w, where=r)

    def note(self) -> str:
        """The line under the buttons: what happens next."""
        if self.missing_text:
            return self.missing_text
        if self.mode == "ask":
            return _("The players to your left answer one by one. The first who holds one of the two cards shows "
                     "it to you alone.")
        return _("Nobody sees your accusation until the check. If you are wrong, you are out, but you still "
                 "answer questions.")

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.blit_text(surface, self.title(), (30, 14), theme.TITLE, theme.BRASS, True, max_width=1220)
        theme.blit_text(surface, self.sentence(), (30, 70), theme.BODY, theme.CREAM, max_width=1220)
        for col, kind in enumerate(HEADERS):
            theme.blit_text(surface, _(HEADERS[kind]), (COL_X + col * 415, 112), theme.BODY, theme.BRASS, True)
        colour = theme.BAD if self.missing_text else theme.CREAM
        if self.missing_text:
            theme.panel(surface, NOTE_RECT, theme.PAPER, theme.BAD, 10, 3)
            colour = theme.BAD
        theme.blit_wrapped(surface, self.note(), NOTE_RECT.inflate(-24, -16), theme.BODY, colour,
                           bool(self.missing_text))
        self.focus.draw(surface)
        footer_hint(surface, _("{move} to move, {confirm} or click to pick, {back} to go back"))

    def widgets(self) -> list:
        return list(self.focus.buttons) + [
            Label(pygame.Rect(30, 14, 1220, 50), self.title(), theme.TITLE, True),
            Label(pygame.Rect(30, 66, 1220, 30), self.sentence(longest=True), theme.BODY)]
