"""Notebook hints (game/learning/hints.py): one scenario per deduction rule, the Rope
sentence word for word, soundness against the exact counting of
game.ai.knowledge and against the real deal over many games (board game,
classic and Cluedo (Spain), 3 to 6 players; card game, normal and advanced),
and honesty (hidden cards swapped, same view, same hints).  Then the notebook
modes in the UI: manual, assisted, hints; the choice in New game and in saves."""

from __future__ import annotations

import copy
import random

import pytest

from game.ai.knowledge import constraints_from_view, solve
from game.ai.simple import make_player
from game.learning.hints import (
    DEFAULT_NOTEBOOK_MODE,
    Hint,
    InconsistentViewError,
    Question,
    Table,
    board_hints,
    card_game_hints,
    deduce,
)
from game.rules.cards import ROOMS, SUSPECTS, WEAPONS
from game.text.i18n import set_language

CLASSIC = (SUSPECTS, WEAPONS, ROOMS)
#: The card game's normal deck: 3 persons, 3 weapons, 3 locations (003).
CARD_PILES = (("plum", "mustard", "green"), ("knife", "rope", "candlestick"),
              ("billiard_room", "dining_room", "kitchen"))


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def suspects_of(*seats):
    return lambda p: seats[p]


#: Three players: me (Miss Scarlet), Colonel Mustard, Mrs. White; six cards each.
NAME3 = suspects_of("scarlet", "mustard", "white")
MY_HAND = frozenset({"green", "plum", "knife", "hall", "study", "lounge"})


def table3(questions=(), **kw) -> Table:
    return Table(0, MY_HAND, (6, 6, 6), CLASSIC, tuple(questions), **kw)


# ------------------------------------------------------------ one rule each
def test_hand_and_shown_cards():
    hints = deduce(table3([Question(0, ("mustard", "rope", "kitchen"), (), 1, "rope")]), NAME3)
    assert hints["knife"] == Hint("knife", False, 0, "You have the Knife in your hand.")
    assert hints["plum"].reason == "You have Professor Plum in your hand."
    assert hints["rope"] == Hint("rope", False, 1, "Colonel Mustard showed you the Rope.")
    assert "mustard" not in hints and "kitchen" not in hints


def test_the_rope_sentence():
    """000 "Suggestions" 6: nobody could show a card; the other two named cards
    are mine, so the Rope is in the envelope."""
    hints = deduce(table3([Question(0, ("green", "rope", "hall"), (1, 2))]), NAME3)
    assert hints["rope"] == Hint("rope", True, None,
                                 "Nobody could show a card for the Rope, and you don't hold it: "
                                 "it is in the envelope.")


def test_no_card_alone_concludes_nothing():
    """000 "Suggestions" 4: Mustard has none of the three, but they may be White's or in the envelope."""
    hints = deduce(table3([Question(2, ("white", "rope", "kitchen"), (0, 1), 2, None)]), NAME3)
    assert not {"white", "rope", "kitchen"} & set(hints)


def test_a_shower_who_cannot_hold_the_others_holds_the_remaining_card():
    """000 "Suggestions" 3: White showed Mustard a card for Peacock, the Rope or
    the Kitchen; White said earlier she has neither Peacock nor the Rope."""
    qs = [Question(1, ("peacock", "rope", "hall"), (2,), 0, "hall"),      # White: no card (I showed the Hall)
          Question(1, ("peacock", "rope", "kitchen"), (), 2, None)]
    hints = deduce(table3(qs), NAME3)
    assert hints["kitchen"] == Hint("kitchen", False, 2,
                                    "Mrs. White showed a card for Mrs. Peacock, the Rope or the Kitchen, and the "
                                    "Kitchen is the only one of them Mrs. White can have.")


