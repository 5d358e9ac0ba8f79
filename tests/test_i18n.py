"""Three languages (English, Spanish, Catalan): catalogues, "Why not?"
explanations, fonts, the language and text-size settings, and text that fits
its box in every language and text size."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules.cards import ALL_CARDS  # noqa: E402
from game.rules.errors import IllegalActionError  # noqa: E402
from game.text import i18n  # noqa: E402
from game.text.i18n_why import PLAIN_BOARD, PLAIN_CARDS, PLAIN_TEMPLATE, WHY_BOARD, WHY_CARDS, explain, rule_text  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "es", "ca")

#: msgstr == msgid is allowed only for these (no words of their own to translate).
SAME_ALLOWED = {"{action}: {key}", "{name}: {status}.", "No"}   # "No" is the same word in Spanish and Catalan


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def _po(lang: str):
    from babel.messages.pofile import read_po

    with open(ROOT / "locale" / lang / "LC_MESSAGES" / "clue.po", "rb") as fh:
        return read_po(fh, locale=lang, domain="clue")


# ------------------------------------------------------------- catalogues
@pytest.mark.parametrize("lang", ("es", "ca"))
def test_no_message_is_empty_or_untranslated(lang):
    cat = _po(lang)
    n = 0
    for m in cat:
        if not m.id:
            continue
        n += 1
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        assert all(s.strip() for s in strs), (lang, m.id)
        assert not m.fuzzy, (lang, m.id)
        if ids[0] not in SAME_ALLOWED:
            assert strs[0] != ids[0], (lang, m.context, m.id)
        # placeholders: only the msgid's, or their article forms ({room_in} for {room})
        allowed = set()
        for p in set().union(*(i18n.placeholders(i) for i in ids)):
            base = p.split("!")[0]
            allowed |= {base} | {f"{base}_{f}" for f in i18n.CARD_FORMS[1:]}
        for s in strs:
            used = {p.split("!")[0] for p in i18n.placeholders(s)}
            assert used <= allowed, (lang, m.id, used - allowed)
    assert n > 300


def glossary(lang: str) -> list[tuple[str, str, list[str]]]:
    """locale/<lang>/glossary.txt: (preferred term, idea regex on the msgid, replaced words)."""
    out = []
    for line in (ROOT / "locale" / lang / "glossary.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            term, idea, words = (part.strip() for part in line.split("|"))
            out.append((term, idea, [w.strip() for w in words.split(",") if w.strip()]))
    return out


@pytest.mark.parametrize("lang", ("es", "ca"))
def test_the_catalogue_uses_the_glossary(lang):
    """One word per idea (es "sugerencia", "libreta", "Intro"; ca "suggeriment", "llibreta",
    "carta", "Pantalla completa", "Aprendre a jugar" ...): no translation whose English means the idea uses
    a word the glossary replaces, and the preferred term is used."""
    terms = glossary(lang)
    assert len(terms) >= 6
    wrong, used = [], set()
    for m in _po(lang):
        if not m.id or not m.string:
            continue
        english = " ".join(m.id) if isinstance(m.id, tuple) else m.id
        strings = " ".join(m.string) if isinstance(m.string, tuple) else m.string
        for term, idea, words in terms:
            if not re.search(idea, english, re.I):
                continue
            wrong += [(word, english, strings) for word in words
                      if re.search(r"(?<!\w)" + re.escape(word) + r"(?!\w)", strings, re.I)]
            if term.lower() in strings.lower():
                used.add(term)
    assert not wrong, wrong
    assert used == {term for term, _i, _w in terms}


@pytest.mark.parametrize("lang", ("es", "ca"))
def test_plural_forms(lang):
    cat = _po(lang)
    assert cat.num_plurals == 2
    i18n.set_language(lang)
    one = i18n.nfmt("{suspect} walks {n} square.", "{suspect} walks {n} squares.", 1, suspect="plum")
    many = i18n.nfmt("{suspect} walks {n} square.", "{suspect} walks {n} squares.", 3, suspect="plum")
    assert one != many and " 1 " in one and " 3 " in many
    assert {"es": "casillas", "ca": "caselles"}[lang] in many


def test_mo_files_are_up_to_date():
    """The committed .pot, .po and .mo match the source (tools/i18n.py --check)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import importlib

        tool = importlib.import_module("i18n")
        assert tool.main(["--check"]) == 0, "run: python tools/i18n.py"
    finally:
        sys.path.remove(str(ROOT / "tools"))
        sys.modules.pop("i18n", None)


