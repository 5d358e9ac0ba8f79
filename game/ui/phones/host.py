"""Phones at the table, the TV's side: :class:`PhoneHost` (``app.phones``).

A game with people serves each person's private screens to their phone
(``docs/network.md``; the server, the session and the seat views are
:mod:`game.net`).  The host starts when a table opens (:meth:`PhoneHost.attach`:
the setting "Phones" is on, the app may host -- :class:`HostOptions`, given by
``run.py``, never by tests or screenshots unless they ask -- and the game has
people) and stops when the table closes.  Every frame, on the main thread,
:meth:`PhoneHost.pump` takes what the phones asked -- an action checked by the
engine and applied through the table (``table.do``: the events are shown and
the game autosaved), a notebook mark, the arrows (intents of the device
``"phone:<seat>"``), a second phone asking for a seat already taken (asked on
the TV) -- and sends each phone its seat's whole view when it changed.

While a seat's phone is connected, the steps the table opens by itself for
that seat (the card to show, the card shown to it, joining an accusation, the
envelope or Crime cards, the suggestion picker) happen on the phone:
:meth:`PhoneHost.away` says so, and the table shows only public words
("Mrs. Peacock is choosing a card to show…", the scene ``phone_wait``), and
the seat's own turn is played on the phone too (:meth:`PhoneHost.holds_turn`):
the shared keyboard and mouse do not act for it -- the phone's arrows and the
seat's controller do -- until a deliberate "Play here instead" (or "Choose
here instead" for one choice) hands it to the TV; a phone that drops
mid-choice gives the choice back to the TV's cover.  The port and the tokens are kept in the
autosave (``match.net``), so Continue serves the same codes on the same port.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Protocol, cast, runtime_checkable

import pygame

from game.ui.draw import anim
from game.ui.shell.i18n import N_
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import is_scene, make
from game.ui.shell.scene import FRESH_QUIET

if TYPE_CHECKING:
    from game.net.host import NetTable
    from game.net.server import NetServer
    from game.net.session import HostSession
    from game.net.upnp import PortMapping

log = logging.getLogger(__name__)

#: A phone's ``pad`` keys -> the intents they are on the TV.
PAD_KINDS = {"up": Kind.UP, "down": Kind.DOWN, "left": Kind.LEFT, "right": Kind.RIGHT, "ok": Kind.CONFIRM}


#: CPU seconds a frame may spend building and sending phones' views; the rest waits for the
#: next frame, the actor's view first (benchmarks/bench_net.py: p95 <= 50 ms to the last of 6 phones).
BROADCAST_BUDGET = 0.010

#: Seconds a choice of a far-away seat (its phone joined from outside the home network) waits for
#: its phone to come back before the computer makes it: the room never gets that seat's cover, and
#: a sleeping phone's socket is only noticed gone about 30 s after it fell asleep.
FAR_WAIT = 90.0

#: The public line (and log line) when the computer made a far seat's choice or took its turn:
#: which seat, never which card.
STOOD_IN = N_("{name}'s phone did not come back: the computer chose for {name}.")

#: At most this many pad presses wait while the table still plays events (the die rolling).
PAD_QUEUE = 8


class HostedTable(Protocol):
    """What the host uses of the table it serves (:class:`game.ui.bases.table.TableScene`, either
    game's): its match and engine, the turn being played, and the table's own way to act."""

    match: Any
    game: Any
    #: the table's turn number (a "Play here instead" holds for one turn)
    turn_no: int
    #: "board" or "cards": which game the table plays
    refuse_game: str
    banner: anim.Banner | None

    @property
    def busy(self) -> bool: ...

    @property
    def human_to_act(self) -> bool: ...

    def do(self, action: Any) -> bool: ...

    def handle(self, intent: Intent) -> bool: ...


@runtime_checkable
class MoveCursor(Protocol):
    """A table with a move cursor (the board game's): the index of the lit destination among the moves."""

    cursor: int


@dataclass(frozen=True)
class HostOptions:
    """How this run may host phones: ``port`` (0: a free one, unless a saved
    game names its own), ``remote`` (let players from outside the local
    network in), ``vpn_ranges`` (more network ranges whose phones count as
    local, as texts: ``--vpn-range``, added to the setting's), ``trusted_proxies``
    (the reverse proxies whose ``X-Forwarded-For`` is believed: ``--trust-proxy``, added to
    the setting's), ``bind`` (the interface: every one, or ``"127.0.0.1"`` in
    tests) and ``serve`` (False: no web server at all -- tests seat their
    phones on the session directly)."""

    port: int = 0
    remote: bool = False
    vpn_ranges: tuple[str, ...] = ()
    trusted_proxies: tuple[str, ...] = ()
    bind: str = "0.0.0.0"
    serve: bool = True


class HeldActs:
    """``session`` (a :class:`game.net.session.HostSession`) as the
    :class:`game.net.host.NetTable` sees it, with one difference: while
    :attr:`hold` is True, :meth:`poll` keeps the phones' actions (``act``
    requests) back, in order, and hands over the rest (marks, languages,
    pads, phones coming and going); once :attr:`hold` is False they come
    first, in the order they arrived.  Everything else is the session's."""

    def __init__(self, session) -> None:
        self._session = session
        self.hold = False
        #: the actions kept back, oldest first
        self.held: list = []

    def __getattr__(self, name: str):
        return getattr(self._session, name)

    def poll(self) -> list:
        """The session's new requests, without its actions while held (see the class)."""
        new = self._session.poll()
        if self.hold:
            self.held += [r for r in new if r.kind == "act"]
            return [r for r in new if r.kind != "act"]
        out, self.held = self.held + new, []
        return out


class PhoneHost:
    """The phones of the game at the table of ``app`` (``app.phones``), or
    nothing: with ``options`` None (tests, screenshots) it never hosts.
    :attr:`session` (:class:`game.net.session.HostSession`), :attr:`server`
    (:class:`game.net.server.NetServer`, None without ``serve``) and
    :attr:`net` (:class:`game.net.host.NetTable`) exist while a table is hosted."""

    def __init__(self, app, options: HostOptions | None = None) -> None:
        self.app = app
        self.options = options
        self.table: HostedTable | None = None
        self.session: HostSession | None = None
        self.server: NetServer | None = None
        self.net: NetTable | None = None
        #: ``http://address:port`` the phones use (the short address on the join screen), or ""
        self.base = ""
        #: (seat, number of events) of a choice its person took back to the TV ("Choose here instead")
        self._on_tv: set[tuple[int, int]] = set()
        #: (seat, the table's turn number) of a turn its person plays on the TV ("Play here instead")
        self._tv_turns: set[tuple[int, int]] = set()
        #: seat -> (the moment, the reopen) of a choice handed back to the TV's cover because its phone
        #: dropped; when the phone comes back before anybody took the cover, the cover closes again
        self._fell_back: dict[int, tuple[tuple, Callable[[], object]]] = {}
        #: the seats whose choice the computer made, oldest first (:meth:`choose_for`)
        self.stood_in: list[int] = []
        #: (seat, the table's turn number) -> seconds a far seat's own turn has waited for its gone phone,
        #: summed over drops and boxes: coming back and dropping again does not restart :data:`FAR_WAIT`
        self.far_waited: dict[tuple[int, int], float] = {}
        #: (seat, the table's turn number) of far seats' own turns the computer plays on (:meth:`late`)
        self._late_turns: set[tuple[int, int]] = set()
        #: (seat, turn number) whose "… is playing on the phone" was last read aloud (once a turn)
        self.said: tuple | None = None
        #: ((seat, number of events), key, mashed) of pad presses made while the table was busy, oldest first
        self._later: list[tuple[tuple[int, int], str, bool]] = []
        #: ((seat, number of events), the board cursor before each arrow of that move): the pad's Back
        self._trail: tuple[tuple, list[int]] = ((), [])
        #: seat -> the open question "a second phone wants this seat: allow?"
        self._asking: dict[int, object] = {}
        self._welcome = False
        #: the seats and codes of the last game hosted: ((kind, people, suspects), its record)
        self._last: tuple | None = None
        #: set by the game-over screen's Play again: the next game of the same people keeps the codes
        self.keep_codes = False
        self._key: tuple = ()
        #: why the phones could not be served (said once on the join screen), or ""
        self.problem = ""
        #: the session as the NetTable polls it: the phones' actions held while paused (:class:`HeldActs`)
        self.gate: HeldActs | None = None
        #: the TCP port served on (0 before)
        self.port = 0
        #: with ``remote``: the router's forwarding of :attr:`port` (:class:`game.net.upnp.PortMapping`)
        self.forwarding: PortMapping | None = None
        #: True once the join screen's "Invite family far away" was pressed (:meth:`invite`)
        self.invited = False
        #: the first port this run served on: every later game serves there too, so the pages of
        #: an earlier game reach the new host (and hear that their code opens no seat any more)
        self.run_port = 0

    # ----------------------------------------------------------- state
    def _hosted(self) -> HostedTable:
        """The table whose phones are hosted: set together with :attr:`session` (:meth:`attach`,
        :meth:`detach`), so a connected phone or a phone's request always has one."""
        assert self.table is not None, "no table is hosted"
        return self.table

    @property
    def active(self) -> bool:
        """True while a table's phones are hosted."""
        return self.net is not None

    def has_phone(self, seat: int) -> bool:
        """True while ``seat``'s phone is connected."""
        return self.session is not None and self.session.has_phone(seat)

    def far(self, seat: int) -> bool:
        """True when ``seat``'s phone joined from outside the home network: its
        person is not in the room, so its choices are never offered behind the
        TV's cover; a choice whose phone is gone waits :data:`FAR_WAIT` seconds,
        then the computer makes it (:meth:`choose_for`)."""
        return self.session is not None and self.session.is_far(seat)

    def away(self, seat: int) -> bool:
        """True when what the table opens by itself for ``seat`` now goes to its
        phone: the phone is connected (or the seat is far away: :meth:`far`,
        its phone asleep or out of reach) and the person did not take this very
        choice back to the TV (:meth:`use_tv`)."""
        if not (self.has_phone(seat) or self.far(seat)) or self.turn_on_tv(seat):
            return False
        return (seat, len(self._hosted().game.events)) not in self._on_tv

    def holds_turn(self, seat: int) -> bool:
        """True while ``seat``'s own turn is played on its phone: the phone is
        connected (or the seat is far away: :meth:`far`, its phone asleep -- the turn then waits for
        it, and the computer plays for it after :data:`FAR_WAIT` seconds), it is ``seat``'s turn and
        its person did not take this turn to the TV (:meth:`play_here`).  The shared keyboard and mouse then do
        not act for it; the phone, its arrows and the seat's controller do."""
        g = self.table.game if self.table is not None else None
        return (g is not None and not g.over and g.turn == seat and (self.has_phone(seat) or self.far(seat))
                and not self.turn_on_tv(seat))

    def plays_turn(self, table: HostedTable) -> bool:
        """True while the person to act at ``table`` plays their own turn on their phone (:meth:`holds_turn`)."""
        return table is self.table and table.human_to_act and self.holds_turn(table.game.actor)

    def turn_on_tv(self, seat: int) -> bool:
        """True when ``seat``'s person took the turn now being played to the TV."""
        return self.table is not None and (seat, self.table.turn_no) in self._tv_turns

    def play_here(self, seat: int) -> None:
        """``seat`` plays the rest of its turn on the TV, phone or not ("Play here instead")."""
        self._tv_turns.add((seat, self._hosted().turn_no))

    def use_tv(self, seat: int) -> None:
        """``seat`` takes the choice now open back to the TV (its cover), phone or not."""
        self._on_tv.add((seat, len(self._hosted().game.events)))

    def fell_back(self, seat: int, moment: tuple, reopen: Callable[[], object]) -> None:
        """``seat``'s phone dropped mid-choice at ``moment`` (number of events,
        actor) and ``reopen()`` handed that choice to the TV's cover: if the
        phone comes back before the cover is taken, the cover closes and
        ``reopen()`` runs again, so the table shows the wait box once more."""
        self._fell_back[seat] = (moment, reopen)

    def _came_back(self) -> None:
        """A phone that dropped mid-choice is back: its fallback cover, when
        still only waiting for the pass, closes (see :meth:`fell_back`); with one
        person at the TV (no covers) the choice's own screen the TV opened closes."""
        table = self._hosted()
        g = table.game
        for seat, (moment, reopen) in list(self._fell_back.items()):
            if g.over or (len(g.events), g.actor) != moment or (seat, len(g.events)) in self._on_tv:
                del self._fell_back[seat]         # the game moved on, or the person chose the TV
            elif self.has_phone(seat):
                del self._fell_back[seat]
                covers = [s for s in self.app.stack if is_scene(s, "cover") and s.seat == seat]
                if not table.match.needs_cover:  # one person: no cover, the choice itself went to the TV
                    covers = [s for s in self.app.stack if s is not table and s.private
                              and getattr(s, "seat", None) == seat]
                for cover in covers:
                    self.app.pop(cover)
                if covers:
                    reopen()

    def choose_for(self, seat: int) -> bool:
        """The computer makes ``seat``'s open choice (a card to show, whether to
        join an accusation), from ``seat``'s own view, as a computer player of
        the default level would: its far-away phone did not come back in time.
        The TV says for which seat, never which card (:data:`STOOD_IN`: a banner,
        read aloud, and a line of the public log) -- on the seat's own turn once,
        at its first step; the turn's later steps then come at the computer's pace
        (:meth:`late`).  The seat is the person's again at once (the next choice
        waits for the phone again).  False when ``seat`` has nothing to choose now."""
        from game.ui.bases.match import DEFAULT_LEVEL

        table = self.table
        if table is None or table.game.over or table.game.actor != seat:
            return False
        g, match = table.game, table.match
        own = (seat, table.turn_no) if g.turn == seat else None     # its own turn (read before acting)
        player = match.make_player(DEFAULT_LEVEL, seat)
        if hasattr(player, "rng"):
            player.rng = random.Random(match.decision_seed(seat))
        view = g.view(seat)
        legal = g.legal_actions()
        # on the seat's own turn the computer never accuses for its person: that ends their game
        legal = [a for a in legal if type(a).__name__ != "Accuse"] or legal
        action = player.choose(view, legal)
        self._apply(seat, action)
        if self.net is not None:           # the seat's own phone is told which card went to whom
            self.net.chosen.setdefault(seat, set()).update(range(len(view.events), len(g.view(seat).events)))
        self.stood_in.append(seat)
        if own not in self._late_turns:       # a choice, or the first step of the turn: said, and kept in the log
            if own is not None:
                self._late_turns.add(own)     # the rest of this turn: the computer at its own pace
            from game.ui.bases.match import LogNote
            from game.ui.bases.pacing import BANNER_TIME  # here: the pacing module reads both games' events

            line = match.add_note(LogNote(STOOD_IN, match.suspects[seat]))
            table.banner = anim.Banner(line, 2 * BANNER_TIME / self.app.speed)
            self.app.speech.say(line)
            log.info(f"phones: {line}")
        self._remember()
        self.app.store.autosave(match)
        return True

    def late(self, seat: int) -> bool:
        """True when ``seat``'s far phone has been waited for once this turn (its own turn) and
        the computer played for it: the rest of the turn goes at the computer's own pace, not
        after another :data:`FAR_WAIT` (until the phone is back, which plays on itself)."""
        return self.table is not None and (seat, self.table.turn_no) in self._late_turns

    @property
    def remote(self) -> bool:
        """True when players from outside the home network may join: ``--remote``, or the join
        screen's "Invite family far away" (:meth:`invite`) pressed in this run."""
        return self.invited or (self.options is not None and self.options.remote)

    def invite(self) -> bool:
        """Let family far away in from now on (for the rest of this run): the server takes peers
        from anywhere and the home router is asked for the port (:meth:`_forward`; the join screen
        then shows the public address or why there is none).  False when nothing is served."""
        if self.server is None:
            return False
        self.invited = self.server.remote = True
        log.info("phones: family far away invited: peers from outside the home network may join")
        self._forward(self.port)
        return True

    def seats(self) -> tuple[int, ...]:
        """The seats that may use a phone (the people's), in table order."""
        return self.session.seats if self.session is not None else ()

    def url(self, seat: int) -> str:
        """``seat``'s page (``http://address:port/s/<token>``; what its QR code holds)."""
        assert self.session is not None, "no table is hosted"
        return self.session.url(seat, self.base or "http://127.0.0.1")

    # ------------------------------------------------------ the table
    def attach(self, table) -> None:
        """Host ``table``'s phones when this run may host, the setting "Phones"
        is on and the game has people (not the guided game).  A saved game's
        port and tokens are used again (``match.net``), and a new game of the same
        people in the same seats keeps the last game's (the phones just reconnect);
        a port taken since then gives way to a free one."""
        self.detach(None)
        # Play again's wish holds for this game only, hosted or not: a later game never gets old codes
        again, self.keep_codes = self.keep_codes, False
        match = table.match
        if (self.options is None or not self.app.store.settings.phones or not match.humans
                or getattr(match, "guided", False)):
            return
        try:
            from game.net.host import NetTable
            from game.net.session import HostSession
        except ImportError as exc:               # aiohttp / msgspec missing: the game plays on, with covers
            self.problem = f"The phones cannot be served: {exc}."
            log.warning(f"phones: {self.problem}")
            return

        kind = "board" if table.refuse_game == "board" else "cards"
        key = (kind, tuple(match.people_seats()), tuple(match.suspects))
        saved = match.net or (self._last[1] if again and self._last and self._last[0] == key else {})
        try:
            session = (HostSession.from_state(kind, match.humans, saved) if saved
                       else HostSession(kind, match.humans))
        except ValueError as exc:
            log.warning(f"phones: not served ({exc})")
            return
        if not self._serve(session, saved.get("port")):
            return
        self.table, self.session, self._key = table, session, key
        if kind == "board" and self.server is not None:
            self._show_board()
        self.gate = HeldActs(session)
        # the gate stands in for the session: every attribute but poll is the session's own
        self.net = NetTable(kind, match.game, match.suspects, cast("HostSession", self.gate),
                            notebooks=match.notebooks, notebook_mode=match.notebook_mode, apply=self._apply,
                            cursor=self.cursor, hold=self.hold)
        # the join screen greets a table of people; one person alone with computer players hides
        # nothing from anybody, so Play starts at once (the pause menu's Phones still lets a phone in) --
        # unless family far away is invited: then the codes and the router's answer come first
        self._welcome = len(match.humans) > 1 or self.remote
        self._remember()

    def _serve(self, session, saved_port: int | None) -> bool:
        """Start the web server for ``session``: on this run's port (:attr:`run_port`,
        the first one served), else on ``saved_port`` (a saved game names one), else
        the options' port, else a free one; False when no port could be bound (said on stderr)."""
        opts = self.options
        assert opts is not None, "this run hosts no phones"     # attach serves only with options
        if not opts.serve:
            self.base = f"http://127.0.0.1:{saved_port or opts.port or 0}"
            self.port = saved_port or opts.port or 0
            return True
        from game.net.server import NetServer, parse_proxies, parse_ranges

        settings = self.app.store.settings
        local = self._networks(parse_ranges, "Phones from a VPN", (opts.vpn_ranges, "--vpn-range"),
                               (settings.vpn_ranges, "the setting “vpn_ranges”"))
        trusted = self._networks(parse_proxies, "Phones through a proxy", (opts.trusted_proxies, "--trust-proxy"),
                                 (settings.trusted_proxies, "the setting “trusted_proxies”"))
        tries = [p for p in (self.run_port, saved_port, opts.port) if p] + [0]
        for port in dict.fromkeys(tries):
            server = NetServer(session, port=port, remote=self.remote, local=local, bind=opts.bind,
                               trusted=trusted)
            try:
                host, bound = server.start()
            except OSError as exc:
                log.warning(f"phones: {exc}")
                self.problem = str(exc)
                continue
            self.server, self.port, self.base = server, bound, f"http://{host}:{bound}"
            self.run_port = self.run_port or bound
            log.info(f"phones: serving the seats at {self.base} (each seat's code is on the TV)")
            if self.remote:
                self._forward(bound)
            return True
        return False

    def _networks(self, parse, what: str, *sources: tuple) -> tuple:
        """The networks of every ``(texts, where)`` source (the option's, then the setting's), read
        with ``parse`` (:func:`game.net.server.parse_ranges` or ``parse_proxies``).  One that cannot
        be read is left out, said on the join screen and in the log as ``what: …``; the others count.
        (The settings file's are checked when it is read; this catches what was set since.)"""
        out: tuple = ()
        for texts, where in sources:
            for text in texts:
                try:
                    out += parse([text], where)
                except ValueError as exc:
                    self.problem = f"{what}: {exc}."
                    log.warning(f"phones: {self.problem}")
        return out

    def _forward(self, port: int) -> None:
        """Ask the home router to forward ``port`` (UPnP), on a thread: discovery takes a second
        or two; what happened (the public address, or why not) goes to the log and to the join
        screen (:attr:`forwarding`'s ``outcome``)."""
        import threading

        from game.net.upnp import PortMapping

        if self.forwarding is not None and self.forwarding.port == port:
            return
        self.forwarding = PortMapping(port)
        threading.Thread(target=self.forwarding.open, name="clue-upnp", daemon=True).start()

    def _show_board(self) -> None:
        """Give the server the empty board's picture and geometry (``/board.png``: the
        public board of a far-away seat's page); a picture that cannot be made is left out."""
        assert self.server is not None, "only a served table has a picture to give"
        try:
            from game.ui.phones.boardpicture import board_picture

            self.server.set_board(*board_picture(self.app.board_view()))
        except (pygame.error, OSError, ValueError) as exc:
            log.warning(f"phones: the board picture is not served ({exc})")

    def _remember(self) -> None:
        """Keep the port and the session (tokens, actions taken) in the match, for the autosave."""
        assert self.session is not None, "no table is hosted"
        self._hosted().match.net = {"port": self.port, **self.session.state()}

    def detach(self, table) -> None:
        """Stop hosting (``table`` closes; None: whatever table it was)."""
        if table is not None and table is not self.table:
            return
        if self.session is not None:
            # the next game of the same people keeps the codes (Play again), and the seqs the phones
            # spent: an act a page still holds from this game is then never taken in the next one
            state = self.session.state()
            spent = {str(s): n for s, n in self.session.spent().items()}     # acts on their way count too
            self._last = (self._key, {"port": self.port, "tokens": state["tokens"], "clients": state["clients"],
                                      "applied": spent, "far": state["far"]})
            self.session.close_all()
        if self.server is not None:
            self.server.stop()
        if self.forwarding is not None:         # the game ended: the router stops forwarding its port
            self.forwarding.close()
            self.forwarding = None
        self.table = self.session = self.server = self.net = self.gate = None
        self.base = ""
        self._on_tv.clear()
        self._tv_turns.clear()
        self._fell_back.clear()
        self._late_turns.clear()
        self._asking.clear()
        self._later.clear()
        self._welcome = False

    # ------------------------------------------------------- each frame
    def pump(self) -> None:
        """What the phones asked, then each connected phone's view when it
        changed (main thread, every frame).  The join screen is shown before
        the table's first moment."""
        if self.net is None or self.gate is None:     # the two are set together (attach)
            return
        app, table = self.app, self._hosted()
        if self._welcome and app.top is table:
            self._welcome = False
            app.push(make("phones", app, table.match, self))
        acted = False
        self.gate.hold = self.paused()           # behind the menu or the join screen the game waits
        for req in self.net.pump():
            acted = acted or req.kind in ("act", "mark")      # a notebook mark is kept at once too
            if req.kind == "pad":
                # OK tapped again within the quiet interval of its last tap is no fresh press (mashed)
                mashed = req.key == "ok" and self.app.router.input.tap(f"phone:{req.seat}", Kind.CONFIRM, FRESH_QUIET)
                self._pad(req.seat, req.key, mashed)
        self._pads_later()
        self._ask_joins()
        self._came_back()
        if acted:
            self._remember()
            app.store.autosave(table.match)
        self.net.broadcast(budget=BROADCAST_BUDGET)

    def paused(self) -> bool:
        """True while the pause menu or the join screen is open over the table
        (or anything opened from them): the phones' actions wait until the
        game goes on (marks and languages do not)."""
        stack = self.app.stack
        if self.table not in stack:
            return False
        return any(is_scene(s, "menu") or is_scene(s, "phones") for s in stack[stack.index(self.table) + 1:])

    def hold(self) -> str | None:
        """Why the phones' actions wait now (:meth:`paused`), as every phone is told (public):
        ``"paused"`` -- the pause menu is open over the table (or something opened from it, such as
        its Phones screen) -- or ``"start"`` -- the join screen waits for Start; None: the game goes
        on.  An action sent meanwhile counts once the game goes on; an arrow is dropped."""
        if not self.paused():
            return None
        stack = self.app.stack
        above = stack[stack.index(self.table) + 1:]
        return "paused" if any(is_scene(s, "menu") for s in above) else "start"

    def _apply(self, seat: int, action) -> list:
        """Apply a phone's checked ``action`` through the table (its events are
        shown, the game autosaved); the TV's own screens of that seat's choice
        (a cover, the card to show, a picker) close.  Returns the new events."""
        table, app = self._hosted(), self.app
        for scene in list(app.stack):
            if scene is not table and (getattr(scene, "seat", None) == seat or getattr(scene, "board", None) is table):
                if not is_scene(scene, "menu"):
                    app.pop(scene)
        before = len(table.game.events)
        table.do(action)
        return list(table.game.events[before:])

    def cursor(self) -> tuple | None:
        """``(seat, destination)`` of the move cursor the TV draws now (a person
        moving after a roll: the lit destination under it, a room id or a
        ``(col, row)`` square), else None; every phone shows it (public)."""
        table = self.table
        if table is None or not isinstance(table, MoveCursor) or table.game.over:
            return None
        dests = list(table.game.moves()) if table.human_to_act else []
        return (table.game.turn, dests[table.cursor % len(dests)]) if dests else None

    def _pad(self, seat: int, key: str, mashed: bool = False) -> None:
        """A phone's arrow or OK: an intent of ``"phone:<seat>"`` for the table,
        only while the table (or the line saying the seat plays on its phone)
        is on top and that seat is to act; a press while the table still plays
        events (the die rolling) waits for them, so the OK tapped right after
        Roll moves the token.  Back takes the board's cursor back
        to where it stood before the last arrow of this move (again and again,
        to where it began); it never opens the TV's menu, which a phone far
        away could not close.  ``mashed``: an OK tapped again within
        :data:`~game.ui.shell.scene.FRESH_QUIET` seconds of the phone's last OK, which goes to the
        table as a repeat: no prompt's guard takes it (:class:`~game.ui.shell.scene.PromptGuard`),
        the same rule as Enter mashed on the TV."""
        kind, table, top = PAD_KINDS.get(key), self._hosted(), self.app.top
        intent = Intent(kind or Kind.BACK, f"phone:{seat}", repeat=mashed)
        g = table.game
        if (kind is None and key != "back") or g.over or g.actor != seat or not table.match.may_act(intent.device, seat):
            return
        if table.busy:                        # the TV still plays the roll: the press waits for it, in order
            if len(self._later) < PAD_QUEUE:
                self._later.append(((seat, len(g.events)), key, mashed))
            return
        on_table = top is table or (is_scene(top, "phone_wait") and top.what == "turn")
        if not on_table or not table.human_to_act:
            return
        # the board game's move (its table, the only one with a move cursor), else None
        moving = (table if isinstance(table, MoveCursor)
                  and getattr(getattr(table.game, "phase", None), "name", "") == "MOVE" else None)
        now = (seat, len(table.game.events))
        if self._trail[0] != now:             # a new move: its trail starts empty
            self._trail = (now, [])
        if key == "back":
            if moving is not None and self._trail[1]:
                moving.cursor = self._trail[1].pop()
            return
        if moving is None or kind is Kind.CONFIRM:
            table.handle(intent)
            return
        before = moving.cursor
        table.handle(intent)
        if moving.cursor != before:
            self._trail[1].append(before)

    def _pads_later(self) -> None:
        """The pad presses kept while the table was busy, once it is not: each one
        made at the moment still open (the same seat to act, no new event)."""
        if not self._later or self._hosted().busy:
            return
        later, self._later = self._later, []
        for (seat, events), key, mashed in later:
            game = self._hosted().game         # read again: each press may add events
            if (seat, events) == (game.actor, len(game.events)):
                self._pad(seat, key, mashed)

    def _ask_joins(self) -> None:
        """A second phone wants a seat already taken: ask the TV (once per
        seat); a question whose phone went away closes.  The question comes by
        itself, whatever the room is pressing (Start, say): it takes no press
        already on its way (``unasked``: :class:`~game.ui.bases.confirm.ConfirmBase`), and No,
        focused first, is what a stray Enter answers -- a new phone refused asks again
        with one tap, while one let in by mistake would see that seat's cards."""
        assert self.session is not None, "no table is hosted"
        app, pending = self.app, set(self.session.pending_joins())
        for seat, box in list(self._asking.items()):
            if seat not in pending:
                del self._asking[seat]
                if box in app.stack:
                    app.pop(box)
        for seat in sorted(pending - set(self._asking)):
            from game.ui.shell.i18n import _, fmt

            name = self._hosted().match.suspects[seat]
            # a far seat's person is not in the room: whoever asks here would see that person's cards
            detail = (fmt("{name} plays from far away. Allow only if {name} asked you to: the new phone "
                          "shows {name}'s cards, and the far phone stops.", name=name) if self.far(seat) else
                      fmt("Allow only if {name} changed phones. The other phone stops showing "
                          "{name}'s cards.", name=name))
            box = make("confirm", app, fmt("A second phone wants to play as {name}. Allow?", name=name),
                       lambda s=seat: self._answer(s, True), lambda s=seat: self._answer(s, False),
                       yes=_("Allow"), no=_("No"), detail=detail, unasked=True)
            self._asking[seat] = box
            app.push(box)

    def _answer(self, seat: int, allow: bool) -> None:
        self._asking.pop(seat, None)
        if self.session is not None:
            self.session.confirm_join(seat, allow)
            if allow:                 # saved now: a Continue before the seat's next action keeps this phone
                self._remember()
                self.app.store.autosave(self._hosted().match)

