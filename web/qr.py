"""The links phones open from a QR code on the host screen, and the codes themselves (SVG,
drawn by ``segno``): the join link (claim a seat) and the take-over link (claim the host role,
issue 24 item 5)."""

from __future__ import annotations

import io
from urllib.parse import urlencode

import segno
from flask import current_app, request, url_for


def _public(path: str) -> str:
    """``path`` on ``PUBLIC_URL`` if configured, else on this host."""
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    return base.rstrip("/") + path


def join_url(game_id: int, code: str) -> str:
    """The link a phone opens to claim a seat: ``PUBLIC_URL`` if configured, else this host."""
    return _public(url_for("pages.join", game_id=game_id) + "?" + urlencode({"code": code}))


def host_url(game_id: int, code: str) -> str:
    """The link a device opens to take over as host (the host code filled in; nothing happens
    until its user taps "Take over as host")."""
    return _public(url_for("pages.take_over", game_id=game_id) + "?" + urlencode({"code": code}))


def link_qr_svg(url: str) -> str:
    """A standalone SVG QR code of ``url`` (scales to its box; dark on white)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out, kind="svg", xmldecl=False, omitsize=True, border=2, dark="#1d1d1b", light="#ffffff"
    )
    return out.getvalue().decode("utf-8")


def join_qr_svg(game_id: int, code: str) -> str:
    """The QR code of :func:`join_url`."""
    return link_qr_svg(join_url(game_id, code))


def host_qr_svg(game_id: int, code: str) -> str:
    """The QR code of :func:`host_url`."""
    return link_qr_svg(host_url(game_id, code))
