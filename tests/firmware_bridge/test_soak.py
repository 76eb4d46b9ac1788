"""The soak and the command line: the virtual tower against the real bridge."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from firmware_bridge import __main__ as cli
from firmware_bridge.link import LinkState
from firmware_bridge.service import TowerService
from firmware_bridge.soak import decode_values, dice_for, encode_index, run_soak
from tests.firmware_bridge.conftest import REPO

SOAK_KEYS = {"sent", "recorded", "lost", "duplicated", "reordered", "reconnects", "p50_ms",
             "p99_ms", "loss_detected_within_5s"}


def test_throw_indices_survive_the_faces() -> None:
    assert dice_for(1000) == 4 and dice_for(6) == 2 and dice_for(10**6) == 8
    assert all(decode_values(encode_index(i, 4)) == i for i in range(1296))


@pytest.mark.slow
def test_1000_rolls_at_5_percent_faults_with_unplugs_and_a_reset_all_arrive_in_order() -> None:
    started = time.monotonic()
    result = run_soak(1000, 0.05, unplugs=4, seed=5, resets=1)
    print(f"\nsoak: {json.dumps(result)} in {time.monotonic() - started:.1f} s")
    assert result["sent"] == 1000 and result["recorded"] == 1000
    assert (result["lost"], result["duplicated"], result["reordered"]) == (0, 0, 0)
    assert result["in_order"] and result["ok"]
    assert result["unplugs"] == 4 and result["resets"] == 1
    assert result["reconnects"] >= 5 and result["tower_boots"] >= 3
    assert result["loss_detected_within_5s"]
    assert sum(result["frames_faulted"].values()) > 50  # the faults really happened


def test_the_soak_command_prints_one_json_object_last(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "firmware_bridge", "soak", "--rolls", "40", "--faults", "0.05",
         "--unplugs", "1", "--seed", "3"],
        capture_output=True, text=True, timeout=120, cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert set(result) >= SOAK_KEYS
    assert result["sent"] == result["recorded"] == 40


def test_the_soak_command_fails_when_a_roll_is_lost(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    def fake(*args: Any, **kw: Any) -> dict[str, Any]:
        return {"sent": 3, "recorded": 2, "lost": 1, "duplicated": 0, "reordered": 0,
                "ok": False}

    monkeypatch.setattr("firmware_bridge.soak.run_soak", fake)
    assert cli.main(["soak", "--rolls", "3", "--faults", "0", "--unplugs", "0"]) == 1
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["lost"] == 1
    assert cli.main(["soak", "--rolls", "0", "--faults", "0", "--unplugs", "0"]) == 2


def test_simulate_runs_the_virtual_tower_behind_a_stable_link(tmp_path: Path) -> None:
    link = tmp_path / "tower"
    proc = subprocess.Popen(
        [sys.executable, "-m", "firmware_bridge", "simulate", "--link", str(link),
         "--duration", "60"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=REPO)
    assert proc.stdin is not None and proc.stdout is not None
    service = TowerService(tmp_path / "companion.sqlite3", ports=[str(link)], patterns=[])
    try:
        assert "virtual tower" in proc.stdout.readline()
        feed = service.subscribe()
        service.start()
        proc.stdin.write("roll 3 4\n")
        proc.stdin.flush()
        stored = feed.get(timeout=10)
        assert stored is not None and stored.roll.values == (3, 4)
        first = service.status().tower
        proc.stdin.write("reset\n")
        proc.stdin.flush()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            status = service.status()
            if status.state is LinkState.CONNECTED and status.tower is not None \
                    and first is not None and status.tower.boot_id != first.boot_id:
                break
            time.sleep(0.02)
        else:
            pytest.fail(f"no reconnect after the reset: {service.status()}")
        assert link.is_symlink()
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        assert proc.wait(timeout=10) == 0
    finally:
        service.stop()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
