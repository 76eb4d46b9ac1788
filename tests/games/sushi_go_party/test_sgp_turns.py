"""Turn-by-turn play (seed 001 "Tour de jeu", "Fin de manche", "Fin du jeu"; REFERENCE 1.3 and
1.6): one card per player per turn, chopsticks, what the deck can hold, hand sizes, the round
end and the desserts kept to the game end, and what each mode accepts."""

from __future__ import annotations

import pytest

from companion.games.base import UnreadableInput
from companion.games.sushi_go_party import GAME
from companion.games.sushi_go_party.actions import (
    Deal,
    EnterTableau,
    Flip,
    MenuDraw,
    MenuPick,
    Reveal,
    SpoonGive,
)
from companion.games.sushi_go_party.events import (
    CardPlayed,
    Discarded,
    GameOver,
    RoundScored,
    RoundStarted,
    TurnEnded,
)
from companion.games.sushi_go_party.state import Phase

from .helpers import FILLERS, finish_round, new_game, of_kind, play, points, refused, table, turn

# ------------------------------------------------------------------ one card per player per turn


def test_everyone_chooses_one_card_and_the_turn_ends_when_all_have_revealed() -> None:
    state = new_game(3)
    state, events = play(state, Reveal("Cat", "tempura"), Reveal("Ann", "sashimi"))
    assert state.turn == 1 and not of_kind(events, TurnEnded)
    state, events = play(state, Reveal("Ben", "dumpling"))
    assert of_kind(events, TurnEnded) == [TurnEnded(round=1, turn=1)]
    assert (state.turn, state.phase) == (2, Phase.REVEAL)
    assert table(state, "Ann") == ["sashimi"] and table(state, "Cat") == ["tempura"]


def test_a_player_reveals_one_card_per_turn() -> None:
    state, _ = play(new_game(3), Reveal("Ann", "tempura"))
    refused(state, Reveal("Ann", "sashimi"), "Ann already revealed this turn")


def test_a_card_type_not_on_the_menu_is_not_in_the_deck() -> None:
    refused(new_game(3, "sushi_go"), Reveal("Ann", "tofu"), "Tofu is not on this menu")


def test_a_card_id_that_is_no_card_is_unreadable() -> None:
    with pytest.raises(UnreadableInput, match="no Sushi Go Party! card 'sushi'"):
        GAME.apply(new_game(3), Reveal("Ann", "sushi"))


def test_a_name_not_at_the_table_is_refused() -> None:
    refused(new_game(3), Reveal("Zed", "tempura"), "'Zed' is not at this table")


# ------------------------------------------------------------------ what the deck holds


def test_no_more_copies_of_a_card_than_the_deck_holds_a_fourth_squid_nigiri() -> None:
    state, _ = turn(new_game(3), "squid_nigiri", "squid_nigiri", "squid_nigiri")
    refused(
        state,
        Reveal("Ann", "squid_nigiri"),
        "one more Squid Nigiri would make 4",
        "the deck for 3 players holds 3",
    )
    turn(state, "salmon_nigiri", "egg_nigiri", "tempura")  # other nigiri are still there


def test_cards_discarded_this_round_still_count_against_the_deck() -> None:
    state = new_game(3, "my_first_meal")
    for _ in range(4):  # 8 miso soups, all discarded two by two
        state, _ = turn(state, "miso_soup", "miso_soup", "tempura")
    assert state.discards.count("miso_soup") == 8
    refused(state, Reveal("Ann", "miso_soup"), "one more Miso Soup would make 9", "holds 8")


def test_dessert_cards_beyond_those_shuffled_in_so_far_are_refused() -> None:
    """2-5 players shuffle in 5 / 3 / 2 desserts: 5 by round 1, 8 by round 2."""
    state, _ = turn(new_game(3), "pudding", "pudding", "pudding")
    state, _ = turn(state, "pudding", "pudding", "tempura")
    refused(state, Reveal("Ann", "pudding"), "one more dessert card would make 6",
            "only 5 were shuffled in by round 1")
    state, _ = finish_round(state)
    assert state.round == 2
    state, _ = turn(state, "pudding", "pudding", "pudding")
    refused(state, Reveal("Ann", "pudding"), "would make 9", "only 8 were shuffled in by round 2")


