"""The camera inside ``companion serve``: settled rolls reach the game that waits for them, the
wrong number of dice waits for a person, an empty tray reports nothing, and a camera that
disappears mid-game is re-opened with backoff while the game stays as it was.

The camera is the demo camera (a rendered tray, dice thrown on demand) or a scripted fake source;
the reader and the settle detector are the real ones.
"""

from __future__ import annotations

import functools
import itertools
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.devices.camera import TableCamera, annotate
from companion.games.base import UnreadableInput
from companion.session.session import HOST, Act, Session
from companion.table.rolls import RollDesk
from companion.vision.demo_tray import DemoTray
from companion.vision.dice import Die
from companion.vision.sources import Frame, FrameSource, SourceError
from tests.dice_table import TO_ROLL, TRIO
from tests.dice_table import wait_for as table_wait


def wait_for(condition: Callable[[], Any], timeout: float = 30.0) -> Any:
    return table_wait(condition, timeout, 0.02)


def truth(camera: TableCamera) -> list[Die]:
    """A stand-in reader answering with the demo tray's thrown faces: these tests check the
    routing, not the reader (see the real reader's test below)."""
    tray = camera.demo
    return [Die(d.value, d.box, 0.99, 0.9) for d in (tray.resting() if tray else ())]


@pytest.fixture
def camera(session: Session) -> Iterator[TableCamera]:
    cam = TableCamera("demo", RollDesk(session), reader=lambda image: truth(cam))
    cam.start()
    yield cam
    cam.stop()


def game_at_roll(session: Session, roll_source: str = "camera",
                 desk: RollDesk | None = None) -> int:
    """A Sushi Express game for three where Cat (on 9) rolls try 1; it holds the camera of
    ``desk`` (rolls go only to the game holding the camera: issue 28 item 4)."""
    pk = session.create_game("sushi-express", TRIO, {}, roll_source).game_pk
    for action in TO_ROLL:
        session.submit(pk, HOST, Act(action))
    if desk is not None:
        desk.holds.claim("camera", pk)
    return pk


def history(session: Session, pk: int) -> list[Any]:
    return [h["action"] for h in session.snapshot(pk, HOST)["history"]]


def test_a_clean_roll_the_camera_reads_is_the_rollers_try(
    session: Session, camera: TableCamera,
) -> None:
    pk = game_at_roll(session, desk=camera.desk)
    camera.throw([6, 5])
    wait_for(lambda: len(history(session, pk)) == 5)
    last = history(session, pk)[-1]
    assert last["kind"] == "roll" and last["player"] == "Cat"
    assert sorted(last["dice"]) == [5, 6]
    assert camera.status_json()["last_roll"]["quality"] == "ok"


def moved_on(session: Session, desk: RollDesk, pk: int, before: int) -> bool:
    """The roll was applied (the history grew) or waits for a confirm."""
    return len(history(session, pk)) > before or bool(desk.pending(pk))


def test_the_real_reader_reads_the_demo_trays_rolls_or_asks(session: Session) -> None:
    """The pip reader and settle detector on the demo tray: each roll is the thrown faces,
    applied at once when read surely, else waiting for a confirm; never wrong."""
    cam = TableCamera("demo", RollDesk(session))
    cam.start()
    desk = cam.desk
    assert desk is not None
    try:
        pk = game_at_roll(session, desk=desk)
        for throw in ([1, 2], [5, 3]):  # try 1 misses (3 < 9); try 2 is read too
            before = len(history(session, pk))
            cam.throw(throw)
            wait_for(functools.partial(moved_on, session, desk, pk, before))
            held = desk.pending(pk)
            if held:
                assert held[0].roll.quality in ("uncertain", "cocked")
                assert sorted(held[0].roll.values) == sorted(throw)
                desk.confirm(pk, held[0].roll.ref, HOST)
            assert sorted(history(session, pk)[-1]["dice"]) == sorted(throw)
            if cam.demo is not None:
                cam.demo.clear()
            wait_for(lambda: cam.status_json()["state"] == "empty")
    finally:
        cam.stop()


