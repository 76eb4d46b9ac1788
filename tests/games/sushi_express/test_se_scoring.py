"""Scoring: customers by colour, the tip penalty, the tie-break and the record's final state."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import IllegalAction, PlayerSpec, ScoreLine, UnreadableInput
from companion.games.sushi_express import GAME
from companion.games.sushi_express.actions import Deliver, Guess, Move, RevealCustomers, Roll
from companion.games.sushi_express.cards import Customer
from companion.games.sushi_express.state import GameState, Phase, evolve

from .helpers import DB, LB, ROSE, SAME, TIP, TIPCARD, VIOLET, play, started, with_hand

CLAUS_FINAL: dict[str, Any] = {
    "players": [
        {
            "name": "Claus",
            "customers": {"light_blue": 3, "dark_blue": 2, "rose": 1, "violet": 1, "tip": 1},
            "tip_cards": 0,
            "action_cards": 2,
        },
        {"name": "Andreas", "customers": {"tip": 2}, "tip_cards": 1, "action_cards": 0},
        {"name": "Bernd", "customers": {"tip": 3, "green": 1}, "tip_cards": 0, "action_cards": 1},
    ]
}
TABLE = [PlayerSpec("Claus"), PlayerSpec("Andreas"), PlayerSpec("Bernd")]


def final(*entries: tuple[str, dict[str, int], int, int]) -> dict[str, Any]:
    return {
        "players": [
            {"name": n, "customers": c, "tip_cards": t, "action_cards": a} for n, c, t, a in entries
        ]
    }


def totals(sheet_json: dict[str, Any]) -> dict[str, int]:
    return {p["name"]: p["total"] for p in sheet_json["players"]}


def test_claus_scores_12() -> None:
    sheet = GAME.score_final(TABLE, {}, CLAUS_FINAL)
    claus = sheet.players[0]
    assert claus.total == 12
    assert [line.points for line in claus.breakdown if line.rule == "first customer"] == [3] * 4
    assert sum(line.points for line in claus.breakdown if line.rule == "further customers") == 3
    assert (
        ScoreLine("fewest tips", -3, "tip", "fewest tips (1); the most is 3 (Andreas, Bernd)")
        in claus.breakdown
    )


def claus_state() -> GameState:
    """The Claus example reached by play: the last round's delivery ends the game."""
    names = [PlayerSpec("Claus"), PlayerSpec("Andreas"), PlayerSpec("Bernd")]
    state = GAME.setup(names, {})
    state, _ = play(state, RevealCustomers((LB, DB, TIP)))
    state, _ = play(
        state,
        Guess("Claus", 5),
        Guess("Andreas", 9),
        Guess("Bernd", 7),
        Roll("Andreas", (6, 6)),
        Move("Andreas"),
        Move("Bernd"),
        Move("Claus"),
    )
    taken = {
        "Claus": (LB, LB, LB, DB, DB, ROSE, VIOLET, TIP),
        "Andreas": (TIP, TIP),
        "Bernd": (TIP, TIP, TIP, Customer.GREEN),
    }
    people = tuple(evolve(p, customers=taken[p.name]) for p in state.players)
    state = evolve(state, players=people, supply=(0,) * 9)
    state = with_hand(state, "Andreas", TIPCARD)
    state = with_hand(state, "Bernd", SAME)
    state, _ = play(state, Deliver("Claus", keep=False))
    assert state.phase is Phase.OVER
    return state


def test_claus_scores_12_in_a_played_game() -> None:
    state = claus_state()
    sheet = GAME.score(state)
    assert [p.total for p in sheet.players] == [12, 0, 3]
    assert GAME.view(state, None)["score"] == sheet.to_json()


def test_the_final_state_written_by_the_engine_scores_the_same() -> None:
    state = claus_state()
    written = GAME.final_json(state)
    assert written["players"][0] == CLAUS_FINAL["players"][0]
    assert GAME.score_final(TABLE, {}, written) == GAME.score(state)


def test_the_first_customer_of_a_colour_scores_3_and_each_further_one_1() -> None:
    sheet = GAME.score_final(
        TABLE[:3],
        {},
        final(("Claus", {"light_blue": 5}, 0, 0), ("Andreas", {}, 0, 0), ("Bernd", {}, 0, 0)),
    )
    assert sheet.players[0].total == 3 + 4


