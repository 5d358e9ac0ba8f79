"""An accusation's verdict as a moment over the table, in both games (000
"Clue Rules in Plain Words", "Accusations — how you win or fall out"): each
is an overlay pushed by the game's presenter
(:meth:`game.ui.bases.table.Presenter.moment`) that plays for its time (divided
by the speed setting, simulated ``dt``), ends by itself, and ends at once
on Enter, a click or a pad's A (none at instant speed: it is not pushed).

* :class:`CaseSolvedScene` -- a correct accusation: the envelope opens (the
  card game: the Crime card is lifted) and the three cards come out and
  turn over one after the other, before the game-over screen (000
  "Accusations" 3: "lay them out for everyone to see"; 003 "Revela ambdós
  jocs de cartes").
* :class:`WrongAccusationScene` -- a wrong accusation: the accuser's three
  cards with a "Wrong!" stamp and what happens next in plain words.  It is
  given only what the whole table may see: the accusation as said aloud (the
  board game, 000 "Accusations" 1) or nothing of it (the card game, where it
  lies face down: 003 "Col·loca les teves cartes escollides boca avall"),
  never the hidden cards (000 "Accusations" 4, 003: the accuser looks alone,
  behind the cover).
"""

from __future__ import annotations

import math

import pygame

from game.ui.draw import anim, assets, gfx, theme, wipe
from game.ui.draw.widgets import Label, footer_hint
from game.ui.mansion import stage
from game.ui.shell.i18n import _, fmt
from game.ui.shell.input import Intent, Kind
from game.ui.shell.scene import InputGuard, Scene

#: Seconds (normal speed) of each moment: the envelope opening and its three
#: cards turning over, then a moment to read them; the wrong accusation.
SOLVED_TIME, WRONG_TIME = 2.6, 1.9
#: The cards' width and the middle of the three (pixels), and where they lie: the moments' shared layout.
CARD_W, CARDS_X, card_spots = stage.CARD_W, stage.CARDS_X, stage.card_spots
#: Seconds (normal speed) of the room's picture wiping in over the table.
STAGE_IN = 0.25
#: The solved moment's script (normal-speed seconds): the envelope opens until
#: OPEN, the cards rise out of it until RISE, then each turns over in
#: FLIP_TIME, one after the other.
OPEN, RISE = 0.35, 0.75
#: The envelope's (or Crime card's) width and its centre (pixels).
ENVELOPE_W, ENVELOPE_CENTRE = 300, (CARDS_X, 560)
#: The card game's Crime card: its width, where it is laid once lifted off the
#: cards (its centre, pixels: clear of the cards and above the footer), the
#: degrees it turns on its way, and the seconds it takes to be picked up.
CRIME_W, CRIME_REST, CRIME_TURN, CRIME_UP = 150, (1175, 552), -12, 0.2
#: The words' box under the cards.
WORDS_RECT = pygame.Rect(170, 404, 940, 150)
#: Pixels: the "Wrong!" stamp's text size.
STAMP_SIZE = 64
#: seconds (real) a moment ignores Enter and clicks as it opens
MOMENT_GUARD = 0.35


def words_shade(surface: pygame.Surface, texts: list[tuple[str, int, bool]]) -> None:
    """A dark band behind the ``texts`` (text, size, bold) wrapped into
    :data:`WORDS_RECT` one after the other, so they read over the dimmed table."""
    height = sum(len(theme.wrap(s, WORDS_RECT.width, size, bold)) * (theme.font(size, bold).get_height() + 4)
                 for s, size, bold in texts if s)
    theme.shade(surface, pygame.Rect(WORDS_RECT.left - 20, WORDS_RECT.top - 8, WORDS_RECT.width + 40, height + 14),
                170)


def flipped(img_back: pygame.Surface, img_face: pygame.Surface, p: float) -> pygame.Surface:
    """A card turning over at ``p`` (0: its back, 1: its face), squeezed
    across its width like the card-shown flip."""
    img = img_back if p < 0.5 else img_face
    sx = abs(1 - 2 * p)
    return gfx.smoothscale(img, (max(1, int(img.get_width() * sx)), img.get_height()))


