"""Per-request helpers: the session this app serves and who is asking.

The credential travels only in the ``X-Companion-Token`` header (``?token=`` for the read-only
event stream, which cannot send headers). Cookies are never read, so a page on another site
cannot act for a player: its requests arrive without a credential and are refused. The owner's
token (``POST /api/owner/session`` with the owner PIN, :mod:`companion.owner`) travels in
``X-Companion-Owner`` the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import current_app, request

from companion.session import access
from companion.session.session import Session, Viewer

if TYPE_CHECKING:
    from companion.devices.camera import TableCamera
    from companion.devices.tower import TableTower
    from companion.owner import Owner
    from companion.table.rolls import RollDesk

SESSION_KEY = "companion.session"
ROLLS_KEY = "companion.table.rolls"
TOWER_KEY = "companion.devices.tower"
CAMERA_KEY = "companion.devices.camera"
OWNER_KEY = "companion.owner"
TOKEN_HEADER = "X-Companion-Token"
OWNER_HEADER = "X-Companion-Owner"


def get_session() -> Session:
    """The session given to :func:`web.create_app`."""
    session: Session = current_app.extensions[SESSION_KEY]
    return session


def get_rolls() -> RollDesk | None:
    """The roll desk given to :func:`web.create_app` (``None``: no table devices)."""
    rolls: RollDesk | None = current_app.extensions.get(ROLLS_KEY)
    return rolls


def get_tower() -> TableTower | None:
    """The dice tower given to :func:`web.create_app` (``None``: none in this app)."""
    tower: TableTower | None = current_app.extensions.get(TOWER_KEY)
    return tower


def get_camera() -> TableCamera | None:
    """The camera given to :func:`web.create_app` (``None``: none in this app)."""
    camera: TableCamera | None = current_app.extensions.get(CAMERA_KEY)
    return camera


def get_owner() -> Owner:
    """The Pi's owner given to :func:`web.create_app` (always one: an app built without one has
    a PIN nobody knows)."""
    owner: Owner = current_app.extensions[OWNER_KEY]
    return owner


def owner_token() -> str | None:
    """The owner token of this request (``X-Companion-Owner``), or ``None``."""
    return request.headers.get(OWNER_HEADER) or None


def is_owner() -> bool:
    """Whether this request carries a live owner token."""
    return get_owner().is_owner(owner_token())


def require_owner(what: str) -> None:
    """Refuse (403, "Only the Pi's owner can ``what``: enter the owner PIN") a request without
    a live owner token."""
    get_owner().require(owner_token(), what)


def header_token() -> str | None:
    """The credential of this request, or ``None`` (an empty header counts as none)."""
    return request.headers.get(TOKEN_HEADER) or None


def viewer_for(game_pk: int, token: str | None) -> Viewer:
    """Who ``token`` is in game ``game_pk`` (a watcher when it is missing or unknown)."""
    return get_session().authenticate(game_pk, token)


def request_viewer(game_pk: int) -> Viewer:
    """Who this request's ``X-Companion-Token`` header is; the session decides what they may
    write (watchers nothing, seats their own decisions, the host the rest)."""
    return viewer_for(game_pk, header_token())


def require_host(game_pk: int, what: str) -> Viewer:
    """The host viewer behind this request's header, refusing everyone else (for the reads
    only the host may make: the record and the join QR code)."""
    viewer = request_viewer(game_pk)
    access.require_host(viewer, what)
    return viewer
