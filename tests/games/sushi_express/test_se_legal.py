"""The decisions ``legal_actions`` lists, condition by condition, and the refusals that match
them: a card counts when it is known in hand or when an unrecorded card may still be it."""

from __future__ import annotations

import random
from typing import TypeVar

import pytest

from companion.games.base import IllegalAction, Message, PlayerSpec
from companion.games.sushi_express import GAME, legal
from companion.games.sushi_express.actions import (
    DeclareTips,
    GiveUp,
    Guess,
    Move,
    PlaceExchange,
    RecordDraw,
    ReRoll,
    Roll,
)
from companion.games.sushi_express.state import GameState, Phase

from .helpers import (
    EXCHANGE,
    FURTHER,
    REROLL,
    SAME,
    TIPCARD,
    ending,
    play,
    refused,
    started,
    with_hand,
)

M = TypeVar("M", bound=Message)


def listed(state: GameState, kind: type[M]) -> list[M]:
    return [a for a in GAME.legal_actions(state) if isinstance(a, kind)]


def after_two_guesses() -> GameState:
    """Ann guessed 5 and Ben 6 (neighbours); Cat's turn to guess."""
    state, _ = play(started(), Guess("Ann", 5), Guess("Ben", 6))
    return state


def ann_to_move() -> GameState:
    """Ann (9) rolled her guess: phase 3, Ann moves first."""
    state, _ = play(
        started(),
        Guess("Ann", 9),
        Guess("Ben", 7),
        Guess("Cat", 5),
        Guess("Dan", 3),
        Roll("Ann", (6, 6)),
    )
    assert state.phase is Phase.MOVE
    return state


# -- phase 1: Same guess ------------------------------------------------------------------


def test_a_guess_on_a_taken_number_is_refused_without_a_same_guess_card() -> None:
    state, _ = play(started(), Guess("Ann", 5))
    state = with_hand(state, "Ben", FURTHER)
    refused(
        state, Guess("Ben", 5, same_guess=True), "Ben guessed 5 but 5 is taken", "no Same guess"
    )
    assert Guess("Ben", 5, True) not in GAME.legal_actions(state)
    assert Guess("Ben", 5) not in GAME.legal_actions(state)
    assert Guess("Ben", 6) in GAME.legal_actions(state)


def test_a_single_unrecorded_card_may_be_the_same_guess_card() -> None:
    state, _ = play(started(), Guess("Ann", 5))
    state = with_hand(state, "Ben", unknown=1)
    assert Guess("Ben", 5, True) in GAME.legal_actions(state)
    state, _ = play(state, Guess("Ben", 5, same_guess=True))
    assert state.stack(5) == (0, 1)


def test_an_unrecorded_card_is_no_same_guess_card_when_all_12_are_accounted_for() -> None:
    state, _ = play(started(), Guess("Ann", 5))
    state = with_hand(state, "Ann", *([SAME] * 10))  # with Cat's and Dan's: 12
    state = with_hand(state, "Ben", unknown=1)
    assert Guess("Ben", 5, True) not in GAME.legal_actions(state)
    refused(state, Guess("Ben", 5, same_guess=True), "5 is taken", "no Same guess card")


def test_every_free_number_is_listed_once_and_a_taken_one_only_with_the_card() -> None:
    state, _ = play(started(), Guess("Ann", 5))
    guesses = listed(state, Guess)
    assert [(g.number, g.same_guess) for g in guesses] == [
        *((n, False) for n in range(2, 5)),
        (5, True),
        *((n, False) for n in range(6, 13)),
    ]


# -- phase 1: Place exchange ---------------------------------------------------------------


def test_the_first_two_guesses_on_neighbours_can_already_be_exchanged() -> None:
    state = with_hand(after_two_guesses(), "Cat", SAME, FURTHER, EXCHANGE)
    assert listed(state, PlaceExchange) == [PlaceExchange("Cat", 5, 6)]


def test_after_one_guess_there_is_nothing_to_exchange() -> None:
    state, _ = play(started(), Guess("Ann", 5))
    state = with_hand(state, "Ben", EXCHANGE)
    state = with_hand(state, "Ann", EXCHANGE)
    assert listed(state, PlaceExchange) == []


def test_the_player_who_just_guessed_may_still_exchange_until_the_next_acts() -> None:
    state = with_hand(after_two_guesses(), "Ben", EXCHANGE)
    assert listed(state, PlaceExchange) == [PlaceExchange("Ben", 5, 6)]
    state = with_hand(state, "Cat", EXCHANGE)
    assert listed(state, PlaceExchange) == [PlaceExchange("Cat", 5, 6), PlaceExchange("Ben", 5, 6)]


def test_a_player_two_guesses_back_may_not_exchange() -> None:
    state, _ = play(after_two_guesses(), Guess("Cat", 8))
    state = with_hand(state, "Ben", EXCHANGE)
    assert listed(state, PlaceExchange) == []
    refused(state, PlaceExchange("Ben", 5, 6), "Only Dan (whose turn it is)", "or Cat (who just")


def test_a_single_unrecorded_card_may_be_a_place_exchange_card() -> None:
    state = with_hand(after_two_guesses(), "Cat", unknown=1)
    assert listed(state, PlaceExchange) == [PlaceExchange("Cat", 5, 6)]


def test_an_unrecorded_card_is_no_place_exchange_card_when_all_4_are_accounted_for() -> None:
    state = with_hand(after_two_guesses(), "Dan", *([EXCHANGE] * 4))
    state = with_hand(state, "Cat", unknown=1)
    assert listed(state, PlaceExchange) == []
    refused(state, PlaceExchange("Cat", 5, 6), "Place exchange")


