"""The dice tower and roll sources over HTTP (``docs/API.md``, "Dice from the table").

* ``GET /api/tower[?game=ID]`` - the tower's status (link, last roll, unclaimed and pending
  rolls, ``held_by``: the game holding the tower, ``web/devices.py``); with ``game`` also that
  game's roll source, what it waits for and who is asking.
* ``POST /api/games/<id>/roll-source`` - the host changes where the game's dice come from.
* ``POST /api/games/<id>/pending-roll`` - confirm the game's pending roll (or correct it with
  ``values``); ``.../pending-roll/dismiss`` forgets it. The host or any claimed seat.
* ``POST /api/games/<id>/tower/throw`` - virtual tower only: drop dice in its tray (demos and
  tests; the host or a claimed seat of that game).

The same status reaches a game's screens on its live stream as ``devices`` events when it
changes (:func:`web.device_events.devices_json`, ``web/live.py``; issue 24 item 10):
``web/static/tower.js`` takes it from there only and never asks for it.
"""

from __future__ import annotations

from typing import Any, Protocol

from flask import Blueprint, Response, jsonify

from companion.games.base import JSON, UnreadableInput
from companion.i18n import N_, localize, msg, tmsg
from companion.session.access import HOST, Viewer
from companion.session.errors import Forbidden, NotFound
from companion.table.dice_input import DICE_TITLES, request_for
from companion.table.rolls import RollDesk
from web.body import int_field, json_object, text_field
from web.context import get_camera, get_rolls, get_session, get_tower, request_viewer
from web.devices import held_by
from web.i18n import request_language
from web.ids import game_id_arg

bp = Blueprint("tower", __name__, url_prefix="/api")

OFF: JSON = {"mode": "off", "kind": "off", "enabled": False, "state": "off", "connected": False,
             "reason": tmsg("no dice tower in this service"), "firmware": None, "last_roll": None,
             "unclaimed": {"count": 0, "recent": []}, "pending": [], "last_offer": None}


@bp.get("/tower")
def status() -> Response:
    tower = get_tower()
    out = dict(OFF) if tower is None else tower.status_json()
    game = game_id_arg("game")
    out["held_by"] = held_by("tower")
    if game is not None:
        out["game"] = game_part(game)
    return jsonify(localize(out, request_language()))  # the dice asked for, in its words


def available_sources() -> list[str]:
    """The roll sources this service can offer now: ``tap`` always, ``tower`` and ``camera``
    when the service runs them."""
    tower, camera = get_tower(), get_camera()
    return ["tap"] + (["tower"] if tower is not None and tower.mode != "off" else []) + (
        ["camera"] if camera is not None and camera.enabled else [])


def game_part(game_pk: int, viewer: Viewer | None = None) -> JSON:
    """A game's side of the dice status: its roll source, the sources on offer, what it waits
    for, its pending rolls and who is asking (``viewer``; by default this request's)."""
    session = get_session()
    if viewer is None:
        viewer = request_viewer(game_pk)
    host_view = session.snapshot(game_pk, HOST)
    title = host_view["game"]
    waiting = request_for(title, host_view["view"])
    desk = get_rolls()
    pending = [p.to_json() for p in desk.pending(game_pk)] if desk is not None else []
    return {"id": game_pk, "title": title, "roll_source": host_view["roll_source"],
            "dice": title in DICE_TITLES, "status": host_view["status"],
            "sources": available_sources(),
            "waiting": waiting.to_json() if waiting is not None else None,
            "pending": pending, "viewer": viewer.to_json()}


@bp.post("/games/<int:game_id>/roll-source")
def roll_source(game_id: int) -> Response:
    data = json_object({"roll_source"})
    source = text_field(data, "roll_source")
    chosen = get_session().set_roll_source(game_id, request_viewer(game_id), source)
    return jsonify(ok=True, roll_source=chosen)


def _desk() -> RollDesk:
    desk = get_rolls()
    if desk is None:
        raise NotFound(msg("this companion runs no dice tower or camera: there are no pending "
                           "rolls"))
    return desk


@bp.post("/games/<int:game_id>/pending-roll")
def confirm(game_id: int) -> Response:
    data = json_object({"roll", "values"})
    roll = int_field(data, "roll")
    viewer = request_viewer(game_id)
    outcome = _desk().confirm(game_id, roll, viewer, data.get("values"))
    return jsonify(ok=True, version=outcome.version, events=outcome.events)


@bp.post("/games/<int:game_id>/pending-roll/dismiss")
def dismiss(game_id: int) -> Response:
    data = json_object({"roll"})
    _desk().dismiss(game_id, int_field(data, "roll"), request_viewer(game_id))
    return jsonify(ok=True)


class Thrower(Protocol):
    def throw(self, values: Any, quality: Any = "ok") -> None: ...


def throw_into(game_id: int, device: Thrower | None, what: str, start_with: str) -> Response:
    """``POST .../throw`` for a simulated dice device (the virtual tower, the demo camera):
    the host or a seated player drops the body's ``values`` (and ``quality``) into ``what``."""
    data = json_object({"values", "quality"})
    viewer = request_viewer(game_id)
    if viewer.role not in ("host", "seat"):
        raise Forbidden(msg("only the host or a seated player may throw the {what}'s dice",
                            what=msg(what)))
    if device is None:
        raise UnreadableInput(msg("there is no {what} (start with {option})", what=msg(what),
                                  option=start_with))
    device.throw(data.get("values"), data.get("quality", "ok"))
    return jsonify(ok=True)


@bp.post("/games/<int:game_id>/tower/throw")
def throw(game_id: int) -> Response:
    return throw_into(game_id, get_tower(), N_("virtual tower"), "--tower virtual")
