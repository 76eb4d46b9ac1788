"""The systemd unit and the udev rule: their promises, ``systemd-analyze verify``, a parse of
the rule, and the service started the way the unit starts it, on loopback, answering /health."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tests.deploy.support import (
    ENV_FILE,
    REPO,
    RULES,
    UNIT,
    VENV_COMPANION,
    env_lines,
    parse_udev_rule,
    udev_rules,
    unit_entries,
    values,
)

SERVICE = unit_entries(UNIT.read_text())["Service"]


def need_tool(name: str) -> str:
    """The tool's path; a missing tool skips on a desk and fails in CI (it is in the image)."""
    path = shutil.which(name)
    if path is None:
        message = f"{name} is not installed (Debian's systemd package has it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


def test_the_unit_restarts_on_failure_starts_after_the_network_and_is_hardened() -> None:
    sections = unit_entries(UNIT.read_text())
    unit, install = sections["Unit"], sections["Install"]
    assert "network-online.target" in values(unit, "Wants")
    assert "network-online.target" in values(unit, "After")[0].split()
    assert values(SERVICE, "Restart") == ["on-failure"]
    assert values(SERVICE, "User") == ["companion"]
    assert set(values(SERVICE, "SupplementaryGroups")[0].split()) == {"dialout", "gpio", "video"}
    for key, value in [("NoNewPrivileges", "yes"), ("PrivateTmp", "yes"),
                       ("ProtectSystem", "strict"), ("ProtectHome", "yes"),
                       ("StateDirectory", "sushi-companion")]:
        assert values(SERVICE, key) == [value], key
    assert values(install, "WantedBy") == ["multi-user.target"], "enabled: back after a power cut"
    assert values(SERVICE, "ExecStart") == [f"{VENV_COMPANION} serve"], "one process"


def test_systemd_analyze_verifies_the_unit(tmp_path: Path) -> None:
    tool = need_tool("systemd-analyze")
    # the unit names the Pi's venv; verify checks that the command exists, so point it here
    text = UNIT.read_text().replace(VENV_COMPANION, str(REPO / ".venv" / "bin" / "companion"))
    unit = tmp_path / UNIT.name
    unit.write_text(text)
    done = subprocess.run([tool, "verify", str(unit)], capture_output=True, text=True,
                          timeout=60, check=False)
    problems = [line for line in (done.stderr + done.stdout).splitlines()
                if UNIT.name in line or "sushi" in line]
    assert done.returncode == 0 and not problems, done.stderr


def test_the_udev_rule_names_the_tower_and_gives_it_to_dialout() -> None:
    rules = udev_rules(RULES.read_text())
    assert rules, "at least one rule"
    ids = set()
    for rule in rules:
        pairs = {(key, attr): (op, value) for key, attr, op, value in rule}
        assert pairs[("SUBSYSTEM", None)] == ("==", "tty")
        assert pairs[("SYMLINK", None)] == ("+=", "sushi-tower")
        assert pairs[("GROUP", None)] == ("=", "dialout")
        assert pairs[("MODE", None)] == ("=", "0660")
        ids.add((pairs[("ATTRS", "idVendor")][1], pairs[("ATTRS", "idProduct")][1]))
    assert ("2e8a", "0005") in ids, "MicroPython on a Raspberry Pi Pico"


@pytest.mark.parametrize("bad", [
    'SUBSYSTEM="tty", SYMLINK+="x"',      # a match key assigned
    'SUBSYSTEM=="tty", OWNER=="root"',    # an assign-only key matched
    'ATTRS=="x"',                         # an attribute key without {name}
    'SUBSYSTEM=="tty" GROUP="dialout"',   # a missing comma
    'SUBSYSTEM=="tty", GROUP=dialout',    # an unquoted value
])
def test_the_rule_parser_refuses_what_udev_refuses(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_udev_rule(bad)


def test_udevadm_verify_accepts_the_rule_where_it_exists() -> None:
    tool = need_tool("udevadm")
    helped = subprocess.run([tool, "verify", "--help"], capture_output=True, text=True,
                            check=False)
    if helped.returncode != 0:
        pytest.skip("this udevadm has no verify verb (systemd < 254); the parse above checks it")
    done = subprocess.run([tool, "verify", str(RULES)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def unit_environment(data_dir: Path) -> dict[str, str]:
    """The environment the unit gives the service: its Environment= lines, then the settings
    file, then what this test changes (loopback, a free port, a throwaway data directory, no
    camera and mock GPIO so nothing on this machine is touched)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COMPANION_")}
    for assignment in values(SERVICE, "Environment"):
        key, _, value = assignment.partition("=")
        env[key] = value
    env.update(env_lines(ENV_FILE.read_text()))
    env.update(COMPANION_HOST="127.0.0.1", COMPANION_PORT="0",
               COMPANION_DATA_DIR=str(data_dir), COMPANION_CAMERA="off",
               COMPANION_GPIO="mock", COMPANION_TOWER="off")
    return env


def test_the_service_started_as_the_unit_starts_it_answers_health(tmp_path: Path) -> None:
    command = shlex.split(values(SERVICE, "ExecStart")[0])
    assert command[0] == VENV_COMPANION
    command[0] = str(REPO / ".venv" / "bin" / "companion")
    workdir = tmp_path / "state"
    workdir.mkdir()
    proc = subprocess.Popen(command, cwd=workdir, env=unit_environment(workdir),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        url = None
        deadline = time.monotonic() + 60
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            assert line, f"the service ended: {proc.stderr.read() if proc.stderr else ''}"
            if "open http://127.0.0.1:" in line:
                url = line.split("open ", 1)[1].split()[0]
        assert url is not None
        with urllib.request.urlopen(f"{url}health", timeout=10) as answer:
            assert answer.status == 200
            assert answer.headers["Server"] == "sushi-companion", "served by waitress"
            report = json.load(answer)
        names = [d["name"] for d in report["devices"]]
        assert names == ["camera", "dice tower", "GPIO", "storage"]
        assert report["ok"] is True
    finally:
        proc.send_signal(signal.SIGTERM)  # KillSignal=SIGTERM
        stop_s = float(values(SERVICE, "TimeoutStopSec")[0])
        code = proc.wait(timeout=stop_s)
    assert code == 0, "a clean stop (Restart=on-failure does not restart it)"
    assert (workdir / "companion.sqlite3").exists()
