"""Phase 2, roll dice (and the Re-roll card).

Contract:

* The roller is the top marker of the highest number still on the board. The table reports
  each try as ``Roll(player, dice)``; tries are numbered 1 and 2.
* A total of at least the roller's number is a success: the phase ends at once and phase 3
  begins (the roller and everyone who has not rolled move).
* After a failed try the roller may ``ReRoll`` one die (one Re-roll card each, several allowed,
  on either try); the new total is judged at once. After a failed try 1 the next ``Roll`` is
  try 2. After a failed try 2 the roller re-rolls or sends ``GiveUp``; when the roller cannot
  possibly hold a Re-roll card, the failure concludes on its own (no ``GiveUp`` needed).
* A failed roller draws an action card (if any are left) and their marker leaves the board;
  the next highest marker rolls. When everyone fails, nobody moves: phase 4 with a forced
  discard.
"""

from __future__ import annotations

from functools import lru_cache

from companion.games.base import IllegalAction
from companion.games.sushi_express import markers
from companion.games.sushi_express.actions import GiveUp, ReRoll, Roll
from companion.games.sushi_express.cards import TRIES, ActionCard
from companion.games.sushi_express.events import DiceRolled, DieReRolled, DrawReason, roll_failed
from companion.games.sushi_express.phases.common import (
    Events,
    draw_card,
    no_player,
    play_cards,
    playable_count,
    require_phase,
    seat_of,
    wrong_phase,
)
from companion.games.sushi_express.state import (
    DELIVER,
    MOVE,
    ROLL,
    GameState,
    Phase,
    RollTry,
    new_object,
    rebuilt,
    set_attribute,
    without,
)

FACES = range(1, 7)
RE_ROLL = ActionCard.RE_ROLL
FAILED_ROLL = DrawReason.FAILED_ROLL
_STILL_ROLLING = RollTry()


# Rolls repeat, so their bookkeeping and events are shared (frozen values); ``typed`` keeps
# dice given as, say, floats apart from ints.


@lru_cache(maxsize=128, typed=True)
def roll_try(try_number: int, first: int, second: int) -> RollTry:
    """``RollTry(try_number, (first, second))``."""
    return RollTry(try_number, (first, second))


@lru_cache(maxsize=4096, typed=True)
def _dice_rolled(player: str, try_number: int, first: int, second: int, target: int) -> DiceRolled:
    """The ``DiceRolled`` event for a roll of ``first`` and ``second``."""
    total = first + second
    return DiceRolled(player, try_number, (first, second), total, target, total >= target)


def awaiting(state: GameState) -> str | None:
    """What phase 2 waits for: ``"roll"`` (the table's dice), ``"reroll_or_next"`` (failed
    try 1: a Re-roll card or the table's try 2), ``"reroll_or_give_up"`` (failed try 2)."""
    rt = state.rolling
    if state.phase is not ROLL or rt is None:
        return None
    if rt.dice is None:
        return "roll"
    return "reroll_or_next" if rt.try_number < TRIES else "reroll_or_give_up"


def may_reroll(state: GameState) -> bool:
    """The roller has failed a try and may hold a Re-roll card."""
    rt = state.rolling
    if state.phase is not ROLL or rt is None or rt.dice is None:
        return False
    live = state._live
    return bool(live) and playable_count(state, live[0], RE_ROLL) >= 1


def _require_roller(state: GameState, name: str) -> int:
    seat = seat_of(state, name)
    roller = markers.roller(state)
    if seat != roller:
        who = state.players[roller].name if roller is not None else "nobody"
        raise IllegalAction(f"{who} rolls now, not {name}")
    return seat