def test_three_dice_for_a_two_dice_roll_wait_for_a_person_with_the_reason(
    session: Session, camera: TableCamera,
) -> None:
    pk = game_at_roll(session, desk=camera.desk)
    camera.throw([2, 3, 4])
    desk = camera.desk
    assert desk is not None
    pending = wait_for(lambda: desk.pending(pk))
    assert len(pending[0].roll.values) == 3
    assert pending[0].reason and "2" in pending[0].reason, pending[0].reason
    assert len(history(session, pk)) == 4, "nothing applied"


def test_a_cocked_die_waits_for_a_confirm(session: Session, camera: TableCamera) -> None:
    pk = game_at_roll(session, desk=camera.desk)
    camera.throw([4, 4], "cocked")
    desk = camera.desk
    assert desk is not None
    pending = wait_for(lambda: desk.pending(pk))
    assert pending[0].roll.quality == "cocked" and pending[0].reason is None
    desk.confirm(pk, pending[0].roll.ref, HOST, [4, 4])
    assert history(session, pk)[-1]["dice"] == [4, 4]


def test_a_game_tapping_its_dice_takes_nothing_from_the_camera(
    session: Session, camera: TableCamera,
) -> None:
    pk = game_at_roll(session, "tap", camera.desk)
    camera.throw([1, 1])
    desk = camera.desk
    assert desk is not None
    # The camera shows its roll first and offers it to the games after: wait for the offer.
    last = wait_for(lambda: desk.last)
    assert camera.status_json()["last_roll"] is not None
    assert len(history(session, pk)) == 4
    assert last.outcome == "unwanted"


def test_an_empty_tray_reports_nothing_and_shows_the_picture(camera: TableCamera) -> None:
    wait_for(lambda: camera.status_json()["state"] == "empty")
    status = camera.status_json()
    assert status["kind"] == "demo" and status["dice"] == [] and status["last_roll"] is None
    assert status["fps"] > 0
    jpeg = camera.snapshot_jpeg()
    assert jpeg is not None and jpeg[:2] == b"\xff\xd8"


def test_the_demo_throw_refuses_bad_faces(camera: TableCamera) -> None:
    for values in ([0, 3], [7], "3,4", [], [1] * 7):
        with pytest.raises(UnreadableInput):
            camera.throw(values)
    with pytest.raises(UnreadableInput, match="quality"):
        camera.throw([1, 2], "leaning")


def test_throwing_needs_the_demo_camera() -> None:
    cam = TableCamera("off")
    cam.start()
    assert cam.kind() == "off" and not cam.enabled
    with pytest.raises(UnreadableInput, match="demo camera"):
        cam.throw([1, 2])
    assert cam.device_status().label == "off"
    cam.stop()


def test_a_camera_that_does_not_open_falls_back_to_the_demo_one_saying_why() -> None:
    def opener(spec: str) -> FrameSource:
        raise SourceError("no such device")

    cam = TableCamera("/dev/video9", opener=opener)
    cam.start()
    try:
        assert cam.kind() == "demo"
        assert "'/dev/video9' did not open (no such device)" in cam.message
        assert "did not open" in cam.device_status().describe()
    finally:
        cam.stop()


class Flaky(FrameSource):
    """A still empty tray that stops giving frames after ``frames`` frames (a pulled cable)."""

    def __init__(self, frames: int) -> None:
        self.name = "flaky webcam"
        self.left = frames
        self.tray = DemoTray(realtime=False, width=320, height=180)

    def read(self) -> Frame | None:
        if self.left <= 0:
            return None
        self.left -= 1
        time.sleep(0.01)
        return self.tray.read()