class MomentScene(Scene):
    """A moment over the table: ``seconds`` at normal speed (divided by the
    speed setting), then it closes itself; Enter, a click, a pad's A, Back
    or the menu key close it at once; nothing else gets through to the table.
    ``moment`` tells the pacing benchmark it ends by itself."""

    #: the suspect whose portrait stands left of the cards (the accuser, the solver), or None
    suspect: str | None

    moment = True
    #: the base of the two verdicts, never shown itself (the monkey test need not find it)
    base = True

    def __init__(self, app, seconds: float) -> None:
        super().__init__(app)
        self.t = 0.0
        self.duration = seconds / app.speed
        self.closed = False
        #: a press meant for the table (hurrying the computers, the Yes of the
        #: accusation) does not end the moment as it opens
        self.guard = InputGuard(MOMENT_GUARD)
        #: the room's picture coming in over the table
        self.wipe = wipe.Wipe()

    @property
    def time(self) -> float:
        """Seconds into the moment at normal speed (its script's clock)."""
        return self.t * self.app.speed

    def update(self, dt: float) -> None:
        self.t += dt
        self.guard.update(dt)
        if self.t >= self.duration:
            self.close()

    def close(self) -> None:
        """End the moment: the table goes on."""
        if not self.closed:
            self.closed = True
            self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.CONFIRM, Kind.CLICK, Kind.BACK, Kind.MENU) and not self.guard.blocks(intent):
            self.close()
        return True

    @property
    def opaque(self) -> bool:      # type: ignore[override]
        """Once the room's picture fills the screen nothing of the table shows: it is not drawn."""
        return self.app.board is not None and self.time >= STAGE_IN

    def stage(self, surface: pygame.Surface, room: str | None) -> None:
        """The picture of ``room`` (None: the whole mansion) comes in over the
        dimmed table behind a soft wipe and fills the screen, then holds still;
        the ``suspect``'s portrait (the accuser, the solver) stands left of the cards."""
        board = self.app.board
        shown = 255 * anim.ease(self.time / STAGE_IN)
        if board is None:
            theme.dim(surface, 190)
        elif shown < 255:       # only what the picture does not cover yet
            left = max(0, math.floor(-wipe.FEATHER + (surface.get_width() + wipe.FEATHER) * shown / 255) - 1)
            theme.shade(surface, pygame.Rect(left, 0, surface.get_width() - left, surface.get_height()), 190)
        stage.draw_backdrop(surface, board, room, shown, self.wipe)
        stage.heading_band(surface)
        if self.suspect:
            stage.draw_portrait(surface, self.suspect, stage.PORTRAIT)

    def heading(self, surface: pygame.Surface, text: str, suspect: str | None) -> None:
        """The moment's heading at the top, the ``suspect``'s token before it."""
        r = theme.blit_text(surface, text, (640, 28), theme.TITLE, theme.BRASS, True, "midtop", 1000)
        if suspect:
            img = assets.token(suspect, 52)
            surface.blit(img, img.get_rect(midright=(r.left - 14, r.centery)))


