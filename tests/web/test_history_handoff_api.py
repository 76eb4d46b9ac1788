"""Replay boards, players across games and the hand-off of past games (issue 27 items A.1-A.3):
GET /api/history/<id>/board, /api/players, /api/players/stats, /api/history/<id>/bgstats and
the CSV exports, and the clear 4xx answers to what they cannot do."""

from __future__ import annotations

import csv
import io
import json
import time
from urllib.parse import parse_qs, urlsplit

from flask import Flask
from flask.testing import FlaskClient

from companion.export.bgstats import bgg_id
from companion.games import find_game
from companion.games.base import PlayerSpec
from companion.session.history import fold
from companion.session.past import ABANDONED_AFTER, PastGames
from companion.session.session import Session, _decode
from tests.played_games import play
from web.history import PAST_KEY


def _expected_view(session: Session, game_pk: int, step: int) -> dict:
    """The watcher's view after ``step`` actions, replayed here independently of the web."""
    row = session.log.game(game_pk)
    game = find_game(row.game)
    initial = game.setup([PlayerSpec.from_json(p) for p in row.players], row.options)
    history = fold(game, initial, _decode(game, row.id, session.log.entries(row.id)))
    view = dict(game.view(history.state_at(step), None))
    view["legal"] = []
    return json.loads(json.dumps(view))


def test_the_board_of_every_step_is_the_view_a_watcher_saw_then(
    client: FlaskClient, session: Session
) -> None:
    express = play(session, "sushi-express", seed=3)
    total = client.get(f"/api/history/{express}").get_json()["actions"]
    setup = client.get(f"/api/history/{express}/board?step=0").get_json()
    assert setup["step"] == 0 and setup["steps"] == total and setup["summary"] == ""
    assert setup["view"]["round"] == 1 and all(p["tile"] == 0 for p in setup["view"]["players"])
    middle = client.get(f"/api/history/{express}/board?step=40").get_json()
    assert middle["view"] == _expected_view(session, express, 40)
    steps = client.get(f"/api/history/{express}").get_json()["steps"]
    assert middle["summary"] == steps[39]["summary"]
    assert middle["view"]["legal"] == []
    last = client.get(f"/api/history/{express}/board?step={total}").get_json()
    assert last["view"]["phase"] == "over" and last["view"] != middle["view"]

    party = play(session, "sushi-go-party", seed=2)
    board = client.get(f"/api/history/{party}/board?step=4").get_json()
    assert board["game"] == "sushi-go-party" and board["view"] == _expected_view(session, party, 4)


def test_a_replay_step_outside_the_game_or_not_a_number_is_refused(
    client: FlaskClient, session: Session
) -> None:
    done = play(session, "sushi-go", seed=1)
    playing = play(session, "sushi-go", seed=2, stop=3)
    total = client.get(f"/api/history/{done}").get_json()["actions"]
    too_far = client.get(f"/api/history/{done}/board?step={total + 1}")
    assert too_far.status_code == 400 and f"to {total}" in too_far.get_json()["reason"]
    for bad in ("-1", "two", "1.5", ""):
        answer = client.get(f"/api/history/{done}/board?step={bad}")
        assert answer.status_code == 400, bad
        assert "whole number" in answer.get_json()["reason"]
    assert "?step=N" in client.get(f"/api/history/{done}/board").get_json()["reason"]
    assert client.get(f"/api/history/{playing}/board?step=1").status_code == 404
    wrong_id = client.get("/api/history/abc/board?step=1")
    assert wrong_id.status_code == 400 and "'abc'" in wrong_id.get_json()["reason"]
    assert client.get("/api/history/12x").status_code == 400


def test_known_players_keep_their_latest_name_and_colour(
    client: FlaskClient, session: Session
) -> None:
    play(session, "sushi-go", seed=1)
    session.create_game("sushi-go", [{"name": "ann", "colour": "blue"},
                                     {"name": "Zed", "colour": "red"}], {})
    players = client.get("/api/players").get_json()["players"]
    by_name = {p["name"].lower(): p for p in players}
    assert by_name["ann"] == {**by_name["ann"], "name": "ann", "colour": "blue", "games": 2}
    assert by_name["zed"]["games"] == 1 and by_name["ben"]["colour"] == "blue"
    assert players[0]["last_played"] >= players[-1]["last_played"]


def test_player_statistics_per_title(client: FlaskClient, session: Session) -> None:
    games = [play(session, "sushi-express", seed=3), play(session, "sushi-express", seed=5),
             play(session, "sushi-go-party", seed=2), play(session, "sushi-go", seed=1)]
    past = client.get("/api/history").get_json()["games"]
    stats = client.get("/api/players/stats?name=ANN").get_json()
    assert stats["name"] == "Ann"
    express = next(t for t in stats["titles"] if t["game"] == "sushi-express")
    mine = [next(r for r in g["ranking"] if r["name"] == "Ann")
            for g in past if g["game"] == "sushi-express"]
    assert express["games"] == 2 and express["abandoned"] == 0
    assert express["average"] == round(sum(r["total"] for r in mine) / 2, 1)
    assert express["best"] == max(r["total"] for r in mine)
    wins = sum("Ann" in g["winners"] for g in past if g["game"] == "sushi-express")
    assert express["wins"] == wins
    customers = [g["customers"]["Ann"] for g in past if g["game"] == "sushi-express"]
    assert express["average_customers"] == round(sum(customers) / 2, 1)
    assert express["favourite_menu"] is None
    party = next(t for t in stats["titles"] if t["game"] == "sushi-go-party")
    assert party["favourite_menu"] == {"id": "my_first_meal", "name": "My First Meal", "games": 1}
    assert party["average_customers"] is None
    only = client.get("/api/players/stats?name=Ann&game=sushi-go").get_json()["titles"]
    assert [t["game"] for t in only] == ["sushi-go"] and len(games) == 4


