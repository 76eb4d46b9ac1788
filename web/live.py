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

On the production server (``web/serving.py``) the view answers only the head and the first
event; the :class:`~web.stream_hub.StreamHub` serves the rest without a thread per stream (it
sends the heartbeats, and drops a client that stops reading). Each client address may hold
``SSE_PER_CLIENT`` streams (16) and the server ``SSE_MAX_STREAMS`` (1,000) in all; beyond that,
``429 too_many_streams`` with ``Retry-After`` (the page tries again; issue 28 item 3).
"""

from __future__ import annotations

import json
import logging
import select
import socket
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from flask import Blueprint, Response, current_app, request

from companion.games.base import UnreadableInput
from companion.i18n import localize, msg
from companion.session.access import Viewer
from companion.session.errors import NotFound
from companion.session.session import Subscription
from web.context import get_session, viewer_for
from web.device_events import devices_json, has_devices, has_pending, pending_json
from web.errors import error_response
from web.i18n import request_language
from web.stream_hub import HANDOFF_KEY, Handoff, LiveStream, StreamLimits

bp = Blueprint("live", __name__, url_prefix="/api")
log = logging.getLogger(__name__)

#: How often a waiting stream looks whether its client is still there (seconds).
POLL = 1.0
#: Open streams per client address, and in all (the app's ``SSE_PER_CLIENT`` and
#: ``SSE_MAX_STREAMS`` override them).
PER_CLIENT, MAX_STREAMS = 16, 1000
LIMITS_KEY = "companion.stream_limits"


def stream_limits() -> StreamLimits:
    """The app's :class:`StreamLimits` (made at its first stream)."""
    limits = current_app.extensions.get(LIMITS_KEY)
    if limits is None:
        config = current_app.config
        limits = current_app.extensions.setdefault(LIMITS_KEY, StreamLimits(
            int(config.get("SSE_PER_CLIENT", PER_CLIENT)),
            int(config.get("SSE_MAX_STREAMS", MAX_STREAMS))))
    assert isinstance(limits, StreamLimits)
    return limits


@bp.get("/games/<int:game_id>/events")
def events(game_id: int) -> Response | tuple[Response, int]:
    session = get_session()
    token = request.args.get("token") or None
    viewer = viewer_for(game_id, token)
    lang = request_language()  # the page's cookie: the history lines in the device's language
    limits = stream_limits()
    release = limits.take(request.remote_addr or "")
    if release is None:
        return too_many_streams(limits)
    try:
        subscription = session.subscribe(game_id, viewer, lang)
        if viewer.role in ("seat", "host") and viewer_for(game_id, token) != viewer:
            # The seat was released (or the host role moved to another device) between the
            # two looks (its streams were closed before this one was registered): watch.
            subscription.close()
            viewer = viewer_for(game_id, None)
            subscription = session.subscribe(game_id, viewer, lang)
        try:
            first = session.snapshot(game_id, viewer, lang)
        except BaseException:
            subscription.close()
            raise
    except BaseException:
        release()
        raise
    heartbeat = float(current_app.config["SSE_HEARTBEAT"])
    devices = device_state(game_id, viewer) if has_devices() else None
    pending = device_state(game_id, viewer, pending_json) if has_pending() else None
    if devices is not None or pending is not None:
        subscription.wake_on_poke = True
    handoff = request.environ.get(HANDOFF_KEY)
    body: Iterator[str]
    if isinstance(handoff, Handoff):  # the server's stream hub serves the rest
        stream = LiveStream(subscription, heartbeat, release, devices, pending)
        handoff.stream = stream
        body = opening_only(first, stream.devices_event())
    else:
        body = snapshot_stream(
            subscription, first, heartbeat,
            client=request.environ.get("werkzeug.socket")
            or request.environ.get("waitress.client_disconnected"),
            release=release, devices=devices, pending=pending,
        )
    headers = {"Cache-Control": "no-cache, no-store", "X-Accel-Buffering": "no"}
    return Response(body, mimetype="text/event-stream", headers=headers)


def too_many_streams(limits: StreamLimits) -> tuple[Response, int]:
    """``429 too_many_streams``: this client (or the server) holds as many as allowed."""
    response, status = error_response(
        429, "too_many_streams",
        msg("this device has {n} live screens open already (or the Pi serves {total}): close "
            "a tab, then try again", n=limits.per_client, total=limits.total
            ).render(request_language()))
    response.headers["Retry-After"] = "15"
    return response, status


def device_state(
    game_id: int, viewer: Viewer, state: Callable[[int, Viewer], Any] = devices_json,
) -> Callable[[], str | None]:
    """The ``devices`` event's data for this stream (or ``state``'s: the ``pending`` event's;
    JSON text; ``None`` once the game is gone), built in whichever thread sends it (the hub's,
    or the stream's own)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    lang = request_language()  # the device's language, as the snapshots' (the dice asked for)

    def build() -> str | None:
        with app.app_context():
            try:
                data = localize(state(game_id, viewer), lang)
            except (NotFound, UnreadableInput):
                return None
            except Exception:  # a device's status must not end the stream
                log.exception("the %s event of game %s failed", state.__name__, game_id)
                return None
        return json.dumps(data, separators=(",", ":"))

    return build


def opening_only(first: dict[str, Any], devices: str | None = None) -> Iterator[str]:
    """The stream's opening (``retry``, the first snapshot and the devices' state), as a
    generator so that the answer has no length and waitress sends it chunked, as the hub goes
    on."""
    yield "retry: 1500\n\n" + sse_event(first) + (devices or "")


def snapshot_stream(
    subscription: Subscription,
    first: dict[str, Any],
    heartbeat: float,
    client: socket.socket | Callable[[], bool] | None = None,
    release: Callable[[], None] | None = None,
    devices: Callable[[], str | None] | None = None,
    pending: Callable[[], str | None] | None = None,
) -> Iterator[str]:
    """The event-stream text: ``first``, then every snapshot the subscription delivers (a
    server without a stream hub: werkzeug's, the tests' client), and a ``devices`` event
    whenever the devices' state changed, and a ``pending`` event whenever the game's pending
    inputs did. ``release`` is called at the end."""
    state = LiveStream(subscription, heartbeat, release or (lambda: None), devices, pending)
    try:
        yield "retry: 1500\n\n" + sse_event(first) + (state.devices_event() or "")
        idle_since = time.monotonic()
        while True:
            snapshot = subscription.get(timeout=min(POLL, heartbeat))
            if subscription.closed:  # the session shut down, or the seat was released
                return
            poked = subscription.take_poke()
            if snapshot is not None or poked:
                event = state.devices_event()
                if snapshot is not None:
                    yield sse_event(snapshot) + (event or "")
                    idle_since = time.monotonic()
                    continue
                if event is not None:
                    yield event
                    idle_since = time.monotonic()
                    continue
            elif client is not None and client_gone(client):
                return
            elif time.monotonic() - idle_since >= heartbeat:
                yield ": heartbeat\n\n"
                idle_since = time.monotonic()
    finally:
        subscription.close()
        if release is not None:
            release()


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
