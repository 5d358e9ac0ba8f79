"""Phones at the table without a network: :class:`LocalPhone`, a
phone seated straight on the host's session (tests, ``--screenshot``), and
the ``--screenshot`` scenes of the TV's phone screens (:data:`PHONE_SCENES`).

A :class:`LocalPhone` is what the server hands the session for one open
socket (a :class:`game.net.session.Link`): it keeps every message the host
sends it, and says hello, acts, marks and presses arrows as the seat page would.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from game.ui.shell.registry import make

#: The scenes: the join screen (two of three people have a phone), the
#: board and the card game while a phone seat chooses a card to show, and
#: the board while a phone seat plays its own turn (moving with the phone's arrows), and the card
#: to show of a seat far away whose phone went to sleep (the wait, the time left) -- also with the
#: suggestion's stage up, as the table keeps it while the question goes round -- and that seat's
#: own turn while its far phone sleeps.
PHONE_SCENES = ("phones", "phone-wait", "card-phone-wait", "phone-turn", "phone-far-wait", "phone-far-stage",
                "phone-far-turn")
#: Seconds the far-away phone of ``phone-far-wait`` has been gone when the picture is taken.
FAR_GONE = 23.4
#: Fixed tokens and port for the pictures (the codes stay the same picture to picture), as in a save's ``net``.
SHOT_NET: dict[str, Any] = {"port": 8765, "tokens": {"0": "sc4rLet-Qx3kL9mN", "1": "muSt4rd-pR2sT4uV",
                                                     "2": "wh1te-Yb7cD5eFgH", "3": "pEac0ck-Jk8LmN2p"}}
#: The address the pictures show (a typical home network).
SHOT_BASE = "http://192.168.1.20:8765"
#: The keys of a phone's arrow pad (:class:`game.net.messages.Pad`).
PadKey = Literal["up", "down", "left", "right", "ok", "back"]


class LocalPhone:
    """One phone on ``host``'s session (:class:`game.ui.phones.host.PhoneHost`) for
    ``seat``, as client ``client``: :attr:`sent` holds every message the host
    sent it (parsed), :attr:`raw` the bytes, :attr:`closed` whether the host
    closed it.  Nothing goes over a network."""

    def __init__(self, host, seat: int, client: str = "phone", far: bool = False) -> None:
        self.host, self.seat, self.client = host, seat, client
        #: as a socket from outside the home network (:attr:`game.net.session.HostSession.is_far`)
        self.far = far
        self.raw: list[bytes] = []
        self.closed = False
        self.seq = 0

    # the Link the session talks to
    def send(self, data: bytes) -> None:
        self.raw.append(data)

    def close(self) -> None:
        self.closed = True

    @property
    def sent(self) -> list[dict]:
        return [json.loads(d) for d in self.raw]

    def last(self, kind: str) -> dict | None:
        """The last message of type ``kind`` sent to this phone, or None."""
        return next((m for m in reversed(self.sent) if m.get("type") == kind), None)

    # what the page does
    def hello(self, token: str | None = None, lang: str = "en") -> str:
        """Say hello with the seat's token (or ``token``); returns the session's answer."""
        session = self.host.session
        return session.hello(self, token if token is not None else session.tokens[self.seat], self.client, lang)

    def _say(self, msg) -> None:
        self.host.session.receive(self, self.seat, msg)

    def act(self, action: dict) -> int:
        """Send ``action`` (an action dict) with the next seq; returns the seq."""
        from game.net import messages as m

        self.seq += 1
        self._say(m.Act(self.seq, action))
        return self.seq

    def pad(self, key: PadKey) -> None:
        """Press ``key`` on the phone's arrow pad."""
        from game.net import messages as m

        self._say(m.Pad(key))

    def drop(self) -> None:
        """The phone's socket breaks (Wi-Fi gone, tab closed)."""
        self.closed = True
        self.host.session.gone(self)


