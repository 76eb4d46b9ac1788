"""Button presses from raw edges: debounce and long press, as a pure state machine.

:class:`PressTracker` turns the raw edges of one push button (``pressed`` / released, each with a
time in seconds) into presses a person meant: :data:`SHORT` (pressed and let go) or :data:`LONG`
(held for ``hold`` seconds: reported while still held, so the feedback comes at once; the
release after it is not a second press). Nothing here reads a clock or a pin: the caller passes
the time with every call and asks :meth:`PressTracker.deadline` when to call
:meth:`PressTracker.poll` next (``companion/devices/controls.py`` does that on one thread for all
buttons).

Debounce is a glitch filter: a level counts only once it has stayed put for ``bounce`` seconds,
so contact chatter on press and release, and a spike shorter than ``bounce``, are ignored. A
long press is measured from the last edge of the press's chatter (a few milliseconds after the
finger went down).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Press(Enum):
    """What a person did with a button."""

    SHORT = "short"
    LONG = "long"


SHORT, LONG = Press.SHORT, Press.LONG


@dataclass(frozen=True)
class PressTiming:
    """``bounce``: seconds a level must hold to count; ``hold``: seconds held for a long press."""

    bounce: float = 0.03
    hold: float = 1.0

    def __post_init__(self) -> None:
        if not 0 <= self.bounce < self.hold:
            raise ValueError("debounce must be at least 0 and shorter than a long press")


class PressTracker:
    """One button's edges -> :class:`Press` values (see the module docstring).

    Not thread-safe: the caller serialises :meth:`edge` and :meth:`poll` (one lock per
    controls object does).
    """

    def __init__(self, timing: PressTiming | None = None, pressed: bool = False) -> None:
        self.timing = timing or PressTiming()
        self._raw = pressed  # the level the pin shows now
        self._raw_since = 0.0  # when it started showing it
        self._stable = pressed  # the debounced level
        self._pressed_at = 0.0  # when the debounced press started
        self._long_sent = pressed  # a button held at start-up is no press

    @property
    def pressed(self) -> bool:
        """The debounced level."""
        return self._stable

    def edge(self, pressed: bool, now: float) -> list[Press]:
        """The pin now shows ``pressed`` (an edge at ``now``); presses decided up to ``now``."""
        decided = self.poll(now)
        if pressed != self._raw:
            self._raw, self._raw_since = pressed, now
        return decided

    def poll(self, now: float) -> list[Press]:
        """Presses decided by ``now`` (a level that held long enough, a hold that got long)."""
        out: list[Press] = []
        if self._raw != self._stable and now >= self._raw_since + self.timing.bounce:
            self._stable = self._raw
            if self._stable:
                self._pressed_at, self._long_sent = self._raw_since, False
            elif not self._long_sent:
                out.append(SHORT)
        if self._stable and not self._long_sent and now >= self._pressed_at + self.timing.hold:
            self._long_sent = True
            out.append(LONG)
        return out

    def deadline(self) -> float | None:
        """When :meth:`poll` may next decide something (``None``: only after an edge); a poll
        at exactly this time decides it (the same sums are compared)."""
        if self._raw != self._stable:
            return self._raw_since + self.timing.bounce
        if self._stable and not self._long_sent:
            return self._pressed_at + self.timing.hold
        return None
