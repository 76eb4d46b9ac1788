"""The ``Idempotency-Key`` header: a write sent twice with one key is applied once (docs/API.md).

A page makes a key per user intent and sends it with the write (and with any retry of that
intent). The session applies the first request and stores its answer in the same transaction as
the change (:mod:`companion.session.once`); a repeat, even one that arrives while the first is
being applied or after a restart, gets that first answer (same status and body, with the header
``Idempotent-Replayed: true``) and changes nothing. The same key with a different request is
``422 key_reused``; a key that is not 1 to :data:`KEY_MAX` visible ASCII characters is ``400
unreadable``. Refusals are not stored. A request without the header is applied as always.

Keys are scoped by the credential (``X-Companion-Token``; no credential is its own scope), so a
device cannot obtain another device's answer with its key.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar

from flask import Response, jsonify, request

from companion.games.base import JSON, UnreadableInput
from companion.i18n import msg
from companion.session.log import hash_token
from companion.session.once import KeyReused, Once, Replayed
from web.context import header_token

KEY_HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
#: The longest key accepted (a UUID is 36 characters).
KEY_MAX = 200

T = TypeVar("T")


def request_key() -> str | None:
    """This request's idempotency key (``None`` without the header); 400 for a bad one."""
    key = request.headers.get(KEY_HEADER)
    if key is None:
        return None
    if not 1 <= len(key) <= KEY_MAX or not all("!" <= c <= "~" for c in key):
        raise UnreadableInput(msg(
            "the {header} header must be 1 to {max} visible ASCII characters (no spaces), "
            "such as a UUID", header=KEY_HEADER, max=KEY_MAX))
    return key


def _scope() -> str:
    token = header_token()
    return f"token:{hash_token(token)}" if token else "anonymous"


def _fingerprint() -> str:
    digest = hashlib.sha256()
    for part in (request.method.encode(), request.path.encode(),
                 request.get_data(cache=True)):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


def once_response(
    call: Callable[[Once | None], T], answer: Callable[[T], tuple[int, JSON]]
) -> Response | tuple[Response, int]:
    """Run ``call`` (a session write given this request's :class:`Once`, or ``None`` without
    a key) and send ``answer(result)``; a key answered before gets its stored answer."""
    key = request_key()
    if key is None:
        status, body = answer(call(None))
        return jsonify(body), status
    once = Once(_scope(), key, _fingerprint(), answer)
    try:
        result = call(once)
    except Replayed as replay:
        response = jsonify(replay.body)
        response.status_code = replay.status
        response.headers[REPLAYED_HEADER] = "true"
        return response
    except KeyReused as exc:
        return jsonify(error="key_reused", reason=exc.reason), 422
    status, body = answer(result)
    return jsonify(body), status
