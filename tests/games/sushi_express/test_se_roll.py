"""Phase 2, roll dice: two tries, Re-roll, giving up, failing and drawing."""

from __future__ import annotations

from companion.games.sushi_express.actions import GiveUp, Guess, Move, ReRoll, Roll
from companion.games.sushi_express.events import (
    ActionCardDrawn,
    ActionCardPlayed,
    DiceRolled,
    DieReRolled,
    DisplayDiscarded,
    DrawReason,
    RollFailed,
)
from companion.games.sushi_express.legal import legal_actions
from companion.games.sushi_express.phases.roll import awaiting
from companion.games.sushi_express.state import GameState, Phase, evolve

from .helpers import REROLL, SAME, guessed, play, refused, started, with_hand

GUESSES = {"Ann": 5, "Ben": 9, "Cat": 7, "Dan": 3}


def rolling(**hands: int) -> GameState:
    """Round 1 in phase 2: Ben rolls for 9, then Cat (7), Ann (5), Dan (3). ``hands`` gives
    players that many Re-roll cards."""
    state = guessed(started(), GUESSES)
    for name, count in hands.items():
        state = with_hand(state, name, *([REROLL] * count))
    return state


def test_the_highest_guess_rolls_first() -> None:
    state = rolling()
    refused(state, Roll("Cat", (3, 4)), "Ben rolls now, not Cat")
    state, events = play(state, Roll("Ben", (4, 5)))
    assert events[0] == DiceRolled(
        player="Ben", try_number=1, dice=(4, 5), total=9, target=9, success=True
    )


def test_reaching_the_guess_ends_the_phase_at_once() -> None:
    state, _ = play(rolling(), Roll("Ben", (6, 5)))
    assert state.phase is Phase.MOVE
    assert state.rolling is None


def test_a_roll_is_two_dice_from_1_to_6() -> None:
    refused(rolling(), Roll("Ben", (7, 1)), "two dice showing 1 to 6")
    refused(rolling(), Roll("Ben", (3,)), "two dice")


def test_after_a_failed_first_try_the_next_roll_is_the_second_try() -> None:
    state, _ = play(rolling(), Roll("Ben", (1, 2)))
    assert state.phase is Phase.ROLL and awaiting(state) == "reroll_or_next"
    state, events = play(state, Roll("Ben", (2, 2)))
    assert isinstance(events[0], DiceRolled) and events[0].try_number == 2


def test_a_roller_who_fails_twice_draws_an_action_card_and_leaves_the_board() -> None:
    state = rolling()
    supply = state.action_supply
    state, events = play(state, Roll("Ben", (1, 2)), Roll("Ben", (2, 2)))
    assert RollFailed(player="Ben", number=9) in events
    assert ActionCardDrawn(player="Ben", reason=DrawReason.FAILED_ROLL, left=supply - 1) in events
    assert state.players[1].hand.unknown == 1
    assert state.action_supply == supply - 1
    assert 1 in state.gone and 1 in state.failed
    assert state.stack(9) == ()


def test_the_next_highest_guess_rolls_after_a_failure() -> None:
    state, _ = play(rolling(), Roll("Ben", (1, 2)), Roll("Ben", (2, 2)))
    refused(state, Roll("Ann", (3, 3)), "Cat rolls now")
    state, _ = play(state, Roll("Cat", (3, 4)))
    assert state.phase is Phase.MOVE


def test_a_failed_roller_draws_nothing_when_the_supply_is_empty() -> None:
    state = evolve(rolling(), action_supply=0)
    state, events = play(state, Roll("Ben", (1, 2)), Roll("Ben", (2, 2)))
    assert not any(isinstance(e, ActionCardDrawn) for e in events)
    assert state.players[1].hand.unknown == 0


def test_a_stack_rolls_top_to_bottom() -> None:
    state, _ = play(started(), Guess("Ann", 9), Guess("Ben", 9, same_guess=True))
    state, _ = play(state, Guess("Cat", 4), Guess("Dan", 3))
    refused(state, Roll("Ann", (6, 6)), "Ben rolls now")
    state, _ = play(state, Roll("Ben", (1, 1)), Roll("Ben", (1, 1)))
    state, _ = play(state, Roll("Ann", (6, 6)))
    assert state.phase is Phase.MOVE