def test_the_last_guesser_may_exchange_before_the_first_roll_only() -> None:
    state, _ = play(after_two_guesses(), Guess("Cat", 7), Guess("Dan", 8))
    state = with_hand(state, "Dan", EXCHANGE, EXCHANGE)
    assert state.phase is Phase.ROLL
    assert listed(state, PlaceExchange) == [
        PlaceExchange("Dan", 5, 6),
        PlaceExchange("Dan", 6, 7),
        PlaceExchange("Dan", 7, 8),
    ]
    state, _ = play(state, Roll("Dan", (1, 1)))
    assert listed(state, PlaceExchange) == []
    refused(state, PlaceExchange("Dan", 5, 6), "The dice are rolling")


# -- phase 2: Re-roll and Give up -----------------------------------------------------------


def rolling() -> GameState:
    state, _ = play(started(), Guess("Ann", 9), Guess("Ben", 7), Guess("Cat", 5), Guess("Dan", 3))
    return state


def test_before_a_roll_there_is_no_decision_for_the_roller() -> None:
    state = with_hand(rolling(), "Ann", REROLL)
    assert [a for a in GAME.legal_actions(state) if not isinstance(a, RecordDraw)] == []


def test_after_a_failed_first_try_the_roller_may_re_roll_either_die_to_any_face() -> None:
    state = with_hand(rolling(), "Ann", REROLL)
    state, _ = play(state, Roll("Ann", (1, 1)))
    rerolls = listed(state, ReRoll)
    assert rerolls == [ReRoll("Ann", d, v) for d in (0, 1) for v in range(1, 7)]
    assert listed(state, GiveUp) == []


def test_after_a_failed_second_try_the_roller_may_re_roll_or_give_up() -> None:
    state = with_hand(rolling(), "Ann", REROLL)
    state, _ = play(state, Roll("Ann", (1, 1)), Roll("Ann", (1, 2)))
    decisions = [a for a in GAME.legal_actions(state) if not isinstance(a, RecordDraw)]
    assert decisions[:-1] == [ReRoll("Ann", d, v) for d in (0, 1) for v in range(1, 7)]
    assert decisions[-1] == GiveUp("Ann")


# -- phase 3: 1 tile further ---------------------------------------------------------------


def test_a_mover_may_play_every_known_one_tile_further_card() -> None:
    state = with_hand(ann_to_move(), "Ann", FURTHER, FURTHER)
    assert listed(state, Move) == [Move("Ann", 0), Move("Ann", 1), Move("Ann", 2)]
    refused(state, Move("Ann", 3), "1 tile further")


def test_unrecorded_cards_add_as_many_one_tile_further_as_they_may_be() -> None:
    # Ann, Ben, Cat and Dan hold one each: 2 of the 6 are not accounted for.
    state = with_hand(ann_to_move(), "Ann", FURTHER, unknown=1)
    assert listed(state, Move) == [Move("Ann", k) for k in range(3)]


def test_unrecorded_cards_add_no_more_one_tile_further_than_the_deck_has_left() -> None:
    state = with_hand(ann_to_move(), "Ann", FURTHER, unknown=3)
    assert listed(state, Move) == [Move("Ann", k) for k in range(4)]
    refused(state, Move("Ann", 4), "1 tile further")


def test_unrecorded_cards_add_nothing_when_every_one_tile_further_is_accounted_for() -> None:
    state = with_hand(ann_to_move(), "Ben", *([FURTHER] * 4))  # with Cat's and Dan's: 6
    state = with_hand(state, "Ann", unknown=2)
    assert listed(state, Move) == [Move("Ann", 0)]


# -- game end: the tip count ----------------------------------------------------------------


def test_a_tip_count_lists_every_count_from_the_known_tips_to_what_the_hand_allows() -> None:
    state = ending(Ann=((TIPCARD,), 2))
    assert state.phase is Phase.TIPS
    assert listed(state, DeclareTips) == [DeclareTips("Ann", 1), DeclareTips("Ann", 2)]
    refused(state, DeclareTips("Ann", 0), "Ann holds 1 known Tip card,", "cannot declare 0")
    refused(state, DeclareTips("Ann", 3), "Ann cannot hold 3 Tip cards: at most 2")


def test_record_draws_lists_the_same_recordings_as_legal_actions() -> None:
    state = with_hand(started(), "Ben", unknown=2)
    records = legal.record_draws(state)
    assert records == listed(state, RecordDraw)
    assert {r.card for r in listed(state, RecordDraw)} == {
        SAME,
        FURTHER,
        EXCHANGE,
        REROLL,
        TIPCARD,
    }
    assert {r.player for r in listed(state, RecordDraw)} == {"Ben"}


def test_nothing_is_listed_once_the_game_is_over() -> None:
    state = ending()
    assert state.phase is Phase.OVER
    assert GAME.legal_actions(state) == []
    assert GAME.chance_action(state, random.Random(1)) is None


# -- rules.setup and rules.apply --------------------------------------------------------


def test_a_start_player_outside_the_table_is_refused_naming_the_seats() -> None:
    with pytest.raises(IllegalAction) as caught:
        GAME.setup([PlayerSpec(n) for n in ("Ann", "Ben", "Cat", "Dan")], {"start_player": 4})
    assert caught.value.reason == "The start player must be one of the 4 seats (0 to 3), not 4"


def test_setup_keeps_each_players_colour() -> None:
    state = GAME.setup([PlayerSpec("Ann", "red"), PlayerSpec("Ben", "blue"), PlayerSpec("Cat")], {})
    assert [p.colour for p in state.players] == ["red", "blue", ""]
