"""The guided first game: the script, the fixed deal, the coach, and
a child who presses only confirm from the title screen to the win."""

from __future__ import annotations

import json

import pygame
import pytest

from game.board.tmx import load_board
from game.learning import tutorial
from game.rules import events as ev
from game.rules.engine import Game
from game.rules.setup import FixedDeal, GameSetup, SeatConfig
from game.storage.paths import MANSION_MAP
from game.ui.shell.input import Intent, Kind

CONFIRM = Intent(Kind.CONFIRM, device="keyboard")


def _app(tmp_path, **kw):
    from game.ui.app import App

    return App(speed=100.0, threaded_ai=False, sound=False, save_path=tmp_path / "autosave.json", **kw)


def _title_learn(app):
    """Press "Learn to play" on the title screen (the mouse click on it)."""
    from game.ui.scenes.title import TitleScene

    app.start()
    title = app.top
    assert isinstance(title, TitleScene)
    button = next(b for b in title.buttons if b.on_press == title.learn)
    app.router.handle(Intent(Kind.CLICK, pos=button.rect.center, device="mouse"))


# ------------------------------------------------------------ the script
def test_the_script_is_a_legal_game_won_by_the_person():
    board = load_board(MANSION_MAP)
    game = Game.new(board, tutorial.SETUP)
    for seat, action in tutorial.SCRIPT:
        assert game.actor == seat, action
        game.apply(action)
    assert game.over and game.winner == tutorial.YOU
    assert game.envelope == ("plum", "candlestick", "lounge")
    shown = [e for e in game.events if isinstance(e, ev.CardShown)]
    assert [(e.by, e.to, e.card) for e in shown] == [(1, 0, "rope"), (2, 1, "knife"), (0, 2, "ballroom"),
                                                     (2, 0, "conservatory")]
    kinds = {type(e).__name__ for e in game.events}
    # every part of a turn happens in it
    assert {"DieRolled", "TokenMoved", "SuggestionMade", "TokenSummoned", "CardShown", "NobodyDisproved",
            "PlayerEliminated", "GameWon"} <= kinds
    assert [e.player for e in game.events if isinstance(e, ev.PlayerEliminated)] == [2]   # Mrs. White is out
    passages = [e for e in game.events if isinstance(e, ev.TokenMoved) and e.passage]
    assert [(e.suspect, e.end) for e in passages] == [("mustard", "conservatory"), ("scarlet", "lounge")]
    summoned = [e.suspect for e in game.events if isinstance(e, ev.TokenSummoned)]
    assert "scarlet" in summoned      # the person's token pulled in by somebody else's suggestion


def test_lessons_are_in_order_unique_and_cite_their_rule():
    keys = [ls.key for ls in tutorial.LESSONS]
    assert len(keys) == len(set(keys))
    ats = [ls.at for ls in tutorial.LESSONS]
    assert ats == sorted(ats)
    for ls in tutorial.LESSONS:
        assert ls.rule.startswith("000 "), ls.key
        assert 0 <= ls.at <= len(tutorial.SCRIPT)


#: The section headings of 000 ("Clue Rules in Plain Words"), as they are printed.
HEADINGS_000 = ("What the game is", "Setting up", "How a turn works", "Suggestions — how you gather clues",
                "Secret passages and blocked doors", "Accusations — how you win or fall out",
                "How you win / how the game ends", "Common questions")


def test_every_lesson_cites_a_section_of_000_that_exists():
    """Each citation names a heading of 000 (a short name is the start of one)."""
    import re

    for ls in tutorial.LESSONS:
        sections = re.findall(r'"([^"]+)"', ls.rule)
        assert sections, ls.key
        for name in sections:
            assert any(h.startswith(name) for h in HEADINGS_000), (ls.key, name)


def _at(key: str):
    """The guided game's engine when the lesson ``key`` is due (its actions played)."""
    lesson = next(ls for ls in tutorial.LESSONS if ls.key == key)
    game = Game.new(load_board(MANSION_MAP), tutorial.SETUP)
    for _seat, action in tutorial.SCRIPT[:lesson.at]:
        game.apply(action)
    return game, lesson


def test_no_square_twice_really_happens_at_its_lesson():
    """000 "How a turn works" 2: after the first roll (4, even) the start square
    is free and has a free neighbour, so a walk out and back would be 4 steps
    long; it is not lit only because no square may be stepped on twice."""
    from game.rules.actions import Move

    game, lesson = _at("twice")
    start = tutorial.SCARLET_START
    assert lesson.point == start and game.positions["scarlet"] == start and game.roll == 4
    free = [n for n in game.board.neighbours[start] if n not in game.occupied()]
    assert free and start in game.board.corridor
    assert start not in game.moves() and Move(square=start) not in game.legal_actions()
    assert game.moves()                                    # other squares are lit


