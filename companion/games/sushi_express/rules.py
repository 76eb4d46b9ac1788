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
from companion.games.sushi_express import actions as a
from companion.games.sushi_express.cards import ACTION_DECK, STARTING_HAND, TRIES, ActionCard
from companion.games.sushi_express.hand import count_accounted
from companion.games.sushi_express.phases import deliver, guess, move, record, reveal, roll, tips
from companion.games.sushi_express.phases.common import Events
from companion.games.sushi_express.state import (
    FULL_CUSTOMER_SUPPLY,
    GUESS,
    MOVE,
    ROLL,
    GameState,
    Hand,
    Phase,
    Player,
    Rules,
    StackLowest,
    evolve,
    plain_dict,
    player_with,
)

Handler = Callable[[GameState, Any, Events], GameState]

HANDLERS: dict[type[Message], Handler] = {
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
        raise IllegalAction(
            f"The start player must be one of the {players} seats (0 to {players - 1}), not {start}"
        )
    return Rules(
        express_passed_when_occupied=bool(options["express_passed_when_occupied"]),
        first_lap_from_start=bool(options["first_lap_from_start"]),
        stack_lowest=StackLowest(options["stack_lowest"]),
        start_player=start,
    )


def setup(players: Sequence[PlayerSpec], rules: Rules) -> GameState:
    """A new game: vans on Sushi Express, two starting cards each, waiting for the first
    reveal of one customer card per player. Players are checked by the caller."""
    seats = tuple(player_with(_NEW_PLAYER, name=p.name, colour=p.colour) for p in players)
    return evolve(
        _NEW_GAME,
        players=seats,
        rules=rules,
        start_player=rules.start_player,
        action_supply=sum(ACTION_DECK.values()) - len(STARTING_HAND) * len(players),
        accounted=count_accounted(seats, ()),
    )


# What every game starts from (built once; setup copies them): a player with the two starting
# cards, and a state waiting for the first reveal (round 1, full supply, empty board).
_NEW_PLAYER = plain_dict(
    Player(name="", colour="", hand=Hand(tuple(sorted(STARTING_HAND, key=list(ActionCard).index))))
)
_NEW_GAME = plain_dict(
    GameState(
        players=(),
        rules=Rules(),
        phase=Phase.REVEAL,
        round=1,
        start_player=0,
        supply=FULL_CUSTOMER_SUPPLY,
        action_supply=0,
        accounted=(),
    )
)


def apply(state: GameState, action: Message) -> tuple[GameState, tuple[Message, ...]]:
    """Validate ``action`` and return the new state and what happened."""
    try:
        handler = HANDLERS[type(action)]
    except KeyError:
        raise IllegalAction(f"Sushi Express has no {action.kind!r} action") from None
    events: Events = []
    new = handler(state, action, events)
    # settle(new, events), with its first step inlined
    phase = new.phase
    if phase is GUESS or phase is MOVE:  # the usual phases after an action: no steps
        return new, tuple(events)
    if phase is ROLL:
        # roll.auto_step acts only after a failed second try
        rt = new.rolling
        if rt is None or rt.dice is None or rt.try_number < TRIES:
            return new, tuple(events)
    step = AUTO_STEPS.get(phase)
    if step is not None:
        following = step(new, events)
        if following is not None:
            new = settle(following, events)
    return new, tuple(events)


def settle(state: GameState, events: Events) -> GameState:
    """Run the automatic steps until the game waits for a person or the table."""
    while True:
        step = AUTO_STEPS.get(state.phase)
        following = step(state, events) if step is not None else None
        if following is None:
            return state
        state = following
