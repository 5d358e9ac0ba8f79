"""Private steps both games share, shown only after the cover (see
:mod:`game.ui.scenes.cover`): choosing which card to show, seeing the card
shown to you, looking at the hidden cards.  Each ends with "Done — hide" so the
next person never sees it.  The board game's scenes
(:mod:`game.ui.board.private`) and the card game's
(:mod:`game.ui.cardgame.private`) give the words and the engine action.

With one person at the table there is no cover, so these screens may open
while the player is still pressing Enter to hurry the computer players: each
ignores input for :data:`~game.ui.shell.scene.PRIVATE_GUARD` seconds.  The card
to show opens with the first card you may show focused (Enter shows it); unless
the coach points at the card, its guard is a prompt's
(:class:`~game.ui.shell.scene.PromptGuard`): Enter pressed again and again (to hurry
the computers, or on past the cover) never shows a card for you, however long it
goes on -- the screen says "Too fast! ..." and the first press after a quiet
moment shows the focused card -- and a key held down never does."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.bases.notebook import tell_envelope
from game.ui.bases.table import TableScene
from game.ui.draw import anim, assets, gfx, theme
from game.ui.draw.widgets import Button, CardButton, FocusGroup, Label, footer_hint, shared_spoken
from game.ui.shell import prompts
from game.ui.shell.i18n import _, card, fmt
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import make
from game.ui.shell.scene import PRIVATE_GUARD, InputGuard, Scene, choice_guard, focus_on

#: Where the card shown says "You can accuse now" (logical pixels): between its meaning and Done.
ACCUSE_NOW_RECT = pygame.Rect(140, 490, 1000, 90)


#: The card shown: its width and the middle of its top edge (logical pixels).
SHOWN_CARD_W, SHOWN_CARD_TOP = 240, (640, 110)

class DisproveBase(Scene):
    """A seat holds one or more of the asked cards and picks one to show the
    asker (only those cards are offered, see :meth:`offer`).  A game's scene
    sets ``board`` (the table that applies the choice: ``board.do(action)``,
    ``board.match``), ``seat``, ``suggester`` and ``named`` in its
    ``__init__``, and says :meth:`action` and :meth:`asked_line`."""

    private = True
    #: the table that applies the choice
    board: TableScene[Any, Any]
    #: who shows a card, and who asked
    seat: int
    suggester: int
    #: the cards asked about (ids)
    named: tuple[str, ...]
    #: the cards offered (:meth:`offer`)
    cards: list[Button]

    def coach_target(self, action=None) -> pygame.Rect | None:
        """The coach's target for a disprove ``action``: the card to show."""
        card = getattr(action, "card", None)
        return focus_on(self, next((b for b in self.cards if b.data == card), None))

    def offer(self, offered: list[str]) -> None:
        """Lay out the ``offered`` cards (ids), the first one focused (Enter shows
        it), input guarded until a fresh press (see the module's docstring)."""
        self.offered = offered
        w = 200
        cw, ch = assets.card_size(w)
        gap = 40
        total = len(self.offered) * cw + (len(self.offered) - 1) * gap
        x0 = 640 - total // 2
        self.cards = []
        for i, c in enumerate(self.offered):
            b = CardButton(pygame.Rect(x0 + i * (cw + gap), 230, cw, ch), card(c), data=c)
            b.on_press = lambda c=c: self.show(c)
            self.cards.append(b)
        self.focus = FocusGroup(self.cards, focus=0)
        # Esc / M (pause menu) always pass: the menu keeps the duty to show a card
        self.guard = self._guard(self.app.coach is None)
        self.nudge = False

    def _guard(self, fresh: bool) -> InputGuard:
        """The input guard: :data:`PRIVATE_GUARD` seconds, and unless the coach points at the card to
        show (``fresh`` False) the prompt's rule too (:class:`~game.ui.shell.scene.PromptGuard`):
        only a fresh press after a quiet moment, or after the person moved the focus or pointed at a
        card, shows one -- with one card to show too (Enter mashed on past the cover answered it)."""
        allow = (Kind.BACK, Kind.MENU)
        if not fresh:
            return InputGuard(PRIVATE_GUARD, allow=allow)
        # it opens by itself (somebody's suggestion): a press as it appears was meant for the table
        return choice_guard(self, self.board.match, self.seat, lambda: self.cards, seconds=PRIVATE_GUARD)

    def show(self, card: str) -> None:
        # no sound here: the table plays the one public "card" sound of every card shown
        self.app.pop(self)
        self.board.do(self.action(card))

    def update(self, dt: float) -> None:
        self.guard.update(dt)

    def open_menu(self) -> None:
        """The pause menu; Resume comes back here, still having to show a card."""
        self.app.push(make("menu", self.app, self.board))

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.BACK, Kind.MENU):
            self.open_menu()
            return True
        if self.guard.blocks(intent):
            return True
        if intent.kind is Kind.CONFIRM and self.focus.focused is None:
            self.nudge = True   # Enter with no card chosen: say how to choose one
            return True
        used = self.focus.handle(intent)
        if self.focus.focused is not None:
            self.nudge = False
        return used

    def hint(self) -> str:
        """The footer line: what to press now."""
        too_soon = self.guard.hint()
        if too_soon:
            return too_soon         # Enter mashed or held: the covers' words
        if self.guard.active:
            return _("Look at your cards first…")
        if self.focus.focused is None:
            return prompts.fmt(_("Use {move} or the mouse to choose a card first, then press {confirm}. {back}: menu"))
        return prompts.fmt(_("{move} to choose, {confirm} or click to show, {back} for the menu"))

    def draw(self, surface: pygame.Surface) -> None:
        m = self.board.match
        theme.background(surface)
        title = fmt("{name}, show one card", name=m.suspects[self.seat])
        theme.blit_text(surface, title, (640, 40), theme.TITLE, theme.BRASS, True, "midtop", 1280)
        theme.blit_wrapped(surface, self.asked_line(), pygame.Rect(140, 110, 1000, 60), theme.BODY, theme.CREAM, align="center")
        theme.blit_text(surface, self.pick_line(), (640, 184), theme.BODY, theme.MUTED, False, "midtop", 1280)
        self.focus.draw(surface)
        colour = theme.BRASS if self.nudge else theme.MUTED
        theme.blit_text(surface, self.hint(), (640, 700), theme.SMALL, colour, self.nudge, "midbottom")

    def speech_prompt(self) -> str | None:
        """Read aloud to its owner only (a private screen: said while on top): what to do, and
        how (the keys).  What was asked is the table's public line, said just before (never twice)."""
        return self.pick_line() + " " + prompts.fmt(_("Choose a card to show with {move}, then press {confirm}."))

    def speech_shared(self) -> str | None:
        """Read aloud at a table of two or more people: what to do, never which cards or how many."""
        return prompts.fmt(_("Choose a card to show with {move}, then press {confirm}."))

    def speech_shared_focus(self) -> str | None:
        """Every card the same ("A card — press Enter"): which one, or its kind, is this seat's secret."""
        return shared_spoken(self.focus.focused, _("A card"))

    def action(self, card: str):
        """The engine action that shows ``card`` (the game's own)."""
        raise NotImplementedError

    def asked_line(self) -> str:
        """What was asked, in words (the game's own)."""
        raise NotImplementedError

    def pick_line(self) -> str:
        return fmt("Pick the card {who} will see. Only {who} will see it.", who=self.board.match.suspects[self.suggester])

    def widgets(self) -> list[Button | Label]:
        m = self.board.match
        return [*self.cards,
            Label(pygame.Rect(0, 680, 1280, 30), prompts.fmt(_("Use {move} or the mouse to choose a card first, then "
                                                               "press {confirm}. {back}: menu")), theme.SMALL, True),
            Label(pygame.Rect(0, 40, 1280, 50), fmt("{name}, show one card", name=m.suspects[self.seat]),
                  theme.TITLE, True),
            Label(pygame.Rect(0, 184, 1280, 30), self.pick_line(), theme.BODY)]


