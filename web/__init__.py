"""The web face of the companion: a Flask app factory and its blueprints.

``create_app(session, rolls=None, tower=None, camera=None, scans=None, owner=None)`` receives the
:class:`~companion.session.session.Session` it serves and, when the service runs table devices,
the :class:`~companion.table.rolls.RollDesk`, the :class:`~companion.devices.tower.TableTower` and
the :class:`~companion.devices.camera.TableCamera` (the composition root, ``companion/app.py``,
builds them); it does nothing else at import time.

* :mod:`web.api`   - the JSON endpoints of ``docs/API.md`` (credential: ``X-Companion-Token``).
* :mod:`web.live`  - the server-sent event stream, one per-viewer snapshot per committed change.
* :mod:`web.sgp`   - the Sushi Go Party! menu catalogue for the new-game menu picker.
* :mod:`web.tower` - the dice tower's status, a game's roll source, pending rolls to confirm.
* :mod:`web.camera` - the camera's status and its view with the dice outlined.
* :mod:`web.owner` - the owner PIN exchanged for an owner token; who may start games.
* :mod:`web.devices` - which game holds the dice tower and the camera; claim and release.
* :mod:`web.icon_dice` - Sushi Roll's icon dice: their camera view, pending readings, enrollment.
* :mod:`web.scans`, :mod:`web.enroll` - card scans into tableaux and the card set's enrollment
  (given a :class:`~companion.scans.ScanDesk` as ``scans``).
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

from typing import Any

from flask import Flask

from companion.devices.camera import TableCamera
from companion.devices.tower import TableTower
from companion.owner import Owner
from companion.scans import ScanDesk
from companion.session.session import Session
from companion.table.rolls import RollDesk
from web import api, devices, enroll, errors, guard, ids, live, pages, sgp
from web import camera as camera_api
from web import icon_dice as icon_dice_web
from web import owner as owner_api
from web import scans as scans_web
from web import tower as tower_api
from web.context import CAMERA_KEY, OWNER_KEY, ROLLS_KEY, SESSION_KEY, TOWER_KEY
from web.enroll import IMPORT_MAX
from web.scans import ENVELOPE

#: Largest request body any route reads: a card set export (the largest upload) and its form
#: envelope. Each upload route has its own, smaller cap too (a photo: 8 MB); this one refuses
#: (413) anything larger before a route reads it. The production server applies it as well
#: (``web.serving``), so such a body is not even buffered.
MAX_BODY = IMPORT_MAX + ENVELOPE


def create_app(
    session: Session,
    rolls: RollDesk | None = None,
    tower: TableTower | None = None,
    camera: TableCamera | None = None,
    scans: ScanDesk | None = None,
    owner: Owner | None = None,
    **config: Any,
) -> Flask:
    """A Flask app serving ``session`` (and the table devices, when given); ``config``
    overrides the defaults listed above. ``owner`` is the Pi's owner (the PIN that alone
    changes card sets, calibration and who may start games); without one, the app has an owner
    whose PIN nobody knows, so every owner-only request is refused."""
    app = Flask(__name__)
    app.config.update(SSE_HEARTBEAT=15.0, PUBLIC_URL=None, MAX_CONTENT_LENGTH=MAX_BODY)
    app.config.update(config)
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep the documented key order
    guard.install(app)  # Host, Origin and body type checks, before any other hook
    ids.install(app)  # every <int:...> is a game id that fits SQLite (before any route)
    app.extensions[SESSION_KEY] = session
    app.extensions[ROLLS_KEY] = rolls
    app.extensions[TOWER_KEY] = tower
    app.extensions[CAMERA_KEY] = camera
    app.extensions[OWNER_KEY] = owner if owner is not None else Owner.in_memory()
    app.register_blueprint(api.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(sgp.bp)
    app.register_blueprint(tower_api.bp)
    app.register_blueprint(camera_api.bp)
    app.register_blueprint(owner_api.bp)
    app.register_blueprint(devices.bp)
    icon_dice_web.install(app)  # Sushi Roll's icon dice (the camera's icon hook, if any)
    if scans is not None:
        scans_web.install(app, scans)
        enroll.install(app)  # card sets: builds on the scans' desk
    errors.register(app)
    return app