def test_a_token_blocks_a_square_at_its_lesson():
    """000 "How a turn works" 2: Colonel Mustard's square is 5 steps away (lit
    without him there) and not lit with him on it."""
    from game.rules.actions import Move
    from game.rules.movement import destinations

    game, lesson = _at("blocked")
    here = game.positions["mustard"]
    assert here == lesson.point == tutorial.MUSTARD_FIRST
    assert game.roll == 5 and "lounge" in game.moves()
    without = destinations(game.board, game.positions["scarlet"], 5, game.occupied(ignore="scarlet") - {here})
    assert here in without
    assert here not in game.moves() and Move(square=here) not in game.legal_actions()


def test_a_blocked_door_really_keeps_the_learner_in_at_its_lesson():
    """000 "Secret passages and blocked doors" 2: the Conservatory's only door
    square holds Colonel Mustard, so no roll can take Miss Scarlet out; only the
    secret passage (and ending the turn) is left."""
    from game.rules.actions import EndTurn, Roll, TakePassage
    from game.rules.movement import destinations

    game, lesson = _at("stuck")
    door = tutorial.CONSERVATORY_DOOR
    assert game.positions["scarlet"] == "conservatory" and game.turn == tutorial.YOU
    assert game.board.rooms["conservatory"].doors == (door,)
    assert game.positions["mustard"] == door == lesson.point
    assert Roll() not in game.legal_actions() and not game.can_roll()
    assert TakePassage() in game.legal_actions() and EndTurn() in game.legal_actions()
    assert all(not destinations(game.board, "conservatory", r, game.occupied()) for r in range(1, 7))
    assert destinations(game.board, "conservatory", 1, set()) == {door: (door,)}   # free, it would be the way out
    assert tutorial.next_action(lesson.at) == (tutorial.YOU, TakePassage())


def test_the_pulled_in_learner_suggests_without_rolling_at_its_lesson():
    """000 "Secret passages and blocked doors" 3: Colonel Mustard's suggestion
    pulled Miss Scarlet into the Conservatory; on her next turn she suggests
    there at once, with no roll."""
    from game.rules.actions import Suggest

    game, lesson = _at("stay")
    assert game.turn == tutorial.YOU and game.phase.value == "start" and game.roll is None
    pulled = [e for e in game.events if isinstance(e, ev.TokenSummoned) and e.suspect == "scarlet"]
    assert [(e.room) for e in pulled] == ["conservatory"] and game.positions["scarlet"] == "conservatory"
    turn_start = max(i for i, e in enumerate(game.events) if isinstance(e, ev.TurnStarted))
    assert not any(isinstance(e, ev.DieRolled) for e in game.events[turn_start:])
    step = tutorial.next_action(lesson.at)
    assert step == (tutorial.YOU, Suggest("white", "candlestick"))
    game.check(step[1])                                    # legal without a roll
    events = game.apply(step[1])
    assert next(e for e in events if isinstance(e, ev.SuggestionMade)).room == "conservatory"


def test_the_out_player_still_shows_a_card_at_its_lesson():
    """000 "Accusations" 4: Mrs. White accused wrongly and is out (no more
    turns), yet she shows Miss Scarlet a card afterwards."""
    game, lesson = _at("out")
    assert game.seats[2].eliminated and game.seats[2].accused and not game.over
    wrong = [e for e in game.events if isinstance(e, ev.AccusationMade)]
    assert [(e.player, (e.suspect, e.weapon, e.room) != game.envelope) for e in wrong] == [(2, True)]
    game, lesson = _at("still")
    shown = [e for e in game.events if isinstance(e, ev.CardShown)][-1]
    assert (shown.by, shown.to, shown.card) == (2, tutorial.YOU, "conservatory") and game.seats[2].eliminated
    for seat, action in tutorial.SCRIPT[lesson.at:]:      # and she takes no more turns
        assert seat != 2
        game.apply(action)
    assert not any(isinstance(e, ev.TurnStarted) and e.player == 2
                   for e in game.events[next(i for i, e in enumerate(game.events)
                                             if isinstance(e, ev.PlayerEliminated)):])


def test_all_six_tokens_and_one_weapon_a_room_at_the_first_lessons():
    """000 "Setting up" 1-2: before the first roll every suspect's token is on
    its start square, the three nobody plays too (Professor Plum, pointed at);
    the six weapons are in six different rooms (the Candlestick in the Study,
    pointed at)."""
    game, lesson = _at("tokens")
    board = game.board
    assert lesson.at == 0 and lesson.point == "plum"
    assert {s.suspect for s in game.seats} == {"scarlet", "mustard", "white"}
    assert sorted(game.positions) == sorted(board.start_squares) and len(game.positions) == 6
    assert all(game.positions[s] == board.start_squares[s] for s in game.positions)
    game, lesson = _at("weapons")
    assert lesson.at == 0 and lesson.point == "study" and game.weapons["candlestick"] == "study"
    assert len(game.weapons) == 6 and len(set(game.weapons.values())) == 6
    assert set(game.weapons.values()) <= set(board.rooms)


