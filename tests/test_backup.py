"""Backups while games run, and restores (issue 27 item A.4; companion/backup.py)."""

from __future__ import annotations

import io
import tarfile
import threading
from pathlib import Path

import pytest

from companion.backup import (
    DB_FILE,
    ServiceRunning,
    read_backup,
    restore,
    service_lock,
    write_backup,
)
from companion.cli import main
from companion.games import find_game
from companion.games.base import PlayerSpec, UnreadableInput
from companion.session.history import fold
from companion.session.log import GameLog
from companion.session.records import load_record, replay_record
from companion.session.session import Session, _decode
from tests.played_games import play


def open_session(data_dir: Path) -> tuple[GameLog, Session]:
    log = GameLog(data_dir / DB_FILE)
    return log, Session(log)


def replayed_scores(log: GameLog, game_pk: int, upto: int | None = None) -> dict[str, int]:
    """The totals of game ``game_pk`` after its first ``upto`` log entries (all: None)."""
    row = log.game(game_pk)
    game = find_game(row.game)
    players = [PlayerSpec.from_json(p) for p in row.players]
    entries = log.entries(game_pk)[:upto]
    history = fold(game, game.setup(players, row.options), _decode(game, game_pk, entries))
    assert not history.conflicts
    return {p.player: p.total for p in game.score(history.state).players}


def test_a_backup_taken_while_a_game_is_played_restores_games_that_replay(
    tmp_path: Path,
) -> None:
    data = tmp_path / "table"
    data.mkdir()
    (data / "zones.json").write_text('{"zones": []}')
    (data / "card_sets" / "party").mkdir(parents=True)
    (data / "card_sets" / "party" / "set.json").write_text("{}")
    (data / "owner.json").write_text('{"pin": "secret hash"}')
    log, session = open_session(data)
    finished = play(session, "sushi-go-party", seed=2)
    backups: list[Path] = []
    written: list[int] = []
    during = threading.Event()

    def took(n: int) -> None:
        written.append(n)
        if n == 20:
            during.set()

    writer = threading.Thread(target=lambda: play(session, "sushi-express", seed=5, each=took))
    writer.start()
    assert during.wait(30)
    while writer.is_alive() or len(backups) < 3:  # backups while the writer commits actions
        backups.append(write_backup(data, tmp_path / "backups").path)
    writer.join()
    busy = backups[:-1]  # taken before the writer had finished
    assert len(set(backups)) == len(backups)
    log.close()
    session.close()
    source = GameLog(data / DB_FILE)
    playing = max(row.id for row in source.games())
    all_entries = source.entries(playing)
    versions = set()
    for number, backup in enumerate(backups):
        with tarfile.open(backup) as tar:
            names = set(tar.getnames())
        assert {"backup.json", DB_FILE, "zones.json", "card_sets/party/set.json"} <= names
        assert "owner.json" not in names  # the PIN's hash stays on the Pi
        target = tmp_path / f"restored-{number}"
        done = restore(backup, target)
        assert done.kept == []
        assert (target / "card_sets" / "party" / "set.json").read_text() == "{}"
        restored = GameLog(target / DB_FILE)
        restored_session = Session(restored)
        try:
            assert [r.id for r in restored.games()] == [playing, finished]
            entries = restored.entries(playing)
            versions.add(len(entries))
            assert entries == all_entries[: len(entries)]  # one commit's picture, whole
            for game_pk in (finished, playing):
                record = restored_session.export_record(game_pk)
                replay_record(load_record(record))  # every action legal
                assert replayed_scores(restored, game_pk) == replayed_scores(
                    source, game_pk, restored.version(game_pk))
            assert restored.game(finished).status == "over"
        finally:
            restored_session.close()
            restored.close()
    source.close()
    assert busy, "no backup was taken while the game was played"
    assert len(versions) >= 2 or min(versions) < len(all_entries)