def test_re_roll_changes_one_die_after_a_failed_try() -> None:
    state, _ = play(rolling(Ben=1), Roll("Ben", (1, 5)))
    state, events = play(state, ReRoll("Ben", 0, 4))
    assert events == [
        ActionCardPlayed(player="Ben", card=REROLL),
        DieReRolled(
            player="Ben",
            try_number=1,
            die=0,
            value=4,
            dice=(4, 5),
            total=9,
            target=9,
            success=True,
        ),
    ]
    assert state.phase is Phase.MOVE


def test_re_roll_may_be_used_on_the_second_try() -> None:
    state, _ = play(rolling(Ben=1), Roll("Ben", (1, 1)), Roll("Ben", (3, 5)))
    assert awaiting(state) == "reroll_or_give_up"
    state, _ = play(state, ReRoll("Ben", 1, 6))
    assert state.phase is Phase.MOVE


def test_several_re_rolls_may_be_played_and_each_is_judged_at_once() -> None:
    state, _ = play(rolling(Ben=2), Roll("Ben", (1, 1)), ReRoll("Ben", 0, 3))
    assert state.phase is Phase.ROLL and state.rolling is not None
    assert state.rolling.dice == (3, 1)
    state, _ = play(state, ReRoll("Ben", 1, 6), Move("Ben"))
    assert state.players[1].tile == 9


def test_re_roll_needs_a_re_roll_card() -> None:
    state, _ = play(rolling(), Roll("Ben", (1, 5)))
    reason = refused(state, ReRoll("Ben", 0, 6))
    assert reason == "Ben has no Re-roll card"


def test_re_roll_needs_a_failed_roll_first() -> None:
    refused(rolling(Ben=1), ReRoll("Ben", 0, 6), "has not rolled yet")


def test_only_the_roller_re_rolls() -> None:
    state, _ = play(rolling(Cat=1), Roll("Ben", (1, 5)))
    refused(state, ReRoll("Cat", 0, 6), "Ben rolls now, not Cat")


def test_a_roller_who_may_hold_a_re_roll_must_give_up_after_the_second_try() -> None:
    state, _ = play(rolling(Ben=1), Roll("Ben", (1, 1)), Roll("Ben", (1, 2)))
    assert awaiting(state) == "reroll_or_give_up"
    assert GiveUp("Ben") in legal_actions(state)
    refused(state, Roll("Ben", (6, 6)), "used both tries")
    state, events = play(state, GiveUp("Ben"))
    assert RollFailed(player="Ben", number=9) in events
    assert state.players[1].hand.known == (REROLL,)


def test_giving_up_is_refused_while_a_second_try_remains() -> None:
    state, _ = play(rolling(Ben=1), Roll("Ben", (1, 1)))
    refused(state, GiveUp("Ben"), "still has a second try")


def test_a_roller_without_possible_re_roll_cards_fails_without_giving_up() -> None:
    state, events = play(rolling(), Roll("Ben", (1, 1)), Roll("Ben", (1, 2)))
    assert RollFailed(player="Ben", number=9) in events
    assert awaiting(state) == "roll"


def test_unknown_cards_might_be_re_rolls_so_the_roller_decides() -> None:
    state = with_hand(rolling(), "Ben", SAME, unknown=1)
    state, _ = play(state, Roll("Ben", (1, 1)), Roll("Ben", (1, 2)))
    assert awaiting(state) == "reroll_or_give_up"


def test_unknown_cards_cannot_be_re_rolls_when_all_four_are_accounted_for() -> None:
    state = with_hand(rolling(), "Cat", REROLL, REROLL, REROLL, REROLL)
    state = with_hand(state, "Ben", unknown=2)
    state, events = play(state, Roll("Ben", (1, 1)), Roll("Ben", (1, 2)))
    assert RollFailed(player="Ben", number=9) in events


def test_if_everyone_fails_nobody_moves_and_the_display_is_discarded() -> None:
    state = rolling()
    display = state.display
    for name in ("Ben", "Cat", "Ann", "Dan"):
        state, events = play(state, Roll(name, (1, 1)), Roll(name, (1, 1)))
    assert DisplayDiscarded(player="", cards=display, forced=True) in events
    assert state.phase is Phase.REVEAL
    assert state.discard == display
    assert all(p.tile == 0 for p in state.players)
    assert all(p.hand.unknown == 1 for p in state.players)


def test_nobody_moves_during_the_dice_phase() -> None:
    assert refused(rolling(), Move("Ben")) == "It is the dice phase; no van moves yet"
