"""The live stream: ``GET /api/games/<id>/events?token=`` as server-sent events.

One ``snapshot`` event with the full snapshot on connect (so a reconnecting ``EventSource`` is
whole again at once), then one per committed change, each filtered for this viewer by the
session (``session.subscribe``). A comment line every ``SSE_HEARTBEAT`` seconds keeps proxies
and phones from dropping an idle stream. The stream ends, and its subscription is closed, when
the client goes away: on the dev server we notice a closed socket within a second, on waitress
(``web/serving.py``) its ``waitress.client_disconnected`` says so within a second; elsewhere
the next write fails.

The stream only reads, so the token may travel in the query string (``EventSource`` cannot send
headers); an unknown or missing token watches.
"""

from __future__ import annotations

import json
import select
import socket
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from flask import Blueprint, Response, current_app, request

from companion.session.session import Subscription
from web.context import get_session, viewer_for

bp = Blueprint("live", __name__, url_prefix="/api")

#: How often a waiting stream looks whether its client is still there (seconds).
POLL = 1.0


@bp.get("/games/<int:game_id>/events")
def events(game_id: int) -> Response:
    session = get_session()
    token = request.args.get("token") or None
    viewer = viewer_for(game_id, token)
    subscription = session.subscribe(game_id, viewer)
    if viewer.role in ("seat", "host") and viewer_for(game_id, token) != viewer:
        # The seat was released (or the host role moved to another device) between the two
        # looks (its streams were closed before this one was registered): watch instead.
        subscription.close()
        viewer = viewer_for(game_id, None)
        subscription = session.subscribe(game_id, viewer)
    try:
        first = session.snapshot(game_id, viewer)
    except BaseException:
        subscription.close()
        raise
    stream = snapshot_stream(
        subscription,
        first,
        heartbeat=float(current_app.config["SSE_HEARTBEAT"]),
        client=request.environ.get("werkzeug.socket")
        or request.environ.get("waitress.client_disconnected"),
    )
    headers = {"Cache-Control": "no-cache, no-store", "X-Accel-Buffering": "no"}
    return Response(stream, mimetype="text/event-stream", headers=headers)


def snapshot_stream(
    subscription: Subscription,
    first: dict[str, Any],
    heartbeat: float,
    client: socket.socket | Callable[[], bool] | None = None,
) -> Iterator[str]:
    """The event-stream text: ``first``, then every snapshot the subscription delivers."""
    try:
        yield "retry: 1500\n\n" + sse_event(first)
        idle_since = time.monotonic()
        while True:
            snapshot = subscription.get(timeout=min(POLL, heartbeat))
            if subscription.closed:  # the session shut down, or the seat was released
                return
            if snapshot is not None:
                yield sse_event(snapshot)
                idle_since = time.monotonic()
            elif client is not None and client_gone(client):
                return
            elif time.monotonic() - idle_since >= heartbeat:
                yield ": heartbeat\n\n"
                idle_since = time.monotonic()
    finally:
        subscription.close()


def sse_event(snapshot: dict[str, Any]) -> str:
    """One ``snapshot`` event (compact JSON on a single ``data:`` line)."""
    return f"event: snapshot\ndata: {json.dumps(snapshot, separators=(',', ':'))}\n\n"


def read_events(lines: Iterable[bytes]) -> Iterator[tuple[str, str]]:
    """The pair of :func:`sse_event`: ``(event, data)`` for every event in a stream's lines
    (``iter(response.readline, b"")``); comments and ``retry:`` lines are skipped."""
    event, data = "message", list[str]()
    for raw in lines:
        line = raw.decode("utf-8").rstrip("\r\n")
        if not line:
            if data:
                yield event, "\n".join(data)
            event, data = "message", list[str]()
            continue
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "event":
            event = value
        elif name == "data":
            data.append(value)


def client_gone(sock: socket.socket | Callable[[], bool]) -> bool:
    """Whether the peer closed ``sock`` (a readable socket with nothing to read), or, for the
    server's own check (a callable), whether it says the client went away."""
    if not isinstance(sock, socket.socket):
        return bool(sock())
    try:
        readable, _, _ = select.select([sock], [], [], 0)
        return bool(readable) and sock.recv(1, socket.MSG_PEEK) == b""
    except (OSError, ValueError):
        return True