def roll(state: GameState, action: Roll, events: Events) -> GameState:
    if state.phase is not ROLL:
        raise wrong_phase(state, action)
    who = action.player
    seat = state._seats.get(who)  # _require_roller(state, who), inlined
    if seat is None:
        raise no_player(who)
    live = state._live
    if not live or seat != live[0]:
        _require_roller(state, who)
    dice = action.dice
    if len(dice) != 2 or dice[0] not in FACES or dice[1] not in FACES:
        raise IllegalAction(f"A roll is two dice showing 1 to 6, not {list(action.dice)}")
    rt = state.rolling or _STILL_ROLLING
    if rt.dice is None:
        try_number = rt.try_number
    elif rt.try_number < TRIES:
        try_number = rt.try_number + 1
    else:
        raise IllegalAction(f"{who} has used both tries; {who} may play a Re-roll card or give up")
    first, second = dice
    target = state._numbers.get(seat)  # markers.number_of(state, seat)
    if target is None:
        raise markers.no_marker(seat)
    event = _dice_rolled(who, try_number, first, second, target)
    events.append(event)
    changed = state.__dict__.copy()
    if event.success:
        changed["phase"] = MOVE
        changed["rolling"] = None
    else:
        changed["rolling"] = roll_try(try_number, first, second)
    changed["exchange_open"] = None
    new = new_object(GameState)  # rebuilt(changed), inlined
    set_attribute(new, "__dict__", changed)
    return new


def re_roll(state: GameState, action: ReRoll, events: Events) -> GameState:
    if state.phase is not ROLL:
        raise wrong_phase(state, action)
    seat = _require_roller(state, action.player)
    rt = state.rolling
    if rt is None or rt.dice is None:
        raise IllegalAction(f"{action.player} has not rolled yet; there is nothing to re-roll")
    if action.die not in (0, 1):
        raise IllegalAction(f"Die {action.die} does not exist: re-roll die 0 or die 1")
    if action.value not in FACES:
        raise IllegalAction(f"A die shows 1 to 6, not {action.value}")
    changed = state.__dict__.copy()
    play_cards(state, seat, RE_ROLL, 1, events, changed)
    dice = (action.value, rt.dice[1]) if action.die == 0 else (rt.dice[0], action.value)
    target = markers.number_of(state, seat)
    total = dice[0] + dice[1]
    success = total >= target
    events.append(
        DieReRolled(
            player=action.player,
            try_number=rt.try_number,
            die=action.die,
            value=action.value,
            dice=dice,
            total=total,
            target=target,
            success=success,
        )
    )
    if success:
        changed["phase"] = MOVE
        changed["rolling"] = None
        changed["exchange_open"] = None
    else:
        changed["rolling"] = roll_try(rt.try_number, dice[0], dice[1])
    return rebuilt(changed)


def give_up(state: GameState, action: GiveUp, events: Events) -> GameState:
    require_phase(state, Phase.ROLL, action)
    seat = _require_roller(state, action.player)
    rt = state.rolling
    if rt is None or rt.dice is None:
        raise IllegalAction(f"{action.player} has not rolled yet")
    if rt.try_number < TRIES:
        raise IllegalAction(f"{action.player} still has a second try")
    return fail(state, seat, events)


def fail(state: GameState, seat: int, events: Events) -> GameState:
    """The roller at ``seat`` failed: draw, marker off the board, next roller or phase 4."""
    events.append(roll_failed(state.players[seat].name, markers.number_of(state, seat)))
    changed = state.__dict__.copy()
    draw_card(changed, seat, FAILED_ROLL, events)
    live = without(state._live, seat)
    everyone_failed = not live
    changed["gone"] = state.gone | {seat}
    changed["_live"] = live
    changed["failed"] = state.failed | {seat}
    changed["phase"] = DELIVER if everyone_failed else ROLL
    changed["rolling"] = None if everyone_failed else _STILL_ROLLING
    return rebuilt(changed)


def auto_step(state: GameState, events: Events) -> GameState | None:
    """Conclude a failed try 2 when the roller cannot hold a Re-roll card."""
    rt = state.rolling
    if (
        state.phase is ROLL
        and rt is not None
        and rt.dice is not None
        and rt.try_number >= TRIES
        and not may_reroll(state)
    ):
        roller = markers.roller(state)
        assert roller is not None
        return fail(state, roller, events)
    return None
