"""What one seat's phone is sent: its whole view, as a JSON-able dict.

:func:`seat_payload` builds it **only** from ``engine.view(seat)``,
``engine.legal_actions()`` when ``engine.actor == seat``, public facts
(seats, turn, phase, the public log), that seat's own notebook ``marks`` and
the hints computed from its own view (:mod:`game.learning.hints`) -- never from the
engine's hands, the envelope / Crime cards, the seed, or another seat's view.

Shape (``docs/network.md``)::

    {"game": "board"|"cards", "seat": 2, "lang": "es", "you": "peacock",
     "seats": [{"id": "scarlet", "name": "Miss Scarlet", "out": false, "cards": 6, "phone": true}],
     "turn": 1, "actor": 2, "phase": "...", "over": false,
     "step": 57,                          # how many actions the game has taken (public)
     "hand": ["rope", ...], "face_up": [...],
     "prompt": {"kind": "wait"|"roll"|"move"|"suggest"|"disprove"|"accuse_or_end"|"ask"|"show"|"join"|"over",
                "text": "<plain words in lang>"},
     "legal": [<action dicts>],           # only when actor == seat; no board Move ("move": true instead)
     "move": false,
     "disprove": {"asker": 1, "cards": ["rope", "hall"], "preselect": "rope"} | null,
     "shown": [{"by": 0, "card": "knife", "i": 17}],
     "chosen_for_you": [{"to": 1, "card": "rope", "i": 23}],   # this seat's cards the computer showed for it
     "notebook": [{"id": "rope", "name": "Soga", "kind": "weapon", "mark": "X",
                   "fact": "hand"|"up"|"shown:0"|null,    # "up": face up (card game)
                   "hint": "<why>"|null, "verdict": "envelope"|"held"|null}],
     "names": {"rope": "Soga", ...},
     "forms": {"the": {"rope": "la Soga", ...}, "to": {"scarlet": "a la Señorita Amapola", ...}},
     "log": ["<public log line>", ...],   # the last 40
     "seen_envelope": ["plum", "rope", "hall"]|null,   # what this seat saw after its own accusation
     "room": "hall"|null, "roll": 5|null,
     "result": {"winner": 0|null, "envelope": ["plum", "rope", "hall"]}|null,
     "pieces": {"tokens": [{"id": "scarlet", "at": "hall"|[7, 16]}, ...],   # board game only, else null:
                "weapons": [{"id": "rope", "at": "hall"}, ...],            # public facts, equal for every seat
                "turn": 1, "last_roll": 5|null}|null,
     "board": {"size": [24, 25], "rows": ["#.a..", ...], "rooms": ["kitchen", ...],   # board game only:
               "doors": [[c, r, in_c, in_r], ...], "passages": [...], "starts": {...}}|null,  # the mansion
     "reach": {"squares": [[c, r], ...], "rooms": ["hall"]}|null,   # the lit destinations: the mover's only
     "cursor": {"seat": 1, "at": "hall"|[c, r]}|null,   # the TV's move cursor (public), when it shows one
     "tv": "paused"|"start"|null}         # the TV holds the game: its pause menu is open, or it waits for
                                          # Start; actions sent meanwhile count once it goes on (public)
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Collection, Iterator, Mapping, Sequence

from game.text import i18n
from game.text.i18n import _, card, fmt

#: How many public log lines a payload carries (the newest).
LOG_LINES = 40
GAMES = ("board", "cards")
#: Why the TV may hold the game (the payload's ``"tv"``): its pause menu is open, its join screen
#: waits for Start, or None: it plays on.
HOLDS = ("paused", "start", None)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Make every text inside the ``with`` in ``lang``, then switch back
    (:func:`game.text.i18n.set_language` is global: main thread only)."""
    before = i18n.language()
    if lang == before:
        yield
        return
    i18n.set_language(lang)
    try:
        yield
    finally:
        i18n.set_language(before)


