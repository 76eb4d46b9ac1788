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
def two_tables(hub: LiveHub, tmp_path: Path) -> Iterator[list[PastGames]]:
    """Two paired tables, one with a finished Sushi Go! game, the other a Sushi Go Party! one
    (Ann, Ben, ... at both), all on the hub; the tables' own past games."""
    pasts = []
    for n, (title, seed) in enumerate((("sushi-go", 3), ("sushi-go-party", 5))):
        log, _game, pusher = paired_table(hub, tmp_path / f"t{n}.sqlite3", stop=0)
        session = Session(log)
        play(session, title, seed)
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
    assert sum(t["games"] for t in stats["titles"]) == 2
    party = next(t for t in stats["titles"] if t["game"] == "sushi-go-party")
    assert party["favourite_menu"] is not None  # the hub's summaries carry the menu played
    each_game_has_the_tables_bgstats_play_and_csv(hub, two_tables)
    each_game_has_the_tables_rounds_steps_and_boards(hub, two_tables)


def each_game_has_the_tables_rounds_steps_and_boards(hub: LiveHub,
                                                     two_tables: list[PastGames]) -> None:
    """One game of each table, opened on the hub: its score sheet, its steps and the board at
    any step are what the table's own history answers (the same engines over the pushed
    entries and the game's setup)."""
    _, history = http("GET", f"{hub.url}/api/history")
    client = hub.app.test_client()
    for game in history["games"]:
        past, own = next((p, s) for p in two_tables for s in p.games()
                         if s["game"] == game["game"] and s["ranking"] == game["ranking"])
        mine = past.game(own["id"])
        _, theirs = http("GET", f"{hub.url}/api/history/{game['id']}")
        assert theirs["score"] == mine["score"] and theirs["steps"] == mine["steps"]
        assert theirs["actions"] == own["actions"] == len(mine["steps"])
        assert (theirs["menu"], theirs["customers"], theirs["highest_wins"]) == \
            (own["menu"], own["customers"], own["highest_wins"])
        assert (theirs["menu"] is not None) == (game["game"] == "sushi-go-party")
        assert game["menu"] == own["menu"]  # in the list too
        for step in (0, 7, len(mine["steps"])):
            board = client.get(f"/api/history/{game['id']}/board?step={step}").get_json()
            table = past.board(own["id"], step)
            assert (board["step"], board["steps"], board["summary"], board["view"]) == \
                (table["step"], table["steps"], table["summary"], table["view"])
            assert board["id"] == game["id"] and board["game"] == game["game"]
    french = client.get(f"/api/history/{game['id']}/board?step=1",
                        headers={"Accept-Language": "fr"}).get_json()
    assert french["summary"] == past.board(own["id"], 1, "fr")["summary"] != board["summary"]
    assert client.get(f"/api/history/{game['id']}/board?step=9999").status_code == 400
    assert client.get(f"/api/history/{game['id']}/board?step=-1").status_code == 400
    assert client.get(f"/api/history/{game['id']}/board").status_code == 400
    assert client.get("/api/history/7-1/board?step=0").status_code == 404
    page = client.get(f"/history/{game['id']}?lang=fr").get_data(as_text=True)
    assert f'data-game="{game["id"]}"' in page and "/table/history.js" in page
    # the table's page strings, in the reader's language
    assert "← Toutes les parties passées" in page and "Revoir la partie coup par coup" in page


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
    assert client.get("/history/7-1").status_code == 404
    # the table's page modules, served for the game page (history.js, replay.js and theirs)
    for name in ("history.js", "replay.js", "common.js", "sg-game.js", "history.css"):
        assert client.get(f"/table/{name}").status_code == 200
    for name in ("..%2Fhistory.py", ".hidden.js", "nothing.js", "history.html"):
        assert client.get(f"/table/{name}").status_code == 404


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
