"""A paired table restored from a backup (``companion restore``) never collides on the hub: its
unfinished and new games take the link's next epoch (``companion/hub/outbox.py``), so what it
plays after the restore is stored, not taken for a duplicate of what it had pushed after the
backup was taken (the lost timeline)."""

from __future__ import annotations

from pathlib import Path

from companion.backup import DB_FILE, restore, write_backup
from companion.hub.outbox import Outbox, begin_epoch
from companion.hub.pusher import HubPusher
from companion.hub.wire import EPOCH_SPAN
from companion.session.log import GameLog, NewEntry
from companion.session.session import Session
from tests.hub.live import LiveHub
from tests.hub.procs import wait_for
from tests.hub.test_wall import paired_table
from tests.played_games import play


def push_all(outbox: Outbox) -> None:
    pusher = HubPusher(outbox, poll=0.05)
    pusher.start()
    wait_for(lambda: outbox.pending() == 0, "the outbox drained")
    pusher.stop()


def test_a_restored_table_plays_on_without_colliding_with_what_it_pushed_before(
        hub: LiveHub, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    log, _game, pusher = paired_table(hub, data / DB_FILE, stop=0)  # game 1, no actions
    table = pusher.outbox.link().table_id  # type: ignore[union-attr]
    session = Session(log)
    finished = play(session, "sushi-go", 3)  # game 2, over before the backup
    playing = play(session, "sushi-go", 5, stop=3)  # game 3, 3 actions at the backup
    push_all(pusher.outbox)
    backup = write_backup(data, tmp_path / "backups")
    # the lost timeline: pushed to the hub, then the Pi's card dies
    log.append(playing, NewEntry("undo", {}, "host"), "playing", 1)
    lost = play(session, "sushi-go", 7, stop=4)
    push_all(pusher.outbox)
    assert len(hub.store.entries(table, lost)) == 4
    session.close()
    pusher.outbox.close()
    log.close()

    restore(backup.path, data)
    log = GameLog(data / DB_FILE)
    session = Session(log)
    again = play(session, "sushi-go", 9, stop=5)  # the table numbers games from the backup on
    assert again == lost
    outbox = Outbox(data / DB_FILE)
    push_all(outbox)
    try:
        for game, epoch in ((finished, 0), (playing, 1), (again, 1)):
            mine = [(e.seq, e.type, e.payload) for e in log.entries(game)]
            assert hub.store.entries(table, epoch * EPOCH_SPAN + game) == mine, game
        # what the hub had of the lost timeline stays, under the old numbers
        assert len(hub.store.entries(table, lost)) == 4
        assert len(hub.store.entries(table, playing)) == 4
    finally:
        session.close()
        outbox.close()
        log.close()


def test_an_unpaired_log_is_restored_as_it_was(tmp_path: Path) -> None:
    log = GameLog(tmp_path / "t.sqlite3")
    play(Session(log), "sushi-go", 3, stop=2)
    log.close()
    assert begin_epoch(tmp_path / "t.sqlite3") is None
    Outbox(tmp_path / "t.sqlite3").close()  # the tables exist, no link
    assert begin_epoch(tmp_path / "t.sqlite3") is None
