"""The settings screen: every control changes its setting at once, the change
is saved to the settings file and read back by a new App; keyboard, pad and
mouse drive it; reachable from the title screen and the pause menu; its text
fits in English, Spanish and Catalan, normal and large."""

from __future__ import annotations

import os
from functools import partial

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.storage.settings import Settings, load_settings  # noqa: E402
from game.text import i18n  # noqa: E402
from game.ui.app import App, run_app  # noqa: E402
from game.ui.bases.match import quick_setup  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402
from game.ui.draw import anim, theme  # noqa: E402
from game.ui.scenes.controls import ControlsScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.settings import SettingRow, SettingsScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from tests import inputs  # noqa: E402
from tests.inputs import defaults_after, make_app  # noqa: E402,F401  (defaults_after: autouse fixture)

DT = 0.05
PAD = 7
A, B = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B
UP, DOWN = pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN
LEFT, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT
START = pygame.CONTROLLER_BUTTON_START


class Recorder:
    """Stands in for the app's sounds: what was played, at which volume."""

    def __init__(self) -> None:
        self.volume, self.muted, self.played = 0.8, False, []

    def set_volume(self, v: float) -> None:
        self.volume = v

    def play(self, name: str) -> None:
        if not self.muted:
            self.played.append((name, round(self.volume, 2)))


key = partial(inputs.key, dt=DT)
click = partial(inputs.click, dt=DT)


def press(app: App, button: int) -> None:
    inputs.pad_press(app, PAD, button, DT)


def open_from_title(app: App) -> SettingsScene:
    title = app.top
    assert isinstance(title, TitleScene)
    title.settings_button.press()
    assert isinstance(app.top, SettingsScene)
    return app.top


# ----------------------------------------------------------- each control
def test_each_control_changes_its_setting_and_is_saved(tmp_path):
    path = tmp_path / "settings.json"
    app = make_app(settings_path=path)
    try:
        s = open_from_title(app)
        saved = lambda: load_settings(path)[0]        # noqa: E731

        s.language_row.press()                        # English -> Español
        assert app.store.settings.language == "es" and i18n.language() == "es" and saved().language == "es"
        assert s.language_row.label == "Idioma: Español" and s.back_button.label == "Atrás"
        s.language_row.step(-1)                       # back to English
        assert saved().language == "en" and s.language_row.label == "Language: English"
        s.language_row.step(-1)                       # English -> Català (wraps)
        assert saved().language == "ca"

        s.volume_row.step(-1)                         # 80 % -> 70 %
        assert app.store.settings.volume == pytest.approx(0.7) and saved().volume == pytest.approx(0.7)
        assert app.sounds.volume == pytest.approx(0.7)

        s.sound_row.press()                           # sound off
        assert app.store.settings.muted and app.sounds.muted and saved().muted
        assert s.sound_row.label == "So: no"

        s.fullscreen_row.press()                      # fullscreen on
        assert app.store.settings.fullscreen and saved().fullscreen

        s.text_row.press()                            # large text
        assert app.store.settings.text_size == "large" and theme.text_scale() == theme.LARGE_SCALE
        assert saved().text_size == "large"

        s.speed_row.press()                           # normal -> fast
        assert app.speed == anim.FAST and saved().animation_speed == "fast"
        s.speed_row.press()                           # fast -> instant
        assert app.speed == anim.INSTANT and saved().animation_speed == "instant"
        assert s.message == ""                        # no error to show
    finally:
        app.close()

    again = make_app(settings_path=path)              # a new session reads every choice back
    try:
        st = again.store.settings
        assert (st.language, st.muted, st.fullscreen, st.text_size, st.animation_speed) == \
            ("ca", True, True, "large", "instant")
        assert st.volume == pytest.approx(0.7) and again.sounds.volume == pytest.approx(0.7)
        assert again.sounds.muted and again.speed == anim.INSTANT
        assert i18n.language() == "ca" and theme.text_scale() == theme.LARGE_SCALE
        s = open_from_title(again)
        assert s.fullscreen_row.label == "Pantalla completa: sí"
        s.fullscreen_row.press()                      # and back to a window
        assert not again.store.settings.fullscreen and not load_settings(path)[0].fullscreen
    finally:
        again.close()


