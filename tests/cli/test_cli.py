"""The `companion` command: score, replay, export, import, serve; --json; errors, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .records import fake_serve, last_json, run, write

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "data" / "sushi-express-short-game.json"


def example() -> dict[str, Any]:
    record: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return record


# -- score --------------------------------------------------------------------------------------


def test_score_reads_the_records_final_state_and_prints_the_breakdown() -> None:
    code, out, err = run("score", "sushi-express", str(EXAMPLE))
    assert (code, err) == (0, "")
    assert "from the record's final state" in out
    assert "1. Ann: 11 points" in out and "3. Ben: 7 points" in out
    assert "first customer" in out and "fewest tips" in out


def test_score_json_puts_the_score_sheet_on_the_last_line() -> None:
    code, out, _err = run("score", "sushi-express", str(EXAMPLE), "--json")
    assert code == 0
    result = last_json(out)
    assert result["game"] == "sushi-express"
    assert [p["name"] for p in result["players"]] == ["Ann", "Ben", "Cat"]
    ann = result["players"][0]
    assert ann["total"] == 11 == sum(line["points"] for line in ann["breakdown"])
    assert {"rule", "points"} <= set(ann["breakdown"][0])
    assert result["ranking"][0] == {"rank": 1, "name": "Ann", "total": 11}
    assert result["source"] == "final"


def test_score_without_a_final_state_replays_the_actions(tmp_path: Path) -> None:
    record = example()
    del record["final"]
    code, out, _err = run("--json", "score", "sushi-express", write(tmp_path / "r.json", record))
    assert code == 0
    result = last_json(out)
    assert result["source"] == "replay" and result["over"] is True
    assert [r["total"] for r in result["ranking"]] == [11, 11, 7]


def test_score_refuses_a_record_of_another_title(tmp_path: Path) -> None:
    record = example()
    record["game"] = "sushi-go"
    code, _out, err = run("score", "sushi-express", write(tmp_path / "r.json", record))
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "sushi-go" in err


# -- replay -------------------------------------------------------------------------------------


def test_replay_of_a_whole_legal_game_exits_0_with_the_final_scores() -> None:
    code, out, err = run("replay", str(EXAMPLE), "--json")
    assert (code, err) == (0, "")
    assert "all 135 actions are legal; the game is over" in out
    result = last_json(out)
    assert result["ok"] is True and result["actions"] == 135 and result["over"] is True
    assert result["score"]["ranking"][2] == {"rank": 3, "name": "Ben", "total": 7}


def test_replay_names_the_first_illegal_action_and_the_rule(tmp_path: Path) -> None:
    record = example()
    record["actions"][2] = {"kind": "guess", "player": "Ben", "number": 7, "same_guess": False}
    code, out, err = run("replay", write(tmp_path / "bad.json", record), "--json")
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("companion: action 2 (guess by Ben) is illegal: ")
    result = last_json(out)
    assert result["ok"] is False and result["error"] == "illegal"
    assert (result["index"], result["kind"], result["player"]) == (2, "guess", "Ben")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "is not valid JSON"),
        (json.dumps({**example(), "format_version": 9}), "format_version 9"),
        (json.dumps([1, 2]), "must be a JSON object"),
        (json.dumps({**example(), "players": [{"name": "Ann"}]}), ""),
        (json.dumps({**example(), "actions": [{"kind": "guess", "player": "Ann"}]}),
         "action 0: guess: missing field 'number'"),
        (json.dumps({**example(), "actions": [{"kind": "roll", "player": "Ann", "dice": [9, 1]}]}),
         "action 0 (roll by Ann) is illegal"),
    ],
)
def test_replay_refuses_bad_input_with_one_line_and_no_traceback(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "in.json"
    path.write_text(content, encoding="utf-8")
    code, _out, err = run("replay", str(path))
    assert code in (1, 2)
    assert len(err.strip().splitlines()) == 1
    assert message in err and "Traceback" not in err


def test_a_missing_file_is_unreadable_input(tmp_path: Path) -> None:
    code, _out, err = run("replay", str(tmp_path / "nope.json"))
    assert code == 2 and "cannot read" in err


def test_bad_usage_exits_2_with_one_line() -> None:
    for argv in (["frobnicate"], [], ["score", "sushi-express"], ["export", "x"]):
        code, _out, err = run(*argv)
        assert code == 2, argv
        assert len(err.strip().splitlines()) == 1, argv


# -- export and import --------------------------------------------------------------------------


def test_import_then_export_gives_back_the_record(tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    code, out, _err = run("--data-dir", data, "import", str(EXAMPLE), "--json")
    assert code == 0
    imported = last_json(out)["imported"]
    assert [(i["id"], i["actions"]) for i in imported] == [(1, 135)]
    assert len(imported[0]["host_token"]) > 20
    code, out, _err = run("--data-dir", data, "export", "1", "--json")
    assert code == 0
    record = last_json(out)
    meta = record.pop("meta")
    assert record == example()
    assert meta["id"] == 1 and meta["status"] == "over"


def test_export_all_to_a_file_and_import_the_bundle_elsewhere(tmp_path: Path) -> None:
    first, second = str(tmp_path / "one"), str(tmp_path / "two")
    # Two records: the same one twice would be one game (test_import_transaction.py).
    other = write(tmp_path / "other.json", {**example(), "meta": {"note": "another table"}})
    for path in (str(EXAMPLE), other):
        assert run("--data-dir", first, "import", path)[0] == 0
    bundle = tmp_path / "backup.json"
    code, out, _err = run("--data-dir", first, "export", "--all", "-o", str(bundle), "--json")
    assert code == 0 and last_json(out)["games"] == [1, 2]
    assert len(json.loads(bundle.read_text())["records"]) == 2
    code, out, _err = run("--data-dir", second, "import", str(bundle), "--json")
    assert code == 0 and [i["id"] for i in last_json(out)["imported"]] == [1, 2]


def test_the_data_dir_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "env"))
    assert run("import", str(EXAMPLE))[0] == 0
    assert (tmp_path / "env" / "companion.sqlite3").exists()


def test_export_without_a_log_or_of_an_unknown_game_is_refused(tmp_path: Path) -> None:
    code, _out, err = run("--data-dir", str(tmp_path / "empty"), "export", "--all")
    assert code == 2 and "no game log" in err
    assert not (tmp_path / "empty").exists()
    data = str(tmp_path / "data")
    run("--data-dir", data, "import", str(EXAMPLE))
    code, _out, err = run("--data-dir", data, "export", "7")
    assert code == 2 and "no game 7" in err


def test_import_stores_nothing_when_one_record_of_a_bundle_is_illegal(tmp_path: Path) -> None:
    bad = example()
    bad["actions"] = bad["actions"][:1] + bad["actions"][2:]
    path = write(tmp_path / "bundle.json", {"records": [example(), bad]})
    data = tmp_path / "data"
    code, _out, err = run("--data-dir", str(data), "import", path)
    assert code == 1 and "record 1" in err
    assert not (data / "companion.sqlite3").exists()


# -- serve ----------------------------------------------------------------------------------------


def test_serve_hands_the_settings_to_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = fake_serve(monkeypatch)
    code, _out, _err = run("--data-dir", str(tmp_path), "serve", "--host", "127.0.0.1",
                           "--port", "9999")
    assert code == 0
    (settings,) = seen
    assert (settings.data_dir, settings.host, settings.port) == (tmp_path, "127.0.0.1", 9999)


# -- as a process -------------------------------------------------------------------------------


def test_python_m_companion_exits_with_the_status_and_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format_version": 1, "game": "sushi-express"', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--json", "replay", str(bad)],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert last_json(done.stdout)["error"] == "unreadable"
    good = subprocess.run(
        [sys.executable, "-m", "companion", "score", "sushi-express", str(EXAMPLE), "--json"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert good.returncode == 0 and last_json(good.stdout)["ranking"][0]["total"] == 11
