"""Players across games (issue 27 item A.2; ``docs/API.md``, "Players").

* ``GET /players``                      the players page: known players, each one's statistics
* ``GET /api/players``                  ``{"players": [{"name", "colour", "games",
  "last_played"}]}``: everyone seated on this Pi, the one who played last first (the new-game
  form's picker)
* ``GET /api/players/stats?name=N[&game=TITLE]``  ``{"name", "titles": [...]}``
  (:func:`companion.session.players.player_stats`); ``game`` keeps one title. ``400`` for a
  missing or malformed name or an unknown title, ``404`` for a name no game seated

Open to anyone on the table's network, like the history. Nested in :mod:`web.history`.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, render_template, request

from companion.games.base import UnreadableInput
from companion.games.registry import UnknownGame, find_game
from companion.i18n import msg
from companion.session.errors import NotFound, unknown_game_reason
from companion.session.players import check_name, key_of, known_players, player_stats
from web.context import get_session
from web.past_games import get_past

bp = Blueprint("players", __name__)


def check_title(title: str) -> str:
    """``title`` if a built title has that id; ``400 unreadable`` naming the known ones."""
    try:
        find_game(title)
    except UnknownGame as exc:
        raise UnreadableInput(unknown_game_reason(exc.reason)) from None
    return title


@bp.get("/players")
def page() -> str:
    return render_template("players.html")


@bp.get("/api/players")
def players() -> Response:
    return jsonify(players=known_players(get_session().log.games()))


@bp.get("/api/players/stats")
def stats() -> Response:
    name = request.args.get("name")
    if name is None:
        raise UnreadableInput(msg("say whose statistics: ?name=NAME"))
    check_name(name)
    title = request.args.get("game")
    if title is not None:
        check_title(title)
    known = {key_of(p["name"]) for p in known_players(get_session().log.games())}
    if key_of(name) not in known:
        raise NotFound(msg("no game on this table seated a player called “{who}”",
                           who=name.strip()))
    summaries = [s for s in get_past().games() if title is None or s["game"] == title]
    return jsonify(player_stats(name, summaries))
