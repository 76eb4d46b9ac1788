"""Each split-and-round rule (D9: split rounded down, no second place when first is tied) and
the 2-player differences, for futomaki/maki, the strawberry pudding and every other dessert."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.sushi_go import GAME
from companion.games.sushi_go.cards import CardType
from companion.games.sushi_go.desserts import dessert_lines
from companion.games.sushi_go.options import Rules, rules_from_options
from companion.games.sushi_go.scoring import round_lines
from companion.games.sushi_go.tableau import Tableau

ROLL_IDS = {1: "futomaki_1", 2: "futomaki_2", 3: "futomaki_3"}


def rules_for(n: int, **options: Any) -> Rules:
    return rules_from_options(GAME.info.resolve_options(options), n)


def rolls(icons: list[int], **options: Any) -> list[int]:
    """Each table's roll points when the tables hold ``icons`` roll icons."""
    rules = rules_for(len(icons), **options)
    prefix = "maki" if options.get("edition") == "2013" else "futomaki"
    tables = []
    for n in icons:
        cards = [f"{prefix}_3"] * (n // 3) + ([f"{prefix}_{n % 3}"] if n % 3 else [])
        tables.append(Tableau(tuple(cards)))
    lines = round_lines(rules, tables)
    return [sum(x.points for x in ls if x.rule == prefix) for ls in lines]


def desserts(
    dessert: CardType, kept: list[tuple[str, ...]], dice: tuple[int, ...] = ()
) -> list[int]:
    lines = dessert_lines(dessert, kept, dice or (1,) * len(kept))
    return [sum(x.points for x in ls) for ls in lines]


# ------------------------------------------------------------------------------ rolls


@pytest.mark.parametrize(
    ("icons", "expected"),
    [
        ([5, 5, 3], [3, 3, 0]),  # two share first: 6 // 2, no second place
        ([4, 4, 4, 1], [2, 2, 2, 0]),  # three share first: 6 // 3
        ([4, 4, 4, 4, 4], [1, 1, 1, 1, 1]),  # five share first: 6 // 5 = 1, remainder dropped
        ([6, 2, 2, 2], [6, 1, 1, 1]),  # three share second: 3 // 3
        ([6, 2, 2, 2, 2], [6, 0, 0, 0, 0]),  # four share second: 3 // 4 = 0
        ([6, 3, 1], [6, 3, 0]),  # no tie
    ],
)
def test_futomaki_ties_split_rounded_down_and_a_tie_for_first_leaves_no_second_place(
    icons: list[int], expected: list[int]
) -> None:
    assert rolls(icons) == expected


def test_futomaki_a_player_with_no_icons_places_in_the_rare_case_nobody_has_fewer() -> None:
    """SEED2: "Gracz bez kart z symbolami futomaki może zostać uwzględniony ... gdy brak punktów
    stawia go na 1. albo 2. miejscu" (ambiguity 30)."""
    assert rolls([3, 0]) == [6, 3]  # 2 players: no futomaki is still second
    assert rolls([3, 0, 0]) == [6, 1, 1]  # two share second with nothing
    assert rolls([0, 0]) == [3, 3]  # nobody has any: everyone ties first (ruling G3)


def test_maki_2013_a_player_needs_at_least_one_maki_card_to_be_counted() -> None:
    assert rolls([3, 0], edition="2013") == [6, 0]
    assert rolls([0, 0, 0], edition="2013") == [0, 0, 0]
    assert rolls([5, 3, 3, 2], edition="2013") == [6, 1, 1, 0]  # the same splits (D9)


def test_must_have_futomaki_a_player_with_none_is_left_out_and_any_futomaki_gives_the_other_6() -> (
    None
):
    assert rolls([1, 0], must_have_futomaki=True) == [6, 0]
    assert rolls([0, 0], must_have_futomaki=True) == [0, 0]
    assert rolls([4, 4], must_have_futomaki=True) == [3, 3]
    assert rolls([5, 2], must_have_futomaki=True) == [6, 3]


# ------------------------------------------------------------------------------ strawberry pudding


SP = "strawberry_pudding_"


def test_strawberry_fewest_symbols_lose_6_and_no_bonus_for_the_most() -> None:
    assert desserts(CardType.STRAWBERRY_PUDDING, [(SP + "5",), (SP + "2",), (SP + "3",)]) == [
        0,
        -6,
        0,
    ]


def test_strawberry_no_pudding_at_all_counts_as_the_fewest() -> None:
    assert desserts(CardType.STRAWBERRY_PUDDING, [(SP + "1",), (), (SP + "3",)]) == [0, -6, 0]


def test_strawberry_three_tied_for_fewest_split_6_so_lose_2_each() -> None:
    kept = [(SP + "4",), (SP + "1",), (SP + "1",), (SP + "1",)]
    assert desserts(CardType.STRAWBERRY_PUDDING, kept) == [0, -2, -2, -2]


def test_strawberry_four_tied_for_fewest_split_6_rounded_down_so_lose_1_each() -> None:
    kept = [(SP + "4",), (), (), (), ()]
    assert desserts(CardType.STRAWBERRY_PUDDING, kept) == [0, -1, -1, -1, -1]


def test_strawberry_two_players_the_fewest_loses_3_instead_of_6() -> None:
    assert desserts(CardType.STRAWBERRY_PUDDING, [(SP + "4",), (SP + "2",)]) == [0, -3]


def test_strawberry_two_players_tied_lose_nothing() -> None:
    assert desserts(CardType.STRAWBERRY_PUDDING, [(SP + "4",), (SP + "2", SP + "2")]) == [0, 0]
    assert desserts(CardType.STRAWBERRY_PUDDING, [(), ()]) == [0, 0]


def test_strawberry_every_table_tied_with_three_or_more_all_share_the_loss() -> None:
    """Ruling G5: SEED2 gives "nothing when all are equal" to the alternative desserts only."""
    assert desserts(CardType.STRAWBERRY_PUDDING, [(SP + "2",)] * 3) == [-2, -2, -2]


# ------------------------------------------------------------------------------ most and fewest


MOST_FEWEST = [
    (CardType.OLD_FASHIONED_PUDDING, lambda n: ("old_fashioned_pudding",) * n),
    (CardType.PUDDING, lambda n: ("pudding",) * n),
    (CardType.FROZEN_YOGURT, lambda n: (f"frozen_yogurt_{n}",) if n else ()),
]
#: Test ids: the dessert's name (a lambda's repr differs between processes).
MOST_FEWEST_IDS = [dessert.value for dessert, _ in MOST_FEWEST]


@pytest.mark.parametrize(("dessert", "cards"), MOST_FEWEST, ids=MOST_FEWEST_IDS)
def test_most_plus_6_fewest_minus_6_both_split_rounded_down(dessert: CardType, cards: Any) -> None:
    assert desserts(dessert, [cards(4), cards(3), cards(0), cards(0)]) == [6, 0, -3, -3]
    assert desserts(dessert, [cards(4), cards(4), cards(4), cards(1)]) == [2, 2, 2, -6]
    assert desserts(dessert, [cards(4), cards(4), cards(2), cards(1), cards(1)]) == [
        3,
        3,
        0,
        -3,
        -3,
    ]


@pytest.mark.parametrize(("dessert", "cards"), MOST_FEWEST, ids=MOST_FEWEST_IDS)
def test_nothing_is_scored_when_every_player_has_the_same(dessert: CardType, cards: Any) -> None:
    assert desserts(dessert, [cards(2), cards(2), cards(2)]) == [0, 0, 0]
    assert desserts(dessert, [cards(0), cards(0), cards(0), cards(0)]) == [0, 0, 0, 0]


@pytest.mark.parametrize(("dessert", "cards"), MOST_FEWEST, ids=MOST_FEWEST_IDS)
def test_with_two_players_nobody_loses_points(dessert: CardType, cards: Any) -> None:
    assert desserts(dessert, [cards(3), cards(1)]) == [6, 0]
    assert desserts(dessert, [cards(3), cards(3)]) == [0, 0]


def test_mochi_highest_die_plus_6_lowest_minus_6_split_and_the_cards_score_nothing() -> None:
    kept = [("mochi",) * 3, ("mochi",), (), ()]
    assert desserts(CardType.MOCHI, kept, (6, 6, 1, 3)) == [3, 3, -6, 0]
    assert desserts(CardType.MOCHI, kept, (2, 2, 2, 2)) == [0, 0, 0, 0]
    assert desserts(CardType.MOCHI, [("mochi",), ()], (1, 5)) == [0, 6]  # 2 players: no loss


def test_frozen_yogurt_compares_the_total_value_not_the_cards() -> None:
    kept = [("frozen_yogurt_1",) * 3, ("frozen_yogurt_5",), ("frozen_yogurt_2",)]
    assert desserts(CardType.FROZEN_YOGURT, kept) == [0, 6, -6]  # 3 x 1 beats one 2


@pytest.mark.parametrize(
    ("pearls", "expected"),
    [
        ((1, 2, 3, 4, 5), 20),
        ((1, 2, 3, 4), 13),
        ((1, 3, 5), 3),
        ((1, 1, 2, 2), 8),
        ((1, 2, 2, 3), 9),  # 1-2-3 and 2, not 1-2 and 2-3 (8)
        ((2, 2, 2), 3),
        ((), 0),
    ],
)
def test_bubble_tea_runs_of_consecutive_numbers_score_1_4_8_13_20_arranged_for_the_most(
    pearls: tuple[int, ...], expected: int
) -> None:
    kept = [tuple(f"bubble_tea_{p}" for p in pearls)]
    assert desserts(CardType.BUBBLE_TEA, kept) == [expected]
