"""Guessing join codes is slowed down: ten wrong codes a minute per game, then a pause."""

from __future__ import annotations

import pytest

from companion.session.errors import Forbidden, TooManyAttempts
from companion.session.session import Created, Session
from companion.session.throttle import JoinThrottle


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_ten_wrong_codes_within_a_minute_block_the_game_until_the_oldest_expires() -> None:
    clock = Clock()
    throttle = JoinThrottle(max_failures=10, window=60.0, clock=clock)
    for _ in range(10):
        assert throttle.wait_seconds(7) == 0
        throttle.failed(7)
        clock.now += 1
    assert throttle.wait_seconds(7) == pytest.approx(50.0)
    assert throttle.wait_seconds(8) == 0, "another game is not affected"
    clock.now += 50
    assert throttle.wait_seconds(7) == 0


def test_after_too_many_wrong_codes_even_the_right_code_waits(
    session: Session, created: Created
) -> None:
    for _ in range(10):
        with pytest.raises(Forbidden):
            session.claim_seat(created.game_pk, "WRONG1", 0)
    with pytest.raises(TooManyAttempts) as refused:
        session.claim_seat(created.game_pk, created.join_code, 0)
    assert "too many wrong join codes" in refused.value.reason
    assert refused.value.retry_after > 0
