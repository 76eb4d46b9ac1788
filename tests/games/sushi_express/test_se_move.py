"""Phase 3, move delivery vans: order, counting free tiles, Sushi Express, the park."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.sushi_express import markers
from companion.games.sushi_express.actions import Guess, Move, Roll, TakeCustomer
from companion.games.sushi_express.board import drive
from companion.games.sushi_express.events import (
    ActionCardDrawn,
    ActionCardPlayed,
    CustomerTaken,
    DrawReason,
    VanMoved,
)
from companion.games.sushi_express.state import GameState, Phase, evolve

from .helpers import (
    DB,
    FURTHER,
    LB,
    ROSE,
    TIP,
    VIOLET,
    guessed,
    play,
    refused,
    started,
    with_hand,
    with_vans,
)


def moving(tiles: Mapping[str, int], guesses: Mapping[str, int], **options: Any) -> GameState:
    """Round 1 with vans on ``tiles``, everyone guessed, and the first roller succeeded."""
    state = guessed(with_vans(started(**options), tiles), guesses)
    roller = markers.roller(state)
    assert roller is not None
    state, _ = play(state, Roll(state.name(roller), (6, 6)))
    assert state.phase is Phase.MOVE
    return state


def test_the_highest_guess_moves_first_and_the_lowest_last() -> None:
    state = moving({}, {"Ann": 5, "Ben": 9, "Cat": 7, "Dan": 3})
    refused(state, Move("Cat"), "It is Ben's turn to move, not Cat's")
    state, _ = play(state, Move("Ben"), Move("Cat"), Move("Ann"))
    refused(state, Move("Ann"), "Dan's turn")
    state, _ = play(state, Move("Dan"))
    assert [p.tile for p in state.players] == [5, 9, 7, 3]


def test_failed_rollers_do_not_move_and_everyone_not_yet_rolled_does() -> None:
    state = guessed(started(), {"Ann": 5, "Ben": 9, "Cat": 7, "Dan": 3})
    state, _ = play(state, Roll("Ben", (1, 1)), Roll("Ben", (1, 1)), Roll("Cat", (3, 4)))
    refused(state, Move("Ben"), "Cat's turn")
    state, _ = play(state, Move("Cat"), Move("Ann"), Move("Dan"))
    assert [p.tile for p in state.players] == [5, 0, 7, 3]
    assert state.phase is Phase.DELIVER


def test_a_stack_moves_top_to_bottom_after_a_success() -> None:
    state, _ = play(
        started(),
        Guess("Ann", 6),
        Guess("Ben", 6, same_guess=True),
        Guess("Cat", 4),
        Guess("Dan", 3),
        Roll("Ben", (3, 3)),
    )
    refused(state, Move("Ann"), "Ben's turn")
    state, _ = play(state, Move("Ben"), Move("Ann"))
    assert state.players[1].tile == 6 and state.players[0].tile == 7


def test_occupied_tiles_are_not_counted_when_moving() -> None:
    state = moving(
        {"Dan": 1, "Ann": 2, "Ben": 3, "Cat": 5}, {"Ann": 2, "Ben": 3, "Cat": 4, "Dan": 5}
    )
    state, events = play(state, Move("Dan"))
    assert state.players[3].tile == 9
    assert events[0] == VanMoved(
        player="Dan",
        from_tile=1,
        to_tile=9,
        tiles=5,
        further=0,
        skipped=(2, 3, 5),
        passed_express=False,
    )


def test_a_van_never_ends_on_an_occupied_tile() -> None:
    trip = drive(0, 2, {2, 3, 4})
    assert trip.end == 5 and trip.skipped == (2, 3, 4)


def test_one_tile_further_cards_add_a_tile_each() -> None:
    state = moving({}, {"Ann": 5, "Ben": 9, "Cat": 7, "Dan": 3})
    state = with_hand(state, "Ben", FURTHER, FURTHER)
    state, events = play(state, Move("Ben", further=2))
    assert state.players[1].tile == 11
    assert events[:2] == [ActionCardPlayed(player="Ben", card=FURTHER)] * 2
    assert state.players[1].hand.known == ()


def test_one_tile_further_needs_that_many_cards() -> None:
    state = moving({}, {"Ann": 5, "Ben": 9, "Cat": 7, "Dan": 3})
    refused(state, Move("Ben", further=2), 'Ben wants to play 2 "1 tile further" cards',
            "at most 1")
    refused(state, Move("Ben", further=-1), "cannot move -1")


def test_reaching_or_passing_sushi_express_takes_one_customer() -> None:
    state = moving(
        {"Dan": 9, "Ann": 10, "Ben": 11, "Cat": 3}, {"Ann": 2, "Ben": 3, "Cat": 4, "Dan": 5}
    )
    state, events = play(state, Move("Dan"))
    assert events[0] == VanMoved(
        player="Dan",
        from_tile=9,
        to_tile=5,
        tiles=5,
        further=0,
        skipped=(10, 11, 3),
        passed_express=True,
    )
    assert state.pending_take == 3
    refused(state, Move("Cat"), "Dan first takes a customer card")
    refused(state, TakeCustomer("Cat", LB), "Dan takes a customer card now, not Cat")
    state, events = play(state, TakeCustomer("Dan", ROSE))
    assert events == [CustomerTaken(player="Dan", card=ROSE)]
    assert state.players[3].customers == (ROSE,)
    assert state.display == (LB, DB, TIP)
    assert state.pending_take is None


def test_ending_on_sushi_express_counts_as_reaching_it() -> None:
    state = moving(
        {"Dan": 7, "Ann": 1, "Ben": 2, "Cat": 4}, {"Ann": 2, "Ben": 3, "Cat": 4, "Dan": 5}
    )
    state, events = play(state, Move("Dan"))
    assert events[0] == VanMoved(
        player="Dan",
        from_tile=7,
        to_tile=0,
        tiles=5,
        further=0,
        skipped=(),
        passed_express=True,
    )
    assert state.pending_take == 3


def test_the_customer_taken_must_be_in_the_display() -> None:
    state = moving(
        {"Dan": 9, "Ann": 10, "Ben": 11, "Cat": 3}, {"Ann": 2, "Ben": 3, "Cat": 4, "Dan": 5}
    )
    state, _ = play(state, Move("Dan"))
    refused(state, TakeCustomer("Dan", VIOLET), "no violet customer in the display")


def test_passing_sushi_express_twice_in_one_move_takes_only_one_customer() -> None:
    state = moving(
        {"Dan": 11, "Ann": 1, "Ben": 2, "Cat": 3}, {"Ann": 2, "Ben": 3, "Cat": 4, "Dan": 12}
    )
    state, _ = play(state, Move("Dan"))
    assert state.players[3].tile == 5
    state, _ = play(state, TakeCustomer("Dan", LB))
    assert state.players[3].customers == (LB,)
    assert state.pending_take is None
    refused(state, TakeCustomer("Dan", DB), "Nobody may take a customer card now")


def test_passing_sushi_express_with_an_empty_display_takes_nothing() -> None:
    state = moving(
        {"Dan": 9, "Ann": 10, "Ben": 11, "Cat": 3}, {"Ann": 2, "Ben": 3, "Cat": 4, "Dan": 5}
    )
    state = evolve(state, display=(), discard=state.display)
    state, _ = play(state, Move("Dan"))
    assert state.pending_take is None
    refused(state, TakeCustomer("Dan", LB), "Nobody may take")


def test_ending_on_the_park_draws_an_action_card() -> None:
    state = moving({}, {"Ann": 5, "Ben": 6, "Cat": 7, "Dan": 3})
    supply = state.action_supply
    state, events = play(state, Move("Cat"), Move("Ben"))
    assert state.players[1].tile == 6
    assert ActionCardDrawn(player="Ben", reason=DrawReason.PARK, left=supply - 1) in events
    assert state.players[1].hand.unknown == 1


def test_the_park_gives_nothing_when_the_action_supply_is_empty() -> None:
    state = evolve(moving({}, {"Ann": 5, "Ben": 6, "Cat": 7, "Dan": 3}), action_supply=0)
    state, events = play(state, Move("Cat"), Move("Ben"))
    assert not any(isinstance(e, ActionCardDrawn) for e in events)


def test_the_marker_leaves_the_board_after_moving() -> None:
    state = moving({}, {"Ann": 5, "Ben": 9, "Cat": 7, "Dan": 3})
    state, _ = play(state, Move("Ben"))
    assert state.stack(9) == () and 1 in state.gone and 1 not in state.failed


def test_a_passing_van_takes_a_customer_over_an_occupied_express_by_default() -> None:
    tiles = {"Dan": 10, "Ann": 0, "Ben": 11, "Cat": 3}
    state = moving(tiles, {"Ann": 2, "Ben": 3, "Cat": 5, "Dan": 4})
    state, events = play(state, Move("Cat"), Move("Dan"))
    moved = next(e for e in events if isinstance(e, VanMoved) and e.player == "Dan")
    assert moved.passed_express and 0 in moved.skipped
    assert state.pending_take == 3


def test_a_van_passing_an_occupied_express_takes_nothing_when_the_ruling_is_off() -> None:
    tiles = {"Dan": 10, "Ann": 0, "Ben": 11, "Cat": 3}
    state = moving(
        tiles, {"Ann": 2, "Ben": 3, "Cat": 5, "Dan": 4}, express_passed_when_occupied=False
    )
    state, events = play(state, Move("Cat"), Move("Dan"))
    moved = next(e for e in events if isinstance(e, VanMoved) and e.player == "Dan")
    assert not moved.passed_express
    assert state.pending_take is None


def test_leaving_the_start_tile_is_not_passing_sushi_express_by_default() -> None:
    state = moving({}, {"Ann": 5, "Ben": 9, "Cat": 7, "Dan": 3})
    state, events = play(state, Move("Ben"))
    assert not events[0].passed_express  # type: ignore[attr-defined]
    assert state.pending_take is None


def test_leaving_the_start_tile_passes_sushi_express_when_the_ruling_is_on() -> None:
    state = moving({}, {"Ann": 5, "Ben": 9, "Cat": 7, "Dan": 3}, first_lap_from_start=True)
    state, events = play(state, Move("Ben"))
    assert events[0].passed_express  # type: ignore[attr-defined]
    state, _ = play(state, TakeCustomer("Ben", LB))
    assert state.players[1].customers == (LB,)


def test_only_the_first_departure_counts_when_the_ruling_is_on() -> None:
    state = moving(
        {"Ben": 0, "Ann": 1, "Cat": 2, "Dan": 3},
        {"Ann": 6, "Ben": 8, "Cat": 7, "Dan": 4},
        first_lap_from_start=True,
    )
    state, events = play(state, Move("Ben"))
    assert events[0] == VanMoved(
        player="Ben",
        from_tile=0,
        to_tile=11,
        tiles=8,
        further=0,
        skipped=(1, 2, 3),
        passed_express=False,
    )


def test_the_last_move_leads_to_the_delivery_phase() -> None:
    state = moving({}, {"Ann": 5, "Ben": 9, "Cat": 7, "Dan": 3})
    state, _ = play(state, Move("Ben"), Move("Cat"), Move("Ann"), Move("Dan"))
    assert state.phase is Phase.DELIVER
