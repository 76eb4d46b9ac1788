"""Faults with real processes on loopback (issue 27 item 8): the real hub
(``companion hub serve``) and real table services, killed, paused and restarted. After each,
every action a table logged is on the hub exactly once, and every action the hub acknowledged
was there when it was acknowledged."""

from __future__ import annotations

import socket
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.hub.store import HubStore
from tests.hub.postgres import Cluster
from tests.hub.procs import HubProc, TableProc, http, wait_for

#: The clock of the second table: 20 years behind (it is also the one killed mid-push).
WRONG_CLOCK = -20 * 365 * 24 * 3600.0


@dataclass
class Cafe:
    hub: HubProc
    store: HubStore
    tables: list[TableProc]
    ids: list[int]

    def on_hub(self, i: int) -> list[tuple[int, int]]:
        return self.store.entry_keys(self.ids[i])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def cafe(pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cafe]:
    dsn = pg_cluster.new_database()
    hub = HubProc(dsn, _free_port()).start()
    root: Path = tmp_path_factory.mktemp("tables")
    tables = [TableProc(root / "t0"), TableProc(root / "t1", clock_offset=WRONG_CLOCK)]
    store = HubStore(dsn)
    try:
        for table in tables:
            table.start()
        ids = []
        for i, table in enumerate(tables):
            code = hub.first_code if i == 0 else None
            ids.append(int(table.ready().pair(hub, f"Table {i + 1}", code)["hub"]["table"]))
        yield Cafe(hub, store, tables, ids)
    finally:
        for table in tables:
            table.kill()
        hub.kill()
        store.close()


def test_a_hub_killed_mid_push_loses_nothing_and_counts_nothing_twice(cafe: Cafe) -> None:
    table = cafe.tables[0]
    table.play("sushi-express", 1, delay=0.02)  # play lasts: the hub freezes mid-game
    wait_for(lambda: len(cafe.on_hub(0)) >= 10, "the first pushes")
    cafe.hub.pause()  # pushes now hang in the middle of their request
    wait_for(lambda: table.pending() >= 20, "actions queued while the hub is frozen")
    acknowledged = table.acknowledged()
    cafe.hub.kill()
    assert set(acknowledged) <= set(cafe.on_hub(0))
    _game, actions = table.played()  # play went on without the hub
    assert actions > 100 and table.pending() > 0
    cafe.hub.start()
    wait_for(lambda: table.pending() == 0, "the outbox drained after the restart")
    assert cafe.on_hub(0) == table.entry_keys()
    assert len(table.entry_keys()) == actions


def test_a_table_killed_mid_push_pushes_again_and_the_hub_counts_once(cafe: Cafe) -> None:
    table = cafe.tables[1]
    cafe.hub.pause()
    try:
        table.play("sushi-express", 2)
        _game, actions = table.played()  # every action committed; a push hangs meanwhile
        logged = table.entry_keys()
        table.kill()  # with its push in flight and unacknowledged
    finally:
        cafe.hub.resume()
    assert table.pending() > 0
    table.start().ready()
    wait_for(lambda: table.pending() == 0, "the restarted table's outbox drained")
    assert cafe.on_hub(1) == logged and len(logged) == actions


def test_the_same_push_sent_twice_is_stored_once(cafe: Cafe) -> None:
    status, paired = http("POST", f"{cafe.hub.url}/api/pair",
                          {"code": cafe.hub.pairing_code(), "name": "script"})
    assert status == 200, paired
    header = {"game": 1, "title": "sushi-go", "players": [{"name": "Ann"}, {"name": "Ben"}],
              "options": {}, "created": "2026-01-01", "status": "playing", "round": 1,
              "seq": 3}
    body = {"games": [header], "events": [
        {"kind": "entry", "game": 1, "seq": s, "type": "act", "payload": {"kind": "x"},
         "author": "host", "time": "2026-01-01"} for s in (1, 2, 3)]}
    auth = {"Authorization": f"Bearer {paired['token']}"}
    first = http("POST", f"{cafe.hub.url}/api/push", body, auth)
    again = http("POST", f"{cafe.hub.url}/api/push", body, auth)
    assert first == (200, {"ok": True, "stored": 3, "duplicates": 0})
    assert again == (200, {"ok": True, "stored": 0, "duplicates": 3})
    assert cafe.store.entry_keys(int(paired["table"])) == [(1, 1), (1, 2), (1, 3)]
    assert http("POST", f"{cafe.hub.url}/api/push", body)[0] == 401
    assert http("POST", f"{cafe.hub.url}/api/push", body,
                {"Authorization": "Bearer not-a-token"})[0] == 401


def test_a_table_with_a_wrong_clock_is_ordered_by_sequence(cafe: Cafe) -> None:
    table = cafe.tables[1]
    table.play("sushi-go", 3)
    game, actions = table.played()
    wait_for(lambda: table.pending() == 0, "the outbox drained")
    entries = cafe.store.entries(cafe.ids[1], game)
    assert [seq for seq, _t, _p in entries] == list(range(1, actions + 1))
    stored = wait_for(lambda: cafe.store.game(cafe.ids[1], game), "the game on the hub")
    assert stored["status"] == "over" and stored["created"] < "2010"  # the table's own stamp
    assert stored["finished_at"] is not None and stored["ranking"]  # the hub's clock: today
    wall = cafe.hub.wall()
    today = {row["name"] for row in wall["today"]}
    assert {p["name"] for p in stored["players"]} <= today
    card = next(t for t in wall["tables"] if t["table"] == cafe.ids[1])
    assert card["game"] == game and card["status"] == "over" and card["totals"]
    status, history = http("GET", f"{cafe.hub.url}/api/history")
    assert status == 200, history
    past = next(g for g in history["games"] if g["id"] == f"{cafe.ids[1]}-{game}")
    ended = datetime.fromisoformat(past["ended"])
    assert abs((ended - datetime.now(UTC)).total_seconds()) < 3600  # the hub's clock
    assert past["started"] < "2010" and past["duration_s"] < 3600  # the table's, consistent
    with urllib.request.urlopen(f"{cafe.hub.url}/api/history/export.csv", timeout=30) as r:
        lines = r.read().decode().splitlines()
    mine = [line for line in lines if line.startswith(f"{cafe.ids[1]}-{game},")]
    assert len(mine) == len(stored["players"])
