"""Phase 4, make deliveries: the lowest guess keeps or discards, then refill or game end."""

from __future__ import annotations

from typing import Any

from companion.games.sushi_express.actions import Deliver, Guess, Move, RevealCustomers, Roll
from companion.games.sushi_express.events import (
    DisplayDiscarded,
    DisplayKept,
    GameEnded,
    RoundStarted,
    TipsDeclared,
)
from companion.games.sushi_express.legal import legal_actions
from companion.games.sushi_express.state import GameState, Phase, evolve

from .helpers import DB, LB, ROSE, TIP, VIOLET, delivering, play, refused, started

DISPLAY = (LB, DB, ROSE, TIP)


def stacked_lowest(fail_top: bool, **options: Any) -> GameState:
    """Cat guessed 3 first, Dan stacked on it (Dan on top). With ``fail_top``, Ben, Ann and Dan
    fail their rolls and only Cat moves."""
    state, _ = play(
        started(display=DISPLAY, **options),
        Guess("Ann", 5),
        Guess("Ben", 9),
        Guess("Cat", 3),
        Guess("Dan", 3, same_guess=True),
    )
    if fail_top:
        for name in ("Ben", "Ann", "Dan"):
            state, _ = play(state, Roll(name, (1, 1)), Roll(name, (1, 1)))
        state, _ = play(state, Roll("Cat", (2, 1)), Move("Cat"))
    else:
        state, _ = play(
            state, Roll("Ben", (6, 6)), Move("Ben"), Move("Ann"), Move("Dan"), Move("Cat")
        )
    assert state.phase is Phase.DELIVER
    return state


def test_the_lowest_guess_decides_the_delivery() -> None:
    state = delivering()
    refused(
        state, Deliver("Ann", keep=True), "Dan (the lowest guess) decides the delivery, not Ann"
    )
    assert legal_actions(state)[:2] == [Deliver("Dan", True), Deliver("Dan", False)]


def test_keeping_leaves_the_cards_and_a_full_display_starts_the_next_round_at_once() -> None:
    state, events = play(delivering(), Deliver("Dan", keep=True))
    assert events == [
        DisplayKept(player="Dan", cards=DISPLAY),
        RoundStarted(round=2, start_player="Dan"),
    ]
    assert state.display == DISPLAY
    assert state.phase is Phase.GUESS and state.round == 2


def test_discarding_removes_every_card_and_the_table_refills_the_display() -> None:
    state, events = play(delivering(), Deliver("Dan", keep=False))
    assert events == [DisplayDiscarded(player="Dan", cards=DISPLAY, forced=False)]
    assert state.display == () and state.discard == DISPLAY
    assert state.phase is Phase.REVEAL
    refused(state, RevealCustomers((LB, DB)), "exactly 4", "not 2")
    state, events = play(state, RevealCustomers((LB, LB, VIOLET, TIP)))
    assert state.display == (LB, LB, VIOLET, TIP)
    assert RoundStarted(round=2, start_player="Dan") in events


def test_only_the_missing_places_are_refilled() -> None:
    state = evolve(delivering(), display=(LB, DB))
    state, _ = play(state, Deliver("Dan", keep=True))
    assert state.phase is Phase.REVEAL
    refused(state, RevealCustomers((ROSE, ROSE, ROSE, ROSE)), "exactly 2")
    state, _ = play(state, RevealCustomers((ROSE, TIP)))
    assert state.display == (LB, DB, ROSE, TIP)


def test_an_empty_display_needs_no_decision() -> None:
    state, _ = play(
        started(display=DISPLAY),
        Guess("Ann", 5),
        Guess("Ben", 9),
        Guess("Cat", 7),
        Guess("Dan", 3),
        Roll("Ben", (6, 6)),
        Move("Ben"),
        Move("Cat"),
        Move("Ann"),
    )
    state = evolve(state, display=(), discard=DISPLAY)
    state, events = play(state, Move("Dan"))
    assert state.phase is Phase.REVEAL
    assert not any(isinstance(e, (DisplayKept, DisplayDiscarded)) for e in events)


