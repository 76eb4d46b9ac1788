"""``companion hub serve``: the café's hub over HTTP (``docs/HUB.md``).

Routes (JSON errors are ``{"error", "reason"}``):

* ``POST /api/pair`` ``{"code", "name"}`` -> ``{"table", "token"}``: a table uses a pairing code
  the hub showed; the token is its credential from then on (stored only hashed). A wrong code
  is ``403``; 10 wrong codes from one address within a minute, ``429`` for the rest of it.
* ``POST /api/push`` with ``Authorization: Bearer <token>`` and a push body
  (:mod:`companion.hub.wire`) -> ``{"ok", "stored", "duplicates"}`` once committed. Without a
  paired table's token: ``401``. Nothing else writes.
* ``GET /api/wall[?after=V]`` -> every table's current game (title, round, players, totals)
  and the standings of today and this month (games finished by the hub's clock); with
  ``after``, answered once the hub's version passes ``V`` (at most 20 s later).
* The café's history, players, statistics and exports (``/history``, ``/players``,
  ``/api/history...``, ``/api/players...``): :mod:`companion.hub.history`.
* ``GET /`` the wall screen; ``GET /pairing`` a new pairing code, for a browser on the hub
  itself only (loopback), like the table's host codes; ``GET /health``.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import threading
from datetime import datetime, time
from typing import Any

from flask import Flask, Response, jsonify, request

from companion.games.base import UnreadableInput
from companion.hub import history, pages
from companion.hub.changes import Changes
from companion.hub.codes import show_code
from companion.hub.history import title_name
from companion.hub.scores import Row, ScoreCache, Scores
from companion.hub.store import BadPairingCode, HubStore
from companion.hub.wire import parse_push
from companion.session.throttle import JoinThrottle

logger = logging.getLogger(__name__)
#: Largest request body the hub reads (a push of 500 events is well under it).
MAX_PUSH_BYTES = 4 * 1024 * 1024
#: The names ``/pairing`` answers to (with a loopback client).
_LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
#: Longest wait of ``GET /api/wall?after=``.
WALL_WAIT = 20.0


def _error(status: int, error: str, reason: str) -> Response:
    response = jsonify(error=error, reason=reason)
    response.status_code = status
    return response


def _body() -> Any:
    if (request.content_length or 0) > MAX_PUSH_BYTES:
        raise UnreadableInput(f"the body is over {MAX_PUSH_BYTES} bytes")
    try:
        return json.loads(request.get_data(cache=False) or b"null")
    except (ValueError, UnicodeDecodeError) as exc:
        raise UnreadableInput(f"the body is not JSON: {exc}") from None


def _is_loopback(address: str | None) -> bool:
    try:
        return ipaddress.ip_address(address or "").is_loopback
    except ValueError:
        return False


class Hub:
    """The hub's behaviour behind the routes: the store, the change counter, the scores."""

    def __init__(self, store: HubStore) -> None:
        self.store = store
        self.changes = Changes()
        self.scores = ScoreCache()
        self.throttle = JoinThrottle()
        self._wall: tuple[int, dict[str, Any]] | None = None
        self._wall_lock = threading.Lock()

    def scores_of(self, game: dict[str, Any],
                  fetched: tuple[int, list[Row]] | None = None) -> Scores:
        """The scores of a stored game (``store.game``/``live_games`` row) with every entry
        the hub holds; no scores when it cannot be replayed (a title this hub does not know).
        ``fetched`` is ``(seq, the entries after it)`` when they were read already."""
        key = (int(game["table"]), int(game["game"]))

        def fetch_after(seq: int) -> list[Row]:
            if fetched is not None and fetched[0] == seq:
                return fetched[1]
            return self.store.entries(*key, after=seq)

        try:
            return self.scores.scores(key, game, fetch_after)
        except Exception as exc:
            logger.warning("table %s game %s cannot be replayed: %s", *key, exc)
            return Scores(None, False, [])

    def rank(self, games: list[tuple[int, int]]) -> None:
        """Work out and keep the ranking of the finished ``(table, game)`` in ``games``."""
        for table_id, game_no in games:
            game = self.store.game(table_id, game_no)
            if game is None or game["status"] != "over":
                continue
            scores = self.scores_of(game)
            if scores.over:
                self.store.set_ranking(table_id, game_no, int(game["seq"]), scores.ranking)

    def wall_at(self, version: int) -> dict[str, Any]:
        """:meth:`wall` as of ``version`` or later, worked out once for every screen waiting
        on the same change."""
        with self._wall_lock:
            if self._wall is None or self._wall[0] < version:
                current = self.changes.version
                self._wall = (current, self.wall())
            return self._wall[1]

    def wall(self) -> dict[str, Any]:
        tables = []
        games = self.store.live_games()
        since = {(int(g["table"]), int(g["game"])): 0 for g in games}
        since = {key: self.scores.applied(key) for key in since}
        new = self.store.entries_after(since)
        for game in games:
            key = (int(game["table"]), int(game["game"]))
            scores = self.scores_of(game, (since[key], new[key]))
            tables.append({k: game[k] for k in ("table", "table_name", "game", "title",
                                                 "status", "round", "updated", "seq")}
                          | {"players": [p.get("name") for p in game["players"]],
                             "title_name": title_name(game["title"]),
                             "totals": scores.totals, "customers": scores.customers})
        now = datetime.now().astimezone()
        today = datetime.combine(now.date(), time(), now.tzinfo)
        return {"tables": tables, "today": self.store.standings(today),
                "month": self.store.standings(today.replace(day=1))}


