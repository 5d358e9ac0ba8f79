"""The card game's screens, driven by intents only: keyboard keys,
mouse clicks and pad buttons, with the dummy video driver.  Rules: 003."""

from __future__ import annotations

import json
import os
from itertools import pairwise

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cardgame import events as ev  # noqa: E402
from game.cardgame.engine import Ask, CardSetup, Phase  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.cardgame.gameover import CardGameOverScene, RevealScene  # noqa: E402
from game.ui.cardgame.match import CardMatch  # noqa: E402
from game.ui.cardgame.notebook import CaseFileScene  # noqa: E402
from game.ui.cardgame.picker import CardPickerScene  # noqa: E402
from game.ui.cardgame.private import CardShownScene, CardShowScene, CrimeScene, JoinScene  # noqa: E402
from game.ui.cardgame.setup import CardOptionsScene, CardSetupScene  # noqa: E402
from game.ui.cardgame.table import CardTableScene  # noqa: E402
from game.ui.scenes.cover import CoverScene  # noqa: E402
from game.ui.scenes.message import MessageScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from game.ui.shell.input import Intent, Kind  # noqa: E402
from game.ui.shell.registry import is_scene  # noqa: E402
from tests.inputs import aim_click, click, key  # noqa: E402

DT = 0.1
TOKENS = ("scarlet", "white", "peacock", "green", "mustard", "plum")
#: Scenes only one person may see: each must come straight after a cover when 2+ people play.
PRIVATE = (CardShowScene, CardShownScene, CrimeScene, JoinScene, CaseFileScene)


@pytest.fixture
def app(tmp_path):
    a = App(seed=11, sound=False, speed=20.0, threaded_ai=False, save_path=tmp_path / "autosave.json")
    a.start()
    yield a
    a.close()




def start(app: App, levels: tuple[str, ...], seed: int = 5, devices=None, **kw) -> CardTableScene:
    setup = CardSetup(players=len(levels), seed=seed, levels=levels, first=0, **kw)
    table = CardTableScene(app, CardMatch(setup, TOKENS[:len(levels)], devices))
    app.push(table)
    return table


def ready(scene) -> bool:
    guard = getattr(scene, "guard", None)
    return guard is None or not guard.active


def pick_cards(app: App, picker: CardPickerScene, cards) -> None:
    """Click the rows of ``cards``, then the picker's confirm button."""
    for c in cards:
        row = next(b for rows in picker.items.values() for b in rows if b.data == c)
        aim_click(app, row.rect.center)            # the mouse moved to each card: aimed, so taken at once
    aim_click(app, picker.ok.rect.center)


class Driver:
    """Plays a card game through the UI with intents only.  ``accuse(seat,
    game)`` returns a triple for a person to accuse with on their turn, or
    None to ask; ``join(seat, game)`` a triple to join with, or None to decline.
    Records every top scene (to check that covers come first) and every card
    shown to a person."""

    def __init__(self, app: App, accuse=lambda s, g: None, join=lambda s, g: None) -> None:
        self.app, self.accuse, self.join = app, accuse, join
        self.tops: list = []
        self.shown: list[str] = []
        self.asked = 0

    def play(self, until=lambda app: isinstance(app.top, CardGameOverScene), steps: int = 6000) -> None:
        app = self.app
        for _ in range(steps):
            if until(app):
                return
            top = app.top
            if not self.tops or self.tops[-1] is not top:
                self.tops.append(top)
            assert not isinstance(top, MessageScene), top.text
            if not ready(top):
                app.step(DT)
                continue
            self.act(top)
        raise AssertionError(f"stuck on {type(app.top).__name__}")

    def act(self, top) -> None:
        app = self.app
        table = app.find(CardTableScene)
        game = table.game if table else None
        if isinstance(top, CoverScene):
            key(app, pygame.K_RETURN)
        elif isinstance(top, CardTableScene) and top.human_to_act and game.phase is Phase.ASK:
            if self.accuse(game.actor, game):
                key(app, pygame.K_DOWN)              # Ask -> Accuse
            key(app, pygame.K_RETURN)
        elif isinstance(top, CardPickerScene):
            if top.mode == "ask":
                view = game.view(top.seat)
                cards = [c for pile in view.piles for c in pile][self.asked % 3::3][:2]
                self.asked += 1
                pick_cards(app, top, cards)
            else:
                pick_cards(app, top, (self.accuse if top.mode == "accuse" else self.join)(top.seat, game))
        elif is_scene(top, "accuse_confirm"):
            click(app, top.yes_button.rect.center)   # "Accuse with these three cards?" (guard waited for above)
        elif isinstance(top, CardShowScene):
            key(app, pygame.K_RIGHT)                 # nothing is focused at first
            key(app, pygame.K_RETURN)
        elif isinstance(top, CardShownScene):
            self.shown.append(top.card)
            while not top.flip.done:
                app.step(DT)
            key(app, pygame.K_RETURN)
        elif isinstance(top, (CrimeScene, CaseFileScene)):
            key(app, pygame.K_ESCAPE)
        elif isinstance(top, JoinScene):
            button = top.join_button if self.join(top.seat, game) else top.decline_button
            click(app, button.rect.center)
        elif isinstance(top, RevealScene):
            key(app, pygame.K_RETURN)
        else:
            app.step(DT)


