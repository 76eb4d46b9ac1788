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

from companion.i18n import Text, localize, msg, tmsg
from web.i18n import request_language


def _said(text: str, lang: str) -> str:
    """``text`` in ``lang`` when it is a message (:class:`~companion.i18n.Text`), else as it is."""
    return text.render(lang) if isinstance(text, Text) else text


def create_safe_app(reason: str, remedy: str, path: str) -> Flask:
    """The safe-mode app for a log at ``path`` that is unusable for ``reason``; ``reason`` and
    ``remedy`` answer in the request's language where they are messages (``tmsg``)."""
    app = Flask(__name__)
    started = time.monotonic()
    storage = {"name": "storage", "real": True, "label": "real", "ok": False,
               "detail": tmsg("SAFE MODE: data in {path}", path=path), "reason": reason,
               "facts": {"path": path, "safe_mode": True, "remedy": remedy}}

    @app.route("/", defaults={"anything": ""}, methods=["GET", "HEAD", "POST", "PUT", "PATCH",
                                                          "DELETE", "OPTIONS"])
    @app.route("/<path:anything>", methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE",
                                            "OPTIONS"])
    def everything(anything: str) -> tuple[Response, int]:
        lang = request_language()  # the companion_lang cookie, else Accept-Language
        why, what = _said(reason, lang), _said(remedy, lang)
        if request.path == "/health":
            response = jsonify(ok=False, storage_ok=False, safe_mode=True, reason=why,
                               remedy=what, uptime_s=round(time.monotonic() - started, 1),
                               devices=[localize(storage, lang)])
        elif request.path.startswith("/api/"):
            response = jsonify(error="safe_mode", reason=f"{why}. {what}")
        else:
            title = msg("Companion: safe mode").render(lang)
            heading = msg("Safe mode: games cannot be saved").render(lang)
            meanwhile = msg("Nothing has been deleted. Until this is fixed the companion records "
                            "no moves; score on paper meanwhile.").render(lang)
            page = (
                f"<!doctype html><html lang={lang}><meta charset=utf-8>"
                "<meta name=viewport content='width=device-width,initial-scale=1'>"
                f"<title>{escape(title)}</title>"
                "<body style='font-family:sans-serif;max-width:40em;margin:2em auto;"
                f"padding:0 1em'><h1>{escape(heading)}</h1>"
                f"<p><strong>{escape(why)}</strong></p><p>{escape(what)}</p>"
                f"<p>{escape(meanwhile)}</p></body></html>"
            )
            response = Response(page, mimetype="text/html")
        response.headers["Cache-Control"] = "no-store"
        response.headers["Retry-After"] = "60"
        response.headers["Content-Language"] = lang
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
        return response, 503

    return app
