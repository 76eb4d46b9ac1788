"""Pairing through the table's own API (``/api/owner/hub``, the service as ``companion serve``
builds it): owner only, and the hub's refusals passed on."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.app import Service, build
from companion.settings import load_settings
from tests.hub.live import LiveHub


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Service]:
    service = build(load_settings(str(tmp_path / "data"), "127.0.0.1", 0, tower="off",
                                  camera="off", gpio="mock"))
    yield service
    service.close()


def owner_headers(service: Service) -> dict[str, str]:
    assert service.owner is not None and service.new_owner_pin is not None
    return {"X-Companion-Owner": service.owner.sign_in(service.new_owner_pin, "test")}


def pair(service: Service, body: dict[str, Any], headers: dict[str, str]) -> Any:
    return service.app.test_client().post("/api/owner/hub", json=body, headers=headers)


def test_only_the_owner_pairs_or_sees_the_link(table: Service, hub: LiveHub) -> None:
    body = {"url": hub.url, "code": hub.store.new_pairing_code(), "name": "Bar"}
    assert pair(table, body, {}).status_code == 403
    assert table.app.test_client().get("/api/owner/hub").status_code == 403
    answer = pair(table, body, owner_headers(table))
    assert answer.status_code == 200, answer.get_json()
    status = answer.get_json()
    assert status["paired"] and status["hub"]["name"] == "Bar"
    assert "token" not in str(status)


def test_the_hubs_refusal_and_silence_are_passed_on(table: Service, hub: LiveHub) -> None:
    owner = owner_headers(table)
    refused = pair(table, {"url": hub.url, "code": "AAAA-AAAA", "name": "Bar"}, owner)
    assert refused.status_code == 403 and refused.get_json()["error"] == "hub_refused"
    nobody = pair(table, {"url": "http://127.0.0.1:9", "code": "AAAA-AAAA"}, owner)
    assert nobody.status_code == 502 and nobody.get_json()["error"] == "hub_unreachable"
    junk = pair(table, {"url": "ftp://hub", "code": "x"}, owner)
    assert junk.status_code == 400
    status = table.app.test_client().get("/api/owner/hub", headers=owner).get_json()
    assert status == {"paired": False, "hub": None, "pending": 0, "pushed": 0,
                      "last_ack": None, "last_error": None, "error_kind": None}