def test_when_nobody_moved_the_display_is_discarded_without_a_decision() -> None:
    state, _ = play(
        started(display=DISPLAY),
        Guess("Ann", 5),
        Guess("Ben", 9),
        Guess("Cat", 7),
        Guess("Dan", 3),
    )
    events: list[object] = []
    for name in ("Ben", "Cat", "Ann", "Dan"):
        state, more = play(state, Roll(name, (1, 1)), Roll(name, (1, 1)))
        events.extend(more)
    assert DisplayDiscarded(player="", cards=DISPLAY, forced=True) in events
    assert state.phase is Phase.REVEAL and state.display == ()


def test_the_lowest_guess_starts_the_next_round_even_when_nobody_moved() -> None:
    state, _ = play(
        started(display=DISPLAY),
        Guess("Ann", 5),
        Guess("Ben", 9),
        Guess("Cat", 7),
        Guess("Dan", 3),
    )
    for name in ("Ben", "Cat", "Ann", "Dan"):
        state, _ = play(state, Roll(name, (1, 1)), Roll(name, (1, 1)))
    state, _ = play(state, RevealCustomers((LB, LB, LB, LB)))
    assert state.start_player == 3 and state.round == 2
    assert state.rounds[0].guesses == (5, 9, 7, 3) and state.rounds[0].lowest == 3


def test_the_bottom_marker_of_the_lowest_stack_decides_by_default() -> None:
    state = stacked_lowest(fail_top=False)
    refused(state, Deliver("Dan", keep=True), "Cat (the lowest guess)")
    state, events = play(state, Deliver("Cat", keep=True))
    assert RoundStarted(round=2, start_player="Cat") in events


def test_the_top_marker_of_the_lowest_stack_decides_when_the_ruling_says_top() -> None:
    state = stacked_lowest(fail_top=False, stack_lowest="top")
    refused(state, Deliver("Cat", keep=True), "Dan (the lowest guess)")
    state, events = play(state, Deliver("Dan", keep=True))
    assert RoundStarted(round=2, start_player="Dan") in events


def test_the_lowest_guess_decides_even_after_failing_the_roll() -> None:
    state = stacked_lowest(fail_top=True, stack_lowest="top")
    assert 3 in state.failed
    state, events = play(state, Deliver("Dan", keep=False))
    assert DisplayDiscarded(player="Dan", cards=DISPLAY, forced=False) in events


def test_the_game_ends_when_the_display_cannot_be_refilled_completely() -> None:
    state = delivering()
    state = evolve(state, supply=(3, 0, 0, 0, 0, 0, 0, 0, 0))
    state, events = play(state, Deliver("Dan", keep=False))
    assert state.phase is Phase.OVER
    assert state.display == ()
    assert state.customers_left() == 3
    assert [e for e in events if isinstance(e, TipsDeclared)] == [
        TipsDeclared(player=name, tips=0, automatic=True) for name in ("Ann", "Ben", "Cat", "Dan")
    ]
    assert events[-1] == GameEnded(
        reason="The display has 4 empty places and only 3 customer cards are left to fill them"
    )


def test_a_supply_that_exactly_fills_the_display_does_not_end_the_game() -> None:
    state = evolve(delivering(), supply=(4, 0, 0, 0, 0, 0, 0, 0, 0))
    state, _ = play(state, Deliver("Dan", keep=False))
    assert state.phase is Phase.REVEAL
    state, _ = play(state, RevealCustomers((LB, LB, LB, LB)))
    assert state.customers_left() == 0 and state.phase is Phase.GUESS


def test_nobody_guesses_during_the_delivery_phase() -> None:
    reason = refused(delivering(), Guess("Dan", 4))
    assert reason == "It is the delivery phase; nobody guesses now"
