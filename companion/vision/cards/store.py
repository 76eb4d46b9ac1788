"""Card sets on disk: ``<data dir>/card_sets/<NAME>/`` and one-file export and import.

A set's folder holds ``meta.json`` (format, name, labels, thresholds, the embedding model's
SHA-256) and ``set.npz`` (the enrolled crops and their embeddings). An export is a ZIP file with
those two members, so a café enrolls once and copies the set to another Pi. When the shipped
embedding model changes, a stored set is re-embedded from its crops on load (its
``model`` no longer matches), so old sets keep working.

Errors are :class:`CardSetError` with a message naming the set or file.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import os
import re
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from companion.vision.cards.embedding import (
    BAND_SHARES,
    EMBEDDER_FILE,
    LAYOUT_H,
    LAYOUT_W,
    NET_WEIGHT,
    Embedder,
)
from companion.vision.cards.enrollment import AUGMENTED, CardSet, Thresholds
from companion.vision.onnx_net import model_file

FORMAT = "companion-card-set/1"
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
#: Largest export file accepted by :func:`import_set`.
MAX_IMPORT_BYTES = 200 * 1024 * 1024


class CardSetError(Exception):
    """A card set that is missing, malformed or cannot be written."""


def model_digest(path: Path = EMBEDDER_FILE) -> str:
    """Names what the stored descriptors depend on: the network file that runs (the 8-bit
    twin on ONNX Runtime, see :func:`~companion.vision.onnx_net.model_file`) and how
    descriptors are made (layout grid, weights, band shares, augmentation count)."""
    if not path.is_file():
        return ""
    recipe = f"{LAYOUT_W}x{LAYOUT_H}:{NET_WEIGHT}:{BAND_SHARES}:{AUGMENTED}:turns".encode()
    return hashlib.sha256(model_file(path).read_bytes() + recipe).hexdigest()[:16]


def check_name(name: str) -> str:
    if not NAME_PATTERN.match(name):
        raise CardSetError(f"bad card set name {name!r}: use 1-64 letters, digits, '_', '-', '.'")
    return name


def sets_dir(data_dir: Path) -> Path:
    return data_dir / "card_sets"


def set_dir(data_dir: Path, name: str) -> Path:
    return sets_dir(data_dir) / check_name(name)


def list_sets(data_dir: Path) -> list[str]:
    folder = sets_dir(data_dir)
    return sorted(p.name for p in folder.iterdir() if (p / "meta.json").is_file()) \
        if folder.is_dir() else []


def _meta(card_set: CardSet) -> dict[str, Any]:
    t = card_set.thresholds
    return {"format": FORMAT, "name": card_set.name, "labels": card_set.labels,
            "model": card_set.model,
            "thresholds": dataclasses.asdict(t)}


def _arrays(card_set: CardSet) -> bytes:
    crops, crop_owner = [], []
    for i, label in enumerate(card_set.labels):
        for crop in card_set.images[label]:
            crops.append(crop)
            crop_owner.append(i)
    buffer = io.BytesIO()
    np.savez_compressed(buffer, crops=np.stack(crops), crop_owner=np.array(crop_owner, np.int32),
                        embeddings=card_set.embeddings, owners=card_set.owners,
                        views=card_set.views, turns=card_set.turns)
    return buffer.getvalue()


def _write(path: Path, data: bytes) -> None:
    temp = path.with_name(f".{path.name}.tmp")
    with open(temp, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, path)


def save_set(data_dir: Path, card_set: CardSet) -> Path:
    """Write ``card_set`` into the data dir (replacing a set of that name); its folder."""
    folder = set_dir(data_dir, card_set.name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _write(folder / "set.npz", _arrays(card_set))
        _write(folder / "meta.json", json.dumps(_meta(card_set), indent=1).encode())
    except OSError as exc:
        raise CardSetError(f"cannot write card set {card_set.name!r} in {folder}: "
                           f"{exc.strerror or exc}") from None
    return folder


def _load(meta: dict[str, Any], npz: bytes, where: str, embedder: Embedder | None,
          name: str | None = None) -> CardSet:
    try:
        if meta.get("format") != FORMAT:
            raise CardSetError(f"{where}: not a card set (format {meta.get('format')!r})")
        labels = [str(x) for x in meta["labels"]]
        arrays = np.load(io.BytesIO(npz), allow_pickle=False)
        crops, crop_owner = arrays["crops"], arrays["crop_owner"]
        t = meta.get("thresholds", {})
        card_set = CardSet(name=name or str(meta["name"]), labels=labels,
                           images={label: [] for label in labels},
                           embeddings=arrays["embeddings"].astype(np.float16),
                           owners=arrays["owners"].astype(np.int32),
                           views=arrays["views"].astype(np.int8),
                           turns=arrays["turns"].astype(np.int8),
                           thresholds=_thresholds(t),
                           model=str(meta.get("model", "")))
        for crop, owner in zip(crops, crop_owner, strict=True):
            card_set.images[labels[int(owner)]].append(np.ascontiguousarray(crop))
    except CardSetError:
        raise
    except (KeyError, ValueError, TypeError, IndexError, OSError, zipfile.BadZipFile) as exc:
        raise CardSetError(f"{where}: malformed card set ({type(exc).__name__}: {exc})") from None
    if embedder is not None and card_set.model != model_digest():
        card_set = reembed(card_set, embedder)
    return card_set


def _thresholds(saved: dict[str, Any]) -> Thresholds:
    """Saved thresholds; unknown keys are dropped, missing ones take today's defaults."""
    known = {f.name: f.type for f in dataclasses.fields(Thresholds)}
    values: dict[str, Any] = {}
    for key, value in saved.items():
        if key in known:
            values[key] = int(value) if key == "candidates" else float(value)
    return Thresholds(**values)