def test_a_full_hand_holds_nothing_else():
    """Mustard showed me all six of his cards; White has no Rope; so only the
    envelope is left for the Rope."""
    shown = ("scarlet", "white", "candlestick", "lead_pipe", "kitchen", "ballroom")
    qs = [Question(0, (c,), (), 1, c) for c in shown]
    qs.append(Question(1, ("peacock", "rope", "conservatory"), (2,), None, None))
    hints = deduce(table3(qs), NAME3)
    assert hints["rope"] == Hint("rope", True, None,
                                 "No other player can have the Rope, and you don't hold it: it is in the envelope.")
    # Mustard's hand is full, White said no: Peacock and the Conservatory are in the envelope too
    assert hints["peacock"].envelope and hints["conservatory"].envelope


def test_only_one_player_can_hold_a_card():
    """Not in the envelope (the Rope is the weapon there) and Mustard said no: White has the Wrench."""
    qs = [Question(0, ("green", "rope", "hall"), (1, 2)),
          Question(2, ("green", "wrench", "hall"), (1,), 0, "green")]
    hints = deduce(table3(qs), NAME3)
    assert hints["wrench"] == Hint("wrench", False, 2, "Mrs. White has the Wrench: nobody else can have it, and "
                                                      "it is not in the envelope.")


def test_once_the_envelope_card_is_known_the_others_are_held():
    hints = deduce(table3([Question(0, ("green", "rope", "hall"), (1, 2))]), NAME3)
    assert hints["revolver"] == Hint("revolver", False, None,
                                     "The Rope is the weapon in the envelope, so the Revolver is in somebody's hand.")
    assert "knife" in hints and hints["knife"].holder == 0      # my own card keeps its own reason
    assert not any(h.envelope for c, h in hints.items() if c in WEAPONS and c != "rope")


def test_the_last_card_of_a_pile_is_in_the_envelope():
    qs = [Question(0, ("mustard", w, "hall"), (), 1, w) for w in ("candlestick", "lead_pipe")]
    qs += [Question(0, ("mustard", w, "hall"), (), 2, w) for w in ("revolver", "rope")]
    hints = deduce(table3(qs), NAME3)              # the Knife is mine: only the Wrench is left
    assert hints["wrench"] == Hint("wrench", True, None,
                                   "Every other weapon is in somebody's hand, so the Wrench is in the envelope.")


def test_a_player_who_can_hold_only_as_many_cards_as_they_have_holds_them():
    """Card game piles, three players with two cards each (003): Player 2 said
    no to five cards, so the two left are theirs."""
    t = Table(0, frozenset({"plum", "knife"}), (2, 2, 2), CARD_PILES,
              (Question(2, ("mustard", "rope"), (0, 1)),
               Question(2, ("green", "candlestick"), (0, 1)),
               Question(0, ("kitchen", "plum"), (1, 2))))
    hints = deduce(t, lambda p: f"Player {p + 1}")
    assert hints["kitchen"].envelope
    assert hints["billiard_room"] == Hint("billiard_room", False, 1,
                                          "Player 2 holds 2 cards, and only 2 cards are left that Player 2 could "
                                          "have: the Billiard Room is one of them.")
    assert hints["dining_room"].holder == 1


def test_a_wrong_accusation_is_not_the_envelope():
    """000 "Accusations" 4: White accused Mustard, the Rope and the Lounge and was out; Mustard and the Rope are
    in the envelope, so the Ballroom (named instead of the Lounge in a second example) is not."""
    qs = [Question(0, ("mustard", "knife", "hall"), (1, 2)),
          Question(0, ("green", "rope", "hall"), (1, 2))]
    hints = deduce(table3(qs, wrong=((2, ("mustard", "rope", "ballroom")),)), NAME3)
    assert hints["mustard"].envelope and hints["rope"].envelope
    assert hints["ballroom"] == Hint("ballroom", False, None,
                                     "Mrs. White accused wrongly, and Colonel Mustard and the Rope from that "
                                     "accusation are in the envelope, so the Ballroom is not.")


