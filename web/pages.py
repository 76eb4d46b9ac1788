"""The HTML pages: thin shells that load their data from the JSON API and the live stream.

* ``/``                      the home page: games to resume, a new game, join a game
* ``/games/<id>``            the game screen (host, seat or watcher: decided by the stored token)
* ``/games/<id>/join?code=`` claim a seat (the link the join QR code holds)
* ``/games/<id>/host?code=`` take over as host with the host code (the hand-over QR code's link)
* ``/history``, ``/history/<id>`` past games (:mod:`web.history`, nested in this blueprint
  with its JSON endpoints)
"""

from __future__ import annotations

from flask import Blueprint, render_template, request

from web import history, i18n

bp = Blueprint("pages", __name__)
bp.register_blueprint(history.bp)
# Every page speaks the device's language (issue 26): the templates' gettext and /i18n/<lang>.json.
bp.record_once(lambda state: i18n.install(state.app))


@bp.get("/")
def home() -> str:
    return render_template("home.html")


@bp.get("/games/<int:game_id>")
def game(game_id: int) -> str:
    return render_template("game.html", game_id=game_id)


@bp.get("/games/<int:game_id>/join")
def join(game_id: int) -> str:
    return render_template("join.html", game_id=game_id, code=request.args.get("code", ""))


@bp.get("/games/<int:game_id>/host")
def take_over(game_id: int) -> str:
    return render_template("host.html", game_id=game_id, code=request.args.get("code", ""))
