"""Sushi Go Party! over the JSON API: the menu catalogue the new-game picker reads, menus the
engine refuses with its reason, and a round of tableaux scored for every screen."""

from __future__ import annotations

import random
from typing import Any

from flask.testing import FlaskClient

from companion.games import find_game
from companion.games.base import PlayerSpec
from companion.games.sushi_go_party.menus import PRESETS
from tests.web.web_support import NewGame, create_game, post, snapshot

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def party(client: FlaskClient, players: int = 4, **options: Any) -> NewGame:
    return create_game(client, game="sushi-go-party",
                       players=[{"name": n} for n in NAMES[:players]], options=options)


def test_the_catalogue_lists_the_8_presets_with_names_types_and_player_ranges(
    client: FlaskClient,
) -> None:
    data = client.get("/api/titles/sushi-go-party/menus").get_json()
    presets = {p["id"]: p for p in data["presets"]}
    assert list(presets) == list(PRESETS)
    assert presets["my_first_meal"]["name"] == "My First Meal"
    first = presets["my_first_meal"]["types"]
    assert first[0] == "nigiri" and len(first) == 8
    assert presets["master_menu"]["players"] == [3, 8]  # spoon
    assert presets["dinner_for_two"]["players"] == [2, 6]  # menu, special order
    types = {t["id"]: t for t in data["types"]}
    assert len(types) == 23
    assert (types["edamame"]["slot"], types["edamame"]["players"]) == ("appetizer", [3, 8])
    assert [v["id"] for v in types["maki"]["variants"]] == ["maki_1", "maki_2", "maki_3"]
    assert data["slots"] == {"roll": 1, "appetizer": 3, "special": 2, "dessert": 1}
    assert (data["deal"]["4"], data["schedule"]["6"]) == (9, [7, 5, 3])


def test_a_title_or_catalogue_without_one_is_not_found(client: FlaskClient) -> None:
    # the route is generic: the catalogue is the engine's (registry.catalogue)
    assert client.get("/api/titles/sushi-go/menus").status_code == 404
    assert client.get("/api/titles/sushi-go-party/nothing").status_code == 404
    assert client.get("/api/titles/no-such-title/menus").status_code == 404


def test_a_menu_against_the_rules_is_refused_with_the_rule_it_breaks(
    client: FlaskClient,
) -> None:
    carte = {"roll": "maki", "appetizers": ["tempura", "sashimi", "edamame"],
             "specials": ["wasabi", "tea"], "dessert": "pudding"}
    body = {"game": "sushi-go-party", "players": [{"name": "Ann"}, {"name": "Ben"}],
            "options": {"menu": carte}}
    answer = post(client, "/api/games", body)
    assert answer.status_code == 409
    assert answer.get_json()["reason"] == "Edamame is played only with 3 to 8 players, not 2"
    body["options"] = {"menu": {**carte, "appetizers": ["tempura", "sashimi", "eel", "tofu"]}}
    answer = post(client, "/api/games", body)
    assert answer.status_code == 409
    assert "A menu has 3 appetizers, not 4" in answer.get_json()["reason"]
    assert client.get("/api/games").get_json()["games"] == []


def test_a_round_of_tableaux_is_scored_for_every_screen(client: FlaskClient) -> None:
    game = party(client, menu="points_platter")
    engine = find_game("sushi-go-party")
    state = engine.setup([PlayerSpec(n) for n in NAMES], {"menu": "points_platter"})
    rng = random.Random(1)
    for _ in NAMES:
        action = engine.chance_action(state, rng)
        assert action is not None
        state, _ = engine.apply(state, action)
        answer = post(client, f"/api/games/{game.id}/actions", action.to_json(), game.host)
        assert answer.status_code == 200, answer.get_json()
    watched = snapshot(client, game)["view"]  # a watcher sees the same scores
    assert watched == engine.view(state, None)
    assert [len(p["round_points"]) for p in watched["players"]] == [1, 1, 1, 1]
    assert (watched["round"], watched["deal"], watched["desserts_this_round"]) == (2, 9, 3)


def test_a_tableau_that_cannot_be_is_refused_with_its_reason(client: FlaskClient) -> None:
    game = party(client, menu="my_first_meal")
    action = {"kind": "enter_tableau", "player": "Ann", "cards": ["tempura"],
              "on_wasabi": ["squid_nigiri"]}
    answer = post(client, f"/api/games/{game.id}/actions", action, game.host)
    assert answer.status_code == 409
    assert "on a wasabi that isn't there" in answer.get_json()["reason"]
    assert snapshot(client, game, game.host)["version"] == 0


def test_a_tableau_of_a_size_no_play_gives_is_refused_naming_the_player(
    client: FlaskClient,
) -> None:
    game = party(client, menu="sushi_go", mode="scoring")
    action = {"kind": "enter_tableau", "player": "Cat", "cards": []}
    answer = post(client, f"/api/games/{game.id}/actions", action, game.host)
    assert answer.status_code == 409
    assert answer.get_json()["reason"].startswith(
        "Cat's tableau has 0 cards; with 9 cards dealt it holds 9")
    assert snapshot(client, game, game.host)["version"] == 0


def test_copies_over_the_deck_are_refused_at_entry_naming_every_player(
    client: FlaskClient,
) -> None:
    game = party(client, menu="sushi_go", mode="scoring")
    rest = ["tempura", "tempura", "sashimi", "sashimi", "sashimi", "dumpling", "dumpling"]
    ann = {"kind": "enter_tableau", "player": "Ann", "cards": ["wasabi", "wasabi", *rest]}
    assert post(client, f"/api/games/{game.id}/actions", ann, game.host).status_code == 200
    ben = {**ann, "player": "Ben"}
    answer = post(client, f"/api/games/{game.id}/actions", ben, game.host)
    assert answer.status_code == 409
    assert answer.get_json()["reason"] == (
        "4 x Wasabi on the table this round, but the deck for 4 players holds 3: Ann 2, Ben 2")
    assert snapshot(client, game, game.host)["version"] == 1
