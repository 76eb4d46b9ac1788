"""``GET /health``: every device, real or fake, OK or faulty with the reason; storage's free
space and last durable write; the status page that shows it."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from companion.devices.health import build_health, last_write
from companion.devices.present import DeviceStatus, Health, storage_status
from companion.session.access import HOST
from companion.session.session import Act, Session
from companion.settings import Settings
from tests.web.web_support import make_app

PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "yellow"},
           {"name": "Cat", "colour": "green"}]


def app_with(session: Session, health: Health) -> Flask:
    app = make_app(session, health=health, TESTING=True)
    return app


def test_health_lists_each_device_real_or_fake_ok_or_faulty(
    session: Session, tmp_path: Path
) -> None:
    def broken() -> DeviceStatus:
        raise RuntimeError("no such bus")

    health = Health({
        "camera": lambda: DeviceStatus("camera", True, "Pi camera 1280x720", "real"),
        "tower": lambda: DeviceStatus("dice tower", False, "no tower", "absent").faulty(
            "tower disconnected: read failed"),
        "gpio": broken,
        "storage": lambda: storage_status(tmp_path, None),
    })
    answer = app_with(session, health).test_client().get("/health")
    assert answer.status_code == 200, "a faulty tower is no reason to stop serving"
    assert answer.headers["Cache-Control"] == "no-store"
    report = answer.get_json()
    assert report["ok"] is False and report["storage_ok"] is True
    by_name = {d["name"]: d for d in report["devices"]}
    assert by_name["camera"] | {"facts": {}} == {
        "name": "camera", "real": True, "label": "real", "ok": True,
        "detail": "Pi camera 1280x720", "reason": None, "facts": {}}
    assert by_name["dice tower"]["reason"] == "tower disconnected: read failed"
    assert by_name["gpio"]["ok"] is False and "no such bus" in by_name["gpio"]["reason"]
    storage = by_name["storage"]
    assert storage["ok"] and storage["facts"]["free_bytes"] > 0
    assert storage["facts"]["last_write"] is None


def test_the_last_durable_write_is_the_last_committed_change(
    session: Session, tmp_path: Path
) -> None:
    assert last_write(session) is None
    game = session.create_game("sushi-express", PLAYERS).game_pk
    session.submit(game, HOST, Act({"kind": "reveal_customers",
                                    "cards": ["light_blue", "rose", "tip"]}))
    updated = session.list_games()[0]["updated"]
    assert last_write(session) == updated
    settings = Settings(data_dir=tmp_path)
    report = build_health(settings, session).report()
    assert [d["name"] for d in report["devices"]] == ["storage"]
    assert report["devices"][0]["facts"]["last_write"] == updated
    assert f"last durable write {updated}" in report["devices"][0]["detail"]


def test_storage_is_faulty_when_the_data_directory_is_missing(tmp_path: Path) -> None:
    status = storage_status(tmp_path / "gone", None)
    assert not status.ok and status.reason is not None
    assert "cannot read the data directory" in status.reason


def test_the_status_page_loads_its_script(session: Session, tmp_path: Path) -> None:
    health = Health({"storage": lambda: storage_status(tmp_path, None)})
    page = app_with(session, health).test_client().get("/status")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "health.js" in text and "Devices and health" in text


def test_the_device_line_says_fault_and_why() -> None:
    status = DeviceStatus("GPIO", True, "Pi 5, lgpio").faulty("pins busy")
    assert status.describe() == "GPIO: real (Pi 5, lgpio; FAULT: pins busy)"
