"""The gpio, pins and threads settings: defaults, the environment, and what is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.settings import Pins, load_settings, parse_pins


def test_the_defaults_and_the_environment(tmp_path: Path) -> None:
    base = {"COMPANION_DATA_DIR": str(tmp_path)}
    settings = load_settings(env=base)
    assert (settings.gpio, settings.pins, settings.threads) == ("auto", Pins(), 128)
    env = {**base, "COMPANION_GPIO": "Mock", "COMPANION_PINS": "undo=5, buzzer=none",
           "COMPANION_THREADS": "64"}
    settings = load_settings(env=env)
    assert settings.gpio == "mock" and settings.threads == 64
    assert settings.pins.undo == 5 and settings.pins.buzzer is None
    assert load_settings(env=env, gpio="off").gpio == "off", "a flag beats the environment"


@pytest.mark.parametrize(("env", "words"), [
    ({"COMPANION_GPIO": "maybe"}, "gpio setting"),
    ({"COMPANION_PINS": "undo"}, "name=N"),
    ({"COMPANION_PINS": "volume=3"}, "name=N"),
    ({"COMPANION_PINS": "undo=17"}, "share a GPIO pin"),
    ({"COMPANION_PINS": "undo=40"}, "not a GPIO"),
    ({"COMPANION_PINS": "rgb_red=5"}, "all three"),
    ({"COMPANION_THREADS": "lots"}, "whole number"),
    ({"COMPANION_THREADS": "2"}, "at least 8"),
])
def test_a_mistyped_setting_is_refused_with_a_reason(
    env: dict[str, str], words: str, tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match=words):
        load_settings(env={"COMPANION_DATA_DIR": str(tmp_path), **env})


def test_an_rgb_led_uses_three_pins() -> None:
    pins = parse_pins("green=none,red=none,rgb_red=5,rgb_green=6,rgb_blue=13")
    assert pins.rgb == (5, 6, 13)
    assert Pins().rgb is None