def test_the_fewest_tips_lose_the_highest_tip_count_and_ties_each_lose_it_all() -> None:
    sheet = GAME.score_final(
        TABLE,
        {},
        final(
            ("Claus", {"rose": 1, "tip": 1}, 0, 0),
            ("Andreas", {"violet": 1, "tip": 1}, 0, 0),
            ("Bernd", {"green": 1, "tip": 2}, 2, 0),
        ),
    )
    assert totals(sheet.to_json()) == {"Claus": 3 - 4, "Andreas": 3 - 4, "Bernd": 3}


def test_tip_action_cards_count_as_tips() -> None:
    sheet = GAME.score_final(
        TABLE,
        {},
        final(
            ("Claus", {"tip": 1}, 1, 0), ("Andreas", {"tip": 1}, 0, 0), ("Bernd", {"tip": 2}, 0, 0)
        ),
    )
    assert totals(sheet.to_json()) == {"Claus": 0, "Andreas": -2, "Bernd": 0}


def test_when_nobody_has_tips_nobody_loses_points() -> None:
    sheet = GAME.score_final(
        TABLE, {}, final(("Claus", {"rose": 1}, 0, 0), ("Andreas", {}, 0, 0), ("Bernd", {}, 0, 0))
    )
    assert totals(sheet.to_json()) == {"Claus": 3, "Andreas": 0, "Bernd": 0}


def test_when_everyone_ties_on_tips_everyone_loses_that_count() -> None:
    sheet = GAME.score_final(
        TABLE,
        {},
        final(
            ("Claus", {"tip": 2}, 0, 0), ("Andreas", {"tip": 1}, 1, 0), ("Bernd", {"tip": 2}, 0, 0)
        ),
    )
    assert totals(sheet.to_json()) == {"Claus": -2, "Andreas": -2, "Bernd": -2}


def test_the_tie_break_is_action_cards_left_without_tips() -> None:
    sheet = GAME.score_final(
        TABLE,
        {},
        final(("Claus", {"rose": 1}, 0, 1), ("Andreas", {"rose": 1}, 0, 2), ("Bernd", {}, 0, 5)),
    )
    assert [r["name"] for r in sheet.ranking()] == ["Andreas", "Claus", "Bernd"]
    assert sheet.players[1].tiebreak == (2,)
    state = with_hand(started(3), "Ann", TIPCARD, SAME, unknown=1)
    assert GAME.score(state).players[0].tiebreak == (2,)


def test_a_provisional_score_works_at_any_point() -> None:
    sheet = GAME.score(started())
    assert [p.total for p in sheet.players] == [0, 0, 0, 0]


@pytest.mark.parametrize(
    "bad",
    [
        {"players": "all"},
        final(("Claus", {"purple": 1}, 0, 0), ("Andreas", {}, 0, 0), ("Bernd", {}, 0, 0)),
        final(("Claus", {"rose": -1}, 0, 0), ("Andreas", {}, 0, 0), ("Bernd", {}, 0, 0)),
        final(("Claus", {}, 0, 0), ("Andreas", {}, 0, 0)),
        final(("Claus", {}, 0, 0), ("Andreas", {}, 0, 0), ("Zed", {}, 0, 0)),
        final(("Claus", {}, True, 0), ("Andreas", {}, 0, 0), ("Bernd", {}, 0, 0)),
    ],
)
def test_an_unreadable_final_state_is_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(UnreadableInput):
        GAME.score_final(TABLE, {}, bad)


@pytest.mark.parametrize(
    "impossible",
    [
        final(("Claus", {"rose": 2}, 0, 0), ("Andreas", {"rose": 1}, 0, 0), ("Bernd", {}, 0, 0)),
        final(("Claus", {}, 2, 0), ("Andreas", {}, 1, 0), ("Bernd", {}, 0, 0)),
        final(("Claus", {}, 0, 20), ("Andreas", {}, 0, 7), ("Bernd", {}, 0, 0)),
    ],
)
def test_a_final_state_beyond_the_deck_is_refused(impossible: dict[str, Any]) -> None:
    with pytest.raises(IllegalAction):
        GAME.score_final(TABLE, {}, impossible)
