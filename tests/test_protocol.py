"""Both engines meet the one protocol (:class:`game.core.protocol.Engine`):
the same member names and signatures; a recorded game replayed through the
protocol comes back the same; every action ``legal_actions()`` lists is one
``apply`` accepts, at every decision point of whole seeded games; ``allows``
agrees with the list; and the computer players still make exactly the
recorded choices (:mod:`benchmarks.equivalence`)."""

from __future__ import annotations

import copy
import inspect
import random

import pytest

from benchmarks.equivalence import digest, record
from game.ai.simple import make_player
from game.cardgame.ai import make_card_player
from game.cardgame.engine import Accuse as CardAccuse
from game.cardgame.engine import Ask, CardGame, CardSetup, Decline, Join, Show
from game.commands.headless import computer_setup
from game.commands.tournament import _board
from game.core.errors import IllegalActionError
from game.core.protocol import MEMBERS, Engine, start_parameters
from game.rules.actions import Accuse, Disprove, EndTurn, Move, Roll, Suggest, TakePassage
from game.rules.engine import Game
from game.rules.options import preset_options

ENGINES = (Game, CardGame)
BOARD_KINDS = (Roll, TakePassage, Move, Suggest, Disprove, Accuse, EndTurn)
CARD_KINDS = (Ask, Show, CardAccuse, Join, Decline)
#: sha256 of ``record(10, 10)`` (benchmarks/equivalence.py --small): re-recorded only when a
#: level's play changes on purpose (the history: docs/levels-history.md, "Recorded games").
SMALL_DIGEST = "cb2d4dc25c403d0f39b0e013014ea0ae1149f6760159523461970ac0f00e8100"


def _params(fn) -> list[str]:
    return [p for p in inspect.signature(fn).parameters if p not in ("self", "cls")]


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.__name__)
def test_both_engines_have_every_member_with_the_same_signature(engine):
    for member in MEMBERS:
        mine = inspect.getattr_static(Engine, member, None)
        theirs = inspect.getattr_static(engine, member, None)
        if member in ("actions", "events"):           # dataclass fields: annotated on both
            assert member in engine.__dataclass_fields__
            continue
        assert theirs is not None, f"{engine.__name__} lacks {member}"
        if isinstance(mine, property):
            assert isinstance(theirs, property), f"{engine.__name__}.{member} is not a property"
        elif member == "replay":    # the start new() takes, then the actions
            assert isinstance(theirs, classmethod)
            assert _params(getattr(engine, member)) == start_parameters(engine) + ["actions"]
        else:
            assert _params(getattr(engine, member)) == _params(getattr(Engine, member)), member
    assert set(MEMBERS) == {m for m in Engine.__dict__ if not m.startswith("_")} | {"actions", "events"}


def _board_game(seed: int, players: int = 4, rules=("classic", ())) -> Game:
    setup = computer_setup(players, seed, "medium", options=preset_options(*rules))
    return Game.new(_board(), setup)


def _card_game(seed: int, players: int = 4, advanced: bool = False) -> CardGame:
    return CardGame.new(CardSetup(players=players, seed=seed, advanced=advanced, order=("turn", "lot")[seed % 2]))


def _play(game: Engine, bots, each=None, limit: int = 3000) -> Engine:
    """Play ``game`` to the end through the protocol only; ``each(game)`` at every decision."""
    while not game.over and len(game.actions) < limit:
        if each is not None:
            each(game)
        seat = game.actor
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    assert game.over
    return game


def _bots(game: Engine, make, level: str) -> list:
    return [make(level, 31 * game.players + i) for i in range(game.players)]


def _same_state(a: Engine, b: Engine) -> None:
    assert a.events == b.events and a.actions == b.actions
    assert (a.actor, a.over, a.players) == (b.actor, b.over, b.players)
    assert a.legal_actions() == b.legal_actions()
    for seat in range(a.players):
        assert a.view(seat) == b.view(seat)