def test_volume_steps_of_ten_with_a_live_click_and_limits(tmp_path):
    app = make_app(settings=Settings(volume=0.8))
    try:
        app.sounds = rec = Recorder()
        s = open_from_title(app)
        s.volume_row.step(+1)
        s.volume_row.step(+1)
        s.volume_row.step(+1)                         # stays at 100 %
        assert app.store.settings.volume == 1.0 and s.volume_row.label == "Volume: 100%"
        assert rec.played[-3:] == [("click", 0.9), ("click", 1.0), ("click", 1.0)]   # heard at the new volume
        for _ in range(12):
            s.volume_row.step(-1)
        assert app.store.settings.volume == 0.0 and s.volume_row.label == "Volume: 0%"
        s.set_volume_fraction(0.42)                   # a click on the bar: nearest 10 %
        assert app.store.settings.volume == pytest.approx(0.4)
        assert rec.played[-1] == ("click", 0.4)
        rec.played.clear()
        s.sound_row.press()                           # sound off: the volume stays, nothing plays
        s.volume_row.step(+1)
        assert app.store.settings.muted and app.store.settings.volume == pytest.approx(0.5) and rec.played == []
    finally:
        app.close()


# ------------------------------------------------------ keyboard, pad, mouse
def test_keyboard_drives_the_settings_screen(tmp_path):
    path = tmp_path / "settings.json"
    app = make_app(settings_path=path)
    try:
        title = app.top
        while title.focus.focused is not title.settings_button:
            key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)                     # Settings
        s = app.top
        assert isinstance(s, SettingsScene) and s.focus.focused is s.language_row
        key(app, pygame.K_DOWN)                       # Volume
        assert s.focus.focused is s.volume_row
        key(app, pygame.K_LEFT)
        assert app.store.settings.volume == pytest.approx(0.7)
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RIGHT)
        assert load_settings(path)[0].volume == pytest.approx(0.9)
        key(app, pygame.K_DOWN)                       # Music: its own volume, saved
        assert s.focus.focused is s.music_row and s.music_row.label == "Music: 50%"
        key(app, pygame.K_LEFT)
        assert app.music.volume == pytest.approx(0.4) and s.music_row.label == "Music: 40%"
        assert load_settings(path)[0].music_volume == pytest.approx(0.4)
        assert load_settings(path)[0].volume == pytest.approx(0.9)
        for _ in range(5):
            key(app, pygame.K_DOWN)                   # Sound, Fullscreen, Text size, Layout, Speed
        assert s.focus.focused is s.speed_row
        key(app, pygame.K_RIGHT)
        assert app.store.settings.animation_speed == "fast"
        key(app, pygame.K_LEFT)
        key(app, pygame.K_LEFT)                       # normal -> instant (wraps)
        assert load_settings(path)[0].animation_speed == "instant"
        key(app, pygame.K_UP)                         # Layout
        assert s.focus.focused is s.layout_row
        key(app, pygame.K_RIGHT)                      # automatic -> standard, saved
        assert load_settings(path)[0].layout == "standard" and s.layout_row.label == "Layout: standard"
        key(app, pygame.K_UP)                         # Text size: Enter toggles it
        key(app, pygame.K_RETURN)
        assert app.store.settings.text_size == "large"
        key(app, pygame.K_RETURN)
        assert app.store.settings.text_size == "normal"
        for _ in range(3):
            key(app, pygame.K_DOWN)                   # Layout, Speed, Read aloud
        assert s.focus.focused is s.read_row
        key(app, pygame.K_DOWN)                       # Case file hints (the card game's detective level)
        assert s.focus.focused is s.hints_row
        key(app, pygame.K_DOWN)                       # Phones: on by default, Enter turns it off, saved
        assert s.focus.focused is s.phones_row and s.phones_row.label == "Phones: on"
        key(app, pygame.K_RETURN)
        assert load_settings(path)[0].phones is False and s.phones_row.label == "Phones: off"
        key(app, pygame.K_RETURN)
        assert load_settings(path)[0].phones is True
        key(app, pygame.K_DOWN)                       # the last row: Controls and Back are in the title line
        assert s.focus.focused is s.phones_row
        for _ in range(11):
            key(app, pygame.K_UP)                     # up past Language to the title line
        assert s.focus.focused in (s.controls_button, s.back_button)
        key(app, pygame.K_LEFT)
        assert s.focus.focused is s.controls_button
        key(app, pygame.K_RIGHT)                      # left/right move between Controls and Back
        assert s.focus.focused is s.back_button
        key(app, pygame.K_LEFT)
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, ControlsScene)     # key mapping
        key(app, pygame.K_ESCAPE)
        assert app.top is s
        key(app, pygame.K_ESCAPE)                     # Esc goes back to the title
        assert app.top is title
    finally:
        app.close()


