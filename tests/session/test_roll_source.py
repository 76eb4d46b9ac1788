"""A game's roll source: chosen at setup, stored in the log (old files upgraded), changed by the
host, shown in every snapshot and list, carried by the record's ``meta``."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.base import IllegalAction, UnreadableInput
from companion.session.errors import Forbidden
from companion.session.log import MIGRATIONS, SCHEMA_VERSION, GameLog
from companion.session.session import HOST, TABLE, WATCHER, Act, Session, seat_viewer

TRIO = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"},
        {"name": "Cat", "colour": "green"}]


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    log = GameLog(tmp_path / "companion.sqlite3")
    with Session(log) as session:
        yield session
    log.close()


def test_a_log_from_before_roll_sources_opens_with_every_game_tapped(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:  # a file as the first companion left it (schema 1)
        db.executescript(MIGRATIONS[0])
        db.execute("INSERT INTO games (game, options, players, created, updated, status,"
                   " join_code, host_token_hash) VALUES ('sushi-express', '{}', ?, 't', 't',"
                   " 'playing', 'ABCDEF', 'x')", ('[{"name": "Ann"}]',))
        db.execute("PRAGMA user_version=1")
    db.close()
    log = GameLog(path)
    try:
        assert log.pragma("user_version") == SCHEMA_VERSION
        assert log.game(1).roll_source == "tap"
        assert log.set_roll_source(1, "tower").roll_source == "tower"
    finally:
        log.close()


def test_the_roll_source_chosen_at_setup_is_stored_and_shown(session: Session) -> None:
    tapped = session.create_game("sushi-express", TRIO, {})
    towered = session.create_game("sushi-express", TRIO, {}, roll_source="tower")
    sources = {g["id"]: g["roll_source"] for g in session.list_games()}
    assert sources == {tapped.game_pk: "tap", towered.game_pk: "tower"}
    assert session.snapshot(towered.game_pk, WATCHER)["roll_source"] == "tower"
    assert session.log.game(towered.game_pk).roll_source == "tower"


def test_a_title_without_dice_takes_no_dice_device(session: Session) -> None:
    with pytest.raises(IllegalAction, match="without dice"):
        session.create_game("sushi-go-party", TRIO, {}, roll_source="tower")
    with pytest.raises(UnreadableInput, match="roll_source"):
        session.create_game("sushi-express", TRIO, {}, roll_source="dice cup")
    assert session.list_games() == []


def test_only_the_host_changes_it_and_every_screen_hears_of_it(session: Session) -> None:
    game = session.create_game("sushi-express", TRIO, {})
    for viewer in (WATCHER, seat_viewer(0), TABLE):
        with pytest.raises(Forbidden):
            session.set_roll_source(game.game_pk, viewer, "tower")
    with session.subscribe(game.game_pk, seat_viewer(1)) as sub:
        assert session.set_roll_source(game.game_pk, HOST, "tower") == "tower"
        seen = sub.get(timeout=5)
    assert seen is not None and seen["roll_source"] == "tower"
    assert seen["version"] == 0, "no action changed"
    with pytest.raises(UnreadableInput):
        session.set_roll_source(game.game_pk, HOST, 7)
    assert session.snapshot(game.game_pk, HOST)["roll_source"] == "tower"


def test_the_table_may_enter_dice_but_no_decision(session: Session) -> None:
    game = session.create_game("sushi-express", TRIO, {})
    session.submit(game.game_pk, TABLE, Act(
        {"kind": "reveal_customers", "cards": ["light_blue", "rose", "tip"]}))
    with pytest.raises(Forbidden, match="table device"):
        session.submit(game.game_pk, TABLE, Act({"kind": "guess", "player": "Ann", "number": 7}))
    assert [e.author for e in session.log.entries(game.game_pk)] == ["table"]


def test_export_writes_it_in_meta_and_import_restores_it(session: Session) -> None:
    game = session.create_game("sushi-express", TRIO, {}, roll_source="tower")
    record = session.export_record(game.game_pk)
    assert record["meta"]["roll_source"] == "tower"
    again = session.import_record(record)
    assert session.log.game(again).roll_source == "tower"
    record["meta"]["roll_source"] = "abacus"  # meta is free-form: an unknown value is ignored
    assert session.log.game(session.import_record(record)).roll_source == "tap"
