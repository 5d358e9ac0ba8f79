"""The guided first game: a short game of classic Clue with a deal decided in
advance, that walks a new player through every part of a turn, one idea at a
time.

Pure Python, no pygame: the deal (:data:`DEAL`), every action of the game in
order (:data:`SCRIPT`, the person's and the computer players'), the lessons
(:data:`LESSONS`, the short texts shown on the way) and the lesson file that
lets a child leave and come back (:func:`save_lesson`, :func:`load_lesson`).
The screens that show it are in :mod:`game.ui.lesson.coach`.

The game, in four rounds (rules from ``000``):

0. Before the first roll: all six tokens are on the board, Professor Plum's
   too though nobody plays him ("Setting up" 1); the weapons start one to a
   room ("Setting up" 2); the hands are even here, uneven with 4 or 5
   players ("Setting up" 6).
1. Miss Scarlet (the person) rolls 4 and walks into the corridor: her own
   start square is not lit, since no square may be stepped on twice ("How a
   turn works" 2).  Colonel Mustard and Mrs. White walk too ("How a turn
   works" 1-2).
2. Miss Scarlet rolls 5: Colonel Mustard's square is not lit, since no token
   may stop on or walk through another ("How a turn works" 2).  She enters the
   Lounge with steps left, the doorway being no square ("How a turn works" 3),
   suggests Colonel Mustard with the Rope ("Suggestions" 1-3): his token is
   pulled in and he shows her the Rope.  Mustard takes the secret passage to
   the Conservatory ("Secret passages and blocked doors") and suggests Miss
   Scarlet, pulling her token there; Mrs. White shows him a card she alone
   sees.  Mrs. White enters the Ballroom and suggests Mr. Green with the
   Revolver: Miss Scarlet holds two of them and chooses one to show.  Mrs.
   White then accuses wrongly, naming the Kitchen from the Ballroom, and is
   out ("Accusations" 1, 4).
3. Miss Scarlet, pulled into the Conservatory, suggests there without rolling
   ("Secret passages and blocked doors" 3), naming Mrs. White: the out
   player's token is pulled in too, and she still shows a card ("Accusations"
   4).  Colonel Mustard rolls 1 and stops in front of the Conservatory's only
   door.  Mrs. White, out, takes no turn.
4. Miss Scarlet cannot walk out through the blocked door ("Secret passages and
   blocked doors" 2; with no passage she would wait): she takes the secret
   passage back to the Lounge and suggests Professor Plum with the
   Candlestick: nobody can show a card and she holds none of the three, so
   all three are in the envelope -- Professor Plum, whom nobody plays; she
   accuses and wins ("Accusations" 1-3).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from game.rules.actions import Accuse, Action, Disprove, EndTurn, Move, Roll, Suggest, TakePassage, from_dict, to_dict
from game.rules.setup import FixedDeal, GameSetup, SeatConfig
from game.storage.files import FileProblem, read_json
from game.text.i18n import N_

#: The person plays Miss Scarlet (seat 0, first to move); two computer players.
SEATS = (SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer", "medium"),
         SeatConfig("white", "computer", "medium"))

#: The cards and the first rolls, decided in advance.
DEAL = FixedDeal(
    envelope=("plum", "candlestick", "lounge"),
    hands=(("green", "ballroom", "white", "wrench", "kitchen", "study"),            # Miss Scarlet (you)
           ("rope", "peacock", "revolver", "hall", "library", "dining_room"),       # Colonel Mustard
           ("knife", "scarlet", "mustard", "lead_pipe", "conservatory", "billiard_room")),  # Mrs. White
    weapon_rooms=(("candlestick", "study"), ("knife", "kitchen"), ("lead_pipe", "ballroom"),
                  ("revolver", "hall"), ("rope", "library"), ("wrench", "billiard_room")),
    rolls=((4,), (5,), (6,), (5,), (3,), (1,)),
)

#: Miss Scarlet's start square: not lit after her first roll (no square twice, 000 "How a turn works" 2).
SCARLET_START = (7, 24)
#: Where Colonel Mustard stops in the first round: not lit after Miss Scarlet's second roll.
MUSTARD_FIRST = (5, 17)
#: The square in front of the Conservatory's only door, where Colonel Mustard stops in the third round.
CONSERVATORY_DOOR = (18, 6)
#: The square in front of the Lounge's only door: one step from it takes Miss Scarlet in (the doorway is no square).
LOUNGE_DOOR = (6, 18)

#: The setup of the guided game (seed 0: the deal and the rolls are fixed).
SETUP = GameSetup(seats=SEATS, seed=0, deal=DEAL)

#: Every action of the guided game, in order; seat 0 is the person.
SCRIPT: tuple[tuple[int, Action], ...] = (
    (0, Roll()), (0, Move(square=(7, 20))), (0, EndTurn()),
    (1, Roll()), (1, Move(square=MUSTARD_FIRST)), (1, EndTurn()),
    (2, Roll()), (2, Move(square=(7, 4))), (2, EndTurn()),
    (0, Roll()), (0, Move(room="lounge")), (0, Suggest("mustard", "rope")), (1, Disprove("rope")), (0, EndTurn()),
    (1, TakePassage()), (1, Suggest("scarlet", "knife")), (2, Disprove("knife")), (1, EndTurn()),
    (2, Roll()), (2, Move(room="ballroom")), (2, Suggest("green", "revolver")), (0, Disprove("ballroom")),
    (2, Accuse("green", "revolver", "kitchen")),                      # wrong: Mrs. White is out
    (0, Suggest("white", "candlestick")), (2, Disprove("conservatory")), (0, EndTurn()),  # no roll: pulled in
    (1, Roll()), (1, Move(square=CONSERVATORY_DOOR)), (1, EndTurn()),  # the only door blocked
    (0, TakePassage()), (0, Suggest("plum", "candlestick")), (0, Accuse("plum", "candlestick", "lounge")),
)

#: The person's seat.
YOU = 0


@dataclass(frozen=True)
class Lesson:
    """One short text of the guided game.

    It is shown once, when ``at`` actions of :data:`SCRIPT` have been played
    and the screen on top is ``screen``: "board" (your turn on the board),
    "watch" (a computer player is about to act), "picker" / "accuse" (the
    suggestion or accusation picker), "disprove" (you choose a card to show),
    "shown" (a card shown to you), "notebook", "envelope" (the envelope
    opened) or "over" (the game-over screen).  ``text`` is an English msgid
    (translated when shown); ``notebook`` asks the person to open the
    notebook before the next action; ``rule`` cites the rule taught;
    ``point`` is what the bubble talks about, pointed at on the board while
    it is shown (a square ``(col, row)``, a room id, a suspect id for its
    token, or "envelope" for the envelope's squares in the middle; None:
    nothing); ``press`` marks a lesson whose last sentence asks for the next
    press: while that sentence is on screen the arrow points at the thing to
    press instead (with a ``point`` too, that sentence is a part of its own).
    Besides the places on the board, ``point`` may be "die" (the die),
    "lit" (the lit squares) or "cards" (the button of your cards).
    ``sentence_points``, when given, is what each sentence of ``text`` talks
    about, in order (None: nothing): a part of the lesson shown on its own
    points at the place of its last sentence that names one, so "You rolled
    a 4." points at the die and "The lit squares..." at the lit squares."""

    key: str
    at: int
    screen: str
    text: str
    rule: str = ""
    notebook: bool = False
    point: tuple[int, int] | str | None = None
    press: bool = False
    sentence_points: tuple[tuple[int, int] | str | None, ...] = ()


