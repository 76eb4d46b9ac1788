"""``companion serve --data-dir D``: the data directory may follow ``serve`` (``bin/serve``
passes its arguments there) as well as come before it (issue 24 item 14g)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .records import fake_serve, run


def test_the_data_dir_may_follow_serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = fake_serve(monkeypatch)
    code, _out, err = run("serve", "--data-dir", str(tmp_path), "--port", "9999")
    assert code == 0, err
    (settings,) = seen
    assert (settings.data_dir, settings.port) == (tmp_path, 9999)


def test_the_data_dir_before_serve_still_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = fake_serve(monkeypatch)
    code, _out, err = run("--data-dir", str(tmp_path), "serve")
    assert code == 0, err
    assert seen[0].data_dir == tmp_path


def test_the_one_after_serve_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = fake_serve(monkeypatch)
    code, _out, err = run("--data-dir", str(tmp_path / "a"), "serve", "--data-dir",
                          str(tmp_path / "b"))
    assert code == 0, err
    assert seen[0].data_dir == tmp_path / "b"
