"""Card scans over HTTP (``docs/API.md``, "Card scans"): a photo of the table into tableaux.

* ``GET  /api/games/<id>/scan`` - the game's pending scan (``{"scan": null}`` when none) and its
  card set (the screens take the scan from the live stream's ``pending`` event instead).
* ``POST /api/games/<id>/scan`` - scan the camera's current frame (``{"seat"?}``: the seat of
  cards outside every calibrated zone).
* ``POST /api/games/<id>/scan/upload`` - scan a phone's photo: ``multipart/form-data`` with the
  file in ``photo`` (and ``seat``), or the image itself as the body (``?seat=``); at most
  :data:`PHOTO_MAX` bytes; the type is what OpenCV decodes, not what the upload says.
* ``GET  /api/games/<id>/scan/image.jpg`` - the photo, every card outlined and numbered (no names:
  the screens name each card by its number, in their language).
* ``GET  /api/games/<id>/scan/cards/<n>.jpg`` - card ``n`` (0-based) cut from the photo,
  straightened and upright (``?scan=``: 404 once that scan was replaced); what the "not sure"
  prompt shows large. Seen by whoever may see the game, like the photo.
* ``POST /api/games/<id>/scan/confirm`` - ``{"seat"?, "extra"?, "scan"?}``: enter the seat's
  (or every seat's) scanned tableau through the engine (turn by turn: the cards it revealed).
* ``POST /api/games/<id>/scan/correct`` - ``{"card", "label"?, "seat"?, "ignore"?, "scan"?}``.
* ``POST /api/games/<id>/scan/dismiss`` and ``POST /api/games/<id>/scan/set`` (host: the card
  set the game reads with).

Writes need the host's or a claimed seat's ``X-Companion-Token``; the logic is
:class:`companion.scans.ScanDesk`'s (reading photos), and the pending scan's confirm, correct
and dismiss are the one pending-input desk's (:mod:`companion.scans.entry`). Enrollment is
:mod:`web.enroll`.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from companion.games.base import UnreadableInput
from companion.i18n import Msg, msg
from companion.scans import ScanDesk, Uncertain
from companion.session.errors import Forbidden
from web.body import int_field, json_object, number_text, object_field
from web.context import get_scan_desk, get_session, is_owner, request_viewer
from web.errors import error_response
from web.guard import MULTIPART, accepts
from web.i18n import request_language

bp = Blueprint("scans", __name__, url_prefix="/api")

#: Largest photo accepted (phones shrink theirs to 1600 px before sending: about 0.5 MB).
PHOTO_MAX = 8 * 1024 * 1024
#: Room for the multipart envelope around a photo.
ENVELOPE = 64 * 1024


def get_scans() -> ScanDesk:
    """The scan desk given to :func:`web.create_app` (refusing when this app has none)."""
    desk = get_scan_desk()
    if desk is None:
        raise UnreadableInput(msg("this companion scans no cards"))
    return desk


@bp.errorhandler(Uncertain)
def uncertain(exc: Uncertain) -> tuple[Response, int]:
    return error_response(409, "uncertain", exc.in_language(request_language()))


#: What an upload is, for its refusals (each noun its own messages: the words around it agree
#: with it in French and Polish).
PHOTO, CARD_SET_FILE = "photo", "card set file"


def _upload_refusal(what: str, fault: str, **params: Any) -> Msg:
    """The refusal ``fault`` (``length``, ``over``, ``too_large``, ``empty``) of an upload."""
    if what == CARD_SET_FILE:
        said = {
            "length": msg("send the card set file with its length (Content-Length)"),
            "over": msg("the card set file is too large ({size} MB; at most {limit} MB)",
                        **params),
            "too_large": msg("the card set file is too large (at most {limit} MB)", **params),
            "empty": msg("the card set file is empty"),
        }
    else:
        said = {
            "length": msg("send the photo with its length (Content-Length)"),
            "over": msg("the photo is too large ({size} MB; at most {limit} MB)", **params),
            "too_large": msg("the photo is too large (at most {limit} MB)", **params),
            "empty": msg("the photo is empty"),
        }
    return said[fault]


def upload_bytes(field: str, limit: int, what: str) -> bytes:
    """The uploaded file ``field`` (multipart) or the raw body; refused over ``limit`` bytes
    before it is read. ``what``: :data:`PHOTO` or :data:`CARD_SET_FILE`."""
    size = request.content_length
    if size is None:
        raise UnreadableInput(_upload_refusal(what, "length"))
    if size > limit + ENVELOPE:
        raise UnreadableInput(_upload_refusal(what, "over", size=f"{size / 2 ** 20:.1f}",
                                              limit=limit // 2 ** 20))
    if request.mimetype == "multipart/form-data":
        upload = request.files.get(field)
        if upload is None:
            raise UnreadableInput(msg("no file in the form field '{field}'", field=field))
        data = upload.read(min(limit, size) + 1)  # no buffer larger than the body
    else:
        data = request.get_data(cache=False)
    if len(data) > limit:
        raise UnreadableInput(_upload_refusal(what, "too_large", limit=limit // 2 ** 20))
    if not data:
        raise UnreadableInput(_upload_refusal(what, "empty"))
    return data


def seat_arg(value: Any) -> int | None:
    """A seat index from a form field, a query argument or JSON (absent/empty: ``None``)."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise UnreadableInput(msg("'{name}' must be a seat index (a whole number)", name="seat"))
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        return number_text(value, "seat")
    raise UnreadableInput(msg("'{name}' must be a seat index (a whole number)", name="seat"))


