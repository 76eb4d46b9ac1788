"""Rolls from the virtual tower, over a real pty, into games: the whole path of ``companion
serve`` (TowerService -> inbox -> the roll feed -> RollDesk -> dice_input -> Session.submit).

The virtual tower runs the real firmware; the bridge commits every roll to the inbox in the
session's SQLite file before it acknowledges it; the desk offers it to the game that holds the
tower (its host claimed it; issue 28 item 4), if its roll source is the tower and it waits for
a roll. The games here claim the tower when they are made (``game_at_roll``); before the holds,
a roll went to "the game changed last", so a stranger's game could take another table's rolls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.devices.tower import TableTower
from companion.games.base import IllegalAction
from companion.session.errors import Forbidden, NotFound
from companion.session.log import GameLog
from companion.session.session import HOST, WATCHER, Act, Session, Undo, seat_viewer
from companion.table.rolls import Offered, RollDesk
from firmware_bridge.link import LinkTiming
from tests.dice_table import TO_ROLL, TRIO
from tests.dice_table import wait_for as table_wait

FAST = LinkTiming(probe_timeout_s=0.3, hello_every_s=0.1, backoff_max_s=0.2)


def wait_for(condition: Callable[[], Any], timeout: float = 30.0) -> Any:
    return table_wait(condition, timeout, 0.01)


@dataclass
class Table:
    session: Session
    desk: RollDesk
    tower: TableTower

    def game_at_roll(self, roll_source: str = "tower", hold: bool = True) -> int:
        """A Sushi Express game for three where Cat (on 9) rolls try 1; a tower game claims
        the tower (``hold``), as its host does on the host screen."""
        pk = self.session.create_game("sushi-express", TRIO, {}, roll_source).game_pk
        for action in TO_ROLL:
            self.session.submit(pk, HOST, Act(action))
        if hold and roll_source == "tower":
            self.desk.holds.claim("tower", pk)
        return pk

    def throw(self, values: tuple[int, ...], quality: str = "ok") -> Offered:
        """Drop dice in the virtual tower; what the desk did with the roll they became."""
        before = self.desk.last.roll.ref if self.desk.last else 0
        self.tower.throw(list(values), quality)
        offered: Offered = wait_for(
            lambda: self.desk.last if self.desk.last and self.desk.last.roll.ref > before
            else None)
        return offered

    def snap(self, pk: int) -> dict[str, Any]:
        return self.session.snapshot(pk, HOST)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    log = GameLog(tmp_path / "companion.sqlite3")
    session = Session(log)
    desk = RollDesk(session)
    tower = TableTower("virtual", log.path, desk, timing=FAST, seed=11)
    tower.start()
    try:
        assert tower.wait_connected(5.0), tower.status_json()["reason"]
        yield Table(session, desk, tower)
    finally:
        tower.stop()
        session.close()
        log.close()


def test_an_ok_roll_from_the_tower_is_the_rollers_roll_and_can_be_undone(table: Table) -> None:
    pk = table.game_at_roll()
    offered = table.throw((5, 4))
    assert (offered.outcome, offered.game) == ("applied", pk)
    snap = table.snap(pk)
    assert snap["history"][-1]["action"] == {"kind": "roll", "player": "Cat", "dice": [5, 4]}
    assert snap["view"]["phase"] == "move"
    assert table.session.log.entries(pk)[-1].author == "table"
    assert table.tower.service is not None
    stored = table.tower.service.inbox.rolls()[-1]
    assert (stored.roll.values, stored.game) == ((5, 4), pk), "claimed by the game"
    table.session.submit(pk, HOST, Undo())
    assert table.snap(pk)["view"]["roll"]["awaiting"] == "roll"


def test_a_cocked_roll_waits_for_a_confirm_or_a_correction(table: Table) -> None:
    pk = table.game_at_roll()
    version = table.snap(pk)["version"]
    offered = table.throw((1, 2), "cocked")
    assert offered.outcome == "pending"
    assert table.snap(pk)["version"] == version, "nothing applied yet"
    [pending] = table.tower.status_json()["pending"]
    assert (pending["game"], pending["values"], pending["quality"]) == (pk, [1, 2], "cocked")
    assert pending["player"] == "Cat" and pending["reason"] is None
    with pytest.raises(Forbidden):
        table.desk.confirm(pk, pending["roll"], WATCHER)
    table.desk.confirm(pk, pending["roll"], HOST)  # as read: Cat misses try 1
    assert table.snap(pk)["view"]["roll"]["dice"] == [1, 2]
    second = table.throw((3, 4), "uncertain")
    assert second.outcome == "pending" and table.desk.pending(pk)[0].request.prompt.startswith(
        "Cat's roll, try 2")
    table.desk.confirm(pk, second.roll.ref, seat_viewer(0), [6, 5])  # Ann taps the right faces
    snap = table.snap(pk)
    assert snap["history"][-1]["action"]["dice"] == [6, 5]
    assert snap["view"]["phase"] == "move" and table.desk.pending(pk) == []


def test_a_roll_the_engine_refuses_shows_its_reason_and_changes_nothing(table: Table) -> None:
    pk = table.game_at_roll()
    before = table.snap(pk)
    offered = table.throw((1, 2, 3))
    assert offered.outcome == "refused"
    assert offered.reason == "A roll is two dice showing 1 to 6, not [1, 2, 3]"
    after = table.snap(pk)
    assert (after["version"], after["view"]) == (before["version"], before["view"])
    [pending] = table.desk.pending(pk)
    assert pending.reason == offered.reason, "the tablet shows why"
    with pytest.raises(IllegalAction):  # confirming the same dice is refused the same way
        table.desk.confirm(pk, pending.roll.ref, HOST)
    table.desk.confirm(pk, pending.roll.ref, HOST, [4, 5])  # the correction goes in
    assert table.snap(pk)["history"][-1]["action"]["dice"] == [4, 5]


def test_a_roll_no_game_waits_for_stays_unclaimed(table: Table) -> None:
    tapped = table.game_at_roll(roll_source="tap")
    waiting_for_cards = table.session.create_game("sushi-express", TRIO, {}, "tower").game_pk
    offered = table.throw((6, 6))
    assert (offered.outcome, offered.game) == ("unwanted", None)
    assert table.snap(tapped)["version"] == 4 and table.snap(waiting_for_cards)["version"] == 0
    assert table.tower.service is not None
    assert [r.roll.values for r in table.tower.service.inbox.unclaimed()] == [(6, 6)]
    # the status's list is refreshed just after the desk's answer (the tower's feed thread)
    status = wait_for(lambda: (s := table.tower.status_json())["unclaimed"]["count"] and s)
    assert status["unclaimed"]["count"] == 1 and status["last_offer"]["outcome"] == "unwanted"


def test_a_pending_roll_lapses_when_the_dice_are_tapped_in_instead(table: Table) -> None:
    pk = table.game_at_roll()
    offered = table.throw((2, 2), "cocked")
    table.session.submit(pk, seat_viewer(1), Act({"kind": "roll", "player": "Cat",
                                                  "dice": [6, 6]}))
    assert table.desk.pending(pk) == []
    with pytest.raises(NotFound):
        table.desk.confirm(pk, offered.roll.ref, HOST)


def test_a_pending_roll_lapses_when_the_host_goes_back_to_tapping(table: Table) -> None:
    pk = table.game_at_roll()
    table.throw((2, 3), "uncertain")
    assert len(table.desk.pending(pk)) == 1
    table.session.set_roll_source(pk, HOST, "tap")
    assert table.desk.pending(pk) == []


def test_tower_rolls_for_one_game_never_reach_another(table: Table) -> None:
    """Issue 28 item 4: a stranger's game, changed last and waiting for a tower roll, once got
    the rolls thrown at the table whose host holds the tower."""
    ours = table.game_at_roll()
    strangers = table.game_at_roll(hold=False)  # also waits for a tower roll, changed last
    offered = table.throw((5, 4))
    assert (offered.outcome, offered.game) == ("applied", ours)
    assert table.snap(strangers)["version"] == 4  # untouched
    # once our roll is in, we wait for no roll: the next one stays unclaimed, not the stranger's
    offered = table.throw((6, 6))
    assert (offered.outcome, offered.game) == ("unwanted", None)
    assert "waits for no roll" in offered.reason
    assert table.snap(strangers)["version"] == 4
    # taking the tower needs the holder's release (the web layer: its host or the owner)
    with pytest.raises(IllegalAction, match="held by game"):
        table.desk.holds.claim("tower", strangers)


def test_a_released_tower_gives_its_rolls_to_no_game_and_its_pending_roll_lapses(
    table: Table,
) -> None:
    pk = table.game_at_roll()
    table.throw((2, 3), "uncertain")
    assert len(table.desk.pending(pk)) == 1
    assert table.desk.holds.release("tower", pk)
    assert table.desk.pending(pk) == []
    offered = table.throw((5, 4))
    assert (offered.outcome, offered.game) == ("unwanted", None)
    assert "no game holds the dice tower" in offered.reason
    assert table.snap(pk)["version"] == 4
