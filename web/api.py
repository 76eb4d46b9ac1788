"""The JSON endpoints of ``docs/API.md`` (the event stream lives in :mod:`web.live`).

Every write names its author by the ``X-Companion-Token`` header; the session decides what that
author may do and refuses everything else with the state untouched. The writes that create a
game or change one (actions, undo, redo, corrections) and a host claim honour an
``Idempotency-Key`` header (:mod:`web.idempotency`): a repeat is answered the first answer and
applies nothing.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from companion.games import available_games
from companion.games.base import JSON, Faces, UnreadableInput
from companion.games.registry import title
from companion.i18n import msg
from companion.session.session import Act, Correct, Created, Outcome, Redo, Undo
from companion.session.sources import DEFAULT_ROLL_SOURCE
from web.body import int_field, json_object, list_field, object_field, text_field
from web.context import (
    get_owner,
    get_session,
    header_token,
    request_viewer,
    require_host,
    require_owner,
)
from web.i18n import request_language
from web.idempotency import once_response
from web.qr import host_qr_svg, join_qr_svg
from web.title_words import localized_title
from web.titles import scripts

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.get("/games")
def list_games() -> Response:
    return jsonify(games=get_session().list_games())


#: Titles the web screens can show; ``None``: every registered title, each with its screens
#: (``web/static/<prefix>-*.js``). A title left out (a test hides one) is listed with
#: ``"screens": false`` and the new-game form leaves it out. Whether a title has dice, and
#: which, is its engine's ``info.dice``.
SCREENS: frozenset[str] | None = None


@bp.get("/titles")
def titles() -> Response:
    """Every built title in menu order: its ``GameInfo`` (the options' labels and notes in the
    device's language), whether the form offers it, its dice, and ``scripts``: the title's
    page modules the pages load (:func:`web.titles.scripts`)."""
    lang = request_language()
    return jsonify(
        titles=[
            {**localized_title(game.info.to_json(), lang),
             "screens": SCREENS is None or game.info.id in SCREENS,
             "dice": game.info.dice is Faces.PIPS, "icon_dice": game.info.dice is Faces.ICONS,
             "scripts": scripts(title(game.info.id))}
            for game in available_games()
        ]
    )


@bp.post("/games")
def create_game() -> Response | tuple[Response, int]:
    data = json_object({"game", "players", "options", "roll_source"})
    if get_owner().create_games == "owner":
        require_owner(msg("start games on this Pi"))
    game = text_field(data, "game")
    players = list_field(data, "players")  # each entry is read by the session
    options = object_field(data, "options", {})
    roll_source = data.get("roll_source", DEFAULT_ROLL_SOURCE)  # checked by the session

    def answer(created: Created) -> tuple[int, JSON]:
        return 201, {"id": created.game_pk, "host_token": created.host_token,
                     "join_code": created.join_code}

    return once_response(
        lambda once: get_session().create_game(game, players, options, roll_source, once=once),
        answer,
    )


@bp.get("/games/<int:game_id>")
def snapshot(game_id: int) -> Response:
    return jsonify(get_session().snapshot(game_id, request_viewer(game_id), request_language()))


@bp.post("/games/<int:game_id>/join")
def join(game_id: int) -> Response:
    data = json_object({"code", "seat"})
    code, seat = text_field(data, "code"), int_field(data, "seat")
    # Wrong codes are counted per client address; the device holding the seat re-joins with
    # its own token in the header (a reload).
    token = get_session().claim_seat(
        game_id, code, seat, client=request.remote_addr or "", token=header_token()
    )
    return jsonify(token=token, seat=seat)


@bp.post("/games/<int:game_id>/join/check")
def check_join(game_id: int) -> Response:
    """Whether a join code opens the game, before the seats are offered; claims nothing."""
    data = json_object({"code"})
    get_session().check_join_code(game_id, text_field(data, "code"),
                                  client=request.remote_addr or "")
    return jsonify(ok=True)


@bp.post("/games/<int:game_id>/host/claim")
def claim_host(game_id: int) -> Response | tuple[Response, int]:
    """Take over the host role with the game's host code: a new host token for this device;
    the old host token and code stop working (wrong codes are throttled like join codes)."""
    data = json_object({"code"})
    code = text_field(data, "code")
    client = request.remote_addr or ""

    def answer(token: str) -> tuple[int, JSON]:
        return 200, {"id": game_id, "host_token": token}

    return once_response(
        lambda once: get_session().claim_host(game_id, code, client=client, once=once), answer
    )


@bp.post("/games/<int:game_id>/seats/<int:seat>/release")
def release_seat(game_id: int, seat: int) -> Response:
    json_object(set(), empty_ok=True)
    released = get_session().release_seat(game_id, request_viewer(game_id), seat)
    return jsonify(ok=True, seat=seat, released=released)


@bp.post("/games/<int:game_id>/actions")
def act(game_id: int) -> Response | tuple[Response, int]:
    action = json_object(allowed=None)
    viewer = request_viewer(game_id)

    def answer(outcome: Outcome) -> tuple[int, JSON]:
        return 200, {"ok": True, "version": outcome.version, "events": outcome.events}

    return once_response(
        lambda once: get_session().submit(game_id, viewer, Act(action), once=once), answer
    )


@bp.post("/games/<int:game_id>/<any(undo, redo):verb>")
def undo_redo(game_id: int, verb: str) -> Response | tuple[Response, int]:
    json_object(set(), empty_ok=True)
    intent = Undo() if verb == "undo" else Redo()
    viewer = request_viewer(game_id)

    def answer(outcome: Outcome) -> tuple[int, JSON]:
        return 200, {"ok": True, "version": outcome.version}

    return once_response(
        lambda once: get_session().submit(game_id, viewer, intent, once=once), answer
    )


@bp.post("/games/<int:game_id>/correct")
def correct(game_id: int) -> Response | tuple[Response, int]:
    data = json_object({"index", "action", "dry_run"})
    index, action = int_field(data, "index"), object_field(data, "action")
    viewer = request_viewer(game_id)
    dry_run = data.get("dry_run", False)
    if not isinstance(dry_run, bool):
        raise UnreadableInput(msg("'{name}' must be true or false", name="dry_run"))
    if dry_run:  # what saving would re-check, nothing changed (no key is kept for it)
        preview = get_session().preview_correct(game_id, viewer, index, action)
        return jsonify(ok=True, dry_run=True, **preview)

    def answer(outcome: Outcome) -> tuple[int, JSON]:
        return 200, {"ok": True, "version": outcome.version, "conflicts": outcome.conflicts}

    return once_response(
        lambda once: get_session().submit(game_id, viewer, Correct(index, action), once=once),
        answer,
    )


@bp.get("/games/<int:game_id>/record")
def record(game_id: int) -> Response:
    viewer = require_host(game_id, "export the game record")
    return jsonify(get_session().export_record(game_id, viewer))


@bp.get("/games/<int:game_id>/qr.svg")
def join_qr(game_id: int) -> Response:
    viewer = require_host(game_id, "show the join code")
    code = get_session().snapshot(game_id, viewer)["join_code"]
    return _svg(join_qr_svg(game_id, code))


@bp.get("/games/<int:game_id>/host/qr.svg")
def host_qr(game_id: int) -> Response:
    """The QR code of the take-over link (the host code in it), for the host to hand over."""
    viewer = require_host(game_id, "show the host code")
    code = get_session().snapshot(game_id, viewer)["host_code"]
    return _svg(host_qr_svg(game_id, code))


def _svg(svg: str) -> Response:
    response = Response(svg, mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response
