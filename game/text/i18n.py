"""Languages: English (the source), Spanish and Catalan, with the standard
library's :mod:`gettext` reading the committed ``locale/<lang>/LC_MESSAGES/clue.mo``.

Pure Python (no pygame), shared by the UI, the game log and the rules
explanations.  :func:`set_language` switches at run time; :func:`_`,
:func:`ngettext` and :func:`pgettext` translate with the current language.

Card names, as printed in the Spanish edition (001) and their Catalan forms,
live in the catalogue too, each in several *forms* so that whole sentences can
be translated without gendered-article guesswork (``"the Rope"`` is ``"la
Soga"``, ``"in the Kitchen"`` is ``"a la Cuina"``):

===========  ===================  =====================================
form         English (computed)   catalogue entry (msgctxt / msgid)
===========  ===================  =====================================
``name``     ``Rope``             ``card`` / ``Rope``
``the``      ``the Rope``         ``card:the`` / ``Rope``
``in``       ``in the Kitchen``   ``card:in`` / ``Kitchen`` (rooms)
``of``       ``of Miss Scarlet``  ``card:of`` / ``Miss Scarlet`` (suspects)
``to``       ``to Miss Scarlet``  ``card:to`` / ``Miss Scarlet`` (suspects)
===========  ===================  =====================================

:func:`fmt` fills a translated template: for a parameter ``x`` holding a card
id it also offers ``{x_the}``, ``{x_in}``, ``{x_of}`` and ``{x_to}``, so the
English ``"with the {weapon}"`` can read ``"con {weapon_the}"`` in Spanish.

How to add a string: wrap it in ``_()`` (or ``N_()`` where it must be
translated later, ``ngettext()`` when it has a number), run
``python tools/i18n.py``, fill in the new ``msgstr`` in ``locale/es`` and
``locale/ca``, run ``python tools/i18n.py`` again to compile, and commit the
``.po`` and ``.mo`` files.
"""

from __future__ import annotations

import gettext as _gettext
import io
import logging
from pathlib import Path
from string import Formatter
from typing import Callable, TypedDict

from game.core.cards import ALL_CARDS, CARD_NAMES, ROOMS, SUSPECTS

DOMAIN = "clue"
LANGUAGES: tuple[str, ...] = ("en", "es", "ca")
#: Each language's name in its own language (for the language button).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "es": "Español", "ca": "Català"}
CARD_FORMS: tuple[str, ...] = ("name", "the", "in", "of", "to")


def locale_dir() -> Path:
    """The folder holding ``<lang>/LC_MESSAGES/clue.mo``."""
    from game.storage import paths

    return paths.LOCALE


log = logging.getLogger(__name__)


class _State(TypedDict):
    """The language in use: its code and translations, who to tell of a
    change, the damaged catalogue (if any) and the files already logged."""

    code: str
    tr: _gettext.NullTranslations
    listeners: list[Callable[[str], None]]
    damaged: Path | None
    logged: set[str]
    read: Callable[[Path], bytes] | None
    describe: Callable[[Exception], str | None] | None


_state: _State = {"code": "en", "tr": _gettext.NullTranslations(), "listeners": [], "damaged": None,
                "logged": set(), "read": None, "describe": None}


def _regular_file_bytes(path: Path) -> bytes:
    """The bytes of ``path`` if it is a regular file (a named pipe or a device
    is never opened: FileNotFoundError, so English).  Used until
    :mod:`game.storage.files` installs its own reader (:func:`use_file_reader`)."""
    import stat

    if not stat.S_ISREG(path.stat().st_mode):
        raise FileNotFoundError(path)
    return path.read_bytes()


def use_file_reader(read: Callable[[Path], bytes], describe: Callable[[Exception], str | None]) -> None:
    """Read the ``.mo`` files with ``read`` (path -> bytes; raises
    FileNotFoundError for a missing file) and name a failure with
    ``describe`` (an exception -> a line for the log, or None for the default).
    :mod:`game.storage.files` calls it when imported, so the translations are
    read as every other file of the game is, and this module imports nothing
    of the game's files (no import cycle)."""
    _state["read"], _state["describe"] = read, describe


