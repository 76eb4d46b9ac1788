"""The ``devices`` and ``pending`` events of a game's live stream (issue 24 item 10, issue 25;
``web/live.py``).

:func:`devices_json` joins what ``GET /api/tower?game=ID`` (:mod:`web.tower`) and
``GET /api/camera?game=ID`` (:mod:`web.camera`) answer; :func:`has_devices` says whether a
stream sends the event at all. It sits above both route modules (the camera's builds on the
tower's), so neither imports the other back. :func:`pending_json` is the game's pending inputs
on the one pending-input desk (:class:`companion.table.pending.PendingDesk`): dice rolls, icon
dice and card scans; :func:`has_pending` says whether a stream sends that event at all.
"""

from __future__ import annotations

from companion.games.base import JSON
from companion.session.access import Viewer
from web.camera import OFF as CAMERA_OFF
from web.context import get_camera, get_pending, get_rolls, get_tower
from web.devices import held_by
from web.tower import OFF as TOWER_OFF
from web.tower import game_part


def has_devices() -> bool:
    """Whether this app runs a dice tower, a camera or a roll desk (else the live streams send
    no ``devices`` events)."""
    return get_tower() is not None or get_camera() is not None or get_rolls() is not None


def devices_json(game_pk: int, viewer: Viewer) -> JSON:
    """The ``devices`` event of a game's live stream (issue 24 item 10): ``{"tower": ...,
    "camera": ...}``, each what ``GET /api/tower?game=ID`` and ``GET /api/camera?game=ID``
    answer ``viewer``."""
    part = game_part(game_pk, viewer)
    tower, camera = get_tower(), get_camera()
    tower_out = dict(TOWER_OFF) if tower is None else tower.status_json()
    tower_out["held_by"] = held_by("tower")
    tower_out["game"] = part
    camera_out = dict(CAMERA_OFF) if camera is None else camera.status_json()
    camera_out["held_by"] = held_by("camera")
    camera_out["game"] = part
    return {"tower": tower_out, "camera": camera_out}


def has_pending() -> bool:
    """Whether this app has a pending-input desk (else the live streams send no ``pending``
    events)."""
    return get_pending() is not None


def pending_json(game_pk: int, viewer: Viewer) -> JSON:
    """The ``pending`` event of a game's live stream: ``{"game": ID, "pending": [{"kind",
    "game", "ref", "device", "summary", "reason"}, ...]}``, every input of the game that waits
    for a person, of every kind (``roll``, ``icon``, ``scan``), by kind and number. The same for
    every viewer: what each kind's own status answers (``GET /api/tower``, ``/api/icon-dice``,
    ``/api/games/<id>/scan``) adds the details."""
    desk = get_pending()
    return {"game": game_pk, "pending": desk.to_json(game_pk) if desk is not None else []}
