"""The table's pace: how long each moment stays on screen, in seconds at
normal speed (every figure is divided by the speed setting: 2.0 twice as
fast, :data:`game.ui.anim.INSTANT` none).  One table for both game modes, so
a change of pace is made here and nowhere else."""

from __future__ import annotations

from game.cardgame import events as card_ev
from game.rules import events as board_ev

#: Seconds a computer player "thinks" before each decision (both games).
COMPUTER_PAUSE = 0.7
#: The same, by its older name (tests and benchmarks use it).
AI_PAUSE = COMPUTER_PAUSE
#: Seconds between the end of a game and its game-over screen (both games).
GAME_OVER_WAIT = 0.8

#: The board game: event type -> seconds it stays alone on screen (animated
#: events -- the die, a walk, a glide -- take the time of their animation).
BOARD_PAUSES: dict[type, float] = {
    board_ev.TurnStarted: 0.25, board_ev.AccusationMade: 0.6, board_ev.PlayerEliminated: 0.5,
    board_ev.SuggestionMade: 0.5, board_ev.DisproveRequested: 0.4, board_ev.NobodyDisproved: 0.4,
}
#: The card game: event type -> seconds it stays alone on screen.
CARD_PAUSES: dict[type, float] = {
    card_ev.TurnStarted: 0.3, card_ev.Asked: 0.7, card_ev.NoCard: 0.5, card_ev.CardShown: 0.6,
    card_ev.NobodyShowed: 0.5, card_ev.AccusationStarted: 0.8, card_ev.AccusationPlaced: 0.5,
    card_ev.JoinDeclined: 0.4, card_ev.AccusationWrong: 0.7,
}