def test_restore_keeps_the_old_log_aside(tmp_path: Path) -> None:
    data = tmp_path / "table"
    data.mkdir()
    (data / "zones.json").write_text("old zones")
    log, session = open_session(data)
    play(session, "sushi-go", seed=1)
    backup = write_backup(data, tmp_path).path
    play(session, "sushi-go", seed=4, stop=3)  # a game the backup does not have
    session.close()
    log.close()
    (data / "zones.json").write_text("newer zones")
    done = restore(backup, data)
    kept_log = done.kept[0]
    assert kept_log.exists() and kept_log.name.startswith(f"{DB_FILE}.before-restore-")
    assert not Path(f"{data / DB_FILE}-wal").exists()
    old = GameLog(kept_log)
    assert len(old.games()) == 2
    old.close()
    now = GameLog(data / DB_FILE)
    assert len(now.games()) == 1
    now.close()
    assert (data / "zones.json").read_text() == "old zones"  # the backup's
    old_zones = next(p for p in done.kept if p.name.startswith("zones.json.before-restore-"))
    assert old_zones.read_text() == "newer zones"


def test_restore_is_refused_while_the_service_runs(tmp_path: Path) -> None:
    data = tmp_path / "table"
    data.mkdir()
    log, session = open_session(data)
    play(session, "sushi-go", seed=1, stop=4)
    backup = write_backup(data, tmp_path).path
    play(session, "sushi-go", seed=2, stop=2)
    with service_lock(data), pytest.raises(ServiceRunning, match="stop it first"):
        restore(backup, data)
    assert len(log.games()) == 2  # nothing changed
    session.close()
    log.close()
    assert list(data.glob("*before-restore*")) == []


def test_a_damaged_or_foreign_backup_changes_nothing(tmp_path: Path) -> None:
    data = tmp_path / "table"
    data.mkdir()
    log, session = open_session(data)
    play(session, "sushi-go", seed=1, stop=4)
    session.close()
    log.close()
    junk = tmp_path / "junk.tar.gz"
    junk.write_bytes(b"not a tar")
    with pytest.raises(UnreadableInput, match="not a companion backup"):
        restore(junk, data)
    bad_db = tmp_path / "bad.tar.gz"
    with tarfile.open(bad_db, "w:gz") as tar:
        for name, data_bytes in (("backup.json", b'{"format": "sushi-companion-backup", '
                                  b'"version": 1, "files": []}'),
                                 (DB_FILE, b"SQLite format 3\x00" + b"\x00" * 200)):
            info = tarfile.TarInfo(name)
            info.size = len(data_bytes)
            tar.addfile(info, io.BytesIO(data_bytes))
    with pytest.raises(UnreadableInput, match="game log"):
        restore(bad_db, data)
    assert list(data.glob("*before-restore*")) == []
    assert len(GameLog(data / DB_FILE).games()) == 1
    with pytest.raises(UnreadableInput):
        read_backup(tmp_path / "missing.tar.gz", tmp_path / "x")


def test_backup_and_restore_commands(tmp_path: Path) -> None:
    data = tmp_path / "table"
    data.mkdir()
    log, session = open_session(data)
    play(session, "sushi-go", seed=1)
    session.close()
    log.close()
    out, err = io.StringIO(), io.StringIO()
    assert main(["--data-dir", str(data), "--json", "backup", str(tmp_path / "b")], out, err) == 0
    assert "backed up 1 game" in out.getvalue()
    file = next((tmp_path / "b").glob("companion-backup-*.tar.gz"))
    with service_lock(data):
        out, err = io.StringIO(), io.StringIO()
        assert main(["--data-dir", str(data), "restore", str(file)], out, err) == 2
        assert "stop it first" in err.getvalue()
    out, err = io.StringIO(), io.StringIO()
    assert main(["--data-dir", str(data), "restore", str(file)], out, err) == 0, err.getvalue()
    assert "restored 1 game" in out.getvalue() and "kept aside as" in out.getvalue()
    unpacked = tmp_path / "unpacked"
    with tarfile.open(file) as tar:
        tar.extractall(unpacked, filter="data")
    out, err = io.StringIO(), io.StringIO()
    assert main(["--data-dir", str(tmp_path / "new"), "restore", str(unpacked)], out, err) == 0
    assert len(GameLog(tmp_path / "new" / DB_FILE).games()) == 1
