"""Slows down guessing of join codes: after too many wrong codes from one client (its network
address) in a short time, that client's attempts are refused for a while, right or wrong.

A join code has about 890 million values; without a limit a visitor on the café Wi-Fi could
still try codes as fast as the Pi answers. The limit is per client, not per game: counted per
game, a visitor's ten wrong guesses would lock the right code out for the whole table. A
client whose failures have all left the window is dropped (at its next attempt, or in a sweep
once many are on record), so the table does not grow with every address ever seen. Only the
writer thread calls this (no lock needed).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

#: Wrong codes allowed per client within :data:`WINDOW_SECONDS`.
MAX_FAILURES = 10
WINDOW_SECONDS = 60.0
#: Past this many clients on record, expired ones are swept out at the next failure.
SWEEP_ABOVE = 1024


@dataclass
class JoinThrottle:
    """Counts wrong join codes per client (any hashable key, the web uses the address) over a
    sliding window."""

    max_failures: int = MAX_FAILURES
    window: float = WINDOW_SECONDS
    clock: Callable[[], float] = time.monotonic
    _failures: dict[str, deque[float]] = field(default_factory=dict)

    def wait_seconds(self, client: str) -> float:
        """0 when an attempt from ``client`` may go ahead, else how long until one may."""
        recent = self._recent(client)
        if len(recent) < self.max_failures:
            return 0.0
        return self.window - (self.clock() - recent[0])

    def failed(self, client: str) -> None:
        """Note a wrong code from ``client``."""
        recent = self._recent(client)
        recent.append(self.clock())
        self._failures[client] = recent
        if len(self._failures) > SWEEP_ABOVE:
            for other in list(self._failures):
                self._recent(other)

    def _recent(self, client: str) -> deque[float]:
        now = self.clock()
        recent = self._failures.get(client, deque())
        while recent and now - recent[0] >= self.window:
            recent.popleft()
        if not recent:
            self._failures.pop(client, None)
        return recent

    def __len__(self) -> int:
        """How many clients have failures on record (some possibly expired)."""
        return len(self._failures)
