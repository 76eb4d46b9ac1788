"""`companion dice read` and `companion dice eval`: output, --json, bad input, exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import cv2

from companion.cli import main
from companion.vision import synthetic
from tests.vision.helpers import ROOT, write_labelled_folder


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def last_json(stdout: str) -> Any:
    return json.loads(stdout.strip().splitlines()[-1])


def frame(tmp_path: Path, seed: int, dice: int = 2) -> tuple[str, list[int]]:
    scene = synthetic.random_scene(seed, dice, 640, 360, (40, 70))
    path = tmp_path / f"roll{seed}.png"
    cv2.imwrite(str(path), synthetic.render(scene, seed))
    return str(path), sorted(d.value for d in scene.dice)


def test_dice_read_prints_each_die_value_box_and_confidence(tmp_path: Path) -> None:
    first, values = frame(tmp_path, 101)
    second, values2 = frame(tmp_path, 102, dice=3)
    code, out, err = run("dice", "read", first, second, "--json")
    assert code == 0, err
    result = last_json(out)
    assert result["ok"] is True and [i["image"] for i in result["images"]] == [first, second]
    read = result["images"][0]["dice"]
    assert len(read) == len(values) and len(result["images"][1]["dice"]) == len(values2)
    assert all(d["value"] in range(1, 7) for d in read)
    assert all(len(d["box"]) == 4 and 0 <= d["confidence"] <= 1 for d in read)
    assert f"{first}: 2 dice:" in out and "confidence" in out


def test_dice_eval_scores_a_labelled_folder(tmp_path: Path) -> None:
    write_labelled_folder(tmp_path / "set", range(200, 210))
    code, out, err = run("--json", "dice", "eval", str(tmp_path / "set"))
    assert code == 0, err
    result = last_json(out)
    for key in ("images", "dice", "per_die_accuracy", "exact_rate", "missed", "extra",
                "ms_per_image"):
        assert key in result
    assert result["images"] == 10 and result["dice"] == 20
    assert result["missed"] <= 2 and result["per_die_accuracy"] >= 0.6
    assert result["ms_per_image"] > 0
    assert "per-die accuracy" in out and "ms per image" in out


def test_dice_eval_can_scale_the_photos_up(tmp_path: Path) -> None:
    write_labelled_folder(tmp_path / "set", range(220, 224))
    code, out, _ = run("dice", "eval", str(tmp_path / "set"), "--scale", "2", "--json")
    assert code == 0 and last_json(out)["scale"] == 2.0 and "scaled x2" in out


def test_unreadable_images_are_refused_with_a_clear_message(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    junk = tmp_path / "junk.png"
    junk.write_text("hello")
    for bad, words in ((empty, "is empty"), (junk, "not an image"),
                       (tmp_path / "gone.jpg", "cannot read")):
        code, out, err = run("dice", "read", str(bad), "--json")
        assert code == 2
        assert err.startswith("companion: ") and words in err and len(err.splitlines()) == 1
        assert last_json(out) == {"ok": False, "error": "unreadable",
                                  "reason": err.strip().removeprefix("companion: ")}


def test_dice_eval_on_a_folder_that_is_not_labelled_is_bad_input(tmp_path: Path) -> None:
    code, _, err = run("dice", "eval", str(tmp_path))
    assert code == 2 and "no images/ and labels/" in err
    code, _, err = run("dice")
    assert code == 2 and "companion --help" in err


def test_the_installed_command_reads_dice(tmp_path: Path) -> None:
    path, values = frame(tmp_path, 103)
    done = subprocess.run([sys.executable, "-m", "companion", "dice", "read", path, "--json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(last_json(done.stdout)["images"][0]["dice"]) == len(values)
