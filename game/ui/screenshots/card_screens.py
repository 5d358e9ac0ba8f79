"""Representative card-game states for ``--screenshot`` (and the text-fit
tests, which measure every scene of :data:`game.ui.screenshots.screens.SCENE_NAMES`).
Seeded, so the pictures repeat."""

from __future__ import annotations

from game.cardgame import events as ev
from game.cardgame.ai import make_card_player
from game.cardgame.engine import Accuse, CardSetup, Decline, Join, Phase
from game.ui.shell.registry import make

#: Scene names (``run.py --screenshot x.png --scene card-game``).
CARD_SCENES = ("card-setup", "card-game", "card-ask", "card-notebook", "card-show", "card-join", "card-reveal",
               "card-over", "card-report", "card-question", "card-hotseat", "card-hotseat-hand", "card-five")


def card_match(seed: int, humans: int = 1, players: int = 4, advanced: bool = True):
    """A :class:`~game.ui.cardgame.match.CardMatch` (advanced deck by
    default: two cards each at four players): ``humans`` people first, then
    computer players (medium, hard, easy ...); seat 0 starts."""
    from game.ui.cardgame.match import CARD_TOKENS, CardMatch

    levels = ("human",) * humans + tuple(("medium", "hard", "easy")[i % 3] for i in range(players - humans))
    return CardMatch(CardSetup(players=players, seed=seed, advanced=advanced, levels=levels, first=0),
                     CARD_TOKENS[:players])


def card_advance(match, stop, limit: int = 2000) -> None:
    """Play with computer players on every seat (stand-ins for the people,
    who never accuse) until ``stop(game)``; log lines are kept."""
    g = match.game
    stand_in = {i: make_card_player("easy", 1000 + i) for i in range(g.players)}
    n = 0
    while not stop(g) and not g.over and n < limit:
        seat = g.actor
        view = g.view(seat)
        action = match.players.get(seat, stand_in[seat]).choose(view, g.legal_actions())
        if isinstance(action, Join) and match.is_human(seat):
            action = Decline()           # (choosing among the rest would offer only Decline, and the AI asks)
        elif isinstance(action, Accuse) and match.is_human(seat):
            action = stand_in[seat].choose(view, [a for a in g.legal_actions() if not isinstance(a, Accuse)])
        for e in g.apply(action):
            match.add_log(e)
        n += 1


def everybody_wrong(match) -> None:
    """The turn player accuses and every other player joins, all wrongly:
    everybody loses (003 "Si tots els jugadors estan equivocats, tots els
    jugadors perdran")."""
    g = match.game
    persons, weapons, locations = g.view(0).piles
    s, w, r = g.crime
    wrong = [(p, w, r) for p in persons if p != s]
    wrong += [(s, x, r) for x in weapons if x != w] + [(s, w, x) for x in locations if x != r]
    for e in g.apply(Accuse(*wrong[0])):
        match.add_log(e)
    i = 1
    while not g.over:
        for e in g.apply(Join(*wrong[i % len(wrong)])):
            match.add_log(e)
        i += 1


def build_card_scene(app, scene: str, seed: int = 3) -> None:
    """Put ``app`` (already started on the title) in the state of ``scene``,
    one of :data:`CARD_SCENES`."""
    if scene == "card-setup":
        app.push(make("card_setup", app))
        return
    if scene in ("card-show", "card-join"):      # a person must act in private (shown without the cover)
        match = card_match(seed, humans=2)
        phase = Phase.SHOW if scene == "card-show" else Phase.JOIN
        if phase is Phase.JOIN:
            card_advance(match, lambda g: len(g.actions) >= 6 and g.turn == 1 and g.phase is Phase.ASK)
            match.game.apply(Accuse(*match.game.crime))
        else:
            card_advance(match, lambda g: g.phase is Phase.SHOW and match.is_human(g.actor) and len(g.actions) > 4)
        table = make("card_table", app, match)
        table.opened = (len(match.game.events), match.game.actor)
        app.push(table)
        seat = match.game.actor
        app.push(make("card_show", app, table, seat) if phase is Phase.SHOW else make("join", app, table, seat, 1))
        return
    if scene in ("card-hotseat", "card-hotseat-hand"):
        build_hotseat(app, seed, scene == "card-hotseat-hand")
        return
    if scene == "card-question":
        build_question(app, seed)
        return
    match = card_match(seed, players=5) if scene == "card-five" else card_match(seed)
    if scene == "card-five":                     # five seats, four cards face up
        card_advance(match, lambda g: g.turn == 0 and g.phase is Phase.ASK and len(g.actions) >= 3)
        app.push(make("card_table", app, match))
        return
    if scene == "card-report":                   # the person's detective report (one person: no cover)
        card_advance(match, lambda g: False)
        app.push(make("card_table", app, match))
        over = make("card_game_over", app, match)
        app.push(over)
        over.guard.update(10.0)
        over.update(0.0)
        over.open_report(match.humans[0])
        return
    if scene in ("card-reveal", "card-over"):
        card_advance(match, lambda g: len(g.actions) >= 8 and g.phase is Phase.ASK)
        events, lines, logged = len(match.game.events), len(match.log), len(match.log_events)
        everybody_wrong(match)
        revealed = next(e for e in match.game.events if isinstance(e, ev.AccusationsRevealed))
        if scene == "card-over":
            app.push(make("card_table", app, match))
            app.push(make("card_game_over", app, match))
            return
        del match.log[lines:], match.log_events[logged:]
        table = make("card_table", app, match)     # the accusations are played as at the table, up to the reveal
        table.queue.extend(match.game.events[events:])
        app.push(table)
        while app.top is table and table.queue:
            table.skip()
            table.update(0.05)
        app.top.shown = len(revealed.accusations)
        return
    card_advance(match, lambda g: g.turn == 0 and g.phase is Phase.ASK and len(g.actions) >= 12)
    table = make("card_table", app, match)
    app.push(table)
    for _ in range(3):
        table.update(0.05)
    table.guard.left = 0.0
    if scene == "card-ask":
        picker = make("card_picker", app, table, 0, "ask", marks=True)
        picker.pick("weapon", picker.items["weapon"][1])
        picker.focus.focus_on(picker.items["location"][2])
        app.push(picker)
    elif scene == "card-notebook":
        match.notebooks[0].update({"mustard": "X", "candlestick": "?"})
        book = make("case_file", app, match, 0)
        book.next_hint()
        app.push(book)


def build_question(app, seed: int) -> None:
    """A computer player has just asked (one person at the table): the two
    cards at the start of their way round the table (``CLUE_SHOT_AT`` steps
    them on: ``tools/strip.py card-question``)."""
    match = card_match(seed)
    card_advance(match, lambda g: g.turn == 2 and g.phase is Phase.ASK and len(g.actions) >= 4)
    table = make("card_table", app, match)
    app.push(table)
    g = match.game
    table.do(match.players[g.actor].choose(g.view(g.actor), g.legal_actions()))
    table.update(0.0)                    # the question is put on the table (its first event played)


def build_hotseat(app, seed: int, shown: bool) -> None:
    """Two people and two computer players, the first person to ask: the
    hand face down on the table with "Show my cards" (``shown``: after the
    cover, face up)."""
    match = card_match(seed, humans=2)
    card_advance(match, lambda g: g.turn == 0 and g.phase is Phase.ASK and len(g.actions) >= 8)
    table = make("card_table", app, match)
    app.push(table)
    table.update(0.05)
    table.guard.left = 0.0
    if shown:
        table.reveal_hand(0)
