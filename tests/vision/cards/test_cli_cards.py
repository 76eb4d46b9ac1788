"""`companion cards enroll|read|eval|export|import|list`: the contract of names, options and JSON
keys, bad input and exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.vision.cards.procedural import CardDesign, render_card, sushi_like_deck
from companion.vision.cards.tableau import SceneOptions, degrade, render_tableau

ROOT = Path(__file__).resolve().parents[3]
LABELS = ("egg_nigiri", "salmon_nigiri", "wasabi", "maki_2", "tempura", "my own card")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def last_json(stdout: str) -> Any:
    return json.loads(stdout.strip().splitlines()[-1])


def designs() -> list[CardDesign]:
    deck = {d.label: d for d in sushi_like_deck()}
    out = [deck[label] for label in LABELS[:-1]]
    return [*out, CardDesign("my own card", (240, 240, 240), deck["tofu"].motifs)]


def photo_of(design: CardDesign, seed: int) -> np.ndarray:
    """A phone photo of one card lying on a table."""
    options = SceneOptions(width=640, height=480, players=(1, 1), cards_per_player=(1, 1),
                           card_width=(200, 240), columns=0.0, pairs=0.0, perspective=0.03)
    return render_tableau(seed, [design], options).image


@pytest.fixture(scope="module")
def enrolled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A data dir with the set 'mini' enrolled from DIR/<label>.png and DIR/<label>/*.png."""
    base = tmp_path_factory.mktemp("cards")
    folder = base / "enroll"
    folder.mkdir()
    for i, design in enumerate(designs()):
        if i % 2:
            (folder / design.label).mkdir()
            cv2.imwrite(str(folder / design.label / "a.png"), photo_of(design, 10 + i))
        else:  # a crop of the card itself works too
            crop = degrade(render_card(design, 171), np.random.default_rng(i), 0.5, 2.0)
            cv2.imwrite(str(folder / f"{design.label}.jpg"), crop)
    data = base / "data"
    code, out, err = run("cards", "enroll", "--set", "mini", str(folder), "--data-dir", str(data),
                         "--json")
    assert code == 0, err
    result = last_json(out)
    assert result["ok"] and sorted(result["labels"]) == sorted(LABELS)
    return data, base


def tableau_file(base: Path, seed: int) -> tuple[str, Any]:
    options = SceneOptions(players=(1, 1), cards_per_player=(8, 10), columns=0.0, pairs=0.0)
    scene = render_tableau(seed, designs(), options)
    path = base / f"tableau{seed}.jpg"
    cv2.imwrite(str(path), scene.image)
    return str(path), scene


def test_read_reports_every_card_with_label_quad_confidence(enrolled: tuple[Path, Path]) -> None:
    data, base = enrolled
    path, scene = tableau_file(base, 2_400_000)
    code, out, err = run("--data-dir", str(data), "cards", "read", "--set", "mini", path, "--json")
    assert code == 0, err
    result = last_json(out)
    [image] = result["images"]
    assert image["image"] == path
    cards = image["cards"]
    assert {"label", "quad", "confidence", "uncertain"} <= set(cards[0])
    # quads are in the photo's own pixels: every card's centre lies on a card of the scene
    for card in cards:
        x, y = np.mean(card["quad"], axis=0)
        assert scene.instances[round(y), round(x)] > 0
    full = [c for c in scene.cards if c.visible == "full"]
    assert len(cards) >= 0.8 * len(full)
    labels = {c.label for c in scene.cards}
    certain = [c for c in cards if not c["uncertain"]]
    assert certain and all(c["label"] in labels for c in certain)


def test_eval_prints_the_contracted_keys(tmp_path: Path) -> None:
    for i, design in enumerate(designs()[:3]):
        folder = tmp_path / design.label
        folder.mkdir()
        for k in range(3):
            crop = degrade(render_card(design, 171), np.random.default_rng(i * 10 + k), 1.0, 4.0)
            cv2.imwrite(str(folder / f"{k}.jpg"), crop)
    code, out, err = run("cards", "eval", "--enroll-per-class", "1", str(tmp_path), "--json")
    assert code == 0, err
    result = last_json(out)
    for key in ("classes", "queries", "top1", "uncertain_rate", "accuracy_when_certain",
                "ms_per_card"):
        assert key in result
    assert result["classes"] == 3 and result["queries"] == 6
    assert "top-1" in out


def test_export_and_import_round_trip(enrolled: tuple[Path, Path]) -> None:
    data, base = enrolled
    file = base / "mini.zip"
    code, out, err = run("cards", "export", "--set", "mini", str(file), "--data-dir", str(data))
    assert code == 0, err
    other = base / "other"
    code, out, err = run("cards", "import", str(file), "--set", "copy", "--data-dir", str(other),
                         "--json")
    assert code == 0, err
    path, _ = tableau_file(base, 2_400_001)
    answers = []
    for where, name in ((data, "mini"), (other, "copy")):
        code, out, err = run("cards", "read", "--set", name, path, "--data-dir", str(where),
                             "--json")
        assert code == 0, err
        answers.append(last_json(out)["images"][0]["cards"])
    assert answers[0] == answers[1]
    code, out, _ = run("cards", "list", "--data-dir", str(other), "--json")
    assert last_json(out)["sets"] == ["copy"]


def test_bad_input_is_one_clear_line_and_exit_2(enrolled: tuple[Path, Path]) -> None:
    data, base = enrolled
    text = base / "notes.jpg"
    text.write_text("not an image")
    code, out, err = run("cards", "read", "--set", "mini", str(text), "--data-dir", str(data),
                         "--json")
    assert code == 2 and "is not an image" in err and len(err.strip().splitlines()) == 1
    assert last_json(out)["ok"] is False
    code, _, err = run("cards", "read", "--set", "nope", str(text), "--data-dir", str(data))
    assert code == 2
    dark = base / "dark.png"
    cv2.imwrite(str(dark), np.full((480, 640, 3), 5, np.uint8))
    code, _, err = run("cards", "read", "--set", "mini", str(dark), "--data-dir", str(data))
    assert code == 2 and "too dark" in err
    code, _, err = run("cards", "enroll", "--set", "x", str(base / "missing"),
                       "--data-dir", str(data))
    assert code == 2 and "is not a folder" in err
    code, _, err = run("cards", "read", "--set", "mini", "--data-dir", str(data))
    assert code == 2


def test_the_command_runs_as_a_program(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "companion", "cards", "list", "--data-dir",
                           str(tmp_path), "--json"], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {"ok": True, "sets": []}
