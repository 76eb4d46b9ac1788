"""The ``tower`` setting and ``companion serve``: off, virtual, auto; a clean start and stop."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion.app import build
from companion.settings import load_settings


def test_the_tower_setting_comes_from_the_flag_then_the_environment_then_auto(
    tmp_path: Path,
) -> None:
    assert load_settings(str(tmp_path), env={}).tower == "auto"
    assert load_settings(str(tmp_path), env={"COMPANION_TOWER": "Virtual"}).tower == "virtual"
    assert load_settings(str(tmp_path), env={"COMPANION_TOWER": "virtual"},
                         tower="off").tower == "off"
    with pytest.raises(ValueError, match="auto, virtual, off"):
        load_settings(str(tmp_path), env={"COMPANION_TOWER": "sometimes"})


def test_with_the_tower_off_nothing_runs_and_the_device_line_says_so(tmp_path: Path) -> None:
    service = build(load_settings(str(tmp_path), env={}, tower="off"))
    try:
        service.start()
        assert service.tower.service is None
        assert "dice tower: off (tower setting off; dice are tapped)" in service.devices.describe()
        status = service.app.test_client().get("/api/tower").get_json()
        assert (status["mode"], status["enabled"], status["connected"]) == ("off", False, False)
    finally:
        service.close()


def test_a_virtual_tower_starts_with_the_service_and_stops_with_it(tmp_path: Path) -> None:
    service = build(load_settings(str(tmp_path), env={}, tower="virtual"))
    try:
        service.start()
        line = service.devices.describe()
        assert "dice tower: virtual (virtual tower on a pty on " in line and "connected" in line
        assert service.tower.virtual is not None
        link = service.tower.virtual.link
        status = service.app.test_client().get("/api/tower").get_json()
        assert (status["kind"], status["connected"], status["firmware"]) == (
            "virtual", True, "1.0.0")
        assert service.tower.service is not None
        assert service.tower.service.inbox.path == tmp_path / "companion.sqlite3"
    finally:
        service.close()
    assert not link.exists() and not link.parent.exists(), "the pty and its folder are gone"
    names = {t.name for t in threading.enumerate()}
    assert not names & {"tower-link", "tower-rolls", "virtual-tower"}


def test_auto_finds_no_tower_without_serial_ports(tmp_path: Path) -> None:
    from companion.devices.tower import TableTower

    tower = TableTower("auto", tmp_path / "companion.sqlite3", patterns=[str(tmp_path / "tty*")])
    tower.start()
    try:
        tower.settle_at_start()
        status = tower.device_status()
        assert (status.label, status.real) == ("absent", False)
        assert "watching for one" in status.detail
    finally:
        tower.stop()


def test_auto_uses_a_tower_that_answers_the_handshake_on_a_candidate_port(
    tmp_path: Path,
) -> None:
    from companion.devices.tower import TableTower
    from firmware_bridge.fake import VirtualTower

    (tmp_path / "ttyUSB9").touch()  # a port that is no tower: probed, skipped
    board = VirtualTower(tmp_path / "ttyACM0", tmp_path, seed=9)
    board.start()
    tower = TableTower("auto", tmp_path / "companion.sqlite3",
                       patterns=[str(tmp_path / "ttyACM*"), str(tmp_path / "ttyUSB*")])
    tower.start()
    try:
        tower.settle_at_start()
        status = tower.device_status()
        assert (status.label, status.real) == ("real", True), status
        assert board.device_id.hex() in status.detail and "firmware 1.0.0" in status.detail
    finally:
        tower.stop()
        board.stop()


def run_serve(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> list[str]:
    """Start ``companion serve``, read its three start-up lines, stop it with SIGTERM."""
    cmd = [sys.executable, "-m", "companion", "--data-dir", str(tmp_path), "serve",
           "--host", "127.0.0.1", "--port", "0", *args]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env={**os.environ, **(env or {})})
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(3)]
    finally:
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=15)
    assert proc.returncode == 0, "SIGTERM stops the service cleanly"
    return [*lines, *out.splitlines()]


def test_serve_with_a_virtual_tower_says_so_and_stops_cleanly(tmp_path: Path) -> None:
    lines = run_serve(tmp_path, "--tower", "virtual")
    assert "dice tower: virtual" in lines[1] and "connected" in lines[1]
    assert lines[-1] == "companion: stopped"


def test_serve_takes_the_tower_setting_from_the_environment(tmp_path: Path) -> None:
    lines = run_serve(tmp_path, env={"COMPANION_TOWER": "off"})
    assert "dice tower: off" in lines[1]
