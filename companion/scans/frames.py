"""Where a scan's camera picture and zones come from: the getters
:class:`~companion.scans.desk.ScanDesk` is given, and :func:`camera_frame`, the one
``companion/app.py`` wires to the table camera.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from companion.scans.model import Image
from companion.vision.calibration import Zones

FrameGetter = Callable[[], "Image | None"]
ZonesGetter = Callable[[], "Zones | None"]


def camera_frame(camera: Any) -> Image | None:
    """The last frame ``camera`` (a :class:`~companion.devices.camera.TableCamera`) looked at, or
    ``None`` (off, starting, lost). TableCamera keeps it as ``_seen`` under ``_lock``."""
    lock = getattr(camera, "_lock", None)
    if lock is None:
        return None
    with lock:
        seen = getattr(camera, "_seen", None)
    return None if seen is None else np.asarray(seen.image, np.uint8)