def seat_payload(kind: str, engine: Any, seat: int, *, suspects: Sequence[str],
                 marks: Mapping[str, str] | None = None, lang: str = "en",
                 phones: set[int] | frozenset[int] = frozenset(), notebook_mode: str = "hints",
                 cache: dict[Any, Any] | None = None, cursor: tuple[int, Any] | None = None,
                 chosen: Collection[int] = (), tv: str | None = None) -> dict[str, Any]:
    """``seat``'s whole view of the game ``engine`` (a board ``Game`` when
    ``kind == "board"``, a ``CardGame`` when ``"cards"``), its texts in
    ``lang``; ``suspects[s]`` is the suspect token seat ``s`` plays,
    ``marks`` the seat's own notebook marks (card id -> mark), ``phones`` the
    seats with a phone now, ``notebook_mode`` the setup's notebook help
    (``"manual"``: no facts, no hints; ``"assisted"``: facts; ``"hints"``:
    facts and hints); ``cache``: a dict the caller keeps for one game (the
    public log lines and each seat's hints are reused while nothing they
    depend on changed); ``cursor``: ``(seat, destination)`` of the move cursor
    the TV shows now (a room id or a ``(col, row)`` square; None when it
    shows none), public; ``chosen``: the indices (in ``engine.events``) of the
    events of choices the computer made for ``seat`` while its far-away phone
    was gone -- the cards among them that ``seat`` showed are in its view
    (``chosen_for_you``), so its person learns which card went to whom; ``tv``: why the TV
    holds the game now -- ``"paused"`` (its pause menu is open) or ``"start"`` (its join screen
    waits for Start) -- or None while it plays on; public, the same for every seat.  Raises ``ValueError`` for an unknown ``kind``, a seat
    not at the table (:func:`game.core.protocol.check_seat`) or a language
    not in ``en``/``es``/``ca``."""
    if kind not in GAMES:
        raise ValueError(f"game kind must be one of {GAMES}, not {kind!r}")
    if lang not in i18n.LANGUAGES:
        raise ValueError(f"language must be one of {i18n.LANGUAGES}, not {lang!r}")
    if tv not in HOLDS:
        raise ValueError(f"tv must be one of {HOLDS}, not {tv!r}")
    view = engine.view(seat)             # raises ValueError for a seat not at the table
    mine = engine.actor == seat and not engine.over
    legal = engine.legal_actions() if mine else []
    with speaking(lang):
        out = _build(kind, engine, view, seat, tuple(suspects), dict(marks or {}), lang, set(phones), legal,
                     notebook_mode, {} if cache is None else cache)
    board = kind == "board"
    out["board"] = geometry(view.board, {} if cache is None else cache) if board else None
    out["reach"] = _reach(legal) if board and out["move"] else None
    out["chosen_for_you"] = [{"to": e.to, "card": e.card, "i": i} for i, e in enumerate(view.events)
                             if i in chosen and type(e).__name__ == "CardShown" and e.by == seat
                             and e.card is not None]
    out["cursor"] = {"seat": int(cursor[0]), "at": _place(cursor[1])} if board and cursor is not None else None
    out["tv"] = tv
    return out


# ----------------------------------------------------------------- shared
def _name(suspects: tuple[str, ...], s: int | None) -> str:
    return card(suspects[s]) if s is not None else ""


def _notebook(cards: Sequence[str], kinds: Mapping[str, str], facts: Mapping[str, str], marks: Mapping[str, str],
              hints: Mapping[str, Any]) -> list[dict[str, Any]]:
    out = []
    for c in cards:
        h = hints.get(c)
        out.append({"id": c, "name": card(c), "kind": kinds[c], "mark": marks.get(c, ""),
                    "fact": facts.get(c), "hint": h.reason if h is not None else None,
                    "verdict": None if h is None else ("envelope" if h.envelope else "held")})
    return out


def _shown(view: Any, seat: int, shown_type: type[Any]) -> list[dict[str, Any]]:
    return [{"by": e.by, "card": e.card, "i": i} for i, e in enumerate(view.events)
            if isinstance(e, shown_type) and e.to == seat and e.card is not None]


def _facts(view: Any, seat: int, dealt: dict[str, str], shown_type: type[Any], mode: str) -> dict[str, str]:
    if mode == "manual":
        return {}
    out = dict(dealt)
    for e in view.events:
        if isinstance(e, shown_type) and e.to == seat and e.card is not None:
            out.setdefault(e.card, f"shown:{e.by}")
    return out


def _preselect(view: Any, seat: int, asker: int, cards: list[str], shown_type: type[Any]) -> str | None:
    """The card to offer first: one already shown to ``asker`` (it learns
    nothing new), else the first that may be shown."""
    before = {e.card for e in view.events if isinstance(e, shown_type) and e.by == seat and e.to == asker}
    for c in cards:
        if c in before:
            return c
    return cards[0] if cards else None


#: Events that change no seat's hints (tokens moving, turns passing): a seat's
#: hints are computed again only when another event came.
_NO_KNOWLEDGE = frozenset({"DieRolled", "TokenMoved", "NoMoves", "TurnStarted", "TurnEnded", "TokenSummoned",
                           "WeaponMoved", "TokenPushedIn", "DisproveRequested", "ShowRequested"})


