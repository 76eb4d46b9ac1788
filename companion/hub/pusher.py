"""The table's background thread that forwards its outbox to the hub (``hub-push``).

Contract:

* Never in an action's way: the session's commit only added an outbox row (a trigger,
  :mod:`companion.hub.outbox`); this thread reads the outbox on its own connection, sends a
  batch of at most :attr:`HubPusher.batch_size` rows to ``POST <hub>/api/push`` with the table's
  token, and deletes the rows only after the hub answered ``200`` (the hub commits first).
* Retried until acknowledged: a refused connection, a timeout or a 5xx waits ``backoff``
  (0.5 s doubling to 30 s, with jitter) and sends again, the same rows or more; the hub stores
  each ``(table, game, seq)`` once. A ``401`` (the hub forgot this table) waits the longest
  backoff and tries again, and :meth:`status` says so. A ``400`` is a bug: it is logged and
  retried slowly, never dropped.
* An idle outbox is looked at every ``poll`` seconds (0.2 s), so a change reaches the hub
  within about that of its commit; :meth:`wake` (pairing) looks at once.
"""

from __future__ import annotations

import http.client
import json
import logging
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from companion.hub.outbox import Link, Outbox

logger = logging.getLogger(__name__)


class PushRefused(Exception):
    """The hub answered with an error status (``status``, ``reason``)."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(f"the hub answered {status}: {reason}")
        self.status = status


def post_json(url: str, body: Any, token: str | None = None, timeout: float = 10.0,
              conn: http.client.HTTPConnection | None = None) -> tuple[Any, Any]:
    """POST ``body`` as JSON to ``url``; ``(answer JSON, connection to reuse)``.
    :class:`PushRefused` for an error status, ``OSError`` when the hub cannot be reached."""
    parts = urlsplit(url)
    if conn is None:
        cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        conn = cls(parts.hostname or "", parts.port, timeout=timeout)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        conn.request("POST", parts.path or "/", json.dumps(body, separators=(",", ":")),
                     headers)
        response = conn.getresponse()
        data = response.read()
    except (OSError, http.client.HTTPException) as exc:
        conn.close()
        raise OSError(f"the hub at {url} cannot be reached: {exc}") from exc
    if response.status != 200:
        conn.close()
        try:
            reason = str(json.loads(data).get("reason", ""))
        except (ValueError, AttributeError):
            reason = data[:200].decode("utf-8", "replace")
        raise PushRefused(response.status, reason)
    return json.loads(data), conn


@dataclass
class HubPusher:
    """Forwards ``outbox`` to the hub it is linked to (module docstring)."""

    outbox: Outbox
    batch_size: int = 200
    poll: float = 0.2
    timeout: float = 10.0
    backoff: tuple[float, float] = (0.5, 30.0)
    _stop: threading.Event = field(default_factory=threading.Event)
    _wake: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None
    _conn: Any = None
    _conn_url: str = ""
    _failures: int = 0
    _last_error: str | None = None
    _error_kind: str | None = None
    _last_ack: float | None = None
    _pushed: int = 0

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="hub-push", daemon=True)
            self._thread.start()

    def stop(self, wait: float | None = None) -> bool:
        """Stop the thread; whether it ended within ``wait`` seconds (default: a push's
        timeout and then some). A push in flight is abandoned: its rows stay queued."""
        self._stop.set()
        self._wake.set()
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join(timeout=self.timeout + 5 if wait is None else wait)
            if thread.is_alive():
                return False
        if self._conn is not None:
            self._conn.close()
        return True

    def close(self) -> None:
        """Stop within 2 s and close the outbox (left open for a thread still in a push to an
        unreachable hub: it is a daemon and ends with the process)."""
        if self.stop(wait=2.0):
            self.outbox.close()

    def wake(self) -> None:
        """Look at the outbox now (after pairing, or to end a backoff early)."""
        self._failures = 0
        self._wake.set()

    def status(self) -> dict[str, Any]:
        """The owner's view: the link (no token), rows waiting, last acknowledgement, error
        (``last_error`` the detail, ``error_kind`` what a page says in words: ``unreachable``,
        ``forgotten`` (the hub refused the token), ``refused``, or ``None``)."""
        link = self.outbox.link()
        return {"paired": link is not None, "hub": None if link is None else link.to_json(),
                "pending": self.outbox.pending(), "pushed": self._pushed,
                "last_ack": self._last_ack, "last_error": self._last_error,
                "error_kind": self._error_kind}

    def unpair(self) -> int:
        """Forget the hub (:meth:`Outbox.unpair`); rows that were still waiting."""
        dropped = self.outbox.unpair()
        self._last_error = self._error_kind = None
        self._failures = 0
        return dropped

    def push_once(self) -> int:
        """Send one batch and forget it once acknowledged; rows sent (0: nothing waited).
        Raises ``OSError`` or :class:`PushRefused` when the hub did not acknowledge."""
        link = self.outbox.link()
        if link is None:
            return 0
        batch = self.outbox.batch(self.batch_size)
        if batch is None:
            return 0
        ids, push = batch
        if push.events:
            url = _push_url(link)
            conn = self._conn if self._conn_url == url else None
            self._conn, self._conn_url = None, url
            _, self._conn = post_json(url, push.to_json(), link.token, self.timeout, conn)
        self.outbox.ack(ids)
        self._pushed += len(push.events)
        self._last_ack = time.time()
        return len(ids)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                sent = self.push_once()
            except (OSError, PushRefused) as exc:
                self._conn = None
                self._failures += 1
                self._last_error = str(exc)
                self._error_kind = _kind(exc)
                if isinstance(exc, PushRefused) and exc.status < 500:
                    logger.warning("hub push refused: %s", exc)
                    self._failures = max(self._failures, 16)
                self._sleep(self._delay())
                continue
            except Exception:  # a bug: keep the thread, keep the rows, try again later
                logger.exception("hub push failed")
                self._sleep(self.backoff[1])
                continue
            self._failures, self._last_error, self._error_kind = 0, None, None
            if sent < self.batch_size:
                self._sleep(self.poll)

    def _delay(self) -> float:
        base, cap = self.backoff
        return min(cap, base * 2 ** min(self._failures - 1, 16)) * random.uniform(0.5, 1.0)

    def _sleep(self, seconds: float) -> None:
        self._wake.wait(seconds)
        self._wake.clear()


def _kind(exc: Exception) -> str:
    if not isinstance(exc, PushRefused):
        return "unreachable"
    return "forgotten" if exc.status in (401, 403) else "refused"


def _push_url(link: Link) -> str:
    return link.url.rstrip("/") + "/api/push"


#: Environment variable: rows per push (default 200; the fault tests send small batches).
BATCH_ENV = "COMPANION_HUB_BATCH"


def for_table(db_path: Any) -> HubPusher:
    """The pusher of the game log at ``db_path`` (not started), as ``companion serve`` runs it;
    ``$COMPANION_HUB_BATCH`` sets its batch size."""
    import os

    size = os.environ.get(BATCH_ENV, "")
    return HubPusher(Outbox(db_path), batch_size=int(size) if size.isdigit() and
                     int(size) > 0 else 200)