def test_runtime_reads_the_compiled_catalogue():
    i18n.set_language("es")
    assert i18n._("Roll the die") == "Tirar el dado"
    i18n.set_language("ca")
    assert i18n._("Roll the die") == "Tirar el dau"
    i18n.set_language("en")
    assert i18n._("Roll the die") == "Roll the die"
    assert i18n.set_language("xx") == "en"


# ------------------------------------------------------------- card names
SPANISH = {"scarlet": "Señorita Amapola", "mustard": "Coronel Rubio", "white": "Señora Blanco",
           "green": "Padre Prado", "peacock": "Señora Celeste", "plum": "Profesor Mora",
           "knife": "Puñal", "candlestick": "Candelabro", "revolver": "Pistola", "rope": "Soga",
           "lead_pipe": "Tubería", "wrench": "Llave inglesa", "kitchen": "Cocina", "ballroom": "Salón de baile",
           "conservatory": "Invernadero", "dining_room": "Comedor", "billiard_room": "Sala de billar",
           "library": "Biblioteca", "lounge": "La sala", "hall": "Vestíbulo", "study": "Estudio"}
CATALAN = {"scarlet": "Senyoreta Amapola", "mustard": "Coronel Rubio", "white": "Senyora Blanco",
           "green": "Pare Prado", "peacock": "Senyora Celeste", "plum": "Professor Mora",
           "knife": "Ganivet", "candlestick": "Canelobre", "revolver": "Pistola", "rope": "Corda",
           "lead_pipe": "Canonada", "wrench": "Clau anglesa", "kitchen": "Cuina", "ballroom": "Sala de ball",
           "conservatory": "Hivernacle", "dining_room": "Menjador", "billiard_room": "Sala de billar",
           "library": "Biblioteca", "lounge": "Saló", "hall": "Vestíbul", "study": "Estudi"}


@pytest.mark.parametrize("lang,names", (("es", SPANISH), ("ca", CATALAN)))
def test_card_names_as_printed(lang, names):
    """001 (Spanish edition) names, and their Catalan forms (003 where it names
    them: ganivet, corda, canelobre, menjador, sala de billar)."""
    i18n.set_language(lang)
    assert set(names) == set(ALL_CARDS)
    for c, n in names.items():
        assert i18n.card(c) == n
        assert n.lower() in i18n.card(c, "the").lower()     # "la sala" in running text for "La sala"


def test_sentences_use_articles():
    i18n.set_language("es")
    line = i18n.fmt("{who} accuses {suspect}, with the {weapon}, in the {room}!", who="white",
                    suspect="mustard", weapon="rope", room="kitchen")
    assert line == "¡La Señora Blanco acusa al Coronel Rubio, con la Soga, en la Cocina!"
    i18n.set_language("ca")
    assert i18n.fmt("{suspect} walks into the {room}.", suspect="plum", room="study") == \
        "El Professor Mora entra a l'Estudi."
    assert i18n.fmt("{suspect} walks into the {room}.", suspect="plum", room="dining_room") == \
        "El Professor Mora entra al Menjador."