def _replay(engine: type, start: tuple, actions: list) -> Engine:
    """A recorded game rebuilt through the protocol: ``new(*start)``, then ``apply`` each action."""
    game = engine.new(*start)
    for action in actions:
        game.apply(action)
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_a_recorded_game_replayed_through_the_protocol_is_the_same(seed):
    board = _play(_board_game(seed), _bots(_board_game(seed), make_player, "hard"))
    cards = _play(_card_game(seed), _bots(_card_game(seed), make_card_player, "hard"))
    for game, start in ((board, (board.board, board.setup)), (cards, (cards.setup,))):
        assert isinstance(game, Engine)
        engine = type(game)
        _same_state(game, _replay(engine, start, list(game.actions)))
        _same_state(game, engine.replay(*start, list(game.actions)))
        half = len(game.actions) // 2          # and halfway: the same decision point
        again = _replay(engine, start, game.actions[:half])
        assert again.actor == engine.replay(*start, game.actions[:half]).actor
        assert not again.over


def _fork(game: Engine) -> Engine:
    """A copy to try an action on (the board, setup, events and actions are shared: never changed)."""
    memo = {id(x): x for x in (*game.events, *game.actions)}
    for shared in (getattr(game, "board", None), game.setup):
        memo[id(shared)] = shared
    return copy.deepcopy(game, memo)


def _every_listed_action_is_accepted(kinds, sampled, rng):
    """``each`` for :func:`_play`: every listed action passes ``check`` and
    ``apply`` takes it (tried on a copy; for the ``sampled`` kinds, whose
    lists are long, a few of them each time), ``allows`` agrees with the
    list, and an empty name is never listed."""
    def each(game):
        legal = game.legal_actions()
        assert legal
        present = {type(a) for a in legal}
        assert present == {k for k in kinds if game.allows(k)}
        for k in kinds:
            if k not in present:
                with pytest.raises(IllegalActionError):
                    game.check_kind(k)
        tried = [a for a in legal if type(a) not in sampled]
        for k in sampled:
            of_kind = [a for a in legal if type(a) is k]
            tried += of_kind[:1] + of_kind[-1:] + rng.sample(of_kind, min(2, len(of_kind)))
        for a in legal:
            assert all(getattr(a, f) not in ("", None) for f in ("suspect", "weapon", "room", "person",
                                                                 "location", "first", "second", "card")
                       if f in getattr(a, "__dataclass_fields__", {})) or isinstance(a, Move)
            game.check(a)
        for a in tried:
            _fork(game).apply(a)
        assert len(set(legal)) == len(legal)
    return each


@pytest.mark.parametrize("seed, players, rules, level", [
    (3, 3, ("classic", ()), "easy"),
    (4, 4, ("cluedo-es", ("stay", "accuse-in-room")), "medium"),
    (5, 6, ("classic", ("two-dice", "up-to", "stay")), "hard"),
])
def test_every_board_action_listed_is_one_apply_accepts(seed, players, rules, level):
    game = _board_game(seed, players, rules)
    _play(game, _bots(game, make_player, level),
          _every_listed_action_is_accepted(BOARD_KINDS, (Suggest, Accuse), random.Random(seed)))


@pytest.mark.parametrize("seed, players, advanced, level", [
    (3, 3, False, "easy"), (4, 4, True, "medium"), (5, 5, False, "hard"), (6, 6, True, "hard"),
])
def test_every_card_action_listed_is_one_apply_accepts(seed, players, advanced, level):
    game = _card_game(seed, players, advanced)
    _play(game, _bots(game, make_card_player, level),
          _every_listed_action_is_accepted(CARD_KINDS, (), random.Random(seed)))


