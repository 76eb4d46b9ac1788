"""What the screens get (``view``), who may send what (``actor``), the history lines
(``describe``) and the dice table as data (ruling D7)."""

from __future__ import annotations

import json

from companion.games import find_game
from companion.games.sushi_roll import GAME
from companion.games.sushi_roll.actions import EnterTray, Pick, Roll, UseChopsticks, UseMenu
from companion.games.sushi_roll.dice import DICE_IN_BOX, KIND_FACES, die, readings

from .helpers import DESSERT3, MAKI1, MAKI3, SQUID, new_game, play, start


def test_sushi_roll_is_registered() -> None:
    assert find_game("sushi-roll") is GAME
    assert GAME.info.min_players == 2 and GAME.info.max_players == 5


def test_the_dice_table_has_30_dice_of_five_kinds_with_six_faces_each() -> None:
    assert sum(DICE_IN_BOX.values()) == 30
    assert all(len(faces) == 6 for faces in KIND_FACES.values())
    for kind in KIND_FACES:
        for reading in readings(kind):
            assert die(reading).kind is kind


def test_the_view_shows_belts_trays_tokens_and_whose_turn_it_is() -> None:
    state = start(3, [MAKI3], [], [SQUID], start_player=1)
    v = GAME.view(state, 0)
    json.dumps(v)
    assert (v["phase"], v["current"], v["red"], v["order"]) == (
        "pick",
        "Ben",
        "Ben",
        ["Ben", "Cat", "Ann"],
    )
    ann = v["players"][0]
    assert ann["menu"] == 3 and ann["chopsticks"] == 2 and ann["desserts"] == 0
    assert {d["die"] for d in ann["belt"]} >= {MAKI3}
    assert v["players"][1]["red"] is True
    assert v["supply"] == {
        "menu": 9,
        "chopsticks": 6,
        "dessert_ones": 14,
        "dessert_threes": 6,
        "desserts": 32,
    }
    assert [k["kind"] for k in v["dice"]] == ["appetizer", "maki", "nigiri", "special", "dessert"]
    assert v["live"] is not None and len(v["live"]) == 3


def test_the_view_during_the_first_rolls_counts_the_bag() -> None:
    state = new_game(2)
    v = GAME.view(state, None)
    assert v["bag"] == DICE_IN_BOX and v["to_roll"] == ["Ann", "Ben"]
    assert "the belts of Ann, Ben to roll" in v["waiting"]


def test_the_view_in_scoring_mode_shows_the_entered_trays() -> None:
    state = new_game(2, "scoring")
    state, _ = play(state, EnterTray("Ann", (MAKI1,) * 6 + (SQUID, DESSERT3)))
    v = GAME.view(state, None)
    assert v["players"][0]["entered"] is True and v["players"][1]["entry"] is None
    assert v["players"][0]["entry"]["desserts"] == 3


def test_picks_and_tokens_are_the_players_decisions_rolls_and_trays_are_table_inputs() -> None:
    state = start(2)
    assert GAME.actor(state, Pick("Ben", MAKI1)) == 1
    assert GAME.actor(state, UseMenu("Ann", (MAKI1,))) == 0
    assert GAME.actor(state, UseChopsticks("Ann", MAKI1, "Ben", SQUID)) == 0
    assert GAME.actor(state, Roll("Ben", ())) is None
    assert GAME.actor(state, EnterTray("Ann")) is None
    assert GAME.private_to(state, Pick("Ann", MAKI1)) is None


def test_history_lines_name_the_dice() -> None:
    assert str(GAME.describe(Pick("Ann", MAKI3))) == "Ann took a Maki die showing 3 Maki"
    assert str(GAME.describe(UseMenu("Ann", (SQUID,)))) == (
        "Ann used a Menu token to re-roll Squid")
    assert "took Nigiri die showing Squid from Ben's belt" in str(GAME.describe(
        UseChopsticks("Ann", MAKI1, "Ben", SQUID)
    ))
    assert str(GAME.describe(Roll("Ben", (DESSERT3,)))) == "Ben's belt rolled: 3 Dessert"
    assert str(GAME.describe(EnterTray("Ann", (MAKI1,)))) == "Ann's tray: 1 die"
