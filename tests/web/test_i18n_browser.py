"""The pages in French and in Polish (issue 26): the language picker at the foot of every page
switches this device only (remembered in localStorage), the home page and the game header speak
it, and a refusal that api() brings back is in it (api() sends the device's Accept-Language).
Screenshots at 390x844: ``test-output/screenshots/i18n-*.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import PHONE, Screen, post_json
from tests.web.web_support import LiveServer

pytestmark = pytest.mark.browser

WORDS = {
    "fr": {"tab": "Parties", "new": "Nouvelle partie", "resume": "Reprendre",
           "title": "Sushi Go! · partie", "round": "manche 1 sur 3 · tables des joueurs",
           "refusal": "Ola : 2 cartes, mais chaque joueur finit la manche avec 10 cartes"},
    "pl": {"tab": "Gry", "new": "Nowa gra", "resume": "Wznów",
           "title": "Sushi Go! · gra", "round": "runda 1 z 3 · stoły graczy",
           "refusal": "Ola: 2 karty, a każdy gracz kończy rundę"},
}

REFUSE_JS = """async ([id, token]) => {
  const { api } = await import("/static/common.js");
  try {
    await api("POST", `/api/games/${id}/actions`,
      { kind: "enter_tableau", player: "Ola", cards: ["tempura", "sashimi"] }, token);
    return "accepted";
  } catch (err) { return err.message; }
}"""


def shot(screen: Screen, label: str) -> None:
    screen.shot(label)
    wide = screen.page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"{label} scrolls sideways by {wide} px"


@pytest.mark.parametrize("lang", ["fr", "pl"])
def test_a_device_reads_the_pages_and_a_refusal_in_its_language(
    browser: Any, live_server: LiveServer, shots: Path, lang: str
) -> None:
    words = WORDS[lang]
    game = post_json(live_server, "/api/games", {
        "game": "sushi-go", "players": [{"name": "Ola"}, {"name": "Jan"}],
        "options": {"mode": "scoring"}})
    phone = Screen(browser, PHONE, "phone", shots)
    page = phone.page
    page.goto(f"{live_server.url}/")
    assert page.locator("html").get_attribute("lang") == "en"  # Chromium asks for English
    assert page.locator(".tab[data-tab=new]").inner_text() == "New game"

    with page.expect_navigation():
        page.select_option("#lang-picker", lang)
    assert page.locator("html").get_attribute("lang") == lang
    assert page.evaluate("localStorage.getItem('companion.lang')") == lang
    assert page.locator(".tab[data-tab=games]").inner_text() == words["tab"]
    assert page.locator(".tab[data-tab=new]").inner_text() == words["new"]
    link = page.locator(f"[data-game='{game['id']}']")
    link.wait_for()
    assert words["resume"] in link.inner_text()
    assert words["title"] in link.inner_text()
    shot(phone, f"i18n-home-{lang}")

    page.locator(".tab[data-tab=new]").click()
    page.wait_for_selector("#title option[value=sushi-go]", state="attached")
    shot(phone, f"i18n-new-game-{lang}")

    phone.open_as_host(live_server, game["id"], game["host_token"])
    title = page.locator("#game-title").inner_text().replace("\xa0", " ")  # showGameTitle's
    assert title == f"{words['title']} {game['id']}"
    assert page.locator("#round").inner_text() == words["round"]
    assert page.locator("#lang-picker").input_value() == lang
    reason = page.evaluate(REFUSE_JS, [game["id"], game["host_token"]])
    assert reason.startswith(words["refusal"]), reason
    shot(phone, f"i18n-game-{lang}")

    # another phone at the same table keeps its own language
    other = Screen(browser, PHONE, "other", shots)
    other.page.goto(f"{live_server.url}/")
    assert other.page.locator("html").get_attribute("lang") == "en"
    assert not phone.errors and not other.errors, phone.errors + other.errors
    other.context.close()
    phone.context.close()
