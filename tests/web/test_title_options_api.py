"""The new-game form's words in the request's language (issue 26): /api/titles answers every
option's label and note from the catalogue, and the Sushi Go Party! menu picker's catalogue
names menus and cards as each edition prints them (SEED1 in French). Every text /api/titles
sends must be marked where its engine writes it (``N_``) and be in every language's catalogue:
an engine that adds or changes an option's words without marking them fails here."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from companion import i18n
from companion.games import available_games
from web.title_words import option_texts

GAMES = Path(__file__).resolve().parents[2] / "companion" / "games"


def marked_in_the_engines() -> set[str]:
    """Every ``N_("...")`` of the engines' source, as extraction reads it."""
    return {message for path in GAMES.rglob("*.py")
            for _line, message, _comments, _context in extract_from_file(
                "python", str(path), keywords={"N_": None})
            if isinstance(message, str)}


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE])
def test_every_option_text_is_marked_and_translated(lang: str) -> None:
    with i18n.po_path(lang).open("rb") as f:
        catalogue = read_po(f, locale=lang)
    texts = {t for g in available_games() for o in g.info.options for t in (o.label, o.doc)}
    assert texts == option_texts()
    marked = marked_in_the_engines()
    assert texts <= marked, sorted(texts - marked)
    missing = [t for t in texts if not (m := catalogue.get(t)) or not m.string]
    assert not missing, missing


def options(client: FlaskClient, lang: str) -> dict[str, dict[str, dict[str, str]]]:
    answer = client.get("/api/titles", headers={"Accept-Language": lang}).get_json()
    return {t["id"]: {o["key"]: o for o in t["options"]} for t in answer["titles"]}


def test_the_titles_answer_in_the_requests_language(client: FlaskClient) -> None:
    english, french, polish = (options(client, lang) for lang in ("en", "fr-FR", "pl"))
    assert english["sushi-roll"]["start_player"]["label"] == "Red-bordered belt (seat)"
    assert french["sushi-roll"]["start_player"]["label"] == "Tapis à bordure rouge (place)"
    assert polish["sushi-go"]["edition"]["label"] == "Edycja"
    assert french["sushi-express"]["stack_lowest"]["doc"].startswith("Le pion du bas")
    # only the words change: keys, choices and defaults are the same in every language
    for title in english:
        for key, option in english[title].items():
            for other in (french, polish):
                assert {**other[title][key], "label": "", "doc": ""} == {
                    **option, "label": "", "doc": ""}


def test_the_party_menus_are_named_as_each_edition_prints_them(client: FlaskClient) -> None:
    french = client.get("/api/titles/sushi-go-party/menus",
                        headers={"Accept-Language": "fr"}).get_json()
    presets = {p["id"]: p["name"] for p in french["presets"]}
    assert presets["my_first_meal"] == "Menu enfant"
    assert presets["dinner_for_two"] == "Menu d'amour"
    types = {t["id"]: t for t in french["types"]}
    assert types["uramaki"]["name"] == "California"
    assert [v["name"] for v in types["onigiri"]["variants"]][:2] == ["Onigiri (rond)",
                                                                  "Onigiri (triangle)"]
    english = client.get("/api/titles/sushi-go-party/menus").get_json()
    assert {t["id"]: t["name"] for t in english["types"]}["takeout_box"] == "Take-out Box"
