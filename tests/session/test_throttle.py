"""Guessing join codes is slowed down per client: ten wrong codes a minute from one address,
then a pause for that address only; other devices join as before (issue 28, item 5)."""

from __future__ import annotations

import pytest

from companion.session.errors import Forbidden, TooManyAttempts
from companion.session.session import Created, Session
from companion.session.throttle import SWEEP_ABOVE, JoinThrottle
from tests.session.conftest import PLAYERS


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_ten_wrong_codes_within_a_minute_block_that_client_until_the_oldest_expires() -> None:
    clock = Clock()
    throttle = JoinThrottle(max_failures=10, window=60.0, clock=clock)
    for _ in range(10):
        assert throttle.wait_seconds("10.0.0.7") == 0
        throttle.failed("10.0.0.7")
        clock.now += 1
    assert throttle.wait_seconds("10.0.0.7") == pytest.approx(50.0)
    assert throttle.wait_seconds("10.0.0.8") == 0, "another client is not affected"
    clock.now += 50
    assert throttle.wait_seconds("10.0.0.7") == 0


def test_clients_whose_failures_expired_are_forgotten() -> None:
    clock = Clock()
    throttle = JoinThrottle(clock=clock)
    throttle.failed("10.0.0.7")
    clock.now += 61
    assert throttle.wait_seconds("10.0.0.7") == 0
    assert len(throttle) == 0
    for n in range(SWEEP_ABOVE):
        throttle.failed(f"10.1.{n // 250}.{n % 250}")
    clock.now += 61
    throttle.failed("10.0.0.9")
    assert len(throttle) == 1, "a sweep drops the clients whose failures all expired"


def test_after_too_many_wrong_codes_even_the_right_code_waits_for_that_client_only(
    session: Session, created: Created
) -> None:
    for _ in range(10):
        with pytest.raises(Forbidden):
            session.claim_seat(created.game_pk, "WRONG1", 0, client="10.0.0.66")
    with pytest.raises(TooManyAttempts) as refused:
        session.claim_seat(created.game_pk, created.join_code, 0, client="10.0.0.66")
    assert "too many wrong join codes from this device; try again in" in refused.value.reason
    assert refused.value.retry_after > 0
    other = session.claim_seat(created.game_pk, created.join_code, 0, client="10.0.0.5")
    assert session.authenticate(created.game_pk, other).seat == 0
    with pytest.raises(TooManyAttempts):  # the guesser is slowed for every game
        second = session.create_game("tally", PLAYERS[:2], {})
        session.claim_seat(second.game_pk, second.join_code, 1, client="10.0.0.66")