def reembed(card_set: CardSet, embedder: Embedder) -> CardSet:
    """The same set enrolled again from its crops with the current model."""
    fresh = CardSet(name=card_set.name, thresholds=card_set.thresholds, model=model_digest())
    for label in card_set.labels:
        fresh.add(label, card_set.images[label], embedder)
    return fresh


def load_set(data_dir: Path, name: str, embedder: Embedder | None = None) -> CardSet:
    """The stored set ``name`` (re-embedded if enrolled with another model and an
    ``embedder`` is given)."""
    folder = set_dir(data_dir, name)
    if not (folder / "meta.json").is_file():
        known = ", ".join(list_sets(data_dir)) or "none"
        raise CardSetError(f"there is no card set {name!r} in {sets_dir(data_dir)} "
                           f"(known sets: {known}; see 'companion cards enroll')")
    try:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        npz = (folder / "set.npz").read_bytes()
    except (OSError, ValueError) as exc:
        raise CardSetError(f"cannot read card set {name!r} in {folder}: {exc}") from None
    return _load(meta, npz, f"card set {name!r}", embedder)


def export_set(data_dir: Path, name: str, file: Path) -> int:
    """Write the stored set ``name`` as one ZIP file; its size in bytes."""
    folder = set_dir(data_dir, name)
    load_set(data_dir, name)  # checks that it exists and is readable
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        archive.write(folder / "meta.json", "meta.json")
        archive.write(folder / "set.npz", "set.npz")
    try:
        _write(file, buffer.getvalue())
    except OSError as exc:
        raise CardSetError(f"cannot write {file}: {exc.strerror or exc}") from None
    return len(buffer.getvalue())


def import_set(data_dir: Path, file: Path, name: str | None = None,
               embedder: Embedder | None = None) -> CardSet:
    """Store the set exported in ``file`` (under ``name``, default its own); the set."""
    try:
        if file.stat().st_size > MAX_IMPORT_BYTES:
            raise CardSetError(f"{file} is too large for a card set "
                               f"(over {MAX_IMPORT_BYTES // 2 ** 20} MB)")
        with zipfile.ZipFile(file) as archive:
            meta = json.loads(archive.read("meta.json").decode("utf-8"))
            npz = archive.read("set.npz")
    except CardSetError:
        raise
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        raise CardSetError(f"{file} is not a card set export ({exc})") from None
    card_set = _load(meta, npz, str(file), embedder, name)
    check_name(card_set.name)
    save_set(data_dir, card_set)
    return card_set
