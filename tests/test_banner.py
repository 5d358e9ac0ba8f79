"""The banner "Nobody can show a card!" across the whole width of the table
(both games) with its sound: it comes on that public event, lasts its pause
(:data:`game.ui.bases.pacing.BANNER_TIME`, divided by the speed setting, simulated
``dt``), a skip (Enter) ends it at once, instant speed shows no wait, and its
words fit the band in English, Spanish and Catalan."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from benchmarks.bench_pacing import DT, board_table, card_table  # noqa: E402
from game.cardgame import events as card_ev  # noqa: E402
from game.rules import events as board_ev  # noqa: E402
from game.ui.bases.banner import BAND, SIZE, TEXT_RECT, banner_label  # noqa: E402
from game.ui.bases.pacing import BANNER_TIME, BOARD_PAUSES, CARD_PAUSES  # noqa: E402
from game.ui.draw import anim, theme  # noqa: E402
from tests.inputs import key, make_app  # noqa: E402

GAMES = [(board_table, board_ev.NobodyDisproved), (card_table, card_ev.NobodyShowed)]
IDS = ["board", "cards"]
#: The banner's words as the lead will merge them (notes/i18n14-banner.md).
WORDS = {"en": "Nobody can show a card!", "es": "¡Nadie puede enseñar una carta!",
         "ca": "Ningú no pot ensenyar cap carta!"}


def _table(make, event, speed=anim.NORMAL):
    """A table of computer players with ``event(player=0)`` about to be shown
    (the game's own queue emptied first), and the sounds played."""
    app = make_app(speed=speed)
    scene, _pkg = make(app, 5)
    played: list[str] = []
    app.play = played.append
    scene.queue.clear()
    scene.queue.append(event(player=0))
    return app, scene, played


@pytest.mark.parametrize("make,event", GAMES, ids=IDS)
def test_banner_comes_with_its_sound_and_goes_after_its_time(make, event):
    app, scene, played = _table(make, event)
    plain = pygame.Surface((1280, 720))
    scene.draw(plain)
    app.step(DT)
    assert scene.banner is not None and scene.banner.text == "Nobody can show a card!"
    assert "nobody" in played           # its own sound: the chime is a case solved
    frames = math.ceil(BANNER_TIME / DT)
    for _ in range(frames // 2):
        app.step(DT)
    assert scene.banner is not None and scene.banner.alpha == 255        # at rest, mid-way
    shown = pygame.Surface((1280, 720))
    scene.draw(shown)
    row = BAND.centery - 30                                               # across the band: drawn over the table
    assert sum(shown.get_at((x, row)) != plain.get_at((x, row)) for x in range(0, 1280, 8)) > 120
    for _ in range(frames // 2 - 3):
        app.step(DT)
    assert scene.banner is not None and scene.banner.alpha < 255         # fading out, not yet gone
    for _ in range(6):
        app.step(DT)
    assert scene.banner is None


@pytest.mark.parametrize("make,event", GAMES, ids=IDS)
def test_enter_ends_the_banner_at_once(make, event):
    app, scene, _played = _table(make, event)
    app.step(DT)
    assert scene.banner is not None
    key(app, pygame.K_RETURN, dt=DT)
    assert scene.banner is None


@pytest.mark.parametrize("make,event", GAMES, ids=IDS)
def test_instant_speed_shows_no_wait(make, event):
    app, scene, played = _table(make, event, speed=anim.INSTANT)
    app.step(DT)
    assert scene.banner is None and "nobody" in played
    assert not any(isinstance(e, event) for e in scene.queue)


def test_the_banner_is_the_pause_of_that_moment():
    assert BOARD_PAUSES[board_ev.NobodyDisproved] == BANNER_TIME == CARD_PAUSES[card_ev.NobodyShowed]


@pytest.mark.parametrize("player", [0, 1, 2])
@pytest.mark.parametrize("make,event", GAMES, ids=IDS)
def test_the_banner_names_nobody(make, event, player):
    """Public words only: the same banner whoever asked, no name, no card."""
    from game.core.cards import ROOMS, SUSPECTS, WEAPONS

    app, scene, _played = _table(make, event)
    scene.queue[0] = event(player=player)
    app.step(DT)
    text = scene.banner.text
    assert text == "Nobody can show a card!"
    assert not any(c.lower() in text.lower() for c in SUSPECTS + WEAPONS + ROOMS)


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_the_words_fit_the_band_at_full_size(lang):
    make_app()                                                           # fonts ready
    label = banner_label(WORDS[lang])
    assert label.rect == TEXT_RECT and label.rect.width >= 1100
    assert label.text_width() <= label.available_width()
    assert theme.fit_px(label.text, label.size, True, label.rect.width) == theme.px(SIZE)


@pytest.mark.parametrize("sub", ["", "Miss Scarlet was brought into the Lounge."])
def test_at_rest_the_band_hides_what_is_under_it(sub):
    """At rest (full alpha) nothing of the table reads through the band: over
    white and over black the band's plain parts are the same colour, the dark band's."""
    from game.ui.bases.banner import TALL_BAND, draw_banner

    app = make_app()
    banner = anim.Banner("Nobody can show a card!", 10.0, sub)
    banner.update(5.0)                         # halfway: at rest
    assert banner.alpha == 255
    band = TALL_BAND if sub else BAND
    spots = [(band.left + 8, band.top + 20), (band.right - 8, band.bottom - 20), (band.left + 8, band.centery)]
    seen = []
    for under in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface((1280, 720))
        surface.fill(under)
        draw_banner(surface, banner)
        seen.append([tuple(surface.get_at(p))[:3] for p in spots])
    app.close()
    assert seen[0] == seen[1] == [theme.BG_DARK] * len(spots)


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
@pytest.mark.parametrize("at", [0.05, 0.1, 0.9, 0.95])
def test_the_pulled_in_banner_is_never_cut_at_an_edge_while_it_fades(lang, at):
    """"You were brought to the Billiard Room!" sliding in from the left (and on to the right)
    was cut at the band's edge in the middle of its fade: the band's margins stay free of
    words at every moment, over the board alone (the board game's width) and across the table."""
    from types import SimpleNamespace

    from game.text import i18n
    from game.ui.bases.banner import MARGIN, draw_banner, tall_band
    from game.ui.board.presenter import pulled_texts

    app = make_app()
    try:
        i18n.set_language(lang)
        suggestion = SimpleNamespace(player=1, suspect="scarlet", weapon="candlestick", room="billiard_room")
        text, sub = pulled_texts(suggestion, ("Miss Scarlet", "Colonel Mustard"))
        for width in (700, 1280):
            banner = anim.Banner(text, 10.0, sub)
            banner.update(10.0 * at)
            assert 0 < banner.alpha < 255 and banner.shift != 0
            band = tall_band(width)
            surface = pygame.Surface((1280, 720))
            draw_banner(surface, banner, width)
            for left in (band.left, band.right - MARGIN):
                strip = surface.subsurface(pygame.Rect(left, band.top + 8, MARGIN, band.height - 16))
                colours = {tuple(strip.get_at((x, y)))[:3] for x in range(MARGIN) for y in range(strip.get_height())}
                assert len(colours) == 1, (width, left, colours)       # the band's colour alone
    finally:
        app.close()


@pytest.mark.parametrize("layout", ["standard", "tv"])
def test_the_pulled_in_banner_keeps_off_the_panels_buttons(layout):
    """At the start of her turn Miss Scarlet's "You were brought to the Hall!" band stays
    over the board: every button of the panel beside it is drawn whole, as without the band,
    and the band still covers the board's middle."""
    from game.storage.settings import Settings
    from game.ui.screenshots.screens import build_scene

    app = make_app(settings=Settings(layout=layout))
    try:
        build_scene(app, "pulled-banner", 3)
        table = app.top
        banner = table.banner
        assert banner is not None and banner.sub and banner.alpha == 255
        with_band, without = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
        table.draw(with_band)
        table.banner = None
        table.draw(without)
        buttons = [b.rect for b in table.focus.buttons]
        assert buttons
        for r in buttons:
            assert pygame.image.tobytes(with_band.subsurface(r), "RGB") == \
                pygame.image.tobytes(without.subsurface(r), "RGB"), r
        middle = (table.view.rect.centerx, 360)
        assert tuple(with_band.get_at(middle))[:3] == theme.BG_DARK
    finally:
        app.close()
