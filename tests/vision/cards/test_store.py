"""Card sets on disk: enrollment round trip (export, import, same results) and bad sets."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

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


# -- issue 28, item 2: a card set export is read with caps (ZIP bombs) ------------------------


def _import_refused(tmp_path: Path, data: bytes, words: str) -> int:
    """Import ``data`` into a data dir holding set ``kept``; it is refused with ``words``, the
    set is as it was; the peak of Python allocations during the import."""
    import tracemalloc

    keep = CardSet(name="kept", labels=["tempura"],
                   images={"tempura": [render_card(sushi_like_deck()[0], 128)]})
    save_set(tmp_path, keep)
    before = sorted(p.name for p in (tmp_path / "card_sets" / "kept").iterdir())
    file = tmp_path / "bomb.zip"
    file.write_bytes(data)
    tracemalloc.start()
    try:
        with pytest.raises(CardSetError, match=words):
            import_set(tmp_path, file, "kept")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert sorted(p.name for p in (tmp_path / "card_sets" / "kept").iterdir()) == before
    assert load_set(tmp_path, "kept").labels == ["tempura"]
    return peak


def test_a_set_npz_declaring_1_gb_is_refused_before_it_is_inflated(tmp_path: Path) -> None:
    from tests.zip_bombs import card_set_bomb

    bomb = card_set_bomb(1024)
    assert len(bomb) < 1_100_000
    peak = _import_refused(tmp_path, bomb,
                           r"would inflate to 1024 MB \(set.npz 1024 MB; at most 129 MB in all\)")
    assert peak < 8 * 2 ** 20


def test_a_set_npz_inflating_past_what_it_declares_is_stopped_at_the_cap(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.vision.cards import store
    from tests.zip_bombs import card_set_bomb

    # a member declaring 1 KB that inflates to 1 GB: the bytes are counted as they inflate
    monkeypatch.setattr(store, "MAX_SET_BYTES", 2 * 2 ** 20)
    _import_refused(tmp_path, card_set_bomb(1024, declared=1000), "not a card set export|refused")
    # one declaring the cap exactly, inflating to more: stopped at the cap, not at its end
    peak = _import_refused(tmp_path, card_set_bomb(1024, declared=2 * 2 ** 20),
                           "more than 2 MB|not a card set export")
    assert peak < 12 * 2 ** 20


def test_a_crafted_set_npz_inside_the_export_is_read_with_the_same_caps(tmp_path: Path) -> None:
    from tests.zip_bombs import nested_npz_bomb

    peak = _import_refused(tmp_path, nested_npz_bomb(1024),
                           r"set.npz is refused: its files would inflate to 1024 MB \(crops.npy")
    assert peak < 8 * 2 ** 20


def test_an_array_declaring_more_than_it_holds_is_refused_before_it_is_allocated(
        tmp_path: Path) -> None:
    import io

    from tests.zip_bombs import META, stored, zip_file

    npy = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        npy, {"descr": "|u1", "fortran_order": False, "shape": (100_000, 192, 128, 3)})
    npz = zip_file([stored("crops.npy", npy.getvalue() + bytes(100))])
    bomb = zip_file([stored("meta.json", META), stored("set.npz", npz)])
    peak = _import_refused(tmp_path, bomb, "declares 7372800000 bytes but holds 100")
    assert peak < 8 * 2 ** 20


def test_an_export_with_too_many_files_is_refused(tmp_path: Path) -> None:
    from tests.zip_bombs import META, stored, zip_file

    many = zip_file([stored("meta.json", META)] + [stored(f"x{i}", b"") for i in range(20)])
    _import_refused(tmp_path, many, "it has 21 files")


def test_the_cli_import_refuses_the_bomb_in_one_line(tmp_path: Path) -> None:
    import io

    from companion.cli import main
    from tests.zip_bombs import card_set_bomb

    file = tmp_path / "bomb.zip"
    file.write_bytes(card_set_bomb(1024))
    out, err = io.StringIO(), io.StringIO()
    code = main(["cards", "import", str(file), "--data-dir", str(tmp_path)], out=out, err=err)
    assert code == 2 and "would inflate to 1024 MB" in err.getvalue()
    assert list_sets(tmp_path) == []


# -- issue 28, item 8: a kill at any point leaves the old set or the new one -------------------


class Crash(BaseException):
    """A kill, as far as the code under test can tell."""


def _labelled(name: str, labels: list[str]) -> CardSet:
    deck = sushi_like_deck()
    return CardSet(name=name, labels=list(labels),
                   images={label: [render_card(deck[i], 128)] for i, label in enumerate(labels)})


def test_a_crash_between_the_arrays_and_meta_json_leaves_the_old_set_readable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.vision.cards import store

    old = _labelled("mini", ["tempura"])
    save_set(tmp_path, old)
    real = store._write

    def crash_at_meta(path: Path, data: bytes) -> None:
        if path.name == "meta.json":
            raise Crash
        real(path, data)

    monkeypatch.setattr(store, "_write", crash_at_meta)
    with pytest.raises(Crash):
        save_set(tmp_path, _labelled("mini", ["tempura", "sashimi", "maki"]))
    monkeypatch.undo()
    kept = load_set(tmp_path, "mini")
    assert kept.labels == ["tempura"] and len(kept.images["tempura"]) == 1
    assert np.array_equal(kept.images["tempura"][0], old.images["tempura"][0])
    new = _labelled("mini", ["tempura", "sashimi"])
    save_set(tmp_path, new)  # the next save works and tidies the leftover
    assert load_set(tmp_path, "mini").labels == ["tempura", "sashimi"]
    npz = sorted(p.name for p in (tmp_path / "card_sets" / "mini").glob("*.npz"))
    assert len(npz) == 2  # the new arrays and the previous version's, nothing more


def test_a_crash_while_the_arrays_are_written_leaves_the_old_set_and_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    save_set(tmp_path, _labelled("mini", ["tempura"]))
    real = os.replace

    def crash(src: Any, dst: Any) -> None:
        raise Crash

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(Crash):
        save_set(tmp_path, _labelled("mini", ["tempura", "sashimi"]))
    monkeypatch.setattr(os, "replace", real)
    assert load_set(tmp_path, "mini").labels == ["tempura"]
    assert not [p for p in (tmp_path / "card_sets" / "mini").iterdir() if p.suffix == ".tmp"]


SAVER = """
import sys
from pathlib import Path
from typing import Any
from companion.vision.cards.enrollment import CardSet
from companion.vision.cards.procedural import render_card, sushi_like_deck
from companion.vision.cards.store import save_set
deck = sushi_like_deck()
sets = [CardSet(name="mini", labels=labels,
                images={l: [render_card(deck[i], 128)] * 3 for i, l in enumerate(labels)})
        for labels in (["a"], ["a", "b", "c"])]
print("saving", flush=True)
n = 0
while True:
    save_set(Path(sys.argv[1]), sets[n % 2])
    n += 1
"""


def test_a_process_killed_mid_save_leaves_a_whole_set(tmp_path: Path) -> None:
    import random
    import signal
    import subprocess
    import sys
    import time

    rng = random.Random(28)
    for attempt in range(3):
        data = tmp_path / str(attempt)
        saver = subprocess.Popen([sys.executable, "-c", SAVER, str(data)],
                                 stdout=subprocess.PIPE, text=True)
        assert saver.stdout is not None and saver.stdout.readline().strip() == "saving"
        time.sleep(0.15 + rng.random() * 0.4)
        saver.send_signal(signal.SIGKILL)
        saver.wait(10)
        saver.stdout.close()
        if not list_sets(data):
            continue  # killed before the first commit: no set, which is whole too
        loaded = load_set(data, "mini")
        assert loaded.labels in (["a"], ["a", "b", "c"])
        assert [len(loaded.images[label]) for label in loaded.labels] == [3] * len(loaded.labels)