def check_covers(tops: list) -> int:
    """Every private scene came straight after a cover for the same seat; returns how many there were."""
    n = 0
    for before, scene in pairwise(tops):
        if isinstance(scene, PRIVATE):
            assert isinstance(before, CoverScene) and before.seat == scene.seat, (type(before), type(scene))
            n += 1
    return n


# ------------------------------------------------------------------ title
def test_title_opens_the_card_game_setup_and_starts_a_table(app):
    title = app.top
    assert isinstance(title, TitleScene)
    button = next(b for b in title.buttons if b.label == "Card game")
    click(app, button.rect.center)
    setup = app.top
    assert isinstance(setup, CardSetupScene) and [s[1] for s in setup.seats] == ["human"] + ["computer"] * 3
    assert [s[2] for s in setup.seats[1:]] == ["beginner"] * 3          # the default card game's opponents
    click(app, setup.rules_button.rect.center)           # deck and order of joint accusations
    options = app.top
    assert isinstance(options, CardOptionsScene)
    key(app, pygame.K_RETURN)                            # advanced deck
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                            # order drawn by lot
    key(app, pygame.K_ESCAPE)
    assert setup.advanced and setup.order == "lot" and setup.rules_button.label == "Advanced game: 12 cards"
    setup.cycle_level(1)                                 # Beginner -> Easy
    click(app, setup.start_button.rect.center)
    table = app.top
    assert isinstance(table, CardTableScene)
    s = table.match.setup
    assert (s.players, s.advanced, s.order, s.levels) == (4, True, "lot", ("human", "easy", "beginner", "beginner"))
    assert table.match.suspects == ("scarlet", "white", "peacock", "green")
    assert len(table.game.face_up) == 1 and all(len(h) == 2 for h in table.game.hands)


# ----------------------------------------------------------- whole games
def test_a_person_plays_a_whole_game_against_computers(app):
    table = start(app, ("human", "medium", "easy"), seed=7)
    d = Driver(app)
    d.play()
    g = table.game
    over = app.top
    assert g.over and over.envelope == g.crime
    assert over.title == (f"{table.match.seat_name(g.winner)} solved the case!" if g.winner is not None
                          else over.title)
    asked = [e for e in g.events if isinstance(e, ev.Asked) and e.player == 0]
    assert asked and d.asked == len(asked)               # every question of the person went through the picker
    # the person saw each card shown to them, and only those
    to_me = [e.card for e in g.events if isinstance(e, ev.CardShown) and e.to == 0]
    assert d.shown == to_me
    # the public log never names a shown card (003: the others must not see it)
    log = " ".join(table.match.log)
    shown_lines = [line for line in table.match.log if " shows " in line]
    assert shown_lines and all(line.endswith("a card.") for line in shown_lines)
    for e in g.events:
        if isinstance(e, ev.CardShown):
            assert f"shows {table.match.seat_name(e.to)} the" not in log
    assert not any(isinstance(t, CoverScene) for t in d.tops)      # one person: nobody to hide from
    assert any(isinstance(t, CardShownScene) for t in d.tops)