def test_pad_drives_the_settings_screen_from_the_pause_menu(tmp_path):
    path = tmp_path / "settings.json"
    app = make_app(settings_path=path, speed=None)
    try:
        app.pads.on_added(PAD, "Test pad")
        board = BoardScene(app, Match(app.board, quick_setup(3), {0: f"pad:{PAD}"}))
        app.push(board)
        press(app, START)                             # the pause menu
        menu = app.top
        assert isinstance(menu, MenuScene)
        while menu.focus.focused is not menu.settings_button:
            press(app, DOWN)
        press(app, A)
        s = app.top
        assert isinstance(s, SettingsScene)
        press(app, RIGHT)                             # Language: English -> Español
        assert app.store.settings.language == "es"
        assert board.notebook_button.label == "Mis cartas y libreta"   # the board follows at once
        press(app, LEFT)
        assert app.store.settings.language == "en"
        for _ in range(3):
            press(app, DOWN)                          # Volume, Music, Sound
        press(app, A)
        assert app.store.settings.muted and load_settings(path)[0].muted and app.music.muted
        for _ in range(4):
            press(app, DOWN)                          # Fullscreen, Text size, Layout, Speed
        press(app, RIGHT)
        assert app.speed == anim.FAST
        press(app, B)                                 # B: back to the pause menu, its labels follow
        assert app.top is menu
        assert menu.sound_button.label == "Sound: off" and menu.speed_button.label == "Speed: fast"
        press(app, B)
        assert app.top is board
    finally:
        app.close()


def test_mouse_clicks_the_arrows_and_the_volume_bar(tmp_path):
    app = make_app()
    try:
        s = open_from_title(app)
        click(app, s.speed_row.right_arrow().center)
        assert app.store.settings.animation_speed == "fast" and s.focus.focused is s.speed_row
        click(app, s.speed_row.left_arrow().center)
        assert app.store.settings.animation_speed == "normal"
        bar = s.volume_row.bar_rect()
        click(app, (bar.left + bar.width * 0.3, bar.centery))
        assert app.store.settings.volume == pytest.approx(0.3)
        click(app, (bar.right - 1, bar.centery))
        assert app.store.settings.volume == pytest.approx(1.0)
        click(app, s.volume_row.left_arrow().center)
        assert app.store.settings.volume == pytest.approx(0.9)
        click(app, (s.sound_row.rect.left + 40, s.sound_row.rect.centery))   # the row itself toggles
        assert app.store.settings.muted
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=s.text_row.rect.center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        app.step(DT)
        assert s.focus.focused is s.text_row          # hover focuses
        click(app, s.controls_button.rect.center)
        assert isinstance(app.top, ControlsScene)
        key(app, pygame.K_ESCAPE)
        click(app, s.back_button.rect.center)
        assert isinstance(app.top, TitleScene)
    finally:
        app.close()


