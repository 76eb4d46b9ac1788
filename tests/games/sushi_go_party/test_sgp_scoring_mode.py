"""Scoring mode: each player's tableau entered at round end (``docs/RULINGS.md`` P11). A tableau
that cannot exist is refused with the card and the rule; a tableau may be entered again until
the last one arrives; then the round is checked as a whole and scored, or that last entry is
refused and nothing changes."""

from __future__ import annotations

from typing import Any

from companion.games.sushi_go_party import GAME
from companion.games.sushi_go_party.actions import EnterTableau, Reveal
from companion.games.sushi_go_party.events import GameOver, RoundScored, TableauEntered
from companion.games.sushi_go_party.state import GameState, Phase
from companion.games.sushi_go_party.tableau import SpecialOrder, Tableau

from .helpers import carte, new_game, of_kind, play, points, refused


def scoring(menu: str | dict[str, Any] = "sushi_go", n: int = 3) -> GameState:
    return new_game(n, menu, mode="scoring")


# ------------------------------------------------------------------ one tableau


def test_a_tableau_with_a_fourth_squid_nigiri_is_refused_naming_the_card() -> None:
    refused(
        scoring(),
        EnterTableau("Ann", cards=("squid_nigiri",) * 3 + ("wasabi",),
                     on_wasabi=("squid_nigiri",)),
        "4 x Squid Nigiri in Ann's tableau",
        "the deck for 3 players holds 3",
    )


def test_soy_sauce_is_refused_with_a_menu_without_it() -> None:
    refused(scoring(), EnterTableau("Ann", cards=("soy_sauce", "soy_sauce")),
            "Ann: Soy Sauce is not on this menu")


def test_a_special_order_with_nothing_to_copy_is_refused() -> None:
    refused(scoring("points_platter"), EnterTableau("Ann", special_orders=("dumpling",)),
            "the Special Order copying Dumpling: there is no Dumpling in the tableau to copy")


def test_a_special_order_is_refused_with_a_menu_without_special_orders() -> None:
    refused(scoring(), EnterTableau("Ann", cards=("tempura",), special_orders=("tempura",)),
            "Special Order is not on this menu")


def test_a_copy_of_a_special_order_is_entered_as_the_card_it_copies() -> None:
    refused(scoring("points_platter"),
            EnterTableau("Ann", cards=("dumpling",), special_orders=("special_order",)),
            "give the card the first special order copies")


def test_a_nigiri_on_a_wasabi_needs_the_wasabi() -> None:
    refused(scoring(), EnterTableau("Ann", on_wasabi=("squid_nigiri",)),
            "Squid Nigiri is on a wasabi that isn't there")


def test_a_special_order_on_a_wasabi_is_listed_with_the_special_orders() -> None:
    state = scoring("points_platter")
    refused(state, EnterTableau("Ann", cards=("dumpling",),
                                special_orders_on_wasabi=("dumpling",)),
            "more special orders on wasabi than special orders")


def test_a_menu_or_a_take_out_box_is_never_in_a_tableau() -> None:
    menu = carte(specials=("menu", "takeout_box"))
    refused(scoring(menu), EnterTableau("Ann", cards=("menu_7",)),
            "Menu (7) cannot be on the table at round end")


def test_a_tableau_for_someone_not_at_the_table_is_refused() -> None:
    refused(scoring(), EnterTableau("Zed", cards=("tempura",)), "'Zed' is not at this table")


# ------------------------------------------------------------------ entering a round