def test_game_log_in_spanish():
    from game.board.tmx import load_board
    from game.commands.headless import computer_setup
    from game.rules import events as ev
    from game.rules.engine import Game
    from game.storage import paths
    from game.text.log import describe

    board = load_board(paths.MANSION_MAP)
    game = Game.new(board, computer_setup(4, seed=5))
    seats = tuple(s.suspect for s in game.seats)
    i18n.set_language("es")
    lines = [describe(ev.public(e), seats) for e in game.events]
    assert any(line and line.startswith("Empieza la partida") for line in lines)


# ----------------------------------------------------------------- why not
def _codes(path: Path) -> set[str]:
    src = path.read_text(encoding="utf-8")
    found = set(re.findall(r'\),?\s*"([a-z_]+)"', src))          # "...message"), "code"
    found |= set(re.findall(r'^\s*"([a-z_]+)", \'', src, re.M))   # "code", 'rule' on its own line
    found |= set(re.findall(r'IllegalActionError\(why, "([a-z_]+)"', src))
    return found


def test_every_engine_code_is_found():
    board = _codes(ROOT / "game" / "rules" / "engine.py")
    assert {"roll_first", "unreachable", "accused_twice", "suggest_again", "trapped", "game_over"} <= board
    assert len(board) >= 17


@pytest.mark.parametrize("engine,table", (("rules", WHY_BOARD), ("cardgame", WHY_CARDS)))
def test_every_illegal_action_has_an_explanation_in_three_languages(engine, table):
    codes = _codes(ROOT / "game" / engine / "engine.py")
    assert codes, engine
    for code in codes:
        assert code in table, (engine, code)
        texts = set()
        for lang in LANGS:
            i18n.set_language(lang)
            text = i18n._(table[code])
            assert text.strip()
            texts.add(text)
        assert len(texts) == 3, (code, texts)     # really translated


@pytest.mark.parametrize("engine,table", (("rules", PLAIN_BOARD), ("cardgame", PLAIN_CARDS)))
def test_every_illegal_action_has_a_short_plain_rule_in_three_languages(engine, table):
    """The message screen says the rule in a few words, not "Regla: 000 «Cómo va un turno»"."""
    codes = _codes(ROOT / "game" / engine / "engine.py") - {"unknown"}
    rules = [table[code] for code in codes] + list(PLAIN_TEMPLATE.values())
    for rule in rules:
        texts = set()
        for lang in LANGS:
            i18n.set_language(lang)
            text = i18n._(rule)
            assert text.strip() and len(text.split()) <= 14 and not re.search(r"\d{3}", text), (lang, text)
            texts.add(text)
        assert len(texts) == 3, texts                 # really translated
    for template, rule in PLAIN_TEMPLATE.items():
        assert rule != template                       # the rule never repeats what went wrong


def test_every_engine_message_is_translated():
    """Each template the engines raise is in the catalogues (so the box is never half English)."""
    ids = {m.id for m in _po("es") if m.id}
    for engine in ("rules", "cardgame"):
        src = (ROOT / "game" / engine / "engine.py").read_text(encoding="utf-8")
        for msg in re.findall(r'N_\(((?:"(?:[^"\\]|\\.)*"\s*)+)\)', src):
            text = "".join(eval(part) for part in re.findall(r'"(?:[^"\\]|\\.)*"', msg))
            assert text in ids, text


def test_rule_citations_translate():
    """A citation names the rules as a player knows them, never by the file's number (the log
    showed 'Rule: 000 "How a turn works"')."""
    assert rule_text('000 "How a turn works" 1') == "Rule: Classic (U.S.), “How a turn works” 1"
    assert rule_text('002 "Section 4: Gameplay"').startswith("Rule: House rules, “")
    assert rule_text("999 nothing known") == rule_text("") == ""
    i18n.set_language("es")
    assert rule_text('000 "How a turn works" 1') == "Regla: Clásico (EE. UU.), «Cómo va un turno», punto 1"
    assert rule_text('001 "Acusación"') == "Regla: Cluedo (España), «Acusación»"
    i18n.set_language("ca")
    assert rule_text('003 "Prendre el teu torn"') == "Regla: Joc de cartes, «Prendre el teu torn»"


