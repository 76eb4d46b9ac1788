"""Sushi Go! over the JSON API: the strawberry pudding's lead token is never assumed (issue 24,
item 3; ruling G23). A tableau holding a strawberry pudding must say how many times its player
took the lead; "never" (``0``) is an answer, a missing ``lead_takes`` is not."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.web.web_support import NewGame, create_game, post, snapshot

FILL = ["tempura", "sashimi", "gyoza", "salmon_nigiri", "tempura", "sashimi", "gyoza",
        "egg_nigiri", "tempura", "sashimi"]


def sushi_go(client: FlaskClient) -> NewGame:
    """A 2-player 10th anniversary game in scoring mode (strawberry pudding, the default)."""
    return create_game(client, game="sushi-go", players=[{"name": "Ann"}, {"name": "Ben"}],
                       options={"mode": "scoring"})


def tableau(player: str, *cards: str, **fields: Any) -> dict[str, Any]:
    return {"kind": "enter_tableau", "player": player,
            "cards": [*cards, *FILL[: 10 - len(cards)]], **fields}


def test_a_tableau_with_strawberry_puddings_but_no_lead_answer_is_refused_with_the_question(
    client: FlaskClient,
) -> None:
    game = sushi_go(client)
    url = f"/api/games/{game.id}/actions"
    answer = post(client, url, tableau("Ann", "strawberry_pudding_4", "strawberry_pudding_1"),
                  game.host)
    assert answer.status_code == 409
    assert answer.get_json()["reason"] == (
        "Strawberry puddings were played this round (Ann played 2 strawberry puddings): how "
        'many times did Ann take the lead token? Choose "Never" only if Ann did not take it'
    )
    assert snapshot(client, game, game.host)["version"] == 0


def test_never_stated_is_accepted_and_a_tableau_without_pudding_needs_no_answer(
    client: FlaskClient,
) -> None:
    game = sushi_go(client)
    url = f"/api/games/{game.id}/actions"
    first = post(client, url, tableau("Ann", "strawberry_pudding_4", lead_takes=1), game.host)
    assert first.status_code == 200, first.get_json()
    refused = post(client, url, tableau("Ben", "strawberry_pudding_2"), game.host)
    assert refused.status_code == 409
    assert "how many times did Ben take the lead token?" in refused.get_json()["reason"]
    never = post(client, url, tableau("Ben", "strawberry_pudding_2", lead_takes=0), game.host)
    assert never.status_code == 200, never.get_json()
    view = snapshot(client, game)["view"]
    assert view["round"] == 2 and view["lead"]["holder"] == "Ann"
    again = post(client, url, tableau("Ann"), game.host)  # no pudding this round: no question
    assert again.status_code == 200, again.get_json()
