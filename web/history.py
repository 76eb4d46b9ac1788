"""Past games, their replay, players and hand-off (issue 27 items A.1-A.3; ``docs/API.md``,
"History").

* ``GET /history``              the history page: past games per title, newest first
* ``GET /history/<id>``         one past game: its ranking, each round's points, its replay
* ``GET /api/history``          ``{"games": [summary, ...]}`` (:mod:`companion.session.past`)
* ``GET /api/history/<id>``     one past game with its score sheet and steps; 404 while it is
  still being played
* ``GET /api/history/<id>/board?step=N``  the board after the game's first N actions
* ``GET /api/history/<id>/bgstats``       the BG Stats play and its push-play link (finished
  games only: 409 ``not_finished`` otherwise)
* ``GET /history/<id>/bgstats``           a redirect to that link (what the QR code holds: a
  phone on the table's network scans it from the tablet and BG Stats opens)
* ``GET /api/history/<id>/bgstats.svg``   the QR code of ``/history/<id>/bgstats``
* ``GET /api/history/<id>/export.csv``, ``GET /api/history/export.csv[?game=TITLE]``  CSV
* players and their statistics: :mod:`web.players` (nested here)

Open to anyone on the table's network, like the list of games (``docs/SECURITY.md``): it shows
what a watcher of the game saw (names, public actions, scores), never a seat's private choice.
A game id in a path that is not one is ``400 unreadable`` naming it. Registered by
:mod:`web.pages` (a nested blueprint).
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, redirect, render_template, request
from flask.typing import ResponseReturnValue

from companion.export.bgstats import play_json, play_link
from companion.export.table import to_csv
from companion.games.base import JSON, UnreadableInput
from companion.i18n import msg
from companion.session.past import NotFinished
from web import players
from web.errors import error_response
from web.i18n import request_language
from web.ids import parse_game_id
from web.past_games import PAST_KEY, get_past
from web.players import check_title
from web.qr import link_qr_svg

bp = Blueprint("history", __name__)
bp.register_blueprint(players.bp)
__all__ = ["PAST_KEY", "bp", "get_past"]


@bp.errorhandler(NotFinished)
def not_finished(exc: NotFinished) -> tuple[Response, int]:
    return error_response(409, "not_finished", exc.in_language(request_language()))


@bp.get("/history")
def page() -> str:
    return render_template("history.html", game_id=None)


@bp.get("/history/<int:game_id>")
def game_page(game_id: int) -> str:
    return render_template("history.html", game_id=game_id)


@bp.get("/api/history")
def games() -> Response:
    return jsonify(games=get_past().games())


@bp.get("/api/history/<game_id>")
def game(game_id: str) -> Response:
    return jsonify(get_past().game(parse_game_id(game_id), request_language()))


@bp.get("/api/history/<game_id>/board")
def board(game_id: str) -> Response:
    pk = parse_game_id(game_id)
    text = request.args.get("step")
    if text is None:
        raise UnreadableInput(msg("say which step to show: ?step=N (0 is the setup)"))
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise UnreadableInput(msg("a step is a whole number written in digits 0-9, not {text}",
                                  text=repr(text[:24])))
    return jsonify(get_past().board(pk, int(text), request_language()))


@bp.get("/api/history/<game_id>/bgstats")
def bgstats(game_id: str) -> Response:
    play = play_json(get_past().finished(parse_game_id(game_id)))
    return jsonify(play=play, url=play_link(play))


@bp.get("/history/<int:game_id>/bgstats")
def bgstats_redirect(game_id: int) -> ResponseReturnValue:
    return redirect(play_link(play_json(get_past().finished(game_id))), code=302)


@bp.get("/api/history/<game_id>/bgstats.svg")
def bgstats_qr(game_id: str) -> Response:
    pk = parse_game_id(game_id)
    get_past().finished(pk)
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    svg = link_qr_svg(f"{base.rstrip('/')}/history/{pk}/bgstats")
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


@bp.get("/api/history/<game_id>/export.csv")
def game_csv(game_id: str) -> Response:
    summary = get_past().finished(parse_game_id(game_id))
    return _csv([summary], f"game-{summary['id']}.csv")


@bp.get("/api/history/export.csv")
def all_csv() -> Response:
    title = request.args.get("game")
    chosen = get_past().games()
    if title is not None:
        check_title(title)
        chosen = [g for g in chosen if g["game"] == title]
    return _csv(chosen, f"games-{title or 'all'}.csv")


def _csv(summaries: list[JSON], filename: str) -> Response:
    return Response(to_csv(summaries), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})
