"""Safe mode: the app ``companion serve`` runs when the game log cannot be used.

The log file is left exactly as it was found (``companion/storage_check.py``).
Every request is answered 503 and writes nothing:

* ``GET /health``: ``{"ok": false, "storage_ok": false, "safe_mode": true, "reason", "remedy",
  "uptime_s", "devices": [the storage line, faulty]}`` (``docs/API.md``);
* ``/api/...``: ``{"error": "safe_mode", "reason"}`` (the API's error shape);
* every other page: a plain page saying what is wrong and the command that sets the bad file
  aside (``companion --data-dir DIR repair``).
"""

from __future__ import annotations

import time
from html import escape

from flask import Flask, Response, jsonify, request


def create_safe_app(reason: str, remedy: str, path: str) -> Flask:
    """The safe-mode app for a log at ``path`` that is unusable for ``reason``."""
    app = Flask(__name__)
    started = time.monotonic()
    storage = {"name": "storage", "real": True, "label": "real", "ok": False,
               "detail": f"SAFE MODE: data in {path}", "reason": reason,
               "facts": {"path": path, "safe_mode": True, "remedy": remedy}}

    @app.route("/", defaults={"anything": ""}, methods=["GET", "HEAD", "POST", "PUT", "PATCH",
                                                          "DELETE", "OPTIONS"])
    @app.route("/<path:anything>", methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE",
                                            "OPTIONS"])
    def everything(anything: str) -> tuple[Response, int]:
        if request.path == "/health":
            response = jsonify(ok=False, storage_ok=False, safe_mode=True, reason=reason,
                               remedy=remedy, uptime_s=round(time.monotonic() - started, 1),
                               devices=[storage])
        elif request.path.startswith("/api/"):
            response = jsonify(error="safe_mode", reason=f"{reason}. {remedy}")
        else:
            page = (
                "<!doctype html><html lang=en><meta charset=utf-8>"
                "<meta name=viewport content='width=device-width,initial-scale=1'>"
                "<title>Companion: safe mode</title>"
                "<body style='font-family:sans-serif;max-width:40em;margin:2em auto;"
                "padding:0 1em'><h1>Safe mode: games cannot be saved</h1>"
                f"<p><strong>{escape(reason)}</strong></p><p>{escape(remedy)}</p>"
                "<p>Nothing has been deleted. Until this is fixed the companion records no "
                "moves; score on paper meanwhile.</p></body></html>"
            )
            response = Response(page, mimetype="text/html")
        response.headers["Cache-Control"] = "no-store"
        response.headers["Retry-After"] = "60"
        return response, 503

    return app