def test_the_lists_are_whole():
    """Nothing allowed is left out: 36 suggestions, 324 accusations (36 in the
    accuser's room with the house rule), every pair of the card game's deck."""
    g = _board_game(1)
    g.apply(Roll())
    while g.phase.value == "move":       # walk until the turn allows an accusation
        g.apply(g.legal_actions()[0])
    assert sum(isinstance(a, Accuse) for a in g.legal_actions()) == 6 * 6 * 9
    c = _card_game(1)
    legal = c.legal_actions()
    assert sum(isinstance(a, Ask) for a in legal) == 9 * 8 // 2
    assert sum(isinstance(a, CardAccuse) for a in legal) == 27
    assert Ask(legal[1].second, legal[1].first) not in legal and c.is_legal(Ask(legal[1].second, legal[1].first))


def test_placeholders_are_refused_by_check_and_apply():
    g, c = _board_game(1), _card_game(1)
    for game, empty in ((g, Accuse("", "", "")), (c, Ask("", "")), (c, CardAccuse("", "", ""))):
        with pytest.raises(IllegalActionError, match="Name all the cards"):
            game.check(empty)
        with pytest.raises(IllegalActionError, match="Name all the cards"):
            game.apply(empty)
    assert g.allows(Accuse) and not g.allows(Suggest) and c.allows(Ask) and not c.allows(Join)


def test_the_computer_players_choose_as_recorded():
    """20 seeded games (10 board, 10 card; every level, 3-6 players, house
    rules) give the same actions as before the change (benchmarks/equivalence.py)."""
    lines, actions = record(10, 10)
    assert (len(lines), actions) == (20, 1612)
    assert digest(lines) == SMALL_DIGEST


# ------------------------------------------------------------ bad input
NOT_ACTION_CLASSES = ("Roll", "Ask", None, 3, Roll(), Ask("rope", "knife"), object, str)


def _snapshot(game: Engine) -> tuple:
    """Everything a refused action must leave as it was."""
    return (list(game.events), list(game.actions), game.actor, game.over, game.legal_actions(),
            [game.view(s) for s in range(game.players)])


def _until(game: Engine, phase: str, level: str, make) -> Engine:
    """``game`` played by computer players until its phase is ``phase``."""
    bots = _bots(game, make, level)
    while game.phase.value != phase:
        assert not game.over
        game.apply(bots[game.actor].choose(game.view(game.actor), game.legal_actions()))
    return game


def _refused(game: Engine, action, match: str | None = None) -> str:
    """``check`` and ``apply`` refuse ``action`` with an IllegalActionError
    (never another exception) and the game is unchanged; the reason ``apply``
    gave (``apply`` judges an empty name before the timing, ``check`` after)."""
    before = _snapshot(game)
    with pytest.raises(IllegalActionError, match=match) as checked:
        game.check(action)
    with pytest.raises(IllegalActionError, match=match) as applied:
        game.apply(action)
    assert not game.is_legal(action)
    assert _snapshot(game) == before
    assert str(checked.value) and str(applied.value)
    return str(applied.value)


@pytest.mark.parametrize("make", (_board_game, _card_game), ids=("board", "cards"))
@pytest.mark.parametrize("kind", NOT_ACTION_CLASSES, ids=repr)
def test_allows_is_false_for_anything_but_an_action_class(make, kind):
    """``allows`` never raises (the protocol says so); ``check_kind`` and
    ``check`` say plainly that the game does not know it."""
    game = make(1)
    assert game.allows(kind) is False
    with pytest.raises(IllegalActionError, match="Unknown action"):
        game.check_kind(kind)
    if type(kind) not in game.ACTIONS:        # given as an action, it is none either (Roll() is one of the board's)
        _refused(game, kind, "Unknown action")


@pytest.mark.parametrize("make", (_board_game, _card_game), ids=("board", "cards"))
def test_a_subclass_of_an_action_is_not_one(make):
    """Only the engine's own classes: a subclass would pass the timing and then
    find no handler in ``apply`` after the action was recorded."""
    game = make(1)
    kind = Accuse if isinstance(game, Game) else CardAccuse
    mine = type("MyAccuse", (kind,), {})
    assert game.allows(kind) and not game.allows(mine)
    _refused(game, mine(*game.legal_actions()[-1].__dict__.values()), "Unknown action")


