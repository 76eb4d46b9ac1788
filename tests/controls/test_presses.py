"""Debounce and long press as a pure state machine: edges and times in, presses out."""

from __future__ import annotations

import pytest

from companion.devices.presses import LONG, SHORT, Press, PressTiming, PressTracker

TIMING = PressTiming(bounce=0.03, hold=1.0)


def run(edges: list[tuple[float, bool]], until: float) -> list[tuple[float, Press]]:
    """Feed ``edges`` (time, pressed) and poll at every deadline up to ``until``."""
    tracker = PressTracker(TIMING)
    out: list[tuple[float, Press]] = []
    pending = sorted(edges)
    now = 0.0
    while True:
        deadline = tracker.deadline()
        next_edge = pending[0][0] if pending else None
        candidates = [t for t in (deadline, next_edge) if t is not None and t <= until]
        if not candidates:
            break
        now = min(candidates)
        if next_edge is not None and now == next_edge:
            _, pressed = pending.pop(0)
            out += [(now, p) for p in tracker.edge(pressed, now)]
        else:
            out += [(now, p) for p in tracker.poll(now)]
    return out


def test_a_tap_is_one_short_press_when_the_finger_lifts() -> None:
    presses = run([(0.0, True), (0.2, False)], until=5)
    assert [p for _, p in presses] == [SHORT]
    assert presses[0][0] == pytest.approx(0.23)  # decided once the release held for 30 ms


def test_holding_a_second_is_one_long_press_reported_while_still_held() -> None:
    presses = run([(0.0, True), (3.0, False)], until=5)
    assert presses == [(1.0, LONG)], "no short press follows the release of a long one"


def test_contact_chatter_on_press_and_release_is_one_press() -> None:
    chatter = [(0.000, True), (0.004, False), (0.007, True), (0.011, False), (0.013, True),
               (0.300, False), (0.303, True), (0.306, False)]
    assert [p for _, p in run(chatter, until=5)] == [SHORT]


def test_a_spike_shorter_than_the_debounce_is_not_a_press() -> None:
    assert run([(0.0, True), (0.01, False)], until=5) == []


def test_two_taps_are_two_presses() -> None:
    edges = [(0.0, True), (0.1, False), (0.5, True), (0.6, False)]
    assert [p for _, p in run(edges, until=5)] == [SHORT, SHORT]


def test_chatter_while_held_does_not_restart_the_long_press() -> None:
    edges = [(0.0, True), (0.5, False), (0.51, True)]  # a 10 ms drop: filtered out
    assert run(edges, until=5) == [(1.0, LONG)]


def test_a_button_held_at_start_up_is_no_press() -> None:
    tracker = PressTracker(TIMING, pressed=True)
    assert tracker.poll(5.0) == []
    assert tracker.edge(False, 6.0) == []
    assert tracker.poll(6.1) == []


def test_the_debounce_must_be_shorter_than_a_long_press() -> None:
    with pytest.raises(ValueError):
        PressTiming(bounce=1.0, hold=0.5)