def test_a_camera_that_disappears_is_reopened_with_backoff(session: Session) -> None:
    opened: list[float] = []
    refusals = [2]  # the first two re-opens fail: the device is not back yet

    def opener(spec: str) -> FrameSource:
        opened.append(time.monotonic())
        if len(opened) > 1 and refusals[0] > 0:
            refusals[0] -= 1
            raise SourceError("device busy")
        return Flaky(20 if len(opened) == 1 else 10_000)

    pk = game_at_roll(session)
    before = session.snapshot(pk, HOST)["version"]
    cam = TableCamera("/dev/video0", RollDesk(session), opener=opener,
                      backoff=(0.05, 0.1, 0.2), reader=lambda image: [])
    cam.start()
    try:
        wait_for(lambda: cam.kind() == "lost")
        assert "camera lost" in cam.status_json()["message"]
        assert cam.snapshot_jpeg() is None
        wait_for(lambda: cam.kind() == "real" and len(opened) == 4)
        gaps = [b - a for a, b in itertools.pairwise(opened[1:])]
        # each attempt waits at least its backoff step (0.1 s, then 0.2 s) before opening
        assert gaps[0] >= 0.09 and gaps[1] >= 0.18, f"backoff grows: {gaps}"
        assert "re-opened" in cam.message
        wait_for(lambda: cam.status_json()["frame"] is not None)
    finally:
        cam.stop()
    assert session.snapshot(pk, HOST)["version"] == before, "the game is untouched"


def test_the_view_outlines_every_die_it_read() -> None:
    tray = DemoTray(realtime=False)
    image = tray.read()
    assert image is not None
    die = Die(5, (100.0, 100.0, 200.0, 200.0), 0.9, 0.9)
    plain, marked = annotate(image.image, ()), annotate(image.image, (die,))
    assert plain.shape == (360, 640, 3)
    assert (plain != marked).any(axis=2)[50, 50:100].any(), "the box's top edge is drawn"


def test_calibrating_the_camera_saves_the_zones_and_tunes_the_reader(
    session: Session, tmp_path: Any,
) -> None:
    import cv2

    from companion.vision.calibration import ZONES_FILE, CalibrationError
    from companion.vision.markers import Placed, render_top_down, warp_view
    from companion.vision.sources import FolderSource

    markers = [Placed(0, 40, 40), Placed(1, 860, 40), Placed(2, 860, 560), Placed(3, 40, 560),
               Placed(20, 330, 200), Placed(21, 570, 200), Placed(22, 570, 400),
               Placed(23, 330, 400), Placed(11, 120, 420)]
    image, _ = warp_view(render_top_down((900, 600), markers, 2.0),
                         [(150, 60), (1150, 90), (1250, 690), (40, 660)])
    (tmp_path / "cam").mkdir()
    cv2.imwrite(str(tmp_path / "cam" / "table.png"), image)
    (tmp_path / "bare").mkdir()
    cv2.imwrite(str(tmp_path / "bare" / "table.png"), image[:, :300])
    spec = [str(tmp_path / "bare")]
    cam = TableCamera("folder", RollDesk(session), data_dir=tmp_path,
                      opener=lambda _: FolderSource(spec[0], loop=True))
    cam.start()
    try:
        wait_for(lambda: cam.status_json()["frame"] is not None)
        with pytest.raises(CalibrationError, match="missing"):
            cam.calibrate()
        assert cam.status_json()["zones"] is None and not (tmp_path / ZONES_FILE).exists()
        cam.stop()
        spec[0] = str(tmp_path / "cam")
        cam.start()
        wait_for(lambda: cam.status_json()["frame"] is not None)
        zones = cam.calibrate()
        assert (tmp_path / ZONES_FILE).exists()
        status = wait_for(lambda: cam.status_json()["zones"])
        assert status["seats"] == [1] and status["die_px"] == round(zones.die_px, 1)
        assert cam.snapshot_jpeg() is not None
    finally:
        cam.stop()
    again = TableCamera("folder", data_dir=tmp_path,
                        opener=lambda _: FolderSource(spec[0], loop=True))
    again.start()
    try:
        assert again.zones is not None, "the zones file is read at start"
    finally:
        again.stop()
