"""Sushi Express in the reader's language (issue 26 items 2 and 3): a refusal answers in the
language the request asks for, with the names the French rulebook prints ("Même pari"), and the
history lines of the snapshot (and of the live stream's first snapshot) are rendered per device:
one phone reads French, another Polish, the CLI and the logs English."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient

from tests.web.web_support import TOKEN_HEADER, NewGame, create_game

CUSTOMERS = ["light_blue", "dark_blue", "rose"]


def act(client: FlaskClient, game: NewGame, body: dict[str, Any], lang: str = "") -> Any:
    return client.post(f"/api/games/{game.id}/actions", json=body,
                       headers={TOKEN_HEADER: game.host, "Accept-Language": lang})


def history(client: FlaskClient, game: NewGame, lang: str) -> list[str]:
    answer = client.get(f"/api/games/{game.id}",
                        headers={TOKEN_HEADER: game.host, "Accept-Language": lang})
    assert answer.status_code == 200
    return [line["summary"] for line in answer.get_json()["history"]]


def test_a_sushi_express_refusal_answers_in_french_and_polish(client: FlaskClient) -> None:
    game = create_game(client)
    too_few = {"kind": "reveal_customers", "cards": ["light_blue"]}
    answer = act(client, game, too_few, "fr-FR,fr;q=0.9")
    assert answer.status_code == 409
    assert answer.get_json()["reason"] == (
        "Il faut exactement 3 cartes clients visibles, pas 1")
    assert act(client, game, too_few, "pl").get_json()["reason"] == (
        "Trzeba odkryć dokładnie 3 karty klientów, nie 1")
    assert act(client, game, too_few).get_json()["reason"] == (
        "The display needs exactly 3 customer cards, not 1")
    early = {"kind": "guess", "player": "Ann", "number": 7}
    assert act(client, game, early, "fr").get_json()["reason"] == (
        "C'est le moment de retourner des cartes clients ; personne ne parie encore")


def test_a_refusal_names_the_cards_as_the_french_rulebook_prints_them(
    client: FlaskClient,
) -> None:
    game = create_game(client)
    assert act(client, game, {"kind": "reveal_customers", "cards": CUSTOMERS}).status_code == 200
    assert act(client, game, {"kind": "guess", "player": "Ann", "number": 7}).status_code == 200
    stacked = {"kind": "guess", "player": "Ben", "number": 7}
    assert act(client, game, stacked, "fr").get_json()["reason"] == (
        "7 est pris : Ben doit jouer une carte « Même pari » pour s'y empiler")
    assert act(client, game, stacked).get_json()["reason"] == (
        "7 is taken: Ben must play a Same guess card to stack on it")


def test_history_lines_are_rendered_in_each_devices_language(client: FlaskClient) -> None:
    game = create_game(client)
    assert act(client, game, {"kind": "reveal_customers", "cards": CUSTOMERS}).status_code == 200
    assert act(client, game, {"kind": "guess", "player": "Ann", "number": 7}).status_code == 200
    assert history(client, game, "fr") == [
        "Clients retournés : bleu clair, bleu foncé, rose", "Ann a parié sur 7"]
    assert history(client, game, "pl") == [
        "Odkryci klienci: jasnoniebieski, ciemnoniebieski, różowy", "Ann obstawił(a) 7"]
    assert history(client, game, "") == [
        "Customers turned up: light blue, dark blue, rose", "Ann guessed 7"]


def test_the_live_streams_snapshot_follows_the_pages_language_cookie(
    client: FlaskClient,
) -> None:
    game = create_game(client)
    assert act(client, game, {"kind": "reveal_customers", "cards": CUSTOMERS}).status_code == 200
    client.set_cookie("companion_lang", "fr")
    response = client.get(f"/api/games/{game.id}/events?token={game.host}", buffered=False)
    try:
        first = next(iter(response.response)).decode()
    finally:
        response.close()
    data = next(line[6:] for line in first.splitlines() if line.startswith("data: "))
    assert json.loads(data)["history"][0]["summary"] == (
        "Clients retournés : bleu clair, bleu foncé, rose")


def test_the_turn_prompt_and_the_final_score_are_in_each_devices_language(
    client: FlaskClient,
) -> None:
    from tests.web.express_play import play_express

    game = create_game(client)
    names = [p["name"] for p in client.get(f"/api/games/{game.id}", headers={
        TOKEN_HEADER: game.host}).get_json()["view"]["players"]]

    def view(lang: str) -> Any:
        return client.get(f"/api/games/{game.id}", headers={
            TOKEN_HEADER: game.host, "Accept-Language": lang}).get_json()["view"]

    assert view("fr")["to_act"]["prompt"] == "Retournez 3 cartes clients"
    assert view("pl")["to_act"]["prompt"] == "Odkryj 3 karty klientów"
    assert view("en")["to_act"]["prompt"] == "Turn up 3 customer cards"

    def send(action: dict[str, Any]) -> None:
        answer = act(client, game, action)
        assert answer.status_code == 200, answer.get_json()

    play_express(names, send)
    french, english = view("fr")["score"], view("en")["score"]
    assert french["players"][0]["tiebreak_label"] == (
        "cartes action restantes (sans les cartes Pourboire)")
    details = [line["detail"] for p in french["players"] for line in p["breakdown"]]
    assert any(d.startswith("premier client ") for d in details), details
    assert not any("customer" in d or "tip" in d.split() for d in details), details
    assert any(line["detail"].startswith("first ") for line in english["players"][0]["breakdown"])
    polish = [line["detail"] for p in view("pl")["score"]["players"] for line in p["breakdown"]]
    assert any(d.startswith("pierwszy klient: ") for d in polish), polish
