"""Menus and setup tables against REFERENCE 1.2 and 1.3."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from companion.games.base import IllegalAction, UnreadableInput
from companion.games.sushi_go_party.cards import TYPE_COUNTS, CardType, Category, types_in
from companion.games.sushi_go_party.menus import (
    PRESETS,
    Menu,
    check_menu,
    check_menu_for,
    deal_size,
    deck_for,
    dessert_schedule,
    menu_from_json,
    menu_to_json,
    player_range,
)

C = CardType

PRESET_CONTENTS = {
    "my_first_meal": (
        C.MAKI,
        {C.TEMPURA, C.SASHIMI, C.MISO_SOUP},
        {C.WASABI, C.TEA},
        C.GREEN_TEA_ICE_CREAM,
    ),
    "sushi_go": (C.MAKI, {C.TEMPURA, C.SASHIMI, C.DUMPLING}, {C.CHOPSTICKS, C.WASABI}, C.PUDDING),
    "party_sampler": (
        C.TEMAKI,
        {C.TEMPURA, C.DUMPLING, C.TOFU},
        {C.WASABI, C.MENU},
        C.GREEN_TEA_ICE_CREAM,
    ),
    "master_menu": (C.TEMAKI, {C.ONIGIRI, C.TOFU, C.SASHIMI}, {C.SPOON, C.TAKEOUT_BOX}, C.FRUIT),
    "points_platter": (
        C.URAMAKI,
        {C.ONIGIRI, C.DUMPLING, C.EDAMAME},
        {C.SPECIAL_ORDER, C.TEA},
        C.GREEN_TEA_ICE_CREAM,
    ),
    "cutthroat_combo": (C.TEMAKI, {C.EEL, C.TOFU, C.MISO_SOUP}, {C.SPOON, C.SOY_SAUCE}, C.PUDDING),
    "big_banquet": (
        C.MAKI,
        {C.TEMPURA, C.DUMPLING, C.EEL},
        {C.SPOON, C.CHOPSTICKS},
        C.GREEN_TEA_ICE_CREAM,
    ),
    "dinner_for_two": (
        C.URAMAKI,
        {C.ONIGIRI, C.TOFU, C.MISO_SOUP},
        {C.MENU, C.SPECIAL_ORDER},
        C.FRUIT,
    ),
}

PRESET_PLAYERS = {
    "my_first_meal": (2, 8),
    "sushi_go": (2, 8),
    "party_sampler": (2, 6),  # Menu
    "master_menu": (3, 8),  # Spoon
    "points_platter": (3, 6),  # Edamame and Special Order
    "cutthroat_combo": (3, 8),  # Spoon
    "big_banquet": (3, 8),  # Spoon
    "dinner_for_two": (2, 6),  # Menu and Special Order
}


def test_eight_presets_in_rulebook_order() -> None:
    assert list(PRESETS) == list(PRESET_CONTENTS)
    assert PRESETS["sushi_go"].name == "Sushi Go!"
    assert PRESETS["cutthroat_combo"].name_fr == "Surprise du chef"


@pytest.mark.parametrize("preset_id", list(PRESET_CONTENTS))
def test_preset_menu_contents(preset_id: str) -> None:
    roll, appetizers, specials, dessert = PRESET_CONTENTS[preset_id]
    menu = PRESETS[preset_id].menu
    assert (menu.roll, set(menu.appetizers), set(menu.specials), menu.dessert) == (
        roll,
        appetizers,
        specials,
        dessert,
    )
    assert menu.types[0] is C.NIGIRI


@pytest.mark.parametrize("preset_id", list(PRESET_PLAYERS))
def test_preset_menus_are_valid_for_their_player_counts(preset_id: str) -> None:
    menu = PRESETS[preset_id].menu
    check_menu(menu)
    low, high = PRESET_PLAYERS[preset_id]
    assert player_range(menu) == (low, high)
    for players in range(2, 9):
        if low <= players <= high:
            check_menu_for(menu, players)
        else:
            with pytest.raises(IllegalAction, match="only with"):
                check_menu_for(menu, players)


A_LA_CARTE = Menu(
    roll=C.URAMAKI,
    appetizers=(C.EEL, C.EDAMAME, C.MISO_SOUP),
    specials=(C.SOY_SAUCE, C.TAKEOUT_BOX),
    dessert=C.FRUIT,
)

BAD_MENUS = [
    pytest.param(
        dataclasses.replace(A_LA_CARTE, roll=C.TEMPURA),
        "A menu's roll must be one of Maki, Temaki, Uramaki; Tempura is an appetizer",
        id="1 roll: the roll slot takes a roll",
    ),
    pytest.param(
        dataclasses.replace(A_LA_CARTE, appetizers=(C.EEL, C.EDAMAME)),
        "A menu has 3 appetizers, not 2",
        id="3 appetizers: not 2",
    ),
    pytest.param(
        dataclasses.replace(A_LA_CARTE, appetizers=(C.EEL, C.TOFU, C.TEMPURA, C.SASHIMI)),
        "A menu has 3 appetizers, not 4",
        id="3 appetizers: not 4",
    ),
    pytest.param(
        dataclasses.replace(A_LA_CARTE, appetizers=(C.EEL, C.EEL, C.TOFU)),
        "A menu has 3 different appetizers; Eel is there twice",
        id="3 appetizers: all different",
    ),
    pytest.param(
        dataclasses.replace(A_LA_CARTE, appetizers=(C.EEL, C.WASABI, C.TOFU)),
        "A menu's appetizer must be one of .*; Wasabi is a special",
        id="3 appetizers: a special is not an appetizer",
    ),
    pytest.param(
        dataclasses.replace(A_LA_CARTE, specials=(C.TEA,)),
        "A menu has 2 specials, not 1",
        id="2 specials: not 1",
    ),
    pytest.param(
        dataclasses.replace(A_LA_CARTE, specials=(C.TEA, C.TEA)),
        "A menu has 2 different specials; Tea is there twice",
        id="2 specials: all different",
    ),
    pytest.param(
        dataclasses.replace(A_LA_CARTE, specials=(C.TEA, C.PUDDING)),
        "A menu's special must be one of .*; Pudding is a dessert",
        id="2 specials: a dessert is not a special",
    ),
    pytest.param(
        dataclasses.replace(A_LA_CARTE, dessert=C.TEMAKI),
        "A menu's dessert must be one of Pudding, Green Tea Ice Cream, Fruit; Temaki is a roll",
        id="1 dessert: a roll is not a dessert",
    ),
    pytest.param(
        dataclasses.replace(A_LA_CARTE, roll=C.NIGIRI),
        "Nigiri is on every menu already; it cannot be the roll",
        id="Nigiri is always in and fills no other slot",
    ),
]


@pytest.mark.parametrize(("menu", "reason"), BAD_MENUS)
def test_a_la_carte_composition_is_enforced(menu: Menu, reason: str) -> None:
    with pytest.raises(IllegalAction, match=reason):
        check_menu(menu)


def test_a_la_carte_menu_is_accepted() -> None:
    check_menu(A_LA_CARTE)
    assert player_range(A_LA_CARTE) == (3, 8)


@pytest.mark.parametrize(
    ("card_type", "low", "high"),
    [(C.MENU, 2, 6), (C.SPECIAL_ORDER, 2, 6)],
)
def test_menu_and_special_order_only_with_2_to_6_players(
    card_type: CardType, low: int, high: int
) -> None:
    menu = dataclasses.replace(
        A_LA_CARTE, appetizers=(C.EEL, C.TOFU, C.MISO_SOUP), specials=(C.TEA, card_type)
    )
    for players in range(2, 9):
        if players <= 6:
            check_menu_for(menu, players)
        else:
            with pytest.raises(IllegalAction, match=f"only with {low} to {high} players"):
                check_menu_for(menu, players)


@pytest.mark.parametrize(
    "menu",
    [
        dataclasses.replace(
            A_LA_CARTE, specials=(C.TEA, C.SPOON), appetizers=(C.EEL, C.TOFU, C.TEMPURA)
        ),
        dataclasses.replace(A_LA_CARTE, specials=(C.TEA, C.WASABI)),  # has edamame
    ],
    ids=["Spoon only with 3-8 players", "Edamame only with 3-8 players"],
)
def test_spoon_and_edamame_only_with_3_to_8_players(menu: Menu) -> None:
    with pytest.raises(IllegalAction, match="only with 3 to 8 players, not 2"):
        check_menu_for(menu, 2)
    for players in range(3, 9):
        check_menu_for(menu, players)


@pytest.mark.parametrize("players", [0, 1, 9])
def test_sushi_go_party_is_for_2_to_8_players(players: int) -> None:
    with pytest.raises(IllegalAction, match="played by 2 to 8 players"):
        check_menu_for(PRESETS["sushi_go"].menu, players)
    with pytest.raises(IllegalAction):
        deal_size(players)
    with pytest.raises(IllegalAction):
        dessert_schedule(players)


@pytest.mark.parametrize(
    ("players", "cards"), [(2, 10), (3, 10), (4, 9), (5, 9), (6, 8), (7, 8), (8, 7)]
)
def test_cards_dealt_2_3p_10_4_5p_9_6_7p_8_8p_7(players: int, cards: int) -> None:
    assert deal_size(players) == cards


@pytest.mark.parametrize(
    ("players", "schedule"),
    [*((p, (5, 3, 2)) for p in range(2, 6)), *((p, (7, 5, 3)) for p in range(6, 9))],
)
def test_desserts_per_round_2_5p_5_3_2_and_6_8p_7_5_3(
    players: int, schedule: tuple[int, int, int]
) -> None:
    assert dessert_schedule(players) == schedule


def test_deck_of_sushi_go_menu_for_4_players() -> None:
    deck = deck_for(PRESETS["sushi_go"].menu, 4)
    assert deck.deal == 9
    assert deck.main == {
        "egg_nigiri": 4,
        "salmon_nigiri": 5,
        "squid_nigiri": 3,
        "maki_1": 4,
        "maki_2": 5,
        "maki_3": 3,
        "tempura": 8,
        "sashimi": 8,
        "dumpling": 8,
        "chopsticks_1": 1,
        "chopsticks_2": 1,
        "chopsticks_3": 1,
        "wasabi": 3,
    }
    assert deck.main_size == 54
    assert deck.desserts == {"pudding": 15}
    assert deck.dessert_cards == 10
    assert deck.most("pudding") == 10
    assert deck.most("maki_2") == 5
    assert deck.most("tea") == 0


def test_with_2_to_5_players_5_fruit_cards_stay_out_unseen() -> None:
    deck = deck_for(PRESETS["master_menu"].menu, 5)
    assert sum(deck.desserts.values()) == 15
    assert deck.dessert_cards == 10
    assert deck.most("fruit_orange_pineapple") == 3
    big = deck_for(PRESETS["master_menu"].menu, 8)
    assert big.dessert_cards == 15 and big.schedule == (7, 5, 3)


def test_deck_for_refuses_an_invalid_menu() -> None:
    with pytest.raises(IllegalAction, match="Menu is played only with 2 to 6 players, not 7"):
        deck_for(PRESETS["party_sampler"].menu, 7)


@pytest.mark.parametrize("preset_id", list(PRESETS))
def test_every_menu_deck_is_54_cards_and_covers_a_round(preset_id: str) -> None:
    # Nigiri 12 + roll 12 + 3 appetizers x 8 + 2 specials x 3 = 54, whatever the menu.
    menu = PRESETS[preset_id].menu
    low, high = player_range(menu)
    for players in range(low, high + 1):
        deck = deck_for(menu, players)
        assert deck.main_size == 54
        assert deck.main_size + min(deck.schedule) >= players * deck.deal


def test_menu_categories_cover_all_types_once() -> None:
    every = [t for c in Category for t in types_in(c)]
    assert sorted(every) == sorted(CardType)
    assert sum(TYPE_COUNTS.values()) == 181


@pytest.mark.parametrize("preset_id", list(PRESETS))
def test_menu_json_round_trips(preset_id: str) -> None:
    menu = PRESETS[preset_id].menu
    assert menu_from_json(menu_to_json(menu)) == menu
    assert menu_from_json({"preset": preset_id}) == menu


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([], "must be a JSON object"),
        ({"preset": "omakase"}, "unknown menu 'omakase'"),
        ({"preset": 3}, "unknown menu 3"),
        ({"preset": "sushi_go", "roll": "maki"}, "'preset' alone"),
        ({"roll": "maki"}, "needs exactly"),
        ({**menu_to_json(A_LA_CARTE), "roll": "futomaki"}, "unknown card type 'futomaki'"),
        ({**menu_to_json(A_LA_CARTE), "specials": "tea"}, "'specials' must be a list"),
        (
            {**menu_to_json(A_LA_CARTE), "appetizers": [["eel"], "tofu", "sashimi"]},
            "unknown card type",
        ),
    ],
)
def test_unreadable_menus(data: Any, reason: str) -> None:
    with pytest.raises(UnreadableInput, match=reason):
        menu_from_json(data)


def test_json_reads_but_does_not_judge() -> None:
    menu = menu_from_json({**menu_to_json(A_LA_CARTE), "specials": ["tea"]})
    with pytest.raises(IllegalAction, match="2 specials, not 1"):
        check_menu(menu)