def create_hub_app(store: HubStore) -> Flask:
    """The hub's Flask app over ``store``."""
    app = Flask(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = MAX_PUSH_BYTES
    hub = Hub(store)
    hub.rank(store.unranked_finished())  # a hub killed between a push and its ranking
    app.extensions["hub"] = hub

    @app.errorhandler(UnreadableInput)
    def unreadable(exc: UnreadableInput) -> Response:
        return _error(400, "unreadable", exc.in_language(pages.language()))

    @app.post("/api/pair")
    def pair() -> Response:
        client = request.remote_addr or ""
        wait = hub.throttle.wait_seconds(client)
        if wait > 0:
            response = _error(429, "too_many_attempts",
                              f"too many wrong pairing codes: try again in {int(wait) + 1} s")
            response.headers["Retry-After"] = str(int(wait) + 1)
            return response
        data = _body()
        code, name = (data or {}).get("code"), (data or {}).get("name", "")
        if not isinstance(code, str) or not isinstance(name, str) or len(name) > 80:
            raise UnreadableInput("send {\"code\": text, \"name\": text of at most 80}")
        try:
            table_id, token = store.pair(code, name.strip() or "table")
        except BadPairingCode as exc:
            hub.throttle.failed(client)
            return _error(403, "forbidden", str(exc))
        hub.changes.bump()
        response = jsonify(table=table_id, token=token)
        response.headers["Cache-Control"] = "no-store"
        return response

    @app.post("/api/push")
    def push() -> Response:
        scheme, _, token = (request.headers.get("Authorization") or "").partition(" ")
        table_id = store.table_for(token.strip()) if scheme.lower() == "bearer" else None
        if table_id is None:
            return _error(401, "unauthorized", "only a paired table with its token can push")
        done = store.ingest(table_id, parse_push(_body()))
        hub.rank([(table_id, game) for game in done.finished])
        hub.changes.bump()
        return jsonify(ok=True, stored=done.stored, duplicates=done.duplicates)

    @app.get("/api/wall")
    def wall() -> Response:
        after = request.args.get("after", "")
        version = hub.changes.version
        if after.isdigit():
            version = hub.changes.wait_past(int(after), WALL_WAIT)
        response = jsonify(version=version, **hub.wall_at(version))
        response.headers["Cache-Control"] = "no-store"
        return response

    @app.get("/pairing")
    def pairing() -> Response:
        host = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") \
            else request.host
        if not _is_loopback(request.remote_addr) or host not in _LOOPBACK_NAMES:
            # the Host check: a page on another site, its name rebound to 127.0.0.1 in a
            # browser on the hub machine, must not read a code (DNS rebinding)
            return _error(403, "forbidden", "pairing codes are shown on the hub itself only")
        response = jsonify(code=show_code(store.new_pairing_code()))
        response.headers["Cache-Control"] = "no-store"
        return response

    history.install(app, store)

    @app.get("/health")
    def health() -> Response:
        return jsonify(ok=True, version=hub.changes.version)

    @app.get("/")
    def wall_page() -> Response:
        return pages.page("wall.html")

    @app.get("/wall.js")
    def wall_js() -> Response:
        return pages.script("wall.js")

    @app.get("/hub-i18n.js")
    def i18n_js() -> Response:
        return pages.script("hub-i18n.js")

    return app

