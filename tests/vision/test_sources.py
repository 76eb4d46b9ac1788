"""Frame sources against files: folders, video files, the synthetic camera, the fallback."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.vision import sources
from companion.vision.sources import (
    CaptureSource,
    FolderSource,
    PicameraSource,
    SourceError,
    SyntheticSource,
    camera_spec,
    make_source,
    open_source,
)
from companion.vision.synthetic import RollScript, random_scene, render


def test_a_folder_plays_its_images_in_name_order(tmp_path: Path) -> None:
    for i in (2, 0, 1):
        cv2.imwrite(str(tmp_path / f"f{i}.png"), np.full((24, 32, 3), i * 50, np.uint8))
    (tmp_path / "notes.txt").write_text("not a frame")
    with FolderSource(tmp_path, fps=10) as source:
        frames = list(source)
    assert [int(f.image[0, 0, 0]) for f in frames] == [0, 50, 100]
    assert [f.t for f in frames] == pytest.approx([0.0, 0.1, 0.2])
    looping = FolderSource(tmp_path, loop=True)
    assert [looping.read() is not None for _ in range(5)] == [True] * 5


def test_a_folder_without_images_or_with_a_broken_one_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="not a folder with images"):
        FolderSource(tmp_path)
    (tmp_path / "bad.png").write_bytes(b"")
    with pytest.raises(SourceError, match="empty"):
        FolderSource(tmp_path).read()


def test_a_video_file_plays_through_videocapture(tmp_path: Path) -> None:
    path = tmp_path / "roll.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 25.0, (64, 48))
    assert writer.isOpened()
    for i in range(6):
        writer.write(np.full((48, 64, 3), 40 * i, np.uint8))
    writer.release()
    with make_source(str(path)) as source:
        assert isinstance(source, CaptureSource) and not source.live
        frames = list(source)
    assert len(frames) == 6
    assert frames[0].image.shape == (48, 64, 3)
    assert abs(int(frames[5].image.mean()) - 200) < 10
    assert frames[5].t == pytest.approx(5 / 25.0, abs=1e-3)


def test_the_synthetic_camera_is_seeded_and_moves() -> None:
    a = SyntheticSource(seed=4, frames=3, width=320, height=180)
    b = SyntheticSource(seed=4, frames=3, width=320, height=180)
    first, second = list(a), list(b)
    assert len(first) == 3
    assert all(np.array_equal(x.image, y.image) for x, y in zip(first, second, strict=True))
    assert not np.array_equal(first[0].image, first[2].image)  # dice tumble
    other = SyntheticSource(seed=5, frames=1, width=320, height=180).read()
    assert other is not None and not np.array_equal(other.image, first[0].image)


def test_the_synthetic_camera_plays_a_given_script() -> None:
    script = RollScript(random_scene(3, 2, 320, 180, (20, 30)))
    frames = list(SyntheticSource(script=script, frames=40, fps=20, width=320, height=180))
    assert len(frames) == 40 and frames[-1].t == pytest.approx(39 / 20)
    expected = render(script.scene(39 / 20), noise_seed=39)
    assert np.array_equal(frames[-1].image, expected)


def test_the_camera_setting_comes_from_the_environment() -> None:
    assert camera_spec({}) == "auto"
    assert camera_spec({"COMPANION_CAMERA": " synthetic:3 "}) == "synthetic:3"
    source = make_source("synthetic:3", 320, 180)
    assert isinstance(source, SyntheticSource) and source.seed == 3
    with pytest.raises(SourceError, match="seed must be a number"):
        make_source("synthetic:x")


def test_a_camera_that_does_not_open_falls_back_to_the_synthetic_one(tmp_path: Path) -> None:
    opened = open_source(str(tmp_path / "no-such-camera"), 320, 180)
    assert opened.fallback and isinstance(opened.source, SyntheticSource)
    assert "did not open" in opened.message and "synthetic" in opened.message
    opened = open_source("synthetic", 320, 180)
    assert not opened.fallback and opened.message == "camera: synthetic"


def test_the_pi_camera_is_only_imported_when_present(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sources.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(SourceError, match="Picamera2 is not installed"):
        PicameraSource()
    assert "picamera2" not in sys.modules


def test_a_fake_picamera2_delivers_bgr_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    class FakeCamera:
        def create_video_configuration(self, main: dict[str, object]) -> dict[str, object]:
            return main

        def configure(self, config: object) -> None:
            self.config = config

        def start(self) -> None:
            self.started = True

        def capture_array(self, stream: str) -> np.ndarray:
            return np.full((36, 64, 4), 7, np.uint8)

        def stop(self) -> None:
            pass

        def close(self) -> None:
            pass

    module = type(sys)("picamera2")
    module.Picamera2 = FakeCamera  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    monkeypatch.setattr(sources.importlib.util, "find_spec", lambda name: object())
    with PicameraSource(64, 36) as camera:
        frame = camera.read()
    assert frame is not None and frame.image.shape == (36, 64, 3)


@pytest.mark.skipif(not Path("/dev").is_dir(), reason="video devices are Linux's /dev/video<N>")
def test_a_webcam_that_is_not_plugged_in_is_not_opened_through_opencv(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a camera, no device is handed to OpenCV (which would print warnings at every
    start): the source says which device is missing."""
    index = next(i for i in range(64, 128) if not Path(f"/dev/video{i}").exists())

    def tripwire(*_args: object) -> None:
        raise AssertionError("OpenCV was asked to open a device that does not exist")

    monkeypatch.setattr(sources.cv2, "VideoCapture", tripwire)
    for target in (index, f"/dev/video{index}"):
        with pytest.raises(sources.SourceError, match=f"no /dev/video{index}"):
            sources.CaptureSource(target)