def test_hands_are_even_here_and_uneven_with_four_or_five_players():
    """000 "Setting up" 6: the lesson's three players hold 6 cards each, as
    the bubble says; dealt to 4 or 5 players, some hold one card more."""
    game, lesson = _at("hands")
    assert lesson.at == 0 and [len(s.hand) for s in game.seats] == [6, 6, 6]
    board = load_board(MANSION_MAP)
    for n, sizes in ((4, [5, 5, 4, 4]), (5, [4, 4, 4, 3, 3])):
        seats = tuple(SeatConfig(s) for s in ("scarlet", "mustard", "white", "green", "peacock")[:n])
        dealt = Game.new(board, GameSetup(seats=seats, seed=3))
        assert sorted((len(s.hand) for s in dealt.seats), reverse=True) == sizes


def test_the_doorway_is_no_square_at_its_lesson():
    """000 "How a turn works" 3: Miss Scarlet, with 5, is 3 steps from the
    square in front of the Lounge's door (pointed at); the Lounge is lit while
    3 steps do not reach the room: the step through the doorway is the
    fourth, the doorway no square of its own."""
    from game.rules.movement import destinations

    game, lesson = _at("doorway")
    door = tutorial.LOUNGE_DOOR
    assert lesson.point == door and game.board.door_rooms[door] == ("lounge",)
    assert game.roll == 5 and "lounge" in game.moves()
    occupied = game.occupied(ignore="scarlet")
    here = game.positions["scarlet"]
    assert door in destinations(game.board, here, 3, occupied)       # the door square: 3 steps
    assert "lounge" in destinations(game.board, here, 4, occupied)   # the room: one step more
    assert "lounge" not in destinations(game.board, here, 3, occupied)


def test_an_accusation_names_a_room_the_accuser_is_not_in_at_its_lesson():
    """000 "Accusations" 1: Mrs. White stood in the Ballroom and named the
    Kitchen (pointed at)."""
    game, lesson = _at("anyroom")
    accused = [e for e in game.events if isinstance(e, ev.AccusationMade)]
    assert [(e.player, e.room) for e in accused] == [(2, "kitchen")] and lesson.point == "kitchen"
    assert game.positions["white"] == "ballroom"


def test_the_out_players_token_is_pulled_in_at_its_lesson():
    """000 "Accusations" 4: Mrs. White is out, and Miss Scarlet's suggestion
    still pulls her token into the Conservatory (pointed at)."""
    game, lesson = _at("moved")
    assert game.seats[2].eliminated and lesson.point == "white"
    pulled = [e for e in game.events if isinstance(e, ev.TokenSummoned) and e.suspect == "white"]
    assert [e.room for e in pulled] == ["conservatory"] and game.positions["white"] == "conservatory"


def test_every_door_blocked_means_no_roll_at_its_lesson():
    """000 "Secret passages and blocked doors" 2: with every door blocked, the
    only way out is the passage; without it there is no move at all (wait)."""
    from game.rules.actions import Move, Roll, TakePassage

    game, lesson = _at("wait")
    room = game.board.rooms["conservatory"]
    assert game.positions["scarlet"] == "conservatory" and lesson.point == tutorial.CONSERVATORY_DOOR
    assert set(room.doors) <= set(game.positions.values())           # every door square is taken
    kinds = {type(a) for a in game.legal_actions()}
    assert TakePassage in kinds and Roll not in kinds and Move not in kinds


def test_the_unplayed_suspect_is_guilty_at_its_lesson():
    """000 "Setting up" 1: nobody plays Professor Plum, and he is in the envelope."""
    game, lesson = _at("unplayed")
    assert "plum" not in {s.suspect for s in game.seats} and game.envelope[0] == "plum"
    assert lesson.point == "lounge" and game.positions["plum"] == "lounge"


def test_a_fixed_deal_is_checked():
    seats = tutorial.SEATS
    bad_hands = (tutorial.DEAL.hands[0], tutorial.DEAL.hands[1], tutorial.DEAL.hands[1])
    with pytest.raises(ValueError, match="21 cards"):
        GameSetup(seats, deal=FixedDeal(tutorial.DEAL.envelope, bad_hands, tutorial.DEAL.weapon_rooms)).validate()
    with pytest.raises(ValueError, match="hands for"):
        GameSetup(seats + (SeatConfig("green"),), deal=tutorial.DEAL).validate()
    with pytest.raises(ValueError, match="1 to 6"):
        GameSetup(seats, deal=FixedDeal(tutorial.DEAL.envelope, tutorial.DEAL.hands, tutorial.DEAL.weapon_rooms,
                                        rolls=((7,),))).validate()
    with pytest.raises(ValueError, match="envelope"):
        GameSetup(seats, deal=FixedDeal(("rope", "plum", "hall"), tutorial.DEAL.hands,
                                        tutorial.DEAL.weapon_rooms)).validate()


