"""Settings file: defaults, round trip, and broken files kept aside."""

from __future__ import annotations

import json

from game.storage.settings import Settings, load_settings, save_settings, system_language


def test_first_run_uses_system_language(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    settings, message = load_settings(tmp_path / "settings.json")
    assert settings.language == "es" and message is None
    assert system_language({"LANG": "ca_ES.UTF-8"}) == "ca"
    assert system_language({"LANG": "de_DE.UTF-8"}) == "en"


def test_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    s = Settings(language="ca", volume=0.25, muted=True, fullscreen=True, text_size="large",
                 animation_speed="fast", keys={"confirm": ["return"]})
    save_settings(s, path)
    loaded, message = load_settings(path)
    assert loaded == s and message is None


def test_broken_file_is_kept_and_defaults_used(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{not json")
    settings, message = load_settings(path)
    assert settings.volume == Settings().volume
    assert f"{path} could not be read" in message and f"kept as {tmp_path / 'settings.broken-'}" in message
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("settings.broken-")]
    assert len(kept) == 1 and kept[0].read_text() == "{not json"


def test_bad_field_names_the_field(tmp_path):
    path = tmp_path / "settings.json"
    for data, field in [({"volume": 3}, "volume"), ({"language": "fr"}, "language"),
                        ({"fullscreen": "yes"}, "fullscreen"), ({"keys": {"confirm": "x"}}, "keys")]:
        path.write_text(json.dumps(data))
        settings, message = load_settings(path)
        assert field in message and settings == Settings(language=settings.language)
    # unknown fields from a newer game are ignored
    path.write_text(json.dumps({"volume": 0.5, "future_thing": 1}))
    assert load_settings(path) == (Settings(volume=0.5), None)


def test_bad_key_bindings_fall_back_with_a_message(tmp_path):
    path = tmp_path / "settings.json"
    for keys, part in [({"confirm": ["bogus"]}, "not a key name"), ({"confirm": []}, "list of key names"),
                       ({"confirm": ["return"], "back": ["return"]}, "used for both")]:
        path.write_text(json.dumps({"keys": keys}))
        settings, message = load_settings(path)
        assert part in message and settings.keys == {}


def test_absurd_files_never_stop_the_game(tmp_path):
    path = tmp_path / "settings.json"
    for text in ['{"volume": 1' + "0" * 400 + "}", "[" * 50000 + "]" * 50000]:
        path.write_text(text)
        settings, message = load_settings(path)
        assert message and "could not be read" in message and settings.volume == Settings().volume
