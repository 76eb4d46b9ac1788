"""Phase 1, place guesses: turn order, free numbers, Same guess and Place exchange."""

from __future__ import annotations

from companion.games.sushi_express.actions import Deliver, Guess, Move, PlaceExchange, Roll
from companion.games.sushi_express.events import ActionCardPlayed, GuessPlaced, MarkersExchanged
from companion.games.sushi_express.state import Phase

from .helpers import EXCHANGE, SAME, play, refused, started, with_hand


def test_players_guess_clockwise_from_the_start_player() -> None:
    state = started(4, start_player=2)
    state, _ = play(state, Guess("Cat", 5), Guess("Dan", 6), Guess("Ann", 7))
    refused(state, Guess("Ann", 8), "Ben's turn to guess, not Ann's")
    state, _ = play(state, Guess("Ben", 8))
    assert state.phase is Phase.ROLL


def test_a_player_cannot_guess_out_of_turn() -> None:
    refused(started(), Guess("Ben", 7), "It is Ann's turn to guess, not Ben's")


def test_a_guess_is_a_number_from_2_to_12() -> None:
    refused(started(), Guess("Ann", 1), "Ann guessed 1", "2 to 12")
    refused(started(), Guess("Ann", 13), "Ann guessed 13", "2 to 12")
    _, events = play(started(), Guess("Ann", 12))
    assert events == [GuessPlaced(player="Ann", number=12, same_guess=False)]


def test_a_taken_number_needs_a_same_guess_card() -> None:
    state, _ = play(started(), Guess("Ann", 7))
    state = with_hand(state, "Ben")
    reason = refused(state, Guess("Ben", 7))
    assert reason == "Ben guessed 7 but 7 is taken and Ben has no Same guess card"


def test_stacking_must_be_asked_for_with_same_guess() -> None:
    state, _ = play(started(), Guess("Ann", 7))
    refused(state, Guess("Ben", 7), "7 is taken", "Same guess")


def test_same_guess_on_a_free_number_is_refused() -> None:
    refused(started(), Guess("Ann", 7, same_guess=True), "7 is free")


def test_same_guess_puts_the_marker_on_top_and_spends_the_card() -> None:
    state, _ = play(started(), Guess("Ann", 7))
    state, events = play(state, Guess("Ben", 7, same_guess=True))
    assert state.stack(7) == (0, 1)
    assert SAME not in state.players[1].hand.known
    assert state.played == (SAME,)
    assert events == [
        ActionCardPlayed(player="Ben", card=SAME),
        GuessPlaced(player="Ben", number=7, same_guess=True),
    ]


def test_several_players_may_stack_on_one_number() -> None:
    state, _ = play(
        started(),
        Guess("Ann", 7),
        Guess("Ben", 7, same_guess=True),
        Guess("Cat", 7, same_guess=True),
    )
    assert state.stack(7) == (0, 1, 2)


def test_an_unknown_card_may_be_a_same_guess_card() -> None:
    state, _ = play(started(), Guess("Ann", 7))
    state = with_hand(state, "Ben", unknown=1)
    state, _ = play(state, Guess("Ben", 7, same_guess=True))
    assert state.players[1].hand.unknown == 0


def test_place_exchange_swaps_two_neighbouring_numbers() -> None:
    state, _ = play(started(), Guess("Ann", 7), Guess("Ben", 8))
    state = with_hand(state, "Cat", EXCHANGE)
    state, events = play(state, PlaceExchange("Cat", 7, 8))
    assert state.stack(7) == (1,) and state.stack(8) == (0,)
    assert events == [
        ActionCardPlayed(player="Cat", card=EXCHANGE),
        MarkersExchanged(player="Cat", first=7, second=8),
    ]


def test_place_exchange_needs_neighbouring_numbers() -> None:
    state, _ = play(started(), Guess("Ann", 7), Guess("Ben", 9))
    state = with_hand(state, "Cat", EXCHANGE)
    refused(state, PlaceExchange("Cat", 7, 9), "neighbouring", "7 and 9")


def test_place_exchange_needs_markers_on_both_numbers() -> None:
    state, _ = play(started(), Guess("Ann", 7), Guess("Ben", 9))
    state = with_hand(state, "Cat", EXCHANGE)
    refused(state, PlaceExchange("Cat", 7, 8), "both 7 and 8", "8 is empty")


