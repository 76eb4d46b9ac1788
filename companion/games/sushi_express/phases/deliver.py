"""Phase 4, make deliveries: keep or discard the display, then refill it or end the game.

Contract:

* The lowest guess of the round (players who failed their roll included; ruling D4 for a stack)
  sends ``Deliver(keep=...)`` when the display still has cards and somebody moved.
* When nobody moved, the display is discarded without a decision (forced); when it is empty
  there is nothing to decide.
* Then the display is refilled to one card per player. When the face-down supply cannot fill
  every empty place, the game ends (no partial refill) and the end-of-game tip count follows.
  When no place is empty the next round starts at once; otherwise the table reveals exactly the
  missing number of cards (phase REVEAL).
"""

from __future__ import annotations

from itertools import repeat
from typing import Any

from companion.games.base import IllegalAction
from companion.games.sushi_express import markers
from companion.games.sushi_express.actions import Deliver
from companion.games.sushi_express.events import DisplayDiscarded, DisplayKept
from companion.games.sushi_express.phases.common import Events, seat_of, wrong_phase
from companion.games.sushi_express.phases.reveal import start_round_from
from companion.games.sushi_express.state import (
    DELIVER,
    REVEAL,
    TIPS,
    GameState,
    RoundSummary,
    rebuilt,
)


def lowest_guess(state: GameState) -> int:
    """The seat that is this round's lowest guess (ruling D4)."""
    seat = markers.lowest(state.board, state.rules.stack_lowest)
    assert seat is not None, "every player guessed this round"
    return seat


def somebody_moved(state: GameState) -> bool:
    return not state.failed.issuperset(state.gone)


def decider(state: GameState) -> int | None:
    """The seat that must send ``Deliver`` now, or ``None``."""
    if state.phase is not DELIVER or not state.display or not somebody_moved(state):
        return None
    return lowest_guess(state)


def deliver(state: GameState, action: Deliver, events: Events) -> GameState:
    if state.phase is not DELIVER:
        raise wrong_phase(state, action)
    seat = seat_of(state, action.player)
    chooser = decider(state)
    if chooser is None:
        raise IllegalAction("There is nothing to decide: the display is settled on its own")
    if seat != chooser:
        raise IllegalAction(
            f"{state.name(chooser)} (the lowest guess) decides the delivery, not {action.player}"
        )
    changed = state.__dict__.copy()
    if action.keep:
        events.append(DisplayKept(action.player, state.display))
    else:
        _discard(changed, action.player, events, forced=False)
    return _refill(changed, events)


def auto_step(state: GameState, events: Events) -> GameState | None:
    """Settle phase 4 when nobody has a choice: forced discard, or an empty display."""
    if decider(state) is not None:
        return None
    changed = state.__dict__.copy()
    if state.display:
        _discard(changed, "", events, forced=True)
    return _refill(changed, events)


def _discard(changed: dict[str, Any], player: str, events: Events, forced: bool) -> None:
    """Move the display to the discard pile in ``changed`` (a copy of a state's fields)."""
    display = changed["display"]
    events.append(DisplayDiscarded(player, display, forced))
    changed["display"] = ()
    changed["discard"] = changed["discard"] + display


def refill(state: GameState, events: Events) -> GameState:
    """Close the round, then refill the display, start the next round or end the game."""
    return _refill(state.__dict__.copy(), events)


def _refill(changed: dict[str, Any], events: Events) -> GameState:
    """:func:`refill` on ``changed``, a copy of a state's fields (changed in place)."""
    board = changed["board"]
    n = len(changed["players"])
    lowest = markers.lowest(board, changed["rules"].stack_lowest)
    assert lowest is not None, "every player guessed this round"
    numbers = changed["_numbers"]  # markers.guesses(board, n), with 0 for no guess
    guesses = tuple(map(numbers.get, range(n), repeat(0, n)))
    summary = RoundSummary(changed["round"], changed["start_player"], guesses, lowest)
    changed["rounds"] = (*changed["rounds"], summary)
    missing = n - len(changed["display"])
    left = sum(changed["supply"])
    if missing > left:
        changed["phase"] = TIPS
        changed["end_reason"] = (
            f"The display has {missing} empty place{'s' * (missing != 1)} and only {left} "
            f"customer card{'s' * (left != 1)} {'is' if left == 1 else 'are'} left to fill them"
        )
        return rebuilt(changed)
    if missing == 0:
        return start_round_from(changed, events)
    changed["phase"] = REVEAL
    return rebuilt(changed)
