"""Card sets on disk: enrollment round trip (export, import, same results) and bad sets."""

from __future__ import annotations

import zipfile
from pathlib import Path

import numpy as np
import pytest

from companion.vision.cards.embedding import Embedder
from companion.vision.cards.enrollment import CardSet
from companion.vision.cards.procedural import render_card, sushi_like_deck
from companion.vision.cards.store import (
    CardSetError,
    export_set,
    import_set,
    list_sets,
    load_set,
    model_digest,
    save_set,
)


def _small_set(embedder: Embedder) -> CardSet:
    card_set = CardSet(name="mini", model=model_digest())
    for design in sushi_like_deck()[:4]:
        card_set.add(design.label, [render_card(design, 128)], embedder)
    return card_set


def test_export_then_import_gives_the_same_answers(tmp_path: Path, embedder: Embedder) -> None:
    original = _small_set(embedder)
    save_set(tmp_path / "a", original)
    size = export_set(tmp_path / "a", "mini", tmp_path / "mini.zip")
    assert size > 0 and zipfile.is_zipfile(tmp_path / "mini.zip")
    restored = import_set(tmp_path / "b", tmp_path / "mini.zip", "copy", embedder)
    assert list_sets(tmp_path / "b") == ["copy"]
    again = load_set(tmp_path / "b", "copy", embedder)
    assert again.labels == original.labels
    assert np.array_equal(again.embeddings, original.embeddings)
    queries = embedder.embed([render_card(d, 100) for d in sushi_like_deck()[:4]])
    for q in queries:
        assert original.classify(q) == restored.classify(q) == again.classify(q)


def test_a_set_enrolled_with_another_model_is_embedded_again(tmp_path: Path,
                                                             embedder: Embedder) -> None:
    card_set = _small_set(embedder)
    card_set.model = "older-model"
    save_set(tmp_path, card_set)
    loaded = load_set(tmp_path, "mini", embedder)
    assert loaded.model == model_digest()
    assert loaded.labels == card_set.labels


def test_missing_or_malformed_sets_are_named(tmp_path: Path) -> None:
    with pytest.raises(CardSetError, match="there is no card set 'nope'"):
        load_set(tmp_path, "nope")
    with pytest.raises(CardSetError, match="bad card set name"):
        load_set(tmp_path, "../etc")
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"not a zip")
    with pytest.raises(CardSetError, match="not a card set export"):
        import_set(tmp_path, junk)
    other = tmp_path / "other.zip"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("meta.json", '{"format": "something-else"}')
        archive.writestr("set.npz", b"")
    with pytest.raises(CardSetError, match="not a card set"):
        import_set(tmp_path, other)
