"""A version number that grows with every push the hub stored, and a way to wait for it.

The wall screen asks ``GET /api/wall?after=V`` and is answered as soon as the version passes
``V`` (or after the wait's bound, with the same version, or when the hub stops): a change
reaches the screen within one round trip of the push, not of a polling period. The version
starts at the hub's start time in milliseconds, so it grows across restarts too.
"""

from __future__ import annotations

import threading
import time


class Changes:
    """The hub's change counter (thread-safe)."""

    def __init__(self) -> None:
        self._version = int(time.time() * 1000)
        self._cond = threading.Condition()
        self._released = False

    @property
    def version(self) -> int:
        with self._cond:
            return self._version

    def bump(self) -> int:
        """A change was stored: the new version (and every waiter wakes)."""
        with self._cond:
            self._version += 1
            self._cond.notify_all()
            return self._version

    def release(self) -> None:
        """The hub is stopping: every wait returns now, and later ones at once."""
        with self._cond:
            self._released = True
            self._cond.notify_all()

    def wait_past(self, version: int, timeout: float) -> int:
        """The version once it is past ``version``, or after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._version <= version and not self._released:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._cond.wait(left)
            return self._version
