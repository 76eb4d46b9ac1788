"""Players across games and their statistics (issue 27 item A.2), and the CSV and BG Stats
shapes (A.3), on hand-made past-game summaries: the rules of counting, without a session."""

from __future__ import annotations

import csv
import io
import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

from companion.export.bgstats import play_json, play_link
from companion.export.table import COLUMNS, to_csv
from companion.session.log import GameRow
from companion.session.players import known_players, player_stats


def summary(pk: int, game: str, totals: dict[str, int], status: str = "finished",
            highest: bool = True, **extra: Any) -> dict[str, Any]:
    ordered = sorted(totals.items(), key=lambda kv: kv[1], reverse=highest)
    ranking, rank = [], 0
    for i, (name, total) in enumerate(ordered):
        if not i or total != ordered[i - 1][1]:
            rank = i + 1
        ranking.append({"rank": rank, "name": name, "total": total})
    winners = [r["name"] for r in ranking if r["rank"] == 1] if status == "finished" else []
    return {"id": pk, "game": game, "title": game.title(), "status": status,
            "started": f"2026-01-0{pk}T20:00:00+00:00", "ended": f"2026-01-0{pk}T20:30:00+00:00",
            "duration_s": 1800, "players": [{"name": n, "colour": "red"} for n in totals],
            "winners": winners, "ranking": ranking, "actions": 10, "round": 3,
            "start_player": None, "highest_wins": highest, "menu": None, "customers": None,
            **extra}


def row(pk: int, created: str, players: list[dict[str, str]]) -> GameRow:
    return GameRow(id=pk, game="sushi-go", options={}, players=players, created=created,
                   updated=created, status="over", join_code="", round=None, final=None,
                   roll_source="tap", host_code="")


def test_a_known_player_is_one_name_whatever_its_case_with_the_latest_colour() -> None:
    rows = [row(1, "2026-01-01", [{"name": "Ann", "colour": "red"},
                                  {"name": "Ben", "colour": "blue"}]),
            row(2, "2026-01-02", [{"name": " ann ", "colour": "green"}])]
    known = known_players(rows)
    assert known[0] == {"name": "ann", "colour": "green", "games": 2, "last_played": "2026-01-02"}
    assert [p["name"] for p in known] == ["ann", "Ben"]


def test_statistics_count_finished_games_and_keep_abandoned_ones_apart() -> None:
    games = [summary(1, "sushi-go", {"Ann": 30, "Ben": 20}),
             summary(2, "sushi-go", {"Ann": 25, "Ben": 25}),  # a shared win counts as a win
             summary(3, "sushi-go", {"Ann": 5, "Ben": 40}, status="abandoned"),
             summary(4, "sushi-go", {"Ann": 12, "Ben": 10}, highest=False)]  # golf: 12 loses
    stats = player_stats("ANN", games)
    assert stats["name"] == "Ann"
    (title,) = stats["titles"]
    assert (title["games"], title["wins"], title["abandoned"]) == (3, 2, 1)
    assert title["average"] == round((30 + 25 + 12) / 3, 1)
    assert title["best"] == 30  # mixed: only golf games would make the lowest the best
    golf = player_stats("Ben", [games[3]])["titles"][0]
    assert golf["best"] == 10 and golf["wins"] == 1


def test_the_favourite_menu_is_the_one_played_most_and_the_latest_on_a_tie() -> None:
    first = {"id": "my_first_meal", "name": "My First Meal"}
    party = {"id": "party_sampler", "name": "Party Sampler"}
    games = [summary(1, "sushi-go-party", {"Ann": 30}, menu=first),
             summary(2, "sushi-go-party", {"Ann": 30}, menu=party)]
    assert player_stats("Ann", games)["titles"][0]["favourite_menu"] == {**party, "games": 1}
    games.append(summary(3, "sushi-go-party", {"Ann": 30}, menu=first))
    assert player_stats("Ann", games)["titles"][0]["favourite_menu"] == {**first, "games": 2}


def test_average_customers_of_sushi_express() -> None:
    games = [summary(1, "sushi-express", {"Ann": 9, "Ben": 7}, customers={"Ann": 3, "Ben": 2}),
             summary(2, "sushi-express", {"Ann": 9, "Ben": 7}, customers={"Ann": 4, "Ben": 2})]
    assert player_stats("Ann", games)["titles"][0]["average_customers"] == 3.5


def test_csv_cells_never_start_a_spreadsheet_formula() -> None:
    game = summary(1, "sushi-go", {"=HYPERLINK(1)": 3, "Ben": 2})
    rows = list(csv.DictReader(io.StringIO(to_csv([game]))))
    assert tuple(rows[0]) == COLUMNS
    assert rows[0]["player"] == "'=HYPERLINK(1)" and rows[1]["player"] == "Ben"


def test_a_golf_game_goes_to_bg_stats_with_the_lowest_winning() -> None:
    game = summary(1, "sushi-go", {"Ann": 12, "Ben": 10}, highest=False, start_player="Ben")
    play = play_json(game)
    assert play["game"]["highestWins"] is False and play["durationMin"] == 30
    assert [(p["name"], p["winner"], p["startPlayer"]) for p in play["players"]] == [
        ("Ben", True, True), ("Ann", False, False)]
    sent = json.loads(parse_qs(urlsplit(play_link(play)).query)["data"][0])
    assert sent == play
