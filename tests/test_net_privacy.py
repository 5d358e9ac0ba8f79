"""Privacy over the network:
every byte the host sends to a seat over a whole seeded game is captured at
the phone and checked -- each card in a private field is one the seat may
know at that moment, and, once the catalogue fields that list every card are
taken out, no id of a card held by another seat that this seat was never
shown (nor heard named) appears, and never the envelope's three ids before
the game is over.  Also: the payload is built without touching the hands,
the envelope or the seed."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

pytest.importorskip("aiohttp", reason="the network play needs aiohttp (pip install aiohttp)")
pytest.importorskip("msgspec", reason="the network messages need msgspec (pip install msgspec)")

from game.net.driver import board_table, cards_table, play_reference  # noqa: E402
from game.net.payload import seat_payload  # noqa: E402
from tests.netkit import Hosted  # noqa: E402

ALL_IDS = ("scarlet", "mustard", "white", "green", "peacock", "plum", "candlestick", "knife", "lead_pipe",
           "revolver", "rope", "wrench", "kitchen", "ballroom", "conservatory", "dining_room", "billiard_room",
           "library", "lounge", "hall", "study")
#: A card id as a whole word (quoted or not) in the bytes sent.
ID_WORD = re.compile(r"(?<![A-Za-z_])(" + "|".join(ALL_IDS) + r")(?![A-Za-z_])")
#: Lists of every card or every player, public by nature: taken out before the byte search
#: ("pieces": every token and weapon where it stands on the board, checked on its own: the same
#: for every seat at the same step).
CATALOGUE = ("names", "forms", "notebook", "seats", "you", "pieces", "board")
#: Board places (a room as a place, not as a card): the lit destinations of the mover's roll
#: ("reach", its own only) and the TV's move cursor ("cursor", public), checked on their own.
PLACES = ("reach", "cursor")
ROOM_IDS = ALL_IDS[12:]
#: Legal actions that list every card (pickers), not a seat's secret: taken out too.
PICKERS = ("Suggest", "Accuse", "Ask", "Join")


def ids_in(value: Any) -> set[str]:
    """Every card id found in the fields of an event (nested tuples included)."""
    out: set[str] = set()
    if isinstance(value, str):
        if value in ALL_IDS:
            out.add(value)
    elif isinstance(value, (tuple, list)):
        for v in value:
            out |= ids_in(v)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            out |= ids_in(getattr(value, name))
    return out


class Knowledge:
    """What each seat may know after the first ``k`` actions of a finished game."""

    def __init__(self, hosted: Hosted, reference):
        table = hosted.table
        self.kind = table.kind
        self.engine = hosted.game.engine
        fresh = table.new_engine()
        self.events_at = [len(fresh.events)]
        #: step -> the public board ("pieces") the first seat checked was sent at that step
        self.pieces: dict[int, Any] = {}
        for action in self.engine.actions:
            fresh.apply(action)
            self.events_at.append(len(fresh.events))
        if self.kind == "board":
            from game.rules import events as ev
            self.hands = [set(s.hand) for s in self.engine.seats]
            self.envelope = set(self.engine.envelope)
            self.public = ev.public
            self.seen = ev.EnvelopeSeen
            self.face_up: set[str] = set()
        else:
            from game.cardgame import events as ev
            from game.cardgame.log import public
            self.hands = [set(h) for h in self.engine.hands]
            self.envelope = set(self.engine.crime)
            self.public = public
            self.seen = ev.CrimeSeen
            self.face_up = set(self.engine.face_up)
        self.shown_type = ev.CardShown

        self._snapshots: dict[int, list[tuple[frozenset[str], frozenset[str]]]] = {}

    def _walk(self, seat: int) -> list[tuple[frozenset[str], frozenset[str]]]:
        """(private, named) after each step, for one seat, in one pass over the events."""
        private = set(self.hands[seat]) | self.face_up
        named: set[str] = set()
        out = []
        events = self.engine.events
        done = 0
        for end in self.events_at:
            for e in events[done:end]:
                if isinstance(e, self.shown_type) and e.to == seat and e.card:
                    private.add(e.card)
                if isinstance(e, self.seen) and e.player == seat:
                    private |= self.envelope
                named |= ids_in(self.public(e))
            done = end
            out.append((frozenset(private), frozenset(named)))
        return out

    def at(self, seat: int, step: int) -> tuple[set[str], set[str], bool]:
        """(cards ``seat`` may know privately, cards named in public, the game
        over) after ``step`` actions."""
        if seat not in self._snapshots:
            self._snapshots[seat] = self._walk(seat)
        private, named = self._snapshots[seat][step]
        over = step == len(self.engine.actions) and self.engine.over
        return set(private), set(named), over


def check_seat(knowledge: Knowledge, seat: int, frames: list[str], players: tuple[str, ...] = ()) -> int:
    """Check every frame one seat received (``players``: the suspect tokens
    seated, whose names are public); returns how many views were checked."""
    views = 0
    for raw in frames:
        msg = json.loads(raw)
        if msg["type"] != "view":
            assert not ids_in(list(msg.values())), f"a {msg['type']!r} message names a card: {raw}"
            continue
        view = msg["view"]
        views += 1
        assert view["seat"] == seat
        private, named, over = knowledge.at(seat, view["step"])
        knowable = private | named if not over else set(ALL_IDS)
        # 1. private fields hold only what the seat may know
        held = set(view["hand"]) | {s["card"] for s in view["shown"]}
        if view["disprove"]:
            held |= set(view["disprove"]["cards"]) | {view["disprove"]["preselect"]}
        held |= {a["card"] for a in view["legal"] if a["type"] in ("Disprove", "Show")}
        held |= set(view["seen_envelope"] or ())
        held |= {n["id"] for n in view["notebook"] if n["fact"]}
        assert held <= private | (set(ALL_IDS) if over else set()), (seat, view["step"], held - private)
        assert set(view["hand"]) == knowledge.hands[seat]
        # the public board: every token and weapon, the same for every seat at the same step
        if view["pieces"] is not None:
            assert [t["id"] for t in view["pieces"]["tokens"]] == list(ALL_IDS[:6])
            assert [w["id"] for w in view["pieces"]["weapons"]] == list(ALL_IDS[6:12])
            assert knowledge.pieces.setdefault(view["step"], view["pieces"]) == view["pieces"], (seat, view["step"])
        # the mansion and the places of a move: the lit destinations reach the seat that moves and no
        # other; a place is a room or a square, never a card of another kind
        if view["game"] == "board":
            assert set(view["board"]["rooms"]) == set(ROOM_IDS)
            assert (view["reach"] is not None) == (view["move"] and view["actor"] == seat), (seat, view["step"])
            for place in ([] if view["reach"] is None else view["reach"]["rooms"]) + (
                    [view["cursor"]["at"]] if view["cursor"] else []):
                assert place in ROOM_IDS or (isinstance(place, list) and len(place) == 2), place
        else:
            assert view["board"] is None and view["reach"] is None and view["cursor"] is None
        # the TV's hold is one public word, never anything of a seat
        assert view["tv"] in ("paused", "start", None), (seat, view["tv"])
        # 2. the bytes without the catalogues name no secret of another seat
        stripped = {k: v for k, v in view.items() if k not in CATALOGUE + PLACES}
        stripped["legal"] = [a for a in view["legal"] if a["type"] not in PICKERS]
        text = json.dumps(stripped, ensure_ascii=False)
        found = set(ID_WORD.findall(text))
        secrets = set().union(*(h for i, h in enumerate(knowledge.hands) if i != seat)) - knowable
        assert not found & secrets, (seat, view["step"], found & secrets)
        if not over and not knowledge.envelope <= private:
            assert not knowledge.envelope <= found, (seat, view["step"], "the envelope")
        # sentences (log, prompt): a card they name by its English name is no secret.  (Hints may name
        # any card -- "the Hall is in the envelope, so the Kitchen is in somebody's hand" -- and are
        # deductions from the seat's own view: test_the_payload_reads_only_the_seats_view_... below.)
        sentences = view["log"] + [view["prompt"]["text"]]
        for name, card in ((view["names"][c], c) for c in view["names"]):
            if card in secrets and card not in players:     # a player's name is public (the card game's tokens)
                assert not any(re.search(rf"\b{re.escape(name)}\b", t) for t in sentences), (seat, name)
    return views


GAMES = [("board", 4, 3, (0, 1, 2, 3)), ("board", 6, 8, (0, 2, 4)), ("cards", 4, 6, (0, 1, 2, 3)),
         ("cards+", 6, 14, (0, 1, 3, 5))]


@pytest.mark.parametrize("kind,players,seed,people", GAMES)
def test_no_byte_sent_to_a_seat_names_a_card_it_may_not_know(kind, players, seed, people):
    def make():
        if kind == "board":
            return board_table(players, seed, people)
        return cards_table(players, seed, people, advanced=kind == "cards+")
    reference = play_reference(make())
    hosted = Hosted(make())
    try:
        hosted.seated()
        hosted.run()
        hosted.settle()
        assert hosted.game.engine.actions == reference.actions
        knowledge = Knowledge(hosted, reference)
        checked = {seat: check_seat(knowledge, seat, client.frames, hosted.table.suspects)
                   for seat, client in hosted.clients.items()}
        assert all(n >= 5 for n in checked.values()), checked
    finally:
        hosted.close()


def phone_walker(seed: int):
    """A phone that plays as :func:`game.net.driver.choose` and walks its own moves by tapping its
    board: the room among the lit destinations, else the first lit square."""
    from game.net.driver import choose

    def decide(view):
        if view.get("move") and view.get("reach") and view.get("actor") == view.get("seat"):
            reach = view["reach"]
            if reach["rooms"]:
                return {"type": "Move", "square": None, "room": reach["rooms"][0]}
            return {"type": "Move", "square": reach["squares"][0], "room": None}
        return choose(view, seed)
    return decide


def test_a_seat_walking_on_its_phone_sends_its_lit_squares_to_it_alone():
    """Two of three seats walk by tapping their phones' boards: each mover's views carry its lit
    destinations (the engine's moves of its roll), no other seat's view ever does, and every byte is
    checked as above (no card leaks through the mansion, the lit rooms or the cursor)."""
    table = board_table(4, 3, (0, 1, 2))
    hosted = Hosted(table, phone_moves=(0, 2))
    try:
        for seat in (0, 2):
            hosted.connect(seat, decide=phone_walker(table.seed))
        hosted.seated()
        hosted.run()
        hosted.settle()
        moves = [a for a in hosted.game.applied if type(a.action).__name__ == "Move"]
        assert {a.seat for a in moves} == {0, 2} and len(moves) >= 4
        knowledge = Knowledge(hosted, None)
        for seat, client in hosted.clients.items():
            assert check_seat(knowledge, seat, client.frames, table.suspects) >= 5
            lit = [json.loads(f)["view"]["reach"] for f in client.frames if json.loads(f)["type"] == "view"]
            assert any(lit) == (seat in (0, 2)), seat
    finally:
        hosted.close()


def test_the_capture_catches_a_leak():
    """The check above fails on a view that carries another seat's card (so it can fail)."""
    table = cards_table(4, 6, (0, 1, 2, 3))
    hosted = Hosted(table, decide=False)
    try:
        hosted.seated()
        engine = hosted.game.engine
        knowledge = Knowledge(hosted, None)
        view = seat_payload("cards", engine, 0, suspects=table.suspects)
        other = sorted(set(engine.hands[1]))[0]
        leaky = dict(view, shown=[{"by": 1, "card": other, "i": 0}])
        with pytest.raises(AssertionError):
            check_seat(knowledge, 0, [json.dumps({"type": "view", "rev": 1, "view": leaky})])
        leaky = dict(view, log=[f'"{other}"'])
        with pytest.raises(AssertionError):
            check_seat(knowledge, 0, [json.dumps({"type": "view", "rev": 1, "view": leaky})])
        assert check_seat(knowledge, 0, [json.dumps({"type": "view", "rev": 1, "view": view})]) == 1
    finally:
        hosted.close()


def test_the_capture_catches_a_public_board_that_differs_between_seats():
    """The public board ("pieces") must be the same for every seat at one step: a view whose pieces
    differ for one seat (a weapon moved for it alone) or carry a card outside the board is caught."""
    table = board_table(3, 5, (0, 1, 2))
    hosted = Hosted(table, decide=False)
    try:
        hosted.seated()
        engine = hosted.game.engine
        knowledge = Knowledge(hosted, None)
        views = [seat_payload("board", engine, s, suspects=table.suspects) for s in range(3)]
        frame = lambda v: json.dumps({"type": "view", "rev": 1, "view": v})  # noqa: E731
        assert check_seat(knowledge, 0, [frame(views[0])]) == 1
        pieces = json.loads(json.dumps(views[1]["pieces"]))
        pieces["weapons"][0]["at"] = "hall" if pieces["weapons"][0]["at"] != "hall" else "study"
        with pytest.raises(AssertionError):
            check_seat(knowledge, 1, [frame(dict(views[1], pieces=pieces))])
        secret = dict(views[2], pieces=dict(views[2]["pieces"], tokens=views[2]["pieces"]["tokens"]
                                            + [{"id": sorted(engine.envelope)[0], "at": "hall"}]))
        with pytest.raises(AssertionError):
            check_seat(knowledge, 2, [frame(secret)])
        assert check_seat(knowledge, 2, [frame(views[2])]) == 1
        # another seat's lit squares in a view of a seat that does not move
        leaky = dict(views[1], reach={"squares": [[7, 23]], "rooms": []})
        with pytest.raises(AssertionError):
            check_seat(knowledge, 1, [frame(leaky)])
        # the TV's hold carrying anything but its word (a card of the envelope)
        with pytest.raises(AssertionError):
            check_seat(knowledge, 1, [frame(dict(views[1], tv=sorted(engine.envelope)[0]))])
    finally:
        hosted.close()


class OnlyPublic:
    """An engine that answers only what a payload may read: ``view``,
    ``legal_actions`` (for the actor), ``actor``, ``over``, ``actions`` (their
    number), ``players``, ``setup.advanced``; anything else (hands, envelope,
    crime, seats, seed, events...) raises."""

    ALLOWED = ("view", "legal_actions", "actor", "over", "actions", "players")

    def __init__(self, engine):
        object.__setattr__(self, "_engine", engine)

    def __getattr__(self, name):
        if name not in self.ALLOWED:
            raise AssertionError(f"the payload read engine.{name}")
        return getattr(self._engine, name)


@pytest.mark.parametrize("kind", ["board", "cards"])
def test_the_payload_reads_only_the_seats_view_and_public_facts(kind):
    table = board_table(4, 5, (0, 1)) if kind == "board" else cards_table(4, 5, (0, 1))
    engine = play_reference(table)
    for k in (0, len(engine.actions) // 3, len(engine.actions) // 2, len(engine.actions)):
        partial = table.new_engine(engine.actions[:k])
        for seat in range(partial.players):
            assert seat_payload(kind, OnlyPublic(partial), seat, suspects=table.suspects) == \
                seat_payload(kind, partial, seat, suspects=table.suspects)
