"""The seat payload (game/net/payload.py) and the main-thread glue
(game/net/host.py) without sockets: shape, prompts, language, marks, the
frame budget of a broadcast."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("msgspec", reason="the network messages need msgspec (pip install msgspec)")

from game.net.driver import board_table, cards_table, play_reference  # noqa: E402
from game.net.host import NetTable  # noqa: E402
from game.net.payload import seat_payload  # noqa: E402
from game.net.session import HostSession, Request  # noqa: E402
from game.text import i18n  # noqa: E402

KEYS = {"game", "seat", "lang", "you", "seats", "turn", "actor", "phase", "over", "step", "hand", "face_up",
        "prompt", "legal", "move", "disprove", "shown", "seen_envelope", "notebook", "names", "log", "room",
        "roll", "result", "pieces", "forms", "board", "reach", "cursor", "chosen_for_you", "tv"}


def walk(table, check, stop=None):
    """Replay ``table``'s reference game, calling ``check(engine)`` after each action."""
    engine = table.new_engine()
    finished = play_reference(table)
    for action in finished.actions:
        if check(engine):
            return engine
        engine.apply(action)
    check(engine)
    return engine


@pytest.mark.parametrize("kind", ["board", "cards"])
def test_the_payload_has_its_shape_and_is_plain_json(kind):
    table = board_table(4, 2, (0, 1)) if kind == "board" else cards_table(4, 2, (0, 1))
    engine = table.new_engine()
    view = seat_payload(kind, engine, 1, suspects=table.suspects, lang="en", phones={1})
    assert set(view) == KEYS
    assert json.loads(json.dumps(view)) == view
    assert view["seat"] == 1 and view["you"] == table.suspects[1] and view["game"] == kind
    assert view["seats"][1]["phone"] and not view["seats"][0]["phone"]
    assert view["hand"] and all(c in view["names"] for c in view["hand"])
    assert (view["legal"] != []) == (engine.actor == 1)
    with pytest.raises(ValueError):
        seat_payload(kind, engine, 9, suspects=table.suspects)
    with pytest.raises(ValueError):
        seat_payload(kind, engine, 0, suspects=table.suspects, lang="fr")
    with pytest.raises(ValueError):
        seat_payload("chess", engine, 0, suspects=table.suspects)
    assert view["tv"] is None
    assert seat_payload(kind, engine, 1, suspects=table.suspects, tv="paused")["tv"] == "paused"
    with pytest.raises(ValueError):
        seat_payload(kind, engine, 1, suspects=table.suspects, tv="asleep")


def test_the_board_payload_says_where_every_piece_is_the_same_for_every_seat():
    """The public board: every suspect token's place (a room id or a corridor
    square), every weapon's room, whose turn it is and the last roll -- the engine's own public
    state, and the same in every seat's payload at the same moment (nothing private in it)."""
    from game.core.cards import SUSPECTS, WEAPONS
    from game.rules.events import DieRolled

    table = board_table(4, 3, (0, 1, 2, 3))
    seen = {"corridor": 0, "room": 0, "moved weapon": 0}

    def check(engine):
        each = [seat_payload("board", engine, s, suspects=table.suspects)["pieces"] for s in range(4)]
        assert all(p == each[0] for p in each[1:])                  # public: one answer for every seat
        got = each[0]
        assert [t["id"] for t in got["tokens"]] == list(SUSPECTS)
        assert [w["id"] for w in got["weapons"]] == list(WEAPONS)
        for t in got["tokens"]:
            pos = engine.positions[t["id"]]
            assert t["at"] == (pos if isinstance(pos, str) else list(pos))
            seen["room" if isinstance(t["at"], str) else "corridor"] += 1
        assert {w["id"]: w["at"] for w in got["weapons"]} == engine.weapons
        seen["moved weapon"] += any(w["at"] != engine_start.weapons[w["id"]] for w in got["weapons"])
        assert got["turn"] == engine.turn
        rolls = [sum(e.dice) for e in engine.events if isinstance(e, DieRolled)]
        assert got["last_roll"] == (rolls[-1] if rolls else None)
        return False

    engine_start = table.new_engine()
    assert seat_payload("board", engine_start, 0, suspects=table.suspects)["pieces"]["last_roll"] is None
    walk(table, check)
    assert all(seen.values()), seen                 # tokens in corridors and rooms, weapons moved
    cards = cards_table(3, 4, (0,))
    assert seat_payload("cards", cards.new_engine(), 0, suspects=cards.suspects)["pieces"] is None


