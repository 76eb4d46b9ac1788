"""Frame sources: one seam (:class:`FrameSource`) in front of every camera, file and fake.

* :class:`PicameraSource`: the Pi's ribbon camera through Picamera2 (imported only when the
  source is opened, and only present on a Pi).
* :class:`CaptureSource`: ``cv2.VideoCapture`` on a USB webcam index (``0``), a device path
  (``/dev/video0``), a stream URL (``rtsp://...``, ``http://...``) or a video file.
* :class:`FolderSource`: the images of a folder, in name order (loops when asked to).
* :class:`SyntheticSource`: rendered dice rolls (``companion.vision.synthetic``), seeded.

A camera is chosen by a *spec* string (:func:`open_source`): ``auto`` (the Pi camera, else the
first webcam, else the synthetic one), ``picamera``, ``synthetic[:SEED]``, a webcam index, a
device path, a URL, a video file or a folder. The setting is read from ``COMPANION_CAMERA``
(:func:`camera_spec`) until it joins ``companion.settings``. When the chosen camera does not
open, :func:`open_source` falls back to the synthetic source and says why in
:attr:`Opened.message`.

Every source returns :class:`Frame` values (BGR ``uint8`` image, a timestamp in seconds, a
sequence number) from :meth:`FrameSource.read`, or ``None`` when it has no more frames (end of a
file or folder) or the camera stopped answering; :meth:`FrameSource.close` releases it.
"""

from __future__ import annotations

import importlib.util
import os
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

import cv2
import numpy as np

from companion.vision.dice import Image
from companion.vision.evaluate import UnreadableImage, read_image
from companion.vision.synthetic import RollScript, random_scene, render

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff")
VIDEO_SUFFIXES = (".mp4", ".avi", ".mkv", ".mov", ".m4v", ".webm", ".mjpg", ".mjpeg")
DEFAULT_CAMERA = "auto"


class SourceError(RuntimeError):
    """A frame source that cannot be opened (the message says which and why)."""


@dataclass(frozen=True)
class Frame:
    """One frame: BGR ``image``, capture time ``t`` in seconds, and its ``index`` in the source."""

    image: Image
    t: float
    index: int


class FrameSource(ABC):
    """Where frames come from. Iterable; a context manager that closes it."""

    #: A short description for logs and the device line ("synthetic (seed 3)", "/dev/video0").
    name: str = "frames"
    #: Whether frames come from a real camera (not a file, folder or the synthetic scene).
    live: bool = False

    @abstractmethod
    def read(self) -> Frame | None:
        """The next frame, or ``None`` when there is none (end of input, camera gone)."""

    def close(self) -> None:  # noqa: B027 -- optional hook
        """Release the device or file."""

    def __iter__(self) -> Iterator[Frame]:
        while (frame := self.read()) is not None:
            yield frame

    def __enter__(self) -> FrameSource:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def _missing_device(target: int | str) -> str | None:
    """The Linux video device ``target`` names (a webcam index is ``/dev/video<index>``) when it
    does not exist, so that OpenCV is not asked to open it (it would print warnings at every
    start without a camera); ``None`` when it exists or ``target`` is not a device."""
    if not Path("/dev").is_dir():
        return None
    device = f"/dev/video{target}" if isinstance(target, int) else target
    if not device.startswith("/dev/") or Path(device).exists():
        return None
    return device


class CaptureSource(FrameSource):
    """``cv2.VideoCapture``: a webcam index or device path, a stream URL or a video file."""

    def __init__(self, target: int | str, width: int | None = None,
                 height: int | None = None) -> None:
        self.name = str(target)
        self.live = not (isinstance(target, str) and Path(target).is_file())
        missing = _missing_device(target)
        if missing is not None:
            raise SourceError(f"cannot open the camera {target!r}: no {missing}")
        self._capture = cv2.VideoCapture(target)
        if not self._capture.isOpened():
            self._capture.release()
            raise SourceError(f"cannot open the camera or video {target!r}")
        if width and height:
            self._capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
            self._capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        self._fps = self._capture.get(cv2.CAP_PROP_FPS) or 30.0
        self._index = 0
        self._start = time.monotonic()

    def read(self) -> Frame | None:
        ok, image = self._capture.read()
        if not ok or image is None:
            return None
        t = time.monotonic() - self._start if self.live else self._index / self._fps
        frame = Frame(np.asarray(image, dtype=np.uint8), t, self._index)
        self._index += 1
        return frame

    def close(self) -> None:
        self._capture.release()


class PicameraSource(FrameSource):
    """The Raspberry Pi camera through Picamera2 (``python3-picamera2`` on the Pi)."""

    live = True

    def __init__(self, width: int = 1280, height: int = 720) -> None:
        if importlib.util.find_spec("picamera2") is None:
            raise SourceError("Picamera2 is not installed (not a Raspberry Pi?)")
        from picamera2 import Picamera2  # only on a Pi

        try:
            self._camera: Any = Picamera2()
            config = self._camera.create_video_configuration(
                main={"size": (width, height), "format": "RGB888"})
            self._camera.configure(config)
            self._camera.start()
        except Exception as exc:  # the library raises many kinds when no camera is attached
            raise SourceError(f"cannot start the Pi camera: {exc}") from None
        self.name = f"Pi camera {width}x{height}"
        self._index = 0
        self._start = time.monotonic()

    def read(self) -> Frame | None:
        try:
            array = self._camera.capture_array("main")
        except Exception:
            return None
        # Picamera2's "RGB888" is laid out B, G, R in memory: what OpenCV calls BGR.
        frame = Frame(np.ascontiguousarray(array[..., :3], dtype=np.uint8),
                      time.monotonic() - self._start, self._index)
        self._index += 1
        return frame

    def close(self) -> None:
        try:
            self._camera.stop()
            self._camera.close()
        except Exception:
            pass


