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
    for keys, part, left in [({"confirm": ["bogus"]}, "not a key name", {}),
                             ({"confirm": []}, "list of key names", {}),
                             ({"confirm": ["return"], "back": ["return"]}, "used for both", {"confirm": ["return"]})]:
        path.write_text(json.dumps({"keys": keys}))
        settings, message = load_settings(path)
        assert part in message and settings.keys == left     # only the action at fault loses its keys


def test_absurd_files_never_stop_the_game(tmp_path):
    path = tmp_path / "settings.json"
    for text in ['{"volume": 1' + "0" * 400 + "}", "[" * 50000 + "]" * 50000]:
        path.write_text(text)
        settings, message = load_settings(path)
        assert message and ("could not be read" in message or "cannot use" in message)
        assert settings.volume == Settings().volume


def test_one_bad_setting_is_dropped_and_the_others_are_kept(tmp_path, monkeypatch):
    """A bad volume among good settings: only the volume goes back to its default; the message names the
    file, the setting and why; the good settings are written back and the file as it was is kept aside."""
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LANG", "C")
    path = tmp_path / "settings.json"
    text = json.dumps({"language": "ca", "volume": 7, "text_size": "large", "keys": {"confirm": ["return", "bogus"],
                       "back": ["escape"]}, "vpn_ranges": ["100.64.0.0/10"], "future_thing": [1]})
    path.write_text(text)
    settings, message = load_settings(path)
    want = Settings(language="ca", text_size="large", keys={"back": ["escape"]}, vpn_ranges=["100.64.0.0/10"])
    assert settings == want and settings.volume == Settings().volume and settings.unknown == {"future_thing": [1]}
    assert message.startswith(f"The settings file {path} has a setting the game cannot use: "
                              "the setting “volume” must be between 0 and 1; “bogus” is not a key name "
                              "(keys for “confirm”). Only that setting was dropped"), message
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("settings.broken-")]
    assert len(kept) == 1 and kept[0].read_text() == text and f"kept as {kept[0]}" in message
    again, message = load_settings(path)          # the good settings were written back: said once
    assert again == want and again.unknown == {"future_thing": [1]} and message is None


def test_one_bad_range_drops_only_itself_and_the_good_ranges_stay(tmp_path):
    """A typo beside a family's VPN range: the range stays (its phones still count as at home), the
    typo goes, the message names the file, the setting and the entry."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"vpn_ranges": ["100.64.0.0/10", "not-a-range", "fd7a:115c:a1e0::/48"],
                                "trusted_proxies": ["127.0.0.1", "proxy.lan"]}))
    settings, message = load_settings(path)
    assert settings.vpn_ranges == ["100.64.0.0/10", "fd7a:115c:a1e0::/48"]
    assert settings.trusted_proxies == ["127.0.0.1"]
    assert str(path) in message and "“not-a-range”" in message and "“vpn_ranges”" in message
    assert "“proxy.lan”" in message and "“trusted_proxies”" in message
    again, message = load_settings(path)
    assert again.vpn_ranges == ["100.64.0.0/10", "fd7a:115c:a1e0::/48"] and message is None


def test_a_bad_setting_in_a_folder_the_game_may_not_change_keeps_the_others(tmp_path, monkeypatch):
    """The file cannot be repaired there: it is left as it is, and the game still uses the good settings."""
    from game.storage import settings as module

    def refuse(path, label="broken"):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(module, "quarantine", refuse)
    path = tmp_path / "settings.json"
    text = json.dumps({"language": "es", "muted": True, "layout": "sideways"})
    path.write_text(text)
    settings, message = load_settings(path)
    assert (settings.language, settings.muted, settings.layout) == ("es", True, "auto")
    assert path.read_text() == text and "“layout”" in message and str(path) in message
    assert "it was left as it is" in message and "not allowed to change files" in message


def test_a_last_table_of_the_wrong_shape_is_dropped_with_a_message(tmp_path):
    """The remembered tables ("tables") round-trip; one of the wrong shape (a hand-edited
    or damaged file) gives a message naming the setting, and the other settings stay."""
    path = tmp_path / "settings.json"
    good = {"board": {"seats": [["plum", "human", "hard"], ["green", "computer", "easy"],
                                ["white", "computer", "hard"]], "preset": "classic"}}
    save_settings(Settings(volume=0.3, tables=good), path)
    assert load_settings(path) == (Settings(volume=0.3, tables=good), None)
    for tables in ({"board": {"seats": "plum"}}, {"cards": [1, 2]}, {"board": {"seats": [["plum", "human"]]}},
                   {"board": {}}):
        path.write_text(json.dumps({"volume": 0.3, "tables": tables}))
        settings, message = load_settings(path)
        assert "“tables”" in message and settings.tables == {} and settings.volume == 0.3, tables
