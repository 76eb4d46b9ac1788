"""Which game holds the dice tower and the camera (issue 28 item 4; ``docs/API.md``, "Dice
from the table"): readings of a device go to its holder only (:mod:`companion.table.holds`).

* ``GET  /api/devices`` - ``{"tower": HELD, "camera": HELD}``, HELD ``null`` (free) or
  ``{"id", "game", "players"}`` of the game holding it (also in ``GET /api/tower`` and
  ``GET /api/camera`` as ``held_by``, so every screen shows it).
* ``POST /api/games/<id>/devices/<tower|camera>/claim`` - the game's host binds the device to
  its game when it is free (or already its own); another game's hold is ``409 device_held``.
  The owner may claim it for any game, taking it from another.
* ``POST /api/games/<id>/devices/<tower|camera>/release`` - the host of the game holding it, or
  the owner, frees it.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from companion.games.base import JSON, IllegalAction
from companion.i18n import Msg, msg
from companion.session import access
from companion.session.errors import NotFound
from companion.table.holds import NAMES, DeviceHolds, check_device
from web.body import json_object
from web.context import get_icon, get_rolls, get_session, is_owner, request_viewer

bp = Blueprint("devices", __name__, url_prefix="/api")


def get_holds() -> DeviceHolds | None:
    """The holds of the roll desk, else of the icon-dice desk (the composition root gives both
    the same); ``None``: no table devices in this app."""
    desk = get_rolls()
    if desk is not None:
        return desk.holds
    hook = get_icon()
    return hook.desk.holds if hook is not None else None


def held_by(device: str) -> JSON | None:
    """The game holding ``device``: ``{"id", "game", "players"}``, ``None`` when free."""
    holds = get_holds()
    game_pk = holds.holder(device) if holds is not None else None
    if game_pk is None:
        return None
    for row in get_session().list_games():
        if row["id"] == game_pk:
            return {"id": game_pk, "game": row["game"],
                    "players": [p.get("name") for p in row.get("players", [])]}
    return {"id": game_pk, "game": None, "players": []}


@bp.get("/devices")
def status() -> Response:
    return jsonify({device: held_by(device) for device in NAMES})


def _holds_for(game_id: int, device: str) -> DeviceHolds:
    check_device(device)
    get_session().snapshot(game_id, access.HOST)  # 404 for an unknown game
    holds = get_holds()
    if holds is None:
        raise NotFound(msg("this companion runs no dice tower") if device == "tower"
                       else msg("this companion runs no camera"))
    return holds


def _require_host_or_owner(game_id: int, what: Msg) -> bool:
    """Whether the owner asks; else the game's host must (403 otherwise)."""
    if is_owner():
        return True
    access.require_host(request_viewer(game_id), what)
    return False


@bp.post("/games/<int:game_id>/devices/<device>/claim")
def claim(game_id: int, device: str) -> Response:
    json_object(set(), empty_ok=True)
    holds = _holds_for(game_id, device)
    owner = _require_host_or_owner(
        game_id, msg("claim the dice tower for this game") if device == "tower"
        else msg("claim the camera for this game"))
    before = holds.claim(device, game_id, take_over=owner)
    return jsonify(ok=True, device=device, held_by=held_by(device),
                   taken_from=before if before not in (None, game_id) else None)


@bp.post("/games/<int:game_id>/devices/<device>/release")
def release(game_id: int, device: str) -> Response:
    json_object(set(), empty_ok=True)
    holds = _holds_for(game_id, device)
    _require_host_or_owner(
        game_id, msg("release the dice tower") if device == "tower"
        else msg("release the camera"))
    if holds.holder(device) != game_id:
        raise IllegalAction(
            msg("game {game} does not hold the dice tower", game=game_id) if device == "tower"
            else msg("game {game} does not hold the camera", game=game_id))
    holds.release(device, game_id)
    return jsonify(ok=True, device=device, held_by=None)
