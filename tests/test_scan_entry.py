"""A card scan's pending entry lives its whole lifecycle on the one pending-input desk (issue 25,
companion/scans/entry.py): confirmed through ``PendingDesk.confirm`` seat by seat (the seats
before a refusal stay entered, the refusal is kept on its seat), corrected card by card through
``PendingDesk.correct``, and gone once its round is scored; the ``detail`` the live stream
carries is the scan as ``GET /api/games/<id>/scan`` answers it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import pytest

from companion.games.base import IllegalAction, UnreadableInput
from companion.scans.entry import KIND, CardChange, SeatChoice
from companion.session.access import HOST, Viewer
from companion.session.errors import Forbidden
from companion.session.session import Session
from tests.test_scans import (
    TABLEAU,
    data_dir,
    enrolled_dir,
    layout,
    party,
    row_zones,
    scripted,
    table_photo,
)

__all__ = ["data_dir", "enrolled_dir"]  # the fixtures, shared with the scan tests


def test_a_scan_is_entered_seat_by_seat_and_corrected_card_by_card_on_the_one_desk(
    session: Session, data_dir: Path,
) -> None:
    game = party(session)
    ben = ["tempura", "onigiri_circle", *TABLEAU[1:]]  # Ben's but for a card of another menu
    rows = [TABLEAU, ben]
    scans = scripted(session, data_dir, layout(rows), frame=lambda: table_photo(rows),
                     zones=row_zones(2))
    scan = scans.scan_camera(game, HOST)
    desk = scans.desk
    (entry,) = desk.held(game, KIND)
    assert entry.ref == scan.number and entry.rev == 0
    assert entry.reading is scan

    with pytest.raises(Forbidden, match="enter a tableau"):
        desk.confirm(game, KIND, scan.number, Viewer("watcher"), SeatChoice())
    with pytest.raises(UnreadableInput):  # a scan names its seat, not dice
        desk.confirm(game, KIND, scan.number, HOST, [3, 4])
    with pytest.raises(IllegalAction) as refused:  # every seat: Ann in, Ben refused
        desk.confirm(game, KIND, scan.number, HOST, SeatChoice())
    assert "onigiri" in refused.value.reason.lower()
    assert session.snapshot(game, HOST)["version"] == 1
    (shown,) = desk.to_json(game)
    seats = shown["detail"]["seats"]
    assert [s["status"] for s in seats] == ["entered", "refused"]
    assert seats[1]["reason"] == refused.value.reason and shown["rev"] == 2
    assert shown["detail"] == scans.to_json(desk.held(game, KIND)[0].reading)

    onigiri = len(TABLEAU) + 1  # Ben's second card
    with pytest.raises(Forbidden, match="correct a scan"):
        desk.correct(game, KIND, scan.number, Viewer("watcher"), CardChange(onigiri, ignore=True))
    fixed = desk.correct(game, KIND, scan.number, HOST, CardChange(onigiri, ignore=True))
    assert fixed.reading.cards[onigiri].ignored and fixed.rev == 3
    assert [s["status"] for s in desk.to_json(game)[0]["detail"]["seats"]] == [
        "entered", "ready"]  # Ben's refusal forgotten with the card left out

    outcomes = desk.confirm(game, KIND, scan.number, HOST, SeatChoice(1))
    assert [o.version for o in outcomes] == [2]
    assert session.snapshot(game, HOST)["view"]["round"] == 2  # both in: the round scored
    assert desk.held(game, KIND) == []  # and the scan lapsed with it


def test_the_phone_photo_that_completes_the_round_is_entered_without_a_lapsed_scan_error(
    session: Session, data_dir: Path,
) -> None:
    """Each player photographs their own cards and confirms them. The last confirm scores the
    round; a live stream that reads the desk as that state is published drops the scan (its
    round is over) while its seat is still being entered: the confirm answers what it
    entered, not that the scan went meanwhile (which is what the phone used to be told)."""
    game = party(session)
    scans = scripted(session, data_dir, layout([TABLEAU]))
    photo = cv2.imencode(".jpg", table_photo([TABLEAU]))[1].tobytes()
    entered = scans.input.entered

    def and_a_stream_reads_the_desk(pending: Any, part: Any, outcome: Any) -> Any:
        scans.desk.held(game, KIND)  # as a stream's pending event does on the new state
        return entered(pending, part, outcome)

    scans.input.entered = and_a_stream_reads_the_desk  # type: ignore[method-assign]
    for seat in (0, 1):
        scan = scans.scan_photo(game, HOST, photo, seat=seat)
        outcomes = scans.desk.confirm(game, KIND, scan.number, HOST, SeatChoice(seat))
        assert [o.version for o in outcomes] == [seat + 1]
    assert session.snapshot(game, HOST)["view"]["round"] == 2
    assert scans.desk.held(game, KIND) == []
