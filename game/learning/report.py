"""The detective report of one seat after a game: when what
the seat had seen was already enough to name the envelope, the facts that made
it enough in plain words, and the one deduction that mattered most.

Pure Python (no pygame).  Honesty: a report is built from ONE seat's view
(:class:`game.rules.view.SeatView` or :class:`game.cardgame.engine.CardView`,
its events redacted for that seat) and nothing else — a person's report holds
their hand, so the screens show it to that person only (behind their cover).

How it is found.  The seat's events are read again one by one by its game
mode's one reader (:mod:`game.rules.reading`, :mod:`game.cardgame.reading`)
into its :class:`~game.knowledge.record.Record`; each time the record's
constraints change (:class:`~game.knowledge.tracker.RecordConstraints`) that
is a :class:`Moment`.  The replay stops at the seat's own accusation (000
"Accusations" 2: after it the seat sees the envelope) or at the end of the game
(000 "Accusations" 3: the envelope is laid out for everybody), whichever comes
first, so nothing learnt from the answer itself counts.

* **solved** — the first moment the exact engine
  (:func:`game.knowledge.counting.solve`, every deal consistent with the
  record) leaves one envelope only (:meth:`Knowledge.solution`); its game turn
  is ``solved_turn``.  Knowledge only grows, so every later moment is solved too.
* **ready** — the first of the seat's own turns on which it could have
  accused with that knowledge (000 "Accusations" 1: "wait for your turn"; 003
  "En el teu torn pots optar per fer una acusació"): the turn of the solved
  moment when it is the seat's own, else the seat's next turn.  Joining
  somebody else's accusation in the card game is not counted.
* **facts** — one sentence per pile, in pile order, saying why that pile's
  envelope card is known at the solved moment: the notebook hint's own reason
  (:func:`game.learning.hints.deduce`), or, where the hint rules have not placed it yet,
  the hints' "Every other weapon is in somebody's hand, so … is in the
  envelope" (true then: the exact engine rules every other card out).
  When the envelope is never named, the facts are the hints' reasons for the
  hidden cards the seat did work out by the last moment.
* **key deduction** — the hint rules name the envelope first at moment R (the
  solved moment or later).  For each card the hint rules place by *reasoning*
  at R (not seen: not in the seat's hand, not shown to it, not face up; and
  not an envelope card — naming the envelope is the goal, not a step), a
  detective who never works out where that card is (``deduce(blind={card})``)
  names the envelope at moment R' >= R, or never before the replay stops.  The
  key deduction is the card whose R' is latest (never beats any turn; ties:
  the one found earliest): making that one deduction saves ``R' - R`` game
  turns (``saved``; None when without it the envelope could not be named at
  all).  None when no single deduction delays anything (``saved`` would be 0)
  or the hint rules never name the envelope.

Turns are game turns numbered from 1 (each ``TurnStarted`` starts one; 0
before the first), as a log reader counts them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Collection, Sequence

from game.core.errors import Np_
from game.knowledge.counting import Constraints, solve
from game.knowledge.record import Reader
from game.knowledge.tracker import RecordConstraints
from game.learning.hints import (
    BOARD_WORDS,
    BOARD_WORDS_ABOUT,
    CARD_GAME_WORDS,
    CARD_GAME_WORDS_ABOUT,
    Hint,
    Table,
    Wording,
    deduce,
    player_name,
    table,
)
from game.text.i18n import N_, _, fmt, nfmt

__all__ = ["KeyDeduction", "Moment", "Replay", "Report", "board_report", "card_game_report", "replay"]


@dataclass(frozen=True)
class Moment:
    """A point of the replay where the seat's knowledge changed: right after
    its view's event number ``index`` (0-based), during game turn ``turn``
    (from 1; 0 before the first turn) of seat ``player`` (None before the
    first turn); ``table`` what the seat knew then (:class:`game.learning.hints.Table`)."""

    index: int
    turn: int
    player: int | None
    table: Table


@dataclass(frozen=True)
class KeyDeduction:
    """The deduction that mattered most (see the module docstring): where
    ``card`` is (``hint``, the notebook's :class:`~game.learning.hints.Hint` at the
    moment the hints name the envelope, with its plain sentence ``hint.reason``),
    first worked out on game turn ``found_turn``; the hints named the
    envelope on game turn ``named_turn``, and without it they would have named
    it ``saved`` game turns later (None: never)."""

    card: str
    hint: Hint
    found_turn: int
    saved: int | None
    named_turn: int = 0


@dataclass(frozen=True)
class Report:
    """The detective report of ``seat``.

    ``envelope`` the hidden cards, one per pile (None when the game has not
    ended and the seat never knew them); ``solved_turn`` the game turn on which
    what the seat had seen named the envelope (None: never before it accused or
    the game ended); ``ready_turn`` its first own turn from then on (None: none
    came); ``accused_turn`` the turn of its own accusation (None: it did not
    accuse) and ``accused_right`` whether it was right (None: no accusation);
    ``last_turn`` the game's last turn; ``facts`` the plain sentences that made
    it enough, one per pile (when never solved: the hints' reasons for the
    hidden cards it did work out, in pile order, maybe none); ``key`` the
    :class:`KeyDeduction` or None; ``moments`` the replay's :class:`Moment`\\ s;
    ``own_turns`` the game turns that were the seat's own, in order (every one
    in its view: a child counts "my 4th turn", not the game's turns)."""

    seat: int
    envelope: tuple[str, ...] | None
    solved_turn: int | None
    ready_turn: int | None
    accused_turn: int | None
    accused_right: bool | None
    last_turn: int
    facts: tuple[str, ...]
    key: KeyDeduction | None
    moments: tuple[Moment, ...] = ()
    own_turns: tuple[int, ...] = ()

    def shareable(self, people: Collection[int]) -> "Report":
        """This report as it may be shown to the whole table: without the key
        deduction when it says which of ``people`` (the seats played by
        people) holds a card — a person's hand is theirs alone.  The facts
        never place a card in a hand (they say why a card is hidden)."""
        if self.key is not None and self.key.hint.holder in set(people):
            return replace(self, key=None)
        return self

    def own_count(self, turn: int) -> int:
        """How many of the seat's own turns had started by game turn ``turn``
        (so ``turn`` is its own turn number ``own_count(turn)`` when it is in
        :attr:`own_turns`)."""
        return sum(1 for t in self.own_turns if t <= turn)

    def own_lost(self, key: KeyDeduction) -> int | None:
        """The seat's own turns the key deduction saved: its own turns from
        the game turn the hints named the envelope up to (not including) the
        one they would have named it on without that deduction -- the turns
        it could have accused on but would not yet have known.  None when
        without it the envelope is never named."""
        if key.saved is None:
            return None
        return sum(1 for t in self.own_turns if key.named_turn <= t < key.named_turn + key.saved)

    @property
    def turns_early(self) -> int | None:
        """Game turns between the first own turn it could have accused on and
        the turn it did accuse (or the game's last turn when it never did);
        None when it was never ready."""
        if self.ready_turn is None:
            return None
        return (self.accused_turn if self.accused_turn is not None else self.last_turn) - self.ready_turn