class FolderSource(FrameSource):
    """The images in a folder, in name order, ``fps`` apart in time; ``loop`` to repeat."""

    def __init__(self, folder: Path | str, fps: float = 30.0, loop: bool = False) -> None:
        folder = Path(folder)
        self.files = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES) \
            if folder.is_dir() else []
        if not self.files:
            raise SourceError(f"{folder} is not a folder with images")
        self.name, self.fps, self.loop = str(folder), fps, loop
        self._index = 0

    def read(self) -> Frame | None:
        if self._index >= len(self.files) and not self.loop:
            return None
        path = self.files[self._index % len(self.files)]
        try:
            image = read_image(path)
        except UnreadableImage as exc:
            raise SourceError(str(exc)) from None
        frame = Frame(image, self._index / self.fps, self._index)
        self._index += 1
        return frame


class SyntheticSource(FrameSource):
    """Rendered dice rolls, ``fps`` frames a second of scene time: each roll plays for
    ``period`` seconds, then the next (a new seeded scene) is thrown. ``script`` plays one given
    :class:`~companion.vision.synthetic.RollScript` instead (``frames`` long, else forever).
    ``realtime`` paces :meth:`read` to the frame rate (the demo camera); tests leave it off."""

    def __init__(self, seed: int = 0, dice: int = 2, fps: float = 30.0, period: float = 4.0,
                 script: RollScript | None = None, frames: int | None = None,
                 realtime: bool = False, width: int = 1280, height: int = 720) -> None:
        self.name = f"synthetic (seed {seed})"
        self.seed, self.dice, self.fps, self.period = seed, dice, fps, period
        self.width, self.height = width, height
        self.script, self.frames, self.realtime = script, frames, realtime
        self._index = 0
        self._start = time.monotonic()
        self._roll = -1
        self._current: RollScript | None = script

    def script_at(self, t: float) -> tuple[RollScript, float]:
        """The roll playing at scene time ``t`` and the time since it was thrown."""
        if self.script is not None:
            return self.script, t
        roll = int(t // self.period)
        if roll != self._roll or self._current is None:
            self._roll = roll
            k = self.width / 1280  # dice 60-150 px across at 1280x720, in proportion otherwise
            scene = random_scene(self.seed * 100_003 + roll, self.dice, self.width, self.height,
                                 (60 * k, 150 * k))
            self._current = RollScript(scene, seed=self.seed * 100_003 + roll)
        return self._current, t - roll * self.period

    def read(self) -> Frame | None:
        if self.frames is not None and self._index >= self.frames:
            return None
        t = self._index / self.fps
        if self.realtime:
            delay = self._start + t - time.monotonic()
            if delay > 0:
                time.sleep(delay)
        script, since = self.script_at(t)
        frame = Frame(render(script.scene(since), noise_seed=self._index), t, self._index)
        self._index += 1
        return frame


@dataclass(frozen=True)
class Opened:
    """What :func:`open_source` opened, and (after a fallback) why it is not what was asked."""

    source: FrameSource
    fallback: bool
    message: str


def camera_spec(env: Mapping[str, str] | None = None) -> str:
    """The camera setting: ``COMPANION_CAMERA`` or :data:`DEFAULT_CAMERA`."""
    env = os.environ if env is None else env
    return (env.get("COMPANION_CAMERA") or DEFAULT_CAMERA).strip()


def make_source(spec: str, width: int = 1280, height: int = 720) -> FrameSource:
    """The source a spec names (see the module docstring); :class:`SourceError` if it fails."""
    spec = spec.strip()
    low = spec.lower()
    if low == "picamera":
        return PicameraSource(width, height)
    if low == "synthetic" or low.startswith("synthetic:"):
        seed = low.partition(":")[2]
        if seed and not seed.isdigit():
            raise SourceError(f"the synthetic camera's seed must be a number, not {seed!r}")
        return SyntheticSource(int(seed or 0), realtime=True, width=width, height=height)
    if low == "auto":
        problems = []
        for candidate in ("picamera", "0"):
            try:
                return make_source(candidate, width, height)
            except SourceError as exc:
                problems.append(str(exc))
        raise SourceError("; ".join(problems))
    if spec.isdigit():
        return CaptureSource(int(spec), width, height)
    path = Path(spec).expanduser()
    if "://" not in spec and path.is_dir():
        return FolderSource(path)
    if "://" not in spec and not path.exists():
        raise SourceError(f"there is no camera, video or folder {spec!r}")
    return CaptureSource(spec if "://" in spec else str(path), width, height)


def open_source(spec: str | None = None, width: int = 1280, height: int = 720,
                fallback_seed: int = 0) -> Opened:
    """Open the camera ``spec`` names (default: :func:`camera_spec`); when it does not open,
    the synthetic camera with a message saying what failed."""
    spec = camera_spec() if spec is None else spec
    try:
        return Opened(make_source(spec, width, height), False, f"camera: {spec}")
    except SourceError as exc:
        source = SyntheticSource(fallback_seed, realtime=True, width=width, height=height)
        return Opened(source, True,
                      f"camera {spec!r} did not open ({exc}); using the synthetic camera")
