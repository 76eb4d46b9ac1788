"""The table's side of pairing, over HTTP (owner only; ``docs/HUB.md``).

* ``GET  /api/owner/hub`` -> the pusher's status: ``{"paired", "hub": {"url", "table",
  "name", "paired"} | null, "pending", "pushed", "last_ack", "last_error"}``.
* ``POST /api/owner/hub`` ``{"url", "code", "name"}`` -> the same status once paired: the table
  sends the pairing code the hub shows to ``<url>/api/pair``, keeps the token it gets back
  (:meth:`companion.hub.outbox.Outbox.pair_with`) and starts pushing everything in its log. A
  code the hub refuses is ``403`` with the hub's reason; a hub that does not answer, ``502``.
* ``DELETE /api/owner/hub`` -> the status once unpaired: the link, the outbox's triggers and
  every row still waiting are dropped (the hub keeps what it has; pairing again pushes the
  whole log to the new link). ``{"dropped": n}`` is added.
"""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import urlsplit

from flask import Blueprint, Flask, Response, current_app, jsonify

from companion.games.base import UnreadableInput
from companion.hub.outbox import Link
from companion.hub.pusher import HubPusher, PushRefused, post_json
from companion.i18n import msg
from web.body import json_object
from web.context import require_owner

bp = Blueprint("hub_link", __name__, url_prefix="/api/owner/hub")
_KEY = "hub_pusher"


def install(app: Flask, pusher: HubPusher) -> None:
    """Serve the routes above on ``app`` for ``pusher``."""
    app.extensions[_KEY] = pusher
    app.register_blueprint(bp)


def _pusher() -> HubPusher:
    pusher: HubPusher = current_app.extensions[_KEY]
    return pusher


def _error(status: int, error: str, reason: str) -> Response:
    response = jsonify(error=error, reason=reason)
    response.status_code = status
    return response


@bp.get("")
def hub_status() -> Response:
    require_owner(msg("see the café hub's link"))
    response = jsonify(_pusher().status())
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.delete("")
def unpair() -> Response:
    require_owner(msg("unpair this table from its café hub"))
    pusher = _pusher()
    dropped = pusher.unpair()
    return jsonify({**pusher.status(), "dropped": dropped})


@bp.post("")
def pair() -> Response:
    data = json_object({"url", "code", "name"})
    require_owner(msg("pair this table with a café hub"))
    url, code, name = data.get("url"), data.get("code"), data.get("name", "table")
    if not isinstance(url, str) or urlsplit(url).scheme not in ("http", "https") \
            or not urlsplit(url).hostname:
        raise UnreadableInput(msg("{field} must be the hub's address, e.g. {example}",
                                  field="url", example="http://hub.local:8090/"))
    if not isinstance(code, str) or not isinstance(name, str) or len(name) > 80:
        raise UnreadableInput(msg("{code} must be the hub's pairing code and {name} a short text",
                                  code="code", name="name"))
    pusher = _pusher()
    try:
        answer, conn = post_json(url.rstrip("/") + "/api/pair", {"code": code, "name": name},
                                 timeout=10.0)
        conn.close()
    except PushRefused as exc:
        return _error(403 if exc.status in (401, 403) else 502, "hub_refused", str(exc))
    except OSError as exc:
        return _error(502, "hub_unreachable", str(exc))
    pusher.outbox.pair_with(Link(url.rstrip("/"), int(answer["table"]), str(answer["token"]),
                                 name, datetime.now(UTC).isoformat(timespec="seconds")))
    pusher.wake()
    return jsonify(pusher.status())
