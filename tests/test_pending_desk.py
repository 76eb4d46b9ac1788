"""The one pending-input desk (issue 25, companion/table/pending.py): one lifecycle for every
input that waits for a person."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import IllegalAction
from companion.session.access import HOST, Viewer
from companion.session.errors import Forbidden, NotFound
from companion.table.pending import Pending, PendingDesk

WATCHER = Viewer("watcher")


class Dice:
    """An input whose entries stay wanted while ``wanted`` says so; refuses a 6."""

    noun = "a roll"

    def __init__(self) -> None:
        self.wanted = True
        self.entered: list[Any] = []

    def still_wanted(self, pending: Pending) -> bool:
        return self.wanted

    def values(self, pending: Pending, corrected: Any) -> Any:
        return pending.reading if corrected is None else tuple(corrected)

    def submit(self, pending: Pending, viewer: Viewer, values: Any) -> Any:
        if 6 in values:
            raise IllegalAction("no 6 on these dice")
        self.entered.append(values)
        return "done"


def entry(ref: int, reading: Any = (1, 2), game: int = 1, slot: Any = None) -> Pending:
    return Pending("roll", game, slot, ref, "tower", "Ann's dice", reading)


def desk() -> tuple[PendingDesk, Dice, list[int]]:
    changed: list[int] = []
    pending = PendingDesk(changed.append)
    dice = Dice()
    pending.register("roll", dice)
    return pending, dice, changed


def test_a_newer_offer_replaces_the_entry_of_its_game_kind_and_slot() -> None:
    pending, _, changed = desk()
    pending.offer(entry(1))
    pending.offer(entry(2))
    pending.offer(entry(3, slot="tray"))
    pending.offer(entry(4, game=2))
    assert [p.ref for p in pending.held(1)] == [2, 3]
    assert changed == [1, 1, 1, 2]


def test_confirm_enters_the_values_read_or_corrected_and_forgets_the_entry() -> None:
    pending, dice, _ = desk()
    pending.offer(entry(1))
    assert pending.confirm(1, "roll", 1, HOST) == "done"
    pending.offer(entry(2))
    pending.confirm(1, "roll", 2, HOST, [4, 5])
    assert dice.entered == [(1, 2), (4, 5)]
    assert pending.held() == []


def test_a_refusal_keeps_the_entry_pending_with_the_reason() -> None:
    pending, _, _ = desk()
    pending.offer(entry(1, (6, 1)))
    with pytest.raises(IllegalAction):
        pending.confirm(1, "roll", 1, HOST)
    (kept,) = pending.held(1)
    assert kept.reason == "no 6 on these dice"
    assert pending.to_json(1)[0]["reason"] == "no 6 on these dice"


def test_watchers_neither_confirm_nor_dismiss_and_stale_entries_are_dropped() -> None:
    pending, dice, _ = desk()
    pending.offer(entry(1))
    with pytest.raises(Forbidden):
        pending.confirm(1, "roll", 1, WATCHER)
    with pytest.raises(Forbidden, match="dismiss a roll"):
        pending.dismiss(1, "roll", 1, WATCHER)
    pending.dismiss(1, "roll", 1, HOST)
    with pytest.raises(NotFound):
        pending.dismiss(1, "roll", 1, HOST)
    pending.offer(entry(2))
    dice.wanted = False  # the game moved on
    assert pending.held(1) == []
    assert pending.peek(1, "roll", None) is None