def test_six_to_eight_players_shuffle_in_seven_desserts_in_round_1() -> None:
    state = new_game(6, "big_banquet")
    state, _ = turn(state, *["green_tea_ice_cream"] * 6)
    state, _ = play(state, Reveal("Ann", "green_tea_ice_cream"))
    refused(state, Reveal("Ben", "green_tea_ice_cream"), "would make 8",
            "only 7 were shuffled in by round 1")


# ------------------------------------------------------------------ chopsticks


def test_two_cards_only_with_chopsticks_on_the_table() -> None:
    state = new_game(3)
    refused(state, Reveal("Ann", "tempura", second="sashimi"),
            "two cards need chopsticks on the table from an earlier turn")


def test_chopsticks_do_nothing_on_the_turn_they_are_played() -> None:
    refused(new_game(3), Reveal("Ann", "chopsticks_1", second="tempura"),
            "two cards need chopsticks on the table from an earlier turn")


def test_chopsticks_from_an_earlier_turn_play_two_cards_then_go_back_to_the_hand() -> None:
    state, _ = turn(new_game(3), "chopsticks_1", "tempura", "tempura")
    state, events = turn(state, Reveal("Ann", "sashimi", second="dumpling"), "tempura", "tempura")
    assert table(state, "Ann") == ["sashimi", "dumpling"]
    assert of_kind(events, CardPlayed)[:2] == [
        CardPlayed("Ann", "sashimi", "sashimi", "reveal"),
        CardPlayed("Ann", "dumpling", "dumpling", "chopsticks"),
    ]
    assert Discarded("Ann", "chopsticks_1", "chopsticks go back into the hand") in events
    assert "chopsticks_1" not in state.discards
    # back in a hand, so the card can be played again by whoever holds it
    state, _ = turn(state, "tempura", "chopsticks_1", "sashimi")
    assert table(state, "Ben")[-1] == "chopsticks_1"


def test_the_chopsticks_used_are_not_one_of_the_two_cards_they_play() -> None:
    """They go back into the hand after both cards are down (found by mutation testing: the
    only Chopsticks (1) of the deck was accepted as the first of its own two cards)."""
    state, _ = turn(new_game(3), "chopsticks_1", "tempura", "tempura")
    refused(state, Reveal("Ann", "chopsticks_1", second="sashimi"),
            "one more Chopsticks (1) would make 2", "holds 1")
    refused(state, Reveal("Ann", "sashimi", second="chopsticks_1"),
            "one more Chopsticks (1) would make 2")


def test_chopsticks_name_the_corner_used_or_the_lowest() -> None:
    state, _ = turn(new_game(3), "chopsticks_3", "tempura", "tempura")
    state, _ = turn(state, "chopsticks_1", "tempura", "tempura")
    refused(state, Reveal("Ann", "sashimi", second="sashimi", chopsticks=2),
            "chopsticks on the table from an earlier turn (corner 2)")
    state, events = turn(state, Reveal("Ann", "sashimi", second="sashimi", chopsticks=3),
                         "sashimi", "sashimi")
    assert Discarded("Ann", "chopsticks_3", "chopsticks go back into the hand") in events
    assert table(state, "Ann") == ["chopsticks_1", "sashimi", "sashimi"]
    state, events = turn(state, Reveal("Ann", "dumpling", second="dumpling"), "dumpling",
                         "dumpling")
    assert Discarded("Ann", "chopsticks_1", "chopsticks go back into the hand") in events


def test_chopsticks_are_impossible_on_the_last_turn_with_one_card_in_hand() -> None:
    state, _ = turn(new_game(3), "chopsticks_1", "tempura", "tempura")
    for _ in range(8):
        state, _ = turn(state, "dumpling" if state.turn < 6 else "egg_nigiri", "sashimi",
                        "maki_1" if state.turn < 6 else "maki_2")
    assert (state.turn, state.hand_size) == (10, 1)
    refused(state, Reveal("Ann", "tempura", second="sashimi"),
            "2 cards played but the hands hold 1 this turn")
    assert all(len(r.second) == 0 for r in GAME.legal_actions(state) if isinstance(r, Reveal))


