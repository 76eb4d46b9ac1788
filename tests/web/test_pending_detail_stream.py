"""What the pending cards show comes on the game's live stream (issue 25), so that no page asks
for it: each ``pending`` event entry carries its ``detail`` (a Sushi Roll icon-dice reading as
``GET /api/icon-dice?game=ID`` lists it, a card scan as ``GET /api/games/<id>/scan`` answers
it, after every correction and confirm), and a Sushi Roll game's ``devices`` event carries the
icon camera's state (``icon``: its state, picture, face set and who holds the camera). Over
waitress's stream hub and over werkzeug's threaded server. No timing asserts: generous waits."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2

from companion.session.session import Session
from tests.test_scans import table_photo
from tests.web.icon_dice_support import UNSURE, filmed_hook, settle
from tests.web.scan_support import BEN, scan_desk
from tests.web.stream_support import Events, Serve
from tests.web.web_support import TOKEN_HEADER, make_app, post, test_owner

#: A short heartbeat: closing a stream's reader waits for the next bytes on it.
HEARTBEAT = {"SSE_HEARTBEAT": 0.5}


def of_kind(event: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [p for p in event["pending"] if p["kind"] == kind]


def test_an_icon_reading_and_the_icon_camera_come_on_the_stream(
        serve: Serve, session: Session, tmp_path: Path) -> None:
    hook, frame = filmed_hook(session, tmp_path)
    app = make_app(session, icon=hook, **HEARTBEAT)
    client = app.test_client()
    port = serve(app)
    created = post(client, "/api/games", {
        "game": "sushi-roll", "players": [{"name": "Ann"}, {"name": "Ben"}],
        "options": {"mode": "turns", "start_player": 1}, "roll_source": "camera"}).get_json()
    game_id, host = created["id"], created["host_token"]
    stream = Events(port, game_id, host)
    try:
        first = stream.until("devices", lambda d: True)
        icon = first["icon"]
        assert icon["enabled"] and icon["held_by"] is None and icon["frame"] is None
        assert icon["set"]["faces"] == 17 and "pending" not in icon
        assert first["tower"]["game"]["viewer"]["role"] == "host"

        answer = post(client, f"/api/games/{game_id}/devices/camera/claim", {}, host)
        assert answer.status_code == 200, answer.get_json()
        stream.until("devices", lambda d: (d["icon"]["held_by"] or {}).get("id") == game_id)

        settle(hook, frame)  # the first picture (then the reading) wakes the stream
        stream.until("devices", lambda d: d["icon"]["frame"] is not None)
        held = stream.until("pending", lambda p: bool(of_kind(p, "icon")))
        (entry,) = of_kind(held, "icon")
        status = client.get(f"/api/icon-dice?game={game_id}",
                            headers={TOKEN_HEADER: host}).get_json()
        assert entry["detail"] == status["game"]["pending"][0]  # what the card showed, pushed
        assert entry["detail"]["qualities"][UNSURE] == "uncertain"

        answer = post(client, f"/api/games/{game_id}/icon-dice/dismiss",
                      {"roll": entry["ref"]}, host)
        assert answer.status_code == 200, answer.get_json()
        stream.until("pending", lambda p: not of_kind(p, "icon"))
    finally:
        stream.close()


def test_a_scan_its_correction_and_its_confirm_come_on_the_stream(
        serve: Serve, session: Session, tmp_path: Path) -> None:
    desk = scan_desk(session, tmp_path)
    app = make_app(session, scans=desk, owner=test_owner(), **HEARTBEAT)
    client = app.test_client()
    port = serve(app)
    created = post(client, "/api/games", {
        "game": "sushi-go-party", "players": [{"name": "Ann"}, {"name": "Ben"}],
        "options": {"menu": "my_first_meal"}}).get_json()
    game_id, host = created["id"], created["host_token"]
    photo = table_photo([BEN])
    photo = cv2.resize(photo, None, fx=1600 / photo.shape[1], fy=1600 / photo.shape[1])
    jpeg = cv2.imencode(".jpg", photo)[1].tobytes()

    def scan_now() -> Any:
        return client.get(f"/api/games/{game_id}/scan", headers={TOKEN_HEADER: host}
                          ).get_json()["scan"]

    stream = Events(port, game_id, host)
    try:
        assert stream.until("pending", lambda p: True)["pending"] == []
        answer = client.post(f"/api/games/{game_id}/scan/upload?seat=1", data=jpeg,
                             content_type="image/jpeg", headers={TOKEN_HEADER: host})
        assert answer.status_code == 200, answer.get_json()
        (entry,) = of_kind(stream.until("pending", lambda p: bool(of_kind(p, "scan"))), "scan")
        assert entry["ref"] == entry["detail"]["scan"] and entry["device"] == "phone"
        assert entry["detail"] == scan_now()
        assert entry["detail"]["seats"][0]["status"] == "uncertain"

        answer = post(client, f"/api/games/{game_id}/scan/correct",
                      {"card": 2, "label": "sashimi"}, host)
        assert answer.status_code == 200, answer.get_json()
        (entry,) = of_kind(stream.until("pending", lambda p: any(
            c["corrected"] for e in of_kind(p, "scan") for c in e["detail"]["cards"])), "scan")
        assert entry["detail"] == scan_now() == answer.get_json()["scan"]
        assert entry["detail"]["seats"][0]["status"] == "ready"

        answer = post(client, f"/api/games/{game_id}/scan/confirm", {"seat": 1}, host)
        assert answer.status_code == 200, answer.get_json()
        (entry,) = of_kind(stream.until("pending", lambda p: any(
            s["status"] == "entered" for e in of_kind(p, "scan")
            for s in e["detail"]["seats"])), "scan")
        assert entry["detail"] == scan_now()
        assert entry["detail"]["seats"][0]["version"] == 1
    finally:
        stream.close()
