"""`companion score sushi-go` and `companion replay` with Sushi Go! records.

Two recorded games under ``tests/data/`` (both in ``docs/RECORD_FORMAT.md``), 2 players with the
mochi dessert:

* ``sushi-go-game.json``: a whole turn-by-turn game (every reveal, chopsticks included, and every
  mochi die roll as the table enters them, and the engine's ``final``);
* ``sushi-go-scoring.json``: the same game in scoring mode (each tableau at round end, with the
  face of the mochi die).

They were generated once, through the session's export path, from a seeded simulation with known
hands turned into what a table enters turn by turn (no deal). Run this file as a script to print
them again: ``.venv/bin/python tests/cli/test_cli_sushi_go.py game`` (or ``scoring``). The
simulation may draw differently after engine changes, so the tests check that the generator still
gives a legal, consistent game rather than the same one.
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
from companion.games.sushi_go import GAME
from companion.games.sushi_go.actions import Deal
from companion.games.sushi_go.legal import entry_for
from companion.games.sushi_go.state import GameState

ROOT = Path(__file__).resolve().parents[2]
GAME_FILE = ROOT / "tests" / "data" / "sushi-go-game.json"
SCORING_FILE = ROOT / "tests" / "data" / "sushi-go-scoring.json"
DOC = ROOT / "docs" / "RECORD_FORMAT.md"
PLAYERS = [PlayerSpec("Ann", "red"), PlayerSpec("Ben", "blue")]
OPTIONS: JSON = {"dessert": "mochi"}
SEED = 1  # chopsticks twice, nigiri on wasabi, both mochi dice rolled (7 rolls)


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
    """A seeded simulation (known hands) as a table enters it turn by turn: every reveal and
    mochi roll, no deal. Returns the actions and the simulation's final state."""
    rng = random.Random(seed)
    state: GameState = GAME.setup(PLAYERS, {**OPTIONS, "mode": "simulation"})
    out: list[Message] = []
    while not GAME.is_over(state):
        action = GAME.chance_action(state, rng) or rng.choice(GAME.legal_actions(state))
        if not isinstance(action, Deal):
            out.append(action)
        state, _events = GAME.apply(state, action)
    return out, state


def exported(options: JSON, actions: list[Message]) -> JSON:
    """The record the session exports for a game played with ``actions`` (without ``meta``)."""
    from companion.session.log import GameLog
    from companion.session.session import HOST, Act, Session

    with tempfile.TemporaryDirectory() as tmp:
        log = GameLog(Path(tmp) / "sg.sqlite3")
        try:
            with Session(log) as session:
                created = session.create_game("sushi-go", PLAYERS, options)
                for action in actions:
                    session.submit(created.game_pk, HOST, Act(action.to_json()))
                record = session.export_record(created.game_pk)
        finally:
            log.close()
    del record["meta"]
    return record


def example_records(seed: int = SEED) -> tuple[JSON, JSON]:
    """The turn-by-turn record of the seeded game and the scoring-mode record of its tableaux."""
    actions, final = table_inputs(seed)
    turns = exported({**OPTIONS, "mode": "turns"}, actions)
    entries: list[Message] = [
        entry_for(name, tableau)
        for tableaux in final.rounds
        for name, tableau in zip(final.names, tableaux, strict=True)
    ]
    scoring = exported({**OPTIONS, "mode": "scoring"}, entries)
    return turns, scoring


