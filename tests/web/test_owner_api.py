"""A stranger's game cannot change the whole service (issue 28 item 4), tried on loopback
against the real service (``companion.app.build``: the owner file, the holds, the virtual
tower), as a visitor on the café's Wi-Fi would.

Before the owner and the holds: ``POST /api/games`` (no credential) made its caller a host, and
that host could replace the café's card set for every game of the title, calibrate the camera,
save the dice face set, and receive tower rolls thrown for another game ("the game changed
last"). Now those need the owner PIN (``X-Companion-Owner``), and rolls go to the game holding
the tower only.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.app import Service, build
from companion.settings import Settings
from tests.dice_table import TO_ROLL
from web.serving import Server

PLAYERS = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}]


@dataclass
class Pi:
    service: Service
    base: str
    pin: str

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             owner: str | None = None, data: bytes | None = None,
             kind: str = "application/json") -> tuple[int, Any]:
        headers = {"Content-Type": kind} if body is not None or data is not None else {}
        if token:
            headers["X-Companion-Token"] = token
        if owner:
            headers["X-Companion-Owner"] = owner
        payload = data if data is not None else (
            json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(self.base + path, payload, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=20) as answer:
                raw = answer.read()
                status = answer.status
        except urllib.error.HTTPError as exc:
            raw, status = exc.read(), exc.code
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw

    def new_game(self, title: str = "sushi-express", **more: Any) -> dict[str, Any]:
        status, game = self.call("POST", "/api/games", {"game": title, "players": PLAYERS,
                                                         **more})
        assert status == 201, game
        return dict(game)

    def sign_in(self, pin: str | None = None) -> str:
        status, answer = self.call("POST", "/api/owner/session", {"pin": pin or self.pin})
        assert status == 200, answer
        return str(answer["owner_token"])


@pytest.fixture
def pi(tmp_path: Path) -> Iterator[Pi]:
    from companion.vision.cards import CardSet
    from companion.vision.cards.procedural import render_card
    from companion.vision.cards.store import save_set
    from tests.test_scans import DECK

    save_set(tmp_path, CardSet(name="sushi-go-party", labels=["tempura"],
                               images={"tempura": [render_card(DECK["tempura"], 128)]}))
    service = build(Settings(tmp_path, host="127.0.0.1", port=0, tower="virtual",
                             camera="off", gpio="off", threads=16))
    assert service.new_owner_pin is not None
    server = Server(service.app, "127.0.0.1", 0, 16)
    service.start()
    thread = threading.Thread(target=server.run, name="owner-pi", daemon=True)
    thread.start()
    try:
        yield Pi(service, f"http://127.0.0.1:{server.port}", service.new_owner_pin)
    finally:
        server.stop()
        thread.join(15)
        service.close()


def _set_files(data_dir: Path) -> dict[str, bytes]:
    folder = data_dir / "card_sets"
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def test_a_strangers_game_cannot_replace_the_card_set_or_calibrate(pi: Pi) -> None:
    stranger = pi.new_game("sushi-go-party", options={"menu": "my_first_meal"})
    gid, host = stranger["id"], stranger["host_token"]
    before = _set_files(pi.service.settings.data_dir)
    status, export = pi.call("GET", f"/api/games/{gid}/cards/export", token=host)
    assert status == 200 and export[:2] == b"PK"
    for method, path, body, data, kind in [
        ("POST", f"/api/games/{gid}/cards/import", None, export, "application/zip"),
        ("POST", f"/api/games/{gid}/cards/enroll", {"label": "tempura", "from": "camera"},
         None, "application/json"),
    ]:
        status, answer = pi.call(method, path, body, host, data=data, kind=kind)
        assert status == 403, answer
        assert answer["reason"] == ("Only the Pi's owner can change card sets: enter the "
                                    "owner PIN")
    status, answer = pi.call("POST", f"/api/games/{gid}/camera/calibrate", {}, host)
    assert status == 403 and "Only the Pi's owner can calibrate the camera" in answer["reason"]
    status, answer = pi.call("POST", f"/api/games/{gid}/icon-dice/faces/save", {}, host)
    assert status == 403 and "owner PIN" in answer["reason"]
    status, answer = pi.call("POST", "/api/owner/settings", {"create_games": "owner"}, host)
    assert status == 403
    assert _set_files(pi.service.settings.data_dir) == before
    # the owner, with the PIN, can (from any device, holding no game's token)
    owner = pi.sign_in()
    status, answer = pi.call("POST", f"/api/games/{gid}/cards/import", owner=owner,
                             data=export, kind="application/zip")
    assert status == 200 and answer["labels"] == ["tempura"], answer
    status, answer = pi.call("POST", f"/api/games/{gid}/camera/calibrate", {}, owner=owner)
    assert status == 400 and "no camera" in answer["reason"]  # past the owner check


def test_only_the_owner_starts_games_when_the_owner_says_so(pi: Pi) -> None:
    owner = pi.sign_in()
    status, answer = pi.call("GET", "/api/owner", owner=owner)
    assert answer == {"owner": True, "create_games": "open"}
    assert pi.call("GET", "/api/owner")[1]["owner"] is False
    status, answer = pi.call("POST", "/api/owner/settings", {"create_games": "owner"},
                             owner=owner)
    assert (status, answer) == (200, {"ok": True, "create_games": "owner"})
    status, answer = pi.call("POST", "/api/games", {"game": "sushi-express",
                                                    "players": PLAYERS})
    assert status == 403 and "start games" in answer["reason"]
    # the page asks for the PIN on the machine code, whatever the reason's language (issue 26)
    assert answer["code"] == "owner_required"
    status, answer = pi.call("POST", "/api/games", {"game": "sushi-express",
                                                    "players": PLAYERS}, owner=owner)
    assert status == 201, answer
    pi.call("POST", "/api/owner/session/end", owner=owner)
    assert pi.call("GET", "/api/owner", owner=owner)[1]["owner"] is False


def test_wrong_owner_pins_are_throttled_per_client(pi: Pi) -> None:
    wrong = "000000" if pi.pin != "000000" else "111111"
    for _ in range(10):
        status, answer = pi.call("POST", "/api/owner/session", {"pin": wrong})
        assert status == 403 and "not the owner PIN" in answer["reason"]
        assert "code" not in answer  # a wrong PIN is no owner-only refusal
    status, answer = pi.call("POST", "/api/owner/session", {"pin": pi.pin})
    assert status == 429 and "too many wrong owner PINs" in answer["reason"]


def _at_roll(pi: Pi) -> dict[str, Any]:
    game = pi.new_game(roll_source="tower")
    for action in TO_ROLL:
        status, answer = pi.call("POST", f"/api/games/{game['id']}/actions", action,
                                 game["host_token"])
        assert status == 200, answer
    return game


def _version(pi: Pi, game: dict[str, Any]) -> int:
    return int(pi.call("GET", f"/api/games/{game['id']}")[1]["version"])


def test_tower_rolls_for_game_a_never_reach_game_b(pi: Pi) -> None:
    a = _at_roll(pi)
    status, answer = pi.call("POST", f"/api/games/{a['id']}/devices/tower/claim", {},
                             a["host_token"])
    assert status == 200 and answer["held_by"]["id"] == a["id"], answer
    b = _at_roll(pi)  # the stranger's game, waiting for a tower roll too, changed last
    status, answer = pi.call("POST", f"/api/games/{b['id']}/devices/tower/claim", {},
                             b["host_token"])
    assert status == 409 and answer["error"] == "device_held", answer
    status, _ = pi.call("POST", f"/api/games/{a['id']}/devices/tower/release", {},
                        b["host_token"])
    assert status == 403  # B's host token is nothing in game A
    assert pi.call("GET", "/api/tower")[1]["held_by"]["id"] == a["id"]
    assert pi.call("GET", "/api/devices")[1]["tower"]["id"] == a["id"]
    assert pi.service.tower.wait_connected(5.0)
    status, answer = pi.call("POST", f"/api/games/{a['id']}/tower/throw", {"values": [5, 4]},
                             a["host_token"])
    assert status == 200, answer
    deadline = time.monotonic() + 10
    while _version(pi, a) == 4 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _version(pi, a) == 5 and _version(pi, b) == 4
    # the owner may hand the tower to B (taking it from A), and A's next roll goes nowhere
    owner = pi.sign_in()
    status, answer = pi.call("POST", f"/api/games/{b['id']}/devices/tower/claim", {},
                             owner=owner)
    assert status == 200 and answer["taken_from"] == a["id"], answer
    status, _ = pi.call("POST", f"/api/games/{b['id']}/devices/tower/release", {},
                        b["host_token"])
    assert status == 200 and pi.call("GET", "/api/devices")[1]["tower"] is None
