"""Health: ``GET /health`` (JSON) and the tablet's status panel ``GET /status``.

``install(app, health)`` registers this blueprint on an app made by :func:`web.create_app` and
hands it the :class:`~companion.devices.Health` the composition root built (every device's
probe: camera, dice tower, GPIO, storage). Nothing here touches a device itself.

``GET /health`` answers ``{"ok", "storage_ok", "uptime_s", "devices": [{"name", "real",
"label", "ok", "detail", "reason", "facts"}]}`` (``docs/API.md``). The HTTP status is 200 while
the service can record moves, 503 when storage is faulty (a monitor or ``curl --fail`` then
sees it); a faulty camera, tower or GPIO is reported with ``"ok": false`` but stays 200, since
games go on with dice tapped on a screen. ``/health`` reads nothing private and needs no
credential, so a café owner can open it from any phone on the table's network.

The panel (``templates/status.html``, ``static/health.js``, ``static/health.css``) polls
``/health`` every few seconds and lists every device: real or fake, OK or faulty, and why.
"""

from __future__ import annotations

from flask import Blueprint, Flask, Response, current_app, jsonify, render_template

from companion.devices import Health

HEALTH_KEY = "companion.health"
bp = Blueprint("health", __name__)


def install(app: Flask, health: Health) -> None:
    """Serve ``/health`` and ``/status`` for ``health`` on ``app``."""
    app.extensions[HEALTH_KEY] = health
    app.register_blueprint(bp)


def get_health() -> Health:
    health: Health = current_app.extensions[HEALTH_KEY]
    return health


@bp.get("/health")
def health() -> tuple[Response, int]:
    report = get_health().report()
    response = jsonify(report)
    response.headers["Cache-Control"] = "no-store"
    return response, 200 if report["storage_ok"] else 503


@bp.get("/status")
def status_page() -> str:
    return render_template("status.html")
