"""The one reader of events per game mode (game/rules/reading.py,
game/cardgame/reading.py) and the neutral record it writes
(game/knowledge/record.py): read once, incrementally, and the same record
whichever way the events come; hints and computer players build on it."""

from __future__ import annotations

from game.knowledge.record import Question, Record
from game.knowledge.tracker import constraints


def _state(record: Record) -> dict:
    return dict(vars(record))


def test_a_question_is_listed_while_it_is_answered():
    r = Record(0, {"rope"}, (2, 2, 2), (("a", "b"), ("rope", "knife"), ("x", "y", "z")))
    r.show(1, "a")                       # no question open: nothing to show for
    assert r.questions == ()
    r.ask(0, ("a", "knife", "x"))
    r.no(1)
    assert r.open and r.questions == (Question(0, ("a", "knife", "x"), (1,)),)
    r.show(2, "knife")
    assert not r.open and r.questions == (Question(0, ("a", "knife", "x"), (1,), 2, "knife"),)
    r.no(1)                              # after the question ended: ignored
    r.ask(1, ("b", "rope", "y"))
    r.close()
    assert r.questions[-1] == Question(1, ("b", "rope", "y")) and not r.open
    assert r.shown_to_me() == {2: {"knife"}} and r.shown_by_me() == {}


def test_record_constraints_follow_the_open_question():
    from game.knowledge.tracker import RecordConstraints

    r = Record(0, {"rope", "x"}, (2, 2, 2), (("a", "b"), ("rope", "knife"), ("x", "y", "z")))
    rc = RecordConstraints(r)
    assert not rc.update()
    r.ask(0, ("a", "knife", "y"))
    r.no(1)
    assert rc.update() and {(1, "a"), (1, "knife"), (1, "y")} <= rc.cons.lacks
    r.show(2, None)
    assert rc.update() and rc.cons.some == [(2, frozenset({"a", "knife", "y"}))]
    assert not rc.update()
    assert rc.cons.key() == constraints(r).key()


def _board_game(seed: int, players: int):
    from game.ai.simple import make_player
    from game.board.tmx import load_board
    from game.commands.headless import computer_setup
    from game.rules.engine import Game
    from game.storage import paths

    game = Game.new(load_board(paths.MANSION_MAP), computer_setup(players, seed, "medium"))
    ais = [make_player("hard" if i == 0 else "medium", seed * 7 + i) for i in range(players)]
    return game, ais


def test_board_reader_fed_bit_by_bit_writes_the_record_of_the_whole_view():
    from game.ai.knowledge import Tracker, constraints_from_view
    from game.learning.hints import board_table, table
    from game.rules.reading import BoardReader, read

    game, ais = _board_game(seed=3, players=4)
    readers = [BoardReader.of(game.view(s)) for s in range(4)]
    trackers = [Tracker() for _ in range(4)]
    checked = questions = 0
    while not game.over and len(game.actions) < 3000:
        a = game.actor
        game.apply(ais[a].choose(game.view(a), game.legal_actions()))
        for s in range(4):
            v = game.view(s)
            readers[s].feed(v.events[readers[s].events_read:])
            assert readers[s].events_read == len(v.events)
            if len(game.actions) % 7 == 0 or game.over:
                whole = read(v)
                assert _state(readers[s].record) == _state(whole)
                assert board_table(v) == table(whole)
                trackers[s].update(v)
                assert trackers[s].constraints.key() == constraints_from_view(v).key()
                checked += 1
                questions = max(questions, len(whole.questions))
    assert game.over and checked > 20 and questions > 3
    assert readers[0].record.revealed == game.envelope


def test_card_reader_fed_bit_by_bit_writes_the_record_of_the_whole_view():
    from game.cardgame.ai import constraints as card_constraints
    from game.cardgame.ai import make_card_player
    from game.cardgame.engine import CardGame, CardSetup
    from game.cardgame.reading import CardReader, read
    from game.learning.hints import card_game_table, table

    game = CardGame.new(CardSetup(players=5, seed=8, advanced=True))
    bots = [make_card_player(("easy", "medium", "hard")[i % 3], i) for i in range(5)]
    readers = [CardReader.of(game.view(s)) for s in range(5)]
    checked = 0
    while not game.over:
        a = game.actor
        game.apply(bots[a].choose(game.view(a), game.legal_actions()))
        for s in range(5):
            v = game.view(s)
            readers[s].feed(v.events[readers[s].events_read:])
            whole = read(v)
            assert _state(readers[s].record) == _state(whole)
            assert card_game_table(v) == table(whole)
            assert not whole.face_up & {c for p in whole.piles for c in p}
            assert constraints(whole).key() == card_constraints(v).key()
            checked += 1
    assert checked > 20 and readers[0].record.revealed == game.crime
