"""`companion score TITLE` and `companion replay` with the recorded games of every Sushi Go
family title: the tests each title passes alike, run once per title (:mod:`.records`; the
recorded files and each title's own tests are in ``test_cli_<title>.py``)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from .records import RecordedTitle, doc_block, last_json, load, run, write
from .test_cli_sushi_go import TITLE as SUSHI_GO
from .test_cli_sushi_go_party import TITLE as SUSHI_GO_PARTY
from .test_cli_sushi_roll import TITLE as SUSHI_ROLL

TITLES = (SUSHI_GO_PARTY, SUSHI_GO, SUSHI_ROLL)


@pytest.fixture(params=TITLES, ids=[t.id for t in TITLES])
def title(request: pytest.FixtureRequest) -> RecordedTitle:
    recorded: RecordedTitle = request.param
    return recorded


# -- the recorded files -----------------------------------------------------------------------


def test_the_recorded_files_are_the_documented_examples(title: RecordedTitle) -> None:
    assert load(title.game_file) == doc_block(title.game_heading)
    assert load(title.scoring_file) == doc_block(title.scoring_heading)


def test_the_generator_still_gives_a_legal_game_that_both_modes_score_alike(
    title: RecordedTitle,
) -> None:
    turns, scoring = title.example_records()
    assert turns["options"]["mode"] == "turns" and scoring["options"]["mode"] == "scoring"
    assert len(scoring["actions"]) == 3 * len(title.players)
    assert turns["final"] == scoring["final"]
    results = []
    for record, name in ((turns, "t.json"), (scoring, "s.json")):
        with tempfile.TemporaryDirectory() as tmp:
            code, out, _err = run("replay", write(Path(tmp) / name, record), "--json")
        assert code == 0, out
        results.append(last_json(out)["score"])
    assert results[0] == results[1]


# -- replay -------------------------------------------------------------------------------------


def test_replay_of_the_whole_turn_by_turn_game_exits_0_with_the_final_scores(
    title: RecordedTitle,
) -> None:
    record = load(title.game_file)
    count = len(record["actions"])
    code, out, err = run("replay", str(title.game_file), "--json")
    assert (code, err) == (0, "")
    assert f"all {count} actions are legal; the game is over" in out
    assert f"{title.name}: final scores" in out
    result = last_json(out)
    assert result["ok"] is True and result["over"] is True and result["game"] == title.id
    sheet = title.game.score_final(title.players, record["options"], record["final"])
    assert result["score"] == sheet.to_json()


def test_replay_of_the_scoring_mode_record_gives_the_same_scores(title: RecordedTitle) -> None:
    code, out, err = run("replay", str(title.scoring_file), "--json")
    assert (code, err) == (0, "")
    assert f"all {3 * len(title.players)} actions are legal; the game is over" in out
    _code, game_out, _err = run("replay", str(title.game_file), "--json")
    assert last_json(out)["score"] == last_json(game_out)["score"]


def test_replay_of_a_game_cut_short_gives_provisional_scores(
    title: RecordedTitle, tmp_path: Path
) -> None:
    record = load(title.game_file)
    del record["final"]
    record["actions"] = record["actions"][: title.cut_short]
    code, out, _err = run("replay", write(tmp_path / "part.json", record), "--json")
    assert code == 0
    assert "the game is not over yet" in out and "provisional scores" in out
    assert last_json(out)["over"] is False


# -- score ------------------------------------------------------------------------------------


def test_score_reads_the_records_final_object_and_prints_the_breakdown(
    title: RecordedTitle,
) -> None:
    code, out, err = run("score", title.id, str(title.game_file))
    assert (code, err) == (0, "")
    assert f"{title.name}: final scores (from the record's final state)" in out
    assert "1. " in out and f"{len(title.players)}. " in out
    for word in title.breakdown_words:
        assert word in out


def test_score_json_equals_the_replayed_game(title: RecordedTitle) -> None:
    for path in (title.game_file, title.scoring_file):
        code, out, _err = run("score", title.id, str(path), "--json")
        assert code == 0
        result = last_json(out)
        assert result["source"] == "final" and result["over"] is True
        _code, replayed, _err = run("replay", str(path), "--json")
        score = last_json(replayed)["score"]
        assert {k: result[k] for k in score} == score
        for player in result["players"]:
            assert player["total"] == sum(line["points"] for line in player["breakdown"])


def test_score_without_a_final_object_replays_the_actions(
    title: RecordedTitle, tmp_path: Path
) -> None:
    record = load(title.game_file)
    del record["final"]
    code, out, _err = run("--json", "score", title.id, write(tmp_path / "r.json", record))
    assert code == 0
    result = last_json(out)
    assert result["source"] == "replay" and result["over"] is True
    _code, full, _err = run("--json", "score", title.id, str(title.game_file))
    assert result["ranking"] == last_json(full)["ranking"]


def test_score_refuses_a_record_as_another_title(title: RecordedTitle) -> None:
    code, _out, err = run("score", title.other_title, str(title.game_file))
    assert code == 2 and f"is a {title.id} record, not {title.other_title}" in err


# -- import and export ------------------------------------------------------------------------


def test_import_then_export_gives_back_the_record(title: RecordedTitle, tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    for path in (title.game_file, title.scoring_file):
        code, out, _err = run("--data-dir", data, "import", str(path), "--json")
        assert code == 0, out
        (imported,) = last_json(out)["imported"]
        code, out, _err = run("--data-dir", data, "export", str(imported["id"]), "--json")
        assert code == 0
        record = last_json(out)
        meta = record.pop("meta")
        assert record == load(path) and meta["status"] == "over"
