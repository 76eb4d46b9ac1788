"""What the box's lights and buzzer say: signals, their patterns, and the player.

A :class:`Signal` is something the table should notice without looking at a screen ("tower
connected", "dice settled", "scan done", "rejected, look at the tablet", ...). Each has a
:data:`PATTERNS` entry: a few :class:`Step` values (a colour and whether the buzzer sounds, for
so many seconds), pure data that ``hardware/GUIDE.md`` describes for players. Between patterns
the light rests on :data:`RESTING` (green: the service runs).

Colours are drawn from :data:`GREEN`, :data:`RED`, :data:`AMBER` and :data:`OFF` so that a
green LED plus a red LED (amber = both) and one RGB LED say the same thing.

:class:`FeedbackPlayer` plays signals on any :class:`Lights` (``companion/devices/controls.py`` has
the gpiozero ones) on its own thread, one pattern after the other; while a pattern plays, at most
:data:`BACKLOG` more wait and older waiting ones are dropped (a burst of events must not keep
the table beeping for a minute). ``sleep`` is injected so tests play patterns instantly.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

log = logging.getLogger(__name__)

Colour = tuple[float, float, float]
OFF: Colour = (0.0, 0.0, 0.0)
GREEN: Colour = (0.0, 1.0, 0.0)
RED: Colour = (1.0, 0.0, 0.0)
AMBER: Colour = (1.0, 0.5, 0.0)
RESTING = GREEN
BACKLOG = 3


class Signal(Enum):
    """Events the lights and buzzer report."""

    ACCEPTED = "accepted"
    TOWER_CONNECTED = "tower connected"
    TOWER_LOST = "tower lost"
    DICE_SETTLED = "dice settled"
    SCAN_DONE = "scan done"
    REJECTED = "rejected, look at the tablet"


@dataclass(frozen=True)
class Step:
    """Show ``colour`` (and sound the buzzer when ``buzz``) for ``seconds``."""

    seconds: float
    colour: Colour
    buzz: bool = False


def _blinks(times: int, colour: Colour, on: float, off: float, buzz: bool) -> tuple[Step, ...]:
    steps: list[Step] = []
    for _ in range(times):
        steps += [Step(on, colour, buzz), Step(off, OFF)]
    return tuple(steps)


#: Signal -> its pattern; the light returns to :data:`RESTING` afterwards.
PATTERNS: dict[Signal, tuple[Step, ...]] = {
    # one short chirp and a green wink: the button did what it says
    Signal.ACCEPTED: (Step(0.08, OFF), Step(0.12, GREEN, True)),
    # three green blinks, the first with a chirp
    Signal.TOWER_CONNECTED: (Step(0.1, OFF), Step(0.1, GREEN, True), Step(0.1, OFF),
                             *_blinks(2, GREEN, 0.1, 0.1, False)),
    # two slow amber blinks, silent: dice are tapped on the tablet meanwhile
    Signal.TOWER_LOST: _blinks(2, AMBER, 0.6, 0.2, False),
    # one beep and an amber flash: the dice lie still and were read
    Signal.DICE_SETTLED: (Step(0.06, AMBER, True), Step(0.34, AMBER)),
    # two beeps with green: the camera read the cards
    Signal.SCAN_DONE: (Step(0.06, GREEN, True), Step(0.08, OFF), Step(0.06, GREEN, True),
                       Step(0.3, GREEN)),
    # three red blinks with beeps, then red a moment: look at the tablet for the reason
    Signal.REJECTED: (*_blinks(3, RED, 0.15, 0.15, True), Step(0.6, RED)),
}


class Lights(Protocol):
    """Where patterns are shown: a light that takes a colour and a buzzer."""

    def show(self, colour: Colour, buzz: bool) -> None:
        """Show ``colour`` and sound the buzzer (or not) until the next call."""


class FeedbackPlayer:
    """Plays :data:`PATTERNS` on ``lights`` (see the module docstring).

    :meth:`signal` never blocks (it is called from device threads and the session's
    subscribers); :meth:`close` stops the thread and turns everything off.
    """

    def __init__(self, lights: Lights,
                 sleep: Callable[[float], object] | None = None) -> None:
        self.lights = lights
        self.played: list[Signal] = []  # every signal played, oldest first (status, tests)
        self._stop = threading.Event()
        self._sleep = sleep or self._stop.wait
        self._queue: queue.Queue[Signal | None] = queue.Queue()
        self._lock = threading.Lock()
        self._idle = threading.Event()
        self._idle.set()
        self.lights.show(RESTING, False)
        self._thread = threading.Thread(target=self._run, name="feedback", daemon=True)
        self._thread.start()

    def signal(self, what: Signal) -> None:
        """Queue ``what`` (dropping the oldest waiting ones beyond :data:`BACKLOG`)."""
        if self._stop.is_set():
            return
        with self._lock:
            self._idle.clear()
            while self._queue.qsize() >= BACKLOG:
                try:
                    dropped = self._queue.get_nowait()
                except queue.Empty:
                    break
                log.debug("feedback: %s dropped (backlog)", dropped)
            self._queue.put(what)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until every queued pattern has played; whether it did in time."""
        return self._idle.wait(timeout)

    def close(self) -> None:
        """Stop playing and turn the light and buzzer off (idempotent)."""
        self._stop.set()
        self._queue.put(None)
        if threading.current_thread() is not self._thread:
            self._thread.join(5.0)
        try:
            self.lights.show(OFF, False)
        except Exception:  # the pins may already be closed
            log.debug("feedback: could not turn the lights off", exc_info=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            what = self._queue.get()
            if what is None:
                return
            try:
                self._play(what)
            except Exception:  # a pin error must not end the feedback thread
                log.exception("feedback: could not play %s", what.value)
            with self._lock:
                if self._queue.empty():
                    self._idle.set()

    def _play(self, what: Signal) -> None:
        for step in PATTERNS[what]:
            if self._stop.is_set():
                return
            self.lights.show(step.colour, step.buzz)
            self._sleep(step.seconds)
        self.lights.show(RESTING, False)
        self.played.append(what)
