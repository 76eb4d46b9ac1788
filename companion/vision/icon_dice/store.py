"""Face sets in the data directory: ``<data dir>/icon_dice/<NAME>/``.

A set is stored as what it was learned from, so it can be re-learned with any later version
of the descriptor: ``set.json`` (``{"version": 1, "name", "faces": {reading: file}}``) and one
PNG per face (the rectified enrolled image, :func:`~companion.vision.icon_dice.matching.
enrolled_crop`). :func:`load_set` enrolls them again (well under a second). Writes go to a
temporary folder renamed into place, so a set on disk is always whole.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path

import cv2
import numpy as np

from companion.vision.icon_dice.matching import FaceSet

FOLDER = "icon_dice"
VERSION = 1
_SAFE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$")


def set_dir(data_dir: Path, name: str) -> Path:
    if not _SAFE.match(name):
        raise ValueError(f"{name!r} is not a face set name (letters, digits, space, _ . -)")
    return Path(data_dir) / FOLDER / name


def save_set(faces: FaceSet, data_dir: Path) -> Path:
    """Write ``faces`` as ``<data dir>/icon_dice/<faces.name>/`` (replacing it)."""
    target = set_dir(data_dir, faces.name)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=target.parent))
    files = {}
    for i, (label, image) in enumerate(sorted(faces.images.items())):
        name = f"{i:02d}-{label.replace(':', '_')}.png"
        if not cv2.imwrite(str(tmp / name), image):
            raise OSError(f"could not write {tmp / name}")
        files[label] = name
    (tmp / "set.json").write_text(json.dumps({"version": VERSION, "name": faces.name,
                                              "faces": files}, indent=1))
    if target.exists():
        old = target.with_name(f".old-{target.name}")
        shutil.rmtree(old, ignore_errors=True)
        target.rename(old)
        tmp.rename(target)
        shutil.rmtree(old, ignore_errors=True)
    else:
        tmp.rename(target)
    return target


def load_set(data_dir: Path, name: str) -> FaceSet:
    """The set ``name`` re-enrolled from its stored images; :class:`FileNotFoundError` when
    there is none, :class:`ValueError` for a set this version cannot read."""
    folder = set_dir(data_dir, name)
    meta = json.loads((folder / "set.json").read_text())
    if meta.get("version") != VERSION:
        raise ValueError(f"face set {name!r} has version {meta.get('version')!r}, not {VERSION}")
    faces = FaceSet(str(meta.get("name", name)))
    for label, file in meta["faces"].items():
        image = cv2.imread(str(folder / file), cv2.IMREAD_COLOR)
        if image is None:
            raise ValueError(f"face set {name!r}: {file} is missing or not an image")
        faces.add(label, np.asarray(image, np.uint8))
    return faces


def list_sets(data_dir: Path) -> list[str]:
    root = Path(data_dir) / FOLDER
    return sorted(p.name for p in root.iterdir()
                  if (p / "set.json").is_file()) if root.is_dir() else []
