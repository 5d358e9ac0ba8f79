"""The suggestion and accusation pickers (overlays over the board).

Suggestion: pick a suspect and a weapon from their cards; the room is the one
the player stands in (shown, not choosable).  Accusation: a suspect, a weapon
and any room; it is the accuser's alone (opened behind the cover when people
share the screen, 000 "Accusations": nobody else sees it), so with ``marks``
each row also shows the accuser's notes, as the card game's picker does: a card
in your hand greyed with a line through it, else your notebook's mark.
Keyboard (arrows + Enter) and mouse both work.
"""

from __future__ import annotations

import pygame

from game.rules.actions import Accuse, Suggest
from game.rules.cards import ROOMS, SUSPECTS, WEAPONS
from game.ui.bases.notebook import card_state, revealed_hints
from game.ui.board.ahead import PICK_CARD, ROOM_CARD
from game.ui.draw import assets, theme
from game.ui.draw.widgets import (
    Button,
    CardButton,
    FocusGroup,
    Label,
    MarkedChip,
    footer_hint,
    picked_word,
    shared_spoken,
)
from game.ui.shell import prompts
from game.ui.shell.i18n import BLANK, N_, _, card, fmt
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import make as make_scene
from game.ui.shell.scene import PRIVATE_GUARD, PromptGuard, Scene, choice_guard, focus_on

#: Suggest: the top (logical pixels) of the suspects' and the weapons' rows of cards.
ROW_Y = (146, 397)
#: A suggestion's room card and the words under it: their left edge, and the words' width (logical pixels).
HERE_X, HERE_W = 1050, 200
#: The words under a suggestion's room card.
HERE = N_("You are here. The room is always the one you stand in.")
#: Pixels between a row's header and its cards: a picked card rises 8 and its
#: focus ring reaches 7 further, so the header stays clear of it.
HEAD_GAP = 15