class _DoneMixin(Scene):
    """A private screen closed by its "Done — hide" button or Esc, once its guard lets a press through."""

    guard: InputGuard
    focus: FocusGroup

    def _done_button(self) -> Button:
        return Button(pygame.Rect(440, 610, 400, 64), _("Done — hide"), self.done)

    def done(self) -> None:
        self.app.play("click")
        self.app.pop(self)

    def speech_shared_focus(self) -> str | None:
        """The Done button, read aloud to the whole room: it names nothing private."""
        return shared_spoken(self.focus.focused)

    def handle(self, intent: Intent) -> bool:
        if self.guard.blocks(intent):
            return True
        if intent.kind in (Kind.BACK,):
            self.done()
            return True
        return self.focus.handle(intent)


class ShownCardBase(_DoneMixin, Scene):
    """The card ``by`` showed to ``seat``: it flips over (~0.3 s) from its
    back; a game's scene says :meth:`seen_line`."""

    private = True

    def __init__(self, app, match, seat: int, by: int, card: str) -> None:
        Scene.__init__(self, app)
        self.match = match
        self.seat, self.by, self.card = seat, by, card
        self.flip = anim.Animation(anim.FLIP_TIME / app.speed)
        self.delay = 0.25
        self.ok = self._done_button()
        self.focus = FocusGroup([self.ok])
        self.guard = InputGuard(PRIVATE_GUARD)
        #: "You can accuse now: ..." waiting for this seat's own screen (its notebook named the
        #: envelope; told here, its three cards count as revealed hints), else None
        unseen: set[int] = getattr(match, "accuse_unseen", set())
        self.accuse_now = tell_envelope(match, seat) if seat in unseen else None
        unseen.discard(seat)

    def update(self, dt: float) -> None:
        self.guard.update(dt)
        if self.delay > 0:
            self.delay -= dt
        else:
            self.flip.update(dt)

    def handle(self, intent: Intent) -> bool:
        if self.guard.blocks(intent):
            return True
        if not self.flip.done and intent.kind in (Kind.CONFIRM, Kind.CLICK):
            self.flip.skip()
            self.delay = 0
            return True
        return _DoneMixin.handle(self, intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.blit_text(surface, fmt("{by} shows you a card", by=self.match.suspects[self.by]),
                        (640, 40), theme.TITLE, theme.BRASS, True, "midtop", 1280)
        w = SHOWN_CARD_W
        p = self.flip.progress
        img = assets.card_back(w) if p < 0.5 else assets.card(self.card, w)
        sx = abs(1 - 2 * p)
        scaled = gfx.smoothscale(img, (max(1, int(img.get_width() * sx)), img.get_height()))
        surface.blit(scaled, scaled.get_rect(midtop=SHOWN_CARD_TOP))
        if self.flip.done:
            theme.blit_text(surface, self.seen_line(), (640, 440), theme.BODY, theme.CREAM, False, "midtop", 1240)
            if self.accuse_now:
                theme.blit_wrapped(surface, self.accuse_now, ACCUSE_NOW_RECT, theme.BODY, theme.BRASS,
                                   align="center")
        self.focus.draw(surface)
        footer_hint(surface, _("Press {confirm} or click when you have seen it"))

    def keep_clear(self) -> list[pygame.Rect]:
        """The card shown (logical pixels): what the guided game's bubble talks about, kept in view
        (:meth:`~game.ui.shell.scene.Scene.coach_keep_clear`)."""
        card = pygame.Rect((0, 0), assets.card_size(SHOWN_CARD_W))
        card.midtop = SHOWN_CARD_TOP
        return [card]

    def speech_prompt(self) -> str | None:
        """Read aloud to its owner once the card is face up (a private
        screen: said only while on top, so only after its cover): who showed
        which card, and what it means."""
        if not self.flip.done:
            return None
        return " ".join((fmt("{by} shows you {card_the}.", by=self.match.suspects[self.by], card=self.card),
                         self.seen_line()) + ((self.accuse_now,) if self.accuse_now else ()))

    def speech_focus(self) -> str | None:
        """The Done button's name, once the card is face up: after the card, never before it."""
        return Scene.speech_focus(self) if self.flip.done else None

    def speech_shared(self) -> str | None:
        """Read aloud at a table of two or more people: what to do, never the card."""
        return prompts.fmt(_("A card for your eyes only. Look at it, then press {confirm} to hide it."))

    def seen_line(self) -> str:
        """What the shown card means, under it (the game's own)."""
        raise NotImplementedError

    def widgets(self) -> list:
        return [self.ok, Label(pygame.Rect(20, 440, 1240, 30), self.seen_line(), theme.BODY),
                Label(pygame.Rect(0, 40, 1280, 50), fmt("{by} shows you a card",
                                                        by=self.match.suspects[self.by]), theme.TITLE, True)
                ] + ([Label(ACCUSE_NOW_RECT, self.accuse_now, theme.BODY)] if self.accuse_now else [])


class EnvelopeBase(_DoneMixin, Scene):
    """The accuser alone looks at the hidden cards after a wrong accusation
    (``accused`` against ``cards``, each ✓ or ✗); a game's scene says
    :meth:`title_text`, :meth:`verdict_text` and :meth:`hide_hint`."""

    private = True

    def __init__(self, app, match, seat: int, accused: tuple[str, str, str], cards: tuple[str, str, str]) -> None:
        Scene.__init__(self, app)
        self.match = match
        self.seat, self.accused, self.cards = seat, accused, cards
        self.ok = self._done_button()
        self.focus = FocusGroup([self.ok])
        self.guard = InputGuard(PRIVATE_GUARD)

    def update(self, dt: float) -> None:
        self.guard.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.blit_text(surface, self.title_text(), (640, 24), theme.TITLE, theme.BRASS, True, "midtop", 1280)
        w = 200
        cw, _ch = assets.card_size(w)
        x0 = 640 - (3 * cw + 2 * 40) // 2
        for i, c in enumerate(self.cards):
            surface.blit(assets.card(c, w), (x0 + i * (cw + 40), 90))
            mark = "✓" if c in self.accused else "✗"
            colour = theme.GOOD if c in self.accused else theme.BAD
            theme.blit_text(surface, mark, (x0 + i * (cw + 40) + cw // 2, 90 + _ch + 6), theme.TITLE, colour, True,
                            "midtop")
        suspect, weapon, room = self.accused
        theme.blit_text(surface, fmt("You accused {s}, with the {w}, in the {r}.", s=suspect, r=room, w=weapon),
                        (640, 430),
                        theme.BODY, theme.BRASS, False, "midtop")
        theme.blit_wrapped(surface, self.verdict_text(), pygame.Rect(190, 480, 900, 100),
                           theme.BODY, theme.CREAM, align="center")
        self.focus.draw(surface)
        footer_hint(surface, self.hide_hint())

    def speech_prompt(self) -> str | None:
        """Read aloud to the accuser only (a private screen): the hidden cards and the verdict."""
        return " ".join((self.title_text(), ", ".join(card(c) for c in self.cards) + ".", self.verdict_text()))

    def speech_shared(self) -> str | None:
        """Read aloud at a table of two or more people: what to do, never the cards."""
        return prompts.fmt(_("Look at the hidden cards, then press {confirm} to hide them."))

    def title_text(self) -> str:
        """The heading (the game's own)."""
        raise NotImplementedError

    def verdict_text(self) -> str:
        """What a wrong accusation means for this player (the game's own)."""
        raise NotImplementedError

    def hide_hint(self) -> str:
        """The footer: how to hide the cards (the game's own)."""
        raise NotImplementedError

    def widgets(self) -> list:
        return [self.ok, Label(pygame.Rect(0, 24, 1280, 50), self.title_text(), theme.TITLE, True)]