def test_chopsticks_need_the_second_card() -> None:
    state, _ = turn(new_game(3), "chopsticks_1", "tempura", "tempura")
    refused(state, Reveal("Ann", "sashimi", chopsticks=1), "chopsticks need the second card")


# ------------------------------------------------------------------ hand sizes and the round end


def test_hands_shrink_by_one_card_a_turn_and_the_round_ends_after_the_deal() -> None:
    """2-3 players are dealt 10 cards: 10 turns, then the round is scored."""
    state = new_game(3)
    assert (state.deck_info.deal, state.hand_size) == (10, 10)
    state, _ = turn(state, "tempura", "sashimi", "dumpling")
    assert state.hand_size == 9
    state, events = finish_round(state)
    assert of_kind(events, TurnEnded)[-1] == TurnEnded(round=1, turn=10)
    assert of_kind(events, RoundStarted) == [RoundStarted(round=2, deal=10, desserts=3)]
    assert (state.round, state.turn, state.hand_size) == (2, 1, 10)


@pytest.mark.parametrize(("n", "deal"), [(2, 10), (4, 9), (5, 9), (7, 8), (8, 7)])
def test_cards_dealt_follow_the_player_count(n: int, deal: int) -> None:
    menu = "sushi_go" if n <= 5 else "big_banquet"
    state = new_game(n, menu)
    assert state.hand_size == deal
    state, events = finish_round(state)
    assert len(of_kind(events, TurnEnded)) == deal and state.round == 2


def test_the_round_is_scored_from_the_tables_and_a_new_round_starts_empty() -> None:
    state, _ = turn(new_game(3), "tempura", "sashimi", "squid_nigiri")
    state, _ = turn(state, "tempura", "sashimi", "dumpling")
    state, events = finish_round(state, [c for c in FILLERS if c != "tempura"])
    (scored,) = of_kind(events, RoundScored)
    assert scored.round == 1
    assert state.round_points == (scored.points,)
    sheet = GAME.score(state).to_json()
    assert [p["total"] for p in sheet["players"]] == list(scored.points)
    assert points(sheet, "Ann", "tempura") == 5
    assert all(not s.table for s in state.seats) and state.discards == ()


def test_desserts_are_kept_to_the_game_end_and_scored_then() -> None:
    """Pudding: the most +6, the fewest (none included) -6, at the end of the game only."""
    state, _ = turn(new_game(3), "pudding", "pudding", "tempura")
    state, _ = turn(state, "pudding", "tempura", "tempura")
    state, events = finish_round(state)
    (scored,) = of_kind(events, RoundScored)
    sheet = GAME.score(state).to_json()
    assert points(sheet, "Ann", "pudding") == 6  # the provisional game score counts them
    assert points(sheet, "Cat", "pudding") == -6
    assert [sum(line["points"] for line in p["breakdown"] if "round 1" in line["detail"])
            for p in sheet["players"]] == list(scored.points)
    # round 2: the puddings kept still count against the deck and the dessert schedule
    state, _ = turn(state, "pudding", "pudding", "pudding")
    state, _ = play(state, Reveal("Ann", "pudding"), Reveal("Ben", "pudding"))
    refused(state, Reveal("Cat", "pudding"), "would make 9", "only 8 were shuffled in")
    state, _ = finish_round(state, [c for c in FILLERS if c != "pudding"])
    state, events = finish_round(state)
    assert GAME.is_over(state) and state.phase is Phase.OVER
    (over,) = of_kind(events, GameOver)
    final = GAME.score(state).to_json()
    assert points(final, "Ann", "pudding") == 6 and points(final, "Cat", "pudding") == -6
    assert list(over.totals) == [p["total"] for p in final["players"]]


def test_the_game_lasts_three_rounds_and_nothing_is_accepted_after() -> None:
    state = new_game(2, "sushi_go")
    for expected in (2, 3):
        state, _ = finish_round(state)
        assert state.round == expected
    state, _ = finish_round(state)
    assert state.phase is Phase.OVER and len(state.rounds) == 3
    refused(state, Reveal("Ann", "tempura"), "a reveal is not expected now")


# ------------------------------------------------------------------ modes


