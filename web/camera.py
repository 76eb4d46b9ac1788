"""The camera over the table over HTTP (``docs/API.md``, "Dice from the table").

* ``GET /api/camera[?game=ID]`` - the camera's status (kind, tray state, frames a second, the
  dice it sees now, the last settled roll); with ``game`` also that game's dice part (as in
  ``GET /api/tower``).
* ``GET /api/camera/view.jpg`` - the last frame, 640 pixels wide, every die read outlined and
  labelled with its value (the tablet's camera view; never cached).
* ``POST /api/games/<id>/camera/calibrate`` - the Pi's owner (``X-Companion-Owner``; issue 28
  item 4) calibrates the camera on its current
  frame (the marker sheets must be in view): the zones file is saved and used at once; a frame
  without enough markers is refused with the reason and the old zones are kept.
* ``POST /api/games/<id>/camera/throw`` - demo camera only: throw dice into the rendered tray
  (``{"values": [3, 5], "quality": "ok"|"cocked"}``; the host or a claimed seat of that game).

The game screens take the status from the live stream's ``devices`` event
(:mod:`web.device_events`) and ask only for the picture (``web/static/camera.js``: the next one
after each loads); rolls the camera reads reach a game through the roll desk
(``companion/table/rolls.py``) like the tower's.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from companion.games.base import JSON, UnreadableInput
from companion.i18n import N_, localize, msg, tmsg
from companion.session import access
from companion.session.errors import NotFound
from web.body import json_object
from web.context import get_camera, get_session, require_owner
from web.devices import held_by
from web.i18n import request_language
from web.ids import game_id_arg
from web.tower import game_part, throw_into

bp = Blueprint("camera", __name__, url_prefix="/api")

OFF: JSON = {"enabled": False, "kind": "off", "spec": "off",
             "message": tmsg("no camera in this service"), "fps": 0.0, "state": "off",
             "frame": None, "dice": [], "last_roll": None}


@bp.get("/camera")
def status() -> Response:
    camera = get_camera()
    out = dict(OFF) if camera is None else camera.status_json()
    game = game_id_arg("game")
    out["held_by"] = held_by("camera")
    if game is not None:
        out["game"] = game_part(game)
    return jsonify(localize(out, request_language()))  # the dice asked for, in its words


@bp.get("/camera/view.jpg")
def view() -> Response:
    camera = get_camera()
    data = camera.snapshot_jpeg() if camera is not None else None
    if data is None:
        raise NotFound(msg("the camera has no picture now (it is off, starting or lost)"))
    response = Response(data, mimetype="image/jpeg")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/games/<int:game_id>/camera/throw")
def throw(game_id: int) -> Response:
    return throw_into(game_id, get_camera(), N_("demo camera"), "--camera demo")


@bp.post("/games/<int:game_id>/camera/calibrate")
def calibrate(game_id: int) -> Response:
    json_object(set(), empty_ok=True)
    get_session().snapshot(game_id, access.HOST)  # 404 for an unknown game
    require_owner(msg("calibrate the camera"))
    camera = get_camera()
    if camera is None or not camera.enabled:
        raise UnreadableInput(msg("this companion runs no camera to calibrate"))
    return jsonify(ok=True, zones=camera.calibrate_summary())
