"""Calibration with ArUco markers: the marker sheets render to markers the finder reads, and a
table photographed under perspective gives back its size, its tray and each player's mat.

The photos are rendered (``companion.vision.markers``): markers lying on a table at known
millimetre positions, seen by a tilted camera through a known homography, with sensor noise.
"""

from __future__ import annotations

import io
import json
import math
import re
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.vision.calibration import (
    CORNER_IDS,
    SEAT_IDS,
    TRAY_IDS,
    ZONES_FILE,
    CalibrationError,
    Zones,
    calibrate,
    find_markers,
    load_zones,
    save_zones,
)
from companion.vision.markers import SHEETS, Placed, render_top_down, sheet_svg, warp_view

TABLE_MM = (900.0, 600.0)
CORNERS = [Placed(0, 40, 40), Placed(1, 860, 40), Placed(2, 860, 560), Placed(3, 40, 560)]
TRAY = [Placed(20, 330, 200), Placed(21, 570, 200), Placed(22, 570, 400), Placed(23, 330, 400)]
SEATS = [Placed(11, 120, 420, 0.0), Placed(13, 800, 170, 180.0)]
PPM = 2.0
VIEWS = {
    "straight above": [(40, 20), (1240, 20), (1240, 700), (40, 700)],
    "tilted": [(150, 60), (1150, 90), (1250, 690), (40, 660)],
    "from one side": [(260, 40), (1020, 40), (1270, 710), (10, 710)],
}


def photo(placed: list[Placed], view: str = "tilted", seed: int = 0
          ) -> tuple[np.ndarray, np.ndarray]:
    """A rendered photo of the table and the homography table-mm -> camera pixels."""
    image, m = warp_view(render_top_down(TABLE_MM, placed, PPM), VIEWS[view], seed=seed)
    return image, m @ np.diag([PPM, PPM, 1.0])