LESSONS: tuple[Lesson, ...] = (
    Lesson("welcome", 0, "board", N_(
        "Welcome, detective! Somebody in this house did it. Find out WHO did it, with WHICH weapon and in WHICH "
        "room. The answer is hidden in the envelope in the middle of the board."), '000 "What the game is"', point="envelope"),
    Lesson("tokens", 0, "board", N_(
        "All six tokens are on the board, even the ones nobody plays, like Professor Plum."),
        '000 "Setting up" 1', point="plum"),
    Lesson("weapons", 0, "board", N_(
        "The six weapons start in six different rooms, one in each. The Candlestick is in the Study."),
        '000 "Setting up" 2', point="study"),
    Lesson("hands", 0, "board", N_(
        "You hold 6 cards, like everybody here. With 4 or 5 players, some get one card more: that is fine."),
        '000 "Setting up" 6', point="cards"),
    Lesson("you", 0, "board", N_(
        "You are Miss Scarlet, the red token at the bottom. Miss Scarlet always starts, so you go first. The arrow "
        "shows what to press: press Roll the die."), '000 "Setting up" 9', press=True, point="scarlet"),
    Lesson("move", 1, "board", N_(
        "You rolled a 4. The lit squares are the places you can reach with exactly 4 steps: up, down, left or "
        "right, never diagonally. Press {confirm} to walk to the square with the arrow."),
        '000 "How a turn works" 1-2', press=True, sentence_points=("die", "lit", None)),
    Lesson("twice", 1, "board", N_(
        "Why is your own square not lit? You would have to walk away and come back. In one turn you may never step "
        "on the same square twice."), '000 "How a turn works" 2', point=SCARLET_START),
    Lesson("end", 2, "board", N_(
        "No room is close enough this time. Press End turn: the player on your left plays next."),
        '000 "How a turn works" 5', press=True),
    Lesson("watch", 3, "watch", N_(
        "Now Colonel Mustard and Mrs. White play. Watch them walk. They are computer players: they only know "
        "what a player at a real table would know."), '000 "How a turn works"'),
    Lesson("again", 9, "board", N_("Your turn again. Roll the die."), '000 "How a turn works" 1', press=True),
    Lesson("door", 10, "board", N_(
        "You rolled a 5. The Lounge is close: walk in through its door, the gap in the wall. Going into a room "
        "ends your move, even with steps left over."), '000 "How a turn works" 3', press=True),
    Lesson("doorway", 10, "board", N_(
        "The doorway is not a square: one step takes you from the square in front of the door into the room."),
        '000 "How a turn works" 3', point=LOUNGE_DOOR),
    Lesson("blocked", 10, "board", N_(
        "Colonel Mustard's square is not lit. You may never stop on another token, and you may not walk through "
        "one either."), '000 "How a turn works" 2', point=MUSTARD_FIRST),
    Lesson("suggest", 11, "picker", N_(
        "You are in the Lounge, so you may make a suggestion: name a suspect and a weapon. The room is always the "
        "room you are in. Let's suggest Colonel Mustard, with the Rope, in the Lounge."),
        '000 "Suggestions" 1-2', press=True),
    Lesson("pulled", 12, "watch", N_(
        "Colonel Mustard's token and the Rope were moved into the Lounge: a suggestion brings them there. Now the "
        "players on your left, one by one, must show you one of the three cards if they have one. Colonel Mustard "
        "is first."), '000 "Suggestions" 1, 3'),
    Lesson("shown", 13, "shown", N_(
        "Colonel Mustard showed you the Rope. Only you see it: the others only know that he showed you a card. "
        "A card somebody holds is not in the envelope, so it was not the Rope!"), '000 "Suggestions" 3, 5'),
    Lesson("tick", 13, "board", N_(
        "Good detectives write everything down. Open your notebook."), '000 "Suggestions" 5', notebook=True, press=True),
    Lesson("notebook", 13, "notebook", N_(
        "Your notebook: the cards in your hand and the cards shown to you are ticked for you, like the Rope. The "
        "answer is among the cards that are not ticked. Press Done to close it."), '000 "Setting up" 8', press=True),
    Lesson("end2", 13, "board", N_("Now end your turn."), '000 "How a turn works" 4', press=True),
    Lesson("passage", 14, "watch", N_(
        "Colonel Mustard is in the Lounge, a corner room. A secret passage goes from the Lounge to the "
        "Conservatory in the opposite corner: he can go there without rolling the die."),
        '000 "Secret passages and blocked doors" 1', point="mustard"),
    Lesson("summoned", 16, "watch", N_(
        "Colonel Mustard suggested Miss Scarlet, so YOUR token was pulled into the Conservatory! Any suggestion can "
        "move your token. Now Mrs. White must show him a card if she can."), '000 "Suggestions" 3', point="scarlet"),
    Lesson("secret", 17, "watch", N_(
        "Mrs. White showed Colonel Mustard a card. Only he saw which one. That is fair: your cards stay secret too."),
        '000 "Suggestions" 3'),
    Lesson("disprove", 21, "disprove", N_(
        "Mrs. White suggested Mr. Green, with the Revolver, in the Ballroom. You sit just to her left and you hold "
        "two of these cards, so you must show her ONE. Only she will see it. Show her the Ballroom."),
        '000 "Suggestions" 3', press=True),
    Lesson("out", 23, "board", N_(
        "Mrs. White made an accusation, and it was wrong! Now she is out: she gets no more turns and can never win. "
        "But she stays at the table with her cards."), '000 "Accusations" 4', point="white"),
    Lesson("anyroom", 23, "board", N_(
        "She was in the Ballroom but named the Kitchen: an accusation may name any room, not only yours."),
        '000 "Accusations" 1', point="kitchen"),
    Lesson("stay", 23, "board", N_(
        "Colonel Mustard pulled you into the Conservatory. When a suggestion moves your token into a room, on your "
        "next turn you may suggest right there, without rolling. Press Suggest."),
        '000 "Secret passages and blocked doors" 3', point="scarlet", press=True),
    Lesson("suggest3", 23, "picker", N_("Let's suggest Mrs. White, with the Candlestick, in the Conservatory."),
           '000 "Suggestions" 1', press=True),
    Lesson("still", 25, "shown", N_(
        "Mrs. White is out, but she still had to show you a card: the Conservatory. Players who are out keep "
        "showing cards."), '000 "Accusations" 4'),
    Lesson("moved", 26, "watch", N_(
        "Mrs. White is out, but her token was still pulled into the Conservatory. Suggestions can move it."),
        '000 "Accusations" 4', point="white"),
    Lesson("stuck", 29, "board", N_(
        "Colonel Mustard stands in front of the Conservatory's only door. You may not step on or walk through "
        "another token, so this door is blocked: you cannot roll and walk out."),
        '000 "Secret passages and blocked doors" 2', point=CONSERVATORY_DOOR),
    Lesson("wait", 29, "board", N_(
        "If every door of your room is blocked and it has no secret passage, you wait until somebody moves."),
        '000 "Secret passages and blocked doors" 2', point=CONSERVATORY_DOOR),
    Lesson("back", 29, "board", N_(
        "But the secret passage still works! Take it back to the Lounge: no die needed."),
        '000 "Secret passages and blocked doors" 1', press=True),
    Lesson("suggest2", 30, "picker", N_(
        "Suggest Professor Plum, with the Candlestick, in the Lounge. None of these three cards is in your hand."),
        '000 "Suggestions" 1', press=True),
    Lesson("nobody", 31, "board", N_(
        "Nobody could show a card! And you do not hold Professor Plum, the Candlestick or the Lounge. So all "
        "three must be in the envelope. You are sure: make an accusation!"), '000 "Suggestions" 6', press=True),
    Lesson("unplayed", 31, "board", N_(
        "Nobody plays Professor Plum, but he can still be the one who did it. His token is here in the Lounge."),
        '000 "Setting up" 1', point="lounge"),
    Lesson("accuse", 31, "accuse", N_(
        "An accusation is your final answer. If it is right, you win. If it is wrong, you are out (but you still "
        "show cards). You can accuse only once. Pick Professor Plum, the Candlestick and the Lounge."),
        '000 "Accusations" 1-4', press=True),
    Lesson("won", 32, "over", N_(
        "You solved the case! That is the whole game: roll, move, suggest, tick your notebook, and accuse when you "
        "are sure. Now you are ready for a real game."), '000 "How you win / how the game ends"'),
)


