"""The host code in the log and the session (issue 24 item 5): old files get one when upgraded,
a claim replaces the token and the code in one step and ends the old host's streams."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.session.errors import Forbidden, TooManyAttempts
from companion.session.log import HOST_CODE_LENGTH, JOIN_ALPHABET, MIGRATIONS, GameLog
from companion.session.session import HOST, Act, Session, Undo

TRIO = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"},
        {"name": "Cat", "colour": "green"}]
REVEAL = {"kind": "reveal_customers", "cards": ["light_blue", "tip", "rose"]}


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    log = GameLog(tmp_path / "companion.sqlite3")
    with Session(log) as session:
        yield session
    log.close()


def test_games_stored_before_host_codes_get_one_each_when_the_file_is_upgraded(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:  # a file as the companion left it before host codes
        for version in range(3):
            db.executescript(MIGRATIONS[version])
        for _ in range(3):
            db.execute("INSERT INTO games (game, options, players, created, updated, status,"
                       " join_code, host_token_hash) VALUES ('sushi-express', '{}', ?, 't', 't',"
                       " 'playing', 'ABCDEF', 'x')", ('[{"name": "Ann"}]',))
        db.execute("PRAGMA user_version=3")
    db.close()
    log = GameLog(path)
    try:
        codes = [row.host_code for row in log.games()]
    finally:
        log.close()
    assert len(set(codes)) == 3
    for code in codes:
        assert len(code) == HOST_CODE_LENGTH and set(code) <= set(JOIN_ALPHABET)


def test_a_claim_moves_the_host_role_and_ends_the_old_hosts_streams(session: Session) -> None:
    created = session.create_game("sushi-express", TRIO)
    game = created.game_pk
    session.submit(game, HOST, Act(REVEAL))
    code = session.snapshot(game, HOST)["host_code"]
    stream = session.subscribe(game, HOST)
    token = session.claim_host(game, code.lower(), client="10.0.0.7")
    assert stream.closed
    assert session.authenticate(game, created.host_token).role == "watcher"
    assert session.authenticate(game, token) == HOST
    assert session.snapshot(game, HOST)["host_code"] != code
    assert session.submit(game, session.authenticate(game, token), Undo()).version == 2
    with pytest.raises(Forbidden, match="host code does not open this game"):
        session.claim_host(game, code, client="10.0.0.7")


def test_wrong_host_codes_are_throttled_per_client(session: Session) -> None:
    game = session.create_game("sushi-express", TRIO).game_pk
    code = session.snapshot(game, HOST)["host_code"]
    wrong = "AAAAAAAA" if code != "AAAAAAAA" else "BBBBBBBB"
    for _ in range(10):
        with pytest.raises(Forbidden):
            session.claim_host(game, wrong, client="guesser")
    with pytest.raises(TooManyAttempts, match="too many wrong host codes"):
        session.claim_host(game, code, client="guesser")
    assert session.claim_host(game, code, client="family")
