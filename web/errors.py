"""Errors as ``{"error", "reason"}`` JSON, split by cause (docs/API.md).

``400 unreadable`` malformed input, ``403 forbidden`` no or wrong credential, ``404 not_found``,
``409 illegal`` against the rules (``409 seat_taken``: a join for a seat another device holds;
``409 device_held``: a claim of the tower or camera another game holds),
``429 too_many_attempts`` too many wrong join codes from this client, ``507 storage_full`` a
write refused because the Pi's storage is full (nothing was saved; the next write after space
returns works), ``503 storage_fault`` another SQLite error (a damaged file). Under
``/api/`` every other HTTP error is JSON too; pages keep Flask's HTML errors.
"""

from __future__ import annotations

import sqlite3

from flask import Flask, Response, jsonify, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from companion.games.base import IllegalAction, UnreadableInput
from companion.i18n import N_, Msg, msg
from companion.session.errors import (
    Forbidden,
    NotFound,
    SeatTaken,
    SessionClosed,
    TooManyAttempts,
)
from companion.storage_check import STORAGE_FULL_REASON, is_storage_full
from companion.table.holds import DeviceHeld
from web.i18n import request_language
from web.ids import UnreadablePath


def error_response(
    status: int, error: str, reason: str, code: str | None = None
) -> tuple[Response, int]:
    """The JSON error body with its status (``code``, when given: a stable machine code beside
    the reason, e.g. ``403 forbidden`` with ``"code": "owner_required"``)."""
    if code:
        return jsonify(error=error, reason=reason, code=code), status
    return jsonify(error=error, reason=reason), status


#: Werkzeug's descriptions of the HTTP errors the API may answer by itself (a method a route
#: does not take, a body over the upload limit), marked for the catalogue: the English is
#: Werkzeug's, the other languages translate it.
WERKZEUG_WORDS = frozenset({
    N_("The browser (or proxy) sent a request that this server could not understand."),
    N_("The method is not allowed for the requested URL."),
    N_("The data value transmitted exceeds the capacity limit."),
    N_("The server does not support the media type transmitted in the request."),
})


def register(app: Flask) -> None:
    """Install the handlers on ``app``."""

    @app.errorhandler(UnreadableInput)
    def unreadable(exc: UnreadableInput) -> tuple[Response, int]:
        return error_response(400, "unreadable", exc.in_language(request_language()))

    @app.errorhandler(UnreadablePath)
    def unreadable_path(exc: UnreadablePath) -> ResponseReturnValue:
        if not request.path.startswith("/api/"):
            return exc.get_response()
        return error_response(400, "unreadable", exc.in_language(request_language()))

    @app.errorhandler(Forbidden)
    def forbidden(exc: Forbidden) -> tuple[Response, int]:
        return error_response(403, "forbidden", exc.in_language(request_language()),
                              getattr(exc, "code", None))

    @app.errorhandler(TooManyAttempts)
    def too_many(exc: TooManyAttempts) -> tuple[Response, int]:
        response, status = error_response(429, "too_many_attempts",
                                          exc.in_language(request_language()))
        response.headers["Retry-After"] = str(max(1, round(exc.retry_after)))
        return response, status

    @app.errorhandler(NotFound)
    def not_found(exc: NotFound) -> tuple[Response, int]:
        return error_response(404, "not_found", exc.in_language(request_language()))

    @app.errorhandler(IllegalAction)
    def illegal(exc: IllegalAction) -> tuple[Response, int]:
        # in the language the request asks for (Accept-Language; docs/I18N.md)
        return error_response(409, "illegal", exc.in_language(request_language()))

    @app.errorhandler(SeatTaken)
    def seat_taken(exc: SeatTaken) -> tuple[Response, int]:
        return error_response(409, "seat_taken", exc.in_language(request_language()))

    @app.errorhandler(DeviceHeld)
    def device_held(exc: DeviceHeld) -> tuple[Response, int]:
        return error_response(409, "device_held", exc.in_language(request_language()))

    @app.errorhandler(SessionClosed)
    def closed(exc: SessionClosed) -> tuple[Response, int]:
        return error_response(503, "unavailable", msg(
            "the companion is shutting down; try again").render(request_language()))

    @app.errorhandler(sqlite3.DatabaseError)
    def storage_fault(exc: sqlite3.DatabaseError) -> ResponseReturnValue:
        if is_storage_full(exc):
            status, error = 507, "storage_full"
            reason = STORAGE_FULL_REASON.render(request_language())
        else:
            status, error = 503, "storage_fault"
            # SQLite's own words (English) stay a parameter
            reason = msg("the game log could not be written ({error}); nothing was saved: "
                         "see /health", error=str(exc)).render(request_language())
        if not request.path.startswith("/api/"):
            return Response(reason, status=status, mimetype="text/plain")
        return error_response(status, error, reason)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> ResponseReturnValue:
        if not request.path.startswith("/api/"):
            return exc.get_response()
        code = exc.code or 500
        name = "not_found" if code == 404 else (exc.name or "error").lower().replace(" ", "_")
        said = getattr(exc, "message", None)  # web.body.BodyTooLarge: a message
        if code == 404:
            reason = msg("there is no such game or endpoint").render(request_language())
        elif isinstance(said, Msg):
            reason = said.render(request_language())
        elif exc.description in WERKZEUG_WORDS:  # Werkzeug's own English, as a message
            reason = Msg(exc.description or "").render(request_language())
        else:
            reason = exc.description or ""
        return error_response(code, name, reason)


def reason_of(exc: Exception) -> str:
    """The player-readable reason an exception carries."""
    return str(getattr(exc, "reason", "") or exc)
