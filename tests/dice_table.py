"""A Sushi Express table waiting for dice, shared by the tests of every dice input (tap, tower,
camera, buttons): three players, and the actions that bring the game to Cat's first roll."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

#: Ann, Ben and Cat, as ``POST /api/games`` and ``Session.create_game`` take them.
TRIO = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"},
        {"name": "Cat", "colour": "green"}]
#: Customers turned up and the three guesses: then Cat (on 9) rolls try 1.
TO_ROLL = ({"kind": "reveal_customers", "cards": ["light_blue", "rose", "tip"]},
           {"kind": "guess", "player": "Ann", "number": 7},
           {"kind": "guess", "player": "Ben", "number": 8},
           {"kind": "guess", "player": "Cat", "number": 9})


def wait_for(condition: Callable[[], Any], timeout: float = 5.0, step: float = 0.01) -> Any:
    """Poll ``condition`` until it is truthy (its value) or fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        assert time.monotonic() < deadline, "timed out"
        time.sleep(step)
    return value
