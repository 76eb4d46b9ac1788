"""Turn-by-turn and simulation play: wasabi, chopsticks, passing, the deck, mochi rolls."""

from __future__ import annotations

import pytest

from companion.games.base import UnreadableInput
from companion.games.sushi_go import GAME
from companion.games.sushi_go.actions import Deal, EnterTableau, MochiRoll, Reveal
from companion.games.sushi_go.events import (
    ChopsticksReturned,
    MochiRolled,
    MochiRollNeeded,
    RoundScored,
    TurnEnded,
)
from companion.games.sushi_go.state import GameState, Phase

from .helpers import finish_round, new_game, of_kind, play, points, refused, table, turn


def placed(state: GameState, name: str) -> list[tuple[str, bool]]:
    return [(p.card, p.on_wasabi) for p in state.seats[state.seat_of(name)].table]


# ------------------------------------------------------------------------------ wasabi


def test_a_nigiri_played_after_a_wasabi_must_go_on_it_and_is_tripled() -> None:
    state = new_game(2)
    state, _ = turn(state, "wasabi", "tempura")
    state, _ = turn(state, "squid_nigiri", "tempura")
    assert placed(state, "Ann") == [("wasabi", False), ("squid_nigiri", True)]
    state, _ = finish_round(state)
    assert state.rounds[0][0].on_wasabi == ("squid_nigiri",)
    assert points(GAME.score(state), "Ann", "nigiri on wasabi") == 9


def test_only_one_nigiri_per_wasabi_the_next_goes_on_another_or_stays_plain() -> None:
    state = new_game(2)
    state, _ = turn(state, "wasabi", "tempura")
    state, _ = turn(state, "egg_nigiri", "tempura")
    state, _ = turn(state, "salmon_nigiri", "sashimi")
    assert placed(state, "Ann")[1:] == [("egg_nigiri", True), ("salmon_nigiri", False)]


def test_a_nigiri_played_before_the_wasabi_stays_plain() -> None:
    state = new_game(2)
    state, _ = turn(state, "salmon_nigiri", "tempura")
    state, _ = turn(state, "wasabi", "tempura")
    assert placed(state, "Ann") == [("salmon_nigiri", False), ("wasabi", False)]


# ------------------------------------------------------------------------------ chopsticks


def test_chopsticks_from_an_earlier_turn_take_two_cards_and_go_back_into_the_hand() -> None:
    state = new_game(2)
    state, _ = turn(state, "chopsticks", "tempura")
    state, events = turn(state, Reveal("Ann", "tempura", second="tempura"), "gyoza")
    assert table(state, "Ann") == ["tempura", "tempura"]
    assert [e.player for e in of_kind(events, ChopsticksReturned)] == ["Ann"]


def test_chopsticks_played_this_turn_cannot_be_used_this_turn() -> None:
    state = new_game(2)
    refused(state, Reveal("Ann", "chopsticks", second="tempura"), "chopsticks on the table")


def test_a_wasabi_and_a_nigiri_taken_with_chopsticks_the_nigiri_goes_on_the_wasabi() -> None:
    state = new_game(2)
    state, _ = turn(state, "chopsticks", "tempura")
    state, _ = turn(state, Reveal("Ann", "wasabi", second="squid_nigiri"), "gyoza")
    assert placed(state, "Ann") == [("wasabi", False), ("squid_nigiri", True)]


def test_chopsticks_need_two_cards_to_choose_from_so_not_on_the_last_turn() -> None:
    state = new_game(2)
    state, _ = turn(state, "chopsticks", "tempura")
    for _ in range(8):
        state, _ = turn(state, "sashimi" if state.turn % 2 else "gyoza", "tempura")
    assert state.turn == 10
    refused(state, Reveal("Ann", "gyoza", second="gyoza"), "2 cards taken but there is 1")


def test_simulation_used_chopsticks_are_passed_on_with_the_hand() -> None:
    state = new_game(2, mode="simulation")
    hands = ("chopsticks", "tempura", *["gyoza"] * 8, *["sashimi"] * 10)
    state, _ = play(state, Deal(hands=hands))
    state, _ = turn(state, "chopsticks", "sashimi")
    assert state.seats[0].hand == ("sashimi",) * 9  # the hands were swapped
    state, _ = turn(state, Reveal("Ann", "sashimi", second="sashimi"), "tempura")
    # Ann's hand, with the chopsticks back in it, went to Ben
    assert sorted(state.seats[1].hand) == ["chopsticks", *["sashimi"] * 7]


# ------------------------------------------------------------------------------ passing


def test_hands_pass_to_the_left_seat_i_to_seat_i_plus_1() -> None:
    state = new_game(3, mode="simulation")
    hands = (*["tempura"] * 9, *["sashimi"] * 9, *["gyoza"] * 9)
    state, _ = play(state, Deal(hands=hands))
    state, events = turn(state, "tempura", "sashimi", "gyoza")
    assert of_kind(events, TurnEnded)[0].passed == "left"
    assert set(state.seats[1].hand) == {"tempura"} and set(state.seats[0].hand) == {"gyoza"}


