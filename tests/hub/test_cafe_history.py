"""The café's history and statistics on the hub (``companion/hub/history.py``): the table's
summaries, statistics, CSV and BG Stats play, worked out by the table's own code over every
table's games, and the pages reached from the wall screen."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.export.bgstats import play_json
from companion.session.past import PastGames
from companion.session.players import player_stats
from companion.session.session import Session
from tests.hub.live import LiveHub
from tests.hub.procs import http, wait_for
from tests.hub.test_wall import paired_table
from tests.played_games import play

STAT_KEYS = ("games", "wins", "average", "best")


@pytest.fixture
def hub(hub_dsn: str) -> Iterator[LiveHub]:
    live = LiveHub(hub_dsn)
    yield live
    live.close()


@pytest.fixture
def two_tables(hub: LiveHub, tmp_path: Path) -> Iterator[list[PastGames]]:
    """Two paired tables, each with one finished Sushi Go! game (Ann, Ben, ... at both), all
    on the hub; the tables' own past games."""
    pasts = []
    for n, seed in enumerate((3, 5)):
        log, _game, pusher = paired_table(hub, tmp_path / f"t{n}.sqlite3", stop=0)
        session = Session(log)
        play(session, "sushi-go", seed)
        session.close()
        pusher.start()
        wait_for(lambda p=pusher: p.outbox.pending() == 0, "the pushes")  # type: ignore[misc]
        pusher.stop()
        pasts.append(PastGames(log))
    wait_for(lambda: len(http("GET", f"{hub.url}/api/history")[1]["games"]) == 2,
             "both games ranked")
    yield pasts
    for past in pasts:
        past.log.close()


def table_summaries(pasts: list[PastGames]) -> list[dict]:  # type: ignore[type-arg]
    return [s for past in pasts for s in past.games() if s["status"] == "finished"]


def test_statistics_bgstats_and_csv_across_tables_are_the_tables_own(
        hub: LiveHub, two_tables: list[PastGames]) -> None:
    """A player's statistics are the table's own over both tables' games; each game's BG
    Stats play and CSV are the table's (one fixture: two whole games pushed)."""
    status, listed = http("GET", f"{hub.url}/api/players")
    assert status == 200
    ann = next(p for p in listed["players"] if p["name"] == "Ann")
    assert ann["games"] == 2 and ann["tables"] == ["Window table"]
    status, stats = http("GET", f"{hub.url}/api/players/stats?name=%20ann")
    assert status == 200 and stats["name"] == "Ann" and stats["tables"] == ["Window table"]
    expected = player_stats("Ann", table_summaries(two_tables))
    assert [{k: t[k] for k in STAT_KEYS} for t in stats["titles"]] == \
        [{k: t[k] for k in STAT_KEYS} for t in expected["titles"]]
    assert stats["titles"][0]["games"] == 2
    each_game_has_the_tables_bgstats_play_and_csv(hub, two_tables)


def each_game_has_the_tables_bgstats_play_and_csv(hub: LiveHub,
                                                  two_tables: list[PastGames]) -> None:
    _, history = http("GET", f"{hub.url}/api/history")
    game = history["games"][0]
    table_id, game_no = (int(x) for x in game["id"].split("-"))
    _, bg = http("GET", f"{hub.url}/api/history/{game['id']}/bgstats")
    own = next(s for past in two_tables for s in past.games()
               if [r["total"] for r in s["ranking"]] == [r["total"] for r in game["ranking"]]
               and s["game"] == game["game"])
    mine = play_json(own)
    assert bg["play"]["game"] == mine["game"] and bg["play"]["location"] == "Window table"
    assert [(p["name"], p["score"], p["winner"], p["rank"]) for p in bg["play"]["players"]] == \
        [(p["name"], p["score"], p["winner"], p["rank"]) for p in mine["players"]]
    assert bg["url"].startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    one = hub.app.test_client().get(f"/api/history/{table_id}-{game_no}/export.csv")
    rows = list(csv.DictReader(io.StringIO(one.get_data(as_text=True))))
    assert [r["player"] for r in rows] == [p["name"] for p in game["players"]]
    assert {r["game_id"] for r in rows} == {game["id"]}
    every = hub.app.test_client().get("/api/history/export.csv").get_data(as_text=True)
    assert len(list(csv.DictReader(io.StringIO(every)))) == sum(
        len(g["players"]) for g in history["games"])
    redirect = hub.app.test_client().get(f"/history/{game['id']}/bgstats")
    assert redirect.status_code == 302 and redirect.location == bg["url"]
    qr = hub.app.test_client().get(f"/api/history/{game['id']}/bgstats.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml" and b"<svg" in qr.data


def test_unknown_and_malformed_game_ids_and_the_pages(hub: LiveHub) -> None:
    client = hub.app.test_client()
    assert client.get("/api/history/7-1").status_code == 404
    assert client.get("/api/history/seven/bgstats").status_code == 400
    assert client.get("/api/players/stats?name=").status_code == 400
    wall = client.get("/").get_data(as_text=True)
    assert 'href="/history"' in wall and 'href="/players"' in wall
    for path in ("/history", "/players"):
        page = client.get(path)
        assert page.status_code == 200 and "cafe.js" in page.get_data(as_text=True)
    assert client.get("/cafe.js").status_code == 200


def test_the_hubs_pages_come_in_the_readers_language(hub: LiveHub) -> None:
    client = hub.app.test_client()
    polish = client.get("/", headers={"Accept-Language": "pl-PL,pl;q=0.9"})
    text = polish.get_data(as_text=True)
    assert '<html lang="pl">' in text and "Wszystkie stoły" in text  # the catalogue, embedded
    french = client.get("/history?lang=fr")
    assert '<html lang="fr">' in french.get_data(as_text=True)
    assert "Toutes les parties en CSV" in french.get_data(as_text=True)
    assert "companion_lang=fr" in french.headers.get("Set-Cookie", "")
    again = client.get("/players")  # the cookie remembers the choice
    assert '<html lang="fr">' in again.get_data(as_text=True)
    english = hub.app.test_client().get("/", headers={"Accept-Language": "en"})
    assert '<html lang="en">' in english.get_data(as_text=True)
    assert client.get("/hub-i18n.js").status_code == 200