def test_looked_and_revealed_envelope():
    hints = deduce(table3(looked=("peacock", "rope", "kitchen")), NAME3)
    assert hints["rope"] == Hint("rope", True, None, "You looked in the envelope: the Rope is in it.")
    hints = deduce(table3(revealed=("peacock", "rope", "kitchen")), NAME3)
    assert hints["kitchen"].reason == "The game is over: the Kitchen was in the envelope."


def test_sentences_in_spanish_and_catalan():
    t = table3([Question(0, ("green", "rope", "hall"), (1, 2))])
    set_language("es")
    assert deduce(t, NAME3)["rope"].reason == "La Soga: nadie pudo enseñar esa carta y no está en tu mano, así que está en el sobre."
    set_language("ca")
    assert "sobre" in deduce(t, NAME3)["rope"].reason


def test_inconsistent_views_are_refused():
    with pytest.raises(InconsistentViewError):     # Mustard showed me the Knife, but it is in my hand
        deduce(table3([Question(0, ("mustard", "knife", "kitchen"), (), 1, "knife")]), NAME3)
    with pytest.raises(ValueError):
        deduce(Table(0, MY_HAND, (6, 6), CLASSIC), NAME3)


# --------------------------------------------------------- soundness: board
def _board():
    from game.board.tmx import load_board
    from game.storage import paths

    return load_board(paths.MANSION_MAP)


def check_board_hints(game, seat: int, hints: dict[str, Hint]) -> None:
    """Every hint agrees with the exact counting of the seat's view and with the real deal."""
    kn = solve(constraints_from_view(game.view(seat)))
    for c, h in hints.items():
        if h.envelope:
            assert kn.counts[c][kn.envelope] == kn.total, h
            assert c in game.envelope, h
        elif h.holder is not None:
            assert kn.certain_owner(c) == h.holder, h
            assert c in game.seats[h.holder].hand, h
        else:
            assert kn.counts[c][kn.envelope] == 0, h
            assert c not in game.envelope, h


@pytest.mark.parametrize("preset", ("classic", "cluedo-es"))
def test_board_hints_are_sound_over_many_games(preset):
    from game.commands.headless import computer_setup
    from game.rules.engine import Game
    from game.rules.options import preset_options

    board = _board()
    reasons: set[str] = set()
    envelopes = 0
    for seed in range(8):
        players = 3 + seed % 4
        setup = computer_setup(players, seed, "medium", preset_options(preset))
        g = Game.new(board, setup)
        bots = [make_player(s.level, seed * 31 + i) for i, s in enumerate(g.setup.seats)]
        steps = 0
        while not g.over:
            a = g.actor
            g.apply(bots[a].choose(g.view(a), g.legal_actions()))
            steps += 1
            if steps % 20 == 0 or g.over:
                for seat in range(players):
                    hints = board_hints(g.view(seat))
                    check_board_hints(g, seat, hints)
                    envelopes += sum(h.envelope for h in hints.values())
                    reasons |= {h.reason for h in hints.values()}
    assert envelopes > 0
    for words in ("in your hand", "showed you", "is the only one of them", "it is in the envelope",
                  "in somebody's hand"):
        assert any(words in r for r in reasons), words


