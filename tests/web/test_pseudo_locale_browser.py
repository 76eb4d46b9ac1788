"""Strings that bypass the catalogue (issue 26 item 5): the main screens shown in a pseudo
language (``tests/web/pseudo_locale.py``: every catalogue entry reads ``[!! ... !!]``, accented
and 40 % longer) must show no visible word outside such a wrapper, and must not scroll sideways
on a phone with the longer words.

Allowed outside the wrappers, and only these (``ALLOWED``): the players' names the test gives,
the titles' brand names (printed the same in every edition), the language picker's own names
(each language says its name in itself), and anything without a letter (numbers, scores, game
ids, codes' digits, punctuation, symbols such as the check mark). Screenshots:
``test-output/screenshots/pseudo-*.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web import pseudo_locale
from tests.web.browser_support import PHONE, Screen, post_json
from tests.web.express_play import play_express
from tests.web.web_support import LiveServer

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cat"]
ALLOWED = [
    *NAMES,
    # brand names, as every edition prints them
    "Sushi Go Party!", "Sushi Go!", "Sushi Express", "Sushi Roll",
    # the picker names each language in itself
    "English", "Français", "Polski",
]


#: Parts of the screens not checked yet, each with its reason (a string here is a debt: say
#: which issue pays it).
NOT_YET: set[str] = set()


#: The innermost elements reaching past the right edge of the screen (what to fix).
TOO_WIDE_JS = """() => [...document.querySelectorAll("body *")]
  .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
  .filter((el) => ![...el.children]
    .some((c) => c.getBoundingClientRect().right > window.innerWidth + 1))
  .slice(0, 4).map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} `
    + `"${(el.innerText || "").trim().slice(0, 40)}"`)"""


def bypasses(screen: Screen, label: str, codes: tuple[str, ...] = ()) -> list[str]:
    """What the page shows outside the catalogue (``codes``: the game's join and host codes,
    shown as they are), after a screenshot at 390x844 that also checks the longer words do not
    make it scroll sideways."""
    page = screen.page
    screen.shot(f"pseudo-{label}")
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    found: list[str] = []
    if wide > 0:
        found.append(f"{label}: scrolls sideways by {wide} px: {page.evaluate(TOO_WIDE_JS)}")
    outside = page.evaluate(pseudo_locale.BYPASS_JS, [[*ALLOWED, *codes], sorted(NOT_YET)])
    found += [f"{label}: {x}" for x in outside]
    return found


def open_in_pseudo(screen: Screen, server: LiveServer, path: str) -> None:
    page = screen.page
    page.goto(f"{server.url}/")
    page.evaluate(f"localStorage.setItem('companion.lang', '{pseudo_locale.LANG}')")
    screen.context.add_cookies([{"name": "companion_lang", "value": pseudo_locale.LANG,
                                 "url": server.url}])
    page.goto(f"{server.url}{path}")


def new_game(server: LiveServer, title: str, **options: Any) -> dict[str, Any]:
    game: dict[str, Any] = post_json(server, "/api/games", {
        "game": title, "players": [{"name": n} for n in NAMES], "options": options})
    return game


def test_the_main_screens_show_no_text_outside_the_catalogue(
    browser: Any, live_server: LiveServer, shots: Path, pseudo: None
) -> None:
    phone = Screen(browser, PHONE, "phone", shots)
    page = phone.page
    found: list[str] = []

    party = new_game(live_server, "sushi-go-party", mode="scoring")
    open_in_pseudo(phone, live_server, "/")
    page.locator(f"[data-game='{party['id']}']").wait_for()
    assert page.locator("html").get_attribute("lang") == pseudo_locale.LANG
    found += bypasses(phone, "home")
    # the check itself: a word put on the page outside the catalogue is found (and a name is not)
    page.evaluate("document.querySelector('main').append(Object.assign("
                  "document.createElement('p'), {id: 'planted', textContent: 'Ann plain words'}))")
    planted = [x for x in bypasses(phone, "planted") if "#planted" in x or "plain words" in x]
    assert planted == ['planted: main.page.narrow > p#planted: "Ann plain words"'], planted
    page.evaluate("document.getElementById('planted').remove()")
    page.locator(".tab[data-tab=new]").click()
    for title in ("sushi-go-party", "sushi-go", "sushi-roll", "sushi-express"):
        page.select_option("#title", title)
        page.wait_for_selector(f"#title option[value={title}]", state="attached")
        found += bypasses(phone, f"new-{title}")

    phone.open_as_host(live_server, party["id"], party["host_token"])
    found += bypasses(phone, "game-sushi-go-party", (party["join_code"],))

    page.goto(f"{live_server.url}/games/{party['id']}/join?code={party['join_code']}")
    page.locator("[data-seat]").first.wait_for()
    found += bypasses(phone, "join", (party["join_code"],))

    sushi_go = new_game(live_server, "sushi-go", mode="scoring")
    phone.open_as_host(live_server, sushi_go["id"], sushi_go["host_token"])
    found += bypasses(phone, "game-sushi-go", (sushi_go["join_code"],))

    turns = new_game(live_server, "sushi-go-party", mode="turns")
    phone.open_as_host(live_server, turns["id"], turns["host_token"])
    found += bypasses(phone, "game-sushi-go-party-turns", (turns["join_code"],))

    express = new_game(live_server, "sushi-express")
    phone.open_as_host(live_server, express["id"], express["host_token"])
    found += bypasses(phone, "game-sushi-express", (express["join_code"],))

    # a finished game: the final score's lines and tie-break are the engine's words too
    over = new_game(live_server, "sushi-express")
    play_express(NAMES, lambda action: post_json(
        live_server, f"/api/games/{over['id']}/actions", action, over["host_token"]))
    phone.open_as_host(live_server, over["id"], over["host_token"])
    page.locator("#panel ul.breakdown").first.wait_for()
    found += bypasses(phone, "game-sushi-express-over", (over["join_code"],))

    for mode in ("scoring", "turns"):
        roll = new_game(live_server, "sushi-roll", mode=mode)
        phone.open_as_host(live_server, roll["id"], roll["host_token"])
        found += bypasses(phone, f"game-sushi-roll-{mode}", (roll["join_code"],))
    assert not phone.errors, phone.errors
    assert not found, "visible text outside the catalogue:\n" + "\n".join(found)
