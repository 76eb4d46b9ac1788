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

from companion.games.base import IllegalAction
from companion.games.sushi_express import markers, words
from companion.games.sushi_express.actions import GiveUp, ReRoll, Roll
from companion.games.sushi_express.cards import TRIES, ActionCard
from companion.games.sushi_express.events import DiceRolled, DieReRolled, DrawReason, RollFailed
from companion.games.sushi_express.phases.common import (
    Events,
    draw_card,
    play_cards,
    playable_count,
    require_phase,
    seat_of,
    wrong_phase,
)
from companion.games.sushi_express.state import GameState, Phase, RollTry, evolve
from companion.i18n import msg

FACES = range(1, 7)
RE_ROLL = ActionCard.RE_ROLL


def awaiting(state: GameState) -> str | None:
    """What phase 2 waits for: ``"roll"`` (the table's dice), ``"reroll_or_next"`` (failed
    try 1: a Re-roll card or the table's try 2), ``"reroll_or_give_up"`` (failed try 2)."""
    rt = state.rolling
    if state.phase is not Phase.ROLL or rt is None:
        return None
    if rt.dice is None:
        return "roll"
    return "reroll_or_next" if rt.try_number < TRIES else "reroll_or_give_up"


def may_reroll(state: GameState) -> bool:
    """The roller has failed a try and may hold a Re-roll card."""
    rt = state.rolling
    if state.phase is not Phase.ROLL or rt is None or rt.dice is None:
        return False
    roller = markers.roller(state)
    return roller is not None and playable_count(state, roller, RE_ROLL) >= 1


def _require_roller(state: GameState, name: str) -> int:
    seat = seat_of(state, name)
    roller = markers.roller(state)
    if seat != roller:
        if roller is None:
            raise IllegalAction(msg("nobody rolls now, not {who}", who=name))
        raise IllegalAction(msg("{roller} rolls now, not {who}",
                                roller=state.players[roller].name, who=name))
    return seat


def roll(state: GameState, action: Roll, events: Events) -> GameState:
    if state.phase is not Phase.ROLL:
        raise wrong_phase(state, action)
    who = action.player
    seat = _require_roller(state, who)
    dice = action.dice
    if len(dice) != 2 or dice[0] not in FACES or dice[1] not in FACES:
        raise IllegalAction(msg("A roll is two dice showing 1 to 6, not {dice}",
                                dice=str(list(action.dice))))
    rt = state.rolling or RollTry()
    if rt.dice is None:
        try_number = rt.try_number
    elif rt.try_number < TRIES:
        try_number = rt.try_number + 1
    else:
        raise IllegalAction(msg(
            "{who} has used both tries; {who} may play a {card} card or give up",
            who=who, card=words.ACTION_CARDS[RE_ROLL],
        ))
    target = markers.number_of(state, seat)
    total = dice[0] + dice[1]
    success = total >= target
    events.append(DiceRolled(who, try_number, (dice[0], dice[1]), total, target, success))
    if success:
        return evolve(state, phase=Phase.MOVE, rolling=None, exchange_open=None)
    return evolve(state, rolling=RollTry(try_number, (dice[0], dice[1])), exchange_open=None)


def re_roll(state: GameState, action: ReRoll, events: Events) -> GameState:
    if state.phase is not Phase.ROLL:
        raise wrong_phase(state, action)
    seat = _require_roller(state, action.player)
    rt = state.rolling
    if rt is None or rt.dice is None:
        raise IllegalAction(msg("{who} has not rolled yet; there is nothing to re-roll",
                                who=action.player))
    if action.die not in (0, 1):
        raise IllegalAction(msg("Die {die} does not exist: re-roll die 0 or die 1",
                                die=action.die))
    if action.value not in FACES:
        raise IllegalAction(msg("A die shows 1 to 6, not {value}", value=action.value))
    new = play_cards(state, seat, RE_ROLL, 1, events)
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
        return evolve(new, phase=Phase.MOVE, rolling=None, exchange_open=None)
    return evolve(new, rolling=RollTry(rt.try_number, dice))


def give_up(state: GameState, action: GiveUp, events: Events) -> GameState:
    require_phase(state, Phase.ROLL, action)
    seat = _require_roller(state, action.player)
    rt = state.rolling
    if rt is None or rt.dice is None:
        raise IllegalAction(msg("{who} has not rolled yet", who=action.player))
    if rt.try_number < TRIES:
        raise IllegalAction(msg("{who} still has a second try", who=action.player))
    return fail(state, seat, events)


def fail(state: GameState, seat: int, events: Events) -> GameState:
    """The roller at ``seat`` failed: draw, marker off the board, next roller or phase 4."""
    events.append(RollFailed(state.players[seat].name, markers.number_of(state, seat)))
    new = draw_card(state, seat, DrawReason.FAILED_ROLL, events)
    gone = state.gone | {seat}
    everyone_failed = not markers.live_order(state.board, gone)
    return evolve(
        new,
        gone=gone,
        failed=state.failed | {seat},
        phase=Phase.DELIVER if everyone_failed else Phase.ROLL,
        rolling=None if everyone_failed else RollTry(),
    )


def auto_step(state: GameState, events: Events) -> GameState | None:
    """Conclude a failed try 2 when the roller cannot hold a Re-roll card."""
    rt = state.rolling
    if (
        state.phase is Phase.ROLL
        and rt is not None
        and rt.dice is not None
        and rt.try_number >= TRIES
        and not may_reroll(state)
    ):
        roller = markers.roller(state)
        assert roller is not None
        return fail(state, roller, events)
    return None