def test_hints_do_not_change_when_hidden_cards_change():
    """Honesty: swap a card of another player's hand with the envelope card of
    its pile (neither ever named, so every event this seat saw stays the same):
    the view is the same, so the hints are the same, and they are still true."""
    from game.commands.headless import computer_setup
    from game.rules import events as ev
    from game.rules.engine import Game

    board = _board()
    swaps = 0
    for seed in range(4):
        setup = computer_setup(4, seed, "medium")
        g = Game.new(board, setup)
        bots = [make_player(s.level, seed * 31 + i) for i, s in enumerate(g.setup.seats)]
        rng = random.Random(seed)
        for _step in range(400):
            if g.over:
                break
            a = g.actor
            g.apply(bots[a].choose(g.view(a), g.legal_actions()))
            if _step % 40:
                continue
            named = set()
            for e in g.events:
                if isinstance(e, (ev.SuggestionMade, ev.AccusationMade)):
                    named |= {e.suspect, e.weapon, e.room}
            seat = rng.randrange(4)
            other = (seat + 1 + rng.randrange(3)) % 4
            for k, y in enumerate(g.envelope):
                pile = CLASSIC[k]
                xs = sorted(c for c in g.seats[other].hand if c in pile and c not in named)
                if y in named or not xs:
                    continue
                x = xs[0]
                g2 = copy.copy(g)
                g2.seats = [copy.copy(s) for s in g.seats]
                g2.seats[other].hand = (g.seats[other].hand - {x}) | {y}
                g2.envelope = tuple(x if c == y else c for c in g.envelope)
                v1, v2 = g.view(seat), g2.view(seat)
                assert v1.events == v2.events and v1.hand == v2.hand and v1.hand_sizes == v2.hand_sizes
                h1, h2 = board_hints(v1), board_hints(v2)
                assert h1 == h2
                check_board_hints(g, seat, h1)
                check_board_hints(g2, seat, h2)
                swaps += 1
    assert swaps > 5


# ---------------------------------------------------------- soundness: card game
def check_card_hints(game, seat: int, hints: dict[str, Hint]) -> None:
    from game.cardgame.ai import constraints

    kn = solve(constraints(game.view(seat)))
    for c, h in hints.items():
        assert c not in game.face_up
        if h.envelope:
            assert kn.counts[c][kn.envelope] == kn.total and c in game.crime, h
        elif h.holder is not None:
            assert kn.certain_owner(c) == h.holder and c in game.hands[h.holder], h
        else:
            assert kn.counts[c][kn.envelope] == 0 and c not in game.crime, h


def test_card_game_hints_are_sound_over_many_games():
    from game.cardgame.ai import make_card_player
    from game.cardgame.engine import CardGame, CardSetup

    envelopes = 0
    for seed in range(24):
        n = 3 + seed % 4
        level = ("easy", "medium", "hard")[seed % 3]
        g = CardGame.new(CardSetup(players=n, seed=seed, advanced=seed % 2 == 1))
        bots = [make_card_player(level, seed * 31 + i) for i in range(n)]
        while not g.over:
            a = g.actor
            g.apply(bots[a].choose(g.view(a), g.legal_actions()))
            for seat in range(n):
                hints = card_game_hints(g.view(seat))
                check_card_hints(g, seat, hints)
                envelopes += sum(h.envelope for h in hints.values())
    assert envelopes > 0
    assert card_game_hints(g.view(0))[g.crime[0]].reason.startswith("The game is over")
    reasons = [h.reason for h in card_game_hints(g.view(0)).values()]
    # the card game's words: the Crime card (003), never the board game's envelope
    assert any("under the Crime card" in r for r in reasons)
    assert not any("envelope" in r or " room" in r or "suspect" in r for r in reasons)


def test_card_game_hints_are_honest():
    """Two other players' unasked cards swapped: same view, same hints, true in both deals."""
    from game.cardgame import events as ev
    from game.cardgame.ai import make_card_player
    from game.cardgame.engine import CardGame, CardSetup

    swaps = 0
    for seed in range(10):
        g = CardGame.new(CardSetup(players=4, seed=seed, advanced=True))
        bots = [make_card_player("medium", seed * 31 + i) for i in range(4)]
        for _step in range(6):
            if g.over:
                break
            g.apply(bots[g.actor].choose(g.view(g.actor), g.legal_actions()))
        asked = {c for e in g.events if isinstance(e, ev.Asked) for c in e.cards}
        a, b = [sorted(h - asked) for h in g.hands[1:3]]
        if not a or not b:
            continue
        g2 = copy.copy(g)
        g2.hands = list(g.hands)
        g2.hands[1] = (g.hands[1] - {a[0]}) | {b[0]}
        g2.hands[2] = (g.hands[2] - {b[0]}) | {a[0]}
        v1, v2 = g.view(0), g2.view(0)
        assert v1 == v2
        assert card_game_hints(v1) == card_game_hints(v2)
        check_card_hints(g, 0, card_game_hints(v1))
        check_card_hints(g2, 0, card_game_hints(v2))
        swaps += 1
    assert swaps > 3


