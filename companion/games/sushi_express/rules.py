"""Setup and ``apply``: the one path that changes a Sushi Express state.

``apply(state, action)`` finds the handler for the action's type (one module per phase under
:mod:`.phases`), which validates and returns the new state and its events; then :func:`settle`
runs the steps the rules take on their own until the game waits for a person or the table:

* phase 2: a failed second try concludes by itself when the roller cannot hold a Re-roll card;
* phase 4: nobody moved (forced discard) or an empty display (nothing to decide), then refill;
* game end: Tip counts that are certain are filled in; when all are settled the game is over.

``state`` is never mutated; a refused action raises :class:`IllegalAction` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.games.base import IllegalAction, Message, PlayerSpec
from companion.games.common.dispatch import Handler, dispatching
from companion.games.sushi_express import actions as a
from companion.games.sushi_express.cards import ACTION_DECK, STARTING_HAND, ActionCard
from companion.games.sushi_express.hand import count_accounted
from companion.games.sushi_express.phases import deliver, guess, move, record, reveal, roll, tips
from companion.games.sushi_express.phases.common import Events
from companion.games.sushi_express.state import (
    FULL_CUSTOMER_SUPPLY,
    GameState,
    Hand,
    Phase,
    Player,
    Rules,
    StackLowest,
)
from companion.i18n import msg

HANDLERS: dict[type[Message], Handler[GameState]] = {
    a.RevealCustomers: reveal.reveal,
    a.Guess: guess.guess,
    a.PlaceExchange: guess.place_exchange,
    a.Roll: roll.roll,
    a.ReRoll: roll.re_roll,
    a.GiveUp: roll.give_up,
    a.Move: move.move,
    a.TakeCustomer: move.take_customer,
    a.Deliver: deliver.deliver,
    a.RecordDraw: record.record_draw,
    a.DeclareTips: tips.declare_tips,
}

AUTO_STEPS: dict[Phase, Callable[[GameState, Events], GameState | None]] = {
    Phase.ROLL: roll.auto_step,
    Phase.DELIVER: deliver.auto_step,
    Phase.TIPS: tips.auto_step,
}


def make_rules(options: Mapping[str, Any], players: int) -> Rules:
    """The :class:`Rules` for resolved ``options``; ``start_player`` must be a seat."""
    start = int(options["start_player"])
    if not 0 <= start < players:
        raise IllegalAction(msg(
            "The start player must be one of the {players} seats (0 to {last}), not {start}",
            players=players, last=players - 1, start=start,
        ))
    return Rules(
        express_passed_when_occupied=bool(options["express_passed_when_occupied"]),
        first_lap_from_start=bool(options["first_lap_from_start"]),
        stack_lowest=StackLowest(options["stack_lowest"]),
        start_player=start,
    )


def setup(players: Sequence[PlayerSpec], rules: Rules) -> GameState:
    """A new game: vans on Sushi Express, two starting cards each, waiting for the first
    reveal of one customer card per player. Players are checked by the caller."""
    hand = Hand(tuple(sorted(STARTING_HAND, key=list(ActionCard).index)))
    seats = tuple(Player(name=p.name, colour=p.colour, hand=hand) for p in players)
    return GameState(
        players=seats,
        rules=rules,
        phase=Phase.REVEAL,
        round=1,
        start_player=rules.start_player,
        supply=FULL_CUSTOMER_SUPPLY,
        action_supply=sum(ACTION_DECK.values()) - len(STARTING_HAND) * len(players),
        accounted=count_accounted(seats, ()),
    )


def settle(state: GameState, events: Events) -> GameState:
    """Run the automatic steps until the game waits for a person or the table."""
    while True:
        step = AUTO_STEPS.get(state.phase)
        following = step(state, events) if step is not None else None
        if following is None:
            return state
        state = following


def _unknown(action: Message) -> IllegalAction:
    return IllegalAction(msg("Sushi Express has no {kind} action", kind=repr(action.kind)))


#: Validate an action and return the new state and what happened (see the module docstring).
apply = dispatching(HANDLERS, _unknown, settle)