def _names_envelope(hints: dict[str, Hint], piles: Sequence[Sequence[str]]) -> bool:
    """True when ``hints`` put one card of every pile in the envelope."""
    return all(any(c in hints and hints[c].envelope for c in pile) for pile in piles)


@dataclass
class Replay:
    """One seat's events read again (:func:`replay`): ``moments``; ``solved``
    the index in ``moments`` of the first solved one and ``solution`` the
    envelope the exact engine names there (None, None: never); ``stop`` the
    turn the replay stopped on; ``accused`` the cards of the seat's own
    accusation (None: it did not accuse); ``own`` the numbers of the seat's
    own turns up to the stop; ``last`` the last turn of the whole view."""

    moments: list[Moment]
    solved: int | None
    solution: tuple[str, ...] | None
    stop: int
    accused: tuple[str, ...] | None
    own: list[int]
    last: int


def replay(seat: int, events: Sequence[Any], reader: Reader, turn_started: type[Any],
           own_accusation: Callable[[Any], tuple[str, ...] | None]) -> Replay:
    """Read ``events`` (``seat``'s view, in order) into ``reader`` (a fresh
    reader of that seat's game mode) up to the seat's own accusation
    (``own_accusation(e)`` gives its cards, None for any other event) or the
    end of the game (the reader's ``end`` events); ``turn_started`` is the
    mode's event class that starts a turn (with ``player``).  The exact engine
    counts the moments a binary search needs (knowledge only grows, so the
    solved moments are the last ones).  Returns the :class:`Replay`."""
    rc = RecordConstraints(reader.record)
    moments: list[Moment] = []
    cons: list[Constraints] = []
    turn, player = 0, None
    accused: tuple[str, ...] | None = None
    own: list[int] = []
    for i, e in enumerate(events):
        if isinstance(e, turn_started):
            turn, player = turn + 1, e.player
            if e.player == seat:
                own.append(turn)
        accused = own_accusation(e)
        if accused is not None or isinstance(e, reader.end):
            break
        reader.feed((e,))
        if rc.update():
            moments.append(Moment(i, turn, player, table(reader.record)))
            cons.append(rc.cons.copy())
    # knowledge only grows: once solved, every later moment is solved; search
    solved: int | None = None
    solution: tuple[str, ...] | None = None
    lo, hi = 0, len(moments)
    while lo < hi:
        mid = (lo + hi) // 2
        found = solve(cons[mid]).solution()
        if found is None:
            lo = mid + 1
        else:
            hi, solved, solution = mid, mid, found
    last = sum(1 for e in events if isinstance(e, turn_started))
    return Replay(moments, solved, solution, turn, accused, own, last)


