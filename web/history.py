"""Past games (issue 27 item A.1; ``docs/API.md``, "History").

* ``GET /history``              the history page: past games per title, newest first
* ``GET /history/<id>``         one past game: its ranking, each round's points, its steps
* ``GET /api/history``          ``{"games": [summary, ...]}`` (:mod:`companion.session.past`)
* ``GET /api/history/<id>``     one past game with its score sheet and steps; 404 while it is
  still being played

Open to anyone on the table's network, like the list of games (``docs/SECURITY.md``): it shows
what a watcher of the game saw (names, public actions, scores), never a seat's private choice.
Registered by :mod:`web.pages` (a nested blueprint).
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, render_template

from companion.session.past import PastGames
from web.context import get_session

PAST_KEY = "companion.past"
bp = Blueprint("history", __name__)


def get_past() -> PastGames:
    """The app's :class:`PastGames` (made at the first request, on the session's log)."""
    past: PastGames | None = current_app.extensions.get(PAST_KEY)
    if past is None:
        past = current_app.extensions.setdefault(PAST_KEY, PastGames(get_session().log))
    return past


@bp.get("/history")
def page() -> str:
    return render_template("history.html", game_id=None)


@bp.get("/history/<int:game_id>")
def game_page(game_id: int) -> str:
    return render_template("history.html", game_id=game_id)


@bp.get("/api/history")
def games() -> Response:
    return jsonify(games=get_past().games())


@bp.get("/api/history/<int:game_id>")
def game(game_id: int) -> Response:
    return jsonify(get_past().game(game_id))
