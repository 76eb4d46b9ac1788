"""The Pi's owner over HTTP (``docs/API.md``, "The owner"; ``docs/SECURITY.md``).

* ``GET  /api/owner`` - ``{"owner": bool, "create_games": "open"|"owner"}``: whether this
  request's ``X-Companion-Owner`` token is a live owner token, and who may start games.
* ``POST /api/owner/session`` - ``{"pin"}`` -> ``{"owner_token"}``: the owner PIN exchanged for
  an owner token, which the device keeps and sends as ``X-Companion-Owner``. A wrong PIN is
  ``403``; 10 wrong PINs from one address within a minute, ``429`` for the rest of it.
* ``POST /api/owner/session/end`` - forget this request's owner token.
* ``POST /api/owner/settings`` - owner only: ``{"create_games": "open"|"owner"}``.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from web.body import json_object
from web.context import get_owner, is_owner, owner_token, require_owner

bp = Blueprint("owner", __name__, url_prefix="/api/owner")


@bp.get("")
def status() -> Response:
    response = jsonify(owner=is_owner(), create_games=get_owner().create_games)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/session")
def sign_in() -> Response:
    data = json_object({"pin"})
    token = get_owner().sign_in(data.get("pin"), client=request.remote_addr or "")
    response = jsonify(owner_token=token)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/session/end")
def sign_out() -> Response:
    json_object(set(), empty_ok=True)
    get_owner().sign_out(owner_token())
    return jsonify(ok=True)


@bp.post("/settings")
def settings() -> Response:
    data = json_object({"create_games"})
    require_owner("change who may start games")
    mode = get_owner().set_create_games(data.get("create_games"))
    return jsonify(ok=True, create_games=mode)
