"""Past games (issue 27 item A.1): GET /api/history and /api/history/<id>, open to anyone on the
table's network like the list of games, never showing a game still being played."""

from __future__ import annotations

import time

from flask import Flask
from flask.testing import FlaskClient

from companion.session.past import ABANDONED_AFTER, PastGames
from companion.session.session import Session
from tests.played_games import play
from web.history import PAST_KEY


def test_finished_games_are_listed_newest_first_and_games_in_play_are_not(
    app: Flask, client: FlaskClient, session: Session
) -> None:
    first = play(session, "sushi-go", seed=1)
    second = play(session, "sushi-go-party", seed=2)
    playing = play(session, "sushi-express", seed=3, stop=6)
    games = client.get("/api/history").get_json()["games"]
    assert [g["id"] for g in games] == [second, first]
    party = games[0]
    assert party["title"] == "Sushi Go Party!" and party["status"] == "finished"
    assert party["players"][0] == {"name": "Ann", "colour": "red"}
    assert party["winners"] and party["winners"][0] == party["ranking"][0]["name"]
    assert party["duration_s"] >= 0 and party["actions"] > 0
    assert client.get(f"/api/history/{playing}").status_code == 404
    assert client.get("/api/history/999").status_code == 404


def test_one_game_has_its_score_sheet_and_steps(client: FlaskClient, session: Session) -> None:
    game = play(session, "sushi-go", seed=1)
    detail = client.get(f"/api/history/{game}").get_json()
    assert detail["id"] == game
    totals = {p["name"]: p["total"] for p in detail["score"]["players"]}
    assert {r["name"]: r["total"] for r in detail["ranking"]} == totals
    assert any(line["detail"].startswith("round 1: ")
               for p in detail["score"]["players"] for line in p["breakdown"])
    steps = detail["steps"]
    assert len(steps) == detail["actions"] == session.log.version(game)
    assert steps[-1]["totals"] == totals
    assert all(isinstance(s["summary"], str) and s["summary"] for s in steps)


def test_a_game_left_for_half_a_day_is_abandoned(
    app: Flask, client: FlaskClient, session: Session
) -> None:
    left = play(session, "sushi-express", seed=3, stop=6)
    play(session, "sushi-go", seed=4, stop=0)  # never started: not history
    later = time.time() + ABANDONED_AFTER + 60
    app.extensions[PAST_KEY] = PastGames(session.log, clock=lambda: later)
    games = client.get("/api/history").get_json()["games"]
    assert [(g["id"], g["status"], g["winners"]) for g in games] == [(left, "abandoned", [])]
    assert len(client.get(f"/api/history/{left}").get_json()["steps"]) == 6


def test_the_history_page_is_served(client: FlaskClient) -> None:
    assert b"history.js" in client.get("/history").data
    assert b'data-game="7"' in client.get("/history/7").data
