"""Sushi Roll's icon dice: procedural dice, enrollment of the real ones, and the reader.

Pure recognisers, no I/O but :mod:`store` (the data dir); ``docs/ICON_DICE.md`` is the guide.

* :mod:`~companion.vision.icon_dice.faces`: every face of the engine's dice table drawn
  procedurally (body colour per kind, icons with counts).
* :mod:`~companion.vision.icon_dice.scenes`: synthetic top-down frames of dice on belts and
  trays (rotation, light, cast, blur, noise, touching dice, a leaning die), rolls over time for
  the settle tests, enrollment photos.
* :mod:`~companion.vision.icon_dice.matching`: the face descriptor and :class:`FaceSet` (one
  photo per face, augmented copies embedded; no training), with confidence and ``uncertain``.
* :mod:`~companion.vision.icon_dice.enroll` / :mod:`~companion.vision.icon_dice.store`: the
  player shows each face once; sets in ``<data dir>/icon_dice/<NAME>/``.
* :mod:`~companion.vision.icon_dice.finder` / :mod:`~companion.vision.icon_dice.reader`:
  :class:`IconDiceReader` finds every die of the calibrated size in a frame and reads its face
  (:class:`IconDie`, a :class:`companion.vision.dice.Die` with ``reading``, ``uncertain``,
  ``cocked``).
* :mod:`~companion.vision.icon_dice.evaluate`: scoring on synthetic frames (tests, bench).

Wiring: ``companion/table/icon_camera.py`` settles each seat's belt and tray and routes
readings into Sushi Roll games. Importing this package does no work; the detector loads when a
reader is built.
"""

from companion.vision.icon_dice.matching import FaceSet, Match, Thresholds
from companion.vision.icon_dice.reader import IconDiceReader, IconDie

__all__ = ["FaceSet", "IconDiceReader", "IconDie", "Match", "Thresholds"]
