"""Slows down guessing of join codes: after too many wrong codes for one game in a short time,
every attempt for that game is refused for a while, right or wrong.

A join code has about 890 million values; without a limit a visitor on the café Wi-Fi could
still try codes as fast as the Pi answers. Only the writer thread calls this (no lock needed).
"""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

#: Wrong codes allowed per game within :data:`WINDOW_SECONDS`.
MAX_FAILURES = 10
WINDOW_SECONDS = 60.0


@dataclass
class JoinThrottle:
    """Counts wrong join codes per game over a sliding window."""

    max_failures: int = MAX_FAILURES
    window: float = WINDOW_SECONDS
    clock: Callable[[], float] = time.monotonic
    _failures: dict[int, deque[float]] = field(default_factory=lambda: defaultdict(deque))

    def wait_seconds(self, game_pk: int) -> float:
        """0 when an attempt for ``game_pk`` may go ahead, else how long until one may."""
        now = self.clock()
        recent = self._failures[game_pk]
        while recent and now - recent[0] >= self.window:
            recent.popleft()
        if len(recent) < self.max_failures:
            return 0.0
        return self.window - (now - recent[0])

    def failed(self, game_pk: int) -> None:
        """Note a wrong code for ``game_pk``."""
        self._failures[game_pk].append(self.clock())
