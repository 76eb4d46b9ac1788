"""What the web layer serves: one frozen :class:`Services` handed to :func:`web.create_app`.

The composition root (``companion/app.py``) builds every collaborator (the session, the desks, the
devices, the health probes, the owner) and hands them over here in one object; tests build theirs
with only the parts they need (``tests/web/web_support.py``: ``make_app``). The app keeps it in
``app.extensions`` and the blueprints read their part through :mod:`web.context`. A part left
``None`` is absent from this service: its routes say so (or are not served at all: the card
scans without a scan desk, ``/health`` without health probes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask

    from companion.devices.camera import TableCamera
    from companion.devices.present import Health
    from companion.devices.tower import TableTower
    from companion.owner import Owner
    from companion.scans import ScanDesk
    from companion.session.session import Session
    from companion.table.icon_camera import DataDirHook
    from companion.table.pending import PendingDesk
    from companion.table.rolls import RollDesk


@dataclass(frozen=True)
class Services:
    """Everything :func:`web.create_app` serves."""

    #: The single writer every route goes through.
    session: Session
    #: Pending dice readings of the tower and the camera (``None``: no table devices).
    rolls: RollDesk | None = None
    #: The dice tower (``None``: none in this service).
    tower: TableTower | None = None
    #: The table camera (``None``: none in this service).
    camera: TableCamera | None = None
    #: Sushi Roll's icon camera and its desk (``None``: no icon dice from a camera).
    icon: DataDirHook | None = None
    #: Card scans and the card sets (``None``: the scan and enrollment routes are not served).
    scans: ScanDesk | None = None
    #: The one pending-input desk of the rolls, icon dice and scans above (``None``:
    #: :func:`web.create_app` takes theirs, when there is one).
    pending: PendingDesk | None = None
    #: Every device's probe for ``/health`` and ``/status`` (``None``: not served).
    health: Health | None = None
    #: The Pi's owner (``None``: an owner whose PIN nobody knows, so owner-only requests fail).
    owner: Owner | None = None
    #: Routes from packages the web layer may not import (the hub's pairing,
    #: ``companion/hub/table_api.py``): each is called once with the app, in :func:`create_app`.
    routes: tuple[Callable[[Flask], None], ...] = ()
