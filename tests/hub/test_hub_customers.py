"""Sushi Express on the café's screens (issue 27 B.7): the customers each player delivered on
the wall's and the past games' cards, as the table's own past games count them; the café
game page in the hub's dark colours; the hub's refusals in the reader's language (issue 26)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.session.past import PastGames
from companion.session.session import Session
from tests.hub.live import LiveHub
from tests.hub.procs import http, wait_for
from tests.hub.test_wall import paired_table
from tests.played_games import play
from tests.web import browser_support

HUB_BACKGROUND = "rgb(29, 31, 36)"  # #1d1f24, the wall's and the café pages' background


@pytest.fixture
def express(hub: LiveHub, tmp_path: Path) -> Iterator[tuple[PastGames, str, int]]:
    """A paired table with a finished Sushi Express game and one in progress, all on the hub:
    the table's past games, the finished game's café id, the live game's id."""
    log, _game, pusher = paired_table(hub, tmp_path / "t.sqlite3", stop=0)
    session = Session(log)
    finished = play(session, "sushi-express", 4)
    live = play(session, "sushi-express", 7, stop=30)
    session.close()
    pusher.start()
    wait_for(lambda: pusher.outbox.pending() == 0, "the pushes")
    pusher.stop()
    wait_for(lambda: len(http("GET", f"{hub.url}/api/history")[1]["games"]) == 1, "ranked")
    (game,) = http("GET", f"{hub.url}/api/history")[1]["games"]
    assert game["id"].endswith(f"-{finished}")
    yield PastGames(log), game["id"], live
    log.close()


def test_the_cafe_cards_carry_the_tables_own_customers(
        hub: LiveHub, express: tuple[PastGames, str, int]) -> None:
    past, cafe_id, live = express
    (own,) = [g for g in past.games() if g["status"] == "finished"]
    assert cafe_id.endswith(f"-{own['id']}")
    (theirs,) = http("GET", f"{hub.url}/api/history")[1]["games"]
    assert own["customers"] and theirs["customers"] == own["customers"]
    (card,) = [c for c in http("GET", f"{hub.url}/api/wall")[1]["tables"] if c["game"] == live]
    assert set(card["customers"]) == set(card["players"])
    assert all(isinstance(n, int) and n >= 0 for n in card["customers"].values())


def test_the_hubs_refusals_read_in_the_readers_language(hub: LiveHub) -> None:
    status, answer = http("GET", f"{hub.url}/api/history/9-9?lang=fr")
    assert status == 404 and answer["reason"] == "le hub n'a aucune partie terminée 9-9"
    status, answer = http("GET", f"{hub.url}/api/history/9-9")
    assert status == 404 and answer["reason"] == "the hub holds no finished game 9-9"
    status, answer = http("GET", f"{hub.url}/api/history/x?lang=pl")
    assert status == 400 and answer["reason"] == (
        "identyfikator gry w kawiarni ma postać <stół>-<gra>, a nie 'x'")


def test_the_cards_show_customers_and_the_game_page_is_dark(
        hub: LiveHub, express: tuple[PastGames, str, int], browser: Any) -> None:
    past, cafe_id, live = express
    (own,) = [g for g in past.games() if g["status"] == "finished"]
    browser_support.SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(f"{hub.url}/history?lang=fr")
    for name, n in own["customers"].items():
        cell = page.locator(f'[data-game="{cafe_id}"] [data-customers="{name}"]')
        cell.wait_for(timeout=30_000)
        assert cell.inner_text().strip() == (f"{n} client" if n < 2 else f"{n} clients")
    page.goto(f"{hub.url}/?lang=en")
    row = page.locator(f'[data-game="{live}"] [data-customers]')
    row.first.wait_for(timeout=30_000)
    assert row.count() == len(past.log.game(live).players)
    assert row.first.inner_text().strip().endswith(("customer", "customers"))
    page.screenshot(path=str(browser_support.SHOTS / "hub-wall-express-1280x720.png"))
    page.goto(f"{hub.url}/history/{cafe_id}")
    page.locator("table[data-rounds]").wait_for(timeout=30_000)
    colours = page.evaluate("""() => [getComputedStyle(document.body).backgroundColor,
        getComputedStyle(document.querySelector('.history-card')).backgroundColor,
        getComputedStyle(document.body).color]""")
    assert colours[0] == HUB_BACKGROUND, colours
    assert colours[1] != "rgb(255, 253, 248)", colours  # not the table's light card
    assert colours[2] == "rgb(243, 243, 243)", colours
    page.screenshot(path=str(browser_support.SHOTS / "hub-game-express-1280x720.png"),
                    full_page=True)