def test_default_mode_is_hints():
    assert DEFAULT_NOTEBOOK_MODE == "hints"


# ------------------------------------------------------------ notebook modes
from tests.test_ui import app  # noqa: E402,F401  (the fast app fixture: computers think on this thread)


def _match(app, mode: str, turns: int = 24):
    """Miss Scarlet (a person) and three computers, played on to her turn after ``turns`` turns."""
    from game.rules.engine import Phase
    from game.rules.events import TurnStarted
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.screenshots.screens import advance

    match = Match(app.board, quick_setup(3), notebook_mode=mode)
    advance(match, lambda g: g.turn == 0 and g.phase is Phase.START
            and sum(isinstance(e, TurnStarted) for e in g.events) >= turns)
    return match


def _press(app, button) -> None:
    import pygame

    app.top.focus.focus_on(button)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.step(0.1)       # pressed and let go: a key held down presses nothing (its auto-repeat)


def test_manual_notebook_ticks_nothing(app):
    from game.ui.board.notebook import NotebookScene

    match = _match(app, "manual", 6)
    nb = NotebookScene(app, match, 0)
    assert nb.auto == {} and match.auto_ticks(0) == {}
    assert nb.focus.buttons == nb.rows + [nb.done_button]          # no Hint buttons
    mine = next(iter(match.game.seats[0].hand))
    assert match.cycle_mark(0, mine) == "X"                          # own cards are marked by hand
    hand = match.game.seats[0].hand                                   # ... but you can still see which they are
    assert {c for c in match.cards() if nb.auto_text(c) == "In my hand"} == set(hand)
    assert "Nothing is ticked for you" in nb.legend()


def test_assisted_notebook_ticks_own_and_shown_cards(app):
    from game.ui.board.notebook import NotebookScene

    match = _match(app, "assisted", 6)
    nb = NotebookScene(app, match, 0)
    assert set(match.game.seats[0].hand) <= set(nb.auto)
    assert nb.focus.buttons == nb.rows + [nb.done_button]


def test_hint_button_reveals_one_deduction_at_a_time(app):
    import pygame

    from game.ui.bases.notebook import RowButton
    from game.ui.board.notebook import NotebookScene

    match = _match(app, "hints", 40)
    nb = NotebookScene(app, match, 0)
    app.push(nb)
    hints = nb.hints()
    assert len(hints) >= 3 and not set(h.card for h in hints) & set(nb.auto)
    for h in hints:
        check_board_hints(match.game, 0, {h.card: h})
    _press(app, nb.hint_button)
    assert match.hints_seen[0] == [hints[0].card] and nb.legend() == hints[0].reason
    assert nb.focus.focused is nb.hint_button                        # Enter again gives the next one
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.step(0.1)
    assert match.hints_seen[0] == [hints[0].card, hints[1].card] and nb.legend() == hints[1].reason
    row = next(r for r in nb.rows if r.data == hints[0].card)
    nb.focus.focus_on(row)                                           # a blue row tells its reason again
    assert nb.legend() == hints[0].reason and nb.shown_hint(row.data) == hints[0]
    note = nb.hint_note(hints[0])
    assert note in ("In the envelope!", "Not in the envelope") or note.startswith("Held by ")
    _press(app, nb.all_button)
    assert match.hints_seen[0] == [h.card for h in hints]
    assert nb.legend().startswith(f"{len(hints) - 2} new hints are marked in blue")
    _press(app, nb.hint_button)
    assert nb.legend().startswith("You have seen every hint for now")
    # the buttons are reached with the arrows: down from the last weapon, then right and back
    wrench = next(r for r in nb.rows if r.data == "wrench")
    nb.focus.focus_on(wrench)
    for k, target in ((pygame.K_DOWN, nb.hint_button), (pygame.K_RIGHT, nb.all_button),
                      (pygame.K_RIGHT, nb.done_button), (pygame.K_LEFT, nb.all_button),
                      (pygame.K_LEFT, nb.hint_button), (pygame.K_UP, wrench)):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
        app.step(0.1)
        assert nb.focus.focused is target, (k, target.label)
    assert all(isinstance(r, RowButton) for r in nb.rows)
    NotebookScene(app, match, 0)                                     # reopened: the revealed hints stay
    assert match.hints_seen[0] == [h.card for h in hints]


