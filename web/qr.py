"""The join link of a game and its QR code (SVG, drawn by ``segno``)."""

from __future__ import annotations

import io
from urllib.parse import urlencode

import segno
from flask import current_app, request, url_for


def join_url(game_id: int, code: str) -> str:
    """The link a phone opens to claim a seat: ``PUBLIC_URL`` if configured, else this host."""
    path = url_for("pages.join", game_id=game_id) + "?" + urlencode({"code": code})
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    return base.rstrip("/") + path


def join_qr_svg(game_id: int, code: str) -> str:
    """A standalone SVG QR code of :func:`join_url` (scales to its box; dark on white)."""
    out = io.BytesIO()
    segno.make(join_url(game_id, code), error="m").save(
        out, kind="svg", xmldecl=False, omitsize=True, border=2, dark="#1d1d1b", light="#ffffff"
    )
    return out.getvalue().decode("utf-8")
