"""``companion cards enroll|read|eval|export|import|list``: the card reader on files.

All run single-threaded (``cv2.setNumThreads(1)``) so the times they print are one core's.
Unreadable, oversized or non-image files, unreadable photos (too dark, too blurry), unknown or
malformed card sets raise :class:`~companion.games.base.UnreadableInput` (exit status 2 in the
CLI) with a message naming the file or set.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import cv2

from companion.games.base import JSON, UnreadableInput
from companion.vision.cards.embedding import Embedder
from companion.vision.cards.enrollment import CardSet
from companion.vision.cards.evaluate import (
    IMAGE_SUFFIXES,
    UnreadableImage,
    evaluate_folder,
    image_files,
    read_image,
)
from companion.vision.cards.finder import CardFinder
from companion.vision.cards.reader import CardReader, PoorPhoto
from companion.vision.cards.store import (
    CardSetError,
    check_name,
    export_set,
    import_set,
    list_sets,
    load_set,
    model_digest,
    save_set,
)


class Output(Protocol):
    def line(self, text: str = "") -> None: ...

    def result(self, obj: JSON) -> None: ...


def _models() -> tuple[Embedder, CardFinder]:
    cv2.setNumThreads(1)
    try:
        return Embedder(), CardFinder()
    except FileNotFoundError as exc:
        raise UnreadableInput(str(exc)) from None


def enrollment_files(folder: Path) -> dict[str, list[Path]]:
    """``{label: files}`` from ``DIR/<label>.<ext>`` and ``DIR/<label>/*.<ext>``."""
    if not folder.is_dir():
        raise UnreadableInput(f"{folder} is not a folder")
    out: dict[str, list[Path]] = {}
    for path in sorted(folder.iterdir()):
        if path.is_dir():
            files = image_files(path)
            if files:
                out.setdefault(path.name, []).extend(files)
        elif path.suffix.lower() in IMAGE_SUFFIXES:
            out.setdefault(path.stem, []).append(path)
    if not out:
        raise UnreadableInput(f"{folder} has no images to enroll (expected DIR/<label>.jpg "
                              "or DIR/<label>/*.jpg)")
    return out


def cmd_cards_enroll(data_dir: Path, name: str, folder: str, output: Output,
                     add: bool = False) -> int:
    """Enroll every labelled image of ``folder`` into the set ``name`` (new, or ``add``)."""
    try:
        check_name(name)
        files = enrollment_files(Path(folder))
        embedder, finder = _models()
        card_set = (load_set(data_dir, name, embedder) if add and name in list_sets(data_dir)
                    else CardSet(name=name, model=model_digest()))
        reader = CardReader(card_set, embedder, finder)
        start = time.perf_counter()
        for label, paths in files.items():
            crops = [reader.enrollment_crop(read_image(p), str(p)) for p in paths]
            card_set.add(label, crops, embedder)
            output.line(f"  {label}: {len(crops)} image{'s' if len(crops) != 1 else ''}")
        seconds = time.perf_counter() - start
        where = save_set(data_dir, card_set)
    except (CardSetError, UnreadableImage, PoorPhoto) as exc:
        raise UnreadableInput(str(exc)) from None
    images = sum(len(v) for v in card_set.images.values())
    output.line(f"card set {name!r}: {len(card_set.labels)} labels, {images} images, enrolled "
                f"in {seconds:.1f} s; stored in {where}")
    output.result({"ok": True, "set": name, "labels": card_set.labels, "images": images,
                   "seconds": round(seconds, 2), "folder": str(where)})
    return 0


def cmd_cards_read(data_dir: Path, name: str, files: Sequence[str], output: Output) -> int:
    """Find and recognise the cards in each image with the set ``name``."""
    try:
        images = [(file, read_image(file)) for file in files]
        embedder, finder = _models()
        reader = CardReader(load_set(data_dir, name, embedder), embedder, finder)
        results: list[JSON] = []
        for file, image in images:
            start = time.perf_counter()
            try:
                scan = reader.read(image)
            except PoorPhoto as exc:
                raise UnreadableInput(f"{file}: {exc}") from None
            ms = 1000 * (time.perf_counter() - start)
            unsure = sum(c.uncertain for c in scan.cards)
            output.line(f"{file}: {len(scan.cards)} cards, {unsure} uncertain  ({ms:.0f} ms)")
            for note in scan.notes:
                output.line(f"  {note}")
            for i, card in enumerate(scan.cards):
                flag = "?" if card.uncertain else " "
                extra = f"  under card {card.covered_by}" if card.covered_by is not None else ""
                output.line(f"  {i:2d} {flag} {card.label:<28} {card.confidence:.2f}  "
                            f"{card.visible}{extra}")
            results.append({"image": file, "width": image.shape[1], "height": image.shape[0],
                            "cards": [c.to_json() for c in scan.cards],
                            "notes": list(scan.notes), "ms": round(ms, 1)})
    except (CardSetError, UnreadableImage) as exc:
        raise UnreadableInput(str(exc)) from None
    output.result({"ok": True, "set": name, "images": results})
    return 0


def cmd_cards_eval(folder: str, k: int, output: Output) -> int:
    """One-shot (``k`` = 1) or few-shot recognition on ``DIR/<class>/*.jpg``."""
    if k < 1:
        raise UnreadableInput("--enroll-per-class must be at least 1")
    embedder, _ = _models()
    try:
        score = evaluate_folder(Path(folder), k, embedder)
    except UnreadableImage as exc:
        raise UnreadableInput(str(exc)) from None
    output.line(f"{folder}: {score.classes} classes, {score.enrolled} enrolled "
                f"({k} per class, {score.enroll_s:.1f} s), {score.queries} recognised")
    output.line(f"top-1 {100 * score.top1:.1f}%  uncertain {100 * score.uncertain_rate:.1f}%  "
                f"accuracy when certain {100 * score.accuracy_when_certain:.1f}%  "
                f"{score.ms_per_card:.1f} ms (CPU) per card; best guess "
                f"{100 * score.best_guess:.1f}%")
    for failure in score.failures[:40]:
        mark = " (uncertain)" if failure["uncertain"] else ""
        output.line(f"  {failure['image']}: {failure['truth']} read as {failure['read']}{mark}")
    output.result({"ok": True, "folder": folder, "enroll_per_class": k, **score.to_json()})
    return 0


def cmd_cards_export(data_dir: Path, name: str, file: str, output: Output) -> int:
    try:
        size = export_set(data_dir, name, Path(file))
    except CardSetError as exc:
        raise UnreadableInput(str(exc)) from None
    output.line(f"exported card set {name!r} to {file} ({size / 2 ** 20:.1f} MB)")
    output.result({"ok": True, "set": name, "file": file, "bytes": size})
    return 0


def cmd_cards_import(data_dir: Path, file: str, name: str | None, output: Output) -> int:
    try:
        embedder, _ = _models()
        card_set = import_set(data_dir, Path(file), name, embedder)
    except CardSetError as exc:
        raise UnreadableInput(str(exc)) from None
    output.line(f"imported card set {card_set.name!r} ({len(card_set.labels)} labels)")
    output.result({"ok": True, "set": card_set.name, "labels": card_set.labels})
    return 0


def cmd_cards_list(data_dir: Path, output: Output) -> int:
    names = list_sets(data_dir)
    for n in names:
        output.line(n)
    if not names:
        output.line("no card sets enrolled (see 'companion cards enroll')")
    output.result({"ok": True, "sets": names})
    return 0