def build_phone_scene(app, scene: str, seed: int, advance) -> None:
    """Put ``app`` in the state of ``scene`` (one of :data:`PHONE_SCENES`),
    with phones hosted on no network (:class:`~game.ui.phones.host.HostOptions` ``serve=False``);
    ``advance(match, stop)`` plays a board game on (:func:`game.ui.screenshots.screens.advance`)."""
    from game.ui.phones.host import HostOptions

    options, app.phones.options = app.phones.options, HostOptions(port=8765, serve=False)
    try:
        table = (_card_table(app) if scene == "card-phone-wait"
                 else _board(app, seed, scene in ("phone-wait", "phone-far-wait", "phone-far-stage"), advance,
                             turn=scene in ("phone-turn", "phone-far-turn")))
    finally:
        app.phones.options = options           # this table only: later scenes built on the same app host nothing
    app.phones.base = SHOT_BASE
    far = scene in ("phone-far-wait", "phone-far-stage", "phone-far-turn")
    phones = {seat: LocalPhone(app.phones, seat, f"shot-{seat}", far=far and seat == 0) for seat in (0, 2)}
    for phone in phones.values():
        phone.hello()
    app.phones.pump()                              # the join screen comes up over the table
    if scene != "phones":
        app.pop()                                  # Start
        app.phones.pump()
        for _i in range(400):
            if app.top is not table:
                break
            table.skipping = True
            app.step(0.05, draw=False)
    if scene == "phone-far-stage":
        _stage(app, table)
    if far:
        phones[table.game.actor].drop()            # the far phone sleeps while it must show a card (or walk)
        for _i in range(round(FAR_GONE / 0.2)):
            app.step(0.2, draw=False)


def _stage(app, table) -> None:
    """The last suggestion's stage up on ``table``, its cards at rest and the seat to show glowing,
    as the table keeps it while the question goes round (the game was played on without showing it)."""
    from game.rules import events as ev
    from game.ui.board.moments import NO, SuggestionShow, prepare

    g = table.game
    made = next(e for e in reversed(g.events) if isinstance(e, ev.SuggestionMade))
    show = SuggestionShow(made.player, (made.suspect, made.weapon, made.room), len(g.seats), app.speed)
    prepare(show, table.match, app.window.surface.get_size())
    show.cut.update(show.cut.duration)
    for seat in show.order:                      # the seats before the one to show had none of the cards
        if seat == g.actor:
            show.has(seat)
            break
        show.state[seat] = NO
    table.suggestion_show = show


def _board(app, seed: int, disprove: bool, advance, turn: bool = False):
    """A board game of three people (Miss Scarlet, Colonel Mustard, Mrs. White)
    and a computer; with ``disprove``, played on to a phone seat's card to show;
    with ``turn``, to Miss Scarlet's move on a later turn (her phone plays it)."""
    from game.rules.engine import Phase
    from game.rules.setup import GameSetup, SeatConfig
    from game.ui.board.match import Match

    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "human"),
                             SeatConfig("white", "human"), SeatConfig("peacock", "computer", "medium")), seed=seed)
    match = Match(app.board, setup)
    match.net = {"port": SHOT_NET["port"], "tokens": {k: v for k, v in SHOT_NET["tokens"].items() if k != "3"}}
    if disprove:
        advance(match, lambda g: g.phase is Phase.DISPROVE and g.actor in (0, 2))
        match.log = match.log[-12:]
        match.log_events = match.log_events[-12:]
    if turn:
        advance(match, lambda g: g.turn == 0 and g.phase is Phase.MOVE and len(g.actions) > 8)
    table = make("board", app, match)
    app.push(table)
    return table


def _card_table(app):
    """A card game of three people and a computer, played on to a phone seat's card to show."""
    from game.cardgame.engine import CardSetup, Phase
    from game.ui.cardgame.match import CardMatch

    match = CardMatch(CardSetup(players=4, seed=5, levels=("human", "human", "human", "medium")),
                      ("scarlet", "mustard", "white", "peacock"))
    match.net = {"port": SHOT_NET["port"], "tokens": {k: v for k, v in SHOT_NET["tokens"].items() if k != "3"}}
    g = match.game
    from game.cardgame.ai import make_card_player

    stand_in = {i: make_card_player("easy", 50 + i) for i in range(4)}
    for _n in range(400):
        if g.over or (g.phase is Phase.SHOW and g.actor in (0, 2)):
            break
        seat = g.actor
        for e in g.apply(stand_in[seat].choose(g.view(seat), g.legal_actions())):
            match.add_log(e)
    table = make("card_table", app, match)
    app.push(table)
    return table