def test_three_people_hot_seat_every_private_screen_comes_after_a_cover(app):
    table = start(app, ("human", "human", "human"), seed=4)
    crime = table.game.crime
    # seat 2 accuses correctly on its second turn; nobody joins
    d = Driver(app, accuse=lambda s, g: crime if s == 2 and sum(
        isinstance(e, ev.TurnStarted) and e.player == 2 for e in g.events) >= 2 else None)
    d.play()
    g = table.game
    assert g.winner == 2 and app.top.title == "Mrs. Peacock solved the case!"
    n = check_covers(d.tops)
    shows = sum(isinstance(e, ev.CardShown) for e in g.events)
    joins = sum(isinstance(e, ev.JoinDeclined) for e in g.events)
    assert joins == 2 and n == 2 * shows + joins     # the shower's choice and the asker's look, each behind a cover
    assert any(isinstance(t, CardPickerScene) and t.mode == "accuse" for t in d.tops)
    i = next(i for i, t in enumerate(d.tops) if isinstance(t, CardPickerScene) and t.mode == "accuse")
    assert isinstance(d.tops[i - 1], CoverScene)      # the accusation is made face down


def test_joining_an_accusation_and_everybody_loses(app):
    table = start(app, ("human", "human", "human"), seed=9)
    g = table.game
    s, w, r = g.crime
    others = [c for c in g.view(0).piles[0] if c != s]
    wrong = {0: (others[0], w, r), 1: (others[1], w, r), 2: (s, w, next(x for x in g.view(0).piles[2] if x != r))}
    d = Driver(app, accuse=lambda seat, game: wrong[seat] if seat == 0 else None,
               join=lambda seat, game: wrong[seat])
    d.play(until=lambda a: isinstance(a.top, RevealScene))
    reveal = app.top
    assert [p for p, _t in reveal.accusations] == [0, 1, 2]        # the turn player first, then to the left
    assert reveal.results == [False, False, False]
    d.play()
    assert g.over and g.winner is None and app.top.title == "Everybody loses!"
    assert any(isinstance(e, ev.EverybodyLost) for e in g.events) and all(g.out)
    assert sum(isinstance(t, JoinScene) for t in d.tops) == 2
    assert check_covers(d.tops) >= 2


def test_a_wrong_lone_accuser_sees_the_crime_cards_and_still_answers(app):
    table = start(app, ("human", "medium", "medium"), seed=3)
    g = table.game
    s, w, r = g.crime
    wrong = (next(c for c in g.view(0).piles[0] if c != s), w, r)
    d = Driver(app, accuse=lambda seat, game: wrong if not game.out[0] else None)
    d.play(until=lambda a: any(isinstance(t, CrimeScene) for t in d.tops) and isinstance(a.top, CardTableScene))
    assert any(isinstance(t, CrimeScene) and t.cards == g.crime for t in d.tops)
    assert "Miss Scarlet was wrong and is out, but still answers questions." in table.match.log
    assert table.seat_state(0) == "Out"


