"""The hub's PostgreSQL store (a real cluster): pairing, idempotent pushes, ordering by
sequence, standings."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import psycopg
import pytest

from companion.hub.store import BadPairingCode, HubStore, migrate
from companion.hub.wire import Event, Header, Push


@pytest.fixture
def store(hub_dsn: str) -> Iterator[HubStore]:
    hub = HubStore(hub_dsn)
    yield hub
    hub.close()


def header(game: int, seq: int, status: str = "playing", rnd: int = 1) -> Header:
    return Header(game, "sushi-go", [{"name": "Ann"}, {"name": "Ben"}], {}, "1999-01-01",
                  status, rnd, seq)


def entries(game: int, seqs: range) -> list[Event]:
    return [Event("entry", game, s, "act", {"n": s}, "host", "1999-01-01") for s in seqs]


def test_migrations_are_applied_once(hub_dsn: str) -> None:
    assert migrate(hub_dsn) == 0
    with psycopg.connect(hub_dsn) as conn:
        tables = {r[0] for r in conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    assert {"hub_tables", "pairing_codes", "hub_games", "hub_entries"} <= tables


def test_a_pairing_code_pairs_one_table_once(store: HubStore) -> None:
    code = store.new_pairing_code()
    table_id, token = store.pair(code.lower()[:4] + "-" + code.lower()[4:], "Table 1")
    assert store.table_for(token) == table_id
    assert store.table_for(token + "x") is None
    with pytest.raises(BadPairingCode):
        store.pair(code, "Table 2")


def test_an_expired_pairing_code_pairs_nothing(store: HubStore) -> None:
    with pytest.raises(BadPairingCode):
        store.pair(store.new_pairing_code(ttl=-1), "late")


def test_the_same_events_pushed_twice_are_stored_once(store: HubStore) -> None:
    table_id, _ = store.pair(store.new_pairing_code(), "t")
    push = Push({1: header(1, 5)}, entries(1, range(1, 6)))
    first = store.ingest(table_id, push)
    again = store.ingest(table_id, Push({1: header(1, 7)}, entries(1, range(3, 8))))
    assert (first.stored, first.duplicates) == (5, 0)
    assert (again.stored, again.duplicates) == (2, 3)
    assert store.entry_keys(table_id) == [(1, s) for s in range(1, 8)]


def test_two_tables_reusing_a_game_number_stay_apart(store: HubStore) -> None:
    one, _ = store.pair(store.new_pairing_code(), "one")
    two, _ = store.pair(store.new_pairing_code(), "two")
    store.ingest(one, Push({1: header(1, 3)}, entries(1, range(1, 4))))
    store.ingest(two, Push({1: header(1, 2)}, entries(1, range(1, 3))))
    assert len(store.entry_keys(one)) == 3
    assert len(store.entry_keys(two)) == 2
    assert {g["table"]: g["seq"] for g in store.live_games()} == {one: 3, two: 2}


def test_an_older_header_never_replaces_a_newer_one(store: HubStore) -> None:
    table_id, _ = store.pair(store.new_pairing_code(), "t")
    store.ingest(table_id, Push({1: header(1, 9, rnd=3)}, []))
    store.ingest(table_id, Push({1: header(1, 4, rnd=1)}, []))  # a late, older push
    game = store.game(table_id, 1)
    assert game is not None and (game["seq"], game["round"]) == (9, 3)


def test_standings_count_games_finished_by_the_hubs_clock(store: HubStore) -> None:
    table_id, _ = store.pair(store.new_pairing_code(), "t")
    store.ingest(table_id, Push({1: header(1, 2, "over")}, [Event("finished", 1, 2)]))
    store.set_ranking(table_id, 1, 2, [{"rank": 1, "name": "Ann", "total": 30},
                                       {"rank": 2, "name": "Ben", "total": 20}])
    today = store.standings(datetime.now(UTC) - timedelta(hours=1))
    assert today == [{"name": "Ann", "games": 1, "wins": 1, "points": 30, "best": 30},
                     {"name": "Ben", "games": 1, "wins": 0, "points": 20, "best": 20}]
    assert store.standings(datetime.now(UTC) + timedelta(hours=1)) == []
