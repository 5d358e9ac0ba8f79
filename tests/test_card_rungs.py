"""The card game's lower rungs: easy wins now and then against medium,
beginner sits below easy, and the default game from the title gives the
person turns."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from benchmarks.bench_card_turns import PERSON, person_turns
from game.cardgame import events as ev
from game.cardgame.ai import DEFAULT_LEVEL, LEVELS, EasyPlayer, make_card_player
from game.cardgame.engine import CardGame, CardSetup
from game.cardgame.tournament import lone

ROOT = Path(__file__).resolve().parent.parent


def share(level: str, other: str, players: int, advanced: bool, games: int) -> float:
    res = lone(level, other, players, advanced, games, seed=1)
    assert len(res) == games
    return sum(r.won for r in res) / games


def test_easy_wins_now_and_then_against_medium():
    # a quick sample of the ladder's rows (600 games there): 25 of 150 and 13 of 160 here
    assert 0.08 <= share("easy", "medium", 3, False, 150) <= 0.25
    assert 0.05 <= share("easy", "medium", 4, True, 160) <= 0.15


def test_beginner_is_a_rung_below_easy():
    assert LEVELS[:2] == ("beginner", "easy")
    assert share("beginner", "easy", 3, False, 150) < 0.2 < 0.5 < share("easy", "beginner", 3, False, 150)


def test_easy_forgets_and_notices_the_same_when_made_anew():
    """A resumed game makes its players anew: what easy forgot or noticed
    depends on its seed and the events only, not on what it was asked before."""
    g = CardGame.new(CardSetup(players=4, seed=9, advanced=True))
    bots = [make_card_player("easy", 90 + i) for i in range(4)]
    forgot = 0
    for _ in range(400):
        if g.over:
            break
        a = g.actor
        view = g.view(a)
        fresh = EasyPlayer(90 + a)
        assert fresh.notebook(view) == bots[a].notebook(view)
        shown = {e.card for e in view.events if isinstance(e, ev.CardShown) and e.to == a}
        forgot += len({c for pile in bots[a].notebook(view) for c in pile} & shown)
        g.apply(bots[a].choose(view, g.legal_actions()))
    assert g.over and forgot > 0        # some card shown went unwritten for a while


def test_the_default_card_game_gives_the_person_two_turns():
    """200 deals of the setup from the title (4 players, normal deck, three
    computer seats of the default level, first turn by lot), the person
    played as easy: two turns or more in at least 95 % of the games, and no
    computer wins before the person's second turn."""
    results = [person_turns(seed) for seed in range(1, 201)]
    two = sum(n >= 2 for n, _w in results)
    assert two >= 190, two
    assert not [s for s, (n, w) in enumerate(results, 1) if n < 2 and w not in (None, PERSON)]
    assert DEFAULT_LEVEL == "beginner"


def test_the_card_game_takes_beginner_on_the_command_line():
    out = subprocess.run([sys.executable, "run.py", "--headless", "--mode", "card-game", "--level", "beginner",
                          "--players", "4", "--seed", "3"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1].startswith("RESULT: ")