def test_board_moves_are_made_on_the_tv_and_the_prompts_follow_the_turn():
    table = board_table(3, 7, (0,))
    kinds: set[str] = set()

    def check(engine):
        seat = engine.actor
        view = seat_payload("board", engine, seat, suspects=table.suspects)
        kinds.add(view["prompt"]["kind"])
        assert not any(a["type"] == "Move" for a in view["legal"])
        assert view["move"] == (view["phase"] == "move")
        if view["phase"] == "move":     # the phone's board is tapped to walk; the arrows stay for those who like them
            assert view["prompt"]["text"] == "Tap a lit square or room on your board, or use the arrows."
        if view["phase"] == "start" and any(a["type"] == "Suggest" for a in view["legal"]):
            assert view["prompt"]["text"] == "Roll the die, or make a suggestion here."
            kinds.add("pulled in")
        other = seat_payload("board", engine, (seat + 1) % 3, suspects=table.suspects)
        assert other["legal"] == [] and other["prompt"]["kind"] == ("over" if engine.over else "wait")
        return False

    walk(table, check)
    assert {"roll", "move", "disprove", "over", "pulled in"} <= kinds


def test_the_mover_alone_gets_its_lit_destinations_the_engines_moves_of_its_roll():
    """After a roll the moving seat's view lists every destination the engine allows (the squares
    and rooms the TV lights), each a Move the engine accepts; every other seat gets none, and
    nobody gets any outside the move."""
    from game.rules.actions import Move

    table = board_table(4, 3, (0, 1, 2, 3))
    seen = {"squares": 0, "rooms": 0}

    def check(engine):
        for seat in range(4):
            reach = seat_payload("board", engine, seat, suspects=table.suspects)["reach"]
            if engine.over or seat != engine.actor or engine.phase.value != "move":
                assert reach is None, (seat, engine.phase)
                continue
            moves = set(engine.moves())
            got = {tuple(q) for q in reach["squares"]} | set(reach["rooms"])
            assert got == moves and moves
            for q in reach["squares"]:
                engine.check(Move(square=tuple(q)))
            for room in reach["rooms"]:
                engine.check(Move(room=room))
            seen["squares"] += bool(reach["squares"])
            seen["rooms"] += bool(reach["rooms"])
        return False

    walk(table, check)
    assert all(seen.values()), seen


def test_the_mansion_geometry_is_the_boards_and_the_same_for_every_seat():
    """The page draws the board from the payload: every corridor square, room square, door,
    secret passage and start square of the engine's board, in one string per row."""
    table = board_table(4, 3, (0, 1, 2, 3))
    engine = table.new_engine()
    views = [seat_payload("board", engine, s, suspects=table.suspects) for s in range(4)]
    geo = views[0]["board"]
    assert all(v["board"] == geo for v in views)
    b = engine.board
    assert geo["size"] == [b.width, b.height] and len(geo["rows"]) == b.height
    assert all(len(row) == b.width for row in geo["rows"])
    at = {(c, r): ch for r, row in enumerate(geo["rows"]) for c, ch in enumerate(row)}
    assert {sq for sq, ch in at.items() if ch == "."} == set(b.corridor)
    for i, room in enumerate(geo["rooms"]):
        assert {sq for sq, ch in at.items() if ch == chr(97 + i)} == set(b.rooms[room].squares)
    assert sorted(map(tuple, geo["doors"])) == sorted((*d.square, *d.inside) for d in b.doors)
    assert {(p["from"], p["to"]) for p in geo["passages"]} == {
        (r.id, r.passage_to) for r in b.rooms.values() if r.passage_to}
    assert geo["starts"] == {s: list(sq) for s, sq in b.start_squares.items()}
    assert len(json.dumps(geo)) < 2000                    # sent in every view: small
    cards = cards_table(3, 4, (0,))
    view = seat_payload("cards", cards.new_engine(), 0, suspects=cards.suspects, cursor=(0, "hall"))
    assert view["board"] is None and view["reach"] is None and view["cursor"] is None


def test_the_tvs_cursor_is_public_and_a_new_cursor_sends_new_views():
    """The move cursor the TV shows is in every seat's view, the same; moving it (the phone's arrows
    or the TV's) sends each phone a new view, though no event happened."""
    from game.rules.actions import Roll

    table = board_table(3, 2, (0, 1, 2))
    engine = table.new_engine()
    engine.apply(Roll())
    dests = list(engine.moves())
    assert len(dests) > 1
    where = {"at": dests[0]}
    session = HostSession("board", (0, 1, 2))

    class Phone:
        client = "p"

        def __init__(self):
            self.got = []

        def send(self, data):
            self.got.append(json.loads(data))

        def close(self):
            pass

    phones = {s: Phone() for s in range(3)}
    for s, p in phones.items():
        session.hello(p, session.tokens[s], f"c{s}")
    net = NetTable("board", engine, table.suspects, session, cursor=lambda: (engine.turn, where["at"]))
    assert net.broadcast() == 3
    at = dests[0] if isinstance(dests[0], str) else list(dests[0])
    assert [p.got[-1]["view"]["cursor"] for p in phones.values()] == [{"seat": engine.turn, "at": at}] * 3
    assert net.broadcast() == 0
    where["at"] = dests[-1]
    assert net.broadcast() == 3
    at = dests[-1] if isinstance(dests[-1], str) else list(dests[-1])
    assert all(p.got[-1]["view"]["cursor"] == {"seat": engine.turn, "at": at} for p in phones.values())


