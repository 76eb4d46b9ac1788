"""Sushi Go Party!'s and Sushi Roll's refusals and names in French and Polish (issue 26 items 2
and 3): the engines raise message ids with parameters, the English reason stays what it was, and
the cards, dice and tokens read as each edition prints them (SEED1 and SEED4 in French)."""

from __future__ import annotations

import pytest

from companion.games.base import IllegalAction
from companion.games.sushi_go_party import GAME as PARTY
from companion.games.sushi_go_party import words as party_words
from companion.games.sushi_go_party.actions import EnterTableau
from companion.games.sushi_go_party.cards import CARDS, CardType
from companion.games.sushi_go_party.menus import Menu, check_menu
from companion.games.sushi_roll import GAME as ROLL
from companion.games.sushi_roll import words as roll_words
from companion.games.sushi_roll.actions import Roll
from companion.games.sushi_roll.dice import KIND_FACES, die_name, kinds_count
from companion.games.sushi_roll.dice import describe_kinds as english_kinds
from companion.i18n import render

from ..games.sushi_go_party.helpers import new_game as party_game
from ..games.sushi_roll.helpers import fill_belts
from ..games.sushi_roll.helpers import new_game as roll_game


def refusal(game: object, state: object, action: object) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, action)  # type: ignore[attr-defined]
    return caught.value


def test_every_party_card_keeps_its_english_name_and_has_the_french_rulebooks_one() -> None:
    for card in CARDS:
        assert str(party_words.card_label(card.id)) == card.name
    french = {i: render(party_words.card_label(i), "fr") for i in (
        "uramaki_4", "maki_2", "takeout_box_10", "onigiri_circle", "eel", "dumpling",
        "green_tea_ice_cream", "squid_nigiri", "fruit_watermelon_orange")}
    assert french == {
        "uramaki_4": "California (4)", "maki_2": "Makis saumon (2)",
        "takeout_box_10": "Boîte à emporter (10)", "onigiri_circle": "Onigiri (rond)",
        "eel": "Anguille", "dumpling": "Gyoza", "green_tea_ice_cream": "Glace matcha",
        "squid_nigiri": "Sushi calamar", "fruit_watermelon_orange": "Fruits : pastèque et orange",
    }
    assert render(party_words.card_label("salmon_nigiri"), "pl") == "Nigiri z łososiem"
    assert render(party_words.card_label("miso_soup"), "pl") == "Zupa miso"


def test_a_party_tableau_size_refusal_reads_in_each_language_with_its_plurals() -> None:
    state = party_game(4, "sushi_go", mode="scoring")  # 9 cards dealt; no eel on this menu
    said = {}
    for n in (1, 2, 5):
        exc = refusal(PARTY, state, EnterTableau("Ann", cards=("tempura",) * n))
        assert exc.reason.startswith(f"Ann's tableau has {n} card"), exc.reason
        said[n] = exc.in_language("pl")
    assert said[1].startswith("Ann ma na koniec rundy 1 kartę;")
    assert said[2].startswith("Ann ma na koniec rundy 2 karty;")
    assert said[5].startswith("Ann ma na koniec rundy 5 kart;")
    french = refusal(PARTY, state, EnterTableau("Ann", cards=("eel",))).in_language("fr")
    assert french == "Ann : Anguille n'est pas au menu (un type de carte absent du menu n'est " \
                     "pas dans le paquet)"


def test_a_party_menu_refusal_names_the_slots_and_cards_as_printed() -> None:
    menu = Menu(roll=CardType.MAKI, appetizers=(CardType.TEMPURA, CardType.EEL, CardType.TOFU),
                specials=(CardType.TEA, CardType.PUDDING), dessert=CardType.FRUIT)
    with pytest.raises(IllegalAction) as caught:
        check_menu(menu)
    exc = caught.value
    assert exc.reason.endswith("; Pudding is a dessert")
    assert exc.in_language("fr").endswith(" ; Flan est un dessert")
    assert "Baguettes, Cuillère, Menu, Boîte à emporter, Wasabi" in exc.in_language("fr")
    assert exc.in_language("pl").endswith("; Pudding to deser")


def test_sushi_roll_dice_keep_their_english_names_and_read_as_the_french_rulebook() -> None:
    for kind, faces in KIND_FACES.items():
        for face in faces:
            reading = f"{kind.value}:{face}"
            assert str(roll_words.die_label(reading)) == die_name(reading)
    counts = kinds_count(["maki:maki_1", "nigiri:egg", "appetizer:dumpling", "maki:maki_3"])
    assert str(roll_words.describe_kinds(counts)) == english_kinds(counts)
    assert render(roll_words.describe_kinds(counts), "fr") == "1 Hors-d'œuvre, 2 Makis, 1 Sushis"
    assert render(roll_words.die_label("nigiri:squid"), "fr") == (
        "dé Sushis montrant Sushi au calamar")
    assert render(roll_words.die_label("special:menu_2"), "pl") == (
        "kość Specjalne z wynikiem menu \N{MULTIPLICATION SIGN}2")


def test_a_sushi_roll_refusal_reads_in_french_and_polish() -> None:
    state = roll_game(2)
    belts = fill_belts(2, [])
    short = Roll("Ann", belts[0][:-1])
    exc = refusal(ROLL, state, short)
    assert exc.reason == ("with 2 players each belt gets 8 dice from the bag, but Ann's roll "
                          "shows 7")
    assert exc.in_language("fr") == ("à 2 joueurs chaque tapis reçoit 8 dés du sac, mais Ann "
                                     "en a lancé 7")
    assert exc.in_language("pl").startswith("przy 2 graczach każda taśma dostaje z woreczka 8")
