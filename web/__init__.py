"""The web face of the companion: a Flask app factory and its blueprints.

``create_app(services)`` receives one :class:`web.services.Services`: the
:class:`~companion.session.session.Session` it serves and, when the service runs them, the desks
(rolls, icon dice, scans), the devices (tower, camera), the health probes and the owner (the
composition root, ``companion/app.py``, builds them all). Every blueprint is registered here, in
one place; nothing is installed after the app is built, and nothing runs at import time.

* :mod:`web.api`   - the JSON endpoints of ``docs/API.md`` (credential: ``X-Companion-Token``).
* :mod:`web.live`  - the server-sent event stream, one per-viewer snapshot per committed change.
* :mod:`web.titles` - a title's catalogues for its pages (Sushi Go Party!'s menu picker).
* :mod:`web.tower` - the dice tower's status, a game's roll source, pending rolls to confirm.
* :mod:`web.camera` - the camera's status and its view with the dice outlined.
* :mod:`web.owner` - the owner PIN exchanged for an owner token; who may start games.
* :mod:`web.devices` - which game holds the dice tower and the camera; claim and release.
* :mod:`web.icon_dice` - Sushi Roll's icon dice: their camera view, pending readings, enrollment.
* :mod:`web.scans`, :mod:`web.enroll` - card scans into tableaux and the card set's enrollment
  (served when the services hold a :class:`~companion.scans.ScanDesk`).
* :mod:`web.health` - ``/health`` and the status panel (served when the services hold health
  probes).
* :mod:`web.pages` - the HTML pages (home, claim a seat, the game); the UI is vanilla JS + CSS
  from ``web/static`` with no build step.

App config keys: ``SSE_HEARTBEAT`` (seconds between heartbeat comments, default 15),
``SSE_PER_CLIENT`` and ``SSE_MAX_STREAMS`` (open live streams per client address, 16, and in
all, 1,000: :mod:`web.live`),
``PUBLIC_URL`` (the base URL phones use for the join link and its QR code; default: the URL the
host's browser used), ``ALLOWED_HOSTS`` (host names served besides the machine's own, see
:mod:`web.guard`) and ``MAX_CONTENT_LENGTH`` (Flask's cap on a request body, default
:data:`MAX_BODY`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Flask

from companion.owner import Owner
from web import api, devices, enroll, errors, guard, health, ids, live, pages, titles
from web import camera as camera_api
from web import icon_dice as icon_dice_web
from web import owner as owner_api
from web import scans as scans_web
from web import tower as tower_api
from web.context import SERVICES_KEY
from web.enroll import IMPORT_MAX
from web.scans import ENVELOPE
from web.services import Services

#: Largest request body any route reads: a card set export (the largest upload) and its form
#: envelope. Each upload route has its own, smaller cap too (a photo: 8 MB); this one refuses
#: (413) anything larger before a route reads it. The production server applies it as well
#: (``web.serving``), so such a body is not even buffered.
MAX_BODY = IMPORT_MAX + ENVELOPE


def create_app(services: Services, **config: Any) -> Flask:
    """A Flask app serving ``services`` (:class:`web.services.Services`); ``config`` overrides
    the defaults listed above. Without an owner in ``services``, the app has an owner whose PIN
    nobody knows, so every owner-only request is refused."""
    if services.owner is None:
        services = replace(services, owner=Owner.in_memory())
    if services.pending is None:  # the inputs' desk (the composition root shares one)
        inputs = (services.rolls, services.icon.desk if services.icon else None, services.scans)
        desks = [i.desk for i in inputs if i is not None]
        services = replace(services, pending=desks[0] if desks else None)
    app = Flask(__name__)
    app.config.update(SSE_HEARTBEAT=15.0, PUBLIC_URL=None, MAX_CONTENT_LENGTH=MAX_BODY)
    app.config.update(config)
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep the documented key order
    guard.install(app)  # Host, Origin and body type checks, before any other hook
    ids.install(app)  # every <int:...> is a game id that fits SQLite (before any route)
    app.extensions[SERVICES_KEY] = services
    blueprints = [api.bp, live.bp, pages.bp, titles.bp, tower_api.bp, camera_api.bp, owner_api.bp,
                  devices.bp, icon_dice_web.bp, icon_dice_web.pages]
    if services.scans is not None:  # card scans, and enrollment that builds on their desk
        blueprints += [scans_web.bp, enroll.bp, enroll.pages]
    if services.health is not None:
        blueprints.append(health.bp)
    for blueprint in blueprints:
        app.register_blueprint(blueprint)
    for routes in services.routes:
        routes(app)
    errors.register(app)
    return app
