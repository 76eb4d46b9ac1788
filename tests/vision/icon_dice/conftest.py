"""A face set enrolled once per test session from rendered enrollment photos (one per face)."""

from __future__ import annotations

import pytest

from companion.vision.icon_dice.enroll import enroll_photos
from companion.vision.icon_dice.faces import readings
from companion.vision.icon_dice.matching import FaceSet
from companion.vision.icon_dice.scenes import enrollment_photo


@pytest.fixture(scope="session")
def faces() -> FaceSet:
    return enroll_photos({r: enrollment_photo(r, seed=900 + i)
                          for i, r in enumerate(readings())})
