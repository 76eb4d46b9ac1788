"""Card sets on disk: ``<data dir>/card_sets/<NAME>/`` and one-file export and import.

A set's folder holds ``meta.json`` (format, name, labels, thresholds, the embedding model's
SHA-256, and ``arrays``: the file with the enrolled crops, their embeddings and the look-alike
pairs' difference masks (:mod:`~companion.vision.cards.lookalike`; a set saved without them
learns them again on load),
``set-<digest>.npz``; sets written before had ``set.npz``). An export is a ZIP file with two
members, ``meta.json`` and ``set.npz``, so a café enrolls once and copies the set to another Pi.
When the shipped embedding model changes, a stored set is re-embedded from its crops on load (its
``model`` no longer matches), so old sets keep working.

Saving never leaves a mix (a kill or a power cut at any point leaves the old set or the new one,
both readable): the new arrays go to a new file named by their digest, written atomically
(:func:`companion.durable.write_atomically`), then ``meta.json`` is replaced atomically to name
it; that replacement is the commit. The arrays of the previous version are kept (one
generation), older ones removed.

An export comes from outside (a file from another Pi, an upload), so it is read with caps: at
most :data:`MAX_MEMBERS` members, ``meta.json`` at most :data:`MAX_META_BYTES`, the arrays at
most :data:`MAX_SET_BYTES` inflated, checked on the sizes the ZIP declares and again on the bytes
as they inflate (a ZIP may lie); ``set.npz`` is itself a ZIP and is read with the same caps, and
each array's declared shape must match its bytes before it is allocated.

Errors are :class:`CardSetError` with a message naming the set or file.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import math
import re
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from companion.durable import fsync_folder, write_atomically
from companion.vision.cards.embedding import (
    BAND_SHARES,
    EMBEDDER_FILE,
    LAYOUT_H,
    LAYOUT_W,
    NET_WEIGHT,
    Embedder,
)
from companion.vision.cards.enrollment import AUGMENTED, CardSet, Thresholds
from companion.vision.cards.lookalike import MASK_H, MASK_W
from companion.vision.onnx_net import model_file

FORMAT = "companion-card-set/1"
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
#: Largest export file accepted by :func:`import_set`.
MAX_IMPORT_BYTES = 200 * 1024 * 1024
#: Most bytes a set's arrays (``set.npz``, and all of its arrays together) may inflate to. A crop
#: is 128x192 BGR (74 KB) and a full menu of ~60 cards with 5 photos each is ~22 MB, so this
#: leaves room for 1,700 photos while keeping a crafted ZIP (1 MB inflating to 1 GB) far from
#: the Pi's memory.
MAX_SET_BYTES = 128 * 1024 * 1024
#: Largest ``meta.json`` accepted (a set's is a few KB: labels and thresholds).
MAX_META_BYTES = 1024 * 1024
#: Most members an export ZIP may have (it has two) and arrays a ``set.npz`` may have (eight;
#: six before the look-alike pairs and masks).
MAX_MEMBERS = 8
#: Bytes inflated at a time while a member is read (the caps are checked between chunks).
CHUNK = 1024 * 1024
#: The file that named the arrays before sets named them by digest.
LEGACY_ARRAYS = "set.npz"


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
    pairs = sorted(card_set.lookalikes)
    masks = np.stack([card_set.lookalikes[p] for p in pairs]) if pairs else \
        np.zeros((0, MASK_H, MASK_W), np.uint8)
    buffer = io.BytesIO()
    np.savez_compressed(buffer, crops=np.stack(crops), crop_owner=np.array(crop_owner, np.int32),
                        embeddings=card_set.embeddings, owners=card_set.owners,
                        views=card_set.views, turns=card_set.turns,
                        lookalike_pairs=np.array(pairs, np.int32).reshape(-1, 2),
                        lookalike_masks=masks)
    return buffer.getvalue()


def _write(path: Path, data: bytes) -> None:
    write_atomically(path, data)


def _arrays_file(meta: dict[str, Any]) -> str:
    """The arrays file a stored ``meta.json`` names (a bare file name, nothing else)."""
    name = str(meta.get("arrays", LEGACY_ARRAYS))
    if not re.fullmatch(r"set(-[0-9a-f]{16})?\.npz", name):
        raise CardSetError(f"meta.json names an unexpected arrays file {name!r}")
    return name


def save_set(data_dir: Path, card_set: CardSet) -> Path:
    """Write ``card_set`` into the data dir (replacing a set of that name); its folder.
    Atomic: the arrays first, under a new name, then ``meta.json`` naming them (module
    docstring)."""
    folder = set_dir(data_dir, card_set.name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fsync_folder(folder.parent)  # a new set's folder survives a power cut too
        previous = _previous_arrays(folder)
        arrays = _arrays(card_set)
        name = f"set-{hashlib.sha256(arrays).hexdigest()[:16]}.npz"
        _write(folder / name, arrays)
        meta = {**_meta(card_set), "arrays": name}
        _write(folder / "meta.json", json.dumps(meta, indent=1).encode())  # the commit
        _tidy(folder, keep={name, previous})
    except OSError as exc:
        raise CardSetError(f"cannot write card set {card_set.name!r} in {folder}: "
                           f"{exc.strerror or exc}") from None
    return folder


def _previous_arrays(folder: Path) -> str:
    """The arrays file the stored ``meta.json`` names ("" when there is none or it is bad)."""
    try:
        return _arrays_file(json.loads((folder / "meta.json").read_text(encoding="utf-8")))
    except (OSError, ValueError, AttributeError, CardSetError):
        return ""


def _tidy(folder: Path, keep: set[str]) -> None:
    """Remove arrays files (and temporary files of interrupted saves) other than ``keep``."""
    removed = False
    for path in folder.iterdir():
        stale = path.name.startswith(".") and path.name.endswith(".tmp")
        if stale or (path.suffix == ".npz" and path.name not in keep):
            path.unlink(missing_ok=True)
            removed = True
    if removed:
        fsync_folder(folder)


def _load(meta: dict[str, Any], npz: bytes, where: str, embedder: Embedder | None,
          name: str | None = None) -> CardSet:
    try:
        if meta.get("format") != FORMAT:
            raise CardSetError(f"{where}: not a card set (format {meta.get('format')!r})")
        labels = [str(x) for x in meta["labels"]]
        arrays = _npz_arrays(npz, where)
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
        _lookalikes(card_set, arrays)
    except CardSetError:
        raise
    except (KeyError, ValueError, TypeError, IndexError, OSError, zipfile.BadZipFile) as exc:
        raise CardSetError(f"{where}: malformed card set ({type(exc).__name__}: {exc})") from None
    if embedder is not None and card_set.model != model_digest():
        card_set = reembed(card_set, embedder)
    return card_set


def _lookalikes(card_set: CardSet, arrays: dict[str, np.ndarray[Any, Any]]) -> None:
    """The stored look-alike pairs and masks; a set saved before them (or with masks of
    another size) learns them again from its crops."""
    pairs, masks = arrays.get("lookalike_pairs"), arrays.get("lookalike_masks")
    if pairs is None or masks is None or masks.shape[1:] != (MASK_H, MASK_W):
        card_set.learn_lookalikes()
        return
    n = len(card_set.labels)
    for (a, b), mask in zip(pairs.reshape(-1, 2), masks, strict=True):
        if not 0 <= a < b < n:
            raise ValueError(f"a look-alike pair of labels {a} and {b} (the set has {n})")
        card_set.lookalikes[(int(a), int(b))] = np.ascontiguousarray(mask, np.uint8)


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
        if not isinstance(meta, dict):
            raise ValueError("meta.json is not a JSON object")
        npz = (folder / _arrays_file(meta)).read_bytes()
    except (OSError, ValueError) as exc:
        raise CardSetError(f"cannot read card set {name!r} in {folder}: {exc}") from None
    return _load(meta, npz, f"card set {name!r}", embedder)


def export_set(data_dir: Path, name: str, file: Path) -> int:
    """Write the stored set ``name`` as one ZIP file; its size in bytes."""
    folder = set_dir(data_dir, name)
    load_set(data_dir, name)  # checks that it exists and is readable
    meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    arrays = folder / _arrays_file(meta)
    meta.pop("arrays", None)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("meta.json", json.dumps(meta, indent=1))
        archive.write(arrays, "set.npz")
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
            members = _members(archive, MAX_SET_BYTES + MAX_META_BYTES, str(file))
            meta = json.loads(_inflate(archive, members, "meta.json", MAX_META_BYTES,
                                       str(file)).decode("utf-8"))
            npz = _inflate(archive, members, "set.npz", MAX_SET_BYTES, str(file))
        if not isinstance(meta, dict):
            raise ValueError("meta.json is not a JSON object")
    except CardSetError:
        raise
    except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile,
            NotImplementedError) as exc:
        raise CardSetError(f"{file} is not a card set export ({exc})") from None
    card_set = _load(meta, npz, str(file), embedder, name)
    check_name(card_set.name)
    save_set(data_dir, card_set)
    return card_set


def _members(archive: zipfile.ZipFile, total: int, where: str) -> dict[str, zipfile.ZipInfo]:
    """``archive``'s members by name, refused when there are more than :data:`MAX_MEMBERS` or
    their declared sizes add up to more than ``total`` bytes."""
    infos = archive.infolist()
    if len(infos) > MAX_MEMBERS:
        raise CardSetError(f"{where} is not a card set export: it has {len(infos)} files "
                           f"(at most {MAX_MEMBERS})")
    declared = sum(info.file_size for info in infos)
    if declared > total:
        big = max(infos, key=lambda info: info.file_size)
        raise CardSetError(f"{where} is refused: its files would inflate to {_mb(declared)} "
                           f"({big.filename} {_mb(big.file_size)}; at most {_mb(total)} in all)")
    return {info.filename: info for info in infos}


def _inflate(archive: zipfile.ZipFile, members: dict[str, zipfile.ZipInfo], name: str, cap: int,
             where: str) -> bytes:
    """Member ``name`` inflated, refused over ``cap`` bytes: on its declared size first, then on
    the bytes actually inflated (read :data:`CHUNK` at a time, stopped at the cap)."""
    info = members.get(name)
    if info is None:
        raise KeyError(f"there is no item named {name!r} in the archive")
    if info.file_size > cap:
        raise CardSetError(f"{where} is refused: {name} would inflate to {_mb(info.file_size)} "
                           f"(at most {_mb(cap)})")
    out = bytearray()
    with archive.open(info) as member:
        while chunk := member.read(min(CHUNK, cap + 1 - len(out))):
            out += chunk
            if len(out) > cap:
                raise CardSetError(f"{where} is refused: {name} inflates to more than "
                                   f"{_mb(cap)} (more than it declares)")
    return bytes(out)


def _npz_arrays(npz: bytes, where: str) -> dict[str, np.ndarray[Any, Any]]:
    """The arrays of ``npz`` (a ``set.npz``, itself a ZIP of ``.npy`` files) read with the caps
    of :func:`_inflate` and no pickles; each array's declared shape must match its bytes before
    anything of that size is allocated."""
    with zipfile.ZipFile(io.BytesIO(npz)) as archive:
        members = _members(archive, MAX_SET_BYTES, f"{where}: set.npz")
        arrays: dict[str, np.ndarray[Any, Any]] = {}
        budget = MAX_SET_BYTES
        for name in members:
            data = _inflate(archive, members, name, budget, f"{where}: set.npz")
            budget -= len(data)
            arrays[name.removesuffix(".npy")] = _npy(data, f"{where}: set.npz {name}")
    return arrays


def _npy(data: bytes, where: str) -> np.ndarray[Any, Any]:
    """One ``.npy`` file's array, its header checked against its length first."""
    fmt = np.lib.format
    stream = io.BytesIO(data)
    version = fmt.read_magic(stream)
    if version == (1, 0):
        shape, _, dtype = fmt.read_array_header_1_0(stream)
    elif version == (2, 0):
        shape, _, dtype = fmt.read_array_header_2_0(stream)
    else:
        raise ValueError(f"{where}: unsupported .npy version {version}")
    if dtype.hasobject:
        raise ValueError(f"{where}: holds Python objects")
    size = math.prod(shape) * dtype.itemsize
    if size != len(data) - stream.tell():
        raise ValueError(f"{where}: declares {size} bytes but holds {len(data) - stream.tell()}")
    stream.seek(0)
    return np.asarray(fmt.read_array(stream, allow_pickle=False))


def _mb(size: int) -> str:
    return f"{size / 2 ** 20:.0f} MB" if size >= 2 ** 20 else f"{size} bytes"
