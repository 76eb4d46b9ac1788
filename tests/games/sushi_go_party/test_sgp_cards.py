"""The Sushi Go Party! card catalogue against REFERENCE 1.1."""

from __future__ import annotations

import re

import pytest

from companion.games.sushi_go_party.cards import (
    BOX_TOTAL,
    CARDS,
    CARDS_BY_ID,
    COLOUR_NAMES,
    TYPE_COUNTS,
    VARIANTS,
    Background,
    CardType,
    Category,
    Fruit,
    OnigiriShape,
    background_of,
    box_counts,
    card,
    types_in,
)


def test_the_box_holds_181_cards() -> None:
    assert sum(c.count for c in CARDS) == BOX_TOTAL == 181
    assert sum(box_counts().values()) == 181


@pytest.mark.parametrize(
    ("card_type", "total"),
    [
        (CardType.NIGIRI, 12),
        (CardType.MAKI, 12),
        (CardType.TEMAKI, 12),
        (CardType.URAMAKI, 12),
        *[(t, 8) for t in types_in(Category.APPETIZER)],
        *[(t, 3) for t in types_in(Category.SPECIAL)],
        *[(t, 15) for t in types_in(Category.DESSERT)],
    ],
)
def test_cards_per_type(card_type: CardType, total: int) -> None:
    assert TYPE_COUNTS[card_type] == total


def test_category_sizes_eight_appetizers_eight_specials_three_desserts() -> None:
    assert types_in(Category.NIGIRI) == (CardType.NIGIRI,)
    assert types_in(Category.ROLL) == (CardType.MAKI, CardType.TEMAKI, CardType.URAMAKI)
    assert len(types_in(Category.APPETIZER)) == 8
    assert len(types_in(Category.SPECIAL)) == 8
    assert len(types_in(Category.DESSERT)) == 3


def test_ids_are_unique_and_lower_snake_case() -> None:
    ids = [c.id for c in CARDS]
    assert len(ids) == len(set(ids)) == len(CARDS_BY_ID) == 45
    assert all(re.fullmatch(r"[a-z]+(_[a-z0-9]+)*", i) for i in ids)


STABLE_IDS = """
    egg_nigiri salmon_nigiri squid_nigiri maki_1 maki_2 maki_3 uramaki_3 uramaki_4
    uramaki_5 temaki tempura sashimi dumpling eel tofu onigiri_circle onigiri_triangle
    onigiri_square onigiri_rectangle edamame miso_soup chopsticks_1 chopsticks_2
    chopsticks_3 spoon_4 spoon_5 spoon_6 menu_7 menu_8 menu_9 takeout_box_10 takeout_box_11
    takeout_box_12 wasabi soy_sauce tea special_order pudding green_tea_ice_cream
    fruit_watermelon_watermelon fruit_orange_orange fruit_pineapple_pineapple
    fruit_watermelon_orange fruit_watermelon_pineapple fruit_orange_pineapple
    """


def test_stable_ids() -> None:
    assert set(CARDS_BY_ID) == set(STABLE_IDS.split())


def test_nigiri_egg_4_salmon_5_squid_3_worth_1_2_3() -> None:
    assert [(c.id, c.count, c.nigiri_value) for c in VARIANTS[CardType.NIGIRI]] == [
        ("egg_nigiri", 4, 1),
        ("salmon_nigiri", 5, 2),
        ("squid_nigiri", 3, 3),
    ]


def test_maki_1_icon_x4_2_icons_x5_3_icons_x3() -> None:
    assert [(c.icons, c.count) for c in VARIANTS[CardType.MAKI]] == [(1, 4), (2, 5), (3, 3)]


def test_uramaki_d5_four_cards_each_of_3_4_5_icons_48_icons() -> None:
    assert [(c.icons, c.count) for c in VARIANTS[CardType.URAMAKI]] == [(3, 4), (4, 4), (5, 4)]
    assert sum(c.icons * c.count for c in VARIANTS[CardType.URAMAKI]) == 48


def test_onigiri_two_of_each_shape() -> None:
    assert {c.shape: c.count for c in VARIANTS[CardType.ONIGIRI]} == {s: 2 for s in OnigiriShape}


def test_fruit_every_card_has_two_icons_doubles_x2_mixed_x3() -> None:
    fruit = VARIANTS[CardType.FRUIT]
    assert all(len(c.fruits) == 2 for c in fruit)
    assert {c.fruits: c.count for c in fruit} == {
        (Fruit.WATERMELON, Fruit.WATERMELON): 2,
        (Fruit.ORANGE, Fruit.ORANGE): 2,
        (Fruit.PINEAPPLE, Fruit.PINEAPPLE): 2,
        (Fruit.WATERMELON, Fruit.ORANGE): 3,
        (Fruit.WATERMELON, Fruit.PINEAPPLE): 3,
        (Fruit.ORANGE, Fruit.PINEAPPLE): 3,
    }
    # 10 icons of each fruit in the 15 cards.
    icons = [f for c in fruit for f in c.fruits for _ in range(c.count)]
    assert {f: icons.count(f) for f in Fruit} == {f: 10 for f in Fruit}


@pytest.mark.parametrize(
    ("card_type", "corners"),
    [
        (CardType.CHOPSTICKS, [1, 2, 3]),
        (CardType.SPOON, [4, 5, 6]),
        (CardType.MENU, [7, 8, 9]),
        (CardType.TAKEOUT_BOX, [10, 11, 12]),
    ],
)
def test_corner_numbers_order_specials(card_type: CardType, corners: list[int]) -> None:
    assert [c.corner for c in VARIANTS[card_type]] == corners
    assert all(c.count == 1 for c in VARIANTS[card_type])


def test_only_ordered_specials_have_corner_numbers() -> None:
    cornered = {c.type for c in CARDS if c.corner is not None}
    assert cornered == {CardType.CHOPSTICKS, CardType.SPOON, CardType.MENU, CardType.TAKEOUT_BOX}
    assert sorted(c.corner for c in CARDS if c.corner is not None) == list(range(1, 13))


def test_wasabi_shares_yellow_with_nigiri() -> None:
    assert card("wasabi").background is card("squid_nigiri").background is Background.NIGIRI
    assert COLOUR_NAMES[Background.NIGIRI] == "yellow"


def test_tea_example_wasabi_squid_two_salmon_are_four_yellow_cards() -> None:
    played = ["wasabi", "squid_nigiri", "salmon_nigiri", "salmon_nigiri"]
    assert {card(i).background for i in played} == {Background.NIGIRI}


def test_every_other_type_has_its_own_colour() -> None:
    others = [t for t in CardType if t is not CardType.WASABI]
    assert len({background_of(t) for t in others}) == len(others) == len(Background)


def test_cards_know_their_category() -> None:
    assert card("uramaki_4").category is Category.ROLL
    assert card("miso_soup").category is Category.APPETIZER
    assert card("wasabi").category is Category.SPECIAL
    assert card("fruit_orange_pineapple").category is Category.DESSERT


def test_unknown_card_id_is_named() -> None:
    with pytest.raises(KeyError, match="maki_4"):
        card("maki_4")
