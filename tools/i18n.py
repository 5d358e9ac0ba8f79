"""Translation catalogues: extract -> update -> compile, with Babel.

    python tools/i18n.py            # all three steps
    python tools/i18n.py --check    # exit 1 if clue.pot, a .po or a .mo is out of date

1. **extract**: every ``_()``, ``N_()``, ``ngettext()``, ``pgettext()``, ``fmt()``,
   ``nfmt()`` and ``Np_()`` string in ``game/`` (the UI, the game log, the rules
   engines' messages, the "Why not?" reasons), plus the card names in all their
   forms (msgctxt ``card``, ``card:the``, ``card:in``, ``card:of``, ``card:to``,
   see :mod:`game.text.i18n`) and the rule options' words (:mod:`game.rules.options`),
   into ``locale/clue.pot``;
2. **update**: merge the template into ``locale/<lang>/LC_MESSAGES/clue.po`` for
   es and ca (new strings come in empty, gone ones are marked obsolete);
3. **compile**: write ``clue.mo`` next to each ``.po``.

Babel is a development tool only: the game reads the committed ``.mo`` files
with the standard library's :mod:`gettext`.

One word per idea: ``locale/<lang>/glossary.txt`` lists each language's
preferred terms and the words they replace ("sugerencia", not "sospecha");
tests/test_i18n.py checks that no translation uses a replaced word.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LOCALE = ROOT / "locale"
DOMAIN = "clue"
TRANSLATED = ("es", "ca")
#: Plural forms (number, C expression): singular for 1, plural otherwise.
PLURALS = {"es": (2, "(n != 1)"), "ca": (2, "(n != 1)")}
KEYWORDS = {
    "_": None, "N_": None, "fmt": None,
    "ngettext": (1, 2), "nfmt": (1, 2), "Np_": (1, 2),
    "pgettext": ((1, "c"), 2),
}
HEADER = "Clue (family edition)"


def extract() -> Catalog:
    """The template catalogue, from the source and the card and option tables."""
    from game.rules.cards import ALL_CARDS, CARD_NAMES
    from game.rules.options import OPTION_INFO, PRESETS
    from game.text.i18n import card_contexts

    cat = Catalog(project=HEADER, version="1", msgid_bugs_address="", copyright_holder="",
                  charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT / "game"), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("Translators:",), strip_comment_tags=True):
        if isinstance(message, tuple) and not all(message):
            continue
        if not message:
            continue
        cat.add(message, None, [(f"game/{filename}", lineno)], auto_comments=comments, context=context)
    for c in ALL_CARDS:
        for ctx in card_contexts(c):
            cat.add(CARD_NAMES[c], None, [("game/rules/cards.py", 0)], context=ctx,
                    auto_comments=[{"card": "The card's name, as printed (Spanish edition).",
                                    "card:the": "With its article: 'the Rope' -> 'la Soga'; a person: 'la Señorita Amapola'.",
                                    "card:in": "'in the Kitchen' -> 'en la Cocina' / 'a la Cuina'.",
                                    "card:of": "'of Miss Scarlet' -> 'de la Señorita Amapola' / 'del Coronel Rubio'.",
                                    "card:to": "'to Miss Scarlet' -> 'a la Señorita Amapola' / 'al Coronel Rubio'.",
                                    }[ctx]])
    for info in OPTION_INFO.values():
        cat.add(info.label, None, [("game/rules/options.py", 0)])
        cat.add(info.help, None, [("game/rules/options.py", 0)])
    for preset in PRESETS.values():
        cat.add(preset.title, None, [("game/rules/options.py", 0)])
        cat.add(preset.description, None, [("game/rules/options.py", 0)])
    return cat


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _po_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, cat, width=100, omit_header=False, sort_output=False, ignore_obsolete=True,
             include_previous=False)
    return buf.getvalue()


def _mo_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def _stable(data: bytes) -> bytes:
    """A .po/.pot without its date lines and source locations (they change with
    every run and every edit elsewhere in a file): only the messages count."""
    return b"\n".join(ln for ln in data.split(b"\n")
                      if not ln.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date', b"#: ")))


def messages(cat: Catalog) -> dict:
    """(context, msgid) -> msgstr for every translated message (the header aside)."""
    def t(x):
        return tuple(x) if isinstance(x, (list, tuple)) else x

    return {(m.context, t(m.id)): t(m.string) for m in cat if m.id and m.string and not m.fuzzy}


def mo_differs(path: Path, cat: Catalog) -> bool:
    """True when the compiled file at ``path`` does not hold exactly ``cat``'s
    translations and plural rule (dates in the header do not count)."""
    if not path.exists():
        return True
    from babel.messages.mofile import read_mo

    with open(path, "rb") as fh:
        old = read_mo(fh)
    return messages(old) != messages(cat) or old.plural_forms != cat.plural_forms


def load_po(lang: str) -> Catalog:
    with open(po_path(lang), "rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def updated(template: Catalog, lang: str) -> Catalog:
    """The ``lang`` catalogue merged with ``template``."""
    path = po_path(lang)
    if path.exists():
        cat = load_po(lang)
    else:
        cat = Catalog(locale=lang, domain=DOMAIN, project=HEADER, version="1", charset="utf-8", fuzzy=False)
    cat.update(template, no_fuzzy_matching=True, update_header_comment=False)
    cat.fuzzy = False
    # the usual gettext rule for both languages: one form for 1, another for the rest
    cat._num_plurals, cat._plural_expr = PLURALS[lang]
    return cat


def write_if_changed(path: Path, data: bytes, check: bool) -> bool:
    """Write ``data`` unless the file already holds it (dates aside); returns True if it differed."""
    old = path.read_bytes() if path.exists() else b""
    if _stable(old) == _stable(data):
        return False
    if not check:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only say whether anything is out of date")
    args = ap.parse_args(argv)
    stale = []
    template = extract()
    if write_if_changed(LOCALE / f"{DOMAIN}.pot", _po_bytes(template), args.check):
        stale.append("locale/clue.pot")
    for lang in TRANSLATED:
        cat = updated(template, lang)
        if write_if_changed(po_path(lang), _po_bytes(cat), args.check):
            stale.append(str(po_path(lang).relative_to(ROOT)))
        if mo_differs(mo_path(lang), cat):
            stale.append(str(mo_path(lang).relative_to(ROOT)))
            if not args.check:
                mo_path(lang).write_bytes(_mo_bytes(cat))
        missing = [m.id for m in cat if m.id and (not m.string or (isinstance(m.string, tuple) and not all(m.string)))]
        if missing:
            print(f"{lang}: {len(missing)} message(s) without a translation", file=sys.stderr)
    if stale:
        print(("out of date: " if args.check else "written: ") + ", ".join(stale))
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
