"""The game screen's header on a 390x844 phone, in English, French and Polish.

* The round line under the title ("manche 1 sur 3 · tour 1 sur 10", "runda 1 z 3 · tura 1 z 9")
  is read in full for every title: it wraps onto a second line where the phone is too narrow,
  never cut with an ellipsis, never under the host badge, never past the screen's edge.
* The warning banner (common.js ``banner``) sits right under the header whatever the header's
  height (a French title on two lines makes it taller than 56 px), at the top of the page and
  once the page is scrolled (both stick), and it covers none of the title; when the header
  changes height (a tablet's width) the banner follows.

Screenshots: ``test-output/screenshots/header-*.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_support import PHONE, TABLET, Screen, post_json
from tests.web.web_support import LiveServer

LANGS = ["en", "fr", "pl"]
#: The four titles, by the brand names every edition prints.
TITLES = ["sushi-go-party", "sushi-go", "sushi-roll", "sushi-express"]
NAMES = ["Ola", "Jan", "Ewa"]

#: Why the round line is not read in full on the screen (null when it is): its text overflows
#: its box (cut by ``overflow: hidden``, with or without an ellipsis), it leaves the screen, or
#: the badges beside the title (host, tower, live dot) sit on it.
ROUND_CUT_JS = """() => {
  const el = document.getElementById("round");
  const why = [];
  if (!el.textContent.trim()) why.push("empty");
  if (el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight)
    why.push(`overflows: scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`);
  const r = el.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(el);
  const text = range.getBoundingClientRect();
  if (text.right > r.right + 0.5 || text.right > window.innerWidth + 0.5)
    why.push(`text ends at ${Math.round(text.right)} px, box at ${Math.round(r.right)} px`);
  for (const id of ["whoami", "tower-badge", "live"]) {
    const b = document.getElementById(id);
    if (!b || !b.getClientRects().length) continue;
    const o = b.getBoundingClientRect();
    if (o.left < r.right && r.left < o.right && o.top < r.bottom && r.top < o.bottom)
      why.push(`#${id} sits on it`);
  }
  return why.length ? why.join("; ") : null;
}"""

#: Where the banner sits against the header, and whether either covers the other's words:
#: null when the banner's top is the header's bottom and the title, the round line and the
#: banner's text are each the topmost thing at their middle; else what is wrong.
BANNER_PLACE_JS = """() => {
  const header = document.querySelector(".topbar").getBoundingClientRect();
  const banner = document.getElementById("banner").getBoundingClientRect();
  const why = [];
  if (Math.abs(banner.top - header.bottom) > 1)
    why.push(`banner top ${banner.top.toFixed(1)} px,`
             + ` header bottom ${header.bottom.toFixed(1)} px`);
  if (header.top < -1 || header.bottom < 1) why.push(`header off screen (top ${header.top})`);
  for (const [id, inside] of [["game-title", ".topbar"], ["round", ".topbar"],
                              ["banner-text", "#banner"]]) {
    const r = document.getElementById(id).getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!top || !top.closest(inside))
      why.push(`#${id} is covered by ${top ? top.outerHTML.slice(0, 60) : "nothing"}`);
  }
  return why.length ? why.join("; ") : null;
}"""

SHOW_BANNER_JS = """async text => {
  const { banner } = await import("/static/common.js");
  banner.show(text);
}"""


def pick_language(screen: Screen, server: LiveServer, lang: str) -> None:
    """This device's language, chosen with the picker at the foot of the home page."""
    page = screen.page
    page.goto(f"{server.url}/")
    with page.expect_navigation():
        page.select_option("#lang-picker", lang)
    assert page.locator("html").get_attribute("lang") == lang


def open_game(screen: Screen, server: LiveServer, title: str) -> int:
    """A new game of ``title`` for three, opened as its host, its round line written."""
    game = post_json(server, "/api/games", {
        "game": title, "players": [{"name": n} for n in NAMES], "options": {}})
    screen.open_as_host(server, game["id"], game["host_token"])
    screen.page.wait_for_selector("#panel > *")
    screen.page.wait_for_function("() => document.getElementById('round').textContent.trim()")
    game_id: int = game["id"]
    return game_id


def wait_until_none(screen: Screen, js: str) -> None:
    """Wait until ``js`` says nothing is wrong (Playwright's wait); fail with what it says."""
    try:
        screen.page.wait_for_function(f"() => ({js})() === null", timeout=5000)
    except Exception as exc:  # Playwright's TimeoutError: say what is still wrong
        raise AssertionError(screen.page.evaluate(js)) from exc


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGS)
def test_the_round_line_is_read_in_full_on_a_phone(
    browser: Any, live_server: LiveServer, shots: Path, lang: str
) -> None:
    phone = Screen(browser, PHONE, "phone", shots)
    pick_language(phone, live_server, lang)
    cut = {}
    for title in TITLES:
        open_game(phone, live_server, title)
        why = phone.page.evaluate(ROUND_CUT_JS)
        if why:
            cut[title] = f"{phone.page.locator('#round').inner_text()!r}: {why}"
        phone.shot(f"header-round-{title}-{lang}")
    assert not cut, f"the round line is not read in full in {lang}: {cut}"
    assert not phone.errors, phone.errors
    phone.context.close()


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["fr", "pl"])
def test_the_banner_sits_right_under_a_tall_header(
    browser: Any, live_server: LiveServer, shots: Path, lang: str
) -> None:
    phone = Screen(browser, PHONE, "phone", shots)
    pick_language(phone, live_server, lang)
    open_game(phone, live_server, "sushi-go-party")
    page = phone.page
    tall = page.evaluate("document.querySelector('.topbar').getBoundingClientRect().height")
    assert tall > 56, f"the header is {tall} px: the test needs one taller than 56 px"

    page.evaluate(SHOW_BANNER_JS, "Une carte de trop : le paquet n'en a que deux")
    page.wait_for_selector("#banner:not([hidden])")
    wait_until_none(phone, BANNER_PLACE_JS)  # at the top of the page
    phone.shot(f"header-banner-top-{lang}")

    # scrolled down the page: header and banner both stick, the banner still right under it
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 200, "the game screen does not scroll on a phone"
    wait_until_none(phone, BANNER_PLACE_JS)
    page.screenshot(path=str(shots / f"header-banner-scrolled-{lang}-phone.png"))

    # the header changes height (a tablet's width: the title on one line): the banner follows
    page.set_viewport_size(TABLET)
    page.wait_for_function("h => document.querySelector('.topbar').getBoundingClientRect()"
                           ".height < h", arg=tall)
    wait_until_none(phone, BANNER_PLACE_JS)
    page.screenshot(path=str(shots / f"header-banner-scrolled-{lang}-tablet.png"))
    assert not phone.errors, phone.errors
    phone.context.close()
