"""The café's history and statistics on the hub (issue 27 item B.7; ``docs/HUB.md``): the pages
and API of the table's history (``web/history.py``) over every table's finished games.

* ``GET /history``, ``GET /players``  the café's past games and its players (one page,
  ``static/cafe.html``; reached from the wall screen)
* ``GET /api/history[?limit=N]``  ``{"games": [summary, ...]}``: the table's summaries
  (:func:`past_game`) plus ``table`` and ``table_name``; ``id`` is ``<table>-<game>``
* ``GET /api/history/<table>-<game>``  one finished game's summary with its ``score`` (the
  engine's score sheet) and ``steps`` (every action with the totals after it), as the table's
  (:func:`companion.session.past.score_and_steps`); 404 when the hub holds no finished game of
  that id
* ``GET /api/history/<id>/board?step=N``  the board after the game's first N actions, as the
  table's (:func:`companion.session.past.board_at`): the same engines replay the entries the
  table pushed from the game's setup
* ``GET /history/<id>``  one game's page: the table's own page script (``web/static/history.js``
  and its replay, ``replay.js``), served with the table's other modules under ``/table/``
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

import threading
from collections import OrderedDict
from datetime import datetime
from typing import Any

from flask import Flask, Response, jsonify, redirect, request
from flask.typing import ResponseReturnValue

from companion.export.bgstats import play_json, play_link
from companion.export.table import to_csv
from companion.games import find_game
from companion.games.base import JSON, Game, UnreadableInput
from companion.hub import pages
from companion.hub.scores import Replay
from companion.hub.store import HubStore
from companion.hub.wire import table_game
from companion.i18n import msg
from companion.session.history import History
from companion.session.past import board_at, extras, score_and_steps
from companion.session.players import check_name, key_of, player_stats
from web.qr import link_qr_svg

#: The most finished games the statistics and the full CSV read.
ALL_GAMES = 100_000
#: How many replayed games the hub keeps for their steps and boards (a stepper asks one after
#: another).
REPLAYS_KEPT = 4


def install(app: Flask, store: HubStore) -> None:
    """Serve the routes above on the hub's ``app``."""
    replays = Replays(store)

    def summaries(limit: int = ALL_GAMES) -> list[JSON]:
        return [past_game(g, replays.extras(g)) for g in store.finished(limit)]

    def header(game_id: str) -> dict[str, Any]:
        table, dash, game = game_id.partition("-")
        if not (dash and table.isdigit() and game.isdigit() and len(game_id) <= 40):
            raise UnreadableInput(msg("a café game id is <table>-<game>, not {id}",
                                      id=repr(game_id[:40])))
        found = store.finished(1, (int(table), int(game)))
        if not found:
            raise LookupError(game_id)
        return found[0]

    def one(game_id: str) -> JSON:
        found = header(game_id)
        return past_game(found, replays.extras(found))

    @app.errorhandler(LookupError)
    def not_found(exc: LookupError) -> Response:
        response = jsonify(error="not_found", reason=msg(
            "the hub holds no finished game {id}", id=exc.args[0]).render(pages.language()))
        response.status_code = 404
        return response

    @app.get("/history")
    @app.get("/players")
    def cafe_page() -> Response:
        return pages.page("cafe.html")

    @app.get("/history/<game_id>")
    def game_page(game_id: str) -> Response:
        header(game_id)  # 404 unless the hub holds that finished game
        return pages.page("game.html", game=game_id)

    @app.get("/table/<name>")
    def table_static(name: str) -> Response:
        return pages.table_static(name)

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
        found = header(game_id)
        played, history = replays.replayed(found)
        return _no_store(jsonify({**past_game(found, replays.extras(found)),
                                  **score_and_steps(played, history, pages.language())}))

    @app.get("/api/history/<game_id>/board")
    def board(game_id: str) -> Response:
        found = header(game_id)
        text = request.args.get("step")
        if text is None:
            raise UnreadableInput("say which step to show: ?step=N (0 is the setup)")
        if not (text.isascii() and text.isdigit()) or len(text) > 9:
            raise UnreadableInput(
                f"a step is a whole number written in digits 0-9, not {text[:24]!r}")
        played, history = replays.replayed(found)
        step = int(text)
        if not 0 <= step <= len(history):
            raise UnreadableInput(f"step {step} is not in game {game_id}: its steps go from 0 "
                                  f"(the setup) to {len(history)}")
        return _no_store(jsonify({"id": f"{found['table']}-{found['game']}",
                                  "game": found["title"],
                                  **board_at(played, history, step, pages.language())}))

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


class Replays:
    """Finished games replayed from the entries the hub holds (the table's engines,
    :class:`companion.hub.scores.Replay`): the last :data:`REPLAYS_KEPT` asked for their
    steps and boards, and every game's summary extras (menu, customers), each kept until the
    game's last entry changes. Thread-safe."""

    def __init__(self, store: HubStore) -> None:
        self.store = store
        self._kept: OrderedDict[tuple[int, int], tuple[int, Game, History]] = OrderedDict()
        self._extras: dict[tuple[int, int], tuple[int, JSON]] = {}
        self._lock = threading.Lock()

    def replayed(self, game: dict[str, Any]) -> tuple[Game, History]:
        key, seq = (int(game["table"]), int(game["game"])), int(game["seq"])
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None and kept[0] == seq:
                self._kept.move_to_end(key)
                return kept[1], kept[2]
        live = Replay.start(game["title"], game["players"], game["options"])
        live.advance(self.store.entries(*key))
        with self._lock:
            self._kept[key] = (seq, live.game, live.history)
            while len(self._kept) > REPLAYS_KEPT:
                self._kept.popitem(last=False)
        return live.game, live.history

    def extras(self, game: dict[str, Any]) -> JSON:
        """The table's summary extras of ``game`` (:func:`companion.session.past.extras`);
        none when this hub cannot replay its title."""
        key, seq = (int(game["table"]), int(game["game"])), int(game["seq"])
        with self._lock:
            kept = self._extras.get(key)
        if kept is not None and kept[0] == seq:
            return kept[1]
        try:
            played, history = self.replayed(game)
            found = {**extras(played, game["title"], game["players"], game["options"],
                              history.state), "actions": len(history)}
        except Exception:
            return {}
        with self._lock:
            self._extras[key] = (seq, found)
        return found


def past_game(game: dict[str, Any], more: JSON | None = None) -> dict[str, Any]:
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
            "ranking": ranking, "round": game["round"],
            "start_player": None, "highest_wins": True, "menu": None, "customers": None,
            "actions": 0, **(more or {})}


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

