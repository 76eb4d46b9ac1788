"""Where the web layer finds the icon camera (:class:`companion.table.icon_camera.DataDirHook`).

:func:`get_hook` answers the hook given to :func:`attach` (tests), else the one
``companion/app.py`` hangs on the table camera's frame hooks, else ``None``. Both
:mod:`web.icon_dice` (the icon-dice routes) and :mod:`web.devices` (the device holds) ask it;
it imports neither, so they import no cycle. The ``isinstance`` search goes away with the
services object of issue 25.
"""

from __future__ import annotations

from flask import Flask, current_app

from companion.table.icon_camera import DataDirHook
from web.context import get_camera

ICON_KEY = "companion.icon_dice"


def attach(app: Flask, hook: DataDirHook) -> None:
    """Serve ``hook`` rather than the one on the table camera's frame hooks (tests)."""
    app.extensions[ICON_KEY] = hook


def get_hook() -> DataDirHook | None:
    """The icon camera of this app (module docstring), or ``None``."""
    hook = current_app.extensions.get(ICON_KEY)
    if isinstance(hook, DataDirHook):
        return hook
    camera = get_camera()
    for candidate in getattr(camera, "frame_hooks", ()):
        if isinstance(candidate, DataDirHook):
            return candidate
    return None
