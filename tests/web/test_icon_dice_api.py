"""Sushi Roll's icon dice over HTTP (web/icon_dice.py): status, the camera view, pending
readings confirmed, corrected and dismissed, and the face enrollment (photos from a phone or the
camera's frame, size and type checks, saving the set)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.session.session import Session
from companion.table.icon_camera import DataDirHook
from companion.vision.dice import Image
from companion.vision.icon_dice.faces import readings
from companion.vision.icon_dice.scenes import enrollment_photo
from tests.web.icon_dice_support import ANN_BELT, UNSURE, filmed_hook, settle
from tests.web.web_support import NewGame, create_game, make_app, owner_headers, post, test_owner
from web import icon_dice as icon_web

OPTIONS = {"mode": "turns", "start_player": 1}


@pytest.fixture
def filmed(session: Session, tmp_path: Path) -> tuple[DataDirHook, Image, Flask]:
    hook, frame = filmed_hook(session, tmp_path)
    app = make_app(session, icon=hook, owner=test_owner(), TESTING=True)
    return hook, frame, app


def sushi_roll(client: FlaskClient, source: str = "camera") -> NewGame:
    return create_game(client, game="sushi-roll", players=[{"name": "Ann"}, {"name": "Ben"}],
                       options=OPTIONS, roll_source=source)


def pending_of(client: FlaskClient, game: NewGame) -> list[dict[str, Any]]:
    data = client.get(f"/api/icon-dice?game={game.id}",
                      headers={"X-Companion-Token": game.host}).get_json()
    pending: list[dict[str, Any]] = data["game"]["pending"]
    return pending


def test_without_a_camera_the_status_says_off(client: FlaskClient) -> None:
    data = client.get("/api/icon-dice").get_json()
    assert data["enabled"] is False and data["state"] == "off"
    assert client.get("/api/icon-dice/view.jpg").status_code == 404
    game = sushi_roll(client, "tap")
    answer = post(client, f"/api/games/{game.id}/icon-dice/confirm", {"roll": 1}, game.host)
    assert answer.status_code == 404


def test_an_unsure_belt_waits_and_is_confirmed(filmed: Any) -> None:
    hook, frame, app = filmed
    client = app.test_client()
    game = sushi_roll(client)
    hook.desk.holds.claim("camera", game.id)  # readings go to the camera's holder only
    settle(hook, frame)
    [p] = pending_of(client, game)
    assert p["readings"] == ANN_BELT and p["quality"] == "uncertain"
    assert p["qualities"][UNSURE] == "uncertain" and p["surface"] == "belt"
    data = client.get("/api/icon-dice").get_json()
    assert data["enabled"] and data["frame"] is not None and len(data["dice"]) == 8
    assert [d["uncertain"] for d in data["dice"]].count(True) == 1
    view = client.get("/api/icon-dice/view.jpg")
    assert view.status_code == 200 and view.mimetype == "image/jpeg"
    assert view.headers["Cache-Control"] == "no-store"
    image = cv2.imdecode(np.frombuffer(view.data, np.uint8), cv2.IMREAD_COLOR)
    assert image is not None and image.shape[1] == 640
    # the picture's numbers, for the page to name in its language (the picture has no words)
    legend = json.loads(view.headers["X-Icon-Legend"])
    assert [d["n"] for d in legend["dice"]] == list(range(1, 9))
    assert [d["reading"] for d in legend["dice"]] == ANN_BELT
    assert [d["quality"] for d in legend["dice"]].index("uncertain") == UNSURE
    assert {(d["seat"], d["surface"]) for d in legend["dice"]} == {(0, "belt")}
    assert legend["regions"] == [{"seat": 1, "surface": "belt"}]
    watcher = post(client, f"/api/games/{game.id}/icon-dice/confirm", {"roll": p["roll"]})
    assert watcher.status_code == 403
    done = post(client, f"/api/games/{game.id}/icon-dice/confirm", {"roll": p["roll"]},
                game.host)
    assert done.status_code == 200, done.get_json()
    snap = client.get(f"/api/games/{game.id}", headers={"X-Companion-Token": game.host})
    belt = [d["die"] for d in snap.get_json()["view"]["players"][0]["belt"]]
    assert sorted(belt) == sorted(ANN_BELT)
    assert pending_of(client, game) == []


def test_a_correction_and_a_dismissal(filmed: Any) -> None:
    hook, frame, app = filmed
    client = app.test_client()
    game = sushi_roll(client)
    hook.desk.holds.claim("camera", game.id)  # readings go to the camera's holder only
    settle(hook, frame)
    [p] = pending_of(client, game)
    bad = post(client, f"/api/games/{game.id}/icon-dice/correct",
               {"roll": p["roll"], "values": ["maki:sashimi"] * 8}, game.host)
    assert bad.status_code == 400 and "no face" in bad.get_json()["reason"]
    assert pending_of(client, game)  # still pending after a refusal
    fixed = list(ANN_BELT)
    fixed[UNSURE] = "nigiri:squid"
    ok = post(client, f"/api/games/{game.id}/icon-dice/correct",
              {"roll": p["roll"], "values": fixed}, game.host)
    assert ok.status_code == 200, ok.get_json()
    snap = client.get(f"/api/games/{game.id}", headers={"X-Companion-Token": game.host})
    assert "nigiri:squid" in [d["die"] for d in snap.get_json()["view"]["players"][0]["belt"]]
    other = sushi_roll(client)  # the next game takes the camera, once the first lets it go
    hook.desk.holds.release("camera", game.id)
    hook.desk.holds.claim("camera", other.id)
    settle(hook, np.zeros_like(frame), 1.0)  # the belt changes (a hand, a roll) ...
    settle(hook, frame)  # ... and settles again
    [q] = pending_of(client, other)
    gone = post(client, f"/api/games/{other.id}/icon-dice/dismiss", {"roll": q["roll"]},
                other.host)
    assert gone.status_code == 200 and pending_of(client, other) == []


def png(image: Image) -> bytes:
    ok, data = cv2.imencode(".png", image)
    assert ok
    return bytes(data)


def upload(client: FlaskClient, game: NewGame, reading: str, data: bytes,
           name: str = "face.png") -> Any:
    from io import BytesIO

    return client.post(f"/api/games/{game.id}/icon-dice/faces",
                       data={"reading": reading, "photo": (BytesIO(data), name)},
                       headers={"X-Companion-Token": game.host},
                       content_type="multipart/form-data")


def test_enrollment_walk_through_and_save(filmed: Any, tmp_path: Path) -> None:
    hook, _, app = filmed
    client = app.test_client()
    game = sushi_roll(client)
    status = client.get(f"/api/games/{game.id}/icon-dice/faces",
                        headers={"X-Companion-Token": game.host}).get_json()
    assert len(status["needed"]) == len(readings()) == 17 and not status["saved"]
    maki3 = next(f for f in status["faces"] if f["reading"] == "maki:maki_3")
    assert maki3["prompt"] == "the Maki die's 3 Maki face"
    assert client.get(f"/games/{game.id}/icon-dice/enroll").status_code == 200
    # type checked by decoding, whatever the name says; the size limit before reading
    assert upload(client, game, "maki:maki_3", b"not an image", "x.jpg").status_code == 400
    big = b"\0" * (icon_web.PHOTO_MAX + icon_web.ENVELOPE + 1)
    assert upload(client, game, "maki:maki_3", big).status_code == 400
    assert upload(client, game, "maki:sashimi", png(enrollment_photo("maki:maki_3"))
                  ).status_code == 400
    owner = owner_headers(client)  # the face set serves every game: the owner saves it
    no_save = client.post(f"/api/games/{game.id}/icon-dice/faces/save", json={}, headers=owner)
    assert no_save.status_code == 400 and "still to show" in no_save.get_json()["reason"]
    for i, r in enumerate(readings()):
        answer = upload(client, game, r, png(enrollment_photo(r, seed=900 + i)))
        assert answer.status_code == 200, answer.get_json()
    watcher = client.post(f"/api/games/{game.id}/icon-dice/faces",
                          json={"reading": "maki:maki_1", "from": "camera"})
    assert watcher.status_code == 403
    by_host = post(client, f"/api/games/{game.id}/icon-dice/faces/save", {}, game.host)
    assert by_host.status_code == 403 and "owner PIN" in by_host.get_json()["reason"]
    saved = client.post(f"/api/games/{game.id}/icon-dice/faces/save", json={}, headers=owner)
    assert saved.status_code == 200, saved.get_json()
    assert (tmp_path / "icon_dice" / "default" / "set.json").is_file()
    assert saved.get_json()["status"]["complete"] and hook.camera is None  # reader rebuilt


def test_a_face_from_the_camera_frame_needs_a_calibration_and_one_die(
        filmed: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    hook, frame, app = filmed
    client = app.test_client()
    game = sushi_roll(client)
    hook.frame = frame
    answer = post(client, f"/api/games/{game.id}/icon-dice/faces",
                  {"reading": "maki:maki_1", "from": "camera"}, game.host)
    assert answer.status_code == 400 and "calibrated" in answer.get_json()["reason"]
    photo = enrollment_photo("maki:maki_1", seed=5, size=60.0)
    hook.frame = cv2.copyMakeBorder(photo, 200, 200, 300, 300, cv2.BORDER_REPLICATE)
    monkeypatch.setattr(hook, "die_px", lambda size: 60.0)
    one = post(client, f"/api/games/{game.id}/icon-dice/faces",
               {"reading": "maki:maki_1", "from": "camera"}, game.host)
    assert one.status_code == 200, one.get_json()
    assert one.get_json()["face"]["enrolled"]
    hook.frame = frame  # eight dice in view
    many = post(client, f"/api/games/{game.id}/icon-dice/faces",
                {"reading": "maki:maki_1", "from": "camera"}, game.host)
    assert many.status_code == 400 and "dice" in many.get_json()["reason"]
