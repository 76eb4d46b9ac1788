"""Every point of a Sushi Go Party! score sheet explained (``scoring.py``): the whole breakdown,
line by line (rule, points, card, detail), of rounds, desserts and a game; the game id, the
player names and the dessert tie-break on every sheet; and the reasons scoring refuses a round
or a dessert pile. The details are what a player reads, so they are checked word for word."""

from __future__ import annotations

import pytest

from companion.games.base import IllegalAction, ScoreSheet
from companion.games.common.majority import AllTie
from companion.games.sushi_go_party.cards import CardType, Fruit
from companion.games.sushi_go_party.menus import Menu
from companion.games.sushi_go_party.scoring import (
    ScoringOptions,
    fruit_lines,
    score_desserts,
    score_game,
    score_round,
)
from companion.games.sushi_go_party.tableau import SpecialOrder, Tableau

C = CardType
T = Tableau.of
NAMES = ("Ann", "Ben", "Cat", "Dan")
Line = tuple[str, int, str, str]


def menu(roll: CardType = C.MAKI, specials: tuple[CardType, ...] = (C.WASABI, C.SPECIAL_ORDER),
         dessert: CardType = C.PUDDING) -> Menu:
    return Menu(roll=roll, appetizers=(C.TEMPURA, C.SASHIMI, C.EEL), specials=specials,
                dessert=dessert)


def breakdown(sheet: ScoreSheet) -> dict[str, list[Line]]:
    """Each player's lines, after checking the sheet is this game's."""
    assert sheet.game == "sushi-go-party"
    return {
        p.player: [(li.rule, li.points, li.card, li.detail) for li in p.breakdown]
        for p in sheet.players
    }


def tiebreaks(sheet: ScoreSheet) -> list[tuple[tuple[int, ...], str]]:
    return [(p.tiebreak, p.tiebreak_label) for p in sheet.players]


# ------------------------------------------------------------------ a round


def test_a_round_explains_nigiri_wasabi_special_orders_maki_sets_and_eel_line_by_line() -> None:
    ann = T("maki_3", "maki_2", "tempura", "tempura", "tempura", "wasabi", "squid_nigiri",
            "egg_nigiri", on_wasabi=["squid_nigiri"], special_orders=["squid_nigiri"])
    ben = T("maki_1", "sashimi", "sashimi", "sashimi", "sashimi", "eel", "wasabi",
            special_orders=["wasabi"])
    cat = T("eel", "eel", "salmon_nigiri", "wasabi", "pudding",
            special_orders=[SpecialOrder("salmon_nigiri", on_wasabi=True)])
    assert breakdown(score_round(NAMES[:3], (ann, ben, cat), menu())) == {
        "Ann": [
            ("nigiri", 3, "squid_nigiri", "1 x Squid Nigiri, 3 each"),
            ("nigiri", 1, "egg_nigiri", "1 x Egg Nigiri, 1 each"),
            ("nigiri", 3, "squid_nigiri", "1 x special order as Squid Nigiri, 3 each"),
            ("nigiri on wasabi", 9, "squid_nigiri", "1 x Squid Nigiri on wasabi, 3 x 3 = 9 each"),
            ("maki", 6, "maki", "5 maki icons: a place worth 6 (6/3)"),
            ("tempura", 5, "tempura", "1 pair of 2 x 5"),
            ("tempura", 0, "tempura", "1 tempura left out of a pair of 2"),
        ],
        "Ben": [
            ("wasabi", 0, "wasabi", "2 wasabis with no nigiri"),
            ("maki", 3, "maki", "1 maki icon: a place worth 3 (6/3)"),
            ("sashimi", 10, "sashimi", "1 set of 3 x 10"),
            ("sashimi", 0, "sashimi", "1 sashimi left out of a set of 3"),
            ("eel", -3, "eel", "1 eel (1 = -3, 2 or more = 7)"),
        ],
        "Cat": [
            ("nigiri", 2, "salmon_nigiri", "1 x Salmon Nigiri, 2 each"),
            ("nigiri on wasabi", 6, "salmon_nigiri",
             "1 x special order as Salmon Nigiri on wasabi, 2 x 3 = 6 each"),
            ("eel", 7, "eel", "2 eels (1 = -3, 2 or more = 7)"),
        ],
    }