def test_a_fixed_deal_gives_those_hands_and_rolls_then_the_seed_takes_over():
    board = load_board(MANSION_MAP)
    game = Game.new(board, tutorial.SETUP)
    assert [s.hand for s in game.seats] == [frozenset(h) for h in tutorial.DEAL.hands]
    assert game.weapons == dict(tutorial.DEAL.weapon_rooms)
    deal = FixedDeal(tutorial.DEAL.envelope, tutorial.DEAL.hands, tutorial.DEAL.weapon_rooms, rolls=((2,),))
    a = Game.new(board, GameSetup(tutorial.SEATS, seed=5, deal=deal))
    b = Game.new(board, GameSetup(tutorial.SEATS, seed=5, deal=deal))
    from game.rules.actions import EndTurn, Roll

    rolls = []
    for g in (a, b):
        got = []
        for _turn in range(4):
            got.append(next(e for e in g.apply(Roll()) if isinstance(e, ev.DieRolled)).total)
            g.apply(_any_move(g))
            g.apply(EndTurn())
        rolls.append(got)
    assert rolls[0][0] == 2 and rolls[0] == rolls[1]     # scripted first, then the same seed gives the same


def _any_move(g):
    from game.rules.actions import Move

    dest = sorted(g.moves(), key=str)[0]
    return Move(room=dest) if isinstance(dest, str) else Move(square=dest)


# -------------------------------------------------------- on the screen
def _read_lesson(app, key: str) -> None:
    """From the title, play the lesson to the bubble ``key`` and read it, every part (confirm after
    each part's read guard)."""
    from game.ui.lesson.coach import play_until

    _title_learn(app)
    play_until(app, key)
    for _part in range(5):
        for _i in range(6):
            app.step(0.1, draw=False)
        app.router.handle(CONFIRM)
        if app.coach.bubble is None:
            break


def test_guided_game_to_its_end_pressing_only_confirm(tmp_path):
    """From the title: every lesson in order, the person wins, the family's
    autosave is never touched and the lesson file goes once the game is won."""
    from game.storage.save import SavedGame, save_game
    from game.ui.bases.match import quick_setup
    from game.ui.lesson.coach import GuidedMatch, play_until

    family = tmp_path / "autosave.json"      # the family's game in progress
    save_game(family, SavedGame(quick_setup(7)))
    before = family.read_bytes()
    app = _app(tmp_path)
    try:
        _title_learn(app)
        match = app.coach.match
        assert isinstance(match, GuidedMatch)
        assert (tmp_path / "lesson.json").exists()
        shown = play_until(app)
        assert shown == [ls.key for ls in tutorial.LESSONS]
        assert match.game.over and match.game.winner == tutorial.YOU
        assert list(match.game.actions) == [a for _s, a in tutorial.SCRIPT]
        assert not (tmp_path / "lesson.json").exists()
        assert family.read_bytes() == before
        assert type(app.top).__name__ == "VoiceOffer" and app.coach is None   # keep read aloud on? Enter: yes
        app.router.handle(CONFIRM)
        assert type(app.top).__name__ == "TitleScene" and app.store.settings.read_aloud
    finally:
        app.close()


def test_the_new_rules_happen_on_screen_pressing_only_confirm(tmp_path):
    """In one Enter-only lesson, each new lesson is on screen
    when its situation is true on the board: the start square and Colonel
    Mustard's square unlit (pointed at, the bubble beside them), Mrs. White out,
    the pulled-in suggestion without a roll, the out player's card, the door
    that keeps Miss Scarlet in (no Roll button)."""
    from game.rules.actions import Suggest
    from game.ui.lesson.coach import _arrow_box, _arrow_tip, play_until
    from game.ui.shell.registry import is_scene

    app = _app(tmp_path)
    try:
        _title_learn(app)
        coach = app.coach
        game = coach.match.game

        def board_labels():
            return {b.label for b in app.top.buttons()}

        def pointed_at(place):
            """The bubble points at ``place`` with a short arrow beside it that
            covers no room name and not the bubble, and hides no lit square or token."""
            assert is_scene(app.top, "board")
            view = app.top.view
            if place in game.positions:                       # a suspect: its token
                rect = pygame.Rect(0, 0, view.square, view.square)
                rect.center = view.token_point(place, game.positions[place])
            else:
                rect = view.destination_rect(place)
            assert coach.pointed == rect and not coach.box.colliderect(rect)
            arrow = _arrow_box(_arrow_tip(rect, coach.point_way), coach.point_way)
            assert pygame.Rect(0, 0, view.rect.right, 720).contains(arrow) and not arrow.colliderect(coach.box)
            assert not any(arrow.colliderect(label) for label in view.label_rect.values())
            others = [view.destination_rect(p) for p in list(game.moves()) + list(game.positions.values())
                      if not isinstance(p, str)]
            assert not any(arrow.collidepoint(r.center) for r in others if r != rect)   # hides no lit square or token

        play_until(app, "tokens")
        pointed_at("plum")
        assert len(game.positions) == 6
        play_until(app, "weapons")
        pointed_at("study")
        assert game.weapons["candlestick"] == "study"
        play_until(app, "twice")
        pointed_at(tutorial.SCARLET_START)
        assert game.roll == 4 and tutorial.SCARLET_START not in game.moves() and game.moves()
        play_until(app, "doorway")
        pointed_at(tutorial.LOUNGE_DOOR)
        assert game.roll == 5 and "lounge" in game.moves()
        play_until(app, "blocked")
        pointed_at(tutorial.MUSTARD_FIRST)
        assert game.positions["mustard"] == tutorial.MUSTARD_FIRST and tutorial.MUSTARD_FIRST not in game.moves()
        play_until(app, "out")
        pointed_at("white")
        assert game.seats[2].eliminated and game.turn == tutorial.YOU
        play_until(app, "anyroom")
        pointed_at("kitchen")
        assert game.positions["white"] == "ballroom"
        play_until(app, "stay")
        pointed_at("scarlet")
        assert game.positions["scarlet"] == "conservatory" and game.roll is None
        assert "Suggest" in board_labels() and game.allows(Suggest)
        play_until(app, "suggest3")
        assert is_scene(app.top, "picker") and app.top.mode == "suggest"
        play_until(app, "still")
        assert is_scene(app.top, "shown_card") and game.seats[2].eliminated
        assert app.top.flip.done                     # the card is face up before the lesson talks about it
        shown = [e for e in game.events if isinstance(e, ev.CardShown)][-1]
        assert (shown.by, shown.to, shown.card) == (2, tutorial.YOU, "conservatory")
        play_until(app, "moved")
        pointed_at("white")
        assert game.positions["white"] == "conservatory" and game.seats[2].eliminated
        play_until(app, "stuck")
        pointed_at(tutorial.CONSERVATORY_DOOR)
        assert game.positions["mustard"] == tutorial.CONSERVATORY_DOOR
        assert "Roll the die" not in board_labels() and "Secret passage" in board_labels()
        play_until(app, "wait")
        pointed_at(tutorial.CONSERVATORY_DOOR)
        play_until(app, "unplayed")
        pointed_at("lounge")
        assert game.positions["plum"] == "lounge"
        play_until(app)
        assert game.over and game.winner == tutorial.YOU
    finally:
        app.close()