def test_a_tableau_entered_again_replaces_the_first() -> None:
    """Every tableau holds the 10 cards dealt (this menu has no card that leaves the table)."""
    first = ("tempura",) * 3 + ("dumpling",) * 4 + ("sashimi",) * 3
    again = ("tempura",) * 2 + ("dumpling",) * 4 + ("sashimi",) * 3 + ("egg_nigiri",)
    state, events = play(scoring(), EnterTableau("Ann", cards=first))
    assert events == [TableauEntered("Ann", 10)]
    state, _ = play(state, EnterTableau("Ann", cards=again))
    assert state.entered[0] == Tableau.of(*again)
    ben = ("sashimi",) * 3 + ("salmon_nigiri",) * 5 + ("egg_nigiri",) * 2
    cat = ("maki_2",) * 5 + ("maki_1",) * 4 + ("squid_nigiri",)
    state, _ = play(state, EnterTableau("Ben", cards=ben), EnterTableau("Cat", cards=cat))
    sheet = GAME.score(state).to_json()
    assert points(sheet, "Ann", "tempura") == 5
    assert state.round_points == ((5 + 10 + 10 + 1, 10 + 10 + 2, 6 + 3),)


def test_the_round_is_scored_when_the_last_tableau_arrives() -> None:
    state, events = play(
        scoring(),
        EnterTableau("Cat", cards=("maki_3", *("sashimi",) * 3, *("dumpling",) * 3,
                                   "tempura", "tempura", "chopsticks_1")),
        EnterTableau("Ann", cards=("maki_2", "squid_nigiri", "wasabi", "tempura", "tempura",
                                   *("dumpling",) * 3, "chopsticks_2"),
                     on_wasabi=("egg_nigiri",)),
    )
    assert not of_kind(events, RoundScored) and state.round == 1
    assert state.phase is Phase.ENTRY
    state, events = play(state, EnterTableau("Ben", cards=(
        "maki_1", *("sashimi",) * 3, "tempura", "tempura", "dumpling", "dumpling",
        "chopsticks_3", "salmon_nigiri")))
    assert of_kind(events, RoundScored) == [
        RoundScored(1, (3 + 3 + 3 + 5 + 6, 0 + 10 + 5 + 3 + 2, 6 + 10 + 6 + 5))]
    assert (state.round, state.phase, state.entered) == (2, Phase.ENTRY, (None, None, None))


def test_a_refused_last_tableau_changes_nothing() -> None:
    """Round 1 with 3 players shuffles in 5 desserts: a sixth is refused at the round's end."""
    state, _ = play(
        scoring(),
        EnterTableau("Ann", cards=(*("pudding",) * 3, "tempura", "tempura", *("sashimi",) * 3,
                                   "chopsticks_1", "dumpling")),
        EnterTableau("Ben", cards=("pudding", "pudding", "squid_nigiri", "squid_nigiri",
                                   "tempura", "tempura", *("sashimi",) * 3, "chopsticks_2")),
    )
    rest = ("tempura", "tempura", "sashimi", "sashimi", *("dumpling",) * 4)
    refused(state, EnterTableau("Cat", cards=("pudding", *rest, "egg_nigiri")),
            "the players hold 6 dessert cards", "only 5 were shuffled in")
    refused(state, EnterTableau("Cat", cards=("squid_nigiri", "squid_nigiri", *rest)),
            "4 x Squid Nigiri on the table this round", "holds 3")
    assert state.entered[2] is None and state.rounds == ()
    state, events = play(state, EnterTableau("Cat", cards=("squid_nigiri", *rest, "egg_nigiri")))
    assert of_kind(events, RoundScored) == [
        RoundScored(1, (0 + 5 + 10 + 1, 6 + 5 + 10, 3 + 5 + 10 + 1))]


def test_uramaki_places_claimed_during_the_round_follow_each_other() -> None:
    state, _ = play(
        scoring("points_platter"),
        EnterTableau("Ann", cards=("uramaki_5", *("dumpling",) * 4, "onigiri_circle",
                                   "onigiri_square"), uramaki_places=(2,)),
        EnterTableau("Ben", cards=("uramaki_3", *("dumpling",) * 4, "onigiri_triangle",
                                   "onigiri_rectangle")),
    )
    cat = ("onigiri_circle", "onigiri_square", "onigiri_triangle", "onigiri_rectangle",
           *("green_tea_ice_cream",) * 3)
    refused(state, EnterTableau("Cat", cards=cat),
            "uramaki place 2 cannot be scored before place 1")
    state, events = play(state, EnterTableau("Cat", cards=cat, uramaki_places=(1,)))
    assert of_kind(events, RoundScored) == [RoundScored(1, (5 + 2 + 14, 0 + 14, 8 + 16))]