# ------------------------------------------------------------- text fits
@pytest.mark.parametrize("lang", ("en", "es", "ca"))
@pytest.mark.parametrize("size", ("normal", "large"))
def test_text_fits_in_every_language_and_size(lang, size):
    app = make_app(settings=Settings(language=lang, text_size=size, muted=True, fullscreen=False,
                                     animation_speed="instant"))
    try:
        s = open_from_title(app)
        for _value in range(3):                       # every value of every row
            for w in s.widgets():
                assert w.text_width() <= w.available_width(), (lang, size, getattr(w, "label", None)
                                                              or getattr(w, "text", None))
                assert getattr(w, "size", theme.SMALL) >= theme.SMALL     # never below 20 px
                if isinstance(w, SettingRow):
                    assert theme.fit_px(w.label, w.size, True, w.available_width()) >= theme.SMALL
            for row in (s.sound_row, s.fullscreen_row, s.layout_row, s.speed_row):
                row.step(+1)
            if app.store.settings.fullscreen:
                app.prefs.set_fullscreen(False, save=False)
        rects = [b.rect for b in s.focus.buttons]     # nothing overlaps, everything on screen, above the footer
        for i, r in enumerate(rects):
            assert pygame.Rect(0, 0, 1280, 660).contains(r)
            assert all(not r.colliderect(o) for o in rects[i + 1:])
        footer = theme.font(theme.SMALL).size(
            i18n._("{move} to choose and change, {confirm} to press, {back} to go back").format(
                move=i18n._("Arrows"), confirm="Enter", back="Esc"))[0]
        assert footer <= 1240
        app.draw()
    finally:
        app.close()


def test_title_and_pause_menu_are_less_crowded():
    from game.ui.bases.match import LEVELS
    from game.ui.shell.i18n import level_label

    """One Settings button replaces the language and text-size buttons (and Controls,
    which Settings opens)."""
    app = make_app()
    try:
        title = app.top
        labels = [b.label for b in title.buttons]
        assert title.play_label.text == "Play"                  # Play: one button per level
        assert labels == [level_label(lv) for lv in LEVELS] + ["New game", "Learn to play", "Card game", "Rules",
                                                               "Settings", "Quit"]
        board = BoardScene(app, Match(app.board, quick_setup(3)))
        app.push(board)
        app.push(MenuScene(app, board))
        assert [b.label for b in app.top.focus.buttons] == ["Resume", "Speed: normal", "Sound: on", "Settings", "Rules",
                                                             "Title screen", "Quit game"]
    finally:
        app.close()


@pytest.mark.parametrize("lang", ("en", "ca"))
def test_screenshot_of_the_settings_screen(tmp_path, monkeypatch, lang):
    monkeypatch.setenv("CLUE_LANG", lang)
    out = tmp_path / f"settings_{lang}.png"
    assert run_app(size=(1280, 720), seed=3, screenshot=str(out), scene="settings") == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_a_command_line_language_holds_for_that_run_only(tmp_path, monkeypatch):
    """``run.py --lang en`` (CLUE_LANG) over a saved Català: the run is in English, and a
    setting changed meanwhile is saved with the player's Català (it was overwritten with
    English); a language chosen in Settings during that run is saved."""
    from game.storage.settings import save_settings

    path = tmp_path / "settings.json"
    save_settings(Settings(language="ca"), path)
    monkeypatch.setenv("CLUE_LANG", "en")
    app = make_app(settings_path=path)
    try:
        assert app.store.settings.language == "en" and i18n.language() == "en"
        s = open_from_title(app)
        s.volume_row.step(-1)                         # saves the settings file
        assert load_settings(path)[0].language == "ca" and load_settings(path)[0].volume == pytest.approx(0.7)
        assert s.language_row.label == "Language: English"
        s.language_row.press()                        # English -> Español, chosen on screen
        assert load_settings(path)[0].language == "es"
        s.volume_row.step(1)
        assert load_settings(path)[0].language == "es"
    finally:
        app.close()
    monkeypatch.delenv("CLUE_LANG")
    again = make_app(settings_path=path)
    try:
        assert again.store.settings.language == "es"
    finally:
        again.close()


