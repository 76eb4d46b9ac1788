"""`companion score sushi-go-party` and `companion replay` with Sushi Go Party! records.

Two recorded games under ``tests/data/`` (both in ``docs/RECORD_FORMAT.md``):

* ``sushi-go-party-game.json``: a whole turn-by-turn game (every reveal, menu pick and spoon
  answer as the table enters them, and the engine's ``final``);
* ``sushi-go-party-scoring.json``: the same game in scoring mode (each tableau at round end).

They were generated once, through the session's export path, from a seeded simulation with
known hands turned into what a table enters turn by turn (no deal, no menu draw: the menu's
pick names the cards drawn). Run this file as a script to print them again:
``.venv/bin/python tests/cli/test_cli_sushi_go_party.py game`` (or ``scoring``). The
simulation may draw differently after engine changes, so the tests check that the generator
still gives a legal, consistent game rather than the same one.
"""

from __future__ import annotations

import json
import random
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from companion.cli import main
from companion.games.base import JSON, Message, PlayerSpec
from companion.games.sushi_go_party import GAME
from companion.games.sushi_go_party.actions import MenuDraw, MenuPick, SpoonGive
from companion.games.sushi_go_party.events import SpoonGiven
from companion.games.sushi_go_party.legal import entry_for
from companion.games.sushi_go_party.state import GameState, Phase

ROOT = Path(__file__).resolve().parents[2]
GAME_FILE = ROOT / "tests" / "data" / "sushi-go-party-game.json"
SCORING_FILE = ROOT / "tests" / "data" / "sushi-go-party-scoring.json"
DOC = ROOT / "docs" / "RECORD_FORMAT.md"
PLAYERS = [PlayerSpec("Ann", "red"), PlayerSpec("Ben", "blue")]
MENU = "dinner_for_two"
SEED = 2  # every kind of turn input of this menu: menus, special orders, misos, uramaki


def run(*argv: str) -> tuple[int, str, str]:
    import io

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
    """A seeded simulation (known hands) as a table enters it turn by turn: no deal and no menu
    draw; a menu's pick names the cards drawn; a spoon nobody could answer (which the
    simulation discards by itself) gets its ``spoon_give`` with nobody. Returns the actions and
    the simulation's final state."""
    rng = random.Random(seed)
    state: GameState = GAME.setup(PLAYERS, {"mode": "simulation", "menu": MENU})
    out: list[Message] = []
    while not GAME.is_over(state):
        action = GAME.chance_action(state, rng) or rng.choice(GAME.legal_actions(state))
        if isinstance(action, MenuPick):
            out.append(MenuPick(action.card, action.copies, action.on_wasabi, state.drawn))
        elif not isinstance(action, MenuDraw) and state.phase is not Phase.DEAL:
            out.append(action)
        state, events = GAME.apply(state, action)
        out.extend(SpoonGive() for e in events if isinstance(e, SpoonGiven) and not e.giver)
    return out, state


def exported(game_id: str, options: JSON, actions: list[Message]) -> JSON:
    """The record the session exports for a game played with ``actions`` (without ``meta``)."""
    from companion.session.log import GameLog
    from companion.session.session import HOST, Act, Session

    with tempfile.TemporaryDirectory() as tmp:
        log = GameLog(Path(tmp) / "sgp.sqlite3")
        try:
            with Session(log) as session:
                created = session.create_game(game_id, PLAYERS, options)
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
    turns = exported("sushi-go-party", {"mode": "turns", "menu": MENU}, actions)
    entries: list[Message] = [
        entry_for(name, tableau)
        for tableaux in final.rounds
        for name, tableau in zip(final.names, tableaux, strict=True)
    ]
    scoring = exported("sushi-go-party", {"mode": "scoring", "menu": MENU}, entries)
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
    assert load(GAME_FILE) == doc_block("### A complete Sushi Go Party! game, turn by turn")
    assert load(SCORING_FILE) == doc_block("### The same game in scoring mode")


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
    assert "Sushi Go Party!: final scores" in out
    result = last_json(out)
    assert result["ok"] is True and result["over"] is True and result["game"] == "sushi-go-party"
    sheet = GAME.score_final(PLAYERS, record["options"], record["final"])
    assert result["score"] == sheet.to_json()


def test_replay_of_the_scoring_mode_record_gives_the_same_scores() -> None:
    code, out, err = run("replay", str(SCORING_FILE), "--json")
    assert (code, err) == (0, "")
    assert "all 6 actions are legal; the game is over" in out
    _code, game_out, _err = run("replay", str(GAME_FILE), "--json")
    assert last_json(out)["score"] == last_json(game_out)["score"]


def test_replay_names_the_first_illegal_reveal_and_the_rule(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    record["actions"][0] = {**record["actions"][0], "card": "tempura"}
    code, out, err = run("replay", write(tmp_path / "bad.json", record), "--json")
    assert code == 1
    assert err.strip() == (
        "companion: action 0 (reveal by Ann) is illegal: Ann: Tempura is not on this menu (a "
        "card type not on the menu is not in the deck)"
    )
    result = last_json(out)
    assert (result["index"], result["kind"], result["player"]) == (0, "reveal", "Ann")


def test_replay_names_a_tableau_refused_at_the_rounds_end(tmp_path: Path) -> None:
    record = load(SCORING_FILE)
    record["actions"][1] = {**record["actions"][1], "cards": ["uramaki_5"] * 5}
    code, _out, err = run("replay", write(tmp_path / "bad.json", record))
    assert code == 1
    assert err.startswith("companion: action 1 (enter_tableau by Ben) is illegal: ")
    assert "Uramaki (5)" in err


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
    code, out, err = run("score", "sushi-go-party", str(GAME_FILE))
    assert (code, err) == (0, "")
    assert "Sushi Go Party!: final scores (from the record's final state)" in out
    assert "1. " in out and "2. " in out
    assert "uramaki" in out and "round 1" in out


def test_score_json_equals_the_replayed_game() -> None:
    for path in (GAME_FILE, SCORING_FILE):
        code, out, _err = run("score", "sushi-go-party", str(path), "--json")
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
    code, out, _err = run("--json", "score", "sushi-go-party", write(tmp_path / "r.json", record))
    assert code == 0
    result = last_json(out)
    assert result["source"] == "replay" and result["over"] is True
    _code, full, _err = run("--json", "score", "sushi-go-party", str(GAME_FILE))
    assert result["ranking"] == last_json(full)["ranking"]


def test_score_refuses_a_final_object_that_cannot_exist(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    record["final"]["rounds"][0][0]["cards"] += ["egg_nigiri"] * 5
    code, _out, err = run("score", "sushi-go-party", write(tmp_path / "r.json", record))
    assert code == 1 and "Egg Nigiri" in err and "holds 4" in err
    record["final"] = {"rounds": [[{"cards": []}]]}
    code, _out, err = run("score", "sushi-go-party", write(tmp_path / "r.json", record))
    assert code == 2 and "round 1: one tableau per player (2)" in err


def test_score_refuses_a_sushi_go_party_record_as_another_title() -> None:
    code, _out, err = run("score", "sushi-express", str(GAME_FILE))
    assert code == 2 and "is a sushi-go-party record, not sushi-express" in err


# -- import and export ------------------------------------------------------------------------


def test_import_then_export_gives_back_the_sushi_go_party_record(tmp_path: Path) -> None:
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