class CaseSolvedScene(MomentScene):
    """A correct accusation: ``title`` (who solved the case) over the
    ``opener`` -- "envelope" (the board game) or "crime" (the card game's
    Crime card) -- which opens; the three ``cards`` (suspect, weapon, room or
    location: public now, the game is won) rise out face down and turn over
    one after the other, then the sentence saying them."""

    def __init__(self, app, title: str, suspect: str | None, cards: tuple[str, str, str],
                 opener: str = "envelope") -> None:
        super().__init__(app, SOLVED_TIME)
        self.title, self.suspect, self.cards, self.opener = title, suspect, tuple(cards), opener
        s, w, r = self.cards
        self.sentence = fmt("It was {s}, with the {w}, in the {r}.", s=s, r=r, w=w)

    def flip(self, i: int) -> float:
        """0..1: how far card ``i`` has turned over."""
        return min(1.0, max(0.0, (self.time - RISE - i * anim.FLIP_TIME) / anim.FLIP_TIME))

    @property
    def all_turned(self) -> bool:
        return self.flip(2) >= 1.0

    def draw(self, surface: pygame.Surface) -> None:
        self.stage(surface, self.cards[2])
        self.heading(surface, self.title, self.suspect)
        t = self.time
        opened = anim.ease(t / OPEN)
        risen = anim.ease((t - OPEN) / (RISE - OPEN))
        self._draw_opener(surface, opened, behind=True)
        back = assets.card_back(CARD_W)
        ex, ey = ENVELOPE_CENTRE
        for i, (c, spot) in enumerate(zip(self.cards, card_spots(), strict=True)):
            if risen <= 0:
                break
            x = round(ex + (spot.centerx - ex) * risen)
            y = round(ey - spot.height // 2 + (spot.centery - ey + spot.height // 2) * risen)
            img = flipped(back, assets.card(c, CARD_W), self.flip(i))
            surface.blit(img, img.get_rect(center=(x, y)))
        self._draw_opener(surface, opened, behind=False)
        if self.all_turned:
            words_shade(surface, [(self.sentence, theme.HEADING, True)])
            theme.blit_wrapped(surface, self.sentence, WORDS_RECT, theme.HEADING, theme.CREAM, True, "center")
        footer_hint(surface, _("Press {confirm} or click to go on"))

    def _draw_opener(self, surface: pygame.Surface, opened: float, behind: bool) -> None:
        """The envelope (its back and open flap ``behind`` the rising cards,
        its front over them), or the Crime card lifted off to the right."""
        cx, cy = ENVELOPE_CENTRE
        w = ENVELOPE_W
        if self.opener == "crime":
            if not behind:                      # over the rising cards: they come out from under it
                self._draw_crime_card(surface)
            return
        stage.draw_envelope(surface, (cx, cy), w, opened, "back" if behind else "front")

    def _draw_crime_card(self, surface: pygame.Surface) -> None:
        """The card game's Crime card (drawn by :func:`game.ui.mansion.stage.crime_card`)
        is picked up off the three cards, carried to the right while it
        turns, and laid down there (its shadow says how high it is)."""
        t = self.time
        move = anim.ease((t - CRIME_UP) / (RISE + CRIME_UP))
        height = anim.ease(t / CRIME_UP) * (1 - 0.75 * move)
        (x0, y0), (x1, y1) = ENVELOPE_CENTRE, CRIME_REST
        centre = (round(x0 + (x1 - x0) * move), round(y0 + (y1 - y0) * move - 50 * math.sin(math.pi * move)))
        stage.draw_lifted(surface, stage.crime_card(CRIME_W), centre, CRIME_TURN * move, height)

    def speech_prompt(self) -> str | None:
        """Read aloud (public: the game is won): who solved it, and the cards once turned."""
        return self.title + (" " + self.sentence if self.all_turned else "")

    def widgets(self) -> list:
        return [Label(pygame.Rect(140, 28, 1000, 56), self.title, theme.TITLE, True)]


class WrongAccusationScene(MomentScene):
    """A wrong accusation, for the whole table: ``name`` got it wrong (the
    ``suspect``'s token by the heading); the accusation's three ``cards``
    face up when it was said aloud, or three card backs when it lies face
    down (``cards`` None: then ``note`` says so); a "Wrong!" stamp comes down
    on them; ``words`` say what happens next (the game's own rule).  Nothing
    here knows the hidden cards."""

    def __init__(self, app, name: str, suspect: str | None, cards: tuple[str, str, str] | None, words: str,
                 note: str = "") -> None:
        super().__init__(app, WRONG_TIME)
        self.name, self.suspect, self.cards, self.words, self.note = name, suspect, cards, words, note
        self.title = fmt("{name} got it wrong!", name=name)
        self.stamp = _("Wrong!")

    def draw(self, surface: pygame.Surface) -> None:
        self.stage(surface, self.cards[2] if self.cards else None)   # face down: no room is said
        self.heading(surface, self.title, self.suspect)
        t = self.time
        come = anim.ease(t / 0.3)
        for i, spot in enumerate(card_spots()):
            img = assets.card(self.cards[i], CARD_W) if self.cards else assets.card_back(CARD_W)
            img = img.copy()
            img.set_alpha(int(255 * come))
            surface.blit(img, spot.move(0, int(40 * (1 - come))))
        slam = anim.ease((t - 0.3) / 0.25)
        if slam > 0:
            self._draw_stamp(surface, slam)
        if t >= 0.55:
            words_shade(surface, [(self.note, theme.BODY, False), (self.words, theme.BODY, False)])
            y = WORDS_RECT.top
            if self.note:
                y += theme.blit_wrapped(surface, self.note, WORDS_RECT, theme.BODY, theme.MUTED, False, "center")
            theme.blit_wrapped(surface, self.words, pygame.Rect(WORDS_RECT.left, y, WORDS_RECT.width,
                                                                WORDS_RECT.bottom - y), theme.BODY, theme.CREAM,
                               False, "center")
        footer_hint(surface, _("Press {confirm} or click to go on"))

    def _draw_stamp(self, surface: pygame.Surface, slam: float) -> None:
        """The "Wrong!" stamp across the cards, coming down from twice its size."""
        words = theme.text(self.stamp, STAMP_SIZE, theme.BAD, True, 600)
        box = gfx.surface((words.get_width() + 48, words.get_height() + 20), pygame.SRCALPHA)
        box.fill((*theme.BG_DARK, 200))
        gfx.rect(box, theme.BAD, box.get_rect(), 6, border_radius=12)
        box.blit(words, words.get_rect(center=box.get_rect().center))
        scale = 2.0 - slam
        img = gfx.rotozoom(box, 10, scale)
        img.set_alpha(int(255 * slam))
        spots = card_spots()
        surface.blit(img, img.get_rect(center=(CARDS_X, spots[0].centery)))

    def speech_prompt(self) -> str | None:
        """Read aloud (public): who was wrong, and what happens next."""
        return " ".join(x for x in (self.title, self.note, self.words) if x)

    def widgets(self) -> list:
        return [Label(pygame.Rect(140, 28, 1000, 56), self.title, theme.TITLE, True),
                Label(pygame.Rect(340, 0, 600, 80), self.stamp, STAMP_SIZE, True)]