def report(seat: int, events: Sequence[Any], reader: Reader, turn_started: type[Any],
           own_accusation: Callable[[Any], tuple[str, ...] | None], name: Callable[[int], str],
           words: Wording = BOARD_WORDS) -> Report:
    """The :class:`Report` of ``seat`` from its view's ``events`` (see the
    module docstring; the arguments as :func:`replay`'s, with ``name`` and
    ``words`` as :func:`game.learning.hints.deduce`'s).  Raises
    :class:`~game.knowledge.counting.ContradictionError` or
    :class:`~game.learning.hints.InconsistentViewError` for a view no real game can
    produce."""
    r = replay(seat, events, reader, turn_started, own_accusation)
    mine = tuple(k + 1 for k, t in enumerate([e for e in events if isinstance(e, turn_started)]) if t.player == seat)
    end = next((e for e in reversed(events) if isinstance(e, reader.end)), None)
    envelope = tuple(reader.hidden(end)) if end is not None else r.solution
    right = None if r.accused is None or envelope is None else tuple(r.accused) == envelope
    accused_turn = r.stop if r.accused is not None else None
    if r.solved is None or r.solution is None:
        last = deduce(r.moments[-1].table, name, words) if r.moments else {}
        found = tuple(h.reason for pile in (r.moments[-1].table.categories if r.moments else ())
                      for c in pile if (h := last.get(c)) is not None and h.envelope)
        return Report(seat, envelope, None, None, accused_turn, right, r.last, found, None, tuple(r.moments), mine)
    at = r.moments[r.solved]
    ready = at.turn if at.player == seat else next((t for t in r.own if t > at.turn), None)
    hints = [deduce(m.table, name, words) for m in r.moments]
    facts = []
    for k, card in enumerate(r.solution):
        h = hints[r.solved].get(card)
        facts.append(h.reason if h is not None and h.envelope else fmt(words.last_of_pile[min(k, 2)], card=card))
    key = _key(r.moments, hints, r.solved, name, words)
    return Report(seat, envelope, at.turn, ready, accused_turn, right, r.last, tuple(facts), key, tuple(r.moments),
                  mine)


def _seen(t: Table) -> set[str]:
    """The cards ``t``'s seat saw where they are: its hand, the cards shown to
    it, the face-up cards, the hidden cards it looked at or that were laid out."""
    shown = {q.shown for q in t.questions if q.shown is not None and q.shower not in (None, t.seat)}
    return set(t.hand) | shown | set(t.face_up) | set(t.looked) | set(t.revealed)


def _key(moments: Sequence[Moment], hints: Sequence[dict[str, Hint]], solved: int, name: Callable[[int], str],
         words: Wording) -> KeyDeduction | None:
    """The key deduction (module docstring), from the hints of every moment."""
    piles = moments[solved].table.categories
    named = next((m for m in range(solved, len(moments)) if _names_envelope(hints[m], piles)), None)
    if named is None:
        return None
    at = moments[named].table
    seen = _seen(at)
    best: tuple | None = None
    for card, hint in hints[named].items():
        if hint.envelope or card in seen:
            continue
        later = next((m for m in range(named, len(moments))
                      if _names_envelope(deduce(moments[m].table, name, words, frozenset({card})), piles)), None)
        if later == named:
            continue
        found = next(m for m in range(named + 1) if _same(hints[m].get(card), hint))
        saved = None if later is None else moments[later].turn - moments[named].turn
        if saved == 0:
            continue
        rank = (saved is None, saved or 0, -found)
        if best is None or rank > best[0]:
            best = (rank, KeyDeduction(card, hint, moments[found].turn, saved, moments[named].turn))
    return best[1] if best else None


def _same(a: Hint | None, b: Hint) -> bool:
    """True when hint ``a`` places its card where ``b`` does."""
    return a is not None and a.envelope == b.envelope and a.holder == b.holder