def test_explanation_of_a_real_engine_error():
    from game.board.tmx import load_board
    from game.commands.headless import computer_setup
    from game.rules.actions import Move
    from game.rules.engine import Game
    from game.storage import paths

    game = Game.new(load_board(paths.MANSION_MAP), computer_setup(4, seed=5))
    sq = next(iter(game.board.corridor))
    with pytest.raises(IllegalActionError) as info:
        game.check(Move(square=sq))
    assert str(info.value) == "Roll the die before you move."
    assert explain(info.value).text == "Roll the die before you move."
    i18n.set_language("ca")
    why = explain(info.value)
    assert why.text == "Tira el dau abans de moure't."
    assert why.rule == "Regla: Clàssic (EUA), «Com va un torn», punt 1" and why.why and "000" not in why.for_log()
    assert why.plain.startswith("Regla: ") and "000" not in why.plain                  # the rule in a few words


# -------------------------------------------------------------------- font
GLYPHS = "áéíóúüñ¿¡àèòïç·ÁÉÍÓÚÜÑÀÈÒÏÇŀ"


@pytest.mark.parametrize("bold", (False, True))
def test_font_has_every_accent(bold):
    pygame.font.init()
    from game.ui.draw import theme

    f = theme.font_px(22, bold)
    metrics = f.metrics(GLYPHS)
    assert all(m is not None for m in metrics), [g for g, m in zip(GLYPHS, metrics, strict=True) if m is None]
    assert f.size("l·l")[0] > f.size("ll")[0]


# --------------------------------------------------------- settings and UI
def _app(tmp_path=None, **kw):
    from game.ui.app import App

    a = App(seed=11, sound=False, speed=20.0, threaded_ai=False, **kw)
    a.start()
    return a


def test_language_and_text_size_are_chosen_on_the_title_and_saved(tmp_path):
    from game.storage.settings import load_settings

    path = tmp_path / "settings.json"
    app = _app(settings_path=path)
    try:
        title = app.top
        title.settings_button.press()                # Settings: language, text size ...
        app.top.language_row.press()
        assert app.store.settings.language == "es" and i18n.language() == "es"
        assert app.top.language_row.label == "Idioma: Español"
        assert title.play_label.text == "Jugar"
        app.top.language_row.press()
        assert app.top.language_row.label == "Idioma: Català"
        app.top.text_row.press()
        assert load_settings(path)[0].language == "ca"
        assert load_settings(path)[0].text_size == "large"
    finally:
        app.close()
    again = _app(settings_path=path)                 # the next start remembers both
    try:
        assert i18n.language() == "ca" and again.top.play_label.text == "Jugar"
        again.top.settings_button.press()
        assert again.top.text_row.label == "Text: gran"
    finally:
        again.close()
        from game.ui.draw import theme

        theme.set_text_scale(1.0)


def test_first_run_uses_the_system_language(tmp_path, monkeypatch):
    from game.storage.settings import load_settings

    monkeypatch.setenv("LANGUAGE", "ca_ES.UTF-8")
    settings, msg = load_settings(tmp_path / "missing.json")
    assert settings.language == "ca" and msg is None


def test_pause_menu_switches_language_and_the_log_follows():
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene
    from game.ui.scenes.menu import MenuScene

    app = _app()
    try:
        board = BoardScene(app, Match(app.board, quick_setup(3)))
        app.push(board)
        for _ in range(30):
            app.step(0.1)
        app.push(MenuScene(app, board))
        app.top.settings_button.press()              # Settings, from the pause menu
        app.top.language_row.press()
        assert app.store.settings.language == "es"
        assert app.top.language_row.label == "Idioma: Español"
        assert board.match.log[0].startswith("Empieza la partida")
        assert board.notebook_button.label == "Mis cartas y libreta"
        app.draw()
    finally:
        app.close()


