"""Health: ``GET /health`` (JSON) and the tablet's status panel ``GET /status``.

:func:`web.create_app` serves this blueprint when its services hold the
:class:`~companion.devices.present.Health` the composition root built (every device's probe:
camera, dice tower, GPIO, storage). Nothing here touches a device itself.

``GET /health`` answers ``{"ok", "storage_ok", "uptime_s", "devices": [{"name", "real",
"label", "ok", "detail", "reason", "facts"}]}`` (``docs/API.md``). The HTTP status is 200 while
the service can record moves, 503 when storage is faulty (a monitor or ``curl --fail`` then
sees it); a faulty camera, tower or GPIO is reported with ``"ok": false`` but stays 200, since
games go on with dice tapped on a screen. ``/health`` reads nothing private and needs no
credential, so a café owner can open it from any phone on the table's network.

The panel (``templates/status.html``, ``static/health.js``, ``static/health.css``) polls
``/health`` every few seconds and lists every device: real or fake, OK or faulty, and why.

``GET /status/host-codes`` (issue 24 item 5) answers ``{"games": [{"id", "game", "players",
"host_code"}]}`` for every game in progress, so that a device can take over as host when the
host tablet is gone; the panel lists them. Whoever types a host code becomes the host, so the
codes are given only to a browser on the Pi itself (a loopback address: the Pi's own screen, or
``curl`` on the Pi); any other client is refused ``403``. The Pi serves directly (waitress, no
proxy in front), so the address is the client's own.
"""

from __future__ import annotations

import ipaddress

from flask import Blueprint, Response, jsonify, render_template, request

from companion.devices.present import Health
from companion.i18n import localize, msg
from companion.session.errors import Forbidden
from web.context import get_services, get_session
from web.i18n import request_language

bp = Blueprint("health", __name__)


def get_health() -> Health:
    """The health probes given to :func:`web.create_app` (this blueprint is served only then)."""
    health = get_services().health
    assert health is not None
    return health


@bp.get("/health")
def health() -> tuple[Response, int]:
    report = get_health().report()
    response = jsonify(localize(report, request_language()))  # details and faults: its words
    response.headers["Cache-Control"] = "no-store"
    return response, 200 if report["storage_ok"] else 503


@bp.get("/status")
def status_page() -> str:
    return render_template("status.html")


def is_on_the_pi(address: str | None) -> bool:
    """Whether a request from ``address`` comes from the Pi itself (a loopback address)."""
    if address is None:
        return False
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)  # ::ffff:127.0.0.1 on a dual-stack socket
    return bool((mapped or ip).is_loopback)


@bp.get("/status/host-codes")
def host_codes() -> Response:
    """The host code of every game in progress, for a browser on the Pi only."""
    if not is_on_the_pi(request.remote_addr):
        raise Forbidden(msg("host codes are shown only on the Pi's own screen (or in the "
                            "companion's start-up lines), not to other devices"))
    games = [{"id": row.id, "game": row.game,
              "players": [p.get("name") for p in row.players], "host_code": row.host_code}
             for row in get_session().log.games() if row.status == "playing"]
    response = jsonify(games=games)
    response.headers["Cache-Control"] = "no-store"
    return response
