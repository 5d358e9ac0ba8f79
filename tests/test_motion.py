"""Motion and sound: the die tumbles about 0.8 s and lands with a small
bounce, a token walks about 0.12 s a square easing at the ends, a pulled-in
token or weapon glides about 0.5 s, a card turns over in about 0.3 s, all
divided by the speed setting; each public event plays its own sound (silent
when the sound is off) and a card shown sounds the same whatever the card and
whoever sees it.  Driven by the simulated ``dt``: the same on a busy machine."""

from __future__ import annotations

import os
from itertools import pairwise

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from benchmarks.bench_pacing import DT, board_table, card_table  # noqa: E402
from game.cardgame import events as cev  # noqa: E402
from game.rules import events as bev  # noqa: E402
from game.storage import paths  # noqa: E402
from game.ui.board.presenter import BoardPresenter  # noqa: E402
from game.ui.cardgame.presenter import CardPresenter  # noqa: E402
from game.ui.draw import anim  # noqa: E402
from game.ui.voice.sound import Sounds  # noqa: E402
from tests.inputs import defaults_after, make_app  # noqa: E402,F401  (defaults_after: autouse fixture)

SPEEDS = [anim.NORMAL, anim.FAST]


def _run(a: anim.Animation, dt: float = DT, limit: int = 10_000) -> list[tuple[float, float, float, int]]:
    """(t, offset, angle, face) of a die roll at each frame until it is done (bounded)."""
    out = []
    for _ in range(limit):
        if a.done:
            break
        a.update(dt)
        out.append((a.t, a.offset, a.angle, a.face))
    assert a.done
    return out


# ------------------------------------------------------------------ durations
@pytest.mark.parametrize("speed", SPEEDS)
def test_motion_takes_its_time_at_each_speed(speed):
    assert anim.DieRoll(4, speed).duration == pytest.approx(0.8 / speed)
    walk = anim.Walk("plum", [(i * 30.0, 0.0) for i in range(6)], speed)        # five squares
    assert walk.duration == pytest.approx(5 * 0.12 / speed)
    assert anim.Glide("weapon", "rope", (0, 0), (100, 0), speed).duration == pytest.approx(0.5 / speed)
    assert anim.FLIP_TIME == pytest.approx(0.3)


def test_instant_speed_has_no_motion_to_wait_for():
    for a in (anim.DieRoll(2, anim.INSTANT), anim.Walk("plum", [(0, 0), (1, 0), (2, 0)], anim.INSTANT),
              anim.Glide("token", "plum", (0, 0), (9, 9), anim.INSTANT)):
        a.update(DT)
        assert a.done


def test_the_die_tumbles_then_lands_with_a_small_bounce():
    roll = anim.DieRoll(5, anim.NORMAL, seed=3)
    frames = _run(roll)
    land = anim.DieRoll.LAND * roll.duration
    tumbling = [f for f in frames if f[0] < land]
    after = [f for f in frames if f[0] >= land]
    assert max(f[1] for f in tumbling) >= 20                       # it is thrown up
    assert len({f[3] for f in tumbling}) >= 3                      # its faces flicker
    assert any(f[2] > 90 for f in tumbling)                        # and it turns
    assert all(f[3] == 5 and f[2] == 0 for f in after)             # landed square, showing the roll
    bounce = max(f[1] for f in after)
    assert 3 <= bounce <= 8                                        # one small bounce
    assert frames[-1][1] == 0 and frames[-1][3] == 5               # at rest at the end
    # it slows down: the turn just before landing is small
    assert tumbling[-1][2] < 15


def test_a_walk_eases_at_both_ends():
    walk = anim.Walk("green", [(i * 10.0, 0.0) for i in range(7)])   # six squares
    times = []
    reached = []
    walk.on_step = lambda i: reached.append(i)
    for _ in range(1000):
        if walk.done:
            break
        walk.update(0.002)
        while len(times) < len(reached):
            times.append(walk.t)
    assert reached == [1, 2, 3, 4, 5, 6]
    legs = [b - a for a, b in pairwise([0.0] + times)]
    middle = legs[2]
    assert legs[0] > middle * 1.3 and legs[-1] > middle * 1.3      # slower to start and to stop
    assert legs[1] == pytest.approx(middle, abs=0.005) and legs[3] == pytest.approx(middle, abs=0.005)
    assert sum(legs) / len(legs) == pytest.approx(0.12, abs=0.005)  # about 0.12 s a square


