"""What one seat's phone is sent: its whole view, as a JSON-able dict.

:func:`seat_payload` builds it **only** from ``engine.view(seat)``,
``engine.legal_actions()`` when ``engine.actor == seat``, public facts
(seats, turn, phase, the public log), that seat's own notebook ``marks`` and
the hints computed from its own view (:mod:`game.hints`) -- never from the
engine's hands, the envelope / Crime cards, the seed, or another seat's view.

Shape (``docs/network.md``)::

    {"game": "board"|"cards", "seat": 2, "lang": "es", "you": "peacock",
     "seats": [{"id": "scarlet", "name": "Miss Scarlet", "out": false, "cards": 6, "phone": true}],
     "turn": 1, "actor": 2, "phase": "...", "over": false,
     "hand": ["rope", ...], "face_up": [...],
     "prompt": {"kind": "wait"|"roll"|"move"|"suggest"|"disprove"|"accuse_or_end"|"ask"|"show"|"join"|"over",
                "text": "<plain words in lang>"},
     "legal": [<action dicts>],           # only when actor == seat; no board Move ("move": true instead)
     "move": false,
     "disprove": {"asker": 1, "cards": ["rope", "hall"], "preselect": "rope"} | null,
     "shown": [{"by": 0, "card": "knife", "i": 17}],
     "notebook": [{"id": "rope", "name": "Soga", "kind": "weapon", "mark": "X",
                   "fact": "hand"|"face_up"|"shown:0"|null, "hint": "<why>"|null}],
     "names": {"rope": "Soga", ...},
     "log": ["<public log line>", ...],   # the last 40
     "room": "hall"|null,
     "result": {"winner": 0|null, "envelope": ["plum", "rope", "hall"]}|null}
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

#: How many public log lines a payload carries (the newest).
LOG_LINES = 40


def seat_payload(kind: str, engine: Any, seat: int, *, suspects: Sequence[str],
                 marks: Mapping[str, str] | None = None, lang: str = "en",
                 phones: set[int] | frozenset[int] = frozenset()) -> dict[str, Any]:
    """``seat``'s whole view of the game ``engine`` (a board ``Game`` when
    ``kind == "board"``, a ``CardGame`` when ``"cards"``), its texts in
    ``lang``; ``suspects[s]`` is the suspect token seat ``s`` plays,
    ``marks`` the seat's own notebook marks (card id -> mark), ``phones`` the
    seats with a phone now.  Raises ``ValueError`` for an unknown ``kind``,
    a seat not at the table or a language not in ``en``/``es``/``ca``."""
    raise NotImplementedError("filled in by the next commit of i15-core")
