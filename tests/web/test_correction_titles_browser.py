"""Issue 24 item 6 for Sushi Roll and Sushi Go! in Debian's Chromium: the host corrects an entry
through the correction sheet with the controls it was entered with (the Sushi Roll dice and the
players' names; the menu's cards and the lead token's "Never / 1x"), never typed text or
internal ids; the sheet says in words what saving checks again; after saving, the history shows
the corrected entry.

Screenshots: ``test-output/screenshots/fix-sr-*.png`` and ``fix-sg-*.png`` (phone 390x844,
tablet 1180x820).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import PHONE, Screen, api_snapshot, post_json
from tests.web.correction_support import sheet_shots
from tests.web.web_support import LiveServer

pytestmark = pytest.mark.browser
TABLET = {"width": 1180, "height": 820}
#: Internal names a family must never read in the sheet.
IDS = ("appetizer:", "nigiri:", "special:", "use_chopsticks", "enter_tray", "enter_tableau",
       "lead_takes", "holds_lead", "strawberry_pudding", "egg_nigiri", "_", "{")

ANN_BELT = ["special:wasabi", "maki:maki_3", "appetizer:tempura", "appetizer:tempura",
            "appetizer:dumpling", "nigiri:egg", "dessert:dessert_2", "special:menu_1"]
BEN_BELT = ["nigiri:squid", "maki:maki_1", "appetizer:sashimi", "appetizer:dumpling",
            "appetizer:dumpling", "special:chopsticks_1", "dessert:dessert_3", "maki:maki_2"]
ROLL_TURN: list[dict[str, Any]] = [
    {"kind": "roll", "player": "Ann", "dice": ANN_BELT},
    {"kind": "roll", "player": "Ben", "dice": BEN_BELT},
    {"kind": "use_menu", "player": "Ben", "dice": ["appetizer:dumpling", "maki:maki_1"]},
    {"kind": "roll", "player": "Ben", "dice": ["appetizer:tempura", "maki:maki_3"]},
    {"kind": "use_chopsticks", "player": "Ben", "give": "appetizer:sashimi", "other": "Ann",
     "take": "appetizer:tempura"},
    {"kind": "pick", "player": "Ben", "die": "maki:maki_3"},
    {"kind": "pick", "player": "Ann", "die": "special:wasabi"},
]
TRAY = {"kind": "enter_tray", "player": "Ann",
        "dice": ["appetizer:tempura"] * 4 + ["appetizer:sashimi"] * 2 + ["special:wasabi"],
        "on_wasabi": ["nigiri:squid"], "desserts": -1, "menu": 1, "chopsticks": 0}
SG_PLAYERS = [{"name": "Ann"}, {"name": "Ben"}]
ANN = ["strawberry_pudding_2", "tempura", "tempura", "sashimi", "sashimi", "sashimi",
       "futomaki_2", "gyoza", "gyoza", "egg_nigiri"]
BEN = ["strawberry_pudding_4", "tempura", "sashimi", "futomaki_3", "futomaki_1", "gyoza",
       "squid_nigiri", "salmon_nigiri", "chopsticks", "wasabi"]


def game(server: LiveServer, title: str, players: list[dict[str, str]],
         options: dict[str, Any], actions: list[dict[str, Any]]) -> tuple[int, str]:
    created = post_json(server, "/api/games",
                        {"game": title, "players": players, "options": options})
    game_id, token = created["id"], created["host_token"]
    for action in actions:
        post_json(server, f"/api/games/{game_id}/actions", action, token)
    return game_id, token


def host(browser: Any, viewport: dict[str, int], name: str, shots: Path, server: LiveServer,
         game_id: int, token: str, version: int) -> Screen:
    screen = Screen(browser, viewport, name, shots)
    screen.open_as_host(server, game_id, token)
    screen.wait_version(version)
    return screen


def open_sheet(screen: Screen, index: int, field: str) -> Any:
    screen.tap(f"[data-correct='{index}']")
    sheet = screen.page.locator("#sheet")
    sheet.locator(f"[data-fix-field={field}]").wait_for()
    return sheet


def labels(sheet: Any) -> list[str]:
    found: list[str] = sheet.locator("[data-fix-field] > .field-label").all_inner_texts()
    return found


def wait_words(screen: Screen, text: str) -> str:
    """The sheet's recheck words once they include ``text``, read in the same look (read
    apart, they had once been redrawn to "Checking what this changes…" in between)."""
    words: str = screen.page.wait_for_function(
        "t => { const words = document.querySelector('#sheet [data-recheck]')?.innerText;"
        " return words?.includes(t) ? words : null; }", arg=text).json_value()
    return words


def no_ids(screen: Screen) -> None:
    sheet = screen.page.locator("#sheet")
    assert sheet.locator("input, textarea, [data-json], [data-fix-fixed]").count() == 0
    shown = sheet.inner_text()
    assert not [i for i in IDS if i in shown], shown


def history_line(screen: Screen, index: int) -> str:
    text: str = screen.page.locator(f"ol.history li[data-index='{index}']").inner_text()
    return text


def test_a_sushi_roll_belt_is_corrected_with_its_dice_and_the_history_shows_it(
    browser: Any, live_server: LiveServer, shots: Path,
) -> None:
    game_id, token = game(live_server, "sushi-roll", [{"name": "Ann"}, {"name": "Ben"}],
                          {"mode": "turns", "start_player": 1}, ROLL_TURN)
    phone = host(browser, PHONE, "phone", shots, live_server, game_id, token, 7)
    tablet = host(browser, TABLET, "tablet", shots, live_server, game_id, token, 7)
    for screen in (phone, tablet):  # Ben's chopsticks: the dice and whose belt, as buttons
        sheet = open_sheet(screen, 4, "take")
        assert labels(sheet) == ["Who", "Die given", "Whose belt", "Die taken"]
        belt = sheet.locator("[data-fix-field=other] [aria-pressed=true]")
        assert belt.inner_text() == "Ann"
        no_ids(screen)
        sheet_shots(screen, "fix-sr-01-chopsticks")
        screen.tap("[data-do=close-correction]")

    sheet = open_sheet(phone, 0, "dice")  # Ann's belt showed a salmon, not an egg
    assert "Ann's belt rolled" in sheet.locator("[data-fix-was]").inner_text()
    phone.tap("#sheet [data-fix-field=dice] [data-chosen-die='nigiri:egg']")
    phone.tap("#sheet [data-fix-field=dice] [data-pick='nigiri:salmon']")
    words = wait_words(phone, "will be checked again")
    assert words.startswith("6 later entries will be checked again; all still hold."), words
    no_ids(phone)
    assert api_snapshot(live_server, game_id, token)["version"] == 7  # the check changed nothing
    sheet_shots(phone, "fix-sr-02-belt")
    phone.tap("[data-do=save-correction]")
    phone.wait_version(8)
    sheet.locator("[data-result] [data-fix-saved]").wait_for()
    phone.tap("[data-do=close-correction]")
    line = history_line(phone, 0)
    assert "Salmon" in line and "Egg" not in line, line
    players = api_snapshot(live_server, game_id, token)["view"]["players"]
    assert [d["die"] for p in players for d in p["belt"]].count("nigiri:salmon") == 1
    assert phone.errors == [] and tablet.errors == []


def test_a_sushi_roll_tray_correction_asks_the_tokens_in_words(
    browser: Any, live_server: LiveServer, shots: Path,
) -> None:
    game_id, token = game(live_server, "sushi-roll", [{"name": "Ann"}, {"name": "Ben"}],
                          {"mode": "scoring"}, [TRAY])
    for viewport, name in ((PHONE, "phone"), (TABLET, "tablet")):
        screen = host(browser, viewport, name, shots, live_server, game_id, token, 1)
        sheet = open_sheet(screen, 0, "desserts")
        assert labels(sheet) == ["Who", "Dice", "Nigiri on a wasabi", "Dessert tokens",
                                 "Menu tokens", "Chopsticks tokens"]
        desserts = sheet.locator("[data-fix-stepper=desserts] .fix-value")
        assert desserts.inner_text() == "as the dice show"
        no_ids(screen)
        sheet_shots(screen, "fix-sr-03-tray")
        assert screen.errors == []
    polish = Screen(browser, PHONE, "phone-pl", shots)  # the sheet in the device's language
    polish.page.goto(f"{live_server.url}/")
    with polish.page.expect_navigation():
        polish.page.select_option("#lang-picker", "pl")
    polish.open_as_host(live_server, game_id, token)
    polish.wait_version(1)
    sheet = open_sheet(polish, 0, "desserts")
    assert labels(sheet)[-3:] == ["Żetony deserów", "Żetony menu", "Żetony pałeczek"]
    assert sheet.locator("[data-fix-stepper=desserts] .fix-value").inner_text() == "jak na kościach"
    hint = sheet.locator("[data-recheck]").inner_text()
    assert hint.startswith("Dotknij tego, co wpisano błędnie"), hint
    assert sheet.locator("[data-do=save-correction]").inner_text() == "Zapisz poprawkę"
    sheet_shots(polish, "fix-sr-04-tray-polish")
    assert polish.errors == []


def test_a_sushi_go_tableau_is_corrected_with_the_lead_token_and_the_cards(
    browser: Any, live_server: LiveServer, shots: Path,
) -> None:
    game_id, token = game(live_server, "sushi-go", SG_PLAYERS, {}, [
        {"kind": "enter_tableau", "player": "Ann", "cards": ANN, "lead_takes": 0},
        {"kind": "enter_tableau", "player": "Ben", "cards": BEN, "lead_takes": 1,
         "holds_lead": True}])
    phone = host(browser, PHONE, "phone", shots, live_server, game_id, token, 2)
    sheet = open_sheet(phone, 0, "lead_takes")
    assert labels(sheet) == ["Who", "Cards", "Nigiri on a wasabi", "Times the lead token was taken",
                             "Holds the lead token now"]
    lead = sheet.locator("[data-fix-field=lead_takes]")
    assert lead.locator("button").all_inner_texts() == ["Never", "1\u00d7"]  # one per pudding
    assert lead.locator("[aria-pressed=true]").inner_text() == "Never"
    assert "Egg Nigiri" in sheet.locator("[data-fix-picked=cards]").inner_text()
    no_ids(phone)
    phone.tap("#sheet [data-fix-field=lead_takes] [data-value='1']")  # Ann took it once too
    phone.tap("#sheet [data-fix-picked=cards] button:has-text('Egg Nigiri')")
    phone.tap("#sheet [data-fix-palette=cards] [data-card=salmon_nigiri]")
    words = wait_words(phone, "will be checked again")
    assert words.startswith("1 later entry will be checked again; it still holds."), words
    no_ids(phone)
    sheet_shots(phone, "fix-sg-01-tableau")
    tablet = host(browser, TABLET, "tablet", shots, live_server, game_id, token, 2)
    open_sheet(tablet, 0, "lead_takes")
    tablet.tap("#sheet [data-fix-field=lead_takes] [data-value='1']")
    wait_words(tablet, "will be checked again")
    sheet_shots(tablet, "fix-sg-01-tableau")
    tablet.tap("[data-do=close-correction]")

    phone.tap("[data-do=save-correction]")
    phone.wait_version(3)
    sheet.locator("[data-result] [data-fix-saved]").wait_for()
    phone.tap("[data-do=close-correction]")
    assert "took the lead 1 time" in history_line(phone, 0)
    entry = api_snapshot(live_server, game_id, token)["history"][0]["action"]
    assert entry["lead_takes"] == 1 and "salmon_nigiri" in entry["cards"]
    assert phone.errors == [] and tablet.errors == []


SGP_NAMES = ["Ann", "Ben", "Cat", "Dan"]


def sgp_reveal(player: str, card: str, **rest: Any) -> dict[str, Any]:
    return {"kind": "reveal", "player": player, "card": card, **rest}


#: Two turns of the Master Menu: Ann's spoon asks for a temaki, Ben gives his; Ben's take-out
#: box flips his first card.
SGP_TURNS: list[dict[str, Any]] = [
    *(sgp_reveal(p, c) for p, c in zip(SGP_NAMES, ["spoon_4", "temaki", "tofu", "takeout_box_10"],
                                        strict=True)),
    sgp_reveal("Ann", "sashimi", ask="temaki"),
    *(sgp_reveal(p, c) for p, c in zip(SGP_NAMES[1:], ["takeout_box_11", "tofu", "onigiri_circle"],
                                        strict=True)),
    {"kind": "spoon_give", "giver": "Ben", "card": "temaki"},
    {"kind": "flip", "positions": [0]},
]


def test_a_sushi_go_party_spoon_and_take_out_box_are_corrected_with_buttons_not_ids(
    browser: Any, live_server: LiveServer, shots: Path,
) -> None:
    game_id, token = game(live_server, "sushi-go-party", [{"name": n} for n in SGP_NAMES],
                          {"menu": "master_menu", "mode": "turns"}, SGP_TURNS)
    phone = host(browser, PHONE, "phone", shots, live_server, game_id, token, 10)
    tablet = host(browser, TABLET, "tablet", shots, live_server, game_id, token, 10)
    for screen in (phone, tablet):  # the take-out box: Ben's cards by their place
        sheet = open_sheet(screen, 9, "positions")
        assert labels(sheet) == ["Cards flipped face down"]
        hint = sheet.locator("[data-fix-field=positions] .hint").inner_text()
        assert hint.startswith("Ben's cards this round"), hint  # the box's owner, found
        flipped = sheet.locator("[data-fix-toggles=positions] [aria-pressed=true]")
        assert flipped.count() == 1 and "Temaki" in flipped.inner_text()
        assert "Turn 1" in flipped.inner_text()
        no_ids(screen)
        sheet_shots(screen, "fix-sgp-01-take-out-box")
        screen.tap("[data-do=close-correction]")

    sheet = open_sheet(phone, 4, "ask")  # Ann's spoon asked for any Nigiri, not a Temaki
    assert labels(sheet) == ["Who", "Card", "The spoon asked for"]
    asked = sheet.locator("[data-fix-ask=ask] [aria-pressed=true]")
    assert asked.inner_text() == "any Temaki"
    phone.tap("#sheet [data-fix-ask=ask] [data-value=nigiri]")
    words = wait_words(phone, "no longer")
    assert words.startswith("5 later entries will be checked again; 2 no longer hold"), words
    assert "Entry 9 (card given for a spoon)" in words and "Entry 10 (cards flipped)" in words
    no_ids(phone)
    sheet_shots(phone, "fix-sgp-02-spoon")
    tablet_sheet = open_sheet(tablet, 4, "ask")
    tablet.tap("#sheet [data-fix-ask=ask] [data-value=nigiri]")
    wait_words(tablet, "no longer")
    sheet_shots(tablet, "fix-sgp-02-spoon")
    chosen = tablet_sheet.locator("[data-fix-ask=ask] [aria-pressed=true]")
    assert chosen.inner_text() == "any Nigiri"
    assert phone.errors == [] and tablet.errors == []


def test_a_sushi_battle_reveal_is_corrected_on_the_pyramids_places(
    browser: Any, live_server: LiveServer, shots: Path,
) -> None:
    game_id, token = game(live_server, "sushi-go", [{"name": "Ann"}, {"name": "Ben"}],
                          {"mode": "turns", "variant": "sushi_battle"}, [
                              {"kind": "reveal", "player": "Ann", "card": "tempura", "at": [5, 1]},
                              {"kind": "reveal", "player": "Ben", "card": "sashimi",
                               "at": [5, 2]}])
    for viewport, name in ((PHONE, "phone"), (TABLET, "tablet")):
        screen = host(browser, viewport, name, shots, live_server, game_id, token, 2)
        sheet = open_sheet(screen, 0, "at")
        assert labels(sheet) == ["Who", "Card", "Second card (chopsticks)",
                                 "Taken from the pyramid at"]
        assert sheet.locator("[data-fix-open=second]").inner_text() == "Choose a card"
        place = sheet.locator("[data-fix-pyramid=at] [aria-pressed=true]")
        assert place.get_attribute("aria-label") == "row 5, card 1"
        assert sheet.locator("[data-fix-pyramid=at] [data-at]").count() == 20
        screen.tap("#sheet [data-fix-pyramid=at] [data-at='5,3']")
        words = wait_words(screen, "will be checked again")
        assert words.startswith("1 later entry will be checked again; it still holds."), words
        no_ids(screen)
        sheet_shots(screen, "fix-sg-02-battle")
        assert screen.errors == []


def test_a_special_orders_copy_is_corrected_with_the_menus_cards(
    browser: Any, live_server: LiveServer, shots: Path,
) -> None:
    menu = {"roll": "uramaki", "appetizers": ["tempura", "sashimi", "onigiri"],
            "specials": ["wasabi", "special_order"], "dessert": "fruit"}
    turns = [*(sgp_reveal(p, c) for p, c in zip(
        SGP_NAMES, ["tempura", "sashimi", "tempura", "wasabi"], strict=True)),
        sgp_reveal("Ann", "special_order", copies="tempura")]
    game_id, token = game(live_server, "sushi-go-party", [{"name": n} for n in SGP_NAMES],
                          {"menu": menu, "mode": "turns"}, turns)
    phone = host(browser, PHONE, "phone", shots, live_server, game_id, token, 5)
    sheet = open_sheet(phone, 4, "copies")
    assert labels(sheet) == ["Who", "Card", "The special order copies", "The copy goes on a wasabi"]
    copies = sheet.locator("[data-fix-palette=copies] [aria-pressed=true]")
    assert copies.get_attribute("aria-label") == "Tempura"
    phone.tap("#sheet [data-fix-palette=copies] [data-card=sashimi]")  # not on Ann's table
    refused = sheet.locator("[data-fix-refused]")
    refused.wait_for()
    assert refused.inner_text().startswith("This cannot be right: Ann: ")
    assert sheet.locator("[data-do=save-correction]").get_attribute("aria-disabled") == "true"
    no_ids(phone)
    sheet_shots(phone, "fix-sgp-03-special-order")
    phone.tap("#sheet [data-fix-field=card] [data-card=tempura]")  # a plain tempura after all
    assert labels(sheet) == ["Who", "Card"]  # no special order: nothing copied is asked
    words = wait_words(phone, "Nothing was entered after it")
    assert "no other entry is checked again" in words, words
    no_ids(phone)
    phone.tap("[data-do=save-correction]")
    phone.wait_version(6)
    history = api_snapshot(live_server, game_id, token)["history"]
    assert history[4]["action"]["card"] == "tempura" and history[4]["action"]["copies"] == ""
    assert phone.errors == []
