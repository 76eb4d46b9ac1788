"""Scoring, line by line: every point, card and sentence of the sheet, and every refusal of a
record's final object with the words a player reads."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import (
    IllegalAction,
    PlayerSpec,
    ScoreLine,
    ScoreSheet,
    UnreadableInput,
)
from companion.games.sushi_express import GAME, scoring
from companion.games.sushi_express.actions import DeclareTips
from companion.games.sushi_express.cards import Customer

from .helpers import TIPCARD, ending

TABLE = [PlayerSpec("Claus"), PlayerSpec("Andreas"), PlayerSpec("Bernd")]
CLAUS: dict[str, Any] = {
    "name": "Claus",
    "customers": {"light_blue": 3, "dark_blue": 2, "rose": 1, "violet": 1, "tip": 1},
    "tip_cards": 0,
    "action_cards": 2,
}
ANDREAS: dict[str, Any] = {
    "name": "Andreas",
    "customers": {"tip": 2},
    "tip_cards": 1,
    "action_cards": 0,
}
BERND: dict[str, Any] = {
    "name": "Bernd",
    "customers": {"tip": 3, "green": 1},
    "tip_cards": 0,
    "action_cards": 1,
}


def sheet_of(*entries: dict[str, Any]) -> ScoreSheet:
    return GAME.score_final(TABLE, {}, {"players": list(entries)})


def lines(sheet: ScoreSheet, name: str) -> tuple[ScoreLine, ...]:
    found = next(p for p in sheet.players if p.player == name)
    assert all(type(line.points) is int for line in found.breakdown)
    return found.breakdown


def tip_line(sheet: ScoreSheet, name: str) -> ScoreLine:
    return next(line for line in lines(sheet, name) if line.rule == "tips")


def penalty(sheet: ScoreSheet, name: str) -> list[ScoreLine]:
    return [line for line in lines(sheet, name) if line.rule == "fewest tips"]


def impossible(final: Any, *words: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        GAME.score_final(TABLE, {}, final)
    for word in words:
        assert word in caught.value.reason, caught.value.reason


def entry(name: str, customers: dict[str, Any], tips: int = 0, actions: int = 0) -> dict[str, Any]:
    return {"name": name, "customers": customers, "tip_cards": tips, "action_cards": actions}


# -- the sheet, every line ------------------------------------------------------------------


def test_the_rulebook_example_explains_every_point_colour_by_colour() -> None:
    sheet = sheet_of(CLAUS, ANDREAS, BERND)
    assert lines(sheet, "Claus") == (
        ScoreLine("first customer", 3, "light_blue", "first light blue customer"),
        ScoreLine(
            "further customers", 2, "light_blue", "2 more light blue customers, 1 point each"
        ),
        ScoreLine("first customer", 3, "dark_blue", "first dark blue customer"),
        ScoreLine("further customers", 1, "dark_blue", "1 more dark blue customer, 1 point each"),
        ScoreLine("first customer", 3, "rose", "first rose customer"),
        ScoreLine("first customer", 3, "violet", "first violet customer"),
        ScoreLine("tips", 0, "tip", "1 customer tip card + 0 Tip action cards = 1 tip"),
        ScoreLine("fewest tips", -3, "tip", "fewest tips (1); the most is 3 (Andreas, Bernd)"),
    )
    assert lines(sheet, "Andreas") == (
        ScoreLine("tips", 0, "tip", "2 customer tip cards + 1 Tip action card = 3 tips"),
    )
    assert lines(sheet, "Bernd") == (
        ScoreLine("first customer", 3, "green", "first green customer"),
        ScoreLine("tips", 0, "tip", "3 customer tip cards + 0 Tip action cards = 3 tips"),
    )


def test_a_single_customer_of_a_colour_has_no_further_customers_line() -> None:
    sheet = sheet_of(entry("Claus", {"rose": 1}), entry("Andreas", {}), entry("Bernd", {}))
    assert [line.rule for line in lines(sheet, "Claus")] == [
        "first customer",
        "tips",
        "fewest tips",
    ]


def test_every_further_customer_of_a_colour_is_worth_exactly_1_point() -> None:
    sheet = sheet_of(entry("Claus", {"light_blue": 8}), entry("Andreas", {}), entry("Bernd", {}))
    further = [line for line in lines(sheet, "Claus") if line.rule == "further customers"]
    assert further == [
        ScoreLine("further customers", 7, "light_blue", "7 more light blue customers, 1 point each")
    ]
    assert sheet.players[0].total == 3 + 7


def test_a_player_without_tip_cards_reads_zero_tips_of_each_kind() -> None:
    sheet = sheet_of(entry("Claus", {"rose": 2}), entry("Andreas", {}), entry("Bernd", {}))
    assert tip_line(sheet, "Claus") == ScoreLine(
        "tips", 0, "tip", "0 customer tip cards + 0 Tip action cards = 0 tips"
    )


def test_tip_action_cards_alone_are_counted_in_the_tips_line() -> None:
    sheet = sheet_of(
        entry("Claus", {}, tips=2), entry("Andreas", {"tip": 1}), entry("Bernd", {"tip": 2})
    )
    assert tip_line(sheet, "Claus").detail == "0 customer tip cards + 2 Tip action cards = 2 tips"
    assert tip_line(sheet, "Andreas").detail == "1 customer tip card + 0 Tip action cards = 1 tip"
    assert penalty(sheet, "Andreas") == [
        ScoreLine("fewest tips", -2, "tip", "fewest tips (1); the most is 2 (Claus, Bernd)")
    ]
    assert penalty(sheet, "Claus") == penalty(sheet, "Bernd") == []


def test_when_everyone_has_one_tip_everyone_loses_1_and_reads_why() -> None:
    sheet = sheet_of(
        entry("Claus", {"tip": 1}), entry("Andreas", {}, tips=1), entry("Bernd", {"tip": 1})
    )
    for name in ("Claus", "Andreas", "Bernd"):
        assert penalty(sheet, name) == [
            ScoreLine("fewest tips", -1, "tip", "everyone has 1 tip, so everyone is fewest")
        ]


def test_when_everyone_has_two_tips_everyone_loses_2_and_reads_why() -> None:
    sheet = sheet_of(
        entry("Claus", {"tip": 2}), entry("Andreas", {"tip": 1}, tips=1), entry("Bernd", {"tip": 2})
    )
    assert penalty(sheet, "Andreas") == [
        ScoreLine("fewest tips", -2, "tip", "everyone has 2 tips, so everyone is fewest")
    ]


def test_when_nobody_has_a_tip_everyone_reads_a_penalty_of_0() -> None:
    sheet = sheet_of(entry("Claus", {}), entry("Andreas", {}), entry("Bernd", {}))
    assert penalty(sheet, "Bernd") == [
        ScoreLine("fewest tips", 0, "tip", "everyone has 0 tips, so everyone is fewest")
    ]


def test_the_tips_penalty_goes_to_the_fewest_only_not_to_the_middle() -> None:
    sheet = sheet_of(
        entry("Claus", {"tip": 1}), entry("Andreas", {"tip": 2}), entry("Bernd", {"tip": 4})
    )
    assert [p.total for p in sheet.players] == [-4, 0, 0]


def test_the_sheet_names_the_game_and_the_tie_break() -> None:
    sheet = sheet_of(CLAUS, ANDREAS, BERND)
    assert sheet.game == "sushi-express"
    assert [p.tiebreak for p in sheet.players] == [(2,), (0,), (1,)]
    assert {p.tiebreak_label for p in sheet.players} == {
        "action cards left (Tip cards not counted)"
    }


def test_scoring_nobody_gives_an_empty_sheet() -> None:
    assert scoring.score_tallies([]) == ScoreSheet(game="sushi-express", players=())


def test_the_tips_declared_at_the_end_are_the_tips_scored() -> None:
    state = ending(Ann=((TIPCARD,), 1), Ben=((), 1))
    state, _ = GAME.apply(state, DeclareTips("Ann", 2))
    assert GAME.is_over(state)
    sheet = GAME.score(state)
    assert tip_line(sheet, "Ann").detail.endswith("2 Tip action cards = 2 tips")
    assert GAME.final_json(state)["players"][0]["tip_cards"] == 2
    assert GAME.final_json(state)["players"][0]["action_cards"] == 0


def test_the_final_json_lists_only_the_kinds_a_player_took_in_card_order() -> None:
    state = ending()
    for p in GAME.final_json(state)["players"]:
        assert all(n > 0 for n in p["customers"].values())
        order = [c.value for c in Customer]
        assert list(p["customers"]) == sorted(p["customers"], key=order.index)


# -- a record's final object: what it may omit and the limits of the game -------------------


def test_a_final_player_may_omit_customers_and_card_counts() -> None:
    sheet = GAME.score_final(
        TABLE, {}, {"players": [{"name": "Claus"}, {"name": "Andreas"}, {"name": "Bernd"}]}
    )
    assert [p.total for p in sheet.players] == [0, 0, 0]
    assert [p.tiebreak for p in sheet.players] == [(0,), (0,), (0,)]
    assert tip_line(sheet, "Claus").detail == "0 customer tip cards + 0 Tip action cards = 0 tips"


def test_every_card_of_a_customer_kind_may_be_held() -> None:
    sheet = sheet_of(
        entry("Claus", {"light_blue": 8, "tip": 8}),
        entry("Andreas", {"rose": 2}),
        entry("Bernd", {}),
    )
    assert sheet.players[0].total == 3 + 7


def test_both_tip_action_cards_and_all_26_other_action_cards_may_be_held() -> None:
    sheet = sheet_of(
        entry("Claus", {}, tips=1, actions=20),
        entry("Andreas", {}, tips=1, actions=6),
        entry("Bernd", {}),
    )
    assert [p.tiebreak for p in sheet.players] == [(20,), (6,), (0,)]


def test_more_customer_cards_than_the_game_has_are_refused_with_the_counts() -> None:
    impossible(
        {
            "players": [
                entry("Claus", {"rose": 2}),
                entry("Andreas", {"rose": 1}),
                entry("Bernd", {}),
            ]
        },
        "The players hold 3 rose customer cards; the game has only 2",
    )


def test_more_than_two_tip_action_cards_are_refused() -> None:
    impossible(
        {"players": [entry("Claus", {}, 2), entry("Andreas", {}, 1), entry("Bernd", {})]},
        "The players hold 3 Tip action cards; the game has only 2",
    )


def test_more_than_26_other_action_cards_are_refused() -> None:
    impossible(
        {"players": [entry("Claus", {}, 0, 20), entry("Andreas", {}, 0, 7), entry("Bernd", {})]},
        "The players hold more than the 26 action cards that are not Tips",
    )


@pytest.mark.parametrize(
    ("final", "reason"),
    [
        ([], "the final state needs a 'players' list"),
        ({"players": "all"}, "the final state needs a 'players' list"),
        ({"players": ["Claus"]}, "each final player needs a 'name' (text)"),
        ({"players": [{"name": 7}]}, "each final player needs a 'name' (text)"),
        (
            {"players": [{"name": "Claus", "customers": [1]}]},
            "Claus: 'customers' must be an object",
        ),
        (
            {"players": [entry("Claus", {"purple": 1})]},
            "Claus: unknown customer 'purple' (one of: light_blue, dark_blue, rose, violet, "
            "green, yellow, orange, red, tip)",
        ),
        (
            {"players": [entry("Claus", {"rose": -1})]},
            "Claus: 'customers.rose' must be a whole number, 0 or more",
        ),
        (
            {"players": [entry("Claus", {"rose": 1.0})]},
            "Claus: 'customers.rose' must be a whole number, 0 or more",
        ),
        (
            {"players": [entry("Claus", {}, tips=True)]},
            "Claus: 'tip_cards' must be a whole number, 0 or more",
        ),
        (
            {"players": [{"name": "Claus", "action_cards": "2"}]},
            "Claus: 'action_cards' must be a whole number, 0 or more",
        ),
        (
            {"players": [entry("Claus", {}), entry("Claus", {})]},
            "the final state lists Claus twice",
        ),
        (
            {"players": [entry("Claus", {}), entry("Andreas", {}), entry("Zed", {})]},
            "the final state's players do not match the game (missing: ['Bernd'], "
            "unknown: ['Zed'])",
        ),
    ],
)
def test_an_unreadable_final_state_is_refused_with_its_reason(final: Any, reason: str) -> None:
    with pytest.raises(UnreadableInput) as caught:
        GAME.score_final(TABLE, {}, final)
    assert caught.value.reason == reason