# -------------------------------------------------------------- controllers
def test_a_turn_played_with_a_pad_only(app):
    pad = app.pads.on_added(1, "Test pad").device
    other = app.pads.on_added(2, "Other pad").device
    table = start(app, ("human", "medium", "medium"), seed=6, devices={0: pad})
    for _ in range(12):
        app.step(DT)
    assert table.human_to_act and table.game.phase is Phase.ASK and table.game.actor == 0
    app.router.handle(Intent(Kind.CONFIRM, other))              # another pad never acts for this seat
    assert app.top is table
    app.router.handle(Intent(Kind.CONFIRM, pad))                # Ask about two cards
    picker = app.top
    assert isinstance(picker, CardPickerScene) and picker.mode == "ask"
    for kind in (Kind.CONFIRM, Kind.CONFIRM):   # the first person, then the focus is on the weapons
        app.router.handle(Intent(kind, pad))
    assert picker.picked[0] == table.game.view(0).piles[0][0] and picker.picked[1] in table.game.view(0).piles[1]
    assert picker.focus.focused is picker.ok
    app.router.handle(Intent(Kind.CONFIRM, pad))
    assert isinstance(table.game.actions[0], Ask) and table.game.actions[0] == Ask(*picker.picked)
    app.router.handle(Intent(Kind.NOTEBOOK, pad))               # Y: this pad's own case file, any time
    assert isinstance(app.top, CaseFileScene) and app.top.seat == 0
    app.router.handle(Intent(Kind.BACK, pad))
    assert app.top is table


def test_pressing_enter_again_after_a_pick_never_takes_the_card_back(app):
    """A child mashing Enter: each pick moves the focus on to the next column
    (ask) or the next kind still to choose (accuse), then to the button."""
    table = start(app, ("human", "medium", "medium"), seed=6)
    for _ in range(12):
        app.step(DT)
    assert table.human_to_act and table.game.phase is Phase.ASK
    app.router.handle(Intent(Kind.CONFIRM, None))             # Ask about two cards
    picker = app.top
    assert isinstance(picker, CardPickerScene) and picker.mode == "ask"
    first = picker.focus.focused.data
    app.router.handle(Intent(Kind.CONFIRM, None))
    assert picker.picked == [first]
    assert picker.focus.focused in picker.items["weapon"] and not picker.focus.focused.crossed
    second = picker.focus.focused.data
    app.router.handle(Intent(Kind.CONFIRM, None))
    assert picker.picked == [first, second] and picker.focus.focused is picker.ok
    accuse = CardPickerScene(app, table, 0, "accuse")
    app.push(accuse)
    accuse.focus.focus_on(accuse.items["weapon"][0])
    app.router.handle(Intent(Kind.CONFIRM, None))           # a weapon first: on to the locations, then persons
    assert accuse.focus.focused in accuse.items["location"]
    app.router.handle(Intent(Kind.CONFIRM, None))
    assert accuse.focus.focused in accuse.items["person"]
    app.router.handle(Intent(Kind.CONFIRM, None))
    assert accuse.focus.focused is accuse.ok and all(accuse.choice.values())


# --------------------------------------------------------------- why not
def test_a_refused_action_is_explained(app):
    table = start(app, ("human", "medium", "medium"))
    for _ in range(12):
        app.step(DT)
    assert not table.do(Ask("rope", "rope"))
    box = app.top
    assert isinstance(box, MessageScene)
    assert box.text == "Ask about two different evidence cards."
    assert not box.detail                            # the reason and the citation go to the log
    assert box.rule == "Rule: Each question names two cards."


def test_case_file_crosses_own_face_up_and_shown_cards_and_gives_hints(app):
    table = start(app, ("human", "medium", "medium", "medium"), seed=5, advanced=True)
    Driver(app).play(until=lambda a: any(isinstance(e, ev.CardShown) and e.to == 0 for e in table.game.events)
                     and isinstance(a.top, CardTableScene) and a.top.human_to_act)
    g = table.game
    book = CaseFileScene(app, table.match, 0)
    shown = next(e for e in g.events if isinstance(e, ev.CardShown) and e.to == 0)
    assert {c: book.auto[c] for c in g.hands[0]} == {c: "hand" for c in g.hands[0]}
    assert book.auto[g.face_up[0]] == "up" and book.auto_text(g.face_up[0]) == "Face up"
    assert book.auto[shown.card] == f"shown:{shown.by}"
    assert len(book.rows) == 12 and {r.data for r in book.rows} == set(c for p in g.view(0).piles for c in p)
    free = next(r.data for r in book.rows if r.data not in book.auto)
    book.cycle(free)
    assert table.match.notebooks[0][free] == "X"
    book.next_hint()
    assert book.hint_text                                # a conclusion, or "No hint yet ..."


