"""The engines' own words on a French and a Polish phone (issue 26 "Done when", issue 24 item
11): Sushi Express's turn prompt and the final score's breakdown (each line, the tie-break) are
rendered by the server in the device's language, not left in English. Screenshots at 390x844:
``test-output/screenshots/engine-words-*.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import PHONE, Screen, post_json
from tests.web.express_play import play_express
from tests.web.web_support import LiveServer

pytestmark = pytest.mark.browser

NAMES = ["Ola", "Jan", "Ewa"]
WORDS = {
    "fr": {"prompt": "Ola fait son pari", "first": "premier client ",
           "tiebreak": "cartes action restantes (sans les cartes Pourboire)"},
    "pl": {"prompt": "Ola obstawia", "first": "pierwszy klient: ",
           "tiebreak": "pozostałe karty akcji (bez kart Napiwek)"},
}
#: English words of the engines that must not reach a French or Polish page.
ENGLISH = ("customer", "places a guess", "rolls try", "Tie-break", "action cards left")


def in_language(screen: Screen, server: LiveServer, lang: str) -> None:
    screen.page.goto(f"{server.url}/")
    screen.page.evaluate(f"localStorage.setItem('companion.lang', '{lang}')")
    screen.context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])


@pytest.mark.parametrize("lang", ["fr", "pl"])
def test_sushi_express_prompts_and_final_score_speak_the_devices_language(
    browser: Any, live_server: LiveServer, shots: Path, lang: str
) -> None:
    words = WORDS[lang]
    game = post_json(live_server, "/api/games", {
        "game": "sushi-express", "players": [{"name": n} for n in NAMES], "options": {}})

    def send(action: dict[str, Any]) -> None:
        post_json(live_server, f"/api/games/{game['id']}/actions", action, game["host_token"])

    sent = play_express(NAMES, send, stop=lambda v: v["to_act"]["what"] == "guess")
    phone = Screen(browser, PHONE, "phone", shots)
    page = phone.page
    in_language(phone, live_server, lang)
    phone.open_as_host(live_server, game["id"], game["host_token"])
    turn = page.locator("#turn")
    turn.get_by_text(words["prompt"]).wait_for()
    phone.shot(f"engine-words-express-game-{lang}")

    rest = _finish(NAMES, send, sent)
    assert rest > 0
    page.reload()
    board = page.locator("#panel")
    board.locator("ul.breakdown").first.wait_for()
    text = board.inner_text()
    assert words["first"] in text and words["tiebreak"] in text, text
    assert not [w for w in ENGLISH if w in text], text
    phone.shot(f"engine-words-express-score-{lang}")
    page.screenshot(path=str(shots / f"engine-words-express-score-{lang}-phone-top.png"))
    assert not phone.errors, phone.errors


def _finish(names: list[str], send: Any, skip: int) -> int:
    """Replays the same game from the start, sending only the actions after the first ``skip``."""
    count = 0

    def rest(action: dict[str, Any]) -> None:
        nonlocal count
        count += 1
        if count > skip:
            send(action)

    play_express(names, rest)
    return count - skip


ROUND_WORDS = {"fr": ("manche 1 : ", "paire de 2"), "pl": ("runda 1: ", "para po 2")}


@pytest.mark.parametrize("lang", ["fr", "pl"])
def test_a_party_round_breakdown_reads_in_the_devices_language(
    browser: Any, live_server: LiveServer, shots: Path, lang: str
) -> None:
    """The round's lines come in the device's language, and the page still finds each round's
    lines by the catalogue's round words (round-lines.js): their points add up."""
    from tests.web.browser_support import api_snapshot
    from tests.web.test_sgp_browser import CARTE, ROUND_1
    from tests.web.test_sgp_browser import NAMES as PARTY

    created = post_json(live_server, "/api/games", {
        "game": "sushi-go-party", "players": [{"name": n} for n in PARTY],
        "options": {"menu": CARTE}})
    for action in ROUND_1:
        post_json(live_server, f"/api/games/{created['id']}/actions", action,
                  created["host_token"])
    view = api_snapshot(live_server, created["id"], created["host_token"])["view"]
    phone = Screen(browser, PHONE, "phone", shots)
    in_language(phone, live_server, lang)
    phone.open_as_host(live_server, created["id"], created["host_token"])
    box = phone.page.locator("#scoreboard [data-round-breakdown='1']")
    box.wait_for()
    for p in view["players"]:
        block = box.locator(f"[data-round-player='{p['name']}']")
        points = block.locator(".breakdown .pts").all_inner_texts()
        assert sum(int(x) for x in points) == p["round_points"][0], p["name"]
    text = box.inner_text()
    prefix, pair = ROUND_WORDS[lang]
    assert prefix not in text and pair in text, text  # the round's words are left out
    assert " each" not in text and "round 1" not in text, text
    phone.shot(f"engine-words-party-round-{lang}")
    assert not phone.errors, phone.errors


PAST_WORDS = {"fr": ("Premier client", "premier client "),
              "pl": ("Pierwszy klient", "pierwszy klient: ")}


@pytest.mark.parametrize("lang", ["fr", "pl"])
def test_a_finished_game_s_points_table_and_lines_read_in_the_devices_language(
    browser: Any, live_server: LiveServer, shots: Path, lang: str
) -> None:
    """Past games: Sushi Express's points table has a column per rule and every player's lines
    below; both come from the engine's score sheet, rendered in the device's language."""
    game = post_json(live_server, "/api/games", {
        "game": "sushi-express", "players": [{"name": n} for n in NAMES], "options": {}})
    play_express(NAMES, lambda action: post_json(
        live_server, f"/api/games/{game['id']}/actions", action, game["host_token"]))
    phone = Screen(browser, PHONE, "phone", shots)
    in_language(phone, live_server, lang)
    phone.page.goto(f"{live_server.url}/history/{game['id']}")
    phone.page.wait_for_selector("[data-rounds] tbody tr")
    head = phone.page.locator("[data-rounds] thead").inner_text()
    column, line = PAST_WORDS[lang]
    assert column in head, head
    phone.tap("[data-lines] summary")
    lines = phone.page.locator("[data-lines]").first.inner_text()
    assert line in lines, lines
    assert not [w for w in ENGLISH if w in head + lines], head + lines
    phone.shot(f"engine-words-express-past-{lang}")
    assert not phone.errors, phone.errors
