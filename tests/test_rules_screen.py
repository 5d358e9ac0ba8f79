"""The Rules screen: reachable from the title screen and the pause menu; its
pages turn both ways with the keyboard, a pad and the mouse; Back returns;
its text fits on every page in English, Spanish and Catalan, normal and large,
and nothing overlaps."""

from __future__ import annotations

import os
from functools import partial

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.storage.settings import Settings  # noqa: E402
from game.text import i18n  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.bases.match import quick_setup  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402
from game.ui.draw import assets, theme  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.rulebook import (  # noqa: E402
    CARD_W,
    PAGE_CARDS,
    PAGE_Y,
    PANEL,
    PICTURE_BOX,
    TEXT_BOX,
    TITLE_Y,
    RulebookScene,
    page_pictures,
    pages,
)
from game.ui.scenes.title import TitleScene  # noqa: E402
from tests import inputs  # noqa: E402
from tests.inputs import defaults_after, make_app  # noqa: E402,F401  (defaults_after: autouse fixture)

DT = 0.05
PAD = 7
A, B = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B
DOWN = pygame.CONTROLLER_BUTTON_DPAD_DOWN
LEFT, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT
START = pygame.CONTROLLER_BUTTON_START


key = partial(inputs.key, dt=DT)
click = partial(inputs.click, dt=DT)


def press(app: App, button: int) -> None:
    inputs.pad_press(app, PAD, button, DT)


def test_title_has_a_rules_button_and_keyboard_turns_the_pages(tmp_path):
    app = make_app(settings_path=tmp_path / "settings.json")
    try:
        title = app.top
        assert isinstance(title, TitleScene) and title.rules_button.label == "Rules"
        while title.focus.focused is not title.rules_button:
            key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)
        r = app.top
        assert isinstance(r, RulebookScene) and r.page == 0
        assert not r.prev_button.enabled and r.focus.focused is r.next_button
        key(app, pygame.K_LEFT)                       # already the first page
        assert r.page == 0
        for want in (1, 2, 3, 3):                     # right to the last page, and no further
            key(app, pygame.K_RIGHT)
            assert r.page == want
        assert not r.next_button.enabled and r.focus.focused is not r.next_button
        for want in (2, 1, 0):
            key(app, pygame.K_LEFT)
            assert r.page == want
        assert r.focus.focused is r.back_button
        key(app, pygame.K_DOWN)                       # up / down step through the buttons
        assert r.focus.focused is r.next_button
        key(app, pygame.K_RETURN)                     # Enter on Next
        assert r.page == 1
        key(app, pygame.K_ESCAPE)                     # Esc goes back to the title
        assert app.top is title
    finally:
        app.close()


def test_mouse_turns_the_pages_and_back_returns(tmp_path):
    app = make_app(settings_path=tmp_path / "settings.json")
    try:
        title = app.top
        click(app, title.rules_button.rect.center)
        r = app.top
        assert isinstance(r, RulebookScene)
        for want in (1, 2, 3):
            click(app, r.next_button.rect.center)
            assert r.page == want
        for want in (2, 1, 0):
            click(app, r.prev_button.rect.center)
            assert r.page == want
        click(app, r.back_button.rect.center)
        assert app.top is title
    finally:
        app.close()


def test_pad_opens_the_rules_from_the_pause_menu(tmp_path):
    app = make_app(settings_path=tmp_path / "settings.json", speed=None)
    try:
        app.pads.on_added(PAD, "Test pad")
        board = BoardScene(app, Match(app.board, quick_setup(3), {0: f"pad:{PAD}"}))
        app.push(board)
        press(app, START)                             # the pause menu
        menu = app.top
        assert isinstance(menu, MenuScene) and menu.rules_button.label == "Rules"
        while menu.focus.focused is not menu.rules_button:
            press(app, DOWN)
        press(app, A)
        r = app.top
        assert isinstance(r, RulebookScene)
        press(app, RIGHT)
        press(app, RIGHT)
        assert r.page == 2
        press(app, LEFT)
        assert r.page == 1
        press(app, B)                                 # B: back to the pause menu
        assert app.top is menu
        rects = [b.rect for b in menu.focus.buttons]  # the menu's buttons stay inside its box, apart
        for i, rect in enumerate(rects):
            assert menu.box.contains(rect) and not any(rect.colliderect(o) for o in rects[i + 1:])
    finally:
        app.close()