def next_action(done: int) -> tuple[int, Action] | None:
    """The (seat, action) of :data:`SCRIPT` after ``done`` actions, or None at the end."""
    return SCRIPT[done] if 0 <= done < len(SCRIPT) else None


def lessons_at(done: int, screen: str) -> list[Lesson]:
    """The lessons for ``done`` actions played and ``screen`` on top, in order."""
    return [ls for ls in LESSONS if ls.at == done and ls.screen == screen]


class LessonError(FileProblem):
    """A lesson file that cannot be used: ``path``, the ``problem`` in plain
    words (an English msgid: :meth:`said` translates it) and the technical
    ``detail`` (for the terminal, not for a child); see
    :class:`game.storage.save.FileProblem`."""

    def __init__(self, path: Path, problem: str, detail: str = "", *, place: str | None = None,
                 values: dict | None = None, movable: bool = True) -> None:
        super().__init__(path, problem, place, values=values, detail=detail, movable=movable)


@dataclass
class LessonState:
    """How far the guided game got: the ``actions`` played (a beginning of
    :data:`SCRIPT`) and the ``seen`` lesson keys."""

    actions: list[Action]
    seen: list[str]


LESSON_FORMAT = "clue-lesson"


def save_lesson(path: str | Path, state: LessonState) -> None:
    """Write ``state`` to ``path`` atomically (JSON).  Raises ``OSError``."""
    from game.storage.files import write_atomic

    doc = {"format": LESSON_FORMAT, "version": 1, "actions": [to_dict(a) for a in state.actions],
           "seen": list(state.seen)}
    write_atomic(path, json.dumps(doc, indent=1))