def test_two_way_road_passes_left_in_rounds_1_and_3_and_right_in_round_2() -> None:
    state = new_game(3, mode="simulation", variant="two_way_road")
    deal = (*["tempura"] * 9, *["sashimi"] * 9, *["gyoza"] * 9)
    state, _ = play(state, Deal(hands=deal))
    state, _ = turn(state, "tempura", "sashimi", "gyoza")
    assert set(state.seats[1].hand) == {"tempura"}
    state, _ = finish_round(state, ("tempura", "sashimi", "gyoza"))
    hands = (
        *["salmon_nigiri"] * 9,
        *["squid_nigiri"] * 5,
        *["egg_nigiri"] * 4,
        *["wasabi"] * 6,
        *["futomaki_2"] * 3,
    )
    state, _ = play(state, Deal(hands=hands))
    state, events = turn(state, "salmon_nigiri", "squid_nigiri", "wasabi")
    assert of_kind(events, TurnEnded)[0].passed == "right"
    assert "salmon_nigiri" in state.seats[2].hand  # Ann's hand went to her right, Cat


# ------------------------------------------------------------------------------ the deck


def test_the_deck_is_not_reshuffled_so_a_15th_tempura_is_refused() -> None:
    state = new_game(2)
    for _ in range(7):
        state, _ = turn(state, "tempura", "tempura")
    refused(state, Reveal("Ann", "tempura"), "would make 15 this game", "holds 14")


def test_a_card_of_the_other_edition_is_not_in_the_deck() -> None:
    refused(new_game(2), Reveal("Ann", "maki_2"), "not in this game's deck")
    refused(new_game(2, edition="2013"), Reveal("Ann", "futomaki_2"), "not in this game's deck")
    refused(new_game(2), Reveal("Ann", "mochi"), "not in this game's deck")


def test_an_id_that_is_no_card_is_unreadable() -> None:
    with pytest.raises(UnreadableInput):
        GAME.apply(new_game(2), Reveal("Ann", "spoon_4"))


def test_a_player_reveals_once_a_turn() -> None:
    state, _ = play(new_game(2), Reveal("Ann", "tempura"))
    refused(state, Reveal("Ann", "sashimi"), "already revealed")


def test_each_mode_takes_only_its_own_inputs() -> None:
    refused(new_game(2), EnterTableau("Ann"), "not used in turn-by-turn mode")
    refused(new_game(2, mode="scoring"), Reveal("Ann", "tempura"), "not used in scoring mode")
    refused(new_game(2), Deal(), "not used in turn-by-turn mode")


def test_simulation_refuses_a_card_not_in_hand() -> None:
    state, _ = play(
        new_game(2, mode="simulation"), Deal(hands=(*["tempura"] * 10, *["sashimi"] * 10))
    )
    refused(state, Reveal("Ann", "sashimi"), "not all in hand")


def test_every_table_ends_the_round_with_the_cards_dealt() -> None:
    for n, size in ((2, 10), (3, 9), (4, 8), (5, 7)):
        state, events = finish_round(new_game(n))
        assert of_kind(events, RoundScored)
        assert all(len(t.physical()) == size for t in state.rounds[0])


# ------------------------------------------------------------------------------ mochi


def test_taking_a_mochi_card_waits_for_the_die_roll_before_the_next_turn() -> None:
    state = new_game(2, dessert="mochi")
    state, events = turn(state, "mochi", "tempura")
    assert state.phase is Phase.MOCHI
    assert [(e.player, e.rolls) for e in of_kind(events, MochiRollNeeded)] == [("Ann", 1)]
    refused(state, MochiRoll("Ben", 3), "Ben took no mochi card")
    refused(state, MochiRoll("Ann", 7), "1 to 6")
    state, events = play(state, MochiRoll("Ann", 5))
    assert state.phase is Phase.REVEAL and state.turn == 2 and state.dice == (5, 1)
    assert of_kind(events, MochiRolled)[0].value == 5


def test_two_mochi_cards_with_chopsticks_roll_the_die_twice_the_last_roll_counts() -> None:
    state = new_game(2, dessert="mochi")
    state, _ = turn(state, "chopsticks", "tempura")
    state, _ = turn(state, Reveal("Ann", "mochi", second="mochi"), "mochi")
    assert sorted(state.rolls) == [0, 0, 1]
    state, _ = play(state, MochiRoll("Ann", 6), MochiRoll("Ben", 2), MochiRoll("Ann", 3))
    assert state.dice == (3, 2)


def test_the_mochi_die_at_game_end_scores_and_the_cards_do_not() -> None:
    state = new_game(3, dessert="mochi")
    state, _ = turn(state, "mochi", "mochi", "tempura")
    state, _ = play(state, MochiRoll("Ann", 6), MochiRoll("Ben", 2))
    for _ in range(3):
        state, _ = finish_round(state)
    assert state.phase is Phase.OVER
    sheet = GAME.score(state)
    assert points(sheet, "Ann", "mochi") == 6  # Ann 6, Ben 2, Cat 1
    assert points(sheet, "Cat", "mochi") == -6
    assert points(sheet, "Ben", "mochi") == 0
    assert [t.mochi_die for t in state.rounds[-1]] == [6, 2, 1]


def test_frozen_yogurt_is_entered_with_the_value_warmth_reveals() -> None:
    state = new_game(2, dessert="frozen_yogurt")
    state, _ = turn(state, "frozen_yogurt_3", "frozen_yogurt_0")
    assert table(state, "Ann") == ["frozen_yogurt_3"]
    with pytest.raises(UnreadableInput):  # no card shows 11 (the range is data, D8)
        GAME.apply(state, Reveal("Ann", "frozen_yogurt_11"))