def _hints(fn: Any, view: Any, suspects: tuple[str, ...], mode: str, cache: dict[Any, Any],
           lang: str) -> dict[str, Any]:
    """The seat's hints (card id -> Hint) from its own view, reused from ``cache``
    while no event that may change them came."""
    if mode != "hints":
        return {}
    from game.learning.hints import InconsistentViewError
    known = sum(1 for e in view.events if type(e).__name__ not in _NO_KNOWLEDGE)
    key = ("hints", view.seat, lang)
    hit = cache.get(key)
    if hit is not None and hit[0] == known:
        reused: dict[str, Any] = hit[1]
        return reused
    found: dict[str, Any]
    try:
        found = fn(view, lambda s: card(suspects[s]))
    except InconsistentViewError:
        found = {}
    cache[key] = (known, found)
    return found


def _action_dict(action: Any) -> dict[str, Any]:
    """An engine action's ``to_dict`` form (type name, then its fields; a
    square as a list), without ``dataclasses.asdict``'s deep copies."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for name in action.__dataclass_fields__:
        value = getattr(action, name)
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


def _legal(legal: list[Any], mode: "_Mode", cache: dict[Any, Any], step: int) -> list[dict[str, Any]]:
    """The actor's legal actions as dicts (board moves left out), reused from
    ``cache`` within one step (only the actor's payload holds them)."""
    hit = cache.get("legal")
    if hit is not None and hit[0] == step and hit[1] == len(legal):
        shared: list[dict[str, Any]] = hit[2]     # shared between payloads: never changed after it is built
        return shared
    out = [_action_dict(a) for a in legal if type(a).__name__ not in mode.hidden]
    cache["legal"] = (step, len(legal), out)
    return out


def _log(mode: "_Mode", view: Any, suspects: tuple[str, ...], cache: dict[Any, Any], lang: str) -> list[str]:
    """The last :data:`LOG_LINES` public log lines of the seat's events (each
    made public first), the lines of earlier events reused from ``cache``."""
    events = view.events
    key = ("log", view.seat, lang)
    done, lines = cache.get(key, (0, []))
    if done > len(events):
        done, lines = 0, []
    for e in events[done:]:
        line = mode.describe(mode.public(e), suspects)
        if line:
            lines.append(line)
    del lines[:-LOG_LINES]
    cache[key] = (len(events), lines)
    return list(lines)


def _waiting(suspects: tuple[str, ...], actor: int, showing: bool) -> dict[str, str]:
    # the suspect's id, not its name: a translation takes its forms ("Esperando al Coronel Rubio")
    if showing:
        return {"kind": "wait", "text": fmt("{name} is choosing a card to show…", name=suspects[actor])}
    return {"kind": "wait", "text": fmt("Waiting for {name}.", name=suspects[actor])}


# ------------------------------------------------------------ the modes
@dataclass(frozen=True)
class _Mode:
    """What differs between the two games' payloads."""

    ev: Any                    # the events module
    cards: Callable[[Any], tuple[str, ...]]          # view -> every card of the notebook
    kind_of: Callable[[str], str]
    describe: Callable[[Any, tuple[str, ...]], str | None]
    public: Callable[[Any], Any]
    hints: Callable[..., dict[str, Any]]
    show: str                  # the action class name that shows a card
    show_phase: str
    seen: str                  # the event of the envelope / Crime cards seen in secret
    ends: tuple[str, ...]      # the events that end the game
    hidden: tuple[str, ...]    # legal actions not sent (board moves: made on the TV)


def _mode(kind: str) -> _Mode:
    if kind == "board":
        from game.core.cards import ALL_CARDS, ROOMS, SUSPECTS
        from game.learning.hints import board_hints
        from game.rules import events as ev
        from game.text.log import describe
        return _Mode(ev, lambda view: ALL_CARDS,
                     lambda c: "suspect" if c in SUSPECTS else "room" if c in ROOMS else "weapon",
                     describe, ev.public, board_hints, "Disprove", "disprove", "EnvelopeSeen",
                     ("GameWon", "GameOverNoWinner"), ("Move",))
    from game.cardgame import events as cev
    from game.cardgame.cards import deck
    from game.cardgame.cards import kind as card_kind
    from game.cardgame.log import describe as card_describe
    from game.cardgame.log import public
    from game.learning.hints import card_game_hints
    return _Mode(cev, lambda view: deck(view.advanced), card_kind, card_describe, public, card_game_hints,
                 "Show", "show", "CrimeSeen", ("GameWon", "EverybodyLost", "NoPlayersLeft"), ())


def _prompt(kind: str, view: Any, seat: int, actor: int | None, suspects: tuple[str, ...],
            legal: list[Any], mode: _Mode) -> tuple[dict[str, str], dict[str, Any] | None]:
    """The seat's prompt (kind, plain words) and, when it must show a card, what it may show."""
    phase = view.phase
    if actor is None:
        return {"kind": "over", "text": _over_text(view.events, suspects, mode.ev.GameWon)}, None
    if actor != seat:
        return _waiting(suspects, actor, phase == mode.show_phase), None
    if phase == mode.show_phase:
        asker = view.turn            # the suggester / asker is the player whose turn it is
        cards = [a.card for a in legal if type(a).__name__ == mode.show]
        shown = mode.ev.CardShown
        disprove = {"asker": asker, "cards": cards, "preselect": _preselect(view, seat, asker, cards, shown)}
        return {"kind": mode.show_phase, "text": fmt("Choose a card to show to {name}.",
                                                     name=_name(suspects, asker))}, disprove
    names = {a for a in (type(x).__name__ for x in legal)}
    if kind == "cards":
        if phase == "join":
            return {"kind": "join", "text": _("Join the accusation, or let it go.")}, None
        return {"kind": "ask", "text": _("Your turn: ask about two cards, or accuse.")}, None
    if phase == "move":
        return {"kind": "move", "text": _("Tap a lit square or room on your board, or use the arrows.")}, None
    if phase == "start" and "Suggest" in names:      # pulled into a room: may suggest there (000 "Suggestions")
        return {"kind": "roll", "text": _("Roll the die, or make a suggestion here.")}, None
    if phase == "start":
        return {"kind": "roll", "text": _("Your turn: roll the die.")}, None
    if "Suggest" in names:
        return {"kind": "suggest", "text": _("Make a suggestion, accuse, or end your turn.")}, None
    return {"kind": "accuse_or_end", "text": _("Accuse, or end your turn.")}, None


def _build(kind: str, game: Any, view: Any, seat: int, suspects: tuple[str, ...], marks: dict[str, str],
           lang: str, phones: set[int], legal: list[Any], notebook_mode: str,
           cache: dict[Any, Any]) -> dict[str, Any]:
    """The payload (see the module's docstring), texts in the language in use."""
    mode = _mode(kind)
    over = game.over
    actor = None if over else view.actor if kind == "cards" else game.actor
    prompt, disprove = _prompt(kind, view, seat, actor, suspects, legal, mode)
    cards = mode.cards(view)
    dealt = {c: "hand" for c in view.hand}
    dealt.update({c: "up" for c in getattr(view, "face_up", ())})
    shown = mode.ev.CardShown
    facts = _facts(view, seat, dealt, shown, notebook_mode)
    seen = next((list(e.cards) for e in view.events if type(e).__name__ == mode.seen
                 and e.player == seat and e.cards), None)
    eliminated = getattr(view, "eliminated", None)        # the board game's view; the card game's says "out"
    out: Sequence[bool] = eliminated if eliminated else getattr(view, "out", ())
    pos = view.positions.get(view.suspect) if kind == "board" else None
    ends = tuple(getattr(mode.ev, n) for n in mode.ends)
    return {
        "game": kind, "seat": seat, "lang": lang, "you": suspects[seat],
        "seats": [{"id": s, "name": card(s), "out": bool(out[i]), "cards": view.hand_sizes[i],
                   "phone": i in phones} for i, s in enumerate(suspects)],
        "turn": view.turn, "actor": actor, "phase": view.phase, "over": over, "step": len(game.actions),
        "hand": [c for c in cards if c in view.hand], "face_up": list(getattr(view, "face_up", ())),
        "prompt": prompt,
        "legal": _legal(legal, mode, cache, len(game.actions)),
        "move": kind == "board" and actor == seat and view.phase == "move",
        "disprove": disprove,
        "shown": _shown(view, seat, shown),
        "seen_envelope": seen,
        "notebook": _notebook(cards, {c: mode.kind_of(c) for c in cards}, facts, marks,
                              _hints(mode.hints, view, suspects, notebook_mode, cache, lang)),
        "names": {c: card(c) for c in cards},
        # each card's name with its article ("la Soga") and after "to" ("a la Señorita Amapola"):
        # the page's own sentences in Spanish and Catalan need them (game.text.i18n card forms)
        "forms": {form: {c: card(c, form) for c in cards} for form in ("the", "to")},
        "log": _log(mode, view, suspects, cache, lang),
        "room": pos if isinstance(pos, str) else None,
        "roll": getattr(view, "roll", None),
        "result": _result(view.events, ends) if over else None,
        "pieces": pieces(view) if kind == "board" else None,
    }


def pieces(view: Any) -> dict[str, Any]:
    """Where everything stands on the board, from a board ``SeatView``'s
    public facts only (the same for every seat at the same moment): each
    suspect token's place (``"at"``: a room id, or a corridor square
    ``[col, row]``) in :data:`game.core.cards.SUSPECTS` order, each weapon's
    room in :data:`~game.core.cards.WEAPONS` order, whose ``turn`` it is (a
    seat) and ``last_roll``: the total of the newest public ``DieRolled``
    (None before the first roll)."""
    from game.core.cards import SUSPECTS, WEAPONS

    last = next((sum(e.dice) for e in reversed(view.events) if type(e).__name__ == "DieRolled"), None)
    return {"tokens": [{"id": s, "at": _place(view.positions[s])} for s in SUSPECTS if s in view.positions],
            "weapons": [{"id": w, "at": view.weapons[w]} for w in WEAPONS if w in view.weapons],
            "turn": view.turn, "last_roll": last}


def _place(pos: Any) -> Any:
    """A board place as JSON: a room id, or a corridor square ``[col, row]``."""
    return pos if isinstance(pos, str) else [int(pos[0]), int(pos[1])]


def _reach(legal: list[Any]) -> dict[str, list[Any]]:
    """The lit destinations of the mover's roll, from its own legal moves (the
    engine's, as the TV lights them): corridor squares and rooms, sorted."""
    moves = [a for a in legal if type(a).__name__ == "Move"]
    return {"squares": sorted([int(a.square[0]), int(a.square[1])] for a in moves if a.square is not None),
            "rooms": sorted(a.room for a in moves if a.room is not None)}


def geometry(board: Any, cache: dict[Any, Any] | None = None) -> dict[str, Any]:
    """The mansion a phone draws (public, the same for every seat), from a
    :class:`game.board.model.Board`: ``size`` ``[columns, rows]``; ``rows``, one
    string per row with one letter per square -- ``"."`` a corridor square,
    ``"x"`` the middle (the envelope), ``"#"`` no square, ``"a"``, ``"b"``... a
    square of ``rooms[0]``, ``rooms[1]``...; ``doors`` ``[col, row, in_col,
    in_row]`` (the corridor square in front, the room square behind);
    ``passages`` ``{"from": room, "to": room, "at": [col, row] | None}``;
    ``starts`` suspect -> its start square.  Built once per board (``cache``)."""
    key = ("board", id(board))
    hit: dict[str, Any] | None = (cache or {}).get(key)
    if hit is not None:
        return hit
    rooms = list(board.rooms)
    letter = {sq: chr(ord("a") + i) for i, r in enumerate(rooms) for sq in board.rooms[r].squares}
    letter.update({sq: "x" for sq in board.envelope})
    letter.update({sq: "." for sq in board.corridor})
    out = {"size": [board.width, board.height],
           "rows": ["".join(letter.get((c, r), "#") for c in range(board.width)) for r in range(board.height)],
           "rooms": rooms,
           "doors": [[d.square[0], d.square[1], d.inside[0], d.inside[1]] for d in board.doors],
           "passages": [{"from": r.id, "to": r.passage_to,
                         "at": None if r.passage_square is None else list(r.passage_square)}
                        for r in board.rooms.values() if r.passage_to],
           "starts": {s: list(sq) for s, sq in board.start_squares.items()}}
    if cache is not None:
        cache[key] = out
    return out


def _result(events: Sequence[Any], ends: tuple[type[Any], ...]) -> dict[str, Any] | None:
    """The public end of the game: the winner (None: nobody) and the envelope / Crime cards."""
    for e in reversed(events):
        if isinstance(e, ends):
            triple = getattr(e, "crime", None) or (e.suspect, e.weapon, e.room)
            return {"winner": getattr(e, "player", None), "envelope": list(triple)}
    return None


def _over_text(events: Sequence[Any], suspects: tuple[str, ...], won: type[Any]) -> str:
    for e in reversed(events):
        if isinstance(e, won):
            return fmt("{name} wins!", name=_name(suspects, e.player))
    return _("Nobody wins!")