# ---------------------------------------------------------------- adapters
def board_report(view: Any, name: Callable[[int], str] | None = None, about: bool = False) -> Report:
    """The :class:`Report` of a board-game seat from its own
    :class:`~game.rules.view.SeatView` (``game.view(seat)``, usually at the
    end of the game).  Players are named by their suspects (``view.seats``)
    unless ``name`` is given.  ``about``: the facts name the seat instead of
    saying "you" (a computer's report, read by the table).  The seat's accusation is its
    ``AccusationMade`` (000 "Accusations" 1)."""
    from game.rules import events as ev
    from game.rules.reading import BoardReader

    def accusation(e: Any) -> tuple[str, ...] | None:
        if isinstance(e, ev.AccusationMade) and e.player == view.seat:
            return (e.suspect, e.weapon, e.room)
        return None

    return report(view.seat, view.events, BoardReader.of(view), ev.TurnStarted, accusation,
                  name or (lambda p: view.seats[p]), BOARD_WORDS_ABOUT if about else BOARD_WORDS)


def card_game_report(view: Any, name: Callable[[int], str] | None = None, about: bool = False) -> Report:
    """The :class:`Report` of a card-game seat from its own
    :class:`~game.cardgame.engine.CardView`.  Players are "Player 1",
    "Player 2" ... unless ``name`` is given; ``about`` as :func:`board_report`'s.  The seat's accusation is its
    ``AccusationPlaced`` (003 "Acusació": alone or joining another's)."""
    from game.cardgame import events as ev
    from game.cardgame.reading import CardReader

    def accusation(e: Any) -> tuple[str, ...] | None:
        if isinstance(e, ev.AccusationPlaced) and e.player == view.seat and e.cards is not None:
            return tuple(e.cards)
        return None

    return report(view.seat, view.events, CardReader.of(view), ev.TurnStarted, accusation,
                  name or player_name, CARD_GAME_WORDS_ABOUT if about else CARD_GAME_WORDS)


# ------------------------------------------------------------------ the recap
# The whole table's recap at game over: unlike a
# detective report, it is built from the PUBLIC events only (the log's redacted
# events, the same for everybody) and the envelope laid open at the end, so the
# whole room may read it: who asked about which cards, who answered (who
# showed a card, or that nobody could -- never which card: a card shown stays
# between the two players), the accusations, and the solution explained from
# what everybody saw.


@dataclass(frozen=True)
class Question:
    """One suggestion (board game, 000 "Suggestions") or question (card game,
    003 "Prendre el teu torn"), numbered ``number`` from 1 in the recap:
    seat ``asker`` named ``cards``; the seats in ``none`` said they had none,
    in order; ``shower`` showed the asker a card (None: nobody could)."""

    number: int
    asker: int
    cards: tuple[str, ...]
    none: tuple[int, ...]
    shower: int | None


@dataclass(frozen=True)
class Accused:
    """One accusation, numbered ``number`` in the recap: seat ``player``
    accused ``cards`` (None: it stayed face down, the card game's wrong
    accusation of one player alone) and was ``right`` or not (None: never
    checked, the card game's joint accusations after the first right one,
    003 "Dos o més jugadors que acusen")."""

    number: int
    player: int
    cards: tuple[str, str, str] | None
    right: bool | None


@dataclass(frozen=True)
class Recap:
    """The public story of a finished game: ``items`` (:class:`Question` and
    :class:`Accused`, in order), the ``envelope`` laid open (suspect, weapon,
    room), the ``winner`` seat (None: nobody) and whether the winner was the
    last one still in (``last_standing``, 001)."""

    items: tuple[Question | Accused, ...]
    envelope: tuple[str, str, str]
    winner: int | None
    last_standing: bool
    #: "board" (the envelope) or "cards" (under the Crime card)
    game: str = "board"

    @property
    def questions(self) -> list[Question]:
        return [q for q in self.items if isinstance(q, Question)]


def _triple(cards: Sequence[str]) -> tuple[str, str, str]:
    """``cards`` (suspect, weapon, room; any sequence) as a tuple, so that it compares equal to the
    other triples (a list never equals a tuple).  Raises ``ValueError`` when it does not hold exactly three cards."""
    suspect, weapon, room = cards
    return suspect, weapon, room


