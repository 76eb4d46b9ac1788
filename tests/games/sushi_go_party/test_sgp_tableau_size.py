"""Scoring mode: the size of a tableau (``docs/RULINGS.md`` P12) and what the tableaux entered so
far may hold together (P11), checked as each one is entered, naming every player involved.

Every turn adds one card to each table (used chopsticks and spoons go back into a hand), so a
tableau holds at most the cards dealt; it holds fewer only by the cards that leave the table
(take-out boxes, special orders with nothing to copy, spoons that find nothing, misos discarded,
uramaki scored during the round).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from companion.games.base import IllegalAction
from companion.games.sushi_go_party.actions import EnterTableau
from companion.games.sushi_go_party.events import RoundScored
from companion.games.sushi_go_party.menus import PRESETS
from companion.games.sushi_go_party.state import GameState
from companion.games.sushi_go_party.table_size import size_range
from companion.games.sushi_go_party.tableau import Tableau, cached_deck, check_round

from .helpers import carte, new_game, of_kind, play, refused
from .test_sgp_properties import SEEDS, simulate, tables

NINE = ("tempura",) * 2 + ("sashimi",) * 3 + ("dumpling",) * 4  # 9 cards, no wasabi
NO_MISO = ("tempura", "sashimi", "dumpling")


def scoring(menu: str | dict[str, Any] = "sushi_go", n: int = 4) -> GameState:
    """Four players: 9 cards dealt."""
    return new_game(n, menu, mode="scoring")


# ------------------------------------------------------------------ one tableau


def test_an_empty_tableau_is_refused_naming_the_player_and_the_cards_dealt() -> None:
    refused(scoring(), EnterTableau("Dan"), "Dan's tableau has 0 cards",
            "with 9 cards dealt it holds 9", "used chopsticks and spoons go back into a hand")
    state, _ = play(scoring(), EnterTableau("Dan", cards=NINE))
    assert state.entered[3] == Tableau.of(*NINE)


@pytest.mark.parametrize("size", [1, 6, 8])
def test_a_tableau_short_of_the_deal_is_refused_when_no_card_of_the_menu_leaves_the_table(
    size: int,
) -> None:
    refused(scoring(), EnterTableau("Ann", cards=NINE[:size]),
            f"Ann's tableau has {size} card", "it holds 9")


def test_chopsticks_never_give_a_tableau_more_cards_than_were_dealt() -> None:
    thirteen = (*NINE, "chopsticks_1", "chopsticks_2", "maki_1", "maki_2")
    refused(scoring(), EnterTableau("Ann", cards=thirteen), "Ann's tableau has 13 cards",
            "it holds 9")
    refused(scoring(), EnterTableau("Ann", cards=thirteen[:10]), "has 10 cards")


def test_a_nigiri_on_a_wasabi_and_the_wasabi_are_two_cards() -> None:
    seven = NINE[:7]
    play(scoring(), EnterTableau("Ann", cards=(*seven, "wasabi"), on_wasabi=("squid_nigiri",)))
    refused(scoring(), EnterTableau("Ann", cards=(*seven, "wasabi")), "has 8 cards")


def test_take_out_boxes_and_special_orders_with_nothing_to_copy_may_leave_the_table() -> None:
    menu = carte(appetizers=NO_MISO, specials=("takeout_box", "special_order"))
    play(scoring(menu), EnterTableau("Ann", cards=NINE[:3]))
    refused(scoring(menu), EnterTableau("Ann", cards=NINE[:2]), "Ann's tableau has 2 cards",
            "it holds 3 to 9", "take-out boxes (up to 3)", "special orders discarded (up to 3)")


def test_a_special_order_on_the_table_cannot_also_have_left_it() -> None:
    menu = carte(appetizers=NO_MISO, specials=("takeout_box", "special_order"))
    refused(scoring(menu),
            EnterTableau("Ann", cards=NINE[:2], special_orders=("tempura",) * 3),
            "has 5 cards", "it holds 6 to 9", "only take-out boxes (up to 3) leave it")


def test_a_spoon_that_finds_nobody_holding_the_card_leaves_the_table() -> None:
    menu = carte(appetizers=NO_MISO, specials=("spoon", "wasabi"))
    play(scoring(menu), EnterTableau("Ann", cards=NINE[:6]))
    refused(scoring(menu), EnterTableau("Ann", cards=NINE[:5]), "it holds 6 to 9",
            "spoons that found nothing (up to 3)")


def test_misos_discarded_one_card_a_turn_need_another_miso_each_so_at_most_half_leave() -> None:
    """My First Meal has neither chopsticks nor a spoon: 8 misos, at most 4 of one player's."""
    play(scoring("my_first_meal"), EnterTableau("Ann", cards=NINE[:5]))
    refused(scoring("my_first_meal"), EnterTableau("Ann", cards=NINE[:4]), "it holds 5 to 9",
            "misos discarded (up to 4)")
    refused(scoring("my_first_meal"),
            EnterTableau("Ann", cards=(*NINE[:3], "miso_soup", "miso_soup")), "it holds 6 to 9")