class PickerScene(Scene):
    """``mode`` "suggest" or "accuse"; ``board`` is the :class:`BoardScene`
    that applies the chosen action.  ``marks`` (accuse, only where nobody
    else looks): mark the accuser's own cards and notes; the scene is then private."""

    opaque = True

    def __init__(self, app, board, mode: str, guarded: bool = False, marks: bool = False) -> None:
        super().__init__(app)
        self.private = marks
        self.board = board
        self.mode = mode
        game = board.game
        self.seat = game.turn
        self.room = game.room_of(game.turn)
        #: the accuser's own cards (only with ``marks``): naming one asks first
        self.hand: set[str] = set()
        self.choice: dict[str, str | None] = {"suspect": None, "weapon": None,
                                              "room": self.room if mode == "suggest" else None}
        self.items: dict[str, list[Button]] = {}
        buttons: list[Button] = []
        if mode == "suggest":
            w, gap = PICK_CARD, 14
            for cat, cards, y in (("suspect", SUSPECTS, ROW_Y[0]), ("weapon", WEAPONS, ROW_Y[1])):
                row: list[Button] = []
                for i, c in enumerate(cards):
                    cw, ch = assets.card_size(w)
                    b = CardButton(pygame.Rect(40 + i * (w + gap), y, cw, ch), card(c), data=c)
                    b.on_press = lambda b=b, cat=cat: self.pick(cat, b)
                    row.append(b)
                self.items[cat] = row
                buttons += row
            self._say_notes(board.match)
            self.ok = Button(pygame.Rect(40, 614, 400, 54), _("Suggest!"), self.confirm)
            self.back_button = Button(pygame.Rect(460, 614, 260, 54), _("Back"), self.back, hint="Esc")
        else:
            hand = self.hand = set(game.seats[self.seat].hand) if marks else set()
            book = board.match.notebooks.get(self.seat, {}) if marks else {}
            facts = board.match.facts(self.seat) if marks else {}     # in your hand, shown to you
            found = board.match.hints(self.seat) if marks and revealed_hints(board.match, self.seat) else {}
            for col, (cat, cards) in enumerate((("suspect", SUSPECTS), ("weapon", WEAPONS), ("room", ROOMS))):
                x = 30 + col * 415
                chips: list[Button] = []
                for i, c in enumerate(cards):
                    chip = MarkedChip(pygame.Rect(x, 150 + i * 58, 390, 50), card(c), data=c)
                    chip.crossed = c in hand or c in facts or book.get(c) == "✓"   # held, shown to you, or ticked
                    chip.mark = "" if chip.crossed else book.get(c, "")
                    if marks:       # read aloud in the notebook's own words, hints revealed there included
                        chip.said_mark, chip.note = card_state(board.match, self.seat, c, facts, found)
                    chip.on_press = lambda b=chip, cat=cat: self.pick(cat, b)
                    chips.append(chip)
                self.items[cat] = chips
                buttons += chips
            self.ok = Button(pygame.Rect(30, 520, 390, 60), _("Accuse!"), self.confirm)
            self.back_button = Button(pygame.Rect(445, 520, 390, 60), _("Back"), self.back, hint="Esc")
        buttons += [self.ok, self.back_button]
        # the first choice focused, so Enter always does something (the guard keeps a held Enter out)
        self.focus = FocusGroup(buttons, focus=0)
        #: ``guarded`` (opened by itself on entering a room) or opened by a press: either way the press
        #: that walked here or pressed Suggest, mashed on, never picks a card (:meth:`prompt_guard`)
        self.guard = self.prompt_guard(PRIVATE_GUARD if guarded else 0.0)
        self.missing_text = ""   # "Pick a weapon too." after pressing Suggest!/Accuse! too early

    def _say_notes(self, match) -> None:
        """Alone at the table (one person, who suggests): each card says what
        their notebook has for it, in its words ("Rope — weapon — ticked — In my
        hand", "— maybe", "— no mark"); the picker is then that person's own
        screen (:attr:`private`).  With two or more people it is the table's,
        and says nothing of anyone's notes."""
        if match.needs_cover or not match.is_human(self.seat):
            return
        self.private = True
        facts = match.facts(self.seat)
        found = match.hints(self.seat) if revealed_hints(match, self.seat) else {}
        for button in self.items["suspect"] + self.items["weapon"]:
            if isinstance(button, CardButton):      # every card of a suggestion is one
                button.mark, button.note = card_state(match, self.seat, button.data, facts, found)

    # ------------------------------------------------------------ choices
    def pick(self, cat: str, button: Button) -> None:
        """Select ``button``'s card for ``cat`` and move the focus on.  A card
        of the accuser's own hand is asked about first (it cannot be in the envelope) when
        the accuser plays alone; at a table of two or more people the question would be
        heard (its sound, the focus staying) and tell the room a card of that hand, so the
        card is picked like any other and the final confirmation shows the three cards."""
        if button.data in self.hand and self.choice[cat] != button.data and not self.board.match.needs_cover:
            self.app.play("nope")
            ask = make_scene("confirm", self.app, fmt("{card} is one of your cards.", card=button.data),
                             lambda: self._picked(cat, button), yes=_("Pick it anyway"), no=_("Pick another"),
                             detail=_("A card in your hand cannot be in the envelope. Accuse with it anyway?"))
            ask.private, ask.seat = True, self.seat      # it names a card of the accuser's hand: theirs alone
            self.app.push(ask)
            return
        self._picked(cat, button)

    def prompt_guard(self, seconds: float = 0.0) -> PromptGuard:
        """The guard of the picker's prompt (:func:`~game.ui.shell.scene.choice_guard`): as it opens
        (``seconds`` of timed wait besides when it opened by itself on entering a room: a key that went
        down as it appeared was meant for the board), and again each time a pick moves the focus on to
        the next row by itself (a new question: Enter mashed on would pick a card never looked at)."""
        return choice_guard(self, self.board.match, self.seat, lambda: self.focus.buttons, seconds=seconds)

    def _picked(self, cat: str, button: Button) -> None:
        assert isinstance(button.data, str)     # every button picked is a card's (its id)
        self.choice[cat] = button.data
        if self.missing_text:
            self.missing_text = ""
            if self.missing():
                self.missing_text = self._missing_words()
        for b in self.items[cat]:
            b.selected = b is button
        self.app.play("click")
        if button.focused:
            # said before the focus moves on, else the pick is never heard; short ("Rope — picked"): its
            # notes were heard on focus, and what to do next waits behind it
            self.app.speech.say(" — ".join((button.label, picked_word(button.data))), self if self.private else None)
            order = [c for c in ("suspect", "weapon", "room") if c in self.items]
            nxt = next((c for c in order if self.choice[c] is None), None)
            self.focus.focus_on(self.items[nxt][0] if nxt else self.ok)
            self.guard = self.prompt_guard()

    def missing(self) -> list[str]:
        """The categories not picked yet, in row order."""
        return [cat for cat in ("suspect", "weapon", "room") if cat in self.items and self.choice[cat] is None]

    def confirm(self) -> None:
        """Suggest / accuse; with a card missing, stay here, keep the picks,
        say what is missing and move the focus to its row."""
        c = self.choice
        missing = self.missing()
        if missing:
            self.missing_text = self._missing_words()
            self.app.play("nope")
            self.focus.focus_on(self.items[missing[0]][0])
            return
        self.missing_text = ""
        if self.mode == "suggest":
            self.commit()
            return
        # a wrong accusation ends the game for the accuser: ask once more, with the three cards shown
        cards = (c["suspect"] or "", c["weapon"] or "", c["room"] or "")
        self.app.push(make_scene("accuse_confirm", self.app, self.board.match, self.seat, cards, self.commit))

    def commit(self) -> None:
        """Close the picker and hand the suggestion / accusation picked to the board."""
        c = self.choice
        action: Suggest | Accuse
        if self.mode == "suggest":
            action = Suggest(c["suspect"] or "", c["weapon"] or "")
        else:
            action = Accuse(c["suspect"] or "", c["weapon"] or "", c["room"] or "")
        self.app.pop(self)
        self.board.do(action)

    def _missing_words(self, missing: list[str] | None = None) -> str:
        """ "Pick a weapon too." for the ``missing`` categories (default: those not picked yet)."""
        missing = self.missing() if missing is None else missing
        words = {"suspect": _("a suspect"), "weapon": _("a weapon"), "room": _("a room")}
        if len(missing) == 1:
            return _("Pick {what} too.").format(what=words[missing[0]])
        return _("Pick {first} and {last} first.").format(
            first=", ".join(words[m] for m in missing[:-1]), last=words[missing[-1]])

    def back(self) -> None:
        self.app.pop(self)

    def update(self, dt: float) -> None:
        self.guard.update(dt)

    def coach_target(self, action=None) -> pygame.Rect | None:
        """The coach's target for a suggestion or accusation ``action``: the
        first card of it not chosen yet, then the OK button."""
        if action is None:
            return None
        names = ("suspect", "weapon", "room") if hasattr(action, "room") else ("suspect", "weapon")
        for cat in names:
            wanted = getattr(action, cat, None)
            if self.choice.get(cat) != wanted:
                return focus_on(self, next(b for b in self.items[cat] if b.data == wanted))
        return focus_on(self, self.ok)

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.BACK:
            self.back()
            return True
        if intent.kind is Kind.MENU:      # the pause menu; Resume comes back here, the picks kept
            self.app.push(make_scene("menu", self.app, self.board))
            return True
        if self.guard.blocks(intent):
            return True
        return self.focus.handle(intent)    # (a held Enter's auto-repeat picks nothing: FocusGroup)

    def sentence(self) -> str:
        c = self.choice
        who, what, where = (c[k] or BLANK for k in ("suspect", "weapon", "room"))
        if self.mode == "suggest":
            return fmt("I suggest it was {who}, with the {what}, in the {where}.", who=who, where=where, what=what)
        return fmt("I accuse {who}, with the {what}, in the {where}!", who=who, where=where, what=what)

    def speech_shared(self) -> str | None:
        """The accusation read aloud at a table of two or more people: what to
        do, never the cards picked or their marks (a card missing: the focus goes to its row, and says its kind)."""
        return prompts.fmt(_("Make an accusation: pick a suspect, a weapon and a room with "
                                                  "{move} and {confirm}."))

    def speech_shared_focus(self) -> str | None:
        """A card by its kind only ("A weapon — press Enter"), a button by its label."""
        return shared_spoken(self.focus.focused)

    def speech_focus_first(self) -> bool:
        """Once every card is picked, Suggest! / Accuse! (focused) is what to
        do now: named before the sentence the picks make."""
        return not self.missing() and not self.missing_text

    # --------------------------------------------------------------- draw
    def speech_prompt(self) -> str | None:
        """Read aloud: what this picker is for, after Suggest! / Accuse!
        pressed too early what is missing ("Pick a weapon too."), and once
        every card is picked, the sentence it makes ("I suggest it was ...")."""
        if self.missing_text:
            return self.missing_text
        if not self.missing():
            return self.sentence()
        if self.mode == "suggest":
            how = _("Make a suggestion: pick a suspect, then a weapon.")
            return how if self.room is None else how + " " + fmt("The room is the one you stand in: {room_the}.",
                                                                 room=self.room)
        # the accusation's cards stand in three lists side by side (the suggestion's in two rows): say how to move
        return " ".join((_("Make an accusation. You can accuse only once: if you are wrong, you are out of the race."),
                         _("Pick a suspect, a weapon and a room: Up and Down move along a list, "
                           "Left and Right go to the next list.")))

    def room_card_places(self) -> tuple[pygame.Rect, pygame.Rect]:
        """A suggestion's room card (the room the suggester stands in) and the box its words
        ("You are here...") are written in under it, logical pixels."""
        face = pygame.Rect((HERE_X, ROW_Y[0]), assets.card_size(ROOM_CARD))
        return face, pygame.Rect(HERE_X, face.bottom + 12, HERE_W, 120)

    def room_card_rect(self) -> pygame.Rect:
        """Where a suggestion's room card and the words under it lie, logical pixels (an
        accusation's rooms are buttons: an empty rect then)."""
        if self.mode != "suggest":
            return pygame.Rect(0, 0, 0, 0)
        face, box = self.room_card_places()
        lines = theme.wrap(_(HERE), box.width, theme.SMALL)
        words = min(box.height, len(lines) * theme.font(theme.SMALL).get_linesize())
        return face.union(pygame.Rect(box.topleft, (box.width, words)))

    def keep_clear(self) -> list[pygame.Rect]:
        """What the guided game's bubble should hide least besides the buttons: the room card,
        counted three times (the only card here that is no button, and what the suggestion's
        lesson is about: "the room is always the one you stand in")."""
        return [self.room_card_rect()] * 3

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        if self.mode == "suggest":
            theme.blit_text(surface, _("Make a suggestion"), (40, 14), theme.TITLE, theme.BRASS, True)
            theme.blit_text(surface, self.sentence(), (40, 72), theme.BODY, theme.CREAM, max_width=1000)
            for head, pos in zip((_("Who?"), _("With what?"), _("Where?")), self.head_points(), strict=True):
                # above its cards, clear of a picked card (raised, ringed), whatever the text size
                theme.blit_text(surface, head, pos, theme.BODY, theme.BRASS, True, "bottomleft")
            face, box = self.room_card_places()
            surface.blit(assets.card(self.room, ROOM_CARD), face)
            theme.blit_wrapped(surface, _(HERE), box, theme.SMALL, theme.MUTED)
            if self.missing_text:
                self._draw_missing(surface, self.missing_rect())
        else:
            theme.blit_text(surface, _("Make an accusation"), (30, 14), theme.TITLE, theme.BRASS, True)
            theme.blit_text(surface, self.sentence(), (30, 70), theme.BODY, theme.CREAM, max_width=1220)
            for col, head in enumerate((_("Who?"), _("With what?"), _("Where?"))):
                theme.blit_text(surface, head, (30 + col * 415, 112), theme.BODY, theme.BRASS, True)
            if self.missing_text:   # in place of the warning until the missing card is picked
                self._draw_missing(surface, self.missing_rect())
            else:
                theme.blit_wrapped(surface, fmt("{name}, you can accuse only once. If you are wrong, you are out of "
                                                "the race.", name=self.board.match.suspects[self.seat]),
                                   pygame.Rect(30, 600, 805, 80), theme.BODY, theme.CREAM)
        self.focus.draw(surface)
        footer_hint(surface, _("{move} to move, {confirm} or click to pick, {back} to go back"))

    @staticmethod
    def head_points() -> list[tuple[int, int]]:
        """Suggest: the bottom-left corners (logical pixels) of "Who?", "With
        what?" and "Where?", :data:`HEAD_GAP` above their rows."""
        return [(40, ROW_Y[0] - HEAD_GAP), (40, ROW_Y[1] - HEAD_GAP), (1050, ROW_Y[0] - HEAD_GAP)]

    def missing_rect(self) -> pygame.Rect:
        """Where "Pick a weapon too." is shown."""
        if self.mode == "suggest":
            return pygame.Rect(740, 616, 500, 60)
        return pygame.Rect(30, 600, 805, 60)

    def _draw_missing(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        theme.panel(surface, r, theme.PAPER, theme.BAD, 10, 3)
        theme.blit_text(surface, self.missing_text, r.center, theme.BODY, theme.BAD, True, "center", r.width - 20)

    def widgets(self) -> list:
        out: list[Button | Label] = list(self.focus.buttons)
        out.append(Label(self.missing_rect().inflate(-20, 0), self._missing_words(list(self.items)), theme.BODY,
                         True))
        out.append(Label(pygame.Rect(30, 66, 1220 if self.mode == "accuse" else 1000, 30), self.sentence_max(),
                         theme.BODY))
        return out

    def sentence_max(self) -> str:
        """The longest sentence possible (for the text-fit test)."""
        longest = {"suspect": "mustard", "weapon": "candlestick", "room": self.room or "conservatory"}
        saved = dict(self.choice)
        self.choice.update(longest)
        s = self.sentence()
        self.choice = saved
        return s
