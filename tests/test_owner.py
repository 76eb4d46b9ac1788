"""The Pi's owner PIN (issue 28 item 4; ``companion/owner.py``): made up and shown once at the
first start, stored only as a salted hash, changed from the command line, throttled."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.owner import OWNER_FILE, Owner, pin_matches
from companion.session.errors import Forbidden, TooManyAttempts


def test_the_first_start_makes_a_pin_once_and_stores_only_its_hash(tmp_path: Path) -> None:
    _, pin = Owner.load(tmp_path)
    assert pin is not None and pin.isdigit() and len(pin) >= 6
    stored = (tmp_path / OWNER_FILE).read_text()
    assert pin not in stored and pin_matches(pin, json.loads(stored)["pin"])
    assert (tmp_path / OWNER_FILE).stat().st_mode & 0o077 == 0
    again, none = Owner.load(tmp_path)
    assert none is None  # never made (nor shown) again
    assert again.is_owner(again.sign_in(pin, "10.0.0.5"))


def test_a_wrong_pin_is_refused_and_ten_lock_out_that_client_only(tmp_path: Path) -> None:
    owner, pin = Owner.load(tmp_path)
    assert pin is not None
    for _ in range(10):
        with pytest.raises(Forbidden, match="not the owner PIN"):
            owner.sign_in("000000" if pin != "000000" else "111111", "10.0.0.66")
    with pytest.raises(TooManyAttempts):
        owner.sign_in(pin, "10.0.0.66")  # even the right PIN, for the rest of the minute
    assert owner.is_owner(owner.sign_in(pin, "10.0.0.5"))  # another phone is not locked out
    assert not owner.is_owner(None) and not owner.is_owner("made-up")
    with pytest.raises(Forbidden, match="Only the Pi's owner can change card sets"):
        owner.require("made-up", "change card sets")


def test_the_cli_changes_the_pin_and_a_running_service_ends_the_old_tokens(
    tmp_path: Path,
) -> None:
    running, pin = Owner.load(tmp_path)
    assert pin is not None
    token = running.sign_in(pin, "10.0.0.5")
    assert main(["--data-dir", str(tmp_path), "owner-pin", "set", "--pin", "12345"]) == 2
    assert running.is_owner(token)  # a refused change changes nothing
    assert main(["--data-dir", str(tmp_path), "owner-pin", "set", "--pin", "98765432"]) == 0
    assert not running.is_owner(token)  # the file changed under the running service
    with pytest.raises(Forbidden):
        running.sign_in(pin, "10.0.0.5")
    assert running.is_owner(running.sign_in("98765432", "10.0.0.5"))


def test_who_may_start_games_is_kept_with_the_pin(tmp_path: Path) -> None:
    owner, _ = Owner.load(tmp_path)
    assert owner.create_games == "open"
    owner.set_create_games("owner")
    assert Owner.load(tmp_path)[0].create_games == "owner"


def _start_lines(data_dir: Path) -> list[str]:
    """``companion serve``'s start-up lines (it is stopped once they are printed)."""
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "--data-dir", str(data_dir), "serve", "--host",
         "127.0.0.1", "--port", "0", "--tower", "off", "--camera", "off", "--gpio", "off"],
        cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONPATH": str(root)})
    lines: list[str] = []
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            if " open http" in line:
                break
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
    return lines


def test_serve_prints_the_owner_pin_the_first_time_only(tmp_path: Path) -> None:
    first = _start_lines(tmp_path)
    [line] = [x for x in first if "owner PIN" in x]
    pin = line.split("owner PIN ")[1].split()[0]
    assert pin.isdigit() and "shown only this once" in line
    owner, made = Owner.load(tmp_path)
    assert made is None and owner.is_owner(owner.sign_in(pin, "x"))
    assert not [x for x in _start_lines(tmp_path) if "owner PIN" in x]
