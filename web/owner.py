"""The Pi's owner over HTTP (``docs/API.md``, "The owner"; ``docs/SECURITY.md``).

* ``GET  /api/owner`` - ``{"owner": bool, "create_games": "open"|"owner"}``: whether this
  request's ``X-Companion-Owner`` token is a live owner token, and who may start games.
* ``POST /api/owner/session`` - ``{"pin"}`` -> ``{"owner_token"}``: the owner PIN exchanged for
  an owner token, which the device keeps and sends as ``X-Companion-Owner``. A wrong PIN is
  ``403``; 10 wrong PINs from one address within a minute, ``429`` for the rest of it.
* ``POST /api/owner/session/end`` - forget this request's owner token.
* ``POST /api/owner/settings`` - owner only: ``{"create_games": "open"|"owner"}``.
* ``POST /api/owner/backup`` - owner only: a backup of the data directory
  (``companion/backup.py``), downloaded as ``companion-backup-<UTC time>.tar.gz``; the same file
  ``companion backup DIR`` writes, and ``companion restore`` takes. Safe while games run.
"""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path

from flask import Blueprint, Response, jsonify, request, send_file

from companion.backup import write_backup
from companion.i18n import msg
from web.body import json_object
from web.context import get_owner, get_session, is_owner, owner_token, require_owner

bp = Blueprint("owner", __name__, url_prefix="/api/owner")


@bp.get("")
def status() -> Response:
    response = jsonify(owner=is_owner(), create_games=get_owner().create_games)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/session")
def sign_in() -> Response:
    data = json_object({"pin"})
    token = get_owner().sign_in(data.get("pin"), client=request.remote_addr or "")
    response = jsonify(owner_token=token)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/session/end")
def sign_out() -> Response:
    json_object(set(), empty_ok=True)
    get_owner().sign_out(owner_token())
    return jsonify(ok=True)


@bp.post("/settings")
def settings() -> Response:
    data = json_object({"create_games"})
    require_owner(msg("change who may start games"))
    mode = get_owner().set_create_games(data.get("create_games"))
    return jsonify(ok=True, create_games=mode)


#: One backup at a time (a second tap waits for the first).
_BACKUP_LOCK = threading.Lock()


@bp.post("/backup")
def backup() -> Response:
    json_object(set(), empty_ok=True)
    require_owner(msg("take a backup of every game"))
    data_dir = Path(get_session().log.path).parent
    with _BACKUP_LOCK, tempfile.TemporaryDirectory(prefix=".backup-web-", dir=data_dir) as work:
        made = write_backup(data_dir, Path(work))
        handle = open(made.path, "rb")  # noqa: SIM115 - sent, then closed by Flask
        made.path.unlink()  # the open file stays readable; nothing is left on the SD card
    response = send_file(handle, mimetype="application/gzip", as_attachment=True,
                         download_name=made.path.name, max_age=0)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Backup-Games"] = str(made.manifest["log"]["games"])
    return response
