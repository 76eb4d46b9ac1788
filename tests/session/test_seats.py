"""A claimed seat stays with its device until the host or that device releases it (issue 28,
item 5)."""

from __future__ import annotations

import pytest

from companion.session.errors import Forbidden, SeatTaken
from companion.session.session import HOST, WATCHER, Created, Session, seat_viewer

BEN = seat_viewer(1)


def test_a_claimed_seat_is_refused_to_another_device(session: Session, created: Created) -> None:
    ben = session.claim_seat(created.game_pk, created.join_code, 1, client="10.0.0.2")
    with pytest.raises(SeatTaken) as refused:
        session.claim_seat(created.game_pk, created.join_code, 1, client="10.0.0.3")
    assert refused.value.reason == (
        "Ben's seat is taken by another phone; ask the host to hand it over, "
        "or release it on that phone"
    )
    with pytest.raises(SeatTaken):  # a token of another seat does not open it either
        ann = session.claim_seat(created.game_pk, created.join_code, 0, client="10.0.0.3")
        session.claim_seat(created.game_pk, created.join_code, 1, client="10.0.0.3", token=ann)
    with pytest.raises(SeatTaken):
        session.claim_seat(created.game_pk, created.join_code, 1, token=created.host_token)
    assert session.authenticate(created.game_pk, ben) == BEN
    assert session.snapshot(created.game_pk, WATCHER)["claimed_seats"] == [0, 1]


def test_the_device_holding_the_seat_joins_it_again_with_its_token(
    session: Session, created: Created
) -> None:
    ben = session.claim_seat(created.game_pk, created.join_code, 1)
    assert session.claim_seat(created.game_pk, created.join_code, 1, token=ben) == ben
    assert session.authenticate(created.game_pk, ben) == BEN


def test_after_the_host_releases_a_seat_another_device_claims_it_and_the_old_token_fails(
    session: Session, created: Created
) -> None:
    old = session.claim_seat(created.game_pk, created.join_code, 1)
    with session.subscribe(created.game_pk, BEN) as stream:
        assert session.release_seat(created.game_pk, HOST, 1) is True
        assert stream.closed, "a stream opened with the old token ends"
    assert session.authenticate(created.game_pk, old) == WATCHER
    assert session.snapshot(created.game_pk, HOST)["claimed_seats"] == []
    new = session.claim_seat(created.game_pk, created.join_code, 1)
    assert session.authenticate(created.game_pk, new) == BEN
    assert session.release_seat(created.game_pk, HOST, 0) is False, "a free seat stays free"


def test_a_seat_releases_itself_and_nobody_else(session: Session, created: Created) -> None:
    ann = session.claim_seat(created.game_pk, created.join_code, 0)
    ben = session.claim_seat(created.game_pk, created.join_code, 1)
    for viewer in (WATCHER, session.authenticate(created.game_pk, ann)):
        with pytest.raises(Forbidden, match="only the host, or the phone that holds the seat"):
            session.release_seat(created.game_pk, viewer, 1)
    assert session.authenticate(created.game_pk, ben) == BEN
    assert session.release_seat(created.game_pk, BEN, 1) is True
    assert session.authenticate(created.game_pk, ben) == WATCHER


def test_claimed_seats_survive_a_restart(session: Session, created: Created) -> None:
    session.claim_seat(created.game_pk, created.join_code, 2)
    again = Session(session.log, find=session._find)
    try:
        assert again.snapshot(created.game_pk, HOST)["claimed_seats"] == [2]
        with pytest.raises(SeatTaken, match="Cat's seat is taken"):
            again.claim_seat(created.game_pk, created.join_code, 2)
    finally:
        again.close()