@pytest.mark.parametrize("lang", ("en", "es", "ca"))
@pytest.mark.parametrize("size", ("normal", "large"))
def test_text_fits_on_every_page(lang, size):
    app = make_app(settings=Settings(language=lang, text_size=size, muted=True, fullscreen=False))
    try:
        title = app.top
        rects = [b.rect for b in title.buttons]       # the title's buttons: apart, above the footer
        for i, rect in enumerate(rects):
            assert pygame.Rect(0, 240, 1280, 436).contains(rect)   # under the subtitle, above the footer
            assert not any(rect.colliderect(o) for o in rects[i + 1:])
        for w in title.widgets():
            assert w.text_width() <= w.available_width(), (lang, size, getattr(w, "label", None))
        title.rules()
        r = app.top
        assert isinstance(r, RulebookScene)
        assert len(pages()) == 4
        for page in range(len(pages())):
            r.page = page
            r._enable()
            for w in r.widgets():
                assert w.text_width() <= w.available_width(), (lang, size, page, getattr(w, "label", None)
                                                              or getattr(w, "text", None))
                assert getattr(w, "size", theme.SMALL) >= theme.SMALL
            lines = r.text_layout()
            assert len(lines) >= 8
            for i, (line, rect) in enumerate(lines):                  # every line inside the text box
                assert TEXT_BOX.contains(rect), (lang, size, page, line)
                assert not any(rect.colliderect(o) for _l, o in lines[i + 1:]), (lang, size, page, line)
            for cid in PAGE_CARDS.get(page, ()):                      # card names inside the card
                assert assets.card_name_fits(cid, CARD_W), (lang, size, page, i18n.card(cid))
            pictures = [rect for _img, rect in page_pictures(page)]
            assert len(pictures) >= 3
            for i, rect in enumerate(pictures):                       # pictures apart, beside the text
                assert PICTURE_BOX.contains(rect), (page, rect)
                assert not any(rect.colliderect(o) for o in pictures[i + 1:])
            assert not PICTURE_BOX.colliderect(TEXT_BOX)
            buttons = [b.rect for b in r.focus.buttons]
            assert all(not b.colliderect(TEXT_BOX) and not b.colliderect(PICTURE_BOX) for b in buttons)
            assert TITLE_Y + theme.font(theme.TITLE, True).get_height() <= PAGE_Y      # title, page, panel
            assert PAGE_Y + theme.font(theme.BODY).get_height() <= PANEL.top
            assert PANEL.contains(TEXT_BOX) and PANEL.contains(PICTURE_BOX)
            app.draw()
        footer = theme.font(theme.SMALL).size(
            i18n._("{move} to turn the pages, {confirm} to press, {back} to go back").format(
                move=i18n._("Arrows"), confirm="Enter", back="Esc"))[0]
        assert footer <= 1240
    finally:
        app.close()


def test_every_card_on_the_pages_is_a_face_whose_name_fits_and_page_two_shows_one_die():
    """Page 4 cut "Biblioteca" and "Profesor" at the card's edge; the
    classic rules roll one die (000 "Your turn"), so page 2 shows one; the pages
    say "tick" as the notebook does, never "cross it off"."""
    app = make_app(settings=Settings(language="en", muted=True, fullscreen=False))
    try:
        for lang in ("en", "es", "ca"):
            i18n.set_language(lang)
            faces = {id(assets.card(c, CARD_W)): c for cards in PAGE_CARDS.values() for c in cards}
            for page, cards in PAGE_CARDS.items():
                shown = [faces[id(img)] for img, _r in page_pictures(page) if id(img) in faces]
                assert shown == list(cards)
            dice = {id(assets.die_face(v, 100)) for v in range(1, 7)}
            assert sum(id(img) in dice for img, _r in page_pictures(1)) == 1
            for w in (100, 110):                  # the old width cut these names
                assert not all(assets.card_name_fits(c, w) for cards in PAGE_CARDS.values() for c in cards) \
                    or lang == "en"
        i18n.set_language("en")
        words = " ".join(" ".join(lines) for _t, lines in pages()).lower()
        assert "cross" not in words and "tick" in words and "roll the die " in words
    finally:
        i18n.set_language("en")
        app.close()