def test_the_arrow_points_at_what_the_bubble_talks_about_and_at_the_button_when_it_asks(tmp_path):
    """The first bubble talks about the envelope: the ring is on the envelope's squares, not
    on Roll the die (it was).  "You are Miss Scarlet..." points at her token, and only its
    last sentence ("press Roll the die"), a part of its own, points at the button.  A bubble
    about the cards in your hand points at the button of your cards (it pointed at nothing)."""
    from game.ui.lesson.coach import play_until

    app = _app(tmp_path)
    try:
        _title_learn(app)
        coach = app.coach
        play_until(app, "welcome")
        board = app.top
        view, game = board.view, coach.match.game
        roll = next(b for b in board.buttons() if b.on_press == board.roll)
        envelope = [view.square_rect(sq) for sq in game.board.envelope]
        assert coach.pointed == envelope[0].unionall(envelope[1:]) and coach.pointed != roll.rect
        play_until(app, "hands")
        assert coach.pointed == board.notebook_button.rect and not coach.subject
        play_until(app, "you")
        token = pygame.Rect(0, 0, view.square, view.square)
        token.center = view.token_point("scarlet", game.positions["scarlet"])
        assert coach.part == 0 and coach.pointed == token and "Roll the die" not in coach.bubble_text
        for _i in range(6):
            app.step(0.1, draw=False)
        app.router.handle(CONFIRM)
        assert coach.lesson.key == "you" and coach.part == 1 and coach.pointed == roll.rect
        assert coach.bubble_text == "The arrow shows what to press: press Roll the die."
    finally:
        app.close()


@pytest.mark.parametrize("lang", ("es", "ca", "en"))
@pytest.mark.parametrize("layout", ("standard", "tv"))
def test_after_the_first_roll_each_part_points_at_what_it_talks_about(tmp_path, lang, layout):
    """"You rolled a 4." (a part of its own in Spanish and Catalan) points at the die, "The lit
    squares..." at every lit square, and "Press Enter to walk..." at the square to walk to: the
    first two pointed at nothing.  In the tray or on the board, in either layout."""
    from game.storage.settings import Settings
    from game.ui.lesson.coach import play_until

    app = _app(tmp_path, settings=Settings(language=lang, layout=layout))
    try:
        _title_learn(app)
        coach = app.coach
        play_until(app, "move")
        board = app.top
        die = pygame.Rect(0, 0, board.die_face_px(), board.die_face_px())
        die.center = board.die_centres()[0]
        lit = [board.view.destination_rect(p) for p in coach.match.game.moves()]
        pointed = []
        while coach.bubble is not None and coach.lesson.key == "move":
            pointed.append(coach.pointed)
            for _i in range(6):
                app.step(0.1, draw=False)
            app.router.handle(CONFIRM)
        *about, press = pointed
        if lang != "en":
            assert len(about) == 2 and about[0] == die
        assert about[-1] == lit[0].unionall(lit[1:]) and len(lit) > 1
        assert press is not None and press.width == board.view.square and press.collidelist(lit) >= 0
    finally:
        app.close()


