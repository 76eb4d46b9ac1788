"""The café's history and statistics on the hub (issue 27 item B.7; ``docs/HUB.md``): the pages
and API of the table's history (``web/history.py``) over every table's finished games.

* ``GET /history``, ``GET /players``  the café's past games and its players (one page,
  ``static/cafe.html``; reached from the wall screen)
* ``GET /api/history[?limit=N]``  ``{"games": [summary, ...]}``: the table's summaries
  (:func:`past_game`) plus ``table`` and ``table_name``; ``id`` is ``<table>-<game>``
* ``GET /api/history/<table>-<game>``  one finished game's summary (404 when the hub holds no
  finished game of that id)
* ``GET /api/history/<id>/bgstats``  ``{"play", "url"}``: the BG Stats play and its push-play
  link, made by the table's own :mod:`companion.export.bgstats` (the table's name is the play's
  location); ``GET /history/<id>/bgstats`` redirects to the link, and
  ``GET /api/history/<id>/bgstats.svg`` is its QR code (the table's ``web.qr``)
* ``GET /api/history/<id>/export.csv``, ``GET /api/history/export.csv``  CSV in the table's
  columns (:mod:`companion.export.table`)
* ``GET /api/players``  ``{"players": [{"name", "games", "tables"}]}``: everyone seated in a
  finished game of any table (a name matched as the table matches it: case and spaces aside)
* ``GET /api/players/stats?name=``  the table's per-title statistics
  (:func:`companion.session.players.player_stats`) over every table's games, plus ``tables``

Open to the café's network as the wall screen is: names and scores only.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Flask, Response, jsonify, redirect, request
from flask.typing import ResponseReturnValue

from companion.export.bgstats import play_json, play_link
from companion.export.table import to_csv
from companion.games import find_game
from companion.games.base import JSON, UnreadableInput
from companion.hub import pages
from companion.hub.store import HubStore
from companion.hub.wire import table_game
from companion.session.players import check_name, key_of, player_stats
from web.qr import link_qr_svg

#: The most finished games the statistics and the full CSV read.
ALL_GAMES = 100_000


def install(app: Flask, store: HubStore) -> None:
    """Serve the routes above on the hub's ``app``."""

    def summaries(limit: int = ALL_GAMES) -> list[JSON]:
        return [past_game(g) for g in store.finished(limit)]

    def one(game_id: str) -> JSON:
        table, dash, game = game_id.partition("-")
        if not (dash and table.isdigit() and game.isdigit() and len(game_id) <= 40):
            raise UnreadableInput(f"a café game id is <table>-<game>, not {game_id[:40]!r}")
        found = store.finished(1, (int(table), int(game)))
        if not found:
            raise LookupError(game_id)
        return past_game(found[0])

    @app.errorhandler(LookupError)
    def not_found(exc: LookupError) -> Response:
        response = jsonify(error="not_found",
                           reason=f"the hub holds no finished game {exc.args[0]}")
        response.status_code = 404
        return response

    @app.get("/history")
    @app.get("/players")
    def cafe_page() -> Response:
        return pages.page("cafe.html")

    @app.get("/cafe.js")
    def cafe_js() -> Response:
        return pages.script("cafe.js")

    @app.get("/api/history")
    def history() -> Response:
        limit = request.args.get("limit", "100")
        if not limit.isdigit() or not 1 <= int(limit) <= 1000:
            raise UnreadableInput("limit must be a whole number from 1 to 1000")
        return _no_store(jsonify(games=summaries(int(limit))))

    @app.get("/api/history/<game_id>")
    def game(game_id: str) -> Response:
        return _no_store(jsonify(one(game_id)))

    @app.get("/api/history/<game_id>/bgstats")
    def bgstats(game_id: str) -> Response:
        summary = one(game_id)
        play = play_json(summary, location=summary["table_name"] or "")
        return jsonify(play=play, url=play_link(play))

    @app.get("/history/<game_id>/bgstats")
    def bgstats_redirect(game_id: str) -> ResponseReturnValue:
        summary = one(game_id)
        return redirect(play_link(play_json(summary, location=summary["table_name"] or "")),
                        code=302)

    @app.get("/api/history/<game_id>/bgstats.svg")
    def bgstats_qr(game_id: str) -> Response:
        summary = one(game_id)
        svg = link_qr_svg(f"{request.host_url.rstrip('/')}/history/{summary['id']}/bgstats")
        return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})

    @app.get("/api/history/<game_id>/export.csv")
    def game_csv(game_id: str) -> Response:
        summary = one(game_id)
        return _csv([summary], f"cafe-game-{summary['id']}.csv")

    @app.get("/api/history/export.csv")
    def history_csv() -> Response:
        return _csv(summaries(), "cafe-games.csv")

    @app.get("/api/players")
    def players() -> Response:
        return _no_store(jsonify(players=known_players(summaries())))

    @app.get("/api/players/stats")
    def stats() -> Response:
        name = check_name(request.args.get("name", ""))
        played = summaries()
        tables = sorted({s["table_name"] or f"Table {s['table']}" for s in played
                         if any(key_of(r["name"]) == key_of(name) for r in s["ranking"])})
        return _no_store(jsonify({**player_stats(name, played), "tables": tables}))


