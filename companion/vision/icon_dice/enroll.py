"""Enrollment: the player shows each face once; one photo per face becomes a face set.

A photo shows one die alone on a plain surface, seen from above (the camera over the table, or
a phone held flat). :func:`enroll_photo` finds the die
(:func:`~companion.vision.icon_dice.reader.locate_single`), rectifies it
(:func:`~companion.vision.icon_dice.matching.enrolled_crop`) and adds it under its reading;
:func:`enroll_photos` does a whole set. Save it with
:func:`~companion.vision.icon_dice.store.save_set` (the service reads the set named
``default``). Showing a face again replaces it (a correction).
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.base import UnreadableInput
from companion.games.sushi_roll.dice import die
from companion.i18n import Text
from companion.vision.dice import Image
from companion.vision.icon_dice.matching import FaceSet, enrolled_crop
from companion.vision.icon_dice.reader import locate_single


def enroll_photo(faces: FaceSet, reading: str, photo: Image) -> None:
    """Add (or replace) face ``reading`` from ``photo``. :class:`ValueError` for a reading
    the engine's dice table does not print or a photo without a clear die."""
    try:
        die(reading)
    except UnreadableInput as exc:
        raise ValueError(Text(exc.message) if exc.message is not None else exc.reason) from None
    faces.add(reading, enrolled_crop(photo, locate_single(photo)))


def enroll_photos(photos: Mapping[str, Image], name: str = "default") -> FaceSet:
    """A face set from one photo per reading."""
    faces = FaceSet(name)
    for reading, photo in photos.items():
        enroll_photo(faces, reading, photo)
    return faces