def test_player_statistics_refuse_what_they_cannot_answer(
    client: FlaskClient, session: Session
) -> None:
    play(session, "sushi-go", seed=1)
    unknown_title = client.get("/api/players/stats?name=Ann&game=sushi-boat")
    assert unknown_title.status_code == 400 and "sushi-boat" in unknown_title.get_json()["reason"]
    nobody = client.get("/api/players/stats?name=Nobody")
    assert nobody.status_code == 404 and "Nobody" in nobody.get_json()["reason"]
    assert client.get("/api/players/stats").status_code == 400
    assert client.get("/api/players/stats?name=%20").status_code == 400
    assert client.get(f"/api/players/stats?name={'x' * 25}").status_code == 400
    assert client.get("/api/history/export.csv?game=sushi-boat").status_code == 400


def test_a_finished_game_goes_to_bg_stats_as_its_push_play_link(
    client: FlaskClient, session: Session
) -> None:
    game = play(session, "sushi-roll", seed=1)
    summary = client.get(f"/api/history/{game}").get_json()
    answer = client.get(f"/api/history/{game}/bgstats").get_json()
    url = urlsplit(answer["url"])
    assert (url.scheme, url.netloc, url.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    play_data = json.loads(parse_qs(url.query)["data"][0])
    assert play_data == answer["play"]
    assert play_data["game"] == {"name": "Sushi Roll", "bggId": 247342, "highestWins": True,
                                 "noPoints": False, "sourceGameId": "sushi-roll"}
    assert len(play_data["playDate"]) == 19 and play_data["durationMin"] >= 1
    players = {p["name"]: p for p in play_data["players"]}
    for rank in summary["ranking"]:
        assert players[rank["name"]]["score"] == rank["total"]
        assert players[rank["name"]]["rank"] == rank["rank"]
        assert players[rank["name"]]["winner"] == (rank["name"] in summary["winners"])
    assert [n for n, p in players.items() if p["startPlayer"]] == ["Ann"]
    assert bgg_id("sushi-go") == 133473 and bgg_id("sushi-go-party") == 192291
    moved = client.get(f"/history/{game}/bgstats")  # what the QR code holds
    assert moved.status_code == 302 and moved.headers["Location"] == answer["url"]
    qr = client.get(f"/api/history/{game}/bgstats.svg")
    assert qr.mimetype == "image/svg+xml" and b"<svg" in qr.data


def test_only_a_finished_game_is_exported(
    app: Flask, client: FlaskClient, session: Session
) -> None:
    left = play(session, "sushi-go", seed=2, stop=3)
    playing = client.get(f"/api/history/{left}/bgstats")
    assert playing.status_code == 409 and "still being played" in playing.get_json()["reason"]
    later = time.time() + ABANDONED_AFTER + 60
    app.extensions[PAST_KEY] = PastGames(session.log, clock=lambda: later)
    abandoned = client.get(f"/api/history/{left}/export.csv")
    assert abandoned.status_code == 409 and "abandoned" in abandoned.get_json()["reason"]
    assert client.get(f"/api/history/{left}/bgstats.svg").status_code == 409
    assert client.get("/api/history/999/bgstats").status_code == 404
    assert client.get("/api/history/x1/bgstats").status_code == 400


def test_csv_has_one_row_a_player_a_game(client: FlaskClient, session: Session) -> None:
    express = play(session, "sushi-express", seed=3)
    party = play(session, "sushi-go-party", seed=2)
    answer = client.get("/api/history/export.csv")
    assert answer.mimetype == "text/csv" and "attachment" in answer.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    past = {g["id"]: g for g in client.get("/api/history").get_json()["games"]}
    assert len(rows) == sum(len(g["players"]) for g in past.values())
    for row in rows:
        game = past[int(row["game_id"])]
        rank = next(r for r in game["ranking"] if r["name"] == row["player"])
        assert int(row["score"]) == rank["total"] and int(row["rank"]) == rank["rank"]
        assert row["winner"] == ("yes" if row["player"] in game["winners"] else "no")
    express_rows = [r for r in rows if int(r["game_id"]) == express]
    assert [r["start_player"] for r in express_rows][:2] == ["yes", "no"]
    assert all(r["customers"].isdigit() for r in express_rows)
    assert {r["menu"] for r in rows if int(r["game_id"]) == party} == {"My First Meal"}
    one = client.get(f"/api/history/{party}/export.csv").get_data(as_text=True)
    assert len(one.strip().splitlines()) == 1 + len(past[party]["players"])
    only = client.get("/api/history/export.csv?game=sushi-go-party").get_data(as_text=True)
    assert only == one


def test_the_record_file_round_trip_still_works_beside_the_exports(
    client: FlaskClient, session: Session
) -> None:
    game = play(session, "sushi-go", seed=1)
    record = session.export_record(game)
    copy = session.import_record(json.loads(json.dumps(record)))
    assert client.get(f"/api/history/{copy}").get_json()["ranking"] == \
        client.get(f"/api/history/{game}").get_json()["ranking"]
    assert client.get(f"/api/history/{copy}/bgstats").status_code == 200
