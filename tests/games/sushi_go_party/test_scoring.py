"""Sushi Go Party! scoring against REFERENCE 1.4 (tables), 1.5 (worked examples), section 5
(ambiguities) and the decisions D1, D5, D6 and D9. Test names quote the rule they check."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import IllegalAction, ScoreSheet, UnreadableInput
from companion.games.common.majority import AllTie
from companion.games.sushi_go_party.cards import CARDS_BY_ID, CardType, Category, Fruit
from companion.games.sushi_go_party.menus import PRESETS, Menu, deck_for, player_range
from companion.games.sushi_go_party.scoring import (
    ALL_TIE_OPTION,
    ScoringOptions,
    fruit_lines,
    score_desserts,
    score_game,
    score_round,
)
from companion.games.sushi_go_party.tableau import (
    DISCARDED_ON_USE,
    SpecialOrder,
    Tableau,
    uramaki_icons,
)

C = CardType
T = Tableau.of
LITERAL = ScoringOptions(all_tie=AllTie.LITERAL)
NAMES = ("Chris", "Meredith", "Kerry", "Andrew", "Ann", "Bob", "Cid", "Dee")


def menu(
    roll: CardType = C.MAKI,
    apps: tuple[CardType, ...] = (C.TEMPURA, C.SASHIMI, C.DUMPLING),
    specials: tuple[CardType, ...] = (C.WASABI, C.TEA),
    dessert: CardType = C.PUDDING,
) -> Menu:
    return Menu(roll=roll, appetizers=apps, specials=specials, dessert=dessert)


def rnd(m: Menu, *tableaux: Tableau, options: ScoringOptions | None = None) -> ScoreSheet:
    return score_round(NAMES[: len(tableaux)], tableaux, m, options or ScoringOptions())


def totals(sheet: ScoreSheet) -> list[int]:
    return [p.total for p in sheet.players]


def rule_points(sheet: ScoreSheet, rule: str) -> list[int]:
    """Per player, the sum of the lines whose rule starts with ``rule``."""
    return [sum(li.points for li in p.breakdown if li.rule.startswith(rule)) for p in sheet.players]


def desserts(m: Menu, *kept: Tableau, options: ScoringOptions | None = None) -> ScoreSheet:
    return score_desserts(NAMES[: len(kept)], kept, m, options or ScoringOptions())


# ---------------------------------------------------------------- 1.5 worked examples


def test_1_5_1_maki_4p_en_5_5_3_1_gives_6_6_3_0() -> None:
    sheet = rnd(
        menu(),
        T("maki_3", "maki_2"),
        T("maki_3", "maki_2"),
        T("maki_3"),
        T("maki_1"),
    )
    assert rule_points(sheet, "maki") == [6, 6, 3, 0]
    assert totals(sheet) == [6, 6, 3, 0]


def test_1_5_1_maki_4p_fr_4_4_3_3_gives_6_6_3_3() -> None:
    sheet = rnd(
        menu(),
        T("maki_2", "maki_2"),
        T("maki_2", "maki_2"),
        T("maki_3"),
        T("maki_2", "maki_1"),
    )
    assert totals(sheet) == [6, 6, 3, 3]


def test_1_5_2_temaki_4p_3_2_0_0_gives_plus4_0_minus4_minus4() -> None:
    m = PRESETS["party_sampler"].menu
    sheet = rnd(m, T(*["temaki"] * 3), T("temaki", "temaki"), T(), T())
    assert totals(sheet) == [4, 0, -4, -4]


def test_1_5_3_uramaki_two_share_first_second_is_skipped_the_most_left_scores_2() -> None:
    m = PRESETS["points_platter"].menu
    sheet = rnd(
        m,
        T(uramaki_places=(1,)),
        T(uramaki_places=(1,)),
        T("uramaki_5", "uramaki_3"),
        T("uramaki_4"),
    )
    assert totals(sheet) == [8, 8, 2, 0]
    c_lines = sheet.players[2].breakdown
    assert [(li.rule, li.points, li.card) for li in c_lines] == [("uramaki", 2, "uramaki")]
    assert "next unclaimed place (3)" in c_lines[0].detail


def test_1_5_4_onigiri_circle_triangle_square_square_is_9_plus_1() -> None:
    m = PRESETS["master_menu"].menu
    sheet = rnd(
        m, T("onigiri_circle", "onigiri_triangle", "onigiri_square", "onigiri_square"), T(), T()
    )
    assert rule_points(sheet, "onigiri")[0] == 10
    assert [li.points for li in sheet.players[0].breakdown if li.rule == "onigiri"] == [9, 1]


def test_1_5_5_edamame_3_2_1_cards_with_three_holders_give_6_4_2() -> None:
    m = PRESETS["points_platter"].menu
    sheet = rnd(m, T(*["edamame"] * 3), T("edamame", "edamame"), T("edamame"))
    assert totals(sheet) == [6, 4, 2]


def test_1_5_6_tea_wasabi_squid_2_salmon_are_4_yellow_cards_so_tea_is_4() -> None:
    m = PRESETS["my_first_meal"].menu
    a = T("wasabi", "salmon_nigiri", "salmon_nigiri", "tea", on_wasabi=["squid_nigiri"])
    sheet = rnd(m, a, T())
    assert rule_points(sheet, "tea") == [4, 0]
    assert totals(sheet) == [4 + 9 + 2 + 2, 0]


def test_1_5_7_pudding_4p_en_4_2_1_1_gives_plus6_0_minus6_minus6() -> None:
    m = menu()
    p = "pudding"
    sheet = desserts(m, T(p, p, p, p), T(p, p), T(p), T(p))
    assert totals(sheet) == [6, 0, -6, -6]


def test_1_5_7_pudding_4p_fr_4_2_0_0_gives_plus6_0_minus6_minus6() -> None:
    p = "pudding"
    sheet = desserts(menu(), T(p, p, p, p), T(p, p), T(), T())
    assert totals(sheet) == [6, 0, -6, -6]


def test_1_5_8_fruit_0_watermelon_1_orange_4_pineapple_is_minus2_plus0_plus6() -> None:
    # The rulebook's counts (5 icons) cannot come from 2-icon cards, so the table is checked
    # on the icon counts themselves.
    icons = {Fruit.WATERMELON: 0, Fruit.ORANGE: 1, Fruit.PINEAPPLE: 4}
    assert sum(li.points for li in fruit_lines(icons)) == 4


def test_1_5_8_fruit_no_fruit_cards_at_all_is_minus6() -> None:
    m = PRESETS["master_menu"].menu
    sheet = desserts(m, T("fruit_pineapple_pineapple"), T(), T())
    assert totals(sheet)[1] == -6


# ---------------------------------------------------------------- card tables (1.4)


@pytest.mark.parametrize(
    ("cards", "on_wasabi", "points"),
    [
        pytest.param(("egg_nigiri",), (), 1, id="egg nigiri 1"),
        pytest.param(("salmon_nigiri",), (), 2, id="salmon nigiri 2"),
        pytest.param(("squid_nigiri",), (), 3, id="squid nigiri 3"),
        pytest.param(("wasabi",), ("egg_nigiri",), 3, id="egg on wasabi 3"),
        pytest.param(("wasabi",), ("salmon_nigiri",), 6, id="salmon on wasabi 6"),
        pytest.param(("wasabi",), ("squid_nigiri",), 9, id="squid on wasabi 9"),
        pytest.param(("wasabi",), (), 0, id="a wasabi with no nigiri scores 0"),
        pytest.param(
            ("wasabi", "wasabi", "egg_nigiri"),
            ("squid_nigiri", "salmon_nigiri"),
            9 + 6 + 1,
            id="each wasabi triples one nigiri",
        ),
    ],
)
def test_nigiri_1_2_3_and_on_wasabi_3_6_9(
    cards: tuple[str, ...], on_wasabi: tuple[str, ...], points: int
) -> None:
    assert totals(rnd(menu(), T(*cards, on_wasabi=on_wasabi), T())) == [points, 0]


@pytest.mark.parametrize(("n", "points"), [(1, 0), (2, 5), (3, 5), (4, 10), (5, 10)])
def test_tempura_each_pair_is_5(n: int, points: int) -> None:
    assert totals(rnd(menu(), T(*["tempura"] * n), T())) == [points, 0]


@pytest.mark.parametrize(("n", "points"), [(1, 0), (2, 0), (3, 10), (5, 10), (6, 20)])
def test_sashimi_each_set_of_3_is_10(n: int, points: int) -> None:
    assert totals(rnd(menu(), T(*["sashimi"] * n), T())) == [points, 0]


@pytest.mark.parametrize(
    ("n", "points"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 15), (8, 15)]
)
def test_dumpling_1_2_3_4_5plus_is_1_3_6_10_15(n: int, points: int) -> None:
    assert totals(rnd(menu(), T(*["dumpling"] * n), T())) == [points, 0]


EEL_MENU = PRESETS["cutthroat_combo"].menu  # temaki, eel, tofu, miso; spoon, soy; pudding


@pytest.mark.parametrize(("n", "points"), [(1, -3), (2, 7), (3, 7), (5, 7)])
def test_eel_1_card_minus3_2_or_more_plus7(n: int, points: int) -> None:
    assert rule_points(rnd(EEL_MENU, T(*["eel"] * n), T(), T()), "eel")[0] == points


@pytest.mark.parametrize(("n", "points"), [(1, 2), (2, 6), (3, 0), (4, 0)])
def test_tofu_1_is_2_2_is_6_3_or_more_is_0(n: int, points: int) -> None:
    assert rule_points(rnd(EEL_MENU, T(*["tofu"] * n), T(), T()), "tofu")[0] == points


@pytest.mark.parametrize(
    ("shapes", "points"),
    [
        pytest.param(("circle",), 1, id="1 distinct 1"),
        pytest.param(("circle", "square"), 4, id="2 distinct 4"),
        pytest.param(("circle", "square", "triangle"), 9, id="3 distinct 9"),
        pytest.param(("circle", "square", "triangle", "rectangle"), 16, id="4 distinct 16"),
        pytest.param(("circle", "circle"), 2, id="2 same shape: 2 sets of 1"),
        pytest.param(
            ("circle", "square", "triangle", "rectangle") * 2, 32, id="several sets: 16 + 16"
        ),
    ],
)
def test_onigiri_sets_of_distinct_shapes_1_4_9_16(shapes: tuple[str, ...], points: int) -> None:
    m = PRESETS["master_menu"].menu
    sheet = rnd(m, T(*(f"onigiri_{s}" for s in shapes)), T(), T())
    assert rule_points(sheet, "onigiri")[0] == points


def test_onigiri_a_special_order_makes_a_third_copy_of_a_shape_a_third_set() -> None:
    # ambiguity 10: subarasushi ignores the third copy; it is a third set of 1.
    m = PRESETS["dinner_for_two"].menu
    t = T("onigiri_circle", "onigiri_circle", special_orders=["onigiri_circle"])
    assert rule_points(rnd(m, t, T()), "onigiri")[0] == 3


def test_edamame_is_at_most_4_per_card_even_with_5_opponents_holding_edamame() -> None:
    m = menu(apps=(C.EDAMAME, C.TEMPURA, C.DUMPLING), specials=(C.WASABI, C.TEA))
    sheet = rnd(m, *[T("edamame")] * 6)
    assert totals(sheet) == [4] * 6


def test_edamame_is_0_when_no_one_else_has_any() -> None:
    m = PRESETS["points_platter"].menu
    sheet = rnd(m, T("edamame", "edamame"), T(), T())
    assert totals(sheet) == [0, 0, 0]
    assert sheet.players[0].breakdown[0].rule == "edamame"


def test_miso_soup_3_each() -> None:
    assert rule_points(rnd(EEL_MENU, T("miso_soup", "miso_soup"), T(), T()), "miso")[0] == 6


def test_soy_sauce_4_per_card_with_the_most_colours_counting_players_without_soy_sauce() -> None:
    m = EEL_MENU
    sheet = rnd(
        m,
        T("soy_sauce", "eel", "tofu"),  # 3 colours
        T("soy_sauce", "soy_sauce", "tofu"),  # 2 colours
        T("eel", "tofu", "miso_soup", "temaki"),  # 4 colours, no soy sauce
    )
    assert rule_points(sheet, "soy sauce") == [0, 0, 0]
    sheet = rnd(m, T("soy_sauce", "eel", "tofu"), T("soy_sauce", "soy_sauce", "tofu"), T("eel"))
    assert rule_points(sheet, "soy sauce") == [4, 0, 0]


def test_soy_sauce_ties_on_the_most_colours_all_score() -> None:
    sheet = rnd(EEL_MENU, T("soy_sauce", "eel"), T("soy_sauce", "tofu"), T("miso_soup"))
    assert rule_points(sheet, "soy sauce") == [4, 4, 0]


def test_soy_sauce_desserts_played_this_round_count_flipped_cards_have_no_colour() -> None:
    m = menu(apps=(C.TEMPURA, C.EEL, C.TOFU), specials=(C.SOY_SAUCE, C.TAKEOUT_BOX))
    a = T("soy_sauce", "pudding")  # 2 colours: the pudding of this round counts
    b = T("tempura", flipped=["eel", "tofu"])  # 1 colour: flipped cards have none
    sheet = rnd(m, a, b)
    assert rule_points(sheet, "soy sauce") == [4, 0]
    assert rule_points(sheet, "take-out box") == [0, 4]


def test_tea_is_the_largest_same_colour_set_per_tea_card_and_the_tea_itself_counts() -> None:
    m = PRESETS["my_first_meal"].menu
    sheet = rnd(m, T("tea", "tea", "tempura", "tempura"), T("tea"))
    assert rule_points(sheet, "tea") == [4, 1]


def test_takeout_box_flipped_cards_are_worth_2_each_and_no_longer_score_as_themselves() -> None:
    m = PRESETS["master_menu"].menu
    sheet = rnd(m, T("tofu", flipped=["tofu", "tofu", "temaki"]), T("temaki"), T("temaki"))
    # one tofu face up = 2; 3 flipped = 6; the flipped temaki is not a temaki (0 vs 1 vs 1)
    assert rule_points(sheet, "take-out box") == [6, 0, 0]
    assert rule_points(sheet, "tofu") == [2, 0, 0]
    assert rule_points(sheet, "temaki") == [-4, 4, 4]


def test_green_tea_ice_cream_each_set_of_4_is_12() -> None:
    m = PRESETS["my_first_meal"].menu
    g = "green_tea_ice_cream"
    sheet = desserts(m, T(*[g] * 8), T(*[g] * 2))
    assert totals(sheet) == [24, 0]


@pytest.mark.parametrize(
    ("n", "points"), [(0, -2), (1, 0), (2, 1), (3, 3), (4, 6), (5, 10), (7, 10)]
)
def test_fruit_per_type_0_1_2_3_4_5plus_is_minus2_0_1_3_6_10(n: int, points: int) -> None:
    lines = fruit_lines({Fruit.WATERMELON: n, Fruit.ORANGE: 1, Fruit.PINEAPPLE: 1})
    assert lines[0].points == points


def test_fruit_cards_count_both_icons() -> None:
    m = PRESETS["master_menu"].menu
    sheet = desserts(m, T("fruit_watermelon_watermelon", "fruit_watermelon_orange"), T(), T())
    # 3 watermelon (3) + 1 orange (0) + 0 pineapple (-2)
    assert totals(sheet)[0] == 1


# ---------------------------------------------------------------- maki ties and 6-8 players


def test_maki_6_to_8_players_most_6_second_4_third_2_dense() -> None:
    sheet = rnd(
        menu(),
        T("maki_3", "maki_3"),
        T("maki_3", "maki_1", "maki_1", "maki_1"),
        T("maki_2", "maki_2"),
        T("maki_2"),
        T("maki_1"),
        T(),
    )
    assert totals(sheet) == [6, 6, 4, 2, 0, 0]


def test_maki_2_to_5_players_has_no_third_place() -> None:
    sheet = rnd(menu(), T("maki_3"), T("maki_2"), T("maki_1"))
    assert totals(sheet) == [6, 3, 0]


def test_maki_a_player_needs_at_least_1_maki_card_to_score() -> None:
    assert totals(rnd(menu(), T("maki_3"), T(), T())) == [6, 0, 0]


def test_maki_ties_every_tied_player_gets_the_full_points_and_2nd_still_awarded() -> None:
    sheet = rnd(menu(), T("maki_2"), T("maki_2"), T("maki_2"), T("maki_1"), T("maki_1"))
    assert totals(sheet) == [6, 6, 6, 3, 3]


def test_maki_a_special_order_copies_every_icon() -> None:
    m = menu(specials=(C.SPECIAL_ORDER, C.TEA))
    sheet = rnd(m, T("maki_3", special_orders=["maki_3"]), T("maki_3", "maki_2"))
    assert totals(sheet) == [6, 3]


# ---------------------------------------------------------------- temaki, pudding, D1


def test_temaki_2_players_no_penalty() -> None:
    m = PRESETS["party_sampler"].menu
    sheet = rnd(m, T("temaki", "temaki"), T("temaki"))
    assert totals(sheet) == [4, 0]
    assert "no penalty with 2 players" in sheet.players[1].breakdown[0].detail


def test_temaki_ties_take_full_points() -> None:
    m = PRESETS["party_sampler"].menu
    sheet = rnd(m, T("temaki", "temaki"), T("temaki", "temaki"), T(), T())
    assert totals(sheet) == [4, 4, -4, -4]


def test_d1_default_all_tie_on_temaki_nobody_scores_or_loses() -> None:
    m = PRESETS["party_sampler"].menu
    sheet = rnd(m, T("temaki"), T("temaki"), T("temaki"))
    assert totals(sheet) == [0, 0, 0]
    # the line says why in a family's words (issue 24 item 11: no ruling numbers such as D1)
    assert sheet.players[0].breakdown[0].detail.endswith("so nobody scores")


def test_d1_literal_all_tie_on_temaki_everyone_gains_4_and_loses_4() -> None:
    m = PRESETS["party_sampler"].menu
    sheet = rnd(m, T("temaki"), T("temaki"), T("temaki"), options=LITERAL)
    assert totals(sheet) == [0, 0, 0]
    assert rule_points(sheet, "temaki most") == [4, 4, 4]
    assert rule_points(sheet, "temaki fewest") == [-4, -4, -4]


def test_d1_literal_all_tie_with_2_players_is_plus4_without_penalty() -> None:
    m = PRESETS["party_sampler"].menu
    assert totals(rnd(m, T("temaki"), T("temaki"), options=LITERAL)) == [4, 4]


def test_d1_default_all_tie_on_pudding_nobody_scores_or_loses() -> None:
    p = "pudding"
    assert totals(desserts(menu(), T(p, p), T(p, p), T(p, p))) == [0, 0, 0]


def test_d1_literal_all_tie_on_pudding_everyone_gains_6_and_loses_6() -> None:
    p = "pudding"
    sheet = desserts(menu(), T(p), T(p), T(p), options=LITERAL)
    assert rule_points(sheet, "pudding most") == [6, 6, 6]
    assert rule_points(sheet, "pudding fewest") == [-6, -6, -6]


def test_pudding_2_players_no_penalty() -> None:
    assert totals(desserts(menu(), T("pudding"), T())) == [6, 0]


def test_the_all_tie_option_reads_from_game_options() -> None:
    assert ScoringOptions.from_options({"all_tie": "literal"}) == LITERAL
    assert ScoringOptions.from_options(None) == ScoringOptions()
    assert ALL_TIE_OPTION.default == "nothing"


def test_temaki_is_not_scored_when_the_menu_has_maki() -> None:
    assert totals(rnd(menu(), T("tempura"), T())) == [0, 0]


# ---------------------------------------------------------------- uramaki


URA = PRESETS["points_platter"].menu


def test_uramaki_places_during_the_round_score_8_5_2_d6() -> None:
    sheet = rnd(URA, T(uramaki_places=(1, 3)), T(uramaki_places=(2,)), T("uramaki_3"))
    assert totals(sheet) == [10, 5, 0]
    assert "every place was claimed" in sheet.players[2].breakdown[0].detail


def test_uramaki_nobody_reached_10_the_most_at_round_end_scores_8_and_only_that() -> None:
    sheet = rnd(URA, T("uramaki_5", "uramaki_4"), T("uramaki_4"), T("uramaki_3"))
    assert totals(sheet) == [8, 0, 0]


def test_uramaki_round_end_ties_take_full_points() -> None:
    sheet = rnd(URA, T(uramaki_places=(1,)), T("uramaki_4"), T("uramaki_4"))
    assert totals(sheet) == [8, 5, 5]


def test_uramaki_round_end_players_with_0_icons_get_nothing() -> None:
    assert totals(rnd(URA, T(uramaki_places=(1,)), T(), T())) == [8, 0, 0]


def test_uramaki_three_share_first_so_2nd_and_3rd_are_skipped() -> None:
    sheet = rnd(URA, *[T(uramaki_places=(1,))] * 3, T("uramaki_3"))
    assert totals(sheet) == [8, 8, 8, 0]


def test_uramaki_special_order_copies_every_icon() -> None:
    sheet = rnd(URA, T("uramaki_4", special_orders=["uramaki_4"]), T("uramaki_4", "uramaki_3"), T())
    assert totals(sheet) == [8, 0, 0]


# ---------------------------------------------------------------- special orders


def test_special_order_copying_a_wasabi_takes_a_later_nigiri_ambiguity_1() -> None:
    m = menu(specials=(C.WASABI, C.SPECIAL_ORDER))
    t = T("wasabi", on_wasabi=["squid_nigiri", "salmon_nigiri"], special_orders=["wasabi"])
    assert totals(rnd(m, t, T())) == [9 + 6, 0]


def test_special_order_copying_a_nigiri_on_wasabi_scores_the_plain_value_ambiguity_2() -> None:
    m = menu(specials=(C.WASABI, C.SPECIAL_ORDER))
    t = T("wasabi", on_wasabi=["squid_nigiri"], special_orders=["squid_nigiri"])
    sheet = rnd(m, t, T())
    assert totals(sheet) == [9 + 3, 0]
    assert any("special order as Squid Nigiri" in li.detail for li in sheet.players[0].breakdown)


def test_special_order_copying_an_uncovered_nigiri_may_go_on_an_empty_wasabi_ambiguity_2() -> None:
    m = menu(specials=(C.WASABI, C.SPECIAL_ORDER))
    t = T("wasabi", "salmon_nigiri", special_orders=[SpecialOrder("salmon_nigiri", on_wasabi=True)])
    assert totals(rnd(m, t, T())) == [2 + 6, 0]


def test_special_order_copying_a_flipped_card_is_flipped_and_worth_2_ambiguity_5() -> None:
    m = menu(specials=(C.TAKEOUT_BOX, C.SPECIAL_ORDER))
    t = T(flipped=["tempura", "special_order"])
    assert totals(rnd(m, t, T())) == [4, 0]


def test_special_order_keeps_its_identity_when_the_copied_card_is_flipped_ambiguity_6() -> None:
    m = menu(specials=(C.TAKEOUT_BOX, C.SPECIAL_ORDER))
    t = T("tempura", flipped=["tempura"], special_orders=["tempura"])
    assert totals(rnd(m, t, T())) == [5 + 2, 0]


def test_special_order_colour_is_the_copied_cards_for_tea() -> None:
    m = PRESETS["points_platter"].menu
    t = T("tea", "dumpling", "dumpling", special_orders=["dumpling"])
    assert rule_points(rnd(m, t, T(), T()), "tea") == [3, 0, 0]


def test_special_order_copying_chopsticks_needs_no_chopsticks_left_ambiguity_4() -> None:
    m = menu(specials=(C.CHOPSTICKS, C.SPECIAL_ORDER))
    assert totals(rnd(m, T("tempura", special_orders=["chopsticks_2"]), T())) == [0, 0]


# ---------------------------------------------------------------- validation


def _raises(match: str, m: Menu, *tableaux: Tableau) -> None:
    with pytest.raises(IllegalAction, match=match):
        rnd(m, *tableaux)


def test_refused_more_copies_than_the_deck_holds() -> None:
    _raises(
        "4 x Squid Nigiri on the table.*holds 3",
        menu(),
        T("squid_nigiri"),
        T("squid_nigiri", "squid_nigiri", "squid_nigiri"),
    )


def test_refused_a_card_type_not_on_the_menu() -> None:
    _raises("Chris: Eel is not on this menu", menu(), T("eel"), T())


def test_refused_a_special_order_copying_a_type_not_on_the_menu() -> None:
    m = menu(specials=(C.WASABI, C.SPECIAL_ORDER))
    _raises("Eel is not on this menu", m, T("tempura", special_orders=["eel"]), T())


def test_refused_a_nigiri_on_a_wasabi_that_is_not_there() -> None:
    _raises(
        "Squid Nigiri is on a wasabi that isn't there", menu(), T(on_wasabi=["squid_nigiri"]), T()
    )


def test_refused_two_nigiri_on_one_wasabi() -> None:
    _raises(
        "Egg Nigiri is on a wasabi that isn't there",
        menu(),
        T("wasabi", on_wasabi=["squid_nigiri", "egg_nigiri"]),
        T(),
    )


def test_refused_a_non_nigiri_on_a_wasabi() -> None:
    _raises("Tempura cannot lie on a wasabi", menu(), T("wasabi", on_wasabi=["tempura"]), T())


def test_refused_a_special_order_with_nothing_to_copy() -> None:
    m = menu(specials=(C.WASABI, C.SPECIAL_ORDER))
    _raises("no Tempura in the tableau to copy", m, T(special_orders=["tempura"]), T())


def test_refused_a_face_up_special_order_that_copies_nothing() -> None:
    m = menu(specials=(C.WASABI, C.SPECIAL_ORDER))
    _raises("must say which card it copies", m, T("special_order", "tempura"), T())


def test_refused_a_special_order_copying_a_special_order_instead_of_its_card() -> None:
    m = menu(specials=(C.WASABI, C.SPECIAL_ORDER))
    _raises("copies the same card", m, T("tempura", special_orders=["special_order"]), T())


def test_refused_a_special_order_on_wasabi_copying_a_covered_nigiri() -> None:
    m = menu(specials=(C.WASABI, C.SPECIAL_ORDER))
    t = T(
        "wasabi",
        "wasabi",
        on_wasabi=["squid_nigiri"],
        special_orders=[SpecialOrder("squid_nigiri", on_wasabi=True)],
    )
    _raises("only a copy of a nigiri that is not on a wasabi", m, t, T())


@pytest.mark.parametrize("discarded", sorted(t.value for t in DISCARDED_ON_USE))
def test_refused_a_menu_or_takeout_box_left_on_the_table(discarded: str) -> None:
    m = menu(specials=(C.MENU, C.TAKEOUT_BOX))
    card_id = f"{discarded}_{10 if discarded == 'takeout_box' else 7}"
    _raises("discarded on the turn it is played", m, T(card_id), T())


def test_refused_special_order_with_7_players() -> None:
    m = menu(specials=(C.WASABI, C.SPECIAL_ORDER))
    _raises("Special Order is played only with 2 to 6 players", m, *[T()] * 7)


def test_refused_uramaki_place_2_without_place_1() -> None:
    _raises("place 2 cannot be scored before place 1", URA, T(uramaki_places=(2,)), T(), T())


def test_refused_uramaki_place_2_when_two_players_shared_place_1() -> None:
    _raises(
        "place 2 was skipped",
        URA,
        T(uramaki_places=(1,)),
        T(uramaki_places=(1,)),
        T(uramaki_places=(2,)),
    )


def test_refused_10_uramaki_icons_left_while_a_place_is_open() -> None:
    _raises(
        "10 uramaki icons on the table at round end while uramaki place 1 is open",
        URA,
        T("uramaki_5", special_orders=["uramaki_5"]),
        T(),
        T(),
    )


def test_10_uramaki_icons_left_is_fine_once_every_place_is_claimed() -> None:
    t = T("uramaki_5", "uramaki_5")
    sheet = rnd(URA, T(uramaki_places=(1, 2, 3)), t, T())
    assert totals(sheet) == [15, 0, 0]


def test_refused_an_unknown_card_id_as_unreadable() -> None:
    with pytest.raises(UnreadableInput, match="no Sushi Go Party! card 'tuna'"):
        rnd(menu(), T("tuna"), T())


def test_refused_tableaux_and_names_of_different_lengths() -> None:
    with pytest.raises(IllegalAction):
        score_round(["A"], [T(), T()], menu())


def test_refused_a_dessert_pile_of_a_dessert_not_on_the_menu() -> None:
    with pytest.raises(IllegalAction, match="not this menu's dessert"):
        desserts(menu(), T("green_tea_ice_cream"), T())


def test_refused_more_desserts_than_shuffled_in_so_far() -> None:
    # 2-5 players: 5 desserts in round 1
    with pytest.raises(IllegalAction, match="only 5 were shuffled in"):
        score_game(NAMES[:2], [[T(*["pudding"] * 4), T("pudding", "pudding")]], menu())


# ---------------------------------------------------------------- the game


def test_a_game_is_the_rounds_plus_desserts_with_the_dessert_cards_tie_break() -> None:
    m = menu()
    rounds = [
        [T("tempura", "tempura", "pudding"), T("sashimi", "sashimi", "sashimi")],
        [T("pudding"), T("dumpling", "dumpling", "dumpling", "pudding")],
        [T("egg_nigiri"), T("egg_nigiri")],
    ]
    sheet = score_game(NAMES[:2], rounds, m)
    assert totals(sheet) == [5 + 1 + 6, 10 + 6 + 1]
    assert [p.tiebreak for p in sheet.players] == [(2,), (1,)]
    assert sheet.players[0].breakdown[0].detail.startswith("round 1:")


def test_a_tie_on_points_is_broken_by_dessert_cards() -> None:
    m = PRESETS["my_first_meal"].menu
    rounds = [
        [
            T("salmon_nigiri", "salmon_nigiri", "egg_nigiri"),
            T("tempura", "tempura", "green_tea_ice_cream"),
        ]
    ]
    sheet = score_game(NAMES[:2], rounds, m)
    assert totals(sheet) == [5, 5]
    assert sheet.ranking() == [
        {"rank": 1, "name": "Meredith", "total": 5},
        {"rank": 2, "name": "Chris", "total": 5},
    ]
    assert sheet.players[1].tiebreak_label == "dessert cards kept"


def test_desserts_copied_by_a_special_order_are_kept_to_game_end_ambiguity_7() -> None:
    m = menu(specials=(C.WASABI, C.SPECIAL_ORDER), dessert=C.GREEN_TEA_ICE_CREAM)
    g = "green_tea_ice_cream"
    rounds = [[T(g, g, g, special_orders=[g]), T()]]
    sheet = score_game(NAMES[:2], rounds, m)
    assert totals(sheet) == [12, 0]
    assert sheet.players[0].tiebreak == (4,)


# ---------------------------------------------------------------- property


def _random_round(rng: random.Random) -> tuple[Menu, list[Tableau]]:
    """A random legal round: a preset menu, the deck shuffled and dealt, then what the table
    could do with it (wasabi, special orders, take-out flips, uramaki claims)."""
    presets = [p.menu for p in PRESETS.values()]
    m = rng.choice(presets)
    low, high = player_range(m)
    players = rng.randint(low, high)
    deck = deck_for(m, players)
    pile = [i for i, n in deck.main.items() for _ in range(n)]
    sweets = [i for i, n in deck.desserts.items() for _ in range(n)]
    rng.shuffle(sweets)
    pile += sweets[: deck.schedule[0]]
    rng.shuffle(pile)
    size = deck.deal + rng.randint(0, 2)
    tableaux = []
    next_place = 1
    for seat in range(players):
        hand = [
            i
            for i in pile[seat * size : (seat + 1) * size]
            if CARDS_BY_ID[i].type not in DISCARDED_ON_USE
        ]
        orders = [i for i in hand if i == "special_order"]
        cards = [i for i in hand if i != "special_order"]
        flipped: list[str] = []
        if C.TAKEOUT_BOX in m.types:
            for i in list(cards):
                if rng.random() < 0.2:
                    cards.remove(i)
                    flipped.append(i)
        wasabi = cards.count("wasabi")
        on_wasabi = []
        for i in list(cards):
            if wasabi and CARDS_BY_ID[i].type is C.NIGIRI and rng.random() < 0.7:
                cards.remove(i)
                on_wasabi.append(i)
                wasabi -= 1
        sos = []
        for _ in orders:
            targets = [*cards, *on_wasabi, *flipped]
            if not targets:
                continue
            target = rng.choice(targets)
            if target in flipped:
                flipped.append("special_order")
            else:
                sos.append(SpecialOrder(target))
        t = Tableau.of(*cards, on_wasabi=on_wasabi, special_orders=sos, flipped=flipped)
        places: list[int] = []
        if uramaki_icons(t) >= 10 and next_place <= 3:
            places.append(next_place)
            next_place += 1
            t = Tableau(
                cards=tuple(i for i in t.cards if CARDS_BY_ID[i].type is not C.URAMAKI),
                on_wasabi=t.on_wasabi,
                special_orders=tuple(
                    s for s in t.special_orders if CARDS_BY_ID[s.copies].type is not C.URAMAKI
                ),
                flipped=t.flipped,
                uramaki_places=tuple(places),
            )
        tableaux.append(t)
    return m, tableaux


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(list(AllTie)))
def test_property_each_total_equals_the_sum_of_its_breakdown_lines(
    rng: random.Random, all_tie: AllTie
) -> None:
    m, tableaux = _random_round(rng)
    names = NAMES[: len(tableaux)]
    options = ScoringOptions(all_tie=all_tie)
    sheet = score_round(names, tableaux, m, options)
    for p in sheet.players:
        assert p.total == sum(li.points for li in p.breakdown)
        assert p.to_json()["total"] == sum(li["points"] for li in p.to_json()["breakdown"])
        for li in p.breakdown:
            assert li.rule and li.detail
            assert li.card in CARDS_BY_ID or li.card in {t.value for t in CardType}
    # card order in a tableau does not matter
    shuffled = [
        Tableau(
            cards=tuple(reversed(t.cards)),
            on_wasabi=tuple(reversed(t.on_wasabi)),
            special_orders=tuple(reversed(t.special_orders)),
            flipped=tuple(reversed(t.flipped)),
            uramaki_places=t.uramaki_places,
        )
        for t in tableaux
    ]
    assert totals(score_round(names, shuffled, m, options)) == totals(sheet)
    # a one-round game is that round plus its desserts
    game = score_game(names, [tableaux], m, options)
    kept = [
        Tableau(
            cards=tuple(i for i in t.cards if CARDS_BY_ID[i].category is Category.DESSERT),
            special_orders=tuple(
                s for s in t.special_orders if CARDS_BY_ID[s.copies].category is Category.DESSERT
            ),
        )
        for t in tableaux
    ]
    dessert_sheet = score_desserts(names, kept, m, options)
    assert totals(game) == [
        a + b for a, b in zip(totals(sheet), totals(dessert_sheet), strict=True)
    ]
