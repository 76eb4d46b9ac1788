"""The install and uninstall scripts, run into a throwaway root folder (never the machine)."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

from tests.deploy.support import ENV_FILE, INSTALL, REPO, RULES, UNINSTALL, UNIT, env_lines


def run(script: Path, *args: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(["bash", str(script), *args], capture_output=True, text=True,
                          timeout=120, env={**os.environ, **(env or {})}, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_install_writes_every_file_in_its_place_and_changes_nothing_else(tmp_path: Path) -> None:
    out = run(INSTALL, "--root", str(tmp_path), "--hostname", "companion")
    unit = tmp_path / "etc/systemd/system/sushi-companion.service"
    assert unit.read_text() == UNIT.read_text() and mode(unit) == 0o644
    rule = tmp_path / "etc/udev/rules.d/99-sushi-tower.rules"
    assert rule.read_text() == RULES.read_text()
    env = env_lines((tmp_path / "etc/sushi-companion/companion.env").read_text())
    assert env["COMPANION_PORT"] == "80" and env["COMPANION_GPIO"] == "auto"
    assert "<port>80</port>" in (tmp_path / "etc/avahi/services/sushi-companion.service"
                                 ).read_text()
    data = tmp_path / "var/lib/sushi-companion"
    assert data.is_dir() and mode(data) == 0o750
    cfg = (tmp_path / "opt/sushi-companion/venv/pyvenv.cfg").read_text()
    assert "include-system-site-packages = true" in cfg, "Picamera2 comes from the system"
    constraints = (tmp_path / "opt/sushi-companion/constraints.txt").read_text().splitlines()
    assert any(line.startswith("numpy") for line in constraints)
    assert "opencv-python-headless<4.12" in constraints
    # what would change the machine is only printed
    would = [line for line in out.splitlines() if line.startswith("would run:")]
    assert any("useradd --system" in line and " companion" in line for line in would)
    for group in ("dialout", "gpio", "video"):
        assert any(f"usermod --append --groups {group} companion" in line for line in would)
    assert any("pip install --constraint" in line and str(REPO) in line for line in would)
    assert any("systemctl enable sushi-companion.service" in line for line in would)
    assert any("hostnamectl set-hostname companion" in line for line in would)
    assert subprocess.run(["id", "companion"], capture_output=True,
                          check=False).returncode != 0, "no user was created on this machine"


def test_a_second_install_keeps_the_owners_settings_and_destdir_works(tmp_path: Path) -> None:
    run(INSTALL, env={"DESTDIR": str(tmp_path)})
    settings = tmp_path / "etc/sushi-companion/companion.env"
    settings.write_text("COMPANION_PORT=8080\nCOMPANION_PINS=undo=5\n")
    out = run(INSTALL, "--root", str(tmp_path), "--port", "9000", "--no-apt", "--no-start")
    assert "kept /etc/sushi-companion/companion.env" in out
    assert settings.read_text() == "COMPANION_PORT=8080\nCOMPANION_PINS=undo=5\n"
    assert "would run: apt-get" not in out and "systemctl restart" not in out


def test_a_new_settings_file_takes_the_chosen_port(tmp_path: Path) -> None:
    run(INSTALL, "--root", str(tmp_path), "--port", "8080", "--no-apt")
    env = env_lines((tmp_path / "etc/sushi-companion/companion.env").read_text())
    assert env["COMPANION_PORT"] == "8080"
    assert env.keys() <= env_lines(ENV_FILE.read_text()).keys()


def test_uninstall_keeps_the_games_unless_purged(tmp_path: Path) -> None:
    run(INSTALL, "--root", str(tmp_path), "--no-apt")
    games = tmp_path / "var/lib/sushi-companion/companion.sqlite3"
    games.write_bytes(b"the games")
    out = run(UNINSTALL, "--root", str(tmp_path))
    assert "systemctl disable --now sushi-companion.service" in out
    for gone in ("etc/systemd/system/sushi-companion.service",
                 "etc/udev/rules.d/99-sushi-tower.rules", "opt/sushi-companion"):
        assert not (tmp_path / gone).exists(), gone
    assert games.read_bytes() == b"the games"
    out = run(UNINSTALL, "--root", str(tmp_path), "--purge")
    assert not games.exists() and not (tmp_path / "etc/sushi-companion").exists()
    assert "userdel companion" in out


def test_the_scripts_refuse_what_they_do_not_know(tmp_path: Path) -> None:
    done = subprocess.run(["bash", str(INSTALL), "--root", str(tmp_path), "--frobnicate"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "unknown option" in done.stderr
    helped = subprocess.run(["bash", str(INSTALL), "--help"], capture_output=True, text=True,
                            check=False)
    assert helped.returncode == 0 and "--root DIR" in helped.stdout
