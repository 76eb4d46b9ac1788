"""`companion score sushi-go` and `companion replay` with Sushi Go! records.

Two recorded games under ``tests/data/`` (both in ``docs/RECORD_FORMAT.md``), 2 players with the
mochi dessert:

* ``sushi-go-game.json``: a whole turn-by-turn game (every reveal, chopsticks included, and every
  mochi die roll as the table enters them, and the engine's ``final``);
* ``sushi-go-scoring.json``: the same game in scoring mode (each tableau at round end, with the
  face of the mochi die).

They were generated once, through the session's export path, from a seeded simulation with known
hands turned into what a table enters turn by turn (no deal). Run this file as a module to print
them again: ``.venv/bin/python -m tests.cli.test_cli_sushi_go game`` (or ``scoring``). The
simulation may draw differently after engine changes, so the tests check that the generator still
gives a legal, consistent game rather than the same one.

The tests every title passes alike run for this one from ``test_cli_titles.py`` (``TITLE``);
here are the ones only Sushi Go! has.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from companion.games.base import JSON, Message, PlayerSpec
from companion.games.sushi_go import GAME
from companion.games.sushi_go.actions import Deal
from companion.games.sushi_go.legal import entry_for
from companion.games.sushi_go.state import GameState

from .records import RecordedTitle, last_json, load, run, write

PLAYERS = [PlayerSpec("Ann", "red"), PlayerSpec("Ben", "blue")]
OPTIONS: JSON = {"dessert": "mochi"}
SEED = 1  # chopsticks twice, nigiri on wasabi, both mochi dice rolled (7 rolls)


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


TITLE = RecordedTitle(
    game=GAME,
    slug="sg",
    game_heading="### A complete Sushi Go! game, turn by turn",
    scoring_heading="### The same Sushi Go! game in scoring mode",
    players=PLAYERS,
    options=OPTIONS,
    seed=SEED,
    table_inputs=table_inputs,
    entry_for=entry_for,
    cut_short=30,
    breakdown_words=("futomaki", "round 1", "mochi"),
    other_title="sushi-go-party",
)
GAME_FILE, SCORING_FILE = TITLE.game_file, TITLE.scoring_file


# -- the recorded files -----------------------------------------------------------------------


def test_the_recorded_game_has_every_kind_of_turn_input() -> None:
    kinds = [a["kind"] for a in load(GAME_FILE)["actions"]]
    assert set(kinds) == {"reveal", "mochi_roll"}
    assert any(a.get("second") for a in load(GAME_FILE)["actions"])  # chopsticks
    final = load(GAME_FILE)["final"]["rounds"]
    assert any(t["on_wasabi"] for r in final for t in r)
    assert {t["mochi_die"] for t in final[-1]} == {5, 1}


# -- replay -------------------------------------------------------------------------------------


def test_replay_of_the_whole_game_gives_ann_6_for_the_most_mochi() -> None:
    code, out, _err = run("replay", str(GAME_FILE), "--json")
    assert code == 0
    ann = next(p for p in last_json(out)["score"]["players"] if p["name"] == "Ann")
    assert any(line["rule"] == "mochi most" and line["points"] == 6 for line in ann["breakdown"])


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


# -- score ------------------------------------------------------------------------------------


def test_score_refuses_a_final_object_that_cannot_exist(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    record["final"]["rounds"][0][0]["cards"] += ["squid_nigiri"] * 6
    code, _out, err = run("score", "sushi-go", write(tmp_path / "r.json", record))
    assert code == 1 and "Ann: 16 cards" in err
    record["final"] = {"rounds": [[{"cards": []}]]}
    code, _out, err = run("score", "sushi-go", write(tmp_path / "r.json", record))
    assert code == 2 and "round 1: one tableau per table (2: Ann, Ben)" in err


if __name__ == "__main__":  # pragma: no cover - prints the example records
    sys.stdout.write(TITLE.print_example(sys.argv))
