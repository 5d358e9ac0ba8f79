"""The table's pace: how long each moment stays on screen, in seconds at
normal speed (every figure is divided by the speed setting: 2.0 twice as
fast, :data:`game.ui.draw.anim.INSTANT` none).  One table for both game modes, so
a change of pace is made here and nowhere else."""

from __future__ import annotations

from game.cardgame import events as card_ev
from game.rules import events as board_ev

#: Seconds a computer player "thinks" before a decision whose phase has no
#: entry in :data:`COMPUTER_PAUSES` (both games).
COMPUTER_PAUSE = 0.2
#: The same, by its older name (tests and benchmarks use it).
AI_PAUSE = COMPUTER_PAUSE
#: A computer player's pause before a decision, by the game's phase
#: (``Phase.value`` of either engine) -> seconds.  Only a beat before a step
#: whose own animation or line shows it (roll, walk, end the turn); a little
#: more before a choice people read (what to ask or suggest, joining an
#: accusation).  The line itself then stays on screen for its own pause below.
COMPUTER_PAUSES: dict[str, float] = {
    "start": 0.05, "move": 0.05, "suggest": 0.15, "disprove": 0.05, "after": 0.05,     # board game
    "ask": 0.2, "show": 0.1, "join": 0.3,                                          # card game
}
#: Seconds the notice "brought to the Kitchen" stays at the start of a pulled-in person's turn (board game).
PULLED_TIME = 3.5
#: Seconds between the end of a game and its game-over screen (both games).
GAME_OVER_WAIT = 0.8


def computer_pause(phase) -> float:
    """Seconds (normal speed) a computer player waits before acting in
    ``phase`` (an engine ``Phase`` of either game, or its value)."""
    return COMPUTER_PAUSES.get(getattr(phase, "value", phase), COMPUTER_PAUSE)

#: Seconds (normal speed) the "Nobody can show a card!" banner stays across
#: the table: the pause of that moment in both games.
BANNER_TIME = 1.2

#: The board game: event type -> seconds it stays alone on screen (animated
#: events -- the die, a walk, a glide -- take the time of their animation).
BOARD_PAUSES: dict[type, float] = {
    board_ev.TurnStarted: 0.05, board_ev.AccusationMade: 0.6, board_ev.PlayerEliminated: 0.5,
    board_ev.SuggestionMade: 0.4, board_ev.DisproveRequested: 0.05, board_ev.NobodyDisproved: BANNER_TIME,
    board_ev.CardShown: 0.25,
}
#: The card game: event type -> seconds it stays alone on screen.
CARD_PAUSES: dict[type, float] = {
    card_ev.TurnStarted: 0.1, card_ev.Asked: 0.4, card_ev.NoCard: 0.25, card_ev.ShowRequested: 0.3,
    card_ev.CardShown: 0.5,
    card_ev.NobodyShowed: BANNER_TIME, card_ev.AccusationStarted: 0.6, card_ev.AccusationPlaced: 0.4,
    card_ev.JoinDeclined: 0.25, card_ev.AccusationWrong: 0.7,
}