def test_the_bubbles_head_counts_every_part_once(tmp_path, monkeypatch):
    """A lesson in parts showed its number on every part ("5 of 37" twice): the head counts
    the parts, 1, 2, 3 ... to its total, each once, through the whole guided game."""
    from game.ui.draw import theme

    heads: list[str] = []
    real = theme.blit_text

    def seen(surface, text, *args, **kwargs):
        if text.startswith("Learning to play"):
            heads.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", seen)
    app = _app(tmp_path)
    try:
        _title_learn(app)
        shown: list[str] = []
        for _i in range(2000):
            for _f in range(3):
                app.step(0.1, draw=False)
            if app.coach is None:
                break
            if app.coach.bubble is not None:
                heads.clear()
                app.coach.draw(pygame.Surface((1280, 720)))
                if not shown or heads[-1] != shown[-1]:
                    shown.append(heads[-1])
            app.router.handle(CONFIRM)
        total = len(shown)
        assert total > len(tutorial.LESSONS)       # some lessons are in parts
        assert shown == [f"Learning to play: {n} of {total}" for n in range(1, total + 1)]
    finally:
        app.close()


def test_leave_and_resume_the_lesson(tmp_path):
    from game.ui.lesson.coach import play_until
    from game.ui.scenes.lesson import LessonChoice

    app = _app(tmp_path)
    try:
        _title_learn(app)
        play_until(app, "summoned")
        done = len(app.coach.match.game.actions)
        seen = list(app.coach.match.seen)
        assert done == 16 and "summoned" not in seen
        app.router.handle(Intent(Kind.MENU, device="keyboard"))   # the pause menu opens even over a lesson
        assert type(app.top).__name__ == "MenuScene"
        app.top.to_title()
        for _i in range(3):
            app.step(0.1, draw=False)
        assert app.coach is None and type(app.top).__name__ == "TitleScene"
    finally:
        app.close()
    saved = json.loads((tmp_path / "lesson.json").read_text())
    assert len(saved["actions"]) == 16 and saved["seen"] == seen

    app = _app(tmp_path)            # the game was closed; a new start
    try:
        _title_learn(app)
        assert isinstance(app.top, LessonChoice)
        app.router.handle(CONFIRM)         # "Go on" is focused
        match = app.coach.match
        assert len(match.game.actions) == 16
        assert match.game.positions["scarlet"] == "conservatory"
        shown = play_until(app)
        assert shown[0] == "summoned" and "welcome" not in shown
        assert match.game.winner == tutorial.YOU
    finally:
        app.close()


def test_leave_at_the_blocked_door_and_resume(tmp_path):
    """The lesson saved after Mrs. White is out and Colonel Mustard blocks the
    door comes back the same: she is still out, the door still blocked, and
    the rest plays with Enter only."""
    from game.rules.actions import Roll
    from game.ui.lesson.coach import play_until

    app = _app(tmp_path)
    try:
        _title_learn(app)
        play_until(app, "stuck")
        done = len(app.coach.match.game.actions)
        app.router.handle(Intent(Kind.MENU, device="keyboard"))
        app.top.to_title()
        for _i in range(3):
            app.step(0.1, draw=False)
    finally:
        app.close()
    app = _app(tmp_path)
    try:
        _title_learn(app)
        app.router.handle(CONFIRM)                 # "Go on"
        game = app.coach.match.game
        assert len(game.actions) == done == 29
        assert game.seats[2].eliminated and game.positions["mustard"] == tutorial.CONSERVATORY_DOOR
        assert Roll() not in game.legal_actions()
        shown = play_until(app)
        assert shown[0] == "stuck" and "out" not in shown
        assert game.winner == tutorial.YOU
    finally:
        app.close()


def test_start_the_lesson_again(tmp_path):
    from game.ui.lesson.coach import play_until
    from game.ui.scenes.lesson import LessonChoice

    tutorial.save_lesson(tmp_path / "lesson.json", tutorial.LessonState(
        [a for _s, a in tutorial.SCRIPT[:5]], ["welcome", "you"]))
    app = _app(tmp_path)
    try:
        _title_learn(app)
        assert isinstance(app.top, LessonChoice)
        app.router.handle(Intent(Kind.CLICK, pos=app.top.no_button.rect.center, device="mouse"))
        assert len(app.coach.match.game.actions) == 0
        assert play_until(app, "welcome") == ["welcome"]
    finally:
        app.close()


def test_a_damaged_lesson_file_is_kept_aside_and_said(tmp_path):
    from game.ui.scenes.message import MessageScene

    (tmp_path / "lesson.json").write_text('{"format": "clue-lesson", "version": 1, "actions": [{"type": "Accuse"}]}')
    app = _app(tmp_path)
    try:
        _title_learn(app)
        assert isinstance(app.top, MessageScene)
        assert "lesson.broken-" in app.top.text and "the file is damaged" in app.top.text
        assert "Accuse" not in app.top.text and "{" not in app.top.text      # plain words, no parser output
        assert list(tmp_path.glob("lesson.broken-*.json"))
        assert app.coach is not None and len(app.coach.match.game.actions) == 0
    finally:
        app.close()


@pytest.mark.parametrize("text", ['{"format": "clue-lesson", "actions": [{"type": "Roll"}, {"type": "EndTurn"}]}',
                                  "not json", '{"format": "clue-save"}'])
