"""The online-play settings come from the environment, with their documented defaults."""

import runpy
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

SETTINGS = Path(__file__).resolve().parents[2] / "config" / "settings.py"
ONLINE_PLAY = {
    "CUORI_COMPUTER_PAUSE": 1.0,
    "CUORI_ABSENT_TIMEOUT": 60.0,
    "CUORI_TASK_GRACE": 30.0,
    "CUORI_SEAT_LINK_DAYS": 7.0,
    "CUORI_HARD_TIME_LIMIT_MS": 800,
}


def settings_with_env(monkeypatch, **env) -> dict:
    """The names config/settings.py defines with ``env`` (and no other online-play variable) in
    the environment: the module runs afresh, the live settings are untouched."""
    for name in ONLINE_PLAY:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, str(value))
    return runpy.run_path(str(SETTINGS))


def test_the_online_play_settings_default_as_documented(monkeypatch):
    names = settings_with_env(monkeypatch)
    assert {name: names[name] for name in ONLINE_PLAY} == ONLINE_PLAY


def test_the_online_play_settings_are_read_from_the_environment(monkeypatch):
    names = settings_with_env(
        monkeypatch,
        CUORI_COMPUTER_PAUSE="0",
        CUORI_ABSENT_TIMEOUT="90.5",
        CUORI_TASK_GRACE="5",
        CUORI_SEAT_LINK_DAYS="1.5",
        CUORI_HARD_TIME_LIMIT_MS="300",
    )
    assert names["CUORI_COMPUTER_PAUSE"] == 0.0
    assert names["CUORI_ABSENT_TIMEOUT"] == 90.5
    assert names["CUORI_TASK_GRACE"] == 5.0
    assert names["CUORI_SEAT_LINK_DAYS"] == 1.5
    assert names["CUORI_HARD_TIME_LIMIT_MS"] == 300


@pytest.mark.parametrize(
    "name,value",
    [
        ("CUORI_COMPUTER_PAUSE", "-1"),
        ("CUORI_ABSENT_TIMEOUT", "-0.5"),
        ("CUORI_TASK_GRACE", "-3"),
        ("CUORI_SEAT_LINK_DAYS", "0"),
        ("CUORI_HARD_TIME_LIMIT_MS", "0"),
    ],
)
def test_an_impossible_online_play_setting_stops_the_start_naming_it(monkeypatch, name, value):
    with pytest.raises(ImproperlyConfigured, match=name):
        settings_with_env(monkeypatch, **{name: value})
