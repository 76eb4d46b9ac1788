"""Face sets on disk (issue 28, item 8): a kill at any point of a save leaves the old set or the
new one, both readable, never a mix; images the set names are read with the image limits."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from companion.vision.icon_dice import store
from companion.vision.icon_dice.matching import FaceSet
from companion.vision.icon_dice.store import list_sets, load_set, save_set


class Crash(BaseException):
    """A kill, as far as the code under test can tell."""


def _faces(shade: int, labels: tuple[str, ...] = ("maki:maki_1", "maki:maki_2")) -> FaceSet:
    faces = FaceSet("default")
    rng = np.random.default_rng(shade)
    for label in labels:
        faces.add(label, rng.integers(0, shade, (64, 64, 3), dtype=np.uint8))
    return faces


def _same(a: FaceSet, b: FaceSet) -> bool:
    return sorted(a.labels) == sorted(b.labels) and all(
        np.array_equal(a.images[label], b.images[label]) for label in a.labels)


def test_a_crash_before_set_json_is_replaced_leaves_the_old_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = _faces(100)
    save_set(old, tmp_path)
    real = store.write_atomically

    def crash_at_commit(path: Path, data: bytes) -> None:
        if path.name == "set.json":
            raise Crash
        real(path, data)

    monkeypatch.setattr(store, "write_atomically", crash_at_commit)
    with pytest.raises(Crash):
        save_set(_faces(200, ("maki:maki_1", "maki:maki_2", "maki:maki_3")), tmp_path)
    monkeypatch.undo()
    assert _same(load_set(tmp_path, "default"), old)
    new = _faces(250)
    save_set(new, tmp_path)  # the next save works and tidies what the crash left
    assert _same(load_set(tmp_path, "default"), new)
    assert len(list((tmp_path / "icon_dice" / "default").glob("*.png"))) <= 4


def test_a_crash_at_any_file_of_a_save_leaves_a_whole_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old, new = _faces(100), _faces(200)
    save_set(old, tmp_path)
    real = os.replace
    for n in range(4):  # two face images, set.json, then past the end: the save completes
        calls = {"n": 0}

        def crash(src: Any, dst: Any, calls: dict[str, int] = calls, n: int = n) -> None:
            calls["n"] += 1
            if calls["n"] > n:
                raise Crash
            real(src, dst)

        monkeypatch.setattr(os, "replace", crash)
        with contextlib.suppress(Crash):
            save_set(new if n % 2 else old, tmp_path)
        monkeypatch.setattr(os, "replace", real)
        loaded = load_set(tmp_path, "default")
        assert _same(loaded, old) or _same(loaded, new)
        assert list_sets(tmp_path) == ["default"]


def test_a_set_left_half_renamed_by_an_older_version_is_still_read(tmp_path: Path) -> None:
    faces = _faces(100)
    folder = save_set(faces, tmp_path)
    folder.rename(folder.with_name(".old-default"))  # killed between the two renames
    assert _same(load_set(tmp_path, "default"), faces)


def test_a_face_image_the_set_names_is_read_with_the_image_limits(tmp_path: Path) -> None:
    from tests.vision.test_image_limits import png_declaring

    folder = save_set(_faces(100), tmp_path)
    first = sorted(folder.glob("*.png"))[0]
    first.write_bytes(png_declaring(30000, 30000))
    with pytest.raises(ValueError, match="30000x30000 pixels"):
        load_set(tmp_path, "default")