def test_load_lesson_refuses_what_is_not_the_guided_game(tmp_path, text):
    path = tmp_path / "lesson.json"
    path.write_text(text)
    with pytest.raises(tutorial.LessonError) as info:
        tutorial.load_lesson(path)
    assert str(path) in str(info.value)


def test_the_arrow_keeps_the_focus_and_clicks_elsewhere_do_nothing(tmp_path):
    app = _app(tmp_path)
    try:
        _read_lesson(app, "you")
        app.step(0.1, draw=False)
        coach = app.coach
        board = app.top
        roll = next(b for b in board.buttons() if b.on_press == board.roll)
        assert coach.target == roll.rect and board.focus.focused is roll
        app.router.handle(Intent(Kind.DOWN, device="keyboard"))
        app.router.handle(Intent(Kind.CLICK, pos=(5, 5), device="mouse"))
        app.step(0.1, draw=False)
        assert board.focus.focused is roll and len(board.game.actions) == 0 and coach.nudge > 0
        app.router.handle(Intent(Kind.CLICK, pos=roll.rect.center, device="mouse"))
        assert len(board.game.actions) == 1
    finally:
        app.close()


@pytest.mark.parametrize("lang", ("en", "es", "ca"))
@pytest.mark.parametrize("size", ("normal", "large"))
def test_every_lesson_fits_in_every_language(tmp_path, lang, size):
    """Each lesson's lines fit their bubble, no line is under 20 px, and the
    bubble fits on the 1280 x 720 screen beside the thing it points at."""
    from game.storage.settings import Settings
    from game.text.i18n import _
    from game.ui.draw import theme
    from game.ui.lesson.coach import Coach, GuidedMatch

    app = _app(tmp_path, settings=Settings(language=lang, text_size=size))
    try:
        app.start()
        coach = Coach(app, GuidedMatch(app.board))
        widgets = coach.widgets()
        assert len(widgets) > len(tutorial.LESSONS)
        for w in widgets:
            assert w.text_width() <= w.available_width(), (lang, size, w.text)
            assert w.size >= theme.SMALL
        screen = pygame.Rect(0, 0, 1280, 720)
        for ls in tutorial.LESSONS:
            coach.bubble, coach.bubble_text = ls, _(ls.text)
            r = coach.bubble_rect()
            assert screen.contains(r), (lang, size, ls.key, r)
        coach.match.close()
    finally:
        app.close()
        theme.set_text_scale(1.0)


def test_lesson_screenshots(tmp_path):
    from game.ui.app import run_app

    for scene in ("lesson", "lesson-disprove"):
        out = tmp_path / f"{scene}.png"
        assert run_app(size=(1280, 720), seed=3, screenshot=str(out), scene=scene) == 0
        assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_coming_back_between_two_lessons_says_welcome_back(tmp_path):
    from game.ui.lesson.coach import play_until

    keys = [ls.key for ls in tutorial.LESSONS if ls.at <= 4]
    tutorial.save_lesson(tmp_path / "lesson.json", tutorial.LessonState(
        [a for _s, a in tutorial.SCRIPT[:4]], keys))          # no lesson is due at step 4
    app = _app(tmp_path)
    try:
        _title_learn(app)
        app.router.handle(CONFIRM)                                    # "Go on"
        shown = play_until(app, "welcome-back")
        assert shown == ["welcome-back"]
        assert app.coach.bubble_text.startswith("Welcome back!")
        assert play_until(app)[:2] == ["welcome-back", "again"]
    finally:
        app.close()


@pytest.mark.parametrize("text", ['{"format": "clue-lesson", "version": 1, "actions": ' + "[" * 5000 + "]" * 5000 + "}",
                                  '{"format": "clue-lesson", "version": ' + "9" * 5000 + "}",
                                  '{"format": "clue-lesson", "version": 99, "actions": []}'])
def test_deeply_broken_lesson_files_are_refused_not_crashed(tmp_path, text):
    path = tmp_path / "lesson.json"
    path.write_text(text)
    with pytest.raises(tutorial.LessonError):
        tutorial.load_lesson(path)


def test_a_controller_pulled_out_in_the_lesson_never_hands_it_to_a_computer(tmp_path):
    """The lesson's seat is the learner's: when its controller goes, the pause
    offers the keyboard (or the controller back), never a computer player,
    which would leave the lesson's script and lose the lesson (monkey finding)."""
    from game.ui.app import App
    from game.ui.lesson.coach import start_lesson
    from game.ui.scenes.unplugged import UnpluggedScene

    app = App(seed=1, sound=False, threaded_ai=False, settings_path=tmp_path / "settings.json",
              save_path=tmp_path / "autosave.json")
    app.start()
    pad = app.pads.on_added(100, "Pad")
    app.router.last_device = pad.device          # Learn to play chosen with this controller
    start_lesson(app)
    app.pads.on_removed(100)                     # ... which is then pulled out
    for _ in range(200):
        if isinstance(app.top, UnpluggedScene):
            break
        if app.coach and app.coach.bubble:
            app.coach.dismiss()
        app.step(0.1, draw=False)
    unplugged = app.top
    assert isinstance(unplugged, UnpluggedScene)
    assert unplugged.computer_button not in unplugged.focus.buttons
    assert unplugged.keyboard_button in unplugged.focus.buttons
    unplugged.to_computer()                      # even if asked for, the seat stays a person's
    assert app.coach.match.is_human(unplugged.seat) and app.top is unplugged
    unplugged.to_keyboard()
    assert app.top is not unplugged and app.coach.match.is_human(unplugged.seat)
    app.close()