def test_new_game_offers_the_notebook_help(app):
    from game.ui.board.table import BoardScene
    from game.ui.scenes.setup import SetupScene

    s = SetupScene(app)
    app.push(s)
    assert s.notebook_mode == "hints" and s.notebook_button.label == "Notebook help: Hints"
    assert s.notebook_button in s.focus.buttons
    seen = []
    for _ in range(3):
        _press(app, s.notebook_button)
        seen.append(s.notebook_mode)
    assert seen == ["manual", "assisted", "hints"]
    _press(app, s.notebook_button)
    assert s.notebook_button.label == "Notebook help: Manual"
    _press(app, s.start_button)
    board = app.top
    assert isinstance(board, BoardScene) and board.match.notebook_mode == "manual"
    assert board.match.saved().notebook_mode == "manual"


def test_the_save_keeps_the_notebook_help_and_old_saves_load(tmp_path, app):
    from game.storage.save import SaveError, from_document, read_save, save_game, to_document
    from game.ui.board.match import Match

    match = _match(app, "assisted", 4)
    path = tmp_path / "save.json"
    save_game(path, match.saved())
    saved = read_save(path)
    assert saved.notebook_mode == "assisted"
    assert Match.resume(app.board, saved).notebook_mode == "assisted"
    doc = to_document(saved)
    del doc["notebook_mode"]                     # a save from before the notebook help
    assert from_document(doc).notebook_mode == DEFAULT_NOTEBOOK_MODE
    doc["notebook_mode"] = "cheat"
    with pytest.raises(SaveError, match="notebook help"):
        from_document(doc)


@pytest.mark.parametrize("lang", ("en", "es", "ca"))
@pytest.mark.parametrize("size", ("normal", "large"))
def test_hint_sentences_fit_the_notebook_text_box(app, lang, size):
    """Every reason of a long game (all rules' sentences that came up), and the
    legends of the three modes, wrap inside the notebook's text box."""
    from game.ui.board.notebook import NotebookScene
    from game.ui.draw import theme

    theme.set_text_scale(theme.LARGE_SCALE if size == "large" else 1.0)
    set_language(lang)
    try:
        match = _match(app, "hints", 60)
        nb = NotebookScene(app, match, 0)
        box = nb.legend_rect()
        texts = [h.reason for h in match.hints(0).values()]
        for mode in ("manual", "assisted", "hints"):
            nb.mode = mode
            texts.append(nb.legend())
        nb.mode = "hints"
        nb.focus.focus_on(nb.hint_button)
        texts.append(nb.legend())
        nb.focus.focus_on(nb.all_button)
        texts.append(nb.legend())
        height = theme.font(theme.SMALL).get_height() + 4
        for t in texts:
            lines = theme.wrap(t, box.width, theme.SMALL)
            assert len(lines) * height - 4 <= box.height, (lang, size, t)
            assert all(theme.font(theme.SMALL).size(ln)[0] <= box.width for ln in lines), t
    finally:
        theme.set_text_scale(1.0)
