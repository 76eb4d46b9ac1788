"""Sushi Roll's icon dice over HTTP (``docs/API.md``, "Sushi Roll icon dice").

* ``GET  /api/icon-dice[?game=ID]`` - the icon camera's status (state, message, each belt's and
  tray's settle state, the dice of the last reads), every pending reading, the face set's
  enrollment summary; with ``game`` also that game's part (roll source, its pending readings,
  who is asking).
* ``GET  /api/icon-dice/view.jpg`` - the last frame, 640 px wide, each belt and tray outlined
  and tagged with its seat's number, each icon die outlined and numbered (uncertain ones
  orange, cocked ones magenta; the picture carries no words); its ``X-Icon-Legend`` header
  (JSON) says what each number stands for, which the page names in its language; never
  cached.
* ``POST /api/games/<id>/icon-dice/confirm`` ``{"roll"}`` - enter pending reading ``roll`` as
  read; ``.../correct`` ``{"roll", "values"}`` - enter the faces tapped instead (readings
  ``"kind:face"``, every die of the belt or tray); ``.../dismiss`` ``{"roll"}`` - forget it.
  The host or a claimed seat; a refusal keeps the reading pending with the engine's reason.
* ``GET  /api/games/<id>/icon-dice/faces`` - the enrollment draft: every face of the dice table
  with ``enrolled``/``saved``, and ``needed`` (the faces still to show).
* ``POST /api/games/<id>/icon-dice/faces`` - one photo of a face: ``multipart/form-data`` with
  ``reading`` and the file in ``photo`` (at most :data:`PHOTO_MAX` bytes; its type is what
  OpenCV decodes, not what the upload claims), or ``{"reading", "from": "camera"}`` for the
  camera's frame (the die alone in view). The host or a claimed seat.
* ``POST /api/games/<id>/icon-dice/faces/save`` - the host writes the draft as the service's
  face set (every face shown); the reader picks it up at the next frame.
* ``GET  /games/<id>/icon-dice/enroll`` - the walk-through page (``web/static/sr-enroll.js``).

The icon camera is the :class:`companion.table.icon_camera.DataDirHook` ``companion/app.py`` hangs
on the table camera's frame hooks and hands over in the services (``icon``,
:class:`web.services.Services`). Without one, the status says ``enabled: false`` and the writes
answer 404.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, jsonify, render_template, request

from companion.games.base import JSON, UnreadableInput
from companion.i18n import Msg, localize, msg, said, tmsg
from companion.scans.photos import photo_refusal
from companion.session import access
from companion.session.access import HOST
from companion.session.errors import Forbidden, NotFound
from companion.session.session import Viewer
from companion.table.icon_camera import SOURCE, DataDirHook, IconDesk
from web.body import int_field, json_object, list_field, text_field
from web.context import get_icon, get_session, request_viewer, require_owner
from web.devices import held_by
from web.guard import JSON_TYPE, MULTIPART, accepts
from web.i18n import request_language
from web.ids import game_id_arg

bp = Blueprint("icon_dice", __name__, url_prefix="/api")
pages = Blueprint("icon_dice_pages", __name__)

#: Largest photo accepted (phones send theirs shrunk to about 1600 px: well under 1 MB).
PHOTO_MAX = 8 * 1024 * 1024
#: Room for the multipart envelope around a photo.
ENVELOPE = 64 * 1024
#: The response header of ``view.jpg`` that says what the picture's numbers stand for.
LEGEND_HEADER = "X-Icon-Legend"
OFF: JSON = {"enabled": False, "state": "off", "message": tmsg("no camera in this service"),
             "regions": {}, "frame": None, "dice": [], "pending": [], "set": None}


def _hook() -> DataDirHook:
    hook = get_icon()
    if hook is None:
        raise NotFound(msg("this companion reads no icon dice (it runs no camera)"))
    return hook


def _actor(game_id: int, what: Msg) -> Viewer:
    viewer = request_viewer(game_id)
    if viewer.role not in ("host", "seat"):
        raise Forbidden(msg("watchers cannot {what}: claim a seat with the join code", what=what))
    return viewer


def set_summary(hook: DataDirHook) -> JSON:
    status = hook.draft().status()
    return {"name": status["set"], "saved": status["saved"], "complete": status["complete"],
            "needed": len(status["needed"]), "faces": len(status["faces"])}


def game_part(desk: IconDesk, game_id: int) -> JSON:
    viewer = request_viewer(game_id)
    snap = get_session().snapshot(game_id, HOST)
    return {"id": game_id, "title": snap["game"], "roll_source": snap["roll_source"],
            "camera": snap["roll_source"] == SOURCE, "status": snap["status"],
            "pending": [p.to_json() for p in desk.pending(game_id)],
            "viewer": viewer.to_json()}


@bp.get("/icon-dice")
def status() -> Response:
    hook = get_icon()
    out: dict[str, Any] = dict(OFF)
    if hook is not None:
        out = {"enabled": True, **hook.status_json(),
               "pending": [p.to_json() for p in hook.desk.pending()],
               "set": set_summary(hook)}
    out["held_by"] = held_by("camera")  # readings go to this game only (issue 28 item 4)
    game = game_id_arg("game")
    if game is not None:
        if hook is None:
            get_session().snapshot(game, request_viewer(game))  # 404 if unknown
            out["game"] = None
        else:
            out["game"] = game_part(hook.desk, game)
    return jsonify(localize(out, request_language()))  # the dice asked for, in its words


@bp.get("/icon-dice/view.jpg")
def view() -> Response:
    hook = get_icon()
    got = hook.view() if hook is not None else None
    if got is None:
        raise NotFound(msg("the camera has no picture now (it is off, starting or lost)"))
    data, legend = got
    response = Response(data, mimetype="image/jpeg")
    response.headers["Cache-Control"] = "no-store"
    # the numbers drawn, with the picture they belong to (ASCII JSON: readings are ids)
    response.headers[LEGEND_HEADER] = json.dumps(legend, separators=(",", ":"))
    return response


@bp.post("/games/<int:game_id>/icon-dice/confirm")
def confirm(game_id: int) -> Response:
    data = json_object({"roll"})
    outcome = _hook().desk.confirm(game_id, int_field(data, "roll"), request_viewer(game_id))
    return jsonify(ok=True, version=outcome.version, events=outcome.events)


@bp.post("/games/<int:game_id>/icon-dice/correct")
def correct(game_id: int) -> Response:
    data = json_object({"roll", "values"})
    values = list_field(data, "values")
    outcome = _hook().desk.confirm(game_id, int_field(data, "roll"), request_viewer(game_id),
                                   values)
    return jsonify(ok=True, version=outcome.version, events=outcome.events)


@bp.post("/games/<int:game_id>/icon-dice/dismiss")
def dismiss(game_id: int) -> Response:
    data = json_object({"roll"})
    _hook().desk.dismiss(game_id, int_field(data, "roll"), request_viewer(game_id))
    return jsonify(ok=True)


# -- enrollment --------------------------------------------------------------------------------


def photo_bytes() -> bytes:
    """The uploaded ``photo`` of a multipart form, refused over :data:`PHOTO_MAX` bytes (the
    declared length is checked before anything is read)."""
    size = request.content_length
    if size is None:
        raise UnreadableInput(msg("send the photo with its length (Content-Length)"))
    if size > PHOTO_MAX + ENVELOPE:
        megabytes = f"{size / 2 ** 20:.1f}"
        raise UnreadableInput(msg("the photo is too large ({size} MB; at most {limit} MB)",
                                  size=megabytes, limit=PHOTO_MAX // 2 ** 20))
    upload = request.files.get("photo")
    if upload is None:
        raise UnreadableInput(msg("no file in the form field '{field}'", field="photo"))
    data = upload.read(min(PHOTO_MAX, size) + 1)  # no buffer larger than the body
    if len(data) > PHOTO_MAX:
        raise UnreadableInput(msg("the photo is too large (at most {limit} MB)",
                                  limit=PHOTO_MAX // 2 ** 20))
    if not data:
        raise UnreadableInput(msg("the photo is empty"))
    return data


@bp.get("/games/<int:game_id>/icon-dice/faces")
def faces(game_id: int) -> Response:
    get_session().snapshot(game_id, request_viewer(game_id))  # 404 for an unknown game
    return jsonify(_hook().draft().status())


@bp.post("/games/<int:game_id>/icon-dice/faces")
@accepts(MULTIPART, JSON_TYPE)
def enroll(game_id: int) -> Response:
    _actor(game_id, msg("enroll dice faces"))  # before the body is read
    hook = _hook()
    if request.mimetype == "multipart/form-data":
        reading = request.form.get("reading")
        if not reading:
            raise UnreadableInput(msg("missing form field '{field}' (the face shown, kind:face)",
                                      field="reading"))
        photo = face_from_photo(hook)
    else:
        body = json_object({"reading", "from"})
        reading = text_field(body, "reading")
        if body.get("from") != "camera":
            raise UnreadableInput(msg("send a photo (multipart 'photo') or {camera}",
                                      camera='{"from": "camera"}'))
        photo = hook.face_from_camera()
    draft = hook.draft()
    try:
        face = draft.add(reading, photo)
    except ValueError as exc:  # the vision's refusal, in the reader's language
        raise UnreadableInput(said(exc)) from None
    return jsonify(ok=True, face=face, status=draft.status())


@bp.post("/games/<int:game_id>/icon-dice/faces/save")
def save(game_id: int) -> Response:
    json_object(set(), empty_ok=True)
    get_session().snapshot(game_id, access.HOST)  # 404 for an unknown game
    require_owner(msg("save the dice face set"))
    draft = _hook().draft()
    try:
        draft.save()
    except ValueError as exc:  # the vision's refusal, in the reader's language
        raise UnreadableInput(said(exc)) from None
    return jsonify(ok=True, status=draft.status())


def face_from_photo(hook: DataDirHook) -> Any:
    """The uploaded photo of a face; a photo the image checker refuses is refused in the
    reader's language (its English matched as the card scans' photos are)."""
    try:
        return hook.face_from_photo(photo_bytes())
    except UnreadableInput as exc:
        if exc.message is not None:
            raise
        raise UnreadableInput(photo_refusal(exc.reason)) from None


@pages.get("/games/<int:game_id>/icon-dice/enroll")
def enroll_page(game_id: int) -> str:
    return render_template("sr-enroll.html", game_id=game_id)
