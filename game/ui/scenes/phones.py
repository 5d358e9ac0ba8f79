"""Join with a phone: each person's seat, its QR code and its short address.

Shown before the first turn of a game whose phones are hosted
(:class:`game.ui.phones.host.PhoneHost`) and from the pause menu ("Phones…").
Each person's seat gets a card: the token and name, a QR code big enough to
scan from the couch (:func:`qr_surface`, made with segno) holding the seat's
page, the same address in short (``192.168.1.20:8765`` and ``/s/<token>``,
to type on a computer far away) and whether a phone holds the seat now.
"Start" (or "Back" from the menu) goes on; seats without a phone play on
the TV with their covers, as before.  "Invite family far away" lets phones from
outside the home network in (as ``--remote`` does) and asks the home router for
the port (:mod:`game.net.upnp`): the intro then says the public address to send
them, or in plain words why the router could not give one.

The codes are public on purpose (the family scans them in the room), but for
a seat played from far away (:meth:`game.ui.phones.host.PhoneHost.far`) the
card hides its code and address -- anyone in the room could read it -- and
offers "Show link again", for sending it to that person (a fresh press only:
keys mashed over the screen never show it).  A second phone asking for a seat
already taken is asked about on the TV; a phone at home never gets a far seat
(:meth:`game.net.session.HostSession.hello`).
"""

from __future__ import annotations

import math
from functools import partial

import pygame

from game.text.i18n import N_
from game.ui.draw import assets, gfx, theme
from game.ui.draw.widgets import Button, FocusGroup, Label, footer_hint
from game.ui.shell.i18n import _, fmt
from game.ui.shell.input import Intent, Kind
from game.ui.shell.scene import FRESH_QUIET, FreshPressGuard, Scene

#: Where the seats' cards go (logical pixels); their top moves down under a longer intro (large text).
AREA = pygame.Rect(40, 118, 1200, 488)
GAP = 20
#: Where the intro's first line goes and how wide it may wrap (logical pixels).
INTRO_Y, INTRO_X, INTRO_W = 72, 60, 1160
#: White modules around the code (the QR standard's quiet zone).
QUIET = 4
#: Why the home router gave no way in (:class:`game.net.upnp.Outcome`'s ``reason``), as the TV says it.
ROUTER_WORDS = {
    "no_library": N_("This computer cannot ask the home router to let family far away in (the miniupnpc "
                     "package is not installed). Forward port {port} to this computer in the router's settings, "
                     "or use a tunnel (see docs/phones.md)."),
    "no_router": N_("No router on this network answers UPnP, so family far away cannot get in yet. Turn UPnP on "
                    "in the router's settings, forward port {port} to this computer by hand, or use a tunnel "
                    "(see docs/phones.md)."),
    "refused": N_("The home router would not open port {port} for the game. Forward it by hand, or use a tunnel "
                  "(see docs/phones.md)."),
    "no_public": N_("The home router has no public address of its own (the internet provider shares one between "
                    "many homes), so family far away cannot reach the game through it. Use a tunnel or a VPN "
                    "(see docs/phones.md)."),
    "private": N_("Another router sits in front of the home router, so family far away cannot reach the game "
                  "through it. Open port {port} on that router too, or use a tunnel (see docs/phones.md)."),
}
ROUTER_WORDS["shared"] = ROUTER_WORDS["no_public"]