def format_record(record: JSON) -> str:
    """Indented JSON with one action per line, ``final`` one round per line."""
    lines = ["{"]
    items = list(record.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key == "actions":
            lines.append('  "actions": [')
            lines += [f"    {json.dumps(a)}{',' if j < len(value) - 1 else ''}"
                      for j, a in enumerate(value)]
            lines.append(f"  ]{comma}")
        elif key == "final":
            lines.append('  "final": {"rounds": [')
            rounds = value["rounds"]
            lines += [f"    {json.dumps(r)}{',' if j < len(rounds) - 1 else ''}"
                      for j, r in enumerate(rounds)]
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
    assert load(GAME_FILE) == doc_block("### A complete Sushi Go! game, turn by turn")
    assert load(SCORING_FILE) == doc_block("### The same Sushi Go! game in scoring mode")


def test_the_recorded_game_has_every_kind_of_turn_input() -> None:
    kinds = [a["kind"] for a in load(GAME_FILE)["actions"]]
    assert set(kinds) == {"reveal", "mochi_roll"}
    assert any(a.get("second") for a in load(GAME_FILE)["actions"])  # chopsticks
    final = load(GAME_FILE)["final"]["rounds"]
    assert any(t["on_wasabi"] for r in final for t in r)
    assert {t["mochi_die"] for t in final[-1]} == {5, 1}


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
    assert "Sushi Go!: final scores" in out
    result = last_json(out)
    assert result["ok"] is True and result["over"] is True and result["game"] == "sushi-go"
    sheet = GAME.score_final(PLAYERS, record["options"], record["final"])
    assert result["score"] == sheet.to_json()
    ann = next(p for p in result["score"]["players"] if p["name"] == "Ann")
    assert any(line["rule"] == "mochi most" and line["points"] == 6 for line in ann["breakdown"])


def test_replay_of_the_scoring_mode_record_gives_the_same_scores() -> None:
    code, out, err = run("replay", str(SCORING_FILE), "--json")
    assert (code, err) == (0, "")
    assert "all 6 actions are legal; the game is over" in out
    _code, game_out, _err = run("replay", str(GAME_FILE), "--json")
    assert last_json(out)["score"] == last_json(game_out)["score"]


def test_replay_names_a_mochi_roll_that_is_not_awaited(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    record["actions"].insert(0, {"kind": "mochi_roll", "player": "Ann", "value": 6})
    code, out, err = run("replay", write(tmp_path / "bad.json", record), "--json")
    assert code == 1
    assert err.startswith("companion: action 0 (mochi_roll by Ann) is illegal: ")
    assert "a mochi roll is not expected now" in err
    result = last_json(out)
    assert (result["index"], result["kind"], result["player"]) == (0, "mochi_roll", "Ann")


def test_replay_names_a_mochi_die_that_changed_without_a_mochi_card(tmp_path: Path) -> None:
    record = load(SCORING_FILE)
    first = record["actions"][0]
    assert "mochi" not in first["cards"] or first["mochi_die"]
    record["actions"][0] = {**first, "cards": [c for c in first["cards"] if c != "mochi"]
                            + ["tempura"] * first["cards"].count("mochi"), "mochi_die": 6}
    code, _out, err = run("replay", write(tmp_path / "bad.json", record))
    assert code == 1
    assert err.startswith("companion: action 1 (enter_tableau by Ben) is illegal: ")
    assert "Ann: the mochi die showed 1 and Ann took no mochi card this round" in err


def test_replay_of_a_game_cut_short_gives_provisional_scores(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    del record["final"]
    record["actions"] = record["actions"][:30]
    code, out, _err = run("replay", write(tmp_path / "part.json", record), "--json")
    assert code == 0
    assert "the game is not over yet" in out and "provisional scores" in out
    assert last_json(out)["over"] is False


# -- score ------------------------------------------------------------------------------------


def test_score_reads_the_records_final_object_and_prints_the_breakdown() -> None:
    code, out, err = run("score", "sushi-go", str(GAME_FILE))
    assert (code, err) == (0, "")
    assert "Sushi Go!: final scores (from the record's final state)" in out
    assert "1. " in out and "2. " in out
    assert "futomaki" in out and "round 1" in out and "mochi" in out


def test_score_json_equals_the_replayed_game() -> None:
    for path in (GAME_FILE, SCORING_FILE):
        code, out, _err = run("score", "sushi-go", str(path), "--json")
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
    code, out, _err = run("--json", "score", "sushi-go", write(tmp_path / "r.json", record))
    assert code == 0
    result = last_json(out)
    assert result["source"] == "replay" and result["over"] is True
    _code, full, _err = run("--json", "score", "sushi-go", str(GAME_FILE))
    assert result["ranking"] == last_json(full)["ranking"]


def test_score_refuses_a_final_object_that_cannot_exist(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    record["final"]["rounds"][0][0]["cards"] += ["squid_nigiri"] * 6
    code, _out, err = run("score", "sushi-go", write(tmp_path / "r.json", record))
    assert code == 1 and "Ann: 16 cards" in err
    record["final"] = {"rounds": [[{"cards": []}]]}
    code, _out, err = run("score", "sushi-go", write(tmp_path / "r.json", record))
    assert code == 2 and "round 1: one tableau per table (2: Ann, Ben)" in err


def test_score_refuses_a_sushi_go_record_as_another_title() -> None:
    code, _out, err = run("score", "sushi-go-party", str(GAME_FILE))
    assert code == 2 and "is a sushi-go record, not sushi-go-party" in err


# -- import and export ------------------------------------------------------------------------


def test_import_then_export_gives_back_the_sushi_go_record(tmp_path: Path) -> None:
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