def test_the_texts_come_in_the_seats_language_and_the_language_in_use_stays():
    table = cards_table(3, 4, (0, 1, 2))
    engine = table.new_engine()
    i18n.set_language("en")
    es = seat_payload("cards", engine, 0, suspects=table.suspects, lang="es")
    ca = seat_payload("cards", engine, 0, suspects=table.suspects, lang="ca")
    en = seat_payload("cards", engine, 0, suspects=table.suspects, lang="en")
    assert i18n.language() == "en"
    names = {}
    for lang in ("es", "ca"):
        i18n.set_language(lang)
        names[lang] = i18n.card("knife")
    i18n.set_language("en")
    assert es["names"]["knife"] == names["es"] != en["names"]["knife"] == "Knife"
    assert ca["names"]["knife"] == names["ca"] != "Knife"
    assert es["log"] != en["log"] and ca["log"] != en["log"]


def test_a_phone_marks_its_own_notebook_but_not_its_facts():
    table = board_table(3, 4, (0, 1, 2))
    engine = table.new_engine()
    session = HostSession("board", (0, 1, 2))
    notebooks: dict[int, dict[str, str]] = {}
    net = NetTable("board", engine, table.suspects, session, notebooks=notebooks)
    own = sorted(engine.view(0).hand)[0]
    free = next(c for c in ("rope", "knife", "hall", "plum", "study") if c not in engine.view(0).hand)
    for r in (Request(0, "mark", card=free, mark="X"), Request(0, "mark", card=own, mark="?"),
              Request(0, "mark", card="the moon", mark="X"), Request(1, "mark", card=free, mark="✓")):
        session._put(r)
    net.pump()
    assert notebooks == {0: {free: "X"}, 1: {free: "✓"}}
    entry = next(n for n in net.payload(0)["notebook"] if n["id"] == free)
    assert entry["mark"] == "X"


def test_a_broadcast_with_a_budget_sends_the_actor_first_and_the_rest_later():
    table = board_table(6, 9, tuple(range(6)))
    engine = table.new_engine()
    session = HostSession("board", range(6))

    class Phone:
        def __init__(self):
            self.client, self.got = "p", []

        def send(self, data):
            self.got.append(data)

        def close(self):
            pass

    phones = {s: Phone() for s in range(6)}
    for s, p in phones.items():
        session.hello(p, session.tokens[s], f"c{s}")
    net = NetTable("board", engine, table.suspects, session)
    first = net.broadcast(budget=0.0)           # no budget: one view, the actor's
    assert first == 1 and session.revs[engine.actor] == 1
    rest = 0
    while rest < 5:
        sent = net.broadcast(budget=0.0)
        assert sent == 1
        rest += sent
    assert all(session.revs[s] == 1 for s in range(6))
    assert net.broadcast() == 0                 # nothing changed: nothing sent


def test_a_phone_waiting_for_a_seat_names_it_as_a_speaker_would():
    """"Waiting for {name}." (and "... is choosing a card to show") on a phone, in Spanish and Catalan: the suspect with its article and
    the preposition's contraction ("Esperando al Coronel Rubio", never "Esperando a Señorita
    Amapola")."""
    from game.net.payload import _waiting
    from game.text import i18n

    seats = ("scarlet", "mustard", "white")
    try:
        i18n.set_language("es")
        assert _waiting(seats, 0, False)["text"] == "Esperando a la Señorita Amapola."
        assert _waiting(seats, 1, False)["text"] == "Esperando al Coronel Rubio."
        assert _waiting(seats, 2, True)["text"] == "La Señora Blanco está eligiendo una carta para enseñar…"
        i18n.set_language("ca")
        assert _waiting(seats, 0, False)["text"] == "Esperant la Senyoreta Amapola."
        i18n.set_language("en")
        assert _waiting(seats, 1, False)["text"] == "Waiting for Colonel Mustard."
    finally:
        i18n.set_language("en")
