"""Enrollment from the tablet: how far a game's card set is, one photo taught, the set
exported and imported as one ZIP file.

The functions take the set's name and the :class:`~companion.scans.cardsets.CardModels`;
:class:`~companion.scans.desk.ScanDesk` checks who asks and which game first. Every read and
write of a set runs under the models' lock.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from companion.games.base import JSON, UnreadableInput
from companion.i18n import said
from companion.scans.cardsets import CardModels
from companion.scans.model import MAX_LABEL, Image


def status(models: CardModels, game_pk: int, title: str, view: JSON, name: str) -> JSON:
    """What the walk-through shows: the set ``name`` and, for every card of the game's menu
    (in its host ``view``), how many photos the set holds (``needed``: the cards with none
    yet; ``others``: labels the set holds beyond the menu)."""
    with models.lock:
        try:
            card_set = models.load(name, create=True)
        except UnreadableInput:
            card_set = None
        images = {k: len(v) for k, v in card_set.images.items()} if card_set else {}
    menu = view.get("menu", {}).get("cards", [])
    cards = [{"id": c["id"], "name": c["name"], "type": c["type"],
              "photos": images.get(c["id"], 0)} for c in menu]
    ids = {c["id"] for c in cards}
    return {"game": game_pk, "title": title, "set": name,
            "stored": models.stored(name),
            "cards": cards, "needed": [c["id"] for c in cards if not c["photos"]],
            "others": sorted(k for k in images if k not in ids)}


def checked_label(label: Any) -> str:
    """``label`` stripped; :class:`UnreadableInput` unless it is a card id of 1 to
    :data:`~companion.scans.model.MAX_LABEL` characters."""
    if not isinstance(label, str) or not label.strip() or len(label) > MAX_LABEL:
        raise UnreadableInput(f"'label' must be a card id of 1 to {MAX_LABEL} characters")
    return label.strip()


def enroll(models: CardModels, name: str, label: str, image: Image) -> JSON:
    """Teach set ``name`` (created when missing) the one card of ``image`` (or a card-shaped
    crop) as ``label``, found with the real finder; :class:`UnreadableInput` for a photo the
    finder cannot use."""
    from companion.vision.cards import PoorPhoto
    with models.lock:
        card_set = models.load(name, create=True)
        try:
            crop = models.reader(card_set, real=True).enrollment_crop(image)
        except PoorPhoto as exc:
            raise UnreadableInput(said(exc)) from None
        models.teach(card_set, label, crop)
        photos = len(card_set.images[label])
    return {"ok": True, "set": name, "label": label, "photos": photos}


def export_set(data_dir: Path, name: str) -> tuple[str, bytes]:
    """Set ``name`` of ``data_dir`` as one ZIP file: (file name, bytes)."""
    from companion.vision.cards import store
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{name}.zip"
        try:
            store.export_set(data_dir, name, path)
        except store.CardSetError as exc:
            raise UnreadableInput(said(exc)) from None
        return path.name, path.read_bytes()


def import_set(models: CardModels, data_dir: Path, name: str, data: bytes) -> JSON:
    """Store the exported set ``data`` (ZIP bytes) as set ``name`` of ``data_dir``, replacing
    it (the models forget the loaded one); the set's labels."""
    from companion.vision.cards import store
    with tempfile.TemporaryDirectory() as folder, models.lock:
        path = Path(folder) / "import.zip"
        path.write_bytes(data)
        embedder, _ = models.networks()
        try:
            card_set = store.import_set(data_dir, path, name, embedder)
        except store.CardSetError as exc:
            raise UnreadableInput(str(exc).replace(str(path), "the file")) from None
        models.forget(name)
    return {"ok": True, "set": name, "labels": list(card_set.labels)}
