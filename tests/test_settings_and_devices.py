"""Start-up: settings precedence, the device probe, and what `companion serve` prints."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from companion.devices.present import DeviceReport, DeviceStatus, probe_devices
from companion.settings import DEFAULT_PORT, load_settings


def test_a_flag_beats_the_environment_which_beats_the_default(tmp_path: Path) -> None:
    env = {"COMPANION_DATA_DIR": str(tmp_path / "env"), "COMPANION_PORT": "9001"}
    assert load_settings(env=env).data_dir == tmp_path / "env"
    assert load_settings(env=env).port == 9001
    flagged = load_settings(str(tmp_path / "flag"), port=9002, env=env)
    assert (flagged.data_dir, flagged.port) == (tmp_path / "flag", 9002)
    default = load_settings(env={"XDG_DATA_HOME": str(tmp_path)})
    assert default.data_dir == tmp_path / "sushi-companion"
    assert default.port == DEFAULT_PORT
    assert default.db_path.name == "companion.sqlite3"


def test_the_device_line_names_every_fake() -> None:
    report = DeviceReport(
        camera=DeviceStatus("camera", False, "none"),
        tower=DeviceStatus("dice tower", True, "serial port /dev/ttyACM0 to probe"),
        gpio=DeviceStatus("GPIO", False, "MockFactory"),
    )
    line = report.describe()
    assert "camera: FAKE" in line and "dice tower: real" in line
    assert line.endswith("Running on fakes for: camera, GPIO")


def test_without_gpio_the_pin_factory_is_gpiozeros_mock() -> None:
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    report = probe_devices()
    if not report.gpio.real:
        assert isinstance(Device.pin_factory, MockFactory)


def test_serve_says_where_data_lives_which_devices_are_fakes_and_where_to_go(
    tmp_path: Path,
) -> None:
    cmd = [sys.executable, "-m", "companion", "--data-dir", str(tmp_path), "serve",
           "--host", "127.0.0.1", "--port", "0"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(4)]
    finally:
        proc.terminate()
        deadline = time.monotonic() + 10
        while proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
    assert proc.returncode == 0, "SIGTERM stops the service cleanly"
    assert str(tmp_path / "companion.sqlite3") in lines[0]
    assert "devices:" in lines[1] and "Running on fakes for:" in lines[1]
    # the first start makes up the owner PIN and shows it this once (issue 28 item 4)
    assert lines[2].startswith("companion: owner PIN ") and "only this once" in lines[2]
    assert lines[3].startswith("companion: open http://127.0.0.1:")
    assert (tmp_path / "companion.sqlite3").exists()
