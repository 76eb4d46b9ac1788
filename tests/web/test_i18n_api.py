"""Refusals in the language the request asks for (issue 26): Accept-Language picks it, the
plural forms are the language's own (1 karta, 2 karty, 5 kart), and /i18n/<lang>.json serves the
pages' strings from the same catalogue."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.web_support import TOKEN_HEADER, create_game


def refusal(client: FlaskClient, lang: str, cards: int) -> str:
    game = create_game(client, game="sushi-go", players=[{"name": "Ola"}, {"name": "Jan"}],
                       options={"mode": "scoring"})
    body = {"kind": "enter_tableau", "player": "Ola", "cards": ["tempura"] * cards}
    answer = client.post(f"/api/games/{game.id}/actions", json=body,
                         headers={TOKEN_HEADER: game.host, "Accept-Language": lang})
    assert answer.status_code == 409, answer.get_json()
    reason: str = answer.get_json()["reason"]
    return reason


def test_a_refusal_in_polish_has_the_right_plural_form(client: FlaskClient) -> None:
    assert refusal(client, "pl-PL,pl;q=0.9", 1).startswith("Ola: 1 karta, a każdy gracz")
    assert refusal(client, "pl", 2).startswith("Ola: 2 karty, a każdy gracz")
    assert refusal(client, "pl", 5).startswith("Ola: 5 kart, a każdy gracz")


def test_french_english_and_an_unknown_language(client: FlaskClient) -> None:
    assert refusal(client, "fr-FR", 2).startswith("Ola : 2 cartes, mais chaque joueur")
    assert refusal(client, "de-DE", 1) == (
        "Ola: 1 card, but every table ends the round with 10 (one card a turn; used chopsticks "
        "go back)"
    )
    assert refusal(client, "", 5).startswith("Ola: 5 cards, but every table")


def test_the_pages_catalogue_is_served_per_language(client: FlaskClient) -> None:
    pl = client.get("/i18n/pl.json").get_json()
    assert pl["lang"] == "pl"
    assert pl["plural"]["few"] == 1
    assert pl["messages"]["Resume"] == "Wznów"
    # only what the pages use: their own strings and the cards' printed names (a snapshot is
    # shared by every viewer, each page names the cards in its language), no engine refusal
    assert pl["messages"]["sushi-go\x04Chopsticks"] == "Pałeczki"
    assert "{who} already revealed this turn (undo to change it)" not in pl["messages"]
    assert client.get("/i18n/en.json").get_json()["messages"] == {}
    assert client.get("/i18n/xx.json").status_code == 404


def test_pages_follow_accept_language_and_the_device_cookie(client: FlaskClient) -> None:
    page = client.get("/", headers={"Accept-Language": "pl"}).get_data(as_text=True)
    assert '<html lang="pl">' in page and "Nowa gra" in page
    client.set_cookie("companion_lang", "fr")
    page = client.get("/", headers={"Accept-Language": "pl"}).get_data(as_text=True)
    assert '<html lang="fr">' in page and "Nouvelle partie" in page
    assert "<b>Nouvelle partie</b>" in page  # the markup of a translated message stays markup
