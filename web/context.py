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

from companion.i18n import Msg
from companion.session import access
from companion.session.session import Session, Viewer

if TYPE_CHECKING:
    from companion.devices.camera import TableCamera
    from companion.devices.tower import TableTower
    from companion.owner import Owner
    from companion.scans import ScanDesk
    from companion.table.icon_camera import DataDirHook
    from companion.table.pending import PendingDesk
    from companion.table.rolls import RollDesk
    from web.services import Services

SERVICES_KEY = "companion.services"
TOKEN_HEADER = "X-Companion-Token"
OWNER_HEADER = "X-Companion-Owner"


def get_services() -> Services:
    """The :class:`~web.services.Services` given to :func:`web.create_app`."""
    services: Services = current_app.extensions[SERVICES_KEY]
    return services


def get_session() -> Session:
    """The session given to :func:`web.create_app`."""
    return get_services().session


def get_rolls() -> RollDesk | None:
    """The roll desk given to :func:`web.create_app` (``None``: no table devices)."""
    return get_services().rolls


def get_tower() -> TableTower | None:
    """The dice tower given to :func:`web.create_app` (``None``: none in this app)."""
    return get_services().tower


def get_camera() -> TableCamera | None:
    """The camera given to :func:`web.create_app` (``None``: none in this app)."""
    return get_services().camera


def get_icon() -> DataDirHook | None:
    """Sushi Roll's icon camera given to :func:`web.create_app` (``None``: none in this app)."""
    return get_services().icon


def get_pending() -> PendingDesk | None:
    """The one pending-input desk of this app's rolls, icon dice and scans (``None``: none)."""
    return get_services().pending


def get_scan_desk() -> ScanDesk | None:
    """The scan desk given to :func:`web.create_app` (``None``: this app scans no cards)."""
    return get_services().scans


def get_owner() -> Owner:
    """The Pi's owner given to :func:`web.create_app` (always one: an app built without one has
    a PIN nobody knows)."""
    owner = get_services().owner
    assert owner is not None  # create_app gives every app one
    return owner


def owner_token() -> str | None:
    """The owner token of this request (``X-Companion-Owner``), or ``None``."""
    return request.headers.get(OWNER_HEADER) or None


def is_owner() -> bool:
    """Whether this request carries a live owner token."""
    return get_owner().is_owner(owner_token())


def require_owner(what: str | Msg) -> None:
    """Refuse (403, "Only the Pi's owner can ``what``: enter the owner PIN") a request without
    a live owner token; ``what`` a message (``msg("calibrate the camera")``), rendered in the
    request's language with the rest."""
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