def qr_surface(text: str, size: int) -> pygame.Surface:
    """A QR code of ``text`` (segno, error correction M) as a square Surface at
    most ``size`` pixels wide: black modules on white, a quiet zone of
    :data:`QUIET` modules, each module a whole number of pixels (sharp)."""
    import segno

    qr = segno.make(text, error="m", micro=False)
    rows = [list(r) for r in qr.matrix_iter(scale=1, border=QUIET)]
    n = len(rows)
    module = max(1, size // n)
    surf = gfx.surface((n * module, n * module))
    surf.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                surf.fill((0, 0, 0), pygame.Rect(x * module, y * module, module, module))
    return surf


def short_address(url: str) -> tuple[str, str]:
    """``http://192.168.1.20:8765/s/Qx3…`` -> (``"192.168.1.20:8765"``, ``"/s/Qx3…"``): the address to type."""
    rest = url.split("://", 1)[-1]
    host, _sep, path = rest.partition("/")
    return host, "/" + path


class PhonesScene(Scene):
    """The seats of ``match`` with their codes (``host``: the app's
    :class:`~game.ui.phones.host.PhoneHost`); ``first``: before the first turn
    (its button says Start), else from the pause menu (Back)."""

    def __init__(self, app, match, host, first: bool = True) -> None:
        super().__init__(app)
        self.match, self.host, self.first = match, host, first
        self._codes: dict[tuple[str, int], pygame.Surface] = {}
        #: the far seats whose code the host asked to see again ("Show link again"), for this visit only
        self.revealed: set[int] = set()
        #: a seat's hidden code shows only for a fresh press: keys mashed over the screen never show it
        self.guard = FreshPressGuard(app.router.input, 0.0)
        #: seconds the keyboard focus has rested where it is: an arrow onto "Show link again" and Enter
        #: at once (a mash of arrows and Enter) shows nothing; the focus must rest a moment first
        self.rested = FRESH_QUIET
        self.focus = FocusGroup()
        self.language_changed()

    def speech_name(self) -> str | None:
        """Read aloud when this screen opens: its heading."""
        return _("Join with a phone")

    def language_changed(self) -> None:
        self.go = Button(pygame.Rect(490, 620, 300, 60), _("Start") if self.first else _("Back"), self.close,
                         hint="Esc" if not self.first else "")
        buttons = [self.go]
        if self.host.active and self.host.server is not None and not self.host.remote:
            self.invite = Button(pygame.Rect(820, 620, 380, 60), _("Invite family far away"), self.invite_far)
            buttons.append(self.invite)
        #: seat -> its "Show link again" button (a far seat whose code is hidden)
        self.show_buttons: dict[int, Button] = {}
        #: the seats hidden when the buttons were made: a seat going far or home makes them again
        self.laid_hidden = {s for s in self.host.seats() if self.hidden(s)}
        for seat, rect in self.cards():
            if seat in self.laid_hidden:
                width = min(rect.width - 28, 320)
                self.show_buttons[seat] = Button(pygame.Rect(rect.centerx - width // 2, rect.bottom - 64, width, 50),
                                                 _("Show link again"), partial(self.reveal, seat),
                                                 size=theme.BODY)
        self.focus.set(buttons + list(self.show_buttons.values()), 0)

    def hidden(self, seat: int) -> bool:
        """True when ``seat``'s code and address are not drawn: it plays from far away (anyone in
        the room reading it could take the seat) and the host has not asked to see it here."""
        return self.host.far(seat) and seat not in self.revealed

    def reveal(self, seat: int) -> None:
        """Draw ``seat``'s code and address again ("Show link again": to send it to that person)."""
        self.app.play("click")
        self.revealed.add(seat)
        self.language_changed()

    def update(self, dt: float) -> None:
        self.guard.update(dt)
        self.rested += dt
        if {s for s in self.host.seats() if self.hidden(s)} != self.laid_hidden:
            self.language_changed()           # a seat went far (or came home) while the screen is open

    def invite_far(self) -> None:
        """Let phones from outside the home network in and ask the router for the port
        (:meth:`game.ui.phones.host.PhoneHost.invite`); the button goes, the intro says what the router did."""
        self.app.play("click")
        self.host.invite()
        self.language_changed()

    def close(self) -> None:
        self.app.play("click")
        self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.BACK, Kind.MENU):
            self.close()
            return True
        shows = self.show_buttons.values()
        at_show = (any(b.rect.collidepoint(intent.pos) for b in shows) if intent.pos is not None
                   else self.focus.focused in shows)
        if intent.kind in (Kind.CONFIRM, Kind.CLICK) and at_show and (
                self.guard.blocks(intent) or intent.pos is None and self.rested < FRESH_QUIET):
            return True                       # held or mashed: a far seat's code shows only for a fresh press
        before = self.focus.focused
        done = self.focus.handle(intent)
        if self.focus.focused is not before:
            self.rested = 0.0
        return done

    # ------------------------------------------------------------ layout
    def intro_labels(self) -> list[Label]:
        """The intro's lines, wrapped to the screen's width, one :class:`Label` each (logical pixels)."""
        step = theme.font(theme.SMALL).get_linesize() + 4
        return [Label(pygame.Rect(INTRO_X, INTRO_Y + i * step, INTRO_W, step), line, theme.SMALL, False, theme.CREAM,
                      "center") for i, line in enumerate(theme.wrap(self.intro(), INTRO_W, theme.SMALL))]

    def area(self) -> pygame.Rect:
        """Where the seats' cards go: :data:`AREA`, its top pushed down below
        the intro's last line when the intro takes more room (large text)."""
        lines = self.intro_labels()
        top = max(AREA.top, lines[-1].rect.bottom + 6) if lines else AREA.top
        return pygame.Rect(AREA.left, top, AREA.width, AREA.bottom - top)

    def cards(self) -> list[tuple[int, pygame.Rect]]:
        """(seat, its card's rectangle) for each seat that may use a phone: one
        row of up to four, else rows of three, all below the intro."""
        seats = list(self.host.seats())
        n = len(seats)
        if not n:
            return []
        area = self.area()
        cols = n if n <= 4 else 3
        rows = math.ceil(n / cols)
        w = (area.width - (cols - 1) * GAP) // cols
        h = (area.height - (rows - 1) * GAP) // rows
        out = []
        for i, seat in enumerate(seats):
            r, c = divmod(i, cols)
            in_row = min(cols, n - r * cols)
            left = area.centerx - (in_row * w + (in_row - 1) * GAP) // 2
            out.append((seat, pygame.Rect(left + c * (w + GAP), area.top + r * (h + GAP), w, h)))
        return out

    def code(self, url: str, size: int) -> pygame.Surface:
        key = (url, size)
        if key not in self._codes:
            self._codes[key] = qr_surface(url, size)
        return self._codes[key]

    def status(self, seat: int) -> str:
        """Whether a phone holds ``seat`` now, in words."""
        if self.host.has_phone(seat):
            return _("Phone connected")
        if self.host.far(seat):
            return _("Waits for its phone from far away")
        return _("No phone yet: plays here")

    def intro(self) -> str:
        """What to do: the home's way in (the codes, on the home's Wi-Fi) -- with family far away
        invited, their way in too and then what the router did for them (:meth:`far_line`) -- never
        both "from anywhere" and "cannot get in"."""
        if not self.host.remote:
            return _("Scan your seat's code with your phone's camera. The phone must be on the same Wi-Fi "
                     "as this computer.")
        room = _("In the room, scan your seat's code with your phone's camera, on the same Wi-Fi as this computer.")
        outcome = self.host.forwarding.outcome if self.host.forwarding is not None else None
        # "from any network" only once the router let them in: never together with "cannot get in"
        anywhere = (_("Family far away open their seat's address from any network: send it only to them.")
                    if outcome is not None and outcome.ok else "")
        return " ".join(w for w in (room, anywhere, self.far_line()) if w)

    def far_line(self) -> str:
        """What the home router did for family far away (UPnP): the public address to send
        them, that it is still being asked, or why there is none; "" when it is not asked."""
        forwarding = self.host.forwarding
        if forwarding is None:
            return ""
        outcome = forwarding.outcome
        if outcome is None:
            return _("Asking the home router to let family far away in…")
        if outcome.ok:
            return fmt("Family far away: their seat's address starts with {address} instead of {here}; "
                       "the seat's own code follows as here. The router lets them in until the game ends.",
                       address=outcome.public, here=short_address(self.host.base)[0])
        return fmt(ROUTER_WORDS.get(outcome.reason, ROUTER_WORDS["refused"]), port=forwarding.port)

    # -------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.blit_text(surface, _("Join with a phone"), (640, 16), theme.TITLE, theme.BRASS, True, "midtop", 1200)
        for line in self.intro_labels():
            line.draw(surface)
        for seat, rect in self.cards():
            self._card(surface, seat, rect)
        if not self.host.active:
            theme.blit_wrapped(surface, self.host.problem or _("Phones are off."), AREA.inflate(-200, -300),
                               theme.BODY, theme.BRASS, True, "center")
        self.focus.draw(surface)
        footer_hint(surface, _("Seats without a phone play here, with the cover as before."), y=714)

    def _layout(self, seat: int, rect: pygame.Rect) -> tuple[pygame.Rect, list[Label]]:
        """Where ``seat``'s QR code goes in its card ``rect`` and its words as
        :class:`Label` boxes (name, address, the page, whether a phone holds it):
        the code under the name in a tall card, on the left in a low one.  A hidden
        far seat (:meth:`hidden`) has no code (an empty box) and says why instead."""
        on = self.host.has_phone(seat)
        head, line_h = 44, theme.font(theme.SMALL).get_linesize() + 4
        if self.hidden(seat):
            return pygame.Rect(rect.left, rect.top, 0, 0), self._hidden_labels(seat, rect, head, line_h)
        host, path = short_address(self.host.url(seat))
        if rect.height > 300:
            size = min(rect.width - 40, rect.height - head - 3 * line_h - 30)
            box = pygame.Rect(0, 0, size, size)
            box.midtop = (rect.centerx, rect.top + head + 14)
            x, y, width, align = rect.left + 10, box.bottom + 6, rect.width - 20, "center"
        else:
            size = rect.height - head - 24
            box = pygame.Rect(rect.left + 14, rect.top + head + 12, size, size)
            x, y, width, align = box.right + 14, box.top + 8, rect.right - box.right - 24, "left"
        labels = [Label(pygame.Rect(rect.left + 56, rect.top + 8, rect.width - 70, head), self.match.seat_name(seat),
                        theme.HEADING, True)]
        for i, (words, colour) in enumerate(((host, theme.CREAM), (path, theme.CREAM),
                                             (self.status(seat), theme.GOOD if on else theme.MUTED))):
            labels.append(Label(pygame.Rect(x, y + i * line_h, width, line_h), words, theme.SMALL, False, colour,
                                align))
        return box, labels

    def _hidden_labels(self, seat: int, rect: pygame.Rect, head: int, line_h: int) -> list[Label]:
        """The words of a far seat's card whose code is hidden: its name, why the code is not
        shown and what "Show link again" is for, and whether its phone is connected."""
        on, name = self.host.has_phone(seat), self.match.suspects[seat]
        labels = [Label(pygame.Rect(rect.left + 56, rect.top + 8, rect.width - 70, head), self.match.seat_name(seat),
                        theme.HEADING, True)]
        why = fmt("{name} plays from far away, so the code is hidden here. Show it only to send it to {name}.",
                  name=name)
        y, width = rect.top + head + 14, rect.width - 28
        lines = [(line, theme.CREAM) for line in theme.wrap(why, width, theme.SMALL)]
        for line, colour in lines + [(self.status(seat), theme.GOOD if on else theme.MUTED)]:
            labels.append(Label(pygame.Rect(rect.left + 14, y, width, line_h), line, theme.SMALL, False, colour,
                                "center"))
            y += line_h
        return labels

    def _card(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """One seat: token, name, QR code, short address, whether a phone holds it."""
        on = self.host.has_phone(seat)
        theme.panel(surface, rect, theme.PANEL, theme.GOOD if on else theme.PANEL_EDGE, 14, 4 if on else 2)
        token = assets.token(self.match.suspects[seat], 36)
        surface.blit(token, token.get_rect(midleft=(rect.left + 12, rect.top + 30)))
        box, labels = self._layout(seat, rect)
        if box.width:                         # a hidden far seat's card draws no code
            img = self.code(self.host.url(seat), box.width)
            surface.blit(img, img.get_rect(center=box.center))
        for label in labels:
            label.draw(surface)

    def speech_prompt(self) -> str | None:
        """Read aloud (public): what to do, and which seats have a phone.  The heading is the
        screen's name (:meth:`speech_name`), said before it as a sentence of its own."""
        seats = " ".join(fmt("{name}: {status}.", name=self.match.suspects[s], status=self.status(s))
                         for s in self.host.seats())
        return " ".join((self.intro(), seats))

    def widgets(self) -> list:
        out = [*self.focus.buttons, Label(pygame.Rect(40, 16, 1200, 50), _("Join with a phone"), theme.TITLE, True)]
        out += self.intro_labels()
        for seat, rect in self.cards():
            out += self._layout(seat, rect)[1]
        return out
