"""The music: two synthesised loops in sounds/music/, streamed by
game.ui.voice.sound.Music with a crossfade; the tense theme from the last round
(game.ui.voice.sound.last_round); its own volume in the settings file; silent when the
sound is off or there is no mixer."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cardgame import events as cev  # noqa: E402
from game.rules import events as bev  # noqa: E402
from game.storage import paths  # noqa: E402
from game.storage.settings import Settings, SettingsError, load_settings, save_settings, settings_from_dict  # noqa: E402
from game.ui.bases.match import quick_setup  # noqa: E402
from game.ui.bases.table import table_theme  # noqa: E402
from game.ui.board.match import Match  # noqa: E402
from game.ui.board.table import BoardScene  # noqa: E402
from game.ui.voice import sound  # noqa: E402
from game.ui.voice.sound import CALM, FADE_IN_MS, FADE_OUT_MS, TENSE, Music, last_round, theme_of  # noqa: E402
from tests.inputs import defaults_after, make_app  # noqa: E402,F401  (defaults_after: autouse fixture)
from tests.test_assets import make_assets  # noqa: E402  (tools/make_assets.py, loaded once)


class FakeStream:
    """Stands in for pygame.mixer.music: records every call; ``fail`` names calls that raise."""

    def __init__(self, fail=()):
        self.calls: list[tuple] = []
        self.fail = set(fail)

    def __getattr__(self, name):
        if name not in ("load", "play", "fadeout", "stop", "set_volume"):
            raise AttributeError(name)

        def call(*args):
            self.calls.append((name, *args))
            if name in self.fail:
                raise pygame.error(f"{name} failed")
        return call

    def names(self):
        return [c[0] for c in self.calls]


# ------------------------------------------------------------------ the files

@pytest.mark.parametrize("theme", [CALM, TENSE])
def test_music_file_is_a_small_seamless_mono_loop(theme):
    path = paths.SOUNDS / "music" / f"{theme}.wav"
    assert path.is_file()
    assert path.stat().st_size < 900_000                    # 8-bit mu-law at 11025 Hz: 11 KB a second
    rate, x = make_assets.read_ulaw_wav(path)
    assert rate == 11025
    assert 60.0 <= len(x) / rate <= 90.0                    # a minute or more: it does not tire
    rms = float(np.sqrt(np.mean(x ** 2)))
    assert rms > 0.05                                        # music, not silence
    # seamless: the jump from the last sample back to the first is no larger than
    # any step between neighbouring samples inside the loop
    steps = np.abs(np.diff(x))
    assert abs(x[-1] - x[0]) <= steps.max()
    assert abs(x[-1] - x[0]) < 0.02
    # the loop's end leads into its start: the last 5 ms and the first 5 ms join smoothly
    joined = np.concatenate([x[-110:], x[:110]])
    assert np.abs(np.diff(joined)).max() <= steps.max()


def test_music_files_are_what_the_script_makes_and_differ(tmp_path):
    written: list = []
    for theme, maker in make_assets.MUSIC_MAKERS.items():
        make_assets.write_ulaw_wav(tmp_path / f"{theme}.wav", make_assets.to_music_rate(maker()), written,
                                 make_assets.MUSIC_RATE)
        assert (tmp_path / f"{theme}.wav").read_bytes() == (paths.SOUNDS / "music" / f"{theme}.wav").read_bytes()
    assert (tmp_path / "calm.wav").read_bytes() != (tmp_path / "tense.wav").read_bytes()


@pytest.mark.parametrize("theme,bpm", [(CALM, 72), (TENSE, 96)])
def test_music_is_sections_not_one_phrase_repeated(theme, bpm):
    """No shift by a whole number of bars up to half the loop brings it back
    onto itself: it is not one short phrase played again and again."""
    rate, x = make_assets.read_ulaw_wav(paths.SOUNDS / "music" / f"{theme}.wav")
    bar = 4 * 60 / bpm
    bars = round(len(x) / rate / bar)
    for lag in range(1, bars // 2 + 1):
        same = float(np.dot(x, np.roll(x, round(lag * bar * rate))) / np.dot(x, x))
        assert same < 0.7, (theme, lag, same)
    # and it breathes: its loudness moves between sections (5 s windows)
    w = 5 * rate
    loud = [float(np.sqrt(np.mean(x[i:i + w] ** 2))) for i in range(0, len(x) - w + 1, w)]
    assert max(loud) / min(loud) > 1.15, loud


def test_mu_law_round_trip_is_close():
    x = np.linspace(-1, 1, 2001)
    y = make_assets.ulaw_decode(make_assets.ulaw_encode(x))
    assert np.abs(y - x).max() < 0.02
    assert make_assets.ulaw_encode(np.zeros(1))[0] == 0xFF   # G.711: silence is 0xFF


def test_music_files_stream_with_the_mixer():
    pygame.mixer.init()
    try:
        for theme in (CALM, TENSE):
            pygame.mixer.music.load(str(paths.SOUNDS / "music" / f"{theme}.wav"))
            pygame.mixer.music.play(-1)
            assert pygame.mixer.music.get_busy()
            pygame.mixer.music.stop()
    finally:
        pygame.mixer.music.unload()
        pygame.mixer.quit()


def test_effects_loader_does_not_load_the_music():
    s = sound.Sounds(enabled=True)
    try:
        assert "calm" not in s.names and "tense" not in s.names
    finally:
        s.close()


# ------------------------------------------------------------------ the player

def test_music_starts_loops_and_crossfades():
    stream = FakeStream()
    m = Music(volume=0.6, backend=stream, folder="/music")
    m.update(0.016, CALM)
    assert stream.calls == [("load", str(Path("/music") / "calm.wav")), ("set_volume", 0.6),
                            ("play", -1, 0, FADE_IN_MS)]
    assert m.playing == CALM
    stream.calls.clear()
    m.update(0.016, CALM)
    assert stream.calls == []                                # same theme: nothing to do
    m.update(0.016, TENSE)                                   # the old theme fades out first
    assert stream.calls == [("fadeout", FADE_OUT_MS)]
    steps = 0
    while m.playing != TENSE:
        m.update(0.1, TENSE)
        steps += 1
    assert steps == round(FADE_OUT_MS / 100)                 # waited the fade-out, never blocked
    assert stream.names() == ["fadeout", "stop", "load", "set_volume", "play"]
    assert stream.calls[2] == ("load", str(Path("/music") / "tense.wav"))


def test_changing_back_during_the_fade_plays_the_new_choice_after_it():
    stream = FakeStream()
    m = Music(backend=stream)
    m.update(0.016, CALM)
    m.update(0.016, TENSE)                                   # calm fades out...
    m.update(0.016, CALM)                                    # ...and calm is wanted again
    assert m.playing is None and stream.names() == ["load", "set_volume", "play", "fadeout"]
    for _ in range(round(FADE_OUT_MS / 100)):
        m.update(0.1, CALM)
    assert m.playing == CALM                                 # started again once faded: never silent for good
    assert stream.names()[-5:] == ["fadeout", "stop", "load", "set_volume", "play"]


def test_mute_stops_the_music_and_unmute_starts_it_again():
    stream = FakeStream()
    m = Music(backend=stream)
    m.update(0.016, CALM)
    m.muted = True
    assert stream.names()[-1] == "stop" and m.playing is None
    stream.calls.clear()
    for _ in range(10):
        m.update(0.1, CALM)
    assert stream.calls == []                                 # muted: nothing starts
    m.muted = False
    m.update(0.016, CALM)
    assert m.playing == CALM and stream.names()[-1] == "play"


def test_volume_zero_is_no_music():
    stream = FakeStream()
    m = Music(volume=0.0, backend=stream)
    m.update(0.016, CALM)
    assert m.playing is None and "play" not in stream.names()
    m.set_volume(0.3)
    m.update(0.016, CALM)
    assert m.playing == CALM and ("set_volume", 0.3) in stream.calls


def test_no_mixer_is_silent(monkeypatch):
    def boom(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", boom)
    m = sound.open_music(True, 0.5)
    assert not m.available
    m.update(0.1, CALM)
    m.set_volume(0.9)
    m.muted = True
    m.muted = False
    m.update(0.1, TENSE)
    m.stop()
    assert m.playing is None


def test_a_failing_stream_is_silent_and_not_retried_every_frame():
    stream = FakeStream(fail={"load"})
    m = Music(backend=stream)
    for _ in range(30):
        m.update(0.016, CALM)
    assert m.playing is None and stream.names().count("load") == 1
    m.update(0.016, TENSE)
    assert stream.names().count("load") == 2


def test_real_mixer_plays_and_crossfades():
    """pygame.mixer.music itself (SDL_AUDIODRIVER=dummy): calm streams, then tense after the fade."""
    m = Music(enabled=True)
    try:
        assert m.available
        m.update(0.016, CALM)
        assert m.playing == CALM and pygame.mixer.music.get_busy()
        for _ in range(round(FADE_OUT_MS / 100) + 1):
            m.update(0.1, TENSE)
        assert m.playing == TENSE and pygame.mixer.music.get_busy()
        m.muted = True
        assert m.playing is None and not pygame.mixer.music.get_busy()
    finally:
        m.stop()
        pygame.mixer.quit()


def test_missing_file_with_the_real_mixer_is_silent(tmp_path):
    m = Music(enabled=True, folder=tmp_path)              # SDL_AUDIODRIVER=dummy: a mixer, no files
    try:
        m.update(0.1, CALM)
        assert m.playing is None
    finally:
        m.stop()


# ------------------------------------------------------------------ the last round

def test_last_round_board_game():
    started = bev.GameStarted(("scarlet", "mustard", "white", "green"), ())
    asked = bev.SuggestionMade(0, "plum", "rope", "hall")
    shown = bev.CardShown(1, 0, None)
    assert not last_round(4, [started, asked, shown])
    assert last_round(4, [started, asked, bev.NobodyDisproved(0)])      # nobody could answer
    assert not last_round(4, [started, bev.PlayerEliminated(2)])          # three still in
    assert last_round(4, [started, bev.PlayerEliminated(2), bev.PlayerEliminated(3)])   # two left
    assert last_round(3, [started, bev.PlayerEliminated(1)])


def test_last_round_card_game():
    assert not last_round(4, [cev.Asked(0, ("plum", "rope")), cev.NoCard(1), cev.CardShown(2, 0, None)])
    assert last_round(4, [cev.Asked(0, ("plum", "rope")), cev.NobodyShowed(0)])
    assert not last_round(4, [cev.AccusationWrong(1)])
    assert last_round(3, [cev.AccusationWrong(1)])


def test_table_turns_tense_in_the_last_round_and_the_app_follows():
    app = make_app()
    try:
        assert app.music.wanted is None
        app.step(0.016, draw=False)
        assert app.music.wanted == CALM                     # the title
        board = BoardScene(app, Match(app.board, quick_setup(3)))
        app.push(board)
        app.step(0.016, draw=False)
        assert board.music_theme == CALM and app.music.wanted == CALM
        # the public event of a question nobody could answer, played on the table
        board.presenter.play(bev.NobodyDisproved(0))
        assert table_theme(board.match) == TENSE and board.music_theme == TENSE
        app.step(0.016, draw=False)
        assert app.music.wanted == TENSE
        app.pop(board)
        app.step(0.016, draw=False)
        assert app.music.wanted == CALM                     # back on the title
    finally:
        app.close()


def test_a_private_card_does_not_change_the_music():
    """The music is heard by all: only public events choose it.  A card shown to one
    seat (private) and that seat's hand leave it calm."""
    app = make_app()
    try:
        board = BoardScene(app, Match(app.board, quick_setup(3)))
        board.presenter.play(bev.CardShown(1, 0, "rope"))
        assert all(getattr(e, "card", None) is None for e in board.match.log_events)   # redacted
        assert table_theme(board.match) == CALM and board.music_theme == CALM
        assert theme_of([board]) == CALM
    finally:
        app.close()


