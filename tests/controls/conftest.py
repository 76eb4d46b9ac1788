"""Fixtures of the controls tests: a real session on a temporary log, gpiozero's MockFactory
with PWM-capable pins, and :class:`Controls` with short press timings and instant patterns."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.devices.buttons import TableButtons
from companion.devices.controls import Controls, FactoryChoice, mock_factory
from companion.devices.presses import PressTiming
from companion.session.session import Session
from companion.settings import Pins
from companion.table.rolls import RollDesk

#: Long enough to be reliable on a loaded 2-core machine (a 0.08 s tap is far from a long
#: press), short enough to keep tests quick.
TIMING = PressTiming(bounce=0.03, hold=0.5)
PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "yellow"},
           {"name": "Cat", "colour": "green"}]



@pytest.fixture
def desk(session: Session) -> RollDesk:
    return RollDesk(session)


@pytest.fixture
def factory() -> Any:
    return mock_factory()


@pytest.fixture
def make_controls(
    factory: Any, session: Session, desk: RollDesk
) -> Iterator[Callable[..., Controls]]:
    made: list[Controls] = []

    def make(pins: Pins | None = None, scanner: Any = None,
             timing: PressTiming = TIMING) -> Controls:
        choice = FactoryChoice(factory, False, "gpiozero MockFactory (test)")
        controls = Controls(choice, pins or Pins(), TableButtons(session, desk, scanner),
                            timing, sleep=lambda seconds: None)
        made.append(controls)
        return controls

    yield make
    for controls in made:
        controls.close()
