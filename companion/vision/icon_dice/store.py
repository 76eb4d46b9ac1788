"""Face sets in the data directory: ``<data dir>/icon_dice/<NAME>/``.

A set is stored as what it was learned from, so it can be re-learned with any later version
of the descriptor: ``set.json`` (``{"version": 1, "name", "faces": {reading: file}}``) and one
PNG per face (the rectified enrolled image, :func:`~companion.vision.icon_dice.matching.
enrolled_crop`). :func:`load_set` enrolls them again (well under a second).

A set on disk is always whole, whenever a kill or a power cut comes: :func:`save_set` writes the
new face images under new names (their content's digest), each atomically
(:func:`companion.durable.write_atomically`), then replaces ``set.json`` atomically to name them
(the commit), then removes images neither it nor the previous ``set.json`` names. Until the
commit the folder reads as the old set, after it as the new one. (Sets saved by the version that
renamed whole folders may have been left as ``.old-<NAME>`` by a kill; :func:`load_set` reads
that one when ``<NAME>`` is missing.)
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import cv2

from companion.durable import fsync_folder, write_atomically
from companion.i18n import tmsg
from companion.vision.icon_dice.matching import FaceSet
from companion.vision.image_limits import decode_image

FOLDER = "icon_dice"
VERSION = 1
_SAFE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$")
#: What a face image's file name may be (a bare name in the set's folder).
_FILE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}\.png$")


def set_dir(data_dir: Path, name: str) -> Path:
    if not _SAFE.match(name):
        raise ValueError(f"{name!r} is not a face set name (letters, digits, space, _ . -)")
    return Path(data_dir) / FOLDER / name


def save_set(faces: FaceSet, data_dir: Path) -> Path:
    """Write ``faces`` as ``<data dir>/icon_dice/<faces.name>/`` (replacing it, atomically: see
    the module docstring)."""
    target = set_dir(data_dir, faces.name)
    target.mkdir(parents=True, exist_ok=True)
    fsync_folder(target.parent)
    try:
        previous = set(_faces(target).values())
    except (OSError, ValueError):
        previous = set()  # no set yet, or an unreadable one: nothing to keep
    files = {}
    for i, (label, image) in enumerate(sorted(faces.images.items())):
        ok, encoded = cv2.imencode(".png", image)
        if not ok:
            raise OSError(f"could not encode the face {label!r} as PNG")
        data = encoded.tobytes()
        name = f"{i:02d}-{label.replace(':', '_')}-{hashlib.sha256(data).hexdigest()[:12]}.png"
        write_atomically(target / name, data)
        files[label] = name
    meta = {"version": VERSION, "name": faces.name, "faces": files}
    write_atomically(target / "set.json", json.dumps(meta, indent=1).encode())  # the commit
    keep = set(files.values()) | previous
    stale = [p for p in target.iterdir()
             if (p.suffix == ".png" and p.name not in keep) or p.name.endswith(".tmp")]
    for path in stale:
        path.unlink(missing_ok=True)
    if stale:
        fsync_folder(target)
    return target


def _faces(folder: Path) -> dict[str, str]:
    """``{reading: file}`` of the set in ``folder`` (:class:`ValueError` if malformed)."""
    meta: Any = json.loads((folder / "set.json").read_text())
    if not isinstance(meta, dict) or meta.get("version") != VERSION:
        version = meta.get("version") if isinstance(meta, dict) else None
        raise ValueError(tmsg("face set {name} has version {version}, not {expected}",
                              name=repr(folder.name), version=repr(version), expected=VERSION))
    faces = meta.get("faces")
    if not isinstance(faces, dict) or not all(
            isinstance(f, str) and _FILE.match(f) for f in faces.values()):
        raise ValueError(tmsg("face set {name}: set.json names no face images",
                              name=repr(folder.name)))
    return {str(k): v for k, v in faces.items()}


def load_set(data_dir: Path, name: str) -> FaceSet:
    """The set ``name`` re-enrolled from its stored images; :class:`FileNotFoundError` when
    there is none, :class:`ValueError` for a set this version cannot read."""
    folder = set_dir(data_dir, name)
    if not (folder / "set.json").is_file():
        old = folder.with_name(f".old-{folder.name}")  # a kill mid-rename by an older version
        if (old / "set.json").is_file():
            folder = old
    meta = json.loads((folder / "set.json").read_text())
    faces = FaceSet(str(meta.get("name", name)) if isinstance(meta, dict) else name)
    for label, file in _faces(folder).items():
        try:
            data = (folder / file).read_bytes()
        except OSError:
            raise ValueError(tmsg("face set {name}: {file} is missing", name=repr(name),
                                  file=file)) from None
        faces.add(label, decode_image(data, f"face set {name!r}: {file}"))
    return faces


def list_sets(data_dir: Path) -> list[str]:
    root = Path(data_dir) / FOLDER
    return sorted(p.name for p in root.iterdir()
                  if (p / "set.json").is_file()) if root.is_dir() else []