def recap(events: Sequence[Any], game: str) -> Recap:
    """The :class:`Recap` of a finished game from its PUBLIC events (the log's
    redacted events, :meth:`game.ui.bases.match.Seats.log_entries`: a card shown in
    secret has no card there); ``game`` is ``"board"`` or ``"cards"``.
    Raises ``ValueError`` when the events do not end the game (no envelope laid open)."""
    from game.cardgame import events as cev
    from game.rules import events as bev
    kinds: dict[str, type[Any]]
    if game == "board":
        kinds = dict(ask=bev.SuggestionMade, none=bev.CannotDisprove, shown=bev.CardShown, nobody=bev.NobodyDisproved)
    else:
        kinds = dict(ask=cev.Asked, none=cev.NoCard, shown=cev.CardShown, nobody=cev.NobodyShowed)
    items: list[Question | Accused] = []
    envelope, winner, last_standing = None, None, False
    open_q: dict | None = None
    alone: int | None = None          # the card game: one accuser's face-down accusation, until its outcome

    def close() -> None:
        nonlocal open_q
        if open_q is not None:
            items.append(Question(len(items) + 1, **open_q))
            open_q = None

    for e in events:
        if isinstance(e, kinds["ask"]):
            close()
            cards = (e.suspect, e.weapon, e.room) if game == "board" else tuple(e.cards)
            open_q = dict(asker=e.player, cards=cards, none=(), shower=None)
        elif isinstance(e, kinds["none"]) and open_q is not None:
            open_q["none"] += (e.player,)
        elif isinstance(e, kinds["shown"]) and open_q is not None:
            open_q["shower"] = e.by
            close()
        elif isinstance(e, kinds["nobody"]):
            close()
        elif game == "board" and isinstance(e, bev.AccusationMade):
            close()
            items.append(Accused(len(items) + 1, e.player, (e.suspect, e.weapon, e.room), False))
        elif game == "board" and isinstance(e, (bev.GameWon, bev.GameOverNoWinner)):
            envelope = (e.suspect, e.weapon, e.room)
            if isinstance(e, bev.GameWon):
                winner, last_standing = e.player, e.last_standing
        elif game == "cards" and isinstance(e, cev.AccusationPlaced):
            close()
            alone = e.player
        elif game == "cards" and isinstance(e, cev.AccusationsRevealed):
            alone = None
            items += [Accused(len(items) + 1 + i, p, _triple(t), False) for i, (p, t) in enumerate(e.accusations)]
        elif game == "cards" and isinstance(e, cev.AccusationWrong) and alone == e.player:
            items.append(Accused(len(items) + 1, e.player, None, False))
            alone = None
        elif game == "cards" and isinstance(e, (cev.GameWon, cev.EverybodyLost, cev.NoPlayersLeft)):
            envelope = _triple(e.crime)
            if isinstance(e, cev.GameWon):
                winner = e.player
                if alone == e.player:
                    items.append(Accused(len(items) + 1, e.player, envelope, True))
    close()
    if envelope is None:
        raise ValueError("the game is not over: the envelope was never laid open")
    solved = False
    for i, a in enumerate(items):
        if isinstance(a, Accused):
            right = a.cards == envelope
            items[i] = replace(a, right=None if solved else right)
            solved = solved or right
    return Recap(tuple(items), envelope, winner, last_standing, game)


#: The solution's sentences of each game (the board game's envelope, the card game's Crime card).
SOLUTION_WORDS = {
    "board": (N_("Nobody could show a card when {who} asked about it ({n}): only {who} or the envelope could "
                 "hold it."),
              *Np_("Asked about {n} time: a card was shown, never this one — it was in the envelope.",
                   "Asked about {n} times: a card was shown each time, never this one — it was in the envelope.")),
    "cards": (N_("Nobody could show a card when {who} asked about it ({n}): only {who} or the Crime card could "
                 "hide it."),
              *Np_("Asked about {n} time: a card was shown, never this one — it was under the Crime card.",
                   "Asked about {n} times: a card was shown each time, never this one — it was under the Crime "
                   "card.")),
}


def solution_lines(r: Recap, name: Callable[[int], str]) -> list[tuple[str, str]]:
    """The solution explained from what everybody saw, one (card, sentence)
    per hidden card, players named by ``name(seat)``: the first time nobody
    could show a card for a question that named it (only the asker or the
    envelope could hold it, 000 "Suggestions" 3 / 003), else how often it
    was asked about with a card shown each time -- never this one, as the
    open envelope now proves --, else that nobody asked: only seeing or
    ruling out every other card of its kind could tell (not that anyone
    did: a lucky accusation names it too)."""
    nobody_words, one, many = SOLUTION_WORDS[r.game]
    out = []
    for c in r.envelope:
        asked = [q for q in r.questions if c in q.cards]
        nobody = next((q for q in asked if q.shower is None), None)
        if nobody is not None:
            text = fmt(nobody_words, who=name(nobody.asker), n=nobody.number)
        elif asked:
            text = nfmt(one, many, len(asked))
        else:
            text = _("Nobody asked about it: only seeing or ruling out every other card of its kind could tell.")
        out.append((c, text))
    return out