def test_nigiri_on_and_off_a_wasabi_are_counted_apart_and_an_empty_wasabi_says_so() -> None:
    ann = T("wasabi", "squid_nigiri", "egg_nigiri", on_wasabi=["egg_nigiri"])
    ben = T("wasabi", "wasabi", on_wasabi=["salmon_nigiri"])
    assert breakdown(score_round(NAMES[:2], (ann, ben), menu(specials=(C.WASABI, C.TEA)))) == {
        "Ann": [
            ("nigiri", 1, "egg_nigiri", "1 x Egg Nigiri, 1 each"),
            ("nigiri on wasabi", 3, "egg_nigiri", "1 x Egg Nigiri on wasabi, 1 x 3 = 3 each"),
            ("nigiri", 3, "squid_nigiri", "1 x Squid Nigiri, 3 each"),
        ],
        "Ben": [
            ("nigiri on wasabi", 6, "salmon_nigiri",
             "1 x Salmon Nigiri on wasabi, 2 x 3 = 6 each"),
            ("wasabi", 0, "wasabi", "1 wasabi with no nigiri"),
        ],
    }


def test_with_special_orders_each_nigiri_is_counted_by_where_it_lies_and_what_it_copies() -> None:
    ann = T("wasabi", "wasabi", "squid_nigiri", "squid_nigiri", on_wasabi=["egg_nigiri"] * 2,
            special_orders=["squid_nigiri", "squid_nigiri"])
    assert breakdown(score_round(NAMES[:2], (ann, T()), menu()))["Ann"] == [
        ("nigiri", 6, "squid_nigiri", "2 x Squid Nigiri, 3 each"),
        ("nigiri", 6, "squid_nigiri", "2 x special order as Squid Nigiri, 3 each"),
        ("nigiri on wasabi", 6, "egg_nigiri", "2 x Egg Nigiri on wasabi, 1 x 3 = 3 each"),
    ]


def test_a_special_order_copying_a_card_later_flipped_still_counts_as_one_of_it() -> None:
    """Ambiguity 6: the copied tempura is flipped, the special order stays one tempura."""
    m = menu(specials=(C.TAKEOUT_BOX, C.SPECIAL_ORDER))
    sheet = score_round(NAMES[:2], (T(flipped=["tempura"], special_orders=["tempura"]), T()), m)
    assert breakdown(sheet)["Ann"] == [
        ("tempura", 0, "tempura", "1 tempura left out of a pair of 2"),
        ("take-out box", 2, "tempura", "1 x Tempura flipped by a take-out box, 2 each"),
    ]


def test_temaki_lines_say_most_fewest_or_neither() -> None:
    sheet = score_round(NAMES, (T("temaki", "temaki"), T("temaki"), T("temaki"), T()),
                        menu(roll=C.TEMAKI))
    assert breakdown(sheet) == {
        "Ann": [("temaki most", 4, "temaki", "2 temaki cards, the most (+4, ties take it all)")],
        "Ben": [("temaki", 0, "temaki", "1 temaki card: neither the most nor the fewest")],
        "Cat": [("temaki", 0, "temaki", "1 temaki card: neither the most nor the fewest")],
        "Dan": [("temaki fewest", -4, "temaki", "0 temaki cards, the fewest (-4, 0 included)")],
    }


def test_temaki_all_tied_say_nobody_scores_d1() -> None:
    sheet = score_round(NAMES[:3], (T("temaki"),) * 3, menu(roll=C.TEMAKI))
    why = "1 temaki card: every player has the same count, so nobody scores"
    assert breakdown(sheet) == {n: [("temaki", 0, "temaki", why)] for n in NAMES[:3]}


def test_temaki_with_2_players_the_fewest_is_told_there_is_no_penalty() -> None:
    sheet = score_round(NAMES[:2], (T("temaki", "temaki"), T("temaki")), menu(roll=C.TEMAKI))
    assert breakdown(sheet)["Ben"] == [
        ("temaki", 0, "temaki", "1 temaki card: the fewest, but there is no penalty with 2 players")
    ]