@pytest.mark.parametrize("move", [Move(square=[0, 0]), Move(square=(7, 0, 1)), Move(square=(7.0, 0)),
                                  Move(square="ab"), Move(room=["hall"]), Move(room=3), Move()], ids=repr)
def test_a_destination_that_is_no_square_or_room_is_refused_plainly(move):
    game = _board_game(1)
    game.apply(Roll())
    assert "square or in a room" in _refused(game, move)


@pytest.mark.parametrize("room", ["", "nowhere", "rope"])
def test_an_empty_or_unknown_room_has_its_own_reason(room):
    game = _board_game(1)
    game.apply(Roll())
    why = _refused(game, Move(room=room), "You can only stop on a corridor square or in a room.")
    assert "reach" not in why


@pytest.mark.parametrize("name", [["plum"], ("plum",), 3, b"plum"], ids=repr)
def test_a_board_name_that_is_not_text_is_refused(name):
    game = _board_game(1)
    for action in (Accuse(name, "rope", "hall"), Accuse("plum", name, "hall"), Accuse("plum", "rope", name),
                   Suggest(name, "rope"), Suggest("plum", name), Disprove(name)):
        _refused(game, action)
    _until(game, "suggest", "hard", make_player)
    for action in (Suggest(name, "rope"), Suggest("plum", name)):
        assert "not in the game" in _refused(game, action)
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Suggest)))
    if game.phase.value == "disprove":
        assert "not in the game" in _refused(game, Disprove(name))


@pytest.mark.parametrize("card, why", [("", "Name all the cards first."), (None, "Name all the cards first."),
                                       ("nowhere", "It names a card that is not in the game."),
                                       (["rope"], "It names a card that is not in the game.")])
def test_an_empty_or_unknown_card_to_show_has_its_own_reason(card, why):
    game = _until(_board_game(2), "disprove", "medium", make_player)
    assert _refused(game, Disprove(card)) == why


@pytest.mark.parametrize("name", [["rope"], ("rope",), 3, None, ""], ids=repr)
def test_a_card_game_name_that_is_not_text_is_refused(name):
    game = _card_game(1)
    for action in (Ask("rope", name), Ask(name, "rope"), CardAccuse(name, "rope", "hall"),
                   CardAccuse("plum", name, "hall"), CardAccuse("plum", "rope", name), Show(name), Join(name, "a", "b")):
        _refused(game, action)
    shower = _until(_card_game(2), "show", "medium", make_card_player)
    assert _refused(shower, Show(name)) in ("Name all the cards first.", "It names a card that is not in the game.")
    joiner = _card_game(3, players=4)
    joiner.apply(joiner.legal_actions()[-1])
    assert joiner.phase.value == "join"
    for action in (Join(name, "rope", "hall"), Join("plum", name, "hall"), Join("plum", "rope", name)):
        _refused(joiner, action)


@pytest.mark.parametrize("make", (_board_game, _card_game), ids=("board", "cards"))
@pytest.mark.parametrize("seat", [-1, -4, 4, 99, True, "0", 1.0, None], ids=repr)
def test_view_refuses_a_seat_outside_the_table(make, seat):
    """Seats are 0 .. players - 1: anything else is a ValueError naming the seat and the range."""
    game = make(1)          # 4 players
    with pytest.raises(ValueError, match=r"0\.\.3") as refused:
        game.view(seat)
    assert repr(seat) in str(refused.value)


@pytest.mark.parametrize("make", (_board_game, _card_game), ids=("board", "cards"))
def test_view_of_a_negative_seat_never_returns_a_hand(make):
    """Privacy: ``view(-1)`` was Python's negative indexing, the last seat's hand."""
    game = make(1)
    for seat in range(-game.players - 1, 0):
        try:
            view = game.view(seat)
        except ValueError:
            continue
        pytest.fail(f"view({seat}) returned {view.hand}")