# ------------------------------------------------- settings that cannot be saved
@pytest.mark.parametrize("size", ("normal", "large"))
@pytest.mark.parametrize("lang", ("en", "es", "ca"))
@pytest.mark.parametrize("errno_, strerror", ((13, "Permission denied"), (28, "No space left on device")))
def test_settings_that_cannot_be_saved_are_said_in_plain_words_on_screen_and_logged(
        tmp_path, monkeypatch, caplog, lang, errno_, strerror, size):
    """A folder the game may not write, or a full disk: the Settings screen says so
    in the player's words, naming the settings file (never the temporary file, never
    Python's ``[Errno 13]``), wrapped inside the screen (in large text too, where it takes
    the footer's place), and the log says it too."""
    import logging

    from game.ui import store

    path = tmp_path / "config" / "settings.json"
    tmp_file = path.with_name("settings.json.ywwg88f1")

    def refuse(settings, where):
        raise OSError(errno_, strerror, str(tmp_file))

    monkeypatch.setattr(store, "save_settings", refuse)
    app = make_app(settings=Settings(language=lang, text_size=size, muted=True, fullscreen=False,
                                     animation_speed="instant"), settings_path=path)
    try:
        s = open_from_title(app)
        with caplog.at_level(logging.WARNING, logger="game"):
            s.step_language(+1)                       # the next language: a change that must be saved
        said = s.message
        assert said and str(path) in said, said
        assert "Errno" not in said and str(tmp_file) not in said and "ywwg88f1" not in said, said
        new = app.store.settings.language                 # said in the language just chosen
        assert ("could not be saved" in said) == (new == "en") and ("disk" in said) == (errno_ == 28 and new == "en")
        logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
        assert any(str(path) in m and strerror.lower() in m.lower() for m in logged), logged
        theme.forget_drawn_text()
        app.draw()
        assert theme.drawn_text
        for i, r in enumerate(theme.drawn_text):      # every line inside the screen, none under another
            assert r.left >= 0 and r.right <= 1280 and r.bottom <= 720, (r, said)
            assert not any(r.colliderect(o) for o in theme.drawn_text[i + 1:]), (r, said)
        shown = [w for w in s.widgets() if getattr(w, "text", None) and w.text in said]
        assert shown and all(w.text_width() <= w.available_width() for w in shown)
        if os.environ.get("CLUE_SHOT_DIR"):           # to look at: CLUE_SHOT_DIR=/tmp/x pytest -k cannot_be_saved
            pygame.image.save(app.window.surface, os.path.join(os.environ["CLUE_SHOT_DIR"],
                                                              f"settings-not-saved-{lang}-{errno_}-{size}.png"))
    finally:
        app.close()


@pytest.mark.parametrize("on,broken,lit", [(True, True, True), (True, False, True), (False, False, True),
                                           (False, True, False)])
def test_the_read_aloud_dot_is_lit_while_the_row_can_be_changed(on, broken, lit):
    """The read-aloud row's chosen dot is brass (a live control) when read aloud is on, even
    where it cannot be heard (it may still be turned off), and when it is available; greyed
    only when it is off and cannot be turned on."""
    from game.ui.voice.speech import NO_ENGINE, Driver

    app = make_app(settings=Settings(animation_speed="instant"))
    try:
        app.speech.driver = Driver()
        if broken:
            app.speech.driver.broken = (NO_ENGINE, "")
        app.prefs.set_read_aloud(on, save=False)
        s = SettingsScene(app)
        row = s.read_row
        surf = pygame.Surface((1280, 720))
        row._paint(surf)
        index, count = row.position()
        bar = row.bar_rect()
        gap = bar.width // count
        dot = surf.get_at((bar.left + gap // 2 + index * gap, bar.centery))[:3]
        assert row.enabled is lit
        assert dot == (theme.BRASS if lit else theme.MUTED), dot
    finally:
        app.close()
