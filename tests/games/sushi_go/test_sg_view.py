"""What a screen gets from ``view``: the Sushi Go Party! shape plus the lead token, the mochi
dice, the dummy and golf; a hand only for its own seat."""

from __future__ import annotations

import json

from companion.games.sushi_go import GAME
from companion.games.sushi_go.actions import Deal, MochiRoll, Reveal

from .helpers import enter, new_game, pad, play, turn


def test_the_view_lists_the_games_cards_in_the_menu_shape_with_unknown_counts_as_null() -> None:
    view = GAME.view(new_game(3, dessert="bubble_tea"), None)
    cards = {c["id"]: c for c in view["menu"]["cards"]}
    assert cards["futomaki_3"]["copies"] == 8 and cards["futomaki_3"]["icons"] == 3
    assert cards["bubble_tea_4"]["copies"] is None and cards["bubble_tea_4"]["value"] == 4
    assert view["menu"]["roll"] == "futomaki" and view["menu"]["dessert"] == "bubble_tea"
    assert view["pending"] is None and view["deal"] == 9 and view["hand_size"] == 9


def test_the_view_shows_the_lead_token_holder_and_every_tables_symbols() -> None:
    state, _ = turn(new_game(2), "strawberry_pudding_3", "tempura")
    lead = GAME.view(state, None)["lead"]
    assert lead == {"holder": "Ann", "points": 2, "symbols": [3, 0]}


def test_the_view_shows_the_mochi_dice_and_who_must_roll() -> None:
    state, _ = turn(new_game(2, dessert="mochi"), "mochi", "tempura")
    assert GAME.view(state, None)["mochi"] == {"dice": [1, 1], "waiting": ["Ann"]}
    state, _ = play(state, MochiRoll("Ann", 4))
    assert GAME.view(state, None)["mochi"] == {"dice": [4, 1], "waiting": []}


def test_the_view_shows_a_hand_to_its_own_seat_only() -> None:
    state, _ = play(
        new_game(2, mode="simulation"), Deal(hands=(*["tempura"] * 10, *["sashimi"] * 10))
    )
    assert GAME.view(state, 0)["players"][0]["hand"] == ["tempura"] * 10
    assert "hand" not in GAME.view(state, 0)["players"][1]
    assert "hand" not in GAME.view(state, None)["players"][0]


def test_the_view_shows_the_dummy_and_who_controls_it() -> None:
    state, _ = play(
        new_game(2, variant="dummy_player"), Reveal("Ann", "tempura", dummy_card="gyoza")
    )
    view = GAME.view(state, None)
    assert view["mover"] == "Ann" and view["passing"] == "swap"
    assert [p["name"] for p in view["players"]] == ["Ann", "Ben"]
    assert view["dummy"]["table"][0]["card"] == "gyoza"
    json.dumps(view)


def test_the_view_of_a_scoring_mode_game_shows_what_was_entered() -> None:
    state = enter(new_game(2, mode="scoring", variant="sushi_golf"), "Ann", *pad([], 10))
    view = GAME.view(state, None)
    assert [p["entered"] for p in view["players"]] == [True, False]
    assert view["lowest_wins"] is True and view["score"]["lowest_wins"] is True
