"""`companion score sushi-roll` and `companion replay` with Sushi Roll records.

Two recorded games under ``tests/data/`` (both in ``docs/RECORD_FORMAT.md``), 3 players:

* ``sushi-roll-game.json``: a whole turn-by-turn game (every belt roll, Menu re-roll, Chopsticks
  swap and pick as the table enters them, and the engine's ``final``);
* ``sushi-roll-scoring.json``: the same game in scoring mode (each tray at round end).

They were generated once, through the session's export path, from a seeded simulation. Run this
file as a script to print them again: ``.venv/bin/python tests/cli/test_cli_sushi_roll.py game``
(or ``scoring``). The simulation may draw differently after engine changes, so the tests check
that the generator still gives a legal, consistent game rather than the same one.
"""

from __future__ import annotations

import io
import json
import random
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from companion.cli import main
from companion.games.base import JSON, Message, PlayerSpec
from companion.games.sushi_roll import GAME
from companion.games.sushi_roll.legal import entry_for
from companion.games.sushi_roll.state import GameState

ROOT = Path(__file__).resolve().parents[2]
GAME_FILE = ROOT / "tests" / "data" / "sushi-roll-game.json"
SCORING_FILE = ROOT / "tests" / "data" / "sushi-roll-scoring.json"
DOC = ROOT / "docs" / "RECORD_FORMAT.md"
PLAYERS = [PlayerSpec("Ann", "red"), PlayerSpec("Ben", "blue"), PlayerSpec("Cat", "green")]
OPTIONS: JSON = {"start_player": 1}
SEED = 3  # every kind of action, a nigiri on a wasabi, the belts rotated at round end


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def last_json(stdout: str) -> Any:
    return json.loads(stdout.strip().splitlines()[-1])