def known_players(summaries: list[JSON]) -> list[JSON]:
    """Everyone in ``summaries``: ``[{"name", "games", "tables"}]``, the most games first; a
    name as the game finished last wrote it."""
    found: dict[str, dict[str, Any]] = {}
    for summary in sorted(summaries, key=lambda s: (s["ended"] or "", s["id"])):
        for row in summary["ranking"]:
            entry = found.setdefault(key_of(row["name"]), {"games": 0, "tables": set()})
            entry["name"] = row["name"].strip()
            entry["games"] += 1
            entry["tables"].add(summary["table_name"] or f"Table {summary['table']}")
    ordered = sorted(found.values(), key=lambda p: (-p["games"], p["name"].casefold()))
    return [{"name": p["name"], "games": p["games"], "tables": sorted(p["tables"])}
            for p in ordered]


def past_game(game: dict[str, Any]) -> dict[str, Any]:
    """A finished game as the table's history summarises one (``companion/session/past.py``;
    what ``companion.export.table`` turns into CSV rows), plus its table. ``id`` is
    ``<table>-<game>`` (the hub's game number; ``table_game`` the table's own and ``epoch`` the
    link's epoch, ``companion/hub/outbox.py``); ``ended`` is when the hub learnt it finished
    (the hub's clock), and the duration is taken between the table's own stamps of its first
    and last entries (one clock, whichever it is)."""
    ranking = game["ranking"] or []
    duration = 0.0
    if game.get("first_entry") and game.get("last_entry"):
        try:
            duration = (datetime.fromisoformat(game["last_entry"])
                        - datetime.fromisoformat(game["first_entry"])).total_seconds()
        except ValueError:
            duration = 0.0
    epoch, own = table_game(game["game"])
    return {"id": f"{game['table']}-{game['game']}", "table": game["table"],
            "table_game": own, "epoch": epoch,
            "table_name": game["table_name"], "game": game["title"],
            "title": title_name(game["title"]), "status": "finished",
            "started": game["first_entry"] or game["created"], "ended": game["finished_at"],
            "duration_s": max(0, round(duration)),
            "players": [{"name": p.get("name"), "colour": p.get("colour", "")}
                        for p in game["players"]],
            "winners": [r["name"] for r in ranking if r.get("rank") == 1],
            "ranking": ranking, "round": game["round"]}


def title_name(title: str) -> str:
    """The title's printed name (its id when this hub does not know it)."""
    try:
        return find_game(title).info.name
    except Exception:
        return title


def _no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


def _csv(summaries: list[JSON], filename: str) -> Response:
    return Response(to_csv(summaries), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})