@pytest.mark.parametrize("speed", SPEEDS)
def test_the_board_plays_its_motion_at_its_time(speed):
    app = make_app(speed=speed)
    scene, _pkg = board_table(app, 5)
    scene.queue.clear()
    pres = scene.presenter
    pres.play(bev.DieRolled(player=0, dice=(3,)))
    assert isinstance(scene.anim, anim.DieRoll) and scene.anim.duration == pytest.approx(0.8 / speed)
    suspect = scene.match.game.seats[0].suspect
    start = scene.shown_pos[suspect]
    path = _corridor_path(scene, start, 4)
    pres.play(bev.TokenMoved(suspect=suspect, start=start, path=path, end=path[-1]))
    assert isinstance(scene.anim, anim.Walk) and scene.anim.duration == pytest.approx(len(path) * 0.12 / speed)
    glide = pres.token_glide(suspect, "kitchen")
    assert glide.duration == pytest.approx(0.5 / speed)


def _corridor_path(scene, start, n: int):
    """``n`` squares from ``start`` (a square or a room) along free corridor squares."""
    board = scene.match.game.board
    here = start if not isinstance(start, str) else board.rooms[start].doors[0]
    path, seen = [], {here}
    for _ in range(n):
        nxt = next(sq for sq in board.neighbours[here] if sq not in seen and sq in board.corridor)
        path.append(nxt)
        seen.add(nxt)
        here = nxt
    return tuple(path)


# ------------------------------------------------------------------ sounds
def test_every_sound_the_tables_play_is_a_file():
    names = set(BoardPresenter.sounds.values()) | set(CardPresenter.sounds.values())
    names |= {"step", "door", "passage", "nope", "click"}
    for name in names:
        assert (paths.SOUNDS / f"{name}.wav").is_file(), name
    assert BoardPresenter.sounds[bev.GameWon] == CardPresenter.sounds[cev.GameWon] == "chime"
    assert BoardPresenter.sounds[bev.PlayerEliminated] == CardPresenter.sounds[cev.AccusationWrong] == "wrong"
    # a chime means a case solved, the low tone a wrong accusation: nothing else sounds like them
    others = [n for t, n in BoardPresenter.sounds.items() if t not in (bev.GameWon, bev.PlayerEliminated)]
    others += [n for t, n in CardPresenter.sounds.items() if t not in (cev.GameWon, cev.AccusationWrong)]
    assert "chime" not in others and "wrong" not in others


def _recorded(app):
    played: list[str] = []
    app.play = played.append
    return played


def _own_sounds(app, scene) -> list[str]:
    """The sounds played from now until the table shows its next event (then
    no more are kept): the sounds of the event about to be played."""
    played: list[str] = []
    own = [True]
    app.play = lambda name: own[0] and played.append(name)
    play = scene.presenter.play
    scene.presenter.play = lambda e: (own.__setitem__(0, False), play(e))
    return played


def test_a_whole_board_game_plays_each_events_sound():
    """An all-computer game at normal speed: the die, a step per square, a door
    into a room, the passage, a suggestion, a card shown, the win: each heard."""
    app = make_app(speed=anim.NORMAL)
    scene, _pkg = board_table(app, 2)
    played = _recorded(app)
    heard: list[tuple[object, list[str]]] = []
    play = scene.presenter.play

    def timed(e):
        heard.append((e, []))
        play(e)
    scene.presenter.play = timed
    seen = 0
    for _ in range(200_000):                  # bounded: a game is a few thousand frames
        if scene.game.over and not scene.queue and scene.anim is None:
            break
        while app.top is not scene and not getattr(app.top, "moment", False):
            app.pop()
        app.step(DT, draw=False)
        if len(played) > seen:                # each sound belongs to the event shown last
            heard[-1][1].extend(played[seen:])
            seen = len(played)
    assert scene.game.over
    expected = {bev.DieRolled: "die", bev.SuggestionMade: "suggest", bev.CardShown: "card",
                bev.NobodyDisproved: "nobody", bev.PlayerEliminated: "wrong"}
    for e, sounds in heard:
        if type(e) in expected:
            assert expected[type(e)] in sounds, (e, sounds)
        if isinstance(e, bev.TokenMoved) and not e.passage:
            assert sounds.count("step") == len(e.path) + isinstance(e.end, str), (e, sounds)
            if isinstance(e.end, str) and not isinstance(e.start, str):
                assert "door" in sounds, (e, sounds)
        if isinstance(e, bev.TokenMoved) and e.passage:
            assert sounds[:1] == ["passage"] and "step" not in sounds, (e, sounds)
        if isinstance(e, bev.GameWon) and not e.last_standing:
            assert "chime" in sounds
    assert sum(isinstance(e, bev.TokenMoved) for e, _ in heard) >= 5


