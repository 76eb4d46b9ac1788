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

from companion.games.base import IllegalAction
from companion.games.sushi_express import markers
from companion.games.sushi_express.actions import Deliver
from companion.games.sushi_express.events import DisplayDiscarded, DisplayKept
from companion.games.sushi_express.phases.common import Events, seat_of, wrong_phase
from companion.games.sushi_express.phases.reveal import start_round
from companion.games.sushi_express.state import GameState, Phase, RoundSummary, evolve
from companion.i18n import msg


def lowest_guess(state: GameState) -> int:
    """The seat that is this round's lowest guess (ruling D4)."""
    seat = markers.lowest(state.board, state.rules.stack_lowest)
    assert seat is not None, "every player guessed this round"
    return seat


def somebody_moved(state: GameState) -> bool:
    return not state.failed.issuperset(state.gone)


def decider(state: GameState) -> int | None:
    """The seat that must send ``Deliver`` now, or ``None``."""
    if state.phase is not Phase.DELIVER or not state.display or not somebody_moved(state):
        return None
    return lowest_guess(state)


def deliver(state: GameState, action: Deliver, events: Events) -> GameState:
    if state.phase is not Phase.DELIVER:
        raise wrong_phase(state, action)
    seat = seat_of(state, action.player)
    chooser = decider(state)
    if chooser is None:
        raise IllegalAction(msg("There is nothing to decide: the display is settled on its own"))
    if seat != chooser:
        raise IllegalAction(msg("{chooser} (the lowest guess) decides the delivery, not {who}",
                                chooser=state.name(chooser), who=action.player))
    if action.keep:
        events.append(DisplayKept(action.player, state.display))
        return refill(state, events)
    return refill(_discard(state, action.player, events, forced=False), events)


def auto_step(state: GameState, events: Events) -> GameState | None:
    """Settle phase 4 when nobody has a choice: forced discard, or an empty display."""
    if decider(state) is not None:
        return None
    if state.display:
        state = _discard(state, "", events, forced=True)
    return refill(state, events)


def _discard(state: GameState, player: str, events: Events, forced: bool) -> GameState:
    """The display moved to the discard pile (by ``player``, or ``forced``)."""
    events.append(DisplayDiscarded(player, state.display, forced))
    return evolve(state, display=(), discard=state.discard + state.display)


def refill(state: GameState, events: Events) -> GameState:
    """Close the round, then refill the display, start the next round or end the game."""
    lowest = lowest_guess(state)
    guesses = tuple(g or 0 for g in markers.guesses(state.board, state.n))
    summary = RoundSummary(state.round, state.start_player, guesses, lowest)
    state = evolve(state, rounds=(*state.rounds, summary))
    missing = state.n - len(state.display)
    left = state.customers_left()
    if missing > left:
        return evolve(state, phase=Phase.TIPS, end_reason=_not_enough(missing, left))
    if missing == 0:
        return start_round(state, events)
    return evolve(state, phase=Phase.REVEAL)


def _not_enough(missing: int, left: int) -> str:
    """Why the game ends: the display cannot be refilled."""
    return (
        f"The display has {missing} empty place{'s' * (missing != 1)} and only {left} "
        f"customer card{'s' * (left != 1)} {'is' if left == 1 else 'are'} left to fill them"
    )