# -------------------------------------------------------- save / continue
def test_autosave_and_continue_resume_the_card_game(app, tmp_path):
    table = start(app, ("human", "medium", "hard"), seed=8)
    d = Driver(app)
    d.play(until=lambda a: len(table.game.actions) >= 4 and isinstance(a.top, CardTableScene)
           and a.top.human_to_act)
    table.match.notebooks[0]["knife"] = "?"
    app.store.autosave(table.match)
    doc = json.loads((tmp_path / "autosave.json").read_text())
    assert doc["mode"] == "card-game" and doc["seats"] == ["scarlet", "white", "peacock"]
    assert doc["setup"]["levels"] == ["human", "medium", "hard"] and doc["notebooks"] == {"0": {"knife": "?"}}
    actions = list(table.game.actions)
    app.close()
    again = App(seed=11, sound=False, speed=20.0, threaded_ai=False, save_path=tmp_path / "autosave.json")
    try:
        again.start()
        title = again.top
        assert isinstance(title, TitleScene) and title.continue_button is not None
        click(again, title.continue_button.rect.center)
        resumed = again.top
        assert isinstance(resumed, CardTableScene)
        assert resumed.game.actions == actions and resumed.game.crime == table.game.crime
        assert resumed.match.notebooks[0] == {"knife": "?"}
        Driver(again).play()
        assert resumed.game.over and not (tmp_path / "autosave.json").exists()   # a finished game is not offered
    finally:
        again.close()


def test_replay_of_a_card_game_save_says_what_it_is(app, tmp_path, capsys):
    from game.commands.cli import main

    table = start(app, ("human", "medium", "hard"), seed=8)
    app.store.autosave(table.match)
    assert main(["--replay", str(tmp_path / "autosave.json")]) == 2
    assert "saved card game" in capsys.readouterr().err


def test_card_computers_decide_the_same_after_a_resume(tmp_path):
    """Continue never changes a computer's choice: Medium and Hard rebuild the
    pairs they already asked about from their own view (``restore``)."""
    from game.cardgame.engine import CardSetup
    from game.storage.save import read_save, save_game
    from game.ui.cardgame.match import CardMatch

    setup = CardSetup(players=4, seed=11, advanced=True, levels=("easy", "medium", "hard", "hard"))
    tokens = ("scarlet", "white", "peacock", "green")

    def play(m, n=None):
        k = 0
        while not m.game.over and (n is None or k < n):
            m.game.apply(m.computer_choice())
            k += 1

    whole = CardMatch(setup, tokens)
    play(whole)
    assert len(whole.game.actions) > 12
    for cut in (5, 12, len(whole.game.actions) // 2):
        part = CardMatch(setup, tokens)
        play(part, cut)
        path = tmp_path / f"cut{cut}.json"
        save_game(path, part.saved())
        again = CardMatch.resume(read_save(path))
        play(again)
        assert again.game.events == whole.game.events, cut


def test_card_computers_rebuild_the_pairs_they_asked_from_their_view():
    from game.cardgame.ai import make_card_player
    from game.cardgame.engine import CardSetup
    from game.ui.cardgame.match import CardMatch

    setup = CardSetup(players=3, seed=4, levels=("medium", "hard", "medium"))
    m = CardMatch(setup, ("scarlet", "white", "peacock"))
    for _i in range(30):
        if m.game.over:
            break
        m.game.apply(m.computer_choice())
    remembered = {seat: p.asked for seat, p in m.players.items()}
    assert any(remembered.values())
    for seat in m.players:
        fresh = make_card_player(m.levels[seat], 99)
        fresh.restore(m.view(seat))
        assert fresh.asked == remembered[seat], seat
