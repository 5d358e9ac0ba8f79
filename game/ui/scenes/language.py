"""The language and text-size labels and switches used by the settings screen
("Language: English / Español / Català", "Text size: normal / large").
Both are kept in the settings file (see :meth:`game.ui.store.Store.save_settings`)."""

from __future__ import annotations

from game.i18n import LANGUAGE_NAMES, LANGUAGES
from game.ui.i18n import _


def language_label(app) -> str:
    """ "Language: Español" — the language's name written in that language."""
    return _("Language: {name}").format(name=LANGUAGE_NAMES.get(app.store.settings.language, "English"))


def text_size_label(app) -> str:
    return _("Text size: large") if app.store.settings.text_size == "large" else _("Text size: normal")


def next_language(app) -> None:
    """English -> Español -> Català -> English."""
    code = app.store.settings.language
    app.play("click")
    app.prefs.set_language(LANGUAGES[(LANGUAGES.index(code) + 1) % len(LANGUAGES)] if code in LANGUAGES else "en")


def toggle_text_size(app) -> None:
    app.play("click")
    app.prefs.set_text_size("normal" if app.store.settings.text_size == "large" else "large")
