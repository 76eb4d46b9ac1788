"""The durable roll inbox: in the session's SQLite file, committed before the ack, deduped."""

from __future__ import annotations

from pathlib import Path

from companion.session.log import GameLog
from firmware_bridge.inbox import RollInbox, TowerRoll


def roll(seq: int, boot: int = 7, values: tuple[int, ...] = (3, 4)) -> TowerRoll:
    return TowerRoll("e6614103e7452d2f", boot, seq, values, "ok", 100 * seq)


def test_the_inbox_commits_durably_in_wal_mode(tmp_path: Path) -> None:
    inbox = RollInbox(tmp_path / "companion.sqlite3")
    assert inbox.pragma("journal_mode") == "wal" and inbox.pragma("synchronous") == 2
    stored, new = inbox.record(roll(1))
    assert new and stored.roll == roll(1)
    inbox.close()
    again = RollInbox(tmp_path / "companion.sqlite3")  # what was committed is there
    assert [r.roll for r in again.rolls()] == [roll(1)]
    again.close()


def test_a_roll_sent_again_is_stored_once_and_still_answered(tmp_path: Path) -> None:
    inbox = RollInbox(tmp_path / "c.sqlite3")
    first, new1 = inbox.record(roll(1))
    second, new2 = inbox.record(roll(1, values=(6, 6)))  # same key: it is the same roll
    other_boot, new3 = inbox.record(roll(1, boot=8))
    assert (new1, new2, new3) == (True, False, True)
    assert second.id == first.id and second.roll == roll(1)
    assert other_boot.id != first.id
    assert inbox.count() == 2
    inbox.close()


def test_rolls_wait_for_a_game_and_are_given_once(tmp_path: Path) -> None:
    inbox = RollInbox(tmp_path / "c.sqlite3")
    a, _ = inbox.record(roll(1))
    b, _ = inbox.record(roll(2))
    assert [r.id for r in inbox.unclaimed()] == [a.id, b.id]
    assert inbox.claim(a.id, game=3) and not inbox.claim(a.id, game=4)
    assert not inbox.claim(999, game=3)
    assert [r.id for r in inbox.unclaimed()] == [b.id]
    assert inbox.rolls(after=a.id)[0].to_json()["values"] == [3, 4]
    inbox.close()


def test_the_inbox_and_the_game_log_share_one_file(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    inbox = RollInbox(path)  # first: the game log must still create its schema
    log = GameLog(path)
    log.create_game("tally", {}, [{"name": "Ann"}])
    inbox.record(roll(1))
    assert len(log.games()) == 1 and inbox.count() == 1
    log.close()
    inbox.close()
    log2 = GameLog(path)  # and the other way round
    inbox2 = RollInbox(path)
    assert len(log2.games()) == 1 and inbox2.count() == 1
    log2.close()
    inbox2.close()