def test_misos_with_a_spoon_on_the_menu_may_all_leave_one_table() -> None:
    """Cutthroat Combo: a spoon brings a second card on a turn, so two misos of one player."""
    assert size_range(Tableau(), cached_deck(PRESETS["cutthroat_combo"].menu, 4)).least == 0


def test_uramaki_scored_during_the_round_leave_the_table_six_cards_at_most_a_place() -> None:
    """Points Platter, 3 players: 10 cards dealt; at most 9 icons (3 cards) before the turn that
    reaches 10, and 3 cards on that turn (revealed, chopsticks', spoon's)."""
    menu = "points_platter"
    six = ("dumpling",) * 4 + ("onigiri_circle", "onigiri_square")
    refused(scoring(menu, 3), EnterTableau("Ann", cards=six), "it holds 7 to 10",
            "special orders discarded (up to 3)")
    play(scoring(menu, 3), EnterTableau("Ann", cards=six[:1], uramaki_places=(1,)))
    refused(scoring(menu, 3), EnterTableau("Ann", uramaki_places=(1,)), "it holds 1 to 10",
            "uramaki scored (up to 6)")
    play(scoring(menu, 3), EnterTableau("Ann", uramaki_places=(1, 2)))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(seed=SEEDS, table=tables())
def test_every_simulated_tableau_holds_a_number_of_cards_the_rule_allows(
    seed: int, table: tuple[int, Any]
) -> None:
    final = simulate(seed, *table, keep_states=False).final
    deck = final.deck_info
    for tableaux in final.rounds:
        for tableau in tableaux:
            allowed = size_range(tableau, deck)
            assert allowed.least <= len(tableau.physical()) <= allowed.most == deck.deal


# ------------------------------------------------------------------ the tableaux so far


def two_wasabi(rest: tuple[str, ...] = NINE[:5]) -> tuple[str, ...]:
    return ("wasabi", "wasabi", *rest, "squid_nigiri", "egg_nigiri")


def test_more_copies_than_the_deck_are_refused_at_entry_naming_every_player_holding_them() -> None:
    state, _ = play(scoring(), EnterTableau("Ann", cards=two_wasabi()))
    refused(state, EnterTableau("Ben", cards=two_wasabi()),
            "4 x Wasabi on the table this round, but the deck for 4 players holds 3: "
            "Ann 2, Ben 2")
    assert state.entered[1] is None
    one_wasabi = ("wasabi", *NINE[:6], "squid_nigiri", "egg_nigiri")
    state, _ = play(state, EnterTableau("Ann", cards=one_wasabi),
                    EnterTableau("Ben", cards=two_wasabi(NINE[4:])),
                    EnterTableau("Cat", cards=("maki_1",) * 4 + ("maki_2",) * 5),
                    EnterTableau("Dan", cards=("maki_3",) * 3 + ("tempura",) * 6))
    assert state.round == 2 and state.entered == (None,) * 4


def test_dessert_cards_over_those_shuffled_in_are_refused_at_entry_naming_the_players() -> None:
    """Round 1 with 4 players shuffles in 5 desserts."""
    state, _ = play(scoring(), EnterTableau("Ann", cards=("pudding",) * 3 + NINE[:6]))
    refused(state, EnterTableau("Cat", cards=("pudding",) * 3 + NINE[:6]),
            "the players hold 6 dessert cards, but only 5 were shuffled in so far: Ann 3, Cat 3")


def test_desserts_kept_from_earlier_rounds_count_for_their_player() -> None:
    """Two players: 5 desserts shuffled in for round 1 and 3 more for round 2."""
    state, events = play(
        scoring(n=2),
        EnterTableau("Ann", cards=(*("pudding",) * 4, *("dumpling",) * 6)),
        EnterTableau("Ben", cards=(*("tempura",) * 4, *("sashimi",) * 6)),
    )
    assert of_kind(events, RoundScored)
    refused(state, EnterTableau("Ben", cards=(*("pudding",) * 5, *("dumpling",) * 5)),
            "the players hold 9 dessert cards, but only 8 were shuffled in so far: Ann 4, Ben 5")


def test_a_whole_round_over_the_deck_names_every_player_holding_the_card() -> None:
    menu = PRESETS["sushi_go"].menu
    ann, ben, cat = Tableau.of(*two_wasabi()), Tableau.of(*NINE), Tableau.of(*two_wasabi())
    with pytest.raises(IllegalAction, match=r"4 x Wasabi on the table this round.*: Ann 2, Cat 2"):
        check_round([ann, ben, cat], menu, ["Ann", "Ben", "Cat"])
