"""An acknowledged tower roll survives a crash between its claim and the game's commit
(issue 28 item 7).

The bridge commits a roll to the inbox and acknowledges it; the tower then forgets it. The roll
must reach the game waiting for it exactly once even when the service dies while applying it:
the claim commits in the same transaction as the action (``RollInbox.claim_on`` inside
``GameLog.append``) and a roll whose offer never finished is offered again at the next start.
Each test crashes there (an exception in-process, or a real SIGKILL of a child process), then
starts the service again on the same SQLite file. The game holds the tower (issue 28 item 4:
rolls go only to the game holding it), kept in ``holds.json`` beside the log as
``companion serve`` keeps it, so the hold outlives the crash too.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from companion.devices.tower import TableTower
from companion.session.log import GameLog
from companion.session.session import HOST, Act, Session
from companion.table.holds import HOLDS_FILE, DeviceHolds
from companion.table.rolls import RollDesk
from firmware_bridge.inbox import RollInbox
from firmware_bridge.link import LinkTiming
from tests.dice_table import TO_ROLL, TRIO, wait_for

FAST = LinkTiming(probe_timeout_s=0.3, hello_every_s=0.1, backoff_max_s=0.2)
ROLL = {"kind": "roll", "player": "Cat", "dice": [5, 4]}


@contextmanager
def service(path: Path, seed: int) -> Iterator[tuple[Session, RollDesk, TableTower]]:
    """The parts of ``companion serve`` that carry a tower roll, on the SQLite file ``path``."""
    log = GameLog(path)
    session = Session(log)
    desk = RollDesk(session, DeviceHolds(path.parent / HOLDS_FILE))
    tower = TableTower("virtual", path, desk, timing=FAST, seed=seed)
    tower.start()
    try:
        assert tower.wait_connected(5.0), tower.status_json()["reason"]
        yield session, desk, tower
    finally:
        tower.stop()
        session.close()
        log.close()


def game_at_roll(path: Path) -> int:
    """A Sushi Express game whose dice come from the tower, waiting for Cat's roll; it holds
    the tower."""
    log = GameLog(path)
    session = Session(log)
    try:
        pk = session.create_game("sushi-express", TRIO, {}, "tower").game_pk
        for action in TO_ROLL:
            session.submit(pk, HOST, Act(action))
        DeviceHolds(path.parent / HOLDS_FILE).claim("tower", pk)
        return pk
    finally:
        session.close()
        log.close()


def table_rolls(session: Session, pk: int) -> list[Any]:
    return [e.payload for e in session.log.entries(pk) if e.author == "table"]


def assert_applied_once_after_restarts(path: Path, pk: int) -> None:
    """Start the service on ``path`` (twice): the roll is applied, once, and claimed."""
    for seed in (21, 22):
        with service(path, seed) as (session, _desk, tower):
            wait_for(lambda: table_rolls(session, pk), timeout=5.0)
            assert table_rolls(session, pk) == [{"action": ROLL}], "applied exactly once"
            assert session.snapshot(pk, HOST)["history"][-1]["action"] == ROLL
            assert tower.service is not None
            [stored] = tower.service.inbox.rolls()
            assert (stored.roll.values, stored.game) == ((5, 4), pk)
            assert tower.service.inbox.unrouted() == []


def test_a_crash_between_claim_and_commit_loses_no_roll(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "companion.sqlite3"
    pk = game_at_roll(path)
    crashed = threading.Event()
    real_append = GameLog.append

    def dying_append(self: GameLog, game_pk: int, entry: Any, *args: Any, **kw: Any) -> Any:
        if entry.author == "table":
            crashed.set()
            raise OSError("power cut while committing the roll's action")
        return real_append(self, game_pk, entry, *args, **kw)

    with monkeypatch.context() as patch:
        patch.setattr(GameLog, "append", dying_append)
        with service(path, seed=11) as (session, _desk, tower):
            tower.throw([5, 4])
            assert crashed.wait(5.0), "the roll reached the game's commit"
            assert tower.service is not None
            inbox = tower.service.inbox
            wait_for(lambda: inbox.count() == 1)
            assert table_rolls(session, pk) == []
    # The process is gone: the tower had its ack, so only the inbox knows the roll.
    assert_applied_once_after_restarts(path, pk)


CHILD = """
import inspect, os, signal, sys, time
from pathlib import Path
from companion.table.holds import DeviceHolds
from companion.table.rolls import RollDesk
from companion.session.log import GameLog
from companion.session.session import Session
from companion.devices.tower import TableTower
from firmware_bridge.link import LinkTiming

path = sys.argv[1]
real_append = GameLog.append
takes_step = "with_commit" in inspect.signature(real_append).parameters

def killing_append(self, game_pk, entry, *args, **kw):
    if entry.author != "table":
        return real_append(self, game_pk, entry, *args, **kw)
    if not takes_step:
        os.kill(os.getpid(), signal.SIGKILL)
    step = kw.pop("with_commit", None)

    def then_die(db):
        if step is not None:
            step(db)  # the roll's claim, inside the action's transaction
        os.kill(os.getpid(), signal.SIGKILL)

    return real_append(self, game_pk, entry, *args, with_commit=then_die, **kw)

GameLog.append = killing_append
log = GameLog(path)
session = Session(log)
holds = DeviceHolds(Path(path).parent / "holds.json")
tower = TableTower("virtual", path, RollDesk(session, holds),
                   timing=LinkTiming(probe_timeout_s=0.3, hello_every_s=0.1, backoff_max_s=0.2),
                   seed=5)
tower.start()
assert tower.wait_connected(5.0)
tower.throw([5, 4])
time.sleep(10)
sys.exit(3)
"""


def test_sigkill_between_claim_and_commit_loses_no_roll(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    pk = game_at_roll(path)
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "TMPDIR": str(tmp_path), "PYTHONPATH": str(root)}
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(CHILD), str(path)], cwd=root,
                          env=env, timeout=30, capture_output=True, text=True)
    assert proc.returncode == -9, proc.stderr[-2000:]
    inbox = RollInbox(path)
    try:
        [stored] = inbox.rolls()  # committed (and acknowledged) before the kill
        assert stored.roll.values == (5, 4)
    finally:
        inbox.close()
    assert_applied_once_after_restarts(path, pk)


def test_rolls_stored_before_routed_existed_are_not_offered_again(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "companion.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE tower_rolls (id INTEGER PRIMARY KEY AUTOINCREMENT, device_id TEXT"
               " NOT NULL, boot_id INTEGER NOT NULL, seq INTEGER NOT NULL, dice TEXT NOT NULL,"
               " quality TEXT NOT NULL, settled_ms INTEGER NOT NULL, received TEXT NOT NULL,"
               " game INTEGER, UNIQUE (device_id, boot_id, seq))")
    db.execute("INSERT INTO tower_rolls (device_id, boot_id, seq, dice, quality, settled_ms,"
               " received) VALUES ('t', 1, 1, '[6, 6]', 'ok', 0, 'then')")
    db.commit()
    db.close()
    inbox = RollInbox(path)
    try:
        assert [r.roll.values for r in inbox.unclaimed()] == [(6, 6)]
        assert inbox.unrouted() == [], "an old roll is never offered again"
    finally:
        inbox.close()