def scan_json(desk: ScanDesk, game_id: int) -> Any:
    scan = desk.pending(game_id)
    return desk.to_json(scan) if scan is not None else None


@bp.get("/games/<int:game_id>/scan")
def pending(game_id: int) -> Response:
    desk = get_scans()
    get_session().snapshot(game_id, request_viewer(game_id))  # 404 for an unknown game
    return jsonify(scan=scan_json(desk, game_id), set=desk.set_for(game_id))


@bp.post("/games/<int:game_id>/scan")
def scan_camera(game_id: int) -> Response:
    data = json_object({"seat"}, empty_ok=True)
    desk = get_scans()
    scan = desk.scan_camera(game_id, request_viewer(game_id), seat_arg(data.get("seat")))
    return jsonify(ok=True, scan=desk.to_json(scan))


@bp.post("/games/<int:game_id>/scan/upload")
@accepts(MULTIPART, "image/*", "application/octet-stream")
def scan_upload(game_id: int) -> Response:
    viewer = request_viewer(game_id)
    desk = get_scans()
    if viewer.role not in ("host", "seat"):  # before reading the body
        raise Forbidden(msg("watchers cannot {what}: claim a seat with the join code",
                            what=msg("scan cards")))
    photo = upload_bytes("photo", PHOTO_MAX, PHOTO)
    seat = seat_arg(request.form.get("seat") if request.mimetype == "multipart/form-data"
                    else request.args.get("seat"))
    scan = desk.scan_photo(game_id, viewer, photo, seat)
    return jsonify(ok=True, scan=desk.to_json(scan))


@bp.get("/games/<int:game_id>/scan/image.jpg")
def scan_image(game_id: int) -> Response:
    desk = get_scans()
    get_session().snapshot(game_id, request_viewer(game_id))
    response = Response(desk.image_jpeg(game_id), mimetype="image/jpeg")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/games/<int:game_id>/scan/cards/<int:index>.jpg")
def scan_card_image(game_id: int, index: int) -> Response:
    desk = get_scans()
    get_session().snapshot(game_id, request_viewer(game_id))
    number = request.args.get("scan")
    jpeg = desk.card_jpeg(game_id, index, number_text(number, "scan") if number else None)
    response = Response(jpeg, mimetype="image/jpeg")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/games/<int:game_id>/scan/confirm")
def confirm(game_id: int) -> Response:
    data = json_object({"seat", "extra", "scan"}, empty_ok=True)
    desk = get_scans()
    extra = object_field(data, "extra", {})
    outcomes = desk.confirm(game_id, request_viewer(game_id), seat_arg(data.get("seat")),
                            extra, data.get("scan"))
    return jsonify(ok=True, versions=[o.version for o in outcomes],
                   scan=scan_json(desk, game_id))


@bp.post("/games/<int:game_id>/scan/correct")
def correct(game_id: int) -> Response:
    data = json_object({"card", "label", "seat", "ignore", "scan"})
    index = int_field(data, "card")
    label = data.get("label")
    if label is not None and not isinstance(label, str):
        raise UnreadableInput(msg("'{name}' must be a card id (text)", name="label"))
    ignore = data.get("ignore")
    if ignore is not None and not isinstance(ignore, bool):
        raise UnreadableInput(msg("'{name}' must be true or false", name="ignore"))
    seat: int | bool | None = seat_arg(data["seat"]) if "seat" in data else False
    desk = get_scans()
    # the card set serves every game of the title: only the owner's corrections teach it
    desk.correct(game_id, request_viewer(game_id), index, label, seat, ignore,
                 data.get("scan"), teach=is_owner())
    return jsonify(ok=True, scan=scan_json(desk, game_id))


@bp.post("/games/<int:game_id>/scan/dismiss")
def dismiss(game_id: int) -> Response:
    json_object({"scan"}, empty_ok=True)
    get_scans().dismiss(game_id, request_viewer(game_id))
    return jsonify(ok=True)


@bp.post("/games/<int:game_id>/scan/set")
def choose_set(game_id: int) -> Response:
    data = json_object({"set"})
    name = get_scans().choose_set(game_id, request_viewer(game_id), data.get("set"))
    return jsonify(ok=True, set=name)
