"""``--screenshot`` scenes of the game's story (built by
:func:`game.ui.screenshots.screens.build_scene`): the log scrolled back with card
pictures (both games), the pulled-in banner, and the recap of each game.
Seeded, so the pictures repeat."""

from __future__ import annotations

from game.ui.shell.registry import make

#: Scene names (``run.py --screenshot x.png --scene log-scrolled``).
STORY_SCENES = ("card-log-scrolled", "card-recap", "log-scrolled", "pulled-banner", "recap")


def _scroll_to_pictures(table) -> None:
    """Scroll ``table``'s log back until a line with pictures is in view, a few entries up."""
    view = table.log_view
    table.log_blocks()
    for _i in range(60):
        view.scroll(1)
        blocks = table.log_blocks()
        if view.back >= 3 and any(b.cards for b in blocks[1:]):
            return


def _board(app, seed: int, advance, stop):
    """A board match (one person: Miss Scarlet) played by ``advance`` until ``stop(game)``, its table pushed."""
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match

    match = Match(app.board, quick_setup(seed))
    advance(match, stop, limit=20000)
    table = make("board", app, match)
    app.push(table)
    return table


def build_story_scene(app, scene: str, seed: int, advance) -> None:
    """Put ``app`` (started) in the state of ``scene`` (one of
    :data:`STORY_SCENES`); ``advance(match, stop, limit)`` plays a board
    match (:func:`game.ui.screenshots.screens.advance`, passed in: that module imports this one)."""
    from game.rules.engine import Phase
    from game.rules.events import TurnStarted
    from game.ui.screenshots.card_screens import card_advance, card_match

    if scene == "log-scrolled":
        table = _board(app, seed, advance, lambda g: g.turn == 0 and g.phase is Phase.START
                       and sum(isinstance(e, TurnStarted) for e in g.events) >= 13)
        _scroll_to_pictures(table)
    elif scene == "card-log-scrolled":
        from game.cardgame import events as card_ev
        from game.cardgame.engine import Phase as CardPhase

        match = card_match(seed)
        card_advance(match, lambda g: g.actor == 0 and g.phase is CardPhase.ASK
                     and sum(isinstance(e, card_ev.TurnStarted) for e in g.events) >= 9)
        table = make("card_table", app, match)
        app.push(table)
        _scroll_to_pictures(table)
    elif scene == "pulled-banner":
        _pulled(app, seed, advance)
    elif scene == "recap":
        table = _board(app, seed, advance, lambda g: False)
        app.push(make("recap", app, table.match))
        app.top.scroll_by(260)
    elif scene == "card-recap":
        match = card_match(seed)
        card_advance(match, lambda g: False, limit=20000)
        app.push(make("card_table", app, match))
        app.push(make("recap", app, match))


def _pulled(app, seed: int, advance) -> None:
    """The start of Miss Scarlet's turn after somebody's suggestion brought
    her into a room: her ``TurnStarted`` played by the table's presenter, the
    banner at rest."""
    from game.rules.engine import Phase
    from game.rules.events import TurnStarted, public
    from game.ui.board.presenter import pulled_in

    def stop(g) -> bool:
        return g.turn == 0 and g.phase is Phase.START and \
            pulled_in([public(e) for e in g.events], 0, g.seats[0].suspect) is not None

    for s in range(seed, seed + 40):
        table = _board(app, s, advance, stop)
        if stop(table.game):
            break
        app.pop(table)
    m = table.match
    if m.log_events and isinstance(m.log_events[-1], TurnStarted):     # her turn, shown again by the table
        m.log.pop()
        e = m.log_events.pop()
        table.queue.append(e)
    for _i in range(100):
        table.update(0.05)
        if table.banner is not None:
            break
    table.update(1.0)