def test_why_not_box_in_catalan():
    from game.rules.actions import Move
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene
    from game.ui.scenes.message import MessageScene

    app = _app()
    try:
        app.prefs.set_language("ca", save=False)
        match = Match(app.board, quick_setup(3))
        board = BoardScene(app, match)
        app.push(board)
        while not board.human_to_act:
            app.step(0.1)
        board.do(Move(square=next(iter(match.game.board.corridor))))
        box = app.top
        assert isinstance(box, MessageScene)
        assert box.text == "Tira el dau abans de moure't."
        assert box.rule == "Regla: " + i18n._(PLAIN_BOARD["roll_first"]) and not box.detail    # no citation
        assert box.title == "Ara no"
        app.draw()
    finally:
        app.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", ("normal", "large"))
def test_text_fits_its_box_in_every_language(lang, size):
    """The text-fit check of test_ui, for English, Spanish and Catalan, normal and large text."""
    from game.storage.settings import Settings
    from game.ui.draw import theme
    from tests.test_ui import _all_scenes

    app = _app(settings=Settings(language=lang, text_size=size))
    try:
        scenes, _match = _all_scenes(app)
        checked = 0
        for scene in scenes:
            for w in scene.widgets():
                assert w.text_width() <= w.available_width(), (lang, size, type(scene).__name__,
                                                              getattr(w, "label", None) or getattr(w, "text", None))
                assert getattr(w, "size", theme.SMALL) >= theme.SMALL     # never below 20 px
                checked += 1
        assert checked > 150
        view = app.board_view()
        for rid in view.board.rooms:                     # room names on the board: 20 px or more, inside the room
            px, lines, rects = view._label_layout(rid)
            assert px >= theme.SMALL, rid
            box = view.room_box[rid]
            assert all(r.width <= box.width * view.cell[0] for r in rects), (lang, rid, lines)
    finally:
        app.close()
        theme.set_text_scale(1.0)


def test_large_text_is_bigger():
    from game.storage.settings import Settings
    from game.ui.draw import theme

    app = _app(settings=Settings(text_size="large"))
    try:
        assert theme.px(theme.SMALL) == 24 and theme.font(theme.BODY).get_height() > theme.font_px(theme.BODY).get_height()
    finally:
        app.close()
        theme.set_text_scale(1.0)


@pytest.mark.parametrize("lang", ("en", "es", "ca"))
@pytest.mark.parametrize("scene", ("board", "suggestion", "notebook-hints", "rules", "lesson", "card-game"))
def test_screenshots_in_each_language(tmp_path, monkeypatch, lang, scene):
    from game.ui.app import run_app

    monkeypatch.setenv("CLUE_LANG", lang)
    out = tmp_path / f"{scene}_{lang}.png"
    assert run_app(size=(1280, 720), seed=3, screenshot=str(out), scene=scene) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


@pytest.mark.parametrize("lang, accusation", [
    ("en", "I accuse ___, with the ___, in the ___!"),
    ("es", "¡Acuso a ___, con ___, en ___!"),
    ("ca", "Acuso ___, amb ___, a ___!")])
def test_an_accusation_with_blanks_keeps_its_prepositions(lang, accusation):
    """A card not picked yet is a blank that keeps the words its form puts before a
    name ("a", "en"), so the sentence still reads while the picks are made."""
    from game.text import i18n

    try:
        i18n.set_language(lang)
        assert i18n.fmt("I accuse {who}, with the {what}, in the {where}!", who=i18n.BLANK, what=i18n.BLANK,
                        where=i18n.BLANK) == accusation
        half = i18n.fmt("I accuse {who}, with the {what}, in the {where}!", who="scarlet", what=i18n.BLANK,
                        where="kitchen")
        assert i18n.BLANK in half and i18n.card("kitchen") in half
    finally:
        i18n.set_language("en")
