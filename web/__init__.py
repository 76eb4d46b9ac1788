"""The web face of the companion: a Flask app factory and its blueprints.

``create_app(session)`` receives the :class:`~companion.session.session.Session` it serves (the
composition root, ``companion/app.py``, builds it) and does nothing else at import time.

* :mod:`web.api`   - the JSON endpoints of ``docs/API.md`` (credential: ``X-Companion-Token``).
* :mod:`web.live`  - the server-sent event stream, one per-viewer snapshot per committed change.
* :mod:`web.sgp`   - the Sushi Go Party! menu catalogue for the new-game menu picker.
* :mod:`web.pages` - the HTML pages (home, claim a seat, the game); the UI is vanilla JS + CSS
  from ``web/static`` with no build step.

App config keys: ``SSE_HEARTBEAT`` (seconds between heartbeat comments, default 15) and
``PUBLIC_URL`` (the base URL phones use for the join link and its QR code; default: the URL the
host's browser used).
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from companion.session.session import Session
from web import api, errors, live, pages, sgp
from web.context import SESSION_KEY


def create_app(session: Session, **config: Any) -> Flask:
    """A Flask app serving ``session``; ``config`` overrides the defaults listed above."""
    app = Flask(__name__)
    app.config.update(SSE_HEARTBEAT=15.0, PUBLIC_URL=None)
    app.config.update(config)
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep the documented key order
    app.extensions[SESSION_KEY] = session
    app.register_blueprint(api.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(sgp.bp)
    errors.register(app)
    return app