def load_lesson(path: str | Path) -> LessonState:
    """Read a lesson file.  Raises :class:`LessonError` naming the file and the
    problem when it is not a lesson, or its actions are not the guided game's."""
    path = Path(path)
    try:
        doc = read_json(path, LessonError)    # not an ordinary file, too big, not JSON: LessonError
    except FileNotFoundError as exc:
        raise LessonError(path, N_("the file does not exist"), str(exc)) from None
    if not isinstance(doc, dict) or doc.get("format") != LESSON_FORMAT:
        raise LessonError(path, N_("it is not a saved lesson"))
    if doc.get("version", 1) != 1:
        raise LessonError(path, N_("it was saved by another version of the game"), f'"version": {doc.get("version")!r}')
    raw, seen = doc.get("actions"), doc.get("seen", [])
    if not isinstance(raw, list) or not isinstance(seen, list) or not all(isinstance(s, str) for s in seen):
        raise LessonError(path, N_("the file is damaged"), '"actions" must be a list and "seen" a list of names')
    actions: list[Action] = []
    for i, a in enumerate(raw):
        try:
            action = from_dict(a)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise LessonError(path, N_("the file is damaged"), f'"actions"[{i}] is not an action ({exc})') from None
        if i >= len(SCRIPT) or SCRIPT[i][1] != action:
            raise LessonError(path, N_("its moves are not the guided game's"), f'"actions"[{i}]')
        actions.append(action)
    return LessonState(actions, [s for s in seen if any(ls.key == s for ls in LESSONS)])
