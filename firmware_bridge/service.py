"""The dice tower as one service: the durable inbox plus the link, for the composition root.

``companion serve`` builds one (``companion/devices/tower.py``)::

    tower = TowerService(settings.db_path, ports=[...])   # or patterns only
    tower.start()
    tower.status()             # TowerStatus: .connected, .reason, .to_json() for the tablet
    feed = tower.subscribe()   # committed rolls, in commit order
    stored = feed.get(timeout=1.0)   # StoredRoll | None
    tower.inbox.unclaimed(); tower.inbox.claim(roll_id, game_pk)
    tower.stop()

Every roll is committed to the inbox (and acknowledged) whether or not anyone subscribed; a
subscriber only hears of rolls committed after it subscribed (older ones: ``inbox.rolls()``).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from firmware_bridge.inbox import RollInbox, StoredRoll
from firmware_bridge.link import (
    DEFAULT_PATTERNS,
    LinkTiming,
    SerialLike,
    TowerLink,
    TowerStatus,
    open_serial,
)


class RollFeed:
    """Committed rolls for one subscriber: :meth:`get` the next one, :meth:`close` when done."""

    def __init__(self, owner: TowerService) -> None:
        self._owner = owner
        self._queue: queue.Queue[StoredRoll] = queue.Queue()

    def put(self, roll: StoredRoll) -> None:
        self._queue.put(roll)

    def get(self, timeout: float | None = None) -> StoredRoll | None:
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        self._owner._unsubscribe(self)


class TowerService:
    """Inbox in ``db_path`` (the session's SQLite file) and the link thread."""

    def __init__(
        self,
        db_path: str | Path,
        ports: Sequence[str] = (),
        patterns: Sequence[str] = DEFAULT_PATTERNS,
        *,
        opener: Callable[[str], SerialLike] = open_serial,
        timing: LinkTiming | None = None,
        exclude: Sequence[str] = (),
        on_status: Callable[[TowerStatus], None] | None = None,
        seed: int | None = None,
    ) -> None:
        self.inbox = RollInbox(db_path)
        self._lock = threading.Lock()
        self._feeds: list[RollFeed] = []
        self._listeners: list[Callable[[StoredRoll], None]] = []
        self.link = TowerLink(self.inbox, ports, patterns, opener=opener, timing=timing,
                              on_roll=self._fan_out, on_status=on_status, exclude=exclude,
                              seed=seed)

    def start(self) -> None:
        self.link.start()

    def stop(self) -> None:
        self.link.stop()
        self.inbox.close()

    def status(self) -> TowerStatus:
        return self.link.status()

    def subscribe(self) -> RollFeed:
        feed = RollFeed(self)
        with self._lock:
            self._feeds.append(feed)
        return feed

    def add_listener(self, callback: Callable[[StoredRoll], None]) -> None:
        """``callback(stored)`` on the link thread after each new roll's commit (keep it
        short: the ack to the tower waits for nothing, but the next roll waits for it)."""
        with self._lock:
            self._listeners.append(callback)

    def _unsubscribe(self, feed: RollFeed) -> None:
        with self._lock:
            if feed in self._feeds:
                self._feeds.remove(feed)

    def _fan_out(self, stored: StoredRoll) -> None:
        with self._lock:
            feeds = list(self._feeds)
            listeners = list(self._listeners)
        for feed in feeds:
            feed.put(stored)
        for callback in listeners:
            callback(stored)