def test_theme_of_a_stack_without_a_table_is_calm():
    class Plain:
        pass

    class Table:
        music_theme = TENSE

    assert theme_of([]) == CALM and theme_of([Plain()]) == CALM
    assert theme_of([Table(), Plain()]) == TENSE


# ------------------------------------------------------------------ the setting

def test_music_volume_is_saved_and_loaded(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(volume=0.3, music_volume=0.7), path)
    loaded = load_settings(path)[0]
    assert loaded.music_volume == pytest.approx(0.7) and loaded.volume == pytest.approx(0.3)
    assert Settings().music_volume == pytest.approx(0.5)
    with pytest.raises(SettingsError):
        settings_from_dict({"music_volume": 2})
    with pytest.raises(SettingsError):
        settings_from_dict({"music_volume": "loud"})
    app = make_app(settings_path=path)
    try:
        assert app.music.volume == pytest.approx(0.7)
        assert app.prefs.set_music_volume(0.2) is None
        assert load_settings(path)[0].music_volume == pytest.approx(0.2) and app.music.volume == pytest.approx(0.2)
    finally:
        app.close()


def test_muting_in_settings_mutes_the_music(tmp_path):
    app = make_app(settings_path=tmp_path / "settings.json")
    try:
        app.prefs.set_muted(True)
        assert app.music.muted
        app.prefs.set_muted(False)
        assert not app.music.muted
    finally:
        app.close()
    app = make_app(settings=Settings(muted=True))
    try:
        assert app.music.muted                              # muted from the start
    finally:
        app.close()