@pytest.mark.parametrize("event,sound", [(cev.Asked(player=0, cards=("plum", "rope")), "suggest"),
                                         (cev.NobodyShowed(player=0), "nobody")])
def test_card_game_events_play_their_sound(event, sound):
    app = make_app()
    scene, _pkg = card_table(app, 5)
    played = _recorded(app)
    scene.presenter.play(event)
    assert played == [sound]


def test_a_passage_glides_with_its_own_sound():
    app = make_app()
    scene, _pkg = board_table(app, 5)
    suspect = scene.match.game.seats[0].suspect
    scene.shown_pos[suspect] = "kitchen"
    scene.queue.clear()
    play = scene.presenter.play
    played = _own_sounds(app, scene)
    play(bev.TokenMoved(suspect=suspect, start="kitchen", path=(), end="study", passage=True))
    assert played == ["passage"]
    assert isinstance(scene.anim, anim.Glide) and scene.anim.duration == pytest.approx(anim.PASSAGE_TIME)
    for _ in range(int(anim.PASSAGE_TIME / DT) + 3):
        app.step(DT, draw=False)
    assert played == ["passage"] and scene.shown_pos[suspect] == "study"     # no door: it came by the stairs


# ------------------------------------------------------------------ silent, and private
class _FakeSound:
    def __init__(self):
        self.plays = 0

    def play(self):
        self.plays += 1

    def set_volume(self, v):
        pass


def test_muted_or_off_plays_nothing():
    s = Sounds(enabled=True, volume=0.8)
    if not s.available:
        pytest.skip("no mixer on this machine")
    assert {"die", "step", "door", "passage", "card", "chime", "wrong", "suggest", "nobody", "nope"} <= set(s.names)
    fakes = {n: _FakeSound() for n in s.names}
    s._sounds = fakes
    s.muted = True
    s.play("door")
    s.set_volume(0.0)
    s.muted = False
    s.play("door")
    assert fakes["door"].plays == 0
    s.set_volume(0.5)
    s.play("door")
    assert fakes["door"].plays == 1
    off = Sounds(enabled=False)
    assert off.names == () and not off.available
    off.play("door")                                    # never raises


def _sounds_of_card_shown(make, event_type, seats_human: bool, card: str, to: int) -> list[str]:
    """The sounds heard when ``card`` is shown to seat ``to`` (a person or a
    computer), through the frames after, until the private screen's flip ended."""
    app = make_app()
    scene, _pkg = make(app, 5)
    scene.match.kinds[to] = "human" if seats_human else "computer"
    scene.queue.clear()
    play = scene.presenter.play
    played = _own_sounds(app, scene)
    play(event_type(by=1, to=to, card=card))
    for _ in range(120):
        app.step(DT, draw=False)
        top = app.top
        if hasattr(top, "flip") and top.flip.done:        # the person has seen it: the screen goes
            app.pop(top)
    return played


@pytest.mark.parametrize("make,event_type", [(board_table, bev.CardShown), (card_table, cev.CardShown)],
                         ids=["board", "cards"])
def test_a_card_shown_sounds_the_same_whatever_the_card_and_whoever_sees_it(make, event_type):
    heard = {(human, card): _sounds_of_card_shown(make, event_type, human, card, 0)
             for human in (False, True) for card in ("plum", "rope")}
    assert set(map(tuple, heard.values())) == {("card",)}, heard