def test_ten_uramaki_icons_left_while_a_place_is_open_are_refused() -> None:
    onigiri = ("onigiri_circle", "onigiri_square", "onigiri_triangle", "onigiri_rectangle")
    state, _ = play(scoring("points_platter"),
                    EnterTableau("Ann", cards=("uramaki_5", "uramaki_5", *("dumpling",) * 5)),
                    EnterTableau("Ben", cards=(*onigiri, *("dumpling",) * 3)))
    refused(state, EnterTableau("Cat", cards=(*onigiri, *("green_tea_ice_cream",) * 3)),
            "Ann: 10 uramaki icons on the table at round end", "reaching 10 scores at once")


def test_three_rounds_then_the_desserts_and_the_game_is_over() -> None:
    state = scoring()
    ann = ("pudding", *("sashimi",) * 3, *("dumpling",) * 3, "tempura", "tempura", "egg_nigiri")
    ben = (*("sashimi",) * 3, *("dumpling",) * 3, "tempura", "tempura", "egg_nigiri",
           "egg_nigiri")
    entries = [
        (("pudding", "pudding", "tempura", "tempura", *("sashimi",) * 3, *("dumpling",) * 3),
         ("pudding", *("sashimi",) * 3, *("dumpling",) * 3, "tempura", "tempura", "egg_nigiri"),
         (*("salmon_nigiri",) * 5, *("egg_nigiri",) * 3, "dumpling", "dumpling")),
        (ann, ben, (*("salmon_nigiri",) * 5, *("squid_nigiri",) * 3, "dumpling", "dumpling")),
        (ann, ben, ("pudding", *("salmon_nigiri",) * 5, *("squid_nigiri",) * 3, "dumpling")),
    ]
    for ann, ben, cat in entries:
        state, events = play(
            state,
            EnterTableau("Ann", cards=ann),
            EnterTableau("Ben", cards=ben),
            EnterTableau("Cat", cards=cat),
        )
    assert state.phase is Phase.OVER
    (over,) = of_kind(events, GameOver)
    sheet = GAME.score(state).to_json()
    assert [points(sheet, n, "pudding") for n in ("Ann", "Ben", "Cat")] == [6, -6, -6]
    assert list(over.totals) == [21 + 22 + 22 + 6, 22 + 23 + 23 - 6, 16 + 22 + 20 - 6]
    refused(state, EnterTableau("Ann"), "a tableau is not expected now")


def test_a_tableau_lists_special_orders_on_a_wasabi_by_what_they_copy() -> None:
    state, _ = play(
        scoring(carte(roll="uramaki", specials=("wasabi", "special_order"))),
        EnterTableau("Ann", cards=("squid_nigiri", "wasabi"), special_orders=("squid_nigiri",),
                     special_orders_on_wasabi=("squid_nigiri",)),
        EnterTableau("Ben", cards=("tempura", "sashimi")),
    )
    assert state.entered[0] == Tableau(
        cards=("squid_nigiri", "wasabi"),
        special_orders=(SpecialOrder("squid_nigiri", on_wasabi=True),),
    )
    state, events = play(state, EnterTableau("Cat", cards=("tempura", "sashimi")))
    assert of_kind(events, RoundScored) == [RoundScored(1, (3 + 9, 0, 0))]


def test_scoring_mode_takes_no_reveal() -> None:
    refused(scoring(), Reveal("Ann", "tempura"), "'reveal' is not used in scoring mode")