def test_the_lessons_game_over_opens_the_learners_report_and_enter_still_goes_to_the_title(tmp_path):
    """On the lesson's last screen the coach points at "Title
    screen", yet the learner may move to a "Detective report" button (arrows,
    the mouse) and open it, come back, and Enter on the title button still ends
    the lesson.  Clicks elsewhere still only nudge the arrow."""
    from game.ui.shell.registry import is_scene

    app = _app(tmp_path)
    try:
        _read_lesson(app, "won")
        for _i in range(30):                  # the game-over guard ends
            app.step(0.1, draw=False)
        over, coach = app.top, app.coach
        assert is_scene(over, "game_over") and coach.target == over.title_button.rect
        assert over.focus.focused is over.title_button
        mine = next(b for b in over.report_buttons if b.data == tutorial.YOU)
        app.router.handle(Intent(Kind.CLICK, pos=(5, 5), device="mouse"))
        assert coach.nudge > 0 and app.top is over   # a click on nothing still only nudges
        app.router.handle(Intent(Kind.CLICK, pos=mine.rect.center, device="mouse"))
        assert is_scene(app.top, "report") and app.top.seat == tutorial.YOU
        assert app.top.report.own_turns == (1, 4, 7, 9)          # her 4th turn, the game's 9th
        assert [t for _k, t in app.top.blocks()][:2] == [
            "You already knew enough to solve the case on your turn number 4.",
            "You accused on your turn number 4, and you were right!"]
        app.step(0.1, draw=False)
        app.router.handle(CONFIRM)            # OK: back to the game over
        app.step(0.1, draw=False)
        assert app.top is over and coach.target == over.title_button.rect
        app.router.handle(Intent(Kind.UP, device="keyboard"))      # the keys reach the reports too
        app.step(0.1, draw=False)
        assert over.focus.focused in over.report_buttons
        app.router.handle(CONFIRM)
        assert is_scene(app.top, "report")
        app.router.handle(CONFIRM)
        app.step(0.1, draw=False)
        app.router.handle(Intent(Kind.DOWN, device="keyboard"))    # back down to the title, never to Play again
        app.step(0.1, draw=False)
        assert over.focus.focused is over.title_button
        app.router.handle(CONFIRM)
        app.step(0.1, draw=False)
        assert is_scene(app.top, "voice_offer") and app.coach is None   # keep read aloud on? (Esc: no)
        app.router.handle(Intent(Kind.BACK, device="keyboard"))
        assert type(app.top).__name__ == "TitleScene" and app.coach is None
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_the_move_lesson_by_ear_says_go_on_and_the_arrows_name_what_enter_does(tmp_path, lang):
    """The move step, read aloud: each bubble ends with what its foot shows
    ("Press Enter to go on.": it was shown, never said) and no square is named
    while Enter would only go on; an arrow on the bubble says go on again, an
    arrow or Tab after it names the square pointed at (they were silent), and
    Enter goes to that very square."""
    from game.rules.actions import Move
    from game.storage.settings import Settings
    from game.ui.lesson.coach import play_until
    from game.ui.shell import prompts
    from game.ui.shell.i18n import _

    app = _app(tmp_path, settings=Settings(language=lang))
    try:
        _title_learn(app)
        play_until(app, "move")
        coach, board = app.coach, app.top
        driver = app.speech.driver
        go_on = prompts.fmt(_("Press {confirm} to go on"))     # the bubble's foot
        for _i in range(10):                            # each part of the bubble (and the next lesson's), bounded
            for _f in range(6):
                app.step(0.1, draw=False)
            if coach.bubble is None:
                break
            assert driver.lines[-1] == go_on + "." and " — " not in driver.lines[-2]
            app.router.handle(Intent(Kind.RIGHT, device="keyboard"))
            app.step(0.1, draw=False)
            assert driver.lines[-1] == go_on
            app.router.handle(CONFIRM)
        square = board.speech_focus()
        assert square and driver.lines[-1] == square
        for kind in (Kind.RIGHT, Kind.DOWN, Kind.ROOM):
            app.router.handle(Intent(kind, device="keyboard"))
            app.step(0.1, draw=False)
            assert driver.lines[-1] == square
        app.router.handle(CONFIRM)
        for _f in range(20):
            app.step(0.1, draw=False)
        walk = [a for _s, a in tutorial.SCRIPT if isinstance(a, Move)][0]
        assert board.game.positions["scarlet"] == walk.square
    finally:
        app.close()
