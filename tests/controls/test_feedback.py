"""The lights and buzzer: each signal's pattern, and the gpiozero outputs that show it."""

from __future__ import annotations

from itertools import groupby
from typing import Any

import pytest

from companion.devices.controls import GpioLights, TableWatcher
from companion.devices.feedback import (
    AMBER,
    GREEN,
    OFF,
    PATTERNS,
    RED,
    RESTING,
    Colour,
    FeedbackPlayer,
    Signal,
)
from companion.settings import Pins


class Recorder:
    """Lights that remember every (colour, buzz) they were told to show."""

    def __init__(self) -> None:
        self.shown: list[tuple[Colour, bool]] = []

    def show(self, colour: Colour, buzz: bool) -> None:
        self.shown.append((colour, buzz))


def played(signal: Signal) -> list[tuple[Colour, bool]]:
    lights = Recorder()
    player = FeedbackPlayer(lights, sleep=lambda seconds: None)
    player.signal(signal)
    assert player.wait_idle(5)
    player.close()
    return lights.shown[1:-2]  # without the resting light at start, the rest and the off at end


def pulses(shown: list[tuple[Colour, bool]], colour: Colour) -> int:
    """How many times the light comes on in ``colour`` (repeated steps count once)."""
    return sum(1 for c, _ in groupby(c for c, _ in shown) if c == colour)


def beeps(shown: list[tuple[Colour, bool]]) -> int:
    return sum(1 for b, _ in groupby(b for _, b in shown) if b)


@pytest.mark.parametrize(("signal", "colour", "blinks", "beep_count"), [
    (Signal.ACCEPTED, GREEN, 1, 1),
    (Signal.TOWER_CONNECTED, GREEN, 3, 1),
    (Signal.TOWER_LOST, AMBER, 2, 0),
    (Signal.DICE_SETTLED, AMBER, 1, 1),
    (Signal.SCAN_DONE, GREEN, 2, 2),
    (Signal.REJECTED, RED, 4, 3),  # three blinks with beeps, then red for a moment
])
def test_each_signal_has_its_own_pattern(
    signal: Signal, colour: Colour, blinks: int, beep_count: int
) -> None:
    shown = played(signal)
    assert pulses(shown, colour) == blinks
    assert beeps(shown) == beep_count
    assert {c for c, _ in shown} <= {colour, OFF}, "one colour per signal"


def test_patterns_are_short_and_the_light_rests_green() -> None:
    for signal, steps in PATTERNS.items():
        assert 0.1 < sum(s.seconds for s in steps) <= 2.0, signal
    lights = Recorder()
    player = FeedbackPlayer(lights, sleep=lambda seconds: None)
    player.signal(Signal.REJECTED)
    assert player.wait_idle(5)
    assert lights.shown[0] == (RESTING, False) and lights.shown[-1] == (RESTING, False)
    player.close()
    assert lights.shown[-1] == (OFF, False), "closing turns everything off"


def test_a_burst_of_signals_is_cut_to_a_short_backlog() -> None:
    lights = Recorder()
    gate: list[float] = []
    player = FeedbackPlayer(lights, sleep=gate.append)
    for _ in range(20):
        player.signal(Signal.DICE_SETTLED)
    assert player.wait_idle(5)
    assert len(player.played) <= 5
    player.close()


def test_two_leds_and_a_buzzer_show_each_colour(factory: Any) -> None:
    lights = GpioLights(factory, Pins())
    green, red, buzzer = (factory.pin(n) for n in (24, 25, 16))
    try:
        lights.show(RED, True)
        assert (green.state, red.state, buzzer.state) == (0, 1, 1)
        lights.show(AMBER, False)
        assert (green.state, red.state, buzzer.state) == (1, 1, 0)
        lights.show(GREEN, False)
        assert (green.state, red.state, buzzer.state) == (1, 0, 0)
    finally:
        lights.close()


def test_an_rgb_led_replaces_the_two_leds(factory: Any) -> None:
    pins = Pins(green=None, red=None, rgb_red=5, rgb_green=6, rgb_blue=13)
    lights = GpioLights(factory, pins)
    try:
        lights.show(AMBER, False)
        assert (factory.pin(5).state, factory.pin(6).state, factory.pin(13).state) == (1, 0.5, 0)
        assert lights.green is None and lights.red is None
    finally:
        lights.close()


def test_the_watcher_signals_the_tower_coming_and_going_and_each_roll() -> None:
    seen: list[Signal] = []

    class Offer:
        def __init__(self, outcome: str) -> None:
            self.outcome = outcome

    state: dict[str, Any] = {"connected": False, "offer": None}

    watcher = TableWatcher(seen.append, lambda: bool(state["connected"]), lambda: state["offer"])
    watcher.check()
    assert seen == []
    state["connected"] = True
    watcher.check()
    watcher.check()
    state["offer"] = Offer("applied")
    watcher.check()
    state["offer"] = Offer("refused")
    watcher.check()
    state["connected"] = False
    watcher.check()
    assert seen == [Signal.TOWER_CONNECTED, Signal.DICE_SETTLED, Signal.REJECTED,
                    Signal.TOWER_LOST]
