"""Enrolling a face set from the screens: a draft that collects one photo per face.

:class:`EnrollmentDraft` holds the set being enrolled for ``<data dir>/icon_dice/<name>/``
(the service's is :data:`companion.table.icon_camera.DEFAULT_SET`). It starts from the saved set
when there is one, so showing one face again corrects just that face. Every face of the engine's
dice table (:func:`companion.vision.icon_dice.faces.readings`) must be shown once before
:meth:`EnrollmentDraft.save` writes the set. Photos arrive as encoded bytes (a phone's upload:
decoded by OpenCV, whatever the upload claims its type is) or as a camera frame, in which the
die must be the only one the detector finds (:func:`single_die_crop`). Thread-safe.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.games.sushi_roll.dice import KIND_NAMES, die
from companion.i18n import ntmsg, tmsg
from companion.vision.dice import DETECT_DIE_PX, DiceReader, Image, ReaderConfig
from companion.vision.icon_dice.faces import readings
from companion.vision.icon_dice.matching import FaceSet, enrolled_crop
from companion.vision.icon_dice.reader import locate_single
from companion.vision.icon_dice.store import load_set, save_set, set_dir
from companion.vision.image_limits import decode_image

#: A photo's long side is brought down to this many pixels before the die is looked for.
PHOTO_LONG_SIDE = 1600
#: Detector score from which a peak in a camera frame counts as a die.
FRAME_DIE_SCORE = 0.3
#: Window cut around the die found in a camera frame, in dice.
FRAME_WINDOW = 3.0


def decode_photo(data: bytes) -> Image:
    """An uploaded photo as a BGR image (long side at most :data:`PHOTO_LONG_SIDE`);
    :class:`ValueError` (:class:`~companion.vision.image_limits.ImageRefused`) when it is not a
    JPEG/PNG/WebP/BMP image, declares too many pixels (checked before decoding) or cannot be
    decoded."""
    image = decode_image(data, "the photo")
    long_side = max(image.shape[:2])
    if long_side > PHOTO_LONG_SIDE:
        f = PHOTO_LONG_SIDE / long_side
        return np.ascontiguousarray(
            cv2.resize(image, (round(image.shape[1] * f), round(image.shape[0] * f)),
                       interpolation=cv2.INTER_AREA), np.uint8)
    return np.ascontiguousarray(image, np.uint8)


def single_die_crop(frame: Image, die_px: float, detector: DiceReader | None = None) -> Image:
    """The window of ``frame`` around its one die (``die_px``: the calibrated die size in
    frame pixels). :class:`ValueError` when the detector finds no die or more than one."""
    reader = detector or DiceReader(ReaderConfig(die_px=die_px, min_score=FRAME_DIE_SCORE))
    peaks = [p for p in reader.detect(frame, DETECT_DIE_PX / die_px) if p[4] >= FRAME_DIE_SCORE]
    if not peaks:
        raise ValueError(tmsg("the camera sees no die: lay the die alone on the table, face up"))
    if len(peaks) > 1:
        raise ValueError(ntmsg("the camera sees {n} die: leave only the die to show on the table",
                               "the camera sees {n} dice: leave only the die to show on the "
                               "table", len(peaks)))
    x, y = peaks[0][0], peaks[0][1]
    half = FRAME_WINDOW * die_px / 2
    h, w = frame.shape[:2]
    x0, y0 = max(0, round(x - half)), max(0, round(y - half))
    x1, y1 = min(w, round(x + half)), min(h, round(y + half))
    return np.ascontiguousarray(frame[y0:y1, x0:x1])


def face_prompt(reading: str) -> str:
    """What the walk-through asks for: ``"the Maki die's 3 Maki face"``."""
    d = die(reading)
    return f"the {KIND_NAMES[d.kind]} die's {d.face.name} face"


class EnrollmentDraft:
    """The face set ``name`` being enrolled in ``data_dir`` (module docstring)."""

    def __init__(self, data_dir: Path, name: str, on_save: Callable[[], Any] | None = None
                 ) -> None:
        set_dir(data_dir, name)  # refuses an unsafe name now
        self.data_dir, self.name = Path(data_dir), name
        self.on_save = on_save
        self._lock = threading.Lock()
        self._images: dict[str, Image] = {}
        self._saved: set[str] = set()
        self._changed: set[str] = set()
        try:
            stored = load_set(self.data_dir, name)
        except (FileNotFoundError, ValueError):
            return
        self._images = dict(stored.images)
        self._saved = set(stored.images)

    def status(self) -> dict[str, Any]:
        """Every face with ``enrolled`` (in the draft), ``saved`` (in the saved set) and
        ``changed`` (shown since the last save); ``needed``: the faces still to show."""
        with self._lock:
            faces = []
            for r in readings():
                d = die(r)
                faces.append({"reading": r, "kind": d.kind.value, "kind_name": KIND_NAMES[d.kind],
                              "face": d.face.id, "name": d.face.name,
                              "symbol": d.face.symbol.value, "count": d.face.count,
                              "prompt": face_prompt(r), "enrolled": r in self._images,
                              "saved": r in self._saved, "changed": r in self._changed})
            needed = [f["reading"] for f in faces if not f["enrolled"]]
            return {"set": self.name, "saved": bool(self._saved), "faces": faces,
                    "needed": needed, "complete": not needed,
                    "unsaved": sorted(self._changed)}

    def add(self, reading: str, photo: Image) -> dict[str, Any]:
        """Enroll ``reading`` from ``photo`` (one die alone on a plain surface): the face's
        entry of :meth:`status`. :class:`ValueError` for a reading the dice table does not
        print, or a photo without a clear die."""
        if reading not in readings():
            raise ValueError(tmsg("{reading} is not a face of the dice table (kind:face)",
                                  reading=repr(reading)))
        crop = enrolled_crop(photo, locate_single(photo))
        with self._lock:
            self._images[reading] = crop
            self._changed.add(reading)
        return next(f for f in self.status()["faces"] if f["reading"] == reading)

    def image(self, reading: str) -> Image | None:
        with self._lock:
            return self._images.get(reading)

    def save(self) -> Path:
        """Write the draft as the set (every face must be enrolled); then ``on_save``.
        :class:`ValueError` naming the faces still to show."""
        with self._lock:
            missing = [r for r in readings() if r not in self._images]
            if missing:
                raise ValueError(ntmsg("{n} face still to show: show every face before saving",
                                       "{n} faces still to show: show every face before saving",
                                       len(missing)))
            faces = FaceSet(self.name)
            for label, image in self._images.items():
                faces.add(label, image)
            path = save_set(faces, self.data_dir)
            self._saved = set(self._images)
            self._changed.clear()
        if self.on_save is not None:
            self.on_save()
        return path