def test_uramaki_lines_say_the_place_claimed_and_who_takes_the_next_at_round_end() -> None:
    tableaux = (T("uramaki_3", uramaki_places=(1,)), T("uramaki_5", "uramaki_4"),
                T("uramaki_3"), T())
    assert breakdown(score_round(NAMES, tableaux, menu(roll=C.URAMAKI))) == {
        "Ann": [
            ("uramaki", 8, "uramaki", "place 1 scored during the round on reaching 10 icons"),
            ("uramaki", 0, "uramaki",
             "3 uramaki icons left: not the most, only the most takes place 2 at round end"),
        ],
        "Ben": [
            ("uramaki", 5, "uramaki",
             "9 uramaki icons left, the most: the next unclaimed place (2) at round end"),
        ],
        "Cat": [
            ("uramaki", 0, "uramaki",
             "3 uramaki icons left: not the most, only the most takes place 2 at round end"),
        ],
        "Dan": [],
    }


def test_uramaki_left_when_every_place_was_claimed_scores_nothing_and_says_why() -> None:
    tableaux = (T("uramaki_4", uramaki_places=(1,)), T("uramaki_3", uramaki_places=(2,)),
                T("uramaki_5", uramaki_places=(3,)))
    lines = breakdown(score_round(NAMES[:3], tableaux, menu(roll=C.URAMAKI)))
    assert lines["Cat"] == [
        ("uramaki", 2, "uramaki", "place 3 scored during the round on reaching 10 icons"),
        ("uramaki", 0, "uramaki", "5 uramaki icons left: every place was claimed during the round"),
    ]
    assert lines["Ann"][1][3] == "4 uramaki icons left: every place was claimed during the round"


def test_a_round_refuses_a_tableau_count_that_is_not_the_player_count() -> None:
    with pytest.raises(IllegalAction, match=r"^2 players but 1 tableaux$"):
        score_round(NAMES[:2], (T(),), menu())


# ------------------------------------------------------------------ desserts


def test_pudding_lines_and_the_tie_break_count_every_dessert_card_kept() -> None:
    kept = (T("pudding", "pudding", special_orders=["pudding"]), T("pudding"), T("pudding"), T())
    sheet = score_desserts(NAMES, kept, menu())
    assert breakdown(sheet) == {
        "Ann": [("pudding most", 6, "pudding", "3 pudding cards, the most (+6, ties take it all)")],
        "Ben": [("pudding", 0, "pudding", "1 pudding card: neither the most nor the fewest")],
        "Cat": [("pudding", 0, "pudding", "1 pudding card: neither the most nor the fewest")],
        "Dan": [("pudding fewest", -6, "pudding", "0 pudding cards, the fewest (-6, 0 included)")],
    }
    label = "dessert cards kept"
    assert tiebreaks(sheet) == [((3,), label), ((1,), label), ((1,), label), ((0,), label)]


def test_pudding_all_tied_say_nobody_scores_d1_by_default() -> None:
    sheet = score_desserts(NAMES[:3], (T("pudding"),) * 3, menu())
    why = "1 pudding card: every player has the same count, so nobody scores"
    assert breakdown(sheet) == {n: [("pudding", 0, "pudding", why)] for n in NAMES[:3]}


def test_green_tea_ice_cream_lines_say_the_sets_of_4_and_the_cards_left_out() -> None:
    sheet = score_desserts(NAMES[:2], (T(*["green_tea_ice_cream"] * 5), T()),
                           menu(dessert=C.GREEN_TEA_ICE_CREAM))
    assert breakdown(sheet) == {
        "Ann": [
            ("green tea ice cream", 12, "green_tea_ice_cream", "1 set of 4 x 12"),
            ("green tea ice cream", 0, "green_tea_ice_cream",
             "1 green tea ice cream left out of a set of 4"),
        ],
        "Ben": [],
    }