def load(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


def write(path: Path, obj: Any) -> str:
    path.write_text(json.dumps(obj), encoding="utf-8")
    return str(path)


# -- the generator ------------------------------------------------------------------------------


def table_inputs(seed: int) -> tuple[list[Message], GameState]:
    """A seeded simulation as the table enters it: every roll, token use and pick."""
    rng = random.Random(seed)
    state: GameState = GAME.setup(PLAYERS, {**OPTIONS, "mode": "simulation"})
    out: list[Message] = []
    while not GAME.is_over(state):
        action = GAME.chance_action(state, rng) or rng.choice(GAME.legal_actions(state))
        out.append(action)
        state, _events = GAME.apply(state, action)
    return out, state


def exported(options: JSON, actions: list[Message]) -> JSON:
    """The record the session exports for a game played with ``actions`` (without ``meta``)."""
    from companion.session.log import GameLog
    from companion.session.session import HOST, Act, Session

    with tempfile.TemporaryDirectory() as tmp:
        log = GameLog(Path(tmp) / "sr.sqlite3")
        try:
            with Session(log) as session:
                created = session.create_game("sushi-roll", PLAYERS, options)
                for action in actions:
                    session.submit(created.game_pk, HOST, Act(action.to_json()))
                record = session.export_record(created.game_pk)
        finally:
            log.close()
    del record["meta"]
    return record


def example_records(seed: int = SEED) -> tuple[JSON, JSON]:
    """The turn-by-turn record of the seeded game and the scoring-mode record of its trays."""
    actions, final = table_inputs(seed)
    turns = exported({**OPTIONS, "mode": "turns"}, actions)
    entries: list[Message] = [
        entry_for(name, tray)
        for trays in final.rounds
        for name, tray in zip(final.names, trays, strict=True)
    ]
    scoring = exported({**OPTIONS, "mode": "scoring"}, entries)
    return turns, scoring


def format_record(record: JSON) -> str:
    """Indented JSON with one action per line, ``final`` one tray per line."""
    lines = ["{"]
    items = list(record.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key == "actions":
            lines.append('  "actions": [')
            lines += [
                f"    {json.dumps(a)}{',' if j < len(value) - 1 else ''}"
                for j, a in enumerate(value)
            ]
            lines.append(f"  ]{comma}")
        elif key == "final":
            lines.append('  "final": {"rounds": [')
            rounds = value["rounds"]
            for j, trays in enumerate(rounds):
                lines.append("    [")
                lines += [
                    f"      {json.dumps(t)}{',' if k < len(trays) - 1 else ''}"
                    for k, t in enumerate(trays)
                ]
                lines.append(f"    ]{',' if j < len(rounds) - 1 else ''}")
            lines.append(f"  ]}}{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def doc_block(heading: str) -> Any:
    """The first JSON block after ``heading`` in docs/RECORD_FORMAT.md."""
    section = DOC.read_text(encoding="utf-8").split(heading, 1)[1]
    match = re.search(r"```json\n(.*?)\n```", section, re.S)
    assert match, f"no JSON block after {heading!r}"
    return json.loads(match.group(1))


# -- the recorded files -----------------------------------------------------------------------


def test_the_recorded_files_are_the_documented_examples() -> None:
    assert load(GAME_FILE) == doc_block("### A complete Sushi Roll game, turn by turn")
    assert load(SCORING_FILE) == doc_block("### The same Sushi Roll game in scoring mode")


def test_the_recorded_game_has_every_kind_of_turn_input() -> None:
    kinds = {a["kind"] for a in load(GAME_FILE)["actions"]}
    assert kinds == {"roll", "use_menu", "use_chopsticks", "pick"}
    final = load(GAME_FILE)["final"]["rounds"]
    assert any(t["on_wasabi"] for r in final for t in r)
    assert all(len(t["dice"]) + len(t["on_wasabi"]) == 7 for r in final for t in r)


def test_the_generator_still_gives_a_legal_game_that_both_modes_score_alike() -> None:
    turns, scoring = example_records()
    assert turns["options"]["mode"] == "turns" and scoring["options"]["mode"] == "scoring"
    assert len(scoring["actions"]) == 3 * len(PLAYERS)
    assert turns["final"] == scoring["final"]
    results = []
    for record, name in ((turns, "t.json"), (scoring, "s.json")):
        with tempfile.TemporaryDirectory() as tmp:
            code, out, _err = run("replay", write(Path(tmp) / name, record), "--json")
        assert code == 0, out
        results.append(last_json(out)["score"])
    assert results[0] == results[1]


# -- replay -------------------------------------------------------------------------------------


def test_replay_of_the_whole_turn_by_turn_game_exits_0_with_the_final_scores() -> None:
    record = load(GAME_FILE)
    count = len(record["actions"])
    code, out, err = run("replay", str(GAME_FILE), "--json")
    assert (code, err) == (0, "")
    assert f"all {count} actions are legal; the game is over" in out
    assert "Sushi Roll: final scores" in out
    result = last_json(out)
    assert result["ok"] is True and result["over"] is True and result["game"] == "sushi-roll"
    sheet = GAME.score_final(PLAYERS, record["options"], record["final"])
    assert result["score"] == sheet.to_json()


def test_replay_of_the_scoring_mode_record_gives_the_same_scores() -> None:
    code, out, err = run("replay", str(SCORING_FILE), "--json")
    assert (code, err) == (0, "")
    assert "all 9 actions are legal; the game is over" in out
    _code, game_out, _err = run("replay", str(GAME_FILE), "--json")
    assert last_json(out)["score"] == last_json(game_out)["score"]


def test_replay_names_a_pick_out_of_turn(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    first_pick = next(i for i, a in enumerate(record["actions"]) if a["kind"] == "pick")
    record["actions"].insert(first_pick, {"kind": "pick", "player": "Ann", "die": "maki:maki_1"})
    code, out, err = run("replay", write(tmp_path / "bad.json", record), "--json")
    assert code == 1
    assert err.startswith(f"companion: action {first_pick} (pick by Ann) is illegal: ")
    assert "it is Ben's turn, not Ann's" in err
    result = last_json(out)
    assert (result["index"], result["kind"], result["player"]) == (first_pick, "pick", "Ann")


def test_replay_names_a_roll_with_a_face_the_dice_table_does_not_print(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    record["actions"][0]["dice"][0] = "maki:squid"
    code, _out, err = run("replay", write(tmp_path / "bad.json", record))
    assert code == 2
    assert "a Maki die has no face 'squid'" in err


def test_replay_of_a_game_cut_short_gives_provisional_scores(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    del record["final"]
    record["actions"] = record["actions"][:40]
    code, out, _err = run("replay", write(tmp_path / "part.json", record), "--json")
    assert code == 0
    assert "the game is not over yet" in out and "provisional scores" in out
    assert last_json(out)["over"] is False


# -- score ------------------------------------------------------------------------------------


def test_score_reads_the_records_final_object_and_prints_the_breakdown() -> None:
    code, out, err = run("score", "sushi-roll", str(GAME_FILE))
    assert (code, err) == (0, "")
    assert "Sushi Roll: final scores (from the record's final state)" in out
    assert "1. " in out and "3. " in out
    assert "maki" in out and "round 1" in out and "game end" in out
    assert "[tie-break: desserts = " in out


def test_score_json_equals_the_replayed_game() -> None:
    for path in (GAME_FILE, SCORING_FILE):
        code, out, _err = run("score", "sushi-roll", str(path), "--json")
        assert code == 0
        result = last_json(out)
        assert result["source"] == "final" and result["over"] is True
        _code, replayed, _err = run("replay", str(path), "--json")
        score = last_json(replayed)["score"]
        assert {k: result[k] for k in score} == score
        for player in result["players"]:
            assert player["total"] == sum(line["points"] for line in player["breakdown"])


def test_score_without_a_final_object_replays_the_actions(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    del record["final"]
    code, out, _err = run("--json", "score", "sushi-roll", write(tmp_path / "r.json", record))
    assert code == 0
    result = last_json(out)
    assert result["source"] == "replay" and result["over"] is True
    _code, full, _err = run("--json", "score", "sushi-roll", str(GAME_FILE))
    assert result["ranking"] == last_json(full)["ranking"]


def test_score_refuses_a_final_object_that_cannot_exist(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    record["final"]["rounds"][0][0]["dice"] += ["nigiri:squid"] * 6
    code, _out, err = run("score", "sushi-roll", write(tmp_path / "r.json", record))
    assert code == 1 and "Ann:" in err and "dice on the tray" in err
    record["final"] = {"rounds": [[{"dice": []}]]}
    code, _out, err = run("score", "sushi-roll", write(tmp_path / "r.json", record))
    assert code == 2 and "round 1: one tray per player (3: Ann, Ben, Cat)" in err


def test_score_refuses_a_sushi_roll_record_as_another_title() -> None:
    code, _out, err = run("score", "sushi-go", str(GAME_FILE))
    assert code == 2 and "is a sushi-roll record, not sushi-go" in err


# -- import and export ------------------------------------------------------------------------


def test_import_then_export_gives_back_the_sushi_roll_record(tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    for path in (GAME_FILE, SCORING_FILE):
        code, out, _err = run("--data-dir", data, "import", str(path), "--json")
        assert code == 0, out
        (imported,) = last_json(out)["imported"]
        code, out, _err = run("--data-dir", data, "export", str(imported["id"]), "--json")
        assert code == 0
        record = last_json(out)
        meta = record.pop("meta")
        assert record == load(path) and meta["status"] == "over"


if __name__ == "__main__":  # pragma: no cover - prints the example records
    which = sys.argv[1] if len(sys.argv) > 1 else "game"
    game_record, scoring_record = example_records()
    sys.stdout.write(format_record(game_record if which == "game" else scoring_record))