def test_a_reveal_is_refused_in_scoring_mode() -> None:
    refused(new_game(3, mode="scoring"), Reveal("Ann", "tempura"),
            "'reveal' is not used in scoring mode")


def test_a_tableau_is_refused_in_turn_by_turn_mode() -> None:
    refused(new_game(3), EnterTableau("Ann", cards=("tempura",)),
            "'enter_tableau' is not used in turn-by-turn mode")


def test_the_deal_and_a_menus_draw_are_simulation_only() -> None:
    refused(new_game(3), Deal((), ()), "'deal' is not used in turn-by-turn mode")
    refused(new_game(3), MenuDraw(()), "'menu_draw' is not used in turn-by-turn mode")


def test_bonus_answers_wait_for_their_bonus() -> None:
    state = new_game(3)
    refused(state, SpoonGive(), "a spoon's answer is not expected now")
    refused(state, MenuPick("tempura"), "a menu's pick is not expected now")
    refused(state, Flip(()), "a take-out box's flip is not expected now")


def test_an_unknown_mode_is_unreadable() -> None:
    with pytest.raises(UnreadableInput, match="option 'mode' cannot be 'live'"):
        new_game(3, mode="live")


def test_simulation_starts_with_the_deal_of_known_hands() -> None:
    state = new_game(2, "sushi_go", mode="simulation")
    assert state.phase is Phase.DEAL
    refused(state, Reveal("Ann", "tempura"), "a reveal is not expected now")
    refused(state, Deal(("pudding",) * 4, ()), "round 1 shuffles in 5 dessert cards, not 4")
    refused(state, Deal(("pudding",) * 5, ("tempura",) * 19), "2 hands of 10 cards make 20")
    refused(state, Deal(("pudding",) * 5, ("tempura",) * 20),
            "those hands hold cards that are not in the deck")
    hands = ("tempura",) * 8 + ("sashimi",) * 8 + ("pudding",) * 4
    state, events = play(state, Deal(("pudding",) * 5, hands))
    assert events == [RoundStarted(round=1, deal=10, desserts=5)]
    assert state.seats[0].hand == hands[:10] and state.seats[1].hand == hands[10:]
    refused(state, Reveal("Ann", "pudding"), "Ann has no Pudding in hand")
    state, _ = play(state, Reveal("Ann", "tempura"), Reveal("Ben", "pudding"))
    assert state.seats[1].hand[:2] == ("tempura", "tempura")  # hands passed to the left
    assert len(state.seats[0].hand) == len(state.seats[1].hand) == 9


def test_used_chopsticks_travel_with_the_hand_they_went_back_into() -> None:
    """Seed 001: the chopsticks go back into the hand before it is passed left, so next turn
    they are in the left neighbour's hand, and nobody else can reveal them."""
    state, _ = turn(new_game(3), "chopsticks_1", "tempura", "tempura")
    state, _ = turn(state, Reveal("Ann", "sashimi", second="dumpling"), "tempura", "tempura")
    refused(state, Reveal("Ann", "chopsticks_1"), "Chopsticks (1)", "Ben holds it now")
    refused(state, Reveal("Cat", "chopsticks_1"), "Ben holds it now")
    state, _ = turn(state, "tempura", "sashimi", "sashimi")
    # one turn later the hand is Cat's
    refused(state, Reveal("Ben", "chopsticks_1"), "Cat holds it now")
    state, _ = turn(state, "dumpling", "dumpling", "chopsticks_1")
    assert table(state, "Cat")[-1] == "chopsticks_1"


def test_history_lines_name_the_cards_as_printed() -> None:
    assert str(GAME.describe(Reveal("Ann", "squid_nigiri", second="special_order",
                                second_copies="squid_nigiri", ask="maki"))) == (
        "Ann revealed Squid Nigiri + Special Order copying Squid Nigiri (chopsticks), "
        "spoon asks for Maki"
    )
    assert str(GAME.describe(SpoonGive())) == "Nobody had what the spoon asked for"
    assert str(GAME.describe(EnterTableau("Ben", cards=("tempura", "wasabi"),
                                      on_wasabi=("egg_nigiri",)))) == "Ben's tableau: 3 cards"
