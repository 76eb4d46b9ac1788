"""The one pending-input desk (issue 25, companion/table/pending.py): one lifecycle for every
input that waits for a person, entered whole (dice) or part by part and corrected in place (a
card scan's seats and cards)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.games.base import IllegalAction, UnreadableInput
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


class Seats:
    """A parted input (as the card scans): an entry's reading maps seats to their cards; a
    confirm enters the seats named (``None``: every seat still to enter) one by one; a seat
    with more than 5 cards is refused; a correction sets a seat's cards."""

    noun = "a scan"

    def __init__(self) -> None:
        self.seated: list[Any] = []

    def still_wanted(self, pending: Pending) -> bool:
        return True

    def values(self, pending: Pending, corrected: Any) -> Any:
        return corrected

    def parts(self, pending: Pending, values: Any) -> list[Any]:
        done = pending.reading["done"]
        return [s for s in pending.reading["seats"] if values in (None, s) and s not in done]

    def submit(self, pending: Pending, viewer: Viewer, values: Any) -> Any:
        if len(pending.reading["seats"][values]) > 5:
            raise IllegalAction(f"seat {values} holds too many cards")
        self.seated.append((values, pending.reading["seats"][values]))
        return f"seat {values}"

    def entered_reading(self, pending: Pending, **changes: Any) -> Pending:
        return replace(pending, reading={**pending.reading, **changes})

    def entered(self, pending: Pending, part: Any, outcome: Any) -> Pending | None:
        done = (*pending.reading["done"], part)
        if len(done) == len(pending.reading["seats"]):
            return None
        return self.entered_reading(pending, done=done)

    def refused(self, pending: Pending, part: Any, reason: str) -> Pending:
        return replace(self.entered_reading(pending, refused={part: reason}), reason=reason)

    def amend(self, pending: Pending, viewer: Viewer, change: Any) -> Pending:
        seat, cards = change
        return self.entered_reading(pending, seats={**pending.reading["seats"], seat: cards})

    def detail(self, pending: Pending) -> Any:
        return {"seats": sorted(pending.reading["seats"]), "done": list(pending.reading["done"])}


def scan_desk() -> tuple[PendingDesk, Seats]:
    pending = PendingDesk()
    seats = Seats()
    pending.register("scan", seats)
    reading = {"seats": {0: ["maki"], 1: ["tofu"], 2: ["x"] * 9}, "done": ()}
    pending.offer(Pending("scan", 1, None, 5, "phone", "3 seats", reading))
    return pending, seats


def test_a_parted_entry_is_entered_part_by_part_and_keeps_what_each_part_did() -> None:
    pending, seats = scan_desk()
    assert pending.confirm(1, "scan", 5, HOST, 1) == ["seat 1"]
    (kept,) = pending.held(1)
    assert kept.reading["done"] == (1,) and kept.rev == 1
    with pytest.raises(IllegalAction):  # every seat still to enter: 0 goes in, 2 is refused
        pending.confirm(1, "scan", 5, HOST)
    assert seats.seated == [(1, ["tofu"]), (0, ["maki"])]
    (kept,) = pending.held(1)
    assert kept.reading["done"] == (1, 0)
    assert kept.reading["refused"] == {2: "seat 2 holds too many cards"}
    assert pending.to_json(1)[0]["detail"] == {"seats": [0, 1, 2], "done": [1, 0]}
    assert pending.to_json(1)[0]["reason"] == "seat 2 holds too many cards"


def test_a_parted_entry_is_corrected_in_place_and_goes_once_every_part_is_in() -> None:
    pending, _ = scan_desk()
    with pytest.raises(Forbidden, match="correct a scan"):
        pending.correct(1, "scan", 5, WATCHER, (2, ["maki"]))
    with pytest.raises(Forbidden, match="enter a tableau"):
        pending.confirm(1, "scan", 5, WATCHER)
    fixed = pending.correct(1, "scan", 5, HOST, (2, ["maki"]))
    assert fixed.reading["seats"][2] == ["maki"] and fixed.rev == 1
    assert pending.confirm(1, "scan", 5, HOST) == ["seat 0", "seat 1", "seat 2"]
    assert pending.held(1) == []
    with pytest.raises(NotFound):
        pending.correct(1, "scan", 5, HOST, (0, []))


def test_an_input_that_is_not_parted_is_not_corrected_in_place() -> None:
    pending, _, _ = desk()
    pending.offer(entry(1))
    with pytest.raises(UnreadableInput):
        pending.correct(1, "roll", 1, HOST, [3, 4])
    assert pending.to_json(1)[0]["detail"] is None  # an input without details: none