def _catalogue(code: str, localedir: str | Path) -> _gettext.NullTranslations | None:
    """The translations of ``code`` from its ``.mo`` file, read by the game's
    file reader (:func:`use_file_reader`).  A missing file gives no
    translations (English); a damaged or unreadable one gives None."""
    path = Path(localedir) / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        read = _state["read"] or _regular_file_bytes
        return _gettext.GNUTranslations(io.BytesIO(read(path)))
    except FileNotFoundError:
        return _gettext.NullTranslations()
    except Exception as exc:    # FileProblem, OSError "Bad magic number", struct.error of a cut file, ...
        describe = _state["describe"]
        detail = (describe(exc) if describe else None) or f"{path}: {type(exc).__name__}: {exc}"
        if str(path) not in _state["logged"]:           # once per file, not at every switch
            _state["logged"].add(str(path))
            log.warning("the translation %s cannot be used, so the game is in English (%s)", path, detail)
        _state["damaged"] = path
        return None


def set_language(code: str, localedir: str | Path | None = None) -> str:
    """Use ``code`` ("en", "es" or "ca"; anything else means English) from now
    on.  Returns the code in use.  A missing ``.mo`` file falls back to
    English; so does a damaged or unreadable one, which is logged once and
    named by :func:`damaged_catalogue` (the code in use is then "en")."""
    code = code if code in LANGUAGES else "en"
    _state["damaged"] = None
    tr = _gettext.NullTranslations() if code == "en" else _catalogue(code, localedir or locale_dir())
    if tr is None:
        code, tr = "en", _gettext.NullTranslations()
    _state["code"], _state["tr"] = code, tr
    for fn in list(_state["listeners"]):
        fn(code)
    return code


def damaged_catalogue() -> Path | None:
    """The translation file the last :func:`set_language` could not use (it
    fell back to English), or None."""
    return _state["damaged"]


def damaged_message() -> str | None:
    """One sentence for the screen about :func:`damaged_catalogue`, or None.
    English only: the translation is what is broken."""
    path = damaged_catalogue()
    if path is None:
        return None
    return (f"The translation file {path} is damaged or cannot be read, so the game is in English. "
            "Installing the game again repairs it.")


def language() -> str:
    """The code of the language in use."""
    return _state["code"]


def on_change(fn: Callable[[str], None]) -> None:
    """Call ``fn(code)`` after every :func:`set_language` (caches to drop)."""
    _state["listeners"].append(fn)