def to_px(m: np.ndarray, points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out = cv2.perspectiveTransform(np.array(points, np.float64).reshape(-1, 1, 2), m)
    return [(float(x), float(y)) for x, y in out.reshape(-1, 2)]


@pytest.fixture(scope="module")
def full() -> dict[str, tuple[Zones, np.ndarray]]:
    out = {}
    for k, view in enumerate(VIEWS):
        image, m = photo(CORNERS + TRAY + SEATS, view, seed=k)
        out[view] = (calibrate(image), m)
    return out


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_corner_markers_give_the_play_area_in_millimetres(
    full: dict[str, tuple[Zones, np.ndarray]], view: str,
) -> None:
    zones, m = full[view]
    assert zones.table_mm is not None
    width, height = zones.table_mm
    assert width == pytest.approx(820, rel=0.015) and height == pytest.approx(520, rel=0.015)
    truth_mm = [(100.0, 100.0), (450.0, 300.0), (800.0, 500.0), (600.0, 150.0)]
    got = zones.to_table(to_px(m, truth_mm))
    errors = [math.dist(g, (x - 40, y - 40)) for g, (x, y) in zip(got, truth_mm, strict=True)]
    assert max(errors) < 8.0, errors


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_tray_markers_outline_the_tray_and_size_a_die(
    full: dict[str, tuple[Zones, np.ndarray]], view: str,
) -> None:
    zones, m = full[view]
    inside, outside = to_px(m, [(450, 300), (340, 390)]), to_px(m, [(200, 300), (450, 500)])
    assert all(zones.tray.contains(*p) for p in inside)
    assert not any(zones.tray.contains(*p) for p in outside)
    marker_px = [float(np.linalg.norm(zones.markers[i][1] - zones.markers[i][0]))
                 for i in TRAY_IDS]
    assert zones.die_px == pytest.approx(float(np.mean(marker_px)) * 16 / 50, rel=0.1)
    x0, y0, x1, y1 = zones.tray_region()
    assert 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1


def test_each_seat_marker_claims_the_mat_between_it_and_its_player(
    full: dict[str, tuple[Zones, np.ndarray]],
) -> None:
    zones, m = full["tilted"]
    assert sorted(zones.seats) == [1, 3]
    # seat 1's marker reads upright from the near edge: its cards lie right of it, towards y+
    seat1_cards = to_px(m, [(200, 500), (450, 560)])
    # seat 3's marker is turned round (the player sits across the table): cards towards y-
    seat3_cards = to_px(m, [(700, 100), (500, 60)])
    assert [zones.seat_at(*p) for p in seat1_cards] == [1, 1]
    assert [zones.seat_at(*p) for p in seat3_cards] == [3, 3]
    assert zones.seat_at(*to_px(m, [(450, 300)])[0]) is None, "the tray is nobody's"


def test_seats_alone_need_no_corner_markers_if_the_tray_is_marked() -> None:
    image, m = photo(TRAY + SEATS)
    zones = calibrate(image)
    assert zones.table is None and zones.camera_to_table is None
    assert sorted(zones.seats) == [1, 3]
    assert zones.seat_at(*to_px(m, [(200, 500)])[0]) == 1
    with pytest.raises(CalibrationError, match="corner markers"):
        zones.to_table([(1.0, 1.0)])


def test_without_tray_markers_the_tray_is_the_whole_play_area() -> None:
    image, _ = photo(CORNERS)
    zones = calibrate(image)
    assert zones.table is not None and zones.tray.polygon_px == zones.table.polygon_px


@pytest.mark.parametrize(("placed", "reason"), [
    ([], "no calibration markers found"),
    (CORNERS[:3] + TRAY, r"markers \[3\] are missing"),
    (CORNERS + TRAY[:2], r"tray markers \[22, 23\] are missing"),
    (SEATS, "the dice tray cannot be placed"),
])
def test_a_photo_without_enough_markers_is_refused_saying_what_is_missing(
    placed: list[Placed], reason: str,
) -> None:
    image, _ = photo(placed)
    with pytest.raises(CalibrationError, match=reason):
        calibrate(image)


def test_the_zones_file_round_trips_and_a_broken_one_is_refused(
    tmp_path: Path, full: dict[str, tuple[Zones, np.ndarray]],
) -> None:
    zones, m = full["tilted"]
    assert load_zones(tmp_path) is None
    path = save_zones(zones, tmp_path)
    assert path == tmp_path / ZONES_FILE
    data = json.loads(path.read_text())
    for key in ("version", "dictionary", "marker_mm", "image_size", "px_per_mm", "die_px",
                "table_mm", "camera_to_table", "tray", "seats", "markers"):
        assert key in data
    back = load_zones(tmp_path)
    assert back is not None and back.to_json() == zones.to_json()
    point = to_px(m, [(300, 500)])[0]
    assert back.seat_at(*point) == zones.seat_at(*point) == 1
    path.write_text("{not json")
    with pytest.raises(CalibrationError, match="calibrate again"):
        load_zones(tmp_path)
    path.write_text(json.dumps({**data, "version": 99}))
    with pytest.raises(CalibrationError, match="version 99"):
        load_zones(tmp_path)


def raster(svg: str, px_per_mm: float = 4.0) -> np.ndarray:
    """The black cells of a sheet drawn as pixels (the sheet is plain rectangles in mm)."""
    img = np.full((round(297 * px_per_mm), round(210 * px_per_mm), 3), 255, np.uint8)
    for x, y, w, h in re.findall(r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" '
                                 r'height="([\d.]+)"/>', svg):
        x0, y0 = round(float(x) * px_per_mm), round(float(y) * px_per_mm)
        x1 = round((float(x) + float(w)) * px_per_mm)
        y1 = round((float(y) + float(h)) * px_per_mm)
        img[y0:y1, x0:x1] = 0
    return img


@pytest.mark.parametrize("sheet", SHEETS, ids=[s.name for s in SHEETS])
def test_every_marker_on_the_printable_sheets_is_found_at_its_printed_size(sheet: Any) -> None:
    svg = sheet_svg(sheet)
    assert 'width="210mm" height="297mm"' in svg, "A4, sized in millimetres"
    found = find_markers(raster(svg))
    assert sorted(found) == sorted(sheet.markers)
    for quad in found.values():
        assert float(np.linalg.norm(quad[1] - quad[0])) == pytest.approx(50 * 4, rel=0.03)
    shipped = Path(__file__).resolve().parents[2] / "hardware" / "printables" / sheet.name
    assert shipped.read_text() == svg, "hardware/printables is up to date"


def test_the_sheets_cover_every_marker_the_calibration_knows() -> None:
    on_sheets = {m for s in SHEETS for m in s.markers}
    assert on_sheets == {*CORNER_IDS, *TRAY_IDS, *SEAT_IDS}


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_companion_calibrate_saves_the_zones_and_keeps_them_when_a_photo_fails(
    tmp_path: Path,
) -> None:
    good, _ = photo(CORNERS + TRAY + SEATS)
    cv2.imwrite(str(tmp_path / "table.png"), good)
    data = tmp_path / "data"
    code, out, err = run("--data-dir", str(data), "calibrate", str(tmp_path / "table.png"),
                         "--overlay", str(tmp_path / "zones.png"), "--json")
    assert code == 0, err
    result = json.loads(out.strip().splitlines()[-1])
    assert result["ok"] and result["seats"] == [1, 3] and result["markers"][:4] == [0, 1, 2, 3]
    assert "play area: 8" in out and (tmp_path / "zones.png").exists()
    saved = (data / ZONES_FILE).read_text()

    bare, _ = photo(CORNERS[:2])
    cv2.imwrite(str(tmp_path / "bare.png"), bare)
    code, out, err = run("--data-dir", str(data), "calibrate", str(tmp_path / "bare.png"))
    assert code == 2 and "markers [2, 3] are missing" in err
    assert (data / ZONES_FILE).read_text() == saved, "the old zones stay"
    code, _, err = run("--data-dir", str(data), "calibrate", str(tmp_path / "nothing.png"))
    assert code == 2 and "nothing.png" in err


def test_companion_calibrate_writes_the_printable_sheets(tmp_path: Path) -> None:
    code, _, err = run("calibrate", "--sheets", str(tmp_path / "print"))
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "print").iterdir()) == sorted(
        s.name for s in SHEETS)