def test_place_exchange_moves_whole_stacks_in_order() -> None:
    state, _ = play(started(), Guess("Ann", 7), Guess("Ben", 7, same_guess=True), Guess("Cat", 8))
    state = with_hand(state, "Dan", EXCHANGE)
    state, _ = play(state, PlaceExchange("Dan", 8, 7))
    assert state.stack(8) == (0, 1)
    assert state.stack(7) == (2,)


def test_place_exchange_needs_the_card() -> None:
    state, _ = play(started(), Guess("Ann", 7), Guess("Ben", 8))
    refused(state, PlaceExchange("Cat", 7, 8), "Cat has no Place exchange card")


def test_the_player_to_guess_may_exchange_before_guessing() -> None:
    state, _ = play(started(), Guess("Ann", 7), Guess("Ben", 8))
    state = with_hand(state, "Cat", EXCHANGE)
    state, _ = play(state, PlaceExchange("Cat", 7, 8), Guess("Cat", 9))
    assert state.stack(9) == (2,)


def test_the_player_who_just_guessed_may_exchange_until_the_next_player_acts() -> None:
    state, _ = play(started(), Guess("Ann", 7))
    state = with_hand(state, "Ben", EXCHANGE, EXCHANGE)
    state, _ = play(state, Guess("Ben", 8), PlaceExchange("Ben", 7, 8))
    assert state.stack(8) == (0,)
    state, _ = play(state, Guess("Cat", 2))
    refused(state, PlaceExchange("Ben", 7, 8), "Only Dan (whose turn it is) or Cat")


def test_the_next_players_exchange_closes_the_previous_guessers_window() -> None:
    state, _ = play(started(), Guess("Ann", 7))
    state = with_hand(state, "Ben", EXCHANGE)
    state = with_hand(state, "Cat", EXCHANGE)
    state, _ = play(state, Guess("Ben", 8), PlaceExchange("Cat", 7, 8))
    refused(state, PlaceExchange("Ben", 7, 8), "Only Cat")


def test_other_players_cannot_exchange_places() -> None:
    state, _ = play(started(), Guess("Ann", 7), Guess("Ben", 8))
    state = with_hand(state, "Dan", EXCHANGE)
    refused(state, PlaceExchange("Dan", 7, 8), "Only Cat (whose turn it is) or Ben")


def test_the_last_guesser_may_exchange_until_the_first_roll() -> None:
    state, _ = play(started(), Guess("Ann", 7), Guess("Ben", 8), Guess("Cat", 3))
    state = with_hand(state, "Dan", EXCHANGE, EXCHANGE)
    state, _ = play(state, Guess("Dan", 9))
    assert state.phase is Phase.ROLL
    state, _ = play(state, PlaceExchange("Dan", 8, 9))
    assert state.stack(9) == (1,)
    state, _ = play(state, Roll("Ben", (1, 1)))
    refused(state, PlaceExchange("Dan", 7, 8), "places can no longer be exchanged")


def test_several_exchange_cards_may_be_played_in_one_turn() -> None:
    state, _ = play(started(), Guess("Ann", 7), Guess("Ben", 8))
    state = with_hand(state, "Cat", EXCHANGE, EXCHANGE)
    state, events = play(state, PlaceExchange("Cat", 7, 8), PlaceExchange("Cat", 8, 7))
    assert state.stack(7) == (0,)
    assert len([e for e in events if isinstance(e, MarkersExchanged)]) == 2


def test_nobody_rolls_during_the_guessing_phase() -> None:
    reason = refused(started(), Roll("Ann", (3, 4)))
    assert reason == "It is the guessing phase; nobody rolls yet"


def test_each_round_records_the_number_every_player_finally_stood_on() -> None:
    state, _ = play(started(), Guess("Ann", 7), Guess("Ben", 8), Guess("Cat", 3))
    state = with_hand(state, "Dan", EXCHANGE)
    state, _ = play(state, Guess("Dan", 2), PlaceExchange("Dan", 2, 3))
    for name in ("Ben", "Ann", "Dan"):
        state, _ = play(state, Roll(name, (1, 1)), Roll(name, (1, 1)))
    state, _ = play(state, Roll("Cat", (1, 1)), Move("Cat"), Deliver("Cat", keep=True))
    assert state.rounds[0].guesses == (7, 8, 2, 3)
    assert state.rounds[0].lowest == 2
