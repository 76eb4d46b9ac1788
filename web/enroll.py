"""Enrolling a card set from the tablet (``docs/API.md``, "Card sets"): the walk-through page
and its endpoints. The set is the game's (:meth:`companion.scans.ScanDesk.set_for`).

* ``GET  /games/<id>/enroll`` - the walk-through page ("show me a Salmon Nigiri").
* ``GET  /api/games/<id>/cards`` - the game's set and, for every card of its menu, how many
  photos it holds; ``needed`` lists the cards with none yet.
* ``POST /api/games/<id>/cards/enroll`` - one photo of a card: ``multipart/form-data`` with
  ``label`` and the file in ``photo``, or ``{"label", "from": "camera"}`` for the camera's
  frame (the Pi's owner only: the set serves every game of the title; issue 28 item 4).
* ``GET  /api/games/<id>/cards/export`` - the set as one ZIP file (host or a claimed seat).
* ``POST /api/games/<id>/cards/import`` - replace the set with an exported one (the Pi's owner
  only; ``multipart/form-data`` with the file in ``file``, or the ZIP as the body).

Owner-only requests carry the owner token (``X-Companion-Owner``, ``web/owner.py``); a game's
host or seat without it is refused ``403`` before the upload is read.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, render_template, request

from companion.games.base import UnreadableInput
from companion.i18n import msg
from companion.session.access import HOST
from companion.session.errors import Forbidden
from web.body import json_object, text_field
from web.context import get_session, request_viewer, require_owner
from web.guard import JSON_TYPE, MULTIPART, accepts
from web.scans import CARD_SET_FILE, PHOTO, PHOTO_MAX, get_scans, upload_bytes

bp = Blueprint("enroll", __name__, url_prefix="/api")
pages = Blueprint("enroll_pages", __name__)

#: Largest card set export accepted by the import.
IMPORT_MAX = 64 * 1024 * 1024


@pages.get("/games/<int:game_id>/enroll")
def page(game_id: int) -> str:
    return render_template("enroll.html", game_id=game_id)


@bp.get("/games/<int:game_id>/cards")
def status(game_id: int) -> Response:
    get_session().snapshot(game_id, request_viewer(game_id))  # 404 for an unknown game
    return jsonify(get_scans().enrollment(game_id))


@bp.post("/games/<int:game_id>/cards/enroll")
@accepts(MULTIPART, JSON_TYPE)
def enroll(game_id: int) -> Response:
    get_session().snapshot(game_id, HOST)  # 404 for an unknown game
    require_owner(msg("change card sets"))
    viewer = HOST  # the owner writes the set whoever holds this game's seats
    desk = get_scans()
    if request.mimetype == "multipart/form-data":
        photo = upload_bytes("photo", PHOTO_MAX, PHOTO)
        answer = desk.enroll(game_id, viewer, request.form.get("label"), photo)
    else:
        data = json_object({"label", "from"})
        if data.get("from") != "camera":
            raise UnreadableInput(msg("send a photo (multipart 'photo') or {camera}",
                                      camera='{"from": "camera"}'))
        answer = desk.enroll(game_id, viewer, text_field(data, "label"), None)
    return jsonify(answer)


@bp.get("/games/<int:game_id>/cards/export")
def export(game_id: int) -> Response:
    viewer = request_viewer(game_id)
    if viewer.role not in ("host", "seat"):
        raise Forbidden(msg("watchers cannot {what}: claim a seat with the join code",
                            what=msg("export the card set")))
    name, data = get_scans().export_set(game_id)
    response = Response(data, mimetype="application/zip")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/games/<int:game_id>/cards/import")
@accepts(MULTIPART, "application/zip", "application/x-zip-compressed", "application/octet-stream")
def import_set(game_id: int) -> Response:
    get_session().snapshot(game_id, HOST)  # 404 for an unknown game
    require_owner(msg("change card sets"))
    viewer = HOST  # the owner writes the set whoever holds this game's seats
    data = upload_bytes("file", IMPORT_MAX, CARD_SET_FILE)
    return jsonify(get_scans().import_set(game_id, viewer, data))