def test_fruit_lines_one_per_fruit_type_counting_both_icons_of_a_card() -> None:
    kept = (T("fruit_watermelon_watermelon", "fruit_watermelon_orange"), T())
    sheet = score_desserts(NAMES[:2], kept, menu(dessert=C.FRUIT))
    table = "(0/1/2/3/4/5+ = -2/0/1/3/6/10)"
    assert breakdown(sheet) == {
        "Ann": [
            ("fruit", 3, "fruit", f"3 watermelons {table}"),
            ("fruit", 0, "fruit", f"1 orange {table}"),
            ("fruit", -2, "fruit", f"0 pineapples {table}"),
        ],
        "Ben": [
            ("fruit", -2, "fruit", f"0 watermelons {table}"),
            ("fruit", -2, "fruit", f"0 oranges {table}"),
            ("fruit", -2, "fruit", f"0 pineapples {table}"),
        ],
    }
    assert tiebreaks(sheet)[0] == ((2,), "dessert cards kept")


def test_fruit_refuses_a_negative_icon_count() -> None:
    with pytest.raises(IllegalAction, match=r"^-1 orange icons: a count cannot be negative$"):
        fruit_lines({Fruit.ORANGE: -1})


@pytest.mark.parametrize(
    ("pile", "reason"),
    [
        (T("pudding", on_wasabi=["egg_nigiri"]), "Ann: a dessert pile holds only desserts"),
        (T("pudding", flipped=["pudding"]), "Ann: a dessert pile holds only desserts"),
        (T("pudding", uramaki_places=(1,)), "Ann: a dessert pile holds only desserts"),
        (T("tempura"),
         "Ann: Tempura is not this menu's dessert (pudding), so it is not kept to game end"),
        (T("nothing"),
         "Ann: 'nothing' is not this menu's dessert (pudding), so it is not kept to game end"),
        (T(special_orders=["pudding"]), "Ann: Special Order is not on this menu"),
    ],
)
def test_a_dessert_pile_holds_only_the_menus_dessert(pile: Tableau, reason: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        score_desserts(NAMES[:2], (pile, T()), menu(specials=(C.WASABI, C.TEA)))
    assert caught.value.reason == reason


def test_desserts_refuse_a_pile_count_that_is_not_the_player_count() -> None:
    with pytest.raises(IllegalAction, match=r"^2 players but 1 dessert piles$"):
        score_desserts(NAMES[:2], (T(),), menu())


def test_desserts_refuse_more_dessert_cards_than_the_game_holds() -> None:
    with pytest.raises(IllegalAction) as caught:
        score_desserts(NAMES[:2], (T(*["pudding"] * 9), T(*["pudding"] * 7)), menu())
    assert caught.value.reason == (
        "16 x Pudding kept as desserts this game, but the deck for 2 players holds 10"
    )


# ------------------------------------------------------------------ a game


def test_a_game_prefixes_each_round_line_and_passes_the_house_rule_to_every_round() -> None:
    """D1 literal: both players tie on temaki in both rounds (with 2 players, +4 alone)."""
    rounds = [
        [T("temaki", "pudding"), T("temaki")],
        [T("tempura", "tempura", "tempura", "tempura"), T("pudding")],
    ]
    literal = ScoringOptions(all_tie=AllTie.LITERAL)
    sheet = score_game(NAMES[:2], rounds, menu(roll=C.TEMAKI), literal)
    pudding = ("pudding most", 6, "pudding", "1 pudding card, the most (+6, ties take it all)")
    assert breakdown(sheet) == {
        "Ann": [
            ("temaki most", 4, "temaki", "round 1: 1 temaki card, the most (+4, ties take it all)"),
            ("temaki most", 4, "temaki",
             "round 2: 0 temaki cards, the most (+4, ties take it all)"),
            ("tempura", 10, "tempura", "round 2: 2 pairs of 2 x 5"),
            pudding,
        ],
        "Ben": [
            ("temaki most", 4, "temaki", "round 1: 1 temaki card, the most (+4, ties take it all)"),
            ("temaki most", 4, "temaki",
             "round 2: 0 temaki cards, the most (+4, ties take it all)"),
            pudding,
        ],
    }
    assert tiebreaks(sheet) == [((1,), "dessert cards kept")] * 2


def test_a_game_has_at_most_3_rounds() -> None:
    with pytest.raises(IllegalAction, match=r"^Sushi Go Party! has 3 rounds, not 4$"):
        score_game(NAMES[:2], [[T(), T()]] * 4, menu())
