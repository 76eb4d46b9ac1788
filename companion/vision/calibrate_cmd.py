"""``companion calibrate``: the table's zones from a photo or the camera, and the marker sheets.

* ``companion calibrate IMAGE`` calibrates on a photo of the table; without ``IMAGE`` on a frame
  of the configured camera (the ``camera`` setting). The zones file is written into the data
  directory (``zones.json``, ``docs/CALIBRATION.md``); ``--overlay FILE`` also writes the
  picture with the zones drawn, to check them by eye.
* ``companion calibrate --sheets DIR`` writes the printable marker sheets (SVG, A4) into
  ``DIR`` (``hardware/printables/`` holds a copy).

A photo without enough markers is refused with the reason (:class:`CalibrationError`, exit 2)
and the zones file already saved stays as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import cv2

from companion.games.base import JSON, UnreadableInput
from companion.vision.calibration import CalibrationError, Zones, calibrate, draw_zones, save_zones
from companion.vision.dice import Image
from companion.vision.evaluate import UnreadableImage, read_image
from companion.vision.markers import SHEETS, sheet_svg


class Output(Protocol):
    def line(self, text: str = "") -> None: ...

    def result(self, obj: JSON) -> None: ...


def write_sheets(folder: str, output: Output) -> int:
    """Write every marker sheet into ``folder`` (created if needed)."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for sheet in SHEETS:
        path = out / sheet.name
        path.write_text(sheet_svg(sheet), encoding="utf-8")
        written.append(str(path))
        output.line(f"wrote {path}: {sheet.title}")
    output.result({"ok": True, "sheets": written})
    return 0


def grab_frame(spec: str, frames: int = 10) -> Image:
    """A frame of camera ``spec`` after ``frames`` frames (exposure settles); no fallback."""
    from companion.vision.sources import SourceError, make_source

    try:
        source = make_source(spec)
    except SourceError as exc:
        raise UnreadableInput(f"camera {spec!r} did not open: {exc}") from None
    with source:
        image = None
        for _ in range(frames):
            frame = source.read()
            if frame is None:
                break
            image = frame.image
    if image is None:
        raise UnreadableInput(f"camera {spec!r} gave no picture")
    return image


def summary(zones: Zones) -> JSON:
    """What the CLI and the API print about a calibration."""
    return {"markers": sorted(zones.markers), "table_mm": zones.table_mm,
            "tray_px": [round(v) for v in zones.tray.bounds()],
            "die_px": round(zones.die_px, 1), "px_per_mm": round(zones.px_per_mm, 3),
            "seats": sorted(zones.seats), "created": zones.created}


def cmd_calibrate(image_file: str | None, camera: str, data_dir: Path, output: Output,
                  overlay: str | None = None) -> int:
    """Calibrate on ``image_file`` (or a frame of ``camera``); save the zones file."""
    try:
        image = read_image(image_file) if image_file else grab_frame(camera)
    except UnreadableImage as exc:
        raise UnreadableInput(str(exc)) from None
    try:
        zones = calibrate(image)
    except CalibrationError as exc:
        raise UnreadableInput(f"calibration failed: {exc}") from None
    data_dir.mkdir(parents=True, exist_ok=True)
    path = save_zones(zones, data_dir)
    facts = summary(zones)
    output.line(f"markers found: {', '.join(map(str, facts['markers']))}")
    if zones.table_mm:
        output.line(f"play area: {zones.table_mm[0]:.0f} x {zones.table_mm[1]:.0f} mm")
    output.line(f"dice tray: pixels {facts['tray_px']}; a die is about {facts['die_px']} px")
    output.line(f"seats: {', '.join(map(str, facts['seats'])) or 'none (no seat markers)'}")
    output.line(f"zones saved to {path}")
    if overlay:
        cv2.imwrite(overlay, draw_zones(image, zones))
        output.line(f"overlay written to {overlay}")
    output.result({"ok": True, "zones_file": str(path), **facts})
    return 0
