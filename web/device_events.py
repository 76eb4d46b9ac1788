"""The ``devices`` and ``pending`` events of a game's live stream (issue 24 item 10, issue 25;
``web/live.py``).

:func:`devices_json` joins what ``GET /api/tower?game=ID`` (:mod:`web.tower`) and
``GET /api/camera?game=ID`` (:mod:`web.camera`) answer, and for a game with icon dice the icon
camera's state (:mod:`web.icon_dice`, without its pending readings); :func:`has_devices` says
whether a stream sends the event at all. It sits above the route modules (the camera's builds
on the tower's), so none imports another back. :func:`pending_json` is the game's pending
inputs on the one pending-input desk (:class:`companion.table.pending.PendingDesk`): dice
rolls, icon dice and card scans, each with its details; :func:`has_pending` says whether a
stream sends that event at all. The pages take both from the stream and poll neither.
"""

from __future__ import annotations

from companion.games.base import JSON
from companion.session.access import Viewer
from companion.table.dice_input import FACE_TITLES
from web.camera import OFF as CAMERA_OFF
from web.context import get_camera, get_icon, get_pending, get_rolls, get_tower
from web.devices import held_by
from web.icon_dice import set_summary
from web.tower import OFF as TOWER_OFF
from web.tower import game_part


def has_devices() -> bool:
    """Whether this app runs a dice tower, a camera, an icon camera or a roll desk (else the
    live streams send no ``devices`` events)."""
    return (get_tower() is not None or get_camera() is not None or get_rolls() is not None
            or get_icon() is not None)


def devices_json(game_pk: int, viewer: Viewer) -> JSON:
    """The ``devices`` event of a game's live stream (issue 24 item 10): ``{"tower": ...,
    "camera": ...}``, each what ``GET /api/tower?game=ID`` and ``GET /api/camera?game=ID``
    answer ``viewer``; for a game with icon dice also ``"icon"``: what ``GET /api/icon-dice``
    answers but its pending readings (those are the ``pending`` event's ``icon`` entries)."""
    part = game_part(game_pk, viewer)
    tower, camera = get_tower(), get_camera()
    tower_out = dict(TOWER_OFF) if tower is None else tower.status_json()
    tower_out["held_by"] = held_by("tower")
    tower_out["game"] = part
    camera_out = dict(CAMERA_OFF) if camera is None else camera.status_json()
    camera_out["held_by"] = held_by("camera")
    camera_out["game"] = part
    out = {"tower": tower_out, "camera": camera_out}
    hook = get_icon()
    if hook is not None and part["title"] in FACE_TITLES:
        out["icon"] = {"enabled": True, **hook.status_json(), "set": set_summary(hook),
                       "held_by": camera_out["held_by"]}
    return out


def has_pending() -> bool:
    """Whether this app has a pending-input desk (else the live streams send no ``pending``
    events)."""
    return get_pending() is not None


def pending_json(game_pk: int, viewer: Viewer) -> JSON:
    """The ``pending`` event of a game's live stream: ``{"game": ID, "pending": [{"kind",
    "game", "ref", "device", "summary", "reason", "rev", "detail"}, ...]}``, every input of the
    game that waits for a person, of every kind (``roll``, ``icon``, ``scan``), by kind and
    number. The same for every viewer. ``detail`` is the entry as its kind's own status lists
    it (``GET /api/tower``'s pending roll, ``GET /api/icon-dice``'s pending reading, ``GET
    /api/games/<id>/scan``'s scan), so that no page asks for it."""
    desk = get_pending()
    return {"game": game_pk, "pending": desk.to_json(game_pk) if desk is not None else []}