def _(message: str) -> str:
    """``message`` in the current language."""
    return _state["tr"].gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message for ``n``, in the current language
    (the language's own plural rule)."""
    return _state["tr"].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, in ``context``."""
    return _state["tr"].pgettext(context, message)


# ------------------------------------------------------------------ cards
def _english_form(card: str, form: str) -> str:
    n = CARD_NAMES[card]
    if form == "name":
        return n
    person = card in SUSPECTS
    if form == "the":
        return n if person else f"the {n}"
    if form == "in":
        return f"in the {n}"
    if form in ("of", "to"):
        return f"{form} {n}" if person else f"{form} the {n}"
    raise KeyError(form)


def card_contexts(card: str) -> tuple[str, ...]:
    """The catalogue contexts a card has (every card a name and a "the" form,
    rooms an "in" form, suspects "of" and "to" forms)."""
    out = ["card", "card:the"]
    if card in ROOMS:
        out.append("card:in")
    if card in SUSPECTS:
        out += ["card:of", "card:to"]
    return tuple(out)


def card(card: str, form: str = "name") -> str:
    """A card's name in the current language (``form`` from :data:`CARD_FORMS`).
    An unknown id is returned as it is."""
    if card not in CARD_NAMES:
        return card
    if form == "name":
        return pgettext("card", CARD_NAMES[card])
    ctx = "card:" + form
    if _state["code"] == "en" or ctx not in card_contexts(card):
        return _english_form(card, form)
    out = pgettext(ctx, CARD_NAMES[card])
    return out if out != CARD_NAMES[card] else _english_form(card, form)


def feminine(card_id: str) -> bool:
    """True when ``card_id``'s name is feminine in the current language, as its
    article shows ("la Señorita Amapola", "la Soga"; never in English): a word
    said of it then takes its ``pgettext("feminine", ...)`` form ("ganadora")."""
    return card(card_id, "the").lower().startswith("la ")


def initial(suspect: str) -> str:
    """The letter on a suspect's token: the initial of the surname in the
    current language (Scarlet -> S, Amapola -> A)."""
    return card(suspect).split()[-1][0].upper()


def card_params(**cards: str) -> dict[str, str]:
    """For each ``key=card id``: ``key`` (the name) and ``key_the``, ``key_in``,
    ``key_of``, ``key_to`` (the forms, see the module docstring)."""
    out: dict[str, str] = {}
    for key, c in cards.items():
        out[key] = card(c)
        for form in CARD_FORMS[1:]:
            out[f"{key}_{form}"] = card(c, form)
    return out


def fmt(template: str, **params: object) -> str:
    """Translate ``template`` and fill it in.  A parameter holding a card id
    (``"rope"``) offers its forms (``{weapon}``, ``{weapon_the}``, ...); other
    values are used as they are.  The first letter is made upper case (a
    translated sentence may start with an article, "la Señora Blanco ...")."""
    values = _values(params)
    text = _(template)
    try:
        text = text.format(**values)
    except (KeyError, IndexError, ValueError):   # a broken translation: fall back to English
        text = template.format(**values)
    return upper_first(text)


#: A card not picked yet, in a sentence that names the picks ("I accuse ___, with the ___, in the ___!").
BLANK = "___"


def blank_forms() -> dict[str, str]:
    """:data:`BLANK` in each form of a card: the words a form puts before a name stay
    with the blank, but not an article that would need the card's gender (Spanish
    "¡Acuso a ___, con ___, en ___!", never "¡Acuso ___, con ___, ___!")."""
    return {"the": BLANK, "in": pgettext("blank", "in ___"), "of": pgettext("blank", "of ___"),
            "to": pgettext("blank", "to ___")}


def _values(params: dict[str, object]) -> dict[str, object]:
    """Template values: a card id gives its forms; a blank (:data:`BLANK`) its forms
    (:func:`blank_forms`); any other text stands for all of its forms too."""
    values: dict[str, object] = {}
    for k, v in params.items():
        if isinstance(v, str) and v in ALL_CARDS:
            values.update(card_params(**{k: v}))
        elif v == BLANK:
            values[k] = v
            values.update({f"{k}_{form}": words for form, words in blank_forms().items()})
        else:
            values[k] = v
            if isinstance(v, str):
                for form in CARD_FORMS[1:]:
                    values.setdefault(f"{k}_{form}", v)
    return values


def and_list(names: list[str]) -> str:
    """ "A, B and C" in the current language (``names``: one or more words)."""
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def upper_first(text: str) -> str:
    """``text`` with its first letter in upper case (after any leading punctuation like "¡" or "¿")."""
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1:]
    return text


def placeholders(template: str) -> set[str]:
    """The ``{names}`` used by a template."""
    return {f for _t, f, _s, _c in Formatter().parse(template) if f}


def nfmt(singular: str, plural: str, n: int, **params: object) -> str:
    """Like :func:`fmt` for a message with a number ``n`` (also passed as ``{n}``)."""
    values = _values({"n": n, **params})
    text = ngettext(singular, plural, n)
    try:
        text = text.format(**values)
    except (KeyError, IndexError, ValueError):
        text = (singular if n == 1 else plural).format(**values)
    return upper_first(text)


def english(template: str, **params: object) -> str:
    """``template`` filled in English (card ids become their English names),
    whatever the current language."""
    values = {k: (CARD_NAMES[v] if isinstance(v, str) and v in CARD_NAMES else v) for k, v in params.items()}
    return template.format(**values)
